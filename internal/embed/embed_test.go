package embed_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/internal/embed"
)

func TestTinyModelSemantics(t *testing.T) {
	e := mustOpen(t, tinyModel(t, false))
	if e.Dim() != 100 {
		t.Fatalf("Dim = %d, want 100", e.Dim())
	}
	pairs := []struct{ a, near, far string }{
		{"inflation", "consumer price index", "balance sheet adjustment"},
		{"jobless rate", "unemployment rate", "crude oil production"},
		{"mortgage rates", "home loan interest", "steel exports"},
		{"Turkey central bank", "lira exchange rate", "japan housing starts"},
	}
	for _, p := range pairs {
		v := embedAll(t, e, p.a, p.near, p.far)
		near, far := cosine(v[0], v[1]), cosine(v[0], v[2])
		if near <= far {
			t.Errorf("cos(%q, %q) = %.3f not above cos(%q, %q) = %.3f", p.a, p.near, near, p.a, p.far, far)
		}
	}
	v := embedAll(t, e, "jobless", "unemployment", "steel")
	if c := cosine(v[0], v[1]); c < 0.6 {
		t.Errorf("cos(jobless, unemployment) = %.3f, want >= 0.6", c)
	}
	if cosine(v[0], v[1]) <= cosine(v[0], v[2]) {
		t.Errorf("jobless is closer to steel than to unemployment")
	}
}

// A one-word text's vector is the direction of that word's raw vector when
// the common component is kept: the SIF weight cancels in normalisation.
func TestSingleWordMatchesRawVector(t *testing.T) {
	e := mustOpen(t, tinyModel(t, true))
	for _, w := range []string{"inflation", "unemployment", "mortgage"} {
		raw := winkSubsetVector(t, w)
		got := embedAll(t, e, w)[0]
		n := l2norm(raw)
		for i := range raw {
			if d := math.Abs(float64(got[i]) - float64(raw[i])/n); d > 1e-6 {
				t.Fatalf("%q: component %d = %g, want %g", w, i, got[i], float64(raw[i])/n)
			}
		}
	}
}

// Frequent words carry almost no weight: adding "the" and punctuation
// barely moves a vector, while adding a content word does.
func TestFrequencyWeighting(t *testing.T) {
	e := mustOpen(t, tinyModel(t, false))
	v := embedAll(t, e, "inflation", "the inflation, of the", "inflation steel")
	if c := cosine(v[0], v[1]); c < 0.99 {
		t.Errorf("cos(inflation, 'the inflation, of the') = %.4f, want >= 0.99", c)
	}
	if c := cosine(v[0], v[2]); c > 0.9 {
		t.Errorf("cos(inflation, 'inflation steel') = %.4f, want < 0.9", c)
	}
}

func TestEdgeInputs(t *testing.T) {
	e := mustOpen(t, tinyModel(t, false))
	long := strings.Repeat("inflation and prices ", 500) // 10,500 chars
	texts := []string{
		"",
		"   \t\n ",
		"\x00\x01\x02\x7f",
		"\u00a0\u3000\u2028",
		long,
		"TÜRKİYE enflasyon oranı",
		"ẞ Ⱥ İ ı",
		"Инфляция в России",
		"日本の消費者物価指数",
		"📈 inflation 🚀",
		"inflation \xff\xfe rate",
		"\xc3\x28 \xa0\xa1",
		"[UNK] [PAD] ##",
		"unemployment",
	}
	v, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatalf("Embed: %v", err)
	}
	for i, text := range texts {
		n := l2norm(v[i])
		blank := embed.Clean(text) == ""
		switch {
		case len(v[i]) != e.Dim():
			t.Errorf("text %d: vector length %d", i, len(v[i]))
		case blank && n != 0:
			t.Errorf("text %d %q is blank after cleaning but has norm %g", i, text, n)
		case n != 0 && math.Abs(n-1) > 1e-5:
			t.Errorf("text %d %q: norm %g, want 1 or 0", i, text, n)
		}
	}
	for _, i := range []int{0, 1, 2, 3} {
		if l2norm(v[i]) != 0 {
			t.Errorf("text %d should give a zero vector", i)
		}
	}
	if l2norm(v[4]) == 0 || l2norm(v[9]) == 0 || l2norm(v[10]) == 0 {
		t.Errorf("texts with known words gave zero vectors")
	}
	// Invalid bytes do not change the known words' vector.
	ref := embedAll(t, e, "inflation rate")[0]
	if c := cosine(ref, v[10]); c < 0.9999 {
		t.Errorf("cos(inflation rate, with invalid bytes) = %.5f", c)
	}
}

// Texts longer than the token limit are truncated to their first tokens.
func TestTruncation(t *testing.T) {
	e := mustOpen(t, tinyModel(t, false), embed.WithSequenceBuckets(8, 16))
	if e.MaxTokens() != 16 {
		t.Fatalf("MaxTokens = %d, want 16", e.MaxTokens())
	}
	head := strings.Repeat("inflation ", 16)
	v := embedAll(t, e, head, head+strings.Repeat("steel ", 40), head+"steel")
	if c := cosine(v[0], v[1]); c < 1-1e-6 {
		t.Errorf("words after the limit changed the vector: cos %.7f", c)
	}
	if c := cosine(v[0], v[2]); c < 1-1e-6 {
		t.Errorf("word 17 changed the vector: cos %.7f", c)
	}
	v2 := embedAll(t, e, strings.Repeat("inflation ", 15)+"steel")
	if c := cosine(v[0], v2[0]); c > 0.9999 {
		t.Errorf("word 16 did not count: cos %.7f", c)
	}
}

// A text's vector does not depend on its batch: padding, bucketing and the
// length sort leave every vector as when embedded alone.
func TestBatchInvariance(t *testing.T) {
	e := mustOpen(t, tinyModel(t, false), embed.WithBatchBuckets(1, 4))
	texts := []string{"consumer price index", "", "unemployment rate, seasonally adjusted", "oil", "gross domestic product per capita growth", "  ", "exports", "money supply m2 and bank lending to households"}
	batch := embedAll(t, e, texts...)
	for i, text := range texts {
		alone := embedAll(t, e, text)[0]
		for j := range alone {
			if math.Abs(float64(alone[j]-batch[i][j])) > 1e-6 {
				t.Fatalf("text %d %q: batched vector differs from alone at %d: %g vs %g", i, text, j, batch[i][j], alone[j])
			}
		}
	}
}

func TestOpenRejectsTokenizerWithoutUnk(t *testing.T) {
	src := tinyModel(t, false)
	dir := t.TempDir()
	for _, name := range []string{"model.onnx", "config.json"} {
		copyFile(t, filepath.Join(src, name), filepath.Join(dir, name))
	}
	tok, err := os.ReadFile(filepath.Join(src, "tokenizer.json"))
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(tok), `"[UNK]":1,`, "", 1)
	if bad == string(tok) {
		t.Fatal("test setup: [UNK] entry not found in tokenizer.json")
	}
	if err := os.WriteFile(filepath.Join(dir, "tokenizer.json"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = embed.Open(context.Background(), dir)
	if !errors.Is(err, embed.ErrUnsafeTokenizer) {
		t.Fatalf("Open with unk missing from vocab: err = %v, want ErrUnsafeTokenizer", err)
	}
	if !strings.Contains(err.Error(), "tokenizer.json") {
		t.Errorf("error %q does not name the file", err)
	}
}

func TestOpenErrors(t *testing.T) {
	if _, err := embed.Open(context.Background(), t.TempDir()); !errors.Is(err, embed.ErrNoOnnxFile) {
		t.Errorf("empty dir: err = %v, want ErrNoOnnxFile", err)
	}
	if _, err := embed.Open(context.Background(), tinyModel(t, false), embed.WithBatchBuckets()); err == nil {
		t.Error("no batch buckets: want error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := embed.Open(ctx, tinyModel(t, false)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

func TestClosedAndCancelled(t *testing.T) {
	e, err := embed.Open(context.Background(), tinyModel(t, false))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Embed(ctx, []string{"inflation"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled Embed: err = %v", err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Embed(context.Background(), []string{"inflation"}); !errors.Is(err, embed.ErrClosed) {
		t.Errorf("Embed after Close: err = %v", err)
	}
}

func TestModelIDAndKey(t *testing.T) {
	dir := tinyModel(t, false)
	a := mustOpen(t, dir)
	b := mustOpen(t, tinyModel(t, true))
	c := mustOpen(t, dir, embed.WithSequenceBuckets(8, 32))
	again := mustOpen(t, dir)
	if a.ModelID() != again.ModelID() {
		t.Error("same model, different IDs")
	}
	if a.ModelID() == b.ModelID() {
		t.Error("different weights, same ID")
	}
	if a.ModelID() == c.ModelID() {
		t.Error("different token limit, same ID")
	}
	if embed.Key(a.ModelID(), "TÜRKİYE  Inflation") != embed.Key(a.ModelID(), "turkiye inflation") {
		t.Error("texts that clean alike have different keys")
	}
	if embed.Key(a.ModelID(), "inflation") == embed.Key(b.ModelID(), "inflation") {
		t.Error("same text under two models has one key")
	}
	if embed.Key(a.ModelID(), "inflation") == embed.Key(a.ModelID(), "deflation") {
		t.Error("different texts have one key")
	}
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestHasWordReadsTheTokenizerVocabulary(t *testing.T) {
	dir := tinyModel(t, false)
	e, err := embed.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	tok, err := os.ReadFile(filepath.Join(dir, "tokenizer.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tk struct {
		Model struct {
			Vocab map[string]int `json:"vocab"`
		} `json:"model"`
	}
	if err := json.Unmarshal(tok, &tk); err != nil {
		t.Fatal(err)
	}
	words := 0
	for w := range tk.Model.Vocab {
		if w != "" && w[0] >= 'a' && w[0] <= 'z' {
			words++
			if !e.HasWord(w) {
				t.Errorf("vocabulary word %q not known", w)
			}
		}
	}
	if words == 0 {
		t.Fatal("test setup: no plain word in the tiny vocabulary")
	}
	if e.HasWord("[UNK]") {
		t.Error("a special token counted as a word")
	}
	if e.HasWord("zzqxjv") {
		t.Error("a word the vocabulary lacks counted")
	}
}

package embed_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/sextant-dev/sextant/internal/embedmodel"
	"github.com/sextant-dev/sextant/internal/testenv"
)

var (
	tinyOnce sync.Once
	tinyDirs = map[bool]string{}
	tinyErr  error
	tmpRoot  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if tmpRoot != "" {
		os.RemoveAll(tmpRoot)
	}
	os.Exit(code)
}

// tinyModel builds (once per test binary) models from the 1,000-word real
// wink subset in testdata/embed: with the common component removed (the
// default) and kept (keepCommon, whose single-word vectors are the raw word
// vectors' directions).
func tinyModel(t testing.TB, keepCommon bool) string {
	t.Helper()
	tinyOnce.Do(func() {
		src := testenv.RepoPath(t, "testdata", "embed", "wink-subset.json.gz")
		r, err := embedmodel.OpenWink(src)
		if err != nil {
			tinyErr = err
			return
		}
		defer r.Close()
		wv, err := embedmodel.ReadWink(context.Background(), r, src, embedmodel.Reachable)
		if err != nil {
			tinyErr = err
			return
		}
		tmpRoot, tinyErr = os.MkdirTemp("", "embed-tiny-")
		if tinyErr != nil {
			return
		}
		for _, keep := range []bool{false, true} {
			dir := filepath.Join(tmpRoot, map[bool]string{false: "default", true: "keep-common"}[keep])
			if _, err := embedmodel.Build(context.Background(), wv, dir, embedmodel.Options{KeepCommon: keep}); err != nil {
				tinyErr = err
				return
			}
			tinyDirs[keep] = dir
		}
	})
	if tinyErr != nil {
		t.Fatalf("build tiny model: %v", tinyErr)
	}
	return tinyDirs[keepCommon]
}

// winkSubsetVector reads one raw word vector from the testdata subset.
func winkSubsetVector(t testing.TB, word string) []float32 {
	t.Helper()
	src := testenv.RepoPath(t, "testdata", "embed", "wink-subset.json.gz")
	r, err := embedmodel.OpenWink(src)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	wv, err := embedmodel.ReadWink(context.Background(), r, src, func(w string) bool { return w == word })
	if err != nil {
		t.Fatal(err)
	}
	if len(wv.Words) != 1 {
		t.Fatalf("word %q not in the subset", word)
	}
	return wv.Words[0].Vector
}

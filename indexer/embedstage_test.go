package indexer

import (
	"context"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/internal/embed"
	"github.com/sextant-dev/sextant/internal/embedmodel"
)

// TestRowText checks what a row's embedding reads: its title, the two
// nearest headings that add to it (never the source root), its unit.
func TestRowText(t *testing.T) {
	for _, c := range []struct {
		title, unit string
		path        []string
		want        string
	}{
		{"0.GENERAL", "Index", []string{"CBRT EVDS", "PRICE INDICES", "Consumer Price Index (2003=100)"},
			"0.GENERAL · Consumer Price Index (2003=100) · PRICE INDICES · Index"},
		{"Unemployment Rate", "Percent", []string{"FRED", "Employment Situation", "Unemployment Rate"},
			"Unemployment Rate · Employment Situation · Percent"},
		{"Unemployment Rate - Men", "Percent", []string{"FRED", "Employment Situation", "Unemployment Rate", "Unemployment Rate - Men"},
			"Unemployment Rate - Men · Employment Situation · Percent"},
		{"Real GDP", "", []string{"IMF WEO"}, "Real GDP"},
		{"A", "", []string{"S", "B", "C", "D"}, "A · D · C"},
	} {
		if got := rowText(c.title, c.unit, c.path); got != c.want {
			t.Errorf("rowText(%q, %v) = %q, want %q", c.title, c.path, got, c.want)
		}
	}
}

// TestVectorCacheNeedsSameTextRecipe builds the demo catalog with a small
// real model, then checks that its vectors are offered for reuse to a
// build with the same text recipe (every row and heading), and not to one
// whose recipe differs: their keys would be texts they were not made from.
func TestVectorCacheNeedsSameTextRecipe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an embedding model and a bundle")
	}
	ctx := context.Background()
	model := smallModel(t)
	out := filepath.Join(t.TempDir(), "demo")
	rep, err := Build(ctx, demoConfig(t, model), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Embedding == nil || rep.Embedding.Rows.Computed != rep.Series {
		t.Fatalf("first build embedded %+v of %d rows", rep.Embedding, rep.Series)
	}
	prev, err := bundle.Open(out, bundle.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e := prev.Manifest.Embedding
	if e.TextRecipe != embedTextRecipe {
		t.Fatalf("manifest text recipe %d, want %d", e.TextRecipe, embedTextRecipe)
	}
	if got, _ := loadVectorCache(prev, e.ModelID); len(got) == 0 || len(got) > e.RowVectors+e.HeadVectors {
		t.Fatalf("same recipe: %d cached vectors for %d rows and %d headings", len(got), e.RowVectors, e.HeadVectors)
	}
	e.TextRecipe = embedTextRecipe + 1
	if got, _ := loadVectorCache(prev, e.ModelID); got != nil {
		t.Errorf("another recipe: %d cached vectors offered", len(got))
	}
	e.TextRecipe = embedTextRecipe
	rep2, err := Build(ctx, demoConfig(t, model), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if rep2.Embedding.Rows.Reused != rep2.Series || rep2.Embedding.Rows.Computed != 0 {
		t.Errorf("rebuild of the same catalog: %+v", rep2.Embedding.Rows)
	}
}

// smallModel builds a small real embedding model from the wink subset.
func smallModel(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	src := filepath.Join(repoRoot(t), "testdata", "embed", "wink-subset.json.gz")
	r, err := embedmodel.OpenWink(src)
	if err != nil {
		t.Fatal(err)
	}
	wv, err := embedmodel.ReadWink(ctx, r, src, embedmodel.Reachable)
	r.Close()
	if err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(t.TempDir(), "model")
	if _, err := embedmodel.Build(ctx, wv, model, embedmodel.Options{}); err != nil {
		t.Fatal(err)
	}
	return model
}

// TestDamagedPreviousNotReused damages the previous bundle's row vectors
// (NaN written over the first row's) and checks that the rebuild reuses
// nothing from it, says so, and writes only finite vectors.
func TestDamagedPreviousNotReused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an embedding model and two bundles")
	}
	ctx := context.Background()
	model := smallModel(t)
	out := filepath.Join(t.TempDir(), "demo")
	if _, err := Build(ctx, demoConfig(t, model), Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Open(out, bundle.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(b.Path(bundle.RowVectorsFile), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := f.Stat()
	nan := make([]byte, 4*b.Manifest.Embedding.Dim)
	for i := 0; i < len(nan); i += 4 {
		binary.LittleEndian.PutUint32(nan[i:], math.Float32bits(float32(math.NaN())))
	}
	// The vectors are the file's last RowVectors*Dim floats.
	at := st.Size() - int64(4*b.Manifest.Embedding.Dim*b.Manifest.Embedding.RowVectors)
	if _, err := f.WriteAt(nan, at); err != nil {
		t.Fatal(err)
	}
	f.Close()

	rep, err := Build(ctx, demoConfig(t, model), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Embedding.Rows.Reused != 0 || rep.Embedding.Heads.Reused != 0 {
		t.Errorf("rebuild over a damaged bundle reused %+v / %+v", rep.Embedding.Rows, rep.Embedding.Heads)
	}
	if len(rep.Warnings) == 0 || !strings.Contains(rep.Warnings[0], "damaged") || !strings.Contains(rep.Warnings[0], out) {
		t.Errorf("warnings %q; want one saying the previous bundle %s is damaged", rep.Warnings, out)
	}
	nb, err := bundle.Open(out, bundle.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	v, err := nb.ReadVectors(bundle.RowVectorsFile, nb.Manifest.Embedding.RowVectors)
	if err != nil {
		t.Fatal(err)
	}
	if !finite(v) {
		t.Error("rebuilt bundle holds NaN or Inf vectors")
	}
}

// TestNonFiniteCachedVectorEmbeddedAgain offers a NaN vector for a text
// and checks that the text is embedded again instead.
func TestNonFiniteCachedVectorEmbeddedAgain(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an embedding model")
	}
	ctx := context.Background()
	e, err := embed.Open(ctx, smallModel(t))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	texts := []string{"unemployment rate", "consumer prices"}
	bad := make([]float32, e.Dim())
	bad[0] = float32(math.Inf(1))
	good := make([]float32, e.Dim())
	good[0] = 1
	cache := vectorCache{texts[0]: bad, texts[1]: good}
	out, st, err := embedTexts(ctx, e, texts, cache, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Reused != 1 || st.Computed != 1 {
		t.Errorf("stats %+v; want the finite vector reused and the other computed", st)
	}
	if !finite(out[0]) || out[0][0] == bad[0] {
		t.Errorf("vector for %q: first component %v; want a freshly computed finite vector", texts[0], out[0][0])
	}
}

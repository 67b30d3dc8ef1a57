package indexer

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
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
	if got := len(loadVectorCache(prev, e.ModelID)); got == 0 || got > e.RowVectors+e.HeadVectors {
		t.Fatalf("same recipe: %d cached vectors for %d rows and %d headings", got, e.RowVectors, e.HeadVectors)
	}
	e.TextRecipe = embedTextRecipe + 1
	if got := loadVectorCache(prev, e.ModelID); got != nil {
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

package indexer

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/internal/embed"
)

// TestSharedModelBuilds builds the demo catalog into two bundles side by
// side with embedding.shared, then rebuilds one: the model is kept once
// beside them, it is the model that made their vectors, and a rebuild
// still reuses every vector.
func TestSharedModelBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an embedding model and three bundles")
	}
	ctx := context.Background()
	model := smallModel(t)
	parent := t.TempDir()
	cfg := demoConfig(t, model)
	cfg.Embedding.Shared = true
	var sums []string
	for _, name := range []string{"a", "b"} {
		if _, err := Build(ctx, cfg, Options{Out: filepath.Join(parent, name), Previous: "-"}); err != nil {
			t.Fatal(err)
		}
		b, err := bundle.Open(filepath.Join(parent, name), bundle.OpenOptions{VerifiedDir: "-"})
		if err != nil {
			t.Fatal(err)
		}
		if b.Manifest.SharedModel == nil || b.Has(bundle.ModelDir) {
			t.Fatalf("%s: shared model %+v, model/ in the bundle %v", name, b.Manifest.SharedModel, b.Has(bundle.ModelDir))
		}
		sums = append(sums, b.Manifest.SharedModel.SHA256)
		e, err := embed.Open(ctx, b.ModelPath())
		if err != nil {
			t.Fatal(err)
		}
		if e.ModelID() != b.Manifest.Embedding.ModelID {
			t.Errorf("%s: the shared model is %s, the vectors were made by %s", name, e.ModelID(), b.Manifest.Embedding.ModelID)
		}
		e.Close()
	}
	if sums[0] != sums[1] {
		t.Errorf("one model, two names: %v", sums)
	}
	entries, err := os.ReadDir(filepath.Join(parent, bundle.SharedModelsDir))
	if err != nil || len(entries) != 1 {
		t.Fatalf("models/: %v %v", entries, err)
	}
	rep, err := Build(ctx, cfg, Options{Out: filepath.Join(parent, "a")})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Embedding.Rows.Reused != rep.Series {
		t.Errorf("rebuild over a shared-model bundle reused %+v of %d rows", rep.Embedding.Rows, rep.Series)
	}
}

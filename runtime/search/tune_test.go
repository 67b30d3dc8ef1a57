package search_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/evalret"
	"github.com/sextant-dev/sextant/runtime/search"
)

// TestTuneWeights compares weight variants on a built bundle with both
// question sets (SEXTANT_SEARCH_TUNE names the bundle). It reports; it
// asserts nothing, and is skipped unless asked for.
func TestTuneWeights(t *testing.T) {
	dir := os.Getenv("SEXTANT_SEARCH_TUNE")
	if dir == "" {
		t.Skip("set SEXTANT_SEARCH_TUNE to a built bundle directory to compare weights")
	}
	ctx := context.Background()
	cat, err := catalog.Open(ctx, dir, catalog.Options{Bundle: bundle.OpenOptions{SkipChecksums: true}})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := search.New(ctx, cat, search.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	root := repoRoot(t)
	dev, err := evalret.ReadQuestions(filepath.Join(root, "..", "shared", "eval", "questions.jsonl"))
	if err != nil {
		t.Skip(err)
	}
	extra, err := evalret.ReadQuestions(filepath.Join(root, "testdata", "eval", "questions-extra.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	type variant struct {
		name    string
		edit    func(w *search.Weights)
		disable search.Signals
		floor   int
	}
	base := search.DefaultWeights()
	variants := []variant{{name: "default", edit: func(*search.Weights) {}}}
	for _, v := range tuneVariants() {
		variants = append(variants, variant{name: v.name, edit: v.edit, disable: v.disable, floor: v.floor})
	}
	for _, v := range variants {
		w := base
		v.edit(&w)
		if v.floor > 0 {
			search.SetSemFloorRank(v.floor)
		} else {
			search.SetSemFloorRank(200)
		}
		e := search.WithWeights(eng, w, v.disable)
		line := fmt.Sprintf("%-28s", v.name)
		for _, qs := range [][]evalret.Question{dev, extra} {
			rep, err := evalret.Run(ctx, e, qs, evalret.Options{Mode: search.Hybrid})
			if err != nil {
				t.Fatal(err)
			}
			line += fmt.Sprintf(" | R1 %.3f R5 %.3f R20 %.3f MRR %.3f HR5 %.3f", rep.RecallAt1, rep.RecallAt5, rep.RecallAt20, rep.MRR, rep.HeadingRecallAt5)
		}
		t.Log(line)
	}
}

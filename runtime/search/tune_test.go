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

// TestTuneWeights compares weight variants on a built bundle with the
// four tuning sets: development (../shared/eval), extra, the blind tuning
// set and the second blind set, opened after its first measurement
// (SEXTANT_SEARCH_TUNE names the bundle); never the held-out set. It
// reports; it asserts nothing, and is skipped unless asked for.
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
	dev, err := evalret.ReadQuestions(filepath.Join(sharedDir(root), "eval", "questions.jsonl"))
	if err != nil {
		t.Skip(err)
	}
	extra, err := evalret.ReadQuestions(filepath.Join(root, "testdata", "eval", "questions-extra.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	blind, err := evalret.ReadQuestions(filepath.Join(root, "testdata", "eval", "questions-tune.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	blind2, err := evalret.ReadQuestions(filepath.Join(root, "testdata", "eval", "questions-blind2.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	base := search.DefaultWeights()
	variants := append([]tuneVariant{{name: "default", edit: func(*search.Weights) {}}}, tuneVariants()...)
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
		for _, qs := range [][]evalret.Question{dev, extra, blind, blind2} {
			rep, err := evalret.Run(ctx, e, qs, evalret.Options{Mode: search.Hybrid})
			if err != nil {
				t.Fatal(err)
			}
			line += fmt.Sprintf(" | R1 %.3f R5 %.3f R20 %.3f HR5 %.3f", rep.RecallAt1, rep.RecallAt5, rep.RecallAt20, rep.HeadingRecallAt5)
		}
		t.Log(line)
	}
}

type tuneVariant struct {
	name    string
	edit    func(w *search.Weights)
	disable search.Signals
	floor   int // semantic rescaling floor rank (0: the default 200)
}

// tuneVariants are the weight changes compared against the defaults: each
// signal's weight halved and doubled, and each signal switched off.
func tuneVariants() []tuneVariant {
	var out []tuneVariant
	scale := func(name string, get func(w *search.Weights) *float64) {
		for _, f := range []float64{0.5, 2} {
			out = append(out, tuneVariant{name: fmt.Sprintf("%s x%.1f", name, f), edit: func(w *search.Weights) { *get(w) *= f }})
		}
	}
	scale("keyword", func(w *search.Weights) *float64 { return &w.Keyword })
	scale("semantic", func(w *search.Weights) *float64 { return &w.Semantic })
	scale("boost", func(w *search.Weights) *float64 { return &w.Boost })
	scale("facet term", func(w *search.Weights) *float64 { return &w.FacetTerm })
	scale("synonym", func(w *search.Weights) *float64 { return &w.Synonym })
	scale("coverage", func(w *search.Weights) *float64 { return &w.Coverage })
	scale("focus", func(w *search.Weights) *float64 { return &w.Focus })
	for _, h := range []float64{0.2, 0.3, 0.5} {
		out = append(out, tuneVariant{name: fmt.Sprintf("headline %.1f", h), edit: func(w *search.Weights) { w.Headline = h }})
	}
	out = append(out,
		tuneVariant{name: "heading 0.25", edit: func(w *search.Weights) { w.Heading = 0.25 }},
		tuneVariant{name: "semantic heading 0.15", edit: func(w *search.Weights) { w.SemanticHeading = 0.15 }},
		tuneVariant{name: "floor rank 50", edit: func(*search.Weights) {}, floor: 50},
		tuneVariant{name: "floor rank 800", edit: func(*search.Weights) {}, floor: 800},
		tuneVariant{name: "no semantic", edit: func(*search.Weights) {}, disable: search.Signals{Semantic: true}},
		tuneVariant{name: "no boosts", edit: func(*search.Weights) {}, disable: search.Signals{Boosts: true}},
		tuneVariant{name: "no synonyms", edit: func(*search.Weights) {}, disable: search.Signals{Synonyms: true}},
		tuneVariant{name: "no focus", edit: func(*search.Weights) {}, disable: search.Signals{Focus: true}},
	)
	return out
}

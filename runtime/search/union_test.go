package search

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/blevesearch/bleve/v2"
	bquery "github.com/blevesearch/bleve/v2/search/query"

	"github.com/sextant-dev/sextant/bundle"
)

// TestUnionQueryAddsUnscoredMatches checks that unionQuery matches what
// either part matches, that a document the extra part alone matches
// scores 0 there, and that every document main matches keeps main's
// score exactly, through both Next (a plain search) and Advance (inside
// a conjunction, which skips).
func TestUnionQueryAddsUnscoredMatches(t *testing.T) {
	idx, err := bleve.NewMemOnly(bleve.NewIndexMapping())
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	docs := map[string]string{}
	for i := 0; i < 60; i++ {
		words := "filler"
		if i%3 == 0 {
			words += " common1 common2"
		}
		if i%5 == 0 {
			words += " rare"
		}
		if i%2 == 0 {
			words += " even"
		}
		docs[fmt.Sprintf("d%02d", i)] = words
	}
	for id, text := range docs {
		if err := idx.Index(id, map[string]string{"text": text}); err != nil {
			t.Fatal(err)
		}
	}
	term := func(w string, boost float64) bquery.Query {
		q := bleve.NewTermQuery(w)
		q.SetField("text")
		q.SetBoost(boost)
		return q
	}
	main := term("rare", 1)
	// The extra part scores (boost 1) so that the test sees it zeroed.
	extra := bleve.NewConjunctionQuery(term("common1", 1), term("common2", 1))
	search := func(q bquery.Query) map[string]float64 {
		res, err := idx.SearchInContext(context.Background(), bleve.NewSearchRequestOptions(q, 100, 0, false))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, h := range res.Hits {
			out[h.ID] = h.Score
		}
		return out
	}
	for _, c := range []struct {
		name       string
		union, ref bquery.Query
		want       func(i int) (main, extra bool)
	}{
		{"next", unionQuery{main, extra}, main, func(i int) (bool, bool) { return i%5 == 0, i%3 == 0 }},
		{"advance", bleve.NewConjunctionQuery(term("even", 0), unionQuery{main, extra}), bleve.NewConjunctionQuery(term("even", 0), main),
			func(i int) (bool, bool) { return i%2 == 0 && i%5 == 0, i%2 == 0 && i%3 == 0 }},
	} {
		got, ref := search(c.union), search(c.ref)
		for i := 0; i < 60; i++ {
			id := fmt.Sprintf("d%02d", i)
			inMain, inExtra := c.want(i)
			s, ok := got[id]
			switch {
			case inMain:
				if !ok || math.Abs(s-ref[id]) > 1e-12 || s == 0 {
					t.Errorf("%s: %s scored %v (found %v), main alone %v", c.name, id, s, ok, ref[id])
				}
			case inExtra:
				if !ok || s != 0 {
					t.Errorf("%s: %s (extra only) scored %v (found %v), want 0", c.name, id, s, ok)
				}
			case ok:
				t.Errorf("%s: %s matched neither part but was found", c.name, id)
			}
		}
	}
}

// TestExpansionStandsInForRareWord checks that the titles holding a
// synonym expansion whole are visited though every word of the expansion
// is common and the query word it replaces is rare: "jobless" is in one
// title, "unemployment" and "rate" in over commonDF titles each, and
// "Unemployment Rate" must still earn a text score for "jobless rate".
func TestExpansionStandsInForRareWord(t *testing.T) {
	f := &fixture{}
	for i := 0; i < commonDFFloor+100; i++ {
		f.add(bundle.SeriesRow{NativeID: fmt.Sprintf("CTY%04d", i), Title: fmt.Sprintf("Unemployment Rate in County %d", i), Country: "USA"},
			"fred", "County Unemployment")
	}
	f.add(bundle.SeriesRow{NativeID: "UNRATE", Title: "Unemployment Rate", Country: "USA"}, "fred", "Employment Situation")
	f.add(bundle.SeriesRow{NativeID: "JHH", Title: "Population in jobless households", Country: "DEU"}, "eurostat", "Households")
	e, err := New(context.Background(), f.build(t, true), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.commonDocs >= commonDFFloor+100 {
		t.Fatalf("common threshold %d: the fixture's words are not common", e.commonDocs)
	}
	res := search(t, e, Request{Query: "jobless rate", Mode: Keyword, Explain: true, Limit: 50})
	for _, g := range res.Groups {
		for _, h := range g.Hits {
			if h.ID == "fred:UNRATE" {
				if h.Explain.Keyword <= 0 {
					t.Errorf("fred:UNRATE has no text score: %+v", h.Explain)
				}
				return
			}
		}
	}
	t.Errorf("fred:UNRATE not among %d hits", len(flatten(res)))
}

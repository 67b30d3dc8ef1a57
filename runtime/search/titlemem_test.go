package search

import (
	"context"
	"math"
	"testing"
)

// TestCommonTitleWordsScoredInMemory checks that common title-field
// clauses leave the index query for the in-memory scorer and that the
// text pass then finds the same rows and headings with the scores the
// index gives (bleve's BM25, and its coordination factor put back from
// the marks countedQuery leaves), for queries of single words, synonym
// expansions and words common together.
func TestCommonTitleWordsScoredInMemory(t *testing.T) {
	e := newEngine(t, labourFixture(), true, Options{})
	ctx := context.Background()
	if e.titleMem == nil {
		t.Fatal("no in-memory title field")
	}
	e.memFields = nil // the text pass in the index, its title clauses in memory or not
	for _, text := range []string{
		"unemployment rate",
		"consumer price index for all urban consumers all items",
		"jobless rate in germany",
		"turkey producer prices mining",
		"participation rate in turkey",
	} {
		u := e.parser.Parse(text)
		terms := queryTerms(u, e.w.FacetTerm)
		// Every word common but the rarest clause, which brings the rows.
		e.commonDocs = 0
		e.titleInMemory = false // every clause in the index
		inIndex := e.textQuery(ctx, terms, u.Expansions, e.w.Synonym)
		e.titleInMemory = true
		want, err := e.searchText(ctx, inIndex, filter{}, nil, nil, true)
		if err != nil {
			t.Fatal(err)
		}
		inMemory := e.textQuery(ctx, terms, u.Expansions, e.w.Synonym)
		if len(inMemory.title) == 0 {
			t.Fatalf("%q: no title clause in memory", text)
		}
		got, err := e.searchText(ctx, inMemory, filter{}, nil, nil, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.rows) != len(want.rows) || len(want.rows) == 0 {
			t.Errorf("%q: %d rows with title clauses in memory, %d in the index", text, len(got.rows), len(want.rows))
		}
		for r, w := range want.rows {
			if g, ok := got.rows[r]; !ok || math.Abs(g-w) > 1e-9*math.Abs(w) {
				t.Errorf("%q: row %s scored %v (found %v) in memory, %v in the index", text, e.cat.RowAt(int(r)).ID, g, ok, w)
			}
		}
		for h, w := range want.heads {
			if g, ok := got.heads[h]; !ok || math.Abs(g-w) > 1e-9*math.Abs(w) {
				t.Errorf("%q: heading %s scored %v (found %v) in memory, %v in the index", text, e.cat.Headings[h].ID, g, ok, w)
			}
		}
		e.commonDocs = e.commonDF()
	}
}

// TestTitleCursorFindsEveryPosting checks the cursor's galloping walk:
// visiting documents in ascending order, it finds exactly the documents
// of each list, whatever the gaps.
func TestTitleCursorFindsEveryPosting(t *testing.T) {
	a := &titlePostings{}
	b := &titlePostings{}
	for d := uint32(0); d < 5000; d++ {
		if d%7 == 3 {
			a.docs = append(a.docs, d)
			a.sat = append(a.sat, 1)
		}
		if d%1000 == 999 || d == 1 {
			b.docs = append(b.docs, d)
			b.sat = append(b.sat, 10)
		}
	}
	c := newTitleCursor([]titleClause{{weight: 1, list: a}, {weight: 1, list: b}})
	for d := uint64(0); d < 5000; d += 3 { // skip documents, as a pass does
		score, n := c.share(d)
		wantN, want := int32(0), 0.0
		if d%7 == 3 {
			wantN, want = wantN+1, want+1
		}
		if d%1000 == 999 || d == 1 {
			wantN, want = wantN+1, want+10
		}
		if n != wantN || score != want {
			t.Fatalf("doc %d: %d clauses scoring %v, want %d scoring %v", d, n, score, wantN, want)
		}
	}
}

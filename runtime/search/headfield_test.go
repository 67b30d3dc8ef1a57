package search

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"

	"github.com/sextant-dev/sextant/internal/textindex"
)

// TestHeadingFieldScoresLikeBleve checks that a heading-field clause
// scored per heading in memory equals, for every row under the heading,
// bleve's BM25 for the same term query on the row's heading field (a
// one-clause query: bleve's normalisation leaves idf·saturation, so the
// in-memory score, boost·idf²·saturation, is that times boost·idf).
func TestHeadingFieldScoresLikeBleve(t *testing.T) {
	e := labourEngine(t)
	ctx := context.Background()
	if e.headField == nil {
		t.Fatal("no in-memory heading field")
	}
	for _, word := range []string{"unemployment", "employment", "situation", "labor"} {
		toks := e.lex.tokens(word)
		if len(toks) != 1 {
			t.Fatalf("%q analyses to %v", word, toks)
		}
		const boost = 0.7
		hs := make([]float64, len(e.cat.Headings))
		matched := make([]int32, len(e.cat.Headings))
		e.headField.score([]headClause{{toks: toks, boost: boost}}, func(tok string) uint64 {
			return e.lex.docFreq(ctx, tok, textindex.FieldHeading)
		}, hs, matched, make([]int32, len(e.cat.Headings)))
		tq := bleve.NewTermQuery(toks[0])
		tq.SetField(textindex.FieldHeading)
		tq.SetBoost(boost)
		idf := e.lex.idf(e.lex.docFreq(ctx, toks[0], textindex.FieldHeading))
		rows := 0
		if _, err := e.lex.run(ctx, bleve.NewDisjunctionQuery(tq), func(m match) {
			r := e.lex.row(m.doc)
			if r < 0 {
				return
			}
			rows++
			h := e.rowHead[r]
			if h < 0 || matched[h] != 1 {
				t.Errorf("%q: row %s matched by the index, not by its heading in memory", word, e.cat.RowAt(int(r)).ID)
				return
			}
			want := m.score * boost * idf
			// bleve stores field lengths as float32 norms.
			if math.Abs(hs[h]-want) > 1e-12*want {
				t.Errorf("%q: row %s heading score %v, bleve %v", word, e.cat.RowAt(int(r)).ID, hs[h], want)
			}
		}); err != nil {
			t.Fatal(err)
		}
		if rows == 0 {
			t.Errorf("%q: no row matched", word)
		}
	}
}

// TestCommonHeadingWordsScoredInMemory checks that common heading-field
// clauses leave the index query for the in-memory scorer and that the
// text pass then finds the same rows: with the scores the index gives
// when the clauses count with the index's common clauses (near: the
// coordination factor is put back exactly from the marks countedQuery
// leaves), and with the same best row when they count apart (far),
// rows under a heading holding the words scoring above rows without.
func TestCommonHeadingWordsScoredInMemory(t *testing.T) {
	e := newEngine(t, labourFixture(), true, Options{})
	// The text pass and its title clauses stay in the index, with no
	// candidates from in-memory titles: the far discount may reorder rows
	// that only those bring, and this test is about the heading clauses.
	e.titleMem, e.titleInMemory, e.memFields = nil, false, nil
	ctx := context.Background()
	u := e.parser.Parse("unemployment rate")
	terms := queryTerms(u, e.w.FacetTerm)
	if tq := e.textQuery(ctx, terms, u.Expansions, e.w.Synonym); len(tq.near)+len(tq.far) != 0 {
		t.Fatalf("default thresholds on a small catalog: %d heading clauses in memory, want 0", len(tq.near)+len(tq.far))
	}
	// Every word common (but the rarest clause, which brings the rows).
	e.commonDocs, e.headingMemDF, e.headingNear = 0, math.MaxUint64, 0
	hf := e.headField
	e.headField = nil // every clause in the index
	inIndex := e.textQuery(ctx, terms, u.Expansions, e.w.Synonym)
	e.headField = hf
	want, err := e.searchText(ctx, inIndex, filter{}, nil, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	near := e.textQuery(ctx, terms, u.Expansions, e.w.Synonym)
	if len(near.near) == 0 || len(near.far) != 0 {
		t.Fatalf("%d near and %d far heading clauses, want some near only", len(near.near), len(near.far))
	}
	got, err := e.searchText(ctx, near, filter{}, nil, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.rows) != len(want.rows) || len(got.rows) < 2 {
		t.Fatalf("in memory %d rows, in the index %d", len(got.rows), len(want.rows))
	}
	for r, w := range want.rows {
		if g, ok := got.rows[r]; !ok || math.Abs(g-w) > 1e-12*w {
			t.Errorf("row %s: score %v (found %v) with heading clauses in memory, %v in the index", e.cat.RowAt(int(r)).ID, g, ok, w)
		}
	}
	e.headingMemDF = 0
	far := e.textQuery(ctx, terms, u.Expansions, e.w.Synonym)
	if len(far.far) != len(near.near) || len(far.near) != 0 {
		t.Fatalf("%d near and %d far heading clauses, want %d far only", len(far.near), len(far.far), len(near.near))
	}
	got, err = e.searchText(ctx, far, filter{}, nil, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.rows) != len(want.rows) {
		t.Fatalf("far in memory %d rows, in the index %d", len(got.rows), len(want.rows))
	}
	for r := range want.rows {
		if _, ok := got.rows[r]; !ok {
			t.Errorf("row %s found in the index only", e.cat.RowAt(int(r)).ID)
		}
	}
	if got.rowOrder[0] != want.rowOrder[0] {
		t.Errorf("best row in memory %s, in the index %s", e.cat.RowAt(int(got.rowOrder[0])).ID, e.cat.RowAt(int(want.rowOrder[0])).ID)
	}
	hs, _, release := e.headingFieldScores(ctx, far.far)
	defer release()
	for r := range got.rows {
		h := e.rowHead[r]
		if h < 0 {
			continue
		}
		path := strings.ToLower(strings.Join(e.cat.Headings[h].Path, " "))
		if holds := strings.Contains(path, "unemployment"); holds != (hs[h] > 0) {
			t.Errorf("row %s under %q: heading score %v", e.cat.RowAt(int(r)).ID, path, hs[h])
		}
	}
}

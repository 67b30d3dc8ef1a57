package search

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/blevesearch/bleve/v2"

	"github.com/sextant-dev/sextant/bundle"
)

// TestTextPassScoresLikeBleveSearch checks that the engine's own pass over
// the index scores every match exactly as bleve's search does (BM25, not
// the TF-IDF its searchers fall back to without the scoring model), and
// that internal document numbers map back to the right rows and headings.
func TestTextPassScoresLikeBleveSearch(t *testing.T) {
	e := labourEngine(t)
	ctx := context.Background()
	for _, text := range []string{"unemployment rate turkey", "consumer price index general", "producer prices mining", "cpi"} {
		u := e.parser.Parse(text)
		q := e.textQuery(ctx, queryTerms(u, e.w.FacetTerm), u.Expansions, e.w.Synonym).q
		if q == nil {
			t.Fatalf("%q: no text query", text)
		}
		want, err := e.lex.idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, 1000, 0, false))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]float64{}
		n, err := e.lex.run(ctx, q, func(m match) {
			if r := e.lex.row(m.doc); r >= 0 {
				got[e.cat.RowAt(int(r)).ID] = m.score
			} else if h := e.lex.heading(m.doc); h >= 0 {
				got["h:"+e.cat.Headings[h].ID] = m.score
			} else {
				t.Errorf("%q: document %d maps to nothing", text, m.doc)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if n != want.Total || len(got) != len(want.Hits) {
			t.Errorf("%q: %d matches (%d mapped), bleve search %d", text, n, len(got), want.Total)
		}
		for _, h := range want.Hits {
			if s, ok := got[h.ID]; !ok || math.Abs(s-h.Score) > 1e-9 {
				t.Errorf("%q: %s scored %v, bleve search %v", text, h.ID, s, h.Score)
			}
		}
	}
}

// TestScopesNameSourceAndCountry checks the scopes a query gets (each
// named source and country, as row codes) and that a row is in a scope
// exactly when it has the scope's source or country.
func TestScopesNameSourceAndCountry(t *testing.T) {
	e := labourEngine(t)
	u := e.parser.Parse("unemployment rate in Japan from fred")
	sc := e.scopes(u, filter{})
	if len(sc) != 2 {
		t.Fatalf("scopes of %q: %+v, want fred and JPN", u.Query, sc)
	}
	for r := range e.cat.Len() {
		row := ptr(e.cat.RowAt(int(r)))
		if got, want := e.inScope(int32(r), sc[0]), row.Source == "fred"; got != want {
			t.Errorf("%s in fred scope: %v", row.ID, got)
		}
		if got, want := e.inScope(int32(r), sc[1]), row.Country == "JPN"; got != want {
			t.Errorf("%s in JPN scope: %v", row.ID, got)
		}
	}
	if sc := e.scopes(u, filter{sources: []string{"fred"}, country: "JPN"}); len(sc) != 0 {
		t.Errorf("scopes under a filter that fixes both: %+v, want none", sc)
	}
}

// TestBestRowsKeepsTopK checks the selection of the best text hits.
func TestBestRowsKeepsTopK(t *testing.T) {
	br := bestRows{k: 3}
	for i, s := range []float64{0.5, 3, 1, 3, 2, 0.1, 2} {
		br.offer(rowScore{int32(i), s})
	}
	got := br.sorted()
	want := []rowScore{{1, 3}, {3, 3}, {4, 2}}
	if len(got) != len(want) {
		t.Fatalf("best 3: %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("best 3: %+v, want %+v (ties to the earlier row)", got, want)
			break
		}
	}
}

// TestWordThatIsAlsoAnID checks that a word catalog titles use ("GDP",
// also FRED's id of nominal GDP) names that series by id only when it is
// the whole query.
func TestWordThatIsAlsoAnID(t *testing.T) {
	f := &fixture{}
	gdp := []string{"fred", "National Accounts", "Gross Domestic Product"}
	f.add(bundle.SeriesRow{NativeID: "GDP", Title: "Gross Domestic Product", Unit: "Billions of Dollars", Country: "USA", Frequency: "Q"}, gdp...)
	f.add(bundle.SeriesRow{NativeID: "GDPC1", Title: "Real Gross Domestic Product", Unit: "Billions of Chained 2017 Dollars", Country: "USA", Frequency: "Q"}, gdp...)
	f.add(bundle.SeriesRow{NativeID: "A939RX0Q048SBEA", Title: "Real GDP per Capita", Unit: "Chained 2017 Dollars", Country: "USA", Frequency: "Q"}, gdp...)
	e := newEngine(t, f, true, Options{})
	res := search(t, e, Request{Query: "real GDP of the United States, quarterly", Explain: true})
	for _, g := range res.Groups {
		for _, h := range g.Hits {
			if h.Explain.ID != 0 {
				t.Errorf("real GDP question: %s has the id signal %.2f", h.ID, h.Explain.ID)
			}
		}
	}
	if h := firstHit(res); h.ID == "fred:GDP" {
		t.Errorf("real GDP question: nominal GDP first")
	}
	res = search(t, e, Request{Query: "GDP", Explain: true})
	if h := firstHit(res); h.ID != "fred:GDP" || h.Explain.ID == 0 {
		t.Errorf("query GDP alone: first hit %s (id signal %v), want fred:GDP by id", h.ID, h.Explain)
	}
}

// TestSplitTextPassFindsTheSameMatches checks that searching document
// ranges at once visits the same matches, in the same order, with the
// same scores as one pass.
func TestSplitTextPassFindsTheSameMatches(t *testing.T) {
	e := newEngine(t, labourFixture(), true, Options{})
	ctx := context.Background()
	u := e.parser.Parse("unemployment rate consumer price index general")
	q := e.textQuery(ctx, queryTerms(u, e.w.FacetTerm), u.Expansions, e.w.Synonym).q
	collect := func() ([]match, uint64) {
		var ms []match
		n, err := e.lex.run(ctx, q, func(m match) { ms = append(ms, m) })
		if err != nil {
			t.Fatal(err)
		}
		return ms, n
	}
	one, n1 := collect()
	e.lex.partDocs = 1
	t.Cleanup(func() { e.lex.partDocs = minDocsPerPart })
	split, n2 := collect()
	if n1 != n2 || len(one) != len(split) || len(one) < 4 {
		t.Fatalf("one pass %d matches (%d visited), split %d (%d visited)", n1, len(one), n2, len(split))
	}
	// A second split pass reuses the first one's match buffers.
	if again, n3 := collect(); n3 != n2 || !slices.Equal(again, split) {
		t.Fatalf("second split pass: %d matches, first %d, or other matches", n3, n2)
	}
	for i := range one {
		// Scores may differ in the last bit: bleve sums clause scores in
		// the order its heaps hold them.
		if one[i].doc != split[i].doc || math.Abs(one[i].score-split[i].score) > 1e-12*one[i].score {
			t.Errorf("match %d: one pass %+v, split %+v", i, one[i], split[i])
		}
	}
}

// TestCandidatePoolKeepsOneCandidatePerRow checks that the pool hands out
// one candidate per row, across its allocation slabs, in order of first
// request.
func TestCandidatePoolKeepsOneCandidatePerRow(t *testing.T) {
	p := &pool{byRow: map[int32]*candidate{}}
	const n = 3*candidateSlab + 7
	for r := int32(0); r < n; r++ {
		p.get(r).kw = float64(r)
	}
	for r := int32(n - 1); r >= 0; r-- {
		c := p.get(r)
		if c.row != r || c.kw != float64(r) {
			t.Fatalf("row %d: candidate of row %d with kw %v", r, c.row, c.kw)
		}
	}
	if len(p.list) != n {
		t.Fatalf("%d candidates listed, want %d", len(p.list), n)
	}
	for i, c := range p.list {
		if c.row != int32(i) {
			t.Fatalf("candidate %d is row %d", i, c.row)
		}
	}
}

// TestEachCandidateVisitsEveryCandidateOnce checks the two-core scoring
// loop, below and above the size where it splits.
func TestEachCandidateVisitsEveryCandidateOnce(t *testing.T) {
	for _, n := range []int{0, 3, parallelCandidates + 1, 4 * parallelCandidates} {
		p := &pool{byRow: map[int32]*candidate{}}
		for r := int32(0); r < int32(n); r++ {
			p.get(r)
		}
		eachCandidate(p.list, func(c *candidate) { c.boost++; c.kw = float64(c.row) })
		for _, c := range p.list {
			if c.boost != 1 || c.kw != float64(c.row) {
				t.Fatalf("%d candidates: row %d visited %v times", n, c.row, c.boost)
			}
		}
	}
}

// TestSpellingVariantsMatchLabelsAsWritten: queries fold British
// spellings to American ("labour" → "labor", "cheques" → "check") and
// join prefixes ("non-performing" → "nonperforming") while the index
// holds labels as written, so the search looks for every way of writing
// the word, each at the word's full weight.
func TestSpellingVariantsMatchLabelsAsWritten(t *testing.T) {
	f := &fixture{}
	f.add(bundle.SeriesRow{NativeID: "TP.TIG06", Title: "Labour force participation rate (%)", Unit: "Percent", Country: "TUR", Start: "2005-01-01", End: "2024-09-01"}, "evds", "LABOUR STATISTICS")
	f.add(bundle.SeriesRow{NativeID: "CIVPART", Title: "Labor Force Participation Rate", Unit: "Percent", Country: "USA", Start: "1948-01-01", End: "2024-09-01"}, "fred", "Employment Situation")
	f.add(bundle.SeriesRow{NativeID: "TP.BTO3", Title: "Volume of Bad Cheques", Country: "TUR", Start: "2008-01-01", End: "2025-08-01"}, "evds", "Cheques")
	f.add(bundle.SeriesRow{NativeID: "CHECKS", Title: "Checks Paid", Country: "USA", Start: "2008-01-01", End: "2025-08-01"}, "fred", "Payments")
	f.add(bundle.SeriesRow{NativeID: "TP.KREDI.L064", Title: "II.NON_PERFORMING LOANS(Thousand TL)", Country: "TUR", Start: "2005-12-30", End: "2024-10-18"}, "evds", "Loans")
	f.add(bundle.SeriesRow{NativeID: "USNPTL", Title: "Nonperforming Loans to Total Loans", Country: "USA", Start: "1984-01-01", End: "2020-07-01"}, "fred", "Banks")
	e := newEngine(t, f, true, Options{})
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"labour", []string{"evds:TP.TIG06", "fred:CIVPART"}},
		{"labor", []string{"evds:TP.TIG06", "fred:CIVPART"}},
		{"cheques", []string{"evds:TP.BTO3", "fred:CHECKS"}},
		// an expansion too: "workforce" → "labor force", spelled either way
		{"workforce", []string{"evds:TP.TIG06", "fred:CIVPART"}},
		// a word the query joins to its prefix, written apart in a label
		{"non-performing", []string{"evds:TP.KREDI.L064", "fred:USNPTL"}},
	} {
		res := search(t, e, Request{Query: c.query, Mode: Keyword, Explain: true})
		kw := map[string]float64{}
		for _, h := range flattenHits(res) {
			kw[h.ID] = h.Explain.Keyword
		}
		for _, id := range c.want {
			if kw[id] <= 0 {
				t.Errorf("%q: %s keyword %v (found: %v); want a text match", c.query, id, kw[id], kw)
			}
		}
	}
}

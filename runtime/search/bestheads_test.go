package search

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

// shortTitlesFixture files terse labels under a heading that says what
// they are ("10.EDUCATION" under "Consumer Price Index (2003=100)"),
// beside many longer titles holding the label's one word elsewhere, a
// few titles saying "CPI", and two rows whose alternative labels say
// "education".
func shortTitlesFixture() *fixture {
	f := &fixture{}
	cpi := []string{"evds", "PRICE INDICES", "TURKSTAT- Consumer Price Index (2003=100)"}
	for _, title := range []string{"10.EDUCATION", "06.HEALTH", "01.FOOD AND NON-ALCOHOLIC BEVERAGES"} {
		f.add(bundle.SeriesRow{Title: title, Unit: "Index 2003=100", Country: "TUR", Start: "2003-01-01", End: "2025-08-01"}, cpi...)
	}
	for i := range 9 { // enough that the heading's words are common too
		f.add(bundle.SeriesRow{Title: fmt.Sprintf("%d.GROUP %d", 20+i, i), Unit: "Index 2003=100", Country: "TUR", Start: "2003-01-01", End: "2025-08-01"}, cpi...)
	}
	budget := []string{"evds", "PUBLIC FINANCE", "Central Government Budget Expenses (Thousand TRY)"}
	for i := range 14 {
		f.add(bundle.SeriesRow{Title: fmt.Sprintf("Education Transfers to Region %d", i), Unit: "Thousand TRY", Country: "TUR", Start: "2006-01-01", End: "2025-07-01"}, budget...)
	}
	reer := []string{"evds", "EXCHANGE RATES", "Real Effective Exchange Rate (2003=100)"}
	f.add(bundle.SeriesRow{Title: "CPI Based Real Effective Exchange Rate", Unit: "Index 2003=100", Country: "TUR", Start: "1994-01-01", End: "2025-08-01"}, reer...)
	f.add(bundle.SeriesRow{Title: "CPI excluding energy", Unit: "Index 2003=100", Country: "TUR", Start: "2003-01-01", End: "2025-08-01"}, "evds", "PRICE INDICES", "Core indicators")
	old := []string{"evds", "Archived data", "School statistics (Archive)"}
	for i := range 2 {
		f.add(bundle.SeriesRow{Title: fmt.Sprintf("Pupils, level %d (Archive)", i), AltTitles: []string{"Education statistics"}, Country: "TUR", Start: "1990-01-01", End: "2000-01-01"}, old...)
	}
	return f
}

// textRows runs the text pass for q with words in more than common
// documents counted common, and returns the ids of the rows it scored.
func textRows(t *testing.T, e *Engine, q string, common uint64) map[string]bool {
	t.Helper()
	ctx := context.Background()
	e.commonDocs = common
	u := e.parser.Parse(q)
	tq := e.textQuery(ctx, queryTerms(u, e.w.FacetTerm), u.Expansions, e.w.Synonym)
	hits, err := e.searchText(ctx, tq, filter{}, nil, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for r := range hits.rows {
		out[e.cat.RowAt(int(r)).ID] = true
	}
	return out
}

// TestShortTitleUnderSayingHeading checks that a title holding one common
// query word becomes a candidate when its heading holds another query
// word, here through a synonym expansion ("cpi" → "consumer price
// index"), while the same word's titles under other headings do not.
func TestShortTitleUnderSayingHeading(t *testing.T) {
	e := newEngine(t, shortTitlesFixture(), true, Options{})
	// "education" (14 titles and one) and the heading's words (12 rows)
	// are common, "cpi" (two titles) rare.
	got := textRows(t, e, "education CPI", 5)
	if !got["evds:10.EDUCATION"] {
		t.Errorf("10.EDUCATION under the CPI heading is no candidate: %v", got)
	}
	for _, id := range []string{"evds:06.HEALTH", "evds:EDUCATION_TRANSFERS_TO_REGION_3"} {
		if got[id] {
			t.Errorf("%s is a candidate: its title does not hold a common query word, or its heading no other", id)
		}
	}
	if !got["evds:CPI_EXCLUDING_ENERGY"] {
		t.Errorf("the rare word's own titles are lost: %v", got)
	}
}

// TestCommonWordBringsItsTitles checks that a query whose title words
// are all common still brings the titles of its rarest one, not only
// the few rows whose alternative labels say the word.
func TestCommonWordBringsItsTitles(t *testing.T) {
	e := newEngine(t, shortTitlesFixture(), true, Options{})
	got := textRows(t, e, "education", 5)
	titles := 0
	for id := range got {
		if len(id) > len("evds:EDUCATION_TRANSFERS") && id[:len("evds:EDUCATION_TRANSFERS")] == "evds:EDUCATION_TRANSFERS" {
			titles++
		}
	}
	if titles != 14 || !got["evds:10.EDUCATION"] || !got["evds:PUPILS,_LEVEL_0_(ARCHIVE)"] {
		t.Errorf("%d of 14 education titles, 10.EDUCATION %v, alt-labelled row %v: %v", titles, got["evds:10.EDUCATION"], got["evds:PUPILS,_LEVEL_0_(ARCHIVE)"], got)
	}
}

// TestExpansionsOfOnePhraseWeighItOnce checks that a phrase's synonym
// expansions together weigh what its heaviest does: "inflation" and
// "CPI" expand to six clauses that a title "Consumer Price Index" all
// holds, and summed at full weight they outweighed the word the query
// asked about ("transport") in the component's own label, "07.TRANSPORT"
// under the CPI heading.
func TestExpansionsOfOnePhraseWeighItOnce(t *testing.T) {
	e := newEngine(t, shortTitlesFixture(), true, Options{})
	u := e.parser.Parse("transport inflation CPI")
	share := expansionShares(u.Expansions)
	sum, most := map[string]float64{}, map[string]float64{}
	for i, x := range u.Expansions {
		sum[x.From] += x.Weight * share[i]
		most[x.From] = max(most[x.From], x.Weight)
	}
	if len(most) < 2 {
		t.Fatalf("expansions %+v: want some of two phrases", u.Expansions)
	}
	for from, m := range most {
		if math.Abs(sum[from]-m) > 1e-12 {
			t.Errorf("expansions of %q weigh %v together, want %v", from, sum[from], m)
		}
	}
}

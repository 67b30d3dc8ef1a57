package search

import (
	"testing"

	"github.com/sextant-dev/sextant/bundle"

	"github.com/sextant-dev/sextant/runtime/query"
)

func TestShortnessFallsWithTopicWords(t *testing.T) {
	one := shortness(query.Understanding{TopicTerms: []string{"inflation"}})
	two := shortness(query.Understanding{TopicTerms: []string{"retail", "sale"}})
	long := shortness(query.Understanding{TopicTerms: []string{"a", "b", "c"}})
	if !(one == 1 && two > 0 && two < one && long == 0) {
		t.Errorf("shortness one %v two %v three %v", one, two, long)
	}
	if s := shortness(query.Understanding{TopicTerms: []string{"x"}, IDs: []string{"UNRATE"}}); s != 0 {
		t.Errorf("a query naming an id: %v", s)
	}
}

func TestYearOf(t *testing.T) {
	if y, ok := yearOf("1947-01-01"); !ok || y != 1947 {
		t.Errorf("%v %v", y, ok)
	}
	if _, ok := yearOf("19"); ok {
		t.Error("short date read")
	}
}

// priorFixture holds near-equal rows that only catalog structure and
// metadata tell apart: a family's total beside its sub-indexes, a
// national row beside a regional one, and two rows of one title of which
// one is live, long and has observations.
func priorFixture() *fixture {
	f := &fixture{}
	ip := []string{"fred", "Production", "Industrial Production"}
	f.add(bundle.SeriesRow{NativeID: "INDPRO", Title: "Industrial Production: Total Index", Unit: "Index 2017=100", Start: "1919-01-01", End: "2025-06-01", ObsCount: 1278}, ip...)
	for i, s := range []string{"Mining", "Utilities", "Manufacturing", "Durable Goods", "Nondurable Goods"} {
		f.add(bundle.SeriesRow{NativeID: "IP" + string(rune('A'+i)), Title: "Industrial Production: " + s, Unit: "Index 2017=100", Start: "1972-01-01", End: "2025-06-01"}, ip...)
	}
	mort := []string{"fred", "Interest Rates", "30-Year Fixed Rate Mortgage Average"}
	f.add(bundle.SeriesRow{NativeID: "MORTGAGE30US", Title: "30-Year Fixed Rate Mortgage Average in the United States", Country: "USA", Unit: "Percent", Frequency: "W", Start: "1971-04-02", End: "2025-06-26", ObsCount: 2800}, mort...)
	for i, r := range []string{"Northeast", "Midwest", "South", "West"} {
		f.add(bundle.SeriesRow{NativeID: "MORTGAGE30" + string(rune('A'+i)), Title: "30-Year Fixed Rate Mortgage Average in the " + r, Country: "USA", Unit: "Percent", Frequency: "W", Start: "1990-01-05", End: "2001-12-28"}, mort...)
	}
	hs := []string{"fred", "Housing", "New Private Housing Units"}
	// The same title twice, both live: a short row without observations
	// whose id sorts first, and the long one with observations.
	f.add(bundle.SeriesRow{NativeID: "AHOUST", Title: "Housing Starts", Unit: "Thousands of Units", Start: "2010-01-01", End: "2025-06-01"}, hs...)
	f.add(bundle.SeriesRow{NativeID: "HOUST", Title: "Housing Starts", Unit: "Thousands of Units", Start: "1959-01-01", End: "2025-06-01", ObsCount: 798}, hs...)
	f.add(bundle.SeriesRow{NativeID: "PERMIT", Title: "Building Permits", Unit: "Thousands of Units", Start: "1960-01-01", End: "2025-06-01", ObsCount: 786}, hs...)
	// Other sources, so that the fixture's words are not everywhere.
	f.add(bundle.SeriesRow{NativeID: "UNRATE", Title: "Unemployment Rate", Unit: "Percent", Start: "1948-01-01", End: "2025-06-01", ObsCount: 929}, "fred", "Labor", "Unemployment")
	f.add(bundle.SeriesRow{NativeID: "TP.FG.J0", Title: "Consumer Price Index", Country: "TUR", Unit: "Index", Start: "2003-01-01", End: "2025-06-01"}, "evds", "Prices", "CPI")
	return f
}

// The short-query prior puts the family's head, national, live and long
// row first among near-equals; a query naming the sub-series gets it.
func TestShortQueryPriorPrefersTheFamilyHead(t *testing.T) {
	e := newEngine(t, priorFixture(), true, Options{})
	for _, c := range []struct{ query, first string }{
		{"industrial production", "fred:INDPRO"},
		{"mortgage rate", "fred:MORTGAGE30US"},
		{"housing starts", "fred:HOUST"},
		// The specific sub-series, asked for, is not displaced.
		{"industrial production mining", "fred:IPA"},
		{"industrial production durable goods", "fred:IPD"},
		{"mortgage rate northeast", "fred:MORTGAGE30A"},
		{"building permits", "fred:PERMIT"},
	} {
		got := flatten(search(t, e, Request{Query: c.query, Mode: Keyword, Limit: 5}))
		if len(got) == 0 || got[0] != c.first {
			t.Errorf("%q: got %v, want %s first", c.query, got, c.first)
		}
	}
	// The prior itself orders each family's rows so.
	for _, c := range [][2]string{
		{"fred:INDPRO", "fred:IPA"}, {"fred:MORTGAGE30US", "fred:MORTGAGE30A"}, {"fred:HOUST", "fred:AHOUST"},
	} {
		if hi, lo := e.rowPrior(rowOf(t, e, c[0])), e.rowPrior(rowOf(t, e, c[1])); hi <= lo {
			t.Errorf("prior of %s %.3f, not above %s's %.3f", c[0], hi, c[1], lo)
		}
	}
	// Without the prior, text and metadata alone leave the near-equal
	// twins in id order: the test above is the prior's doing.
	off := newEngine(t, priorFixture(), true, Options{Disable: Signals{Prior: true}})
	if got := flatten(search(t, off, Request{Query: "housing starts", Mode: Keyword, Limit: 5})); len(got) == 0 || got[0] != "fred:AHOUST" {
		t.Errorf("without the prior: %v (the fixture no longer isolates the prior)", got)
	}
}

// A short query's re-ranking reaches the rows of its best
// shortQueryHeadings headings, however many rows one heading holds.
func TestShortQueryReachCountsHeadings(t *testing.T) {
	e := &Engine{rowHead: make([]int32, 0, 400)}
	var cs []*candidate
	// One heading of 300 look-alike rows first, then one row per heading.
	for i := range 300 {
		e.rowHead = append(e.rowHead, 0)
		cs = append(cs, &candidate{row: int32(i)})
	}
	for h := 1; h <= 100; h++ {
		e.rowHead = append(e.rowHead, int32(h))
		cs = append(cs, &candidate{row: int32(len(e.rowHead) - 1)})
	}
	want := 300 + shortQueryHeadings - 1 // the big heading and the next headings up to the limit
	if got := e.shortQueryReach(cs, 20); got != want {
		t.Errorf("reach %d, want %d", got, want)
	}
	if got := e.shortQueryReach(cs[:10], 20); got != 20 {
		t.Errorf("reach of a short list %d, want the limit", got)
	}
	if got := e.shortQueryReach(cs, 500); got != 500 {
		t.Errorf("reach %d below the limit", got)
	}
}

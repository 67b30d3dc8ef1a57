package search

import (
	"slices"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

func unitTwinFixture() *fixture {
	f := &fixture{}
	for _, c := range []struct{ country, iso string }{{"South Africa", "ZAF"}, {"Brazil", "BRA"}} {
		for _, unit := range []string{"Index", "Percent change"} {
			f.add(bundle.SeriesRow{NativeID: "WEO|" + c.country + "|CPI|" + unit, Title: "Inflation, average consumer prices — " + c.country,
				Unit: unit, Frequency: "A", Country: c.iso}, "weo", "Inflation, average consumer prices")
		}
	}
	f.add(bundle.SeriesRow{NativeID: "ZAFCPI", Title: "Consumer Price Index for South Africa", Unit: "Index 2015=100", Country: "ZAF"}, "fred", "Consumer Price Index")
	return f
}

func TestUnitTwinsFollowTheAskedChange(t *testing.T) {
	e := newEngine(t, unitTwinFixture(), true, Options{})
	idx, pct := "weo:WEO|South Africa|CPI|Index", "weo:WEO|South Africa|CPI|Percent change"
	before := func(got []string, a, b string) bool {
		i, j := slices.Index(got, a), slices.Index(got, b)
		return i >= 0 && j >= 0 && i < j
	}
	for _, q := range []string{"inflation in South Africa", "South Africa consumer prices year on year", "South Africa consumer price growth"} {
		if got := flatten(search(t, e, Request{Query: q, Mode: Keyword, Limit: 10})); !before(got, pct, idx) {
			t.Errorf("%q asks for a change: %v; want %s before %s", q, got, pct, idx)
		}
	}
	// Asked for the level, the level twin leads; and with boosts off
	// (the step is one of them) the change twin no longer leads.
	if got := flatten(search(t, e, Request{Query: "South Africa consumer prices index", Mode: Keyword, Limit: 10})); !before(got, idx, pct) {
		t.Errorf("the level asked: %v; want %s before %s", got, idx, pct)
	}
	off := newEngine(t, unitTwinFixture(), true, Options{Disable: Signals{Boosts: true}})
	if got := flatten(search(t, off, Request{Query: "inflation in South Africa", Mode: Keyword, Limit: 10})); before(got, pct, idx) {
		t.Errorf("without boosts: %v (the fixture no longer isolates the twin order)", got)
	}
	// Only twins trade places: every position keeps its score, so each
	// group's rows stay in score order.
	res := search(t, e, Request{Query: "inflation in South Africa", Mode: Keyword, Limit: 10, Explain: true})
	for _, g := range res.Groups {
		var scores []float64
		for _, h := range g.Hits {
			scores = append(scores, h.Score)
		}
		if !slices.IsSortedFunc(scores, func(a, b float64) int { return -cmpFloat(a, b) }) {
			t.Errorf("group %q: scores out of order after the twins' step: %v", g.Heading, scores)
		}
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

package search

import (
	"math"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

// eciFixture holds a series and its breakdowns, which answer a question
// about the series as fully as the series does.
func eciFixture() *fixture {
	f := &fixture{}
	eci := []string{"fred", "Employment Cost Index"}
	f.add(bundle.SeriesRow{NativeID: "ECIALLCIV", Title: "Employment Cost Index: Total compensation: All Civilian", Unit: "Index Dec 2005=100", Country: "USA", Frequency: "Q", SeasonalAdjustment: "SA", Start: "2001-01-01", End: "2022-07-01"}, eci...)
	for _, c := range []struct{ id, part string }{{"CIS1013000000000I", "Manufacturing"}, {"CIS1019200000000I", "Public administration"}, {"CIS1016220000000I", "Hospitals"}} {
		f.add(bundle.SeriesRow{NativeID: c.id, Title: "Employment Cost Index: Total compensation for All Civilian workers in " + c.part, Unit: "Index Dec 2005=100", Country: "USA", Frequency: "Q", SeasonalAdjustment: "SA", Start: "2001-01-01", End: "2022-07-01"}, eci...)
	}
	tcpi := []string{"evds", "PRICE INDICES", "Consumer Price Index (2003=100)"}
	f.add(bundle.SeriesRow{NativeID: "TP.FG.J0", Title: "0.GENERAL", Unit: "Index", Country: "TUR", Start: "2004-01-01", End: "2024-10-01"}, tcpi...)
	f.add(bundle.SeriesRow{NativeID: "TP.FG.J07", Title: "7.TRANSPORT PRICE INDEX", Unit: "Index", Country: "TUR", Start: "2004-01-01", End: "2024-10-01"}, tcpi...)
	return f
}

func TestFocusSharesOfTitleWords(t *testing.T) {
	e := newEngine(t, eciFixture(), true, Options{})
	row := func(id string) int32 { return rowOf(t, e, id) }
	q := e.parser.Parse("employment cost index total compensation all civilian workers")
	said := saidWords(q)
	if got := e.focus(said, row("fred:ECIALLCIV")); got != 1 {
		t.Errorf("the series itself: focus %v, want 1 (every title word said)", got)
	}
	// The breakdown's title says one word the query does not.
	whole, part := e.focus(said, row("fred:ECIALLCIV")), e.focus(said, row("fred:CIS1013000000000I"))
	if !(part < whole && part > 0.5) {
		t.Errorf("a breakdown: focus %v, want below the series' %v and above 1/2", part, whole)
	}
	// Words the title shares with its heading path name the family: they
	// are left out unless said ("price index" under the CPI heading).
	tq := e.parser.Parse("transport")
	if got := e.focus(saidWords(tq), row("evds:TP.FG.J07")); got != 1 {
		t.Errorf("heading words in the title: focus %v, want 1", got)
	}
	// A bare total label reads as its heading's label, "Consumer Price
	// Index (2003=100)": of consumer, price and index the query says
	// index; with all three said, the label is all said.
	if got := e.focus(said, row("evds:TP.FG.J0")); math.Abs(got-1.0/3) > 1e-9 {
		t.Errorf("a bare label: focus %v, want 1/3 (its heading label's words)", got)
	}
	if got := e.focus(saidWords(e.parser.Parse("consumer price index Turkey")), row("evds:TP.FG.J0")); got != 1 {
		t.Errorf("a bare label under a heading the query names: focus %v, want 1", got)
	}
}

// TestFocusFavoursTheSeriesOverItsBreakdowns checks the stage end to
// end: each hit's score holds Weights.Focus times its focus, the series
// gains more than any breakdown, and with the signal off the scores lose
// exactly that.
func TestFocusFavoursTheSeriesOverItsBreakdowns(t *testing.T) {
	e := newEngine(t, eciFixture(), true, Options{})
	req := Request{Query: "employment cost index total compensation all civilian workers", Mode: Keyword, Explain: true}
	on := search(t, e, req)
	var series float64
	for _, h := range flattenHits(on) {
		if h.ID == "fred:ECIALLCIV" {
			series = h.Explain.Focus
		}
	}
	for _, h := range flattenHits(on) {
		if h.ID != "fred:ECIALLCIV" && h.Explain.Focus >= series {
			t.Errorf("%s: focus %v, want below the series' %v", h.ID, h.Explain.Focus, series)
		}
	}
	off := WithWeights(e, e.w, Signals{Focus: true})
	if off.active(Keyword).Focus {
		t.Fatal("focus still active when disabled")
	}
	offHits := map[string]Hit{}
	for _, h := range flattenHits(search(t, off, req)) {
		offHits[h.ID] = h
	}
	n := 0
	for _, h := range flattenHits(on) {
		if h.Explain.Focus < 0 || h.Explain.Focus > e.w.Focus {
			t.Errorf("%s: focus %v outside [0, %v]", h.ID, h.Explain.Focus, e.w.Focus)
		}
		o, ok := offHits[h.ID]
		if !ok {
			continue
		}
		n++
		if o.Explain.Focus != 0 || math.Abs(h.Score-h.Explain.Focus-o.Score) > 1e-9 {
			t.Errorf("%s: score %v with focus %v, %v (focus %v) without", h.ID, h.Score, h.Explain.Focus, o.Score, o.Explain.Focus)
		}
	}
	if n < 4 {
		t.Errorf("%d hits compared, want the four ECI rows", n)
	}
}

func flattenHits(r Result) []Hit {
	var out []Hit
	for _, g := range r.Groups {
		out = append(out, g.Hits...)
	}
	return out
}

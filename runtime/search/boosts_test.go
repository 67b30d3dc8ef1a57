package search

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/runtime/query"
)

// The engine reads every row's boost facts in the background after it
// opens; once done, each row's facts equal those a query would read on
// its own, and rows under one heading share that heading's facts.
func TestRowsPreparedInBackground(t *testing.T) {
	e := newEngine(t, totalsFixture(), true, Options{})
	WaitPrepared(e)
	u := query.Parse("Turkish weekly total consumer loans, seasonally adjusted (CBRT)")
	for i := range e.cat.Len() {
		p := e.prep.rows[i].Load()
		if p == nil {
			t.Fatalf("row %d (%s) not prepared after WaitPrepared", i, e.cat.RowAt(int(i)).ID)
		}
		meta := query.RowMeta{Source: e.cat.RowAt(int(i)).Source, Country: e.cat.RowAt(int(i)).Country, Title: e.cat.RowAt(int(i)).Title, Unit: e.cat.RowAt(int(i)).Unit,
			Frequency: catalogsrc.Frequency(e.cat.RowAt(int(i)).Frequency), SeasonalAdjustment: e.cat.RowAt(int(i)).SeasonalAdjustment}
		if h := e.rowHead[i]; h >= 0 {
			meta.Heading = e.cat.Headings[h].Path
			if e.prep.heads[h].Load() == nil {
				t.Errorf("heading %d of row %d not prepared", h, i)
			}
		}
		if got, want := u.BoostPrepared(*p, e.boost), u.BoostDetail(meta, e.boost); got != want {
			t.Errorf("row %s: prepared boosts %+v, read on use %+v", e.cat.RowAt(int(i)).ID, got, want)
		}
	}
}

// Closing an engine stops its background reading (Close returns, and a
// second Close is harmless).
func TestCloseStopsPreparing(t *testing.T) {
	e, err := New(t.Context(), totalsFixture().build(t, true), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-e.prep.done:
	default:
		t.Fatal("background preparation still running after Close")
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
}

// An engine opened OnDemand reads no row before a query meets it, and
// ranks exactly as one that read every row in the background.
func TestOnDemandRanksAlike(t *testing.T) {
	f := totalsFixture()
	lazy := newEngine(t, f, true, Options{OnDemand: true})
	eager := newEngine(t, f, true, Options{})
	WaitPrepared(eager)
	for i := range lazy.cat.Len() {
		if lazy.prep.rows[i].Load() != nil {
			t.Fatalf("row %s prepared before any query", lazy.cat.RowAt(int(i)).ID)
		}
	}
	for _, q := range []string{"consumer price index", "bank loans", "house sales, whole country", "gdp of germany"} {
		got, want := search(t, lazy, Request{Query: q, Mode: Keyword, Explain: true}), search(t, eager, Request{Query: q, Mode: Keyword, Explain: true})
		if !slices.Equal(flatten(got), flatten(want)) {
			t.Errorf("%q: on demand %v, prepared %v", q, flatten(got), flatten(want))
		}
	}
	WaitPrepared(lazy) // nothing to wait for: it must not block
}

// A source is a country's home source when nearly all its rows are
// about that country (and it has enough rows to tell).
func TestHomeSources(t *testing.T) {
	f := &fixture{}
	for i := range 120 {
		f.add(bundle.SeriesRow{NativeID: fmt.Sprintf("TR%d", i), Title: fmt.Sprintf("Turkish series %d", i), Country: "TUR"}, "evds", "Prices")
		country := "USA"
		if i%3 == 0 {
			country = "TUR"
		}
		f.add(bundle.SeriesRow{NativeID: fmt.Sprintf("US%d", i), Title: fmt.Sprintf("Mixed series %d", i), Country: country}, "fred", "Prices")
	}
	for i := range 20 {
		f.add(bundle.SeriesRow{NativeID: fmt.Sprintf("B%d", i), Title: fmt.Sprintf("Small source series %d", i), Country: "DEU"}, "bis", "Rates")
	}
	e := newEngine(t, f, true, Options{})
	got := map[string]string{}
	for name, code := range e.sourceCode {
		got[name] = e.sourceHome[code]
	}
	want := map[string]string{"evds": "TUR", "fred": "", "bis": ""}
	for src, w := range want {
		if got[src] != w {
			t.Errorf("home of %s = %q, want %q", src, got[src], w)
		}
	}
	res := search(t, e, Request{Query: "Turkish series", Mode: Keyword, Explain: true})
	for _, g := range res.Groups {
		for _, h := range g.Hits {
			if src, _, _ := strings.Cut(h.ID, ":"); (src == "evds") != (h.Explain.Boost > 0.3*e.w.Boost) {
				t.Errorf("%s: boost %v; want the home-source bonus on evds rows only", h.ID, h.Explain.Boost)
			}
		}
	}
}

// One heading may fill at most half a result while other headings have
// candidates; the result stays in rank order and full.
func TestResultSharedAmongHeadings(t *testing.T) {
	f := &fixture{}
	for _, c := range []string{"Albania", "Belgium", "Chile", "Denmark", "Egypt", "France"} {
		f.add(bundle.SeriesRow{NativeID: "WEO." + c, Title: "Gross domestic product, deflator — " + c, Unit: "Index"}, "weo", "Gross domestic product, deflator")
	}
	f.add(bundle.SeriesRow{NativeID: "NGDP_D_IX", Title: "Gross Domestic Product, Deflator, Index, by quarter and source", Unit: "Index"}, "ifs", "National Accounts")
	e := newEngine(t, f, true, Options{})
	full := flatten(search(t, e, Request{Query: "gdp deflator", Mode: Keyword, Limit: 10}))
	if len(full) != 7 || full[6] != "ifs:NGDP_D_IX" {
		t.Fatalf("unlimited: %v, want the six WEO rows, then the IFS row", full)
	}
	res := search(t, e, Request{Query: "gdp deflator", Mode: Keyword, Limit: 4})
	got := flatten(res)
	if len(got) != 4 || !slices.Contains(got, "ifs:NGDP_D_IX") {
		t.Errorf("limit 4: %v, want the IFS row among four", got)
	}
	var prev float64
	for i, h := range res.Ranked() {
		if i > 0 && h.Score > prev {
			t.Errorf("rank %d scores %v after %v: not in rank order", i, h.Score, prev)
		}
		prev = h.Score
	}
	if n := len(res.Groups[0].Hits); n != 3 {
		t.Errorf("the WEO heading holds %d of 4 rows, want 3 (two first, one to fill the page)", n)
	}
}

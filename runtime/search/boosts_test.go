package search

import (
	"slices"
	"testing"

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
	for i := range e.cat.Rows {
		p := e.prep.rows[i].Load()
		if p == nil {
			t.Fatalf("row %d (%s) not prepared after WaitPrepared", i, e.cat.Rows[i].ID)
		}
		meta := query.RowMeta{Source: e.cat.Rows[i].Source, Country: e.cat.Rows[i].Country, Title: e.cat.Rows[i].Title, Unit: e.cat.Rows[i].Unit,
			Frequency: catalogsrc.Frequency(e.cat.Rows[i].Frequency), SeasonalAdjustment: e.cat.Rows[i].SeasonalAdjustment}
		if h := e.rowHead[i]; h >= 0 {
			meta.Heading = e.cat.Headings[h].Path
			if e.prep.heads[h].Load() == nil {
				t.Errorf("heading %d of row %d not prepared", h, i)
			}
		}
		if got, want := u.BoostPrepared(*p, e.boost), u.BoostDetail(meta, e.boost); got != want {
			t.Errorf("row %s: prepared boosts %+v, read on use %+v", e.cat.Rows[i].ID, got, want)
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
	for i := range lazy.cat.Rows {
		if lazy.prep.rows[i].Load() != nil {
			t.Fatalf("row %s prepared before any query", lazy.cat.Rows[i].ID)
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

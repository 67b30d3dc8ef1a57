package search

import (
	"context"
	"os"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/catalog"
)

// TestStaleRows checks the cutoff per source (staleYears before the end a
// quarter of the source's rows reach, so one far projection does not make
// current rows stale) and that a stale row ranks below its current twin.
func TestStaleRows(t *testing.T) {
	f := &fixture{}
	h := []string{"fred", "Housing"}
	f.add(bundle.SeriesRow{NativeID: "OLDPERMIT", Title: "Housing Units Authorized by Building Permits", Country: "USA", Frequency: "M", Start: "1918-01-01", End: "1963-12-01"}, h...)
	f.add(bundle.SeriesRow{NativeID: "NEWPERMIT", Title: "Housing Units Authorized by Building Permits, Total", Country: "USA", Frequency: "M", Start: "1960-01-01", End: "2022-11-01"}, h...)
	for _, id := range []string{"A", "B", "C"} {
		f.add(bundle.SeriesRow{NativeID: "CUR" + id, Title: "Housing Starts " + id, Country: "USA", Frequency: "M", Start: "1960-01-01", End: "2022-10-01"}, h...)
	}
	f.add(bundle.SeriesRow{NativeID: "PROJ", Title: "Projected Housing Starts", Country: "USA", Frequency: "A", Start: "2023-01-01", End: "2033-01-01"}, h...)
	e := newEngine(t, f, true, Options{})
	code := e.rowSource[0]
	if got := e.staleBefore[code]; got != "2012-11-01" {
		t.Errorf("fred cutoff %q, want 2012-11-01 (ten years before the recent end, not the projection's)", got)
	}
	stale := map[string]bool{}
	u := e.parser.Parse("housing")
	for i := range e.cat.Len() {
		stale[e.cat.RowAt(int(i)).NativeID] = u.BoostPrepared(*e.prepared(int32(i)), e.boost).Archived < 0
	}
	if !stale["OLDPERMIT"] || stale["NEWPERMIT"] || stale["PROJ"] {
		t.Errorf("stale rows %v; want only OLDPERMIT", stale)
	}
	res := search(t, e, Request{Query: "housing units authorized by building permits", Mode: Keyword})
	if first := firstHit(res); first.NativeID != "NEWPERMIT" {
		t.Errorf("first hit %s, want the current series", first.NativeID)
	}
}

// BenchmarkStaleCutoffs times the cutoffs read at open on a built bundle
// (SEXTANT_SEARCH_BENCH): about 7 ms at 365,000 rows (50 ms when the
// ends were sorted).
func BenchmarkStaleCutoffs(b *testing.B) {
	dir := os.Getenv("SEXTANT_SEARCH_BENCH")
	if dir == "" {
		b.Skip("set SEXTANT_SEARCH_BENCH")
	}
	cat, err := catalog.Open(context.Background(), dir, catalog.Options{Bundle: bundle.OpenOptions{SkipChecksums: true}})
	if err != nil {
		b.Fatal(err)
	}
	src := make([]uint16, cat.Len())
	codes := map[string]uint16{}
	for i, r := range cat.AllRows() {
		c, ok := codes[r.Source]
		if !ok {
			c = uint16(len(codes))
			codes[r.Source] = c
		}
		src[i] = c
	}
	b.ResetTimer()
	for b.Loop() {
		staleCutoffs(cat.AllRows(), src, len(codes))
	}
}

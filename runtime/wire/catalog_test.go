package wire_test

import (
	"context"
	"testing"

	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/search"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

func openTestCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	cat, err := catalog.Open(context.Background(), wiretest.Bundle(t), catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func TestDescribeKnownAndUnknown(t *testing.T) {
	cat := openTestCatalog(t)
	ac := wire.NewAgentCatalog(cat, &wiretest.Searcher{Cat: cat})
	infos, err := ac.Describe(context.Background(), []string{wiretest.Unrate, "fred:NOPE", wiretest.Unratensa, "UNRATE"})
	if err != nil {
		t.Fatal(err)
	}
	if len(infos) != 2 {
		t.Fatalf("got %d descriptions, want 2 (unknown and bare ids left out): %+v", len(infos), infos)
	}
	byID := map[string]int{}
	for i, in := range infos {
		byID[in.ID] = i
	}
	u := infos[byID[wiretest.Unrate]]
	if !u.HasData || u.Unit != "Percent" || u.Frequency != "M" || u.Start != "1966-01-01" {
		t.Errorf("UNRATE description: %+v", u)
	}
	if len(u.HeadingPath) != 2 || u.HeadingPath[1] != "Employment and unemployment" || u.HeadingSize != 3 {
		t.Errorf("UNRATE heading: path %v size %d, want FRED > Employment and unemployment with 3 rows", u.HeadingPath, u.HeadingSize)
	}
	n := infos[byID[wiretest.Unratensa]]
	if n.HasData || n.Start != "1948-01-01" || n.End != "2024-10-01" || n.SeasonalAdjustment != "NSA" {
		t.Errorf("UNRATENSA (no observations) description: %+v", n)
	}
}

func TestSearchPassesThrough(t *testing.T) {
	cat := openTestCatalog(t)
	s := &wiretest.Searcher{Cat: cat}
	ac := wire.NewAgentCatalog(cat, s)
	req := search.Request{Query: "policy rate", Country: "TUR", Limit: 5}
	res, err := ac.Search(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Requests) != 1 || s.Requests[0].Country != "TUR" || s.Requests[0].Limit != 5 {
		t.Fatalf("searcher got %+v, want the request unchanged", s.Requests)
	}
	if len(res.Groups) != 1 || len(res.Groups[0].Hits) != 1 || res.Groups[0].Hits[0].ID != wiretest.PolicyTR {
		t.Fatalf("result: %+v", res)
	}
}

func TestCoverage(t *testing.T) {
	cat := openTestCatalog(t)
	got := wire.Coverage(cat, []string{"NILE", "fred:NOPE", wiretest.Unratensa})
	want := "demo:NILE has values from 1871-01-01 to 1970-01-01; fred:NOPE is not in the catalog; fred:UNRATENSA has no observations in this bundle"
	if got != want {
		t.Errorf("coverage:\n got %s\nwant %s", got, want)
	}
}

package search

import (
	"context"
	"slices"
	"testing"

	bsearch "github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
)

// TestIntersectAndUnion checks the list merges against a brute-force
// count: documents in every list, and in all lists but any one.
func TestIntersectAndUnion(t *testing.T) {
	var lists [][]uint32
	for _, m := range []uint32{2, 3, 5, 7} {
		var l []uint32
		for d := uint32(0); d < 2000; d++ {
			if d%m == 0 || d == 1999 {
				l = append(l, d)
			}
		}
		lists = append(lists, l)
	}
	count := map[uint32]int{}
	for _, l := range lists {
		for _, d := range l {
			count[d]++
		}
	}
	var all, allButOne []uint32
	for d, n := range count {
		if n == len(lists) {
			all = append(all, d)
		}
		if n >= len(lists)-1 {
			allButOne = append(allButOne, d)
		}
	}
	slices.Sort(all)
	slices.Sort(allButOne)
	if got := intersect(lists); !slices.Equal(got, all) {
		t.Errorf("intersect: %d documents, want %d", len(got), len(all))
	}
	var parts [][]uint32
	for skip := range lists {
		rest := slices.Delete(slices.Clone(lists), skip, skip+1)
		parts = append(parts, intersect(rest))
	}
	if got := unionDocs(parts); !slices.Equal(got, allButOne) {
		t.Errorf("all but one: %d documents, want %d", len(got), len(allButOne))
	}
	if lists[0][1] != 2 {
		t.Error("intersect reordered its caller's lists")
	}
}

// TestDocListSearcherAdvances checks the list searcher's Next and
// Advance: every document in order, and skipping to the first at or
// after a target.
func TestDocListSearcherAdvances(t *testing.T) {
	docs := []uint32{3, 9, 10, 400, 401, 5000}
	s, err := (&docListQuery{docs}).Searcher(context.Background(), nil, nil, bsearch.SearcherOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := &bsearch.SearchContext{DocumentMatchPool: bsearch.NewDocumentMatchPool(4, 0)}
	next := func(dm *bsearch.DocumentMatch, err error) uint64 {
		t.Helper()
		if err != nil || dm == nil {
			t.Fatalf("no match (%v)", err)
		}
		return dm.IndexInternalID.Value()
	}
	if got := next(s.Next(ctx)); got != 3 {
		t.Errorf("first %d, want 3", got)
	}
	if got := next(s.Advance(ctx, index.NewIndexInternalID(nil, 11))); got != 400 {
		t.Errorf("advance to 11: %d, want 400", got)
	}
	if got := next(s.Next(ctx)); got != 401 {
		t.Errorf("next %d, want 401", got)
	}
	if dm, _ := s.Advance(ctx, index.NewIndexInternalID(nil, 5001)); dm != nil {
		t.Errorf("advance past the end: %d", dm.IndexInternalID.Value())
	}
}

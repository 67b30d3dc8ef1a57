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

// TestBestTitles checks the best titles for common words against a
// brute-force sum: the k documents holding at least two of the words
// with the highest summed clause scores, and that the accumulator is
// left clean for the next query.
func TestBestTitles(t *testing.T) {
	// Lists of similar lengths (the longest walked) and one list far
	// longer than the others (galloped through).
	for _, every := range [][]uint32{{2, 3, 4}, {50, 70, 1}} {
		checkBestTitles(t, every, nil)
		// Words of a row's heading count too, once per word.
		checkBestTitles(t, every, []uint32{5, 7, 3})
		// Query words only headings hold (a rare word, an expansion)
		// count as well.
		checkBestTitles(t, every, []uint32{5, 7, 3, 4, 9})
	}
	// One title word: its titles need a heading holding another word.
	checkBestTitles(t, []uint32{3}, []uint32{5, 4})
	checkBestTitles(t, []uint32{3}, []uint32{5, 1})
	tf := &fieldPostings{l: &lexIndex{docRow: make([]int32, 10)}, lists: map[string]*titlePostings{"a": {docs: []uint32{1, 2}, sat: []float64{1, 1}}}}
	if got, err := tf.bestTitles(context.Background(), []titleClause{{tok: "a", weight: 1}}, 5, headWordsOf{}); err != nil || len(got) != 0 {
		t.Errorf("one word, no headings: %v, %v; want none", got, err)
	}
}

func checkBestTitles(t *testing.T, every, headEvery []uint32) {
	t.Helper()
	const docs, headings = 3000, 37
	tf := &fieldPostings{l: &lexIndex{docRow: make([]int32, docs)}, lists: map[string]*titlePostings{}}
	clauses := make([]titleClause, len(every))
	longest := 0
	for i, m := range every {
		w := string(rune('a' + i))
		p := &titlePostings{}
		for d := uint32(0); d < docs; d++ {
			if d%m == 0 {
				p.docs = append(p.docs, d)
				p.sat = append(p.sat, 1/float64(1+d%17)) // shorter titles saturate more
			}
		}
		tf.lists[w] = p
		clauses[i] = titleClause{tok: w, weight: float64(i + 1)}
		if len(p.docs) > len(tf.lists[clauses[longest].tok].docs) {
			longest = i
		}
	}
	// Document d's row is under heading d % headings, which holds word i
	// when (heading+1) % headEvery[i] == 0.
	// Words past the clauses are held by headings only.
	headHolds := func(h uint32, i int) bool { return headEvery != nil && (h+1)%headEvery[i] == 0 }
	headScore := func(h uint32, i int) float32 { return float32(float64(i+1) * boostHeading / float64(1+h%5)) }
	var heads headWordsOf
	if headEvery != nil {
		heads.held = make([]headWords, headings)
		for h := range uint32(headings) {
			for i := range headEvery {
				if headHolds(h, i) {
					heads.held[h].words |= 1 << i
					heads.held[h].score += headScore(h, i)
				}
			}
		}
		heads.docHead = make([]int32, docs-1) // the last document is no row
		for d := range heads.docHead {
			heads.docHead[d] = int32(d % headings)
		}
	}
	want := func(k int) []uint32 {
		ref := bestRows{k: k}
		for d := uint32(0); d < docs; d++ {
			var s float32
			held, fromShorter := 0, false
			for i, c := range clauses {
				p := tf.lists[c.tok]
				j, inTitle := slices.BinarySearch(p.docs, d)
				if inTitle {
					s += float32(c.weight * p.sat[j])
					held++
					fromShorter = fromShorter || i != longest
				}
			}
			for i := range headEvery {
				if h := d % headings; d < docs-1 && headHolds(h, i) {
					s += headScore(h, i)
					inTitle := false
					if i < len(clauses) {
						_, inTitle = slices.BinarySearch(tf.lists[clauses[i].tok].docs, d)
					}
					if !inTitle {
						held++
					}
				}
			}
			// Only titles holding a word of a shorter list are read
			// (every title of a lone word).
			fromShorter = fromShorter || len(clauses) == 1 && held > 0 && d%every[0] == 0
			if held >= 2 && fromShorter {
				ref.offer(rowScore{int32(d), float64(s)})
			}
		}
		var out []uint32
		for _, r := range ref.keep() {
			out = append(out, uint32(r.row))
		}
		slices.Sort(out)
		return out
	}
	for _, k := range []int{1, 40, 100000} {
		for range 2 { // the second run reuses the accumulator
			got, err := tf.bestTitles(context.Background(), clauses, k, heads)
			if err != nil {
				t.Fatal(err)
			}
			if w := want(k); !slices.Equal(got, w) {
				t.Fatalf("lists every %v (headings %v), k=%d: %d documents %v…, want %d %v…", every, headEvery, k, len(got), got[:min(5, len(got))], len(w), w[:min(5, len(w))])
			}
		}
	}
}

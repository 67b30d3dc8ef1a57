package search

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTopBufferMatchesSort checks the buffered selection against sorting
// everything offered, for many sizes, with scores that often tie, for
// text rows and vector hits.
func TestTopBufferMatchesSort(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	// Distinct rows (low bits: the offer's number), tied scores.
	row := func(i int) int32 { return int32(r.IntN(1<<20)<<9 | i) }
	checkTopBuffer(t, r, func(i int) rowScore { return rowScore{row(i), float64(r.IntN(20))} })
	checkTopBuffer(t, r, func(i int) scored { return scored{row(i), float32(r.IntN(20)) / 20} })
}

func checkTopBuffer[T interface {
	ranked[T]
	comparable
}](t *testing.T, r *rand.Rand, item func(i int) T) {
	t.Helper()
	for trial := range 300 {
		k, n := r.IntN(50), r.IntN(400)
		buf := topBuffer[T]{k: k}
		var all []T
		for i := range n {
			x := item(i)
			all = append(all, x)
			buf.offer(x)
		}
		slices.SortFunc(all, T.better)
		want := all[:min(k, len(all))]
		if got := buf.sorted(); !slices.Equal(got, want) {
			t.Fatalf("trial %d (k %d, n %d): %v, want %v", trial, k, n, got, want)
		}
	}
}

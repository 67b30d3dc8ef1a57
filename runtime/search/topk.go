package search

import (
	"cmp"
	"slices"
)

// The best k of many.
//
// A text pass offers each of its ~8,000 matches to a 4,000-row pool, the
// vector probe thousands of rows to a 1,000-row one. topBuffer appends
// offers to a buffer of up to 2k, cuts a full buffer to its k best by
// selection, and from then on bars every offer that does not beat the
// k-th best of the last cut: amortised O(1) an offer, against a heap's
// O(log k) sift.

// ranked is an item with a total order: a.better(b) < 0 when a ranks
// before b.
type ranked[T any] interface {
	better(T) int
}

// topBuffer keeps the k best items offered.
type topBuffer[T ranked[T]] struct {
	k     int
	h     []T  // the buffer; after keep(), the k best in no order
	floor T    // the k-th best at the last cut
	cut   bool // whether floor is set
}

// maxBufferPrealloc bounds the capacity a buffer takes at once.
const maxBufferPrealloc = 1 << 14

func (t *topBuffer[T]) offer(x T) {
	if t.k == 0 || t.cut && x.better(t.floor) >= 0 {
		return
	}
	if t.h == nil {
		// The buffer fills on most queries: one allocation.
		t.h = make([]T, 0, min(2*t.k, maxBufferPrealloc))
	}
	t.h = append(t.h, x)
	if len(t.h) >= 2*t.k {
		t.keep()
	}
}

// keep cuts the buffer to its k best and returns them, in no order.
func (t *topBuffer[T]) keep() []T {
	if len(t.h) > t.k {
		selectTop(t.h, t.k)
		t.h = t.h[:t.k]
		t.floor, t.cut = t.h[0], true
		for _, x := range t.h[1:] {
			if x.better(t.floor) > 0 {
				t.floor = x
			}
		}
	}
	return t.h
}

// sorted returns the kept items best first.
func (t *topBuffer[T]) sorted() []T {
	out := append([]T(nil), t.keep()...)
	slices.SortFunc(out, T.better)
	return out
}

// selectTop reorders a (of distinct items) so that a[:k] holds its k
// best, in no order (Hoare's selection).
func selectTop[T ranked[T]](a []T, k int) {
	lo, hi := 0, len(a)-1
	for lo < hi {
		p := a[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for a[i].better(p) < 0 {
				i++
			}
			for p.better(a[j]) < 0 {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		switch {
		case k-1 <= j:
			hi = j
		case k-1 >= i:
			lo = i
		default:
			return
		}
	}
}

// rowScore is a row with its text score.
type rowScore struct {
	row   int32
	score float64
}

// better orders rows best first: higher score, then earlier row.
func (a rowScore) better(b rowScore) int {
	switch {
	case a.score > b.score:
		return -1
	case a.score < b.score:
		return 1
	}
	return cmp.Compare(a.row, b.row)
}

// bestRows keeps the k best rows offered (ties to the earlier row).
type bestRows = topBuffer[rowScore]

// scored is a row (or partition) with its similarity to the query.
type scored struct {
	idx int32
	sim float32
}

// better orders items best first: higher similarity, then lower index.
func (a scored) better(b scored) int {
	switch {
	case a.sim > b.sim:
		return -1
	case a.sim < b.sim:
		return 1
	}
	return cmp.Compare(a.idx, b.idx)
}

// topK collects the k best items offered to it.
type topK = topBuffer[scored]

package changepoint

import (
	"fmt"
	"math"
	"slices"
)

// PELT finds the segmentation minimising the sum of segment costs plus the
// penalty per break, exactly, pruning candidate last-breaks that can never be
// optimal again. Its run time is linear when breaks keep occurring as the
// series grows and quadratic at worst (a long series with no break at all).
// With the AR(1) noise model the search runs once per fitting round (see
// Noise), usually two or three times.
func PELT(values []float64, o Options) (Result, error) {
	if len(values) > MaxPELTValues {
		return Result{}, fmt.Errorf("%w: %d values, at most %d; aggregate to a coarser frequency or use BinSeg", ErrTooLong, len(values), MaxPELTValues)
	}
	o, err := prepare(values, o)
	if err != nil {
		return Result{}, err
	}
	pen := o.Penalty.Value(o.Cost, len(values))
	c, breaks, rounds := fit(values, o, func(c *coster) []int { return peltSearch(c, o.MinSegment, pen) })
	return result("PELT", c, o, breaks, pen, rounds), nil
}

// peltSearch returns the first indexes of the regimes after the first in the
// optimal segmentation under c, in increasing order. When c's cost can rise
// on a split (the AR(1) cost), nothing is pruned: the search is then plain
// optimal partitioning, still exact, and quadratic in n.
func peltSearch(c *coster, m int, pen float64) []int {
	n, prune := c.n, c.prunable()
	f := make([]float64, n+1) // f[t]: best penalised cost of values [0, t)
	last := make([]int, n+1)  // last[t]: start of the final segment in that optimum
	for i := range f {
		f[i] = math.Inf(1)
	}
	f[0] = -pen
	// A candidate s that fails the pruning test at time t can still end the
	// last-but-one segment for T < t+m (the segment [t, T) would be too short
	// to make the test's argument), so it is dropped m steps later.
	type cand struct{ s, prunedAt int }
	cands := []cand{{s: 0}}
	vals := make([]float64, 0, 64)
	for t := m; t <= n; t++ {
		if s := t - m; s >= m {
			cands = append(cands, cand{s: s})
		}
		live := cands[:0]
		for _, cd := range cands {
			if cd.prunedAt == 0 || t < cd.prunedAt+m {
				live = append(live, cd)
			}
		}
		cands = live
		best, arg := math.Inf(1), 0
		vals = vals[:0]
		for _, cd := range cands {
			v := f[cd.s] + c.cost(cd.s, t)
			vals = append(vals, v)
			if v+pen < best {
				best, arg = v+pen, cd.s
			}
		}
		f[t], last[t] = best, arg
		for i := range cands {
			if prune && cands[i].prunedAt == 0 && vals[i] > best {
				cands[i].prunedAt = t
			}
		}
	}
	var breaks []int
	for t := last[n]; t > 0; t = last[t] {
		breaks = append(breaks, t)
	}
	slices.Reverse(breaks)
	return breaks
}

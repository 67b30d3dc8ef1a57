package changepoint

import (
	"fmt"
	"math"
)

// PELT finds the segmentation minimising the sum of segment costs plus the
// penalty per break, exactly, pruning candidate last-breaks that can never be
// optimal again. Its run time is linear when breaks keep occurring as the
// series grows and quadratic at worst (a long series with no break at all).
func PELT(values []float64, o Options) (Result, error) {
	if len(values) > MaxPELTValues {
		return Result{}, fmt.Errorf("%w: %d values, at most %d; aggregate to a coarser frequency or use BinSeg", ErrTooLong, len(values), MaxPELTValues)
	}
	c, o, err := prepare(values, o)
	if err != nil {
		return Result{}, err
	}
	n, m := c.n, o.MinSegment
	pen := o.Penalty.Value(o.Cost, n)
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
		for _, c := range cands {
			if c.prunedAt == 0 || t < c.prunedAt+m {
				live = append(live, c)
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
			if cands[i].prunedAt == 0 && vals[i] > best {
				cands[i].prunedAt = t
			}
		}
	}
	var breaks []int
	for t := last[n]; t > 0; t = last[t] {
		breaks = append(breaks, t)
	}
	return result("PELT", c, o, breaks, pen), nil
}

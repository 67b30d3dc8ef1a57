package changepoint

import "math"

// PELT finds the segmentation minimising the sum of segment costs plus the
// penalty per break, exactly, pruning candidate last-breaks that can never be
// optimal again. Its run time is linear when breaks keep occurring as the
// series grows and quadratic at worst (a long series with no break at all).
func PELT(values []float64, o Options) (Result, error) {
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
	cands := []int{0}
	vals := make([]float64, 0, 64)
	for t := m; t <= n; t++ {
		if s := t - m; s >= m {
			cands = append(cands, s)
		}
		best, arg := math.Inf(1), 0
		vals = vals[:0]
		for _, s := range cands {
			v := f[s] + c.cost(s, t)
			vals = append(vals, v)
			if v+pen < best {
				best, arg = v+pen, s
			}
		}
		f[t], last[t] = best, arg
		keep := cands[:0]
		for i, s := range cands {
			if vals[i] <= best {
				keep = append(keep, s)
			}
		}
		cands = keep
	}
	var breaks []int
	for t := last[n]; t > 0; t = last[t] {
		breaks = append(breaks, t)
	}
	return result("PELT", c, o, breaks, pen), nil
}

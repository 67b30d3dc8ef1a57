package changepoint

import (
	"math"
	"slices"
)

// split is the best single break inside one segment.
type split struct {
	a, b  int // segment [a, b)
	at    int // best break, or -1 when the segment is too short
	gain  float64
	valid bool
}

// BinSeg finds breaks by binary segmentation: it repeatedly splits, at its
// best point, the segment whose split saves the most cost, while the saving
// exceeds the penalty and fewer than MaxBreaks breaks were found. It is an
// approximation of PELT's optimum, faster on long series without breaks.
func BinSeg(values []float64, o Options) (Result, error) {
	o, err := prepare(values, o)
	if err != nil {
		return Result{}, err
	}
	pen := o.Penalty.Value(o.Cost, len(values))
	c, breaks, rounds := fit(values, o, func(c *coster) []int { return binsegSearch(c, o.MinSegment, o.MaxBreaks, pen) })
	return result("BinSeg", c, o, breaks, pen, rounds), nil
}

// binsegSearch returns the breaks binary segmentation finds under c, sorted.
func binsegSearch(c *coster, minSeg, maxBreaks int, pen float64) []int {
	best := func(a, b int) split {
		sp := split{a: a, b: b, at: -1, gain: math.Inf(-1)}
		whole := c.cost(a, b)
		for s := a + minSeg; s <= b-minSeg; s++ {
			if g := whole - c.cost(a, s) - c.cost(s, b); g > sp.gain {
				sp.gain, sp.at, sp.valid = g, s, true
			}
		}
		return sp
	}
	open := []split{best(0, c.n)}
	var breaks []int
	for maxBreaks <= 0 || len(breaks) < maxBreaks {
		bi := -1
		for i, sp := range open {
			if sp.valid && sp.gain > pen && (bi < 0 || sp.gain > open[bi].gain) {
				bi = i
			}
		}
		if bi < 0 {
			break
		}
		sp := open[bi]
		breaks = append(breaks, sp.at)
		open[bi] = best(sp.a, sp.at)
		open = append(open, best(sp.at, sp.b))
	}
	slices.Sort(breaks)
	return breaks
}

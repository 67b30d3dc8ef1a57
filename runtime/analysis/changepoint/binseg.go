package changepoint

import "math"

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
	c, o, err := prepare(values, o)
	if err != nil {
		return Result{}, err
	}
	pen := o.Penalty.Value(o.Cost, c.n)
	best := func(a, b int) split {
		sp := split{a: a, b: b, at: -1, gain: math.Inf(-1)}
		whole := c.cost(a, b)
		for s := a + o.MinSegment; s <= b-o.MinSegment; s++ {
			if g := whole - c.cost(a, s) - c.cost(s, b); g > sp.gain {
				sp.gain, sp.at, sp.valid = g, s, true
			}
		}
		return sp
	}
	open := []split{best(0, c.n)}
	var breaks []int
	for o.MaxBreaks <= 0 || len(breaks) < o.MaxBreaks {
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
	return result("BinSeg", c, o, breaks, pen), nil
}

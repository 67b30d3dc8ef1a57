package changepoint

import (
	"math"
	"slices"
)

// coster evaluates segment costs in O(1) from prefix sums of the values,
// centred and scaled for numerical accuracy.
type coster struct {
	n      int
	kind   Cost
	center float64
	scale  float64   // Mean: noise sd; MeanVar: 0
	unit   float64   // divisor applied to centred values before summing
	s1, s2 []float64 // prefix sums of z and z²
	floor  float64   // MeanVar: smallest variance (in z units)
}

func newCoster(x []float64, o Options) *coster {
	n := len(x)
	c := &coster{n: n, kind: o.Cost, s1: make([]float64, n+1), s2: make([]float64, n+1)}
	c.center = median(x)
	c.unit = 1
	if o.Cost == Mean {
		c.scale = o.Scale
		if c.scale == 0 {
			c.scale = noiseScale(x)
		}
		if c.scale > 0 {
			c.unit = c.scale
		}
	} else {
		if sd := stddev(x); sd > 0 {
			c.unit = sd
		}
	}
	for i, v := range x {
		z := (v - c.center) / c.unit
		c.s1[i+1] = c.s1[i] + z
		c.s2[i+1] = c.s2[i] + z*z
	}
	c.floor = 1e-6
	return c
}

// cost of values [a, b).
func (c *coster) cost(a, b int) float64 {
	m := float64(b - a)
	s1 := c.s1[b] - c.s1[a]
	s2 := c.s2[b] - c.s2[a]
	rss := s2 - s1*s1/m
	if rss < 0 {
		rss = 0
	}
	if c.kind == Mean {
		if c.scale == 0 { // constant series: no noise, no breaks worth anything
			return 0
		}
		return rss
	}
	v := rss / m
	if v < c.floor {
		v = c.floor
	}
	return m * math.Log(v)
}

// segment returns the statistics of values [a, b) in the original units.
func (c *coster) segment(a, b int) Segment {
	m := float64(b - a)
	s1 := c.s1[b] - c.s1[a]
	s2 := c.s2[b] - c.s2[a]
	mz := s1 / m
	vz := s2/m - mz*mz
	if vz < 0 {
		vz = 0
	}
	return Segment{Start: a, End: b, Mean: c.center + c.unit*mz, Variance: vz * c.unit * c.unit}
}

// noiseScale estimates the noise standard deviation from first differences:
// 1.4826 × median |Δx − median Δx| / √2, robust to a few level shifts. Step
// series whose differences are mostly zero fall back to the standard
// deviation of the differences / √2; a constant series gives 0.
func noiseScale(x []float64) float64 {
	if len(x) < 2 {
		return 0
	}
	d := make([]float64, len(x)-1)
	for i := range d {
		d[i] = x[i+1] - x[i]
	}
	md := median(d)
	dev := make([]float64, len(d))
	for i, v := range d {
		dev[i] = math.Abs(v - md)
	}
	if s := 1.4826 * median(dev) / math.Sqrt2; s > 0 {
		return s
	}
	return stddev(d) / math.Sqrt2
}

func median(x []float64) float64 {
	s := slices.Clone(x)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func stddev(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	var m float64
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	var ss float64
	for _, v := range x {
		ss += (v - m) * (v - m)
	}
	return math.Sqrt(ss / float64(len(x)))
}

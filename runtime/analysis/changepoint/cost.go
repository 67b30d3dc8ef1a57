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
	scale  float64   // Mean: innovation sd; MeanVar: 0
	phi    float64   // Mean: AR(1) coefficient of the noise (0: independent)
	unit   float64   // divisor applied to centred values before summing
	z      []float64 // centred, scaled values
	s1, s2 []float64 // prefix sums of z and z²
	w1, w2 []float64 // Mean with phi > 0: prefix sums of w[t] = z[t] − phi·z[t−1] (t ≥ 1) and w²
	floor  float64   // MeanVar: smallest variance (in z units)
}

// newCoster builds the cost of values x. For the Mean cost, scale is the
// standard deviation of the noise's innovations and phi its AR(1)
// coefficient (0 for independent noise); a zero scale makes every cost 0.
func newCoster(x []float64, kind Cost, scale, phi float64) *coster {
	n := len(x)
	c := &coster{n: n, kind: kind, z: make([]float64, n), s1: make([]float64, n+1), s2: make([]float64, n+1), floor: 1e-6}
	c.center = median(x)
	c.unit = 1
	if kind == Mean {
		c.scale, c.phi = scale, phi
		if scale > 0 {
			c.unit = scale
		}
	} else if sd := stddev(x); sd > 0 {
		c.unit = sd
	}
	for i, v := range x {
		z := (v - c.center) / c.unit
		c.z[i] = z
		c.s1[i+1] = c.s1[i] + z
		c.s2[i+1] = c.s2[i] + z*z
	}
	if kind == Mean && c.phi != 0 {
		c.w1, c.w2 = make([]float64, n+1), make([]float64, n+1)
		for t := 1; t < n; t++ {
			w := c.z[t] - c.phi*c.z[t-1]
			c.w1[t+1] = c.w1[t] + w
			c.w2[t+1] = c.w2[t] + w*w
		}
	}
	return c
}

// prunable reports whether splitting a segment never raises its cost, the
// condition under which PELT may discard candidates. It fails for the AR(1)
// cost, whose first value of a segment is scored by its stationary law, which
// can fit worse than the one-step prediction it replaces.
func (c *coster) prunable() bool { return c.kind == MeanVar || c.phi == 0 }

// cost of values [a, b).
func (c *coster) cost(a, b int) float64 {
	m := float64(b - a)
	if c.kind == Mean {
		if c.scale == 0 { // constant series: no noise, no breaks worth anything
			return 0
		}
		if c.phi != 0 {
			return c.ar1Cost(a, b)
		}
	}
	s1 := c.s1[b] - c.s1[a]
	s2 := c.s2[b] - c.s2[a]
	rss := s2 - s1*s1/m
	if rss < 0 {
		rss = 0
	}
	if c.kind == Mean {
		return rss
	}
	v := rss / m
	if v < c.floor {
		v = c.floor
	}
	return m * math.Log(v)
}

// ar1Cost is −2 log-likelihood (up to constants) of values [a, b) as mean μ
// plus a stationary AR(1) process started afresh, minimised over μ:
// (1−φ²)(z[a]−μ)² + Σ_{t=a+1}^{b−1} (w[t] − (1−φ)μ)², in innovation units.
func (c *coster) ar1Cost(a, b int) float64 {
	w0, k := 1-c.phi*c.phi, float64(b-a-1)
	za := c.z[a]
	sw := c.w1[b] - c.w1[a+1]
	sww := c.w2[b] - c.w2[a+1]
	d := 1 - c.phi
	A := w0*za*za + sww
	B := w0*za + d*sw
	C := w0 + d*d*k
	if v := A - B*B/C; v > 0 {
		return v
	}
	return 0
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

// diffScale estimates the sd of independent noise from first differences:
// 1.4826 × median |Δx − median Δx| / √2, robust to a few level shifts. Step
// series whose differences are mostly zero fall back to the standard
// deviation of the differences / √2; a constant series gives 0.
func diffScale(x []float64) float64 {
	if len(x) < 2 {
		return 0
	}
	d := make([]float64, len(x)-1)
	for i := range d {
		d[i] = x[i+1] - x[i]
	}
	if s := mad(d) / math.Sqrt2; s > 0 {
		return s
	}
	return stddev(d) / math.Sqrt2
}

// mad is the normal-consistent median absolute deviation from the median.
func mad(x []float64) float64 {
	md := median(x)
	dev := make([]float64, len(x))
	for i, v := range x {
		dev[i] = math.Abs(v - md)
	}
	return 1.4826 * median(dev)
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

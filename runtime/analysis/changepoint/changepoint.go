// Package changepoint finds changes in the mean (or in mean and variance) of
// a sequence of values, by PELT (exact optimal segmentation, Killick,
// Fearnhead and Eckley 2012) or by binary segmentation.
//
// Costs are twice the negative Gaussian log-likelihood of a segment, up to
// constants. Mean: the values are the regime's mean plus noise, and the cost
// is the noise's −2 log-likelihood in units of its innovation variance,
// minimised over the mean. The noise model (Options.Noise) is by default
// AR(1): within a regime, x[t] − μ = φ·(x[t−1] − μ) + ε[t], a stationary
// process started afresh at each break, so a segment costs
// (1−φ²)(x[a]−μ)² + Σ (x[t] − φx[t−1] − (1−φ)μ)², over σ². Independent noise
// (φ = 0) gives the classic residual sum of squares.
//
// Why AR(1) by default: economic series are persistent. Under independent
// noise whose sd is estimated from first differences, every slow swing of
// the unemployment rate or a policy rate is a "break" (85 in 711 months of
// UNRATE). With AR(1) noise a slow swing is what the noise does; a break
// needs a shift in level the noise's persistence does not explain, above all
// an abrupt one. φ and σ are not known: they are fitted with the breaks by
// alternating estimation from two starts (see fit), and φ is capped
// (Options.MaxAR, default MemoryAR(12) = 0.920) because noise that never
// forgets cannot be told from a sequence of regimes. Measured: an AR(1)
// series with φ = 0.9 and no break gets a break in 1–5% of seeds instead of
// dozens; UNRATE gets 6 (1975-01, 1987-04, 2008-12, 2014-04, 2020-04,
// 2020-10 with six-month regimes), the Nile still its one break in 1899.
// MeanVar: the segment length times the log of the segment's variance
// (floored at a tiny fraction of the whole series' variance, so that a
// perfectly flat segment does not score minus infinity).
//
// Penalties are per added break, with p the parameters per segment (1 for
// Mean, 2 for MeanVar) and n the number of values: BIC = (p+1)·ln n,
// MBIC = (p+2)·ln n (the per-break part of Zhang and Siegmund's modified BIC;
// the segment-length term is left out), or a Manual value.
//
// A break's Index is the first value of the new regime: values[Index-1] is
// the last value of the old one.
package changepoint

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Sentinel errors.
var (
	// ErrTooShort is returned when there are fewer than 2×MinSegment values.
	ErrTooShort = errors.New("changepoint: series too short")
	// ErrBadValue is returned for NaN or infinite values.
	ErrBadValue = errors.New("changepoint: bad value")
	// ErrBadOptions is returned for invalid options (negative penalty...).
	ErrBadOptions = errors.New("changepoint: bad options")
	// ErrTooLong is returned by PELT for more than MaxPELTValues values.
	ErrTooLong = errors.New("changepoint: series too long for PELT")
)

// MaxPELTValues bounds PELT's input: its worst case (no break at all, or
// the AR(1) cost, which cannot prune) is quadratic, about 0.5 s for 10,000
// values and some 12 s for 50,000 on one core. Longer series (a century of
// daily data) should be aggregated or use BinSeg.
const MaxPELTValues = 50_000

// Cost selects what a change is a change of.
type Cost int

// Costs.
const (
	Mean    Cost = iota // change in mean, common variance
	MeanVar             // change in mean and variance
)

func (c Cost) String() string {
	if c == MeanVar {
		return "mean and variance"
	}
	return "mean"
}

// params is the number of parameters per segment.
func (c Cost) params() float64 {
	if c == MeanVar {
		return 2
	}
	return 1
}

// Penalty is the cost of adding one break.
type Penalty struct {
	kind  string
	value float64
}

// Penalties.
var (
	BIC  = Penalty{kind: "BIC"}
	MBIC = Penalty{kind: "MBIC"}
)

// Manual is a penalty of x per break, in the units of the cost.
func Manual(x float64) Penalty { return Penalty{kind: "manual", value: x} }

func (p Penalty) String() string {
	if p.kind == "manual" {
		return fmt.Sprintf("manual(%g)", p.value)
	}
	if p.kind == "" {
		return "MBIC"
	}
	return p.kind
}

// Value is the penalty per break for n values under cost c.
func (p Penalty) Value(c Cost, n int) float64 {
	switch p.kind {
	case "manual":
		return p.value
	case "BIC":
		return (c.params() + 1) * math.Log(float64(n))
	}
	return (c.params() + 2) * math.Log(float64(n))
}

// ParsePenalty reads "bic", "mbic" or a number.
func ParsePenalty(s string) (Penalty, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "bic", "sic":
		return BIC, nil
	case "mbic", "":
		return MBIC, nil
	}
	var x float64
	if _, err := fmt.Sscanf(s, "%g", &x); err != nil || x < 0 || math.IsNaN(x) {
		return Penalty{}, fmt.Errorf("%w: penalty %q: want bic, mbic or a non-negative number", ErrBadOptions, s)
	}
	return Manual(x), nil
}

// Options control the search. The zero value is Mean cost, MBIC penalty,
// default minimum segment and no cap on breaks.
type Options struct {
	Cost       Cost
	Penalty    Penalty // zero value = MBIC
	MinSegment int     // fewest values in a segment; 0 = 2 for Mean, 3 for MeanVar
	MaxBreaks  int     // BinSeg only: stop after this many breaks; 0 = no cap
	Scale      float64 // Mean only: sd of the noise's innovations; 0 = estimate it
	Noise      Noise   // Mean only: noise model; zero value = AR1
	MaxAR      float64 // AR1 only: cap on the fitted φ, in [0, 1); 0 = MemoryAR(12)
}

// Segment is a run of values between breaks: [Start, End).
type Segment struct {
	Start, End int
	Mean       float64
	Variance   float64 // population variance of the segment's values
}

// Len is the number of values in the segment.
func (s Segment) Len() int { return s.End - s.Start }

// Break is one detected change.
type Break struct {
	Index  int     // first value of the new regime
	Before Segment // segment that ends at Index
	After  Segment // segment that starts at Index
	Gain   float64 // cost saved by splitting Before∪After at Index (compare with Penalty)
}

// Result is a segmentation.
type Result struct {
	N        int
	Method   string // "PELT" or "BinSeg"
	Cost     Cost
	Penalty  float64 // per break, in cost units
	Scale    float64 // Mean cost: sd of the noise's innovations (0 for MeanVar)
	AR       float64 // Mean cost: AR(1) coefficient of the noise (0: independent)
	Rounds   int     // segmentations run, fitting the noise model included
	Total    float64 // sum of segment costs (penalties excluded)
	Breaks   []Break
	Segments []Segment
}

// prepare validates values and options and fills in defaults.
func prepare(values []float64, o Options) (Options, error) {
	if o.MinSegment <= 0 {
		o.MinSegment = 2
		if o.Cost == MeanVar {
			o.MinSegment = 3
		}
	}
	if o.Cost == MeanVar && o.MinSegment < 2 {
		return o, fmt.Errorf("%w: MeanVar needs MinSegment of at least 2", ErrBadOptions)
	}
	if o.Noise != AR1 && o.Noise != Independent {
		return o, fmt.Errorf("%w: unknown noise model %d", ErrBadOptions, o.Noise)
	}
	if o.Cost != Mean && o.Cost != MeanVar {
		return o, fmt.Errorf("%w: unknown cost %d", ErrBadOptions, o.Cost)
	}
	if o.Penalty.kind == "manual" && (o.Penalty.value < 0 || math.IsNaN(o.Penalty.value) || math.IsInf(o.Penalty.value, 0)) {
		return o, fmt.Errorf("%w: penalty %g must be a finite non-negative number", ErrBadOptions, o.Penalty.value)
	}
	if o.MaxAR < 0 || o.MaxAR >= 1 || math.IsNaN(o.MaxAR) {
		return o, fmt.Errorf("%w: MaxAR %g must be in [0, 1)", ErrBadOptions, o.MaxAR)
	}
	if o.Scale < 0 || math.IsNaN(o.Scale) {
		return o, fmt.Errorf("%w: scale %g must be positive", ErrBadOptions, o.Scale)
	}
	if len(values) < 2*o.MinSegment {
		return o, fmt.Errorf("%w: %d values, need at least %d (two segments of MinSegment %d)",
			ErrTooShort, len(values), 2*o.MinSegment, o.MinSegment)
	}
	for i, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return o, fmt.Errorf("%w: value %d is %g (drop missing values first)", ErrBadValue, i, v)
		}
	}
	return o, nil
}

// result builds the Result for breaks (sorted first indexes of new regimes).
func result(method string, c *coster, o Options, breaks []int, pen float64, rounds int) Result {
	r := Result{N: c.n, Method: method, Cost: o.Cost, Penalty: pen, Scale: c.scale, AR: c.phi, Rounds: rounds}
	slices.Sort(breaks)
	bounds := append(append([]int{0}, breaks...), c.n)
	for i := 0; i+1 < len(bounds); i++ {
		r.Segments = append(r.Segments, c.segment(bounds[i], bounds[i+1]))
		r.Total += c.cost(bounds[i], bounds[i+1])
	}
	for i, b := range breaks {
		before, after := r.Segments[i], r.Segments[i+1]
		gain := c.cost(before.Start, after.End) - c.cost(before.Start, b) - c.cost(b, after.End)
		r.Breaks = append(r.Breaks, Break{Index: b, Before: before, After: after, Gain: gain})
	}
	return r
}

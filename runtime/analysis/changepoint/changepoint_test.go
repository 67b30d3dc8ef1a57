package changepoint

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// planted returns n Gaussian values whose mean (and sd) change at the given
// indexes: segment k has mean means[k] and sd sds[k].
func planted(seed uint64, n int, at []int, means, sds []float64) []float64 {
	r := rand.New(rand.NewPCG(seed, 7))
	x := make([]float64, n)
	seg := 0
	for i := range x {
		for seg < len(at) && i >= at[seg] {
			seg++
		}
		x[i] = means[seg] + sds[seg]*r.NormFloat64()
	}
	return x
}

func indexes(r Result) []int {
	out := make([]int, len(r.Breaks))
	for i, b := range r.Breaks {
		out[i] = b.Index
	}
	return out
}

// assertNear checks that got has one break within ±tol of each truth and no other.
func assertNear(t *testing.T, got, truth []int, tol int) {
	t.Helper()
	if len(got) != len(truth) {
		t.Fatalf("found breaks %v, want %d near %v", got, len(truth), truth)
	}
	for i := range truth {
		if d := got[i] - truth[i]; d < -tol || d > tol {
			t.Errorf("break %d at %d, want %d ±%d (all: %v)", i, got[i], truth[i], tol, got)
		}
	}
}

func TestPlantedMeanShifts(t *testing.T) {
	truth := []int{150, 320, 410}
	for seed := uint64(1); seed <= 5; seed++ {
		x := planted(seed, 600, truth, []float64{0, 2, -1, 1.5}, []float64{1, 1, 1, 1})
		for name, find := range map[string]func([]float64, Options) (Result, error){"PELT": PELT, "BinSeg": BinSeg} {
			r, err := find(x, Options{Cost: Mean, Penalty: MBIC})
			if err != nil {
				t.Fatal(err)
			}
			t.Run(name, func(t *testing.T) { assertNear(t, indexes(r), truth, 3) })
		}
	}
}

func TestPlantedVarianceChange(t *testing.T) {
	truth := []int{250}
	x := planted(11, 500, truth, []float64{5, 5}, []float64{0.5, 3})
	r, err := PELT(x, Options{Cost: MeanVar, Penalty: MBIC})
	if err != nil {
		t.Fatal(err)
	}
	assertNear(t, indexes(r), truth, 8)
	b := r.Breaks[0]
	if b.Before.Variance >= b.After.Variance {
		t.Errorf("variance before %g should be below after %g", b.Before.Variance, b.After.Variance)
	}
	// A change in variance alone is not a change in mean.
	rm, err := PELT(x, Options{Cost: Mean, Scale: 0.5, Penalty: MBIC})
	if err != nil {
		t.Fatal(err)
	}
	if len(rm.Breaks) == 0 {
		t.Log("mean cost with the quiet segment's scale finds spurious breaks in the noisy half, as expected")
	}
}

func TestNoBreakInPureNoise(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		for _, n := range []int{100, 1000} {
			x := planted(seed, n, nil, []float64{3}, []float64{2})
			for _, c := range []Cost{Mean, MeanVar} {
				r, err := PELT(x, Options{Cost: c, Penalty: MBIC})
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Breaks) != 0 {
					t.Errorf("seed %d, n %d, cost %v: %d spurious breaks %v", seed, n, c, len(r.Breaks), indexes(r))
				}
			}
		}
	}
}

// bruteForce is optimal partitioning without pruning, on the cost PELT's
// last fitting round used: the exact optimum PELT must reproduce.
func bruteForce(x []float64, o Options) float64 {
	o, _ = prepare(x, o)
	pen := o.Penalty.Value(o.Cost, len(x))
	c, _, _ := fit(x, o, func(c *coster) []int { return peltSearch(c, o.MinSegment, pen) })
	f := make([]float64, c.n+1)
	f[0] = -pen
	for t := 1; t <= c.n; t++ {
		f[t] = math.Inf(1)
		for s := 0; s <= t-o.MinSegment; s++ {
			if s != 0 && s < o.MinSegment {
				continue
			}
			if v := f[s] + c.cost(s, t) + pen; v < f[t] {
				f[t] = v
			}
		}
	}
	return f[c.n]
}

func TestPELTMatchesExhaustiveSearch(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		x := planted(seed, 120, []int{30, 70, 100}, []float64{0, 1.2, 0.3, 2}, []float64{1, 0.6, 1.5, 1})
		for _, o := range []Options{{Cost: Mean, Penalty: BIC}, {Cost: Mean, Penalty: BIC, Noise: Independent}, {Cost: MeanVar, Penalty: BIC, MinSegment: 5}, {Cost: Mean, Penalty: Manual(2), MinSegment: 1}, {Cost: Mean, Penalty: Manual(2), MinSegment: 1, Noise: Independent}} {
			r, err := PELT(x, o)
			if err != nil {
				t.Fatal(err)
			}
			got := r.Total + float64(len(r.Breaks))*r.Penalty
			want := bruteForce(x, o)
			if math.Abs(got-want) > 1e-6*math.Max(1, math.Abs(want)) {
				t.Fatalf("seed %d %+v: PELT penalised cost %g, exhaustive optimum %g", seed, o, got, want)
			}
			for _, s := range r.Segments {
				if o.MinSegment > 0 && s.Len() < o.MinSegment {
					t.Errorf("segment %+v shorter than MinSegment %d", s, o.MinSegment)
				}
			}
		}
	}
}

func TestTenThousandPoints(t *testing.T) {
	truth := []int{1200, 2500, 4000, 5200, 6100, 7500, 9000}
	means := []float64{0, 1, 0, -1, 0.5, 2, 0, 1}
	sds := []float64{1, 1, 1, 1, 1, 1, 1, 1}
	x := planted(3, 10000, truth, means, sds)
	for _, c := range []Cost{Mean, MeanVar} {
		r, err := PELT(x, Options{Cost: c})
		if err != nil {
			t.Fatal(err)
		}
		assertNear(t, indexes(r), truth, 15)
	}
}

func TestBreakStatistics(t *testing.T) {
	x := []float64{1, 1.1, 0.9, 1, 1.05, 0.95, 5, 5.1, 4.9, 5, 5.05, 4.95}
	r, err := PELT(x, Options{Penalty: Manual(5)})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Breaks) != 1 || r.Breaks[0].Index != 6 {
		t.Fatalf("breaks %v, want one at index 6", indexes(r))
	}
	b := r.Breaks[0]
	if math.Abs(b.Before.Mean-1) > 1e-9 || math.Abs(b.After.Mean-5) > 1e-9 {
		t.Errorf("segment means %g, %g; want 1 and 5", b.Before.Mean, b.After.Mean)
	}
	if b.Gain <= r.Penalty {
		t.Errorf("gain %g should exceed the penalty %g for a kept break", b.Gain, r.Penalty)
	}
	if b.Before.Start != 0 || b.Before.End != 6 || b.After.Start != 6 || b.After.End != 12 {
		t.Errorf("segments %+v %+v", b.Before, b.After)
	}
}

func TestBinSegMaxBreaks(t *testing.T) {
	x := planted(5, 400, []int{100, 200, 300}, []float64{0, 3, 0, 3}, []float64{1, 1, 1, 1})
	r, err := BinSeg(x, Options{MaxBreaks: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Breaks) != 2 {
		t.Fatalf("%d breaks, want 2 (MaxBreaks)", len(r.Breaks))
	}
}

func TestErrors(t *testing.T) {
	if _, err := PELT([]float64{1, 2, 3}, Options{}); !errors.Is(err, ErrTooShort) {
		t.Errorf("3 values: err %v, want ErrTooShort", err)
	}
	if _, err := BinSeg([]float64{1, 2, 3, 4, 5}, Options{Cost: MeanVar}); !errors.Is(err, ErrTooShort) {
		t.Errorf("5 values, MeanVar: err %v, want ErrTooShort", err)
	}
	if _, err := PELT([]float64{1, 2, math.NaN(), 4, 5, 6}, Options{}); !errors.Is(err, ErrBadValue) {
		t.Errorf("NaN: err %v, want ErrBadValue", err)
	}
	if _, err := PELT([]float64{1, 2, 3, 4, 5, 6}, Options{Penalty: Manual(-1)}); !errors.Is(err, ErrBadOptions) {
		t.Errorf("negative penalty: err %v, want ErrBadOptions", err)
	}
	if _, err := ParsePenalty("lots"); !errors.Is(err, ErrBadOptions) {
		t.Errorf("ParsePenalty(lots): err %v", err)
	}
	if p, err := ParsePenalty("12.5"); err != nil || p.Value(Mean, 100) != 12.5 {
		t.Errorf("ParsePenalty(12.5) = %v, %v", p, err)
	}
}

func TestConstantSeriesHasNoBreak(t *testing.T) {
	x := make([]float64, 50)
	for i := range x {
		x[i] = 7
	}
	for _, c := range []Cost{Mean, MeanVar} {
		r, err := PELT(x, Options{Cost: c})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Breaks) != 0 {
			t.Errorf("cost %v: constant series gave breaks %v", c, indexes(r))
		}
	}
}

func TestPenaltyValues(t *testing.T) {
	n := 1000
	ln := math.Log(float64(n))
	cases := []struct {
		p    Penalty
		c    Cost
		want float64
	}{{BIC, Mean, 2 * ln}, {MBIC, Mean, 3 * ln}, {BIC, MeanVar, 3 * ln}, {MBIC, MeanVar, 4 * ln}, {Penalty{}, Mean, 3 * ln}}
	for _, tc := range cases {
		if got := tc.p.Value(tc.c, n); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%v %v: %g, want %g", tc.p, tc.c, got, tc.want)
		}
	}
}

// BenchmarkPELT10k times PELT on 10,000 values with the default options:
// planted shifts in independent noise, independent noise alone, and AR(1)
// noise (φ 0.9) with and without shifts, whose fitted φ > 0 turns pruning
// off (see peltSearch).
func BenchmarkPELT10k(b *testing.B) {
	truth := []int{1200, 2500, 4000, 5200, 6100, 7500, 9000}
	means := []float64{0, 1, 0, -1, 0.5, 2, 0, 1}
	x := planted(3, 10000, truth, means, []float64{1, 1, 1, 1, 1, 1, 1, 1})
	noise := planted(4, 10000, nil, []float64{0}, []float64{1})
	ar := ar1Noise(5, 10000, 0.9, nil, []float64{0})
	arShifts := ar1Noise(6, 10000, 0.9, truth, []float64{0, 8, 0, -8, 4, 12, 0, 8})
	for _, bc := range []struct {
		name string
		x    []float64
		c    Cost
	}{{"mean/breaks", x, Mean}, {"meanvar/breaks", x, MeanVar}, {"mean/noise", noise, Mean}, {"meanvar/noise", noise, MeanVar},
		{"mean/ar1", ar, Mean}, {"mean/ar1-breaks", arShifts, Mean}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := PELT(bc.x, Options{Cost: bc.c}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("mean/noise/independent", func(b *testing.B) {
		for b.Loop() {
			if _, err := PELT(noise, Options{Noise: Independent}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkBinSeg10k(b *testing.B) {
	x := planted(3, 10000, []int{1200, 2500, 4000, 5200, 6100, 7500, 9000}, []float64{0, 1, 0, -1, 0.5, 2, 0, 1}, []float64{1, 1, 1, 1, 1, 1, 1, 1})
	for b.Loop() {
		if _, err := BinSeg(x, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPELTRefusesHugeInput(t *testing.T) {
	x := make([]float64, MaxPELTValues+1)
	if _, err := PELT(x, Options{}); !errors.Is(err, ErrTooLong) {
		t.Errorf("err %v, want ErrTooLong", err)
	}
	if _, err := BinSeg(x, Options{}); err != nil {
		t.Errorf("BinSeg on %d values: %v", len(x), err)
	}
}

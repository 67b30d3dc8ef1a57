package changepoint

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// ar1Noise returns n values of a stationary AR(1) process with coefficient
// phi and unit innovations, plus a mean that changes at the given indexes.
func ar1Noise(seed uint64, n int, phi float64, at []int, means []float64) []float64 {
	r := rand.New(rand.NewPCG(seed, 3))
	x := make([]float64, n)
	e := r.NormFloat64() / math.Sqrt(1-phi*phi)
	seg := 0
	for i := range x {
		for seg < len(at) && i >= at[seg] {
			seg++
		}
		x[i] = means[seg] + e
		e = phi*e + r.NormFloat64()
	}
	return x
}

// AR(1) noise with φ = 0.9, inside the default noise memory, gives no break
// in the large majority of series: about 1–5% of them get one (measured on
// 200 seeds each at n = 120, 300, 700 and 1500), against a break every few
// dozen values with independent noise.
func TestNoBreakInAR1Noise(t *testing.T) {
	const seeds = 60
	for name, find := range map[string]func([]float64, Options) (Result, error){"PELT": PELT, "BinSeg": BinSeg} {
		withBreak := 0
		for seed := uint64(1); seed <= seeds; seed++ {
			x := ar1Noise(seed, 400, 0.9, nil, []float64{0})
			r, err := find(x, Options{MinSegment: 6})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Breaks) != 0 {
				withBreak++
				t.Logf("seed %d %s: breaks %v (φ %.3f)", seed, name, indexes(r), r.AR)
			}
		}
		if withBreak > seeds/20 {
			t.Errorf("%s: %d of %d AR(1) series without a break got one, want at most 5%%", name, withBreak, seeds)
		}
	}
}

// The classic cost, asked for, is what makes persistent noise look broken.
func TestIndependentNoiseSplitsAR1Noise(t *testing.T) {
	x := ar1Noise(1, 600, 0.9, nil, []float64{0})
	r, err := PELT(x, Options{MinSegment: 6, Noise: Independent})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Breaks) < 5 || r.AR != 0 || r.Rounds != 1 {
		t.Errorf("independent noise on AR(1) data: %d breaks, φ %g, %d rounds; want many breaks, φ 0, 1 round", len(r.Breaks), r.AR, r.Rounds)
	}
}

func TestPlantedShiftsInAR1Noise(t *testing.T) {
	truth := []int{200, 450, 620}
	// Shifts of 4 to 6 innovation sds (about 2 to 3 marginal sds at φ 0.8).
	means := []float64{0, 5, 1, 6}
	for seed := uint64(1); seed <= 5; seed++ {
		x := ar1Noise(seed, 800, 0.8, truth, means)
		for name, find := range map[string]func([]float64, Options) (Result, error){"PELT": PELT, "BinSeg": BinSeg} {
			r, err := find(x, Options{MinSegment: 6})
			if err != nil {
				t.Fatal(err)
			}
			t.Run(name, func(t *testing.T) { assertNear(t, indexes(r), truth, 4) })
			if r.AR < 0.65 || r.AR > 0.9 {
				t.Errorf("seed %d %s: fitted φ %.3f, want about 0.8", seed, name, r.AR)
			}
		}
	}
}

func TestResidualNoiseRecoversAR1(t *testing.T) {
	truth := []int{1500, 3000}
	x := ar1Noise(7, 5000, 0.5, truth, []float64{0, 4, -2})
	phi, sigma := residualNoise(x, truth, 0.99)
	if math.Abs(phi-0.5) > 0.04 || math.Abs(sigma-1) > 0.04 {
		t.Errorf("φ %.3f, σ %.3f; want 0.5 and 1", phi, sigma)
	}
	// Ignoring the shifts inflates φ: the reason the fit re-estimates it
	// from the regimes it finds.
	if naive, _ := residualNoise(x, nil, 0.99); naive < 0.8 {
		t.Errorf("φ without the breaks %.3f, expected it inflated well above 0.5", naive)
	}
	if capped, _ := residualNoise(ar1Noise(8, 2000, 0.97, nil, []float64{0}), nil, MemoryAR(12)); capped != MemoryAR(12) {
		t.Errorf("φ %.4f, want the cap %.4f", capped, MemoryAR(12))
	}
}

func TestMemoryAR(t *testing.T) {
	if got := MemoryAR(12); math.Abs(math.Pow(got, 12)-math.Exp(-1)) > 1e-12 {
		t.Errorf("MemoryAR(12)^12 = %g, want 1/e", math.Pow(got, 12))
	}
	if MemoryAR(0) != 0 || MemoryAR(1) >= MemoryAR(4) {
		t.Errorf("MemoryAR(0) = %g, MemoryAR(1) = %g, MemoryAR(4) = %g", MemoryAR(0), MemoryAR(1), MemoryAR(4))
	}
	for _, o := range []Options{{MaxAR: 1}, {MaxAR: -0.1}, {Noise: Noise(7)}} {
		if _, err := PELT(make([]float64, 20), o); !errors.Is(err, ErrBadOptions) {
			t.Errorf("%+v: err %v, want ErrBadOptions", o, err)
		}
	}
}

// The AR(1) cost of a segment is the stationary Gaussian AR(1) −2 log-
// likelihood minimised over the mean; check it against a direct evaluation.
func TestAR1CostIsTheLikelihood(t *testing.T) {
	x := ar1Noise(9, 40, 0.6, nil, []float64{3})
	const phi, sigma = 0.6, 1.3
	c := newCoster(x, Mean, sigma, phi)
	direct := func(a, b int, mu float64) float64 {
		v := (1 - phi*phi) * (x[a] - mu) * (x[a] - mu)
		for t := a + 1; t < b; t++ {
			e := (x[t] - mu) - phi*(x[t-1]-mu)
			v += e * e
		}
		return v / (sigma * sigma)
	}
	for _, seg := range [][2]int{{0, 40}, {5, 17}, {30, 32}} {
		a, b := seg[0], seg[1]
		best := math.Inf(1)
		for mu := -5.0; mu <= 10; mu += 0.0005 {
			best = math.Min(best, direct(a, b, mu))
		}
		if got := c.cost(a, b); math.Abs(got-best) > 1e-4*math.Max(1, best) {
			t.Errorf("segment [%d, %d): cost %g, direct minimum %g", a, b, got, best)
		}
	}
}

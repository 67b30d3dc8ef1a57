package changepoint

import (
	"math"
	"slices"
)

// Noise is the model of a series' deviations from its regime means, for the
// Mean cost.
type Noise int

// Noise models.
const (
	// AR1: within each regime the deviations are a stationary AR(1) process,
	// x[t] − μ = φ·(x[t−1] − μ) + ε[t], started afresh at each break. φ and
	// the innovations' sd are fitted (see fit). This is the default.
	AR1 Noise = iota
	// Independent: the deviations are independent with one sd, estimated
	// from the first differences (the classic mean-shift cost).
	Independent
)

func (n Noise) String() string {
	if n == Independent {
		return "independent"
	}
	return "AR(1)"
}

// MemoryAR is the AR(1) coefficient whose deviations fade by a factor e
// within n values: exp(−1/n). Options.MaxAR = MemoryAR(12) (0.920, the
// default) lets the noise remember about a year of monthly data; movements
// more persistent than that are left for breaks to explain, since noise that
// never forgets cannot be told from a sequence of regimes.
func MemoryAR(n float64) float64 {
	if n <= 0 {
		return 0
	}
	return math.Exp(-1 / n)
}

// defaultMemory is the noise memory, in values, behind the default MaxAR.
const defaultMemory = 12

// maxFitRounds bounds each alternation between segmenting and re-estimating
// the noise; on real series it settles in two to five rounds.
const maxFitRounds = 6

// fit segments x with search under the options' noise model. For the
// Independent model (and MeanVar) it is one search. For AR1 it maximises the
// penalised likelihood over φ, σ and the breaks by alternation: estimate φ
// and σ from the residuals around the current regimes' means, segment again
// with them (by quick, binary segmentation), until the breaks repeat, at
// most maxFitRounds rounds. It alternates from two starts, no break (whose
// residuals overstate φ when there are shifts) and the independent-noise
// segmentation (which understates it), keeps the (φ, σ) of the round with
// the best criterion, and returns search's segmentation under them, with
// the number of segmentations run.
func fit(x []float64, o Options, search func(*coster) []int) (*coster, []int, int) {
	indep := o.Scale
	if o.Cost == Mean && indep == 0 {
		indep = diffScale(x)
	}
	first := newCoster(x, o.Cost, indep, 0)
	if o.Cost != Mean || o.Noise == Independent {
		return first, search(first), 1
	}
	maxAR := o.MaxAR
	if maxAR == 0 {
		maxAR = MemoryAR(defaultMemory)
	}
	pen := o.Penalty.Value(Mean, len(x))
	quick := func(c *coster) []int { return binsegSearch(c, o.MinSegment, 0, pen) }
	var best *coster
	bestCrit := math.Inf(1)
	runs := 1
	for _, start := range [][]int{nil, quick(first)} {
		breaks := start
		for round := 0; round < maxFitRounds; round++ {
			phi, sigma := residualNoise(x, breaks, maxAR)
			if o.Scale > 0 {
				sigma = o.Scale
			}
			c := newCoster(x, Mean, sigma, phi)
			found := quick(c)
			runs++
			if crit := criterion(c, found, pen); crit < bestCrit {
				best, bestCrit = c, crit
			}
			if slices.Equal(found, breaks) {
				break
			}
			breaks = found
		}
	}
	return best, search(best), runs + 1
}

// criterion is the penalised −2 log-likelihood of breaks under c's AR(1)
// model with the innovation variance at its maximum-likelihood value:
// n·ln(Q/n) − (k+1)·ln(1−φ²) + pen·k, Q the summed cost in data units and
// k the number of breaks. It ranks the fitting rounds' (φ, breaks) pairs.
func criterion(c *coster, breaks []int, pen float64) float64 {
	bounds := append(append([]int{0}, breaks...), c.n)
	var q float64
	for i := 0; i+1 < len(bounds); i++ {
		q += c.cost(bounds[i], bounds[i+1])
	}
	q *= c.unit * c.unit
	n, k := float64(c.n), float64(len(breaks))
	if q <= 0 {
		return pen * k
	}
	return n*math.Log(q/n) - (k+1)*math.Log(1-c.phi*c.phi) + pen*k
}

// residualNoise estimates the AR(1) coefficient and innovation sd of the
// deviations e[t] = x[t] − (mean of t's regime), using only consecutive pairs
// within one regime: φ = Σ e[t]e[t−1] / Σ e[t−1]², clamped to [0, maxAR],
// and σ the root mean square of e[t] − φ·e[t−1].
func residualNoise(x []float64, breaks []int, maxAR float64) (phi, sigma float64) {
	bounds := append(append([]int{0}, breaks...), len(x))
	e := make([]float64, len(x))
	for i := 0; i+1 < len(bounds); i++ {
		a, b := bounds[i], bounds[i+1]
		var m float64
		for _, v := range x[a:b] {
			m += v
		}
		m /= float64(b - a)
		for t := a; t < b; t++ {
			e[t] = x[t] - m
		}
	}
	var num, den float64
	pairs := 0
	for i := 0; i+1 < len(bounds); i++ {
		for t := bounds[i] + 1; t < bounds[i+1]; t++ {
			num += e[t] * e[t-1]
			den += e[t-1] * e[t-1]
			pairs++
		}
	}
	if den > 0 {
		phi = math.Max(0, math.Min(maxAR, num/den))
	}
	var ss float64
	for i := 0; i+1 < len(bounds); i++ {
		for t := bounds[i] + 1; t < bounds[i+1]; t++ {
			d := e[t] - phi*e[t-1]
			ss += d * d
		}
	}
	if pairs > 0 {
		sigma = math.Sqrt(ss / float64(pairs))
	}
	return phi, sigma
}

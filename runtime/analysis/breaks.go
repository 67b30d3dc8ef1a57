package analysis

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/runtime/analysis/changepoint"
)

// Break search methods.
const (
	MethodPELT   = "pelt"
	MethodBinSeg = "binseg"
)

// BreakOptions choose the algorithm and its options. Zero MinSegment and
// MaxAR take defaults from the series' frequency (see BreakDefaults).
type BreakOptions struct {
	Method string // MethodPELT (default) or MethodBinSeg
	changepoint.Options
}

// businessDaysPerYear stands for a daily series' periods per year: most
// daily economic series (rates, prices, exchange rates) are business-daily.
const businessDaysPerYear = 260

// BreakDefaults fills the frequency-scaled defaults of o for series of
// frequency f, leaving values already set:
//
//   - MinSegment: half a year of periods (6 months, 2 quarters, 26 weeks,
//     130 business days; at least 2, or 3 for MeanVar). A regime must last
//     that long to count, yet a change in the last months of a series (the
//     one an analyst most often asks about) can still be found.
//   - MaxAR: changepoint.MemoryAR(periods per year), so the noise around a
//     regime's mean may remember about a year (φ ≤ 0.920 for monthly data,
//     0.368 for annual) and anything more persistent is a change of regime.
//
// Unknown frequencies keep the changepoint package's defaults.
func BreakDefaults(o BreakOptions, f Frequency) BreakOptions {
	ppy := PeriodsPerYear(f)
	if f == Daily {
		ppy = businessDaysPerYear
	}
	if ppy == 0 {
		return o
	}
	if o.MinSegment == 0 {
		floor := 2
		if o.Cost == changepoint.MeanVar {
			floor = 3
		}
		o.MinSegment = max(floor, ppy/2)
	}
	if o.MaxAR == 0 {
		o.MaxAR = changepoint.MemoryAR(float64(ppy))
	}
	return o
}

// DatedBreak is one change point placed on the calendar.
type DatedBreak struct {
	Date       time.Time // first period of the new regime
	LastBefore time.Time // last period of the old regime
	Index      int       // index of Date among the series' observed points
	Before     changepoint.Segment
	After      changepoint.Segment
	Gain       float64 // cost saved by the break; compare with Breaks.PenaltyValue
}

// Breaks is the change points of one series.
type Breaks struct {
	SeriesID     string
	Title        string
	Unit         string
	Frequency    Frequency
	Method       string // "PELT" or "BinSeg"
	Cost         changepoint.Cost
	Penalty      string  // "MBIC", "BIC" or "manual(x)"
	PenaltyValue float64 // per break, in cost units
	Noise        string  // Mean cost: "AR(1) φ=0.92" or "independent"; "" for MeanVar
	MinSegment   int     // fewest values in a regime
	N            int     // observed values searched
	From, To     time.Time
	Items        []DatedBreak
}

// FindBreaks searches the observed values of s (missing values dropped) for
// changes in mean, or in mean and variance, and dates each break by the first
// period of the new regime: for the Nile flow the break is 1899, the first
// low year (1898 is the last year of the old regime).
//
// By default (Mean cost, AR(1) noise, MBIC, BreakDefaults) a break is a
// change in the level that the series' own persistence cannot explain: the
// deviations from each regime's mean are a stationary AR(1) process whose φ
// and innovation sd are fitted with the breaks (see changepoint.Noise). On a
// persistent series such as the unemployment rate this gives a handful of
// regimes (2008-12, 2020-04...) where independent noise gave 85 breaks in 711
// months; an AR(1) series with φ = 0.9 and no break gives none.
func FindBreaks(s Series, o BreakOptions) (Breaks, error) {
	o = BreakDefaults(o, s.Frequency)
	pts := s.Observed()
	vals := make([]float64, len(pts))
	for i, p := range pts {
		vals[i] = p.Value
	}
	var r changepoint.Result
	var err error
	switch strings.ToLower(o.Method) {
	case "", MethodPELT:
		r, err = changepoint.PELT(vals, o.Options)
	case MethodBinSeg:
		r, err = changepoint.BinSeg(vals, o.Options)
	default:
		return Breaks{}, fmt.Errorf("%w: unknown break method %q (use pelt or binseg)", ErrBadSpec, o.Method)
	}
	if err != nil {
		return Breaks{}, fmt.Errorf("breaks in %s: %w", s.ID, err)
	}
	b := Breaks{SeriesID: s.ID, Title: s.Title, Unit: s.Unit, Frequency: s.Frequency, Method: r.Method,
		Cost: r.Cost, Penalty: o.Penalty.String(), PenaltyValue: r.Penalty, N: r.N, MinSegment: o.MinSegment,
		From: pts[0].Date, To: pts[len(pts)-1].Date}
	if r.Cost == changepoint.Mean {
		b.Noise = o.Noise.String()
		if o.Noise == changepoint.AR1 {
			b.Noise += " φ=" + strconv.FormatFloat(r.AR, 'f', 2, 64)
		}
	}
	for _, cb := range r.Breaks {
		b.Items = append(b.Items, DatedBreak{Date: pts[cb.Index].Date, LastBefore: pts[cb.Index-1].Date,
			Index: cb.Index, Before: cb.Before, After: cb.After, Gain: cb.Gain})
	}
	return b, nil
}

// SummaryBreaks is the most breaks Summary lists; beyond it, it lists the
// ones with the largest gain.
const SummaryBreaks = 6

// Summary is a compact finding: the number of breaks and, for the largest
// few, their date and the segment means either side.
func (b Breaks) Summary() string {
	var sb strings.Builder
	name := b.Title
	if name == "" {
		name = b.SeriesID
	}
	fmt.Fprintf(&sb, "%s: ", name)
	shown := b.Items
	switch n := len(b.Items); {
	case n == 0:
		sb.WriteString("no break")
	case n == 1:
		sb.WriteString("1 break")
	case n <= SummaryBreaks:
		fmt.Fprintf(&sb, "%d breaks", n)
	default:
		fmt.Fprintf(&sb, "%d breaks, the %d largest", n, SummaryBreaks)
		shown = slices.Clone(b.Items)
		slices.SortStableFunc(shown, func(x, y DatedBreak) int { return cmp.Compare(y.Gain, x.Gain) })
		shown = shown[:SummaryBreaks]
		slices.SortFunc(shown, func(x, y DatedBreak) int { return x.Date.Compare(y.Date) })
	}
	for i, it := range shown {
		if i == 0 {
			sb.WriteString(": ")
		} else {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%s (mean %s → %s", FormatPeriod(it.Date, b.Frequency),
			FormatNumber(it.Before.Mean), FormatNumber(it.After.Mean))
		if b.Cost == changepoint.MeanVar {
			fmt.Fprintf(&sb, ", sd %s → %s", FormatNumber(math.Sqrt(it.Before.Variance)), FormatNumber(math.Sqrt(it.After.Variance)))
		}
		sb.WriteString(")")
	}
	if b.Unit != "" && len(shown) > 0 {
		fmt.Fprintf(&sb, " [%s]", b.Unit)
	}
	noise := ""
	if b.Noise != "" {
		noise = ", " + b.Noise + " noise"
	}
	fmt.Fprintf(&sb, ". %s, change in %s%s, %s penalty, regimes of at least %d values, %d %s values %s to %s; a break's date is the first period of the new regime.",
		b.Method, b.Cost, noise, b.Penalty, b.MinSegment, b.N, FrequencyName(b.Frequency),
		FormatPeriod(b.From, b.Frequency), FormatPeriod(b.To, b.Frequency))
	return sb.String()
}

// FormatNumber writes v with about four significant digits, without
// exponent for everyday magnitudes: 4.9, 1097.75, 0.01234, 3.6e+07.
func FormatNumber(v float64) string {
	a := math.Abs(v)
	switch {
	case math.IsNaN(v):
		return "NA"
	case a == 0:
		return "0"
	case a >= 1e7 || a < 1e-4:
		return strconv.FormatFloat(v, 'g', 4, 64)
	case a >= 1000:
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	digits := 3 - int(math.Floor(math.Log10(a)))
	s := strconv.FormatFloat(v, 'f', digits, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

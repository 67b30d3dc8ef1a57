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

// BreakOptions choose the algorithm and its options.
type BreakOptions struct {
	Method string // MethodPELT (default) or MethodBinSeg
	changepoint.Options
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
	N            int     // observed values searched
	From, To     time.Time
	Items        []DatedBreak
}

// FindBreaks searches the observed values of s (missing values dropped) for
// changes in mean, or in mean and variance, and dates each break by the first
// period of the new regime: for the Nile flow the break is 1899, the first
// low year (1898 is the last year of the old regime).
func FindBreaks(s Series, o BreakOptions) (Breaks, error) {
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
		Cost: r.Cost, Penalty: o.Penalty.String(), PenaltyValue: r.Penalty, N: r.N,
		From: pts[0].Date, To: pts[len(pts)-1].Date}
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
	fmt.Fprintf(&sb, ". %s, change in %s, %s penalty, %d %s values %s to %s; a break's date is the first period of the new regime.",
		b.Method, b.Cost, b.Penalty, b.N, FrequencyName(b.Frequency),
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

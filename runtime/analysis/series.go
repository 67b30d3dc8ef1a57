// Package analysis computes on economic time series held in memory: it aligns
// series of different frequencies into tables, derives new columns (percent
// changes, differences, logs, ratios, spreads, rolling means, rebasing,
// shares, and arithmetic expressions over several columns with their units
// read and scaled), converts tables to coarser frequencies, and finds change
// points. Observations come from a Store the caller
// implements over the bundle; sub-package changepoint holds the detection
// algorithms and sub-package chart draws tables, series and breaks.
package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// Sentinel errors.
var (
	// ErrUnknownSeries is returned by a Store for an id it does not hold.
	ErrUnknownSeries = errors.New("analysis: unknown series")
	// ErrNoData is returned by a Store for a series that has no observations,
	// and by this package when a range selects no values.
	ErrNoData = errors.New("analysis: no data")
	// ErrBadSpec is returned for a table, derivation or break request that
	// cannot be carried out as asked (unknown column, wrong frequency...).
	ErrBadSpec = errors.New("analysis: bad request")
	// ErrIncompatible is returned when a derivation mixes columns whose units
	// differ in kind (an index and a percent) or applies an operation the
	// values do not allow (log of non-positive values only).
	ErrIncompatible = errors.New("analysis: incompatible columns")
)

// Frequency is the observation frequency; it is the catalog's own type
// (D, W, BW, M, Q, S, A).
type Frequency = catalogsrc.Frequency

// Frequencies, re-exported for callers of this package.
const (
	Daily      = catalogsrc.Daily
	Weekly     = catalogsrc.Weekly
	Biweekly   = catalogsrc.Biweekly
	Monthly    = catalogsrc.Monthly
	Quarterly  = catalogsrc.Quarterly
	Semiannual = catalogsrc.Semiannual
	Annual     = catalogsrc.Annual
)

// Aggregation methods used to move a series to a coarser frequency.
const (
	AggAverage = "avg"   // mean of the values in the period
	AggLast    = "last"  // value at the end of the period (stocks, end-of-period rates)
	AggSum     = "sum"   // total over the period (flows)
	AggFirst   = "first" // value at the start of the period
)

// Point is one dated value. Date is the start of the period for monthly and
// coarser data (2023-01-01 is January 2023, 2023Q1 or the year 2023) and the
// observation day for daily and weekly data.
type Point struct {
	Date  time.Time
	Value float64
}

// Series is one time series with the metadata the analysis needs.
type Series struct {
	ID          string    // namespaced id, e.g. "fred:UNRATE"
	Title       string    // human label
	Unit        string    // unit text as the source gives it ("Percent", "Index 1982-1984=100")
	Frequency   Frequency // native frequency
	Aggregation string    // "avg", "last", "sum", "first" or "" (then inferred, see SeriesAggregation)
	Source      string    // publisher or source name, for chart footers and notes
	// Adjustment is the seasonal adjustment as the catalog gives it ("SA",
	// "NSA", "SAAR", "Seasonally Adjusted Annual Rate"); it tells a flow
	// counted at an annual rate from one counted per period.
	Adjustment string
	// FrequencyText is the catalog's frequency label ("Quarterly, End of
	// Period"); an end-of-period label makes "last" the aggregation when
	// none is given.
	FrequencyText string
	Points        []Point // in date order, no duplicate dates
}

// Store gives the observations of a series by id. Implementations return an
// error wrapping ErrUnknownSeries for an id they do not hold and ErrNoData for
// a series without observations.
type Store interface {
	Series(ctx context.Context, id string) (Series, error)
}

// Validate checks that points are finite-or-NaN, in strictly increasing date
// order, and that the frequency is known.
func (s Series) Validate() error {
	if _, ok := freqRank[s.Frequency]; !ok {
		return fmt.Errorf("%w: series %s: unknown frequency %q", ErrBadSpec, s.ID, s.Frequency)
	}
	for i, p := range s.Points {
		if math.IsInf(p.Value, 0) {
			return fmt.Errorf("%w: series %s: point %d (%s): infinite value", ErrBadSpec, s.ID, i, p.Date.Format(time.DateOnly))
		}
		if i > 0 && !p.Date.After(s.Points[i-1].Date) {
			return fmt.Errorf("%w: series %s: point %d (%s): dates not strictly increasing", ErrBadSpec, s.ID, i, p.Date.Format(time.DateOnly))
		}
	}
	switch s.Aggregation {
	case "", AggAverage, AggLast, AggSum, AggFirst:
	default:
		return fmt.Errorf("%w: series %s: unknown aggregation %q", ErrBadSpec, s.ID, s.Aggregation)
	}
	return nil
}

// Observed returns the points that have a value (NaN dropped).
func (s Series) Observed() []Point {
	out := make([]Point, 0, len(s.Points))
	for _, p := range s.Points {
		if !math.IsNaN(p.Value) {
			out = append(out, p)
		}
	}
	return out
}

// Name is the short label used in notes and summaries: the id without its
// namespace ("fred:UNRATE" gives "UNRATE").
func (s Series) Name() string { return shortName(s.ID) }

func shortName(id string) string {
	for i := 0; i < len(id); i++ {
		if id[i] == ':' {
			return id[i+1:]
		}
	}
	return id
}

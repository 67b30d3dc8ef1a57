package catalogsrc

import "context"

// Point is one dated value. Date is ISO "YYYY-MM-DD" (period start for
// monthly/quarterly/annual data: 2023-01-01 is January 2023 or 2023Q1 or 2023).
type Point struct {
	Date  string
	Value float64
}

// SeriesData is the observations of one series. ID is namespaced and must
// match a catalog Record.ID (e.g. "fred:UNRATE", "bis:M.TR",
// "weo:WEOApr2024|Turkey|Inflation, average consumer prices|Percent change").
type SeriesData struct {
	ID        string
	Frequency Frequency
	Points    []Point // in date order, no duplicate dates, missing values left out
	Pos       Pos
}

// ObservationSink receives an observation source's output. AddSeries returns
// an error only to stop reading; Reject records a bad row and reading goes on.
type ObservationSink interface {
	AddSeries(SeriesData) error
	Reject(Problem)
}

// ObservationSource reads dated values.
type ObservationSource interface {
	Name() string
	Files() []string
	ReadObservations(ctx context.Context, sink ObservationSink) error
}

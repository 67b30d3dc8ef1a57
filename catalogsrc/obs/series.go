package obs

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// Builder collects one series' points as a reader meets them, then sorts them
// by date and rejects duplicate dates. The zero value is not usable: set ID
// and Pos.File at least.
type Builder struct {
	ID        string
	Frequency catalogsrc.Frequency
	Pos       catalogsrc.Pos // where the series starts (its first row or header)
	DateField string         // column named in duplicate-date problems

	rows    []row
	missing []string // dates whose value was missing, for InferFrequency
}

type row struct {
	date  string
	value float64
	line  int
}

// Add records a value for an ISO date found on line.
func (b *Builder) Add(date string, value float64, line int) {
	b.rows = append(b.rows, row{date, value, line})
}

// AddMissing records a date whose value was missing: it yields no point but
// counts for frequency inference.
func (b *Builder) AddMissing(date string) {
	b.missing = append(b.missing, date)
}

// Len is the number of values added so far.
func (b *Builder) Len() int { return len(b.rows) }

// Dates returns every date seen, with or without a value.
func (b *Builder) Dates() []string {
	out := make([]string, 0, len(b.rows)+len(b.missing))
	for _, r := range b.rows {
		out = append(out, r.date)
	}
	return append(out, b.missing...)
}

// Finish sorts the points by date, keeps the first row (in file order) of
// each date and rejects the others, and returns the series. ok is false when
// no point is left: readers do not emit empty series.
func (b *Builder) Finish(rej Rejecter) (sd catalogsrc.SeriesData, ok bool) {
	slices.SortStableFunc(b.rows, func(x, y row) int {
		if c := cmp.Compare(x.date, y.date); c != 0 {
			return c
		}
		return cmp.Compare(x.line, y.line)
	})
	pts := make([]catalogsrc.Point, 0, len(b.rows))
	firstLine := 0
	for i, r := range b.rows {
		if i > 0 && r.date == b.rows[i-1].date {
			rej.Reject(catalogsrc.Problem{
				Pos:    catalogsrc.Pos{File: b.Pos.File, Line: r.line},
				Field:  b.DateField,
				Reason: fmt.Sprintf("duplicate date %s for series %s (first at line %d); row dropped", r.date, b.ID, firstLine),
				Raw:    r.date + " " + strconv.FormatFloat(r.value, 'g', -1, 64),
			})
			continue
		}
		firstLine = r.line
		pts = append(pts, catalogsrc.Point{Date: r.date, Value: r.value})
	}
	if len(pts) == 0 {
		return catalogsrc.SeriesData{}, false
	}
	return catalogsrc.SeriesData{ID: b.ID, Frequency: b.Frequency, Points: pts, Pos: b.Pos}, true
}

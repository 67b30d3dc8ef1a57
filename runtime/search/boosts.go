package search

import (
	"sync/atomic"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/runtime/query"
)

// preparedRows caches each row's query-understanding facts (what its
// title, heading, unit and seasonal adjustment say), read the first time
// the row is a candidate: reading costs about 10 µs a row, scoring a
// prepared row about 50 ns. Only rows that were ever candidates are held.
type preparedRows struct {
	parser *query.Parser
	rows   []atomic.Pointer[query.PreparedRow]
}

func newPreparedRows(p *query.Parser, n int) *preparedRows {
	return &preparedRows{parser: p, rows: make([]atomic.Pointer[query.PreparedRow], n)}
}

// get returns row i prepared (two goroutines may prepare the same row at
// once; both results are equal and either is kept).
func (e *Engine) prepared(i int32) *query.PreparedRow {
	if p := e.prep.rows[i].Load(); p != nil {
		return p
	}
	r := &e.cat.Rows[i]
	meta := query.RowMeta{
		Source:             r.Source,
		Country:            r.Country,
		Frequency:          catalogsrc.Frequency(r.Frequency),
		SeasonalAdjustment: r.SeasonalAdjustment,
		Unit:               r.Unit,
		Title:              r.Title,
	}
	if h := e.rowHead[i]; h >= 0 {
		meta.Heading = e.cat.Headings[h].Path
	}
	p := e.prep.parser.PrepareRow(meta)
	e.prep.rows[i].Store(&p)
	return &p
}

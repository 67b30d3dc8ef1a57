package analysis

import (
	"context"
	"fmt"
	"math"
	"time"
)

// DeriveWithHistory derives like Derive and, for an operation that looks
// back (yoy, pct_change, mom, diff, rolling_mean) on a column that is a
// source series, fills the table's first rows from the series' own
// observations before the table's start: the year-on-year rate of a table
// that starts in January 2021 has a value for January 2021 when the series
// has one for January 2020. The earlier values are read again from the store
// at the table's frequency and used only when they agree with the column on
// every date the two share (a column converted by another method is left as
// Derive leaves it). Monthly and coarser tables only: a daily or weekly
// table's rows are not whole calendar periods.
func DeriveWithHistory(ctx context.Context, store Store, t *Table, spec DeriveSpec) (*Column, error) {
	back, a := lookBack(t, spec)
	col, err := Derive(t, spec)
	if err != nil || back == 0 || store == nil {
		return col, err
	}
	early, ok := earlierValues(ctx, store, t, a, spec, back)
	if !ok {
		return col, nil
	}
	filled := 0
	for i, d := range t.Dates {
		if v, ok := early[d]; ok && math.IsNaN(col.Values[i]) && !math.IsNaN(v) {
			col.Values[i] = v
			filled++
		}
	}
	if filled > 0 {
		col.Notes = append(col.Notes, fmt.Sprintf("%s: %d rows at the table's start computed from %s's observations before it", col.Name, filled, a.ID))
		t.finishColumn(col)
	}
	return col, nil
}

// lookBack is how many table rows before the start an operation reads, and
// its input column; 0 when it reads none or its input is not a series.
func lookBack(t *Table, spec DeriveSpec) (int, *Column) {
	if _, ok := monthsIn[t.Frequency]; !ok || len(t.Dates) == 0 {
		return 0, nil
	}
	a, err := t.Column(spec.Column)
	if err != nil || a.ID == "" || a.Derivation != nil || Coarser(a.SourceFrequency, t.Frequency) {
		return 0, nil
	}
	switch spec.Op {
	case OpYoY:
		return PeriodsPerYear(t.Frequency), a
	case OpMoM:
		return 1, a
	case OpPctChange, OpDiff:
		return max(spec.Periods, 1), a
	case OpRollingMean:
		return max(spec.Window-1, 0), a
	}
	return 0, nil
}

// earlierValues derives the operation on the series read from back periods
// before the table's start to its end, keyed by date; false when the series
// read again differs from the column on a date both hold.
func earlierValues(ctx context.Context, store Store, t *Table, a *Column, spec DeriveSpec, back int) (map[time.Time]float64, bool) {
	from := t.Dates[0].AddDate(0, -monthsIn[t.Frequency]*back, 0)
	wide, err := BuildTable(ctx, store, TableSpec{IDs: []string{a.ID}, Frequency: t.Frequency, From: from, To: t.Dates[len(t.Dates)-1]})
	if err != nil || len(wide.Columns) != 1 {
		return nil, false
	}
	w := wide.Columns[0]
	at := make(map[time.Time]int, len(wide.Dates))
	for i, d := range wide.Dates {
		at[d] = i
	}
	for i, d := range t.Dates {
		j, ok := at[d]
		if !ok {
			continue
		}
		if x, y := a.Values[i], w.Values[j]; math.IsNaN(x) != math.IsNaN(y) || !math.IsNaN(x) && math.Abs(x-y) > 1e-9*math.Max(1, math.Abs(x)) {
			return nil, false
		}
	}
	w.Name = a.Name
	ws := spec
	ws.Column, ws.Name = a.Name, "history"
	dc, err := Derive(wide, ws)
	if err != nil {
		return nil, false
	}
	out := make(map[time.Time]float64, len(wide.Dates))
	for i, d := range wide.Dates {
		out[d] = dc.Values[i]
	}
	return out, true
}

package analysis

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"
)

// MaxTableCells caps rows × columns of one table (a daily table of 20 series
// over 70 years is about 510,000 cells). It protects the process, not the
// analyst: a bigger request should pick a coarser frequency or shorter range.
const MaxTableCells = 5_000_000

// TableSpec asks for a table of several series aligned at one frequency.
type TableSpec struct {
	IDs       []string
	Frequency Frequency // "" = the coarsest frequency among the series
	From, To  time.Time // zero = open (the earliest / latest value of any series)
}

// Table is series aligned on one date axis. Dates are period starts at the
// table frequency; every column has one value per date, NaN where missing.
type Table struct {
	Frequency Frequency
	Dates     []time.Time
	Columns   []*Column
	Notes     []string // table-wide notes (frequency choice, range, up-sampling policy)
}

// Column is one column of a Table: a source series moved to the table
// frequency, or a derived column.
type Column struct {
	Name            string    // unique in the table: the series id, or the derived column's name
	ID              string    // series id; "" for derived columns
	Title           string    // human label
	Unit            string    // unit text
	Source          string    // publisher or source name
	SourceFrequency Frequency // native frequency of the series (the table's for derived columns)
	Method          string    // how values were made: "as is", "avg", "sum", "last", "first", "at period start", or the derivation op
	Aggregation     string    // the series' own aggregation ("avg", "sum", "last", "first"; "" for derived columns)
	Adjustment      string    // the series' seasonal adjustment text ("SAAR"...), "" when unknown
	Values          []float64 // one per table date; NaN = missing
	Count           int       // values present
	Missing         int       // NaN cells among the column's own periods (see BuildTable)
	Gaps            int       // the Missing cells that fall between First and Last
	First, Last     time.Time // dates of the first and last value present (zero when none)
	Notes           []string  // what was done, in words: "UNRATE: monthly, kept as is"
	Derivation      *Derivation
}

// Column returns the column called name (or whose series id or short name is
// name), or an error wrapping ErrBadSpec listing the columns there are.
func (t *Table) Column(name string) (*Column, error) {
	for _, c := range t.Columns {
		if c.Name == name {
			return c, nil
		}
	}
	var found *Column
	for _, c := range t.Columns {
		if c.ID == name || shortName(c.Name) == name {
			if found != nil {
				return nil, fmt.Errorf("%w: column name %q is ambiguous", ErrBadSpec, name)
			}
			found = c
		}
	}
	if found == nil {
		names := make([]string, len(t.Columns))
		for i, c := range t.Columns {
			names[i] = c.Name
		}
		return nil, fmt.Errorf("%w: no column %q (columns: %v)", ErrBadSpec, name, names)
	}
	return found, nil
}

// Series returns a column as a Series at the table frequency (missing cells
// left out), so it can be searched for breaks or charted on its own.
func (t *Table) Series(name string) (Series, error) {
	c, err := t.Column(name)
	if err != nil {
		return Series{}, err
	}
	s := Series{ID: c.Name, Title: c.Title, Unit: c.Unit, Frequency: t.Frequency, Source: c.Source}
	if c.ID != "" && !Coarser(c.SourceFrequency, t.Frequency) {
		s.ID = c.ID
	}
	if Coarser(c.SourceFrequency, t.Frequency) {
		s.Frequency = c.SourceFrequency
	}
	for i, v := range c.Values {
		if !math.IsNaN(v) {
			s.Points = append(s.Points, Point{Date: t.Dates[i], Value: v})
		}
	}
	return s, nil
}

// BuildTable loads the series named in spec from store and aligns them at
// one frequency over one date range.
//
// Moving a series to a coarser frequency uses the series' own Aggregation
// (average when it has none, which is FRED's default and right for rates,
// prices and indexes; catalogs should mark flows "sum" and end-of-period
// stocks "last"). Only complete periods get a value: an average or a sum
// needs every month (quarter...) of the period, or for daily and weekly data
// values near both ends of the period; "last" needs the period's last
// sub-period, "first" its first. Incomplete periods stay missing and are
// counted in the column notes.
//
// A series coarser than the table is never interpolated or carried forward:
// each value sits at the first table period of its own period (quarterly GDP
// in a monthly table fills January, April, July, October) and the other rows
// are missing; the column notes say so. Its Missing count counts only its own
// periods.
//
// A daily table has a row for each date on which any series has a value;
// other frequencies have a row for every period in the range.
func BuildTable(ctx context.Context, store Store, spec TableSpec) (*Table, error) {
	if len(spec.IDs) == 0 {
		return nil, fmt.Errorf("%w: table needs at least one series id", ErrBadSpec)
	}
	if !spec.From.IsZero() && !spec.To.IsZero() && spec.To.Before(spec.From) {
		return nil, fmt.Errorf("%w: table range ends (%s) before it starts (%s)", ErrBadSpec,
			spec.To.Format(time.DateOnly), spec.From.Format(time.DateOnly))
	}
	seen := make(map[string]bool, len(spec.IDs))
	for _, id := range spec.IDs {
		if seen[id] {
			return nil, fmt.Errorf("%w: series %s asked for twice", ErrBadSpec, id)
		}
		seen[id] = true
	}
	if ps, ok := store.(PushdownStore); ok {
		in, err := pushdownInputs(ctx, ps, spec)
		if err != nil {
			return nil, err
		}
		return align(ctx, in, spec.Frequency, spec.From, spec.To)
	}
	series := make([]Series, 0, len(spec.IDs))
	for _, id := range spec.IDs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s, err := store.Series(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("table: series %s: %w", id, err)
		}
		if s.ID == "" {
			s.ID = id
		}
		if err := s.Validate(); err != nil {
			return nil, err
		}
		series = append(series, s)
	}
	return Align(ctx, series, spec.Frequency, spec.From, spec.To)
}

// Align is BuildTable on series already in memory.
func Align(ctx context.Context, series []Series, freq Frequency, from, to time.Time) (*Table, error) {
	in := make([]tableInput, len(series))
	for i, s := range series {
		in[i] = tableInput{s: s}
	}
	return align(ctx, in, freq, from, to)
}

// align builds the table from series read whole or (see PushdownStore)
// already filtered and aggregated.
func align(ctx context.Context, in []tableInput, freq Frequency, from, to time.Time) (*Table, error) {
	series := make([]Series, len(in))
	for i, x := range in {
		series[i] = x.s
	}
	t := &Table{Frequency: freq}
	if freq == "" {
		for _, s := range series {
			if t.Frequency == "" || Coarser(s.Frequency, t.Frequency) {
				t.Frequency = s.Frequency
			}
		}
		t.Notes = append(t.Notes, fmt.Sprintf("frequency: %s, the coarsest of the series", FrequencyName(t.Frequency)))
	} else {
		if _, ok := freqRank[freq]; !ok {
			return nil, fmt.Errorf("%w: unknown table frequency %q (use D, W, M, Q, S or A)", ErrBadSpec, freq)
		}
		t.Notes = append(t.Notes, fmt.Sprintf("frequency: %s, as asked", FrequencyName(freq)))
	}
	if t.Frequency == Biweekly {
		return nil, fmt.Errorf("%w: biweekly tables are not supported; use weekly or monthly", ErrBadSpec)
	}

	buckets := make([]map[time.Time]float64, len(series))
	cols := make([]*Column, len(series))
	infos := make([]*downInfo, len(series))
	lo, hi := time.Time{}, time.Time{}
	for i, s := range series {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		buckets[i], cols[i], infos[i] = resample(in[i], t.Frequency)
		// The open range spans every series' observations, including
		// incomplete periods at the ends (they show as missing).
		if ps := in[i].periods; in[i].aggregated && len(ps) > 0 {
			if lo.IsZero() || ps[0].Start.Before(lo) {
				lo = ps[0].Start
			}
			if hi.IsZero() || ps[len(ps)-1].Start.After(hi) {
				hi = ps[len(ps)-1].Start
			}
		} else if pts := s.Observed(); len(pts) > 0 {
			first, last := tableRow(pts[0].Date, s.Frequency, t.Frequency), tableRow(pts[len(pts)-1].Date, s.Frequency, t.Frequency)
			if lo.IsZero() || first.Before(lo) {
				lo = first
			}
			if hi.IsZero() || last.After(hi) {
				hi = last
			}
		}
	}
	if !from.IsZero() {
		lo = PeriodStart(from, t.Frequency)
	}
	if !to.IsZero() {
		hi = PeriodStart(to, t.Frequency)
	}
	if lo.IsZero() || hi.IsZero() || hi.Before(lo) {
		return nil, fmt.Errorf("%w: none of the series has a value in the range", ErrNoData)
	}
	t.Dates = rowDates(t.Frequency, lo, hi, buckets)
	if n := len(t.Dates) * len(series); n > MaxTableCells {
		return nil, fmt.Errorf("%w: table would have %d cells (%d rows × %d columns), more than %d; choose a coarser frequency or a shorter range",
			ErrBadSpec, n, len(t.Dates), len(series), MaxTableCells)
	}
	if len(t.Dates) == 0 {
		return nil, fmt.Errorf("%w: none of the series has a value in the range", ErrNoData)
	}
	t.Notes = append(t.Notes, fmt.Sprintf("range: %s to %s, %d rows",
		FormatPeriod(t.Dates[0], t.Frequency), FormatPeriod(t.Dates[len(t.Dates)-1], t.Frequency), len(t.Dates)))

	anyValue := false
	for i, col := range cols {
		if infos[i] != nil {
			col.Notes = append(col.Notes, infos[i].note(series[i], t.Frequency, t.Dates[0], t.Dates[len(t.Dates)-1]))
		}
		col.Values = make([]float64, len(t.Dates))
		for r, d := range t.Dates {
			v, ok := buckets[i][d]
			if !ok {
				v = math.NaN()
			}
			col.Values[r] = v
		}
		t.finishColumn(col)
		if col.Count == 0 {
			col.Notes = append(col.Notes, fmt.Sprintf("%s: no value in the table range", shortName(col.Name)))
		} else {
			anyValue = true
		}
		t.Columns = append(t.Columns, col)
	}
	if !anyValue {
		return nil, fmt.Errorf("%w: none of the series has a value in the range", ErrNoData)
	}
	for _, c := range t.Columns {
		if Coarser(c.SourceFrequency, t.Frequency) {
			t.Notes = append(t.Notes, "coarser series are not interpolated: each value sits at the first row of its own period, other rows are missing")
			break
		}
	}
	return t, nil
}

// rowDates lists the table's dates: every period from lo to hi, or for a
// daily table the dates on which some series has a value.
func rowDates(freq Frequency, lo, hi time.Time, buckets []map[time.Time]float64) []time.Time {
	if freq == Daily {
		set := map[time.Time]bool{}
		for _, b := range buckets {
			for d := range b {
				if !d.Before(lo) && !d.After(hi) {
					set[d] = true
				}
			}
		}
		out := make([]time.Time, 0, len(set))
		for d := range set {
			out = append(out, d)
		}
		slices.SortFunc(out, func(a, b time.Time) int { return a.Compare(b) })
		return out
	}
	var out []time.Time
	for d := lo; !d.After(hi); d = NextPeriod(d, freq) {
		out = append(out, d)
	}
	return out
}

// finishColumn counts values and missing cells and records the coverage.
// A column coarser than the table only counts rows that start one of its own
// periods as missing.
func (t *Table) finishColumn(c *Column) {
	c.Count, c.Missing, c.Gaps = 0, 0, 0
	c.First, c.Last = time.Time{}, time.Time{}
	coarse := Coarser(c.SourceFrequency, t.Frequency)
	pending := 0 // missing cells since the last value
	for r, v := range c.Values {
		d := t.Dates[r]
		if !math.IsNaN(v) {
			c.Count++
			if c.First.IsZero() {
				c.First = d
			}
			c.Last = d
			c.Gaps += pending
			pending = 0
			continue
		}
		if coarse && !placeCoarse(PeriodStart(d, c.SourceFrequency), t.Frequency).Equal(d) {
			continue
		}
		c.Missing++
		if !c.First.IsZero() {
			pending++
		}
	}
}

// tableRow is the table row (at frequency tf) holding an observation dated d
// of a series of frequency sf.
func tableRow(d time.Time, sf, tf Frequency) time.Time {
	if Coarser(sf, tf) {
		return placeCoarse(PeriodStart(d, sf), tf)
	}
	return PeriodStart(d, tf)
}

// placeCoarse is the table row (period start at frequency tf) that holds the
// value of a coarser period starting at start: the first table period that
// starts on or after it (the same date for calendar frequencies, the first
// Monday for a weekly table).
func placeCoarse(start time.Time, tf Frequency) time.Time {
	p := PeriodStart(start, tf)
	if p.Before(start) {
		p = NextPeriod(p, tf)
	}
	return p
}

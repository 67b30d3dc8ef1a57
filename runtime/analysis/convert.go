package analysis

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// ConvertSpec asks for a table at a coarser frequency.
type ConvertSpec struct {
	Frequency Frequency
	// Method is "" to aggregate each series column by its own method, or
	// one of avg, sum, last, first for all of them.
	Method string
	// Methods overrides Method, and a column's own method, for the columns
	// it names ("debt at year end, GDP averaged"): column name → avg, sum,
	// last or first.
	Methods map[string]string
	// Store, when set, gives the observations of series columns the table
	// had already aggregated (daily rates in a monthly table): they are
	// aggregated again from their observations instead of from the table's
	// averages. nil uses the table's values only.
	Store Store
}

// Convert returns t at the coarser frequency spec.Frequency; t is left as
// it was.
//
// Series columns are aggregated by their own method (average, sum, end of
// period, start of period) or by spec.Method, over complete periods only,
// as BuildTable does; a flow at an annual rate is averaged even when a sum
// is asked for (a sum of annual rates counts the year several times).
//
// Derived columns are computed again from the converted inputs, because an
// aggregate of a derived column is usually not the derived column of the
// aggregates: the year-on-year change of annual averages is not the average
// of monthly year-on-year changes, and a ratio of annual values is not the
// mean of monthly ratios. Row counts keep their span in time (a 12-month lag
// becomes 1 year, a 3-month change 1 quarter; yoy stays a year). A
// derivation that cannot be expressed at the new frequency (a one-month
// change in a quarterly table) is not recomputed: its own values are
// aggregated (averaged unless spec.Method says otherwise) and its note says
// so. Every column's notes say what was done.
func Convert(ctx context.Context, t *Table, spec ConvertSpec) (*Table, error) {
	f := spec.Frequency
	if _, ok := freqRank[f]; !ok || f == Biweekly {
		return nil, fmt.Errorf("%w: convert: unknown frequency %q (use W, M, Q, S or A)", ErrBadSpec, f)
	}
	if !Coarser(f, t.Frequency) {
		return nil, fmt.Errorf("%w: convert: the table is %s; it can only be converted to a coarser frequency than that, not %s", ErrBadSpec, FrequencyName(t.Frequency), FrequencyName(f))
	}
	switch spec.Method {
	case "", AggAverage, AggSum, AggLast, AggFirst:
	default:
		return nil, fmt.Errorf("%w: convert: unknown method %q (use avg, sum, last or first, or none for each column's own)", ErrBadSpec, spec.Method)
	}
	if len(spec.Methods) > 0 {
		byName := map[string]string{}
		for _, name := range slices.Sorted(maps.Keys(spec.Methods)) {
			c, err := t.Column(name)
			if err != nil {
				return nil, fmt.Errorf("convert: %w", err)
			}
			switch m := spec.Methods[name]; m {
			case AggAverage, AggSum, AggLast, AggFirst:
				byName[c.Name] = m
			default:
				return nil, fmt.Errorf("%w: convert: column %s: unknown method %q (use avg, sum, last or first)", ErrBadSpec, name, m)
			}
		}
		spec.Methods = byName
	}
	if len(t.Dates) == 0 {
		return nil, fmt.Errorf("%w: convert: the table has no rows", ErrNoData)
	}
	out := &Table{Frequency: f}
	lo, hi := PeriodStart(t.Dates[0], f), PeriodStart(t.Dates[len(t.Dates)-1], f)
	for d := lo; !d.After(hi); d = NextPeriod(d, f) {
		out.Dates = append(out.Dates, d)
	}
	how := "each column by its own method"
	if spec.Method != "" {
		how = "every series column by " + methodWords(spec.Method)
	}
	for _, name := range slices.Sorted(maps.Keys(spec.Methods)) {
		how += fmt.Sprintf("; %s by %s", name, methodWords(spec.Methods[name]))
	}
	out.Notes = append(out.Notes, fmt.Sprintf("frequency: %s, converted from %s (%s)", FrequencyName(f), FrequencyName(t.Frequency), how),
		fmt.Sprintf("range: %s to %s, %d rows", FormatPeriod(lo, f), FormatPeriod(hi, f), len(out.Dates)))
	for _, col := range t.Columns {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var err error
		if col.Derivation == nil {
			err = convertSeries(ctx, t, out, col, spec)
		} else {
			err = convertDerived(t, out, col, spec)
		}
		if err != nil {
			return nil, fmt.Errorf("convert column %s: %w", col.Name, err)
		}
	}
	for _, c := range out.Columns {
		if c.Count > 0 {
			return out, nil
		}
	}
	return nil, fmt.Errorf("%w: convert: no column has a complete %s in the table", ErrNoData, periodNoun(f))
}

// methodOf is the method asked for column name: its own entry in
// Methods, else Method ("" for the column's own).
func (spec ConvertSpec) methodOf(name string) string {
	if m, ok := spec.Methods[name]; ok {
		return m
	}
	return spec.Method
}

// convertSeries aggregates a series column into out.
func convertSeries(ctx context.Context, t, out *Table, col *Column, spec ConvertSpec) error {
	s := Series{ID: col.ID, Title: col.Title, Unit: col.Unit, Source: col.Source, Adjustment: col.Adjustment}
	if s.ID == "" {
		s.ID = col.Name
	}
	method := spec.methodOf(col.Name)
	if method == "" {
		method = col.Aggregation
	}
	if method == "" {
		method = AggAverage
	}
	var extra []string
	if method == AggSum && isAnnualRate(col) {
		method = AggAverage
		extra = append(extra, fmt.Sprintf("%s is at an annual rate: averaged, not summed (a sum would count the year %d times)", col.Name, PeriodsPerYear(t.Frequency)))
	}
	s.Aggregation = method
	end := NextPeriod(t.Dates[len(t.Dates)-1], t.Frequency)
	fromStore := false
	if spec.Store != nil && col.ID != "" && Coarser(t.Frequency, col.SourceFrequency) {
		raw, err := spec.Store.Series(ctx, col.ID)
		if err != nil {
			return err
		}
		s.Frequency = raw.Frequency
		for _, p := range raw.Points {
			if !p.Date.Before(t.Dates[0]) && p.Date.Before(end) {
				s.Points = append(s.Points, p)
			}
		}
		fromStore = true
	} else {
		s.Frequency = t.Frequency
		coarse := Coarser(col.SourceFrequency, t.Frequency)
		if coarse {
			s.Frequency = col.SourceFrequency
		}
		for i, v := range col.Values {
			if math.IsNaN(v) {
				continue
			}
			d := t.Dates[i]
			if coarse {
				d = PeriodStart(d, col.SourceFrequency)
			}
			s.Points = append(s.Points, Point{Date: d, Value: v})
		}
		if Coarser(t.Frequency, col.SourceFrequency) && method == AggAverage && col.Method == AggAverage {
			extra = append(extra, fmt.Sprintf("%s is an average of the table's %s averages of %s data, not of the observations themselves", col.Name, FrequencyName(t.Frequency), FrequencyName(col.SourceFrequency)))
		}
	}
	buckets, nc, info := resample(tableInput{s: s}, out.Frequency)
	nc.Name, nc.ID, nc.SourceFrequency = col.Name, col.ID, col.SourceFrequency
	nc.Aggregation, nc.Adjustment = col.Aggregation, col.Adjustment
	if info != nil {
		note := info.note(s, out.Frequency, out.Dates[0], out.Dates[len(out.Dates)-1])
		if fromStore {
			note += fmt.Sprintf(" (from its %s observations)", FrequencyName(s.Frequency))
		}
		nc.Notes = append(nc.Notes[:0], note)
	}
	nc.Notes = append(nc.Notes, extra...)
	nc.Values = make([]float64, len(out.Dates))
	for r, d := range out.Dates {
		v, ok := buckets[d]
		if !ok {
			v = math.NaN()
		}
		nc.Values[r] = v
	}
	out.finishColumn(nc)
	out.Columns = append(out.Columns, nc)
	return nil
}

// convertDerived recomputes a derived column in out, or aggregates its own
// values when its derivation does not carry over.
func convertDerived(t, out *Table, col *Column, spec ConvertSpec) error {
	d := col.Derivation
	nc, why := recompute(t, out, col)
	if nc != nil {
		msg := fmt.Sprintf("recomputed at %s frequency from the converted inputs: %s", FrequencyName(out.Frequency), nc.Derivation.Formula)
		nc.Notes = append([]string{col.Name + ": " + msg}, nc.Notes...)
		nc.Derivation.Notes = append([]string{msg}, nc.Derivation.Notes...)
		return nil
	}
	method := spec.methodOf(col.Name)
	if method == "" {
		method = AggAverage
	}
	s := Series{ID: col.Name, Title: col.Title, Unit: col.Unit, Frequency: t.Frequency, Aggregation: method}
	for i, v := range col.Values {
		if !math.IsNaN(v) {
			s.Points = append(s.Points, Point{Date: t.Dates[i], Value: v})
		}
	}
	buckets, _, info := resample(tableInput{s: s}, out.Frequency)
	kept := *d
	kept.Warnings = append(slices.Clone(d.Warnings), fmt.Sprintf("not recomputed at %s frequency (%s): its %s values were aggregated (%s)", FrequencyName(out.Frequency), why, FrequencyName(t.Frequency), methodWords(method)))
	nc = &Column{Name: col.Name, Title: col.Title, Unit: col.Unit, Source: col.Source, SourceFrequency: col.SourceFrequency,
		Method: col.Method, Derivation: &kept, Values: make([]float64, len(out.Dates))}
	for r, dt := range out.Dates {
		v, ok := buckets[dt]
		if !ok {
			v = math.NaN()
		}
		nc.Values[r] = v
	}
	nc.Notes = []string{fmt.Sprintf("%s: %s", col.Name, kept.Warnings[len(kept.Warnings)-1])}
	if info != nil {
		nc.Notes = append(nc.Notes, info.note(s, out.Frequency, out.Dates[0], out.Dates[len(out.Dates)-1]))
	}
	out.finishColumn(nc)
	out.Columns = append(out.Columns, nc)
	return nil
}

// recompute derives col again in out, or says why it cannot.
func recompute(t, out *Table, col *Column) (*Column, string) {
	d := col.Derivation
	if d.Op == OpExpr {
		written := d.Written
		if written == "" {
			written = t.Frequency
		}
		nc, err := DeriveExpr(out, ExprSpec{Name: col.Name, Expr: d.Expr, Periods: d.Periods, Written: written})
		if err != nil {
			return nil, errorReason(err)
		}
		return nc, ""
	}
	ds := d.Spec
	ds.Name = col.Name
	switch ds.Op {
	case "":
		return nil, "its derivation is not recorded"
	case OpChain:
		// An index is proportional to a level: its mean is the index of
		// the mean level, whereas rates averaged first chain to another.
		return nil, "an index chained from rates is aggregated as a level"
	case OpMoM:
		if out.Frequency != Monthly {
			return nil, "a month-on-month change has no " + FrequencyName(out.Frequency) + " counterpart"
		}
	case OpPctChange, OpDiff:
		n := max(ds.Periods, 1)
		m, ok := moveRows(n, t.Frequency, out.Frequency)
		if !ok {
			return nil, fmt.Sprintf("a change over %s is no whole number of %ss", lagName(t, n), periodNoun(out.Frequency))
		}
		ds.Periods = m
	case OpRollingMean:
		m, ok := moveRows(ds.Window, t.Frequency, out.Frequency)
		if !ok || m < 2 {
			return nil, fmt.Sprintf("a %d-%s window is no whole number of at least two %ss", ds.Window, periodNoun(t.Frequency), periodNoun(out.Frequency))
		}
		ds.Window = m
	}
	nc, err := Derive(out, ds)
	if err != nil {
		return nil, errorReason(err)
	}
	return nc, ""
}

// moveRows is n rows of frequency from as rows of frequency to, when that is
// a whole number.
func moveRows(n int, from, to Frequency) (int, bool) {
	mf, okF := monthsIn[from]
	mt, okT := monthsIn[to]
	if !okF || !okT || (n*mf)%mt != 0 || n*mf/mt < 1 {
		return 0, false
	}
	return n * mf / mt, true
}

// errorReason is an error's message without the package's sentinel prefix.
func errorReason(err error) string {
	s := err.Error()
	for _, p := range []string{ErrBadSpec.Error() + ": ", ErrIncompatible.Error() + ": ", ErrNoData.Error() + ": "} {
		s = strings.ReplaceAll(s, p, "")
	}
	return s
}

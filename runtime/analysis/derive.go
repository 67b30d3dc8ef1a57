package analysis

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// Derivation operations.
const (
	OpPctChange   = "pct_change"   // percent change over Periods rows (default 1)
	OpMoM         = "mom"          // month-on-month percent change (monthly tables)
	OpYoY         = "yoy"          // year-on-year percent change: 12 rows monthly, 4 quarterly, 52 weekly...
	OpDiff        = "diff"         // difference over Periods rows (default 1)
	OpLog         = "log"          // natural logarithm
	OpRatio       = "ratio"        // Column / Other
	OpSpread      = "spread"       // Column - Other
	OpRollingMean = "rolling_mean" // mean of the last Window rows
	OpRebase      = "rebase"       // 100 × value / value at BaseDate
	OpShare       = "share"        // 100 × Column / Other (Other is the total)
	OpChain       = "chain"        // an index chained from a percent growth rate per row: 100 at BaseDate
)

// DeriveSpec asks for one derived column.
type DeriveSpec struct {
	Op      string // one of the Op constants
	Column  string // input column (name, series id or short id)
	Other   string // second column for ratio, spread and share
	Periods int    // lag in rows for pct_change and diff (0 = 1)
	// Annualize compounds a pct_change or mom to an annual rate:
	// 100 * ((x[t] / x[t-n])^(k/n) - 1), k the table's rows a year
	// (quarter-on-quarter annualised growth, an average yearly rate over
	// five years of an annual table).
	Annualize bool
	Window    int       // rows for rolling_mean
	BaseDate  time.Time // date for rebase and chain (any day inside the base period); chain: zero = the first growth rate
	// BaseEnd, when set, makes the base the average of the rows from
	// BaseDate's period up to (not including) BaseEnd: "2015 = 100" in a
	// monthly table is the mean of 2015's twelve months.
	BaseEnd time.Time
	Name    string // name of the new column ("" = made from the op and inputs)
}

// Derivation records how a derived column was made.
type Derivation struct {
	Op          string
	Inputs      []string // input column names
	SeriesIDs   []string // every series id behind the inputs, through derived inputs too
	Formula     string   // formula-like: "100 * (UNRATE[t] / UNRATE[t-12] - 1)", scale factors written in
	Description string   // a sentence: "Year-on-year percent change of ..."
	Notes       []string // what was done to units and inputs, in words (also in the column notes)
	Warnings    []string // caveats the analyst should read (also in the column notes)

	// How to compute the column again (Convert recomputes at a coarser
	// frequency): the DeriveSpec for Derive's ops, the expression for
	// OpExpr.
	Spec    DeriveSpec
	Expr    string    // OpExpr: the expression as written
	Periods int       // OpExpr: the default row count it was given
	Written Frequency // OpExpr: the frequency its row counts were written for
}

// Derive computes a derived column, appends it to t and returns it.
//
// Rules: ratio accepts any two columns except a percent with a non-percent;
// spread and share need the same kind of unit (two percents, two indexes with
// the same base, two amounts of the same base unit; amounts in different
// scales such as millions and billions of dollars are converted to the first
// column's scale, and a ratio of such amounts is a pure number). A percent
// change of a percent-unit column is computed but carries a warning that a
// difference in percentage points (diff) is usually meant. log leaves
// non-positive values missing, counts them in the notes, and fails when no
// value is positive. rebase fails when the base period has no value (or a
// zero) and for percent columns. Shift-based operations (percent change,
// difference, rolling mean) refuse a column coarser than the table, whose
// rows are mostly empty: build the table at that column's frequency instead.
func Derive(t *Table, spec DeriveSpec) (*Column, error) {
	a, err := t.Column(spec.Column)
	if err != nil {
		return nil, fmt.Errorf("derive %s: %w", spec.Op, err)
	}
	var b *Column
	if spec.Op == OpRatio || spec.Op == OpSpread || spec.Op == OpShare {
		if spec.Other == "" {
			return nil, fmt.Errorf("%w: derive %s needs a second column (Other)", ErrBadSpec, spec.Op)
		}
		if b, err = t.Column(spec.Other); err != nil {
			return nil, fmt.Errorf("derive %s: %w", spec.Op, err)
		}
	}
	var col *Column
	switch spec.Op {
	case OpPctChange, OpMoM, OpYoY:
		col, err = derivePctChange(t, a, spec)
	case OpDiff:
		col, err = deriveDiff(t, a, spec)
	case OpLog:
		col, err = deriveLog(t, a)
	case OpRatio:
		col, err = deriveRatio(t, a, b)
	case OpSpread:
		col, err = deriveSpread(t, a, b)
	case OpShare:
		col, err = deriveShare(t, a, b)
	case OpRollingMean:
		col, err = deriveRolling(t, a, spec)
	case OpRebase:
		col, err = deriveRebase(t, a, spec)
	case OpChain:
		col, err = deriveChain(t, a, spec)
	default:
		return nil, fmt.Errorf("%w: unknown derivation %q (use pct_change, mom, yoy, diff, log, ratio, spread, rolling_mean, rebase, chain, share)", ErrBadSpec, spec.Op)
	}
	if err != nil {
		return nil, err
	}
	if spec.Annualize && spec.Op != OpPctChange && spec.Op != OpMoM && spec.Op != OpYoY {
		return nil, fmt.Errorf("%w: derive %s: only a percent change is annualised", ErrBadSpec, spec.Op)
	}
	if spec.Name != "" {
		col.Name = spec.Name
	}
	for _, c := range t.Columns {
		if c.Name == col.Name {
			return nil, fmt.Errorf("%w: a column named %q already exists; give the derived column a Name", ErrBadSpec, col.Name)
		}
	}
	col.Source = a.Source
	if b != nil && b.Source != a.Source && b.Source != "" {
		col.Source = a.Source + ", " + b.Source
	}
	col.Method = spec.Op
	col.Derivation.Spec = spec
	col.Derivation.SeriesIDs = appendNew(slices.Clone(columnSeriesIDs(a)))
	if b != nil {
		col.Derivation.SeriesIDs = appendNew(col.Derivation.SeriesIDs, columnSeriesIDs(b)...)
	}
	if Coarser(a.SourceFrequency, col.SourceFrequency) {
		col.SourceFrequency = a.SourceFrequency
	}
	if b != nil && Coarser(b.SourceFrequency, col.SourceFrequency) {
		col.SourceFrequency = b.SourceFrequency
	}
	col.Notes = append([]string{fmt.Sprintf("%s: %s (%s)", col.Name, col.Derivation.Description, col.Derivation.Formula)}, col.Derivation.Warnings...)
	t.finishColumn(col)
	t.Columns = append(t.Columns, col)
	return col, nil
}

// newDerived starts a derived column at the table frequency.
func newDerived(t *Table, name, title, unit string, d Derivation) *Column {
	v := make([]float64, len(t.Dates))
	for i := range v {
		v[i] = math.NaN()
	}
	return &Column{Name: name, Title: title, Unit: unit, SourceFrequency: t.Frequency, Values: v, Derivation: &d}
}

// sparseColumn refuses shift-based operations on columns coarser than the table.
func sparseColumn(t *Table, a *Column, op string) error {
	if Coarser(a.SourceFrequency, t.Frequency) {
		return fmt.Errorf("%w: derive %s: column %s is %s in a %s table (its rows are mostly empty); build the table at %s frequency to derive from it",
			ErrBadSpec, op, a.Name, FrequencyName(a.SourceFrequency), FrequencyName(t.Frequency), FrequencyName(a.SourceFrequency))
	}
	return nil
}

func lagName(t *Table, n int) string {
	if n == 1 {
		return periodNoun(t.Frequency)
	}
	return fmt.Sprintf("%d %ss", n, periodNoun(t.Frequency))
}

func derivePctChange(t *Table, a *Column, spec DeriveSpec) (*Column, error) {
	if err := sparseColumn(t, a, spec.Op); err != nil {
		return nil, err
	}
	n, name, what := spec.Periods, "", ""
	switch spec.Op {
	case OpYoY:
		n = PeriodsPerYear(t.Frequency)
		if n == 0 {
			return nil, fmt.Errorf("%w: derive yoy: a daily table has no fixed number of rows per year; build it weekly or monthly", ErrBadSpec)
		}
		name, what = shortName(a.Name)+"_yoy", "Year-on-year percent change"
	case OpMoM:
		if t.Frequency != Monthly {
			return nil, fmt.Errorf("%w: derive mom: the table is %s, not monthly; use pct_change with Periods", ErrBadSpec, FrequencyName(t.Frequency))
		}
		n, name, what = 1, shortName(a.Name)+"_mom", "Month-on-month percent change"
	default:
		if n <= 0 {
			n = 1
		}
		name, what = fmt.Sprintf("%s_pct_%d", shortName(a.Name), n), "Percent change"
	}
	if n >= len(t.Dates) {
		return nil, fmt.Errorf("%w: derive %s: lag of %d rows but the table has %d", ErrBadSpec, spec.Op, n, len(t.Dates))
	}
	x := shortName(a.Name)
	d := Derivation{
		Op: spec.Op, Inputs: []string{a.Name},
		Formula:     fmt.Sprintf("100 * (%s[t] / %s[t-%d] - 1)", x, x, n),
		Description: fmt.Sprintf("%s of %s over %s", what, a.Title, lagName(t, n)),
	}
	power := 1.0
	if spec.Annualize {
		k := PeriodsPerYear(t.Frequency)
		if k == 0 {
			return nil, fmt.Errorf("%w: derive %s: a daily table has no fixed number of rows per year to annualise by; build it weekly or monthly", ErrBadSpec, spec.Op)
		}
		power = float64(k) / float64(n)
		if spec.Op != OpYoY {
			name += "_ann"
		}
		exp := FormatNumber(power)
		if k%n != 0 {
			exp = fmt.Sprintf("%d/%d", k, n)
		}
		d.Formula = fmt.Sprintf("100 * ((%s[t] / %s[t-%d])^(%s) - 1)", x, x, n, exp)
		d.Description = fmt.Sprintf("%s of %s over %s, compounded to an annual rate", what, a.Title, lagName(t, n))
	}
	if ClassifyUnit(a.Unit) == KindPercent {
		d.Warnings = append(d.Warnings, fmt.Sprintf("%s is already in percent (%s): a percent change of a rate is rarely meant; a change in percentage points (diff) is usually what is wanted", x, a.Unit))
	}
	col := newDerived(t, name, d.Description, "Percent", d)
	zero, negative, unsigned := 0, 0, 0
	for i := n; i < len(t.Dates); i++ {
		cur, prev := a.Values[i], a.Values[i-n]
		if math.IsNaN(cur) || math.IsNaN(prev) {
			continue
		}
		if prev == 0 {
			zero++
			continue
		}
		if prev < 0 {
			negative++
		}
		if power != 1 {
			if r := cur / prev; r > 0 {
				col.Values[i] = 100 * (math.Pow(r, power) - 1)
			} else {
				unsigned++
			}
			continue
		}
		col.Values[i] = 100 * (cur/prev - 1)
	}
	if unsigned > 0 {
		col.Derivation.Warnings = append(col.Derivation.Warnings, fmt.Sprintf("%d rows left missing: a ratio that is not positive cannot be compounded to an annual rate", unsigned))
	}
	if zero > 0 {
		col.Derivation.Warnings = append(col.Derivation.Warnings, fmt.Sprintf("%d rows left missing: the earlier value was zero", zero))
	}
	if negative > 0 {
		col.Derivation.Warnings = append(col.Derivation.Warnings, fmt.Sprintf("%d rows compare with a negative earlier value: their percent change has a misleading sign; use diff", negative))
	}
	return col, nil
}

func deriveDiff(t *Table, a *Column, spec DeriveSpec) (*Column, error) {
	if err := sparseColumn(t, a, spec.Op); err != nil {
		return nil, err
	}
	n := spec.Periods
	if n <= 0 {
		n = 1
	}
	if n >= len(t.Dates) {
		return nil, fmt.Errorf("%w: derive diff: lag of %d rows but the table has %d", ErrBadSpec, n, len(t.Dates))
	}
	x := shortName(a.Name)
	unit := a.Unit
	if ClassifyUnit(a.Unit) == KindPercent {
		unit = "Percentage points"
	}
	d := Derivation{Op: OpDiff, Inputs: []string{a.Name},
		Formula:     fmt.Sprintf("%s[t] - %s[t-%d]", x, x, n),
		Description: fmt.Sprintf("Change in %s over %s", a.Title, lagName(t, n))}
	col := newDerived(t, fmt.Sprintf("%s_diff_%d", x, n), d.Description, unit, d)
	for i := n; i < len(t.Dates); i++ {
		col.Values[i] = a.Values[i] - a.Values[i-n] // NaN propagates
	}
	return col, nil
}

func deriveLog(t *Table, a *Column) (*Column, error) {
	x := shortName(a.Name)
	d := Derivation{Op: OpLog, Inputs: []string{a.Name}, Formula: fmt.Sprintf("ln(%s[t])", x),
		Description: fmt.Sprintf("Natural logarithm of %s", a.Title)}
	col := newDerived(t, x+"_log", d.Description, "log of "+a.Unit, d)
	bad, good := 0, 0
	for i, v := range a.Values {
		switch {
		case math.IsNaN(v):
		case v <= 0:
			bad++
		default:
			col.Values[i] = math.Log(v)
			good++
		}
	}
	if good == 0 && bad > 0 {
		return nil, fmt.Errorf("%w: derive log: all %d values of %s are zero or negative", ErrIncompatible, bad, a.Name)
	}
	if good == 0 {
		return nil, fmt.Errorf("%w: derive log: column %s has no values", ErrNoData, a.Name)
	}
	if bad > 0 {
		col.Derivation.Warnings = append(col.Derivation.Warnings, fmt.Sprintf("%d of %d values of %s are zero or negative and were left missing", bad, bad+good, x))
	}
	return col, nil
}

// pairScale checks that two columns can be subtracted or compared as parts
// of a whole, and returns the factor that puts b in a's unit.
func pairScale(op string, a, b *Column) (float64, error) {
	ka, kb := ClassifyUnit(a.Unit), ClassifyUnit(b.Unit)
	if ka != kb {
		return 0, fmt.Errorf("%w: derive %s: %s is in %q (%s) but %s is in %q (%s); units differ in kind",
			ErrIncompatible, op, a.Name, a.Unit, ka, b.Name, b.Unit, kb)
	}
	switch ka {
	case KindPercent:
		return 1, nil
	case KindIndex:
		if !sameUnit(a.Unit, b.Unit) {
			return 0, fmt.Errorf("%w: derive %s: %s (%q) and %s (%q) are indexes on different bases; rebase both first",
				ErrIncompatible, op, a.Name, a.Unit, b.Name, b.Unit)
		}
		return 1, nil
	}
	fa, baseA := unitScale(a.Unit)
	fb, baseB := unitScale(b.Unit)
	if baseA != baseB {
		return 0, fmt.Errorf("%w: derive %s: %s is in %q but %s is in %q; the units differ",
			ErrIncompatible, op, a.Name, a.Unit, b.Name, b.Unit)
	}
	return fb / fa, nil
}

func deriveSpread(t *Table, a, b *Column) (*Column, error) {
	scale, err := pairScale(OpSpread, a, b)
	if err != nil {
		return nil, err
	}
	x, y := shortName(a.Name), shortName(b.Name)
	unit := a.Unit
	if ClassifyUnit(a.Unit) == KindPercent {
		unit = "Percentage points"
	}
	formula := fmt.Sprintf("%s[t] - %s[t]", x, y)
	if scale != 1 {
		formula = fmt.Sprintf("%s[t] - %g * %s[t]", x, scale, y)
	}
	d := Derivation{Op: OpSpread, Inputs: []string{a.Name, b.Name}, Formula: formula,
		Description: fmt.Sprintf("Spread of %s over %s", a.Title, b.Title)}
	col := newDerived(t, x+"_minus_"+y, d.Description, unit, d)
	for i := range col.Values {
		col.Values[i] = a.Values[i] - scale*b.Values[i]
	}
	return col, nil
}

func deriveRatio(t *Table, a, b *Column) (*Column, error) {
	ka, kb := ClassifyUnit(a.Unit), ClassifyUnit(b.Unit)
	if (ka == KindPercent) != (kb == KindPercent) {
		return nil, fmt.Errorf("%w: derive ratio: %s is in %q (%s) but %s is in %q (%s); units differ in kind",
			ErrIncompatible, a.Name, a.Unit, ka, b.Name, b.Unit, kb)
	}
	x, y := shortName(a.Name), shortName(b.Name)
	scale := 1.0
	unit := fmt.Sprintf("%s per %s", a.Unit, b.Unit)
	if ka == KindLevel && kb == KindLevel {
		fa, baseA := unitScale(a.Unit)
		fb, baseB := unitScale(b.Unit)
		if baseA == baseB {
			scale, unit = fa/fb, "Ratio"
		}
	} else if sameUnit(a.Unit, b.Unit) {
		unit = "Ratio"
	}
	formula := fmt.Sprintf("%s[t] / %s[t]", x, y)
	if scale != 1 {
		formula = fmt.Sprintf("%g * %s[t] / %s[t]", scale, x, y)
	}
	d := Derivation{Op: OpRatio, Inputs: []string{a.Name, b.Name}, Formula: formula,
		Description: fmt.Sprintf("Ratio of %s to %s", a.Title, b.Title)}
	col := newDerived(t, x+"_over_"+y, d.Description, unit, d)
	zero := 0
	for i := range col.Values {
		if b.Values[i] == 0 {
			zero++
			continue
		}
		col.Values[i] = scale * a.Values[i] / b.Values[i]
	}
	if zero > 0 {
		col.Derivation.Warnings = append(col.Derivation.Warnings, fmt.Sprintf("%d rows left missing: %s is zero there", zero, y))
	}
	return col, nil
}

func deriveShare(t *Table, a, b *Column) (*Column, error) {
	if ClassifyUnit(a.Unit) == KindPercent || ClassifyUnit(b.Unit) == KindPercent {
		return nil, fmt.Errorf("%w: derive share: %s (%q) and %s (%q) must be amounts, not percents",
			ErrIncompatible, a.Name, a.Unit, b.Name, b.Unit)
	}
	scale, err := pairScale(OpShare, a, b)
	if err != nil {
		return nil, err
	}
	x, y := shortName(a.Name), shortName(b.Name)
	d := Derivation{Op: OpShare, Inputs: []string{a.Name, b.Name},
		Formula:     fmt.Sprintf("100 * %s[t] / (%g * %s[t])", x, scale, y),
		Description: fmt.Sprintf("Share of %s in %s", a.Title, b.Title)}
	col := newDerived(t, x+"_share_of_"+y, d.Description, "Percent of "+b.Title, d)
	over := 0
	for i := range col.Values {
		tot := scale * b.Values[i]
		if tot == 0 || math.IsNaN(tot) || math.IsNaN(a.Values[i]) {
			continue
		}
		col.Values[i] = 100 * a.Values[i] / tot
		if col.Values[i] > 100 {
			over++
		}
	}
	if over > 0 {
		col.Derivation.Warnings = append(col.Derivation.Warnings, fmt.Sprintf("%d rows exceed 100%%: %s may not be a total of %s", over, y, x))
	}
	return col, nil
}

func deriveRolling(t *Table, a *Column, spec DeriveSpec) (*Column, error) {
	if err := sparseColumn(t, a, spec.Op); err != nil {
		return nil, err
	}
	w := spec.Window
	if w < 2 {
		return nil, fmt.Errorf("%w: derive rolling_mean: Window must be at least 2 rows (got %d)", ErrBadSpec, w)
	}
	if w > len(t.Dates) {
		return nil, fmt.Errorf("%w: derive rolling_mean: window of %d rows but the table has %d", ErrBadSpec, w, len(t.Dates))
	}
	x := shortName(a.Name)
	d := Derivation{Op: OpRollingMean, Inputs: []string{a.Name},
		Formula:     fmt.Sprintf("mean(%s[t-%d..t])", x, w-1),
		Description: fmt.Sprintf("%d-%s moving average of %s (only full windows)", w, periodNoun(t.Frequency), a.Title)}
	col := newDerived(t, fmt.Sprintf("%s_ma%d", x, w), d.Description, a.Unit, d)
	sum, have := 0.0, 0
	for i, v := range a.Values {
		if !math.IsNaN(v) {
			sum += v
			have++
		}
		if i >= w {
			if old := a.Values[i-w]; !math.IsNaN(old) {
				sum -= old
				have--
			}
		}
		if i >= w-1 && have == w {
			col.Values[i] = sum / float64(w)
		}
	}
	return col, nil
}

// baseLabel writes a base period that spans several rows the way people
// write it: "2015" for a calendar year, "2019Q4" for a quarter, else
// "2019-01..2019-06".
func baseLabel(start, end time.Time) string {
	switch {
	case start.Month() == 1 && start.Day() == 1 && end.Equal(start.AddDate(1, 0, 0)):
		return FormatPeriod(start, Annual)
	case (start.Month()-1)%3 == 0 && start.Day() == 1 && end.Equal(start.AddDate(0, 3, 0)):
		return FormatPeriod(start, Quarterly)
	case start.Day() == 1 && end.Equal(start.AddDate(0, 1, 0)):
		return FormatPeriod(start, Monthly)
	}
	return FormatPeriod(start, Monthly) + ".." + FormatPeriod(end.AddDate(0, 0, -1), Monthly)
}

func deriveRebase(t *Table, a *Column, spec DeriveSpec) (*Column, error) {
	if spec.BaseDate.IsZero() {
		return nil, fmt.Errorf("%w: derive rebase needs a BaseDate", ErrBadSpec)
	}
	if ClassifyUnit(a.Unit) == KindPercent {
		return nil, fmt.Errorf("%w: derive rebase: %s is in %q; rebasing a percent makes no sense (chain turns a growth rate into an index)", ErrIncompatible, a.Name, a.Unit)
	}
	bv, label, span, err := baseValue(t, a, a.Values, spec, "rebase")
	if err != nil {
		return nil, err
	}
	x := shortName(a.Name)
	formula := fmt.Sprintf("100 * %s[t] / %s[%s]", x, x, label)
	if span {
		formula = fmt.Sprintf("100 * %s[t] / mean(%s[%s])", x, x, label)
	}
	d := Derivation{Op: OpRebase, Inputs: []string{a.Name},
		Formula:     formula,
		Description: fmt.Sprintf("%s rebased to %s = 100", a.Title, label)}
	col := newDerived(t, fmt.Sprintf("%s_%s_100", x, strings.ReplaceAll(label, "..", "_")), d.Description, fmt.Sprintf("Index %s=100", label), d)
	for i, v := range a.Values {
		col.Values[i] = 100 * v / bv
	}
	return col, nil
}

// baseValue is the value of values (column a's, or made from it) in the
// base period of spec, or their mean over a longer base (span), with the
// base's label; op names the operation in errors.
func baseValue(t *Table, a *Column, values []float64, spec DeriveSpec, op string) (bv float64, label string, span bool, err error) {
	base := PeriodStart(spec.BaseDate, t.Frequency)
	if Coarser(a.SourceFrequency, t.Frequency) {
		base = placeCoarse(PeriodStart(spec.BaseDate, a.SourceFrequency), t.Frequency)
	}
	label = FormatPeriod(base, t.Frequency)
	if span = spec.BaseEnd.After(base); span {
		label = baseLabel(base, spec.BaseEnd)
		n := 0
		for i, d := range t.Dates {
			if d.Before(base) || !d.Before(spec.BaseEnd) {
				continue
			}
			if math.IsNaN(values[i]) {
				return 0, "", false, fmt.Errorf("%w: derive %s: %s has no value at %s, inside the base %s", ErrNoData, op, a.Name, FormatPeriod(d, t.Frequency), label)
			}
			bv += values[i]
			n++
		}
		if n == 0 {
			return 0, "", false, fmt.Errorf("%w: derive %s: the table has no rows in the base %s", ErrNoData, op, label)
		}
		bv /= float64(n)
	} else {
		row := -1
		for i, d := range t.Dates {
			if d.Equal(base) {
				row = i
				break
			}
		}
		if row < 0 || math.IsNaN(values[row]) {
			return 0, "", false, fmt.Errorf("%w: derive %s: %s has no value at %s", ErrNoData, op, a.Name, label)
		}
		bv = values[row]
	}
	if bv == 0 {
		return 0, "", false, fmt.Errorf("%w: derive %s: %s is zero at %s", ErrIncompatible, op, a.Name, label)
	}
	return bv, label, span, nil
}

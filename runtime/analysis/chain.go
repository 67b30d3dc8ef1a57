package analysis

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// deriveChain turns a percent growth rate per row into an index: each
// row's level is the last one times 1 + g/100, and the levels are set to
// 100 at the base period (spec.BaseDate, or a longer base's mean as
// rebase does; zero = the first row with a level). The first rate is the
// change from the row before it, so that row, when the table has it,
// holds the chain's first level: chaining a column's percent change gives
// back that column's own index on every row.
//
// A missing rate breaks the chain: the rows after it have no level, and
// the notes say how many rates were left out that way. A rate over a year
// in a table of shorter rows (a year-on-year rate in a monthly table)
// compounds overlapping years; that is computed with a warning.
func deriveChain(t *Table, a *Column, spec DeriveSpec) (*Column, error) {
	if ClassifyUnit(a.Unit) != KindPercent {
		return nil, fmt.Errorf("%w: derive chain: %s is in %q, not a growth rate in percent; to set a level to 100 at a base, rebase it", ErrIncompatible, a.Name, a.Unit)
	}
	if err := sparseColumn(t, a, OpChain); err != nil {
		return nil, err
	}
	levels := make([]float64, len(t.Dates))
	first, broken, lost := -1, -1, 0
	level := 1.0
	for i, g := range a.Values {
		levels[i] = math.NaN()
		switch {
		case broken >= 0:
			if !math.IsNaN(g) {
				lost++
			}
		case math.IsNaN(g):
			if first >= 0 {
				broken = i
			}
		default:
			if first < 0 {
				first = i
			}
			level *= 1 + g/100
			levels[i] = level
		}
	}
	if first < 0 {
		return nil, fmt.Errorf("%w: derive chain: %s has no values", ErrNoData, a.Name)
	}
	if first > 0 {
		// The first rate is the change from the row before it: that row
		// has a level too, the one the chain starts from.
		first--
		levels[first] = 1
	}
	if spec.BaseDate.IsZero() {
		spec.BaseDate, spec.BaseEnd = t.Dates[first], time.Time{}
	}
	bv, label, _, err := baseValue(t, a, levels, spec, OpChain)
	if err != nil {
		return nil, err
	}
	x := shortName(a.Name)
	d := Derivation{Op: OpChain, Inputs: []string{a.Name},
		Formula:     fmt.Sprintf("idx[%s] = 100; idx[t] = idx[t-1] * (1 + %s[t] / 100)", label, x),
		Description: fmt.Sprintf("Index chained from %s, %s = 100", a.Title, label)}
	if lost > 0 {
		d.Warnings = append(d.Warnings, fmt.Sprintf("the chain stops at %s, where %s has no value: %d later rates are left out", FormatPeriod(t.Dates[broken], t.Frequency), x, lost))
	}
	if over := rateSpan(a); over > 1 && over > monthsIn[t.Frequency] && monthsIn[t.Frequency] > 0 {
		d.Warnings = append(d.Warnings, fmt.Sprintf("%s is a rate over %d months in a table of %s rows: chaining it compounds overlapping periods; chain the change over one row instead", x, over, periodNoun(t.Frequency)))
	}
	col := newDerived(t, fmt.Sprintf("%s_idx_%s", x, strings.ReplaceAll(label, "..", "_")), d.Description, fmt.Sprintf("Index %s=100", label), d)
	for i, v := range levels {
		col.Values[i] = 100 * v / bv
	}
	return col, nil
}

// rateSpan is the number of months a derived rate of change spans (12 for
// a year-on-year change or an annualised rate), 0 when a is no derived
// rate of change.
func rateSpan(a *Column) int {
	d := a.Derivation
	if d == nil {
		return 0
	}
	if d.Spec.Annualize {
		return 12
	}
	per := monthsIn[a.SourceFrequency]
	switch d.Op {
	case OpYoY:
		return 12
	case OpMoM:
		return 1
	case OpPctChange:
		return max(d.Spec.Periods, 1) * per
	}
	return 0
}

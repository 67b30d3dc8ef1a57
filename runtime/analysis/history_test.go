package analysis_test

import (
	"context"
	"math"
	"testing"

	"github.com/sextant-dev/sextant/runtime/analysis"
)

// A look-back derivation on a table that starts after the series does is
// computed at the table's first rows from the observations before them, and
// equals the same derivation on a table that starts earlier.
func TestDeriveWithHistoryFillsTheFirstRows(t *testing.T) {
	ctx := context.Background()
	st, _ := realStore(t)
	short, err := analysis.BuildTable(ctx, st, analysis.TableSpec{IDs: []string{"fred:PAYEMS"}, Frequency: analysis.Monthly, From: date(2010, 1, 1), To: date(2012, 12, 1)})
	if err != nil {
		t.Fatal(err)
	}
	long, err := analysis.BuildTable(ctx, st, analysis.TableSpec{IDs: []string{"fred:PAYEMS"}, Frequency: analysis.Monthly, From: date(2008, 1, 1), To: date(2012, 12, 1)})
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []analysis.DeriveSpec{
		{Op: analysis.OpYoY, Column: "PAYEMS", Name: "yoy"},
		{Op: analysis.OpDiff, Column: "PAYEMS", Periods: 3, Name: "diff3"},
		{Op: analysis.OpRollingMean, Column: "PAYEMS", Window: 6, Name: "avg6"},
	} {
		plain, err := analysis.Derive(clone(short), spec)
		if err != nil {
			t.Fatal(err)
		}
		got, err := analysis.DeriveWithHistory(ctx, st, short, spec)
		if err != nil {
			t.Fatal(err)
		}
		want, err := analysis.Derive(long, spec)
		if err != nil {
			t.Fatal(err)
		}
		if plain.Missing == 0 {
			t.Fatalf("%s: the plain derivation misses nothing; the test shows nothing", spec.Op)
		}
		if got.Missing != 0 || got.Count != len(short.Dates) {
			t.Errorf("%s: %d values, %d missing, want %d and 0", spec.Op, got.Count, got.Missing, len(short.Dates))
		}
		off := len(long.Dates) - len(short.Dates)
		for i := range short.Dates {
			if math.Abs(got.Values[i]-want.Values[off+i]) > 1e-9 {
				t.Errorf("%s at %s: %g, want %g", spec.Op, short.Dates[i].Format("2006-01"), got.Values[i], want.Values[off+i])
				break
			}
		}
	}
}

// A derived input or an op that looks at no earlier row is left as Derive
// leaves it.
func TestDeriveWithHistoryLeavesOtherOps(t *testing.T) {
	ctx := context.Background()
	st, _ := realStore(t)
	tb, err := analysis.BuildTable(ctx, st, analysis.TableSpec{IDs: []string{"fred:PAYEMS"}, Frequency: analysis.Monthly, From: date(2010, 1, 1), To: date(2012, 12, 1)})
	if err != nil {
		t.Fatal(err)
	}
	yoy, err := analysis.DeriveWithHistory(ctx, st, tb, analysis.DeriveSpec{Op: analysis.OpYoY, Column: "PAYEMS", Name: "yoy"})
	if err != nil {
		t.Fatal(err)
	}
	d, err := analysis.DeriveWithHistory(ctx, st, tb, analysis.DeriveSpec{Op: analysis.OpDiff, Column: yoy.Name, Name: "dyoy"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Missing != 1 {
		t.Errorf("the difference of a derived column misses %d rows, want 1 (no history behind a derived input)", d.Missing)
	}
}

func clone(t *analysis.Table) *analysis.Table {
	c := *t
	c.Columns = nil
	for _, col := range t.Columns {
		cc := *col
		cc.Values = append([]float64(nil), col.Values...)
		c.Columns = append(c.Columns, &cc)
	}
	return &c
}

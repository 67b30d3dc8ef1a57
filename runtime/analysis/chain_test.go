package analysis_test

import (
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/analysis"
)

func quarterlyGDP(t *testing.T) *analysis.Table {
	t.Helper()
	st, _ := realStore(t)
	tb, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{IDs: []string{"fred:GDP"}, Frequency: analysis.Quarterly, From: date(2010, 1, 1), To: date(2019, 10, 1)})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestAnnualizedPercentChange(t *testing.T) {
	tb := quarterlyGDP(t)
	ann, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpPctChange, Column: "GDP", Annualize: true})
	if err != nil {
		t.Fatal(err)
	}
	cur, prev := at(t, tb, "GDP", date(2015, 4, 1)), at(t, tb, "GDP", date(2015, 1, 1))
	want := 100 * (math.Pow(cur/prev, 4) - 1)
	if got := at(t, tb, ann.Name, date(2015, 4, 1)); math.Abs(got-want) > 1e-9 || math.Abs(got-400*(cur/prev-1)) < 1e-6 {
		t.Errorf("annualised q/q 2015Q2 = %g, want the compounded %g (not four times the change)", got, want)
	}
	if !strings.Contains(ann.Derivation.Formula, "^(4)") || !strings.Contains(ann.Derivation.Description, "annual rate") || ann.Unit != "Percent" {
		t.Errorf("annualised derivation: %q, %q, unit %q", ann.Derivation.Formula, ann.Derivation.Description, ann.Unit)
	}
	// Over four quarters the annual rate is the plain change.
	four, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpPctChange, Column: "GDP", Periods: 4, Annualize: true, Name: "g4"})
	if err != nil {
		t.Fatal(err)
	}
	cur, prev = at(t, tb, "GDP", date(2016, 1, 1)), at(t, tb, "GDP", date(2015, 1, 1))
	if got := at(t, tb, four.Name, date(2016, 1, 1)); math.Abs(got-100*(cur/prev-1)) > 1e-9 {
		t.Errorf("annualised change over four quarters = %g, want the year's change %g", got, 100*(cur/prev-1))
	}
	// The expression form computes the same column.
	ex, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "gx", Expr: "pct_change_ann(GDP)"})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Unit != "Percent" {
		t.Errorf("pct_change_ann unit %q, want Percent (a ratio to a power is a ratio)", ex.Unit)
	}
	for i := range tb.Dates {
		if a, b := ann.Values[i], ex.Values[i]; math.IsNaN(a) != math.IsNaN(b) || (!math.IsNaN(a) && math.Abs(a-b) > 1e-9) {
			t.Fatalf("row %d: op %g, expression %g", i, a, b)
		}
	}
	if _, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpDiff, Column: "GDP", Annualize: true}); !errors.Is(err, analysis.ErrBadSpec) {
		t.Errorf("an annualised difference should be refused, got %v", err)
	}
}

func TestChainReproducesTheLevelsIndex(t *testing.T) {
	tb := quarterlyGDP(t)
	g, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpPctChange, Column: "GDP"})
	if err != nil {
		t.Fatal(err)
	}
	base := date(2012, 1, 1)
	idx, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpChain, Column: g.Name, BaseDate: base})
	if err != nil {
		t.Fatal(err)
	}
	lvl, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpRebase, Column: "GDP", BaseDate: base})
	if err != nil {
		t.Fatal(err)
	}
	// The growth rate starts in the second row, the change from the
	// first: chaining the rates gives the levels' own index on every row.
	for i := 0; i < len(tb.Dates); i++ {
		if a, b := idx.Values[i], lvl.Values[i]; math.Abs(a-b) > 1e-9 {
			t.Fatalf("%s: chained %g, rebased levels %g", analysis.FormatPeriod(tb.Dates[i], tb.Frequency), a, b)
		}
	}
	if got := at(t, tb, idx.Name, base); got != 100 {
		t.Errorf("chained index at its base = %g, want 100", got)
	}
	if !strings.HasPrefix(idx.Unit, "Index 2012Q1") || !strings.Contains(idx.Derivation.Formula, "idx[t-1]") {
		t.Errorf("chain unit %q formula %q", idx.Unit, idx.Derivation.Formula)
	}
	if _, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpChain, Column: "GDP"}); !errors.Is(err, analysis.ErrIncompatible) {
		t.Errorf("chaining a level should be refused, got %v", err)
	}
}

func TestChainStopsAtAMissingRate(t *testing.T) {
	tb := quarterlyGDP(t)
	g, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpPctChange, Column: "GDP"})
	if err != nil {
		t.Fatal(err)
	}
	hole := 10
	g.Values[hole] = math.NaN()
	idx, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpChain, Column: g.Name})
	if err != nil {
		t.Fatal(err)
	}
	v0, v1, v2 := idx.Values[0], idx.Values[1], idx.Values[2]
	if v0 != 100 || math.Abs(v1-100*(1+g.Values[1]/100)) > 1e-9 || math.Abs(v2-v1*(1+g.Values[2]/100)) > 1e-9 {
		t.Errorf("chained values %g, %g, %g: want 100 at the row before the first rate, then each rate applied", v0, v1, v2)
	}
	for i := hole; i < len(tb.Dates); i++ {
		if !math.IsNaN(idx.Values[i]) {
			t.Fatalf("row %d after the missing rate = %g, want missing", i, idx.Values[i])
		}
	}
	if math.IsNaN(idx.Values[hole-1]) {
		t.Error("the row before the missing rate should keep its level")
	}
	lost := len(tb.Dates) - hole - 1
	if w := strings.Join(idx.Derivation.Warnings, "; "); !strings.Contains(w, "chain stops at 2012Q3") || !strings.Contains(w, strconv.Itoa(lost)+" later rates") {
		t.Errorf("warnings %q should say where the chain stops and that %d rates are left out", w, lost)
	}
}

func TestChainWarnsOnOverlappingRates(t *testing.T) {
	tb := monthlyTable(t, "fred:PAYEMS")
	yoy, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpYoY, Column: "PAYEMS"})
	if err != nil {
		t.Fatal(err)
	}
	idx, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpChain, Column: yoy.Name})
	if err != nil {
		t.Fatal(err)
	}
	if w := strings.Join(idx.Derivation.Warnings, "; "); !strings.Contains(w, "overlapping") {
		t.Errorf("chaining a year-on-year rate in a monthly table should warn, got %q", w)
	}
	mom, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpMoM, Column: "PAYEMS"})
	if err != nil {
		t.Fatal(err)
	}
	idx2, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpChain, Column: mom.Name})
	if err != nil {
		t.Fatal(err)
	}
	if len(idx2.Derivation.Warnings) != 0 {
		t.Errorf("chaining a monthly change in a monthly table should carry no warning: %v", idx2.Derivation.Warnings)
	}
}

func TestConvertAggregatesAChainedIndex(t *testing.T) {
	tb := monthlyTable(t, "fred:PAYEMS")
	mom, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpMoM, Column: "PAYEMS"})
	if err != nil {
		t.Fatal(err)
	}
	idx, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpChain, Column: mom.Name})
	if err != nil {
		t.Fatal(err)
	}
	out, err := analysis.Convert(context.Background(), tb, analysis.ConvertSpec{Frequency: analysis.Annual})
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for i, d := range tb.Dates {
		if d.Year() == 2005 {
			sum += idx.Values[i]
		}
	}
	if got := at(t, out, idx.Name, date(2005, 1, 1)); math.Abs(got-sum/12) > 1e-9 {
		t.Errorf("annual chained index 2005 = %g, want the mean of its months %g", got, sum/12)
	}
}

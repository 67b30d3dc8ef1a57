package wire_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

// rawMap reads date → value from a file of testdata/analysis.
func rawMap(t *testing.T, name string) map[string]float64 {
	dates, vals := rawCSV(t, name)
	m := make(map[string]float64, len(dates))
	for i, d := range dates {
		m[d] = vals[i]
	}
	return m
}

func TestDeriveExprDebtToGDP(t *testing.T) {
	e, _ := newEngine(t)
	ctx := context.Background()
	if _, err := e.BuildTable(ctx, agent.TableSpec{Name: "fiscal", Frequency: "Q",
		Columns: []agent.ColumnSpec{{Name: "debt", SeriesID: wiretest.Debt}, {Name: "gdp", SeriesID: wiretest.GDP}}}); err != nil {
		t.Fatal(err)
	}
	sum, err := e.DeriveExpr(ctx, "fiscal", "debt_gdp", "100 * debt / gdp", 0)
	if err != nil {
		t.Fatal(err)
	}
	debt, gdp := rawMap(t, "GFDEBTN.csv"), rawMap(t, "GDP.csv")
	want := 100 * debt["2025-01-01"] / (1000 * gdp["2025-01-01"])
	c := sum.Column
	if c.Name != "debt_gdp" || c.Unit != "Percent" || !slices.Equal(c.SeriesIDs, []string{wiretest.Debt, wiretest.GDP}) || c.SeriesID != wiretest.Debt {
		t.Errorf("column %+v", c)
	}
	if !strings.HasPrefix(sum.Last, analysis.FormatNumber(want)+" at 2025Q1") || sum.Rows != 237 {
		t.Errorf("last %q rows %d, want %s at 2025Q1 and 237 rows", sum.Last, sum.Rows, analysis.FormatNumber(want))
	}
	for _, s := range []string{"100 * debt / (1000 * gdp)", "gdp multiplied by 1000 to put it in Millions of Dollars", "gdp is a quarterly flow at an annual rate"} {
		if !strings.Contains(c.Derived, s) {
			t.Errorf("derived %q lacks %q", c.Derived, s)
		}
	}
	// An op of DeriveColumn written as a call keeps its old behaviour.
	yoy, err := e.DeriveExpr(ctx, "fiscal", "", "yoy_pct(gdp)", 0)
	if err != nil {
		t.Fatal(err)
	}
	if yoy.Column.Name != "gdp_yoy" || !slices.Equal(yoy.Column.SeriesIDs, []string{wiretest.GDP}) || !strings.HasPrefix(yoy.Column.Derived, "yoy_pct of ") {
		t.Errorf("yoy_pct(gdp): %+v", yoy.Column)
	}
	ma, err := e.DeriveExpr(ctx, "fiscal", "", "rolling_mean(gdp_yoy, 8)", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ma.Column.Derived, "mean(gdp_yoy[t-7..t])") {
		t.Errorf("rolling_mean(gdp_yoy, 8): %q", ma.Column.Derived)
	}
	for _, bad := range []struct {
		table, expr string
		is          error
		says        string
	}{
		{"fiscal", "100 * debt / gpd", analysis.ErrBadSpec, `character 14: no column "gpd"`},
		{"fiscal", "debt +", analysis.ErrBadSpec, "character"},
		{"fiscal", "debt - gdp_yoy", analysis.ErrIncompatible, "cannot subtract debt [Millions of Dollars] and gdp_yoy [Percent]"},
		{"nope", "debt", wire.ErrUnknownTable, "fiscal"},
		{"fiscal", "rolling_mean", wire.ErrBadRequest, "rolling_mean(cpi)"},
		{"fiscal", "spread", analysis.ErrBadSpec, "spread(a, b)"},
	} {
		_, err := e.DeriveExpr(ctx, bad.table, "x", bad.expr, 0)
		if !errors.Is(err, bad.is) || !strings.Contains(err.Error(), bad.says) {
			t.Errorf("%q: error %v, want %v saying %q", bad.expr, err, bad.is, bad.says)
		}
	}

	// Average by year: debt at the year's end, GDP the mean of its
	// quarters, the ratio recomputed from them.
	ann, err := e.Convert(ctx, "fiscal", "a", "", nil, "fiscal_a")
	if err != nil {
		t.Fatal(err)
	}
	if ann.Name != "fiscal_a" || ann.Frequency != "A" || ann.From != "1962" || ann.To != "2025" || len(ann.Columns) != 5 {
		t.Fatalf("annual table %s %s %s..%s, %d columns", ann.Name, ann.Frequency, ann.From, ann.To, len(ann.Columns))
	}
	tab, _ := e.Table("fiscal_a")
	g := (gdp["2023-01-01"] + gdp["2023-04-01"] + gdp["2023-07-01"] + gdp["2023-10-01"]) / 4
	wantA := 100 * debt["2023-10-01"] / (1000 * g)
	row := 2023 - 1962
	if got := tab.Columns[2].Values[row]; math.Abs(got-wantA) > 1e-9 {
		t.Errorf("2023 debt/GDP %g, want %g", got, wantA)
	}
	if ann.Columns[2].SeriesID != wiretest.Debt || !slices.Equal(ann.Columns[2].SeriesIDs, []string{wiretest.Debt, wiretest.GDP}) {
		t.Errorf("converted derived column %+v", ann.Columns[2])
	}
	notes := strings.Join(ann.Notes, "\n")
	for _, s := range []string{"quarterly → annual end-of-period value", "quarterly → annual average of 4 quarters", "debt_gdp: recomputed at annual frequency",
		"gdp_yoy_ma8: recomputed at annual frequency from the converted inputs: mean(gdp_yoy[t-1..t])"} {
		if !strings.Contains(notes, s) {
			t.Errorf("notes lack %q:\n%s", s, notes)
		}
	}
	if q, _ := e.Table("fiscal"); q.Frequency != analysis.Quarterly {
		t.Error("the quarterly table was replaced")
	}
	// "GDP averaged, debt averaged too": a column's own method apart,
	// read as the table's method is ("mean").
	if _, err := e.Convert(ctx, "fiscal", "A", "", map[string]string{"debt": "mean"}, "fiscal_m"); err != nil {
		t.Fatal(err)
	}
	tm, _ := e.Table("fiscal_m")
	dm := (debt["2023-01-01"] + debt["2023-04-01"] + debt["2023-07-01"] + debt["2023-10-01"]) / 4
	if got := tm.Columns[2].Values[row]; math.Abs(got-100*dm/(1000*g)) > 1e-9 {
		t.Errorf("2023 debt/GDP with the debt averaged %g, want %g", got, 100*dm/(1000*g))
	}
	if _, err := e.Convert(ctx, "fiscal", "A", "", map[string]string{"debt": "median"}, ""); !errors.Is(err, wire.ErrBadRequest) || !strings.Contains(err.Error(), "column debt") {
		t.Errorf("a bad column method: %v", err)
	}
	if _, err := e.Convert(ctx, "fiscal", "A", "", map[string]string{"dept": "last"}, ""); !errors.Is(err, analysis.ErrBadSpec) || !strings.Contains(err.Error(), "dept") {
		t.Errorf("an unknown column: %v", err)
	}
	for _, bad := range []struct {
		table, freq, method string
		is                  error
	}{
		{"fiscal", "A", "median", wire.ErrBadRequest},
		{"fiscal", "M", "", analysis.ErrBadSpec},
		{"fiscal", "", "", wire.ErrBadRequest},
		{"fiscal", "hourly", "", wire.ErrBadRequest},
		{"other", "A", "", wire.ErrUnknownTable},
	} {
		if _, err := e.Convert(ctx, bad.table, bad.freq, bad.method, nil, ""); !errors.Is(err, bad.is) {
			t.Errorf("%+v: error %v, want %v", bad, err, bad.is)
		}
	}
}

func TestConvertTableRereadsDailyObservations(t *testing.T) {
	e, _ := newEngine(t)
	ctx := context.Background()
	if _, err := e.BuildTable(ctx, agent.TableSpec{Name: "main", Frequency: "M", From: "2001", To: "2019",
		Columns: []agent.ColumnSpec{{Name: "prime", SeriesID: wiretest.Dprime}, {Name: "ff", SeriesID: wiretest.Fedfunds}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.DeriveExpr(ctx, "main", "gap", "prime - ff", 0); err != nil {
		t.Fatal(err)
	}
	sum, err := e.Convert(ctx, "main", "Q", "avg", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if sum.Name != "main" || sum.Frequency != "Q" || sum.Rows != 19*4 {
		t.Fatalf("summary %s %s rows %d", sum.Name, sum.Frequency, sum.Rows)
	}
	dates, vals := rawCSV(t, "DPRIME_2000_2020.csv")
	var s float64
	n := 0
	for i, d := range dates {
		if d >= "2008-10-01" && d < "2009-01-01" {
			s += vals[i]
			n++
		}
	}
	ff := rawMap(t, "FEDFUNDS.csv")
	ffq := (ff["2008-10-01"] + ff["2008-11-01"] + ff["2008-12-01"]) / 3
	tab, _ := e.Table("main")
	row := (2008-2001)*4 + 3
	if got := tab.Columns[0].Values[row]; math.Abs(got-s/float64(n)) > 1e-9 {
		t.Errorf("prime 2008Q4 %g, want the mean of its %d days %g", got, n, s/float64(n))
	}
	if got := tab.Columns[2].Values[row]; math.Abs(got-(s/float64(n)-ffq)) > 1e-9 {
		t.Errorf("gap 2008Q4 %g, want %g", got, s/float64(n)-ffq)
	}
	if tab.Columns[2].Unit != "Percentage points" {
		t.Errorf("gap unit %q", tab.Columns[2].Unit)
	}
}

// A derived column names the derive_column op that made it, not the
// analysis package's internal name.
func TestDerivedColumnsNameTheToolsOp(t *testing.T) {
	e, _ := newEngine(t)
	ctx := context.Background()
	if _, err := e.BuildTable(ctx, agent.TableSpec{Name: "q", Frequency: "Q",
		Columns: []agent.ColumnSpec{{Name: "gdp", SeriesID: wiretest.GDP}}}); err != nil {
		t.Fatal(err)
	}
	for _, op := range agent.DeriveOps {
		sum, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "q", Column: "gdp", Op: op, Name: "gdp_" + op})
		if err != nil {
			t.Fatalf("%s: %v", op, err)
		}
		if got, _, _ := strings.Cut(sum.Column.Derived, " "); got != op {
			t.Errorf("%s: derived %q names op %q", op, sum.Column.Derived, got)
		}
	}
}

// A table rebuilt under its name with a series added keeps the derived
// columns whose inputs it still has, computed again, and names the ones
// it could not keep.
func TestRebuiltTableKeepsItsDerivedColumns(t *testing.T) {
	e, _ := newEngine(t)
	ctx := context.Background()
	if _, err := e.BuildTable(ctx, agent.TableSpec{Name: "q", Frequency: "Q",
		Columns: []agent.ColumnSpec{{Name: "gdp", SeriesID: wiretest.GDP}, {Name: "debt", SeriesID: wiretest.Debt}}}); err != nil {
		t.Fatal(err)
	}
	yoy, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "q", Column: "gdp", Op: "yoy_pct", Name: "gdp_yoy"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.DeriveExpr(ctx, "q", "debt_gdp", "100 * debt / gdp", 0); err != nil {
		t.Fatal(err)
	}
	sum, err := e.BuildTable(ctx, agent.TableSpec{Name: "q", Frequency: "Q",
		Columns: []agent.ColumnSpec{{Name: "gdp", SeriesID: wiretest.GDP}}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range sum.Columns {
		names = append(names, c.Name)
	}
	if !slices.Equal(names, []string{"gdp", "gdp_yoy"}) {
		t.Fatalf("columns after the rebuild: %v, want gdp and gdp_yoy", names)
	}
	notes := strings.Join(sum.Notes, "\n")
	if !strings.Contains(notes, "kept from the table's previous version") || !strings.Contains(notes, "debt_gdp (needs debt)") {
		t.Errorf("notes do not say what was kept and lost:\n%s", notes)
	}
	got, ok := e.Table("q")
	if !ok {
		t.Fatal("no table q")
	}
	for _, c := range got.Columns {
		if c.Name == "gdp_yoy" && c.Count != yoy.Rows {
			t.Errorf("gdp_yoy has %d values after the rebuild, %d before", c.Count, yoy.Rows)
		}
	}
}

// An annualised change and an index chained from a growth rate are the
// tool's pct_change and index, asked for with a flag or written as
// pct_change_ann(col) and chain(col, base).
func TestAnnualizedAndChainedNameTheToolsOp(t *testing.T) {
	e, _ := newEngine(t)
	ctx := context.Background()
	if _, err := e.BuildTable(ctx, agent.TableSpec{Name: "q", Frequency: "Q",
		Columns: []agent.ColumnSpec{{Name: "gdp", SeriesID: wiretest.GDP}}}); err != nil {
		t.Fatal(err)
	}
	ann, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "q", Column: "gdp", Op: "pct_change", Annualize: true, Name: "g_ann"})
	if err != nil {
		t.Fatal(err)
	}
	viaExpr, err := e.DeriveExpr(ctx, "q", "g_ann2", "pct_change_ann(gdp)", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []agent.ColumnInfo{ann.Column, viaExpr.Column} {
		if !strings.HasPrefix(c.Derived, "pct_change of gdp: ") || !strings.Contains(c.Derived, "^(4)") {
			t.Errorf("%s: derived %q, want an annualised pct_change", c.Name, c.Derived)
		}
	}
	if ann.Last != viaExpr.Last {
		t.Errorf("flag and expression differ: %s vs %s", ann.Last, viaExpr.Last)
	}
	g, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "q", Column: "gdp", Op: "pct_change", Name: "g"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "q", Column: g.Column.Name, Op: "index", Base: "2015"}); !errors.Is(err, analysis.ErrIncompatible) {
		t.Errorf("rebasing a growth rate should be refused, got %v", err)
	}
	idx, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "q", Column: "g", Op: "index", Chain: true, Base: "2015", Name: "g_idx"})
	if err != nil {
		t.Fatal(err)
	}
	lvl, err := e.DeriveExpr(ctx, "q", "lvl", "index(gdp, 2015)", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(idx.Column.Derived, "index of g: ") || idx.Last != lvl.Last || idx.Column.Unit != lvl.Column.Unit {
		t.Errorf("chained %q last %s [%s], levels' index last %s [%s]", idx.Column.Derived, idx.Last, idx.Column.Unit, lvl.Last, lvl.Column.Unit)
	}
	viaChain, err := e.DeriveExpr(ctx, "q", "g_idx2", "chain(g, 2015)", 0)
	if err != nil {
		t.Fatal(err)
	}
	if viaChain.Last != idx.Last {
		t.Errorf("chain(g, 2015) last %s, flag %s", viaChain.Last, idx.Last)
	}
	if _, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "q", Column: "gdp", Op: "diff", Annualize: true}); !errors.Is(err, wire.ErrBadRequest) {
		t.Errorf("annualize on diff should be refused, got %v", err)
	}
}

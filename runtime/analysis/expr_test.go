package analysis_test

import (
	"context"
	"encoding/csv"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/internal/testseries"
)

// rawFile reads testdata/analysis/<name> (date, value) on its own, without
// the package's loaders: the expected values of these tests come from it.
func rawFile(t *testing.T, name string) map[time.Time]float64 {
	t.Helper()
	f, err := os.Open(filepath.Join(testseries.Dir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	out := map[time.Time]float64{}
	for _, r := range recs[1:] {
		d, err := time.Parse(time.DateOnly, r[0])
		if err != nil {
			t.Fatal(err)
		}
		v, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			continue // "." or empty: missing
		}
		out[d] = v
	}
	return out
}

// fiscalStore holds federal debt (millions, end of quarter), GDP (billions,
// at an annual rate), CPI, the federal funds rate and payrolls, with the
// metadata the FRED catalog gives them.
func fiscalStore(t *testing.T) testseries.Store {
	debt := testseries.FRED(t, "GFDEBTN", analysis.Quarterly, "Millions of Dollars")
	debt.FrequencyText, debt.Adjustment = "Quarterly, End of Period", "NSA"
	gdp := testseries.FRED(t, "GDP", analysis.Quarterly, "Billions of Dollars")
	gdp.Adjustment = "SAAR"
	cpi := testseries.FRED(t, "CPIAUCSL", analysis.Monthly, "Index 1982-1984=100")
	ff := testseries.FRED(t, "FEDFUNDS", analysis.Monthly, "Percent")
	pay := testseries.FRED(t, "PAYEMS", analysis.Monthly, "Thousands of Persons")
	un := testseries.FRED(t, "UNRATE", analysis.Monthly, "Percent")
	return testseries.NewStore(debt, gdp, cpi, ff, pay, un)
}

func buildTable(t *testing.T, st analysis.Store, freq analysis.Frequency, ids ...string) *analysis.Table {
	t.Helper()
	tb, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{IDs: ids, Frequency: freq})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestExprDebtToGDPScalesMillionsToBillions(t *testing.T) {
	tb := buildTable(t, fiscalStore(t), analysis.Quarterly, "fred:GFDEBTN", "fred:GDP")
	col, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "debt_gdp", Expr: "100 * GFDEBTN / GDP"})
	if err != nil {
		t.Fatal(err)
	}
	debt, gdp := rawFile(t, "GFDEBTN.csv"), rawFile(t, "GDP.csv")
	checked := 0
	for i, d := range tb.Dates {
		dv, okD := debt[d]
		gv, okG := gdp[d]
		got := col.Values[i]
		if !okD || !okG {
			if !math.IsNaN(got) {
				t.Errorf("%s: %g, want missing (an input is missing)", d.Format(time.DateOnly), got)
			}
			continue
		}
		want := 100 * dv / (1000 * gv) // millions over billions×1000
		if math.Abs(got-want) > 1e-9 {
			t.Fatalf("%s: debt/GDP %g, want %g", d.Format(time.DateOnly), got, want)
		}
		checked++
	}
	// GFDEBTN has 237 quarters (1966Q1–2025Q1), all inside GDP's.
	if checked != 237 || col.Count != 237 {
		t.Errorf("checked %d rows, column has %d values; want 237", checked, col.Count)
	}
	if want := 100 * 36218605 / (1000 * 29723.864); math.Abs(at(t, tb, "debt_gdp", date(2024, 10, 1))-want) > 1e-9 || want < 120 {
		t.Errorf("2024Q4 debt/GDP %g, want %g", at(t, tb, "debt_gdp", date(2024, 10, 1)), want)
	}
	d := col.Derivation
	if col.Unit != "Percent" || d.Formula != "100 * fred:GFDEBTN / (1000 * fred:GDP)" {
		t.Errorf("unit %q, formula %q", col.Unit, d.Formula)
	}
	if !slices.Equal(d.SeriesIDs, []string{"fred:GFDEBTN", "fred:GDP"}) || !slices.Equal(d.Inputs, []string{"fred:GFDEBTN", "fred:GDP"}) {
		t.Errorf("series ids %v, inputs %v", d.SeriesIDs, d.Inputs)
	}
	notes := strings.Join(col.Notes, "\n")
	for _, want := range []string{"fred:GDP multiplied by 1000 to put it in Millions of Dollars", "fred:GDP is a quarterly flow at an annual rate", "a year of fred:GDP"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	// Its own aggregation came from the frequency label.
	if c, _ := tb.Column("GFDEBTN"); c.Aggregation != analysis.AggLast {
		t.Errorf("GFDEBTN aggregation %q, want last (Quarterly, End of Period)", c.Aggregation)
	}
}

func TestExprRealRateInPercentagePoints(t *testing.T) {
	tb := buildTable(t, fiscalStore(t), analysis.Monthly, "fred:FEDFUNDS", "fred:CPIAUCSL")
	col, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "real_rate", Expr: "FEDFUNDS - yoy(CPIAUCSL)"})
	if err != nil {
		t.Fatal(err)
	}
	ff, cpi := rawFile(t, "FEDFUNDS.csv"), rawFile(t, "CPIAUCSL.csv")
	for i, d := range tb.Dates {
		got := col.Values[i]
		prev, ok := cpi[d.AddDate(-1, 0, 0)]
		if !ok {
			if !math.IsNaN(got) {
				t.Errorf("%s: %g, want missing (no CPI a year before)", d.Format("2006-01"), got)
			}
			continue
		}
		want := ff[d] - 100*(cpi[d]/prev-1)
		if math.Abs(got-want) > 1e-9 {
			t.Fatalf("%s: real rate %g, want %g", d.Format("2006-01"), got, want)
		}
	}
	if col.Count != len(tb.Dates)-12 || col.Unit != "Percentage points" {
		t.Errorf("%d values (want %d), unit %q", col.Count, len(tb.Dates)-12, col.Unit)
	}
	if f := col.Derivation.Formula; f != "fred:FEDFUNDS[t] - 100 * (fred:CPIAUCSL[t] / fred:CPIAUCSL[t-12] - 1)" {
		t.Errorf("formula %q", f)
	}
}

func TestExprMissingStaysMissing(t *testing.T) {
	// Quarterly GDP in a monthly table: only each quarter's first month has a
	// value, so employment per dollar of GDP has values there only.
	tb := buildTable(t, fiscalStore(t), analysis.Monthly, "fred:PAYEMS", "fred:GDP")
	col, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "jobs_per_gdp", Expr: "PAYEMS / GDP"})
	if err != nil {
		t.Fatal(err)
	}
	pay, gdp := rawFile(t, "PAYEMS.csv"), rawFile(t, "GDP.csv")
	n := 0
	for i, d := range tb.Dates {
		g, ok := gdp[d]
		p, okP := pay[d]
		if !ok || !okP {
			if !math.IsNaN(col.Values[i]) {
				t.Fatalf("%s: %g, want missing", d.Format("2006-01"), col.Values[i])
			}
			continue
		}
		n++
		if want := p / g; math.Abs(col.Values[i]-want) > 1e-9 {
			t.Fatalf("%s: %g, want %g", d.Format("2006-01"), col.Values[i], want)
		}
	}
	if n == 0 || col.Count != n || !strings.Contains(strings.Join(col.Notes, " "), "values only in the first month of each quarter") {
		t.Errorf("%d values (want %d); notes %v", col.Count, n, col.Notes)
	}
	if col.Unit != "Thousands of Persons per Billions of Dollars" {
		t.Errorf("unit %q", col.Unit)
	}
}

func TestExprPercentAgainstRatio(t *testing.T) {
	tb := buildTable(t, fiscalStore(t), analysis.Quarterly, "fred:GFDEBTN", "fred:GDP")
	pct, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "pct", Expr: "share(GFDEBTN, GDP)"})
	if err != nil {
		t.Fatal(err)
	}
	ratio, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "ratio", Expr: "ratio(GFDEBTN, GDP)"})
	if err != nil {
		t.Fatal(err)
	}
	if pct.Unit != "Percent" || ratio.Unit != "Ratio" {
		t.Fatalf("units %q, %q", pct.Unit, ratio.Unit)
	}
	diff, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "zero", Expr: "pct - ratio"})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range diff.Values {
		if !math.IsNaN(pct.Values[i]) && math.Abs(v) > 1e-9 {
			t.Fatalf("row %d: percent minus ratio×100 = %g, want 0", i, v)
		}
	}
	if diff.Derivation.Formula != "pct - 100 * ratio" || !strings.Contains(strings.Join(diff.Notes, " "), "ratio is a ratio and meets a percent: multiplied by 100") {
		t.Errorf("formula %q, notes %v", diff.Derivation.Formula, diff.Notes)
	}
	// The series behind derived inputs are all recorded.
	if !slices.Equal(diff.Derivation.SeriesIDs, []string{"fred:GFDEBTN", "fred:GDP"}) {
		t.Errorf("series ids %v", diff.Derivation.SeriesIDs)
	}
}

func TestExprAnnualizesPerPeriodFlow(t *testing.T) {
	// GDP per quarter (not at an annual rate), made from the SAAR file: a
	// quarter's flow is a quarter of the annual rate.
	st := fiscalStore(t)
	saar := st["fred:GDP"]
	q := saar
	q.ID, q.Adjustment, q.Aggregation = "fred:GDPQ", "SA", analysis.AggSum
	q.Points = nil
	for _, p := range saar.Points {
		q.Points = append(q.Points, analysis.Point{Date: p.Date, Value: p.Value / 4})
	}
	st[q.ID] = q
	tb := buildTable(t, st, analysis.Quarterly, "fred:GDP", "fred:GDPQ")
	col, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "gap", Expr: "GDP - GDPQ"})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range col.Values {
		if math.Abs(v) > 1e-9 {
			t.Fatalf("row %d: %g, want 0 once GDPQ is annualized", i, v)
		}
	}
	if col.Derivation.Formula != "fred:GDP - (4 * fred:GDPQ)" || !strings.Contains(strings.Join(col.Notes, " "), "fred:GDPQ multiplied by 4 to an annual rate") {
		t.Errorf("formula %q notes %v", col.Derivation.Formula, col.Notes)
	}
	if col.Unit != "Billions of Dollars" {
		t.Errorf("unit %q", col.Unit)
	}
}

func TestExprErrorsNameColumnAndPosition(t *testing.T) {
	tb := buildTable(t, fiscalStore(t), analysis.Monthly, "fred:FEDFUNDS", "fred:UNRATE", "fred:PAYEMS", "fred:CPIAUCSL")
	cases := []struct {
		expr string
		is   error
		says []string
	}{
		{"FEDFUNDS - UNRAT", analysis.ErrBadSpec, []string{`no column "UNRAT"`, "character 12", "fred:UNRATE"}},
		{"100 * (FEDFUNDS", analysis.ErrBadSpec, []string{"character"}},
		{"FEDFUNDS > 3", analysis.ErrBadSpec, []string{`operator ">"`, "character"}},
		{"frob(FEDFUNDS)", analysis.ErrBadSpec, []string{`unknown function "frob"`, "character 1"}},
		{"lag(FEDFUNDS * 2, 1)", analysis.ErrBadSpec, []string{"lag needs a column"}},
		{"lag(FEDFUNDS, 0)", analysis.ErrBadSpec, []string{"whole number of at least 1"}},
		{"UNRATE - PAYEMS", analysis.ErrIncompatible, []string{"cannot subtract fred:UNRATE [Percent] and fred:PAYEMS [Thousands of Persons]", "units differ in kind"}},
		{"CPIAUCSL + FEDFUNDS", analysis.ErrIncompatible, []string{"cannot add"}},
		{"2 + 3", analysis.ErrBadSpec, []string{"names no column"}},
		{`"FEDFUNDS"[0]`, analysis.ErrBadSpec, []string{"not arithmetic", "character 1"}},
		{"", analysis.ErrBadSpec, []string{"empty expression"}},
		{"ratio", analysis.ErrBadSpec, []string{"ratio is a function, not a column", "ratio(a, b)"}},
		{"yoy_pct", analysis.ErrBadSpec, []string{"yoy_pct(cpi)"}},
	}
	for _, c := range cases {
		_, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "x", Expr: c.expr})
		if err == nil || !errors.Is(err, c.is) {
			t.Errorf("%q: error %v, want %v", c.expr, err, c.is)
			continue
		}
		for _, s := range c.says {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%q: error %q does not say %q", c.expr, err, s)
			}
		}
	}
	if len(tb.Columns) != 4 {
		t.Errorf("failed derivations added columns: %d", len(tb.Columns))
	}
}

func TestExprFunctionsAndQuotedNames(t *testing.T) {
	tb := buildTable(t, fiscalStore(t), analysis.Monthly, "fred:PAYEMS", "fred:UNRATE")
	col, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "f", Expr: `log("fred:PAYEMS") - ln(lag(PAYEMS, 3)) + abs(-UNRATE) * 0 + max(UNRATE, 5) - min(UNRATE, 5) + sqrt(pow(UNRATE, 2)) - UNRATE`})
	if err != nil {
		t.Fatal(err)
	}
	pay, un := rawFile(t, "PAYEMS.csv"), rawFile(t, "UNRATE.csv")
	for i, d := range tb.Dates[3:] {
		u := un[d]
		want := math.Log(pay[d]) - math.Log(pay[d.AddDate(0, -3, 0)]) + math.Max(u, 5) - math.Min(u, 5)
		if got := col.Values[i+3]; math.Abs(got-want) > 1e-9 {
			t.Fatalf("%s: %g, want %g", d.Format("2006-01"), got, want)
		}
	}
	if !math.IsNaN(col.Values[2]) {
		t.Errorf("row 3 lacks the lagged value and should be missing, got %g", col.Values[2])
	}
}

// BenchmarkDerive compares, on the daily prime rate (about 5,000 rows), an
// expression with the native spread it equals, and converting the table to
// monthly: read the ratios, not the times.
func BenchmarkDerive(b *testing.B) {
	dp := testseries.FREDFile(b, "DPRIME_2000_2020", "DPRIME", analysis.Daily, "Percent")
	other := dp
	other.ID = "fred:DPRIME2"
	tb, err := analysis.BuildTable(context.Background(), testseries.NewStore(dp, other), analysis.TableSpec{IDs: []string{dp.ID, other.ID}})
	if err != nil {
		b.Fatal(err)
	}
	fresh := func() *analysis.Table {
		c := *tb
		c.Columns = slices.Clone(tb.Columns)
		return &c
	}
	b.Run("spread", func(b *testing.B) {
		for b.Loop() {
			if _, err := analysis.Derive(fresh(), analysis.DeriveSpec{Op: analysis.OpSpread, Column: "DPRIME", Other: "DPRIME2"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("expr", func(b *testing.B) {
		for b.Loop() {
			if _, err := analysis.DeriveExpr(fresh(), analysis.ExprSpec{Name: "s", Expr: "DPRIME - DPRIME2"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("expr-yoy-log", func(b *testing.B) {
		for b.Loop() {
			if _, err := analysis.DeriveExpr(fresh(), analysis.ExprSpec{Name: "s", Expr: "100 * (log(DPRIME) - log(lag(DPRIME2, 250)))"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("convert-monthly", func(b *testing.B) {
		for b.Loop() {
			if _, err := analysis.Convert(context.Background(), tb, analysis.ConvertSpec{Frequency: analysis.Monthly}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestExprDottedIDsAndEmptyResults(t *testing.T) {
	tb := buildTable(t, testseries.NewStore(testseries.BIS(t, "M.TR"), testseries.BIS(t, "M.US"), testseries.Nile(t)), analysis.Monthly, "bis:M.TR", "bis:M.US")
	col, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "gap", Expr: `M.TR - "bis:M.US"`})
	if err != nil {
		t.Fatal(err)
	}
	// Expected values straight from the file: key, country, unit, month-end date, value.
	f, err := os.Open(filepath.Join(testseries.Dir(t), "bis_policy_rates_TR_US.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	rates := map[string]map[string]float64{"M.TR": {}, "M.US": {}}
	for _, r := range recs[1:] {
		if v, err := strconv.ParseFloat(r[4], 64); err == nil {
			rates[r[0]][r[3][:7]] = v
		}
	}
	n := 0
	for i, d := range tb.Dates {
		tr, okT := rates["M.TR"][d.Format("2006-01")]
		us, okU := rates["M.US"][d.Format("2006-01")]
		if !okT || !okU {
			if !math.IsNaN(col.Values[i]) {
				t.Errorf("%s: %g, want missing", d.Format("2006-01"), col.Values[i])
			}
			continue
		}
		n++
		if math.Abs(col.Values[i]-(tr-us)) > 1e-9 {
			t.Fatalf("%s: %g, want %g", d.Format("2006-01"), col.Values[i], tr-us)
		}
	}
	if n < 200 || col.Unit != "Percentage points" {
		t.Errorf("%d rows compared, unit %q", n, col.Unit)
	}
	if _, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "z", Expr: "M.TR / (M.US - M.US)"}); !errors.Is(err, analysis.ErrIncompatible) || !strings.Contains(err.Error(), "not a finite number") {
		t.Errorf("division by zero everywhere: %v", err)
	}
	// Rows with a zero divisor somewhere are left missing and counted.
	part, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "part", Expr: "M.TR / (M.US - 0.125)"})
	if err != nil {
		t.Fatal(err)
	}
	zeros := 0
	for _, us := range rates["M.US"] {
		if us == 0.125 {
			zeros++
		}
	}
	if w := strings.Join(part.Derivation.Warnings, " "); zeros == 0 || !strings.Contains(w, strconv.Itoa(zeros)+" rows left missing") {
		t.Errorf("%d months with the US rate at 0.125; warnings %q", zeros, w)
	}
	// Series that never overlap.
	an := buildTable(t, testseries.NewStore(testseries.BIS(t, "M.TR"), testseries.Nile(t)), analysis.Annual, "bis:M.TR", "ref:nile")
	if _, err := analysis.DeriveExpr(an, analysis.ExprSpec{Name: "x", Expr: "M.TR * nile"}); !errors.Is(err, analysis.ErrNoData) || !strings.Contains(err.Error(), "no row has a value for all of bis:M.TR, ref:nile") {
		t.Errorf("disjoint inputs: %v", err)
	}
}

func TestExprUnitSpellings(t *testing.T) {
	// GDP as WEO spells dollars, debt as FRED's listing gives a bare scale.
	st := fiscalStore(t)
	gdp, debt := st["fred:GDP"], st["fred:GFDEBTN"]
	gdp.Unit, debt.Unit = "Billions of U.S. dollars, Seasonally Adjusted Annual Rate", "Millions"
	gdp.Adjustment = ""
	st[gdp.ID], st[debt.ID] = gdp, debt
	tb := buildTable(t, st, analysis.Quarterly, "fred:GFDEBTN", "fred:GDP")
	col, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "r", Expr: "100 * GDP / GFDEBTN"})
	if err != nil {
		t.Fatal(err)
	}
	d, g := rawFile(t, "GFDEBTN.csv"), rawFile(t, "GDP.csv")
	day := date(2019, 7, 1)
	if got, want := at(t, tb, "r", day), 100*1000*g[day]/d[day]; math.Abs(got-want) > 1e-9 {
		t.Errorf("2019Q3 %g, want %g", got, want)
	}
	notes := strings.Join(col.Notes, " ")
	for _, s := range []string{"fred:GFDEBTN multiplied by 0.001", "names only a scale", "fred:GDP is a quarterly flow at an annual rate"} {
		if !strings.Contains(notes, s) {
			t.Errorf("notes lack %q: %s", s, notes)
		}
	}
	// Different currencies are not added.
	gdp.Unit = "Billions of Euros"
	st[gdp.ID] = gdp
	tb = buildTable(t, st, analysis.Quarterly, "fred:GFDEBTN", "fred:GDP")
	tb.Columns[0].Unit = "Millions of Dollars"
	if _, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "r", Expr: "GDP + GFDEBTN"}); !errors.Is(err, analysis.ErrIncompatible) || !strings.Contains(err.Error(), "the units differ") {
		t.Errorf("euros plus dollars: %v", err)
	}
}

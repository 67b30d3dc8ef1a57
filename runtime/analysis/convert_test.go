package analysis_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/internal/testseries"
)

// rawAvg is the mean of raw over [from, to) and how many values it has.
func rawAvg(raw map[time.Time]float64, from, to time.Time) (float64, int) {
	sum, n := 0.0, 0
	for d, v := range raw {
		if !d.Before(from) && d.Before(to) {
			sum += v
			n++
		}
	}
	return sum / float64(n), n
}

func convert(t *testing.T, tb *analysis.Table, spec analysis.ConvertSpec) *analysis.Table {
	t.Helper()
	out, err := analysis.Convert(context.Background(), tb, spec)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func columnNotes(t *testing.T, tb *analysis.Table, name string) string {
	t.Helper()
	c, err := tb.Column(name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(c.Notes, "\n")
}

func TestConvertQuarterlyToAnnualByOwnMethodAndRecomputesRatio(t *testing.T) {
	tb := buildTable(t, fiscalStore(t), analysis.Quarterly, "fred:GFDEBTN", "fred:GDP")
	if _, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "debt_gdp", Expr: "100 * GFDEBTN / GDP"}); err != nil {
		t.Fatal(err)
	}
	out := convert(t, tb, analysis.ConvertSpec{Frequency: analysis.Annual})
	debt, gdp := rawFile(t, "GFDEBTN.csv"), rawFile(t, "GDP.csv")
	for _, y := range []int{1970, 2008, 2020, 2024} {
		g, n := rawAvg(gdp, date(y, 1, 1), date(y+1, 1, 1))
		if n != 4 {
			t.Fatalf("test data: %d quarters of GDP in %d", n, y)
		}
		d := debt[date(y, 10, 1)] // end of period: the fourth quarter
		if got := at(t, out, "GFDEBTN", date(y, 1, 1)); math.Abs(got-d) > 1e-9 {
			t.Errorf("%d debt %g, want Q4's %g", y, got, d)
		}
		if got := at(t, out, "GDP", date(y, 1, 1)); math.Abs(got-g) > 1e-9 {
			t.Errorf("%d GDP %g, want the mean of its quarters %g", y, got, g)
		}
		want := 100 * d / (1000 * g)
		got := at(t, out, "debt_gdp", date(y, 1, 1))
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%d debt/GDP %g, want %g (recomputed from annual values)", y, got, want)
		}
		// ... which is not the mean of the quarterly ratios.
		meanRatio := 0.0
		for q := 0; q < 4; q++ {
			dq := date(y, time.Month(1+3*q), 1)
			meanRatio += 100 * debt[dq] / (1000 * gdp[dq]) / 4
		}
		if math.Abs(meanRatio-want) < 1e-6 {
			t.Errorf("%d: the test cannot tell recomputing from averaging (%g)", y, want)
		}
	}
	// 2025 has one quarter: incomplete for GDP's average; the end-of-period
	// debt needs Q4 too.
	if v := at(t, out, "GDP", date(2025, 1, 1)); !math.IsNaN(v) {
		t.Errorf("2025 GDP %g, want missing (one quarter)", v)
	}
	if v := at(t, out, "debt_gdp", date(2025, 1, 1)); !math.IsNaN(v) {
		t.Errorf("2025 debt/GDP %g, want missing", v)
	}
	if n := columnNotes(t, out, "GFDEBTN"); !strings.Contains(n, "quarterly → annual end-of-period value") {
		t.Errorf("GFDEBTN notes: %s", n)
	}
	if n := columnNotes(t, out, "GDP"); !strings.Contains(n, "quarterly → annual average of 4 quarters") {
		t.Errorf("GDP notes: %s", n)
	}
	if n := columnNotes(t, out, "debt_gdp"); !strings.Contains(n, "recomputed at annual frequency from the converted inputs: 100 * fred:GFDEBTN / (1000 * fred:GDP)") {
		t.Errorf("debt_gdp notes: %s", n)
	}
	if len(tb.Dates) == len(out.Dates) || tb.Frequency != analysis.Quarterly {
		t.Error("the input table was changed")
	}
	// Asking for a sum: a flow at an annual rate is still averaged.
	sum := convert(t, tb, analysis.ConvertSpec{Frequency: analysis.Annual, Method: analysis.AggSum})
	g, _ := rawAvg(gdp, date(2010, 1, 1), date(2011, 1, 1))
	if got := at(t, sum, "GDP", date(2010, 1, 1)); math.Abs(got-g) > 1e-9 || !strings.Contains(columnNotes(t, sum, "GDP"), "averaged, not summed") {
		t.Errorf("GDP 2010 by sum %g, want the average %g; notes %s", got, g, columnNotes(t, sum, "GDP"))
	}
	var d2010 float64
	for q := 0; q < 4; q++ {
		d2010 += debt[date(2010, time.Month(1+3*q), 1)]
	}
	if got := at(t, sum, "GFDEBTN", date(2010, 1, 1)); math.Abs(got-d2010) > 1e-6 {
		t.Errorf("GFDEBTN 2010 by sum %g, want %g", got, d2010)
	}
}

func TestConvertMonthlyYoYIsRecomputedNotAveraged(t *testing.T) {
	tb := buildTable(t, fiscalStore(t), analysis.Monthly, "fred:CPIAUCSL", "fred:UNRATE", "fred:PAYEMS")
	if _, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpYoY, Column: "CPIAUCSL", Name: "inflation"}); err != nil {
		t.Fatal(err)
	}
	if _, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "jobs_added", Expr: "PAYEMS - lag(PAYEMS, 12)"}); err != nil {
		t.Fatal(err)
	}
	if _, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpPctChange, Column: "PAYEMS", Name: "payems_mom", Periods: 1}); err != nil {
		t.Fatal(err)
	}
	monthlyYoY, _ := tb.Column("inflation")
	out := convert(t, tb, analysis.ConvertSpec{Frequency: analysis.Annual})
	cpi, un, pay := rawFile(t, "CPIAUCSL.csv"), rawFile(t, "UNRATE.csv"), rawFile(t, "PAYEMS.csv")
	for _, y := range []int{1980, 2009, 2022} {
		c1, _ := rawAvg(cpi, date(y, 1, 1), date(y+1, 1, 1))
		c0, _ := rawAvg(cpi, date(y-1, 1, 1), date(y, 1, 1))
		want := 100 * (c1/c0 - 1)
		if got := at(t, out, "inflation", date(y, 1, 1)); math.Abs(got-want) > 1e-9 {
			t.Errorf("%d inflation %g, want yoy of annual averages %g", y, got, want)
		}
		avgOfMonthly := 0.0
		for m := 0; m < 12; m++ {
			avgOfMonthly += at(t, tb, monthlyYoY.Name, date(y, time.Month(m+1), 1)) / 12
		}
		if math.Abs(avgOfMonthly-want) < 1e-6 {
			t.Errorf("%d: yoy of averages equals average of yoy (%g); the test proves nothing", y, want)
		}
		u, n := rawAvg(un, date(y, 1, 1), date(y+1, 1, 1))
		if got := at(t, out, "UNRATE", date(y, 1, 1)); n != 12 || math.Abs(got-u) > 1e-9 {
			t.Errorf("%d UNRATE %g, want %g", y, got, u)
		}
		p1, _ := rawAvg(pay, date(y, 1, 1), date(y+1, 1, 1))
		p0, _ := rawAvg(pay, date(y-1, 1, 1), date(y, 1, 1))
		if got := at(t, out, "jobs_added", date(y, 1, 1)); math.Abs(got-(p1-p0)) > 1e-6 {
			t.Errorf("%d jobs added %g, want %g (the 12-month lag becomes one year)", y, got, p1-p0)
		}
	}
	if c, _ := out.Column("jobs_added"); c.Derivation.Formula != "fred:PAYEMS[t] - fred:PAYEMS[t-1]" {
		t.Errorf("jobs_added formula %q", c.Derivation.Formula)
	}
	// A one-month change has no annual counterpart: averaged, and said so.
	mom, _ := out.Column("payems_mom")
	n := strings.Join(mom.Notes, " ")
	if !strings.Contains(n, "not recomputed at annual frequency") || !strings.Contains(n, "aggregated (average)") {
		t.Errorf("payems_mom notes: %s", n)
	}
	var want float64
	for m := 1; m <= 12; m++ {
		d := date(2015, time.Month(m), 1)
		want += 100 * (pay[d]/pay[d.AddDate(0, -1, 0)] - 1) / 12
	}
	if got := at(t, out, "payems_mom", date(2015, 1, 1)); math.Abs(got-want) > 1e-9 {
		t.Errorf("payems_mom 2015 %g, want the mean of its monthly values %g", got, want)
	}
	// By end of period on request.
	last := convert(t, tb, analysis.ConvertSpec{Frequency: analysis.Quarterly, Method: analysis.AggLast})
	if got := at(t, last, "UNRATE", date(2009, 10, 1)); got != un[date(2009, 12, 1)] {
		t.Errorf("UNRATE 2009Q4 by last %g, want December's %g", got, un[date(2009, 12, 1)])
	}
	if got, want := at(t, last, "inflation", date(2009, 10, 1)), 100*(cpi[date(2009, 12, 1)]/cpi[date(2008, 12, 1)]-1); math.Abs(got-want) > 1e-9 {
		t.Errorf("inflation 2009Q4 from end-of-quarter CPI %g, want %g", got, want)
	}
}

func TestConvertDailyFromObservations(t *testing.T) {
	dp := testseries.FREDFile(t, "DPRIME_2000_2020", "DPRIME", analysis.Daily, "Percent")
	st := testseries.NewStore(dp)
	tb, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{IDs: []string{"fred:DPRIME"}, Frequency: analysis.Monthly, From: date(2001, 1, 1), To: date(2019, 12, 1)})
	if err != nil {
		t.Fatal(err)
	}
	raw := rawFile(t, "DPRIME_2000_2020.csv")
	exact := convert(t, tb, analysis.ConvertSpec{Frequency: analysis.Quarterly, Store: st})
	tableOnly := convert(t, tb, analysis.ConvertSpec{Frequency: analysis.Quarterly})
	q := date(2008, 10, 1)
	want, n := rawAvg(raw, q, q.AddDate(0, 3, 0))
	if n < 55 {
		t.Fatalf("test data: %d days", n)
	}
	if got := at(t, exact, "DPRIME", q); math.Abs(got-want) > 1e-9 {
		t.Errorf("2008Q4 from daily observations %g, want %g", got, want)
	}
	var mm float64
	for m := 0; m < 3; m++ {
		v, _ := rawAvg(raw, q.AddDate(0, m, 0), q.AddDate(0, m+1, 0))
		mm += v / 3
	}
	if got := at(t, tableOnly, "DPRIME", q); math.Abs(got-mm) > 1e-9 || math.Abs(mm-want) < 1e-6 {
		t.Errorf("2008Q4 from monthly averages %g, want %g (and unlike the daily mean %g)", got, mm, want)
	}
	if !strings.Contains(columnNotes(t, exact, "DPRIME"), "from its daily observations") ||
		!strings.Contains(columnNotes(t, tableOnly, "DPRIME"), "an average of the table's monthly averages of daily data") {
		t.Errorf("notes: %q / %q", columnNotes(t, exact, "DPRIME"), columnNotes(t, tableOnly, "DPRIME"))
	}
}

func TestConvertRefusesBadRequests(t *testing.T) {
	tb := buildTable(t, fiscalStore(t), analysis.Quarterly, "fred:GDP")
	for _, c := range []struct {
		spec analysis.ConvertSpec
		says string
	}{
		{analysis.ConvertSpec{Frequency: analysis.Monthly}, "coarser"},
		{analysis.ConvertSpec{Frequency: analysis.Quarterly}, "coarser"},
		{analysis.ConvertSpec{Frequency: "X"}, `unknown frequency "X"`},
		{analysis.ConvertSpec{Frequency: analysis.Annual, Method: "median"}, `unknown method "median"`},
		{analysis.ConvertSpec{Frequency: analysis.Annual, Methods: map[string]string{"debt": analysis.AggLast}}, `"debt"`},
		{analysis.ConvertSpec{Frequency: analysis.Annual, Methods: map[string]string{"GDP": "median"}}, `column GDP: unknown method "median"`},
	} {
		_, err := analysis.Convert(context.Background(), tb, c.spec)
		if !errors.Is(err, analysis.ErrBadSpec) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%+v: error %v, want one saying %q", c.spec, err, c.says)
		}
	}
}

// A method for one column overrides the method for all and the column's
// own; the other columns keep theirs, and the ratio of the two is made
// from the values so aggregated.
func TestConvertByColumnMethods(t *testing.T) {
	tb := buildTable(t, fiscalStore(t), analysis.Quarterly, "fred:GFDEBTN", "fred:GDP")
	if _, err := analysis.DeriveExpr(tb, analysis.ExprSpec{Name: "debt_gdp", Expr: "100 * GFDEBTN / GDP"}); err != nil {
		t.Fatal(err)
	}
	debt, gdp := rawFile(t, "GFDEBTN.csv"), rawFile(t, "GDP.csv")
	// Every column averaged, but the debt at year end.
	out := convert(t, tb, analysis.ConvertSpec{Frequency: analysis.Annual, Method: analysis.AggAverage, Methods: map[string]string{"GFDEBTN": analysis.AggLast}})
	// The debt averaged, GDP by its own method (also an average).
	avg := convert(t, tb, analysis.ConvertSpec{Frequency: analysis.Annual, Methods: map[string]string{"GFDEBTN": analysis.AggAverage}})
	for _, y := range []int{2008, 2020} {
		g, _ := rawAvg(gdp, date(y, 1, 1), date(y+1, 1, 1))
		dm, _ := rawAvg(debt, date(y, 1, 1), date(y+1, 1, 1))
		d := debt[date(y, 10, 1)]
		if got := at(t, out, "GFDEBTN", date(y, 1, 1)); math.Abs(got-d) > 1e-9 {
			t.Errorf("%d debt %g, want Q4's %g", y, got, d)
		}
		if got := at(t, out, "GDP", date(y, 1, 1)); math.Abs(got-g) > 1e-9 {
			t.Errorf("%d GDP %g, want the mean %g", y, got, g)
		}
		if got, want := at(t, out, "debt_gdp", date(y, 1, 1)), 100*d/(1000*g); math.Abs(got-want) > 1e-9 {
			t.Errorf("%d debt/GDP %g, want %g", y, got, want)
		}
		if got := at(t, avg, "GFDEBTN", date(y, 1, 1)); math.Abs(got-dm) > 1e-9 || math.Abs(dm-d) < 1e-6 {
			t.Errorf("%d debt averaged %g, want %g (year end %g)", y, got, dm, d)
		}
	}
	if n := strings.Join(out.Notes, "\n"); !strings.Contains(n, "GFDEBTN by") {
		t.Errorf("table notes do not say the column's method: %s", n)
	}
}

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

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// rawMean averages the points of s dated in [from, to).
func rawMean(s analysis.Series, from, to time.Time) (float64, int) {
	sum, n := 0.0, 0
	for _, p := range s.Points {
		if !p.Date.Before(from) && p.Date.Before(to) && !math.IsNaN(p.Value) {
			sum += p.Value
			n++
		}
	}
	return sum / float64(n), n
}

// at returns the value of column name at date d.
func at(t *testing.T, tb *analysis.Table, name string, d time.Time) float64 {
	t.Helper()
	c, err := tb.Column(name)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range tb.Dates {
		if x.Equal(d) {
			return c.Values[i]
		}
	}
	t.Fatalf("no row %s", d.Format(time.DateOnly))
	return 0
}

func realStore(t *testing.T) (testseries.Store, map[string]analysis.Series) {
	un := testseries.FRED(t, "UNRATE", analysis.Monthly, "Percent")
	gdp := testseries.FRED(t, "GDP", analysis.Quarterly, "Billions of Dollars")
	dp := testseries.FREDFile(t, "DPRIME_2000_2020", "DPRIME", analysis.Daily, "Percent")
	m2 := testseries.FRED(t, "M2", analysis.Weekly, "Billions of Dollars")
	pay := testseries.FRED(t, "PAYEMS", analysis.Monthly, "Thousands of Persons")
	tr := testseries.BIS(t, "M.TR")
	all := []analysis.Series{un, gdp, dp, m2, pay, tr}
	byID := map[string]analysis.Series{}
	for _, s := range all {
		byID[s.ID] = s
	}
	return testseries.NewStore(all...), byID
}

func TestDefaultFrequencyIsCoarsestAndDownsamplingAverages(t *testing.T) {
	st, raw := realStore(t)
	tb, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{IDs: []string{"fred:UNRATE", "fred:GDP", "fred:DPRIME"}})
	if err != nil {
		t.Fatal(err)
	}
	if tb.Frequency != analysis.Quarterly {
		t.Fatalf("frequency %q, want Q (coarsest of M, Q, D)", tb.Frequency)
	}
	// 2008Q4: DPRIME is the mean of its daily values in Oct–Dec 2008.
	want, n := rawMean(raw["fred:DPRIME"], date(2008, 10, 1), date(2009, 1, 1))
	if n < 55 {
		t.Fatalf("test data: only %d daily values in 2008Q4", n)
	}
	if got := at(t, tb, "fred:DPRIME", date(2008, 10, 1)); math.Abs(got-want) > 1e-9 {
		t.Errorf("DPRIME 2008Q4 = %g, want the daily mean %g", got, want)
	}
	want, _ = rawMean(raw["fred:UNRATE"], date(2020, 4, 1), date(2020, 7, 1))
	if got := at(t, tb, "UNRATE", date(2020, 4, 1)); math.Abs(got-want) > 1e-9 {
		t.Errorf("UNRATE 2020Q2 = %g, want %g", got, want)
	}
	gdpRaw, _ := rawMean(raw["fred:GDP"], date(2019, 7, 1), date(2019, 7, 2))
	if got := at(t, tb, "GDP", date(2019, 7, 1)); got != gdpRaw {
		t.Errorf("GDP 2019Q3 = %g, want the value as published %g", got, gdpRaw)
	}
	// DPRIME ends on 2020-03-05: 2020Q1 is incomplete and stays missing.
	if got := at(t, tb, "DPRIME", date(2020, 1, 1)); !math.IsNaN(got) {
		t.Errorf("DPRIME 2020Q1 = %g, want missing (quarter incomplete)", got)
	}
	dp, _ := tb.Column("DPRIME")
	note := strings.Join(dp.Notes, " ")
	for _, want := range []string{"daily → quarterly average", "incomplete quarter", "2020Q1"} {
		if !strings.Contains(note, want) {
			t.Errorf("DPRIME notes %q lack %q", note, want)
		}
	}
	if dp.Method != analysis.AggAverage || dp.SourceFrequency != analysis.Daily {
		t.Errorf("DPRIME method %q source frequency %q", dp.Method, dp.SourceFrequency)
	}
}

func TestEndOfPeriodAndSum(t *testing.T) {
	st, _ := realStore(t)
	tb, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{IDs: []string{"bis:M.TR"}, Frequency: analysis.Annual})
	if err != nil {
		t.Fatal(err)
	}
	// The BIS series is marked "last": the annual value is December's.
	if got := at(t, tb, "M.TR", date(2023, 1, 1)); got != 42.5 {
		t.Errorf("M.TR 2023 = %g, want December's 42.5", got)
	}
	if got := at(t, tb, "M.TR", date(2022, 1, 1)); got != 9 {
		t.Errorf("M.TR 2022 = %g, want December's 9", got)
	}

	flow := analysis.Series{ID: "x:flow", Unit: "Units", Frequency: analysis.Monthly, Aggregation: analysis.AggSum}
	for m := 0; m < 30; m++ { // Jan 2020 – Jun 2022
		flow.Points = append(flow.Points, analysis.Point{Date: date(2020, time.Month(1+m), 1), Value: float64(m + 1)})
	}
	flow.Points[14].Value = math.NaN() // March 2021 missing
	tb, err = analysis.Align(context.Background(), []analysis.Series{flow}, analysis.Annual, time.Time{}, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := at(t, tb, "x:flow", date(2020, 1, 1)); got != 78 { // 1+…+12
		t.Errorf("2020 sum = %g, want 78", got)
	}
	for _, y := range []int{2021, 2022} {
		if got := at(t, tb, "x:flow", date(y, 1, 1)); !math.IsNaN(got) {
			t.Errorf("%d sum = %g, want missing (a month is missing / year incomplete)", y, got)
		}
	}
	c, _ := tb.Column("x:flow")
	if c.Count != 1 || c.Missing != 2 {
		t.Errorf("count %d missing %d, want 1 and 2", c.Count, c.Missing)
	}
}

func TestCoarserSeriesIsNotInterpolated(t *testing.T) {
	st, raw := realStore(t)
	tb, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{
		IDs: []string{"fred:PAYEMS", "fred:GDP"}, Frequency: analysis.Monthly,
		From: date(2010, 1, 15), To: date(2019, 12, 31)})
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Dates) != 120 || !tb.Dates[0].Equal(date(2010, 1, 1)) {
		t.Fatalf("%d rows from %s, want 120 from 2010-01", len(tb.Dates), tb.Dates[0])
	}
	want, _ := rawMean(raw["fred:GDP"], date(2015, 4, 1), date(2015, 4, 2))
	if got := at(t, tb, "GDP", date(2015, 4, 1)); got != want {
		t.Errorf("GDP at 2015-04 = %g, want the 2015Q2 value %g", got, want)
	}
	for _, m := range []time.Month{5, 6} {
		if got := at(t, tb, "GDP", date(2015, m, 1)); !math.IsNaN(got) {
			t.Errorf("GDP at 2015-%02d = %g, want missing (not interpolated)", m, got)
		}
	}
	g, _ := tb.Column("GDP")
	if g.Count != 40 || g.Missing != 0 {
		t.Errorf("GDP count %d missing %d, want 40 and 0 (only quarter rows count)", g.Count, g.Missing)
	}
	if !strings.Contains(strings.Join(g.Notes, " "), "not interpolated") {
		t.Errorf("GDP notes %q should say it is not interpolated", g.Notes)
	}
}

func TestWeeklyAndDailyTables(t *testing.T) {
	st, raw := realStore(t)
	tb, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{
		IDs: []string{"fred:DPRIME", "fred:M2"}, Frequency: analysis.Weekly, From: date(2010, 1, 1), To: date(2010, 12, 31)})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range tb.Dates {
		if d.Weekday() != time.Monday {
			t.Fatalf("weekly row %s is not a Monday", d)
		}
	}
	// The week of Monday 2010-03-08: DPRIME is the mean of that week's days.
	want, n := rawMean(raw["fred:DPRIME"], date(2010, 3, 8), date(2010, 3, 15))
	if got := at(t, tb, "DPRIME", date(2010, 3, 8)); n == 0 || got != want {
		t.Errorf("DPRIME week of 2010-03-08 = %g, want %g (%d days)", got, want, n)
	}
	daily, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{
		IDs: []string{"fred:DPRIME"}, From: date(2019, 1, 1), To: date(2019, 12, 31)})
	if err != nil {
		t.Fatal(err)
	}
	_, n = rawMean(raw["fred:DPRIME"], date(2019, 1, 1), date(2020, 1, 1))
	if daily.Frequency != analysis.Daily || len(daily.Dates) != n {
		t.Errorf("daily table: %s with %d rows, want D with one row per observed day (%d)", daily.Frequency, len(daily.Dates), n)
	}
}

func TestMissingValuesAreCounted(t *testing.T) {
	s := analysis.Series{ID: "x:gappy", Frequency: analysis.Monthly, Unit: "Index"}
	for m := 1; m <= 12; m++ {
		v := float64(m)
		if m == 4 || m == 5 {
			v = math.NaN()
		}
		s.Points = append(s.Points, analysis.Point{Date: date(2021, time.Month(m), 1), Value: v})
	}
	tb, err := analysis.Align(context.Background(), []analysis.Series{s}, "", date(2020, 11, 1), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	c := tb.Columns[0]
	if c.Count != 10 || c.Missing != 4 || c.Gaps != 2 {
		t.Errorf("count %d missing %d gaps %d; want 10, 4 (2 before the start, 2 inside), 2", c.Count, c.Missing, c.Gaps)
	}
}

func TestBuildTableErrors(t *testing.T) {
	st, _ := realStore(t)
	ctx := context.Background()
	cases := []struct {
		name string
		spec analysis.TableSpec
		want error
	}{
		{"unknown id", analysis.TableSpec{IDs: []string{"fred:NOPE"}}, analysis.ErrUnknownSeries},
		{"no ids", analysis.TableSpec{}, analysis.ErrBadSpec},
		{"twice", analysis.TableSpec{IDs: []string{"fred:GDP", "fred:GDP"}}, analysis.ErrBadSpec},
		{"reversed range", analysis.TableSpec{IDs: []string{"fred:GDP"}, From: date(2010, 1, 1), To: date(2000, 1, 1)}, analysis.ErrBadSpec},
		{"empty range", analysis.TableSpec{IDs: []string{"fred:DPRIME"}, From: date(1900, 1, 1), To: date(1901, 1, 1)}, analysis.ErrNoData},
		{"bad frequency", analysis.TableSpec{IDs: []string{"fred:GDP"}, Frequency: "X"}, analysis.ErrBadSpec},
	}
	for _, tc := range cases {
		if _, err := analysis.BuildTable(ctx, st, tc.spec); !errors.Is(err, tc.want) {
			t.Errorf("%s: err %v, want %v", tc.name, err, tc.want)
		}
	}
	empty := testseries.NewStore(analysis.Series{ID: "x:empty", Frequency: analysis.Monthly})
	if _, err := analysis.BuildTable(ctx, empty, analysis.TableSpec{IDs: []string{"x:empty"}}); !errors.Is(err, analysis.ErrNoData) {
		t.Errorf("empty series: err %v, want ErrNoData", err)
	}
	bad := testseries.NewStore(analysis.Series{ID: "x:bad", Frequency: analysis.Monthly, Points: []analysis.Point{{Date: date(2020, 2, 1), Value: 1}, {Date: date(2020, 1, 1), Value: 2}}})
	_, err := analysis.BuildTable(ctx, bad, analysis.TableSpec{IDs: []string{"x:bad"}})
	if !errors.Is(err, analysis.ErrBadSpec) || !strings.Contains(err.Error(), "x:bad") {
		t.Errorf("unordered dates: err %v, want ErrBadSpec naming the series", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := analysis.BuildTable(cancelled, st, analysis.TableSpec{IDs: []string{"fred:GDP"}}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v", err)
	}
}

func TestTableSummaryIsCompact(t *testing.T) {
	st, _ := realStore(t)
	tb, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{IDs: []string{"fred:UNRATE", "fred:GDP", "bis:M.TR"}, Frequency: analysis.Monthly})
	if err != nil {
		t.Fatal(err)
	}
	s := tb.Summary()
	for _, want := range []string{"monthly", "fred:UNRATE", "bis:M.TR", "[Percent]", "last 42.5 (2023-12)", "not interpolated"} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	if lines := strings.Count(s, "\n") + 1; lines > 10 || len(tb.Dates) < 100 {
		t.Errorf("summary has %d lines for %d rows: it should describe, not list, the data", lines, len(tb.Dates))
	}
}

// BenchmarkBuildTable aligns 20 monthly series over 50 years, to monthly
// (as is) and to annual (averages).
func BenchmarkBuildTable(b *testing.B) {
	var series []analysis.Series
	ids := make([]string, 20)
	for k := range 20 {
		s := analysis.Series{ID: "x:s" + string(rune('a'+k)), Frequency: analysis.Monthly, Unit: "Index"}
		for m := range 600 {
			s.Points = append(s.Points, analysis.Point{Date: date(1975, time.Month(1+m), 1), Value: float64(k*m%97) + 1})
		}
		series = append(series, s)
		ids[k] = s.ID
	}
	st := testseries.NewStore(series...)
	for _, f := range []analysis.Frequency{analysis.Monthly, analysis.Annual} {
		b.Run(string(f), func(b *testing.B) {
			for b.Loop() {
				if _, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{IDs: ids, Frequency: f}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

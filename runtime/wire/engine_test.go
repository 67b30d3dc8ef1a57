package wire_test

import (
	"context"
	"encoding/csv"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

// rawCSV reads date → value from a two-column file of testdata/analysis.
func rawCSV(t *testing.T, name string) ([]string, []float64) {
	t.Helper()
	f, err := os.Open("../../testdata/analysis/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var dates []string
	var vals []float64
	for _, r := range recs[1:] {
		v, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			continue
		}
		dates, vals = append(dates, r[0]), append(vals, v)
	}
	return dates, vals
}

func newEngine(t *testing.T) (*wire.Engine, string) {
	t.Helper()
	out := t.TempDir()
	return wire.NewEngine(openTestCatalog(t), out), out
}

func TestBuildTableNamesColumnsAndAligns(t *testing.T) {
	e, _ := newEngine(t)
	ctx := context.Background()
	sum, err := e.BuildTable(ctx, agent.TableSpec{Name: "rates", Frequency: "m", From: "2005", To: "2019",
		Columns: []agent.ColumnSpec{{Name: "unrate", SeriesID: wiretest.Unrate}, {Name: "prime", SeriesID: wiretest.Dprime}}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Name != "rates" || sum.Frequency != "M" || sum.From != "2005-01" || sum.To != "2019-12" || sum.Rows != 15*12 {
		t.Fatalf("summary: name %s freq %s %s..%s rows %d; want rates M 2005-01..2019-12 with 180 rows", sum.Name, sum.Frequency, sum.From, sum.To, sum.Rows)
	}
	if len(sum.Columns) != 2 || sum.Columns[0].Name != "unrate" || sum.Columns[0].SeriesID != wiretest.Unrate ||
		sum.Columns[1].Name != "prime" || sum.Columns[1].SeriesID != wiretest.Dprime || sum.Columns[1].Unit != "Percent" {
		t.Fatalf("columns: %+v", sum.Columns)
	}
	// The daily prime rate was averaged into months: the notes say so.
	if !strings.Contains(strings.Join(sum.Notes, "\n"), "daily") {
		t.Errorf("notes do not mention the daily series' aggregation: %q", sum.Notes)
	}
	if !strings.HasPrefix(sum.Preview, "date | unrate | prime\n2005-01 | ") || !strings.Contains(sum.Preview, "2019-12 | ") ||
		!strings.Contains(sum.Preview, "… 175 rows …") {
		t.Errorf("preview:\n%s", sum.Preview)
	}
	tab, ok := e.Table("rates")
	if !ok {
		t.Fatal("table not kept in the session")
	}
	// December 2019 unemployment was 3.6 percent in the source file.
	dates, vals := rawCSV(t, "UNRATE.csv")
	for i, d := range dates {
		if d == "2019-12-01" && tab.Columns[0].Values[len(tab.Dates)-1] != vals[i] {
			t.Errorf("unrate 2019-12 = %v, source says %v", tab.Columns[0].Values[len(tab.Dates)-1], vals[i])
		}
	}
}

func TestBuildTableBadInput(t *testing.T) {
	e, _ := newEngine(t)
	ctx := context.Background()
	cases := []struct {
		name string
		spec agent.TableSpec
		is   error
		says string
	}{
		{"unknown id", agent.TableSpec{Columns: []agent.ColumnSpec{{Name: "x", SeriesID: "fred:NOPE"}}}, analysis.ErrUnknownSeries, "fred:NOPE"},
		{"no data", agent.TableSpec{Columns: []agent.ColumnSpec{{Name: "x", SeriesID: wiretest.Unratensa}}}, analysis.ErrNoData, wiretest.Unratensa},
		{"no overlap", agent.TableSpec{From: "1700", To: "1750", Columns: []agent.ColumnSpec{{Name: "x", SeriesID: wiretest.Unrate}}}, analysis.ErrNoData, wiretest.Unrate + " has values from 1966-01-01 to "},
		{"bad date", agent.TableSpec{From: "last year", Columns: []agent.ColumnSpec{{Name: "x", SeriesID: wiretest.Unrate}}}, wire.ErrBadRequest, "last year"},
		{"bad frequency", agent.TableSpec{Frequency: "X", Columns: []agent.ColumnSpec{{Name: "x", SeriesID: wiretest.Unrate}}}, wire.ErrBadRequest, `"X"`},
		{"twice", agent.TableSpec{Columns: []agent.ColumnSpec{{Name: "x", SeriesID: wiretest.Unrate}, {Name: "x", SeriesID: wiretest.Cpi}}}, wire.ErrBadRequest, `"x"`},
	}
	for _, c := range cases {
		_, err := e.BuildTable(ctx, c.spec)
		if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: error %v, want %v naming %s", c.name, err, c.is, c.says)
		}
	}
}

func TestDeriveColumns(t *testing.T) {
	e, _ := newEngine(t)
	ctx := context.Background()
	if _, err := e.BuildTable(ctx, agent.TableSpec{Name: "main", Columns: []agent.ColumnSpec{{Name: "cpi", SeriesID: wiretest.Cpi}}}); err != nil {
		t.Fatal(err)
	}
	_, vals := rawCSV(t, "CPIAUCSL.csv")
	n := len(vals)
	yoy, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "main", Column: "cpi", Op: "yoy_pct"})
	if err != nil {
		t.Fatal(err)
	}
	if yoy.Column.Name != "cpi_yoy" || yoy.Column.SeriesID != wiretest.Cpi || yoy.Column.Unit != "Percent" || yoy.Rows != n-12 {
		t.Errorf("yoy column: %+v rows %d, want cpi_yoy of %s with %d values", yoy.Column, yoy.Rows, wiretest.Cpi, n-12)
	}
	want := 100 * (vals[n-1]/vals[n-13] - 1)
	tab, _ := e.Table("main")
	if got := tab.Columns[1].Values[n-1]; math.Abs(got-want) > 1e-9 {
		t.Errorf("last yoy = %v, want %v", got, want)
	}
	if !strings.HasPrefix(yoy.Last, analysis.FormatNumber(want)+" at ") {
		t.Errorf("last: %q, want it to start with %s", yoy.Last, analysis.FormatNumber(want))
	}

	idx, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "main", Column: "cpi", Op: "index", Name: "cpi100"})
	if err != nil {
		t.Fatal(err)
	}
	if c := tab.Columns[2]; idx.Column.Name != "cpi100" || c.Values[0] != 100 || math.Abs(c.Values[n-1]-100*vals[n-1]/vals[0]) > 1e-9 {
		t.Errorf("index column %s: first %v last %v", idx.Column.Name, c.Values[0], c.Values[n-1])
	}
	ma, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "main", Column: "cpi_yoy", Op: "rolling_mean"})
	if err != nil {
		t.Fatal(err)
	}
	if ma.Rows != n-12-11 || ma.Column.SeriesID != wiretest.Cpi {
		t.Errorf("rolling mean of yoy: %d values, series %s; want a 12-month window (%d values) of %s", ma.Rows, ma.Column.SeriesID, n-23, wiretest.Cpi)
	}
	d, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "main", Column: "cpi", Op: "diff", Periods: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Columns[4].Values[n-1]; d.Rows != n-3 || math.Abs(got-(vals[n-1]-vals[n-4])) > 1e-9 {
		t.Errorf("diff over 3: %d values, last %v", d.Rows, got)
	}

	for _, bad := range []struct {
		spec agent.DeriveSpec
		is   error
	}{
		{agent.DeriveSpec{Table: "main", Column: "cpi", Op: "cube"}, wire.ErrBadRequest},
		{agent.DeriveSpec{Table: "other", Column: "cpi", Op: "log"}, wire.ErrUnknownTable},
		{agent.DeriveSpec{Table: "main", Column: "gdp", Op: "log"}, wire.ErrUnknownColumn},
		{agent.DeriveSpec{Table: "main", Column: "cpi", Op: "log", Name: "cpi100"}, analysis.ErrBadSpec},
	} {
		if _, err := e.DeriveColumn(ctx, bad.spec); !errors.Is(err, bad.is) {
			t.Errorf("%+v: error %v, want %v", bad.spec, err, bad.is)
		}
	}
}

func TestChangePointsOnTheNile(t *testing.T) {
	e, _ := newEngine(t)
	ctx := context.Background()
	if _, err := e.BuildTable(ctx, agent.TableSpec{Name: "t", Columns: []agent.ColumnSpec{{Name: "nile", SeriesID: wiretest.Nile}}}); err != nil {
		t.Fatal(err)
	}
	cp, err := e.FindChangePoints(ctx, agent.ChangePointSpec{Table: "t", Column: "nile"})
	if err != nil {
		t.Fatal(err)
	}
	if len(cp.Breaks) != 1 {
		t.Fatalf("%d breaks in the Nile flow, want 1: %+v", len(cp.Breaks), cp)
	}
	b := cp.Breaks[0]
	year, _ := strconv.Atoi(b.Date)
	if year < 1898 || year > 1900 || b.MeanBefore < 1000 || b.MeanAfter > 900 {
		t.Errorf("break %+v, want about 1899 with the mean falling from about 1100 to about 850", b)
	}
	if b.SegmentBefore != "1871..1898" || b.SegmentAfter != "1899..1970" || cp.SeriesID != wiretest.Nile {
		t.Errorf("segments %s / %s, series %s", b.SegmentBefore, b.SegmentAfter, cp.SeriesID)
	}
	capped, err := e.FindChangePoints(ctx, agent.ChangePointSpec{Table: "t", Column: "nile", MaxBreaks: 1})
	if err != nil || len(capped.Breaks) != 1 || !strings.HasPrefix(capped.Method, "BinSeg") {
		t.Errorf("capped search: %+v %v", capped, err)
	}

	if _, err := e.BuildTable(ctx, agent.TableSpec{Name: "s", Columns: []agent.ColumnSpec{{Name: "short", SeriesID: wiretest.Short}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.FindChangePoints(ctx, agent.ChangePointSpec{Table: "s", Column: "short"}); err == nil || !strings.Contains(err.Error(), `"short"`) {
		t.Errorf("too short series: error %v, want one naming the column", err)
	}
}

func TestDrawChartWritesNewFiles(t *testing.T) {
	e, out := newEngine(t)
	ctx := context.Background()
	if _, err := e.BuildTable(ctx, agent.TableSpec{Name: "t", Columns: []agent.ColumnSpec{{Name: "nile", SeriesID: wiretest.Nile}}}); err != nil {
		t.Fatal(err)
	}
	first, err := e.DrawChart(ctx, agent.ChartSpec{Table: "t", Columns: []string{"nile"}, Breaks: true, Title: "Nile"})
	if err != nil {
		t.Fatal(err)
	}
	second, err := e.DrawChart(ctx, agent.ChartSpec{Table: "t", Columns: []string{"nile"}})
	if err != nil {
		t.Fatal(err)
	}
	if first.Path == second.Path || !strings.HasPrefix(first.Path, out) || !strings.HasSuffix(first.Path, ".svg") {
		t.Fatalf("chart paths %s and %s: want two distinct SVG files under %s", first.Path, second.Path, out)
	}
	marked, _ := os.ReadFile(first.Path)
	plain, _ := os.ReadFile(second.Path)
	if !strings.Contains(string(marked), "<svg") || !strings.Contains(string(marked), "1899") {
		t.Errorf("chart with breaks has no SVG or no 1899 label (%d bytes)", len(marked))
	}
	if strings.Contains(string(plain), ">1899<") {
		t.Errorf("chart without breaks labels 1899")
	}
	if _, err := e.DrawChart(ctx, agent.ChartSpec{Table: "t", Columns: []string{"nile", "gdp"}}); !errors.Is(err, wire.ErrUnknownColumn) {
		t.Errorf("unknown column: %v", err)
	}
}

// An index with a base: one row of the table (a month), or the average of
// a longer period (a year, "2015 = 100"); a base outside the table or
// written in no known form is refused.
func TestIndexAtABasePeriod(t *testing.T) {
	e, _ := newEngine(t)
	ctx := context.Background()
	if _, err := e.BuildTable(ctx, agent.TableSpec{Name: "main", Columns: []agent.ColumnSpec{{Name: "cpi", SeriesID: wiretest.Cpi}}}); err != nil {
		t.Fatal(err)
	}
	dates, vals := rawCSV(t, "CPIAUCSL.csv")
	sum, n, at := 0.0, 0, -1
	for i, d := range dates {
		if strings.HasPrefix(d, "2015-") {
			sum += vals[i]
			n++
		}
		if strings.HasPrefix(d, "2019-10") {
			at = i
		}
	}
	if n != 12 || at < 0 {
		t.Fatalf("fixture: %d months of 2015, 2019-10 at %d", n, at)
	}
	year, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "main", Column: "cpi", Op: "index", Base: "2015"})
	if err != nil {
		t.Fatal(err)
	}
	month, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "main", Column: "cpi", Op: "index", Base: "2019M10"})
	if err != nil {
		t.Fatal(err)
	}
	tab, _ := e.Table("main")
	last := len(vals) - 1
	if got, want := tab.Columns[1].Values[last], 100*vals[last]/(sum/12); math.Abs(got-want) > 1e-9 || year.Column.Unit != "Index 2015=100" {
		t.Errorf("2015 = 100: last %v, want %v; unit %q", got, want, year.Column.Unit)
	}
	if got := tab.Columns[2].Values[at]; math.Abs(got-100) > 1e-9 || month.Column.Unit != "Index 2019-10=100" {
		t.Errorf("2019-10 = 100: value there %v, unit %q", got, month.Column.Unit)
	}
	// The expression form names the base as a second argument.
	q, err := e.DeriveExpr(ctx, "main", "", `index(cpi, "2019Q4")`, 0)
	if err != nil || q.Column.Unit != "Index 2019Q4=100" {
		t.Errorf(`index(cpi, "2019Q4"): %+v, %v`, q.Column, err)
	}
	if y, err := e.DeriveExpr(ctx, "main", "cpi_y", "index(cpi, 2015)", 0); err != nil || y.Column.Unit != "Index 2015=100" {
		t.Errorf("index(cpi, 2015): %+v, %v", y.Column, err)
	}
	for _, base := range []string{"1700", "last year", "2019Q5"} {
		if _, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "main", Column: "cpi", Op: "index", Base: base, Name: "x"}); err == nil {
			t.Errorf("base %q: no error", base)
		}
	}
}

func TestParseBase(t *testing.T) {
	for in, want := range map[string][2]string{
		"2015": {"2015-01-01", "2016-01-01"}, "2019Q4": {"2019-10-01", "2020-01-01"}, "2019-q4": {"2019-10-01", "2020-01-01"},
		"2019-10": {"2019-10-01", "2019-11-01"}, "2019M10": {"2019-10-01", "2019-11-01"}, "2019-10-03": {"2019-10-03", "2019-10-03"},
	} {
		s, e, err := wire.ParseBase(in)
		if err != nil || s.Format(time.DateOnly) != want[0] || e.Format(time.DateOnly) != want[1] {
			t.Errorf("ParseBase(%q) = %v, %v, %v; want %v", in, s, e, err, want)
		}
	}
}

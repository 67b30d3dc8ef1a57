package main

import (
	"encoding/csv"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

// observations reads date → value from a file of testdata/analysis.
func observations(t *testing.T, name string) map[string]float64 {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "analysis", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, r := range recs[1:] {
		if v, err := strconv.ParseFloat(r[1], 64); err == nil {
			out[r[0]] = v
		}
	}
	return out
}

func parseCSV(t *testing.T, s string) [][]string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v\n%s", err, s)
	}
	return recs
}

func TestTableDeriveDebtToGDPToStdout(t *testing.T) {
	b := wiretest.Bundle(t)
	out, stderr, err := run(t, "", "table", "-b", b, "fred:GFDEBTN", "gdp=fred:GDP", "--derive", "debt_gdp=100*GFDEBTN/gdp", "--freq", "Q", "-o", "-")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	recs := parseCSV(t, out)
	if strings.Join(recs[0], ",") != "date,fred:GFDEBTN,gdp,debt_gdp" {
		t.Fatalf("header %v", recs[0])
	}
	debt, gdp := observations(t, "GFDEBTN.csv"), observations(t, "GDP.csv")
	n := 0
	for _, r := range recs[1:] {
		d, g := debt[r[0]], gdp[r[0]]
		if r[1] == "" || r[2] == "" {
			if r[3] != "" {
				t.Errorf("%s: debt_gdp %s with an input missing", r[0], r[3])
			}
			continue
		}
		got, err := strconv.ParseFloat(r[3], 64)
		if err != nil {
			t.Fatalf("%s: %v", r[0], err)
		}
		if want := 100 * d / (1000 * g); math.Abs(got-want) > 1e-9 {
			t.Fatalf("%s: debt_gdp %g, want %g", r[0], got, want)
		}
		n++
	}
	if n != 237 {
		t.Errorf("%d rows with a ratio, want GFDEBTN's 237 quarters", n)
	}
	for _, s := range []string{"debt_gdp [Percent]", "= 100 * fred:GFDEBTN / (1000 * gdp) (from fred:GFDEBTN, fred:GDP)", "gdp multiplied by 1000", "gdp is a quarterly flow at an annual rate"} {
		if !strings.Contains(stderr, s) {
			t.Errorf("summary on stderr lacks %q:\n%s", s, stderr)
		}
	}
}

func TestDeriveAndConvertToAnnual(t *testing.T) {
	b := wiretest.Bundle(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "real.csv")
	out, _, err := run(t, "", "derive", "-b", b, "ff=FEDFUNDS", "cpi=CPIAUCSL", "-d", "real=ff - yoy(cpi)", "-d", "infl=yoy(cpi)",
		"--freq", "M", "--from", "2000", "--to", "2019", "--convert", "A", "-o", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Table: 4 columns, annual, 2000 to 2019 (20 rows).", "real [Percentage points]", "recomputed at annual frequency", "monthly → annual average of 12 months"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs := parseCSV(t, string(data))
	ff, cpi := observations(t, "FEDFUNDS.csv"), observations(t, "CPIAUCSL.csv")
	mean := func(m map[string]float64, y int) float64 {
		s := 0.0
		for mo := 1; mo <= 12; mo++ {
			s += m[strconv.Itoa(y)+"-"+twoDigits(mo)+"-01"]
		}
		return s / 12
	}
	if recs[1][0] != "2000-01-01" || recs[1][3] != "" {
		t.Errorf("2000: %v, want the real rate missing (the table starts in 2000, no 1999 CPI in it)", recs[1])
	}
	for _, r := range recs[2:] {
		y, _ := strconv.Atoi(r[0][:4])
		want := mean(ff, y) - 100*(mean(cpi, y)/mean(cpi, y-1)-1)
		got, err := strconv.ParseFloat(r[3], 64)
		if err != nil || math.Abs(got-want) > 1e-9 {
			t.Fatalf("%d: real rate %s, want %g", y, r[3], want)
		}
	}
}

// --method-of: the CPI at December, the fed funds rate averaged, in one
// annual table.
func TestConvertWithAColumnsOwnMethod(t *testing.T) {
	b := wiretest.Bundle(t)
	path := filepath.Join(t.TempDir(), "a.csv")
	if _, _, err := run(t, "", "table", "-b", b, "ff=FEDFUNDS", "cpi=CPIAUCSL", "--freq", "M", "--from", "2010", "--to", "2012",
		"--convert", "A", "--method-of", "cpi=last", "-o", path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs := parseCSV(t, string(data))
	ff, cpi := observations(t, "FEDFUNDS.csv"), observations(t, "CPIAUCSL.csv")
	for _, r := range recs[1:] {
		y := r[0][:4]
		m := 0.0
		for mo := 1; mo <= 12; mo++ {
			m += ff[y+"-"+twoDigits(mo)+"-01"] / 12
		}
		if got, err := strconv.ParseFloat(r[1], 64); err != nil || math.Abs(got-m) > 1e-9 {
			t.Errorf("%s: ff %s, want the mean %g", y, r[1], m)
		}
		if got, err := strconv.ParseFloat(r[2], 64); err != nil || math.Abs(got-cpi[y+"-12-01"]) > 1e-9 {
			t.Errorf("%s: cpi %s, want December's %g", y, r[2], cpi[y+"-12-01"])
		}
	}
}

// index(col, base) on the command line: 2015 = 100 is the mean of 2015's
// months; a base outside the table is refused, naming it.
func TestDeriveIndexAtABase(t *testing.T) {
	b := wiretest.Bundle(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "cpi.csv")
	if _, _, err := run(t, "", "derive", "-b", b, "cpi=CPIAUCSL", "-d", "cpi100=index(cpi, 2015)", "--from", "2014", "--to", "2016", "-o", path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs := parseCSV(t, string(data))
	cpi := observations(t, "CPIAUCSL.csv")
	mean := 0.0
	for mo := 1; mo <= 12; mo++ {
		mean += cpi["2015-"+twoDigits(mo)+"-01"] / 12
	}
	for _, r := range recs[1:] {
		got, err := strconv.ParseFloat(r[2], 64)
		if want := 100 * cpi[r[0]] / mean; err != nil || math.Abs(got-want) > 1e-9 {
			t.Fatalf("%s: index %s, want %g", r[0], r[2], want)
		}
	}
	_, _, err = run(t, "", "derive", "-b", b, "cpi=CPIAUCSL", "-d", "x=index(cpi, 1700)", "--from", "2014", "--to", "2016")
	if err == nil || !strings.Contains(err.Error(), "base 1700") {
		t.Errorf("base outside the table: exit %d (%v)", exitCode(err), err)
	}
}

// chain(growth, base) and pct_change_ann(col) on the command line: the
// monthly change chained back is the price index's own 2015 = 100, and
// the annualised change compounds twelve months.
func TestDeriveChainAndAnnualized(t *testing.T) {
	b := wiretest.Bundle(t)
	path := filepath.Join(t.TempDir(), "cpi.csv")
	if _, _, err := run(t, "", "derive", "-b", b, "cpi=CPIAUCSL", "-d", "m=pct_change(cpi)", "-d", "idx=chain(m, 2015)", "-d", "lvl=index(cpi, 2015)",
		"-d", "ann=pct_change_ann(cpi)", "--from", "2014", "--to", "2016", "-o", path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs := parseCSV(t, string(data))
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	rows := 0
	for _, r := range recs[2:] { // the first month has no change
		idx, err1 := strconv.ParseFloat(r[col["idx"]], 64)
		lvl, err2 := strconv.ParseFloat(r[col["lvl"]], 64)
		m, err3 := strconv.ParseFloat(r[col["m"]], 64)
		ann, err4 := strconv.ParseFloat(r[col["ann"]], 64)
		if err := errors.Join(err1, err2, err3, err4); err != nil {
			t.Fatalf("%s: %v", r[0], err)
		}
		if math.Abs(idx-lvl) > 1e-9 {
			t.Errorf("%s: chained %g, index of the levels %g", r[0], idx, lvl)
		}
		if want := 100 * (math.Pow(1+m/100, 12) - 1); math.Abs(ann-want) > 1e-9 {
			t.Errorf("%s: annualised %g, want %g", r[0], ann, want)
		}
		rows++
	}
	if rows < 30 {
		t.Errorf("only %d rows compared", rows)
	}
}

func twoDigits(n int) string { return strconv.Itoa(n/10) + strconv.Itoa(n%10) }

func TestDeriveBadInput(t *testing.T) {
	b := wiretest.Bundle(t)
	cases := []struct {
		args []string
		says string
	}{
		{[]string{"table", "FEDFUNDS", "--derive", "x=FEDFUNDS - UNRATEX"}, `no column "UNRATEX"`},
		{[]string{"table", "FEDFUNDS", "--derive", "x=FEDFUNDS *"}, "character"},
		{[]string{"table", "FEDFUNDS", "PAYEMS", "--derive", "x=FEDFUNDS - PAYEMS"}, "units differ in kind"},
		{[]string{"table", "FEDFUNDS", "--convert", "D"}, "coarser"},
		{[]string{"table", "FEDFUNDS", "--convert", "A", "--method", "median"}, "median"},
		{[]string{"table", "FEDFUNDS", "--method", "sum"}, "--method needs --convert"},
		{[]string{"table", "FEDFUNDS", "--method-of", "FEDFUNDS=last"}, "--method-of needs --convert"},
		{[]string{"table", "FEDFUNDS", "--convert", "A", "--method-of", "FEDFUNDS"}, "COL=METHOD"},
		{[]string{"table", "FEDFUNDS", "--convert", "A", "--method-of", "FEDFUNDS=median"}, "median"},
		{[]string{"table", "FEDFUNDS", "--convert", "A", "--method-of", "GDP=last"}, "GDP"},
		{[]string{"table", "a=FEDFUNDS", "a=UNRATE"}, `"a" is used twice`},
		{[]string{"derive", "FEDFUNDS"}, "at least one --derive"},
	}
	for _, c := range cases {
		_, _, err := run(t, "", append([]string{c.args[0], "-b", b}, c.args[1:]...)...)
		if exitCode(err) != exitUsage || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%v: exit %d (%v), want a usage error saying %q", c.args, exitCode(err), err, c.says)
		}
	}
}

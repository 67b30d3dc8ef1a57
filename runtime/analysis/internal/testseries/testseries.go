// Package testseries loads the real observation subsets kept in
// testdata/analysis into analysis.Series for tests and benchmarks.
package testseries

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/analysis"
)

// Dir returns the testdata/analysis directory of the module.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata", "analysis")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("testseries: go.mod not found above the working directory")
		}
		dir = parent
	}
}

func readCSV(tb testing.TB, name string) [][]string {
	tb.Helper()
	f, err := os.Open(filepath.Join(Dir(tb), name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return rows[1:]
}

func parseFloat(tb testing.TB, file string, line int, s string) (float64, bool) {
	tb.Helper()
	if s == "" || s == "." {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		tb.Fatalf("%s:%d: value %q: %v", file, line, s, err)
	}
	return v, true
}

// FRED reads testdata/analysis/<id>.csv (FRED download layout: date, value).
func FRED(tb testing.TB, id string, freq analysis.Frequency, unit string) analysis.Series {
	tb.Helper()
	name := id + ".csv"
	s := analysis.Series{ID: "fred:" + id, Title: id, Unit: unit, Frequency: freq, Source: "FRED"}
	for i, r := range readCSV(tb, name) {
		d, err := time.Parse(time.DateOnly, r[0])
		if err != nil {
			tb.Fatalf("%s:%d: date %q: %v", name, i+2, r[0], err)
		}
		if v, ok := parseFloat(tb, name, i+2, r[1]); ok {
			s.Points = append(s.Points, analysis.Point{Date: d, Value: v})
		}
	}
	return s
}

// FREDFile is FRED for a file whose name differs from the id.
func FREDFile(tb testing.TB, file, id string, freq analysis.Frequency, unit string) analysis.Series {
	tb.Helper()
	s := FRED(tb, strings.TrimSuffix(file, ".csv"), freq, unit)
	s.ID, s.Title = "fred:"+id, id
	return s
}

// Nile reads the annual Nile flow, 1871–1970, dated 1 January of each year.
func Nile(tb testing.TB) analysis.Series {
	tb.Helper()
	s := analysis.Series{ID: "ref:nile", Title: "Nile flow at Aswan", Unit: "10^8 m^3", Frequency: analysis.Annual, Source: "Durbin and Koopman (2001)"}
	for i, r := range readCSV(tb, "nile_flow_annual.csv") {
		y, err := strconv.Atoi(r[0])
		if err != nil {
			tb.Fatalf("nile_flow_annual.csv:%d: year %q: %v", i+2, r[0], err)
		}
		v, _ := parseFloat(tb, "nile_flow_annual.csv", i+2, r[1])
		s.Points = append(s.Points, analysis.Point{Date: time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC), Value: v})
	}
	return s
}

// BIS reads one policy-rate series (key "M.TR" or "M.US"), dated at the
// start of each month (the file dates them at month end).
func BIS(tb testing.TB, key string) analysis.Series {
	tb.Helper()
	const name = "bis_policy_rates_TR_US.csv"
	s := analysis.Series{ID: "bis:" + key, Frequency: analysis.Monthly, Source: "BIS", Aggregation: analysis.AggLast}
	for i, r := range readCSV(tb, name) {
		if r[0] != key {
			continue
		}
		d, err := time.Parse(time.DateOnly, r[3])
		if err != nil {
			tb.Fatalf("%s:%d: date %q: %v", name, i+2, r[3], err)
		}
		s.Title, s.Unit = "Policy rate, "+r[1], r[2]
		if v, ok := parseFloat(tb, name, i+2, r[4]); ok {
			s.Points = append(s.Points, analysis.Point{Date: analysis.PeriodStart(d, analysis.Monthly), Value: v})
		}
	}
	if len(s.Points) == 0 {
		tb.Fatalf("%s: no rows for %s", name, key)
	}
	return s
}

// Store is an in-memory analysis.Store.
type Store map[string]analysis.Series

// Series implements analysis.Store.
func (m Store) Series(_ context.Context, id string) (analysis.Series, error) {
	s, ok := m[id]
	if !ok {
		return analysis.Series{}, fmt.Errorf("%w: %s", analysis.ErrUnknownSeries, id)
	}
	if len(s.Points) == 0 {
		return analysis.Series{}, fmt.Errorf("%w: %s", analysis.ErrNoData, id)
	}
	return s, nil
}

// NewStore indexes series by id.
func NewStore(series ...analysis.Series) Store {
	m := Store{}
	for _, s := range series {
		m[s.ID] = s
	}
	return m
}

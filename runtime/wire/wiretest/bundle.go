// Package wiretest builds a tiny but real bundle for tests of the runtime
// wiring and the CLI: a dozen catalog rows under a small heading tree, with
// real observations from testdata/analysis (FRED monthly, quarterly, weekly
// and daily series, BIS policy rates, the Nile flow), one row without data,
// a text index (no embeddings), and a keyword searcher that stands in for
// the search engine where a test must not depend on its ranking.
package wiretest

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/internal/textindex"
)

// Ids of the rows in the test bundle.
const (
	Unrate    = "fred:UNRATE"
	Unratensa = "fred:UNRATENSA" // in the catalog, no observations
	Fedfunds  = "fred:FEDFUNDS"
	Cpi       = "fred:CPIAUCSL"
	Payems    = "fred:PAYEMS"
	GDP       = "fred:GDP"
	Debt      = "fred:GFDEBTN" // millions of dollars, end of quarter, beside GDP in billions at an annual rate
	M2        = "fred:M2"
	Dprime    = "fred:DPRIME"
	PolicyTR  = "bis:M.TR"
	PolicyUS  = "bis:M.US"
	Nile      = "demo:NILE"
	Short     = "demo:SHORT" // three annual values: too short for change points
)

// dataDir is the module's testdata/analysis, found from this file's place.
func dataDir(tb testing.TB) string {
	tb.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		tb.Fatal("wiretest: cannot locate source file")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata", "analysis")
}

type heading struct {
	id, parent string
	path       []string
}

var headings = []heading{
	{"fred", "", []string{"FRED"}},
	{"fred/labor", "fred", []string{"FRED", "Employment and unemployment"}},
	{"fred/rates", "fred", []string{"FRED", "Interest rates"}},
	{"fred/prices", "fred", []string{"FRED", "Prices"}},
	{"fred/output", "fred", []string{"FRED", "National accounts"}},
	{"fred/money", "fred", []string{"FRED", "Money stock"}},
	{"fred/debt", "fred", []string{"FRED", "Federal debt"}},
	{"bis", "", []string{"BIS"}},
	{"bis/policy", "bis", []string{"BIS", "Central bank policy rates"}},
	{"demo", "", []string{"Datasets"}},
	{"demo/hydro", "demo", []string{"Datasets", "Hydrology"}},
}

// rows are the catalog; obs names the CSV the observations come from.
var rows = []struct {
	row  bundle.SeriesRow
	file string // "" = no observations
}{
	{bundle.SeriesRow{ID: Unrate, Title: "Unemployment Rate", Unit: "Percent", Frequency: "M", SeasonalAdjustment: "SA", Country: "USA", HeadingID: "fred/labor", Aggregation: "avg"}, "UNRATE.csv"},
	{bundle.SeriesRow{ID: Unratensa, Title: "Unemployment Rate", Unit: "Percent", Frequency: "M", SeasonalAdjustment: "NSA", Country: "USA", HeadingID: "fred/labor", Start: "1948-01-01", End: "2024-10-01"}, ""},
	{bundle.SeriesRow{ID: Payems, Title: "All Employees, Total Nonfarm", Unit: "Thousands of Persons", Frequency: "M", SeasonalAdjustment: "SA", Country: "USA", HeadingID: "fred/labor"}, "PAYEMS.csv"},
	{bundle.SeriesRow{ID: Fedfunds, Title: "Federal Funds Effective Rate", Unit: "Percent", Frequency: "M", Country: "USA", HeadingID: "fred/rates"}, "FEDFUNDS.csv"},
	{bundle.SeriesRow{ID: Dprime, Title: "Bank Prime Loan Rate", Unit: "Percent", Frequency: "D", Country: "USA", HeadingID: "fred/rates"}, "DPRIME_2000_2020.csv"},
	{bundle.SeriesRow{ID: Cpi, Title: "Consumer Price Index for All Urban Consumers: All Items in U.S. City Average", Unit: "Index 1982-1984=100", Frequency: "M", SeasonalAdjustment: "SA", Country: "USA", HeadingID: "fred/prices"}, "CPIAUCSL.csv"},
	{bundle.SeriesRow{ID: GDP, Title: "Gross Domestic Product", Unit: "Billions of Dollars", Frequency: "Q", SeasonalAdjustment: "SAAR", Country: "USA", HeadingID: "fred/output"}, "GDP.csv"},
	{bundle.SeriesRow{ID: Debt, Title: "Federal Debt: Total Public Debt", Unit: "Millions of Dollars", Frequency: "Q", FrequencyText: "Quarterly, End of Period", SeasonalAdjustment: "NSA", Country: "USA", HeadingID: "fred/debt"}, "GFDEBTN.csv"},
	{bundle.SeriesRow{ID: M2, Title: "M2 Money Stock", Unit: "Billions of Dollars", Frequency: "W", SeasonalAdjustment: "SA", Country: "USA", HeadingID: "fred/money"}, "M2.csv"},
	{bundle.SeriesRow{ID: PolicyTR, Title: "Central bank policy rate: Türkiye", Unit: "Per cent per year", Frequency: "M", Country: "TUR", HeadingID: "bis/policy", Aggregation: "last"}, "bis_policy_rates_TR_US.csv"},
	{bundle.SeriesRow{ID: PolicyUS, Title: "Central bank policy rate: United States", Unit: "Per cent per year", Frequency: "M", Country: "USA", HeadingID: "bis/policy", Aggregation: "last"}, "bis_policy_rates_TR_US.csv"},
	{bundle.SeriesRow{ID: Nile, Title: "Annual flow of the river Nile at Aswan", Unit: "10^8 cubic metres", Frequency: "A", Country: "EGY", HeadingID: "demo/hydro"}, "nile_flow_annual.csv"},
	{bundle.SeriesRow{ID: Short, Title: "Short annual test series", Unit: "Units", Frequency: "A", HeadingID: "demo/hydro"}, "short"},
}

// Bundle builds the test bundle in a fresh temporary directory and returns
// its path.
func Bundle(tb testing.TB) string {
	tb.Helper()
	dir := dataDir(tb)
	var cat []bundle.SeriesRow
	var obs []bundle.ObservationRow
	counts := map[string]int{}
	for _, r := range rows {
		row := r.row
		source, native, _ := strings.Cut(row.ID, ":")
		row.Source, row.NativeID = source, native
		row.ContentHash = strings.Repeat("0", 64)
		var pts []bundle.ObservationRow
		switch r.file {
		case "":
		case "short":
			for i, v := range []float64{1, 2, 3} {
				pts = append(pts, bundle.ObservationRow{SeriesID: row.ID, Date: fmt.Sprintf("%d-01-01", 2000+i), Value: v})
			}
		default:
			pts = readObservations(tb, filepath.Join(dir, r.file), row.ID, native)
		}
		if len(pts) > 0 {
			row.ObsCount = int32(len(pts))
			row.ObsStart, row.ObsEnd = pts[0].Date, pts[len(pts)-1].Date
			if row.Start == "" {
				row.Start, row.End = row.ObsStart, row.ObsEnd
			}
		}
		counts[row.HeadingID]++
		cat = append(cat, row)
		obs = append(obs, pts...)
	}
	sort.Slice(cat, func(i, j int) bool { return cat[i].ID < cat[j].ID })
	sort.SliceStable(obs, func(i, j int) bool {
		if obs[i].SeriesID != obs[j].SeriesID {
			return obs[i].SeriesID < obs[j].SeriesID
		}
		return obs[i].Date < obs[j].Date
	})

	var heads []bundle.HeadingRow
	for _, h := range headings {
		hr := bundle.HeadingRow{ID: h.id, ParentID: h.parent, Label: h.path[len(h.path)-1], Path: h.path,
			Depth: int32(len(h.path) - 1), Source: strings.SplitN(h.id, "/", 2)[0]}
		hr.DirectRows = int32(counts[h.id])
		hr.LeafRows = hr.DirectRows
		for _, c := range headings {
			if c.parent == h.id {
				hr.DirectChildren++
				hr.LeafRows += int32(counts[c.id])
			}
		}
		hr.DirectChildren += hr.DirectRows
		heads = append(heads, hr)
	}

	dest := filepath.Join(tb.TempDir(), "bundle")
	w, err := bundle.Create(dest)
	if err != nil {
		tb.Fatal(err)
	}
	defer w.Abort()
	must := func(err error) {
		tb.Helper()
		if err != nil {
			tb.Fatal(err)
		}
	}
	must(w.WriteCatalog(cat))
	must(w.WriteHeadings(heads))
	must(w.WriteObservations(obs))
	must(writeTextIndex(w, cat, heads))
	observed := 0
	for _, r := range cat {
		if r.ObsCount > 0 {
			observed++
		}
	}
	m := &bundle.Manifest{ToolVersion: "wiretest", Counts: bundle.Counts{Series: len(cat), Headings: len(heads),
		Observations: len(obs), ObservedSeries: observed}}
	for _, s := range []string{"bis", "demo", "fred"} {
		m.Sources = append(m.Sources, bundle.SourceInfo{Name: s, Kind: "test", Role: "catalog"})
	}
	must(w.Commit(m))
	return dest
}

// writeTextIndex indexes rows and headings the way the build does, so the
// search engine can open the bundle (keyword search; no embeddings).
func writeTextIndex(w *bundle.Writer, rows []bundle.SeriesRow, heads []bundle.HeadingRow) error {
	ctx := context.Background()
	path, err := w.Path(bundle.TextIndexDir)
	if err != nil {
		return err
	}
	b, err := textindex.Create(path)
	if err != nil {
		return err
	}
	paths := map[string]string{}
	for _, h := range heads {
		paths[h.ID] = strings.Join(h.Path, " > ")
		if err := b.Add(ctx, textindex.HeadingDocID(h.ID), textindex.Doc{Kind: textindex.KindHeading, Title: h.Label, Heading: paths[h.ID], Source: h.Source}); err != nil {
			b.Close(ctx)
			return err
		}
	}
	for _, r := range rows {
		doc := textindex.Doc{Kind: textindex.KindRow, Title: r.Title, Heading: paths[r.HeadingID], Unit: r.Unit,
			Frequency: r.Frequency, Source: r.Source, Country: r.Country}
		if err := b.Add(ctx, r.ID, doc); err != nil {
			b.Close(ctx)
			return err
		}
	}
	return b.Close(ctx)
}

// readObservations reads one series from a CSV of testdata/analysis: either
// "date,value" columns or the BIS layout (series_key,ref_area,unit,date,value)
// filtered by native id. Missing values ("." or empty) are skipped.
func readObservations(tb testing.TB, path, id, native string) []bundle.ObservationRow {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	var out []bundle.ObservationRow
	for i, rec := range recs[1:] {
		date, val := rec[0], rec[len(rec)-1]
		if len(rec) == 5 {
			if rec[0] != native {
				continue
			}
			date = rec[3]
		}
		if len(date) == 4 {
			date += "-01-01"
		} else if len(rec) == 5 {
			date = date[:8] + "01" // BIS dates monthly values at the month's end; bundles store period starts
		}
		if val == "" || val == "." {
			continue
		}
		v, err := strconv.ParseFloat(val, 64)
		if err != nil {
			tb.Fatalf("%s:%d: value %q: %v", path, i+2, val, err)
		}
		out = append(out, bundle.ObservationRow{SeriesID: id, Date: date, Value: v})
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no observations for %s", path, native)
	}
	return out
}

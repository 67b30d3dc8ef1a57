package main

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/catalogsrc"
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/all"
	"github.com/sextant-dev/sextant/catalogsrc/obs/obstest"
	"github.com/sextant-dev/sextant/internal/testenv"
	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/obsql"
	"github.com/sextant-dev/sextant/runtime/obsql/pgtest"
)

// lakeDSNEnv is the variable the test backends read their DSN from.
const lakeDSNEnv = "SEXTANT_TEST_LAKE_DSN"

// methods are given to the shared series in turn, so that every
// aggregation method runs on real data ("" is the default, average).
var methods = []string{"", analysis.AggAverage, analysis.AggSum, analysis.AggLast, analysis.AggFirst}

// sharedObservations reads every shared observation file with the
// registered readers, as testdata/shared-55k.yaml lists them.
func sharedObservations(t testing.TB) []catalogsrc.SeriesData {
	t.Helper()
	shared := testenv.SharedDir(t)
	p := func(elem ...string) string { return filepath.Join(append([]string{shared, "catalogs"}, elem...)...) }
	specs := []catalogsrc.Spec{
		{Kind: "fred-csv", Files: map[string]string{"dir": p("observations", "fred")}},
		{Kind: "bis", Files: map[string]string{"file": p("observations", "bis", "policy_rates_monthly.csv")}},
		{Kind: "turkstat-cpi", Files: map[string]string{"file": p("observations", "turkstat", "tr_cpi_tuik_2020_2025_long.csv")}},
		{Kind: "weo-values", Files: map[string]string{"file": p("imf", "WEOApr2024all.csv")}},
		{Kind: "ilo-unemployment", Name: "ilo", Files: map[string]string{"file": p("observations", "ilo", "unemployment-ilo.csv")}},
		{Kind: "imf-ifs-gdp", Name: "ifs-gdp", Files: map[string]string{"file": p("observations", "imf", "IFS_NGDP_SA_XDC_US_CA_MX.csv"),
			"indicators": p("imf", "IFS_Indicators.csv"), "countries": p("imf", "IFS_Countries.csv")}},
		{Kind: "reference", Name: "ref", Files: map[string]string{"file": p("observations", "reference", "nile_flow_annual.csv")},
			Options: map[string]string{"id": "ref:nile", "title": "Nile", "unit": "10^8 m^3"}},
	}
	var out []catalogsrc.SeriesData
	for _, spec := range specs {
		src, err := catalogsrc.OpenObservations(spec)
		if err != nil {
			t.Fatal(err)
		}
		var sink obstest.Sink
		if err := src.ReadObservations(context.Background(), &sink); err != nil {
			t.Fatal(err)
		}
		out = append(out, sink.Series...)
	}
	return out
}

// lake is the shared observations twice: in a bundle's Parquet, and in a
// real PostgreSQL (one table per namespace, one namespace read through a
// query) behind a bundle that holds only the catalog.
type lake struct {
	series     []catalogsrc.SeriesData
	files, sql string // the two bundles
	server     *pgtest.Server
}

func newLake(t testing.TB, series []catalogsrc.SeriesData) *lake {
	t.Helper()
	l := &lake{series: series, server: pgtest.Start(t)}
	var rows []bundle.SeriesRow
	var obs []bundle.ObservationRow
	load := map[string][]pgtest.Row{}
	for i, sd := range series {
		ns, native, _ := strings.Cut(sd.ID, ":")
		if sd.Frequency == catalogsrc.Unknown || sd.Frequency == catalogsrc.Biweekly {
			continue
		}
		r := bundle.SeriesRow{ID: sd.ID, NativeID: native, Source: ns, Title: sd.ID, Frequency: string(sd.Frequency),
			Aggregation: methods[i%len(methods)], ContentHash: strings.Repeat("0", 64),
			ObsCount: int32(len(sd.Points)), ObsStart: sd.Points[0].Date, ObsEnd: sd.Points[len(sd.Points)-1].Date}
		rows = append(rows, r)
		for _, p := range sd.Points {
			obs = append(obs, bundle.ObservationRow{SeriesID: sd.ID, Date: p.Date, Value: p.Value})
			d, err := time.Parse(time.DateOnly, p.Date)
			if err != nil {
				t.Fatal(err)
			}
			load[ns] = append(load[ns], pgtest.Row{Series: native, Date: d, Value: p.Value})
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].ID < rows[j].ID })
	sort.SliceStable(obs, func(i, j int) bool {
		if obs[i].SeriesID != obs[j].SeriesID {
			return obs[i].SeriesID < obs[j].SeriesID
		}
		return obs[i].Date < obs[j].Date
	})
	var backends []bundle.SourceInfo
	namespaces := make([]string, 0, len(load))
	for ns := range load {
		namespaces = append(namespaces, ns)
	}
	sort.Strings(namespaces)
	for _, ns := range namespaces {
		table := "obs_" + ns
		l.server.Load(t, table, load[ns])
		cfg := obsql.Config{Name: "lake-" + ns, Namespace: ns, DSNEnv: lakeDSNEnv, Table: table,
			Columns: obsql.Columns{Series: "series_id", Date: "obs_date", Value: "value"}}
		if ns == "bis" { // a configured query instead of a table
			cfg.Table, cfg.Query = "", "SELECT series_id AS key, obs_date AS day, value AS v FROM obs_bis"
			cfg.Columns = obsql.Columns{Series: "key", Date: "day", Value: "v"}
		}
		raw, err := cfg.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		backends = append(backends, bundle.SourceInfo{Name: cfg.Name, Kind: obsql.Kind, Role: "observations", Backend: raw})
	}
	l.files = writeBundle(t, rows, obs, nil)
	l.sql = writeBundle(t, rows, nil, backends)
	return l
}

func writeBundle(t testing.TB, rows []bundle.SeriesRow, obs []bundle.ObservationRow, backends []bundle.SourceInfo) string {
	t.Helper()
	dest := filepath.Join(t.TempDir(), "bundle")
	w, err := bundle.Create(dest)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	for _, err := range []error{w.WriteCatalog(rows), w.WriteHeadings(nil), w.WriteObservations(obs)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	m := &bundle.Manifest{ToolVersion: "test", Sources: backends, Counts: bundle.Counts{Series: len(rows), Observations: len(obs)}}
	if err := w.Commit(m); err != nil {
		t.Fatal(err)
	}
	return dest
}

// stores opens the bundle's store and the SQL-backed one.
func (l *lake) stores(t testing.TB, logf func(string, ...any)) (*catalog.Catalog, *obsql.Routed) {
	t.Helper()
	t.Setenv(lakeDSNEnv, l.server.DSN)
	ctx := context.Background()
	files, err := catalog.Open(ctx, l.files, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Open(ctx, l.sql, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	routed, err := obsql.Route(cat.Bundle, cat, obsql.Options{Logf: logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(routed.Close)
	return files, routed
}

// frequenciesOf lists the table frequencies a series can be aggregated to:
// its own and every coarser one.
func frequenciesOf(f analysis.Frequency) []analysis.Frequency {
	all := []analysis.Frequency{analysis.Daily, analysis.Weekly, analysis.Monthly, analysis.Quarterly, analysis.Semiannual, analysis.Annual}
	i := slices.Index(all, f)
	if i < 0 {
		return nil
	}
	return all[i:]
}

// near reports whether two values agree to 1e-9 (relative for large ones).
func near(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// sameTable says how two tables differ, or "".
func sameTable(a, b *analysis.Table) string {
	if a.Frequency != b.Frequency || len(a.Dates) != len(b.Dates) || len(a.Columns) != len(b.Columns) {
		return fmt.Sprintf("shape %s %d×%d vs %s %d×%d", a.Frequency, len(a.Dates), len(a.Columns), b.Frequency, len(b.Dates), len(b.Columns))
	}
	if !slices.EqualFunc(a.Dates, b.Dates, time.Time.Equal) {
		return fmt.Sprintf("dates differ: %v… vs %v…", a.Dates[0], b.Dates[0])
	}
	if !slices.Equal(a.Notes, b.Notes) {
		return fmt.Sprintf("notes %q vs %q", a.Notes, b.Notes)
	}
	for i, ca := range a.Columns {
		cb := b.Columns[i]
		if ca.Method != cb.Method || ca.Count != cb.Count || ca.Missing != cb.Missing || ca.Gaps != cb.Gaps ||
			!ca.First.Equal(cb.First) || !ca.Last.Equal(cb.Last) || !slices.Equal(ca.Notes, cb.Notes) {
			return fmt.Sprintf("column %s: %s count %d missing %d %v–%v %q vs %s count %d missing %d %v–%v %q", ca.Name,
				ca.Method, ca.Count, ca.Missing, ca.First, ca.Last, ca.Notes, cb.Method, cb.Count, cb.Missing, cb.First, cb.Last, cb.Notes)
		}
		for r := range ca.Values {
			if !near(ca.Values[r], cb.Values[r]) {
				return fmt.Sprintf("column %s row %s: %v vs %v", ca.Name, a.Dates[r].Format(time.DateOnly), ca.Values[r], cb.Values[r])
			}
		}
	}
	return ""
}

// For every shared series, at every frequency it can be aggregated to, over
// its whole span and over a middle range, the table built through SQL is
// the table built from the bundle's Parquet; finer series cross the wire
// one row per period.
func TestSQLTablesEqualBundleTables(t *testing.T) {
	series := sharedObservations(t)
	l := newLake(t, series)
	files, routed := l.stores(t, nil)
	ctx := context.Background()
	step := 1
	if testing.Short() {
		step = 25
	}
	tables, aggregated := 0, 0
	var crossed, observations int64
	for i := 0; i < len(l.series); i += step {
		sd := l.series[i]
		row, err := files.Resolve(sd.ID)
		if err != nil {
			continue // unknown frequency, not in the catalog
		}
		mid := len(sd.Points) / 3
		from, _ := time.Parse(time.DateOnly, sd.Points[mid].Date)
		to, _ := time.Parse(time.DateOnly, sd.Points[min(2*mid, len(sd.Points)-1)].Date)
		for _, f := range frequenciesOf(analysis.Frequency(row.Frequency)) {
			for _, rng := range [][2]time.Time{{}, {from, to}} {
				spec := analysis.TableSpec{IDs: []string{sd.ID}, Frequency: f, From: rng[0], To: rng[1]}
				want, werr := analysis.BuildTable(ctx, files, spec)
				before := statsOf(routed)
				got, gerr := analysis.BuildTable(ctx, routed, spec)
				after := statsOf(routed)
				if (werr == nil) != (gerr == nil) {
					t.Fatalf("%s at %s %v: bundle error %v, SQL error %v", sd.ID, f, rng, werr, gerr)
				}
				if werr != nil {
					continue
				}
				tables++
				if d := sameTable(want, got); d != "" {
					t.Fatalf("%s at %s from %v to %v (method %q): %s", sd.ID, f, rng[0], rng[1], row.Aggregation, d)
				}
				if f != analysis.Frequency(row.Frequency) && rng[0].IsZero() {
					aggregated++
					crossed += after.Rows - before.Rows
					observations += int64(len(sd.Points))
					if rows := after.Rows - before.Rows; rows > int64(len(got.Dates)) {
						t.Errorf("%s at %s: %d rows crossed the wire for %d periods", sd.ID, f, rows, len(got.Dates))
					}
				}
			}
		}
	}
	// Tables of several series of mixed frequencies (at the coarsest, and
	// monthly): the database's and the bundle's agree column by column.
	var ids []string
	for i := 0; i < len(l.series); i += max(step, 37) {
		if _, err := files.Resolve(l.series[i].ID); err == nil {
			ids = append(ids, l.series[i].ID)
		}
	}
	for lo := 0; lo < len(ids); lo += 7 {
		group := ids[lo:min(lo+7, len(ids))]
		for _, f := range []analysis.Frequency{"", analysis.Monthly} {
			spec := analysis.TableSpec{IDs: group, Frequency: f}
			want, werr := analysis.BuildTable(ctx, files, spec)
			got, gerr := analysis.BuildTable(ctx, routed, spec)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("%v at %q: bundle error %v, SQL error %v", group, f, werr, gerr)
			}
			if werr == nil {
				tables++
				if d := sameTable(want, got); d != "" {
					t.Fatalf("%v at %q: %s", group, f, d)
				}
			}
		}
	}
	if tables < 100 && !testing.Short() {
		t.Errorf("only %d tables compared", tables)
	}
	t.Logf("%d series, %d tables equal through SQL and Parquet; %d aggregated in SQL: %d rows crossed for %d observations (%.1f%%)",
		len(l.series), tables, aggregated, crossed, observations, 100*float64(crossed)/float64(max(observations, 1)))
}

func statsOf(r *obsql.Routed) obsql.Stats {
	var s obsql.Stats
	for _, b := range r.Backends() {
		st := b.Stats()
		s.Statements += st.Statements
		s.Rows += st.Rows
	}
	return s
}

// BenchmarkTable20Monthly50Years builds a table of the 20 monthly shared
// series that reach furthest back (FRED and BIS), over 50 years
// (1974–2023), monthly and aggregated to annual, through SQL and from the
// bundle.
func BenchmarkTable20Monthly50Years(b *testing.B) {
	series := sharedObservations(b)
	var monthly []catalogsrc.SeriesData
	for _, sd := range series {
		if sd.Frequency == catalogsrc.Monthly && sd.Points[len(sd.Points)-1].Date >= "2020-01-01" {
			monthly = append(monthly, sd)
		}
	}
	sort.SliceStable(monthly, func(i, j int) bool { return monthly[i].Points[0].Date < monthly[j].Points[0].Date })
	if len(monthly) < 20 {
		b.Fatalf("only %d monthly series", len(monthly))
	}
	var ids []string
	points := 0
	for _, sd := range monthly[:20] {
		ids = append(ids, sd.ID)
		for _, p := range sd.Points {
			if p.Date >= "1974-01-01" && p.Date < "2024-01-01" {
				points++
			}
		}
	}
	b.Logf("20 monthly series, %d observations in 1974–2023: %s", points, strings.Join(ids, ", "))
	l := newLake(b, series)
	files, routed := l.stores(b, nil)
	ctx := context.Background()
	from, to := time.Date(1974, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2023, 12, 1, 0, 0, 0, 0, time.UTC)
	for _, f := range []analysis.Frequency{analysis.Monthly, analysis.Annual} {
		for _, s := range []struct {
			name  string
			store analysis.Store
		}{{"bundle", files}, {"sql", routed}} {
			spec := analysis.TableSpec{IDs: ids, Frequency: f, From: from, To: to}
			if _, err := analysis.BuildTable(ctx, s.store, spec); err != nil { // the bundle loads its observations once, the pool connects
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/%s", f, s.name), func(b *testing.B) {
				for b.Loop() {
					t, err := analysis.BuildTable(ctx, s.store, spec)
					if err != nil {
						b.Fatal(err)
					}
					if len(t.Dates) < 50 {
						b.Fatalf("%d rows", len(t.Dates))
					}
				}
			})
		}
	}
}

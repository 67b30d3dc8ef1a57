package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs/obstest"
	"github.com/sextant-dev/sextant/internal/testenv"
	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/obsql"
	"github.com/sextant-dev/sextant/runtime/obsql/pgtest"
	"github.com/sextant-dev/sextant/runtime/wire"
)

// userIDs are the series of the user's long file (testdata/observations/generic).
var userIDs = []string{"fred:UNRATE", "fred:CPIAUCSL", "fred:FEDFUNDS", "fred:PAYEMS", "fred:DPRIME"}

// buildConfig writes a configuration over the demo FRED catalog with the
// given observations entries and builds it (no embeddings).
func buildConfig(t *testing.T, name, observations string) string {
	t.Helper()
	root := testenv.RepoRoot(t)
	dir := t.TempDir()
	rel, err := filepath.Rel(dir, root) // base_dir is taken from the config's folder
	if err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf(`base_dir: %s
sources:
  - kind: fred
    files: {series: testdata/catalogs/fred/fred_release_series.csv, info: testdata/catalogs/fred/fred-series-info.txt}
observations:
%s
embedding: {model: none}
`, rel, observations)
	path := filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, name)
	if stdout, stderr, err := run(t, "", "build", "-q", "-c", path, "-o", out); err != nil {
		t.Fatalf("build %s: %v\n%s%s", name, err, stdout, stderr)
	}
	return out
}

const filesEntry = `  - kind: fred-csv
    files: {u: testdata/analysis/UNRATE.csv, c: testdata/analysis/CPIAUCSL.csv, f: testdata/analysis/FEDFUNDS.csv, p: testdata/analysis/PAYEMS.csv, d: testdata/analysis/DPRIME_2000_2020.csv}`

const mineEntry = `  - kind: generic
    name: mine
    files: {file: testdata/observations/generic/us_macro_long.csv}
    layout: long
    columns: {series: series_id, date: period, value: value}
    namespace: fred`

const lakeEntry = `  - kind: fred-csv
    files: {d: testdata/analysis/DPRIME_2000_2020.csv}
  - kind: sql
    name: lake
    dsn_env: ` + lakeDSNEnv + `
    table: observations
    columns: {series: series_id, date: obs_date, value: value}
    namespace: fred`

// loadUserFile puts the user's long file, as the generic reader reads it,
// into table observations.
func loadUserFile(t *testing.T, s *pgtest.Server) {
	t.Helper()
	src, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: "generic", Name: "mine",
		Files:   map[string]string{"file": obstest.Testdata(t, "generic", "us_macro_long.csv")},
		Columns: map[string]string{"series": "series_id", "date": "period"}, Options: map[string]string{"namespace": "fred"}})
	if err != nil {
		t.Fatal(err)
	}
	var sink obstest.Sink
	if err := src.ReadObservations(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	var rows []pgtest.Row
	for _, sd := range sink.Series {
		for _, p := range sd.Points {
			d, _ := time.Parse(time.DateOnly, p.Date)
			rows = append(rows, pgtest.Row{Series: strings.TrimPrefix(sd.ID, "fred:"), Date: d, Value: p.Value})
		}
	}
	s.Load(t, "observations", rows)
}

// A user's own long file and a PostgreSQL table serve table, changepoints,
// chart and the agent's engine with the results of the bundled FRED files;
// the database's rows say data: yes; no secret reaches the bundle; an
// unreachable database is said plainly and the bundle's series still work.
func TestOwnObservationsServeTheCommands(t *testing.T) {
	server := pgtest.Start(t)
	loadUserFile(t, server)
	t.Setenv(lakeDSNEnv, server.DSN)
	bundles := map[string]string{
		"files": buildConfig(t, "files", filesEntry),
		"mine":  buildConfig(t, "mine", mineEntry),
		"lake":  buildConfig(t, "lake", lakeEntry),
	}

	lake, err := catalog.Open(context.Background(), bundles["lake"], catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range userIDs {
		r, err := lake.Resolve(id)
		if err != nil || r.ObsCount == 0 {
			t.Errorf("lake bundle: %s: %+v %v, want data", id, r, err)
		}
	}
	manifest, err := os.ReadFile(filepath.Join(bundles["lake"], "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(manifest, []byte(`"dsn_env": "`+lakeDSNEnv+`"`)) || bytes.Contains(manifest, []byte(server.DSN)) || bytes.Contains(manifest, []byte("host=")) {
		t.Errorf("manifest backend:\n%s", manifest)
	}

	outputs := map[string][]string{}
	for name, b := range bundles {
		dir := t.TempDir()
		var outs []string
		for _, args := range [][]string{
			append([]string{"table", "-b", b, "--freq", "Q", "--from", "2000", "--to", "2019", "-o", filepath.Join(dir, "q.csv")}, userIDs...),
			append([]string{"table", "-b", b, "--freq", "M", "--from", "2001-06", "--to", "2008-12", "-o", filepath.Join(dir, "m.csv")}, userIDs...),
			{"table", "-b", b, "--freq", "A", "-o", filepath.Join(dir, "a.csv"), "fred:DPRIME", "fred:PAYEMS"},
			{"changepoints", "-b", b, "--json", "fred:UNRATE"},
			{"changepoints", "-b", b, "--from", "2000", "--to", "2020", "--json", "fred:DPRIME"},
			{"chart", "-b", b, "--freq", "Q", "--breaks", "-o", filepath.Join(dir, "c.svg"), "fred:UNRATE", "fred:FEDFUNDS"},
		} {
			stdout, stderr, err := run(t, "", args...)
			if err != nil {
				t.Fatalf("%s: %v\n%s%s", strings.Join(args, " "), err, stdout, stderr)
			}
			outs = append(outs, strings.ReplaceAll(strings.ReplaceAll(stdout, b, "BUNDLE"), dir, "DIR"))
		}
		for _, f := range []string{"q.csv", "m.csv", "a.csv", "c.svg"} {
			data, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			outs = append(outs, string(data))
		}
		outputs[name] = outs
	}
	t.Logf("lake: %s\n%s", shorten(outputs["lake"][0]), shorten(outputs["lake"][3]))
	for _, name := range []string{"mine", "lake"} {
		for i := range outputs["files"] {
			if outputs[name][i] != outputs["files"][i] {
				t.Errorf("%s output %d differs from the bundled files':\n%s\nvs\n%s", name, i, shorten(outputs[name][i]), shorten(outputs["files"][i]))
			}
		}
	}

	// The agent's engine over each store gives the same summaries.
	engines := map[string]agent.Engine{}
	for name, b := range bundles {
		cat, err := catalog.Open(context.Background(), b, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		store, err := obsql.Route(cat.Bundle, cat, obsql.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(store.Close)
		engines[name] = wire.NewEngine(store, t.TempDir())
	}
	want := engineRun(t, engines["files"])
	for _, name := range []string{"mine", "lake"} {
		if got := engineRun(t, engines[name]); !reflect.DeepEqual(got, want) {
			t.Errorf("%s engine:\n%v\nwant\n%v", name, got, want)
		}
	}

	// The database goes away: the table of its series says so plainly, the
	// series the bundle holds still serve.
	t.Setenv(lakeDSNEnv, "host=/nonexistent port=5432 user=nobody dbname=lake connect_timeout=2")
	_, _, err = run(t, "", "table", "-b", bundles["lake"], "fred:UNRATE")
	if err == nil || !strings.Contains(err.Error(), "observations database unavailable") || !strings.Contains(err.Error(), `"lake" cannot be reached`) {
		t.Errorf("unreachable database: %v", err)
	}
	if out, _, err := run(t, "", "table", "-b", bundles["lake"], "fred:DPRIME"); err != nil || !strings.Contains(out, "DPRIME") {
		t.Errorf("bundle series with the database down: %v\n%s", err, out)
	}
	cat, _ := catalog.Open(context.Background(), bundles["lake"], catalog.Options{})
	store, _ := obsql.Route(cat.Bundle, cat, obsql.Options{})
	defer store.Close()
	eng := wire.NewEngine(store, t.TempDir())
	ctx := context.Background()
	if _, err := eng.BuildTable(ctx, agent.TableSpec{Name: "u", Columns: []agent.ColumnSpec{{SeriesID: "fred:UNRATE"}}}); err == nil || !strings.Contains(err.Error(), "cannot be reached") {
		t.Errorf("engine, database down: %v", err)
	}
	if _, err := eng.BuildTable(ctx, agent.TableSpec{Name: "d", Columns: []agent.ColumnSpec{{SeriesID: "fred:DPRIME"}}, Frequency: "M"}); err != nil {
		t.Errorf("engine, bundle series after the failure: %v", err)
	}
}

// engineRun drives an engine as the agent's tools do and returns what it says.
func engineRun(t *testing.T, e agent.Engine) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	say := func(v any, err error) {
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(v)
		out = append(out, string(b))
	}
	cols := []agent.ColumnSpec{{SeriesID: "fred:UNRATE", Name: "u"}, {SeriesID: "fred:CPIAUCSL", Name: "cpi"}, {SeriesID: "fred:DPRIME", Name: "prime"}}
	say(e.BuildTable(ctx, agent.TableSpec{Name: "t", Columns: cols, Frequency: "Q", From: "1990", To: "2019"}))
	say(e.DeriveColumn(ctx, agent.DeriveSpec{Table: "t", Column: "cpi", Op: "yoy_pct", Name: "inflation"}))
	say(e.FindChangePoints(ctx, agent.ChangePointSpec{Table: "t", Column: "prime"}))
	say(e.FindChangePoints(ctx, agent.ChangePointSpec{Table: "t", Column: "inflation"}))
	c, err := e.DrawChart(ctx, agent.ChartSpec{Table: "t", Columns: []string{"u", "inflation"}, Breaks: true})
	c.Path = filepath.Base(c.Path)
	say(c, err)
	return out
}

func shorten(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}

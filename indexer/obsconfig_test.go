package indexer

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/obsql"
)

func writeConfig(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "c.yaml")
	if err := os.WriteFile(p, []byte("sources:\n  - kind: fred\n    files: {series: fred.csv}\n"+body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The issue's configuration, key for key.
func TestObservationEntriesOfTheIssue(t *testing.T) {
	cfg, err := LoadConfig(writeConfig(t, `observations:
  - kind: generic
    name: mine
    files: {file: path/to/obs.csv}
    layout: long                                    # or wide
    columns: {series: id, date: date, value: value}
    namespace: fred                                 # ids become fred:<id>
  - kind: sql
    name: lake
    dsn_env: SEXTANT_LAKE_DSN                       # or dsn: (without a password)
    table: observations                             # or query: a SELECT with the same three columns
    columns: {series: series_id, date: obs_date, value: value}
    namespace: fred
  - kind: bis
    files: {file: bis.csv}
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Observations) != 2 || len(cfg.SQL) != 1 {
		t.Fatalf("%d file sources, %d sql: %+v %+v", len(cfg.Observations), len(cfg.SQL), cfg.Observations, cfg.SQL)
	}
	g := cfg.Observations[0]
	if g.Kind != "generic" || g.Name != "mine" || g.Options["layout"] != "long" || g.Options["namespace"] != "fred" ||
		g.Columns["series"] != "id" || !filepath.IsAbs(g.Files["file"]) {
		t.Errorf("generic entry: %+v", g)
	}
	want := obsql.Config{Name: "lake", Namespace: "fred", DSNEnv: "SEXTANT_LAKE_DSN", Table: "observations",
		Columns: obsql.Columns{Series: "series_id", Date: "obs_date", Value: "value"}}
	if cfg.SQL[0] != want {
		t.Errorf("sql entry: %+v, want %+v", cfg.SQL[0], want)
	}
}

func TestObservationEntryErrors(t *testing.T) {
	for name, body := range map[string]string{
		"password in dsn":     "  - kind: sql\n    name: l\n    dsn: postgres://a:secret@h/db\n    table: t\n    namespace: fred\n    columns: {series: s, date: d, value: v}\n",
		"table and query":     "  - kind: sql\n    name: l\n    dsn_env: E\n    table: t\n    query: SELECT 1\n    namespace: fred\n    columns: {series: s, date: d, value: v}\n",
		"sql with files":      "  - kind: sql\n    name: l\n    dsn_env: E\n    table: t\n    namespace: fred\n    files: {file: x}\n    columns: {series: s, date: d, value: v}\n",
		"sql extra column":    "  - kind: sql\n    name: l\n    dsn_env: E\n    table: t\n    namespace: fred\n    columns: {series: s, date: d, value: v, unit: u}\n",
		"table on a file":     "  - kind: generic\n    files: {file: x}\n    table: t\n",
		"unknown key":         "  - kind: generic\n    files: {file: x}\n    layuot: wide\n",
		"disagreeing options": "  - kind: generic\n    files: {file: x}\n    layout: wide\n    options: {layout: long}\n",
		"no kind":             "  - name: x\n",
	} {
		_, err := LoadConfig(writeConfig(t, "observations:\n"+body))
		if !errors.Is(err, ErrConfig) {
			t.Errorf("%s: %v, want ErrConfig", name, err)
		}
		if err != nil && strings.Contains(err.Error(), "secret") {
			t.Errorf("%s: the error repeats the password: %v", name, err)
		}
	}
}

// A database that cannot be reached at build time fails the build plainly.
func TestLinkSQLUnreachable(t *testing.T) {
	t.Setenv("SEXTANT_TEST_BUILD_DSN", "host=/nonexistent port=5432 user=x dbname=x connect_timeout=2")
	cfg := obsql.Config{Name: "lake", Namespace: "fred", DSNEnv: "SEXTANT_TEST_BUILD_DSN", Table: "obs", Columns: obsql.Columns{Series: "s", Date: "d", Value: "v"}}
	rows := []bundle.SeriesRow{{ID: "fred:UNRATE", Source: "fred", NativeID: "UNRATE"}}
	_, err := linkSQL(context.Background(), []obsql.Config{cfg}, rows, func(string, ...any) {})
	if !errors.Is(err, ErrSource) || !errors.Is(err, obsql.ErrUnavailable) || !strings.Contains(err.Error(), "cannot be reached") {
		t.Errorf("unreachable at build: %v", err)
	}
}

func TestSpacingFrequency(t *testing.T) {
	for c, want := range map[obsql.Coverage]string{
		{Count: 711, Start: "1966-01-01", End: "2025-03-01"}:  "M",
		{Count: 100, Start: "1871-01-01", End: "1970-01-01"}:  "A",
		{Count: 5264, Start: "2000-01-03", End: "2020-12-31"}: "D",
		{Count: 40, Start: "2010-01-01", End: "2019-10-01"}:   "Q",
		{Count: 2, Start: "2010-01-01", End: "2010-03-11"}:    "",
		{Count: 1, Start: "2010-01-01", End: "2010-01-01"}:    "",
	} {
		if got := string(spacingFrequency(c)); got != want {
			t.Errorf("%+v: %q, want %q", c, got, want)
		}
	}
}

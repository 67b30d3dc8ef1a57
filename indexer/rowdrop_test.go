package indexer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFredConfig writes a FRED catalog of n rows and a configuration
// reading it (extra is added to the configuration), and loads it.
func writeFredConfig(t *testing.T, dir string, n int, extra string) *Config {
	t.Helper()
	var b strings.Builder
	b.WriteString("series_id,title,scale_code,seasonal_adjustment,frequency,last_observation,last_updated,release_id,release_name\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "S%04d,Series number %d,P,SA,Monthly,01-Mar-2025,01-Mar-2025,50,Employment Situation\n", i, i)
	}
	os.WriteFile(filepath.Join(dir, "fred.csv"), []byte(b.String()), 0o644)
	os.WriteFile(filepath.Join(dir, "c.yaml"), []byte("sources:\n  - kind: fred\n    files: {series: fred.csv}\nembedding: {model: none}\n"+extra), 0o644)
	cfg, err := LoadConfig(filepath.Join(dir, "c.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestRowDropReportedAndStrictFails(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	out := filepath.Join(dir, "b")
	if _, err := Build(ctx, writeFredConfig(t, dir, 100, ""), Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	// 95 rows: a 5 % drop is within the default 10 %.
	rep, err := Build(ctx, writeFredConfig(t, dir, 95, ""), Options{Out: out, Strict: true})
	if err != nil || len(rep.Warnings) != 0 {
		t.Fatalf("5 %% drop: %v, warnings %q; want neither", err, rep.Warnings)
	}
	// The file cut at a line boundary to 50 rows: reported, and --strict fails.
	rep, err = Build(ctx, writeFredConfig(t, dir, 50, ""), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "source fred") || !strings.Contains(rep.Warnings[0], "95") {
		t.Errorf("warnings %q; want one naming source fred and its 95 previous rows", rep.Warnings)
	}
	if _, err := Build(ctx, writeFredConfig(t, dir, 40, ""), Options{Out: out, Strict: true}); !errors.Is(err, ErrRowDrop) {
		t.Errorf("strict build after a 20 %% drop: %v; want ErrRowDrop", err)
	}
	// max_row_drop: 0.5 lets the same drop through.
	if rep, err := Build(ctx, writeFredConfig(t, dir, 40, "max_row_drop: 0.5\n"), Options{Out: out, Strict: true}); err != nil || len(rep.Warnings) != 0 {
		t.Errorf("strict build with max_row_drop 0.5: %v, warnings %v", err, rep.Warnings)
	}
}

func TestMaxRowDropValidated(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "c.yaml"), []byte("max_row_drop: 10\nsources:\n  - kind: fred\n    files: {series: fred.csv}\n"), 0o644)
	if _, err := LoadConfig(filepath.Join(dir, "c.yaml")); !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "max_row_drop") {
		t.Errorf("max_row_drop 10: %v; want ErrConfig naming max_row_drop", err)
	}
}

// TestStrictFailsOnEachDamage breaks a FRED catalog file in each way the
// readers notice and checks that a --strict build fails, naming the file,
// the line and (where one is to blame) the field.
func TestStrictFailsOnEachDamage(t *testing.T) {
	head := "series_id,title,scale_code,seasonal_adjustment,frequency,last_observation,last_updated,release_id,release_name\n"
	row := func(i int, title string) string {
		return fmt.Sprintf("S%04d,%s,P,SA,Monthly,01-Mar-2025,01-Mar-2025,50,Employment Situation\n", i, title)
	}
	var rows []string
	for i := 0; i < 20; i++ {
		rows = append(rows, row(i, fmt.Sprintf("Series number %d", i)))
	}
	all := strings.Join(rows, "")
	for _, c := range []struct {
		name, text string
		want       error
		where      string
	}{
		{"header only", head, ErrSource, "fred.csv: header but no data rows"},
		{"cut short", head + strings.TrimSuffix(all, "tion\n"), ErrQuarantine, "fred.csv:21:"},
		{"long field", head + row(100, strings.Repeat("x", 20000)) + all, ErrQuarantine, `fred.csv:2: field "title"`},
		{"long title", head + row(100, strings.Repeat("x", 2000)) + all, ErrQuarantine, `fred.csv:2: field "title"`},
		{"stray quote", head + strings.Replace(all, "Series number 0", `"Series number 0`, 1), ErrQuarantine, `fred.csv:2: field "title"`},
		{"invalid utf-8", head + row(100, "Caf\xe9 prices") + all, ErrQuarantine, `fred.csv:2: field "title"`},
		{"replacement character", head + row(100, "Caf\uFFFD prices") + all, ErrQuarantine, `fred.csv:2: field "title"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "fred.csv"), []byte(c.text), 0o644)
			os.WriteFile(filepath.Join(dir, "c.yaml"), []byte("sources:\n  - kind: fred\n    files: {series: fred.csv}\nembedding: {model: none}\n"), 0o644)
			cfg, err := LoadConfig(filepath.Join(dir, "c.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			_, err = Build(context.Background(), cfg, Options{Out: filepath.Join(dir, "b"), Strict: true})
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.where) {
				t.Errorf("strict build: %v; want %v naming %s", err, c.want, c.where)
			}
		})
	}
}

func TestEmptySourceReportedAndStrictFails(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFredConfig(t, dir, 10, "")
	cfg.Sources[0].Options = map[string]string{"include_releases": "Employment Situatoin"} // misspelt: matches nothing
	rep, err := Build(context.Background(), cfg, Options{Out: filepath.Join(dir, "b"), Strict: true})
	if !errors.Is(err, ErrRowDrop) || !strings.Contains(err.Error(), "source fred") {
		t.Fatalf("strict build of a source with no rows: %v; want ErrRowDrop naming source fred", err)
	}
	if rep == nil || len(rep.Warnings) != 1 {
		t.Fatalf("report %+v", rep)
	}
	if _, err := Build(context.Background(), cfg, Options{Out: filepath.Join(dir, "b")}); err != nil {
		t.Fatalf("non-strict build: %v", err)
	}
}

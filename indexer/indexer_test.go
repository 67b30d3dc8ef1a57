package indexer

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	_ "github.com/sextant-dev/sextant/catalogsrc/all"
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/all"
)

// repoRoot is the directory holding go.mod.
func repoRoot(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

func demoConfig(t testing.TB, model string) *Config {
	t.Helper()
	cfg, err := LoadConfig(filepath.Join(repoRoot(t), "testdata", "demo.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Embedding.Model = model
	return cfg
}

func TestLoadConfigResolvesPaths(t *testing.T) {
	cfg := demoConfig(t, "none")
	p := cfg.Sources[0].Files["allseries"]
	if !filepath.IsAbs(p) && !strings.HasPrefix(p, repoRoot(t)) {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("path %q does not resolve: %v", p, err)
		}
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("resolved path %q: %v", p, err)
	}
}

func TestLoadConfigErrors(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"unknown field": "sources:\n  - kind: fred\n    flies: {}\n",
		"no sources":    "sources: []\n",
		"no kind":       "sources:\n  - name: x\n",
		"duplicate":     "sources:\n  - kind: fred\n  - kind: fred\n",
	} {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".yaml")
		os.WriteFile(p, []byte(body), 0o644)
		if _, err := LoadConfig(p); !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: got %v, want ErrConfig naming the file", name, err)
		}
	}
}

func TestBuildDemo(t *testing.T) {
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "demo")
	rep, err := Build(ctx, demoConfig(t, "none"), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Series < 2000 || rep.Observations == 0 || rep.ObservedSeries == 0 {
		t.Fatalf("report: %+v", rep)
	}
	b, err := bundle.Open(out, bundle.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := b.ReadCatalog()
	heads, _ := b.ReadHeadings()
	byID := map[string]bundle.HeadingRow{}
	for _, h := range heads {
		byID[h.ID] = h
	}
	var cpi, unrate, weoTR *bundle.SeriesRow
	for i := range rows {
		switch r := &rows[i]; {
		case r.ID == "evds:TP.FG.J0":
			cpi = r
		case r.ID == "fred:UNRATE":
			unrate = r
		case r.Source == "weo" && r.Country == "TUR" && weoTR == nil:
			weoTR = r
		}
	}
	if cpi == nil || unrate == nil || weoTR == nil {
		t.Fatal("expected rows missing from the demo bundle")
	}
	h := byID[cpi.HeadingID]
	if !strings.Contains(h.Label, "Consumer Price Index (2003=100)") || h.DirectRows < 2 {
		t.Errorf("TP.FG.J0 heading = %+v", h)
	}
	if unrate.ObsCount == 0 || unrate.ObsStart == "" {
		t.Errorf("UNRATE observations not linked: %+v", unrate)
	}
	if cpi.ObsCount == 0 {
		t.Errorf("TP.FG.J0 observations (TURKSTAT CPI) not linked")
	}
	// A WEO subject clusters its countries under one heading.
	wh := byID[weoTR.HeadingID]
	if wh.DirectRows < 3 {
		t.Errorf("WEO heading %q holds %d rows, want the subject's countries together", wh.Label, wh.DirectRows)
	}
	// Leaf counts add up: the roots hold every row.
	total := int32(0)
	for _, h := range heads {
		if h.ParentID == "" {
			total += h.LeafRows
		}
	}
	if int(total) != len(rows) {
		t.Errorf("roots hold %d rows, catalog has %d", total, len(rows))
	}
	if problems, _ := bundle.Verify(out); len(problems) != 0 {
		t.Errorf("verify: %v", problems)
	}
}

func TestBuildFailureKeepsPrevious(t *testing.T) {
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "demo")
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	before, _ := bundle.HashFile(filepath.Join(out, bundle.ManifestFile))

	cfg := demoConfig(t, "none")
	cfg.Sources[1].Files["series"] = filepath.Join(t.TempDir(), "missing.csv")
	_, err := Build(ctx, cfg, Options{Out: out})
	if !errors.Is(err, ErrSource) || !strings.Contains(err.Error(), "missing.csv") {
		t.Fatalf("unreadable source: got %v, want ErrSource naming the file", err)
	}
	after, _ := bundle.HashFile(filepath.Join(out, bundle.ManifestFile))
	if before.SHA256 != after.SHA256 {
		t.Fatal("failed build changed the previous bundle")
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
}

func TestStrictRefusesQuarantine(t *testing.T) {
	out := filepath.Join(t.TempDir(), "demo")
	rep, err := Build(context.Background(), demoConfig(t, "none"), Options{Out: out, Strict: true})
	if !errors.Is(err, ErrQuarantine) {
		t.Fatalf("strict build: %v", err)
	}
	if rep == nil || rep.Quarantined == 0 {
		t.Fatalf("strict report: %+v", rep)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatal("strict failure published a bundle")
	}
}

func TestBadRowQuarantinedWithPosition(t *testing.T) {
	dir := t.TempDir()
	csv := "series_id,title,scale_code,seasonal_adjustment,frequency,last_observation,last_updated,release_id,release_name\n" +
		"UNRATE,Unemployment Rate,P,SA,Monthly,01-Mar-2025,01-Mar-2025,50,Employment Situation\n" +
		",No id here,P,SA,Monthly,01-Mar-2025,01-Mar-2025,50,Employment Situation\n" +
		"UNRATE,Unemployment Rate again,P,SA,Monthly,01-Mar-2025,01-Mar-2025,50,Employment Situation\n"
	os.WriteFile(filepath.Join(dir, "fred.csv"), []byte(csv), 0o644)
	os.WriteFile(filepath.Join(dir, "c.yaml"), []byte("sources:\n  - kind: fred\n    files: {series: fred.csv}\nembedding: {model: none}\n"), 0o644)
	cfg, err := LoadConfig(filepath.Join(dir, "c.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "b")
	rep, err := Build(context.Background(), cfg, Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Series != 1 || rep.Quarantined != 2 {
		t.Fatalf("series %d quarantined %d, want 1 and 2", rep.Series, rep.Quarantined)
	}
	b, _ := bundle.Open(out, bundle.OpenOptions{})
	q, _ := b.ReadQuarantine()
	lines := map[int]bool{}
	for _, e := range q {
		if !strings.HasSuffix(e.File, "fred.csv") || e.Field == "" {
			t.Errorf("quarantine entry lacks file or field: %+v", e)
		}
		lines[e.Line] = true
	}
	if !lines[3] || !lines[4] {
		t.Errorf("quarantine lines %v, want 3 and 4", lines)
	}
}

func TestLoadConfigAbsoluteBaseDir(t *testing.T) {
	data := t.TempDir()
	os.WriteFile(filepath.Join(data, "fred.csv"), []byte("series_id,title\n"), 0o644)
	conf := filepath.Join(t.TempDir(), "conf")
	os.MkdirAll(conf, 0o755)
	p := filepath.Join(conf, "c.yaml")
	os.WriteFile(p, []byte("base_dir: "+data+"\nsources:\n  - kind: fred\n    files: {series: fred.csv}\n"), 0o644)
	cfg, err := LoadConfig(p)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.BaseDir != data {
		t.Errorf("base_dir %q resolved to %q; want it used as is", data, cfg.BaseDir)
	}
	if got, want := cfg.Sources[0].Files["series"], filepath.Join(data, "fred.csv"); got != want {
		t.Errorf("files.series resolved to %q; want %q", got, want)
	}
	if got, want := cfg.Embedding.Model, filepath.Join(data, DefaultModelDir); got != want {
		t.Errorf("default model resolved to %q; want %q", got, want)
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

// demoBundle builds the demo catalog (no embeddings, to stay quick) once per test.
func demoBundle(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "demo")
	stdout, _, err := run(t, "", "build", "-c", "../../testdata/demo.yaml", "-o", out, "--model", "none")
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	if !strings.Contains(stdout, "series") || !strings.Contains(stdout, "quarantined") {
		t.Fatalf("build report lacks counts:\n%s", stdout)
	}
	return out
}

func TestBuildVerifyInspectPack(t *testing.T) {
	out := demoBundle(t)
	if stdout, _, err := run(t, "", "verify", out); err != nil || !strings.Contains(stdout, "ok") {
		t.Fatalf("verify: %v\n%s", err, stdout)
	}
	stdout, _, err := run(t, "", "inspect", "--json", out)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Manifest bundle.Manifest `json:"manifest"`
	}
	if err := json.Unmarshal([]byte(stdout), &s); err != nil {
		t.Fatalf("inspect --json: %v", err)
	}
	if s.Manifest.Counts.Series < 2000 || len(s.Manifest.Sources) == 0 {
		t.Fatalf("inspect counts: %+v", s.Manifest.Counts)
	}
	archive := filepath.Join(t.TempDir(), "demo.sxb")
	if _, _, err := run(t, "", "pack", "-o", archive, out); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(archive + bundle.ChecksumSuffix); err != nil {
		t.Fatal("pack wrote no checksum file")
	}
	if stdout, _, err := run(t, "", "verify", archive); err != nil || !strings.Contains(stdout, "ok") {
		t.Fatalf("verify archive: %v", err)
	}
	// The runtime opens the archive as it opens the directory.
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	stdout, _, err = run(t, "", "search", "-b", archive, "--mode", "keyword", "--json", "unemployment rate")
	if err != nil {
		t.Fatalf("search on archive: %v", err)
	}
	var res struct {
		Groups []struct {
			Size int `json:"size"`
			Hits []struct {
				ID string `json:"id"`
			} `json:"hits"`
		} `json:"groups"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Groups) == 0 || res.Groups[0].Size < len(res.Groups[0].Hits) {
		t.Fatalf("search --json: %v %s", err, stdout)
	}
}

func TestVerifyDamagedBundleExitCode(t *testing.T) {
	out := demoBundle(t)
	p := filepath.Join(out, bundle.CatalogFile)
	b, _ := os.ReadFile(p)
	b[len(b)/2] ^= 0xff
	os.WriteFile(p, b, 0o644)
	stdout, _, err := run(t, "", "verify", out)
	if exitCode(err) != exitBadData || !strings.Contains(stdout, bundle.CatalogFile) {
		t.Fatalf("verify damaged: exit %d, %v\n%s", exitCode(err), err, stdout)
	}
	_, _, err = run(t, "", "search", "-b", out, "anything")
	if exitCode(err) != exitBadData || !strings.Contains(err.Error(), "rebuild") {
		t.Fatalf("search on damaged bundle: exit %d, %v", exitCode(err), err)
	}
}

func TestBuildExitCodes(t *testing.T) {
	dir := t.TempDir()
	_, _, err := run(t, "", "build", "-q", "-c", "../../testdata/demo.yaml", "-o", filepath.Join(dir, "b"), "--model", "none", "--strict")
	if exitCode(err) != exitBadData {
		t.Errorf("--strict with quarantined rows: exit %d (%v), want %d", exitCode(err), err, exitBadData)
	}
	if _, err := os.Stat(filepath.Join(dir, "b")); !os.IsNotExist(err) {
		t.Error("--strict failure published a bundle")
	}
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("sources:\n  - kind: fred\n    files: {series: nowhere.csv}\nembedding: {model: none}\n"), 0o644)
	_, _, err = run(t, "", "build", "-q", "-c", bad, "-o", filepath.Join(dir, "c"))
	if exitCode(err) != exitFailure || !strings.Contains(err.Error(), "nowhere.csv") {
		t.Errorf("unreadable source: exit %d, %v", exitCode(err), err)
	}
	_, _, err = run(t, "", "build", "-c", bad)
	if exitCode(err) != exitUsage {
		t.Errorf("missing -o: exit %d, want %d", exitCode(err), exitUsage)
	}
	_, _, err = run(t, "", "verify")
	if exitCode(err) != exitUsage {
		t.Errorf("verify without a path: exit %d", exitCode(err))
	}
}

func TestBuildQuietPrintsNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "demo")
	stdout, stderr, err := run(t, "", "build", "-q", "-c", "../../testdata/demo.yaml", "-o", out, "--model", "none")
	if err != nil {
		t.Fatal(err)
	}
	if stdout != "" || stderr != "" {
		t.Errorf("build -q printed\nstdout: %q\nstderr: %q", stdout, stderr)
	}
}

func TestBuildProgressLines(t *testing.T) {
	dir := t.TempDir()
	_, stderr, err := run(t, "", "build", "-c", "../../testdata/demo.yaml", "-o", filepath.Join(dir, "a"), "--model", "none")
	if err != nil {
		t.Fatal(err)
	}
	stamp := regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z build: \S`)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if len(lines) < 2 {
		t.Fatalf("progress: %q", stderr)
	}
	for _, l := range lines {
		if !stamp.MatchString(l) {
			t.Errorf("progress line without a timestamp: %q", l)
		}
	}
	_, stderr, err = run(t, "", "build", "--log-format", "json", "-c", "../../testdata/demo.yaml", "-o", filepath.Join(dir, "b"), "--model", "none")
	if err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSpace(stderr), "\n")
	for _, l := range lines {
		var m struct{ Time, Level, Msg string }
		if err := json.Unmarshal([]byte(l), &m); err != nil || m.Time == "" || m.Level != "INFO" || m.Msg == "" {
			t.Errorf("--log-format json line %q: %+v %v", l, m, err)
		}
	}
	if _, _, err := run(t, "", "build", "--log-format", "xml", "-c", "../../testdata/demo.yaml", "-o", filepath.Join(dir, "c")); exitCode(err) != exitUsage {
		t.Errorf("--log-format xml: exit %d, want %d", exitCode(err), exitUsage)
	}
}

func TestBuildDiffOut(t *testing.T) {
	dir := t.TempDir()
	head := "series_id,title,scale_code,seasonal_adjustment,frequency,last_observation,last_updated,release_id,release_name\n"
	row := func(id, title string) string {
		return id + "," + title + ",P,SA,Monthly,01-Mar-2025,01-Mar-2025,50,Employment Situation\n"
	}
	csv := filepath.Join(dir, "fred.csv")
	conf := filepath.Join(dir, "c.yaml")
	os.WriteFile(conf, []byte("sources:\n  - kind: fred\n    files: {series: fred.csv}\nembedding: {model: none}\nmax_row_drop: 1\n"), 0o644)
	os.WriteFile(csv, []byte(head+row("KEEP", "Kept")+row("GONE", "Removed")+row("EDIT", "Old title")), 0o644)
	out := filepath.Join(dir, "b")
	if _, _, err := run(t, "", "build", "-q", "-c", conf, "-o", out); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(csv, []byte(head+row("KEEP", "Kept")+row("EDIT", "New title")+row("NEW", "Added")), 0o644)
	diff := filepath.Join(dir, "diff.jsonl")
	if _, _, err := run(t, "", "build", "-q", "-c", conf, "-o", out, "--diff-out", diff); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(diff)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var c struct {
			ID, Source, Change string
			Fields             []string
		}
		if err := json.Unmarshal([]byte(l), &c); err != nil {
			t.Fatalf("diff line %q: %v", l, err)
		}
		got = append(got, c.ID+" "+c.Change+" "+strings.Join(c.Fields, ","))
	}
	want := []string{"fred:EDIT changed title", "fred:GONE removed ", "fred:NEW added "}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("--diff-out lines %q, want %q", got, want)
	}
}

func TestBuildRefusesUserFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mine")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	_, _, err := run(t, "", "build", "-q", "-c", "../../testdata/demo.yaml", "-o", dir, "--model", "none")
	if err == nil || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("build over a folder of user files: %v; want an error naming it and --force", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "notes.txt")); string(b) != "mine" {
		t.Fatal("refused build touched the user's file")
	}
	if _, _, err := run(t, "", "build", "-q", "--force", "-c", "../../testdata/demo.yaml", "-o", dir, "--model", "none"); err != nil {
		t.Fatalf("build --force: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, bundle.ManifestFile)); err != nil {
		t.Fatal("build --force published no bundle")
	}
}

func TestPackZstdOpensLikeAPlainArchive(t *testing.T) {
	out := demoBundle(t)
	dir := t.TempDir()
	plain, packed := filepath.Join(dir, "plain.sxb"), filepath.Join(dir, "z.sxb")
	if _, _, err := run(t, "", "pack", "-o", plain, out); err != nil {
		t.Fatal(err)
	}
	// Flags after the bundle, as anywhere.
	if _, _, err := run(t, "", "pack", out, "-o", packed, "--compress", "zstd", "--level", "1"); err != nil {
		t.Fatal(err)
	}
	ps, _ := os.Stat(plain)
	zs, _ := os.Stat(packed)
	if zs.Size() >= ps.Size() {
		t.Errorf("zstd archive %d bytes, plain %d", zs.Size(), ps.Size())
	}
	if stdout, _, err := run(t, "", "verify", packed); err != nil || !strings.Contains(stdout, "ok") {
		t.Fatalf("verify zstd archive: %v %s", err, stdout)
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	a, _, err := run(t, "", "search", "-b", plain, "--mode", "keyword", "--json", "unemployment rate")
	if err != nil {
		t.Fatal(err)
	}
	z, _, err := run(t, "", "search", "-b", packed, "--mode", "keyword", "--json", "unemployment rate")
	if err != nil {
		t.Fatal(err)
	}
	if a != z {
		t.Errorf("search differs between the plain and the zstd archive:\n%s\n%s", a, z)
	}
	for _, args := range [][]string{
		{"pack", "-o", filepath.Join(dir, "x.sxb"), "--compress", "gzip", out},
		{"pack", "-o", filepath.Join(dir, "x.sxb"), "--level", "3", out},
		{"pack", "-o", filepath.Join(dir, "x.sxb"), "--compress", "zstd", "--level", "7", out},
		{"pack", "-o", filepath.Join(dir, "x.sxb"), "--without-model", out}, // its model is not shared
	} {
		if _, _, err := run(t, "", args...); exitCode(err) != exitUsage {
			t.Errorf("%q: exit %d (%v), want usage", args, exitCode(err), err)
		}
	}
}

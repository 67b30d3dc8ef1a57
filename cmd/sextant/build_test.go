package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

// demoBundle builds the demo catalog (no embeddings, to stay quick) once per test.
func demoBundle(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "demo")
	stdout, _, err := run(t, "", "build", "-q", "-c", "../../testdata/demo.yaml", "-o", out, "--model", "none")
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

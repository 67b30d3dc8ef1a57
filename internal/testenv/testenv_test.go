package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB whose Skipf and Fatal end only the goroutine
// that calls them, so a test can see whether a helper skipped.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper() {}
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = fmt.Sprintf(format, args...)
	runtime.Goexit()
}
func (r *recorder) Fatal(args ...any) {
	r.failed = fmt.Sprint(args...)
	runtime.Goexit()
}

// call runs fn with a recorder and returns fn's result and the recorder.
func call(t *testing.T, fn func(testing.TB) string) (string, *recorder) {
	r := &recorder{TB: t}
	var got string
	done := make(chan struct{})
	go func() {
		defer close(done)
		got = fn(r)
	}()
	<-done
	return got, r
}

func TestRepoRoot(t *testing.T) {
	root := RepoRoot(t)
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), "module github.com/sextant-dev/sextant") {
		t.Errorf("%s/go.mod is not this repository's", root)
	}
	here, _ := os.Getwd()
	if rel, err := filepath.Rel(root, here); err != nil || rel != filepath.Join("internal", "testenv") {
		t.Errorf("root %s is not two levels above %s", root, here)
	}
	if got := RepoPath(t, "internal", "testenv"); got != here {
		t.Errorf("RepoPath = %s, want %s", got, here)
	}
}

func TestSharedDirFromEnv(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("SEXTANT_SHARED_DIR", "")
	t.Setenv("SEXTANT_SHARED", dir)
	if got, r := call(t, SharedDir); got != dir || r.skipped != "" {
		t.Errorf("SEXTANT_SHARED=%s: got %q, skipped %q", dir, got, r.skipped)
	}

	other := t.TempDir()
	t.Setenv("SEXTANT_SHARED_DIR", other)
	if got, _ := call(t, SharedDir); got != other {
		t.Errorf("SEXTANT_SHARED_DIR must win over SEXTANT_SHARED: got %s, want %s", got, other)
	}

	t.Setenv("SEXTANT_SHARED_DIR", "internal") // relative: from the repository root
	if got, _ := call(t, SharedDir); got != filepath.Join(RepoRoot(t), "internal") {
		t.Errorf("relative SEXTANT_SHARED_DIR gave %s", got)
	}
}

func TestSharedDirSkipsWhenAbsent(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-folder")
	t.Setenv("SEXTANT_SHARED_DIR", missing)
	_, r := call(t, SharedDir)
	if r.skipped == "" || !strings.Contains(r.skipped, missing) || !strings.Contains(r.skipped, "SEXTANT_SHARED_DIR") {
		t.Errorf("absent shared folder: skip message %q should name %s and the variable", r.skipped, missing)
	}
	if r.failed != "" {
		t.Errorf("absent shared folder failed the test: %s", r.failed)
	}

	// A file is not a folder.
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SEXTANT_SHARED_DIR", file)
	if _, r := call(t, SharedDir); r.skipped == "" {
		t.Errorf("a file named as the shared folder did not skip")
	}
}

func TestSharedPath(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "catalogs"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SEXTANT_SHARED_DIR", dir)
	got, r := call(t, func(tb testing.TB) string { return SharedPath(tb, "catalogs") })
	if got != filepath.Join(dir, "catalogs") || r.skipped != "" {
		t.Errorf("SharedPath(catalogs) = %q, skipped %q", got, r.skipped)
	}
	_, r = call(t, func(tb testing.TB) string { return SharedPath(tb, "catalogs", "absent.csv") })
	if !strings.Contains(r.skipped, "absent.csv") {
		t.Errorf("missing shared file: skip message %q should name it", r.skipped)
	}
}

func TestDefaultSharedDirBesideRepo(t *testing.T) {
	t.Setenv("SEXTANT_SHARED_DIR", "")
	t.Setenv("SEXTANT_SHARED", "")
	dir, ok, where := LookupSharedDir()
	want := filepath.Join(filepath.Dir(RepoRoot(t)), "shared")
	if dir != want || !strings.Contains(where, want) {
		t.Errorf("default shared folder %s (%s), want %s", dir, where, want)
	}
	if ok != isDir(want) {
		t.Errorf("ok = %v but %s exists = %v", ok, want, isDir(want))
	}
}

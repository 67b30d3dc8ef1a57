// Package testenv locates what tests read outside their own folder: the
// repository root (the folder holding go.mod) and the team's shared
// real-data folder. The shared folder is optional: tests that need it skip
// when it is absent, so the repository's tests pass without it.
//
// The shared folder is the one an environment variable names
// (SEXTANT_SHARED_DIR, else SEXTANT_SHARED; a relative path is taken from
// the repository root), or else "shared" beside the repository root.
package testenv

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// SharedEnv lists the environment variables that may name the shared
// folder, in the order they are consulted.
var SharedEnv = []string{"SEXTANT_SHARED_DIR", "SEXTANT_SHARED"}

// ErrNoRepoRoot is returned when no folder above the working directory
// holds a go.mod.
var ErrNoRepoRoot = errors.New("testenv: go.mod not found above the working directory")

// FindRepoRoot walks up from the working directory to the folder holding
// go.mod.
func FindRepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("testenv: working directory: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ErrNoRepoRoot
		}
		dir = parent
	}
}

// RepoRoot returns the repository root, failing tb when there is none.
func RepoRoot(tb testing.TB) string {
	tb.Helper()
	root, err := FindRepoRoot()
	if err != nil {
		tb.Fatal(err)
	}
	return root
}

// RepoPath joins elem to the repository root: RepoPath(t, "testdata",
// "catalogs") is the repository's testdata/catalogs. It does not check
// that the path exists (missing test data should fail, not skip).
func RepoPath(tb testing.TB, elem ...string) string {
	tb.Helper()
	return filepath.Join(append([]string{RepoRoot(tb)}, elem...)...)
}

// LookupSharedDir returns the shared folder and whether it exists, with
// a note saying where it was looked for (for skip messages). It never
// fails a test: code that wants to decide for itself calls it.
func LookupSharedDir() (dir string, ok bool, where string) {
	root, rootErr := FindRepoRoot()
	for _, name := range SharedEnv {
		v := os.Getenv(name)
		if v == "" {
			continue
		}
		if !filepath.IsAbs(v) && rootErr == nil {
			v = filepath.Join(root, v)
		}
		return v, isDir(v), fmt.Sprintf("%s (from %s)", v, name)
	}
	if rootErr != nil {
		return "", false, rootErr.Error()
	}
	dir = filepath.Join(filepath.Dir(root), "shared")
	return dir, isDir(dir), fmt.Sprintf("%s (beside the repository; set %s to move it)", dir, SharedEnv[0])
}

// SharedDir returns the shared folder, skipping tb when it is absent.
func SharedDir(tb testing.TB) string {
	tb.Helper()
	dir, ok, where := LookupSharedDir()
	if !ok {
		tb.Skipf("shared data not available: %s", where)
	}
	return dir
}

// SharedPath joins elem to the shared folder and returns the path,
// skipping tb when the shared folder or that path is absent:
// SharedPath(t, "catalogs", "wdi", "WDISeries.csv").
func SharedPath(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{SharedDir(tb)}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared data not available: %v", err)
	}
	return p
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

package indexer

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/bundle"
)

func TestBuildRefusesForeignDestination(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()

	folder := filepath.Join(dir, "notes")
	os.MkdirAll(folder, 0o755)
	os.WriteFile(filepath.Join(folder, "thesis.txt"), []byte("years of work"), 0o644)
	_, err := Build(ctx, demoConfig(t, "none"), Options{Out: folder})
	if !errors.Is(err, ErrDestination) || !strings.Contains(err.Error(), folder) || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("build over a folder of user files: %v; want ErrDestination naming %s and --force", err, folder)
	}
	if b, err := os.ReadFile(filepath.Join(folder, "thesis.txt")); err != nil || string(b) != "years of work" {
		t.Fatalf("user file after refused build: %q, %v", b, err)
	}

	file := filepath.Join(dir, "report.pdf")
	os.WriteFile(file, []byte("%PDF"), 0o644)
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: file}); !errors.Is(err, ErrDestination) || !strings.Contains(err.Error(), file) {
		t.Fatalf("build over a plain file: %v; want ErrDestination naming %s", err, file)
	}
	if b, _ := os.ReadFile(file); string(b) != "%PDF" {
		t.Fatal("refused build changed the file")
	}

	// An empty directory and, with Force, a plain file are replaced.
	empty := filepath.Join(dir, "empty")
	os.MkdirAll(empty, 0o755)
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: empty}); err != nil {
		t.Fatalf("build into an empty directory: %v", err)
	}
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: file, Force: true}); err != nil {
		t.Fatalf("forced build over a file: %v", err)
	}
	if problems, err := bundle.Verify(file); err != nil || len(problems) > 0 {
		t.Fatalf("forced build: verify %v %v", problems, err)
	}
	// A bundle is replaced without Force.
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: empty}); err != nil {
		t.Fatalf("rebuild over a bundle: %v", err)
	}
}

// crashEnv names the step at which the helper build kills itself.
const crashEnv = "SEXTANT_TEST_CRASH_STEP"

// TestPublishCrashHelper is the build that TestPublishSurvivesCrashAtEachStep
// runs in a subprocess and kills at one publishing step.
func TestPublishCrashHelper(t *testing.T) {
	step := os.Getenv(crashEnv)
	if step == "" {
		t.Skip("helper for TestPublishSurvivesCrashAtEachStep")
	}
	noExchange = os.Getenv("SEXTANT_TEST_NO_EXCHANGE") == "1"
	publishHook = func(s string) {
		if s == step {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			time.Sleep(time.Minute)
		}
	}
	if _, err := Build(context.Background(), demoConfig(t, "none"), Options{Out: os.Getenv("SEXTANT_TEST_OUT")}); err != nil {
		t.Fatal(err)
	}
	t.Fatalf("not killed at step %q", step)
}

func TestPublishSurvivesCrashAtEachStep(t *testing.T) {
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "demo")
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	created := func() time.Time {
		m, err := bundle.ReadManifest(out)
		if err != nil {
			t.Fatalf("destination after crash: %v", err)
		}
		return m.CreatedAt
	}
	for _, c := range []struct {
		step       string
		noExchange bool
		wantNew    bool
	}{
		{"written", false, false},
		{"exchanged", false, true},
		{"published", false, true},
		{"written", true, false},
		{"aside", true, false}, // the fallback's one window: restored by the next build
		{"exchanged", true, true},
	} {
		name := c.step
		if c.noExchange {
			name = "fallback/" + name
		}
		t.Run(name, func(t *testing.T) {
			before := created()
			cmd := exec.Command(os.Args[0], "-test.run=^TestPublishCrashHelper$", "-test.count=1")
			cmd.Env = append(os.Environ(), crashEnv+"="+c.step, "SEXTANT_TEST_OUT="+out)
			if c.noExchange {
				cmd.Env = append(cmd.Env, "SEXTANT_TEST_NO_EXCHANGE=1")
			}
			err := cmd.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("helper build not killed: %v", err)
			}
			if c.step == "aside" {
				if _, err := os.Stat(out); !os.IsNotExist(err) {
					t.Fatalf("fallback crashed between renames but the destination is there (%v): the test no longer injects the crash", err)
				}
				if err := cleanLeftovers(out, t.Logf); err != nil {
					t.Fatal(err)
				}
			}
			if problems, err := bundle.Verify(out); err != nil || len(problems) > 0 {
				t.Fatalf("destination after a crash at %s: %v %v", c.step, problems, err)
			}
			if after := created(); after.After(before) != c.wantNew {
				t.Errorf("crash at %s: destination created %v, before %v; want new=%v", c.step, after, before, c.wantNew)
			}
		})
	}
	// The next build removes every leftover.
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	assertOnlyBundle(t, out)
}

func assertOnlyBundle(t *testing.T, out string) {
	t.Helper()
	entries, _ := os.ReadDir(filepath.Dir(out))
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 1 || names[0] != filepath.Base(out) {
		t.Fatalf("beside the bundle: %v; want only %s", names, filepath.Base(out))
	}
}

func TestBuildRemovesLeftovers(t *testing.T) {
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "demo")
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	parent := filepath.Dir(out)
	mk := func(name string, age time.Duration) string {
		p := filepath.Join(parent, name)
		os.MkdirAll(p, 0o755)
		os.WriteFile(filepath.Join(p, "catalog.parquet"), make([]byte, 1<<20), 0o644)
		old := time.Now().Add(-age)
		os.Chtimes(p, old, old)
		return p
	}
	dead := deadPID(t)
	mk(".demo.tmp-123456", 2*time.Hour)             // older sextant, killed
	mk("demo.old-1733000000000000000", 2*time.Hour) // older sextant, killed between renames
	mk(".demo.new-"+dead+"-1", 0)                   // this sextant, killed after writing
	mk("..demo.new-"+dead+"-2.tmp-99", 0)           // this sextant, killed while writing
	mk(".demo.old-"+dead+"-3", 0)                   // this sextant's fallback, killed after the swap
	busy := mk(".demo.tmp-777", time.Minute)        // an older sextant's build still running
	live := mk(".demo.new-1-1", 0)                  // pid 1 is alive
	user := mk("demo.old-notes", 2*time.Hour)       // not a name a build makes

	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(parent)
	left := map[string]bool{}
	for _, e := range entries {
		left[e.Name()] = true
	}
	want := map[string]bool{"demo": true, filepath.Base(busy): true, filepath.Base(live): true, filepath.Base(user): true}
	for n := range left {
		if !want[n] {
			t.Errorf("leftover %s not removed", n)
		}
	}
	for n := range want {
		if !left[n] {
			t.Errorf("%s removed; it may be in use or is not ours", n)
		}
	}
}

func TestBuildRestoresBundleLeftAside(t *testing.T) {
	// An older sextant killed between its two renames left no bundle at
	// the destination and the old one at DEST.old-N.
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "demo")
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	aside := out + ".old-1733000000000000000"
	if err := os.Rename(out, aside); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(aside, old, old)
	if err := cleanLeftovers(out, t.Logf); err != nil {
		t.Fatal(err)
	}
	if problems, err := bundle.Verify(out); err != nil || len(problems) > 0 {
		t.Fatalf("restored bundle: %v %v", problems, err)
	}
	assertOnlyBundle(t, out)
}

// deadPID returns the pid of a process that has exited.
func deadPID(t *testing.T) string {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return strconv.Itoa(cmd.Process.Pid)
}

func TestPreviousThroughSymlink(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: a}); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	rep, err := Build(ctx, demoConfig(t, "none"), Options{Out: filepath.Join(dir, "b"), Previous: link})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Diff == nil || len(rep.Warnings) > 0 {
		t.Errorf("previous bundle through a symlink: diff %v, warnings %q", rep.Diff, rep.Warnings)
	}
	// Building at the link publishes where it points and keeps the link.
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: link}); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("output symlink replaced: %v %v", st, err)
	}
	if problems, err := bundle.Verify(a); err != nil || len(problems) > 0 {
		t.Errorf("bundle behind the link: %v %v", problems, err)
	}
}

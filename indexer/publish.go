package indexer

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sextant-dev/sextant/bundle"
)

// Publishing. A build writes its bundle under a staging name beside the
// destination (.DEST.new-PID-SEQ, filled by bundle.Writer through its own
// temporary ..DEST.new-PID-SEQ.tmp-*), then swaps the staging directory and
// the destination in one atomic exchange (exchangeDirs: renameat2
// RENAME_EXCHANGE on Linux). At every instant DEST is either the old
// complete bundle or the new one; after the swap the staging name holds the
// old bundle, which is removed. Where the filesystem cannot exchange (see
// exchangeDirs), the old bundle is renamed to .DEST.old-PID-SEQ and the new
// one into place: a crash between those two renames leaves DEST missing for
// the next build to restore (cleanLeftovers).

// ErrDestination is returned when the output path holds something that is
// not a sextant bundle (and Options.Force is not set).
var ErrDestination = errors.New("indexer: output path is not a sextant bundle")

// publishHook, when set (by tests), runs at each publishing step, named:
// "written" (bundle complete under its staging name), "aside" (fallback
// only: old bundle renamed away, new not yet in place), "exchanged" (new
// bundle at the destination, old under the staging name) and "published".
var publishHook func(step string)

// noExchange forces the two-rename fallback (tests).
var noExchange bool

func hook(step string) {
	if publishHook != nil {
		publishHook(step)
	}
}

// staleAfter is how long a leftover named by an older sextant (which wrote
// no pid into its names) must sit untouched before a build removes it: such
// a build may still be filling it, and none takes longer than this.
const staleAfter = time.Hour

var stagingSeq atomic.Int64

// stagingPath is where a build of dest writes before publishing.
func stagingPath(dest string) string {
	return filepath.Join(filepath.Dir(dest), fmt.Sprintf(".%s.new-%d-%d", filepath.Base(dest), os.Getpid(), stagingSeq.Add(1)))
}

// resolveOut cleans the output path and follows it when it is a symlink,
// so that a stable link to a bundle keeps pointing at the rebuilt one.
func resolveOut(out string) (string, error) {
	if out == "" {
		return "", fmt.Errorf("%w: no output path", ErrDestination)
	}
	out = filepath.Clean(out)
	if st, err := os.Lstat(out); err == nil && st.Mode()&os.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(out)
		if err != nil {
			return "", fmt.Errorf("%w: %s: %w", ErrDestination, out, err)
		}
		return target, nil
	}
	return out, nil
}

// isBundle reports whether dir holds a manifest with the bundle magic (of
// any format version, damaged or not: rebuilding over it loses nothing a
// user made).
func isBundle(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, bundle.ManifestFile))
	if err != nil {
		return false
	}
	var m struct {
		Magic string `json:"magic"`
	}
	return json.Unmarshal(b, &m) == nil && m.Magic == bundle.Magic
}

// checkDestination refuses an output path that exists and is neither a
// sextant bundle nor an empty directory, unless force.
func checkDestination(dest string, force bool) error {
	st, err := os.Lstat(dest)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrDestination, dest, err)
	}
	if force {
		return nil
	}
	if !st.IsDir() {
		return fmt.Errorf("%w: %s exists and is a file, not a bundle directory; refusing to replace it (choose another output path, or pass --force to replace it)", ErrDestination, dest)
	}
	if isBundle(dest) {
		return nil
	}
	entries, err := os.ReadDir(dest)
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrDestination, dest, err)
	}
	if len(entries) == 0 {
		return nil
	}
	names := make([]string, 0, 3)
	for _, e := range entries[:min(3, len(entries))] {
		names = append(names, e.Name())
	}
	return fmt.Errorf("%w: %s exists and is not a sextant bundle (no %s; it holds %d entries: %s); refusing to replace it (choose another output path, or pass --force to replace it)",
		ErrDestination, dest, bundle.ManifestFile, len(entries), strings.Join(names, ", "))
}

// publishStaged moves the complete bundle at staged to dest, replacing what
// is there without an instant at which dest is missing (see exchangeDirs).
func publishStaged(staged, dest string) error {
	hook("written")
	parent := filepath.Dir(dest)
	if _, err := os.Lstat(dest); errors.Is(err, os.ErrNotExist) {
		if err := renameNoReplace(staged, dest); err != nil {
			return fmt.Errorf("indexer: publish %s: %w", dest, err)
		}
		syncDir(parent)
		hook("published")
		return nil
	}
	err := errExchangeUnsupported
	if !noExchange {
		err = exchangeDirs(staged, dest)
	}
	switch {
	case err == nil:
		syncDir(parent)
		hook("exchanged")
		if err := os.RemoveAll(staged); err != nil {
			return fmt.Errorf("indexer: remove previous bundle (now at %s): %w", staged, err)
		}
	case errors.Is(err, errExchangeUnsupported):
		aside := strings.Replace(staged, ".new-", ".old-", 1)
		if err := os.Rename(dest, aside); err != nil {
			return fmt.Errorf("indexer: move previous bundle aside: %w", err)
		}
		hook("aside")
		if err := os.Rename(staged, dest); err != nil {
			_ = os.Rename(aside, dest)
			return fmt.Errorf("indexer: publish %s: %w", dest, err)
		}
		syncDir(parent)
		hook("exchanged")
		if err := os.RemoveAll(aside); err != nil {
			return fmt.Errorf("indexer: remove previous bundle (now at %s): %w", aside, err)
		}
	default:
		return fmt.Errorf("indexer: publish %s: %w", dest, err)
	}
	syncDir(parent)
	hook("published")
	return nil
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// leftover is a directory an earlier build of the same destination left.
type leftover struct {
	path   string
	pid    int  // the build's process id; 0 for names without one
	old    bool // holds a previous bundle moved aside (a restore candidate)
	legacy bool // named by an older sextant
}

// findLeftovers lists what builds of dest may leave beside it:
// .DEST.new-PID-SEQ and ..DEST.new-PID-SEQ.tmp-* (staging), .DEST.old-PID-SEQ
// (fallback), and the names older sextants used, .DEST.tmp-* and DEST.old-*.
func findLeftovers(dest string) ([]leftover, error) {
	parent, base := filepath.Dir(dest), filepath.Base(dest)
	entries, err := os.ReadDir(parent)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	var out []leftover
	for _, e := range entries {
		n := e.Name()
		l := leftover{path: filepath.Join(parent, n)}
		switch {
		case strings.HasPrefix(n, "."+base+".new-"):
			l.pid = namePID(strings.TrimPrefix(n, "."+base+".new-"))
		case strings.HasPrefix(n, ".."+base+".new-"):
			l.pid = namePID(strings.TrimPrefix(n, ".."+base+".new-"))
		case strings.HasPrefix(n, "."+base+".old-"):
			l.pid, l.old = namePID(strings.TrimPrefix(n, "."+base+".old-")), true
		case strings.HasPrefix(n, "."+base+".tmp-"):
			l.legacy = true
		case strings.HasPrefix(n, base+".old-") && isDigits(strings.TrimPrefix(n, base+".old-")):
			l.legacy, l.old = true, true
		default:
			continue
		}
		if !l.legacy && l.pid == 0 {
			continue // not a name a build makes
		}
		out = append(out, l)
	}
	return out, nil
}

// namePID reads the PID of "PID-SEQ..." (0 when it is not one).
func namePID(s string) int {
	p, _, ok := strings.Cut(s, "-")
	if !ok || !isDigits(p) {
		return 0
	}
	n, err := strconv.Atoi(p)
	if err != nil {
		return 0
	}
	return n
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// inUse reports whether a build may still be writing l.
func (l leftover) inUse() bool {
	if l.legacy {
		st, err := os.Lstat(l.path)
		return err == nil && time.Since(st.ModTime()) < staleAfter
	}
	return l.pid == os.Getpid() || processAlive(l.pid)
}

// cleanLeftovers removes what interrupted builds of dest left behind, and
// first, when dest is missing (a crash in the two-rename fallback, or in an
// older sextant's publishing), moves the newest previous bundle set aside
// back into place.
func cleanLeftovers(dest string, logf func(string, ...any)) error {
	ls, err := findLeftovers(dest)
	if err != nil {
		return fmt.Errorf("indexer: look for leftovers beside %s: %w", dest, err)
	}
	var stale []leftover
	for _, l := range ls {
		if !l.inUse() {
			stale = append(stale, l)
		}
	}
	if _, err := os.Lstat(dest); errors.Is(err, os.ErrNotExist) {
		var olds []leftover
		for _, l := range stale {
			if l.old && isBundle(l.path) {
				olds = append(olds, l)
			}
		}
		sort.Slice(olds, func(i, j int) bool { return modTime(olds[i].path).After(modTime(olds[j].path)) })
		if len(olds) > 0 {
			if err := os.Rename(olds[0].path, dest); err != nil {
				return fmt.Errorf("indexer: restore previous bundle %s to %s: %w", olds[0].path, dest, err)
			}
			logf("restored the previous bundle an interrupted build had moved to %s", olds[0].path)
		}
	}
	for _, l := range stale {
		if _, err := os.Lstat(l.path); err != nil {
			continue // just restored
		}
		if err := os.RemoveAll(l.path); err != nil {
			return fmt.Errorf("indexer: remove leftover of an interrupted build %s: %w", l.path, err)
		}
		logf("removed %s, left by an interrupted build", l.path)
	}
	return nil
}

func modTime(p string) time.Time {
	st, err := os.Lstat(p)
	if err != nil {
		return time.Time{}
	}
	return st.ModTime()
}

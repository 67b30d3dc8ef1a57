package bundle

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"syscall"
)

// A verification record says that every file of one bundle matched its
// manifest checksum when the files had these identities. Open hashes a
// bundle's files once, records them, and afterwards only compares each
// file's identity (device, inode, size, modification and change times, to
// the nanosecond) with the record: a file rewritten, replaced, truncated
// or touched since has another change time (which no user call can set
// back), so it is hashed again. The cost of an open no longer grows with
// the bundle's size: a stat per file. Records live in the user cache
// directory, keyed by the bundle's absolute path and manifest checksum;
// a record that cannot be written only means the next open hashes again.
type verificationRecord struct {
	Manifest string         `json:"manifest"` // the manifest checksum
	Files    []fileIdentity `json:"files"`
}

type fileIdentity struct {
	Path  string `json:"path"`
	Dev   uint64 `json:"dev"`
	Ino   uint64 `json:"ino"`
	Size  int64  `json:"size"`
	Mtime int64  `json:"mtime_ns"`
	Ctime int64  `json:"ctime_ns"`
}

func identityOf(dir, rel string) (fileIdentity, bool) {
	st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		return fileIdentity{}, false
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return fileIdentity{}, false
	}
	return fileIdentity{Path: rel, Dev: uint64(sys.Dev), Ino: uint64(sys.Ino), Size: st.Size(),
		Mtime: sys.Mtim.Nano(), Ctime: sys.Ctim.Nano()}, true
}

// recordPath is where the record of a bundle lives ("" when no cache
// directory is known, or the manifest has no checksum).
func recordPath(cacheDir, dir string, m *Manifest) string {
	if m.Checksum == "" {
		return ""
	}
	if cacheDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		cacheDir = filepath.Join(base, "sextant", "verified")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	h := sha256.Sum256([]byte(abs + "\x00" + m.Checksum))
	return filepath.Join(cacheDir, hex.EncodeToString(h[:16])+".json")
}

// verifiedBefore reports whether every file of m still has the identity
// recorded when it was last verified.
func verifiedBefore(path, dir string, m *Manifest) bool {
	if path == "" {
		return false
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	var rec verificationRecord
	if json.Unmarshal(b, &rec) != nil || rec.Manifest != m.Checksum || len(rec.Files) != len(m.Files) {
		return false
	}
	for i, f := range m.Files {
		id, ok := identityOf(dir, f.Path)
		if !ok || rec.Files[i] != id || id.Size != f.Size {
			return false
		}
	}
	return true
}

// identities returns the identity of every file of m (nil when one is missing).
func identities(dir string, m *Manifest) []fileIdentity {
	out := make([]fileIdentity, 0, len(m.Files))
	for _, f := range m.Files {
		id, ok := identityOf(dir, f.Path)
		if !ok {
			return nil
		}
		out = append(out, id)
	}
	return out
}

// recordVerified writes the record of a bundle whose files were just
// hashed and found sound; before are their identities taken before the
// hashing, and nothing is recorded when a file changed meanwhile.
func recordVerified(path, dir string, m *Manifest, before []fileIdentity) {
	if path == "" || before == nil {
		return
	}
	after := identities(dir, m)
	if len(after) != len(before) {
		return
	}
	for i := range after {
		if after[i] != before[i] {
			return
		}
	}
	rec := verificationRecord{Manifest: m.Checksum, Files: after}
	b, err := json.Marshal(rec)
	if err != nil || os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	tmp := path + ".tmp"
	if os.WriteFile(tmp, b, 0o644) == nil {
		_ = os.Rename(tmp, path)
	}
}

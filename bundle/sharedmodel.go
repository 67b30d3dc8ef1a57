package bundle

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// A bundle's embedding model is either inside it (model/) or shared:
// kept once in SharedModelsDir/<SHA256>/ beside the bundle directories
// that use it, so that nightly bundles built with one model do not each
// carry a copy. The manifest of a bundle with a shared model names it by
// the checksum of its file list (SharedModel) and lists each of its files
// with size and SHA-256; Open checks them as it checks the bundle's own
// (sizes always, hashes once per file identity), and Pack carries the
// model inside the archive so that an archive stays self-contained.

// SharedModelsDir is the directory, beside bundle directories, that holds
// their shared models.
const SharedModelsDir = "models"

// ErrSharedModel marks a shared model that is missing or does not match
// the manifest of the bundle that names it.
var ErrSharedModel = errors.New("bundle: shared model")

// SharedModel names an embedding model kept outside the bundle.
type SharedModel struct {
	// SHA256 is ModelSetChecksum(Files): the model directory's name.
	SHA256 string `json:"sha256"`
	// Files are the model's files, relative to its directory.
	Files []FileEntry `json:"files"`
}

// ModelSetChecksum identifies a set of files by their paths, sizes and
// SHA-256s (in path order), so that two copies of one model share a name.
func ModelSetChecksum(files []FileEntry) string {
	sorted := append([]FileEntry(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	h := sha256.New()
	for _, f := range sorted {
		h.Write([]byte(f.Path + "\x00" + strconv.FormatInt(f.Size, 10) + "\x00" + f.SHA256 + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// SharedModelDir is where a bundle at bundleDir finds the shared model
// with checksum sum.
func SharedModelDir(bundleDir, sum string) string {
	return filepath.Join(filepath.Dir(filepath.Clean(bundleDir)), SharedModelsDir, sum)
}

// ModelPath is the directory of the bundle's embedding model: its own
// model/, or the shared model its manifest names.
func (b *Bundle) ModelPath() string {
	if sm := b.Manifest.SharedModel; sm != nil {
		return SharedModelDir(b.Dir, sm.SHA256)
	}
	return b.Path(ModelDir)
}

func (sm *SharedModel) validate() error {
	if len(sm.SHA256) != 64 || len(sm.Files) == 0 {
		return fmt.Errorf("%w: shared_model needs a sha256 and its files", ErrInvalidManifest)
	}
	for i, f := range sm.Files {
		if f.Path == "" || strings.HasPrefix(f.Path, "/") || strings.Contains(f.Path, "..") || len(f.SHA256) != 64 {
			return fmt.Errorf("%w: shared_model files[%d] (%q) is not a relative path with a sha256", ErrInvalidManifest, i, f.Path)
		}
	}
	if got := ModelSetChecksum(sm.Files); got != sm.SHA256 {
		return fmt.Errorf("%w: shared_model sha256 %s does not match its files (%s)", ErrInvalidManifest, sm.SHA256[:12], got[:12])
	}
	return nil
}

// filesManifest is the shared model as a manifest of its own directory,
// for check and the verification records.
func (sm *SharedModel) filesManifest() *Manifest {
	return &Manifest{Checksum: sm.SHA256, Files: sm.Files}
}

// checkSharedModel checks the shared model a bundle at bundleDir names:
// presence and sizes always, checksums when hashes is set. Problems are
// named by the model file's path beside the bundle.
func checkSharedModel(bundleDir string, sm *SharedModel, hashes bool) []Problem {
	dir := SharedModelDir(bundleDir, sm.SHA256)
	prefix := SharedModelsDir + "/" + sm.SHA256 + "/"
	if _, err := os.Stat(dir); err != nil {
		return []Problem{{Path: prefix, Err: fmt.Errorf("%w %s is missing: the bundle keeps its model outside it; copy that directory from where the bundle was built, or open the packed archive, which carries it", ErrSharedModel, dir)}}
	}
	problems := check(dir, sm.filesManifest(), hashes)
	for i := range problems {
		problems[i].Path = prefix + problems[i].Path
	}
	return problems
}

// openSharedModel checks a bundle's shared model as Open checks the
// bundle's files, hashing them once per file identity.
func openSharedModel(bundleDir string, sm *SharedModel, opts OpenOptions) error {
	dir := SharedModelDir(bundleDir, sm.SHA256)
	mm := sm.filesManifest()
	hashes := !opts.SkipChecksums
	rec := ""
	if hashes && opts.VerifiedDir != "-" {
		rec = recordPath(opts.VerifiedDir, dir, mm)
		if verifiedBefore(rec, dir, mm) {
			hashes, rec = false, ""
		}
	}
	var before []fileIdentity
	if rec != "" {
		before = identities(dir, mm)
	}
	switch problems := checkSharedModel(bundleDir, sm, hashes); {
	case len(problems) == 1 && errors.Is(problems[0].Err, ErrSharedModel):
		return problems[0].Err // missing
	case len(problems) > 0:
		return fmt.Errorf("%w %s: %w (%d problems): copy the model directory again, or rebuild the bundle", ErrSharedModel, problems[0].Path, problems[0].Err, len(problems))
	}
	recordVerified(rec, dir, mm, before)
	return nil
}

// ShareModel puts the embedding model at src in the shared models
// directory beside the bundle's destination (once per distinct model: a
// model already there is checked, not copied) and has the manifest name
// it, instead of copying it into the bundle as CopyDir(ModelDir, src)
// does. A bundle with a shared model is written as format 3.
func (w *Writer) ShareModel(src string) error {
	files, err := hashDir(src, false)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("bundle: share model: %s holds no files", src)
	}
	sm := &SharedModel{SHA256: ModelSetChecksum(files), Files: files}
	target := SharedModelDir(w.dest, sm.SHA256)
	if _, err := os.Stat(target); err == nil {
		if problems := checkSharedModel(w.dest, sm, true); len(problems) > 0 {
			return fmt.Errorf("%w %s: %w (%d problems): remove %s and build again", ErrSharedModel, problems[0].Path, problems[0].Err, len(problems), target)
		}
		w.shared = sm
		return nil
	}
	if err := installModel(src, target, files); err != nil {
		return err
	}
	w.shared = sm
	return nil
}

// installModel copies src to target through a temporary directory beside
// it, so that target is complete or absent; a target another build
// installed meanwhile is kept.
func installModel(src, target string, files []FileEntry) error {
	parent := filepath.Dir(target)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("bundle: share model: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, ".tmp-")
	if err != nil {
		return fmt.Errorf("bundle: share model: %w", err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("bundle: share model: %w", err)
	}
	for _, f := range files {
		dst := filepath.Join(tmp, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return fmt.Errorf("bundle: share model: %w", err)
		}
		if err := copyFile(dst, filepath.Join(src, filepath.FromSlash(f.Path))); err != nil {
			return err
		}
	}
	syncDir(tmp)
	if err := os.Rename(tmp, target); err != nil {
		if _, serr := os.Stat(target); serr == nil {
			return nil // another build installed it first
		}
		return fmt.Errorf("bundle: share model: %w", err)
	}
	syncDir(parent)
	return nil
}

// hashDir lists every file below root with its size and SHA-256, the
// manifest left out when skipManifest is set.
func hashDir(root string, skipManifest bool) ([]FileEntry, error) {
	var out []FileEntry
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if skipManifest && rel == ManifestFile {
			return nil
		}
		e, err := HashFile(p)
		if err != nil {
			return err
		}
		e.Path = rel
		out = append(out, e)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("bundle: hash files: %w", err)
	}
	return out, nil
}

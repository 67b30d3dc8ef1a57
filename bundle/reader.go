package bundle

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/parquet-go/parquet-go"
)

// Bundle is an opened, verified bundle directory.
type Bundle struct {
	Dir      string
	Manifest *Manifest
	mapped   mapped
}

// OpenOptions tune Open.
type OpenOptions struct {
	// SkipChecksums checks sizes and presence only; by default every
	// file's SHA-256 is checked, once: see verificationRecord.
	SkipChecksums bool
	// CacheDir is where archives are unpacked (default: the user cache dir).
	CacheDir string
	// VerifiedDir is where verification records are kept (default: the
	// user cache dir); "-" keeps none, so every open hashes every file.
	VerifiedDir string
}

// Open opens a bundle directory or a packed archive (see Pack) and checks it
// against its manifest: presence, sizes, counts and (unless skipped, and
// once per file identity) checksums. A damaged bundle is refused with an
// error that says what is wrong and what to do. A damaged cached unpack of
// a sound archive is removed and unpacked again.
func Open(path string, opts OpenOptions) (*Bundle, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("bundle: open %s: %w", path, err)
	}
	if st.IsDir() {
		if real, err := filepath.EvalSymlinks(path); err == nil {
			path = real // a bundle reached through a link is checked where it is
		}
		return openDir(path, opts)
	}
	dir, err := unpackCached(path, opts.CacheDir)
	if err != nil {
		return nil, err
	}
	b, err := openDir(dir, opts)
	if err == nil {
		return b, nil
	}
	// The archive matched its checksum, so the damage is in the cached
	// copy (of the bundle, or of the shared model unpacked beside it):
	// unpack it again.
	if m, merr := ReadManifest(dir); merr == nil && m.SharedModel != nil && errors.Is(err, ErrSharedModel) {
		if rerr := os.RemoveAll(SharedModelDir(dir, m.SharedModel.SHA256)); rerr != nil {
			return nil, fmt.Errorf("%w (and the damaged cached model could not be removed: %v)", err, rerr)
		}
	}
	if rerr := os.RemoveAll(dir); rerr != nil {
		return nil, fmt.Errorf("%w (and the damaged cached copy %s could not be removed: %v)", err, dir, rerr)
	}
	if dir, err = unpackCached(path, opts.CacheDir); err != nil {
		return nil, err
	}
	return openDir(dir, opts)
}

func openDir(path string, opts OpenOptions) (*Bundle, error) {
	m, err := ReadManifest(path)
	if err != nil {
		return nil, err
	}
	hashes := !opts.SkipChecksums
	rec := ""
	if hashes && opts.VerifiedDir != "-" {
		rec = recordPath(opts.VerifiedDir, path, m)
		if verifiedBefore(rec, path, m) {
			hashes = false
			rec = ""
		}
	}
	var before []fileIdentity
	if rec != "" {
		before = identities(path, m)
	}
	if problems := check(path, m, hashes); len(problems) > 0 {
		return nil, fmt.Errorf("%w (%d problems, first: %s); run `sextant verify %s` for all of them and rebuild the bundle", problems[0].Err, len(problems), problems[0], path)
	}
	if sm := m.SharedModel; sm != nil {
		if err := openSharedModel(path, sm, opts); err != nil {
			return nil, err
		}
	}
	b := &Bundle{Dir: path, Manifest: m}
	if problems := checkCounts(b); len(problems) > 0 {
		return nil, fmt.Errorf("%w (%d problems, first: %s); run `sextant verify %s` for all of them and rebuild the bundle", problems[0].Err, len(problems), problems[0], path)
	}
	recordVerified(rec, path, m, before)
	return b, nil
}

// Problem is one thing Verify found wrong.
type Problem struct {
	Path string
	Err  error
}

func (p Problem) String() string { return p.Path + ": " + p.Err.Error() }

// Verify checks a bundle directory (or archive) completely and returns every
// problem found; an empty list means the bundle is sound.
func Verify(path string) ([]Problem, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("bundle: verify %s: %w", path, err)
	}
	if st.IsDir() {
		if real, err := filepath.EvalSymlinks(path); err == nil {
			path = real // a shared model is beside the bundle, not the link
		}
	} else {
		tmp, err := os.MkdirTemp("", "sextant-verify-")
		if err != nil {
			return nil, fmt.Errorf("bundle: %w", err)
		}
		defer os.RemoveAll(tmp)
		dir := filepath.Join(tmp, "bundle") // a shared model unpacks beside it
		if err := Unpack(path, dir); err != nil {
			return []Problem{{Path: path, Err: err}}, nil
		}
		path = dir
	}
	m, err := ReadManifest(path)
	if err != nil {
		return []Problem{{Path: ManifestFile, Err: err}}, nil
	}
	problems := check(path, m, true)
	if m.SharedModel != nil {
		problems = append(problems, checkSharedModel(path, m.SharedModel, true)...)
	}
	problems = append(problems, checkShapes(path, m)...)
	return problems, nil
}

// check compares the files on disk with the manifest.
func check(dir string, m *Manifest, hashes bool) []Problem {
	var (
		mu       sync.Mutex
		problems []Problem
	)
	add := func(p Problem) {
		mu.Lock()
		problems = append(problems, p)
		mu.Unlock()
	}
	listed := map[string]bool{}
	for _, f := range m.Files {
		listed[f.Path] = true
	}
	root := dir
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		root = real // a bundle reached through a symlink is walked at its target
	}
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if rel != ManifestFile && !listed[rel] {
			add(Problem{Path: rel, Err: ErrUnexpectedFile})
		}
		return nil
	})
	work := make(chan FileEntry)
	var wg sync.WaitGroup
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range work {
				p := filepath.Join(dir, filepath.FromSlash(f.Path))
				st, err := os.Stat(p)
				if err != nil {
					add(Problem{Path: f.Path, Err: ErrMissingFile})
					continue
				}
				if st.Size() != f.Size {
					add(Problem{Path: f.Path, Err: fmt.Errorf("%w: %d bytes, manifest says %d", ErrSizeMismatch, st.Size(), f.Size)})
					continue
				}
				if !hashes {
					continue
				}
				got, err := HashFile(p)
				if err != nil {
					add(Problem{Path: f.Path, Err: err})
					continue
				}
				if got.SHA256 != f.SHA256 {
					add(Problem{Path: f.Path, Err: ErrChecksumMismatch})
				}
			}
		}()
	}
	for _, f := range m.Files {
		work <- f
	}
	close(work)
	wg.Wait()
	sort.Slice(problems, func(i, j int) bool { return problems[i].Path < problems[j].Path })
	return problems
}

// checkShapes checks that row counts in the manifest match the files.
func checkShapes(dir string, m *Manifest) []Problem {
	b := &Bundle{Dir: dir, Manifest: m}
	var problems []Problem
	if n, err := countRows(filepath.Join(dir, CatalogFile)); err != nil {
		problems = append(problems, Problem{Path: CatalogFile, Err: err})
	} else if n != m.Counts.Series {
		problems = append(problems, Problem{Path: CatalogFile, Err: fmt.Errorf("%w: %d rows, manifest says %d", ErrInvalidManifest, n, m.Counts.Series)})
	}
	if n, err := countRows(filepath.Join(dir, HeadingsFile)); err != nil {
		problems = append(problems, Problem{Path: HeadingsFile, Err: err})
	} else if n != m.Counts.Headings {
		problems = append(problems, Problem{Path: HeadingsFile, Err: fmt.Errorf("%w: %d rows, manifest says %d", ErrInvalidManifest, n, m.Counts.Headings)})
	}
	if b.Has(RowTableFile) {
		problems = append(problems, checkRowTable(b)...)
	}
	if e := m.Embedding; e != nil && b.HasPartitions() {
		if p, err := b.ReadPartitions(); err != nil {
			problems = append(problems, Problem{Path: PartitionsFile, Err: err})
		} else if err := p.check(e.RowVectors, e.Dim); err != nil {
			problems = append(problems, Problem{Path: PartitionsFile, Err: err})
		}
	}
	if e := m.Embedding; e != nil {
		for _, v := range []struct {
			name string
			n    int
		}{{RowVectorsFile, e.RowVectors}, {HeadVectorsFile, e.HeadVectors}} {
			if _, err := b.ReadVectors(v.name, v.n); err != nil {
				problems = append(problems, Problem{Path: v.name, Err: err})
			}
		}
	}
	return problems
}

func countRows(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		return 0, fmt.Errorf("bundle: parquet: %w", err)
	}
	return int(pf.NumRows()), nil
}

// Path returns the on-disk path of a bundle file.
func (b *Bundle) Path(name string) string { return filepath.Join(b.Dir, filepath.FromSlash(name)) }

// Has reports whether the manifest lists a file (or, for a directory name, any file below it).
func (b *Bundle) Has(name string) bool {
	for _, f := range b.Manifest.Files {
		if f.Path == name || strings.HasPrefix(f.Path, name+"/") {
			return true
		}
	}
	return false
}

// ReadCatalog reads every catalog row. From a format-2 bundle the rows
// come from the mapped row table: their strings point into the mapping,
// which lives as long as b.
func (b *Bundle) ReadCatalog() ([]SeriesRow, error) {
	if b.Has(RowTableFile) {
		data, err := b.Map(RowTableFile)
		if err != nil {
			return nil, err
		}
		rows, err := rowsFromTable(data, RowTableFile)
		if err != nil {
			return nil, err
		}
		if len(rows) != b.Manifest.Counts.Series {
			return nil, fmt.Errorf("%w: %s holds %d rows, manifest says %d", ErrDamaged, RowTableFile, len(rows), b.Manifest.Counts.Series)
		}
		return rows, nil
	}
	return readParquet[SeriesRow](b, CatalogFile)
}

// OpenRowTable returns the bundle's row table, read on demand from the
// mapped file, or nil when the bundle has none (then ReadCatalog reads
// catalog.parquet).
func (b *Bundle) OpenRowTable() (*RowTable, error) {
	if !b.Has(RowTableFile) {
		return nil, nil
	}
	data, err := b.Map(RowTableFile)
	if err != nil {
		return nil, err
	}
	t, err := openRowTable(data, RowTableFile)
	if err != nil {
		return nil, err
	}
	if t.Len() != b.Manifest.Counts.Series {
		return nil, fmt.Errorf("%w: %s holds %d rows, manifest says %d", ErrDamaged, RowTableFile, t.Len(), b.Manifest.Counts.Series)
	}
	return t, nil
}

// ReadHeadings reads every heading node.
func (b *Bundle) ReadHeadings() ([]HeadingRow, error) {
	return readParquet[HeadingRow](b, HeadingsFile)
}

// ReadObservations reads every observation (nil when the bundle has none).
func (b *Bundle) ReadObservations() ([]ObservationRow, error) {
	if !b.Has(ObservationsFile) {
		return nil, nil
	}
	return readParquet[ObservationRow](b, ObservationsFile)
}

func readParquet[T any](b *Bundle, name string) ([]T, error) {
	rows, err := parquet.ReadFile[T](b.Path(name))
	if err != nil {
		return nil, fmt.Errorf("bundle: read %s: %w", name, err)
	}
	return rows, nil
}

// ReadQuarantine reads the rejected input rows.
func (b *Bundle) ReadQuarantine() ([]QuarantineEntry, error) {
	f, err := os.Open(b.Path(QuarantineFile))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("bundle: %w", err)
	}
	defer f.Close()
	var out []QuarantineEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		var e QuarantineEntry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("bundle: %s line %d: %w", QuarantineFile, line, err)
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

// ReadVectors reads an n × dim float32 matrix as one flat slice.
func (b *Bundle) ReadVectors(name string, n int) ([]float32, error) {
	e := b.Manifest.Embedding
	if e == nil {
		return nil, fmt.Errorf("bundle: no embeddings in this bundle")
	}
	raw, err := os.ReadFile(b.Path(name))
	if err != nil {
		return nil, fmt.Errorf("bundle: %w", err)
	}
	if len(raw) != n*e.Dim*4 {
		return nil, fmt.Errorf("%w: %s has %d bytes, want %d × %d × 4", ErrVectorShape, name, len(raw), n, e.Dim)
	}
	if name == RowVectorsFile && b.HasPartitions() {
		return b.readRowVectorsInCatalogOrder(raw, n, e.Dim)
	}
	out := make([]float32, n*e.Dim)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[i*4:]))
	}
	return out, nil
}

// checkRowTable compares the row table with catalog.parquet, row by row.
func checkRowTable(b *Bundle) []Problem {
	table, err := b.ReadCatalog()
	if err != nil {
		return []Problem{{Path: RowTableFile, Err: err}}
	}
	rows, err := readParquet[SeriesRow](b, CatalogFile)
	if err != nil {
		return []Problem{{Path: CatalogFile, Err: err}}
	}
	if len(rows) != len(table) {
		return []Problem{{Path: RowTableFile, Err: fmt.Errorf("%w: %d rows, %s has %d", ErrDamaged, len(table), CatalogFile, len(rows))}}
	}
	for i := range rows {
		if !sameRow(&rows[i], &table[i]) {
			return []Problem{{Path: RowTableFile, Err: fmt.Errorf("%w: row %d (%s) differs from %s", ErrDamaged, i, rows[i].ID, CatalogFile)}}
		}
	}
	return nil
}

func sameRow(a, b *SeriesRow) bool {
	if a.ObsCount != b.ObsCount || len(a.AltTitles) != len(b.AltTitles) {
		return false
	}
	for i := range a.AltTitles {
		if a.AltTitles[i] != b.AltTitles[i] {
			return false
		}
	}
	for f, get := range rowFields {
		if f != altField && *get(a) != *get(b) {
			return false
		}
	}
	return true
}

package bundle

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/parquet-go/parquet-go"
)

// Writer builds a bundle in a temporary directory beside its destination and
// publishes it with Commit. Until Commit succeeds the destination (and any
// bundle already there) is untouched; Abort removes the temporary directory.
type Writer struct {
	dest   string
	tmp    string
	done   bool
	shared *SharedModel // set by ShareModel
}

// Create starts a bundle that will be published at dest.
func Create(dest string) (*Writer, error) {
	dest = filepath.Clean(dest)
	parent := filepath.Dir(dest)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("bundle: create parent of %s: %w", dest, err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dest)+".tmp-")
	if err != nil {
		return nil, fmt.Errorf("bundle: create temporary directory: %w", err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp makes it 0700; a bundle is for reading
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("bundle: %w", err)
	}
	return &Writer{dest: dest, tmp: tmp}, nil
}

// Dir is the temporary directory being filled; use Path for file names.
func (w *Writer) Dir() string { return w.tmp }

// Path returns the temporary location of a bundle file, creating its parent directory.
func (w *Writer) Path(name string) (string, error) {
	p := filepath.Join(w.tmp, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", fmt.Errorf("bundle: %w", err)
	}
	return p, nil
}

// WriteCatalog writes catalog.parquet and the row table the runtime maps
// (catalog.rows).
func (w *Writer) WriteCatalog(rows []SeriesRow) error {
	if err := writeParquet(w, CatalogFile, rows); err != nil {
		return err
	}
	return w.writeFile(RowTableFile, func(bw io.Writer) error { return writeRowTable(bw, rows) })
}

// WriteHeadings writes headings.parquet.
func (w *Writer) WriteHeadings(rows []HeadingRow) error { return writeParquet(w, HeadingsFile, rows) }

// WriteObservations writes observations.parquet.
func (w *Writer) WriteObservations(rows []ObservationRow) error {
	return writeParquet(w, ObservationsFile, rows)
}

func writeParquet[T any](w *Writer, name string, rows []T) error {
	return w.writeFile(name, func(bw io.Writer) error {
		pw := parquet.NewGenericWriter[T](bw, parquet.Compression(&parquet.Zstd), parquet.PageBufferSize(1<<20))
		const chunk = 8192
		for i := 0; i < len(rows); i += chunk {
			if _, err := pw.Write(rows[i:min(i+chunk, len(rows))]); err != nil {
				return err
			}
		}
		return pw.Close()
	})
}

// WriteQuarantine writes quarantine.jsonl (always, possibly empty).
func (w *Writer) WriteQuarantine(entries []QuarantineEntry) error {
	return w.writeFile(QuarantineFile, func(bw io.Writer) error {
		enc := json.NewEncoder(bw)
		for _, e := range entries {
			if err := enc.Encode(e); err != nil {
				return err
			}
		}
		return nil
	})
}

// WriteVectors writes a row-major float32 matrix (n × dim, little-endian).
func (w *Writer) WriteVectors(name string, dim int, vecs [][]float32) error {
	return w.writeFile(name, func(bw io.Writer) error {
		var buf [4]byte
		for i, v := range vecs {
			if len(v) != dim {
				return fmt.Errorf("%w: %s vector %d has %d values, want %d", ErrVectorShape, name, i, len(v), dim)
			}
			for _, x := range v {
				binary.LittleEndian.PutUint32(buf[:], math.Float32bits(x))
				if _, err := bw.Write(buf[:]); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// writeFile creates a bundle file, lets write fill it through a buffer, and
// flushes, syncs and closes it; errors name the file.
func (w *Writer) writeFile(name string, write func(io.Writer) error) error {
	p, err := w.Path(name)
	if err != nil {
		return err
	}
	f, err := os.Create(p)
	if err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("bundle: write %s: %w", name, err)
	}
	return nil
}

// CopyDir copies a directory tree (e.g. the embedding model) into the bundle at name.
func (w *Writer) CopyDir(name, src string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		dst, err := w.Path(filepath.ToSlash(filepath.Join(name, rel)))
		if err != nil {
			return err
		}
		return copyFile(dst, p)
	})
}

func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("bundle: copy %s: %w", src, err)
	}
	return out.Close()
}

// Commit hashes every file, writes the manifest last and publishes the
// bundle at its destination. A bundle already there is replaced only after
// the new one is complete; on failure it is restored.
func (w *Writer) Commit(m *Manifest) error {
	if w.done {
		return ErrAlreadyCommitted
	}
	m.Magic = Magic
	m.FormatVersion, m.MinReaderVersion = MinReaderVersion, MinReaderVersion
	if w.shared != nil {
		m.SharedModel = w.shared
		m.FormatVersion, m.MinReaderVersion = SharedModelVersion, SharedModelVersion
	}
	if m.CreatedAt.IsZero() {
		m.CreatedAt = time.Now().UTC()
	}
	files, err := hashTree(w.tmp)
	if err != nil {
		return err
	}
	m.Files = files
	if err := m.Validate(); err != nil {
		return err
	}
	if err := writeManifest(w.tmp, m); err != nil {
		return err
	}
	if err := publish(w.tmp, w.dest); err != nil {
		return err
	}
	w.done = true
	return nil
}

// Abort discards the temporary directory. It is safe after Commit.
func (w *Writer) Abort() error {
	if w.done {
		return nil
	}
	w.done = true
	return os.RemoveAll(w.tmp)
}

// publish moves tmp to dest, keeping the old dest until the swap is done.
func publish(tmp, dest string) error {
	old := ""
	if _, err := os.Stat(dest); err == nil {
		old = fmt.Sprintf("%s.old-%d", dest, time.Now().UnixNano())
		if err := os.Rename(dest, old); err != nil {
			return fmt.Errorf("bundle: move previous bundle aside: %w", err)
		}
	}
	if err := os.Rename(tmp, dest); err != nil {
		if old != "" {
			_ = os.Rename(old, dest)
		}
		return fmt.Errorf("bundle: publish %s: %w", dest, err)
	}
	if old != "" {
		_ = os.RemoveAll(old)
	}
	syncDir(filepath.Dir(dest))
	return nil
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// hashTree lists every file below root except the manifest.
func hashTree(root string) ([]FileEntry, error) { return hashDir(root, true) }

// HashFile returns a file's size and SHA-256; Path is left as given.
func HashFile(path string) (FileEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return FileEntry{}, fmt.Errorf("bundle: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return FileEntry{}, fmt.Errorf("bundle: hash %s: %w", path, err)
	}
	return FileEntry{Path: path, Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

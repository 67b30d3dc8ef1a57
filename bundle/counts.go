package bundle

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// checkCounts compares the manifest's counts with what each file says of
// itself, reading only headers and footers (a few kilobytes whatever the
// bundle's size), so that Open notices a manifest whose counts disagree
// with its files.
func checkCounts(b *Bundle) []Problem {
	m := b.Manifest
	var problems []Problem
	bad := func(path, format string, args ...any) {
		problems = append(problems, Problem{Path: path, Err: fmt.Errorf("%w: %s", ErrInvalidManifest, fmt.Sprintf(format, args...))})
	}
	for _, f := range []struct {
		name string
		want int
	}{{CatalogFile, m.Counts.Series}, {HeadingsFile, m.Counts.Headings}} {
		n, err := countRows(b.Path(f.name))
		if err != nil {
			problems = append(problems, Problem{Path: f.name, Err: err})
		} else if n != f.want {
			bad(f.name, "%d rows, manifest says %d", n, f.want)
		}
	}
	if b.Has(RowTableFile) {
		if h, err := readHeader(b.Path(RowTableFile)); err != nil {
			problems = append(problems, Problem{Path: RowTableFile, Err: err})
		} else if string(h[:8]) != rowTableMagic {
			problems = append(problems, Problem{Path: RowTableFile, Err: fmt.Errorf("%w: not a row table", ErrDamaged)})
		} else if n := int(binary.LittleEndian.Uint32(h[8:])); n != m.Counts.Series {
			bad(RowTableFile, "%d rows, manifest says %d", n, m.Counts.Series)
		}
	} else if m.FormatVersion >= 2 {
		bad(RowTableFile, "missing from a format-%d bundle", m.FormatVersion)
	}
	e := m.Embedding
	if e == nil {
		return problems
	}
	if e.RowVectors != m.Counts.Series || (b.Has(HeadVectorsFile) && e.HeadVectors != m.Counts.Headings) {
		bad(ManifestFile, "%d row and %d heading vectors for %d rows and %d headings", e.RowVectors, e.HeadVectors, m.Counts.Series, m.Counts.Headings)
	}
	for _, v := range []struct {
		name string
		n    int
	}{{RowVectorsFile, e.RowVectors}, {HeadVectorsFile, e.HeadVectors}} {
		if f, ok := m.File(v.name); ok && f.Size != int64(v.n)*int64(e.Dim)*4 {
			problems = append(problems, Problem{Path: v.name, Err: fmt.Errorf("%w: %d bytes, want %d × %d × 4", ErrVectorShape, f.Size, v.n, e.Dim)})
		}
	}
	if b.Has(PartitionsFile) {
		if h, err := readHeader(b.Path(PartitionsFile)); err != nil {
			problems = append(problems, Problem{Path: PartitionsFile, Err: err})
		} else if string(h[:8]) != partitionsMagic {
			problems = append(problems, Problem{Path: PartitionsFile, Err: fmt.Errorf("%w: not a partitions file", ErrDamaged)})
		} else if dim, n := int(binary.LittleEndian.Uint32(h[8:])), int(binary.LittleEndian.Uint32(h[12:])); dim != e.Dim || n != e.RowVectors {
			bad(PartitionsFile, "%d rows of dim %d, manifest says %d of %d", n, dim, e.RowVectors, e.Dim)
		}
	}
	return problems
}

func readHeader(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("bundle: %w", err)
	}
	defer f.Close()
	h := make([]byte, 64)
	if _, err := io.ReadFull(f, h); err != nil {
		return nil, fmt.Errorf("%w: %s: header: %v", ErrDamaged, filepath.Base(path), err)
	}
	return h, nil
}

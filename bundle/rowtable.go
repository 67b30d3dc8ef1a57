package bundle

import (
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"unsafe"
)

// The row table (catalog.rows) holds the catalog rows of catalog.parquet
// laid out to be memory-mapped: every string field is one column of
// little-endian uint32 offsets into that field's own span of one blob, so
// a reader builds every SeriesRow by pointing its strings into the mapped
// file (nothing is decoded or copied), and a pass over one field (every
// row's source, say) touches only that field's pages.
//
//	offset 0   header (rowTableHeader, 64 bytes)
//	64         field table: per string field, its blob span's start (uint64, from the blob's start)
//	...        per string field: nrows+1 uint32 offsets, relative to the field's span (8-aligned)
//	...        obs_count: nrows int32 (8-aligned)
//	blobStart  the blob: each field's strings in row order, one span per field
//
// AltTitles is one string field whose titles are joined by NUL (a title
// holding NUL is refused at write).

const rowTableMagic = "SXROWS02"

type rowTableHeader struct {
	Magic     [8]byte
	Rows      uint32
	Fields    uint32
	BlobStart uint64
	BlobLen   uint64
	_         [32]byte
}

// rowFields lists the string fields of SeriesRow in their column order.
var rowFields = []func(*SeriesRow) *string{
	func(r *SeriesRow) *string { return &r.ID },
	func(r *SeriesRow) *string { return &r.NativeID },
	func(r *SeriesRow) *string { return &r.Source },
	func(r *SeriesRow) *string { return &r.Title },
	nil, // AltTitles, joined by NUL
	func(r *SeriesRow) *string { return &r.Unit },
	func(r *SeriesRow) *string { return &r.Frequency },
	func(r *SeriesRow) *string { return &r.FrequencyText },
	func(r *SeriesRow) *string { return &r.Start },
	func(r *SeriesRow) *string { return &r.End },
	func(r *SeriesRow) *string { return &r.SeasonalAdjustment },
	func(r *SeriesRow) *string { return &r.Country },
	func(r *SeriesRow) *string { return &r.Aggregation },
	func(r *SeriesRow) *string { return &r.Description },
	func(r *SeriesRow) *string { return &r.HeadingID },
	func(r *SeriesRow) *string { return &r.Vintage },
	func(r *SeriesRow) *string { return &r.ContentHash },
	func(r *SeriesRow) *string { return &r.ObsStart },
	func(r *SeriesRow) *string { return &r.ObsEnd },
}

// Positions in rowFields of the fields read alone.
const (
	idField    = 0
	titleField = 3
	altField   = 4
	unitField  = 5
)

func fieldValue(r *SeriesRow, f int) string {
	if f == altField {
		return strings.Join(r.AltTitles, "\x00")
	}
	return *rowFields[f](r)
}

func align8(n int) int { return (n + 7) &^ 7 }

// rowTableLayout returns where each part of a table of n rows starts.
func rowTableLayout(n int) (offsets []int, obs, blob int) {
	at := 64 + 8*len(rowFields)
	offsets = make([]int, len(rowFields))
	for f := range rowFields {
		offsets[f] = at
		at = align8(at + 4*(n+1))
	}
	obs = at
	return offsets, obs, align8(obs + 4*n)
}

// writeRowTable writes rows as a row table.
func writeRowTable(w io.Writer, rows []SeriesRow) error {
	n := len(rows)
	offsets, obsAt, blobAt := rowTableLayout(n)
	spans := make([]uint64, len(rowFields))
	cols := make([][]uint32, len(rowFields))
	var blobLen uint64
	for f := range rowFields {
		spans[f] = blobLen
		col := make([]uint32, n+1)
		var at uint64
		for i := range rows {
			if f == altField {
				for _, a := range rows[i].AltTitles {
					if strings.IndexByte(a, 0) >= 0 {
						return fmt.Errorf("%w: row %s alt title %q holds NUL", ErrInvalidManifest, rows[i].ID, a)
					}
				}
			}
			at += uint64(len(fieldValue(&rows[i], f)))
			if at > 1<<32-1 {
				return fmt.Errorf("bundle: row table field %d exceeds 4 GiB", f)
			}
			col[i+1] = uint32(at)
		}
		cols[f] = col
		blobLen += at
	}
	h := rowTableHeader{Rows: uint32(n), Fields: uint32(len(rowFields)), BlobStart: uint64(blobAt), BlobLen: blobLen}
	copy(h.Magic[:], rowTableMagic)
	cw := &countWriter{w: w}
	if err := binary.Write(cw, binary.LittleEndian, &h); err != nil {
		return err
	}
	if err := binary.Write(cw, binary.LittleEndian, spans); err != nil {
		return err
	}
	for f := range rowFields {
		if err := cw.padTo(offsets[f]); err != nil {
			return err
		}
		if err := binary.Write(cw, binary.LittleEndian, cols[f]); err != nil {
			return err
		}
	}
	if err := cw.padTo(obsAt); err != nil {
		return err
	}
	obs := make([]int32, n)
	for i := range rows {
		obs[i] = rows[i].ObsCount
	}
	if err := binary.Write(cw, binary.LittleEndian, obs); err != nil {
		return err
	}
	if err := cw.padTo(blobAt); err != nil {
		return err
	}
	for f := range rowFields {
		for i := range rows {
			if _, err := io.WriteString(cw, fieldValue(&rows[i], f)); err != nil {
				return err
			}
		}
	}
	return nil
}

type countWriter struct {
	w io.Writer
	n int
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += n
	return n, err
}

func (c *countWriter) padTo(at int) error {
	if at < c.n {
		return fmt.Errorf("bundle: row table layout overlaps at %d", at)
	}
	_, err := c.Write(make([]byte, at-c.n))
	return err
}

// RowTable reads the rows of a mapped row table on demand: a row's strings
// point into the mapping, which must stay open as long as they are used.
// Opening checks the header and each field's bounds, not every offset; an
// offset out of order (a table damaged past the checksums) reads as an
// empty field, never outside the table.
type RowTable struct {
	n    int
	cols [][]byte // per field: n+1 little-endian uint32 offsets into segs[f]
	segs [][]byte // per field: its span of the blob
	obs  []byte   // n little-endian int32 observation counts
}

// openRowTable checks a mapped row table's layout.
func openRowTable(data []byte, name string) (*RowTable, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrDamaged, name, fmt.Sprintf(format, args...))
	}
	if len(data) < 64 || string(data[:8]) != rowTableMagic {
		return nil, bad("not a row table")
	}
	n := int(binary.LittleEndian.Uint32(data[8:]))
	if nf := int(binary.LittleEndian.Uint32(data[12:])); nf != len(rowFields) {
		return nil, bad("%d fields, this reader knows %d", nf, len(rowFields))
	}
	blobAt := binary.LittleEndian.Uint64(data[16:])
	blobLen := binary.LittleEndian.Uint64(data[24:])
	offsets, obsAt, wantBlob := rowTableLayout(n)
	if blobAt != uint64(wantBlob) || blobAt+blobLen != uint64(len(data)) {
		return nil, bad("%d bytes do not hold %d rows (blob at %d, %d bytes)", len(data), n, blobAt, blobLen)
	}
	blob := data[blobAt:]
	t := &RowTable{n: n, cols: make([][]byte, len(rowFields)), segs: make([][]byte, len(rowFields)), obs: data[obsAt : obsAt+4*n]}
	for f := range rowFields {
		span := binary.LittleEndian.Uint64(data[64+8*f:])
		col := data[offsets[f] : offsets[f]+4*(n+1)]
		first, last := binary.LittleEndian.Uint32(col), binary.LittleEndian.Uint32(col[4*n:])
		if first != 0 || span > blobLen || uint64(last) > blobLen-span {
			return nil, bad("field %d runs past the blob", f)
		}
		t.cols[f], t.segs[f] = col, blob[span:span+uint64(last)]
	}
	return t, nil
}

// Len is the number of rows.
func (t *RowTable) Len() int { return t.n }

// field returns field f of row i.
func (t *RowTable) field(i, f int) string {
	col := t.cols[f]
	start, end := binary.LittleEndian.Uint32(col[4*i:]), binary.LittleEndian.Uint32(col[4*i+4:])
	if end <= start || int(end) > len(t.segs[f]) {
		return ""
	}
	return unsafe.String(&t.segs[f][start], int(end-start))
}

// ID returns row i's id without building the row.
func (t *RowTable) ID(i int) string { return t.field(i, idField) }

// Title returns row i's title without building the row.
func (t *RowTable) Title(i int) string { return t.field(i, titleField) }

// Unit returns row i's unit without building the row.
func (t *RowTable) Unit(i int) string { return t.field(i, unitField) }

// Row builds row i.
func (t *RowTable) Row(i int) SeriesRow {
	var r SeriesRow
	for f, get := range rowFields {
		s := t.field(i, f)
		switch {
		case s == "":
		case get == nil:
			r.AltTitles = strings.Split(s, "\x00")
		default:
			*get(&r) = s
		}
	}
	r.ObsCount = int32(binary.LittleEndian.Uint32(t.obs[4*i:]))
	return r
}

// rowsFromTable builds every row of a mapped row table, checking that each
// field's offsets never go backwards. Their strings point into data, which
// must stay mapped as long as the rows are used.
func rowsFromTable(data []byte, name string) ([]SeriesRow, error) {
	t, err := openRowTable(data, name)
	if err != nil {
		return nil, err
	}
	for f := range rowFields {
		col := u32s(t.cols[f])
		for i := 1; i <= t.n; i++ {
			if col[i] < col[i-1] {
				return nil, fmt.Errorf("%w: %s: field %d row %d offsets go backwards", ErrDamaged, name, f, i-1)
			}
		}
	}
	rows := make([]SeriesRow, t.n)
	for i := range rows {
		rows[i] = t.Row(i)
	}
	return rows, nil
}

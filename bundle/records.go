package bundle

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
)

// Records is one variable-length record per catalog row, with a table of
// the strings the records refer to by number, as the builder stores
// what the searcher would otherwise read from every row at open
// (search/rows.prepared: each row's query-understanding facts). The
// record's encoding belongs to its writer; Recipe names it, and a reader
// of another recipe ignores the file.
//
//	offset 0  header: magic "SXRECS02", rows (uint32), tables length (uint32), blob length (uint64), 40 bytes reserved
//	64        offsets: rows+1 uint32 into the blob
//	...       blob (8-aligned)
//	...       tables: JSON of {"recipe", "strings"} (8-aligned)
type Records struct {
	Recipe  string
	Strings []string
	offsets []uint32
	blob    []byte
}

// Record returns row i's record (it points into the mapping).
func (r *Records) Record(i int) []byte { return r.blob[r.offsets[i]:r.offsets[i+1]] }

// Len is the number of records.
func (r *Records) Len() int { return len(r.offsets) - 1 }

type recordTables struct {
	Recipe  string   `json:"recipe"`
	Strings []string `json:"strings"`
}

const recordsMagic = "SXRECS02"

func recordsLayout(n, blob int) (blobAt, tablesAt int) {
	blobAt = align8(64 + 4*(n+1))
	return blobAt, align8(blobAt + blob)
}

// WriteRecords writes a records file.
func (w *Writer) WriteRecords(name, recipe string, strs []string, records [][]byte) error {
	offsets := make([]uint32, len(records)+1)
	total := 0
	for i, r := range records {
		total += len(r)
		if total > 1<<32-1 {
			return fmt.Errorf("bundle: %s exceeds 4 GiB", name)
		}
		offsets[i+1] = uint32(total)
	}
	tables, err := json.Marshal(recordTables{Recipe: recipe, Strings: strs})
	if err != nil {
		return fmt.Errorf("bundle: encode %s: %w", name, err)
	}
	return w.writeFile(name, func(bw io.Writer) error {
		blobAt, tablesAt := recordsLayout(len(records), total)
		var h [64]byte
		copy(h[:], recordsMagic)
		binary.LittleEndian.PutUint32(h[8:], uint32(len(records)))
		binary.LittleEndian.PutUint32(h[12:], uint32(len(tables)))
		binary.LittleEndian.PutUint64(h[16:], uint64(total))
		cw := &countWriter{w: bw}
		if _, err := cw.Write(h[:]); err != nil {
			return err
		}
		if err := binary.Write(cw, binary.LittleEndian, offsets); err != nil {
			return err
		}
		if err := cw.padTo(blobAt); err != nil {
			return err
		}
		for _, r := range records {
			if _, err := cw.Write(r); err != nil {
				return err
			}
		}
		if err := cw.padTo(tablesAt); err != nil {
			return err
		}
		_, err := cw.Write(tables)
		return err
	})
}

// ReadRecords maps a records file (nil, nil when the bundle has none); it
// holds one record per catalog row.
func (b *Bundle) ReadRecords(name string) (*Records, error) {
	if !b.Has(name) {
		return nil, nil
	}
	data, err := b.Map(name)
	if err != nil {
		return nil, err
	}
	if len(data) < 64 || string(data[:8]) != recordsMagic {
		return nil, fmt.Errorf("%w: %s is not a records file", ErrDamaged, name)
	}
	n := int(binary.LittleEndian.Uint32(data[8:]))
	tlen := int(binary.LittleEndian.Uint32(data[12:]))
	blen := binary.LittleEndian.Uint64(data[16:])
	blobAt, tablesAt := recordsLayout(n, int(blen))
	if n != b.Manifest.Counts.Series || len(data) != tablesAt+tlen {
		return nil, fmt.Errorf("%w: %s holds %d rows in %d bytes, manifest says %d rows", ErrDamaged, name, n, len(data), b.Manifest.Counts.Series)
	}
	r := &Records{offsets: u32s(data[64 : 64+4*(n+1)]), blob: data[blobAt : blobAt+int(blen)]}
	if r.offsets[0] != 0 || uint64(r.offsets[n]) != blen {
		return nil, fmt.Errorf("%w: %s offsets do not span its blob", ErrDamaged, name)
	}
	for i := 1; i <= n; i++ {
		if r.offsets[i] < r.offsets[i-1] {
			return nil, fmt.Errorf("%w: %s record %d ends before it starts", ErrDamaged, name, i-1)
		}
	}
	var t recordTables
	if err := json.Unmarshal(data[tablesAt:], &t); err != nil {
		return nil, fmt.Errorf("%w: %s tables: %v", ErrDamaged, name, err)
	}
	r.Recipe, r.Strings = t.Recipe, t.Strings
	return r, nil
}

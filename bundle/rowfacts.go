package bundle

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
)

// RowFacts are what the searcher derives from every catalog row before
// its first query (runtime/search computes them; the builder stores them
// in search/rows.facts so that an open maps them). Recipe names the code
// that computed them: a reader whose own recipe differs computes them
// again instead of trusting them.
//
//	offset 0  header: magic "SXFACT02", rows (uint32), tables length (uint32), 48 bytes reserved
//	64        head: rows int32, each row's heading index (-1: none)
//	...       source: rows uint16, a code into Tables.Sources (8-aligned)
//	...       country: rows uint16, a code into Tables.Countries (8-aligned)
//	...       flags: rows uint8, bits the searcher defines (8-aligned)
//	...       tables: JSON of RowFactTables (8-aligned)
type RowFacts struct {
	Head    []int32
	Source  []uint16
	Country []uint16
	Flags   []uint8
	Tables  RowFactTables
}

// RowFactTables are the small lookup tables of RowFacts.
type RowFactTables struct {
	Recipe      string   `json:"recipe"`
	Sources     []string `json:"sources"`      // source code → namespace
	Countries   []string `json:"countries"`    // country code → ISO3 ("" first)
	SourceHome  []string `json:"source_home"`  // source code → home country or ""
	StaleBefore []string `json:"stale_before"` // source code → stale cutoff date or ""
}

const rowFactsMagic = "SXFACT02"

func rowFactsLayout(n int) (source, country, flags, tables int) {
	source = align8(64 + 4*n)
	country = align8(source + 2*n)
	flags = align8(country + 2*n)
	return source, country, flags, align8(flags + n)
}

// WriteRowFacts writes search/rows.facts.
func (w *Writer) WriteRowFacts(f *RowFacts) error {
	n := len(f.Head)
	if len(f.Source) != n || len(f.Country) != n || len(f.Flags) != n {
		return fmt.Errorf("%w: row facts arrays of unequal length", ErrInvalidManifest)
	}
	tables, err := json.Marshal(f.Tables)
	if err != nil {
		return fmt.Errorf("bundle: encode row facts: %w", err)
	}
	return w.writeFile(RowFactsFile, func(bw io.Writer) error {
		srcAt, ctyAt, flagAt, tabAt := rowFactsLayout(n)
		var h [64]byte
		copy(h[:], rowFactsMagic)
		binary.LittleEndian.PutUint32(h[8:], uint32(n))
		binary.LittleEndian.PutUint32(h[12:], uint32(len(tables)))
		cw := &countWriter{w: bw}
		if _, err := cw.Write(h[:]); err != nil {
			return err
		}
		for _, part := range []struct {
			at int
			v  any
		}{{64, f.Head}, {srcAt, f.Source}, {ctyAt, f.Country}, {flagAt, f.Flags}, {tabAt, tables}} {
			if err := cw.padTo(part.at); err != nil {
				return err
			}
			if err := binary.Write(cw, binary.LittleEndian, part.v); err != nil {
				return err
			}
		}
		return nil
	})
}

// ReadRowFacts maps search/rows.facts (nil, nil when the bundle has none).
// The arrays point into the mapping.
func (b *Bundle) ReadRowFacts() (*RowFacts, error) {
	if !b.Has(RowFactsFile) {
		return nil, nil
	}
	data, err := b.Map(RowFactsFile)
	if err != nil {
		return nil, err
	}
	if len(data) < 64 || string(data[:8]) != rowFactsMagic {
		return nil, fmt.Errorf("%w: %s is not a row facts file", ErrDamaged, RowFactsFile)
	}
	n := int(binary.LittleEndian.Uint32(data[8:]))
	tlen := int(binary.LittleEndian.Uint32(data[12:]))
	srcAt, ctyAt, flagAt, tabAt := rowFactsLayout(n)
	if n != b.Manifest.Counts.Series || len(data) != tabAt+tlen {
		return nil, fmt.Errorf("%w: %s holds %d rows in %d bytes, manifest says %d rows", ErrDamaged, RowFactsFile, n, len(data), b.Manifest.Counts.Series)
	}
	f := &RowFacts{Head: i32s(data[64 : 64+4*n]), Flags: data[flagAt : flagAt+n : flagAt+n]}
	f.Source, f.Country = u16s(data[srcAt:srcAt+2*n]), u16s(data[ctyAt:ctyAt+2*n])
	if err := json.Unmarshal(data[tabAt:], &f.Tables); err != nil {
		return nil, fmt.Errorf("%w: %s tables: %v", ErrDamaged, RowFactsFile, err)
	}
	ns, nc := uint16(len(f.Tables.Sources)), uint16(len(f.Tables.Countries))
	if len(f.Tables.SourceHome) != int(ns) || len(f.Tables.StaleBefore) != int(ns) {
		return nil, fmt.Errorf("%w: %s source tables disagree", ErrDamaged, RowFactsFile)
	}
	for i := 0; i < n; i++ {
		if f.Source[i] >= ns || f.Country[i] >= nc || f.Head[i] < -1 || int(f.Head[i]) >= b.Manifest.Counts.Headings {
			return nil, fmt.Errorf("%w: %s row %d codes out of range", ErrDamaged, RowFactsFile, i)
		}
	}
	return f, nil
}

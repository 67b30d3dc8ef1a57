package bundle

import (
	"encoding/binary"
	"fmt"
	"io"
)

// The document map (search/docs.map) ties the text index's internal
// document numbers to catalog rows and headings, so that an open does not
// read every document's stored id back (the builder reads them once).
//
//	offset 0  header: magic "SXDOCS02", documents (uint32), 52 bytes reserved
//	64        row: documents int32, the catalog row of each document (-1: not a row)
//	...       heading: documents int32, the heading of each document (-1: not a heading) (8-aligned)

const docMapMagic = "SXDOCS02"

// WriteDocMap writes search/docs.map.
func (w *Writer) WriteDocMap(docRow, docHead []int32) error {
	if len(docRow) != len(docHead) {
		return fmt.Errorf("%w: document map arrays of unequal length", ErrInvalidManifest)
	}
	return w.writeFile(DocMapFile, func(bw io.Writer) error {
		var h [64]byte
		copy(h[:], docMapMagic)
		binary.LittleEndian.PutUint32(h[8:], uint32(len(docRow)))
		cw := &countWriter{w: bw}
		if _, err := cw.Write(h[:]); err != nil {
			return err
		}
		if err := binary.Write(cw, binary.LittleEndian, docRow); err != nil {
			return err
		}
		if err := cw.padTo(align8(64 + 4*len(docRow))); err != nil {
			return err
		}
		return binary.Write(cw, binary.LittleEndian, docHead)
	})
}

// ReadDocMap maps search/docs.map (nil, nil, nil when the bundle has none),
// checking every entry against the catalog's counts.
func (b *Bundle) ReadDocMap() (docRow, docHead []int32, err error) {
	if !b.Has(DocMapFile) {
		return nil, nil, nil
	}
	data, err := b.Map(DocMapFile)
	if err != nil {
		return nil, nil, err
	}
	if len(data) < 64 || string(data[:8]) != docMapMagic {
		return nil, nil, fmt.Errorf("%w: %s is not a document map", ErrDamaged, DocMapFile)
	}
	n := int(binary.LittleEndian.Uint32(data[8:]))
	headAt := align8(64 + 4*n)
	if len(data) != headAt+4*n {
		return nil, nil, fmt.Errorf("%w: %s has %d bytes for %d documents", ErrDamaged, DocMapFile, len(data), n)
	}
	docRow, docHead = i32s(data[64:64+4*n]), i32s(data[headAt:])
	rows, heads := int32(b.Manifest.Counts.Series), int32(b.Manifest.Counts.Headings)
	for d := range docRow {
		if docRow[d] < -1 || docRow[d] >= rows || docHead[d] < -1 || docHead[d] >= heads {
			return nil, nil, fmt.Errorf("%w: %s document %d maps out of the catalog", ErrDamaged, DocMapFile, d)
		}
	}
	return docRow, docHead, nil
}

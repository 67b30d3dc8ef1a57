package bundle

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// Partitions is the inverted-file index over the row vectors that the
// builder computes and the runtime maps (vectors/partitions.bin): rows
// grouped into partitions, each with its centroid. In a format-2 bundle
// vectors/rows.f32 holds the row vectors in partition order, so a probe of
// one partition reads one contiguous span.
//
//	offset 0  header: magic "SXPART02", dim, rows, parts (uint32 each), 36 bytes reserved
//	64        parts: per partition start, end (a span of places), heading index (-1: rows without a heading), int32 each; padded to 8
//	...       order: rows int32, the row stored at each place
//	...       pos: rows int32, each row's place (the inverse of order)
//	...       centroids: parts × dim float32, unit length (or zero)
type Partitions struct {
	Dim       int
	Parts     []Partition
	Order     []int32   // place → row
	Pos       []int32   // row → place
	Centroids []float32 // len(Parts) × Dim
}

// Partition is one span of Partitions.Order.
type Partition struct {
	Start, End int32
	Heading    int32
}

const partitionsMagic = "SXPART02"

func partitionsLayout(rows, parts, dim int) (order, pos, cent, size int) {
	order = align8(64 + 12*parts)
	pos = align8(order + 4*rows)
	cent = align8(pos + 4*rows)
	return order, pos, cent, cent + 4*parts*dim
}

// check reports the first inconsistency of p for n rows.
func (p *Partitions) check(n, dim int) error {
	if p.Dim != dim || len(p.Order) != n || len(p.Pos) != n || len(p.Centroids) != len(p.Parts)*dim {
		return fmt.Errorf("%w: partitions hold %d rows of dim %d, want %d of %d", ErrVectorShape, len(p.Order), p.Dim, n, dim)
	}
	prev := int32(0)
	for i, pt := range p.Parts {
		if pt.Start != prev || pt.End < pt.Start || int(pt.End) > n {
			return fmt.Errorf("%w: partition %d spans %d..%d", ErrDamaged, i, pt.Start, pt.End)
		}
		prev = pt.End
	}
	for place, r := range p.Order {
		if r < 0 || int(r) >= n || p.Pos[r] != int32(place) {
			return fmt.Errorf("%w: partition order and positions disagree at place %d", ErrDamaged, place)
		}
	}
	return nil
}

// WriteRowVectors writes the row vectors (vecs in catalog order) in the
// partitions' order, and the partitions.
func (w *Writer) WriteRowVectors(dim int, vecs [][]float32, p *Partitions) error {
	if err := p.check(len(vecs), dim); err != nil {
		return err
	}
	placed := make([][]float32, len(vecs))
	for place, r := range p.Order {
		placed[place] = vecs[r]
	}
	if err := w.WriteVectors(RowVectorsFile, dim, placed); err != nil {
		return err
	}
	return w.writeFile(PartitionsFile, func(bw io.Writer) error {
		n, k := len(p.Order), len(p.Parts)
		orderAt, posAt, centAt, _ := partitionsLayout(n, k, dim)
		var h [64]byte
		copy(h[:], partitionsMagic)
		binary.LittleEndian.PutUint32(h[8:], uint32(dim))
		binary.LittleEndian.PutUint32(h[12:], uint32(n))
		binary.LittleEndian.PutUint32(h[16:], uint32(k))
		cw := &countWriter{w: bw}
		if _, err := cw.Write(h[:]); err != nil {
			return err
		}
		for _, pt := range p.Parts {
			if err := binary.Write(cw, binary.LittleEndian, [3]int32{pt.Start, pt.End, pt.Heading}); err != nil {
				return err
			}
		}
		for _, part := range []struct {
			at int
			v  any
		}{{orderAt, p.Order}, {posAt, p.Pos}, {centAt, p.Centroids}} {
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

// HasPartitions reports whether the bundle stores its vector partitions
// (format 2); without them the runtime computes them at open.
func (b *Bundle) HasPartitions() bool { return b.Has(PartitionsFile) }

// MapRowVectors returns the mapped row vectors in partition order and the
// partitions, checked against the manifest's counts.
func (b *Bundle) MapRowVectors() ([]float32, *Partitions, error) {
	e := b.Manifest.Embedding
	if e == nil {
		return nil, nil, fmt.Errorf("bundle: no embeddings in this bundle")
	}
	p, err := b.ReadPartitions()
	if err != nil {
		return nil, nil, err
	}
	raw, err := b.Map(RowVectorsFile)
	if err != nil {
		return nil, nil, err
	}
	if len(raw) != e.RowVectors*e.Dim*4 {
		return nil, nil, fmt.Errorf("%w: %s has %d bytes, want %d × %d × 4", ErrVectorShape, RowVectorsFile, len(raw), e.RowVectors, e.Dim)
	}
	return f32s(raw), p, nil
}

// ReadPartitions maps vectors/partitions.bin.
func (b *Bundle) ReadPartitions() (*Partitions, error) {
	e := b.Manifest.Embedding
	if e == nil {
		return nil, fmt.Errorf("bundle: no embeddings in this bundle")
	}
	data, err := b.Map(PartitionsFile)
	if err != nil {
		return nil, err
	}
	if len(data) < 64 || string(data[:8]) != partitionsMagic {
		return nil, fmt.Errorf("%w: %s is not a partitions file", ErrDamaged, PartitionsFile)
	}
	dim := int(binary.LittleEndian.Uint32(data[8:]))
	n := int(binary.LittleEndian.Uint32(data[12:]))
	k := int(binary.LittleEndian.Uint32(data[16:]))
	if dim != e.Dim || n != e.RowVectors {
		return nil, fmt.Errorf("%w: %s holds %d rows of dim %d, manifest says %d of %d", ErrVectorShape, PartitionsFile, n, dim, e.RowVectors, e.Dim)
	}
	orderAt, posAt, centAt, size := partitionsLayout(n, k, dim)
	if len(data) != size {
		return nil, fmt.Errorf("%w: %s has %d bytes, want %d", ErrVectorShape, PartitionsFile, len(data), size)
	}
	p := &Partitions{Dim: dim, Parts: make([]Partition, k),
		Order: i32s(data[orderAt : orderAt+4*n]), Pos: i32s(data[posAt : posAt+4*n]), Centroids: f32s(data[centAt:size])}
	raw := i32s(data[64 : 64+12*k])
	prev := int32(0)
	for i := range p.Parts {
		pt := Partition{Start: raw[3*i], End: raw[3*i+1], Heading: raw[3*i+2]}
		if pt.Start != prev || pt.End < pt.Start || int(pt.End) > n {
			return nil, fmt.Errorf("%w: %s partition %d spans %d..%d", ErrDamaged, PartitionsFile, i, pt.Start, pt.End)
		}
		prev = pt.End
		p.Parts[i] = pt
	}
	return p, nil
}

// readRowVectorsInCatalogOrder undoes the partition order of a format-2
// row vectors file.
func (b *Bundle) readRowVectorsInCatalogOrder(raw []byte, n, dim int) ([]float32, error) {
	p, err := b.ReadPartitions()
	if err != nil {
		return nil, err
	}
	if err := p.check(n, dim); err != nil {
		return nil, err
	}
	out := make([]float32, n*dim)
	for r := 0; r < n; r++ {
		at := int(p.Pos[r]) * dim * 4
		for k := 0; k < dim; k++ {
			out[r*dim+k] = math.Float32frombits(binary.LittleEndian.Uint32(raw[at+4*k:]))
		}
	}
	return out, nil
}

// MapVectors returns an n × dim float32 file mapped in place (in its stored
// order), checked against the manifest's dimension.
func (b *Bundle) MapVectors(name string, n int) ([]float32, error) {
	e := b.Manifest.Embedding
	if e == nil {
		return nil, fmt.Errorf("bundle: no embeddings in this bundle")
	}
	raw, err := b.Map(name)
	if err != nil {
		return nil, err
	}
	if len(raw) != n*e.Dim*4 {
		return nil, fmt.Errorf("%w: %s has %d bytes, want %d × %d × 4", ErrVectorShape, name, len(raw), n, e.Dim)
	}
	return f32s(raw), nil
}

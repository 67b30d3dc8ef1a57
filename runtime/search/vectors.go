package search

import (
	"math"
	"runtime"
	"sync"

	"github.com/sextant-dev/sextant/bundle"
)

// vectorIndex holds the row and heading embeddings of a bundle and the
// partitions that route a query vector to the rows worth scoring.
//
// Partitions are an inverted-file index whose lists come from the catalog's
// own structure: the rows directly under one heading form one list, and a
// list longer than maxPartition is split by bisecting 2-means until every
// piece is at most that long. A query scores every partition's centroid and
// then the rows of the nearest partitions, up to a budget of rows; at
// 358,000 rows a budget of 8,192 scores about 2 % of the row vectors.
type vectorIndex struct {
	dim   int
	rows  []float32 // len(catalog) × dim: catalog order, then partition order (pos)
	heads []float32 // len(headings) × dim, headings order; nil when absent
	// pos is each row's place in rows once they are stored in partition
	// order (nil before): a probe then reads each partition's vectors
	// from one contiguous span instead of 512 places scattered over
	// 146 MB at 365,000 rows.
	pos []int32

	centroids []float32   // len(parts) × dim, unit length (or zero)
	parts     []partition // each a span of order
	order     []int32     // row indices grouped by partition
}

type partition struct {
	start, end int32 // span of vectorIndex.order
	heading    int32 // heading index, -1 for rows without a known heading
}

// maxPartition is the longest row list a partition keeps: a query probing
// one partition scores at most this many vectors.
const maxPartition = 512

// rowVec returns row i's vector.
func (v *vectorIndex) rowVec(i int32) []float32 {
	if v.pos != nil {
		i = v.pos[i]
	}
	return v.rows[int(i)*v.dim : int(i+1)*v.dim]
}

// atVec returns the vector stored at place p of rows.
func (v *vectorIndex) atVec(p int32) []float32 {
	return v.rows[int(p)*v.dim : int(p+1)*v.dim]
}

// storeInPartitionOrder rewrites rows in the order of v.order (rows in no
// partition after them) and records each row's place in pos.
func (v *vectorIndex) storeInPartitionOrder() {
	n := len(v.rows) / max(v.dim, 1)
	pos := make([]int32, n)
	for i := range pos {
		pos[i] = -1
	}
	out := make([]float32, len(v.rows))
	next := int32(0)
	place := func(r int32) {
		copy(out[int(next)*v.dim:int(next+1)*v.dim], v.rows[int(r)*v.dim:int(r+1)*v.dim])
		pos[r] = next
		next++
	}
	for _, r := range v.order {
		place(r)
	}
	for r := range pos {
		if pos[r] < 0 {
			place(int32(r))
		}
	}
	v.rows, v.pos = out, pos
}

// headVec returns heading h's vector, nil when the bundle has none.
func (v *vectorIndex) headVec(h int32) []float32 {
	if v.heads == nil || h < 0 {
		return nil
	}
	return v.heads[int(h)*v.dim : int(h+1)*v.dim]
}

// dot is the inner product of two vectors of the same length; on unit
// vectors it is the cosine.
func dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return s0 + s1 + s2 + s3
}

// buildPartitions groups rows by heading (byHeading[h] lists heading h's
// direct rows; loose lists rows without a known heading) and splits long
// lists. Headings are processed in parallel; the result does not depend on
// scheduling.
func (v *vectorIndex) buildPartitions(byHeading [][]int32, loose []int32) {
	type job struct {
		heading int32
		rows    []int32
	}
	jobs := make([]job, 0, len(byHeading)+1)
	for h, rows := range byHeading {
		if len(rows) > 0 {
			jobs = append(jobs, job{int32(h), rows})
		}
	}
	if len(loose) > 0 {
		jobs = append(jobs, job{-1, loose})
	}
	pieces := make([][][]int32, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				pieces[j] = v.split(jobs[j].rows, nil)
			}
		}()
	}
	for j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()

	v.order = make([]int32, 0, len(v.rows)/max(v.dim, 1))
	for j, ps := range pieces {
		for _, p := range ps {
			start := int32(len(v.order))
			v.order = append(v.order, p...)
			v.parts = append(v.parts, partition{start: start, end: int32(len(v.order)), heading: jobs[j].heading})
		}
	}
	v.centroids = make([]float32, len(v.parts)*v.dim)
	for i, p := range v.parts {
		c := v.centroids[i*v.dim : (i+1)*v.dim]
		for _, r := range v.order[p.start:p.end] {
			for k, x := range v.rowVec(r) {
				c[k] += x
			}
		}
		normalize(c)
	}
	v.storeInPartitionOrder()
}

// split cuts rows into pieces of at most maxPartition rows by recursive
// bisecting 2-means, trained on an evenly strided sample of each list.
func (v *vectorIndex) split(rows []int32, out [][]int32) [][]int32 {
	if len(rows) <= maxPartition {
		return append(out, rows)
	}
	a, b := v.bisect(rows)
	if len(a) == 0 || len(b) == 0 {
		// Identical vectors: any cut is as good as another.
		a, b = rows[:len(rows)/2], rows[len(rows)/2:]
	}
	out = v.split(a, out)
	return v.split(b, out)
}

// bisectSample is how many rows train one 2-means split; the assignment of
// every row that follows costs 2 × dim multiply-adds per row.
const bisectSample = 1024

func (v *vectorIndex) bisect(rows []int32) (left, right []int32) {
	step := max(1, len(rows)/bisectSample)
	var sample []int32
	for i := 0; i < len(rows); i += step {
		sample = append(sample, rows[i])
	}
	c1 := append([]float32(nil), v.rowVec(sample[0])...)
	far, farSim := sample[0], float32(math.Inf(1))
	for _, r := range sample {
		if s := dot(c1, v.rowVec(r)); s < farSim {
			far, farSim = r, s
		}
	}
	c2 := append([]float32(nil), v.rowVec(far)...)
	for iter := 0; iter < 4; iter++ {
		n1 := make([]float32, v.dim)
		n2 := make([]float32, v.dim)
		for _, r := range sample {
			x := v.rowVec(r)
			dst := n1
			if dot(c2, x) > dot(c1, x) {
				dst = n2
			}
			for k, val := range x {
				dst[k] += val
			}
		}
		normalize(n1)
		normalize(n2)
		c1, c2 = n1, n2
	}
	left = make([]int32, 0, len(rows)/2)
	right = make([]int32, 0, len(rows)/2)
	for _, r := range rows {
		x := v.rowVec(r)
		if dot(c2, x) > dot(c1, x) {
			right = append(right, r)
		} else {
			left = append(left, r)
		}
	}
	return left, right
}

func normalize(x []float32) {
	var s float64
	for _, v := range x {
		s += float64(v) * float64(v)
	}
	if s == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range x {
		x[i] *= inv
	}
}

// probe scores the rows of the partitions nearest to q until budget rows
// are scored, skipping partitions and rows that keep rejects (keep may be
// nil). It returns the best keepBest rows and every similarity it computed.
func (v *vectorIndex) probe(q []float32, budget, keepBest int, keepPart func(partition) bool, keep func(int32) bool) (best []scored, scoredRows int) {
	// Partitions average len(order)/len(parts) rows; keep four times as
	// many as the budget needs on average, so that a run of small
	// partitions near the query does not end the probe early.
	want := len(v.parts)
	if len(v.order) > 0 {
		want = 4 * budget * len(v.parts) / len(v.order)
	}
	parts := topK{k: min(len(v.parts), max(64, want))}
	for i, p := range v.parts {
		if keepPart != nil && !keepPart(p) {
			continue
		}
		parts.offer(scored{int32(i), dot(q, v.centroids[i*v.dim:(i+1)*v.dim])})
	}
	rows := topK{k: keepBest}
	for _, p := range parts.sorted() {
		if scoredRows >= budget {
			break
		}
		span := v.parts[p.idx]
		for at := span.start; at < span.end; at++ {
			r := v.order[at]
			if keep != nil && !keep(r) {
				continue
			}
			rows.offer(scored{r, dot(q, v.atVec(at))}) // order[at] is stored at place at
			scoredRows++
		}
	}
	return rows.sorted(), scoredRows
}

// scan scores every row (the exact search the partitions approximate).
func (v *vectorIndex) scan(q []float32, keepBest int, keep func(int32) bool) []scored {
	rows := topK{k: keepBest}
	n := int32(len(v.rows) / v.dim)
	for r := int32(0); r < n; r++ {
		if keep != nil && !keep(r) {
			continue
		}
		rows.offer(scored{r, dot(q, v.rowVec(r))})
	}
	return rows.sorted()
}

// PartitionVectors computes the vector partitions of a catalog (rows and
// headings in bundle order, vecs its row vectors in catalog order, dim
// values each) as the engine uses them: the builder stores them in the
// bundle, so that opening it maps them instead of computing them.
func PartitionVectors(rows []bundle.SeriesRow, heads []bundle.HeadingRow, dim int, vecs []float32) *bundle.Partitions {
	headIndex := make(map[string]int32, len(heads))
	for i, h := range heads {
		headIndex[h.ID] = int32(i)
	}
	byHeading := make([][]int32, len(heads))
	var loose []int32
	for i := range rows {
		if h, ok := headIndex[rows[i].HeadingID]; ok {
			byHeading[h] = append(byHeading[h], int32(i))
		} else {
			loose = append(loose, int32(i))
		}
	}
	v := &vectorIndex{dim: dim, rows: vecs}
	v.buildPartitions(byHeading, loose)
	p := &bundle.Partitions{Dim: dim, Parts: make([]bundle.Partition, len(v.parts)), Pos: v.pos, Centroids: v.centroids}
	for i, pt := range v.parts {
		p.Parts[i] = bundle.Partition{Start: pt.start, End: pt.end, Heading: pt.heading}
	}
	p.Order = make([]int32, len(v.pos))
	for r, place := range v.pos {
		p.Order[place] = int32(r)
	}
	return p
}

// mappedVectorIndex is the vector index of a bundle that stores its
// partitions: the row vectors and the partitions' arrays are used in place.
func mappedVectorIndex(rows []float32, p *bundle.Partitions) *vectorIndex {
	v := &vectorIndex{dim: p.Dim, rows: rows, pos: p.Pos, order: p.Order, centroids: p.Centroids, parts: make([]partition, len(p.Parts))}
	for i, pt := range p.Parts {
		v.parts[i] = partition{start: pt.Start, end: pt.End, heading: pt.Heading}
	}
	return v
}

package search

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// syntheticVectors makes n unit vectors in dim dimensions around k topic
// centres (like labels of a catalog: many near-duplicates per topic), and
// the heading lists that hold them: heading h holds the rows of topic
// h % k, in runs whose lengths vary from 1 to 3*avg.
func syntheticVectors(n, dim, k int, seed uint64) (*vectorIndex, [][]int32) {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	centres := make([][]float32, k)
	for i := range centres {
		c := make([]float32, dim)
		for j := range c {
			c[j] = float32(r.NormFloat64())
		}
		normalize(c)
		centres[i] = c
	}
	v := &vectorIndex{dim: dim, rows: make([]float32, n*dim)}
	noise := 0.6 / math.Sqrt(float64(dim)) // noise about 0.6 the length of a centre
	var heads [][]int32
	for i := 0; i < n; {
		topic := len(heads) % k
		size := 1 + r.IntN(3*n/(4*k)+1)
		var list []int32
		for j := 0; j < size && i < n; j++ {
			x := v.rows[i*dim : (i+1)*dim]
			for d := range x {
				x[d] = centres[topic][d] + float32(noise*r.NormFloat64())
			}
			normalize(x)
			list = append(list, int32(i))
			i++
		}
		heads = append(heads, list)
	}
	return v, heads
}

func TestPartitionsCoverEveryRowOnce(t *testing.T) {
	v, heads := syntheticVectors(20000, 32, 7, 1)
	heads = append(heads, nil) // an empty heading
	v.buildPartitions(heads, []int32{})
	seen := make([]int, 20000)
	for _, p := range v.parts {
		if n := p.end - p.start; n == 0 || n > maxPartition {
			t.Fatalf("partition of %d rows (max %d)", n, maxPartition)
		}
		for _, r := range v.order[p.start:p.end] {
			seen[r]++
			if !slices.Contains(heads[p.heading], r) {
				t.Fatalf("row %d in a partition of heading %d that does not hold it", r, p.heading)
			}
		}
	}
	for r, n := range seen {
		if n != 1 {
			t.Fatalf("row %d in %d partitions", r, n)
		}
	}
	if len(v.parts) < 20000/maxPartition {
		t.Errorf("%d partitions for 20,000 rows", len(v.parts))
	}
}

func TestProbeWithFullBudgetIsExact(t *testing.T) {
	v, heads := syntheticVectors(5000, 16, 5, 2)
	v.buildPartitions(heads, nil)
	q := append([]float32(nil), v.rowVec(123)...)
	exact := v.scan(q, 50, nil)
	got, n := v.probe(q, 5000, 50, nil, nil)
	if n != 5000 {
		t.Errorf("probe scored %d rows, want all 5000", n)
	}
	if !slices.Equal(got, exact) {
		t.Errorf("full-budget probe differs from the scan:\n%v\n%v", got[:5], exact[:5])
	}
	if exact[0].idx != 123 {
		t.Errorf("a row's own vector is not its nearest: %v", exact[0])
	}
}

func TestProbeRespectsKeep(t *testing.T) {
	v, heads := syntheticVectors(3000, 16, 3, 3)
	v.buildPartitions(heads, nil)
	q := v.rowVec(7)
	got, _ := v.probe(q, 3000, 100, nil, func(r int32) bool { return r%2 == 1 })
	for _, s := range got {
		if s.idx%2 != 1 {
			t.Fatalf("kept row %d that keep rejects", s.idx)
		}
	}
}

// BenchmarkVectorSearch compares the partition probe with a brute-force
// scan over a synthetic 358,000 × 100 catalog and reports the probe's
// recall of the exact top 20.
func BenchmarkVectorSearch(b *testing.B) {
	const n, dim = 358000, 100
	v, heads := syntheticVectors(n, dim, 600, 4)
	v.buildPartitions(heads, nil)
	r := rand.New(rand.NewPCG(9, 9))
	queries := make([][]float32, 64)
	for i := range queries {
		q := append([]float32(nil), v.rowVec(int32(r.IntN(n)))...)
		for d := range q {
			q[d] += float32(0.4 / math.Sqrt(dim) * r.NormFloat64())
		}
		normalize(q)
		queries[i] = q
	}
	b.Run("scan", func(b *testing.B) {
		i := 0
		for b.Loop() {
			v.scan(queries[i%len(queries)], semanticDepth, nil)
			i++
		}
	})
	b.Run("probe", func(b *testing.B) {
		i := 0
		for b.Loop() {
			v.probe(queries[i%len(queries)], DefaultSemanticBudget, semanticDepth, nil, nil)
			i++
		}
		hit, total := 0, 0
		for _, q := range queries {
			exact := v.scan(q, 20, nil)
			got, _ := v.probe(q, DefaultSemanticBudget, 20, nil, nil)
			for _, s := range exact {
				total++
				if slices.ContainsFunc(got, func(g scored) bool { return g.idx == s.idx }) {
					hit++
				}
			}
		}
		b.ReportMetric(float64(hit)/float64(total), "recall@20")
	})
}

// TestPartitionOrderKeepsEveryVector checks that storing the vectors in
// partition order loses none: each row's vector is the one it had, and
// the vector at each place of the order is its row's.
func TestPartitionOrderKeepsEveryVector(t *testing.T) {
	v, heads := syntheticVectors(4000, 8, 5, 5)
	before := slices.Clone(v.rows)
	// Rows 0-99 are in no heading's list: they must keep their vectors too.
	for h := range heads {
		heads[h] = slices.DeleteFunc(heads[h], func(r int32) bool { return r < 100 })
	}
	v.buildPartitions(heads, nil)
	if v.pos == nil {
		t.Fatal("vectors not stored in partition order")
	}
	for r := int32(0); r < 4000; r++ {
		if !slices.Equal(v.rowVec(r), before[int(r)*8:int(r+1)*8]) {
			t.Fatalf("row %d: vector changed", r)
		}
	}
	for at, r := range v.order {
		if !slices.Equal(v.atVec(int32(at)), v.rowVec(r)) {
			t.Fatalf("place %d holds another vector than row %d's", at, r)
		}
	}
}

package embedmodel

import (
	"math"
	"testing"
)

func TestSIFWeightsFallWithFrequency(t *testing.T) {
	h := harmonicNumber(341479)
	prev := 0.0
	for _, rank := range []int{0, 10, 100, 1000, 10000, 100000} {
		w := sifWeight(DefaultSIFA, zipfProbability(rank, h))
		if w <= prev || w <= 0 || w >= 1 {
			t.Errorf("rank %d: weight %g not in (prev=%g, 1)", rank, w, prev)
		}
		prev = w
	}
	if w := sifWeight(DefaultSIFA, zipfProbability(0, h)); w > 0.05 {
		t.Errorf("weight of the most frequent word = %g, want tiny", w)
	}
}

// After removal, no row has a component along the removed direction.
func TestCommonComponentRemoved(t *testing.T) {
	words := []WordVector{
		{Word: "a", Rank: 0, Vector: []float32{3, 1, 0}},
		{Word: "b", Rank: 1, Vector: []float32{2.5, -1, 0.5}},
		{Word: "c", Rank: 5, Vector: []float32{3, 0.2, -0.5}},
	}
	kept := weightedTable(words, 10, 0.01, false)
	h := harmonicNumber(10)
	u := principalDirection(kept, []float64{zipfProbability(0, h), zipfProbability(1, h), zipfProbability(5, h)})
	removed := weightedTable(words, 10, 0.01, true)
	if math.Abs(dot(u, u)-1) > 1e-9 {
		t.Fatalf("direction not unit: %g", dot(u, u))
	}
	for i, row := range removed {
		if d := dot(row, u); math.Abs(d) > 1e-9 {
			t.Errorf("row %d keeps %g along the common direction", i, d)
		}
	}
	if math.Abs(u[0]) < 0.9 {
		t.Errorf("common direction %v, want mostly the shared first axis", u)
	}
}

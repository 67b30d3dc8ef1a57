package search

import (
	"math"
	"testing"

	"github.com/sextant-dev/sextant/runtime/query"
)

func TestRescaleNamedSourceScalesOnlyItsRows(t *testing.T) {
	// Rows 0-1 are IFS, 2-3 BIS (the catalog's best text match).
	e := &Engine{sourceCode: map[string]int32{"ifs": 0, "bis": 1}, rowSource: []uint16{0, 0, 1, 1}}
	newPool := func() *pool {
		p := &pool{byRow: map[int32]*candidate{}}
		for r, kw := range []float64{0.1, 0.05, 1, 0.8} {
			p.get(int32(r)).kw = kw
		}
		return p
	}
	kws := func(p *pool) []float64 {
		out := make([]float64, len(p.list))
		for i, c := range p.list {
			out[i] = c.kw
		}
		return out
	}
	near := func(a, b []float64) bool {
		for i := range a {
			if math.Abs(a[i]-b[i]) > 1e-9 {
				return false
			}
		}
		return true
	}
	for _, tc := range []struct {
		name  string
		hints []query.SourceHint
		want  []float64
	}{
		{"sure name rescales in full", []query.SourceHint{{Namespace: "ifs", Weight: 1}}, []float64{1, 0.5, 1, 0.8}},
		{"loose name rescales halfway", []query.SourceHint{{Namespace: "ifs", Weight: 0.5}}, []float64{0.1 / math.Sqrt(0.1), 0.05 / math.Sqrt(0.1), 1, 0.8}},
		{"weak hint left alone", []query.SourceHint{{Namespace: "ifs", Weight: 0.3}}, []float64{0.1, 0.05, 1, 0.8}},
		{"source holding the best left alone", []query.SourceHint{{Namespace: "bis", Weight: 1}}, []float64{0.1, 0.05, 1, 0.8}},
		{"unknown source left alone", []query.SourceHint{{Namespace: "weo", Weight: 1}}, []float64{0.1, 0.05, 1, 0.8}},
		{"no hint", nil, []float64{0.1, 0.05, 1, 0.8}},
	} {
		p := newPool()
		e.rescaleNamedSource(p, query.Understanding{Sources: tc.hints})
		if got := kws(p); !near(got, tc.want) {
			t.Errorf("%s: text scores %v; want %v", tc.name, got, tc.want)
		}
	}
}

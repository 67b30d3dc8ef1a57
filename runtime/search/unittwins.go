package search

import (
	"github.com/sextant-dev/sextant/runtime/query"
)

// Unit twins are rows a source publishes twice under one heading, with
// one title for one country and frequency, once as a level and once as
// its change: WEO's "Inflation, average consumer prices — South Africa"
// in Index and in Percent change. Text and vectors cannot tell them
// apart (the unit is all that differs, and the longer unit text only
// lowers the change row's keyword score), so a query asking how the
// quantity moves ("inflation", "growth", "yoy") decides between them:
// the change twin goes first. Only the order within each set of twins
// changes; every position keeps its score, so no other row moves. A
// query asking for the level needs no such step: the level default
// (query.Weights.LevelDefault) already puts the level first.

type twinKey struct {
	head    int32
	country uint16
	freq    string
	title   string
}

// orderUnitTwins reorders the twins among the first n of the sorted
// candidates cs when u asks for a change.
func (e *Engine) orderUnitTwins(cs []*candidate, u query.Understanding, n int) {
	if !u.AsksChange() {
		return
	}
	top := cs[:min(len(cs), n)]
	at := map[twinKey][]int{}
	for i, c := range top {
		if e.rowHead[c.row] < 0 {
			continue
		}
		r := e.cat.RowAt(int(c.row))
		k := twinKey{head: e.rowHead[c.row], country: e.rowCountry[c.row], freq: r.Frequency, title: r.Title}
		at[k] = append(at[k], i)
	}
	for _, pos := range at {
		if len(pos) < 2 {
			continue
		}
		var change, level []*candidate
		for _, i := range pos {
			if e.prepared(top[i].row).Change() {
				change = append(change, top[i])
			} else {
				level = append(level, top[i])
			}
		}
		if len(change) == 0 || len(level) == 0 {
			continue
		}
		scores := make([]float64, len(pos))
		for j, i := range pos {
			scores[j] = top[i].score
		}
		for j, c := range append(change, level...) {
			c.score, top[pos[j]] = scores[j], c
		}
	}
}

package search

import "sync"

// rowScores holds the text score of every row one query matched, dense
// by row. The text candidates are capped (lexicalDepth rows, at most
// perHeadingDepth of one heading), so a row can match the query and still
// enter the pool by another route (its heading's total row, the vector
// probe) without its text score: "Consumer Price Index for All Urban
// Consumers: All Items in U.S. City Average" matches every word of the
// query that names it, yet 4,600 siblings with shorter titles fill the
// heading's share. Such a row keeps the score it earned.
//
// A stamp per row says which query wrote the score, so the arrays are
// never cleared between queries (two arrays of 4 bytes a row, 2.9 MB at
// 365,000 rows, reused through a pool).
type rowScores struct {
	gen   uint32
	stamp []uint32
	score []float32
}

// rowScorePool recycles rowScores between queries of engines over
// catalogs of one size (a pooled value of another size is dropped).
var rowScorePool sync.Pool

func newRowScores(rows int) *rowScores {
	rs, _ := rowScorePool.Get().(*rowScores)
	if rs == nil || len(rs.stamp) != rows {
		rs = &rowScores{stamp: make([]uint32, rows), score: make([]float32, rows)}
	}
	rs.gen++
	if rs.gen == 0 { // wrapped: old stamps could match again
		clear(rs.stamp)
		rs.gen = 1
	}
	return rs
}

func (rs *rowScores) set(r int32, s float64) {
	rs.stamp[r] = rs.gen
	rs.score[r] = float32(s)
}

// get returns row r's score in this query, if it matched.
func (rs *rowScores) get(r int32) (float64, bool) {
	if rs == nil || rs.stamp[r] != rs.gen {
		return 0, false
	}
	return float64(rs.score[r]), true
}

// release returns rs to the pool; it must not be used after.
func (rs *rowScores) release() {
	if rs != nil {
		rowScorePool.Put(rs)
	}
}

package search

import (
	"strconv"

	"github.com/sextant-dev/sextant/runtime/query"
)

// The short-query prior: a query of one or two topic words says little
// beyond the concept, so among rows that answer it alike the one an
// analyst means is the one heading its family (its heading's total or
// national row), still published, with the longest history and with
// observations; and a vague query is answered by a spread of families
// rather than by one heading's look-alike members. Both weigh most for
// one topic word and nothing from shortQueryWords on.
const (
	shortQueryWords = 3   // queries with this many topic words or more get no prior
	priorWeight     = 0.3 // added times the prior (0..1) for a one-word query
	spreadWeight    = 0.4 // taken off per better row of the same heading, for a one-word query
	spreadMost      = 3   // at most this many times
	priorYears      = 50  // coverage this long earns the whole coverage part
)

// shortQueryHeadings is how many headings a short query's coverage,
// prior and spread re-rank the rows of (shortQueryReach): a count of
// families rather than of rows, since one heading may hold a row per
// country of the world.
var shortQueryHeadings = 40

// shortness is 1 for a query of one topic word, falling to 0 at
// shortQueryWords; 0 for a query naming a series id.
func shortness(u query.Understanding) float64 {
	n := len(u.TopicTerms)
	if n == 0 || n >= shortQueryWords || len(u.IDs) > 0 {
		return 0
	}
	return float64(shortQueryWords-n) / float64(shortQueryWords-1)
}

// rowPrior is row r's standing in its family from catalog structure and
// metadata alone, in [0, 1]: the mean of heading its heading (its total
// or national row), being live (not stale), the length of its coverage
// and having observations in the bundle.
func (e *Engine) rowPrior(r int32) float64 {
	row := e.cat.RowAt(int(r))
	var p float64
	if e.isHeadline(r) {
		p++
	}
	if cut := e.staleBefore[e.rowSource[r]]; cut == "" || row.End == "" || row.End >= cut {
		p++
	}
	if y0, ok := yearOf(row.Start); ok {
		if y1, ok := yearOf(row.End); ok && y1 > y0 {
			p += min(1, float64(y1-y0)/priorYears)
		}
	}
	if row.ObsCount > 0 {
		p++
	}
	return p / 4
}

func yearOf(date string) (int, bool) {
	if len(date) < 4 {
		return 0, false
	}
	y, err := strconv.Atoi(date[:4])
	return y, err == nil
}

// addShortQueryPrior adds the prior to the best candidates of a short
// query (cs sorted, best first) and, when the query names no country,
// spreads them over headings: each row loses spreadWeight·shortness per
// better row of its heading (up to spreadMost), so that a heading of 196
// one-per-country rows does not fill the first page. cs is sorted again.
func (e *Engine) addShortQueryPrior(cs []*candidate, u query.Understanding, limit int) {
	s := shortness(u)
	if s == 0 || len(cs) == 0 {
		return
	}
	top := cs[:min(len(cs), max(coverageDepth, limit))]
	for _, c := range top {
		c.prior = e.rowPrior(c.row)
		c.priorScore = s * priorWeight * c.prior
		c.score += c.priorScore
	}
	sortCandidates(top)
	if len(u.Countries) > 0 || len(u.States) > 0 {
		return
	}
	seen := map[int32]int{}
	for _, c := range top {
		h := e.rowHead[c.row]
		if h < 0 {
			continue
		}
		d := s * spreadWeight * float64(min(seen[h], spreadMost))
		c.priorScore -= d
		c.score -= d
		seen[h]++
	}
	sortCandidates(top)
}

// shortQueryReach returns how many of the sorted candidates cs a short
// query's re-ranking stages reach: the rows down to the first of a
// heading beyond the best shortQueryHeadings, and at least limit.
func (e *Engine) shortQueryReach(cs []*candidate, limit int) int {
	seen := make(map[int32]bool, shortQueryHeadings)
	for i, c := range cs {
		h := e.rowHead[c.row]
		if seen[h] {
			continue
		}
		if len(seen) == shortQueryHeadings {
			return max(limit, i)
		}
		seen[h] = true
	}
	return max(limit, len(cs))
}

package main

import (
	"sort"
	"strings"
)

// editDistance is the optimal-string-alignment distance between a and b
// (insertions, deletions, substitutions and transpositions of adjacent
// bytes, compared as given), or limit+1 as soon as it is known to exceed
// limit: cheap enough to run over every id of a 365,000-row catalog.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	n := len(a) + 1
	var buf [3 * 64]int
	rows := buf[:]
	if 3*n > len(buf) {
		rows = make([]int, 3*n)
	}
	pp, prev, cur := rows[:n], rows[n:2*n], rows[2*n:3*n]
	for i := range prev {
		prev[i] = i
	}
	for j := 1; j <= len(b); j++ {
		cur[0] = j
		rowMin := j
		for i := 1; i < n; i++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[i] = min(prev[i]+1, cur[i-1]+1, prev[i-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[i] = min(cur[i], pp[i-2]+1)
			}
			rowMin = min(rowMin, cur[i])
		}
		if rowMin > limit {
			return limit + 1
		}
		pp, prev, cur = prev, cur, pp
	}
	if prev[n-1] > limit {
		return limit + 1
	}
	return prev[n-1]
}

// distanceLimit is how far a typo may be from what was meant: one edit in
// short words, about one in four in longer ones.
func distanceLimit(s string) int {
	return max(1, len(s)/4)
}

// scored is a candidate and its distance from what was typed.
type scored struct {
	s    string
	dist int
}

// nearest returns up to n candidates closest to typed (case-insensitive),
// nearest first, then alphabetically. A candidate that typed is a prefix
// of counts as one edit away.
func nearest(typed string, candidates []string, n int) []string {
	t := strings.ToLower(typed)
	limit := distanceLimit(t)
	var found []scored
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := editDistance(t, lc, limit)
		if d > limit && len(t) >= 3 && strings.HasPrefix(lc, t) {
			d = 1
		}
		if d <= limit {
			found = append(found, scored{c, d})
		}
	}
	return best(found, n)
}

// best sorts found by distance then text and keeps the first n.
func best(found []scored, n int) []string {
	sort.Slice(found, func(i, j int) bool {
		if found[i].dist != found[j].dist {
			return found[i].dist < found[j].dist
		}
		return found[i].s < found[j].s
	})
	var out []string
	for _, f := range found[:min(n, len(found))] {
		out = append(out, f.s)
	}
	return out
}

// didYouMean renders suggestions: "did you mean search?" or "did you mean
// a, b or c?"; "" when there are none.
func didYouMean(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return "did you mean " + s[0] + "?"
	}
	return "did you mean " + strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1] + "?"
}

package main

import (
	"sort"
	"strings"

	"github.com/sextant-dev/sextant/internal/textdist"
)

// editDistance is the bounded distance between a typed and a known id or
// command (textdist.Distance over bytes, compared as given).
func editDistance(a, b string, limit int) int {
	return textdist.Distance([]byte(a), []byte(b), limit)
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

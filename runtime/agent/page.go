package agent

import (
	"github.com/sextant-dev/sextant/runtime/search"
)

// Search results never re-list a row the turn has already shown: that row
// is in the shortlist the same result ends with, and listing it twice only
// spends the window and makes a model believe it found something new. The
// session asks the catalog for more rows than the page shows, skips the
// rows already shown, and pages the best new ones.

// MaxSearchFetch bounds how many ranked rows one search asks the catalog
// for so that a page can be filled with rows new to the turn. A turn that
// has shown more rows than this (several dozen searches) may get a short
// page; the result says so.
const MaxSearchFetch = 400

// searchPage is one search's rows split by what the turn has seen.
type searchPage struct {
	fresh []candidate // rows new to this turn, best first, at most the page size
	// again are rows the search ranked at or above the page's last fresh
	// row (all fetched rows when the page is short) that the turn had
	// already shown. They are not listed; the shortlist holds them.
	again []candidate
	// short: the catalog's ranking ran out (or the fetch cap was reached)
	// before the page was full.
	short bool
	// cut counts fresh rows left out to fit the context window; they are
	// not shown, so a later search lists them again.
	cut int
}

// fetchLimit is how many rows to ask for: the page plus every row already
// shown, so a page can be full even if all of them rank first.
func fetchLimit(page, alreadyShown int) int {
	return min(page+alreadyShown, max(page, MaxSearchFetch))
}

// rankedCandidates flattens a grouped result into its rank order
// (search.Result.Ranked): by hit score, best first; equal scores keep the
// result's order.
func rankedCandidates(res search.Result) []candidate {
	ranked := res.Ranked()
	out := make([]candidate, len(ranked))
	for i, r := range ranked {
		out[i] = candidateFromHit(res.Groups[r.Group], r.Hit)
	}
	return out
}

// pageOf takes the best size rows not in seen from a ranked list. When seen
// is nil every row is fresh (the naive policy, which re-states nothing).
func pageOf(ranked []candidate, size int, seen map[string]bool) searchPage {
	var p searchPage
	var skipped []candidate
	for _, c := range ranked {
		if len(p.fresh) == size {
			break
		}
		if seen[c.ID] {
			skipped = append(skipped, c)
			continue
		}
		p.fresh = append(p.fresh, c)
		p.again = append(p.again, skipped...)
		skipped = skipped[:0]
	}
	if len(p.fresh) < size {
		p.short = true
		p.again = append(p.again, skipped...)
	}
	return p
}

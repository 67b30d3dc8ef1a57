package wiretest

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"unicode"

	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/search"
)

// Searcher is a search double over a small catalog: a row matches when its
// id, title, unit or heading path contains any query word, and scores by
// the share of query words it contains. Filters are applied as the search
// engine documents them. It scans every row, so it is for tests only.
type Searcher struct {
	Cat      *catalog.Catalog
	Requests []search.Request // every request, for assertions
}

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// Search implements wire.Searcher.
func (s *Searcher) Search(_ context.Context, req search.Request) (search.Result, error) {
	s.Requests = append(s.Requests, req)
	q := words(req.Query)
	limit := req.Limit
	if limit <= 0 {
		limit = 20
	}
	type scored struct {
		i     int
		score float64
	}
	var hits []scored
	for i, r := range s.Cat.AllRows() {
		if req.Frequency != "" && r.Frequency != req.Frequency ||
			req.Country != "" && r.Country != req.Country ||
			len(req.Sources) > 0 && !slices.Contains(req.Sources, r.Source) {
			continue
		}
		h, _ := s.Cat.Heading(r.HeadingID)
		text := " " + strings.Join(words(r.ID+" "+r.Title+" "+r.Unit+" "+strings.Join(h.Path, " ")), " ") + " "
		n := 0
		for _, w := range q {
			if strings.Contains(text, " "+w) {
				n++
			}
		}
		if n > 0 {
			hits = append(hits, scored{i, float64(n) / float64(len(q))})
		}
	}
	slices.SortStableFunc(hits, func(a, b scored) int { return cmp.Compare(b.score, a.score) })
	res := search.Result{Query: req.Query, Total: len(hits)}
	byHeading := map[string]int{}
	for _, h := range hits[:min(limit, len(hits))] {
		r := s.Cat.RowAt(h.i)
		g, ok := byHeading[r.HeadingID]
		if !ok {
			head, _ := s.Cat.Heading(r.HeadingID)
			g = len(res.Groups)
			byHeading[r.HeadingID] = g
			res.Groups = append(res.Groups, search.Group{Heading: head.Label, HeadingID: head.ID, HeadingPath: head.Path,
				Size: int(head.LeafRows), Score: h.score})
		}
		res.Groups[g].Hits = append(res.Groups[g].Hits, search.Hit{ID: r.ID, NativeID: r.NativeID, Title: r.Title, Unit: r.Unit,
			Frequency: r.Frequency, SeasonalAdjustment: r.SeasonalAdjustment, Country: r.Country, Start: r.Start, End: r.End,
			HasData: r.ObsCount > 0, ObsStart: r.ObsStart, ObsEnd: r.ObsEnd, Score: h.score})
	}
	return res, nil
}

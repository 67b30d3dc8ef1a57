package agent

import (
	"context"
	"fmt"
	"strings"

	"github.com/sextant-dev/sextant/runtime/search"
)

// The discovery tools: search, browse a heading, describe series. Each
// renders its result for the room the request has left (Session.room), a
// page at a time: a result that cannot show everything it found says how
// much it showed and how to ask for the rest.

type searchArgs struct {
	Query     string   `json:"query" desc:"plain words for the series wanted: concept, country, unit; no ids needed"`
	Sources   []string `json:"sources,omitempty" desc:"restrict to these source namespaces, as shown before the colon of ids"`
	Frequency string   `json:"frequency,omitempty" enum:"D|W|M|Q|S|A" desc:"restrict to one frequency"`
	Country   string   `json:"country,omitempty" desc:"restrict to one country, ISO 3166 alpha-3 code"`
	Countries []string `json:"countries,omitempty" desc:"several countries at once, ISO 3166 alpha-3 codes: each one's best rows side by side (instead of country)"`
	From      string   `json:"from,omitempty" desc:"coverage must reach back to this ISO date"`
	To        string   `json:"to,omitempty" desc:"coverage must reach this ISO date"`
	HasData   bool     `json:"has_data,omitempty" desc:"only rows whose observations are available (data: yes)"`
	Limit     int      `json:"limit,omitempty" desc:"rows to show, 1 to 50 (default 20)"`
}

type browseArgs struct {
	Heading   string `json:"heading" desc:"heading id, as a search result's heading line gives it (heading id: ...)"`
	Start     int    `json:"start,omitempty" desc:"number of the first row to list, from 1 (default 1)"`
	HasData   bool   `json:"has_data,omitempty" desc:"only rows whose observations are available"`
	Country   string `json:"country,omitempty" desc:"only rows of this country, ISO 3166 alpha-3 code"`
	Frequency string `json:"frequency,omitempty" enum:"D|W|M|Q|S|A" desc:"only rows of this frequency"`
	Limit     int    `json:"limit,omitempty" desc:"rows per page, 1 to 100 (default 30)"`
}

type describeArgs struct {
	IDs []string `json:"ids" desc:"series ids exactly as shown in search results"`
}

func (s *Session) search(ctx context.Context, a searchArgs) toolOutcome {
	a.Query = strings.TrimSpace(a.Query)
	switch {
	case a.Query == "":
		return toolOutcome{err: fmt.Errorf("%w: query is empty", ErrBadArguments)}
	case a.Limit < 0 || a.Limit > MaxSearchRows:
		return toolOutcome{err: fmt.Errorf("%w: limit %d is outside 1..%d", ErrBadArguments, a.Limit, MaxSearchRows)}
	case a.Country != "" && !iso3.MatchString(a.Country):
		return toolOutcome{err: fmt.Errorf("%w: country %q is not an ISO 3166 alpha-3 code", ErrBadArguments, a.Country)}
	}
	if err := checkDates(a.From, a.To); err != nil {
		return toolOutcome{err: err}
	}
	if a.Limit == 0 {
		a.Limit = DefaultSearchRows
	}
	if len(a.Countries) > 0 {
		return s.searchCountries(ctx, a)
	}
	req := search.Request{Query: a.Query, Limit: a.Limit, Sources: a.Sources, Frequency: a.Frequency,
		Country: strings.ToUpper(a.Country), From: a.From, To: a.To, HasData: a.HasData}
	// Under PolicyFit the newest search result re-states the shortlist, so
	// the page lists only rows new to the turn and the catalog is asked for
	// enough rows to fill it. PolicyNaive re-states nothing and lists every
	// row it matched, as the failing design it reproduces did.
	var seen map[string]bool
	fetch := req
	if s.opts.Policy == PolicyFit && len(s.turns) > 0 {
		seen = s.turns[len(s.turns)-1].shown()
		fetch.Limit = fetchLimit(a.Limit, len(seen))
	}
	res, err := s.catalog.Search(ctx, fetch)
	if err != nil {
		return toolOutcome{err: fmt.Errorf("search failed: %w", err)}
	}
	page := pageOf(rankedCandidates(res), a.Limit, seen)
	if s.opts.Policy == PolicyFit {
		page = s.fitSearchPage(req, res.Total, page, seen != nil)
	}
	full, compact := renderSearchPage(req, res.Total, page, seen != nil)
	if note := res.ShowingFor(); note != "" {
		// The model should know its words were read otherwise, and may
		// search again as written if the correction is wrong.
		full, compact = note+"\n"+full, note+"\n"+compact
	}
	ids := idsOf(page.fresh)
	return toolOutcome{rec: &toolRecord{label: describeSearch(a.Query, req), full: full, compact: compact,
		fullIDs: ids, compactIDs: ids, isSearch: true}, shown: page.fresh, again: page.again, action: "search"}
}

// fitSearchPage keeps the best rows of a page that fit the room left; the
// rest are not listed (nor counted as shown), and the page says so.
func (s *Session) fitSearchPage(req search.Request, total int, p searchPage, dedupe bool) searchPage {
	room := s.room()
	full := func(k int) int {
		q := p
		q.fresh = p.fresh[:k]
		f, _ := renderSearchPage(req, total, q, dedupe)
		return len(f)
	}
	k := largestFitting(len(p.fresh), room, full)
	if k < len(p.fresh) {
		p.cut = len(p.fresh) - k
		p.fresh = p.fresh[:k]
	}
	return p
}

// largestFitting is the largest k in [0, n] with size(k) <= room, for a
// size that grows with k.
func largestFitting(n, room int, size func(int) int) int {
	if size(n) <= room {
		return n
	}
	lo, hi := 0, n
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if size(mid) <= room {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

func idsOf(cs []candidate) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

func (s *Session) browse(ctx context.Context, a browseArgs) toolOutcome {
	a.Heading = strings.TrimSpace(a.Heading)
	switch {
	case a.Heading == "":
		return toolOutcome{err: fmt.Errorf("%w: heading is empty; give a heading id from a search result's heading line", ErrBadArguments)}
	case a.Start < 0:
		return toolOutcome{err: fmt.Errorf("%w: start %d is not a row number (1, 2, ...)", ErrBadArguments, a.Start)}
	case a.Limit < 0 || a.Limit > MaxBrowseRows:
		return toolOutcome{err: fmt.Errorf("%w: limit %d is outside 1..%d", ErrBadArguments, a.Limit, MaxBrowseRows)}
	case a.Country != "" && !iso3.MatchString(a.Country):
		return toolOutcome{err: fmt.Errorf("%w: country %q is not an ISO 3166 alpha-3 code", ErrBadArguments, a.Country)}
	}
	if a.Start == 0 {
		a.Start = 1
	}
	if a.Limit == 0 {
		a.Limit = DefaultBrowseRows
	}
	req := BrowseRequest{HeadingID: a.Heading, Offset: a.Start - 1, Limit: a.Limit, HasData: a.HasData,
		Country: strings.ToUpper(a.Country), Frequency: a.Frequency}
	res, err := s.catalog.Browse(ctx, req)
	if err != nil {
		return toolOutcome{err: err}
	}
	rows := make([]candidate, len(res.Rows))
	for i, r := range res.Rows {
		rows[i] = candidateFromInfo(r)
	}
	bp := browsePage{req: req, res: res, rows: rows}
	if s.opts.Policy == PolicyFit {
		k := largestFitting(len(rows), s.room(), func(k int) int { q := bp; q.rows = rows[:k]; f, _ := q.render(); return len(f) })
		bp.rows = rows[:k]
	}
	full, compact := bp.render()
	ids := idsOf(bp.rows)
	label := fmt.Sprintf("%s %s from %d", ToolBrowse, a.Heading, a.Start)
	return toolOutcome{rec: &toolRecord{label: label, full: full, compact: compact, fullIDs: ids, compactIDs: ids},
		shown: bp.rows, action: "browse"}
}

// lookup returns the catalog's descriptions of ids, in the order asked, and
// the ids it does not know.
func (s *Session) lookup(ctx context.Context, ids []string) ([]SeriesInfo, []string, error) {
	infos, err := s.catalog.Describe(ctx, ids)
	if err != nil {
		return nil, nil, fmt.Errorf("describe failed: %w", err)
	}
	byID := map[string]SeriesInfo{}
	for _, in := range infos {
		byID[in.ID] = in
	}
	var known []SeriesInfo
	var unknown []string
	for _, id := range ids {
		if in, ok := byID[id]; ok {
			known = append(known, in)
		} else {
			unknown = append(unknown, id)
		}
	}
	return known, unknown, nil
}

func (s *Session) describe(ctx context.Context, a describeArgs) toolOutcome {
	if len(a.IDs) == 0 || len(a.IDs) > MaxDescribeIDs {
		return toolOutcome{err: fmt.Errorf("%w: give 1 to %d ids, not %d", ErrBadArguments, MaxDescribeIDs, len(a.IDs))}
	}
	known, unknown, err := s.lookup(ctx, a.IDs)
	if err != nil {
		return toolOutcome{err: err}
	}
	if len(known) == 0 {
		return toolOutcome{err: fmt.Errorf("%w: %s; use ids exactly as search results show them", ErrUnknownSeries, strings.Join(unknown, ", "))}
	}
	cut := 0
	if s.opts.Policy == PolicyFit {
		k := largestFitting(len(known), s.room(), func(k int) int { f, _, _ := renderDescribe(known[:k], unknown, len(known)-k); return len(f) })
		cut, known = len(known)-k, known[:k]
	}
	full, compact, shown := renderDescribe(known, unknown, cut)
	ids := idsOf(shown)
	return toolOutcome{rec: &toolRecord{label: ToolDescribe + " " + strings.Join(a.IDs, ","), full: full, compact: compact,
		fullIDs: ids, compactIDs: ids}, shown: shown, action: "describe"}
}

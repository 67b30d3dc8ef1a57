package agent

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sextant-dev/sextant/runtime/search"
)

// MaxSearchCountries is how many countries one search_catalog call may
// name: a G20 request in one call, each country still given a share of
// the page.
const MaxSearchCountries = 20

// searchCountries answers a search over several countries at once ("policy
// rates of Brazil, Mexico and Chile"): the catalog is searched once per
// country, and the page takes each country's best new rows in turn, so
// that no country's rows crowd out another's. A country the catalog has no
// filter for is named in the result, and the others are still searched.
func (s *Session) searchCountries(ctx context.Context, a searchArgs) toolOutcome {
	switch {
	case a.Country != "":
		return toolOutcome{err: fmt.Errorf("%w: give country or countries, not both", ErrBadArguments)}
	case len(a.Countries) > MaxSearchCountries:
		return toolOutcome{err: fmt.Errorf("%w: give 1 to %d countries, not %d", ErrBadArguments, MaxSearchCountries, len(a.Countries))}
	}
	var codes []string
	for _, c := range a.Countries {
		c = strings.ToUpper(strings.TrimSpace(c))
		if !iso3.MatchString(c) {
			return toolOutcome{err: fmt.Errorf("%w: country %q is not an ISO 3166 alpha-3 code", ErrBadArguments, c)}
		}
		if !slices.Contains(codes, c) {
			codes = append(codes, c)
		}
	}
	req := search.Request{Query: a.Query, Limit: a.Limit, Sources: a.Sources, Frequency: a.Frequency,
		Country: strings.Join(codes, ","), From: a.From, To: a.To, HasData: a.HasData}
	var seen map[string]bool
	if s.opts.Policy == PolicyFit && len(s.turns) > 0 {
		seen = s.turns[len(s.turns)-1].shown()
	}
	quota := max(2, (a.Limit+len(codes)-1)/len(codes))
	var pages []searchPage
	var unknown []string
	total := 0
	for _, c := range codes {
		fetch := req
		fetch.Country, fetch.Limit = c, quota
		if seen != nil {
			fetch.Limit = fetchLimit(quota, len(seen))
		}
		res, err := s.catalog.Search(ctx, fetch)
		if errors.Is(err, search.ErrBadFilter) && strings.Contains(err.Error(), "country") {
			unknown = append(unknown, c)
			continue
		}
		if err != nil {
			return toolOutcome{err: fmt.Errorf("search failed: %w", err)}
		}
		total += res.Total
		pages = append(pages, pageOf(rankedCandidates(res), quota, seen))
	}
	page := interleave(pages, a.Limit)
	if s.opts.Policy == PolicyFit {
		page = s.fitSearchPage(req, total, page, seen != nil)
	}
	full, compact := renderSearchPage(req, total, page, seen != nil)
	if len(unknown) > 0 {
		note := fmt.Sprintf("note: no country filter for %s (not a country code of this catalog); search for it by name instead.\n", strings.Join(unknown, ", "))
		full, compact = full+note, compact+note
	}
	ids := idsOf(page.fresh)
	return toolOutcome{rec: &toolRecord{label: describeSearch(a.Query, req), full: full, compact: compact,
		fullIDs: ids, compactIDs: ids, isSearch: true}, shown: page.fresh, again: page.again, action: "search"}
}

// interleave takes the pages' new rows in turn, best first, up to size;
// rows already shown are kept once each.
func interleave(pages []searchPage, size int) searchPage {
	var out searchPage
	taken := map[string]bool{}
	for i := 0; len(out.fresh) < size; i++ {
		added := false
		for _, p := range pages {
			if i < len(p.fresh) && len(out.fresh) < size {
				added = true
				if c := p.fresh[i]; !taken[c.ID] {
					taken[c.ID] = true
					out.fresh = append(out.fresh, c)
				}
			}
		}
		if !added {
			break
		}
	}
	for _, p := range pages {
		for _, c := range p.again {
			if !taken[c.ID] {
				taken[c.ID] = true
				out.again = append(out.again, c)
			}
		}
	}
	out.short = len(out.fresh) < size
	return out
}

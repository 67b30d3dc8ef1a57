package search

import (
	"fmt"
	"strings"

	"github.com/sextant-dev/sextant/internal/countries"
	"github.com/sextant-dev/sextant/runtime/query"
)

// An analyst's default country is a soft prior, not a filter: when a
// query names no country (nor a US state) and no country filter is set,
// the default country's rows are searched as a scope of their own (so
// they are among the candidates) and that country's best candidate in
// each heading of several countries' rows gains defaultCountryShare of
// the best candidate's score: a share of the
// scale the request's mode scores on (keyword-only scores lack the
// semantic term, and a row heading its family gains a title match), so
// that a row of that country within a quarter of the best comes first,
// and a row answering the query clearly better stays above it.
const defaultCountryShare = 0.25

// defaultCountry returns the code of Engine.rowCountry for the request's
// default country when it applies to query u under filter f, else -1 and
// "". A code no row has is not an error: nothing is preferred.
func (e *Engine) defaultCountry(req Request, u query.Understanding, f filter) (int32, string, error) {
	c := strings.TrimSpace(req.DefaultCountry)
	if c == "" || f.country != "" || len(u.Countries) > 0 || len(u.States) > 0 || len(u.IDs) > 0 {
		return -1, "", nil
	}
	found, ok := countries.Lookup(c)
	if !ok {
		return -1, "", fmt.Errorf("%w: default country %q (want an ISO3 code such as TUR)", ErrBadFilter, c)
	}
	code, ok := e.countryCode[found.ISO3]
	if !ok {
		return -1, "", nil
	}
	return code, found.ISO3, nil
}

// addDefaultCountry adds defaultCountryShare of the best score to the
// best candidate of country code in each heading whose rows are of
// several countries (cs sorted, best first): there the country chooses
// among rows answering alike, and its row heads the heading without the
// country's other rows (headings of its own, whose rows have no other
// country to be chosen over) crowding out the rest of the page. cs is
// sorted again.
func (e *Engine) addDefaultCountry(cs []*candidate, code int32, limit int) {
	if code < 0 || len(cs) == 0 || cs[0].score <= 0 {
		return
	}
	lift := defaultCountryShare * cs[0].score
	top := cs[:min(len(cs), max(coverageDepth, limit))]
	lifted := map[int32]bool{}
	for _, c := range top {
		h := e.rowHead[c.row]
		if int32(e.rowCountry[c.row]) == code && !lifted[h] && e.manyCountries(h) {
			c.priorScore += lift
			c.score += lift
			lifted[h] = true
		}
	}
	sortCandidates(top)
}

// PreferringNote says which country's rows were preferred, or "".
func (r Result) PreferringNote() string {
	if r.PreferredCountry == "" {
		return ""
	}
	return fmt.Sprintf("preferring rows of %s, the default country (name a country in the query to search another)", r.PreferredCountry)
}

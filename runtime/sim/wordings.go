package sim

import (
	"fmt"
	"slices"
	"strings"
)

// wordings are the searches tried for a subject, in order:
//
//  1. When several subjects ask for one concept in several countries, one
//     search for the concept with the countries filter listing them all:
//     the tool gives each country its share of the page.
//  2. The analyst's words with the country's name.
//  3. Then, in an order the seed chooses: the words with common synonyms
//     swapped in; the same with the search tool's filters (country,
//     frequency) and a wider page (widePage rows); the two longest words with the
//     country; and the words (synonyms swapped in) with "general all
//     items", the labels statistical offices give a headline aggregate
//     ("0. General", "All items"), filtered and with a full page.
//
// When a publisher was asked for, every search but the last is filtered to
// it, and the last looks everywhere.
//
// With filters promoted (the candidates in view are of the wrong frequency,
// or fit nothing while searches did list rows), the filtered search comes
// right after the analyst's words: a competent analyst narrows a search
// with the tool's filters before rewording it.
func (p Policy) wordings(s subject, freq string, peers []country, promoteFilters, hasDataOnly bool) []map[string]any {
	var syn []string
	for _, t := range s.terms {
		if e := vocab.synonyms[t]; len(e) > 0 {
			syn = append(syn, e...)
		} else {
			syn = append(syn, t)
		}
	}
	longest := slices.Clone(s.terms)
	slices.SortStableFunc(longest, func(a, b string) int { return len(b) - len(a) })
	longest = longest[:min(2, len(longest))]
	withCountry := func(q string) string {
		if s.unit != "" {
			q += " " + s.unit
		}
		if s.country.name != "" {
			return q + " " + s.country.name
		}
		return q
	}
	var out []map[string]any
	add := func(w map[string]any) {
		if len(s.sources) > 0 {
			w["sources"] = s.sources // the publisher asked for
		}
		if !slices.ContainsFunc(out, func(o map[string]any) bool { return sameArgs(o, w) }) {
			out = append(out, w)
		}
	}
	if len(peers) > 1 {
		// One search for the concept in every country asked, each
		// country's rows side by side.
		var codes []string
		for _, c := range peers {
			codes = append(codes, c.iso3)
		}
		q := s.phrase
		if s.unit != "" {
			q += " " + s.unit
		}
		add(map[string]any{"query": q, "countries": codes})
	}
	add(map[string]any{"query": withCountry(s.phrase)})
	var filtered map[string]any
	if s.country.iso3 != "" || freq != "" || hasDataOnly {
		filtered = map[string]any{"query": strings.Join(syn, " "), "limit": widePage}
		if hasDataOnly {
			filtered["has_data"] = true
		}
		if s.country.iso3 != "" {
			filtered["country"] = s.country.iso3
		}
		switch {
		case freq == "A":
			// Every finer series reaches an annual table by aggregation
			// (federal debt is quarterly): the filter that narrows is to
			// rows with data, not to annual ones.
			filtered["has_data"] = true
		case freq != "" && freq != "S":
			filtered["frequency"] = freq
		}
	}
	if filtered != nil && promoteFilters {
		add(filtered)
	}
	rest := []map[string]any{
		{"query": withCountry(strings.Join(syn, " "))},
		{"query": withCountry(strings.Join(longest, " "))},
	}
	if filtered != nil {
		rest = append(rest, filtered)
	}
	general := map[string]any{"query": strings.Join(syn, " ") + " general all items", "limit": widePage}
	for k, v := range filtered {
		if k != "query" && k != "limit" {
			general[k] = v
		}
	}
	rest = append(rest, general)
	r := p.rng(s.key() + "|wording")
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for _, w := range rest {
		add(w)
	}
	out = out[:min(len(out), maxWordings)]
	// A publisher asked for is where an analyst looks first; when its
	// rows have not served after the other searches, the last one looks
	// everywhere (a central bank's rate is republished by the BIS).
	if len(s.sources) > 0 && len(out) == maxWordings {
		out[len(out)-1] = map[string]any{"query": withCountry(s.phrase)}
	}
	return out
}

// maxWordings is how many searches an analyst tries for one series before
// taking the closest row shown or saying it found none.
const maxWordings = 3

// widePage is the page size of the filtered and headline searches: wider
// than the tool's default so a headline row ranked below its components
// shows, narrow enough that a turn's searches stay in a 32k window.
const widePage = 50

// peersOf are the countries of the subjects asking for s's concept.
func peersOf(s subject, all []subject) []country {
	var out []country
	for _, o := range all {
		if o.phrase == s.phrase && o.country.iso3 != "" && !slices.Contains(out, o.country) {
			out = append(out, o.country)
		}
	}
	return out
}

// fitsOnlyWithoutData: rows that fit the subject were shown, but none of
// them has observations, so the next search asks for rows with data.
func (v view) fitsOnlyWithoutData(s subject) bool {
	fit := false
	for _, id := range v.order {
		c := v.cands[id]
		if _, dec := score(s, c, ""); !dec {
			continue
		}
		if !c.NoData {
			return false
		}
		fit = true
	}
	return fit
}

// needsFilters: the closest candidate is of a coarser frequency than asked,
// or nothing fits while this request's searches did list rows.
func (v view) needsFilters(s subject, best Candidate, freq string) bool {
	if best.ID != "" {
		return freq != "" && best.Freq != "" && best.Freq != freq && !finer(best.Freq, freq)
	}
	for _, c := range v.calls {
		if c.name == "search_catalog" && c.seen && !strings.Contains(c.result, "no rows matched") {
			return true
		}
	}
	return false
}

// nextWording is the first wording no readable search of this request used
// (a search the context note names as removed counts as used: its rows are
// in the shortlist),
// and how many were used.
func (v view) nextWording(ws []map[string]any) (map[string]any, int) {
	var next map[string]any
	tried := 0
	for _, w := range ws {
		done := slices.ContainsFunc(v.calls, func(c pastCall) bool {
			return c.name == "search_catalog" && c.seen && sameArgs(w, c.args)
		}) || strings.Contains(v.noteText, searchLabel(w)+";") || strings.Contains(v.noteText, searchLabel(w)+" (")
		switch {
		case done:
			tried++
		case next == nil:
			next = w
		}
	}
	return next, tried
}

// searchLabel names a search the way results and context notes do:
// search_catalog "q" [frequency=M country=TUR].
func searchLabel(w map[string]any) string {
	l := fmt.Sprintf("search_catalog %q", fmt.Sprint(w["query"]))
	var f []string
	if v, ok := w["frequency"]; ok {
		f = append(f, fmt.Sprintf("frequency=%v", v))
	}
	if v, ok := w["country"]; ok {
		f = append(f, fmt.Sprintf("country=%v", v))
	}
	if len(f) > 0 {
		l += " [" + strings.Join(f, " ") + "]"
	}
	return l
}

func howSearched(w map[string]any) string {
	var f []string
	for _, k := range []string{"country", "frequency"} {
		if v, ok := w[k]; ok {
			f = append(f, fmt.Sprintf("%s=%v", k, v))
		}
	}
	if len(f) > 0 {
		return " with the search filters " + strings.Join(f, ", ")
	}
	return ""
}

// homeSearch is the search an analyst makes for a series asked for with no
// economy, next to series of one economy, when the row that fits it best is
// of another ("industrial production and nominal GDP": the production index
// is American, so the GDP wanted is too). The words are searched with that
// economy's name, as the wordings of a subject naming it are; once those
// are tried, the best row shown stands.
func (v view) homeSearch(p Policy, s subject, best Candidate, decidable bool, freq string, used map[string]bool) (map[string]any, country, bool) {
	if s.country.iso3 != "" || best.ID == "" {
		return nil, country{}, false
	}
	home, ok := v.requestCountry(used)
	if !ok || countryFits(subject{country: home}, best) {
		return nil, country{}, false
	}
	hs := s
	hs.country = home
	w, _ := v.nextWording(v.withoutRefusedFilters(p.wordings(hs, freq, nil, !decidable, false)))
	if w == nil {
		return nil, country{}, false
	}
	return w, home, true
}

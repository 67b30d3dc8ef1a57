package sim

import (
	"hash/fnv"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
)

// score rates a candidate for a subject. matched counts subject words the
// candidate's title, heading and unit hold (with synonyms); extra counts
// title words the subject did not ask for.
func score(s subject, c Candidate, freq string) (float64, bool) {
	// A subject that writes a row's code ("T10YFF + fed funds") names
	// that row.
	if namesCode(s, c) {
		return 2, true
	}
	text := map[string]bool{}
	for _, t := range terms(c.Title + " " + c.Heading + " " + c.Unit) {
		for _, e := range expand(t) {
			text[e] = true
		}
	}
	want := map[string]bool{}
	hits := wordMatch(s.terms, c.Title+" "+c.Heading+" "+c.Unit)
	matched := 0
	for i, t := range s.terms {
		for _, e := range expand(t) {
			want[e] = true
		}
		hit := hits[i]
		// "nominal GDP": a row at current prices rarely says so; it
		// is nominal unless it says it is real.
		if !hit && vocab.nominalWords[t] {
			hit = !saysReal(text)
			want[t] = true
		}
		if hit {
			matched++
		}
	}
	if matched == 0 || !countryFits(s, c) {
		return 0, false
	}
	// A unit asked for decides among rows alike but for their unit, and a
	// publisher asked for among rows of several publishers.
	unitOK := s.unit == "" || strings.Contains(strings.ToLower(c.Unit), s.unit)
	if ns, _, _ := strings.Cut(c.ID, ":"); len(s.sources) > 0 && !slices.Contains(s.sources, ns) {
		unitOK = false
	}
	// Seasonal adjustment asked for is a property of the row, read from
	// its field or its title, not words its title must hold.
	if s.adjust != "" {
		for _, t := range terms("seasonally adjusted not") {
			want[t] = true
		}
		if has := adjustmentOf(c); has != "" && has != s.adjust {
			unitOK = false
		}
	}
	extra := 0
	for _, t := range terms(c.Title) {
		if !want[t] && !isCountryWord(t) {
			extra++
		}
	}
	cov := float64(matched) / float64(len(s.terms))
	sc := cov - 0.03*float64(extra)
	// A rate of change asked for ("inflation", "growth") is not an index
	// level, and a level asked for is not its rate of change.
	unit := strings.ToLower(c.Unit)
	switch {
	case asksRate(s) && strings.HasPrefix(unit, "index"):
		sc -= 0.2
	case asksRate(s) && strings.Contains(unit, "percent change"):
		sc += 0.05
	case asksLevel(s) && strings.Contains(unit, "percent change"):
		sc -= 0.2
	}
	decidable := (cov >= 0.999 || (matched >= 2 && cov >= 0.66)) && unitOK
	if !unitOK {
		sc -= 0.3
	}
	if contradicts(s, c) {
		sc -= 0.3
		decidable = false
	}
	// "US GDP in current dollars" is not GDP per capita: a row measured
	// per head is another measure, never a clear match for the total.
	if perHeadRow.MatchString(strings.ToLower(c.Title)) && !slices.ContainsFunc(s.terms, func(t string) bool { return t == "capita" || t == "head" || t == "person" || t == "people" }) {
		sc -= 0.1
		decidable = false
	}
	// "End-of-year CPI inflation": of rows alike, the one that says it
	// is the end-of-period version, not the average one.
	if s.eop {
		switch t := strings.ToLower(c.Title + " " + c.Unit); {
		case strings.Contains(t, "end of period") || strings.Contains(t, "end-of-period") || strings.Contains(t, "end of year"):
			sc += 0.1
		case strings.Contains(t, "average"):
			sc -= 0.1
		}
	}
	if freq == "" {
		sc -= 0.01 * float64(freqRank[c.Freq]) // unasked, the finer series serves more uses
	}
	if freq != "" && c.Freq != "" && c.Freq != freq {
		if finer(c.Freq, freq) {
			sc -= 0.05 // can be aggregated
		} else {
			sc -= 0.3 // too coarse: a last resort, never a clear match
			decidable = false
		}
	}
	return sc, decidable
}

// perHeadRow is a title measured per person.
var perHeadRow = regexp.MustCompile(`\bper (?:capita|head|person|inhabitant)\b`)

// contradicts: the candidate's title or heading names the other side of
// a word the subject asks for ("gross debt" for "net debt") and not that
// word itself.
func contradicts(s subject, c Candidate) bool {
	row := map[string]bool{}
	for _, t := range terms(c.Title + " " + c.Heading) {
		row[t] = true
	}
	for _, t := range s.terms {
		if row[t] {
			continue
		}
		for _, o := range vocab.opposites[t] {
			if row[o] {
				return true
			}
		}
	}
	return false
}

// asksRate: the subject names a rate of change.
func asksRate(s subject) bool {
	return slices.ContainsFunc(s.terms, func(t string) bool { return vocab.rateWords[t] })
}

// isLevel: the candidate is an index or a stock, not a rate of change.
func isLevel(c Candidate) bool {
	text := strings.ToLower(c.Unit)
	if text == "" { // no unit given: the title says what it is
		text = strings.ToLower(c.Title)
		return strings.Contains(text, "index") && !strings.Contains(text, "percent") && !strings.Contains(text, "change") && !strings.Contains(text, "rate")
	}
	return strings.HasPrefix(text, "index") && !strings.Contains(text, "percent") && !strings.Contains(text, "change")
}

// asksLevel: the subject names a level (an index, a stock).
func asksLevel(s subject) bool {
	return slices.ContainsFunc(s.terms, func(t string) bool { return vocab.levelWords[t] })
}

var freqNames = map[string]string{"D": "daily", "W": "weekly", "M": "monthly", "Q": "quarterly", "S": "semiannual", "A": "annual"}

// tableFrequency is the frequency the request's table should have: the one
// asked for, or, when none was, the finest frequency among the clear
// matches in view (and the table's columns), so that a monthly series is not
// forced down to annual by a subject that settled on an annual row before a
// monthly one was looked for.
func (p Policy) tableFrequency(v view, in intent, subjects []subject, multi bool) string {
	if in.freq != "" {
		return in.freq
	}
	// "yearly averages": the table ends at the frequency it is converted
	// to, so a row at that frequency serves as well as a finer one.
	if in.convert != "" {
		return in.convert
	}
	finest := ""
	consider := func(f string) {
		if f != "" && f != "D" && f != "W" && (finest == "" || finer(f, finest)) {
			finest = f
		}
	}
	// The table built earlier keeps its frequency, which may be coarser
	// than its series' own once it was converted; the series added join
	// it at that frequency.
	if v.tableFreq != "" && v.tableFreq != "D" && v.tableFreq != "W" {
		return v.tableFreq
	}
	for _, c := range v.columns {
		if c.Derived == "" {
			consider(v.cands[c.SeriesID].Freq)
		}
	}
	for _, s := range subjects {
		if _, _, ok := v.columnFor(s, multi); ok {
			continue
		}
		if best, decidable, _ := p.best(v, s, "", nil); decidable {
			consider(best.Freq)
		}
	}
	return finest
}

// coverage is the share of a subject's words a candidate's title, heading
// and unit hold (with synonyms).
func coverage(s subject, c Candidate) float64 {
	if len(s.terms) == 0 {
		return 0
	}
	matched := 0
	for _, hit := range wordMatch(s.terms, c.Title+" "+c.Heading+" "+c.Unit) {
		if hit {
			matched++
		}
	}
	return float64(matched) / float64(len(s.terms))
}

// wordMatch tells which of a subject's terms a candidate's text holds: the
// term itself, else one of its synonyms. Each distinct word of the text
// serves one term only, so that "average CPI inflation" is not covered by a
// GDP row twice through "prices" (a synonym of both "cpi" and "inflation").
// Terms the text holds as written are paired first.
func wordMatch(ts []string, text string) []bool {
	words := map[string][]string{} // a form the text holds → its distinct words
	for _, w := range terms(text) {
		for _, e := range expand(w) {
			if !slices.Contains(words[e], w) {
				words[e] = append(words[e], w)
			}
		}
	}
	used := map[string]bool{}
	take := func(form string) bool {
		for _, w := range words[form] {
			if !used[w] {
				used[w] = true
				return true
			}
		}
		return false
	}
	hits := make([]bool, len(ts))
	for i, t := range ts {
		hits[i] = take(t)
	}
	for i, t := range ts {
		for _, e := range expand(t)[1:] {
			if !hits[i] && take(e) {
				hits[i] = true
			}
		}
	}
	return hits
}

var freqRank = map[string]int{"D": 0, "W": 1, "M": 2, "Q": 3, "S": 4, "A": 5}

func finer(have, want string) bool { return freqRank[have] < freqRank[want] }

func isCountryWord(t string) bool {
	cs, _ := findCountries(t)
	return len(cs) > 0
}

// countryFits: the candidate's country field, or a country named in its
// text, or its source's home country must not contradict the subject's.
func countryFits(s subject, c Candidate) bool {
	if s.country.iso3 == "" {
		return true
	}
	if c.Country != "" {
		return strings.EqualFold(c.Country, s.country.iso3)
	}
	named, _ := findCountries(strings.ToLower(c.Title + " " + c.Heading))
	if len(named) > 0 {
		return slices.ContainsFunc(named, func(x country) bool { return x.iso3 == s.country.iso3 })
	}
	src, _, _ := strings.Cut(c.ID, ":")
	if home, ok := vocab.sourceHome[src]; ok {
		return home == s.country.iso3
	}
	return true
}

// best returns the best usable candidate for a subject, whether it is
// decidable, and how many candidates fit at all. Candidates in used (settled
// for another subject of the request) are passed over.
func (p Policy) best(v view, s subject, freq string, used map[string]bool) (Candidate, bool, int) {
	c, ok, n := p.bestOf(v, s, freq, used)
	if ok || len(s.sources) == 0 || s.onePublisher {
		return c, ok, n
	}
	// No row of the publisher asked for serves: one of another publisher
	// that does is the same statistic republished, and better than none.
	anywhere := s
	anywhere.sources = nil
	if c2, ok2, n2 := p.bestOf(v, anywhere, freq, used); ok2 {
		return c2, true, n2
	}
	return c, ok, n
}

func (p Policy) bestOf(v view, s subject, freq string, used map[string]bool) (Candidate, bool, int) {
	type sc struct {
		c Candidate
		v float64
		d bool
	}
	var all []sc
	home, oneHome := v.requestCountry(used)
	for _, id := range v.order {
		c := v.cands[id]
		if c.NoData || v.rejected[id] != "" || used[id] || !v.observedInSpan(c) {
			continue
		}
		if val, dec := score(s, c, freq); val > 0 {
			// A series asked for with no economy, next to series of one
			// economy ("M2 and headline CPI"), is of that economy when a
			// row of it fits as well.
			if s.country.iso3 == "" && oneHome && !countryFits(subject{country: home}, c) {
				val -= 0.5
			}
			all = append(all, sc{c, val, dec})
		}
	}
	if len(all) == 0 {
		return Candidate{}, false, 0
	}
	slices.SortStableFunc(all, func(a, b sc) int {
		switch {
		case a.v > b.v:
			return -1
		case a.v < b.v:
			return 1
		}
		return 0
	})
	top := 1
	for top < len(all) && all[top].v == all[0].v {
		top++
	}
	// Rows alike but for their unit: the one in a unit the table already
	// uses keeps the table comparable ("and net debt for the same
	// countries" after debt in percent of GDP).
	units := map[string]bool{}
	for _, c := range v.seriesColumns() {
		// The unit as the row said it, this request or an earlier one.
		if u := v.row(c).Unit; u != "" {
			units[u] = true
		}
	}
	ties := all[:top]
	if same := slices.DeleteFunc(slices.Clone(ties), func(x sc) bool { return !units[x.c.Unit] }); len(same) > 0 {
		ties = same
	}
	// Rows the words cannot tell apart: the search ranked them, and the
	// analyst takes the one it showed first, as a reader of a result list
	// does. (all is sorted stably, in order of first appearance.)
	return ties[0].c, ties[0].d, len(all)
}

func (p Policy) rng(key string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(key))
	return rand.New(rand.NewPCG(p.Seed, h.Sum64()))
}

// saysReal: a row's words say it is not at current prices.
func saysReal(text map[string]bool) bool {
	for w := range text {
		if vocab.realWords[w] {
			return true
		}
	}
	return false
}

// namesCode: the subject is one word, the code of the candidate (its id
// without the namespace), as the analyst may have typed it.
func namesCode(s subject, c Candidate) bool {
	if len(s.terms) != 1 || !countryFits(s, c) {
		return false
	}
	_, code, _ := strings.Cut(c.ID, ":")
	return code != "" && s.terms[0] == stem(strings.ToLower(code))
}

// adjustPhrase: how an analyst asks for seasonally adjusted or unadjusted
// data, once abbreviations are written out ("sa", "nsa").
var adjustPhrase = regexp.MustCompile(`\b(?:(?:not|non)[- ]?)?seasonally[- ]adj(?:usted|\.|\b)|\bunadjusted\b|\bs\.a\.|\bsaar\b`) // SAAR: seasonally adjusted, at an annual rate

// adjustment reads an adjustment phrase as "SA" or "NSA".
func adjustment(phrase string) string {
	p := strings.ToLower(phrase)
	if strings.HasPrefix(p, "not") || strings.HasPrefix(p, "non") || strings.Contains(p, "unadjusted") {
		return "NSA"
	}
	return "SA"
}

// adjustmentOf is a row's seasonal adjustment: its field, else what its
// title says, else "" (unknown).
func adjustmentOf(c Candidate) string {
	if c.SA != "" {
		return c.SA
	}
	if m := adjustPhrase.FindString(strings.ToLower(c.Title)); m != "" {
		return adjustment(m)
	}
	return ""
}

// requestCountry is the one economy of the series the request has settled
// on and of the table's series columns, if they have exactly one.
func (v view) requestCountry(used map[string]bool) (country, bool) {
	seen := map[string]bool{}
	for id := range used {
		c := v.cands[id]
		cc := c.Country
		if cc == "" {
			src, _, _ := strings.Cut(id, ":")
			cc = vocab.sourceHome[src]
		}
		if cc != "" {
			seen[strings.ToUpper(cc)] = true
		}
	}
	for _, c := range v.seriesColumns() {
		if cc := v.colCountry(c); cc != "" {
			seen[cc] = true
		}
	}
	if len(seen) != 1 {
		return country{}, false
	}
	for cc := range seen {
		return vocab.region(cc)
	}
	return country{}, false
}

// observedInSpan: a row whose observations, as its line shows them, end
// before the span the request asks for or start after it has nothing to
// put in the table (a CPI listed from 2003 and held from 2020, for
// 2000–2019). A row whose line shows no observed span is held over its
// coverage.
func (v view) observedInSpan(c Candidate) bool {
	year := func(d string) string { return d[:min(len(d), 4)] }
	if c.ObsEnd != "" && v.span[0] != "" && year(c.ObsEnd) < v.span[0] {
		return false
	}
	if c.ObsStart != "" && v.span[1] != "" && year(c.ObsStart) > v.span[1] {
		return false
	}
	return true
}

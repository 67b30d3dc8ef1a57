// Package query turns a plain-language catalog question into what the
// search engine can use: cleaned terms, the countries, US states,
// frequency, seasonal adjustment, units and sources it asks for, and
// weighted synonym expansions. Every mapping is data in data/ (embedded),
// reviewable and extendable without touching code. Understanding.Boost
// scores a catalog row's metadata against what the question asks for.
package query

import (
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// Understanding is what a query asks for.
type Understanding struct {
	Query string `json:"query"`
	// Terms are the query's content words, analysed (folded case and
	// accents, spelling variants, plurals; stop words and codes removed),
	// in order, repeats kept.
	Terms []string `json:"terms"`
	// TopicTerms are Terms without the words that only named a country,
	// US state, frequency, seasonal adjustment or source: what the series
	// is about.
	TopicTerms []string `json:"topic_terms"`
	// IDs are series codes written in the query, as written ("TP.FG.J0").
	IDs []string `json:"ids,omitempty"`
	// Countries are ISO3 codes, in order of first mention.
	Countries []string `json:"countries,omitempty"`
	// States are USPS codes of US states named in the query.
	States []string `json:"states,omitempty"`
	// Frequency asked for (Unknown when none) and how surely (0..1).
	Frequency       catalogsrc.Frequency `json:"frequency,omitempty"`
	FrequencyWeight float64              `json:"frequency_weight,omitempty"`
	// SeasonalAdjustment is "SA", "NSA" or "".
	SeasonalAdjustment string `json:"seasonal_adjustment,omitempty"`
	// Units are unit hints: percent, rate, ratio, percent_of_gdp, index,
	// usd, try, eur, national_currency, thousands, millions, billions,
	// per_capita, percent_change (see data/units.tsv).
	Units []string `json:"units,omitempty"`
	// Sources are source namespaces the query names, strongest first.
	Sources []SourceHint `json:"sources,omitempty"`
	// Expansions are synonyms and spelled-out acronyms of query phrases.
	Expansions []Expansion `json:"expansions,omitempty"`
	// ExcludedTerms are topic words the query names only inside a clause
	// of what it leaves out ("CPI excluding food": food).
	ExcludedTerms []string `json:"excluded_terms,omitempty"`
	// WantsArchived is set when the query asks for archived, discontinued
	// or historical series.
	WantsArchived bool `json:"wants_archived,omitempty"`
	// WantsSubnational is set when the query itself names a level below
	// the nation (a word of data/subnational.tsv: "northeast", "county"):
	// rows of that level are then not taken down for it.
	WantsSubnational bool `json:"wants_subnational,omitempty"`

	p *Parser
}

// SourceHint is a source namespace named by the query, with a weight in (0, 1].
type SourceHint struct {
	Namespace string  `json:"namespace"`
	Weight    float64 `json:"weight"`
}

// Expansion is a phrase that may stand for part of the query in catalog
// labels: "cpi" → "consumer price index".
type Expansion struct {
	From   string   `json:"from"`   // the query phrase, analysed
	Phrase string   `json:"phrase"` // the expansion, analysed words joined by spaces
	Terms  []string `json:"terms"`  // the expansion's content words
	Weight float64  `json:"weight"` // 0 < w <= 1
}

// Parser parses queries with a vocabulary and a country table.
type Parser struct {
	v         *Vocabulary
	countries *countryIndex
}

// NewParser builds a parser. Use TableCountries() for the project's table.
func NewParser(v *Vocabulary, countries []Country) *Parser {
	return &Parser{v: v, countries: newCountryIndex(v, countries)}
}

var (
	defaultOnce   sync.Once
	defaultParser *Parser
)

// Default returns the parser built from the embedded vocabulary and the
// project's country table.
func Default() *Parser {
	defaultOnce.Do(func() { defaultParser = NewParser(DefaultVocabulary(), TableCountries()) })
	return defaultParser
}

// Parse parses q with the default parser.
func Parse(q string) Understanding { return Default().Parse(q) }

// Vocabulary returns the parser's vocabulary.
func (p *Parser) Vocabulary() *Vocabulary { return p.v }

// Parse reads what q asks for.
func (p *Parser) Parse(q string) Understanding {
	u := Understanding{Query: q, p: p}
	toks := p.v.analyze(q)
	facet := make([]bool, len(toks)) // token only names a facet

	states := p.v.stateSpans(toks)
	inState := make([]bool, len(toks))
	for _, s := range states {
		for i := s.start; i < s.end; i++ {
			inState[i], facet[i] = true, true
		}
	}
	named := p.findCountries(&u, toks, facet, inState, states)
	if len(u.Countries) == 0 && len(u.States) > 0 {
		// A US state named alone asks for US rows: "banks in Texas" is
		// not about Croatia's banks.
		u.Countries = []string{"USA"}
	}
	if len(u.Countries) == 0 && len(u.States) == 0 {
		// "the Fed", "TLREF", "lira": a country implied by an institution
		// or a currency, used only when the query names none.
		for _, s := range p.v.implied.scan(toks) {
			u.Countries = appendUnique(u.Countries, s.values...)
		}
	}
	p.findFrequency(&u, toks, facet)
	opposite := make([]bool, len(toks)) // words that would match the adjustment not asked for
	for _, s := range p.v.seasonal.scan(toks) {
		u.SeasonalAdjustment = s.values[0] // the last mention wins
		mark(facet, s)
		if s.values[0] == "NSA" {
			// "not seasonally adjusted": its "seasonally adjusted" would
			// match the labels of adjusted rows in the text search.
			for i := s.start; i < s.end; i++ {
				opposite[i] = p.v.saWords[toks[i].norm]
			}
		}
	}
	for _, s := range p.v.unitQuery.scan(toks) {
		u.Units = appendUnique(u.Units, s.values...)
	}
	p.findSources(&u, toks, facet)
	p.findArchivedAsk(&u, toks, opposite)
	p.findExpansions(&u, toks)
	u.WantsSubnational = p.v.subnational.contains(toks)

	for i, t := range toks {
		switch {
		case t.code:
			u.IDs = appendUnique(u.IDs, t.raw)
		case p.v.stop[t.norm], opposite[i]:
		default:
			u.Terms = append(u.Terms, t.norm)
			if !facet[i] {
				u.TopicTerms = append(u.TopicTerms, t.norm)
			}
		}
	}
	u.Terms = append(u.Terms, named...)
	for _, w := range p.v.ExcludedTerms(q) {
		if slices.Contains(u.TopicTerms, w) {
			u.ExcludedTerms = appendUnique(u.ExcludedTerms, w)
		}
	}
	return u
}

// findArchivedAsk sets WantsArchived when the query asks for archived,
// discontinued or historical rows, unless it says it does not ("not
// archived", "excluding discontinued", "non-archived"): then those words
// are kept out of the text search (opposite), where they would match the
// archived rows' labels.
func (p *Parser) findArchivedAsk(u *Understanding, toks []qtoken, opposite []bool) {
	for _, s := range p.v.archivedAsk.scan(toks) {
		neg := s.start - 1
		for neg >= 0 && p.v.stop[toks[neg].norm] && !p.v.archivedNot[toks[neg].norm] {
			neg-- // "not the archive"
		}
		if neg >= 0 && p.v.archivedNot[toks[neg].norm] {
			for i := neg; i < s.end; i++ {
				opposite[i] = true
			}
			continue
		}
		u.WantsArchived = true
	}
	// A negation the analysis joined to its word ("nonarchived").
	for i, t := range toks {
		if rest, ok := strings.CutPrefix(t.norm, "non"); ok && p.v.archivedNot["non"] && rest != "" && p.v.archivedAsk.contains(p.v.analyze(rest)) {
			opposite[i] = true
		}
	}
}

func mark[T any](facet []bool, s span[T]) {
	for i := s.start; i < s.end; i++ {
		facet[i] = true
	}
}

func appendUnique(list []string, vals ...string) []string {
	for _, v := range vals {
		found := false
		for _, x := range list {
			if x == v {
				found = true
				break
			}
		}
		if !found {
			list = append(list, v)
		}
	}
	return list
}

// findCountries adds countries named by name, alias or demonym, and by
// ISO2/ISO3 code written in capitals. Names inside a US state's name ("New
// Mexico") are not countries. A code is not read as a country when it is a
// word of the vocabulary ("SA", "NPL", "TL") or when the whole query is in
// capitals.
//
// It returns the names of the countries the query named only by their
// people ("Iraqis visit Turkey"), analysed, for the text search: a row
// holds one country in its metadata, so a second one is in its label
// ("IRAQ - Number of Visitors"), which writes the name.
func (p *Parser) findCountries(u *Understanding, toks []qtoken, facet, inState []bool, states []span[string]) (named []string) {
	shouting := isShouting(toks)
	type found struct {
		iso3 string
		s    span[string]
	}
	var hits []found
	names := p.lowerAbbrevs(toks)
	for i := 0; i < len(toks); {
		if n, vals := p.countries.names.longestAt(names, i); n > 0 {
			hits = append(hits, found{vals[0], span[string]{start: i, end: i + n}})
			i += n
			continue
		}
		t := toks[i]
		if iso3, ok := p.countries.codes[t.raw]; ok && !shouting && t.upper && !t.code && !p.v.reserved[t.norm] && len(t.raw) <= 3 {
			hits = append(hits, found{iso3, span[string]{start: i, end: i + 1}})
		}
		i++
	}
	usa := false
	countrySpans := map[[2]int]bool{}
	for _, h := range hits {
		usa = usa || h.iso3 == "USA"
		countrySpans[[2]int{h.s.start, h.s.end}] = true
	}
	stateSpans := map[[2]int]bool{}
	for _, s := range states {
		stateSpans[[2]int{s.start, s.end}] = true
	}
	// A country named only in its currency ("US dollars", "Turkish
	// lira") is what the figures are counted in when another country is
	// named outright: "UK GDP per capita in US dollars" asks about the
	// United Kingdom. Named only so ("yen per US dollar"), it stays.
	inCurrency := p.currencyWords(toks, p.v.unitQuery)
	currencyOf := func(h found) bool { return inCurrency.of(h.s) != "" }
	var demonymOf []string
	outright := false
	for _, h := range hits {
		outright = outright || !currencyOf(h) && !inState[h.s.start]
	}
	for _, h := range hits {
		// A country name inside a state's name ("New Mexico") is not a
		// country. A name that is both ("Georgia") is the state when the
		// query also names the United States, otherwise the country.
		if inState[h.s.start] && (usa || !stateSpans[[2]int{h.s.start, h.s.end}]) {
			continue
		}
		if outright && currencyOf(h) {
			continue
		}
		u.Countries = appendUnique(u.Countries, h.iso3)
		mark(facet, h.s)
		words := make([]string, 0, h.s.end-h.s.start)
		for _, t := range toks[h.s.start:h.s.end] {
			words = append(words, t.norm)
		}
		if p.countries.demonym[strings.Join(words, " ")] {
			demonymOf = append(demonymOf, h.iso3)
		}
	}
	// Only beside a second country: a query about one country's people
	// ("Turkish exports") is answered by the country facet alone, and the
	// name as a word would favour rows that repeat it in their label.
	if len(u.Countries) >= 2 {
		for _, iso3 := range demonymOf {
			for _, w := range p.countries.nameWords[iso3] {
				if !slices.Contains(named, w) {
					named = append(named, w)
				}
			}
		}
	}
	for _, s := range states {
		if !usa && countrySpans[[2]int{s.start, s.end}] {
			continue // read as the country
		}
		u.States = appendUnique(u.States, s.values[0])
	}
	return named
}

// currencyMask holds, for each word, the currency a phrase covering it
// names ("usd"), or "".
type currencyMask []string

// currencyWords marks the words of toks that one of set's currency
// phrases covers.
func (p *Parser) currencyWords(toks []qtoken, set *phraseSet[string]) currencyMask {
	m := make(currencyMask, len(toks))
	for _, s := range set.scan(toks) {
		for _, h := range s.values {
			if p.v.unitGroup[h] != "currency" {
				continue
			}
			for i := s.start; i < s.end; i++ {
				m[i] = h
			}
			break
		}
	}
	return m
}

// of returns the currency a country name at s names: the one it is in
// ("US dollar") or stands right before ("Japanese" before "yen"), or "".
func (m currencyMask) of(s span[string]) string {
	if len(m) == 0 {
		return ""
	}
	if m[s.start] != "" {
		return m[s.start]
	}
	if s.end < len(m) {
		return m[s.end]
	}
	return ""
}

// isShouting reports whether most words are written in capitals, so that
// capitals say nothing about codes ("GDP IN INDIA").
// lowerAbbrevs returns toks with the words that may stand for a
// country's abbreviation in lower case ("us cpi": the United States)
// marked as capitals, for the country names alone: such a word does
// when "the" comes before it ("rates in the us"), or when no other word
// of the query is a stop word, so that the query is a string of
// keywords rather than a sentence in which "us" is a pronoun ("tell us
// about inflation", "show us gdp").
func (p *Parser) lowerAbbrevs(toks []qtoken) []qtoken {
	stops := 0
	for _, t := range toks {
		if p.v.stop[t.norm] {
			stops++
		}
	}
	var out []qtoken
	for i, t := range toks {
		if t.upper || t.code || !isLowerWord(t.raw) {
			continue
		}
		ownStop := 0
		if p.v.stop[t.norm] {
			ownStop = 1
		}
		if stops-ownStop == 0 || i > 0 && toks[i-1].norm == "the" {
			if out == nil {
				out = slices.Clone(toks)
			}
			out[i].upper = true
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// isLowerWord reports whether s is all lower-case letters.
func isLowerWord(s string) bool {
	for _, r := range s {
		if !unicode.IsLower(r) {
			return false
		}
	}
	return s != ""
}

func isShouting(toks []qtoken) bool {
	words, upper := 0, 0
	for _, t := range toks {
		if t.code {
			continue
		}
		words++
		if t.upper {
			upper++
		}
	}
	return words >= 3 && upper*5 >= words*3
}

// findFrequency keeps the strongest frequency phrase; phrases mapped to "-"
// ("annual rate", "month on month") hide the shorter words they contain.
func (p *Parser) findFrequency(u *Understanding, toks []qtoken, facet []bool) {
	for _, s := range p.v.frequency.scan(toks) {
		h := s.values[0]
		if h.freq == catalogsrc.Unknown {
			continue
		}
		if s.start > 0 && isNumber(toks[s.start-1].norm) {
			continue // "3-month", "90 day": a maturity or horizon, not how often
		}
		mark(facet, s)
		if h.weight > u.FrequencyWeight {
			u.Frequency, u.FrequencyWeight = h.freq, h.weight
		}
	}
}

// isNumber reports whether a folded word is written in digits.
func isNumber(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func (p *Parser) findSources(u *Understanding, toks []qtoken, facet []bool) {
	best := map[string]float64{}
	var order []string
	for _, s := range p.v.sourceQuery.scan(toks) {
		used := false
		for _, h := range s.values {
			if !anyIn(h.countries, u.Countries) {
				continue
			}
			used = true
			for _, ns := range h.namespaces {
				if _, ok := best[ns]; !ok {
					order = append(order, ns)
				}
				if h.weight > best[ns] {
					best[ns] = h.weight
				}
			}
		}
		if used {
			mark(facet, s)
		}
	}
	for _, ns := range order {
		u.Sources = append(u.Sources, SourceHint{Namespace: ns, Weight: best[ns]})
	}
	// strongest first, stable
	for i := 1; i < len(u.Sources); i++ {
		for j := i; j > 0 && u.Sources[j].Weight > u.Sources[j-1].Weight; j-- {
			u.Sources[j], u.Sources[j-1] = u.Sources[j-1], u.Sources[j]
		}
	}
}

// anyIn reports whether a condition list is empty or shares a code with have.
func anyIn(cond, have []string) bool {
	if len(cond) == 0 {
		return true
	}
	for _, c := range cond {
		for _, h := range have {
			if c == h {
				return true
			}
		}
	}
	return false
}

// findExpansions collects synonym expansions of every phrase of the query,
// trying every start position and every phrase length (so "core inflation"
// and "inflation" both expand); the strongest weight of a repeated
// expansion is kept.
func (p *Parser) findExpansions(u *Understanding, toks []qtoken) {
	index := map[string]int{}
	for i := range toks {
		for _, e := range p.v.synonyms.byFirst[toks[i].norm] {
			if !e.matchesAt(toks, i) {
				continue
			}
			for _, syn := range e.values {
				if !anyIn(syn.countries, u.Countries) {
					continue
				}
				phrase := strings.Join(syn.expansion.words, " ")
				if j, ok := index[phrase]; ok {
					if syn.weight > u.Expansions[j].Weight {
						u.Expansions[j].Weight = syn.weight
						u.Expansions[j].From = strings.Join(e.key.words, " ")
					}
					continue
				}
				var terms []string
				for _, w := range syn.expansion.words {
					if !p.v.stop[w] {
						terms = append(terms, w)
					}
				}
				index[phrase] = len(u.Expansions)
				u.Expansions = append(u.Expansions, Expansion{
					From:   strings.Join(e.key.words, " "),
					Phrase: phrase,
					Terms:  terms,
					Weight: syn.weight,
				})
			}
		}
	}
}

package sim

import (
	"embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/internal/countries"
)

// The sim's knowledge of language, read from data/ (see data/README.md):
// general knowledge a model brings, none of it about a catalog or a
// question set.

//go:embed data/*.tsv data/*.txt
var dataFS embed.FS

// vocabulary is everything data/ holds, parsed.
type vocabulary struct {
	synonyms      map[string][]string
	stopwords     map[string]bool
	operations    []operation
	concepts      []concept
	convert       []freqPhrase // phrases that ask for a lower frequency
	at            []freqPhrase // phrases that ask for the table's frequency
	regions       []country
	aliases       [][2]string    // lowercase alias → iso3, longest first
	markets       [][2]string    // a series' name that says its economy (markets.tsv) → iso3, longest first
	bankRate      *regexp.Regexp // an institution's name before "rate": its policy rate ("the ECB rate")
	sourceHome    map[string]string
	abbrev        [][2]string       // abbreviation → meaning, longest first
	compounds     []string          // names holding "and" that name one thing, longest first
	currencyCodes map[string]string // ISO 4217 code → the currency's name
	weak          map[string]bool
	currencies    map[string]bool
	groups        []group             // longest name first
	units         [][2]string         // phrase → the words of the unit it asks for, longest phrase first
	publishers    map[string][]string // a publisher's name → the source namespaces of its rows
	publisherRe   *regexp.Regexp
	unitPhrases   *regexp.Regexp
	eventSpan     *regexp.Regexp      // "since the financial crisis", "after the euro was launched"
	framing       *regexp.Regexp      // "Doing a note on …": a sentence that says what the work is for
	rateWords     map[string]bool     // words that name a rate of change
	levelWords    map[string]bool     // words that name a level
	nominalWords  map[string]bool     // words that ask for current prices
	qualifiers    map[string]bool     // words that qualify a series and name none ("constant prices")
	variants      map[string]bool     // words naming a version of a concept ("core", "headline")
	wholeVersions map[string]bool     // versions that are the concept itself ("overall", "headline"): a row saying no other version
	resultOps     map[string]string   // a noun naming an arithmetic by its result → its op ("relative" → share)
	resultFiller  map[string]bool     // words beside such a noun that say nothing of which columns
	lookVerbs     map[string]bool     // verbs of looking before a phrase that points back ("check")
	realWords     map[string]bool     // words of a row that say it is not at current prices
	opposites     map[string][]string // a word → words naming the other side of its statistic
}

// operation is one way arithmetic between two series is said.
type operation struct {
	op      string
	re      *regexp.Regexp // groups a and b
	literal int            // words of the pattern that are not slots
	pattern string         // as written in operations.tsv
}

// group is a named group of economies ("the G7").
type group struct {
	name    string
	members []country
}

// literalWords counts a pattern's words that are not {a} or {b} slots.
func literalWords(pattern string) int {
	n := 0
	for _, w := range strings.Fields(pattern) {
		if !strings.Contains(w, "{") {
			n++
		}
	}
	return n
}

// concept is a phrase that names a computation on other series.
type concept struct {
	op       string
	re       *regexp.Regexp // optional group x
	operands []string       // may hold {x}
}

type freqPhrase struct {
	phrase, freq, method string
}

var vocab = mustLoadVocabulary()

func mustLoadVocabulary() *vocabulary {
	v, err := loadVocabulary()
	if err != nil {
		panic(err)
	}
	return v
}

func dataLines(name string) ([][]string, error) {
	b, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		return nil, err
	}
	var out [][]string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		out = append(out, strings.Split(l, "\t"))
	}
	return out, nil
}

func loadVocabulary() (*vocabulary, error) {
	v := &vocabulary{synonyms: map[string][]string{}, stopwords: map[string]bool{}, sourceHome: map[string]string{}}
	rows, err := dataLines("sources.tsv")
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		if len(r) != 2 {
			return nil, fmt.Errorf("sim: data/sources.tsv row %d: want 2 columns", i+1)
		}
		v.sourceHome[r[0]] = r[1]
	}
	rows, err = dataLines("abbreviations.tsv")
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		if len(r) != 2 {
			return nil, fmt.Errorf("sim: data/abbreviations.tsv row %d: want 2 columns", i+1)
		}
		v.abbrev = append(v.abbrev, [2]string{r[0], r[1]})
	}
	slices.SortStableFunc(v.abbrev, func(a, b [2]string) int { return len(b[0]) - len(a[0]) })
	rows, err = dataLines("compounds.txt")
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		v.compounds = append(v.compounds, strings.Join(r, " "))
	}
	slices.SortStableFunc(v.compounds, func(a, b string) int { return len(b) - len(a) })
	v.weak = map[string]bool{}
	rows, err = dataLines("weakwords.txt")
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		for _, w := range strings.Fields(strings.Join(r, " ")) {
			v.weak[stem(w)] = true
		}
	}
	rows, err = dataLines("currencycodes.tsv")
	if err != nil {
		return nil, err
	}
	v.currencyCodes = map[string]string{}
	for i, r := range rows {
		if len(r) != 2 {
			return nil, fmt.Errorf("sim: data/currencycodes.tsv row %d: want a code and a name", i+1)
		}
		v.currencyCodes[r[0]] = r[1]
	}
	rows, err = dataLines("publishers.tsv")
	if err != nil {
		return nil, err
	}
	v.publishers = map[string][]string{}
	var names []string
	for i, r := range rows {
		if len(r) != 2 || len(strings.Fields(r[1])) == 0 {
			return nil, fmt.Errorf("sim: data/publishers.tsv row %d: want a name and its namespaces", i+1)
		}
		v.publishers[r[0]] = strings.Fields(r[1])
		names = append(names, r[0])
	}
	slices.SortStableFunc(names, func(a, b string) int { return len(b) - len(a) })
	for i, n := range names {
		names[i] = regexp.QuoteMeta(n)
	}
	v.publisherRe = regexp.MustCompile(`(?:^|[^\pL\pN])(` + strings.Join(names, "|") + `)(?:'s)?(?:[^\pL\pN]|$)`)
	rows, err = dataLines("units.tsv")
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		if len(r) != 2 {
			return nil, fmt.Errorf("sim: data/units.tsv row %d: want a unit and its phrases", i+1)
		}
		for _, ph := range strings.Split(r[1], "|") {
			v.units = append(v.units, [2]string{strings.TrimSpace(ph), r[0]})
		}
	}
	slices.SortStableFunc(v.units, func(a, b [2]string) int { return len(b[0]) - len(a[0]) })
	var alts []string
	for _, u := range v.units {
		// A phrase ending in a sign ("us$") ends there: no word
		// boundary follows a sign before a space.
		end := `(?:\b|$)`
		if r, _ := utf8.DecodeLastRuneInString(u[0]); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			end = ""
		}
		alts = append(alts, regexp.QuoteMeta(u[0])+end)
	}
	v.unitPhrases = regexp.MustCompile(`(?i)(?:^|\b)(?:` + strings.Join(alts, "|") + `)`)
	rows, err = dataLines("groups.tsv")
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		if len(r) != 3 {
			return nil, fmt.Errorf("sim: data/groups.tsv row %d: want name, members and names", i+1)
		}
		var members []country
		for _, code := range strings.Fields(r[1]) {
			c, ok := v.region(code)
			if !ok {
				return nil, fmt.Errorf("sim: data/groups.tsv row %d: unknown economy %q", i+1, code)
			}
			members = append(members, c)
		}
		for _, name := range strings.Split(r[2], "|") {
			v.groups = append(v.groups, group{name: strings.TrimSpace(name), members: members})
		}
	}
	slices.SortStableFunc(v.groups, func(a, b group) int { return len(b.name) - len(a.name) })
	rows, err = dataLines("currencies.txt")
	if err != nil {
		return nil, err
	}
	v.currencies = map[string]bool{}
	for _, r := range rows {
		for _, w := range strings.Fields(strings.Join(r, " ")) {
			v.currencies[stem(w)] = true
		}
	}
	rows, err = dataLines("events.txt")
	if err != nil {
		return nil, err
	}
	var events []string
	for _, r := range rows {
		for _, w := range strings.Fields(strings.Join(r, " ")) {
			events = append(events, regexp.QuoteMeta(w))
		}
	}
	v.eventSpan = eventSpanRegexp(events)
	if v.framing, err = loadFraming(); err != nil {
		return nil, err
	}
	v.rateWords, v.levelWords, v.nominalWords, v.realWords, v.qualifiers, v.variants, v.wholeVersions = map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	rows, err = dataLines("measures.tsv")
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		if len(r) != 2 || !slices.Contains([]string{"rate", "level", "nominal", "real", "qualifier", "variant", "whole"}, r[0]) {
			return nil, fmt.Errorf("sim: data/measures.tsv row %d: want rate, level, nominal, real, qualifier, variant or whole, and words", i+1)
		}
		m := map[string]map[string]bool{"rate": v.rateWords, "level": v.levelWords, "nominal": v.nominalWords, "real": v.realWords, "qualifier": v.qualifiers, "variant": v.variants, "whole": v.wholeVersions}[r[0]]
		for _, w := range strings.Fields(r[1]) {
			m[stem(w)] = true
		}
	}
	rows, err = dataLines("references.tsv")
	if err != nil {
		return nil, err
	}
	v.resultOps, v.resultFiller, v.lookVerbs = map[string]string{}, map[string]bool{}, map[string]bool{}
	for i, r := range rows {
		switch {
		case len(r) == 3 && r[0] == "result":
			v.resultOps[stem(r[1])] = r[2]
		case len(r) == 2 && r[0] == "filler":
			for _, w := range strings.Fields(r[1]) {
				v.resultFiller[stem(w)] = true
			}
		case len(r) == 2 && r[0] == "look":
			for _, w := range strings.Fields(r[1]) {
				v.lookVerbs[w] = true
			}
		default:
			return nil, fmt.Errorf("sim: data/references.tsv row %d: want result, a noun and an op; filler or look and words", i+1)
		}
	}
	rows, err = dataLines("synonyms.tsv")
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		if len(r) != 2 {
			return nil, fmt.Errorf("sim: data/synonyms.tsv row %d: want 2 columns, got %d", i+1, len(r))
		}
		v.synonyms[r[0]] = strings.Fields(r[1])
	}
	rows, err = dataLines("opposites.tsv")
	if err != nil {
		return nil, err
	}
	v.opposites = map[string][]string{}
	for i, r := range rows {
		if len(r) != 2 {
			return nil, fmt.Errorf("sim: data/opposites.tsv row %d: want 2 columns, got %d", i+1, len(r))
		}
		a, b := stem(r[0]), stem(r[1])
		v.opposites[a] = append(v.opposites[a], b)
		v.opposites[b] = append(v.opposites[b], a)
	}
	rows, err = dataLines("stopwords.txt")
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		for _, w := range strings.Fields(strings.Join(r, " ")) {
			v.stopwords[w] = true
			v.stopwords[stem(w)] = true // terms are compared stemmed: "does" is "doe"
		}
	}
	rows, err = dataLines("operations.tsv")
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		if len(r) != 2 || strings.Contains(r[1], "{a}") && !strings.Contains(r[1], "{b}") {
			return nil, fmt.Errorf("sim: data/operations.tsv row %d: want op and a pattern with {a} and {b}, {b} alone, or neither", i+1)
		}
		v.operations = append(v.operations, operation{op: r[0], re: phraseRegexp(r[1]), literal: literalWords(r[1]), pattern: r[1]})
	}
	// The most specific pattern is tried first: "{a} spread over {b}"
	// before "{a} over {b}". Equally specific ones keep the file's order.
	slices.SortStableFunc(v.operations, func(a, b operation) int { return b.literal - a.literal })
	rows, err = dataLines("concepts.tsv")
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		if len(r) != 3 {
			return nil, fmt.Errorf("sim: data/concepts.tsv row %d: want pattern, op and operands", i+1)
		}
		// A concept's name is written with hyphens as often as spaces
		// ("same real-rate calc").
		v.concepts = append(v.concepts, concept{op: r[1], re: phraseRegexpSep(r[0], `[ -]`), operands: strings.Split(r[2], "|")})
	}
	rows, err = dataLines("frequencies.tsv")
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		for len(r) < 4 {
			r = append(r, "")
		}
		fp := freqPhrase{phrase: r[1], freq: r[2], method: r[3]}
		switch r[0] {
		case "convert":
			v.convert = append(v.convert, fp)
		case "at":
			v.at = append(v.at, fp)
		default:
			return nil, fmt.Errorf("sim: data/frequencies.tsv row %d: kind %q is neither convert nor at", i+1, r[0])
		}
	}
	byLen := func(a, b freqPhrase) int { return len(b.phrase) - len(a.phrase) }
	slices.SortStableFunc(v.convert, byLen)
	slices.SortStableFunc(v.at, byLen)
	rows, err = dataLines("regions.tsv")
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		if len(r) != 3 {
			return nil, fmt.Errorf("sim: data/regions.tsv row %d: want code, name and aliases", i+1)
		}
		v.regions = append(v.regions, country{iso3: r[0], name: r[1]})
		for _, a := range strings.Split(r[2], "|") {
			v.aliases = append(v.aliases, [2]string{strings.ToLower(a), r[0]})
		}
	}
	institutions, err := phraseCodes("institutions.tsv")
	if err != nil {
		return nil, err
	}
	v.aliases = append(v.aliases, institutions...)
	names = make([]string, 0, len(institutions))
	for _, in := range institutions {
		names = append(names, regexp.QuoteMeta(in[0]))
	}
	slices.SortStableFunc(names, func(a, b string) int { return len(b) - len(a) })
	v.bankRate = regexp.MustCompile(`(?i)\b(` + strings.Join(names, "|") + `)('s)?\s+(?:(?:main|key|headline|benchmark|official)\s+)?(rates?)\b`)
	slices.SortStableFunc(v.aliases, func(a, b [2]string) int { return len(b[0]) - len(a[0]) })
	if v.markets, err = phraseCodes("markets.tsv"); err != nil {
		return nil, err
	}
	slices.SortStableFunc(v.markets, func(a, b [2]string) int { return len(b[0]) - len(a[0]) })
	return v, nil
}

// phraseCodes reads a data file of phrase and economy code pairs.
func phraseCodes(name string) ([][2]string, error) {
	rows, err := dataLines(name)
	if err != nil {
		return nil, err
	}
	out := make([][2]string, 0, len(rows))
	for i, r := range rows {
		if len(r) != 2 {
			return nil, fmt.Errorf("sim: data/%s row %d: want phrase and code", name, i+1)
		}
		out = append(out, [2]string{r[0], r[1]})
	}
	return out, nil
}

// phraseRegexp compiles a pattern with {a}, {b} or {x} slots into a
// regexp over a lowercased clause; a slot takes a few words.
func phraseRegexp(p string) *regexp.Regexp { return phraseRegexpSep(p, " ") }

// phraseRegexpSep is phraseRegexp with sep (a regexp) for the spaces
// between the pattern's own words.
func phraseRegexpSep(p, sep string) *regexp.Regexp {
	// A word written "is|are|was" is any of them; "above_or_below"
	// is one alternative of several words.
	lit := func(s string) string {
		ws := strings.Split(s, " ")
		for i, w := range ws {
			alts := strings.Split(w, "|")
			for k, a := range alts {
				alts[k] = strings.ReplaceAll(regexp.QuoteMeta(a), "_", sep)
			}
			if ws[i] = alts[0]; len(alts) > 1 {
				ws[i] = "(?:" + strings.Join(alts, "|") + ")"
			}
		}
		return strings.Join(ws, sep)
	}
	var b strings.Builder
	b.WriteString(`(?:^|\b)`)
	for p != "" {
		i := strings.IndexByte(p, '{')
		if i < 0 {
			b.WriteString(lit(p))
			break
		}
		b.WriteString(lit(p[:i]))
		j := strings.IndexByte(p[i:], '}')
		name := p[i+1 : i+j]
		p = p[i+j+1:]
		lazy := "?"
		if p == "" {
			lazy = "" // the last slot runs to the clause's end
		}
		b.WriteString(`(?P<` + name + `>[\p{L}\p{N}'’%.\- ]+` + lazy + `)`)
		if p == "" {
			return regexp.MustCompile(b.String())
		}
	}
	b.WriteString(`(?:\b|$)`)
	return regexp.MustCompile(b.String())
}

// expandAbbreviations writes out the abbreviations of a lowercased text.
var currencyPairCode = regexp.MustCompile(`(?i)\b([a-z]{3})\s?/\s?([a-z]{3})\b`)

// expandCurrencyPairs writes out a currency pair given by its codes
// ("EUR/USD"), before units are read: it is an exchange rate, not a unit.
func (v *vocabulary) expandCurrencyPairs(text string) string {
	return currencyPairCode.ReplaceAllStringFunc(text, func(m string) string {
		p := currencyPairCode.FindStringSubmatch(m)
		a, okA := v.currencyCodes[strings.ToLower(p[1])]
		b, okB := v.currencyCodes[strings.ToLower(p[2])]
		if !okA || !okB {
			return m
		}
		return a + " " + b + " exchange rate"
	})
}

func (v *vocabulary) expandAbbreviations(low string) string {
	for _, a := range v.abbrev {
		for from := 0; ; {
			i := indexWord(low[from:], a[0])
			if i < 0 {
				break
			}
			i += from
			low = low[:i] + a[1] + low[i+len(a[0]):]
			from = i + len(a[1])
		}
	}
	return low
}

// joinCompounds writes the names of compounds.txt with underscores, so
// that no list is split at the "and" inside them; words() reads them as
// their words again.
func (v *vocabulary) joinCompounds(low string) string {
	for _, c := range v.compounds {
		joined := strings.NewReplacer(", ", "_", " ", "_").Replace(c)
		// "commercial & industrial", "c&i": an ampersand is "and".
		for _, form := range []string{c, strings.ReplaceAll(c, " and ", " & ")} {
			for from := 0; ; {
				i := indexWord(low[from:], form)
				if i < 0 {
					break
				}
				i += from
				low = low[:i] + joined + low[i+len(form):]
				from = i + len(joined)
			}
		}
	}
	return low
}

// weakOnly: every term is a word that alone names no series.
func (v *vocabulary) weakOnly(ts []string) bool {
	for _, t := range ts {
		if !v.weak[t] {
			return false
		}
	}
	return true
}

// region is an economy by code: a region of regions.tsv, or a country.
func (v *vocabulary) region(code string) (country, bool) {
	for _, r := range v.regions {
		if r.iso3 == code {
			return r, true
		}
	}
	if c, ok := countries.Lookup(code); ok {
		return country{c.ISO3, c.Name}, true
	}
	return country{}, false
}

// eventSpanRegexp matches a time phrase anchored on an event rather than a
// date: a preposition of time, up to three words, then an event word
// ("since the global financial crisis") or a verb of happening ("since
// the euro was launched", "after rates started rising").
func eventSpanRegexp(events []string) *regexp.Regexp {
	lead := `\b(?:since|from|after|before|until|till|around|during|following)\s+(?:the\s+)?`
	event := lead + `(?:[a-z0-9'’-]+\s+){0,3}?(?:` + strings.Join(events, "|") + `)\b`
	happened := lead + `(?:[a-z0-9'’-]+\s+){1,3}?(?:was|were|came|began|started|ended|took|hit|went)\b(?:\s+(?:in|into|off|up|down|over|place|effect|power|office)\b)*(?:\s+[a-z]+(?:ed|ing))?`
	return regexp.MustCompile(event + `|` + happened)
}

// currencyPair: the words name two currencies, so the series is a pair's
// exchange rate.
func (v *vocabulary) currencyPair(ts []string) bool {
	n := 0
	for _, t := range ts {
		if v.currencies[stem(t)] {
			n++
		}
	}
	return n >= 2
}

// unitMark stands in a request's text for the unit phrase it replaced:
// letters only, so that it survives tokenizing, and no economy's name.
func unitMark(i int) string { return "zzunit" + string(rune('a'+i)) + "zz" }

var unitMarks = regexp.MustCompile(`zzunit([a-z])zz`)

// markUnits replaces the unit phrases of a text (any case) with marks and
// returns the units in mark order.
func (v *vocabulary) markUnits(text string) (string, []string) {
	var units []string
	mark := func(m string) string {
		if len(units) == 26 {
			return m
		}
		ph := strings.ToLower(m)
		for _, u := range v.units {
			if u[0] == ph {
				units = append(units, u[1])
				return " " + unitMark(len(units)-1) + " "
			}
		}
		return m
	}
	// "% of GDP", "% GDP", "debt/GDP": a word boundary never precedes
	// "%", so it is spelled out, and a ratio to GDP is its percent.
	text = percentOf.ReplaceAllString(text, "percent of")
	text = percentGDP.ReplaceAllString(text, "percent of gdp")
	text = overGDP.ReplaceAllString(text, "$1 percent of gdp")
	var b strings.Builder
	last := 0
	for _, loc := range v.unitPhrases.FindAllStringIndex(text, -1) {
		b.WriteString(text[last:loc[0]])
		last = loc[1]
		// "Compute debt as a percent of GDP": after a verb of arithmetic
		// the phrase asks for a computation, not for rows in that unit.
		sentence := text[:loc[0]]
		if i := strings.LastIndexAny(sentence, ".?!;"); i >= 0 {
			sentence = sentence[i+1:]
		}
		if m := verbSplit.FindAllStringIndex(strings.ToLower(sentence), -1); len(m) > 0 {
			sentence = sentence[m[len(m)-1][0]:] // the clause the phrase is in
		}
		// "debt/GDP ratio": a unit phrase an arithmetic noun follows names
		// the arithmetic, as a verb before it does.
		if computeVerb.MatchString(strings.ToLower(sentence)) || opAfter.MatchString(strings.ToLower(text[loc[1]:])) {
			b.WriteString(text[loc[0]:loc[1]])
			continue
		}
		// "in dollars, not % of GDP": a unit refused is no unit asked for.
		if refusedUnit.MatchString(strings.ToLower(sentence)) {
			b.WriteString(" ")
			continue
		}
		b.WriteString(mark(text[loc[0]:loc[1]]))
	}
	b.WriteString(text[last:])
	return b.String(), units
}

// refusedUnit: the words before a unit phrase refuse it.
var refusedUnit = regexp.MustCompile(`\b(?:not|rather than|instead of|no longer|no more|than)\s+(?:in\s+|as\s+(?:an?\s+)?)?$`)

// opAfter: an arithmetic noun right after a phrase.
var opAfter = regexp.MustCompile(`^\s*(?:ratio|share)\b`)

var (
	percentOf  = regexp.MustCompile(`%\s*of\b`)
	percentGDP = regexp.MustCompile(`(?i)%\s*gdp\b`)
	overGDP    = regexp.MustCompile(`(?i)(\pL)\s*/\s*gdp\b`)
)

// computeVerb: a sentence that asks for arithmetic, so that a unit phrase
// in it ("as a percent of GDP") names the computation. It is deriveVerb's
// list without "take" and "turn", which also open requests for rows, and
// with the verbs that only ask for arithmetic.
var computeVerb = regexp.MustCompile(`\b(?:derive|compute|calculate|work out|express|recompute|divide)\b`)

// publishersIn are the source namespaces of the publishers a lowercased
// text names, and how many publishers with different namespaces it names.
func (v *vocabulary) publishersIn(text string) ([]string, int) {
	var ns []string
	groups := map[string]bool{}
	for _, m := range v.publisherRe.FindAllStringSubmatch(text, -1) {
		got := v.publishers[m[1]]
		groups[strings.Join(got, " ")] = true
		for _, n := range got {
			if !slices.Contains(ns, n) {
				ns = append(ns, n)
			}
		}
	}
	return ns, len(groups)
}

// loadFraming reads data/framing.txt: a sentence that opens with a verb of
// one's own work and a piece of work ("doing a note on", "I'm writing
// something about", "for a briefing on") frames the request.
func loadFraming() (*regexp.Regexp, error) {
	rows, err := dataLines("framing.txt")
	if err != nil {
		return nil, err
	}
	lists := map[string][]string{}
	for i, r := range rows {
		key, words, ok := strings.Cut(strings.Join(r, " "), ":")
		if !ok || (key != "verbs" && key != "nouns") {
			return nil, fmt.Errorf("sim: data/framing.txt row %d: want \"verbs:\" or \"nouns:\" and words", i+1)
		}
		for _, w := range strings.Fields(words) {
			lists[key] = append(lists[key], regexp.QuoteMeta(w))
		}
	}
	if len(lists["verbs"]) == 0 || len(lists["nouns"]) == 0 {
		return nil, fmt.Errorf("sim: data/framing.txt: want both verbs and nouns")
	}
	greeting := `^(?:(?:hi|hey|hello|ok|okay|so|right)\b[,\s]*)*`
	who := `(?:(?:i'?m|i am|we'?re|we are|i'?ve been|we'?ve been)\s+)?`
	fill := `(?:[a-z'’-]+\s+){0,3}?`
	nouns := `(?:` + strings.Join(lists["nouns"], "|") + `)\b`
	return regexp.MustCompile(greeting + `(?:` + who + `(?:` + strings.Join(lists["verbs"], "|") + `)\s+(?:` + fill + nouns + `|(?:about|on)\b)` +
		`|for\s+` + fill + nouns + `\s+(?:on|about|of|for)\b)`), nil
}

// bankRates reads "the ECB rate", "the Fed's key rate": an institution's
// rate is its policy rate.
func (v *vocabulary) bankRates(text string) string {
	return v.bankRate.ReplaceAllString(text, "$1$2 policy $3")
}

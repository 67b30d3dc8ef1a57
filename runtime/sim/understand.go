package sim

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/sextant-dev/sextant/internal/countries"
)

// The sim's reading of an analyst's message: the series it asks for (a
// subject per phrase and country), arithmetic between series, the analysis
// steps, and references back to what earlier turns built. Its vocabulary is
// data (vocab.go); the rules here are grammar: how clauses are split and
// what a clause's verb asks for.

type country struct{ iso3, name string }

// subject is a series to find.
type subject struct {
	phrase  string
	terms   []string
	country country
	unit    string   // the words of the unit asked for ("u.s. dollars"), if one was
	sources []string // the source namespaces of the publisher asked for, if one was
}

func (s subject) key() string {
	return strings.Join(s.terms, " ") + "|" + s.country.iso3 + "|" + s.unit
}

// operand is one input of a derivation: a phrase (a column to find, or a
// series to search for) and its country.
type operand struct {
	phrase  string
	terms   []string
	country country
	back    int       // "them", "it": the back-th most recent column (1-based), 0 when named
	sum     int       // "the two combined": the sum of the sum most recent series columns; -1 all of them
	others  []country // further countries the phrase names ("China and India each as a share of the US")
}

// derivation is a column to compute.
type derivation struct {
	op          string // a single-column op or spread, ratio, share
	operands    []operand
	periods     int
	label       string // the analyst's name for it ("real interest rate"), optional
	fromConcept bool   // read from a concept's name ("real rate"), not spelled out
	// asSeries is what a derivation named only by its words ("add the
	// percent change in consumer prices", no verb) asks for when no column
	// holds its operand: a series saying so.
	asSeries []subject
}

// target is what a change-point or chart clause acts on: a phrase and its
// country, or (empty phrase) "it": what the turn acted on last.
type target struct {
	phrase  string
	country country
}

type intent struct {
	subjects      []subject
	units         []string // the units the request names, by mark (vocabulary.markUnits)
	sources       []string // the namespaces of the one publisher the request names, if it names one
	derives       []derivation
	freq          string // table frequency asked at build (M, Q, A, D, W) or ""
	convert       string // a lower frequency to turn the table into, or ""
	convertMethod string // mean, last, sum or "" (each column's own)
	from, to      string // ISO years
	cpTargets     []target
	chart         bool
	chartTargets  []target
	chartAll      bool
	cpAll         bool      // breaks in every column ("any breaks in those?")
	moreCountries []country // countries a clause names without a concept ("put Germany next to them")
	countries     []country // every country the request names or inherits
}

var (
	sentenceSplit = regexp.MustCompile(`[.?!;:]\s+|[.?!;:]$|\s+[—–]\s+|\s+-\s+|\(|\)`)
	verbSplit     = regexp.MustCompile(`\s+(?:and|then|also|plus)\s+(derive|compute|calculate|work out|chart|draw|plot|graph|find|build|add|show|give|convert|turn|average|look|check|tell|mark|express|run)\b|,\s*(?:and\s+|so\s+|then\s+)?(derive|compute|calculate|chart|draw|plot|graph|find|convert|average|mark)\b`)
	listSplit     = regexp.MustCompile(`,|\s+and\s+|\s+versus\s+|\s+vs\.?\s+|\s+against\s+|\s+with\s+|\s+alongside\s+|\s+next to\s+|\s+plus\s+|\s+together with\s+|\s+as well as\s+|\s+&\s+|\s+or\s+`)
	sinceYear     = regexp.MustCompile(`\b(?:since|from|after|starting(?: in)?|beginning(?: in)?|as of)\s+(?:the\s+)?(?:start of\s+|end of\s+)?(\d{4})\b`)
	untilYear     = regexp.MustCompile(`\b(?:to|until|till|through|thru|up to)\s+(\d{4})\b`)
	betweenYears  = regexp.MustCompile(`\b(?:between|from)\s+(\d{4})\s+(?:and|to|-)\s+(\d{4})\b`)
	yearRange     = regexp.MustCompile(`\b(\d{4})\s*[-–]\s*(\d{4})\b`)
	decade        = regexp.MustCompile(`\b(?:since|from)\s+the\s+(\d{4})s\b`)
	sourcePhrase  = regexp.MustCompile(`\b(?:from|per|according to|by|in)\s+(?:the\s+)?(imf|world bank|bis|fred|oecd|ecb|cbrt|weo|world economic outlook|ilo|ifs|evds|central bank of \w+)(?:'s)?(?:\s+(?:data|figures|database|numbers))?\b|\b(?:the\s+)?(?:imf|world bank|bis|fred|oecd|weo|ilo|ifs|evds)(?:'s)?\s+(?:data|figures|database|numbers|estimates|series)\b`)
	periodsWords  = regexp.MustCompile(`\b(\d+)[- ](month|quarter|year|period|day|week)s?\b`)
	deriveVerb    = regexp.MustCompile(`\b(derive|compute|calculate|work out|take)\b`)
	cpWords       = regexp.MustCompile(`\b(breaks?|change ?points?|structural|regimes?|shifts?|shifted|broke|broken|breakpoints?|turning points?)\b`)
	deriveMarker  = regexp.MustCompile(`\b(moving average|rolling (?:mean|average)|year-on-year|year on year|y/y|yoy|month-on-month|m/m|mom|percent change|% change|growth rates?|rebase|index(?:ed)? to 100|logs?|first differences?)\b`)
	chartWords    = regexp.MustCompile(`\b(chart|charts|plot|plots|draw|graph|graphs|visuali[sz]e)\b`)
	chartAllWords = regexp.MustCompile(`\b(both|all|them|everything|every|these|those|each|the lot|together)\b`)
	eachOne       = regexp.MustCompile(`^(?:and\s+)?(?:each|every|each one|every one|each of them|each of those|all of them|each country|every country)$`)
	basePeriod    = regexp.MustCompile(`\(?\b(?:base\s+)?(?:\d{4}(?:[-/]\d{2,4})?|[a-z]{3}\s+\d{4})\s*=\s*100\b\)?`) // an index's base: "(2003=100)", "2015-16=100"
	percentChange = regexp.MustCompile(`(?:%|\bper\s?cent|\bpct)\s*(?:change|growth)\b`)
	loneAnnual    = regexp.MustCompile(`(?:^|[,;(]|\s-)\s*(?:annual|yearly)\s*(?:[,;.)]|-\s|$)`)
	everyColumn   = regexp.MustCompile(`\b(?:each of (?:them|those|these|the \w+)|each one|every one of them|all of them|all (?:two|three|four|five|six|seven|eight|nine|ten)|each series|each rate|each country|every country)\b`)
	backWords     = regexp.MustCompile(`^(?:them|it|both|those|these|the two|the two series|the two rates|the series|that|this|they)$`)
)

// understand reads the latest analyst message; earlier ones lend it their
// countries when it names none ("for the same three countries").
func understand(text string, earlier []string) intent {
	var in intent
	text, in.units = vocab.markUnits(vocab.expandCurrencyPairs(text))
	low := vocab.expandAbbreviations(strings.ToLower(canonicalCountries(text)))
	low = basePeriod.ReplaceAllString(low, " ")
	low = in.readFrequency(low)
	in.readYears(low)
	inherited := lastCountries(earlier)
	named, _ := findCountries(low)
	in.countries = named
	if len(named) == 0 {
		in.countries = inherited
	}
	for _, sentence := range sentenceSplit.Split(low, -1) {
		idx := verbSplit.FindAllStringSubmatchIndex(sentence, -1)
		start := 0
		for _, m := range idx {
			in.readClause(sentence[start:m[0]], inherited)
			start = m[2]
			if m[2] < 0 {
				start = m[4]
			}
		}
		in.readClause(sentence[start:], inherited)
	}
	in.dropConceptsExplained()
	// One publisher named anywhere in the request decides for every
	// series it asks for; several are read clause by clause.
	if ns, groups := vocab.publishersIn(low); groups == 1 {
		in.sources = ns
		for i := range in.subjects {
			if len(in.subjects[i].sources) == 0 {
				in.subjects[i].sources = ns
			}
		}
	}
	// "When did each of them go below zero? Find the breaks.": a request
	// about every column asks for the breaks of each, even when the
	// clause that asks for breaks names none.
	if !in.cpAll && len(in.cpTargets) > 0 && everyColumn.MatchString(low) &&
		!slices.ContainsFunc(in.cpTargets, func(t target) bool { return t.phrase != "" || t.country.iso3 != "" }) {
		in.cpAll, in.cpTargets = true, nil
	}
	switch {
	case len(in.subjects) == 0 && len(in.derives) == 0 && len(in.cpTargets) == 0 && !in.chart && in.convert == "" && len(named) > 0 && len(earlier) > 0:
		in.repeatFor(named, earlier, true)
	case len(in.moreCountries) > 0 && len(earlier) > 0:
		in.repeatFor(in.moreCountries, earlier, false)
	case len(in.subjects) == 0 && len(in.derives) == 0 && len(in.units) > 0 && len(earlier) > 0:
		in.repeatInUnit(in.units[0], earlier)
	}
	return in
}

// dropConceptsExplained: a message that names a concept and spells out its
// arithmetic ("the real rate - policy rate minus inflation") asks for one
// derivation, the spelled-out one.
func (in *intent) dropConceptsExplained() {
	explicit := map[string]bool{}
	for _, d := range in.derives {
		if !d.fromConcept {
			explicit[d.op] = true
		}
	}
	in.derives = slices.DeleteFunc(in.derives, func(d derivation) bool { return d.fromConcept && explicit[d.op] })
}

// repeatFor reads a message that names only countries ("throw Germany in
// too", "do the same for Brazil and Mexico") as the previous request's
// series and derivations for those countries.
// repeatInUnit reads "now the same on a PPP basis": the series the
// conversation asked for last, in the unit now named, and the
// derivations it asked for last.
func (in *intent) repeatInUnit(unit string, earlier []string) {
	gotSubjects, gotDerives := false, false
	for i := len(earlier) - 1; i >= 0 && !(gotSubjects && gotDerives); i-- {
		prev := understand(earlier[i], earlier[:i])
		if !gotSubjects && len(prev.subjects) > 0 {
			gotSubjects = true
			for _, s := range prev.subjects {
				s.unit = unit
				in.subjects = append(in.subjects, s)
			}
			if len(in.countries) == 0 {
				in.countries = prev.countries
			}
		}
		if !gotDerives && len(prev.derives) > 0 {
			gotDerives = true
			in.derives = append(in.derives, prev.derives...)
		}
	}
}

func (in *intent) repeatFor(cs []country, earlier []string, derivations bool) {
	// The series come from the latest turn that named some, the
	// derivations from the latest turn that asked for some ("do the same
	// for Brazil" after "deflator growth next to CPI inflation" and then
	// "the gap between the two").
	var subjects []subject
	var derives []derivation
	for i := len(earlier) - 1; i >= 0 && (subjects == nil || (derivations && derives == nil)); i-- {
		prev := understand(earlier[i], earlier[:i])
		if subjects == nil && len(prev.subjects) > 0 {
			seen := map[string]bool{}
			subjects = []subject{}
			for _, s := range prev.subjects {
				if !seen[s.phrase] {
					seen[s.phrase] = true
					subjects = append(subjects, s)
				}
			}
		}
		if derives == nil && len(prev.derives) > 0 {
			derives = prev.derives
		}
	}
	for _, s := range subjects {
		for _, c := range cs {
			in.subjects = append(in.subjects, subject{phrase: s.phrase, terms: s.terms, country: c, unit: s.unit})
		}
	}
	if !derivations || len(derives) == 0 {
		return
	}
	in.countries = cs
	dseen := map[string]bool{}
	for _, d := range derives {
		d.operands = slices.Clone(d.operands)
		for i, o := range d.operands {
			// "the two" meant the series named then: the back-th most
			// recent of them.
			if o.back > 0 && o.back <= len(subjects) {
				named := subjects[len(subjects)-o.back]
				o = operand{phrase: named.phrase, terms: named.terms}
			}
			o.country = country{}
			d.operands[i] = o
		}
		key := d.op
		for _, o := range d.operands {
			key += "|" + o.phrase
		}
		if dseen[key] {
			continue
		}
		dseen[key] = true
		in.addDerivation(d)
	}
}

// canonicalCountries writes every country mention by its name, so that
// abbreviations read only in capitals ("US", "UK") survive lowercasing,
// and drops possessive endings ("Brazil's" → "Brazil").
func canonicalCountries(text string) string {
	text = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`).Replace(text)
	text = possessive.ReplaceAllString(text, "$1")
	var b strings.Builder
	last := 0
	for _, m := range countries.FindAll(text) {
		b.WriteString(text[last:m.Start])
		b.WriteString(m.Name)
		last = m.End
	}
	b.WriteString(text[last:])
	return b.String()
}

var possessive = regexp.MustCompile(`(\p{L})'s\b`)

// readFrequency takes out the phrases that ask for a frequency: a
// conversion of the table ("average them by year") or the table's own
// ("monthly"), returning the text without them.
func (in *intent) readFrequency(low string) string {
	for _, fp := range vocab.convert {
		if i := indexWord(low, fp.phrase); i >= 0 {
			in.convert, in.convertMethod = fp.freq, fp.method
			low = low[:i] + " " + low[i+len(fp.phrase):]
			break
		}
	}
	// "annual" alone between commas asks for the table's frequency; next
	// to a concept it is part of it ("annual growth").
	if in.freq == "" && in.convert == "" {
		if loc := loneAnnual.FindStringIndex(low); loc != nil {
			in.freq = "A"
			low = low[:loc[0]] + " , " + low[loc[1]:]
		}
	}
	// Every frequency word is taken out ("the monthly one and the
	// quarterly series, in a quarterly table"); the table is asked at the
	// coarsest named, the one every series can be put at.
	for _, fp := range vocab.at {
		for {
			i := indexWord(low, fp.phrase)
			if i < 0 {
				break
			}
			if in.convert == "" && (in.freq == "" || finer(in.freq, fp.freq)) {
				in.freq = fp.freq
			}
			low = low[:i] + " " + low[i+len(fp.phrase):]
		}
	}
	return low
}

// datePhrase is a date as analysts write one: "January 2020", "the end
// of 2023", "2010Q1", "2000 onwards". Its year bounds the table; the
// phrase names no series.
var datePhrase = regexp.MustCompile(`\b(?:(?:from|since|to|until|till|through|thru|up to|starting(?: in)?|beginning(?: in)?)\s+)?(?:the\s+)?(?:(?:start|beginning|end|middle|mid|first half|second half)\s+of\s+)?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)?(?:\d{4})(?:\s*[-/]?\s*q[1-4]|m\d{1,2}|-\d{2})?(?:\s+(?:onwards?|on|and later|to date|to the latest|to now|to present))?\b`)

var relativeSpan = regexp.MustCompile(`\b(?:over|for|in)?\s*the\s+(?:past|last)\s+(\w+)\s+years\b|\b(?:to|until)\s+(?:the\s+)?(?:latest|present|now|today|date)\b`)

func (in *intent) readYears(low string) {
	switch {
	case betweenYears.MatchString(low):
		m := betweenYears.FindStringSubmatch(low)
		in.from, in.to = m[1], m[2]
	case yearRange.MatchString(low):
		m := yearRange.FindStringSubmatch(low)
		in.from, in.to = m[1], m[2]
	default:
		if m := sinceYear.FindStringSubmatch(low); m != nil {
			in.from = m[1]
		} else if m := decade.FindStringSubmatch(low); m != nil {
			in.from = m[1]
		}
		if m := untilYear.FindStringSubmatch(low); m != nil {
			in.to = m[1]
		}
	}
	// Dates written with months or period ends ("from January 2020 to the
	// end of 2023").
	var years []string
	var toMarks []bool
	for _, m := range datePhrase.FindAllString(low, -1) {
		y := fourDigits.FindString(m)
		if y == "" || !isYear(y) {
			continue
		}
		years = append(years, y)
		toMarks = append(toMarks, strings.HasPrefix(m, "to ") || strings.HasPrefix(m, "until") || strings.HasPrefix(m, "through") ||
			strings.HasPrefix(m, "thru") || strings.HasPrefix(m, "up to") || strings.Contains(m, "end of"))
	}
	switch {
	case len(years) >= 2:
		if in.from == "" {
			in.from = years[0]
		}
		if in.to == "" {
			in.to = years[len(years)-1]
		}
	case len(years) == 1 && toMarks[0] && in.to == "":
		in.to = years[0]
	case len(years) == 1 && !toMarks[0] && in.from == "":
		in.from = years[0]
	}
}

var fourDigits = regexp.MustCompile(`\d{4}`)

func (in *intent) readClause(clause string, inherited []country) {
	clause = strings.TrimSpace(clause)
	if clause == "" {
		return
	}
	switch {
	case cpWords.MatchString(clause):
		// "Mark the break on a chart": a break clause may ask for the chart too.
		if chartWords.MatchString(clause) {
			in.chart = true
			in.chartTargets = append(in.chartTargets, target{})
			clause = chartWords.ReplaceAllString(clause, " ")
		}
		ts := in.targetsOf(clause)
		if len(ts) == 0 && chartAllWords.MatchString(clause) {
			in.cpAll = true
		}
		in.cpTargets = append(in.cpTargets, ts...)
		if len(ts) == 0 && !in.cpAll {
			in.cpTargets = append(in.cpTargets, target{}) // "where did it break?"
		}
	case chartWords.MatchString(clause) && in.readOperation(chartWords.ReplaceAllString(clause, " "), inherited):
		// "Chart money growth minus inflation": chart what the
		// arithmetic makes.
		in.chart = true
		in.chartTargets = append(in.chartTargets, target{})
	case chartWords.MatchString(clause):
		in.chart = true
		rest := chartWords.ReplaceAllString(clause, " ")
		ts := in.targetsOf(rest)
		switch {
		case chartAllWords.MatchString(rest) && len(ts) <= 1:
			in.chartAll = true
		case len(ts) == 0:
			in.chartTargets = append(in.chartTargets, target{}) // "chart it": what the request made or found last
		}
		in.chartTargets = append(in.chartTargets, ts...)
	case in.readOperation(clause, inherited):
	case deriveVerb.MatchString(clause):
		in.readDerivation(clause, inherited, nil)
	case deriveMarker.MatchString(clause):
		var probe intent
		probe.countries = in.countries
		probe.readSeriesClause(clause, inherited)
		in.readDerivation(clause, inherited, probe.subjects)
	default:
		in.readSeriesClause(clause, inherited)
	}
}

// readOperation reads arithmetic between two series ("the policy rate
// minus inflation", "debt as a share of GDP") or a derived concept ("the
// real interest rate"). Operands not yet in the table are series to find.
func (in *intent) readOperation(clause string, inherited []country) bool {
	clause = sourcePhrase.ReplaceAllString(clause, " ")
	for _, op := range vocab.operations {
		m := op.re.FindStringSubmatch(clause)
		if m == nil {
			continue
		}
		label := strings.TrimSpace(clause[:strings.Index(clause, m[0])])
		d := derivation{op: op.op, label: labelOf(label), asSeries: in.clauseAsSeries(clause, inherited)}
		if ia, ib := op.re.SubexpIndex("a"), op.re.SubexpIndex("b"); ia >= 0 && ib >= 0 {
			d.operands = in.operands([]string{m[ia], m[ib]}, clause)
		} else { // "the gap between them": the two most recent columns
			d.operands = []operand{{back: 2}, {back: 1}}
		}
		in.addDerivation(d)
		return true
	}
	for _, c := range vocab.concepts {
		if c.op == "yoy_pct" { // a single-op concept is read where it is an operand
			continue
		}
		m := c.re.FindStringSubmatch(clause)
		if m == nil {
			continue
		}
		x := ""
		if i := c.re.SubexpIndex("x"); i >= 0 {
			x = m[i]
		}
		var phrases []string
		for _, o := range c.operands {
			phrases = append(phrases, strings.ReplaceAll(o, "{x}", x))
		}
		d := derivation{op: c.op, label: labelOf(m[0]), asSeries: in.clauseAsSeries(clause, inherited), fromConcept: true}
		d.operands = in.operands(phrases, clause)
		in.addDerivation(d)
		return true
	}
	return false
}

// clauseAsSeries reads a clause as series of its own: a catalog may
// hold what the analyst describes as arithmetic ("debt as a share of
// GDP", "the 10-year minus 3-month spread") as one published series.
func (in *intent) clauseAsSeries(clause string, inherited []country) []subject {
	var probe intent
	probe.countries = in.countries
	probe.readSeriesClause(strings.NewReplacer(" minus ", " ", " divided by ", " ").Replace(clause), inherited)
	return probe.subjects
}

// operands reads each phrase's words and country. A phrase that names a
// country and no concept ("Brazil's and Mexico's policy rates") takes the
// concept of the other. Unless every operand names its own country, the
// countries are the clause's ("debt as a share of GDP for Brazil and
// Chile"), one derivation each (addDerivation).
func (in *intent) operands(phrases []string, clause string) []operand {
	var out []operand
	for _, p := range phrases {
		p = strings.TrimSpace(deriveVerb.ReplaceAllString(unitMarks.ReplaceAllString(withoutSpans(p), " "), " "))
		cs, rest := findCountries(p)
		o := operand{phrase: strings.TrimSpace(rest), terms: terms(rest)}
		if vocab.weakOnly(o.terms) {
			o.terms = nil
		}
		if len(cs) > 0 {
			o.country, o.others = cs[0], cs[1:]
		}
		bare := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "the "))
		if n, ok := sumOf(bare); ok {
			o = operand{phrase: bare, sum: n}
			out = append(out, o)
			continue
		}
		switch {
		case len(o.terms) == 0 && eachOne.MatchString(bare):
			o.phrase = "*" // every column of the table
		case len(o.terms) == 0 && backWords.MatchString(bare):
			o.back = -1 // resolved below
		}
		out = append(out, o)
	}
	for i := range out {
		if len(out[i].terms) == 0 && out[i].back == 0 && out[i].sum == 0 && out[i].phrase != "*" {
			for j := range out {
				if j != i && len(out[j].terms) > 0 {
					out[i].terms, out[i].phrase = out[j].terms, out[j].phrase
				}
			}
		}
	}
	own := true
	for _, o := range out {
		own = own && o.country.iso3 != ""
	}
	if !own {
		if cs, _ := findCountries(clause); len(cs) > 0 {
			in.countries = cs
		}
		for i := range out {
			out[i].country, out[i].others = country{}, nil
		}
	}
	n := 0
	for i := range out {
		if out[i].back != 0 {
			n++
		}
	}
	for i, k := range out {
		if k.back != 0 { // "the gap between them": the two most recent columns, in order
			out[i].back = n
			n--
		}
	}
	return out
}

// sumOf reads a phrase naming the total of columns already there ("the
// two combined", "the group's combined balance", "the sum of them"): how
// many of the newest series columns it adds up, -1 for all of them.
func sumOf(phrase string) (int, bool) {
	m := sumPhrase.FindStringSubmatch(strings.TrimRight(strings.TrimSpace(phrase), "?.!,;: "))
	if m == nil {
		return 0, false
	}
	who := m[1] + m[2]
	for w, n := range map[string]int{"two": 2, "both": 2, "three": 3, "four": 4, "five": 5, "six": 6} {
		if strings.Contains(who, w) {
			return n, true
		}
	}
	return -1, true
}

var sumPhrase = regexp.MustCompile(`^(?:the\s+)?(?:(two|three|four|five|six|both|all|them|those|these|group|lot|all of them)(?:'s)?\s+(?:combined|together|in total|total|summed|altogether)(?:\s+[a-z]+){0,2}|(?:sum|total|combined total) of (?:the\s+)?(two|three|four|five|six|both|them|all of them|all|those|these|group)(?:\s+[a-z]+){0,2})$`)

// addDerivation records a derivation; with several countries and operands
// that name none, one per country.
func (in *intent) addDerivation(d derivation) {
	for i, o := range d.operands {
		if len(o.others) > 0 {
			for _, c := range append([]country{o.country}, o.others...) {
				dc := d
				dc.operands = slices.Clone(d.operands)
				dc.operands[i].country, dc.operands[i].others = c, nil
				in.addDerivation(dc)
			}
			return
		}
	}
	cs := in.countries
	named := false
	for _, o := range d.operands {
		named = named || o.country.iso3 != ""
	}
	if named || len(cs) <= 1 {
		for i := range d.operands {
			if d.operands[i].country.iso3 == "" && len(cs) == 1 {
				d.operands[i].country = cs[0]
			}
		}
		in.derives = append(in.derives, d)
		return
	}
	for _, c := range cs {
		dc := d
		dc.operands = slices.Clone(d.operands)
		for i := range dc.operands {
			dc.operands[i].country = c
		}
		in.derives = append(in.derives, dc)
	}
}

// readDerivation reads a one-column derivation ("year-on-year growth of
// payrolls", "derive inflation from the price index").
func (in *intent) readDerivation(clause string, inherited []country, asSeries []subject) {
	op, n := deriveOp(clause)
	ts := in.targetsOf(clause)
	if len(ts) == 0 || chartAllWords.MatchString(clause) && len(ts) == 1 && ts[0].phrase == "" {
		ts = []target{{}} // "it", "them", "both": resolved against the table
		if chartAllWords.MatchString(clause) {
			ts = []target{{phrase: "*"}}
		}
	}
	for _, t := range ts {
		d := derivation{op: op, periods: n, operands: []operand{{phrase: t.phrase, terms: terms(t.phrase), country: t.country}}, asSeries: asSeries}
		if t.phrase == "*" {
			d.operands[0] = operand{phrase: "*"}
		}
		in.derives = append(in.derives, d)
	}
	// "add the central bank's policy rate and derive ...": a series named
	// before the verb is still a subject.
	if loc := deriveVerb.FindStringIndex(clause); loc != nil && loc[0] > 0 {
		in.readSeriesClause(clause[:loc[0]], inherited)
	}
}

// withoutSpans is a phrase without its source and time phrases, which
// bound the request but name no series.
func withoutSpans(s string) string {
	for _, re := range []*regexp.Regexp{sourcePhrase, sinceYear, untilYear, betweenYears, yearRange, datePhrase, relativeSpan, vocab.eventSpan} {
		s = re.ReplaceAllString(s, " ")
	}
	return s
}

// readSeriesClause reads the series a clause names. Each list part may
// name its own countries ("inflation in Brazil and unemployment in
// Mexico"); a part naming only countries lends them to the concept before
// it ("policy rates of Mexico, India and South Africa", "the euro area
// rate next to the US one"); a concept naming none takes every country of
// the clause, else the request's, else the earlier turns'.
func (in *intent) readSeriesClause(clause string, inherited []country) {
	var sources []string
	if ns, groups := vocab.publishersIn(clause); groups == 1 {
		sources = ns
	}
	clause = withoutSpans(clause)
	unit := ""
	for _, m := range unitMarks.FindAllStringSubmatch(clause, -1) {
		if i := int(m[1][0] - 'a'); i < len(in.units) {
			unit = in.units[i]
		}
	}
	clause = unitMarks.ReplaceAllString(clause, " ")
	type part struct {
		terms []string
		cs    []country
	}
	var parts []part
	var all []country
	for _, p := range listSplit.Split(clause, -1) {
		cs, rest := findCountries(p)
		ts := terms(rest)
		for _, c := range cs {
			if !slices.Contains(all, c) {
				all = append(all, c)
			}
		}
		switch {
		case len(ts) > 0:
			parts = append(parts, part{ts, cs})
		case len(cs) > 0 && len(parts) > 0 && len(parts[len(parts)-1].cs) > 0:
			parts[len(parts)-1].cs = append(parts[len(parts)-1].cs, cs...)
		case len(cs) > 0 && len(parts) > 0:
			parts[len(parts)-1].cs = cs
		case len(cs) > 0:
			parts = append(parts, part{nil, cs}) // countries before their concept
		}
	}
	// Countries named before any concept go to the next concept.
	for i := 0; i+1 < len(parts); i++ {
		if len(parts[i].terms) == 0 {
			parts[i+1].cs = append(parts[i].cs, parts[i+1].cs...)
		}
	}
	fallback := all
	if len(fallback) == 0 {
		fallback = in.countries
	}
	if len(fallback) == 0 {
		fallback = inherited
	}
	if len(fallback) == 0 {
		fallback = []country{{}}
	}
	concept := slices.ContainsFunc(parts, func(p part) bool { return len(p.terms) > 0 && !vocab.weakOnly(p.terms) })
	if !concept {
		in.moreCountries = append(in.moreCountries, all...)
	}
	for _, p := range parts {
		if len(p.terms) == 0 || vocab.weakOnly(p.terms) {
			continue
		}
		cs := p.cs
		switch {
		case len(cs) == 0 && vocab.currencyPair(p.terms):
			cs = []country{{}} // a currency pair is one series
		case len(cs) == 0:
			cs = fallback
		}
		for _, c := range cs {
			s := subject{phrase: strings.Join(p.terms, " "), terms: p.terms, country: c, unit: unit, sources: sources}
			if !slices.ContainsFunc(in.subjects, func(o subject) bool { return o.key() == s.key() }) {
				in.subjects = append(in.subjects, s)
			}
		}
	}
}

// targetsOf reads what a clause acts on: phrases (each with its country,
// or the request's), or none when it says "it".
func (in *intent) targetsOf(clause string) []target {
	clause = unitMarks.ReplaceAllString(withoutSpans(clause), " ")
	t := clause
	for _, p := range []string{" from ", " of ", " in ", " on ", " for "} {
		if i := strings.LastIndex(" "+clause, p); i > 0 {
			if rest := clause[i-1+len(p):]; len(terms(actionless(rest))) > 0 || len(countriesNamed(rest)) > 0 {
				t = rest
			}
		}
	}
	cs, rest := findCountries(t)
	var out []target
	for _, part := range listSplit.Split(rest, -1) {
		words := terms(actionless(part))
		if len(words) == 0 {
			continue
		}
		if len(cs) == 0 {
			out = append(out, target{phrase: strings.Join(words, " ")})
		}
		for _, c := range cs {
			out = append(out, target{phrase: strings.Join(words, " "), country: c})
		}
	}
	if len(out) == 0 {
		for _, c := range cs { // "chart Brazil and Mexico"
			out = append(out, target{phrase: "*", country: c})
		}
	}
	return out
}

func countriesNamed(s string) []country { cs, _ := findCountries(s); return cs }

// actionless drops the words of analysis verbs and their objects' filler.
func actionless(s string) string {
	s = cpWords.ReplaceAllString(s, " ")
	s = deriveVerb.ReplaceAllString(s, " ")
	s = chartWords.ReplaceAllString(s, " ")
	s = deriveMarker.ReplaceAllString(s, " ")
	s = percentChange.ReplaceAllString(s, " ")
	s = periodsWords.ReplaceAllString(s, " ")
	var out []string
	for _, w := range strings.Fields(s) {
		switch strings.Trim(w, ".,'") {
		case "mark", "point", "points", "any", "there", "where", "did", "change", "changes", "growth", "rate?", "line", "lines", "over", "time":
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

func labelOf(s string) string {
	ts := terms(actionless(s))
	if len(ts) > 4 {
		ts = ts[len(ts)-4:]
	}
	return strings.Join(ts, " ")
}

// words splits text into lowercase words, keeping dots inside (u.s.).
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != '\'' && r != '%'
	})
}

// stem folds a word: possessive and plural endings dropped.
func stem(w string) string {
	w = strings.Trim(w, ".'")
	w = strings.TrimSuffix(w, "'s")
	if len(w) > 4 && strings.HasSuffix(w, "ies") {
		return w[:len(w)-3] + "y"
	}
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") {
		w = w[:len(w)-1]
	}
	return w
}

// terms are a phrase's content words, stemmed.
func terms(s string) []string {
	var out []string
	for _, w := range words(s) {
		if w == "%" {
			out = append(out, "percent")
			continue
		}
		w = stem(w)
		if w != "" && !vocab.stopwords[w] && !isYear(w) {
			out = append(out, w)
		}
	}
	return out
}

func isYear(w string) bool {
	n, err := strconv.Atoi(w)
	return err == nil && n >= 1800 && n <= 2100
}

// expand returns a term with its synonyms.
func expand(t string) []string { return append([]string{t}, vocab.synonyms[t]...) }

// findCountries takes the countries and regions named in text out of it,
// returning them in order of mention and the text without them.
func findCountries(text string) ([]country, string) {
	var found []country
	type hit struct {
		pos int
		c   country
	}
	var hits []hit
	b := []byte(text)
	for _, m := range countries.FindAll(text) {
		hits = append(hits, hit{m.Start, country{m.ISO3, m.Name}})
		for i := m.Start; i < m.End; i++ {
			b[i] = ' '
		}
	}
	padded := " " + string(b) + " "
	for _, a := range vocab.aliases {
		for {
			i := indexWord(padded, a[0])
			if i < 0 {
				break
			}
			c, _ := vocab.region(a[1])
			hits = append(hits, hit{i - 1, c})
			padded = padded[:i] + strings.Repeat(" ", len(a[0])) + padded[i+len(a[0]):]
		}
	}
	for _, g := range vocab.groups {
		for {
			i := indexWord(padded, g.name)
			if i < 0 {
				break
			}
			for _, c := range g.members {
				hits = append(hits, hit{i - 1, c})
			}
			padded = padded[:i] + strings.Repeat(" ", len(g.name)) + padded[i+len(g.name):]
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return a.pos - b.pos })
	for _, h := range hits {
		if !slices.Contains(found, h.c) {
			found = append(found, h.c)
		}
	}
	rest := strings.ReplaceAll(padded, "'s ", " ")
	return found, rest
}

// indexWord finds w in s at word boundaries.
func indexWord(s, w string) int {
	from := 0
	for {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return -1
		}
		i += from
		before := i == 0 || !isWordByte(s[i-1])
		after := i+len(w) >= len(s) || !isWordByte(s[i+len(w)])
		if before && after {
			return i
		}
		from = i + 1
	}
}

func isWordByte(b byte) bool { return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80 }

func lastCountries(earlier []string) []country {
	for i := len(earlier) - 1; i >= 0; i-- {
		if cs, _ := findCountries(strings.ToLower(earlier[i])); len(cs) > 0 {
			return cs
		}
	}
	return nil
}

func deriveOp(clause string) (string, int) {
	n := 0
	if m := periodsWords.FindStringSubmatch(clause); m != nil {
		n, _ = strconv.Atoi(m[1])
	}
	switch {
	case strings.Contains(clause, "moving average") || strings.Contains(clause, "rolling"):
		return "rolling_mean", n
	case strings.Contains(clause, "year-on-year") || strings.Contains(clause, "year on year") || strings.Contains(clause, "annual growth") ||
		strings.Contains(clause, "yoy") || strings.Contains(clause, "y/y") || strings.Contains(clause, "inflation") ||
		strings.Contains(clause, "12-month percent") || strings.Contains(clause, "annual percent") || strings.Contains(clause, "annual rate of change"):
		return "yoy_pct", 0
	case strings.Contains(clause, "month-on-month") || strings.Contains(clause, "m/m") || strings.Contains(clause, "monthly change") ||
		strings.Contains(clause, "period-on-period") || strings.Contains(clause, "quarter-on-quarter") || strings.Contains(clause, "q/q"):
		return "pct_change", 1
	case strings.Contains(clause, "growth") || strings.Contains(clause, "percent change") || strings.Contains(clause, "% change"):
		if n > 0 {
			return "pct_change", n
		}
		return "yoy_pct", 0
	case n > 0 && (strings.Contains(clause, "percent") || strings.Contains(clause, "%")):
		return "pct_change", n
	case strings.Contains(clause, "rebase") || strings.Contains(clause, "index") && strings.Contains(clause, "100"):
		return "index", 0
	case strings.Contains(clause, "log"):
		return "log", 0
	}
	return "diff", n
}

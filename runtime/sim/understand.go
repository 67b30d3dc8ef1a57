package sim

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
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
	adjust  string   // "SA" or "NSA" when seasonal adjustment was asked for
	eop     bool     // the end-of-period version was asked for ("end-of-year CPI inflation")
	// onePublisher: the sources are the one publisher every series of the
	// request must come from ("one source"); no other stands in.
	onePublisher bool
}

func (s subject) key() string {
	return strings.Join(s.terms, " ") + "|" + s.country.iso3 + "|" + s.unit + "|" + s.adjust + "|" + strings.Join(s.sources, " ")
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
	change  string    // "y/y cpi": the period change of the series named, an op (yoy_pct, pct_change)
	sources []string  // "the IMF avg CPI inflation": the namespaces of the publisher the operand names
	eop     bool      // "federal debt (year-end) over GDP": converted by its period's last value
	whose   string    // "mine": the analyst's own derived column; "theirs": the publisher's series
	unit    string    // "PPP GDP over population": the unit the operand's words name, of its column
}

// derivation is a column to compute.
type derivation struct {
	op          string // a single-column op or spread, ratio, share
	operands    []operand
	periods     int
	base        string // an index's base period ("2019Q4", "2015"), if one was named
	label       string // the analyst's name for it ("real interest rate"), optional
	fromConcept bool   // read from a concept's name ("real rate"), not spelled out
	bps         bool   // a difference asked in basis points ("the spread in bps"): 100 times the percent difference
	annualize   bool   // a change over a period compounded to an annual rate ("annualised q/q growth")
	// sources: "real rate again but on the WEO number": the namespaces
	// of the publisher whose series the concept is computed on.
	sources []string
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
	back    bool // "that implied yield": a column already made, however it is named
}

// demonstrative opens a phrase that points at what is there already.
var demonstrative = regexp.MustCompile(`^(?:that|this|those|these|the same|my|our|(?:the|that|this)\s+(?:implied|computed|derived|calculated|constructed|backed[- ]out|resulting|new))\s`)

type intent struct {
	subjects      []subject
	units         []string // the units the request names, by mark (vocabulary.markUnits)
	sources       []string // the namespaces of the one publisher the request names, if it names one
	derives       []derivation
	base          string // the base period an index is asked at ("2019Q4"), or ""
	freq          string // table frequency asked at build (M, Q, A, D, W) or ""
	convert       string // a lower frequency to turn the table into, or ""
	convertMethod string // mean, last, sum or "" (each column's own)
	from, to      string // ISO years
	sameSpan      bool   // "same window": the table's span is kept
	wholeSpan     bool   // "full history": no span, not even one set earlier
	cpTargets     []target
	chart         bool
	chartTargets  []target
	chartAll      bool
	cpAll         bool      // breaks in every column ("any breaks in those?")
	moreCountries []country // countries a clause names without a concept ("put Germany next to them")
	countries     []country // every country the request names or inherits
	dropped       []country // economies the message takes out of the table ("drop brazil")
	droppedSeries []subject // series it gives up for others ("swap the BEA GDP for the IFS one")
	kept          []country // "keep only Turkey and South Africa": the economies the table keeps
	redo          string    // "redo the ratio": the op of earlier arithmetic to compute again
	redoWith      bool      // "redo it with end-of-year inflation": earlier arithmetic on the series named
	followUp      bool      // the message follows earlier ones
	replace       bool      // the series asked for stand in for the columns they repeat ("switch those to PPP")
	oneSource     bool      // every series from one publisher ("one source so they're comparable")
	text          string    // the message as read, lowercased
}

var (
	sentenceSplit = regexp.MustCompile(`[.?!;:]\s+|[.?!;:]$|\s+[—–]\s+|\s+-\s+|\(|\)`)
	verbSplit     = regexp.MustCompile(`\s+(?:and|then|also|plus)\s+(derive|compute|calculate|work out|chart|draw|plot|graph|find|build|add|show|give|convert|turn|average|look|check|tell|mark|express|run|subtract|deduct|divide|multiply|put|include|bring|throw|pull|append)\b|,\s*(?:and\s+|plus\s+|with\s+)?((?:the|any)\s+(?:change ?points?|breaks?|structural breaks?))\b|,\s*(?:and\s+|but\s+)?(keep|retain|drop|remove)\b|,\s*(?:and\s+|so\s+|then\s+)?(derive|compute|calculate|chart|draw|plot|graph|find|convert|average|mark|rebase|rebased|reindex|reindexed|re-indexed|deflate|deflated|smooth|smoothed)\b|,\s*(?:and\s+)?then\s+(\S)|,\s*plus\s+(\S)|,\s*(?:and|plus)\s+(its|their)\s+(?:\S+\s+)?(?:growth|changes?|yoy|y/y|logs?)\b`)
	listSplit     = regexp.MustCompile(`,|\s+and\s+|\s+\+\s+|\s+versus\s+|\s+vs\.?\s+|\s+against\s+|\s+(?:match|matches|tally with|tallies with|square with|squares with|agree with|agrees with)\s+|\s+with\s+|\s+alongside\s+|\s+next to\s+|\s+beside\s+|\s+plus\s+|\s+together with\s+|\s+as well as\s+|\s+&\s+|\s+or\s+`)
	sinceYear     = regexp.MustCompile(`\b(?:since|from|after|starting(?: in)?|beginning(?: in)?|as of)\s+(?:the\s+)?(?:start of\s+|end of\s+)?(\d{4})\b`)
	untilYear     = regexp.MustCompile(`\b(?:to|until|till|through|thru|up to)\s+(\d{4})\b`)
	betweenYears  = regexp.MustCompile(`\b(?:between|from)\s+(\d{4})\s+(?:and|to|-)\s+(\d{4})\b`)
	yearRange     = regexp.MustCompile(`\b(\d{4})\s*[-–]\s*(\d{4})\b`)
	decade        = regexp.MustCompile(`\b(?:since|from)\s+the\s+(\d{4})s\b`)
	sourcePhrase  = regexp.MustCompile(`\b(?:from|per|according to|by|in)\s+(?:the\s+)?(imf(?:'s)?\s+world economic outlook|imf(?:'s)?\s+weo|imf|world bank|bis|fred|oecd|ecb|cbrt|weo|world economic outlook|ilo|ifs|evds|central bank of \w+)(?:'s)?(?:\s+(?:data|figures|database|numbers))?\b|\b(?:the\s+)?(?:imf|world bank|bis|fred|oecd|weo|ilo|ifs|evds)(?:'s)?\s+(?:data|figures|database|numbers|estimates|series)\b`)
	periodsWords  = regexp.MustCompile(`\b(\d+)[- ](month|quarter|year|period|day|week)s?\b`)
	turnInto      = regexp.MustCompile(`\b(?:turn|convert|transform|make)\s+(.+?)\s+into\s+(.+)$`)
	deriveVerb    = regexp.MustCompile(`\b(derive|compute|calculate|work out|back out|recompute|rebuild|reconstruct|take|turn)\b`)
	cpWords       = regexp.MustCompile(`\b(breaks?|change ?points?|structural|regimes?|shifts?|shifted|broke|broken|breakpoints?|turning points?|date (?:them|it|those|these|each|the shifts?))\b`)
	deriveMarker  = regexp.MustCompile(`\b(moving average|rolling (?:mean|average)|year-on-year|year on year|y/y|yoy|month-on-month|m/m|mom|quarter-on-quarter|quarter on quarter|q/q|percent changes?|% changes?|growth rates?|rebase|rebased|index(?:ed)? to 100|logs?|first differences?|(?:monthly|quarterly|weekly|annual|yearly|annuali[sz]ed)\s+(?:percent(?:age)?\s+)?(?:changes?|growth|increases?)|\d+[- ](?:month|quarter|week|day|year|period)s?\s+(?:moving\s+|rolling\s+)?(?:averages?|means?))\b|` + spanChange.String() + `|` + indexForm.String())
	// indexForm: an index as the form a column is turned into ("into a
	// volume index", "as indices"), or the chaining that makes one.
	indexForm     = regexp.MustCompile(`\b(?:into|as)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?ind(?:ex|ices|exes)\b|\bchain(?:ed|ing)?\b(?:\s+(?:the|their|its))?(?:\s+growth)?(?:\s+rates?)?`)
	chartWords    = regexp.MustCompile(`\b(chart|charts|plot|plots|draw|graph|graphs|visuali[sz]e)\b`)
	chartAllWords = regexp.MustCompile(`\b(both|all|them|everything|every|these|those|each|the lot|together)\b`)
	basePeriod    = regexp.MustCompile(`\(?\b(?:base\s+)?(?:\d{4}(?:\s*q[1-4]|m\d{1,2}|[-/]\d{2,4})?|[a-z]{3}\s+\d{4})\s*=\s*100\b\)?`) // an index's base: "(2003=100)", "2015-16=100"
	percentChange = regexp.MustCompile(`(?:%|\bper\s?cent|\bpct)\s*(?:changes?|growth)\b`)
	loneAnnual    = regexp.MustCompile(`(?:^|[,;(]|\s-)\s*(?:(?:now|ok|okay|so|and|but|then|make it|go|switch to|change to)\s+)*(?:annual|yearly)(?:\s+(?:please|pls|plz|instead|now|then|this time))*\s*(?:[,;.)]|-\s|$)`)
	everyColumn   = regexp.MustCompile(`\b(?:each of (?:them|those|these|the \w+)|each one|every one of them|all of them|all (?:two|three|four|five|six|seven|eight|nine|ten)|each series|each rate|each country|every country)\b`)
	backWords     = regexp.MustCompile(`^(?:them|it|both|those|these|the two|the two series|the two rates|the series|that|this|they)$`)
)

// understand reads the latest analyst message; earlier ones lend it their
// countries when it names none ("for the same three countries").
func understand(text string, earlier []string) intent {
	in := intent{followUp: len(earlier) > 0}
	text = makeArithmetic.ReplaceAllString(text, "compute $1") // "make debt as % of gdp": the verb asks for the computation
	text = changePercent.ReplaceAllString(text, "$1")          // "yoy %": the change's own unit
	text, in.units = vocab.markUnits(vocab.expandCurrencyPairs(vocab.bankRates(text)))
	low := vocab.joinCompounds(vocab.expandAbbreviations(respellRequestWords(strings.ToLower(canonicalCountries(text)))))
	low = percentWord.ReplaceAllString(low, "percent $1") // "% change": no word boundary precedes "%"
	low = nextTo.ReplaceAllString(low, " alongside ")     // "next to it the … ratio": "to" there is no "a-to-b ratio"
	low = countedPeriods(low)
	low = differingBy(low)
	low = trailingAnnualised.ReplaceAllString(low, " $1$2") // "GDP growth, annualised": the change's qualifier
	low = labelledPossessives(low)
	low = quarterYear.ReplaceAllString(low, "${2}q$1") // "q3 2023" is 2023q3
	low = in.readEdits(low)
	// "redo it with end-of-year inflation instead": the words after
	// "with" are the series asked for; the verb is none.
	if m := redoWith.FindStringSubmatchIndex(low); m != nil {
		in.redoWith = true
		low = low[:m[0]] + " " + low[m[2]:]
	}
	if m := redoOp.FindStringSubmatch(low); m != nil {
		in.redo = opNouns[strings.TrimSuffix(m[1], "s")]
		low = strings.Replace(low, m[0], " ", 1)
	}
	// "Daily, not the monthly-average version": what is refused is neither
	// a series nor a frequency asked for.
	low = refusedPhrase.ReplaceAllString(low, " ")
	in.oneSource = oneSourcePhrase.MatchString(low)
	low = salutation.ReplaceAllString(low, " ")
	low = ownPlan.ReplaceAllString(low, " ")
	low = fillerPhrase.ReplaceAllString(low, " ")
	low = in.readFrequency(low)
	// The base is read where a rebasing is asked for, not from a series'
	// own base ("CPI (2003=100)").
	for _, m := range rebasePhrase.FindAllString(low, -1) {
		if b := basePoint.FindStringSubmatch(m); b != nil && in.base == "" {
			in.base = strings.ToUpper(strings.ReplaceAll(b[1], " ", ""))
		}
	}
	// "into a volume index, 2000 = 100": the base written right after the
	// index asked for.
	for _, loc := range indexForm.FindAllStringIndex(low, -1) {
		if b := baseAfter.FindStringSubmatch(low[loc[1]:]); b != nil && in.base == "" {
			in.base = strings.ToUpper(strings.ReplaceAll(b[1], " ", ""))
		}
	}
	if m := rebaseTo.FindStringSubmatch(low); m != nil && in.base == "" {
		in.base = strings.ToUpper(strings.ReplaceAll(m[1], " ", ""))
		low = strings.Replace(low, m[0], "rebase ", 1) // "rebase to 2010" asks for no table ending in 2010
	}
	low = rebasePhrase.ReplaceAllString(low, "rebase $1$2 ")
	low = economyBase(low)
	low = basePeriod.ReplaceAllString(restated(dashAsides(low)), " ")
	low = monthShortYear.ReplaceAllStringFunc(low, fullYear) // "jan-21" is January 2021
	in.readYears(low)
	in.text = low
	in.sameSpan = sameSpan.MatchString(low)
	in.wholeSpan = wholeSpan.MatchString(low)
	inherited := lastCountries(earlier)
	named, _ := findCountries(withoutEdits(low))
	named = in.withoutDropped(named)
	in.countries = named
	if len(named) == 0 {
		in.countries = inherited
	}
	framed := map[int]bool{}       // subjects read from sentences that only frame the request
	sentenceOf := map[string]int{} // subject key → the sentence that first named it
	operandsNamed := false         // a sentence that frames nothing named a derivation's series
	var operandsOf []namedOperand  // the series derivations compute on, with the sentence naming them
	for n, sentence := range sentenceSplit.Split(low, -1) {
		before, derivesBefore := len(in.subjects), len(in.derives)
		sentence = withoutStatements(sentence)
		// "the gap is basically govt assets, right?": a statement put up
		// for confirmation asks for nothing.
		if t := strings.TrimSpace(sentence); (tagQuestion.MatchString(t) || statement(t)) && !chartWords.MatchString(t) && !cpWords.MatchString(t) && !deriveVerb.MatchString(t) {
			continue
		}
		// "who left negative territory first?": a question about which of
		// the table's economies names no series.
		if t := strings.TrimSpace(sentence); whichOfThem.MatchString(t) && !chartWords.MatchString(t) && !cpWords.MatchString(t) {
			continue
		}
		frame := vocab.framing.FindStringIndex(strings.TrimSpace(sentence))
		if frame != nil {
			sentence = strings.TrimSpace(sentence)[frame[1]:]
		} else if t := strings.TrimSpace(sentence); purposeOnly.MatchString(t) && len(countriesNamed(t)) == 0 {
			// "For my macro seminar:" names the work, not a series.
			frame = []int{0, 0}
		} else if n == 0 && leadIn.MatchString(low) && len(countriesNamed(t)) == 0 {
			// "An academic question: national policy rates of …": a
			// lead-in before a colon heads the request.
			frame = []int{0, 0}
		}
		idx := verbSplit.FindAllStringSubmatchIndex(sentence, -1)
		start := 0
		for _, m := range idx {
			in.readClause(sentence[start:m[0]], inherited)
			// The clause starts at the group that matched (the verb, or
			// the word after ", then").
			for g := 2; g < len(m); g += 2 {
				if m[g] >= 0 {
					start = m[g]
					break
				}
			}
		}
		in.readClause(sentence[start:], inherited)
		for _, s := range in.subjects[before:] {
			if _, ok := sentenceOf[s.key()]; !ok {
				sentenceOf[s.key()] = n
			}
		}
		for _, d := range in.derives[derivesBefore:] {
			for _, o := range d.operands {
				if o.phrase != "" && o.back == 0 {
					operandsOf = append(operandsOf, namedOperand{subject{phrase: o.phrase, terms: o.terms, country: o.country, sources: o.sources}, n})
				}
			}
		}
		// "how far above the Fed were the other two, in basis points?":
		// a unit of basis points in a clause of its own is of the
		// sentence's differences.
		if bpsPhrase.MatchString(sentence) {
			for i := derivesBefore; i < len(in.derives); i++ {
				in.derives[i].bps = in.derives[i].bps || in.derives[i].op == "spread"
			}
		}
		if frame != nil {
			for i := before; i < len(in.subjects); i++ {
				framed[i] = true
			}
		} else if namesOperands(in.derives[derivesBefore:]) {
			operandsNamed = true
		}
	}
	in.dropFraming(framed, operandsNamed)
	in.dropConceptsExplained()
	in.dropMentionsAgain(sentenceOf, operandsOf)
	in.moreCountries = in.withoutDropped(in.moreCountries)
	// "… next to each one's CPI inflation (IMF WEO)": a publisher alone in
	// brackets is the source of the series named just before them; one
	// named anywhere else in the request decides for every series it asks
	// for; several are read clause by clause.
	bracketed := in.readBracketedPublishers(low, sentenceOf)
	if ns, groups := vocab.publishersIn(bracketed); groups == 1 {
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
	for i := range in.derives {
		if in.derives[i].op == "index" {
			in.derives[i].base = in.base
		}
	}
	if m := sameButOn.FindStringSubmatch(low); m != nil && len(earlier) > 0 && len(named) == 0 {
		in.repeatOnConcept(m[1], m[2], earlier)
	}
	in.backToNamed()
	if in.redo != "" {
		in.redoEarlier(earlier)
	}
	if in.redoWith && len(earlier) > 0 {
		in.redoEarlierWith(earlier)
	}
	switch {
	case len(in.subjects) == 0 && len(in.derives) == 0 && len(in.cpTargets) == 0 && !in.chart && in.convert == "" && len(named) > 0 && len(earlier) > 0:
		in.repeatFor(named, earlier, true)
	case len(in.moreCountries) > 0 && len(earlier) > 0:
		in.repeatFor(in.moreCountries, earlier, false)
	case len(in.subjects) == 0 && len(in.derives) == 0 && len(in.units) > 0 && len(earlier) > 0:
		in.repeatInUnit(in.units[0], earlier)
		in.replace = switchWords.MatchString(low)
	}
	return in
}

// dropFraming drops the subjects read from a sentence that frames the
// request ("Doing a note on Asian central banks.") when the rest of the
// message names series of its own, as subjects or as the operands of a
// derivation ("For the newsletter: headline and core CPI with 12-month
// changes"); a message that is all framing ("I'm preparing a report on
// inflation in Brazil") keeps them.
func (in *intent) dropFraming(framed map[int]bool, operandsNamed bool) {
	if len(framed) == 0 || len(framed) == len(in.subjects) && !operandsNamed {
		return
	}
	kept := in.subjects[:0]
	for i, s := range in.subjects {
		if !framed[i] {
			kept = append(kept, s)
		}
	}
	in.subjects = kept
}

// namesOperands: one of ds computes on a series its words name (not on
// "them", an earlier column).
func namesOperands(ds []derivation) bool {
	return slices.ContainsFunc(ds, func(d derivation) bool {
		return slices.ContainsFunc(d.operands, func(o operand) bool { return o.phrase != "" && o.back == 0 })
	})
}

// dropMentionsAgain: a later sentence naming a series of the request by
// fewer of its words ("M2 money stock and headline CPI. M2 is weekly, so
// average it") mentions it again; it asks for no other series. So does a
// phrase restating an earlier one with a slip ("euro area policy rate -
// ecb polcy rate"), and one naming, in a later sentence, a series an
// arithmetic computes on ("debt relative to nominal GDP. Careful: the GDP
// one is in billions").
func (in *intent) dropMentionsAgain(sentenceOf map[string]int, operands []namedOperand) {
	// Every word of s is a word of o, up to a slip; words that only
	// qualify ("debt comes in $mn") do not tell them apart.
	within := func(s, o subject) bool {
		return !slices.ContainsFunc(s.terms, func(t string) bool {
			return !vocab.qualifiers[t] && !slices.ContainsFunc(o.terms, func(u string) bool { return slipOf(t, u) })
		})
	}
	var kept []subject
	for i, s := range in.subjects {
		again := slices.ContainsFunc(in.subjects[:i], func(o subject) bool {
			if o.key() == s.key() || o.country != s.country || len(s.sources) > 0 && !slices.Equal(o.sources, s.sources) {
				return false
			}
			if sentenceOf[o.key()] < sentenceOf[s.key()] {
				return within(s, o)
			}
			return len(s.terms) == len(o.terms) && within(s, o)
		}) || slices.ContainsFunc(in.subjects[i+1:], func(o subject) bool {
			return o.key() != s.key() && o.country == s.country && (len(s.sources) == 0 || slices.Equal(o.sources, s.sources)) && sentenceOf[o.key()] < sentenceOf[s.key()] && within(s, o)
		}) || slices.ContainsFunc(operands, func(o namedOperand) bool {
			return o.country == s.country && (len(s.sources) == 0 || slices.Equal(o.sources, s.sources)) && o.sentence < sentenceOf[s.key()] && within(s, o.subject)
		})
		if !again {
			kept = append(kept, s)
		}
	}
	in.subjects = kept
}

// namedOperand is a series a derivation computes on, and the sentence of
// the request that named it.
type namedOperand struct {
	subject
	sentence int
}

// slipOf: word a is word b, or b typed with one slip ("polcy" for
// "policy"); short words must match.
func slipOf(a, b string) bool {
	return a == b || min(len([]rune(a)), len([]rune(b))) >= 4 && oneSlip(a, b)
}

// dropConceptsExplained: a message that names a concept and spells out its
// arithmetic ("the real rate - policy rate minus inflation") asks for one
// derivation, the spelled-out one.
// The concept still names what the arithmetic makes ("… subtract it from
// the funds rate. That's my real policy rate."): an unlabelled explicit
// derivation takes the concept's label, so later turns find it by name.
func (in *intent) dropConceptsExplained() {
	explicit := map[string]int{}
	for i, d := range in.derives {
		if !d.fromConcept {
			explicit[d.op] = i
		}
	}
	for _, d := range in.derives {
		if i, ok := explicit[d.op]; ok && d.fromConcept && in.derives[i].label == "" {
			in.derives[i].label = d.label
		}
	}
	in.derives = slices.DeleteFunc(in.derives, func(d derivation) bool {
		_, ok := explicit[d.op]
		return d.fromConcept && ok
	})
}

// eopMark stands where a phrase asked for each period's last value.
const eopMark = "endofperiod"

// readFrequency takes out the phrases that ask for a frequency: a
// conversion of the table ("average them by year") or the table's own
// ("monthly"), returning the text without them.
func (in *intent) readFrequency(low string) string {
	// The first conversion named decides; every one is taken out. One
	// that takes each period's last value leaves a mark where it stood:
	// the series next to it is asked in its end-of-period version.
	for _, fp := range vocab.convert {
		for {
			i := frequencyPhrase(low, fp.phrase)
			if i < 0 {
				break
			}
			if in.convert == "" {
				in.convert, in.convertMethod = fp.freq, fp.method
			}
			mark := " "
			if fp.method == "last" {
				mark = " " + eopMark + " "
			}
			low = low[:i] + mark + low[i+len(fp.phrase):]
		}
	}
	// "Prime is daily, average it": averaging, with no frequency named,
	// is how the request's frequency is reached; the words name no series.
	bareMean := false
	if bareAverage.MatchString(low) {
		bareMean = true
		low = bareAverage.ReplaceAllString(low, " ")
	}
	defer func() {
		if bareMean && in.convert == "" && in.freq != "" {
			in.convert, in.convertMethod = in.freq, "mean"
		}
	}()
	// "…, annual 2000-2023": "annual" before the years asks for the
	// table's frequency.
	if m := annualYears.FindStringSubmatchIndex(low); m != nil {
		if in.freq == "" && in.convert == "" {
			in.freq = "A"
		}
		low = low[:m[0]] + " , " + low[m[2]:]
	}
	// "end-of-year inflation": before a rate, a period's-end phrase
	// names the end-of-period version, not a conversion.
	for _, fp := range vocab.convert {
		if fp.method != "last" {
			continue
		}
		for from := 0; ; {
			i := indexWord(low[from:], fp.phrase)
			if i < 0 {
				break
			}
			i += from
			if !rateNext.MatchString(low[i+len(fp.phrase):]) {
				from = i + len(fp.phrase)
				continue
			}
			mark := " " + eopMark + " "
			if strings.Contains(fp.phrase, "dec") {
				// "Dec-on-Dec change from the index": the year-on-year
				// change of the year-end values.
				mark = " year-on-year "
				if in.convert == "" {
					in.convert, in.convertMethod = fp.freq, fp.method
				}
			}
			low = low[:i] + mark + low[i+len(fp.phrase):]
			from = i + len(mark)
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
			i := frequencyPhrase(low, fp.phrase) // "the monthly % change" is a change, not the table's frequency
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

// annualYears is "annual" before the years it spans.
var annualYears = regexp.MustCompile(`\b(?:annual|yearly)\s+((?:from\s+|since\s+|over\s+)?(?:1[89]|20)\d\d\b)`)

// bareAverage asks to average without saying to what: the conversions
// that name a frequency ("average it to months") are read before it.
var bareAverage = regexp.MustCompile(`\baverage (?:it|them|those|these|that|both|each)\b`)

// frequencyPhrase is where phrase first stands for a frequency in low, -1
// when nowhere: "into annual" before a rate ("turn the index into annual
// inflation") names the rate's horizon, not the table's frequency.
func frequencyPhrase(low, phrase string) int {
	from := 0
	for {
		i := indexWord(low[from:], phrase)
		if i < 0 {
			return -1
		}
		i += from
		if !rateNext.MatchString(low[i+len(phrase):]) {
			return i
		}
		from = i + len(phrase)
	}
}

var percentWord = regexp.MustCompile(`%\s*(changes?|growth|increases?)\b`)

// restated reads "X (Y)", where Y names a series and no economy, as Y:
// the words in brackets restate the series in the catalog's terms ("fiscal
// balance (general gov net lending/borrowing)", "TÜFE genel endeks
// (CPI)"). X's unit stays. Brackets holding economies, frequencies, units,
// publishers or bases are left to the rest of the reading.
func restated(low string) string {
	return parenthetical.ReplaceAllStringFunc(low, func(m string) string {
		sub := parenthetical.FindStringSubmatch(m)
		lead, x, inner := sub[1], sub[2], sub[3]
		// "federal debt (year-end)": a bracket asking for the period's
		// last value is of the series before it.
		if strings.TrimSpace(inner) == eopMark {
			return lead + x + " " + eopMark + " "
		}
		// "T10YFF (10y minus fed funds)": a bracket after a code says
		// what the code is; the code names the series.
		if f := strings.Fields(x); len(f) > 0 && isCode(f[len(f)-1]) {
			return lead + x + " "
		}
		// "quarterly (average the IP)": a bracket saying how to aggregate
		// asks for no series.
		if aggregationAside.MatchString(strings.TrimSpace(inner)) {
			return lead + x + " "
		}
		// "Poland relative to Portugal (ratio)": a bracket naming the
		// op says which arithmetic the clause asks for.
		if bare := strings.TrimSpace(inner); opNoun.MatchString(bare) && len(strings.Fields(bare)) == 1 {
			return lead + x + " " + bare + " "
		}
		// "(IMF WEO)": a bracket naming only a publisher says whose
		// series the phrase before it is (readBracketedPublishers).
		if ns, groups := vocab.publishersIn(inner); groups == 1 && len(ns) > 0 && len(terms(withoutPublishers(inner))) == 0 {
			return m
		}
		// "core (ex food & energy)", "core CPI (ex food and energy)": a
		// bracket that says what a version of a concept leaves out defines
		// that version; it asks for nothing more. After a phrase naming no
		// version ("CPI (ex food and energy)") it is the phrase's version:
		// what it leaves out belongs to it.
		if exclusion.MatchString(strings.TrimSpace(inner)) && !strings.ContainsAny(inner, ",;") {
			if slices.ContainsFunc(strings.Fields(x), func(w string) bool { return vocab.variants[stem(w)] }) {
				return lead + x + " "
			}
			if len(terms(x)) > 0 {
				return lead + x + " " + strings.TrimSpace(inner) + " "
			}
		}
		// "the monthly change (jobs added)": a bracket after a change
		// says what the change is; the change is the request.
		if deriveMarker.MatchString(x) && !strings.ContainsAny(inner, ",;") {
			return lead + x + " "
		}
		// "gross debt ratio (general govt, % of GDP)": a bracket listing
		// units beside at most one phrase qualifies the series before
		// it; the phrase says which of its rows (the sector), the units
		// which unit.
		if q, ok := qualifyingList(inner); ok && len(terms(x)) > 0 {
			return lead + x + " " + q + " "
		}
		// Only a bracket holding one phrase restates a series: one that
		// lists, excludes or asks for analysis is read as its own sentence.
		bare := strings.Trim(basePeriod.ReplaceAllString(inner, " "), " ,;")
		if strings.ContainsAny(bare, ",;&") || bracketWords.MatchString(bare) || deriveMarker.MatchString(bare) || deriveVerb.MatchString(bare) ||
			turnInto.MatchString(bare) || cpWords.MatchString(bare) || chartWords.MatchString(bare) {
			return m
		}
		// "euro area policy rate (ecb)": a bracket naming only economies
		// says whose series the phrase is; it stays in its clause.
		if cs, rest := findCountries(inner); len(cs) > 0 && len(terms(rest)) == 0 {
			return lead + x + " " + inner + " "
		}
		probe := unitMarks.ReplaceAllString(adjustPhrase.ReplaceAllString(inner, " "), " ")
		ts := slices.DeleteFunc(terms(basePeriod.ReplaceAllString(probe, " ")), func(t string) bool { return vocab.weakOnly([]string{t}) || isNumber(t) })
		if len(countriesNamed(inner)) == 0 && (len(ts) > 0 || unitMarks.MatchString(inner)) && !slices.ContainsFunc(ts, func(t string) bool { return !vocab.qualifiers[t] }) {
			// "(2017 intl $)", "(also % of GDP)": qualifiers and units
			// only, nothing to find by.
			return lead + x + " " + strings.Join(unitMarks.FindAllString(inner, -1), " ") + " "
		}
		if len(countriesNamed(inner)) > 0 || len(ts) == 0 || len(ts) == 1 && len(vocab.synonyms[ts[0]]) == 0 {
			return m
		}
		// "CPI (headline index)": a bracket naming a version of the
		// concept ("headline", "core") qualifies it; it does not restate it.
		if slices.ContainsFunc(ts, func(t string) bool { return vocab.variants[t] }) {
			return lead + x + " " + bare + " "
		}
		return lead + strings.Join(unitMarks.FindAllString(x, -1), " ") + " " + inner + " "
	})
}

// makeArithmetic is "make" before an arithmetic between series ("make
// debt as % of gdp", "make exports relative to GDP").
var makeArithmetic = regexp.MustCompile(`(?i)\bmake\s+((?:the\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}\s+(?:as\s+(?:an?\s+)?(?:%|percent|percentage|share|ratio|fraction)|relative to|minus|divided by|over)\s)`)

// aggregationAside says how to aggregate ("average the IP", "sum the
// months", "end of period for the rate").
var aggregationAside = regexp.MustCompile(`^(?:average|averaged|avg|mean|sum|summed|total|take the (?:average|mean|sum|last)|end[- ]of[- ]period|last value)\b`)

// quarterYear is a quarter written before its year ("Q3 2023").
var quarterYear = regexp.MustCompile(`\bq([1-4])\s+(\d{4})\b`)

// changePercent is a change written out with its unit ("yoy %", "q/q pct").
var changePercent = regexp.MustCompile(`(?i)\b(yoy|y/y|q/q|m/m|qoq|mom)\s*(?:%|percent\b|pct\b)`)

// economyLabel opens a message with the economy it is about
// ("indonesia: changepoints on its rate").
var economyLabel = regexp.MustCompile(`^\s*([\pL .'-]{2,40}):\s+`)

// labelledPossessives reads "its" in a message labelled with one economy
// as that economy's: "Indonesia: changepoints on its rate and on its
// spread" asks for Indonesia's rate and spread.
func labelledPossessives(low string) string {
	m := economyLabel.FindStringSubmatchIndex(low)
	if m == nil {
		return low
	}
	label := low[m[2]:m[3]]
	cs, rest := findCountries(label)
	if len(cs) != 1 || len(terms(rest)) > 0 {
		return low
	}
	return low[:m[1]] + possessiveIts.ReplaceAllString(low[m[1]:], label)
}

var possessiveIts = regexp.MustCompile(`\bits\b`)

// trailingAnnualised is "annualised" written alone after a comma.
var trailingAnnualised = regexp.MustCompile(`,\s*(annuali[sz]ed)\s*([,;.)]|$)`)

// chartDrawn is a chart clause without the words of drawing: the verb,
// the layout, and the marks drawn ("chart that real rate line").
func chartDrawn(clause string) string {
	return chartMarks.ReplaceAllString(chartLayout.ReplaceAllString(chartWords.ReplaceAllString(clause, " "), " "), " ")
}

var chartMarks = regexp.MustCompile(`\b(?:lines?|bars?|curves?)\b`)

// cpMethod: words of how breaks are looked for ("break detection", "a
// structural break test").
var cpMethod = regexp.MustCompile(`\bdate (?:them|it|those|these|each|the shifts?)\b|\b(?:detection|detecting|analysis|tests?|testing|search|estimation|algorithm|methods?|procedure|dates?|timing)\b`)

// bareIt is a list member that only points back ("it", "that").
var bareIt = regexp.MustCompile(`^\s*(?:it|that|this|the result|that one)\s*$`)

// chartLayout says how a chart is drawn ("on the same axis", "side by
// side", "on two panels"), not what it shows.
var chartLayout = regexp.MustCompile(`\b(?:on|in|with)\s+(?:the\s+same|one|a\s+single|a\s+common|two|separate|its\s+own|their\s+own|a\s+second|the\s+(?:right|left|secondary)|a\s+log(?:arithmic)?)\s+(?:axis|axes|charts?|graphs?|plots?|panels?|scales?)\b|\bside[- ]by[- ]side\b|\b(?:same|shared|common)\s+(?:axis|axes|scale)\b`)

// pairedDashes is an aside between two dashes inside a sentence.
var pairedDashes = regexp.MustCompile(`\s+[—–]\s+([^—–.;?!]+?)\s+[—–]\s+`)

// dashAsides reads "real export growth — volume of goods and services —
// for Korea" as one phrase: an aside between dashes that only describes
// the phrase before it (no economy, list, request or analysis of its own)
// qualifies it. Any other aside stays a clause of its own.
func dashAsides(low string) string {
	return pairedDashes.ReplaceAllStringFunc(low, func(m string) string {
		inner := strings.TrimSpace(pairedDashes.FindStringSubmatch(m)[1])
		if strings.ContainsAny(inner, ",;&") || len(countriesNamed(inner)) > 0 || bracketWords.MatchString(inner) || deriveMarker.MatchString(inner) ||
			deriveVerb.MatchString(inner) || cpWords.MatchString(inner) || chartWords.MatchString(inner) || requestWord.MatchString(inner) ||
			asideOpener.MatchString(inner) {
			return m
		}
		return " " + inner + " "
	})
}

// asideOpener starts an aside that adds rather than describes ("— and
// the policy rate —", "— also unemployment —").
var asideOpener = regexp.MustCompile(`^(?:and|plus|also|as well|too|then|but|or|not|no|i |we |it |they |this |that )`)

// isCode: a word that reads as a series code ("t10yff", "tp.fg.j0"):
// letters and digits together, or dotted parts.
func isCode(w string) bool {
	return codeWord.MatchString(w) && !isYear(w)
}

var codeWord = regexp.MustCompile(`^(?:[a-z]+[0-9][a-z0-9]*|[0-9]+[a-z][a-z0-9]*|[a-z0-9]+(?:\.[a-z0-9]+)+)$`)

// statement: a sentence that says how things are ("levels are useless to
// compare", "they're in different units I think") and asks for nothing: it
// has a copula and no word of request.
func statement(t string) bool {
	t = withoutSpans(t)                      // "since the euro was launched" bounds a request
	t = showUp.ReplaceAllString(t, "appear") // "the volcker period should show up" asks to be shown nothing
	// "I'd expect one around mid-2023 when policy flipped": a clause of
	// time inside the sentence asks nothing.
	asks := subordinateTime.ReplaceAllString(t, " ")
	return copula.MatchString(t) && !requestWord.MatchString(asks) && !strings.Contains(t, "?")
}

// subordinateTime is a clause of time or place after the start of a
// sentence ("… when policy flipped", "… after the euro came in").
var subordinateTime = regexp.MustCompile(`\S\s+(?:when|where|after)\s.*$`)

// withoutStatements is a sentence without its comma clauses that state
// rather than ask ("…, one source so they're comparable, annual") when
// others ask; a sentence that only states is left whole (statement).
func withoutStatements(sentence string) string {
	parts := strings.Split(sentence, ",")
	if len(parts) < 2 {
		return sentence
	}
	kept := parts[:0]
	for _, p := range parts {
		if t := strings.TrimSpace(p); t == "" || !statement(t) {
			kept = append(kept, p)
		}
	}
	if len(kept) == 0 {
		return sentence
	}
	return strings.Join(kept, ",")
}

var showUp = regexp.MustCompile(`\b(?:show|shows|showed|turn|turns|stand|stands)\s+(?:up|out)\b`)

var (
	copula      = regexp.MustCompile(`\b(?:is|are|was|were|seems?|looks?|'re|they're|it's|that's|should|shd|shld|ought|expect|expecting|suspect|hopefully|presumably|probably|surely|i guess|i think|i bet|i reckon)\b`)
	requestWord = regexp.MustCompile(`\b(?:want|wanted|need|needs|needed|like|give|show|add|get|pull|fetch|grab|load|put|make|build|find|check|plot|chart|tell|what|which|how|when|where|who|whether|can|could|would|will|please|pls|let's|let|keep|use|include|do|try|bring|set|only|also|then|interested|after|looking)\b`)
)

// rebasePhrase: a series set to 100 at a base period ("index each to
// 2019Q4 = 100", "GDP on a 2015=100 basis") asks for its rebasing; what it
// acts on (group 1 or 2) is kept.
// baseAfter is a base period written right after an index ("…, 2000 = 100",
// " (base 2015=100)", " with 2010 = 100").
var baseAfter = regexp.MustCompile(`^[\s,(]*(?:with\s+|base\s+)?(\d{4}(?:\s*q[1-4]|m\d{1,2}|-\d{2})?)\s*=\s*100\b`)

var rebasePhrase = regexp.MustCompile(`\bindex(?:ed|ing)?((?:\s+[a-z]+){0,4}?)\s+(?:to|at|on|with)\s+(?:the\s+)?(?:[^,;.]{0,20}?=\s*)?100\b|(\b)on\s+an?\s+[^,;.]{0,20}?=\s*100\s+basis\b`)

// basePoint is an index's base period written "2019q4 = 100"; rebaseTo
// one written "rebase (both) to 2010".
var (
	basePoint = regexp.MustCompile(`\b(\d{4}(?:\s*q[1-4]|m\d{1,2}|-\d{2})?)\s*=\s*100\b`)
	rebaseTo  = regexp.MustCompile(`\brebas(?:e|ed|ing)\b[^,;.]*?\b(?:to|at|on)\s+(\d{4}(?:\s*q[1-4]|m\d{1,2}|-\d{2})?)\b`)
)

var (
	oneWord   = regexp.MustCompile(`\bones?\b`)
	theirWord = regexp.MustCompile(`\btheir\b`)
)

// monthShortYear is a month with a two-digit year ("Jan-21", "dec '23").
var monthShortYear = regexp.MustCompile(`\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|t|tember|ober|ember)?[-' ]+'?(\d{2})\b`)

// fullYear writes monthShortYear's year in four digits: 00–49 are 2000s.
func fullYear(m string) string {
	sub := monthShortYear.FindStringSubmatch(m)
	y, _ := strconv.Atoi(sub[2])
	if y < 50 {
		y += 2000
	} else {
		y += 1900
	}
	return sub[1] + " " + strconv.Itoa(y)
}

// purposeOnly: a sentence that is only the work a request is for ("for my
// macro seminar", "for the board").
var purposeOnly = regexp.MustCompile(`^for\s+(?:my|our|a|an|this|his|her|their|the)\s+[a-z' -]{1,40}$`)

// refusedPhrase: a noun phrase the analyst says is not wanted.
var refusedPhrase = regexp.MustCompile(`\b(?:not|rather than|instead of)\s+(?:(?:the|a|an|that|this|those|these)\s+|(?:effective|nominal|real|headline|core|monthly|quarterly|annual|daily|weekly|average|end-of-period|the)\b)[^,.;:()?!]*`)

// withoutEdits is a message without its clauses that keep or drop
// columns ("keep the ecb-fed spread"): the economies they name are the
// table's, not ones asked for.
func withoutEdits(low string) string {
	parts := clauseBreak.Split(low, -1)
	kept := parts[:0]
	for _, p := range parts {
		if !editClause.MatchString(strings.TrimSpace(p)) {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ", ")
}

var clauseBreak = regexp.MustCompile(`[,;.]\s+|\s+-\s+|\s+then\s+`)

// versionNoun stands for a concept named before ("the BLS one", "the
// IMF number"); freqWord says how often a version is published.
var (
	versionNoun = regexp.MustCompile(`\b(?:ones?|numbers?|figures?|versions?|series|measures?|estimates?|readings?|prints?|lines?|own|official|published)\b`)
	freqWord    = regexp.MustCompile(`\b(?:monthly|annual|yearly|quarterly|weekly|daily)\b`)
)

// salutation: how a message greets or thanks ("Dear colleague,", "hi
// team -", "thanks a lot"); it names no series.
var salutation = regexp.MustCompile(`^\s*(?:dear|hi|hello|hey|good (?:morning|afternoon|evening))\b[^,.:;!?\n-]{0,30}[,.:;!?-]|\b(?:thank you|thanks|many thanks|cheers|kind regards|best regards|regards)(?: (?:a lot|so much|very much|again))?\b|\b(?:(?:i'm |i am )?sorry|apologies|excuse me)(?: to (?:trouble|bother|disturb|pester) you)?(?: again)?\b`)

// ownPlan: what the analyst will do with the series ("so I can work out
// income per person myself"); it asks for nothing now.
var ownPlan = regexp.MustCompile(`\bso(?: that)? (?:i|we) (?:can|could|may|might|will|get|have|see|end up with)\b[^,;.:!?]*`)

// fillerPhrase: words of talk around a request ("ecb polcy rate i mean",
// "sorry, the monthly one", "one source", "each year"); they name no
// series. oneSourcePhrase asks for every series from one publisher.
var oneSourcePhrase = regexp.MustCompile(`\b(?:one|a single|the same|same|a consistent|one consistent)\s+(?:source|publisher|database|dataset)\b`)

var fillerPhrase = regexp.MustCompile(`\b(?:i mean|i meant|you know|sorry|(?:from\s+)?(?:one|a single|the same|same|a consistent|one consistent)\s+(?:source|publisher|database|dataset)|(?:each|every|for each|for every|in each|in every)\s+(?:year|month|quarter|week|day|period)|year by year|year after year|(?:would|will|'d) be (?:very |really |most )?(?:kind|nice|great|helpful|appreciated|good|lovely|useful|ideal))\b`)

// tagQuestion ends a statement that asks only to be confirmed.
var tagQuestion = regexp.MustCompile(`(?:,\s*(?:right|correct|yes|no|true|ok|isn't it|aren't they|doesn't it|don't they|wouldn't it|shouldn't it|innit|eh)|\s(?:right|correct))\s*[?]?$`)

// editClause opens a clause that keeps or removes columns already there.
var editClause = regexp.MustCompile(`^(?:(?:please|pls|and|but|just|also)\s+)*(?:keep|retain|leave|drop|remove|delete|exclude|take out|get rid of|lose)\b`)

// namedResult: a short phrase naming an arithmetic result ("the peg
// spread", "our real-rate gap").
var namedResult = regexp.MustCompile(`^(?:(?:the|a|an|our|my|its|i\.e\.|ie|aka|i mean)\s+)*([\pL\pN'-]+(?:\s+[\pL\pN'-]+){0,2})\s+(spread|ratio|gap|difference|differential)$`)

// leadIn: a message opening with a short phrase and a colon.
var leadIn = regexp.MustCompile(`^\s*[^:.?!,;]{1,60}:\s+\S`)

// loneOpNoun is a list part that is only an arithmetic noun.
var loneOpNoun = regexp.MustCompile(`^(?:(?:and|plus|also)\s+)?(?:the\s+)?(spread|ratio|gap|difference)(?:\s+between (?:them|the two))?$`)

// switchBack opens a clause that turns the columns already there into
// something else ("switch those to PPP", "change them over to dollars").
var switchBack = regexp.MustCompile(`(?:^|,\s*)(?:(?:now|ok|okay|and|but|then|please|pls|can you|could you)\s+)*(?:switch|change|swap|flip|move)\s+(?:them|those|these|it|all|everything|both|the lot|the series|all of them|each)(?:\s+(?:over|back))?\s+(?:to|into|in)\b`)

// changeWords name a period-on-period change, which a derivation computes.
var changeWords = regexp.MustCompile(`\b(?:year-on-year|year on year|y/y|yoy|month-on-month|month on month|m/m|quarter-on-quarter|quarter on quarter|q/q)\b`)

var exclusion = regexp.MustCompile(`^(?:ex|excl|excluding|less|without|minus|net of)(?:\b|_)`) // "ex_food_and_energy" is a joined compound

var bracketWords = regexp.MustCompile(`\b(?:and|or|ex|excl|excluding|less|without|plus|vs|versus|year-on-year|month-on-month)\b`)

var parenthetical = regexp.MustCompile(`(^|[,;:.?!]\s*|\band\s+)([^,;:.?!()]*?)\(([^()]*)\)`)

// rateNoun: a rate an index or a level can be turned into.
var rateNoun = regexp.MustCompile(`^(?:an?\s+)?(?:annual\s+|yearly\s+|monthly\s+)?(?:inflation|growth)(?:\s+rates?)?\b`)

var rateNext = regexp.MustCompile(`^\s+(?:inflation|growth|rates? of (?:change|growth|inflation)|(?:percent(?:age)?|%)\s+change|change|increase)\b`)

// datePhrase is a date as analysts write one: "January 2020", "the end
// of 2023", "2010Q1", "2000 onwards". Its year bounds the table; the
// phrase names no series.
var datePhrase = regexp.MustCompile(`\b(?:(?:from|since|to|until|till|through|thru|up to|starting(?: in)?|beginning(?: in)?)\s+)?(?:the\s+)?(?:(?:start|beginning|end|middle|mid|first half|second half)(?:\s+of\s+|-))?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+)?(?:\d{4})(?:\s*[-/]?\s*q[1-4]|m\d{1,2}|-\d{2})?(?:\s+(?:onwards?|on|and later|to date|to the latest(?:(?:\s+[a-z]+){0,2}\s+(?:month|quarter|year|observation|data|figure|value|print|release)s?\b)?|to now|to present))?\b`)

var relativeSpan = regexp.MustCompile(`\b(?:over|for|in|during)?\s*the\s+(?:past|last|previous|latest|most recent)\s+(?:(\w+)\s+)?(?:years?|decades?|quarters?|months?)(?:\s+of\s+(?:data|history|observations|the data|the sample))?\b|\b(?:in|over)\s+recent\s+(?:years|decades|quarters|months)\b|\b(?:to|until)\s+(?:the\s+)?(?:latest|present|now|today|date)(?:\s+(?:[a-z]+\s+){0,2}?(?:month|quarter|year|observation|data|figure|value|print|release)s?)?\b`)

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

// cpPhrase is a request for breaks tacked onto a clause ("…, with
// changepoints", "and find the breaks").
var cpPhrase = regexp.MustCompile(`(?:,\s*|\s+)(?:(?:and|with|plus|then)\s+)?(?:(?:find|mark|show|run|look for)\s+)?(?:the\s+|any\s+)?(?:change ?points?|breaks?|structural breaks?|breakpoints?)\s*$`)

// whichOfThem opens a question about which of the economies or series
// there already does something.
var whichOfThem = regexp.MustCompile(`^(?:(?:and|so|but|also|now)\s+)*(?:who|which one|which ones|which of (?:them|these|those|the \w+)|which (?:country|countries|economy|economies|central banks?|banks?|one))\b`)

// hyphenedOperator: arithmetic written as one hyphened word
// ("rate-minus-inflation", "the Fed-minus-ECB differential"), and the noun
// naming its result that may follow it.
var (
	hyphenedOperator = regexp.MustCompile(`[a-z0-9]+(?:-[a-z0-9]+)*-(?:minus|plus)-[a-z0-9]+(?:-[a-z0-9]+)*`)
	spreadNoun       = regexp.MustCompile(`^\s+(?:spreads?|gaps?|differentials?|diffs?|differences?)\b`)
)

// readHyphened reads arithmetic written as one hyphened word: its parts
// are the operands, a published series of that name is looked for first
// (the 10y-minus-fed-funds spread is one), and the rest of the clause is
// read on its own.
func (in *intent) readHyphened(clause string, inherited []country) bool {
	m := hyphenedOperator.FindStringIndex(clause)
	if m == nil {
		return false
	}
	word, end := clause[m[0]:m[1]], m[1]
	if n := spreadNoun.FindStringIndex(clause[end:]); n != nil {
		end += n[1]
	}
	op, sep := "spread", "-minus-"
	if !strings.Contains(word, sep) {
		op, sep = "sum", "-plus-"
	}
	a, b, _ := strings.Cut(word, sep)
	phrase := strings.ReplaceAll(clause[m[0]:end], "-", " ")
	d := derivation{op: op}
	d.operands = in.operands([]string{strings.ReplaceAll(a, "-", " "), strings.ReplaceAll(b, "-", " ")}, phrase)
	if !slices.ContainsFunc(d.operands, func(o operand) bool { return len(o.terms) == 0 }) {
		d.asSeries = in.clauseAsSeries(phrase, inherited)
	}
	in.addDerivation(d)
	if rest := clause[:m[0]] + " " + clause[end:]; len(terms(rest)) > 0 {
		in.readClause(rest, inherited)
	}
	return true
}

// periodCount: a number of periods written in words ("over twelve
// months"), read as the digits the rest of the reading knows.
var periodCount = regexp.MustCompile(`\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty-four|thirty-six)([- ])(months?|quarters?|years?|weeks?|periods?)\b`)

func countedPeriods(low string) string {
	n := map[string]string{"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
		"nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "twenty-four": "24", "thirty-six": "36"}
	return periodCount.ReplaceAllStringFunc(low, func(m string) string {
		g := periodCount.FindStringSubmatch(m)
		return n[g[1]] + g[2] + g[3]
	})
}

// timeSpan is a phrase naming a stretch of time ("12 months", "the past
// year"): what a change is measured over, never a series.
var timeSpan = regexp.MustCompile(`^(?:the\s+|a\s+|an\s+)?(?:past\s+|last\s+|previous\s+|prior\s+|preceding\s+|same\s+)?(?:\d+[- ])?(?:months?|quarters?|years?|weeks?|periods?|days?|time)(?:\s+(?:earlier|before|ago|prior))?$`)

// spanChange: a change measured over a stretch of time ("the change over
// 12 months", "12-month percent change", "growth over the year").
var spanChange = regexp.MustCompile(`\b(?:changes?|growth|increases?|rises?|gains?|falls?)\s+(?:over|in|across|from)\s+(?:the\s+|a\s+)?(?:past\s+|last\s+|previous\s+|prior\s+|preceding\s+)?(?:\d+[- ])?(?:months?|quarters?|years?|weeks?|periods?)\b|\b\d+[- ](?:months?|quarters?|weeks?|years?|periods?)\s+(?:percent(?:age)?\s+)?(?:changes?|growth|increases?|rises?|rates? of change)\b`)

func (in *intent) readClause(clause string, inherited []country) {
	clause = strings.TrimSpace(clause)
	if clause == "" {
		return
	}
	// "Keep the gross ones", "drop the UK": a clause that edits what the
	// table holds names no series to find.
	if editClause.MatchString(clause) {
		return
	}
	// "when did that markup lock in at 3 points?": a question about
	// what a demonstrative points at asks of a column already there.
	// "How do those compare with the WEO's rates" names one besides.
	if question.MatchString(clause) && pointsBack(clause) && !cpWords.MatchString(clause) && !chartWords.MatchString(clause) && len(listSplit.Split(clause, -1)) == 1 {
		return
	}
	// "(WEO) for each to get real rates": a clause that only names what
	// the arithmetic before it makes is that result's name.
	if m := nameTail.FindStringSubmatch(" " + clause); m != nil && len(in.derives) > 0 {
		head := (" " + clause)[:len(clause)+1-len(m[0])]
		if len(terms(eachEconomyTail.ReplaceAllString(actionless(head), " "))) == 0 {
			// One per economy: each of the run the arithmetic made.
			op := in.derives[len(in.derives)-1].op
			for k := len(in.derives) - 1; k >= 0 && in.derives[k].op == op && in.derives[k].label == ""; k-- {
				in.derives[k].label = labelOf(m[1] + m[2] + m[3])
			}
			return
		}
	}
	if in.readHyphened(clause, inherited) {
		return
	}
	// "denmark minus ecb - the peg spread": a phrase ending in an
	// arithmetic noun after the arithmetic names its result.
	if m := namedResult.FindStringSubmatch(clause); m != nil && len(in.derives) > 0 {
		if d := &in.derives[len(in.derives)-1]; d.label == "" {
			d.label = strings.TrimSpace(m[1] + " " + m[2])
		}
		return
	}
	// "change them to PPP": what the columns become is the request, the
	// verb and the columns it points back to are none.
	if m := switchBack.FindStringIndex(clause); m != nil {
		clause = strings.TrimSpace(clause[:m[0]] + " " + clause[m[1]:])
	}
	// "turn CPI into a year-on-year rate": the series is before "into",
	// what it becomes after.
	if m := turnInto.FindStringSubmatch(clause); m != nil && (deriveMarker.MatchString(m[2]) || rateNoun.MatchString(m[2])) {
		clause = "derive " + m[2] + " from " + m[1]
		if indexForm.MatchString("into " + m[2]) {
			clause = "derive into " + m[2] + " from " + m[1] // the index is the form, not a series
		}
	}
	switch {
	case cpPhrase.MatchString(clause) && in.readOperation(strings.TrimSpace(cpPhrase.ReplaceAllString(clause, " ")), inherited):
		// "quarterly averages of the NZ minus AU gap, with changepoints":
		// the breaks of what the arithmetic makes.
		in.cpTargets = append(in.cpTargets, target{})
	case cpWords.MatchString(clause):
		// "run break detection on it": the method's words name no series.
		clause = cpMethod.ReplaceAllString(clause, " ")
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
	case chartWords.MatchString(clause) && in.readOperation(chartDrawn(clause), inherited):
		// "Chart money growth minus inflation": chart what the
		// arithmetic makes. "Chart the three real rates": a concept's
		// name is the columns made under it, every one of them.
		in.chart = true
		if d := in.derives[len(in.derives)-1]; d.fromConcept {
			if ts := in.targetsOf(chartDrawn(clause)); len(ts) > 0 {
				in.chartTargets = append(in.chartTargets, ts...)
				break
			}
		}
		in.chartTargets = append(in.chartTargets, target{})
	case chartWords.MatchString(clause):
		in.chart = true
		rest := chartLayout.ReplaceAllString(chartWords.ReplaceAllString(clause, " "), " ")
		ts := in.targetsOf(rest)
		switch {
		case chartAllWords.MatchString(rest) && len(ts) <= 1:
			in.chartAll = true
		case len(ts) == 0 || slices.ContainsFunc(listSplit.Split(rest, -1), func(p string) bool { return bareIt.MatchString(p) }):
			in.chartTargets = append(in.chartTargets, target{}) // "chart it": what the request made or found last
		}
		in.chartTargets = append(in.chartTargets, ts...)
	case in.readOperation(clause, inherited):
	case in.readDerivations(clause, inherited):
	case deriveVerb.MatchString(clause):
		in.readDerivation(clause, inherited, nil)
	case deriveMarker.MatchString(clause):
		// "core vs headline cpi yoy": the change asked for is the
		// derivation's, not words of the series to find.
		var probe intent
		probe.countries = in.countries
		probe.readSeriesClause(withoutBareChanges(changeWords.ReplaceAllString(clause, " ")), inherited)
		in.readDerivation(clause, inherited, probe.subjects)
	default:
		in.readSeriesClause(clause, inherited)
	}
}

// readDerivations reads a clause of two derivations joined by "and"
// ("the monthly change and a 3-month moving average of that change"), each
// on its own, in order.
func (in *intent) readDerivations(clause string, inherited []country) bool {
	for _, m := range derivationsAnd.FindAllStringIndex(clause, -1) {
		left, right := clause[:m[0]], clause[m[1]:]
		if (deriveMarker.MatchString(left) || deriveVerb.MatchString(left)) && deriveMarker.MatchString(right) && !deriveMarker.MatchString(clause[m[0]:m[1]]) {
			in.readClause(left, inherited)
			in.readClause(right, inherited)
			return true
		}
	}
	return false
}

var derivationsAnd = regexp.MustCompile(`\s+and\s+(?:then\s+|also\s+)?`)

// withoutBareChanges is a clause without its list parts that name only a
// change ("…, seasonally adjusted, as 12-month % changes"): they ask for
// the derivation, no series. A change qualifying a concept ("the percent
// change in consumer prices") stays, as a published series may be it.
func withoutBareChanges(clause string) string {
	var kept []string
	for _, p := range listSplit.Split(clause, -1) {
		if len(terms(actionless(p))) > 0 || len(terms(p)) == 0 {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ", ")
}

// withoutSpans is a phrase without its source and time phrases, which
// bound the request but name no series.
func withoutSpans(s string) string {
	// Dates first: "from 2008 Q1" is one phrase, not "from 2008" and a
	// word "q1".
	for _, re := range []*regexp.Regexp{sourcePhrase, datePhrase, sinceYear, untilYear, betweenYears, yearRange, relativeSpan, vocab.eventSpan, sameSpan, wholeSpan, purposePhrase} {
		s = re.ReplaceAllString(s, " ")
	}
	return s
}

// sameSpan keeps the table's time span ("same window", "over the same
// period"); it names no series.
var sameSpan = regexp.MustCompile(`\b(?:(?:over|for|in)\s+)?the\s+same\s+(?:window|period|range|sample|span|time frame|timeframe|dates|years)\b|\bsame\s+(?:window|period|range|sample|span|dates|years|months|quarters)\b`)

// wholeSpan asks for every observation ("the full history", "all
// available data", "as far back as it goes"); it names no series.
var wholeSpan = regexp.MustCompile(`\b(?:the\s+)?(?:full|whole|entire|complete)\s+(?:history|sample|series|span|period|record)\b|\ball\s+(?:the\s+)?(?:available\s+)?(?:history|data|years|observations)\b|\bas far back as\b[^,.;]*|\ball available\b`)

// purposePhrase says what a series is for ("add the ECB for reference",
// "the US as a benchmark"); it names no series.
var purposePhrase = regexp.MustCompile(`\b(?:for|as)\s+(?:an?\s+|the\s+)?(?:reference|comparison|benchmark|context|a yardstick|yardstick|(?:sanity |cross[- ])?check)(?:\s+point)?\b|\bto (?:check|compare|cross-check)\b`)

// economyBaseMark is "(US = 100)": the economy every other is put
// relative to.
var economyBaseMark = regexp.MustCompile(`\(?\s*\b([\p{L} .'-]+?)\s*=\s*100\b\s*\)?`)

// economyBase reads "(US = 100)" as "relative to the United States", and
// as nothing more when the request says so already ("each relative to
// America (US = 100)"): an economy set to 100 is a base, no series.
func economyBase(low string) string {
	var b strings.Builder
	last := 0
	for _, m := range economyBaseMark.FindAllStringSubmatchIndex(low, -1) {
		cs, rest := findCountries(low[m[2]:m[3]])
		if len(cs) != 1 || len(terms(rest)) > 0 {
			continue
		}
		b.WriteString(low[last:m[0]])
		if strings.Contains(low, "relative to") || strings.Contains(low, "share of") || strings.Contains(low, "as a percent") {
			b.WriteString(" ")
		} else {
			b.WriteString(" relative to " + cs[0].name + " ")
		}
		last = m[1]
	}
	return b.String() + low[last:]
}

// unitIn is the unit the text's last unit mark stands for, "" if none.
func (in *intent) unitIn(text string) string {
	u := ""
	for _, m := range unitMarks.FindAllStringSubmatch(text, -1) {
		if i := int(m[1][0] - 'a'); i < len(in.units) {
			u = in.units[i]
		}
	}
	return u
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
	unitIn := in.unitIn
	// "nominal GDP in US dollars plus population": a unit written in one
	// part of a list is that part's; one written in the last part, or in
	// a clause of one part, is every part's ("GDP and debt, in USD").
	unit := unitIn(clause)
	var partUnits []string
	if raw := listSplit.Split(clause, -1); len(raw) > 1 {
		named := func(r string) bool { // names a series, not only economies
			_, rest := findCountries(unitMarks.ReplaceAllString(r, " "))
			return len(terms(rest)) > 0
		}
		lastNamed, marked, inPhrase := -1, 0, false
		for i, r := range raw {
			partUnits = append(partUnits, unitIn(r))
			if named(r) {
				lastNamed = i
			}
			if partUnits[i] != "" {
				marked++
				inPhrase = inPhrase || named(r)
			}
		}
		// A unit on its own ("…, percent of GDP, Norway") or ending the
		// list alone qualifies every part.
		if !inPhrase || marked == 1 && partUnits[lastNamed] != "" {
			partUnits = nil
		}
	}
	clause = unitMarks.ReplaceAllString(clause, " ")
	adjust := ""
	clause = adjustPhrase.ReplaceAllStringFunc(clause, func(m string) string {
		adjust = adjustment(m)
		return " "
	})
	type part struct {
		terms    []string
		cs       []country
		their    bool     // "their policy rates": the economies the request named
		sources  []string // "the IMF one": the publisher of this part's series
		versions bool     // the concept's parts that follow say which versions are asked for
		eop      bool     // "end-of-year CPI inflation": the end-of-period version
		unit     string   // the unit written in this part, when units are the parts' own
	}
	var parts []part
	var all []country
	marked, partUnit := 0, ""
	markParts := func() { // the parts the previous list part made take its unit
		for ; marked < len(parts); marked++ {
			parts[marked].unit = partUnit
		}
	}
	for k, p := range listSplit.Split(clause, -1) {
		markParts()
		// "(TURKSTAT) beside the IMF's number": a part that a bracket
		// cut off may open with the list word that joined it.
		p = leadingListWord.ReplaceAllString(p, "")
		if k < len(partUnits) {
			partUnit = partUnits[k]
		}
		// "add the BoE and the SNB, keep the spread": a part that edits
		// what the table holds names no series to find.
		if editClause.MatchString(strings.TrimSpace(p)) {
			continue
		}
		// "next to my computed one": a column made already, by whatever
		// name, is no series to find.
		if madeRef.MatchString(strings.TrimSpace(p)) {
			continue
		}
		// "check those balances against the IMF's figure": in a later
		// turn, a phrase opening with a demonstrative and naming no
		// economy points at what the table holds.
		if in.followUp && pointsBack(p) && len(countriesNamed(p)) == 0 {
			continue
		}
		// "saudi policy rate vs US, and the spread": an arithmetic noun
		// ending a list is of the two series named before it.
		if m := loneOpNoun.FindStringSubmatch(strings.TrimSpace(p)); m != nil && len(parts) > 0 {
			in.derives = append(in.derives, derivation{op: opNouns[m[1]], operands: []operand{{back: 2}, {back: 1}}})
			continue
		}
		cs, rest := findCountries(p)
		ts := terms(withoutPublishers(rest)) // "the imf's general govt gross debt": the publisher is the source, no word of the series
		// "US unemployment, the monthly BLS one and the IMF annual
		// number": a part naming only a publisher (and how often) is the
		// concept before it, from that publisher; the concept is asked
		// for in those versions.
		if ns, groups := vocab.publishersIn(p); groups == 1 && versionNoun.MatchString(rest) &&
			len(terms(versionNoun.ReplaceAllString(freqWord.ReplaceAllString(vocab.publisherRe.ReplaceAllString(rest, " "), " "), " "))) == 0 {
			head := len(parts) - 1
			for head > 0 && parts[head].sources != nil {
				head--
			}
			switch {
			case head >= 0 && len(parts[head].terms) > 0:
				parts[head].versions = true
				if len(cs) == 0 {
					cs = parts[head].cs
				}
				parts = append(parts, part{terms: parts[head].terms, cs: cs, sources: ns})
				continue
			case head < 0 && len(in.derives) > 0 && len(in.derives[len(in.derives)-1].operands[0].terms) > 0:
				// "compute debt/GDP myself and put the IMF's own line next
				// to each": the published version of what was computed.
				parts = append(parts, part{terms: in.derives[len(in.derives)-1].operands[0].terms, cs: cs, sources: ns})
				continue
			}
		}
		if len(ts) == 0 && len(cs) > 0 && len(parts) > 0 && len(parts[len(parts)-1].terms) > 0 && oneWord.MatchString(rest) {
			// "their rates together with the US one": the same concept
			// for that economy, besides the part's own.
			parts = append(parts, part{terms: parts[len(parts)-1].terms, cs: cs})
			all = append(all, cs...)
			continue
		}
		if len(ts) > 0 && len(cs) == 0 && theirWord.MatchString(p) {
			parts = append(parts, part{terms: ts, their: true})
			continue
		}
		for _, c := range cs {
			if !slices.Contains(all, c) {
				all = append(all, c)
			}
		}
		switch {
		case len(ts) > 0 && len(parts) > 0 && len(parts[len(parts)-1].terms) > 0 && !slices.ContainsFunc(ts, func(t string) bool { return !vocab.variants[stem(t)] }):
			// "CPI all items and core": that version of the concept
			// before, for its countries unless the part names some.
			prev := parts[len(parts)-1]
			head := slices.DeleteFunc(slices.Clone(prev.terms), func(t string) bool { return vocab.variants[stem(t)] })
			if len(cs) == 0 {
				cs = prev.cs
			}
			parts = append(parts, part{terms: append(head, ts...), cs: cs, sources: prev.sources, eop: strings.Contains(p, eopMark)})
		case len(ts) > 0 && len(parts) > 0 && !slices.ContainsFunc(ts, func(t string) bool { return !vocab.qualifiers[t] }):
			// "GDP per capita, constant prices, PPP (2017 intl $) for
			// Poland": qualifiers of the part before, and its countries.
			last := &parts[len(parts)-1]
			last.eop = last.eop || strings.Contains(p, eopMark)
			last.terms = append(last.terms, ts...)
			last.cs = append(last.cs, cs...)
		case len(ts) > 0:
			parts = append(parts, part{terms: ts, cs: cs, eop: strings.Contains(p, eopMark)})
		case len(cs) > 0 && len(parts) > 0 && len(parts[len(parts)-1].cs) > 0:
			parts[len(parts)-1].cs = append(parts[len(parts)-1].cs, cs...)
		case len(cs) > 0 && len(parts) > 0:
			parts[len(parts)-1].cs = cs
		case len(cs) > 0:
			parts = append(parts, part{cs: cs}) // countries before their concept
		}
	}
	// "gross vs net govt debt", "nominal and real GDP": a lone word whose
	// opposite opens the next part shares that part's head.
	for i := 0; i+1 < len(parts); i++ {
		next := parts[i+1].terms
		if len(parts[i].terms) == 1 && len(next) >= 2 && slices.Contains(vocab.opposites[parts[i].terms[0]], next[0]) {
			parts[i].terms = append(slices.Clone(parts[i].terms), next[1:]...)
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
	markParts()
	concept := slices.ContainsFunc(parts, func(p part) bool { return len(p.terms) > 0 && !vocab.weakOnly(p.terms) })
	if !concept {
		in.moreCountries = append(in.moreCountries, all...)
	}
	for _, p := range parts {
		if len(p.terms) == 0 || vocab.weakOnly(p.terms) || p.versions {
			continue
		}
		cs := p.cs
		switch {
		case p.their && len(in.countries) > 0:
			cs = in.countries
		case len(cs) == 0 && vocab.currencyPair(p.terms):
			cs = []country{{}} // a currency pair is one series
		case len(cs) == 0:
			cs = fallback
		}
		for _, c := range cs {
			u := unit
			if partUnits != nil {
				u = p.unit
			}
			s := subject{phrase: strings.Join(p.terms, " "), terms: p.terms, country: c, unit: u, sources: sources, adjust: adjust, eop: p.eop}
			if p.sources != nil {
				s.sources = p.sources
			}
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
			// "in that ratio and in prime": a list of the same
			// preposition starts at its first member.
			for {
				j := strings.LastIndex(" "+clause[:i-1], p)
				if j <= 0 || !strings.HasSuffix(strings.TrimRight(clause[:i-1], " ,"), " and") && !strings.HasSuffix(strings.TrimRight(clause[:i-1], " "), ",") {
					break
				}
				i = j
			}
			if rest := clause[i-1+len(p):]; len(terms(actionless(rest))) > 0 || len(countriesNamed(rest)) > 0 {
				t = rest
			}
		}
	}
	cs, rest := findCountries(t)
	var out []target
	for _, part := range listSplit.Split(rest, -1) {
		// "seasonally adjusted" says which version, it is no target.
		words := terms(actionless(adjustPhrase.ReplaceAllString(part, " ")))
		if len(words) == 0 {
			continue
		}
		back := pointsBack(part)
		if len(cs) == 0 {
			out = append(out, target{phrase: strings.Join(words, " "), back: back})
		}
		for _, c := range cs {
			out = append(out, target{phrase: strings.Join(words, " "), country: c, back: back})
		}
	}
	if len(out) == 0 {
		for _, c := range cs { // "chart Brazil and Mexico"
			out = append(out, target{phrase: "*", country: c})
		}
	}
	return out
}

// madeRef is a phrase that only points at a column made already: "my
// computed one", "the derived series", "our own number".
var madeRef = regexp.MustCompile(`^(?:(?:does|do|did|is|are|how does|how do|how did)\s+)?(?:(?:(?:my|our|the|that|this|those|these)\s+)?(?:own\s+)?(?:implied|computed|derived|calculated|constructed|backed[- ]out|resulting|own|home-made|homemade)\s*(?:one|ones|number|numbers|figure|figures|series|column|columns|version|measure|estimate|it)?` +
	// "your per-person figure": the assistant's own work is a column
	// it made.
	`|your\s+(?:own\s+)?(?:[\w-]+\s+){0,2}(?:one|ones|number|numbers|figure|figures|series|column|columns|version|measure|estimate|estimates|calculation|calculations|calc|result|results))$`)

// nextTo is "next to", which lists what follows beside what precedes.
var nextTo = regexp.MustCompile(`\s+next to\s+`)

// leadingListWord opens a list part cut from its list.
var leadingListWord = regexp.MustCompile(`^\s*(?:beside|besides|alongside|versus|vs\.?|against|together with|as well as)\s+`) // "next to" is "alongside" by then

// question opens a question.
var question = regexp.MustCompile(`^(?:when|where|how|why|what|did|does|do|is|was|has|have|can|could)\b`)

// pointsBack: the phrase opens with a demonstrative, after any words of
// the question around it ("where does that implied 10y shift" points back
// as "that implied 10y" does).
func pointsBack(phrase string) bool {
	ws := strings.Fields(phrase)
	for i := range ws {
		if demonstrative.MatchString(strings.Join(ws[i:], " ") + " ") {
			return true
		}
		w := strings.ToLower(strings.Trim(ws[i], ",.?!"))
		if !vocab.stopwords[stem(w)] && !vocab.lookVerbs[w] {
			return false
		}
	}
	return false
}

// actionless drops the words of analysis verbs and their objects' filler.
func actionless(s string) string {
	s = cpWords.ReplaceAllString(s, " ")
	s = deriveVerb.ReplaceAllString(s, " ")
	s = chartWords.ReplaceAllString(s, " ")
	s = periodChange.ReplaceAllString(s, " ")
	s = deriveMarker.ReplaceAllString(s, " ")
	s = percentChange.ReplaceAllString(s, " ")
	s = withoutPeriods(s)
	var out []string
	for _, w := range strings.Fields(s) {
		switch strings.Trim(w, ".,'") {
		case "mark", "point", "points", "any", "there", "where", "did", "change", "changes", "growth", "rate?", "line", "lines", "over", "time", "run", "do", "perform", "apply", "try":
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// withoutPeriods drops the counts of periods a change is over ("the
// 12-month change"), keeping maturities ("the 10-year-over-FF spread",
// "3-month bill"): those name the series.
func withoutPeriods(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range periodsWords.FindAllStringIndex(s, -1) {
		if maturityNext.MatchString(s[m[1]:]) {
			continue
		}
		b.WriteString(s[last:m[0]] + " ")
		last = m[1]
	}
	return b.String() + s[last:]
}

// maturityNext follows a count of periods that is a maturity.
var maturityNext = regexp.MustCompile(`^(?:[- ](?:over|minus|plus)[- ]|[- ]?(?:treasury|treasuries|yields?|bonds?|notes?|bills?|rates?|mortgages?|gilts?|bunds?|maturity|swaps?|government|govt|gov|tips|breakevens?|spreads?|term|constant|fixed|libor|euribor|interbank|deposits?|paper)\b)`)

func labelOf(s string) string {
	ts := terms(actionless(s))
	if len(ts) > 4 {
		ts = ts[len(ts)-4:]
	}
	return strings.Join(ts, " ")
}

// qualifyingList reads a bracket that lists, part by part, units and at
// most one phrase of qualifying words ("general govt, % of GDP", "SA,
// 2015=100"): the words that say which row and in which unit, none naming
// an economy, another series' arithmetic or a version set against
// another. It returns them as one phrase.
func qualifyingList(inner string) (string, bool) {
	if !strings.ContainsAny(inner, ",;") || len(countriesNamed(inner)) > 0 || bracketWords.MatchString(inner) ||
		deriveMarker.MatchString(inner) || deriveVerb.MatchString(inner) || cpWords.MatchString(inner) || chartWords.MatchString(inner) {
		return "", false
	}
	var out []string
	phrases, prices := 0, 0
	for _, part := range strings.FieldsFunc(inner, func(r rune) bool { return r == ',' || r == ';' }) {
		// "(nominal, real)": two price bases are two series.
		if slices.ContainsFunc(terms(part), func(t string) bool { return vocab.nominalWords[t] || vocab.realWords[t] || t == "current" }) {
			if prices++; prices > 1 {
				return "", false
			}
		}
		probe := unitMarks.ReplaceAllString(adjustPhrase.ReplaceAllString(part, " "), " ")
		ts := slices.DeleteFunc(terms(basePeriod.ReplaceAllString(probe, " ")), func(t string) bool {
			return vocab.weakOnly([]string{t}) || isNumber(t) || vocab.qualifiers[t]
		})
		if len(ts) > 0 {
			// Two phrases, or a version ("core, SA"), are a list of
			// series, not one's qualifiers.
			if phrases++; phrases > 1 || slices.ContainsFunc(ts, func(t string) bool { return vocab.variants[t] }) {
				return "", false
			}
		}
		out = append(out, strings.TrimSpace(part))
	}
	// A bracket of frequencies and adjustments alone ("quarterly SAAR,
	// average to years") qualifies nothing here; it is read where
	// frequencies are.
	if phrases == 0 && !unitMarks.MatchString(inner) {
		return "", false
	}
	return strings.Join(out, " "), true
}

// differingBy reads how an analyst asks how far two series lie apart as
// the difference between them: "by how many percentage points do the two
// measures differ" is the difference between the two measures, in the
// points a difference of percents is in; "by how many basis points" asks
// for it in basis points.
func differingBy(low string) string {
	low = howManyPoints.ReplaceAllStringFunc(low, func(m string) string {
		if strings.Contains(m, "basis") || strings.Contains(m, "bp") {
			return " in basis points "
		}
		return " "
	})
	low = theTwoDiffer.ReplaceAllString(low, "difference between the two$1")
	return theyDiffer.ReplaceAllString(low, "difference between them")
}

var (
	howManyPoints = regexp.MustCompile(`\b(?:by\s+)?how (?:many|much)\s+(?:percentage points?|pp|points?|basis points?|bps|bp)\b|\bin percentage points?\b`)
	theTwoDiffer  = regexp.MustCompile(`\b(?:do|does|did|would)\s+the two((?:\s+[\pL-]+){0,3}?)\s+differ\b`)
	theyDiffer    = regexp.MustCompile(`\b(?:do|does|did|would)\s+(?:they|both|these|those)(?:\s+two)?\s+differ\b`)
)

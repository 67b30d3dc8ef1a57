package sim

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sextant-dev/sextant/internal/countries"
)

// readOperation reads arithmetic between two series ("the policy rate
// minus inflation", "debt as a share of GDP") or a derived concept ("the
// real interest rate"). Operands not yet in the table are series to find.
// namedOp is the op a clause names by its noun ("Poland relative to
// Portugal (ratio)") when the pattern that matched names none; else the
// pattern's op.
// A noun inside an operand ("the spread + ffr") names that operand, not
// the op.
func namedOp(clause string, op operation, m []string) string {
	if opNoun.MatchString(op.pattern) || explicitOperator.MatchString(op.pattern) {
		return op.op
	}
	// "Poland relative to Portugal (ratio)": a noun ending the clause
	// names the op whichever slot it fell in.
	if t := opNoun.FindAllStringIndex(clause, -1); len(t) == 1 && strings.TrimSpace(clause[t[0][1]:]) == "" {
		return opNouns[clause[t[0][0]:t[0][1]]]
	}
	for _, slot := range []string{"a", "b"} {
		if i := op.re.SubexpIndex(slot); i >= 0 && m[i] != "" {
			clause = strings.Replace(clause, m[i], " ", 1)
		}
	}
	if m := opNoun.FindAllString(clause, -1); len(m) == 1 {
		return opNouns[m[0]]
	}
	return op.op
}

// changeNoun ends a phrase naming a change ("the change", "growth").
var changeNoun = regexp.MustCompile(`\b(?:changes?|growth|increases?|rises?|falls?|gains?|declines?|inflation)\s*$`)

// explicitOperator: a pattern whose operator is written out ("+",
// "minus", "divided by"); a noun in an operand ("FF + the 10y-FF spread")
// names that operand, never the op.
var explicitOperator = regexp.MustCompile(`[+/]|\b(?:minus|plus|divided|divide|subtract|times|deflate|deflated)\b`)

var opNouns = map[string]string{"ratio": "ratio", "spread": "spread", "share": "share", "difference": "spread", "gap": "spread", "diff": "spread", "differential": "spread"}

// slashJoinsSeries: the words either side of a slash name series ("M2 /
// CPI"), not a pair of alternatives ("above/below", "and/or").
func slashJoinsSeries(a, b string) bool {
	before, after := strings.Fields(a), strings.Fields(b)
	if len(before) == 0 || len(after) == 0 {
		return false
	}
	x, y := before[len(before)-1], after[0]
	alternatives := map[string]bool{"above": true, "below": true, "and": true, "or": true, "up": true, "down": true, "over": true, "under": true}
	return !alternatives[x] && !alternatives[y] && len(terms(x)) > 0 && len(terms(y)) > 0
}

// perHead: the phrase after "per" counts people: the whole population
// ("per capita", "per person"), or those at work ("per payroll job", "per
// worker"), whose series the phrase names.
func perHead(b string) (string, bool) {
	ts := terms(b)
	switch {
	case len(ts) == 0:
		return "", false
	case headWords[ts[0]]:
		return "population" + strings.TrimPrefix(b, strings.Fields(b)[0]), true
	case slices.ContainsFunc(ts, func(t string) bool { return workerWords[t] }):
		return b, true
	}
	return "", false
}

var (
	headWords   = map[string]bool{"capita": true, "person": true, "people": true, "head": true, "inhabitant": true, "resident": true}
	workerWords = map[string]bool{"job": true, "worker": true, "employee": true, "payroll": true, "employed": true, "hour": true}
)

// listTail ends a list that goes on with the arithmetic (", and the").
// addingVerb opens a clause that puts series into the table or asks for
// them ("add fed funds + the ECB rate", "need federal debt + nominal
// gdp"): a "+" after it lists what to add, as "and" does.
var addingVerb = regexp.MustCompile(`^(?:(?:please|pls|now|also|and|then|i)\s+)*(?:add|include|bring in|throw in|put in|pull in|append|need|want|get|give me|show me|pull|fetch|grab|load)\b`)

var listBreak = regexp.MustCompile(`,\s*(?:(?:and|plus)\s+)?(?:(?:the|a|an)\s+)?`)

var listTail = regexp.MustCompile(`(?:,\s*(?:and\b|plus\b)?|\s+and\b|\s+plus\b)(?:\s+(?:then\s+)?(?:take|compute|calculate|derive|work out|give me|show me|show|get|make|plot|chart|add))?(?:\s*\b(?:the|a|an))?\s*$`)

// ownWork: the analyst computes it from the table ("compute debt/GDP
// myself from those"); no published series stands in for it.
var ownWork = regexp.MustCompile(`\b(?:myself|ourselves|by hand|from (?:those|these|them|the table|the columns|what we have)|using (?:those|these|them|the columns))\b`)

// haveWord says what one has ("I only have spreads"): a statement, no
// request.
var haveWord = regexp.MustCompile(`\b(?:have|has|had|got)\b`)

// resultUnit is a unit ending an operand, which says what the arithmetic
// gives ("debt per person in dollars"), not which column the operand is.
var resultUnit = regexp.MustCompile(`(?:\b(?:in|as|into|expressed in|measured in)\s+)?(?:(?:the|a)\s+)?zzunit[a-z]zz[\s.?!]*$`)

// otherOnes are the table's columns besides the one named ("how far
// above the Fed were the other two").
var otherOnes = regexp.MustCompile(`^(?:the\s+)?(?:other(?:\s+(?:two|three|four|five|six|\d+|ones?|countries|economies|banks|series|rates))?|others|rest(?:\s+of\s+them)?)(?:\s+each(?:\s+(?:month|quarter|year|day|week))?)?$`)

// madeFromTail ends a clause saying the result is made from series
// already named ("worked out from those two", "computed using them").
var madeFromTail = regexp.MustCompile(`\s+(?:worked out|computed|calculated|derived|made|built|constructed|obtained)\s+(?:from|using|off|with)\s+(?:those|these|them|both|the two|the columns|the table)(?:\s+(?:two|2|series|columns|figures|numbers))?\s*[.?!]*$`)

// bpsPhrase asks for a difference in basis points.
var bpsPhrase = regexp.MustCompile(`\b(?:in|as|expressed in|measured in)\s+basis points?\b`)

var opNoun = regexp.MustCompile(`\b(?:ratio|spread|share|difference|gap|diff|differential)\b`)

func (in *intent) readOperation(clause string, inherited []country) bool {
	// Source and time phrases bound the request; they are never operands
	// ("over the last decade" is no ratio).
	clause = withoutSpans(clause)
	// "policy minus inflation as a real-rate column": the name asked for
	// the result, not words of an operand.
	named := ""
	if m := nameTail.FindStringSubmatch(clause); m != nil {
		named = m[1] + m[2] + m[3]
		clause = strings.TrimSuffix(clause, m[0])
	}
	// "dollars per person worked out from those two": how the result is
	// made from series already named is no word of an operand, and no
	// published series stands in for it.
	madeFrom := false
	if m := madeFromTail.FindStringIndex(clause); m != nil && m[0] > 0 {
		clause, madeFrom = clause[:m[0]], true
	}
	// "ILO minus WEO for each country": the arithmetic is made for every
	// economy; the tail is no word of the last operand.
	if m := eachEconomyTail.FindStringIndex(clause); m != nil && m[0] > 0 {
		clause = clause[:m[0]]
	}
	// "spreads over the Fed for Indonesia, India and the Philippines
	// only": the economies named last are those the arithmetic is made
	// for; the other side keeps the economy it names itself.
	var forEconomies []country
	forTail := ""
	if i := strings.LastIndex(clause, " for "); i > 0 {
		tail := onlyTail.ReplaceAllString(clause[i+len(" for "):], "")
		if cs, rest := findCountries(tail); len(cs) > 0 && len(terms(rest)) == 0 {
			forEconomies, forTail = cs, clause[i:]
		}
	}
	// "the spread in bps": the unit of the result, no operand's words.
	bps := bpsPhrase.MatchString(clause)
	clause = bpsPhrase.ReplaceAllString(clause, " ")
	before := len(in.derives)
	defer func() {
		for i := before; i < len(in.derives); i++ {
			in.derives[i].bps = in.derives[i].bps || bps && in.derives[i].op == "spread"
		}
	}()
	for _, op := range vocab.operations {
		m := op.re.FindStringSubmatch(clause)
		if m == nil {
			continue
		}
		// "GDP per capita", "debt per person": a ratio to the people
		// counted; "per year" or "per cent" is no arithmetic.
		if i := op.re.SubexpIndex("b"); i >= 0 && strings.Contains(op.pattern, " per ") {
			if _, ok := perHead(m[i]); !ok {
				continue
			}
			// "the IMF's published GDP per capita": a ratio a publisher
			// publishes is its series, asked for as one.
			if ia := op.re.SubexpIndex("a"); ia >= 0 && publishedBy.MatchString(m[ia]) {
				continue
			}
		}
		// "the change over 12 months": a stretch of time is what a change
		// is measured over, no operand.
		if ia, ib := op.re.SubexpIndex("a"), op.re.SubexpIndex("b"); ia >= 0 && ib >= 0 && timeSpan.MatchString(strings.TrimSpace(m[ib])) && changeNoun.MatchString(m[ia]) {
			continue
		}
		// "less than", "more than": a comparison, no arithmetic.
		if ib := op.re.SubexpIndex("b"); ib >= 0 && strings.HasPrefix(strings.TrimSpace(m[ib]), "than ") {
			continue
		}
		label := strings.TrimSpace(clause[:strings.Index(clause, m[0])])
		lead := label // what the clause says before the arithmetic
		// "show me their policy rates and the US one, and the spread of
		// each over the US": series listed before the arithmetic are
		// asked for too; they are no label.
		// The list part is a clause of its own: "year-on-year growth of
		// both, and the gap between them" asks for the changes first.
		if t := listTail.FindStringIndex(label); t != nil && (len(terms(actionless(label[:t[0]]))) > 0 || deriveMarker.MatchString(label[:t[0]])) {
			in.readClause(label[:t[0]], inherited)
			label = ""
		} else if ts := listBreak.FindAllStringIndex(label, -1); len(ts) > 0 {
			// "IMF unemployment for Canada vs the BLS US one, and the
			// unemployment gap between them": the words after the last
			// break name the result; the list before it is asked for.
			t := ts[len(ts)-1]
			if head, tail := label[:t[0]], label[t[1]:]; len(terms(tail)) <= 3 && len(terms(actionless(head))) > 0 {
				in.readClause(head, inherited)
				label = tail
			}
		}
		if named != "" {
			label = named
		}
		d := derivation{op: namedOp(clause, op, m), label: labelOf(label)}
		// "debt over that GDP, alongside it the IMF debt ratio": a list
		// after the arithmetic asks for series of its own (read once the
		// arithmetic is taken, below).
		end := strings.Index(clause, m[0]) + len(m[0])
		listed := ""
		if tail := strings.TrimSpace(clause[end:]); listedAfter.MatchString(tail) && len(terms(actionless(tail))) > 0 {
			listed = strings.TrimLeft(tail, " ,")
		}
		if !ownWork.MatchString(clause) && !madeFrom {
			own := clause
			if listed != "" {
				own = clause[:end]
			}
			d.asSeries = in.clauseAsSeries(own, inherited)
		}
		if ia, ib := op.re.SubexpIndex("a"), op.re.SubexpIndex("b"); ia >= 0 && ib >= 0 {
			// "the 10-year yield as T10YFF + fed funds": what the result
			// is, then the arithmetic.
			a := m[ia]
			// "the difference ILO minus WEO": the noun names the
			// arithmetic that follows it, no operand.
			if n := leadingOpNoun.FindString(a); n != "" && len(terms(a[len(n):])) > 0 {
				a = a[len(n):]
			}
			if i := strings.LastIndex(a, " as "); i >= 0 && named == "" {
				d.label, a = labelOf(a[:i]), a[i+len(" as "):]
			} else if i := strings.LastIndex(a, "="); i >= 0 && named == "" {
				// "the 10y yield itself = FF + the spread": the result's
				// name, then its formula.
				d.label, a = labelOf(strings.TrimSuffix(strings.TrimSpace(a[:i]), " itself")), a[i+1:]
			}
			// "Scandi + Iceland central bank rates": a "+" joining
			// economies lists them; a sum needs two series.
			if op.op == "sum" && strings.Contains(m[0], "+") && (addingVerb.MatchString(strings.TrimSpace(clause)) || !sumCue.MatchString(clause) && !sumCue.MatchString(in.text)) {
				// "UNRATE + nonfarm payrolls, monthly": a "+" between the
				// series asked for lists them; it adds only where the
				// clause asks for a result ("= FF + the spread", "the
				// sum", "back out").
				continue
			}
			slash := strings.Contains(op.pattern, "{a}/{b}") || strings.Contains(op.pattern, "{a} / {b}")
			if slash && !slashJoinsSeries(a, m[ib]) {
				continue
			}
			if (op.op == "sum" || slash) && slices.ContainsFunc([]string{a, m[ib]}, func(p string) bool {
				_, rest := findCountries(p)
				return len(terms(rest)) == 0 && !backWords.MatchString(strings.TrimSpace(rest))
			}) {
				continue
			}
			// "add Hong Kong, its spread to the US": the possessive is
			// the economy the clause named before it.
			if pron := strings.TrimSpace(a); pron == "its" || pron == "their" {
				if cs, _ := findCountries(lead); len(cs) > 0 {
					a = cs[len(cs)-1].name
				}
			}
			b := m[ib]
			if strings.Contains(op.pattern, " per ") {
				// "GDP per capita for each country": the people counted
				// are the population; what follows them bounds the clause.
				b, _ = perHead(b)
			}
			if !in.operandsFor(&d, []string{a, b}, clause, forEconomies, forTail) {
				d.operands = in.operands([]string{a, b}, clause)
				// "ratio of mine to theirs": for each economy of the
				// conversation, its own pair.
				if !slices.ContainsFunc(d.operands, func(o operand) bool { return o.whose == "" }) && len(inherited) > 1 && len(in.countries) == 0 {
					in.countries = inherited
				}
			}
		} else if ib >= 0 { // "subtract WEO inflation for each country": every column minus it
			if !in.operandsFor(&d, []string{"each", m[ib]}, clause, forEconomies, forTail) {
				d.operands = in.operands([]string{"each", m[ib]}, clause)
			}
		} else { // "the gap between them": the two most recent columns
			d.operands = []operand{{back: 2}, {back: 1}}
			listed = ""
			// "gap between the two debt ratios": the two newest columns
			// those words describe.
			end := strings.Index(clause, m[0]) + len(m[0])
			if ts := terms(actionless(clause[end:])); strings.HasSuffix(m[0], "the two") && len(ts) > 0 && !vocab.weakOnly(ts) {
				for k := range d.operands {
					d.operands[k].phrase, d.operands[k].terms = strings.Join(ts, " "), ts
				}
			}
		}
		if listed != "" {
			in.readClause(listed, inherited)
		}
		in.addDerivation(d)
		return true
	}
	// "add the two together", "sum them": the sum of the two newest
	// columns.
	if bothSummed.MatchString(clause) {
		in.derives = append(in.derives, derivation{op: "sum", label: named, operands: []operand{{back: 2}, {back: 1}}})
		return true
	}
	// "spread in bps pls", "and the ratio?": an arithmetic noun naming
	// nothing else is of the two newest columns.
	if m := opNoun.FindStringIndex(clause); m != nil && len(terms(actionless(clause[:m[0]]+" "+clause[m[1]:]))) == 0 && !copula.MatchString(clause) && !haveWord.MatchString(clause) {
		op := opNouns[clause[m[0]:m[1]]]
		in.derives = append(in.derives, derivation{op: op, label: named, operands: []operand{{back: 2}, {back: 1}}})
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
		if q := sourceQualifier.FindString(clause); q != "" {
			if ns, groups := vocab.publishersIn(q); groups == 1 {
				d.sources = ns
				for i := range d.operands {
					if len(d.operands[i].sources) == 0 {
						d.operands[i].sources = ns
					}
				}
			}
		}
		in.addDerivation(d)
		return true
	}
	return false
}

// sourceQualifier says whose numbers a concept is computed on: "on the
// WEO number", "using the IMF figures", "based on BIS data".
var sourceQualifier = regexp.MustCompile(`\b(?:on|using|with|from|based on|off)\s+(?:the\s+)?(?:\S+\s+){1,3}?(?:numbers?|figures?|data|series|ones?|estimates?|version|measures?|inflation|rates?)\b`)

// publishedBy: words saying a figure is a publisher's own ("the IMF's
// published GDP", "the official …").
var publishedBy = regexp.MustCompile(`\b(?:published|official|reported)\b`)

// mineWords and theirsWords set the analyst's computation against the
// publisher's figure: "ratio of mine to theirs".
var (
	mineWords   = regexp.MustCompile(`^(?:mine|ours|my own|our own|my (?:one|ones|numbers?|figures?|version|calculation|computation)|the computed one)$`)
	theirsWords = regexp.MustCompile(`^(?:theirs|their (?:one|ones|numbers?|figures?|version)|the published (?:one|ones|numbers?|figures?)|the official (?:one|ones|numbers?|figures?))$`)
)

// listedAfter opens a list part after an arithmetic: ", and alongside it
// the IMF ratio", ", plus the CPI".
var listedAfter = regexp.MustCompile(`^,\s*(?:and\s+)?(?:alongside|with|plus|as well as|together with|beside)\b`)

// sumCue: words that ask for a computed result, so that a "+" adds.
var sumCue = regexp.MustCompile(`=|\b(?:sum|total|combined|add up|adds up|back out|derive|compute|calculate|work out|implied|reconstruct|rebuild)\b`)

// leadingOpNoun opens an operand with the arithmetic's noun ("the gap
// CH minus JP").
var leadingOpNoun = regexp.MustCompile(`^\s*(?:(?:and|with|plus|also|then|show|give me)\s+)*(?:the\s+|a\s+)?(?:difference|gap|spread|ratio|differential|diff)\s+(?:of\s+|between\s+)?`)

// operandsFor reads "spreads over the Fed for Indonesia, India and the
// Philippines only": when one side names its own economy (the Fed), the
// economies of the clause's "for …" tail are the other side's, one
// derivation each. It reports false, reading nothing, otherwise ("debt
// as a share of GDP for Brazil and Chile" is each economy's own share).
func (in *intent) operandsFor(d *derivation, phrases []string, clause string, economies []country, tail string) bool {
	if len(economies) == 0 {
		return false
	}
	ps := make([]string, len(phrases))
	own := -1
	for i, p := range phrases {
		ps[i] = p
		if j := strings.LastIndex(p, " for "); j >= 0 {
			if cs, rest := findCountries(onlyTail.ReplaceAllString(p[j+len(" for "):], "")); len(cs) > 0 && len(terms(rest)) == 0 {
				ps[i] = p[:j]
			}
		}
		if bareOpNoun.MatchString(ps[i]) {
			ps[i] = "each" // "spreads over the Fed": each economy's series
		}
		if cs, _ := findCountries(ps[i]); len(cs) > 0 {
			own = i
		}
	}
	if own < 0 {
		return false
	}
	d.operands = in.operands(ps, strings.TrimSuffix(clause, tail))
	for i, p := range ps {
		if cs, _ := findCountries(p); len(cs) > 0 {
			d.operands[i].country, d.operands[i].others = cs[0], cs[1:]
			continue
		}
		d.operands[i].country, d.operands[i].others = economies[0], economies[1:]
	}
	in.countries = economies
	return true
}

// bothSummed asks for the sum of the two columns pointed back to.
var bothSummed = regexp.MustCompile(`\badd\s+(?:the two|both|them|those two|these two|the pair)\s+(?:together|up)\b|\b(?:sum|total)\s+(?:of\s+)?(?:the two|both|them|those two|these two)\b`)

// onlyTail ends a clause with "only" ("for Chile only.").
var onlyTail = regexp.MustCompile(`\s+only\s*[?.!]*$|\s*[?.!]+$`)

// bareOpNoun is an operand that is only the arithmetic's noun ("spreads
// over the Fed").
var bareOpNoun = regexp.MustCompile(`^\s*(?:the\s+)?(?:ratios|spreads|shares|differences|gaps|differentials|ratio|spread|share|difference|gap|differential)\s*$`)

// eachEconomyTail ends a clause that asks for its arithmetic in every
// economy ("for each country", "for all three").
var eachEconomyTail = regexp.MustCompile(`\s+(?:for|in|across)\s+(?:each|every|all)(?:\s+(?:of\s+)?(?:them|the\s+\w+|two|three|four|five|six))?(?:\s+(?:country|countries|economy|economies|one|ones))?\s*[?.!]*$`)

// nameTail: a name given to a result at a clause's end ("as a real-rate
// column", "and call it the real rate").
var nameTail = regexp.MustCompile(`\s+(?:as (?:a|an|the|my)\s+([\pL\pN'\- ]+?)\s+(?:column|series|variable)|(?:and\s+)?(?:call|name|label)\s+(?:it|that|the result)\s+(?:the\s+|as\s+)?([\pL\pN'\- ]+?)|(?:,\s*)?(?:to get|to give|to make|so i get|giving)\s+(?:me\s+)?(?:the\s+|a\s+|an\s+)?([\pL\pN'\- ]+?))\s*[.?!]*$`)

// clauseAsSeries reads a clause as series of its own: a catalog may
// hold what the analyst describes as arithmetic ("debt as a share of
// GDP", "the 10-year minus 3-month spread") as one published series.
func (in *intent) clauseAsSeries(clause string, inherited []country) []subject {
	var probe intent
	probe.countries, probe.units = in.countries, in.units // the clause's unit marks index the request's units
	// "work out primary minus overall": the verb asking for the
	// arithmetic is no word of a series.
	clause = deriveVerb.ReplaceAllString(clause, " ")
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
	var weaks [][]string
	for _, p := range phrases {
		eop := strings.Contains(p, eopMark)
		p = strings.ReplaceAll(p, eopMark, " ")
		// "PPP GDP over population": a unit before the operand's words is
		// its column's; one after them ("debt per person in dollars")
		// says the result's.
		unit := in.unitIn(resultUnit.ReplaceAllString(p, " "))
		p = strings.TrimSpace(deriveVerb.ReplaceAllString(unitMarks.ReplaceAllString(withoutSpans(p), " "), " "))
		// "ffr minus y/y cpi": the change is of the series named, made
		// before the arithmetic; its words name no series.
		change := ""
		if m := changeWords.FindString(p); m != "" {
			change, _ = deriveOp(m)
			p = strings.TrimSpace(changeWords.ReplaceAllString(p, " "))
		}
		cs, rest := findCountries(p)
		var sources []string
		if ns, groups := vocab.publishersIn(rest); groups == 1 {
			sources, rest = ns, withoutPublishers(rest)
		}
		o := operand{phrase: strings.TrimSpace(rest), terms: terms(rest), change: change, sources: sources, eop: eop, unit: unit}
		// "gdp ratio" in "debt/gdp ratio": the arithmetic's noun is no
		// word of the operand.
		if named := slices.DeleteFunc(slices.Clone(o.terms), func(t string) bool { return opNoun.MatchString(t) }); len(named) > 0 {
			o.terms = named
		}
		var weak []string // "rate" in "rate minus unemployment"
		if vocab.weakOnly(o.terms) {
			if !opNoun.MatchString(rest) {
				weak = o.terms
			}
			o.terms = nil
			// "the spread + ffr": an arithmetic noun alone names the
			// column made by that arithmetic.
			if len(cs) == 0 && opNoun.MatchString(rest) {
				o.terms = opNoun.FindAllString(rest, -1)
			}
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
		case eachTail.MatchString(bare) && !slices.ContainsFunc(o.terms, func(t string) bool { return !isNumber(t) }),
			eachEconomy.MatchString(bare), otherOnes.MatchString(bare), bare == "same":
			// "now each", "show each one", "each of the 4", "each Baltic
			// state", "(the) same spread over Germany": the words before
			// it ask, they name nothing.
			o.phrase, o.terms = "*", nil // every column of the table
		case len(o.terms) == 0 && backWords.MatchString(bare):
			o.back = -1 // resolved below
		case mineWords.MatchString(bare):
			o.whose, o.phrase, o.terms = "mine", "", nil // the analyst's own column
		case theirsWords.MatchString(bare):
			o.whose, o.phrase, o.terms = "theirs", "", nil // the publisher's series
		}
		out = append(out, o)
		weaks = append(weaks, weak)
	}
	codesForCountries(out)
	// "add primary balances … and work out primary minus overall": sides
	// that are only version words are versions of the concept a series
	// of the request names with one of them.
	if len(out) == 2 && slices.IndexFunc(out, func(o operand) bool { return len(o.terms) != 1 || !vocab.variants[o.terms[0]] }) < 0 {
		for i := len(in.subjects) - 1; i >= 0; i-- {
			if s := in.subjects[i]; len(s.terms) >= 2 && (s.terms[0] == out[0].terms[0] || s.terms[0] == out[1].terms[0]) {
				for k := range out {
					out[k].terms = append([]string{out[k].terms[0]}, s.terms[1:]...)
					out[k].phrase = strings.Join(out[k].terms, " ")
				}
				break
			}
		}
	}
	// "primary minus overall balance", "headline minus core CPI": a side
	// that is only a version word is that version of the other side's
	// concept.
	if len(out) == 2 {
		for i := range out {
			a, b := out[i], out[1-i]
			if len(a.terms) == 1 && vocab.variants[a.terms[0]] && len(b.terms) >= 2 && vocab.variants[b.terms[0]] && a.terms[0] != b.terms[0] {
				out[i].terms = append([]string{a.terms[0]}, b.terms[1:]...)
				out[i].phrase = strings.Join(out[i].terms, " ")
			}
		}
	}
	for i := range out {
		if len(out[i].terms) == 0 && out[i].back == 0 && out[i].sum == 0 && out[i].phrase != "*" {
			for j := range out {
				if j == i || len(out[j].terms) == 0 || len(out[i].sources) > 0 && out[i].country == out[j].country {
					continue // "ILO minus WEO": named by its publisher
				}
				// "Brazil's and Mexico's policy rates": the concept of the
				// other economy's operand. Of the same economy, it would be
				// one series less itself: "rate minus unemployment" keeps
				// its own word.
				if out[i].country == out[j].country && len(weaks[i]) > 0 {
					out[i].terms = weaks[i]
					continue
				}
				out[i].terms, out[i].phrase = out[j].terms, out[j].phrase
			}
		}
	}
	// Every side names its economy, or "each" stands against one that
	// does ("each relative to America"): the economies are the operands'.
	own := true
	for _, o := range out {
		own = own && (o.country.iso3 != "" || o.phrase == "*" && len(out) == 2)
	}
	own = own && slices.ContainsFunc(out, func(o operand) bool { return o.country.iso3 != "" })
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

// codesForCountries reads "CH minus JP", "NZ minus the AU gap": in
// arithmetic between economies, a two-letter word that is a country's ISO
// code names that country, when every operand names a country so. (Read
// elsewhere, too many codes are words: "in", "it", "at".)
func codesForCountries(ops []operand) {
	code := make([]string, len(ops))
	for i, o := range ops {
		switch {
		case o.country.iso3 != "" && len(o.terms) == 0:
		case o.country.iso3 == "" && len(o.terms) == 1 && len(o.terms[0]) == 2:
			if c, ok := countries.Lookup(o.terms[0]); ok && !c.IsArea() {
				code[i] = c.ISO3
				continue
			}
			return
		default:
			return
		}
	}
	for i, iso3 := range code {
		if iso3 == "" {
			continue
		}
		c, _ := countries.Lookup(iso3)
		ops[i].country, ops[i].terms, ops[i].phrase = country{c.ISO3, c.Name}, nil, ""
	}
}

// eachTail: a phrase ending in a word for every column of the table.
// eachEconomy is "each" of the table's economies, however they are called
// ("each Baltic state", "every euro-area member").
var eachEconomy = regexp.MustCompile(`(?:^|\s)(?:each|every)(?:\s+[a-z-]+)?\s+(?:country|economy|state|nation|member|market)$`)

var eachTail = regexp.MustCompile(`(?:^|\s)(?:each|every|each one|every one|each of them|each of those|all of them|each country|every country|each of the (?:\d+|two|three|four|five|six|[a-z]+ countries))$`)

func isNumber(t string) bool { _, err := strconv.Atoi(t); return err == nil }

// sumOf reads a phrase naming the total of columns already there ("the
// two combined", "the group's combined balance", "the sum of them"): how
// many of the newest series columns it adds up, -1 for all of them.
func sumOf(phrase string) (int, bool) {
	m := sumPhrase.FindStringSubmatch(strings.TrimRight(strings.TrimSpace(phrase), "?.!,;: "))
	if m == nil {
		return 0, false
	}
	who := m[1] + m[2] + m[3] + m[4] + m[5] // "the sum", "the combined surplus": of all the series
	for w, n := range map[string]int{"two": 2, "both": 2, "three": 3, "four": 4, "five": 5, "six": 6} {
		if strings.Contains(who, w) {
			return n, true
		}
	}
	return -1, true
}

var sumPhrase = regexp.MustCompile(`^(?:the\s+)?(?:(sum|combined total)()$|(two|three|four|five|six|both|all|them|those|these|group|lot|all of them)(?:'s)?\s+(?:combined|together|in total|total|summed|altogether)(?:\s+[a-z]+){0,2}|(?:sum|total|combined total) of (?:the\s+)?(two|three|four|five|six|both|them|all of them|all|those|these|group)(?:\s+[a-z]+){0,2}|combined\s+(?:(two|three|four|five|six)(?:[- ](?:country|economy|nation|member))?\s+)?[a-z]+(?:\s+[a-z]+)?)$`)

// addDerivation records a derivation; with several countries and operands
// that name none, one per country.
func (in *intent) addDerivation(d derivation) {
	// "the gap, headline minus core": an arithmetic noun the next clause
	// spells out is that arithmetic, once.
	if k := len(in.derives) - 1; k >= 0 && in.derives[k].op == d.op && loneNoun(in.derives[k]) && namedOperands(d) {
		in.derives = in.derives[:k]
	}
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
	if !slices.ContainsFunc(d.operands, func(o operand) bool { return o.back == 0 }) {
		// "the gap between them": the columns are the countries'.
		in.derives = append(in.derives, d)
		return
	}
	cs := in.countries
	named := false
	for _, o := range d.operands {
		named = named || o.country.iso3 != ""
	}
	if named || len(cs) <= 1 {
		for i := range d.operands {
			// "how many times Germany's rate is each of them": "each"
			// is every economy, not the one the other side names.
			if d.operands[i].country.iso3 == "" && len(cs) == 1 && (d.operands[i].phrase != "*" || !named) {
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

// loneNoun: the derivation is an arithmetic noun alone ("and the gap"), of
// the two newest columns.
func loneNoun(d derivation) bool {
	return len(d.operands) == 2 && d.operands[0].back == 2 && d.operands[1].back == 1 && d.label == ""
}

// readDerivation reads a one-column derivation ("year-on-year growth of
// payrolls", "derive inflation from the price index").
func (in *intent) readDerivation(clause string, inherited []country, asSeries []subject) {
	op, n := deriveOp(clause)
	op, n, annualize := annualised(clause, op, n)
	if op != "diff" && explicitChange.MatchString(clause) {
		// "gdp growth q/q": the change is written out, so what is asked
		// is computed from the level, not looked for as a published rate.
		asSeries = levelsOf(asSeries)
	}
	ts := in.targetsOf(clause)
	if len(ts) == 0 || chartAllWords.MatchString(clause) && len(ts) == 1 && ts[0].phrase == "" {
		ts = []target{{}} // "it", "them", "both": resolved against the table
		if chartAllWords.MatchString(clause) {
			ts = []target{{phrase: "*"}}
		}
	}
	if op == "diff" && !diffWords.MatchString(clause) {
		// "take annual averages": a verb of arithmetic naming no change
		// (the conversion was read already) asks for no derivation.
		if loc := deriveVerb.FindStringIndex(clause); loc != nil && loc[0] > 0 {
			in.readSeriesClause(clause[:loc[0]], inherited)
		}
		return
	}
	for _, t := range ts {
		d := derivation{op: op, periods: n, annualize: annualize, operands: []operand{{phrase: t.phrase, terms: terms(t.phrase), country: t.country}}, asSeries: asSeries}
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

// explicitChange writes out a change over a period (q/q, m/m, y/y).
var explicitChange = regexp.MustCompile(`\b(?:q/q|m/m|y/y|yoy|qoq|mom|quarter[- ]on[- ]quarter|month[- ]on[- ]month|year[- ]on[- ]year)\b`)

// levelsOf are the subjects without their words of growth or change
// ("gdp growth" → "gdp"); inflation keeps its word, since it names the
// price index it is the change of.
func levelsOf(ss []subject) []subject {
	var out []subject
	for _, s := range ss {
		ts := slices.DeleteFunc(slices.Clone(s.terms), func(t string) bool { return vocab.rateWords[t] && t != "inflation" })
		if len(ts) > 0 && len(ts) < len(s.terms) {
			s.terms, s.phrase = ts, strings.Join(ts, " ")
		}
		out = append(out, s)
	}
	return out
}

// annualised reads "annualised growth" as the change over one period (n
// of them when counted) compounded to a year; a change already over a
// year needs none.
func annualised(clause, op string, n int) (string, int, bool) {
	if !annualisedChange.MatchString(clause) {
		return op, n, false
	}
	switch {
	case op == "pct_change":
		return op, n, true
	case op == "yoy_pct" && !yearWords.MatchString(clause):
		return "pct_change", max(n, 1), true
	}
	return op, n, false
}

// annualisedChange: a change compounded to an annual rate ("annualised
// quarter-on-quarter growth", "growth at an annual rate", "SAAR growth").
var annualisedChange = regexp.MustCompile(`\bannuali[sz]ed\b(?:\s+[\w/-]+){0,3}?\s+(?:growth|change|rate of (?:growth|change)|percent(?:age)? change)\b|` +
	`\b(?:growth|change)\b(?:\s+[\w/-]+){0,3}?\s+(?:annuali[sz]ed|at an annual(?:i[sz]ed)? rate|saar)\b|\bsaar\s+(?:growth|change)\b`)

// yearWords: a change said to be over a year.
var yearWords = regexp.MustCompile(`\b(?:year[- ]on[- ]year|yoy|y/y|12-month|twelve-month|over (?:a|the) year|from a year (?:ago|earlier))\b`)

// diffWords: words that ask for a difference over time.
var diffWords = regexp.MustCompile(`\b(?:diff|diffs|difference|differences|differenced|change|changes|first differences?)\b`)

// yearRate: words of a rate of change (a "12-month change" in payrolls is
// a difference; "12-month growth" is a rate).
var yearRate = regexp.MustCompile(`\b(?:growth|percent(?:age)? change|rates? of change|inflation|growth rates?)\b`)

// periodChange: a change over one period of the table ("the monthly %
// change", "quarterly growth").
var periodChange = regexp.MustCompile(`\b(?:monthly|quarterly|weekly)\s+(?:percent(?:age)?\s+)?(?:change|growth|increase)\b`)

func deriveOp(clause string) (string, int) {
	n := 0
	if m := periodsWords.FindStringSubmatch(clause); m != nil {
		n, _ = strconv.Atoi(m[1])
		// "12-month growth", "4-quarter change": a year's change is the
		// year-on-year rate.
		if perYear := map[string]int{"month": 12, "quarter": 4, "week": 52}[m[2]]; perYear == n && yearRate.MatchString(clause) {
			return "yoy_pct", 0
		}
	}
	switch {
	case indexForm.MatchString(clause):
		// "turn each into a volume index by chaining the growth rates":
		// the form asked for, whatever rates it is made from.
		return "index", 0
	case strings.Contains(clause, "moving average") || strings.Contains(clause, "rolling"):
		return "rolling_mean", n
	case strings.Contains(clause, "year-on-year") || strings.Contains(clause, "year on year") || strings.Contains(clause, "annual growth") ||
		strings.Contains(clause, "yoy") || strings.Contains(clause, "y/y") || strings.Contains(clause, "inflation") ||
		strings.Contains(clause, "12-month percent") || strings.Contains(clause, "annual percent") || strings.Contains(clause, "annual rate of change"):
		return "yoy_pct", 0
	case periodChange.MatchString(clause):
		// "the monthly change" in payrolls is the jobs added; "monthly
		// growth", a "monthly percent change", a rate (and the change of
		// an index is read as one where the column is known).
		if m := periodChange.FindString(clause); !strings.Contains(m, "percent") && !strings.Contains(m, "growth") {
			return "diff", 1
		}
		return "pct_change", 1
	case strings.Contains(clause, "month-on-month") || strings.Contains(clause, "m/m") ||
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

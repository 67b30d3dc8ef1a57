package sim

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// The sim's understanding of an analyst's words: which series they ask for
// (a subject per phrase and country), and which analysis steps. This is the
// general knowledge a language model brings — country names, common
// synonyms of economic terms, what a frequency word means — not knowledge of
// any catalog or question set.

type country struct{ iso3, name string }

// countries: aliases (lowercase) → country. Multi-word aliases first.
var countryAliases = func() [][2]string {
	raw := map[string][]string{
		"USA|United States":  {"united states", "u.s.", "us", "usa", "america", "american"},
		"TUR|Türkiye":        {"türkiye", "turkiye", "turkey", "turkish"},
		"ARG|Argentina":      {"argentina", "argentine", "argentinian"},
		"BRA|Brazil":         {"brazil", "brazilian"},
		"MEX|Mexico":         {"mexico", "mexican"},
		"DEU|Germany":        {"germany", "german"},
		"FRA|France":         {"france", "french"},
		"GBR|United Kingdom": {"united kingdom", "uk", "britain", "british"},
		"JPN|Japan":          {"japan", "japanese"},
		"CHN|China":          {"china", "chinese"},
		"IND|India":          {"india", "indian"},
		"CAN|Canada":         {"canada", "canadian"},
		"ITA|Italy":          {"italy", "italian"},
		"ESP|Spain":          {"spain", "spanish"},
		"ZAF|South Africa":   {"south africa", "south african"},
		"KOR|Korea":          {"south korea", "korea", "korean"},
		"RUS|Russia":         {"russia", "russian"},
		"CHL|Chile":          {"chile", "chilean"},
		"IDN|Indonesia":      {"indonesia", "indonesian"},
		"AUS|Australia":      {"australia", "australian"},
		"POL|Poland":         {"poland", "polish"},
		"EGY|Egypt":          {"egypt", "egyptian"},
		"COL|Colombia":       {"colombia", "colombian"},
		"PER|Peru":           {"peru", "peruvian"},
		"SAU|Saudi Arabia":   {"saudi arabia", "saudi"},
		"NGA|Nigeria":        {"nigeria", "nigerian"},
	}
	var out [][2]string
	for k, as := range raw {
		for _, a := range as {
			out = append(out, [2]string{a, k})
		}
	}
	slices.SortFunc(out, func(a, b [2]string) int { return len(b[0]) - len(a[0]) })
	return out
}()

// sourceCountry: what a source's name says about its rows' country.
var sourceCountry = map[string]string{"fred": "USA", "evds": "TUR"}

// synonyms: a word → words that mean it in catalog language.
var synonyms = map[string][]string{
	"jobless": {"unemployment"}, "unemployed": {"unemployment"}, "joblessnes": {"unemployment"},
	"payroll": {"employee", "nonfarm"}, "job": {"employee", "employment"},
	"lending": {"loan"}, "lend": {"loan"}, "credit": {"loan"}, "borrowing": {"loan"},
	"business": {"industrial", "commercial"}, "inflation": {"price"}, "cpi": {"consumer", "price"},
	"share": {"percent"}, "ratio": {"percent"}, "gdp": {"gross", "domestic", "product"},
	"real": {"constant"}, "growth": {"change"}, "fed": {"federal"}, "wage": {"earning"},
	"output": {"production"}, "debt": {"debt"}, "yoy": {"change"},
	"price": {"price", "index"}, // prices are measured by price indices
}

var stopwords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the a an of and or for in on at to by from with me us my our i you it its this that these those
		how have has had did do does is are was were be been what which where when show give get build make add want like
		moved move changed change evolved evolve since over same three two four both series please also then as into per
		monthly quarterly annual annually yearly daily weekly table as country any let let's see look there
		need needs would i'd could can put load take according data next alongside`) {
		stopwords[w] = true
	}
	delete(stopwords, "change") // kept as a concept word in subjects; see subjectTerms
}

// words splits text into lowercase words, keeping dots inside (u.s.).
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != '\''
	})
}

// stem folds a word: possessive and plural endings dropped.
func stem(w string) string {
	w = strings.Trim(w, ".'")
	w = strings.TrimSuffix(w, "'s")
	if len(w) > 4 && strings.HasSuffix(w, "ies") {
		return w[:len(w)-3] + "y"
	}
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		w = w[:len(w)-1]
	}
	return w
}

// terms are a phrase's content words, stemmed.
func terms(s string) []string {
	var out []string
	for _, w := range words(s) {
		w = stem(w)
		if w != "" && !stopwords[w] {
			out = append(out, w)
		}
	}
	return out
}

// expand returns a term with its synonyms.
func expand(t string) []string { return append([]string{t}, synonyms[t]...) }

type subject struct {
	phrase  string
	terms   []string
	country country
}

func (s subject) key() string { return strings.Join(s.terms, " ") + "|" + s.country.iso3 }

type intent struct {
	subjects     []subject
	freq         string // M, Q, A, D, W or ""
	from         string // ISO year
	deriveOp     string
	derivePeriod int
	deriveTarget string
	cpTargets    []string
	chart        bool
	chartTargets []string // "" entries mean "it": the change-point targets
	chartAll     bool
}

var (
	sentenceSplit = regexp.MustCompile(`[.?!;]\s+|[.?!;]$|\s+[—–-]\s+`)
	verbSplit     = regexp.MustCompile(`\s+and\s+(derive|compute|calculate|chart|draw|plot|find|build|add|show)\b`)
	listSplit     = regexp.MustCompile(`,|\s+and\s+|\s+versus\s+|\s+vs\.?\s+|\s+against\s+|\s+with\s+`)
	sinceYear     = regexp.MustCompile(`\b(?:since|from|after)\s+(\d{4})\b`)
	sourcePhrase  = regexp.MustCompile(`\bfrom the (imf|world bank|bis|fred|oecd|ecb|cbrt|central bank of \w+)\b`)
	periodsWords  = regexp.MustCompile(`\b(\d+)[- ]month\b`)
	deriveVerb    = regexp.MustCompile(`\b(derive|compute|calculate|work out)\b`)
	cpWords       = regexp.MustCompile(`\b(break|breaks|change points?|changepoints?|structural|regime|shift|shifts|shifted)\b`)
	// deriveMarker names a derivation without a verb ("take a 12-month
	// moving average").
	deriveMarker = regexp.MustCompile(`\b(moving average|rolling (?:mean|average)|year-on-year|month-on-month)\b`)
	chartWords   = regexp.MustCompile(`\b(chart|plot|draw|graph)\b`)
)

// chartAllWords ask for every column of the table.
var chartAllWords = regexp.MustCompile(`\b(both|all|them|everything|every|these|those|three|four)\b`)

var freqWords = map[string]string{"monthly": "M", "quarterly": "Q", "annual": "A", "yearly": "A", "daily": "D", "weekly": "W"}

// understand reads the latest analyst message; earlier ones lend it their
// countries when it names none ("for the same three countries").
func understand(text string, earlier []string) intent {
	var in intent
	low := strings.ToLower(text)
	for w, f := range freqWords {
		if strings.Contains(low, w) {
			in.freq = f
		}
	}
	if m := sinceYear.FindStringSubmatch(low); m != nil {
		in.from = m[1]
	}
	inherited := lastCountries(earlier)
	for _, sentence := range sentenceSplit.Split(low, -1) {
		parts := verbSplit.Split(sentence, -1)
		verbs := verbSplit.FindAllStringSubmatch(sentence, -1)
		for i, clause := range parts {
			if i > 0 {
				clause = verbs[i-1][1] + " " + clause
			}
			in.readClause(clause, inherited)
		}
	}
	return in
}

func (in *intent) readClause(clause string, inherited []country) {
	switch {
	case deriveVerb.MatchString(clause) || deriveMarker.MatchString(clause):
		in.deriveOp, in.derivePeriod = deriveOp(clause)
		in.deriveTarget = targetOf(clause)
	case cpWords.MatchString(clause):
		// "Mark the break on a chart": a break clause may ask for the chart too.
		if chartWords.MatchString(clause) {
			in.chart = true
			in.chartTargets = append(in.chartTargets, "")
			clause = chartWords.ReplaceAllString(clause, " ")
		}
		in.cpTargets = append(in.cpTargets, targetOf(clause))
	case chartWords.MatchString(clause):
		in.chart = true
		rest := chartWords.ReplaceAllString(clause, " ")
		switch {
		case chartAllWords.MatchString(rest):
			in.chartAll = true
		case strings.Contains(" "+rest+" ", " it "):
			in.chartTargets = append(in.chartTargets, "")
		}
		for _, part := range listSplit.Split(rest, -1) {
			if ts := terms(strings.ReplaceAll(part, " it ", " ")); len(ts) > 0 && !(len(ts) == 1 && ts[0] == "chart") {
				in.chartTargets = append(in.chartTargets, strings.Join(ts, " "))
			}
		}
		if len(in.chartTargets) == 0 {
			in.chartAll = len(in.cpTargets) == 0
			if !in.chartAll {
				in.chartTargets = append(in.chartTargets, "")
			}
		}
	default:
		in.readSeriesClause(clause, inherited)
	}
}

func (in *intent) readSeriesClause(clause string, inherited []country) {
	clause = sourcePhrase.ReplaceAllString(clause, " ")
	clause = sinceYear.ReplaceAllString(clause, " ")
	cs, rest := findCountries(clause)
	if len(cs) == 0 {
		cs = inherited
	}
	if len(cs) == 0 {
		cs = []country{{}}
	}
	for _, part := range listSplit.Split(rest, -1) {
		ts := terms(part)
		if len(ts) == 0 {
			continue
		}
		for _, c := range cs {
			in.subjects = append(in.subjects, subject{phrase: strings.Join(ts, " "), terms: ts, country: c})
		}
	}
}

// findCountries removes country names from text and returns them in order.
func findCountries(text string) ([]country, string) {
	var found []country
	padded := " " + text + " "
	type hit struct {
		pos int
		c   country
	}
	var hits []hit
	for _, a := range countryAliases {
		for {
			i := indexWord(padded, a[0])
			if i < 0 {
				break
			}
			iso, name, _ := strings.Cut(a[1], "|")
			hits = append(hits, hit{i, country{iso, name}})
			padded = padded[:i] + strings.Repeat(" ", len(a[0])) + padded[i+len(a[0]):]
		}
	}
	slices.SortFunc(hits, func(a, b hit) int { return a.pos - b.pos })
	for _, h := range hits {
		if !slices.Contains(found, h.c) {
			found = append(found, h.c)
		}
	}
	return found, padded
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
	switch {
	case strings.Contains(clause, "year-on-year") || strings.Contains(clause, "year on year") || strings.Contains(clause, "annual growth") ||
		strings.Contains(clause, "yoy") || strings.Contains(clause, "inflation") || strings.Contains(clause, "growth"):
		return "yoy_pct", 0
	case periodsWords.MatchString(clause):
		m := periodsWords.FindStringSubmatch(clause)
		n := 0
		for _, r := range m[1] {
			n = n*10 + int(r-'0')
		}
		if strings.Contains(clause, "percent") || strings.Contains(clause, "%") {
			return "pct_change", n
		}
		return "diff", n
	case strings.Contains(clause, "month-on-month") || strings.Contains(clause, "monthly change"):
		return "pct_change", 1
	case strings.Contains(clause, "moving average") || strings.Contains(clause, "rolling"):
		return "rolling_mean", 12
	case strings.Contains(clause, "log"):
		return "log", 0
	}
	return "diff", 1
}

// targetOf is the thing a clause acts on: what follows its last "from",
// "of" or "in", or else its content words.
func targetOf(clause string) string {
	best := -1
	for _, p := range []string{" from ", " of ", " in "} {
		if i := strings.LastIndex(clause, p); i > best {
			best = i + len(p)
		}
	}
	t := clause
	if best > 0 {
		t = clause[best:]
	}
	var out []string
	for _, w := range terms(t) {
		if !cpWords.MatchString(w) && !deriveVerb.MatchString(w) && !chartWords.MatchString(w) && w != "mark" && w != "find" && w != "point" && w != "structural" && w != "any" {
			out = append(out, w)
		}
	}
	if len(out) == 0 && best > 0 {
		return targetOf(clause[:best-1])
	}
	return strings.Join(out, " ")
}

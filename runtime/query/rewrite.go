package query

import (
	"strings"
	"unicode"
)

// Rewrite is one change made to a query's wording before it is searched:
// an abbreviation spelt out, a Turkish term given its English name, or a
// misspelt word replaced by a catalog word (the search engine's spelling
// stage).
type Rewrite struct {
	From string `json:"from"`
	To   string `json:"to"`
	Kind string `json:"kind"` // RewriteAbbreviation, RewriteTurkish or RewriteSpelling
}

// Kinds of rewrite.
const (
	RewriteAbbreviation = "abbreviation"
	RewriteTurkish      = "turkish"
	RewriteSpelling     = "spelling"
)

// rewriteTable maps folded phrases of up to rewriteMaxWords words to what
// replaces them.
type rewriteTable struct {
	to       map[string]string
	maxWords int
}

const rewriteMaxWords = 4

func newRewriteTable() *rewriteTable { return &rewriteTable{to: map[string]string{}} }

func (t *rewriteTable) load(l line) error {
	words := strings.Fields(foldPhrase(l.cells[0]))
	if len(words) == 0 || len(words) > rewriteMaxWords {
		return l.errf(0, "want 1 to %d words", rewriteMaxWords)
	}
	key := strings.Join(words, " ")
	if _, dup := t.to[key]; dup {
		return l.errf(0, "duplicate phrase %q", key)
	}
	to := strings.Join(strings.Fields(l.cells[1]), " ")
	if strings.EqualFold(to, key) {
		return l.errf(1, "same as the phrase")
	}
	t.to[key] = to
	t.maxWords = max(t.maxWords, len(words))
	return nil
}

// foldPhrase folds every whitespace-separated word of s (case, accents)
// and trims the punctuation around it, keeping what sits inside ("y/y").
func foldPhrase(s string) string {
	fs := strings.Fields(s)
	for i, w := range fs {
		fs[i] = foldWord(trimPunct(w))
	}
	return strings.Join(fs, " ")
}

func trimPunct(w string) string {
	return strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// FoldWord lowercases a word and removes its accents as query analysis
// does ("Türkiye" → "turkiye", "ı" → "i").
func FoldWord(w string) string { return foldWord(w) }

// apply replaces, left to right and longest first, every phrase of the
// table found among words (folded), and records each replacement.
func (t *rewriteTable) apply(words []string, kind string, out *[]Rewrite) ([]string, bool) {
	if len(t.to) == 0 {
		return words, false
	}
	folded := make([]string, len(words))
	for i, w := range words {
		folded[i] = foldWord(trimPunct(w))
	}
	var res []string
	changed := false
	for i := 0; i < len(words); {
		n := 0
		for k := min(t.maxWords, len(words)-i); k >= 1; k-- {
			if to, ok := t.to[strings.Join(folded[i:i+k], " ")]; ok {
				span := strings.Join(words[i:i+k], " ")
				core := trimPunct(span)
				*out = append(*out, Rewrite{From: core, To: to, Kind: kind})
				// The punctuation around the phrase stays: "(BoP)," → "(balance of payments),".
				res = append(res, strings.Fields(strings.Replace(span, core, to, 1))...)
				n = k
				changed = true
				break
			}
		}
		if n == 0 {
			res = append(res, words[i])
			n = 1
		}
		i += n
	}
	return res, changed
}

// Rewrite spells out the abbreviations of q (data/abbreviations.tsv) and
// gives its Turkish economics terms their English names
// (data/glossary_tr.tsv). A query with a Turkish term and no country of
// its own asks about Türkiye: the country is added (the glossary is of
// Turkish statistics). It returns q unchanged and no rewrites when
// nothing applies.
func (p *Parser) Rewrite(q string) (string, []Rewrite) {
	v := p.v
	words := strings.Fields(q)
	var rs []Rewrite
	words, abbr := v.abbreviations.apply(words, RewriteAbbreviation, &rs)
	asked := strings.Join(words, " ")
	words, tr := v.glossaryTR.apply(words, RewriteTurkish, &rs)
	if !abbr && !tr {
		return q, nil
	}
	out := strings.Join(words, " ")
	// The country is the one the query names before the glossary's
	// English: "dolar kuru" is the US dollar's rate in Türkiye.
	if tr && len(p.Parse(asked).Countries) == 0 {
		out += " " + turkishCountry
	}
	return out, rs
}

// turkishCountry is the country word a Turkish query implies.
const turkishCountry = "turkey"

// turkishLetters are letters of the Turkish alphabet English does not use.
const turkishLetters = "çğıöşüÇĞİÖŞÜ"

// countryName removes the country's name as titles spell it.
var countryName = strings.NewReplacer("Türkiye", "", "TÜRKİYE", "", "TÜRKIYE", "", "türkiye", "")

// TurkishTitle returns the first of a row's other titles written in
// Turkish (one holding a letter only the Turkish alphabet has, outside
// the country's name: "Türkiye" is its English name too, and an English
// title such as "Inflation, Index (Türkiye)" is not Turkish), or "".
func TurkishTitle(alts []string) string {
	for _, a := range alts {
		if strings.ContainsAny(countryName.Replace(a), turkishLetters) {
			return a
		}
	}
	return ""
}

package query

import (
	"sort"
	"strings"
	"unicode"
)

// TitleMarks tells what a catalog row's title says about the row's place
// among the rows of its heading: total when it names the heading's total
// or headline (a phrase of data/totals.tsv: "0.GENERAL", "I.TOTAL VOLUME
// OF LOANS", "All Items"), and generic when nothing but such words,
// numbering ("0.", "I.A.", "B)") and stop words is left ("0.GENERAL",
// "TOPLAM"): such a title only means something with its heading's label.
func (p *Parser) TitleMarks(title string) (total, generic bool) {
	v := p.v
	toks := v.analyze(numberingApart(title))
	covered := make([]bool, len(toks))
	for _, s := range v.totals.scan(toks) {
		if !s.values[0] {
			continue // a phrase that only looks like a total: "general government"
		}
		total = true
		for i := s.start; i < s.end; i++ {
			covered[i] = true
		}
	}
	generic = total
	for i, t := range toks {
		if !generic {
			break
		}
		switch {
		case covered[i], v.stop[t.norm], isNumbering(t.norm):
		default:
			generic = false
		}
	}
	return total, generic
}

// numberingApart separates the dots and underscores of outline numbering
// ("I.A.HOUSING", "0.GENERAL") so that each part is a word.
func numberingApart(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '.' || r == '_' {
			return ' '
		}
		return r
	}, s)
}

// isNumbering reports whether a folded word is outline numbering: digits,
// a single letter, or a Roman numeral up to xx.
func isNumbering(w string) bool {
	if w == "" {
		return true
	}
	digits := true
	for _, r := range w {
		if !unicode.IsDigit(r) {
			digits = false
			break
		}
	}
	if digits || len([]rune(w)) == 1 {
		return true
	}
	switch w {
	case "ii", "iii", "iv", "vi", "vii", "viii", "ix", "xi", "xii", "xiii", "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx":
		return true
	}
	return false
}

// TotalPhrases returns the phrases of data/totals.tsv that name a total,
// as folded words joined by spaces ("total", "all items"): a cheap test
// of which titles TitleMarks may call totals.
func (p *Parser) TotalPhrases() []string {
	var out []string
	for _, e := range p.v.totals.byKey {
		if len(e.values) > 0 && e.values[0] {
			out = append(out, strings.Join(e.key.words, " "))
		}
	}
	sort.Strings(out)
	return out
}

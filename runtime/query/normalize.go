package query

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// token is one word of the input, before and after folding.
type token struct {
	raw    string // as written (case kept), symbols already replaced
	folded string // lowercased, accents removed
}

// dottedAbbrev matches abbreviations written with dots between single
// letters: "U.S.", "U.K.", "U.S.A.", "e.g.". prepare keeps only matches not
// followed by a letter or digit, so series codes such as "A.B.C1" survive.
var dottedAbbrev = regexp.MustCompile(`\b(?:[A-Za-z]\.){2,}`)

// symbolWords replaces symbols that carry meaning in economic questions by
// the words catalog labels use for them.
var symbolWords = strings.NewReplacer(
	"%", " percent ",
	"$", " dollar ",
	"€", " euro ",
	"£", " pound ",
	"₺", " lira ",
	"¥", " yen ",
	"&", " and ",
)

// prepare rewrites dotted abbreviations and symbols before tokenising.
func prepare(s string) string {
	if !strings.Contains(s, ".") {
		// no dotted abbreviation possible
	} else if locs := dottedAbbrev.FindAllStringIndex(s, -1); locs != nil {
		var b strings.Builder
		last := 0
		for _, l := range locs {
			if l[1] < len(s) && isASCIIWordByte(s[l[1]]) || l[0] > 0 && s[l[0]-1] == '.' {
				continue // part of a code: "TP.A.B.C1", "X.A.B."
			}
			b.WriteString(s[last:l[0]])
			b.WriteString(strings.ReplaceAll(s[l[0]:l[1]], ".", ""))
			b.WriteByte(' ')
			last = l[1]
		}
		b.WriteString(s[last:])
		s = b.String()
	}
	if strings.ContainsAny(s, "'’") {
		s = possessive.ReplaceAllString(s, "$1")
	}
	return symbolWords.Replace(s)
}

// possessive matches the English possessive "'s" ("Fed's", "Turkey’s").
var possessive = regexp.MustCompile(`(\pL)['’]s\b`)

func isASCIIWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// foldWord lowercases w and removes accents: "Türkiye" → "turkiye",
// "İSTANBUL" → "istanbul", "ı" → "i". Characters that are neither letters
// nor digits are kept only when they sit inside a code ("3.5", "fpolm_pa").
func foldWord(w string) string {
	if isASCII(w) {
		return strings.ToLower(w)
	}
	var b strings.Builder
	b.Grow(len(w))
	for _, r := range norm.NFD.String(w) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue // combining mark: the accent of a decomposed letter
		case r == 'ı':
			b.WriteRune('i')
		case r == 'ß':
			b.WriteString("ss")
		case r == 'ø' || r == 'Ø':
			b.WriteRune('o')
		case r == 'ł' || r == 'Ł':
			b.WriteRune('l')
		case r == 'æ' || r == 'Æ':
			b.WriteString("ae")
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// isWordRune reports whether r belongs inside a word.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// tokenize splits s into words. A '.' or '_' joins two word characters
// ("TP.FG.J0", "FPOLM_PA", "3.5"); every other non-word character
// separates. Invalid UTF-8 bytes become separators.
func tokenize(s string) []token {
	var out []token
	rs := []rune(s)
	start := -1
	flush := func(end int) {
		if start >= 0 {
			raw := string(rs[start:end])
			if f := foldWord(raw); f != "" { // a lone accent folds to nothing
				out = append(out, token{raw: raw, folded: f})
			}
			start = -1
		}
	}
	for i, r := range rs {
		switch {
		case isWordRune(r):
			if start < 0 {
				start = i
			}
		case (r == '.' || r == '_') && start >= 0 && i+1 < len(rs) && isWordRune(rs[i+1]):
			// joiner inside a code or a decimal number
		default:
			flush(i)
		}
	}
	flush(len(rs))
	return out
}

// isCode reports whether a raw token looks like a series identifier: it
// contains a joiner ('.' or '_') and at least one letter, and is not a
// decimal number ("TP.FG.J0", "FP.CPI.TOTL.ZG", "FPOLM_PA").
func isCode(raw string) bool {
	if !strings.ContainsAny(raw, "._") {
		return false
	}
	for _, r := range raw {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// isUpperWord reports whether raw is written in capitals only (letters A–Z
// and digits, at least one letter).
func isUpperWord(raw string) bool {
	letters := 0
	for _, r := range raw {
		switch {
		case r >= 'A' && r <= 'Z':
			letters++
		case r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return letters > 0
}

// foldPlural is the S-stemmer (Harman 1991): "ies" → "y", "es" → "e",
// "s" → "", except after "ae", "ee", "oe", "ei", "ai", "us", "ss", "is" and
// for words of three letters or fewer or listed in keep. One rule is
// added: a plural that adds "es" to a sibilant ("taxes", "indexes",
// "branches", "crashes", "businesses") loses the whole "es", so that it
// meets its singular ("tax", "business"), which Harman's "es" → "e"
// would miss; row words and query words are folded alike, and a row
// titled "Taxes" must answer a question about "tax".
func foldPlural(w string, keep map[string]bool) string {
	if len(w) <= 3 || keep[w] {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && !strings.HasSuffix(w, "eies") && !strings.HasSuffix(w, "aies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && sibilantPlural(w):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "es") && !strings.HasSuffix(w, "aes") && !strings.HasSuffix(w, "ees") && !strings.HasSuffix(w, "oes"):
		return w[:len(w)-1]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "is"):
		if c := w[len(w)-2]; c >= '0' && c <= '9' {
			return w // "1990s" stays; digits are not plural nouns
		}
		return w[:len(w)-1]
	}
	return w
}

// sibilantPlural reports whether w ends in "xes", "ches", "shes", "sses"
// or "zzes": a plural whose singular ends in a sibilant.
func sibilantPlural(w string) bool {
	for _, suf := range [...]string{"xes", "ches", "shes", "sses", "zzes"} {
		if strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

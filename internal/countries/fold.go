package countries

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Fold lowercases s and strips accents so that "Türkiye", "TURKIYE" and
// "türkiye" compare equal. Turkish dotted and dotless i both fold to "i",
// and typographic apostrophes fold to "'".
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || s[i] == '`' {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r == 'ı' || r == 'İ':
			b.WriteRune('i')
		case r == '’' || r == '‘' || r == '`':
			b.WriteRune('\'')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// token is one word of a text: its folded form, its byte span in the
// original text, and whether it was written in capitals.
type token struct {
	folded     string
	start, end int
	upper      bool
}

// isWordRune reports whether r belongs inside a word. Apostrophes join
// words ("Côte d'Ivoire"); everything else that is not a letter or digit
// separates them.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || r == '\'' || r == '’'
}

// tokenize splits text into words at non-letter, non-digit runes.
func tokenize(text string) []token {
	toks := make([]token, 0, 16)
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		word := text[start:end]
		trimmed := strings.TrimLeft(word, "'’")
		start += len(word) - len(trimmed)
		word = strings.TrimRight(trimmed, "'’")
		if word != "" {
			toks = append(toks, token{folded: Fold(word), start: start, end: start + len(word), upper: isUpper(word)})
		}
		start = -1
	}
	for i, r := range text {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(text))
	return toks
}

// isUpper reports whether every letter of s is upper case.
func isUpper(s string) bool {
	hasLetter := false
	for _, r := range s {
		if unicode.IsLetter(r) {
			hasLetter = true
			if !unicode.IsUpper(r) {
				return false
			}
		}
	}
	return hasLetter
}

// isAbbreviation reports whether a name is a short all-capitals
// abbreviation such as "US", "U.S.", "UK" or "UAE": those only match text
// written in capitals, so the pronoun "us" is not the United States.
func isAbbreviation(name string) bool {
	letters := 0
	for _, r := range name {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters <= 4 && isUpper(name)
}

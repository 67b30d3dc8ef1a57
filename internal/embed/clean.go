package embed

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Clean returns the form of text that reaches the tokenizer. It repairs
// invalid UTF-8 (each invalid byte becomes a space), decomposes (NFD),
// lowercases, drops combining marks, control and format characters, maps
// every Unicode space to an ASCII space, collapses runs of spaces and trims
// the ends. Dotted and dotless i both become "i", so "TÜRKİYE" and
// "Türkiye" both clean to "turkiye".
//
// Clean is idempotent, and its output is unchanged by strings.ToLower and by
// NFD, so a tokenizer normalizer that lowercases or strips accents never
// changes a character's byte length (which panics in hugot's Go tokenizer).
// A text that is blank after Clean never reaches the model: Embed gives it a
// zero vector.
func Clean(text string) string {
	if text == "" {
		return ""
	}
	if !utf8.ValidString(text) {
		text = strings.ToValidUTF8(text, " ")
	}
	text = norm.NFD.String(text)
	var b strings.Builder
	b.Grow(len(text))
	pendingSpace := false
	for _, r := range text {
		switch {
		case unicode.IsSpace(r) || unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp):
			pendingSpace = b.Len() > 0
			continue
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cc, unicode.Cf, unicode.Cs):
			continue
		case r == utf8.RuneError:
			pendingSpace = b.Len() > 0
			continue
		}
		r = lower(r)
		if pendingSpace {
			b.WriteByte(' ')
			pendingSpace = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// lower lowercases one rune, folding the Turkish dotless ı to i. A rune whose
// lowercase form would itself decompose under NFD is kept only if it is
// stable, so Clean's output stays NFD-stable.
func lower(r rune) rune {
	if r == 'ı' {
		return 'i'
	}
	l := unicode.ToLower(r)
	if l == r {
		return r
	}
	if unicode.ToLower(l) != l || !norm.NFD.IsNormalString(string(l)) {
		return r
	}
	return l
}

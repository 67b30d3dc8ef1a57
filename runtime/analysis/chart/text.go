package chart

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// cleanText makes s safe to draw as SVG text: the SVG writer escapes
// markup (< & " ') but passes control characters and invalid UTF-8 through,
// which XML forbids. Line breaks and tabs become spaces, other control and
// non-characters are dropped, and invalid bytes become U+FFFD.
func cleanText(s string) string {
	clean := true
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || !xmlChar(r) || unicode.IsControl(r) {
			clean = false
			break
		}
		i += n
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case !xmlChar(r) || unicode.IsControl(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// xmlChar reports whether r may appear in an XML 1.0 document.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		(r >= 0x20 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF)
}

package generic

import (
	"strings"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// CleanText makes s safe to index: invalid UTF-8 becomes U+FFFD, NUL and
// other control characters become spaces, runs of spaces collapse and the
// ends are trimmed.
func CleanText(s string) string {
	if isClean(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

func isClean(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			return false
		}
	}
	return len(s) == 0 || (s[0] != ' ' && s[len(s)-1] != ' ' && !strings.Contains(s, "  "))
}

// CleanRecord applies CleanText to every text field of r except its ids,
// dropping list elements that become empty.
func CleanRecord(r *catalogsrc.Record) {
	for _, p := range []*string{&r.Title, &r.Unit, &r.FrequencyText, &r.SeasonalAdjustment, &r.Country, &r.Aggregation, &r.Description, &r.Vintage} {
		*p = CleanText(*p)
	}
	r.AltTitles = cleanList(r.AltTitles)
	r.Path = cleanList(r.Path)
}

func cleanList(in []string) []string {
	out := in[:0]
	for _, s := range in {
		if s = CleanText(s); s != "" {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// ValidID reports whether a native id is usable: non-empty, valid UTF-8,
// without control characters.
func ValidID(id string) bool {
	if id == "" || !utf8.ValidString(id) {
		return false
	}
	for _, r := range id {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}

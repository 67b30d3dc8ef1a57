package sim

import (
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/internal/countries"
)

// respellCountries writes a misspelt country name as the name it is one
// slip away from ("Indoneisa" → "Indonesia", "Philipines" → "Philippines"),
// as a reader does. Only words of seven letters or more are read so, and
// only when one name alone is that close.
func respellCountries(text string) string {
	names := countryWords()
	return letterRun.ReplaceAllStringFunc(text, func(w string) string {
		low := strings.ToLower(w)
		if utf8.RuneCountInString(low) < 7 || names[low] != "" || demonyms()[low] {
			return w
		}
		match := ""
		for n, spelled := range names {
			if oneSlip(low, n) {
				if match != "" && match != spelled {
					return w
				}
				match = spelled
			}
		}
		if match == "" {
			return w
		}
		return match
	})
}

var letterRun = regexp.MustCompile(`\pL+`)

var countryWords = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for _, c := range countries.All() {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			if !strings.Contains(n, " ") && utf8.RuneCountInString(n) >= 7 {
				out[strings.ToLower(n)] = n
			}
		}
	}
	return out
})

// demonyms are the peoples' words, which are close to their countries'
// names without being misspellings ("Germans").
var demonyms = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, c := range countries.All() {
		for _, d := range c.Demonyms {
			d = strings.ToLower(d)
			out[d], out[d+"s"] = true, true
		}
	}
	return out
})

// oneSlip: a and b differ by one dropped, added, changed or swapped letter.
func oneSlip(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) < len(rb) {
		ra, rb = rb, ra
	}
	switch len(ra) - len(rb) {
	case 0:
		diff := -1
		for i := range ra {
			if ra[i] != rb[i] {
				if diff >= 0 {
					// a swap of neighbours is one slip
					return diff == i-1 && ra[diff] == rb[i] && ra[i] == rb[diff] && string(ra[i+1:]) == string(rb[i+1:])
				}
				diff = i
			}
		}
		return diff >= 0
	case 1:
		i := 0
		for i < len(rb) && ra[i] == rb[i] {
			i++
		}
		return string(ra[i+1:]) == string(rb[i:])
	}
	return false
}

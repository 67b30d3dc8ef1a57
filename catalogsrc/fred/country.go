package fred

import (
	"strings"

	"github.com/sextant-dev/sextant/internal/countries"
)

// "Georgia" is both a US state and a country: titles naming it after
// "for" or "in" get no country rather than a guess. Other state names are
// not countries, so their series fall to the USA default.
// ambiguous names are both a US state and a country.
var ambiguous = map[string]bool{"GEO": true}

// areas are multi-country aggregates the country table has no entry for:
// series about them get no country. Areas with an entry (the euro area,
// the European Union) are found like countries and get their code.
var areas = []string{"world", "oecd", "g7", "g20", "emerging", "advanced economies", "sub-saharan africa", "latin america", "asia and pacific", "middle east"}

// CountryOf returns the ISO3 code of the place a FRED title is about: a
// country or area of the country table (the euro area) named after "for",
// "in" or "of" (optionally followed by "the"), the last such mention winning; "" when the title names an aggregate or an
// ambiguous name; "USA" otherwise, FRED's series being national US ones
// unless they say.
func CountryOf(title string) string {
	lower := strings.ToLower(title)
	best := ""
	for _, m := range countries.FindAll(title) {
		if m.Demonym || !introduced(strings.ToLower(title[:m.Start])) {
			continue
		}
		if ambiguous[m.ISO3] {
			best = "?"
			continue
		}
		best = m.ISO3
	}
	if best == "?" {
		return ""
	}
	if best != "" {
		return best
	}
	for _, a := range areas {
		if i := strings.Index(lower, a); i >= 0 && introduced(lower[:i]) {
			return ""
		}
	}
	return "USA"
}

// introduced reports whether the text before a mention ends with "for",
// "in" or "of", optionally followed by "the".
func introduced(before string) bool {
	w := strings.Fields(before)
	if len(w) > 0 && w[len(w)-1] == "the" {
		w = w[:len(w)-1]
	}
	if len(w) == 0 {
		return false
	}
	switch w[len(w)-1] {
	case "for", "in", "of":
		return true
	}
	return false
}

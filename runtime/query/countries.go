package query

import (
	"slices"
	"strings"
	"unicode"

	"github.com/sextant-dev/sextant/internal/countries"
)

// Country is one entry of the country table query understanding uses.
type Country struct {
	ISO3     string
	ISO2     string
	Names    []string // the name first, then aliases, as written
	Demonyms []string // adjectives and nouns of its people ("Iraqi")
}

// countryIndex finds countries in analysed tokens.
type countryIndex struct {
	names *phraseSet[string] // analysed name -> ISO3
	codes map[string]string  // "TR", "TUR" -> ISO3
	// nameWords are each country's name, analysed; demonym the analysed
	// demonyms ("iraqi", "iraqis"), which say the country without its name.
	nameWords map[string][]string
	demonym   map[string]bool
}

// TableCountries converts the project's country table (internal/countries)
// into the form NewParser takes.
func TableCountries() []Country {
	all := countries.All()
	out := make([]Country, 0, len(all))
	for _, c := range all {
		names := append([]string{c.Name}, c.Aliases...)
		out = append(out, Country{ISO3: c.ISO3, ISO2: c.ISO2, Names: names, Demonyms: c.Demonyms})
	}
	return out
}

func newCountryIndex(v *Vocabulary, table []Country) *countryIndex {
	ix := &countryIndex{names: newPhraseSet[string](), codes: map[string]string{},
		nameWords: map[string][]string{}, demonym: map[string]bool{}}
	owners := map[string]map[string]bool{}
	keys := map[string]phraseKey{}
	for _, c := range table {
		for _, code := range []string{c.ISO3, c.ISO2} {
			if code != "" {
				ix.codes[code] = c.ISO3
			}
		}
		if len(c.Names) > 0 {
			ix.nameWords[c.ISO3] = v.phrase(c.Names[0]).words
		}
		names := slices.Clone(c.Names)
		for _, d := range c.Demonyms {
			// The people's plural: the analysis keeps a final "is"
			// ("Iraqis", like "analysis"), so it is listed.
			for _, form := range []string{d, d + "s"} {
				names = append(names, form)
				ix.demonym[strings.Join(v.phrase(form).words, " ")] = true
			}
		}
		for _, n := range names {
			k := v.phrase(n)
			if len(k.words) == 0 {
				continue
			}
			// Short names in capitals ("US", "UK", "UAE") match only
			// capitals, so the pronoun "us" is not the United States.
			k.caps = isAbbrev(n)
			id := k.String()
			if owners[id] == nil {
				owners[id] = map[string]bool{}
			}
			owners[id][c.ISO3] = true
			keys[id] = k
		}
	}
	// A name claimed by two countries ("Congo") names neither.
	for id, who := range owners {
		if len(who) != 1 {
			continue
		}
		for iso3 := range who {
			ix.names.add(keys[id], iso3)
		}
	}
	return ix
}

// isAbbrev reports whether a name is an abbreviation in capitals of at most
// four letters ("US", "U.S.", "UAE").
func isAbbrev(name string) bool {
	letters := 0
	for _, r := range name {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			letters++
		}
	}
	return letters > 0 && letters <= 4
}

package sim

import (
	"slices"
	"testing"
)

// A publisher alone in brackets is the source of the phrase before it; a
// publisher named in the request's words is the source of every series.
func TestBracketedPublisherIsThePhrasesBeforeIt(t *testing.T) {
	for text, want := range map[string]map[string][]string{
		"policy rates for Turkey and Brazil, next to each one's CPI inflation (IMF WEO)": {
			"policy rate": nil, "cpi inflation": {"weo", "ifs"},
		},
		"policy rates for Turkey and Brazil, next to each one's CPI inflation, all from the IMF": {
			"policy rate": {"weo", "ifs"}, "cpi inflation": {"weo", "ifs"},
		},
		"unemployment (ILO) for Turkey and Brazil": {
			"unemployment": {"ilo"},
		},
	} {
		in := understand(text, nil)
		if len(in.subjects) == 0 {
			t.Fatalf("%q: no subjects", text)
		}
		for _, s := range in.subjects {
			w, ok := want[s.phrase]
			if !ok {
				t.Errorf("%q: unexpected subject %q", text, s.phrase)
				continue
			}
			if !slices.Equal(s.sources, w) {
				t.Errorf("%q: %s (%s) from %v, want %v", text, s.phrase, s.country.iso3, s.sources, w)
			}
		}
	}
}

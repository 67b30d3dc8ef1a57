package sim

import (
	"slices"
	"strings"
	"testing"
)

func isoOf(cs []country) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.iso3)
	}
	return out
}

// A message that removes or gives up economies says which; the series it
// asks for are of the others only.
func TestEditsNameTheEconomiesTheTableLoses(t *testing.T) {
	earlier := []string{"Policy rates for Germany, France and Italy since 2010"}
	for text, want := range map[string]struct{ dropped, subjects []string }{
		"swap italy for spain":         {[]string{"ITA"}, []string{"ESP"}},
		"drop france, add portugal":    {[]string{"FRA"}, []string{"PRT"}},
		"spain instead of italy":       {[]string{"ITA"}, []string{"ESP"}},
		"add spain too":                {nil, []string{"ESP"}},
		"replace germany with austria": {[]string{"DEU"}, []string{"AUT"}},
	} {
		in := understand(text, earlier)
		if got := isoOf(in.dropped); !slices.Equal(got, want.dropped) {
			t.Errorf("%q: dropped %v, want %v", text, got, want.dropped)
		}
		var got []string
		for _, s := range in.subjects {
			got = append(got, s.country.iso3)
		}
		if !slices.Equal(got, want.subjects) {
			t.Errorf("%q: subjects of %v, want %v (%v)", text, got, want.subjects, strings.Join(subjectKeys(in), "; "))
		}
	}
}

// "Switch those to PPP" asks for the same series in another unit in place
// of the old ones; "now the same in PPP terms too" adds them.
func TestSwitchingUnitReplacesTheColumns(t *testing.T) {
	earlier := []string{"GDP per head in dollars, India and China, 2000-2023"}
	for text, replace := range map[string]bool{
		"switch those to PPP":           true,
		"hmm, change them to PPP":       true,
		"also the same at PPP":          false,
		"and in PPP terms too, please?": false,
	} {
		in := understand(text, earlier)
		if len(in.subjects) != 2 {
			t.Errorf("%q: subjects %v, want India's and China's", text, subjectKeys(in))
		}
		if in.replace != replace {
			t.Errorf("%q: replace %v, want %v", text, in.replace, replace)
		}
	}
}

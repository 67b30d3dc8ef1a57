package countries

import (
	"reflect"
	"strings"
	"testing"
)

func TestLookupSpellingsAndCodes(t *testing.T) {
	for _, in := range []string{"TUR", "tr", "Turkey", "Türkiye", "TÜRKİYE", "turkiye", "Turkish", " Republic of Türkiye "} {
		c, ok := Lookup(in)
		if !ok || c.ISO3 != "TUR" || c.ISO2 != "TR" {
			t.Errorf("Lookup(%q) = %+v, %v; want TUR", in, c, ok)
		}
	}
	for in, want := range map[string]string{
		"United States": "USA", "U.S.": "USA", "usa": "USA", "American": "USA",
		"Côte d'Ivoire": "CIV", "Cote d’Ivoire": "CIV", "Korea": "KOR", "North Korea": "PRK",
		"Lao P.D.R.": "LAO", "Hong Kong SAR": "HKG", "Taiwan Province of China": "TWN",
		"Islamic Republic of Iran": "IRN", "Kyrgyz Republic": "KGZ", "Kosovo": "XKX",
		"São Tomé and Príncipe": "STP", "The Bahamas": "BHS", "Slovak Republic": "SVK",
	} {
		c, ok := Lookup(in)
		if !ok || c.ISO3 != want {
			t.Errorf("Lookup(%q) = %q, %v; want %s", in, c.ISO3, ok, want)
		}
	}
	for _, in := range []string{"", "Atlantis", "Congo"} {
		if c, ok := Lookup(in); ok {
			t.Errorf("Lookup(%q) = %s; want not found", in, c.ISO3)
		}
	}
}

func TestTableIsConsistent(t *testing.T) {
	all := All()
	if len(all) < 200 {
		t.Fatalf("table has %d countries; want at least 200", len(all))
	}
	iso3, iso2 := map[string]bool{}, map[string]bool{}
	for i, c := range all {
		if i > 0 && all[i-1].ISO3 >= c.ISO3 {
			t.Errorf("table not sorted by ISO3 at %s", c.ISO3)
		}
		if iso3[c.ISO3] || (c.ISO2 != "" && iso2[c.ISO2]) {
			t.Errorf("duplicate code %s/%s", c.ISO3, c.ISO2)
		}
		iso3[c.ISO3], iso2[c.ISO2] = true, true
		if strings.ToUpper(c.ISO3) != c.ISO3 {
			t.Errorf("ISO3 %q not upper case", c.ISO3)
		}
		// Every country must be findable by its own display name.
		if got, ok := Lookup(c.Name); !ok || got.ISO3 != c.ISO3 {
			t.Errorf("Lookup(own name %q) = %q, %v", c.Name, got.ISO3, ok)
		}
	}
	// All returns a copy: callers cannot corrupt the table.
	all[0].Name = "changed"
	if All()[0].Name == "changed" {
		t.Error("All exposes the internal table")
	}
}

func iso3s(cs []Country) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ISO3)
	}
	return out
}

func TestFindInText(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"Consumer Price Index: All Items for Turkey", []string{"TUR"}},
		{"inflation in TÜRKİYE vs the United States", []string{"TUR", "USA"}},
		{"Turkish lira and the U.S. dollar", []string{"TUR", "USA"}},
		{"GDP of South Sudan and Sudan", []string{"SSD", "SDN"}},
		{"Papua New Guinea, Guinea-Bissau and Guinea", []string{"PNG", "GNB", "GIN"}},
		{"Nigeria and Niger", []string{"NGA", "NER"}},
		{"let us compare", nil},                           // pronoun, not the US
		{"RATES IN US DOLLARS", []string{"USA"}},          // capitals: the abbreviation
		{"Turkeyfoot bonds; Omani rial", []string{"OMN"}}, // word boundary
		{"Côte d’Ivoire cocoa", []string{"CIV"}},
		{"", nil},
	}
	for _, c := range cases {
		if got := iso3s(FindInText(c.text)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("FindInText(%q) = %v; want %v", c.text, got, c.want)
		}
	}
}

func TestFindAllOffsets(t *testing.T) {
	text := "Rates for Türkiye, the Turkish economy"
	ms := FindAll(text)
	if len(ms) != 2 {
		t.Fatalf("FindAll = %+v; want 2 matches", ms)
	}
	if ms[0].Text != "Türkiye" || text[ms[0].Start:ms[0].End] != "Türkiye" || ms[0].Demonym {
		t.Errorf("first match %+v", ms[0])
	}
	if ms[1].Text != "Turkish" || !ms[1].Demonym || ms[1].ISO3 != "TUR" {
		t.Errorf("second match %+v", ms[1])
	}
}

func TestParseTableRejectsBadRows(t *testing.T) {
	if _, err := parseTable("iso3\tiso2\tname\taliases\tdemonyms\nTUR\tTR\tTürkiye\n", ""); err == nil || !strings.Contains(err.Error(), "countries.tsv:2") {
		t.Errorf("short row: err = %v; want error naming line 2", err)
	}
	if _, err := parseTable("TURK\tTR\tTürkiye\t\t\n", ""); err == nil {
		t.Error("four-letter ISO3 accepted")
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"TÜRKİYE": "turkiye", "Türkiye": "turkiye", "ıİ": "ii", "São Tomé": "sao tome", "d’Ivoire": "d'ivoire"} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q; want %q", in, got, want)
		}
	}
}

func FuzzFindAll(f *testing.F) {
	for _, s := range []string{"Inflation for Türkiye", "U.S. City Average", "Côte d'Ivoire", "'''", "in the United States of America"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, m := range FindAll(text) {
			if m.Start < 0 || m.End > len(text) || m.Start >= m.End || text[m.Start:m.End] != m.Text {
				t.Fatalf("bad span %+v in %q", m, text)
			}
		}
	})
}

func BenchmarkFindInText(b *testing.B) {
	title := "Harmonized Index of Consumer Prices: Overall Index Excluding Energy and Unprocessed Food for Turkey"
	for b.Loop() {
		FindInText(title)
	}
}

func TestAreasAreEntriesWithMembers(t *testing.T) {
	for in, want := range map[string]string{"Euro area": "EMU", "eurozone": "EMU", "XM": "EMU", "European Union": "EUU", "EU": "EUU"} {
		c, ok := Lookup(in)
		if !ok || c.ISO3 != want || !c.IsArea() {
			t.Errorf("Lookup(%q) = %q area=%v, %v; want area %s", in, c.ISO3, c.IsArea(), ok, want)
		}
	}
	if c, _ := Lookup("Germany"); c.IsArea() {
		t.Error("Germany read as an area")
	}
	ea, _ := Lookup("EMU")
	eu, _ := Lookup("EUU")
	inEU := map[string]bool{}
	for _, m := range eu.Members {
		inEU[m] = true
	}
	for _, m := range ea.Members {
		if !inEU[m] {
			t.Errorf("euro area member %s is not an EU member", m)
		}
	}
	// A title's place is read with the composition the source prints.
	title := "Harmonized Index of Consumer Prices: All Items for Euro area (19 countries)"
	ms := FindAll(title)
	if len(ms) != 1 || ms[0].ISO3 != "EMU" || title[ms[0].End:] != ")" {
		t.Errorf("FindAll(%q) = %+v; want the euro area through its composition", title, ms)
	}
	// "eu" is read in lower case too (the table lists it so), unlike "us".
	if got := FindInText("eu house prices"); len(got) != 1 || got[0].ISO3 != "EUU" {
		t.Errorf("eu house prices: %v; want the European Union", got)
	}
	for _, q := range []string{"uk unemployment", "usa gdp"} {
		if got := FindInText(q); len(got) != 1 || got[0].ISO3 != map[string]string{"uk unemployment": "GBR", "usa gdp": "USA"}[q] {
			t.Errorf("%s: %v; want the lower-case alias read", q, got)
		}
	}
	if got := FindInText("show us house prices"); len(got) != 0 {
		t.Errorf("lower-case us read as %v", got)
	}
}

func TestParseTableRejectsUnknownMembers(t *testing.T) {
	countries := "iso3\tiso2\tname\taliases\tdemonyms\nTUR\tTR\tTürkiye\t\t\nGRC\tGR\tGreece\t\t\n"
	if _, err := parseTable(countries, "EMU\tXM\tEuro area\t\t\tGRC|TUR\n"); err != nil {
		t.Errorf("valid area rejected: %v", err)
	}
	if _, err := parseTable(countries, "EMU\tXM\tEuro area\t\t\tGRC|ATL\n"); err == nil || !strings.Contains(err.Error(), `"ATL"`) {
		t.Errorf("unknown member: err = %v; want it named", err)
	}
	if _, err := parseTable(countries, "EMU\tXM\tEuro area\t\t\n"); err == nil || !strings.Contains(err.Error(), "areas.tsv:1") {
		t.Errorf("area without members column: err = %v; want areas.tsv:1", err)
	}
}

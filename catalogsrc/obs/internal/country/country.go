// Package country maps the country names and ISO 3166 alpha-2 codes found in
// observation files to ISO 3166 alpha-3 codes, using the CLDR region data of
// golang.org/x/text plus a short table of the UN/ILO/IMF spellings CLDR does
// not use ("Korea, Republic of", "Türkiye", "Viet Nam", ...).
package country

import (
	"strings"
	"sync"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// aliases holds official or statistical-agency spellings that differ from
// CLDR's English short names, keyed by normalised name.
var aliases = map[string]string{
	"turkiye":                           "TUR",
	"korea, republic of":                "KOR",
	"republic of korea":                 "KOR",
	"korea, rep.":                       "KOR",
	"korea":                             "KOR",
	"korea, dem. people's rep.":         "PRK",
	"iran, islamic republic of":         "IRN",
	"islamic republic of iran":          "IRN",
	"iran, islamic rep.":                "IRN",
	"macau, china":                      "MAC",
	"macao sar":                         "MAC",
	"macao":                             "MAC",
	"macau":                             "MAC",
	"hong kong, china":                  "HKG",
	"hong kong sar":                     "HKG",
	"hong kong":                         "HKG",
	"taiwan, china":                     "TWN",
	"taiwan province of china":          "TWN",
	"occupied palestinian territory":    "PSE",
	"west bank and gaza":                "PSE",
	"palestine":                         "PSE",
	"venezuela, bolivarian republic of": "VEN",
	"venezuela, rb":                     "VEN",
	"moldova, republic of":              "MDA",
	"republic of moldova":               "MDA",
	"viet nam":                          "VNM",
	"russian federation":                "RUS",
	"north macedonia":                   "MKD",
	"cote d'ivoire":                     "CIV",
	"czech republic":                    "CZE",
	"egypt, arab rep.":                  "EGY",
	"united states of america":          "USA",
	"united kingdom of great britain and northern ireland": "GBR",
	"bolivia (plurinational state of)":                     "BOL",
	"lao p.d.r.":                                           "LAO",
	"lao people's democratic republic":                     "LAO",
	"kyrgyz republic":                                      "KGZ",
	"slovak republic":                                      "SVK",
	"syrian arab republic":                                 "SYR",
	"tanzania, united republic of":                         "TZA",
	"united republic of tanzania":                          "TZA",
	"congo, democratic republic of the":                    "COD",
	"democratic republic of the congo":                     "COD",
	"congo, republic of":                                   "COG",
	"republic of congo":                                    "COG",
	"the bahamas":                                          "BHS",
	"bahamas, the":                                         "BHS",
	"the gambia":                                           "GMB",
	"gambia, the":                                          "GMB",
	"micronesia":                                           "FSM",
	"eswatini":                                             "SWZ",
	"cabo verde":                                           "CPV",
	"brunei darussalam":                                    "BRN",
	"sao tome and principe":                                "STP",
	"myanmar":                                              "MMR",
	"burma":                                                "MMR",
	"timor-leste":                                          "TLS",
	"kosovo":                                               "XKX",
}

var byName = sync.OnceValues(buildTables)

func buildTables() (names map[string]string, english map[string]string) {
	names = make(map[string]string, 600)
	english = make(map[string]string, 300)
	regions := display.English.Regions()
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			r, err := language.ParseRegion(string([]rune{a, b}))
			if err != nil || !r.IsCountry() {
				continue
			}
			iso3 := r.ISO3()
			if len(iso3) != 3 || iso3 == "ZZZ" {
				continue
			}
			name := regions.Name(r)
			if name == "" {
				continue
			}
			if _, taken := english[iso3]; !taken {
				english[iso3] = name
			}
			names[normalise(name)] = iso3
		}
	}
	for k, v := range aliases {
		names[k] = v
	}
	return names, english
}

// normalise lowercases, trims, folds the few accented letters country names
// use, and collapses inner spaces, so lookups ignore spelling noise.
func normalise(name string) string {
	s := strings.ToLower(strings.TrimSpace(name))
	s = strings.NewReplacer("ü", "u", "ô", "o", "ã", "a", "é", "e", "í", "i", "ç", "c", "’", "'", "&", " and ").Replace(s)
	s = strings.Join(strings.Fields(s), " ")
	if rest, ok := strings.CutPrefix(s, "st. "); ok {
		s = "saint " + rest
	}
	return s
}

// ISO3FromName returns the alpha-3 code of a country name, or false.
func ISO3FromName(name string) (string, bool) {
	names, _ := byName()
	iso3, ok := names[normalise(name)]
	return iso3, ok
}

// ISO3FromAlpha2 returns the alpha-3 code of an ISO alpha-2 code ("US" →
// "USA"), or false for codes that are not countries.
func ISO3FromAlpha2(code string) (string, bool) {
	r, err := language.ParseRegion(strings.TrimSpace(code))
	if err != nil || len(code) != 2 || !r.IsCountry() {
		return "", false
	}
	iso3 := r.ISO3()
	if len(iso3) != 3 || iso3 == "ZZZ" {
		return "", false
	}
	return iso3, true
}

// EnglishName returns CLDR's English short name for an alpha-3 code ("USA" →
// "United States"), or false.
func EnglishName(iso3 string) (string, bool) {
	_, english := byName()
	n, ok := english[strings.ToUpper(strings.TrimSpace(iso3))]
	return n, ok
}

// Package countries is a small table of countries and economies, and of
// areas that publish as one economy (the euro area, the European Union),
// with ISO 3166 alpha-3 and alpha-2 codes, names, alternative spellings and
// demonyms; lookups by name or code, and a scan that finds the places named
// in free text. The table is data, embedded from countries.tsv and
// areas.tsv, so that it can be reviewed and extended without touching code.
package countries

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
)

// Country is one country or economy.
type Country struct {
	ISO3     string   // ISO 3166-1 alpha-3, e.g. "TUR"
	ISO2     string   // ISO 3166-1 alpha-2, e.g. "TR" ("XK" for Kosovo)
	Name     string   // display name, e.g. "Türkiye"
	Aliases  []string // other names and spellings, e.g. "Turkey", "Turkiye"
	Demonyms []string // adjectives, e.g. "Turkish"
	// Members are the ISO3 codes of an area's economies (the euro area's
	// twenty); nil for a country. An area publishes as one economy: its
	// figures are aggregates, named by the area, not by its members.
	Members []string
}

// IsArea reports whether c is an area of several economies (the euro
// area, the European Union) rather than one country.
func (c Country) IsArea() bool { return len(c.Members) > 0 }

// Match is one mention of a country in a text.
type Match struct {
	Country
	Start, End int    // byte offsets of the mention in the text
	Text       string // the mention as written
	Demonym    bool   // whether the mention is a demonym ("Turkish") rather than a name
}

//go:embed countries.tsv
var tableTSV string

//go:embed areas.tsv
var areasTSV string

// phrase is one name, alias or demonym as a sequence of folded words.
type phrase struct {
	words   []string
	abbrev  bool // only matches text written in capitals
	demonym bool
	country int // index into table.list
}

type table struct {
	list     []Country
	byKey    map[string]int      // folded code, name, alias or demonym -> index
	byFirst  map[string][]phrase // first folded word -> phrases, longest first
	maxWords int
}

var tbl = mustParse(tableTSV, areasTSV)

// mustParse builds the table; a malformed embedded file is a programming
// error caught by the package tests.
func mustParse(countryTSV, areaTSV string) *table {
	t, err := parseTable(countryTSV, areaTSV)
	if err != nil {
		panic(err)
	}
	return t
}

// readRows reads one TSV of the table: iso3, iso2, name, aliases,
// demonyms and, for areas, members; lists separated by "|"; lines
// starting with "#" and the header are skipped.
func readRows(file, tsv string, area bool) ([]Country, error) {
	want := 5
	if area {
		want = 6
	}
	var out []Country
	for n, line := range strings.Split(tsv, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "iso3\t") {
			continue
		}
		cells := strings.Split(line, "\t")
		if len(cells) != want {
			return nil, fmt.Errorf("countries: %s:%d: want %d tab-separated cells, got %d", file, n+1, want, len(cells))
		}
		c := Country{ISO3: cells[0], ISO2: cells[1], Name: cells[2], Aliases: splitList(cells[3]), Demonyms: splitList(cells[4])}
		if len(c.ISO3) != 3 || c.Name == "" || (c.ISO2 != "" && len(c.ISO2) != 2) {
			return nil, fmt.Errorf("countries: %s:%d: bad iso3 %q, iso2 %q or name %q", file, n+1, c.ISO3, c.ISO2, c.Name)
		}
		if area {
			if c.Members = splitList(cells[5]); len(c.Members) < 2 {
				return nil, fmt.Errorf("countries: %s:%d: area %s lists %d members; want at least 2", file, n+1, c.ISO3, len(c.Members))
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// parseTable reads the countries and the areas, orders them by ISO3 and
// indexes their names. A name that would belong to two entries is kept for
// neither; an area's member must be a country of the table.
func parseTable(countryTSV, areaTSV string) (*table, error) {
	list, err := readRows("countries.tsv", countryTSV, false)
	if err != nil {
		return nil, err
	}
	areas, err := readRows("areas.tsv", areaTSV, true)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, c := range list {
		known[c.ISO3] = true
	}
	for _, a := range areas {
		for _, m := range a.Members {
			if !known[m] {
				return nil, fmt.Errorf("countries: areas.tsv: area %s: member %q is not in countries.tsv", a.ISO3, m)
			}
		}
	}
	list = append(list, areas...)
	sort.SliceStable(list, func(i, j int) bool { return list[i].ISO3 < list[j].ISO3 })
	t := &table{list: list, byKey: map[string]int{}, byFirst: map[string][]phrase{}}
	owners := map[string]map[int]bool{}
	type entry struct {
		text    string
		demonym bool
		idx     int
	}
	var entries []entry
	for idx, c := range list {
		for _, code := range []string{c.ISO3, c.ISO2} {
			if code != "" {
				addOwner(owners, Fold(code), idx)
			}
		}
		for _, name := range append([]string{c.Name}, c.Aliases...) {
			addOwner(owners, Fold(name), idx)
			entries = append(entries, entry{name, false, idx})
		}
		for _, d := range c.Demonyms {
			addOwner(owners, Fold(d), idx)
			entries = append(entries, entry{d, true, idx})
		}
	}
	for key, who := range owners {
		if len(who) == 1 {
			for idx := range who {
				t.byKey[key] = idx
			}
		}
	}
	for _, e := range entries {
		if len(owners[Fold(e.text)]) != 1 {
			continue
		}
		toks := tokenize(e.text)
		if len(toks) == 0 {
			continue
		}
		words := make([]string, len(toks))
		for i, tk := range toks {
			words[i] = tk.folded
		}
		p := phrase{words: words, abbrev: isAbbreviation(e.text), demonym: e.demonym, country: e.idx}
		t.byFirst[words[0]] = append(t.byFirst[words[0]], p)
		if len(words) > t.maxWords {
			t.maxWords = len(words)
		}
	}
	for k, ps := range t.byFirst {
		sort.SliceStable(ps, func(i, j int) bool { return len(ps[i].words) > len(ps[j].words) })
		t.byFirst[k] = ps
	}
	return t, nil
}

func addOwner(owners map[string]map[int]bool, key string, idx int) {
	if owners[key] == nil {
		owners[key] = map[int]bool{}
	}
	owners[key][idx] = true
}

func splitList(cell string) []string {
	var out []string
	for _, s := range strings.Split(cell, "|") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// All returns every country and area in the table, ordered by ISO3.
func All() []Country {
	out := make([]Country, len(tbl.list))
	copy(out, tbl.list)
	return out
}

// Lookup finds a country by ISO3 or ISO2 code, name, alias or demonym,
// ignoring case, accents and surrounding spaces: "TUR", "tr", "Turkey",
// "Türkiye", "turkiye" and "Turkish" all give Türkiye.
func Lookup(nameOrCode string) (Country, bool) {
	idx, ok := tbl.byKey[Fold(strings.TrimSpace(nameOrCode))]
	if !ok {
		return Country{}, false
	}
	return tbl.list[idx], true
}

// FindInText returns the countries named in text (by name, alias or
// demonym, at word boundaries, ignoring case and accents), each once, in
// order of first mention. Codes are not matched (too many are words: "IN",
// "CAN", "AND"), except abbreviations listed as aliases ("US", "UK"),
// which must be written in capitals.
func FindInText(text string) []Country {
	var out []Country
	seen := map[string]bool{}
	for _, m := range FindAll(text) {
		if !seen[m.ISO3] {
			seen[m.ISO3] = true
			out = append(out, m.Country)
		}
	}
	return out
}

// FindAll returns every mention of a country in text, left to right,
// preferring the longest name at each place ("South Sudan" over "Sudan").
func FindAll(text string) []Match {
	toks := tokenize(text)
	var out []Match
	for i := 0; i < len(toks); {
		p, ok := matchAt(toks, i)
		if !ok {
			i++
			continue
		}
		last := toks[i+len(p.words)-1]
		out = append(out, Match{
			Country: tbl.list[p.country],
			Start:   toks[i].start,
			End:     last.end,
			Text:    text[toks[i].start:last.end],
			Demonym: p.demonym,
		})
		i += len(p.words)
	}
	return out
}

// matchAt returns the longest phrase that starts at token i.
func matchAt(toks []token, i int) (phrase, bool) {
	for _, p := range tbl.byFirst[toks[i].folded] {
		if i+len(p.words) > len(toks) {
			continue
		}
		ok := true
		for k, w := range p.words {
			tk := toks[i+k]
			if tk.folded != w || (p.abbrev && !tk.upper) {
				ok = false
				break
			}
		}
		if ok {
			return p, true
		}
	}
	return phrase{}, false
}

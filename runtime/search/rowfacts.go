package search

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/query"
)

// Row facts: what the engine knows of every row before its first query
// (its heading, its source and country as small codes, the sources'
// home countries and stale cutoffs, and three title marks). The builder
// computes them with RowFactsOf and stores them (bundle.RowFacts); an
// engine maps them, or computes them when the bundle has none (format 1)
// or they were computed by other code (their recipe differs).

// Title mark bits of bundle.RowFacts.Flags.
const (
	factMaybeTotal = 1 << iota // the title holds a total phrase (newTitleMarks' cheap test)
	factOwnCountry             // the title names the row's own country
	factNamesHead              // the title is its heading's label
)

// rowFactsRecipe numbers the code below: change it when what a fact
// means changes (the data it reads is in the recipe's fingerprint).
const rowFactsRecipe = 2

// factsRecipe fingerprints the recipe and the data the facts are read
// with: the parser's total phrases and the names of every country the
// catalog's rows hold.
func factsRecipe(p *query.Parser, countries []string) string {
	h := sha256.New()
	h.Write([]byte(strconv.Itoa(rowFactsRecipe) + "\x00" + strings.Join(p.TotalPhrases(), "\x01") + "\x00"))
	owns := countryNames{}
	for _, c := range countries {
		h.Write([]byte(c + "\x02" + strings.Join(owns.names(c), "\x01") + "\x00"))
	}
	return strconv.Itoa(rowFactsRecipe) + "-" + hex.EncodeToString(h.Sum(nil)[:12])
}

// RowFactsOf computes a catalog's row facts (rows and headings in bundle
// order) with the default query parser, as an engine opening the bundle
// would.
func RowFactsOf(rows []bundle.SeriesRow, heads []bundle.HeadingRow) *bundle.RowFacts {
	return computeRowFacts(rows, heads, query.Default())
}

func computeRowFacts(rows []bundle.SeriesRow, heads []bundle.HeadingRow, p *query.Parser) *bundle.RowFacts {
	n := len(rows)
	f := &bundle.RowFacts{Head: make([]int32, n), Source: make([]uint16, n), Country: make([]uint16, n), Flags: make([]uint8, n)}
	headIndex := make(map[string]int32, len(heads))
	for i, h := range heads {
		headIndex[h.ID] = int32(i)
	}
	sourceCode, countryCode := map[string]int32{}, map[string]int32{"": 0}
	f.Tables.Countries = []string{""}
	code := func(m map[string]int32, list *[]string, s string) uint16 {
		c, ok := m[s]
		if !ok {
			c = int32(len(m))
			m[s] = c
			*list = append(*list, s)
		}
		return uint16(c)
	}
	for i := range rows {
		f.Source[i] = code(sourceCode, &f.Tables.Sources, rows[i].Source)
		f.Country[i] = code(countryCode, &f.Tables.Countries, rows[i].Country)
		f.Head[i] = -1
		if h, ok := headIndex[rows[i].HeadingID]; ok {
			f.Head[i] = h
		}
	}
	f.Tables.SourceHome = homeCountries(rows, f.Source, len(sourceCode))
	f.Tables.StaleBefore = staleCutoffs(rows, f.Source, len(sourceCode))
	computeFlags(f.Flags, p, func(i int) (string, string, string) {
		label := ""
		if h := f.Head[i]; h >= 0 {
			label = heads[h].Label
		}
		return rows[i].Title, rows[i].Country, label
	})
	f.Tables.Recipe = factsRecipe(p, f.Tables.Countries)
	return f
}

// computeFlags sets each row's title marks; row(i) gives its title,
// country (ISO3) and heading label ("" without a heading).
func computeFlags(flags []uint8, p *query.Parser, row func(i int) (title, country, label string)) {
	// Folded phrases hold a plural's singular ("all commodity"), which
	// "all commodities" does not contain: a final "y" is left out of the
	// cheap test (TitleMarks decides).
	phrases := p.TotalPhrases()
	for i, ph := range phrases {
		phrases[i] = strings.TrimSuffix(ph, "y")
	}
	owns := countryNames{}
	joiners := strings.NewReplacer(".", " ", "_", " ")
	for i := range flags {
		title, country, label := row(i)
		if label != "" && strings.EqualFold(strings.TrimSpace(title), label) {
			flags[i] |= factNamesHead
		}
		if names := owns.names(country); len(names) > 0 && titleNames(title, names) {
			flags[i] |= factOwnCountry
		}
		low := strings.ToLower(joiners.Replace(title))
		for _, ph := range phrases {
			if strings.Contains(low, ph) {
				flags[i] |= factMaybeTotal
				break
			}
		}
	}
}

// rowFactsSameRows is the oldest recipe whose heading, source and
// country codes and tables mean what this one's do: stored facts of
// such a recipe keep them, and only their title marks are read again.
const rowFactsSameRows = 1

// rowFacts returns the bundle's stored row facts when this engine's
// recipe made them; when an older recipe with the same row codes made
// them (rowFactsSameRows), those with title marks read again; else
// computes them.
func (e *Engine) rowFacts() *bundle.RowFacts {
	f, err := e.cat.Bundle.ReadRowFacts()
	if err != nil || f == nil {
		return computeRowFacts(e.cat.AllRows(), e.cat.Headings, e.parser)
	}
	if f.Tables.Recipe == factsRecipe(e.parser, f.Tables.Countries) {
		return f
	}
	n, _, _ := strings.Cut(f.Tables.Recipe, "-")
	if v, err := strconv.Atoi(n); err != nil || v < rowFactsSameRows || v > rowFactsRecipe || len(f.Head) != e.cat.Len() {
		return computeRowFacts(e.cat.AllRows(), e.cat.Headings, e.parser)
	}
	out := *f
	out.Flags = make([]uint8, len(f.Head))
	computeFlags(out.Flags, e.parser, func(i int) (string, string, string) {
		label := ""
		if h := f.Head[i]; h >= 0 && int(h) < len(e.cat.Headings) {
			label = e.cat.Headings[h].Label
		}
		c := ""
		if k := int(f.Country[i]); k < len(f.Tables.Countries) {
			c = f.Tables.Countries[k]
		}
		return e.cat.RowTitle(i), c, label
	})
	out.Tables.Recipe = factsRecipe(e.parser, f.Tables.Countries)
	return &out
}

// StoredRecipesCurrent reports whether a bundle's stored row facts and
// prepared rows were made by the default parser's current recipes, so that
// an engine would map them rather than compute its own.
func StoredRecipesCurrent(b *bundle.Bundle) bool {
	p := query.Default()
	f, err := b.ReadRowFacts()
	if err != nil || f == nil || f.Tables.Recipe != factsRecipe(p, f.Tables.Countries) {
		return false
	}
	recipe := p.PreparedRecipe()
	r, err := b.ReadRecords(bundle.PreparedRowsFile)
	return err == nil && r != nil && recipe != "" && r.Recipe == recipe
}

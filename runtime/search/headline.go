package search

import (
	"strings"
	"sync/atomic"

	"github.com/sextant-dev/sextant/internal/countries"
)

// Title marks of rows (query.Parser.TitleMarks) and of headings, read
// lazily and cached: a row's marks when it is first a candidate, a
// heading's share of total rows when one of its rows first is.
const (
	markKnown   = 1 << iota // the row's marks were read
	markTotal               // the title names a total or headline
	markGeneric             // the title says nothing without its heading ("0.GENERAL")
)

// maxTotalShare is the largest share of a heading's rows that may call
// themselves totals for such a row to be the heading's headline: when
// every province's row reads "Total sales", none of them is.
const maxTotalShare = 0.5

type titleMarks struct {
	maybeTotal []bool          // per row: the title holds a total phrase (cheap test, read at open)
	ownCountry []bool          // per row: the title names the row's own country (read at open)
	namesHead  []bool          // per row: the title is its heading's label (read at open)
	rows       []atomic.Uint32 // per row: mark bits
	// Per heading, 1 + (rows ×1000 / direct rows) of its rows whose
	// titles may name a total, and of those naming their own country;
	// 0 unknown.
	totals, owners []atomic.Int32
	// Per heading, 1 when its direct rows are of one country (or none),
	// 2 when of several; 0 unknown.
	countries []atomic.Int32
}

// newTitleMarks takes the title marks of the row facts (computeRowFacts:
// which titles may name a total, by a substring test of the lower-cased
// title for each total phrase, about 0.3 µs a row; which name their own
// country; which are their heading's label).
func newTitleMarks(flags []uint8, headings int) *titleMarks {
	n := len(flags)
	t := &titleMarks{
		maybeTotal: make([]bool, n),
		ownCountry: make([]bool, n),
		namesHead:  make([]bool, n),
		rows:       make([]atomic.Uint32, n),
		totals:     make([]atomic.Int32, headings),
		owners:     make([]atomic.Int32, headings),
		countries:  make([]atomic.Int32, headings),
	}
	for i, f := range flags {
		t.maybeTotal[i] = f&factMaybeTotal != 0
		t.ownCountry[i] = f&factOwnCountry != 0
		t.namesHead[i] = f&factNamesHead != 0
	}
	return t
}

// marks returns row r's mark bits.
func (e *Engine) marks(r int32) uint32 {
	if m := e.titles.rows[r].Load(); m != 0 {
		return m
	}
	m := uint32(markKnown)
	total, generic := e.parser.TitleMarks(e.cat.RowTitle(int(r)))
	if total {
		m |= markTotal
	}
	if generic {
		m |= markGeneric
	}
	e.titles.rows[r].Store(m)
	return m
}

// totalShare returns the share of heading h's direct rows whose titles
// may name a total (the cheap test), in thousandths.
func (e *Engine) totalShare(h int32) int32 {
	return markedShare(&e.titles.totals[h], e.headRows[h], e.titles.maybeTotal)
}

// ownCountryShare returns the share of heading h's direct rows whose
// titles name their own country, in thousandths.
func (e *Engine) ownCountryShare(h int32) int32 {
	return markedShare(&e.titles.owners[h], e.headRows[h], e.titles.ownCountry)
}

// manyCountries reports whether heading h's direct rows are of more
// than one country (WEO's one row per country, BIS's policy rates).
func (e *Engine) manyCountries(h int32) bool {
	if h < 0 {
		return false
	}
	if k := e.titles.countries[h].Load(); k != 0 {
		return k == 2
	}
	k := int32(1)
	rows := e.headRows[h]
	for _, r := range rows {
		if e.rowCountry[r] != e.rowCountry[rows[0]] {
			k = 2
			break
		}
	}
	e.titles.countries[h].Store(k)
	return k == 2
}

// markedShare returns the share of rows for which marked is true, in
// thousandths, cached in cache (as 1 + share).
func markedShare(cache *atomic.Int32, rows []int32, marked []bool) int32 {
	if s := cache.Load(); s != 0 {
		return s - 1
	}
	n := 0
	for _, r := range rows {
		if marked[r] {
			n++
		}
	}
	share := int32(0)
	if len(rows) > 0 {
		share = int32(n * 1000 / len(rows))
	}
	cache.Store(share + 1)
	return share
}

// isHeadline reports whether row r is the total of its heading: its
// title names a total or its own country and few of its siblings'
// titles do ("House Sales _ Türkiye _ Mortgaged sales" among 81
// provinces' rows; but not "GDP — Türkiye" among 195 countries' rows,
// each naming its own), or its title is the heading's label: the
// family's unqualified member ("Labor Force Participation Rate" beside
// "Labor Force Participation Rate - Men, …" under the heading the
// indexer named after their common stem). A heading of one row has no
// headline (there is nothing to prefer it to).
func (e *Engine) isHeadline(r int32) bool {
	h := e.rowHead[r]
	if h < 0 || len(e.headRows[h]) < 2 {
		return false
	}
	if e.titles.namesHead[r] {
		return true
	}
	const most = maxTotalShare * 1000
	if e.titles.ownCountry[r] && float64(e.ownCountryShare(h)) <= most {
		return true
	}
	if !e.titles.maybeTotal[r] || e.marks(r)&markTotal == 0 {
		return false
	}
	return float64(e.totalShare(h)) <= most
}

// countryNames caches, per ISO3 code, the folded names and aliases a
// title may name its country by (not demonyms: "Turkish lira" does not
// name Türkiye's total; not abbreviations such as "US" or "U.S.", which
// folded are common words, and "U.S. City Average" is a price index's
// every item).
type countryNames map[string][]string

func (c countryNames) names(iso3 string) []string {
	if iso3 == "" {
		return nil
	}
	if n, ok := c[iso3]; ok {
		return n
	}
	var out []string
	if k, ok := countries.Lookup(iso3); ok {
		for _, n := range append([]string{k.Name}, k.Aliases...) {
			if strings.ToUpper(n) == n {
				continue // "US", "U.S.", "UAE"
			}
			out = append(out, countries.Fold(n))
		}
	}
	c[iso3] = out
	return out
}

// titleNames reports whether title holds one of names (folded, as
// countryNames gives them) as whole words.
func titleNames(title string, names []string) bool {
	low := countries.Fold(title) // lower-casing alone when ASCII
	for _, n := range names {
		for from := 0; ; {
			i := strings.Index(low[from:], n)
			if i < 0 {
				break
			}
			i += from
			end := i + len(n)
			if !wordByteAt(low, i-1) && !wordByteAt(low, end) {
				return true
			}
			from = i + 1
		}
	}
	return false
}

// wordByteAt reports whether s[i] continues a word (a letter or digit,
// or any byte of a non-ASCII character); false outside s.
func wordByteAt(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c >= 0x80 || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

// isGeneric reports whether row r's title means nothing without its
// heading's label.
func (e *Engine) isGeneric(r int32) bool {
	// A generic title is a total's: only those are read.
	return e.rowHead[r] >= 0 && e.titles.maybeTotal[r] && e.marks(r)&markGeneric != 0
}

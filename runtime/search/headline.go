package search

import (
	"strings"
	"sync/atomic"

	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/query"
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
	namesHead  []bool          // per row: the title is its heading's label (read at open)
	rows       []atomic.Uint32 // per row: mark bits
	heads      []atomic.Int32  // per heading: 1 + total rows ×1000 / direct rows, 0 unknown
}

// newTitleMarks reads which titles may name a total (a substring test
// of the lower-cased title for each total phrase, about 0.3 µs a row)
// and which are their heading's label. rowHead maps rows to headings.
func newTitleMarks(cat *catalog.Catalog, p *query.Parser, rowHead []int32) *titleMarks {
	t := &titleMarks{
		maybeTotal: make([]bool, len(cat.Rows)),
		namesHead:  make([]bool, len(cat.Rows)),
		rows:       make([]atomic.Uint32, len(cat.Rows)),
		heads:      make([]atomic.Int32, len(cat.Headings)),
	}
	phrases := p.TotalPhrases()
	joiners := strings.NewReplacer(".", " ", "_", " ")
	for i := range cat.Rows {
		if h := rowHead[i]; h >= 0 {
			t.namesHead[i] = strings.EqualFold(strings.TrimSpace(cat.Rows[i].Title), cat.Headings[h].Label)
		}
		low := strings.ToLower(joiners.Replace(cat.Rows[i].Title))
		for _, ph := range phrases {
			if strings.Contains(low, ph) {
				t.maybeTotal[i] = true
				break
			}
		}
	}
	return t
}

// marks returns row r's mark bits.
func (e *Engine) marks(r int32) uint32 {
	if m := e.titles.rows[r].Load(); m != 0 {
		return m
	}
	m := uint32(markKnown)
	total, generic := e.parser.TitleMarks(e.cat.Rows[r].Title)
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
	if s := e.titles.heads[h].Load(); s != 0 {
		return s - 1
	}
	rows := e.headRows[h]
	n := 0
	for _, r := range rows {
		if e.titles.maybeTotal[r] {
			n++
		}
	}
	share := int32(0)
	if len(rows) > 0 {
		share = int32(n * 1000 / len(rows))
	}
	e.titles.heads[h].Store(share + 1)
	return share
}

// isHeadline reports whether row r is the total of its heading: its
// title names a total and few of its siblings' titles do, or its title
// is the heading's label: the family's unqualified member ("Labor Force
// Participation Rate" beside "Labor Force Participation Rate - Men, …"
// under the heading the indexer named after their common stem). A heading of
// one row has no headline (there is nothing to prefer it to).
func (e *Engine) isHeadline(r int32) bool {
	h := e.rowHead[r]
	if h < 0 || len(e.headRows[h]) < 2 {
		return false
	}
	if e.titles.namesHead[r] {
		return true
	}
	if !e.titles.maybeTotal[r] || e.marks(r)&markTotal == 0 {
		return false
	}
	return float64(e.totalShare(h)) <= maxTotalShare*1000
}

// isGeneric reports whether row r's title means nothing without its
// heading's label.
func (e *Engine) isGeneric(r int32) bool {
	// A generic title is a total's: only those are read.
	return e.rowHead[r] >= 0 && e.titles.maybeTotal[r] && e.marks(r)&markGeneric != 0
}

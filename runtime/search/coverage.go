package search

import (
	"slices"
	"strings"
	"sync/atomic"

	"github.com/sextant-dev/sextant/runtime/query"
)

// Coverage: how many of the query's topic words a row answers.
//
// BM25 sums what each query word earns, so a row holding two rare words
// of a five-word question can outrank the row holding all five in common
// words ("consumer price index for all urban consumers"). An analyst (and
// the simulated one) reads a candidate by how much of the question it
// answers. The coverage of a row is the share of the query's topic words
// found in its title, alternative titles, heading path or unit, analysed
// the way queries are; a word counts as found when a synonym expansion
// of a phrase holding it is found whole. It is computed for the
// coverageDepth best candidates (or as many as the request returns, if
// more) after the other signals are fused (a second stage: reading a
// row's text costs about 10 µs, once per row) and added times
// Weights.Coverage. The depth hardly matters for ranking (docs/ranking.md).
const coverageDepth = 100

// termCache holds rows' and headings' analysed words, read on first use:
// a row's when it first reaches a coverage stage (at most coverageDepth
// rows a query), a heading's when one of its rows does. Analysing costs
// about 10 µs a text; a cached list is a few words.
type termCache struct {
	rows   []atomic.Pointer[rowWords]
	heads  []atomic.Pointer[[]string]
	labels []atomic.Pointer[[]string] // a heading's own label's part words (focus.go)
}

// rowWords are a row's analysed words.
type rowWords struct {
	all []string // its title's, alternative titles' and unit's
	// excluded are words of all that its title and alternative titles
	// name only in a clause of what the row leaves out ("CPI excluding
	// alcoholic beverages and tobacco").
	excluded []string
	part     []string // its title's that name a part (query.Vocabulary.PartTerms)
	total    []string // its title's that name its heading's total
}

func newTermCache(rows, heads int) *termCache {
	return &termCache{
		rows:   make([]atomic.Pointer[rowWords], rows),
		heads:  make([]atomic.Pointer[[]string], heads),
		labels: make([]atomic.Pointer[[]string], heads),
	}
}

// rowTerms returns the words of row r's title, alternative titles and
// unit, and those of its title that name a part.
func (e *Engine) rowTerms(r int32) rowWords {
	if t := e.terms.rows[r].Load(); t != nil {
		return *t
	}
	row := ptr(e.cat.RowAt(int(r)))
	v := e.parser.Vocabulary()
	titles := row.Title + " | " + strings.Join(row.AltTitles, " | ")
	t := rowWords{all: v.LabelTerms(titles + " | " + row.Unit)}
	if ex := v.ExcludedTerms(titles); len(ex) > 0 {
		unit := v.LabelTerms(row.Unit) // a word the unit says is the row's own
		t.excluded = slices.DeleteFunc(ex, func(w string) bool { return slices.Contains(unit, w) })
	}
	t.part, t.total = v.PartTerms(row.Title)
	e.terms.rows[r].Store(&t)
	return t
}

// headTerms returns the words of heading h's path.
func (e *Engine) headTerms(h int32) []string {
	if t := e.terms.heads[h].Load(); t != nil {
		return *t
	}
	t := e.parser.Vocabulary().LabelTerms(strings.Join(e.cat.Headings[h].Path, " | "))
	e.terms.heads[h].Store(&t)
	return t
}

// coverage returns the share of u's topic words row r answers.
func (e *Engine) coverage(u query.Understanding, r int32) float64 {
	if len(u.TopicTerms) == 0 {
		return 0
	}
	rw := e.rowTerms(r)
	var head []string
	if h := e.rowHead[r]; h >= 0 {
		head = e.headTerms(h)
	}
	has := func(w string) bool { return slices.Contains(rw.all, w) || slices.Contains(head, w) }
	// A word the row names only in what it leaves out ("CPI excluding
	// tobacco") answers a query that leaves it out too, not one that
	// asks for it.
	says := func(w string) bool {
		return slices.Contains(rw.all, w) && !slices.Contains(rw.excluded, w) || slices.Contains(head, w)
	}
	// A unit the query names ("index") is unknown, not missing, for a
	// row whose catalog gives no unit (FRED's IPMAN has no scale code).
	// Only exclusive units: "rate" is said of rates and of their series.
	unitless := e.cat.RowUnit(int(r)) == ""
	voc := e.parser.Vocabulary()
	found, words := 0, 0
	for i, t := range u.TopicTerms {
		if slices.Contains(u.TopicTerms[:i], t) {
			continue // a word the query repeats counts once
		}
		words++
		answers := says
		if slices.Contains(u.ExcludedTerms, t) || voc.IsExclusion(t) {
			answers = has
		}
		if answers(t) || expandedIn(u.Expansions, t, has, says, voc) || unitless && slices.Contains(u.Units, t) && voc.ExclusiveUnit(t) {
			found++
		}
	}
	return float64(found) / float64(words)
}

// expandedIn reports whether an expansion of a phrase holding word t has
// every one of its words in the row: in has when the expansion itself
// leaves something out ("excluding food and energy"), else in says.
func expandedIn(xs []query.Expansion, t string, has, says func(string) bool, voc *query.Vocabulary) bool {
	for _, x := range xs {
		if len(x.Terms) == 0 || !containsWord(x.From, t) || narrows(x) {
			continue
		}
		in := says
		if slices.ContainsFunc(x.Terms, voc.IsExclusion) {
			in = has
		}
		all := true
		for _, w := range x.Terms {
			if !in(w) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// narrows reports whether every word of expansion x is a word of the
// phrase it expands ("gold reserves" → "gold", "tax revenue" → "revenue"):
// such an expansion lets the text pass find labels that leave a word
// out, but a row holding it has not answered the words it leaves out
// (every "Republic Gold Coin" row covered "gold reserves of the CBRT" in
// full).
func narrows(x query.Expansion) bool {
	for _, w := range x.Terms {
		if !containsWord(x.From, w) {
			return false
		}
	}
	return true
}

func containsWord(phrase, w string) bool {
	for _, f := range strings.Fields(phrase) {
		if f == w {
			return true
		}
	}
	return false
}

// addCoverage re-scores the best max(coverageDepth, limit) of the sorted
// candidates with their coverage and focus (focus.go) and sorts them
// again.
func (e *Engine) addCoverage(cs []*candidate, u query.Understanding, on Signals, limit int) {
	wc, wf := e.w.Coverage, e.w.Focus
	if !on.Coverage {
		wc = 0
	}
	if !on.Focus {
		wf = 0
	}
	if wc == 0 && wf == 0 || len(u.TopicTerms) == 0 {
		return
	}
	var said map[string]bool
	if wf != 0 {
		said = saidWords(u)
	}
	top := cs[:min(len(cs), max(coverageDepth, limit))]
	eachCandidate(top, func(c *candidate) {
		if wc != 0 {
			c.cover = e.coverage(u, c.row)
		}
		if wf != 0 {
			c.focus = e.focus(said, c.row)
		}
		c.score += wc*c.cover + wf*c.focus
	})
	sortCandidates(top)
}

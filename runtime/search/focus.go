package search

import (
	"slices"

	"github.com/sextant-dev/sextant/runtime/query"
)

// Focus: how much of a row's own title the query says.
//
// Coverage asks how much of the question a row answers; it cannot tell
// the series asked for from its breakdowns, which answer the question as
// fully and say more: for "employment cost index total compensation all
// civilian workers", "Employment Cost Index: Total compensation for All
// Civilian workers in Manufacturing" answers every word and the series
// itself, "... Total compensation: All Civilian", all but "workers";
// BM25's length normalisation, spread over four fields, hardly separates
// them. The focus of a row is the share of its title's distinct words
// the query says, itself or through a synonym expansion.
//
// Left out unless the query says them: the words with which a title
// names its heading's total ("Total", "All Items": the headline signal's
// business, so "Quits: Total Nonfarm" is no narrower than "Quits:
// Construction"), outline numbering, numbers, and the words the title
// shares with its heading path, which name the family rather than a part
// of it. A title of total words only ("TOPLAM") is read as its heading's
// label. Computed in the coverage stage, from cached words.

// saidWords returns the words a query says: its own (facets too) and its
// expansions'.
func saidWords(u query.Understanding) map[string]bool {
	said := make(map[string]bool, len(u.Terms)+4*len(u.Expansions))
	for _, t := range u.Terms {
		said[t] = true
	}
	for _, x := range u.Expansions {
		for _, t := range x.Terms {
			said[t] = true
		}
	}
	return said
}

// labelTerms returns the part words of heading h's own label.
func (e *Engine) labelTerms(h int32) []string {
	if t := e.terms.labels[h].Load(); t != nil {
		return *t
	}
	t, _ := e.parser.Vocabulary().PartTerms(e.cat.Headings[h].Label)
	e.terms.labels[h].Store(&t)
	return t
}

// focus returns the share of row r's distinct part words in said,
// leaving out the words of its heading path that said lacks, and
// counting its total words that said holds; for a title of total words
// only, the share of its heading label's words; 0 with no word left.
func (e *Engine) focus(said map[string]bool, r int32) float64 {
	rw := e.rowTerms(r)
	title := rw.part
	var head []string
	if h := e.rowHead[r]; h >= 0 {
		head = e.headTerms(h)
		if len(title) == 0 {
			// A title that names only its heading's total ("TOPLAM",
			// "0.GENERAL") is read as its heading's label: "House Sales"
			// says less besides than "Mortgaged House Sales".
			title, head = e.labelTerms(h), nil
		}
	}
	words, found := 0, 0
	for i, t := range title {
		if slices.Contains(title[:i], t) {
			continue
		}
		if said[t] {
			found++
		} else if slices.Contains(head, t) {
			continue
		}
		words++
	}
	// A total word the query says is a word of the title it answers.
	for i, t := range rw.total {
		if said[t] && !slices.Contains(rw.total[:i], t) && !slices.Contains(title, t) {
			found++
			words++
		}
	}
	if words == 0 {
		return 0
	}
	return float64(found) / float64(words)
}

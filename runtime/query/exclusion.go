package query

import (
	"slices"
	"strings"
)

// exclusionWords are the words of data/exclusions.tsv, analysed.
type exclusionWords struct {
	open, compare, end map[string]bool
}

func (v *Vocabulary) loadExclusion(l line) error {
	k := v.phrase(l.cells[1])
	if len(k.words) != 1 {
		return l.errf(1, "want one word, got %q", l.cells[1])
	}
	w := k.words[0]
	switch l.cells[0] {
	case "open":
		v.exclusion.open[w] = true
	case "compare":
		v.exclusion.compare[w] = true
	case "end":
		v.exclusion.end[w] = true
	default:
		return l.errf(0, "unknown kind %q (want open, compare or end)", l.cells[0])
	}
	return nil
}

// isClauseBreak reports the characters that end an exclusion clause.
func isClauseBreak(r rune) bool {
	return strings.ContainsRune("()[]:;|", r)
}

// ExcludedTerms returns the content words (as LabelTerms gives them) that
// text names only inside a clause of what it leaves out ("E_ CPI
// excluding alcoholic beverages and tobacco": alcoholic, beverage,
// tobacco), less any it also names outside one.
func (v *Vocabulary) ExcludedTerms(text string) []string {
	var kept, excluded []string
	for _, seg := range strings.FieldsFunc(text, isClauseBreak) {
		toks := v.analyze(seg)
		in := false
		for i, t := range toks {
			switch {
			case v.exclusion.open[t.norm] && !(i+1 < len(toks) && v.exclusion.compare[toks[i+1].norm]):
				in = true
				kept = v.appendLabelTerm(kept, t)
				continue
			case v.exclusion.end[t.norm]:
				in = false
			}
			if in {
				excluded = v.appendLabelTerm(excluded, t)
			} else {
				kept = v.appendLabelTerm(kept, t)
			}
		}
	}
	excluded = slices.DeleteFunc(excluded, func(w string) bool { return slices.Contains(kept, w) })
	if len(excluded) == 0 {
		return nil
	}
	return excluded
}

// IsExclusion reports whether w (analysed) opens a clause of what a text
// leaves out ("excluding", "less").
func (v *Vocabulary) IsExclusion(w string) bool { return v.exclusion.open[w] }

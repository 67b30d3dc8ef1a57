package search

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

	"github.com/sextant-dev/sextant/internal/textdist"
	"github.com/sextant-dev/sextant/runtime/query"
)

// Spelling tolerance: a query word the catalog does not know is replaced
// by the catalog word closest to it, by edit distance (adjacent letters
// swapped count as one edit) and then by how many rows use the word.
const (
	spellMinRunes  = 4  // shorter words are acronyms and codes more often than typos
	spellKnownRows = 3  // a word used by this many rows or index documents is known
	spellLongRunes = 9  // words this long may be two edits away from their catalog word
	spellMinRatio  = 20 // the catalog word is used this many times more often than the typed one
	spellMinRows   = 2  // and by at least this many rows
)

// spellVocab is the catalog's words (folded as queries are) with the
// number of rows whose titles, other-language titles or headings use them,
// by length in runes.
type spellVocab struct {
	count map[string]int32
	byLen map[int][]string
}

// spellState holds the vocabulary, read from the catalog on first use.
type spellState struct {
	once  sync.Once
	vocab *spellVocab
}

// spelling returns the vocabulary, reading it from the catalog on first use.
func (e *Engine) spelling() *spellVocab {
	if e.spell == nil {
		return &spellVocab{}
	}
	e.spell.once.Do(func() { e.spell.vocab = buildSpellVocab(e) })
	return e.spell.vocab
}

func buildSpellVocab(e *Engine) *spellVocab {
	v := &spellVocab{count: map[string]int32{}, byLen: map[int][]string{}}
	seen := map[string]bool{}
	addText := func(s string) {
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
			f := query.FoldWord(w)
			if len(f) < 2 || seen[f] {
				continue
			}
			seen[f] = true
			v.count[f]++
		}
	}
	for i := range e.cat.Len() {
		clear(seen)
		r := e.cat.RowAt(i)
		addText(r.Title)
		for _, a := range r.AltTitles {
			addText(a)
		}
	}
	for i := range e.cat.Headings {
		clear(seen)
		addText(e.cat.Headings[i].Label)
	}
	for w := range v.count {
		n := len([]rune(w))
		v.byLen[n] = append(v.byLen[n], w)
	}
	return v
}

// correctSpelling replaces each word of text the catalog does not know by
// its closest catalog word and returns the new text with what changed.
func (e *Engine) correctSpelling(text string) (string, []query.Rewrite) {
	words := strings.Fields(text)
	var rs []query.Rewrite
	for i, w := range words {
		core := strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if !e.mayMisspell(core) {
			continue
		}
		if to := e.spelling().closest(query.FoldWord(core)); to != "" {
			rs = append(rs, query.Rewrite{From: core, To: to, Kind: query.RewriteSpelling})
			words[i] = strings.Replace(w, core, to, 1)
		}
	}
	if len(rs) == 0 {
		return text, nil
	}
	return strings.Join(words, " "), rs
}

// mayMisspell reports whether w is a word the catalog and the query
// vocabulary do not know: long enough, all letters, no series id, no word
// of the embedding model's vocabulary, written by no more than a few rows,
// and no facet (country, source, frequency, ...) or stop word of query
// understanding. A word is known as written, not by its stem: "deflater"
// stems like "deflator" and so matched it in the text index, but the
// embedding model has no vector for it, so half of the search missed.
func (e *Engine) mayMisspell(w string) bool {
	if len([]rune(w)) < spellMinRunes {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	if isUpperCode(w) {
		return false
	}
	for _, src := range e.sources {
		if e.cat.HasNative(src, w) || e.cat.HasNative(src, strings.ToUpper(w)) {
			return false
		}
	}
	if e.embedder != nil && e.embedder.HasWord(strings.ToLower(w)) {
		return false // a word of the language, though the catalog may not use it
	}
	if e.spelling().count[query.FoldWord(w)] >= spellKnownRows {
		return false
	}
	u := e.parser.Parse(w)
	if len(u.TopicTerms) == 0 || len(u.Countries) > 0 || len(u.Sources) > 0 || len(u.Expansions) > 0 ||
		len(u.Units) > 0 || u.SeasonalAdjustment != "" || u.FrequencyWeight > 0 || len(u.States) > 0 {
		return false
	}
	return true
}

// isUpperCode reports whether w is written in capitals throughout: a code
// or acronym the writer meant as written.
func isUpperCode(w string) bool {
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// closest returns the catalog word nearest to w (folded): the fewest
// edits, one for words shorter than spellLongRunes and two for longer
// ones, then the most rows; among those only words used by spellMinRows
// rows and spellMinRatio times more often than w. "" when none is near.
func (v *spellVocab) closest(w string) string {
	rw := []rune(w)
	maxDist := 1
	if len(rw) >= spellLongRunes {
		maxDist = 2
	}
	floor := max(spellMinRows, spellMinRatio*v.count[w])
	best, bestDist, bestCount := "", maxDist+1, int32(0)
	for n := len(rw) - maxDist; n <= len(rw)+maxDist; n++ {
		for _, c := range v.byLen[n] {
			cnt := v.count[c]
			if cnt < floor {
				continue
			}
			rc := []rune(c)
			if rc[0] != rw[0] {
				continue // a slip of the first letter is rare; another word is likelier
			}
			d := editDistance(rw, rc, bestDist)
			if d < bestDist || d == bestDist && cnt > bestCount {
				best, bestDist, bestCount = c, d, cnt
			}
		}
	}
	if bestDist > maxDist {
		return ""
	}
	return best
}

// editDistance is the bounded distance between two words, letter by
// letter (textdist.Distance).
func editDistance(a, b []rune, limit int) int { return textdist.Distance(a, b, limit) }

// rewrite is the query as searched: abbreviations and Turkish terms
// rewritten by the query vocabulary, then misspellings corrected.
func (e *Engine) rewrite(text string) (string, []query.Rewrite) {
	text, rs := e.parser.Rewrite(text)
	text, spelt := e.correctSpelling(text)
	return text, append(rs, spelt...)
}

// ShowingFor is the line that tells a reader the query was rewritten:
// `showing results for "10-year treasury" (10y → 10-year)`, or "" when
// it was searched as written.
func (r Result) ShowingFor() string {
	if r.SearchedFor == "" {
		return ""
	}
	var parts []string
	for _, rw := range r.Rewrites {
		parts = append(parts, rw.From+" → "+rw.To)
	}
	return fmt.Sprintf("showing results for %q (%s)", r.SearchedFor, strings.Join(parts, ", "))
}

package embedmodel

import (
	_ "embed"
	"slices"
	"strings"
	"unicode"

	"github.com/sextant-dev/sextant/internal/embed"
)

// catalogWords lists words that occur at least three times in the labels of
// the real catalogs sextant targets (FRED, EVDS, WEO, IFS, WDI) and exist in
// the wink vocabulary. The default model keeps them even when their
// frequency rank is beyond the vocabulary cut ("hicp", "naics", "parities",
// "quartile" ...). Regenerate with `sextant-model words`.
//
//go:embed catalogwords.txt
var catalogWordsText string

// CatalogWords returns the embedded catalog word list.
func CatalogWords() []string {
	return strings.Fields(catalogWordsText)
}

// Reachable reports whether the tokenizer of a built model can ever produce
// word as a token: the word is already in Clean's output form and is either
// one punctuation character or has no punctuation and no space (the
// pre-tokenizer splits on spaces and isolates punctuation). Unreachable words
// ("u.s.", "e-mail", "Café") would waste vocabulary slots.
func Reachable(word string) bool {
	if word == "" || embed.Clean(word) != word {
		return false
	}
	n := 0
	for _, r := range word {
		n++
		if r == ' ' || (IsSplitPunct(r) && len(word) > len(string(r))) {
			return false
		}
	}
	return n > 0
}

// IsSplitPunct matches the BERT pre-tokenizer's punctuation test: ASCII
// symbol ranges and Unicode punctuation (P*).
func IsSplitPunct(r rune) bool {
	return (r >= 33 && r <= 47) || (r >= 58 && r <= 64) || (r >= 91 && r <= 96) || (r >= 123 && r <= 126) || unicode.IsPunct(r)
}

// selectVocabulary keeps the first maxWords words by rank plus every word in
// extra, in rank order.
func selectVocabulary(words []WordVector, maxWords int, extra []string) []WordVector {
	keep := make(map[string]bool, len(extra))
	for _, w := range extra {
		keep[w] = true
	}
	var out []WordVector
	for i, w := range words {
		if i < maxWords || keep[w.Word] {
			out = append(out, w)
		}
	}
	return out
}

func sortByRank(words []WordVector) {
	slices.SortFunc(words, func(a, b WordVector) int { return a.Rank - b.Rank })
}

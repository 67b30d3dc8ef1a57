package sim

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// respellRequestWords writes a misspelt word of a request ("swtich those
// to PPP", "make it quartely") as the request word it is one slip away
// from, as a reader does: only words of five letters or more that are no
// request word themselves, and only when one request word alone is that
// close. Catalog words are left to the search, which corrects them.
func respellRequestWords(text string) string {
	known := requestWords()
	return letterRun.ReplaceAllStringFunc(text, func(w string) string {
		low := strings.ToLower(w)
		if utf8.RuneCountInString(low) < 5 || known[low] || vocab.stopwords[low] {
			return w
		}
		match := ""
		for k := range known {
			if oneSlip(low, k) {
				if match != "" {
					return w
				}
				match = k
			}
		}
		if match == "" {
			return w
		}
		return match
	})
}

var requestWords = sync.OnceValue(func() map[string]bool {
	rows, err := dataLines("requestwords.txt")
	if err != nil {
		panic(err) // embedded at build time
	}
	out := map[string]bool{}
	for _, r := range rows {
		for _, w := range strings.Fields(strings.Join(r, " ")) {
			out[w] = true
		}
	}
	return out
})

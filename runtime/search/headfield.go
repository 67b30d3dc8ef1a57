package search

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	bsearch "github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/sextant-dev/sextant/internal/textindex"
	"github.com/sextant-dev/sextant/runtime/catalog"
)

// headingField scores the heading field of row documents in memory. Every
// row under a heading holds the same heading text (its path), so the
// field's BM25 is a function of the heading: computed once per heading
// (about 9,000 at 365,000 rows) instead of inside every row's match, it
// spares the text pass the long posting lists of common heading words
// (one heading word is in every row under it; heading clauses are about
// 40 % of the text pass). Scores are bleve's BM25 for the field with the
// index's own statistics, before bleve's query normalisation (see
// textQuery.scale); clauses of words in more than headingInMemoryDF×
// commonDF documents are scored here, and all common ones when
// nearHeadingClausesInMemory.
type headingField struct {
	postings map[string][]headTF // token → headings whose path holds it
	length   []float64           // heading → tokens in its path text
	idf      func(n uint64) float64
	avgLen   float64 // bleve's average field length (rounded up)
}

// headTF is one heading holding a token, with how often.
type headTF struct {
	head int32
	freq float64
}

// newHeadingField reads every heading's path as the indexer wrote it into
// its rows' heading field (the path joined by " > ").
func newHeadingField(l *lexIndex, cat *catalog.Catalog) (*headingField, error) {
	hf := &headingField{postings: map[string][]headTF{}, length: make([]float64, len(cat.Headings)), idf: l.idf}
	if br, ok := l.reader.(index.BM25Reader); ok && l.docs > 0 {
		card, err := br.FieldCardinality(textindex.FieldHeading)
		if err != nil {
			return nil, fmt.Errorf("text index: %w", err)
		}
		hf.avgLen = math.Ceil(float64(card) / l.docs)
	}
	for h := range cat.Headings {
		toks := l.tokens(strings.Join(cat.Headings[h].Path, " > "))
		hf.length[h] = float64(len(toks))
		freq := map[string]float64{}
		for _, t := range toks {
			freq[t]++
		}
		for t, n := range freq {
			hf.postings[t] = append(hf.postings[t], headTF{int32(h), n})
		}
	}
	return hf, nil
}

// headClause is one clause of a query against the heading field: any of
// its tokens, or every one with all.
type headClause struct {
	toks  []string
	all   bool
	boost float64
}

// score adds each clause's BM25 to every heading that matches it, into
// out (indexed by heading), as bleve scores a term query on the field of
// a row under the heading, times the clause's query weight (boost·idf,
// the part of bleve's query weight that is not the query norm), and
// counts in matched the clauses each heading matches. df gives a token's
// document frequency in the field.
func (hf *headingField) score(clauses []headClause, df func(tok string) uint64, out []float64, matched, stamp []int32) {
	// stamp is 1 + the last clause counted per heading, zero at first.
	count := func(h int32, clause int) {
		if stamp[h] != int32(clause+1) {
			stamp[h] = int32(clause + 1)
			matched[h]++
		}
	}
	for ci, c := range clauses {
		weights := make([]float64, len(c.toks))
		for i, t := range c.toks {
			if n := df(t); n > 0 {
				idf := hf.idf(n)
				weights[i] = c.boost * idf * idf
			}
		}
		if !c.all {
			// A disjunction of several tokens: bleve scales its sum by
			// the share of its tokens (those in the index) matched.
			n := 0
			for _, w := range weights {
				if w > 0 {
					n++
				}
			}
			if n == 1 {
				for i, t := range c.toks {
					for _, p := range hf.postings[t] {
						out[p.head] += weights[i] * hf.saturation(p)
						count(p.head, ci)
					}
				}
				continue
			}
			type part struct {
				sum     float64
				matched int
			}
			parts := map[int32]part{}
			for i, t := range c.toks {
				if weights[i] == 0 {
					continue
				}
				for _, p := range hf.postings[t] {
					x := parts[p.head]
					x.sum += weights[i] * hf.saturation(p)
					x.matched++
					parts[p.head] = x
				}
			}
			for h, x := range parts {
				out[h] += x.sum * float64(x.matched) / float64(n)
				count(h, ci)
			}
			continue
		}
		// A conjunction: the headings holding every token, scored by
		// the sum of its tokens' scores.
		if len(c.toks) == 0 || slices.Contains(weights, 0) {
			continue
		}
		sum := map[int32]float64{}
		for _, p := range hf.postings[c.toks[0]] {
			sum[p.head] = weights[0] * hf.saturation(p)
		}
		for i, t := range c.toks[1:] {
			next := make(map[int32]float64, len(sum))
			for _, p := range hf.postings[t] {
				if s, ok := sum[p.head]; ok {
					next[p.head] = s + weights[i+1]*hf.saturation(p)
				}
			}
			sum = next
		}
		for h, s := range sum {
			out[h] += s
			count(h, ci)
		}
	}
}

// saturation is BM25's term-frequency part for a heading's path, as bleve
// computes it (tf is the square root of the count).
func (hf *headingField) saturation(p headTF) float64 {
	tf := math.Sqrt(p.freq)
	norm := 1.0
	if hf.avgLen > 0 {
		// The index keeps a field's length as the float32 of
		// 1/√length and bleve reads the length back from it.
		n := float64(float32(1 / math.Sqrt(hf.length[p.head])))
		norm = 1 - bsearch.BM25_b + bsearch.BM25_b*(1/(n*n))/hf.avgLen
	}
	return tf * bsearch.BM25_k1 / (tf + bsearch.BM25_k1*norm)
}

// headingFieldScores returns each heading's heading-field score for the
// query's heading clauses, before bleve's coordination factor (which
// coordScore applies with the index's clauses), and how many of the
// clauses each heading matched; nil when there are none. release hands
// the arrays back for the next query.
func (e *Engine) headingFieldScores(ctx context.Context, clauses []headClause) (scores []float64, matched []int32, release func()) {
	if len(clauses) == 0 || e.headField == nil {
		return nil, nil, func() {}
	}
	n := len(e.cat.Headings)
	hs, _ := headScorePool.Get().(*headScores)
	if hs == nil || len(hs.score) != n {
		hs = &headScores{score: make([]float64, n), matched: make([]int32, n), stamp: make([]int32, n)}
	} else {
		clear(hs.score)
		clear(hs.matched)
		clear(hs.stamp)
	}
	e.headField.score(clauses, func(t string) uint64 { return e.lex.docFreq(ctx, t, textindex.FieldHeading) }, hs.score, hs.matched, hs.stamp)
	return hs.score, hs.matched, func() { headScorePool.Put(hs) }
}

// headScores are one query's per-heading arrays (three per heading: 145
// KB at 9,000 headings, twice a query), reused across queries.
type headScores struct {
	score   []float64
	matched []int32
	stamp   []int32
}

var headScorePool sync.Pool

// headWord is a query word a best title's heading may hold (doclist.go):
// any of alts, each a token list the heading holds whole (the word, or a
// synonym expansion of it), weighted as its title clause is.
type headWord struct {
	alts   [][]string
	weight float64
}

// expandedWords is a synonym expansion as best titles' headings read it:
// the query phrase it expands, its tokens and its weight.
type expandedWords struct {
	from   string
	toks   []string
	weight float64
}

// bestHeadWords returns the words a best title's heading may hold: the
// common topic words (together, in order, each with its expansions),
// then the query's other topic title words (rare ones, which bring their
// own titles but not the short titles filed under a heading that says
// them) and the expansions of phrases that are no topic word, each once.
// "education CPI Turkey" has one common topic word, "education"; the
// heading "Consumer Price Index (2003=100)" holds the expansion of "cpi",
// so "10.EDUCATION" under it holds two.
func (e *Engine) bestHeadWords(together, clauses []clause, expanded []expandedWords) []headWord {
	var words []headWord
	at := map[string]int{} // token → its word
	for _, c := range together {
		at[c.tm.tok] = len(words)
		words = append(words, headWord{alts: [][]string{{c.tm.tok}}, weight: c.tm.weight})
	}
	for _, c := range clauses {
		if c.tm == nil || !c.topic {
			continue
		}
		if _, ok := at[c.tm.tok]; ok {
			continue
		}
		at[c.tm.tok] = len(words)
		words = append(words, headWord{alts: [][]string{{c.tm.tok}}, weight: c.tm.weight})
	}
	for _, x := range expanded {
		key := x.from
		if ft := e.lex.tokens(x.from); len(ft) == 1 {
			key = ft[0]
		}
		w := x.weight * boostTitle
		if i, ok := at[key]; ok {
			words[i].alts = append(words[i].alts, x.toks)
			continue
		}
		at[key] = len(words)
		words = append(words, headWord{alts: [][]string{x.toks}, weight: w})
	}
	return words[:min(len(words), maxBestWords)]
}

// headWordsOf returns, for best titles (doclist.go), what each row's
// heading holds of the words (bit i for words[i], the first maxBestWords)
// and their heading-field score: the word's title weight times
// boostHeading, with the heading's own saturation (the title field's idf
// stands in for the heading field's; for an expansion, its least
// saturated token's, and for a word held several ways, its best). Empty
// without the heading field or words. release hands the scratch back.
func (e *Engine) headWordsOf(words []headWord) (held headWordsOf, release func()) {
	if e.headField == nil || e.docHead == nil || len(words) < minBestTitleWords {
		return headWordsOf{}, func() {}
	}
	n := len(e.cat.Headings)
	sc, _ := headHoldPool.Get().(*headHold)
	if sc == nil || len(sc.held) != n {
		sc = &headHold{held: make([]headWords, n), count: make([]uint16, n), least: make([]float32, n), best: make([]float32, n)}
	} else {
		clear(sc.held)
	}
	hf := e.headField
	for i, w := range words[:min(len(words), maxBestWords)] {
		wordHeads := sc.wordHeads[:0]
		for _, alt := range w.alts {
			if len(alt) == 0 || len(alt) > math.MaxUint16 {
				continue
			}
			// A heading holds the alternative when each of its tokens
			// found it holding the ones before.
			altHeads := sc.altHeads[:0]
			for j, t := range alt {
				for _, p := range hf.postings[t] {
					h := p.head
					if int(sc.count[h]) != j {
						continue
					}
					s := float32(hf.saturation(p))
					if j == 0 {
						altHeads = append(altHeads, h)
						sc.least[h] = s
					} else {
						sc.least[h] = min(sc.least[h], s)
					}
					sc.count[h]++
				}
			}
			for _, h := range altHeads {
				if int(sc.count[h]) == len(alt) {
					if sc.best[h] == 0 {
						wordHeads = append(wordHeads, h)
					}
					sc.best[h] = max(sc.best[h], sc.least[h], math.SmallestNonzeroFloat32)
				}
				sc.count[h], sc.least[h] = 0, 0
			}
			sc.altHeads = altHeads
		}
		for _, h := range wordHeads {
			hw := &sc.held[h]
			hw.words |= 1 << i
			hw.score += float32(w.weight*boostHeading) * sc.best[h]
			sc.best[h] = 0
		}
		sc.wordHeads = wordHeads
	}
	return headWordsOf{docHead: e.docHead, held: sc.held}, func() { headHoldPool.Put(sc) }
}

// headHold is headWordsOf's per-heading scratch, reused across queries.
type headHold struct {
	held                []headWords
	count               []uint16  // tokens of the alternative the heading holds so far
	least, best         []float32 // the alternative's least saturation; the word's best
	altHeads, wordHeads []int32
}

var headHoldPool sync.Pool

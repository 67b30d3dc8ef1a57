package search

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"
	"sync"

	"github.com/blevesearch/bleve/v2/mapping"
	bsearch "github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
)

// Candidate sources computed in memory.
//
// The extra candidates of union.go (titles holding common words together,
// or a synonym expansion whole) are intersections of title posting
// lists. With the title postings in memory (titlemem.go) they are
// computed here by merging sorted lists, and handed to the union as a
// searcher over a list of documents, instead of as bleve conjunctions
// walked per index part (a third of the text pass at 365,000 rows).

// extraCandidates are the titles a query's union takes candidates from
// (union.go): those holding each stand-in's tokens whole, and those
// holding at least least of the together tokens. searchText reads them
// into docs before the text pass.
type extraCandidates struct {
	standIns [][]string
	together []string
	least    int
	best     []titleClause // common topic words whose best titles bring candidates
	heads    []headWord    // what a best title's heading may hold: best's words, then the query's other topic words
	docs     docListQuery
}

// Titles best for a query's common topic words bring candidates too: the
// bestTitleDepth titles holding at least two of them with the highest
// summed BM25 of those words alone, when the query has at least
// minBestTitleWords. "Fed industrial production index for
// manufacturing" has no rare word and four common ones; the together
// rule wants titles holding all four, so "Industrial Production:
// Manufacturing (NAICS)", whose short title holds three, was never
// visited. A quarter of the text pass's depth (docs/ranking.md has the
// measurements of this and the two rules below).
//
// A word the row's heading holds counts too (once, whether its title
// holds it or not), so that a short title read under its heading is
// found: "06.HEALTH" under "Consumer Price Index (2003=100)" answers
// "Turkey consumer prices health group", yet its title holds one of the
// words and no rarer word brings it.
//
// The heading may hold the query's other topic words as well: rare ones
// (which bring their own titles, not the short titles under a heading
// that says them) and synonym expansions, each query phrase once
// (headfield.go, bestHeadWords). With them a single common word is
// enough: "education CPI Turkey" brings "10.EDUCATION" under "Consumer
// Price Index (2003=100)" ("cpi" → "consumer price index"), which no
// pass visited before (not in the first 300 rows).
const (
	bestTitleDepth    = lexicalDepth / 4
	minBestTitleWords = 2
	maxBestWords      = 32 // words a title's held set can tell apart (bits of titleAccum.words)
)

// headWords is what a row's heading holds of a query's best-title words:
// which (bits, in clause order) and their heading-field score.
type headWords struct {
	words uint32
	score float32
}

// headWordsOf tells what the heading of each document's row holds of the
// best-title words: held[docHead[d]] when docHead[d] ≥ 0.
type headWordsOf struct {
	docHead []int32 // document → its row's heading, -1 when none or no row
	held    []headWords
}

// extraDocs returns, ascending, the documents of x's titles, merged from
// the in-memory title postings.
func (tf *fieldPostings) extraDocs(ctx context.Context, x *extraCandidates, heads headWordsOf) ([]uint32, error) {
	var lists [][]uint32
	for _, toks := range x.standIns {
		d, err := tf.titleDocs(ctx, toks, len(toks))
		if err != nil {
			return nil, err
		}
		lists = append(lists, d)
	}
	if len(x.together) > 0 {
		d, err := tf.titleDocs(ctx, x.together, x.least)
		if err != nil {
			return nil, err
		}
		lists = append(lists, d)
	}
	if len(x.best) > 0 {
		d, err := tf.bestTitles(ctx, x.best, bestTitleDepth, heads)
		if err != nil {
			return nil, err
		}
		lists = append(lists, d)
	}
	return unionDocs(lists), nil
}

// bestTitles returns, ascending, the k documents whose titles hold at
// least two of the clauses' words, their headings' words counted (heads),
// with the highest summed score of those clauses, summed over their
// in-memory postings and heading scores. Only titles holding a word of
// the clauses' shorter lists are read.
func (tf *fieldPostings) bestTitles(ctx context.Context, clauses []titleClause, k int, heads headWordsOf) ([]uint32, error) {
	if len(clauses) == 0 || len(clauses) < 2 && heads.held == nil {
		return nil, nil // no title holds two of fewer than two words
	}
	clauses = clauses[:min(len(clauses), maxBestWords)]
	acc, _ := titleAccums.Get().(*titleAccum)
	if acc == nil || len(acc.score) != tf.l.docCount() {
		n := tf.l.docCount()
		acc = &titleAccum{score: make([]float32, n), held: make([]uint8, n), words: make([]uint32, n)}
	}
	defer titleAccums.Put(acc)
	lists := make([]*titlePostings, len(clauses))
	order := make([]int, len(clauses))
	for i, c := range clauses {
		p, err := tf.postings(ctx, c.tok)
		if err != nil {
			return nil, err
		}
		lists[i], order[i] = p, i
	}
	// The longest list goes last: a title holding only its word holds
	// one word, so it only adds to the titles the others touched.
	slices.SortFunc(order, func(a, b int) int { return len(lists[a].docs) - len(lists[b].docs) })
	touched := acc.touched[:0]
	walk := order[:len(order)-1]
	if len(order) == 1 {
		// One title word: its titles need a heading holding another.
		walk = order
	}
	for _, i := range walk {
		p, w := lists[i], clauses[i].weight
		for j, d := range p.docs {
			if int(d) >= len(acc.held) || acc.held[d] == math.MaxUint8 {
				continue
			}
			if acc.held[d] == 0 {
				touched = append(touched, d)
			}
			acc.held[d]++
			acc.words[d] |= 1 << i
			acc.score[d] += float32(w * p.sat[j])
		}
	}
	if len(order) > 1 {
		last := order[len(order)-1]
		addTouched(acc, touched, lists[last], clauses[last].weight, last)
	}
	if heads.held != nil {
		// A word the row's heading holds counts as held when its title
		// does not hold it: "06.HEALTH" under "Consumer Price Index
		// (2003=100)" holds "health", "consumer" and "price".
		for _, d := range touched {
			if int(d) >= len(heads.docHead) || heads.docHead[d] < 0 {
				continue
			}
			hw := heads.held[heads.docHead[d]]
			if hw.words == 0 {
				continue
			}
			acc.score[d] += hw.score
			acc.held[d] = uint8(min(math.MaxUint8, int(acc.held[d])+bits.OnesCount32(hw.words&^acc.words[d])))
		}
	}
	best := bestRows{k: k}
	for _, d := range touched {
		if acc.held[d] >= 2 {
			best.offer(rowScore{int32(d), float64(acc.score[d])})
		}
		acc.held[d], acc.score[d], acc.words[d] = 0, 0, 0
	}
	acc.touched = touched[:0]
	kept := best.keep()
	out := make([]uint32, len(kept))
	for i, r := range kept {
		out[i] = uint32(r.row)
	}
	slices.Sort(out)
	return out, nil
}

// addTouched adds list p, of weight w, to the documents already touched:
// by galloping through p from each of them in order when they are few
// beside it, else by walking p.
func addTouched(acc *titleAccum, touched []uint32, p *titlePostings, w float64, word int) {
	if len(touched)*gallopRatio < len(p.docs) {
		sorted := append(acc.sorted[:0], touched...)
		slices.Sort(sorted)
		acc.sorted = sorted
		at := 0
		for _, d := range sorted {
			at = seek(p.docs, at, d)
			if at == len(p.docs) {
				return
			}
			if p.docs[at] == d && acc.held[d] < math.MaxUint8 {
				acc.held[d]++
				acc.words[d] |= 1 << word
				acc.score[d] += float32(w * p.sat[at])
			}
		}
		return
	}
	for j, d := range p.docs {
		if int(d) < len(acc.held) && acc.held[d] > 0 && acc.held[d] < math.MaxUint8 {
			acc.held[d]++
			acc.words[d] |= 1 << word
			acc.score[d] += float32(w * p.sat[j])
		}
	}
}

// gallopRatio is how many times longer than the touched documents a list
// must be to be galloped through rather than walked.
const gallopRatio = 8

// titleAccum sums scores per document for bestTitles: dense arrays over
// the index's documents (9 bytes each, 3.4 MB at 374,000), cleared
// through the list of documents touched, reused across queries.
type titleAccum struct {
	score   []float32
	held    []uint8
	words   []uint32 // which clauses' words the title holds (bits)
	touched []uint32
	sorted  []uint32 // touched, sorted (addTouched)
}

var titleAccums sync.Pool

// titleDocs returns the documents whose titles hold every token, or,
// with least = len(toks)-1, all but any one of them.
func (tf *fieldPostings) titleDocs(ctx context.Context, toks []string, least int) ([]uint32, error) {
	lists := make([][]uint32, 0, len(toks))
	for _, t := range toks {
		p, err := tf.postings(ctx, t)
		if err != nil {
			return nil, err
		}
		lists = append(lists, p.docs)
	}
	if least >= len(lists) {
		return intersect(lists), nil
	}
	if least != len(lists)-1 {
		return nil, fmt.Errorf("search: titles holding %d of %d words: only all or all but one", least, len(lists))
	}
	// All but any one: the union of the intersections leaving out each.
	var parts [][]uint32
	for skip := range lists {
		rest := make([][]uint32, 0, len(lists)-1)
		for i, l := range lists {
			if i != skip {
				rest = append(rest, l)
			}
		}
		parts = append(parts, intersect(rest))
	}
	return unionDocs(parts), nil
}

// intersect returns the documents in every list, ascending: the shortest
// list's documents looked up in the others by galloping search.
func intersect(lists [][]uint32) []uint32 {
	if len(lists) == 0 {
		return nil
	}
	lists = slices.Clone(lists)
	slices.SortFunc(lists, func(a, b []uint32) int { return len(a) - len(b) })
	out := slices.Clone(lists[0])
	for _, l := range lists[1:] {
		kept := out[:0]
		j := 0
		for _, d := range out {
			j = seek(l, j, d)
			if j == len(l) {
				break
			}
			if l[j] == d {
				kept = append(kept, d)
			}
		}
		out = kept
	}
	return out
}

// seek returns the first index at or after from whose document is at
// least d, galloping then bisecting.
func seek(l []uint32, from int, d uint32) int {
	if from >= len(l) || l[from] >= d {
		return from
	}
	step := 1
	for from+step < len(l) && l[from+step] < d {
		from += step
		step *= 2
	}
	lo, hi := from+1, min(from+step, len(l))
	for lo < hi {
		m := (lo + hi) / 2
		if l[m] < d {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// unionDocs merges ascending document lists into one without repeats.
func unionDocs(lists [][]uint32) []uint32 {
	var out []uint32
	for _, l := range lists {
		out = append(out, l...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// docListQuery matches the documents of a list (ascending), unscored.
type docListQuery struct{ docs []uint32 }

func (q *docListQuery) Searcher(context.Context, index.IndexReader, mapping.IndexMapping, bsearch.SearcherOptions) (bsearch.Searcher, error) {
	return &docListSearcher{docs: q.docs}, nil
}

type docListSearcher struct {
	docs []uint32
	at   int
}

func (s *docListSearcher) Next(ctx *bsearch.SearchContext) (*bsearch.DocumentMatch, error) {
	if s.at >= len(s.docs) {
		return nil, nil
	}
	dm := ctx.DocumentMatchPool.Get()
	dm.IndexInternalID = index.NewIndexInternalID(dm.IndexInternalID, uint64(s.docs[s.at]))
	dm.Score = 0
	s.at++
	return dm, nil
}

func (s *docListSearcher) Advance(ctx *bsearch.SearchContext, id index.IndexInternalID) (*bsearch.DocumentMatch, error) {
	target := id.Value()
	rest := s.docs[s.at:]
	s.at += sort.Search(len(rest), func(i int) bool { return uint64(rest[i]) >= target })
	return s.Next(ctx)
}

func (s *docListSearcher) Close() error               { return nil }
func (s *docListSearcher) Weight() float64            { return 0 }
func (s *docListSearcher) SetQueryNorm(float64)       {}
func (s *docListSearcher) Count() uint64              { return uint64(len(s.docs)) }
func (s *docListSearcher) Min() int                   { return 0 }
func (s *docListSearcher) Size() int                  { return 64 }
func (s *docListSearcher) DocumentMatchPoolSize() int { return 1 }

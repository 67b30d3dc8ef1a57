package search

import (
	"context"
	"fmt"
	"slices"
	"sort"

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
	docs     docListQuery
}

// extraDocs returns, ascending, the documents of x's titles, merged from
// the in-memory title postings.
func (tf *titleField) extraDocs(ctx context.Context, x *extraCandidates) ([]uint32, error) {
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
	return unionDocs(lists), nil
}

// titleDocs returns the documents whose titles hold every token, or,
// with least = len(toks)-1, all but any one of them.
func (tf *titleField) titleDocs(ctx context.Context, toks []string, least int) ([]uint32, error) {
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

package search

import (
	"context"

	"github.com/blevesearch/bleve/v2/mapping"
	bsearch "github.com/blevesearch/bleve/v2/search"
	bquery "github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// Candidates from common words together.
//
// The text query requires a rare clause (textQuery): a document that
// matches only common words is never visited. That is safe while the
// common words' summed weight stays under a rare word's, and false when
// a query holds many common words together: "consumer price index for
// all urban consumers" names 4,600 FRED rows whose every word is common
// at 365,000 rows, and none of them holds the rare word "inflation" the
// same query asked for. The common words together are rare, though:
// the titles holding them (and the titles holding a synonym expansion
// whole) are intersections of in-memory posting lists (doclist.go), a
// cheap candidate source. unionQuery adds such candidates to the
// required part without changing anyone's score: a document only the
// extra part matches enters with score 0 there and is scored by the
// common clauses alone, as bleve would score a document that matched no
// rare clause; a disjunction would instead change every document's
// coordination factor.

// unionQuery matches what main or extra matches, scored by main alone.
type unionQuery struct{ main, extra bquery.Query }

func (u unionQuery) Searcher(ctx context.Context, r index.IndexReader, m mapping.IndexMapping, o bsearch.SearcherOptions) (bsearch.Searcher, error) {
	ms, err := u.main.Searcher(ctx, r, m, o)
	if err != nil {
		return nil, err
	}
	es, err := u.extra.Searcher(ctx, r, m, o)
	if err != nil {
		_ = ms.Close()
		return nil, err
	}
	return &unionSearcher{main: ms, extra: es}, nil
}

// unionSearcher walks its two searchers in document order.
type unionSearcher struct {
	main, extra      bsearch.Searcher
	curMain, curXtra *bsearch.DocumentMatch
	started          bool
}

func (s *unionSearcher) Next(ctx *bsearch.SearchContext) (*bsearch.DocumentMatch, error) {
	if !s.started {
		s.started = true
		var err error
		if s.curMain, err = s.main.Next(ctx); err != nil {
			return nil, err
		}
		if s.curXtra, err = s.extra.Next(ctx); err != nil {
			return nil, err
		}
	}
	return s.pick(ctx)
}

func (s *unionSearcher) Advance(ctx *bsearch.SearchContext, id index.IndexInternalID) (*bsearch.DocumentMatch, error) {
	var err error
	if !s.started {
		s.started = true
		if s.curMain, err = s.main.Advance(ctx, id); err != nil {
			return nil, err
		}
		if s.curXtra, err = s.extra.Advance(ctx, id); err != nil {
			return nil, err
		}
		return s.pick(ctx)
	}
	if s.curMain != nil && s.curMain.IndexInternalID.Compare(id) < 0 {
		ctx.DocumentMatchPool.Put(s.curMain)
		if s.curMain, err = s.main.Advance(ctx, id); err != nil {
			return nil, err
		}
	}
	if s.curXtra != nil && s.curXtra.IndexInternalID.Compare(id) < 0 {
		ctx.DocumentMatchPool.Put(s.curXtra)
		if s.curXtra, err = s.extra.Advance(ctx, id); err != nil {
			return nil, err
		}
	}
	return s.pick(ctx)
}

// pick returns the lower of the two current matches (main's when both
// stand on one document) and moves past it.
func (s *unionSearcher) pick(ctx *bsearch.SearchContext) (*bsearch.DocumentMatch, error) {
	m, x := s.curMain, s.curXtra
	var err error
	switch {
	case m == nil && x == nil:
		return nil, nil
	case x == nil || (m != nil && m.IndexInternalID.Compare(x.IndexInternalID) <= 0):
		if x != nil && m.IndexInternalID.Equals(x.IndexInternalID) {
			ctx.DocumentMatchPool.Put(x)
			if s.curXtra, err = s.extra.Next(ctx); err != nil {
				return nil, err
			}
		}
		s.curMain, err = s.main.Next(ctx)
		return m, err
	default:
		s.curXtra, err = s.extra.Next(ctx)
		x.Score = 0
		x.Expl = nil
		x.FieldTermLocations = x.FieldTermLocations[:0]
		return x, err
	}
}

func (s *unionSearcher) Close() error {
	err := s.main.Close()
	if e := s.extra.Close(); err == nil {
		err = e
	}
	return err
}

func (s *unionSearcher) Weight() float64 { return s.main.Weight() }

func (s *unionSearcher) SetQueryNorm(n float64) {
	s.main.SetQueryNorm(n)
	s.extra.SetQueryNorm(n)
}

func (s *unionSearcher) Count() uint64 { return s.main.Count() + s.extra.Count() }

func (s *unionSearcher) Min() int { return 0 }

func (s *unionSearcher) Size() int { return s.main.Size() + s.extra.Size() }

func (s *unionSearcher) DocumentMatchPoolSize() int {
	return s.main.DocumentMatchPoolSize() + s.extra.DocumentMatchPoolSize() + 2
}

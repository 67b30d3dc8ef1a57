package search

import (
	"context"
	"math"

	"github.com/blevesearch/bleve/v2/mapping"
	bsearch "github.com/blevesearch/bleve/v2/search"
	bquery "github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// Counting the common clauses a document matched.
//
// bleve's disjunction multiplies a document's summed clause scores by the
// share of its clauses the document matched (its coordination factor).
// When the heading-field clauses of common words are scored per heading
// in memory (headfield.go), the index's disjunction of common clauses no
// longer holds them, so its factor is wrong for them and for the rest:
// to put back the score the whole disjunction would have given, a match
// must say how many of the common clauses it matched and what they
// summed to. Each common clause is wrapped so that every match it
// contributes carries a mark with the clause's score; bleve's scorers
// gather the marks of all the clauses a document matched into the
// document's match (as they gather term locations), where runRange
// reads them.

// coordMarkField names the marks among a match's term locations; no
// index field has this name.
const coordMarkField = "\x00coord"

// countedQuery is a common clause whose matches carry a mark.
type countedQuery struct{ q bquery.Query }

func (c countedQuery) Searcher(ctx context.Context, r index.IndexReader, m mapping.IndexMapping, o bsearch.SearcherOptions) (bsearch.Searcher, error) {
	s, err := c.q.Searcher(ctx, r, m, o)
	if err != nil {
		return nil, err
	}
	return &countedSearcher{s}, nil
}

// countedSearcher marks each match of the searcher it wraps.
type countedSearcher struct{ bsearch.Searcher }

func (s *countedSearcher) Next(ctx *bsearch.SearchContext) (*bsearch.DocumentMatch, error) {
	dm, err := s.Searcher.Next(ctx)
	return mark(dm), err
}

func (s *countedSearcher) Advance(ctx *bsearch.SearchContext, id index.IndexInternalID) (*bsearch.DocumentMatch, error) {
	dm, err := s.Searcher.Advance(ctx, id)
	return mark(dm), err
}

func mark(dm *bsearch.DocumentMatch) *bsearch.DocumentMatch {
	if dm != nil {
		dm.FieldTermLocations = append(dm.FieldTermLocations, bsearch.FieldTermLocation{
			Field:    coordMarkField,
			Location: bsearch.Location{Pos: math.Float64bits(dm.Score)},
		})
	}
	return dm
}

// commonMatched returns how many marked clauses a match holds and the
// sum of their scores (as bleve scored them, normalised).
func commonMatched(dm *bsearch.DocumentMatch) (n int32, sum float64) {
	for i := range dm.FieldTermLocations {
		if l := &dm.FieldTermLocations[i]; l.Field == coordMarkField {
			n++
			sum += math.Float64frombits(l.Location.Pos)
		}
	}
	return n, sum
}

// headShare is a heading's score over some in-memory heading clauses,
// before coordination, and how many of them it matched.
type headShare struct {
	score   float64
	matched int32
}

// coordScore is a document's unnormalised text score as the index query
// scored it before common heading clauses left it: m holds the index's
// normalised scores (scale undoes the normalisation), with the nc common
// clauses the index ran; near is the document's heading over the nn
// heading clauses that were among the index's common clauses, far over
// the nf that were scored apart, each taking the share of all clauses
// its heading matched (the discount they always had).
func coordScore(m match, scale float64, nc, nn, nf int, near, far headShare) float64 {
	s := scale * m.score
	if nn == 0 && nf == 0 {
		return s
	}
	common := scale * m.commonScore
	if nc > 0 && m.common > 0 {
		s -= common * float64(m.common) / float64(nc)
	}
	if matched := m.common + near.matched; matched > 0 {
		s += (common + near.score) * float64(matched) / float64(nc+nn)
	}
	if far.matched > 0 {
		s += far.score * float64(far.matched) / float64(nc+nn+nf)
	}
	return s
}

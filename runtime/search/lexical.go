package search

import (
	"context"
	"fmt"
	"strings"

	"github.com/blevesearch/bleve/v2"
	bquery "github.com/blevesearch/bleve/v2/search/query"

	"github.com/sextant-dev/sextant/internal/textindex"
	"github.com/sextant-dev/sextant/runtime/query"
)

// Field weights of the fielded BM25 query: a word in a row's own title
// says more than the same word in its heading path or its unit.
const (
	boostTitle   = 1.0
	boostAlt     = 0.6
	boostHeading = 0.5
	boostUnit    = 0.3
)

// Query bounds: a pasted paragraph must not turn into a query of
// thousands of clauses.
const (
	maxQueryRunes  = 1000
	maxTerms       = 24
	maxExpansions  = 16
	lexicalDepth   = 1000 // rows kept from the text index per query
	headingDepth   = 64   // heading documents kept per query
	unfilteredOver = 4    // extra depth when filters cannot be pushed into the index
)

// lexicalHits is what the text index returned for one query.
type lexicalHits struct {
	rows     map[int32]float64 // catalog row index → BM25
	heads    map[int32]float64 // heading index → BM25
	maxRow   float64
	maxHead  float64
	total    uint64 // rows and headings matching any clause
	rowOrder []int32
	headRank []int32 // headings best first
}

// weightedTerm is a query word with how much it counts.
type weightedTerm struct {
	text   string
	weight float64
}

// queryTerms returns the words the BM25 query asks for: topic words at
// full weight, words that only named a country, frequency, seasonal
// adjustment or source at facetWeight (metadata boosts judge those).
func queryTerms(u query.Understanding, facetWeight float64) []weightedTerm {
	topic := map[string]bool{}
	for _, t := range u.TopicTerms {
		topic[t] = true
	}
	seen := map[string]int{}
	var out []weightedTerm
	for _, t := range u.Terms {
		w := facetWeight
		if topic[t] {
			w = 1
		}
		if i, ok := seen[t]; ok {
			out[i].weight = max(out[i].weight, w)
			continue
		}
		if len(out) == maxTerms {
			break
		}
		seen[t] = len(out)
		out = append(out, weightedTerm{t, w})
	}
	for _, id := range u.IDs {
		if len(out) == maxTerms {
			break
		}
		if _, ok := seen[id]; !ok {
			seen[id] = len(out)
			out = append(out, weightedTerm{id, 1})
		}
	}
	return out
}

// textQuery builds the disjunction: every query word against the title,
// alt, heading and unit fields with their weights, and every expansion's
// words (all of them, in one field) at the expansion's weight times
// synonymWeight. No clause is required: a row matching some words ranks
// below one matching more, through BM25 and the disjunction's coordination
// factor, but still ranks.
func textQuery(terms []weightedTerm, exps []query.Expansion, synonymWeight float64) bquery.Query {
	var clauses []bquery.Query
	add := func(text, field string, op bquery.MatchQueryOperator, boost float64) {
		m := bleve.NewMatchQuery(text)
		m.SetField(field)
		m.Analyzer = textindex.AnalyzerName
		m.Operator = op
		m.SetBoost(boost)
		clauses = append(clauses, m)
	}
	fields := []struct {
		name  string
		boost float64
	}{
		{textindex.FieldTitle, boostTitle},
		{textindex.FieldAlt, boostAlt},
		{textindex.FieldHeading, boostHeading},
		{textindex.FieldUnit, boostUnit},
	}
	for _, t := range terms {
		for _, f := range fields {
			add(t.text, f.name, bquery.MatchQueryOperatorOr, t.weight*f.boost)
		}
	}
	if synonymWeight > 0 {
		for i, e := range exps {
			if i == maxExpansions {
				break
			}
			if len(e.Terms) == 0 {
				continue
			}
			text := strings.Join(e.Terms, " ")
			for _, f := range fields[:3] {
				add(text, f.name, bquery.MatchQueryOperatorAnd, e.Weight*synonymWeight*f.boost)
			}
		}
	}
	if len(clauses) == 0 {
		return nil
	}
	return bleve.NewDisjunctionQuery(clauses...)
}

// indexFilter expresses the source, frequency and country filters as
// index terms (keyword fields), or nil when there are none.
func indexFilter(f filter) bquery.Query {
	var must []bquery.Query
	if len(f.sources) > 0 {
		var any []bquery.Query
		for _, s := range f.sources {
			t := bleve.NewTermQuery(s)
			t.SetField(textindex.FieldSource)
			any = append(any, t)
		}
		must = append(must, bleve.NewDisjunctionQuery(any...))
	}
	for _, kv := range [][2]string{{textindex.FieldFrequency, f.frequency}, {textindex.FieldCountry, f.country}} {
		if kv[1] == "" {
			continue
		}
		t := bleve.NewTermQuery(kv[1])
		t.SetField(kv[0])
		must = append(must, t)
	}
	if len(must) == 0 {
		return nil
	}
	return bleve.NewConjunctionQuery(must...)
}

// searchText runs the text query for rows (with the index-side filters
// when the index carries them) and for heading documents.
func (e *Engine) searchText(ctx context.Context, q bquery.Query, f filter, wantRows, wantHeads bool) (lexicalHits, error) {
	hits := lexicalHits{rows: map[int32]float64{}, heads: map[int32]float64{}}
	if q == nil || e.text == nil {
		return hits, nil
	}
	if wantRows {
		rq, depth := q, lexicalDepth
		if fq := indexFilter(f); fq != nil {
			if e.indexFilters {
				rq = bleve.NewConjunctionQuery(q, fq)
			} else {
				depth = lexicalDepth * unfilteredOver
			}
		}
		if !f.onlyIndexed() {
			depth = lexicalDepth * unfilteredOver
		}
		res, err := e.text.SearchInContext(ctx, bleve.NewSearchRequestOptions(rq, depth, 0, false))
		if err != nil {
			return hits, fmt.Errorf("search: text index: %w", err)
		}
		hits.total = res.Total
		for _, h := range res.Hits {
			i, ok := e.cat.Index(h.ID)
			if !ok {
				continue // a heading document
			}
			if _, dup := hits.rows[int32(i)]; dup {
				continue
			}
			hits.rows[int32(i)] = h.Score
			hits.rowOrder = append(hits.rowOrder, int32(i))
			hits.maxRow = max(hits.maxRow, h.Score)
		}
	}
	if wantHeads {
		kind := bleve.NewTermQuery(textindex.KindHeading)
		kind.SetField(textindex.FieldKind)
		res, err := e.text.SearchInContext(ctx, bleve.NewSearchRequestOptions(bleve.NewConjunctionQuery(q, kind), headingDepth, 0, false))
		if err != nil {
			return hits, fmt.Errorf("search: text index: %w", err)
		}
		for _, h := range res.Hits {
			id, ok := strings.CutPrefix(h.ID, "h:")
			if !ok {
				continue
			}
			hi, ok := e.cat.HeadingIndex(id)
			if !ok {
				continue
			}
			hits.heads[int32(hi)] = h.Score
			hits.headRank = append(hits.headRank, int32(hi))
			hits.maxHead = max(hits.maxHead, h.Score)
		}
	}
	return hits, nil
}

// probeIndexFilters checks that the index's keyword fields hold the
// catalog's source, frequency and country codes, by asking for one row
// with its own values. When they do not, filters are applied after the
// search only (over a deeper result list).
func (e *Engine) probeIndexFilters(ctx context.Context) bool {
	if e.text == nil {
		return false
	}
	for i := range e.cat.Rows {
		r := &e.cat.Rows[i]
		if r.Source == "" || r.Frequency == "" || r.Country == "" {
			continue
		}
		fq := indexFilter(filter{sources: []string{r.Source}, frequency: r.Frequency, country: r.Country})
		q := bleve.NewConjunctionQuery(bleve.NewDocIDQuery([]string{r.ID}), fq)
		res, err := e.text.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, 1, 0, false))
		return err == nil && res.Total == 1
	}
	// No row has all three: check source alone on the first row.
	if len(e.cat.Rows) == 0 {
		return false
	}
	r := &e.cat.Rows[0]
	q := bleve.NewConjunctionQuery(bleve.NewDocIDQuery([]string{r.ID}), indexFilter(filter{sources: []string{r.Source}}))
	res, err := e.text.SearchInContext(ctx, bleve.NewSearchRequestOptions(q, 1, 0, false))
	return err == nil && res.Total == 1
}

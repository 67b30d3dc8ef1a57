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

// clause is one weighted match of the text query with the number of
// documents its rarest word occurs in (its field), which decides whether
// the clause may bring candidates or only add to their scores.
type clause struct {
	q  bquery.Query
	df uint64
}

// textQuery builds the text query: every query word against the title,
// alt, heading and unit fields with their weights, and every expansion's
// words (all of them, in one field) at the expansion's weight times
// synonymWeight. No word is required.
//
// Clauses whose word occurs in more than commonDF documents ("rate",
// "index", "us" at 358,000 rows) do not bring candidates on their own:
// they go in the optional part of a boolean query whose required part is
// the disjunction of the other clauses, so the index visits their long
// posting lists only at documents the rarer words already matched (a
// static form of MaxScore pruning: a document matching only common words
// could not reach the top anyway, as their IDF is low). A query of common
// words only requires its rarest word.
func (e *Engine) textQuery(ctx context.Context, terms []weightedTerm, exps []query.Expansion, synonymWeight float64) (bquery.Query, error) {
	df, closeReader, err := e.docFreq()
	if err != nil {
		return nil, err
	}
	defer closeReader()
	var clauses []clause
	add := func(text, field string, op bquery.MatchQueryOperator, boost float64) {
		n, ok := df(text, field, op == bquery.MatchQueryOperatorAnd)
		if !ok {
			return // no document has the words in this field
		}
		m := bleve.NewMatchQuery(text)
		m.SetField(field)
		m.Analyzer = textindex.AnalyzerName
		m.Operator = op
		m.SetBoost(boost)
		clauses = append(clauses, clause{m, n})
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
		for i, x := range exps {
			if i == maxExpansions {
				break
			}
			if len(x.Terms) == 0 {
				continue
			}
			text := strings.Join(x.Terms, " ")
			for _, f := range fields[:3] {
				add(text, f.name, bquery.MatchQueryOperatorAnd, x.Weight*synonymWeight*f.boost)
			}
		}
	}
	if len(clauses) == 0 {
		return nil, nil
	}
	limit := e.commonDF()
	var rare, common []bquery.Query
	rarest := 0
	for i, c := range clauses {
		if c.df < clauses[rarest].df {
			rarest = i
		}
	}
	for i, c := range clauses {
		if c.df <= limit || i == rarest {
			rare = append(rare, c.q)
		} else {
			common = append(common, c.q)
		}
	}
	if len(common) == 0 {
		return bleve.NewDisjunctionQuery(rare...), nil
	}
	b := bleve.NewBooleanQuery()
	b.AddMust(bleve.NewDisjunctionQuery(rare...))
	b.AddShould(bleve.NewDisjunctionQuery(common...))
	b.SetMinShould(0)
	return b, nil
}

// commonDFFraction is the share of the catalog above which a word is
// common (1 %: 3,650 rows at 365,000, 628 at 62,800), with a floor so
// small catalogs never prune.
const (
	commonDFFraction = 0.01
	commonDFFloor    = 500
)

func (e *Engine) commonDF() uint64 {
	return uint64(max(commonDFFloor, int(commonDFFraction*float64(len(e.cat.Rows)))))
}

// docFreq returns a function giving, for a text in a field, the document
// count of its rarest analysed word (all: every word must occur; any:
// the sum over words), and false when no document matches.
func (e *Engine) docFreq() (func(text, field string, all bool) (uint64, bool), func(), error) {
	ai, err := e.text.Advanced()
	if err != nil {
		return nil, nil, fmt.Errorf("search: text index: %w", err)
	}
	r, err := ai.Reader()
	if err != nil {
		return nil, nil, fmt.Errorf("search: text index: %w", err)
	}
	an := e.text.Mapping().AnalyzerNamed(textindex.AnalyzerName)
	count := func(tok []byte, field string) uint64 {
		tfr, err := r.TermFieldReader(context.Background(), tok, field, false, false, false)
		if err != nil {
			return 0
		}
		n := tfr.Count()
		tfr.Close()
		return n
	}
	f := func(text, field string, all bool) (uint64, bool) {
		toks := an.Analyze([]byte(text))
		if len(toks) == 0 {
			return 0, false
		}
		var sum, least uint64
		for i, t := range toks {
			n := count(t.Term, field)
			if all && n == 0 {
				return 0, false
			}
			sum += n
			if i == 0 || n < least {
				least = n
			}
		}
		if all {
			return least, true
		}
		return sum, sum > 0
	}
	return f, func() { r.Close() }, nil
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
			t.SetBoost(0) // filters select, they do not score
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
		t.SetBoost(0)
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

// scopedDepth is how many rows a scoped search (one named source or
// country) adds to the candidates.
const scopedDepth = 250

// addScoped runs the text query again within each scope (the request's
// filter narrowed to one source or country the query names) and adds the
// rows found: a source or country the query asks for can be crowded out
// of the unscoped result list by a large family of look-alike rows from
// elsewhere (thousands of FRED house price indices for one Eurostat
// dataset). Scores are the same query's BM25, so they mix with the
// unscoped hits.
func (e *Engine) addScoped(ctx context.Context, q bquery.Query, scopes []filter, hits *lexicalHits) error {
	if q == nil || e.text == nil || !e.indexFilters {
		return nil
	}
	for _, f := range scopes {
		rq := bleve.NewConjunctionQuery(q, indexFilter(f))
		res, err := e.text.SearchInContext(ctx, bleve.NewSearchRequestOptions(rq, scopedDepth, 0, false))
		if err != nil {
			return fmt.Errorf("search: text index: %w", err)
		}
		for _, h := range res.Hits {
			i, ok := e.cat.Index(h.ID)
			if !ok {
				continue
			}
			if _, dup := hits.rows[int32(i)]; dup {
				continue
			}
			hits.rows[int32(i)] = h.Score
			hits.rowOrder = append(hits.rowOrder, int32(i))
			hits.maxRow = max(hits.maxRow, h.Score)
		}
	}
	return nil
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

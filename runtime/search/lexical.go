package search

import (
	"cmp"
	"context"
	"math"
	"slices"
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
	maxQueryRunes = 1000
	maxTerms      = 24
	maxExpansions = 16
	lexicalDepth  = 1000 // best rows of the text query kept as candidates
	// perHeadingDepth caps the rows one heading may place among the
	// lexicalDepth best: a family of look-alike rows (3,000 county
	// unemployment rates, one per county) must not fill the list and
	// push out the one national row whose heading words differ. The best
	// lexicalDepth·headingPoolFactor rows are ranked, then capped.
	perHeadingDepth   = 64
	headingPoolFactor = 4
	headingDepth      = 64 // best heading documents kept per query
)

// lexicalHits is what the text index returned for one query.
type lexicalHits struct {
	rows     map[int32]float64 // catalog row index → BM25
	heads    map[int32]float64 // heading index → BM25
	maxRow   float64
	maxHead  float64
	total    uint64 // rows and headings matching any clause
	rowOrder []int32
	headRank []int32       // headings best first
	all      *rowScores    // every matched row's score (release when done)
	words    [][]memClause // the query's clauses by word (textQuery.words)
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

// clause is one weighted part of the text query with the number of
// documents its rarest word occurs in (its field), which decides whether
// the clause may bring candidates or only add to their scores.
type clause struct {
	q     bquery.Query
	df    uint64
	sq    float64      // bleve's squared weight of its terms
	hc    *headClause  // the clause against the heading field, else nil
	tm    *titleClause // the clause of one token against the title field, else nil
	topic bool         // the clause of a topic word (not a facet word or an expansion)
	mem   memClause    // the clause as the in-memory text pass scores it (textmem.go)
}

// textQuery builds the text query from term queries on words analysed
// once here (bleve's match queries would analyse them again per field):
// every query word against the title, alt, heading and unit fields with
// their weights, and every expansion (all its words, in one field) at the
// expansion's weight times synonymWeight. No word is required.
//
// Clauses whose word occurs in more than commonDF documents ("rate",
// "index", "us" at 358,000 rows) do not bring candidates on their own:
// they go in the optional part of a boolean query whose required part is
// the disjunction of the other clauses, so the index visits their long
// posting lists only at documents the rarer words already matched (a
// static form of MaxScore pruning: a document matching only common words
// could not reach the top anyway, as their IDF is low). A query of common
// words only requires its rarest clause.
// textQuery is a query's text search: the part the index runs, how much
// bleve's query normalisation scaled its scores (scale·score undoes it),
// and the clauses against the heading field, scored in memory.
type textQuery struct {
	q       bquery.Query
	scale   float64
	clauses int // common clauses the index runs
	// The common heading-field clauses, scored per heading in memory:
	// near ones count with the index's common clauses in bleve's
	// coordination factor, far ones (words in more than
	// headingInMemoryDF·commonDF documents) count apart.
	near, far []headClause
	// The common title-field clauses, scored per document in memory;
	// they count with the index's common clauses like near ones.
	title []titleClause
	// extra are the titles that bring candidates besides the rare
	// clauses (union.go), nil when none.
	extra *extraCandidates
	// mem is q as the in-memory text pass runs it (textmem.go).
	mem memQuery
	// words are the clauses of each query word and of each expansion,
	// one list per word over every field it was asked in: what the
	// keyword score's field dis-max reads (dismax.go).
	words [][]memClause
}

func (e *Engine) textQuery(ctx context.Context, terms []weightedTerm, exps []query.Expansion, synonymWeight float64) textQuery {
	l := e.lex
	fields := []struct {
		name  string
		boost float64
	}{
		{textindex.FieldTitle, boostTitle},
		{textindex.FieldAlt, boostAlt},
		{textindex.FieldHeading, boostHeading},
		{textindex.FieldUnit, boostUnit},
	}
	df := map[[2]string]uint64{}
	freq := func(tok, field string) uint64 {
		k := [2]string{tok, field}
		n, ok := df[k]
		if !ok {
			n = l.docFreq(ctx, tok, field)
			df[k] = n
		}
		return n
	}
	var clauses []clause
	var tq textQuery
	var word []memClause // the clauses of the word being added
	// add adds the clause for toks in one field: any of them (a query
	// word analysed into several tokens) or, with all, every one.
	add := func(toks []string, field string, all bool, boost float64, topic bool) {
		var qs []bquery.Query
		var sq float64
		var sum, least uint64
		mc := memClause{field: field, all: all, boost: boost}
		for i, t := range toks {
			n := freq(t, field)
			if n == 0 {
				if all {
					return // no document has every word in this field
				}
				continue
			}
			sum += n
			if i == 0 || n < least {
				least = n
			}
			term := bleve.NewTermQuery(t)
			term.SetField(field)
			term.SetBoost(boost)
			qs = append(qs, term)
			w := boost * l.idf(n)
			sq += w * w
			mc.toks = append(mc.toks, t)
			mc.idf2 = append(mc.idf2, l.idf(n)*l.idf(n))
		}
		if len(mc.toks) > 0 && (!all || len(mc.toks) == len(toks)) {
			word = append(word, mc)
		}
		var hc *headClause
		if field == textindex.FieldHeading && e.headField != nil {
			hc = &headClause{toks: toks, all: all, boost: boost}
		}
		var tm *titleClause
		if field == textindex.FieldTitle && len(qs) == 1 {
			idf := l.idf(sum)
			tm = &titleClause{tok: qs[0].(*bquery.TermQuery).Term, weight: boost * idf * idf}
		}
		switch {
		case len(qs) == 0:
			return
		case len(qs) == 1:
			clauses = append(clauses, clause{qs[0], sum, sq, hc, tm, topic, mc})
		case all:
			c := bleve.NewConjunctionQuery(qs...)
			c.SetBoost(boost)
			clauses = append(clauses, clause{c, least, sq, hc, nil, topic, mc})
		default:
			d := bleve.NewDisjunctionQuery(qs...)
			d.SetBoost(boost)
			clauses = append(clauses, clause{d, sum, sq, hc, nil, topic, mc})
		}
	}
	voc := e.parser.Vocabulary()
	endWord := func() {
		if len(word) > 0 {
			tq.words = append(tq.words, word)
		}
		word = nil
	}
	for _, t := range terms {
		toks := l.tokens(t.text)
		// A label spelled another way ("Labour", "Cheques": the index
		// holds labels as written) is a clause of its own, at the word's
		// weight: one clause of both spellings would halve the score of a
		// label holding one (bleve's coordination). It is not another
		// topic word: common title words that bring candidates together
		// count the word once.
		for _, v := range voc.Variants(t.text) {
			if vt := l.tokens(v); !slices.Equal(vt, toks) {
				for _, f := range fields {
					add(vt, f.name, false, t.weight*f.boost, false)
				}
			}
		}
		// A word joined to its prefix ("nonperforming") matches labels
		// that write it apart ("NON_PERFORMING", "Non-performing"):
		// both parts, in one field.
		if split := voc.Unjoin(t.text); split != "" {
			for _, f := range fields {
				add(l.tokens(split), f.name, true, t.weight*f.boost, false)
			}
		}
		for _, f := range fields {
			add(toks, f.name, false, t.weight*f.boost, t.weight == 1)
		}
		endWord()
	}
	// An expansion is the catalog's wording of what the query said
	// ("jobless rate" → "unemployment rate"): the titles holding it whole
	// bring candidates however common its words are (union.go). Without
	// this, the rare query word ("jobless", in 5 Eurostat titles) is the
	// required clause and "Unemployment Rate" itself is never visited.
	// An expansion whose rarest title word is in more than
	// standInDocs·commonDF titles does not (one common word alone,
	// "unemployed", "price"): its tens of thousands of titles cost
	// latency for nothing (docs/ranking.md).
	var standIns [][]string
	var expanded []expandedWords
	if synonymWeight > 0 {
		share := expansionShares(exps[:min(len(exps), maxExpansions)])
		for i, x := range exps {
			if i == maxExpansions {
				break
			}
			if len(x.Terms) == 0 {
				continue
			}
			toks := l.tokens(strings.Join(x.Terms, " "))
			expanded = append(expanded, expandedWords{from: x.From, toks: toks, weight: x.Weight * synonymWeight})
			for _, f := range fields[:3] {
				add(toks, f.name, true, x.Weight*share[i]*synonymWeight*f.boost, false)
			}
			// The expansion spelled the other way too ("labour force").
			if alt := variantPhrase(voc, x.Terms); alt != "" {
				if at := l.tokens(alt); !slices.Equal(at, toks) {
					for _, f := range fields[:3] {
						add(at, f.name, true, x.Weight*share[i]*synonymWeight*f.boost, false)
					}
				}
			}
			endWord()
			if mayStandIn(toks, func(tok string) uint64 { return freq(tok, textindex.FieldTitle) }, standInDocs*e.commonDocs) {
				standIns = append(standIns, toks)
			}
		}
	}
	if len(clauses) == 0 {
		return tq
	}
	limit := e.commonDocs
	var rare, common []bquery.Query
	rarest := 0
	for i, c := range clauses {
		if c.df < clauses[rarest].df {
			rarest = i
		}
	}
	titleRarest := rarestTitleClause(clauses, limit)
	var sumSq float64 // bleve's sum of squared clause weights
	var commonClauses, together []clause
	for i, c := range clauses {
		if c.tm != nil && c.topic && c.df > limit && i != rarest && i != titleRarest {
			together = append(together, c)
		}
		switch {
		case c.df <= limit || i == rarest || i == titleRarest:
			rare = append(rare, c.q)
			tq.mem.must = append(tq.mem.must, c.mem)
		case c.tm != nil && e.titleInMemory && c.df > limit:
			// A common title word: scored in memory (titlemem.go).
			tq.title = append(tq.title, *c.tm)
			continue
		case c.hc != nil && c.df > e.headingNear:
			// A common word of the heading field: it only adds to rows
			// the rarer words bring, and visiting its long posting list
			// in every row costs more than scoring it once per heading
			// in memory (see headfield.go and coord.go).
			if c.df > e.headingMemDF {
				tq.far = append(tq.far, *c.hc)
			} else {
				tq.near = append(tq.near, *c.hc)
			}
			continue
		default:
			commonClauses = append(commonClauses, c)
		}
		sumSq += c.sq
	}
	for _, c := range commonClauses {
		tq.mem.should = append(tq.mem.should, c.mem)
		if len(tq.near) > 0 || len(tq.title) > 0 {
			// The matches must say which common clauses they matched
			// for the near heading clauses' coordination.
			common = append(common, countedQuery{c.q})
		} else {
			common = append(common, c.q)
		}
	}
	tq.scale = math.Sqrt(sumSq)
	tq.clauses = len(common)
	tq.mem.counted = len(common) > 0 && (len(tq.near) > 0 || len(tq.title) > 0)
	var must bquery.Query = bleve.NewDisjunctionQuery(rare...)
	if len(common) == 0 && len(tq.title) == 0 {
		// Nothing would score the extra candidates.
		tq.q = must
		return tq
	}
	var best []titleClause
	var heads []headWord
	if len(together) > 0 && e.titleMem != nil {
		for _, c := range together {
			best = append(best, *c.tm)
		}
		heads = e.bestHeadWords(together, clauses, expanded)
		if len(together)+len(heads)-len(best) < minBestTitleWords {
			best, heads = nil, nil
		}
	}
	if tokens, least := togetherTokens(together); e.titleMem != nil && (len(standIns) > 0 || len(tokens) > 0 || len(best) > 0) {
		// The titles are read from the in-memory postings when the text
		// pass starts (searchText, doclist.go).
		tq.extra = &extraCandidates{standIns: standIns, together: tokens, least: least, best: best, heads: heads}
		must = unionQuery{main: must, extra: &tq.extra.docs}
	}
	if len(common) == 0 {
		tq.q = must
		return tq
	}
	b := bleve.NewBooleanQuery()
	b.AddMust(must)
	b.AddShould(bleve.NewDisjunctionQuery(common...))
	b.SetMinShould(0)
	tq.q = b
	return tq
}

// expansionShares returns each expansion's share of its phrase's weight:
// the expansions of one phrase together weigh what its heaviest does.
// "inflation" expands to "consumer price", "consumer price index", "cpi"
// and "price index", "CPI" to two of them again: at full weight a title
// "Consumer Price Index" scored each, six clauses for two query words,
// and outranked "07.TRANSPORT" under the CPI heading for "transport
// inflation (CPI transport group)", whose one asked-for word it lacks
// (measurements in docs/ranking.md).
func expansionShares(exps []query.Expansion) []float64 {
	sum, most := map[string]float64{}, map[string]float64{}
	for _, x := range exps {
		sum[x.From] += x.Weight
		most[x.From] = max(most[x.From], x.Weight)
	}
	out := make([]float64, len(exps))
	for i, x := range exps {
		out[i] = most[x.From] / sum[x.From]
	}
	return out
}

// rarestTitleClause returns the clause of the rarest topic word in
// titles when no title clause is rare (every one in more than limit
// titles), else -1. It brings candidates besides the rarest clause of
// any field: that one may be the same word in a field few rows fill
// (alt, unit), and "education" would then bring only the nine rows whose
// alternative labels say it, never the titles that do.
func rarestTitleClause(clauses []clause, limit uint64) int {
	at := -1
	for i, c := range clauses {
		if c.mem.field != textindex.FieldTitle {
			continue
		}
		if c.df <= limit {
			return -1
		}
		if c.tm != nil && c.topic && (at < 0 || c.df < clauses[at].df) {
			at = i
		}
	}
	return at
}

// variantPhrase returns words with each word that has another spelling
// in that spelling ("labor force" → "labour force"), or "" when none has.
func variantPhrase(voc *query.Vocabulary, words []string) string {
	out := make([]string, len(words))
	changed := false
	for i, w := range words {
		out[i] = w
		if vs := voc.Variants(w); len(vs) > 0 {
			out[i], changed = vs[0], true
		}
	}
	if !changed {
		return ""
	}
	return strings.Join(out, " ")
}

// Common title words that together bring candidates (union.go): at least
// minTogether of them, as fewer common words weigh less than one rare
// word and would only add look-alikes (measured: with two or three, 1–2
// of 66 held-out questions fell out of the top 5 while 2 of 40
// development questions came in; with four, none fell out); the
// maxTogether rarest are used, all of them when there are minTogether,
// all but any one when there are more (a label may say "total" where
// the query said "all").
const (
	minTogether = 4
	maxTogether = 5
)

// standInDocs bounds the titles an expansion may bring, in commonDF
// units (3 % of the catalog: 11,000 rows at 365,000).
const standInDocs = 3

// mayStandIn reports whether the titles holding every token may bring
// candidates: every token is in some title and the rarest in at most
// most titles.
func mayStandIn(toks []string, df func(string) uint64, most uint64) bool {
	if len(toks) == 0 {
		return false
	}
	least := uint64(math.MaxUint64)
	for _, t := range toks {
		n := df(t)
		if n == 0 {
			return false
		}
		least = min(least, n)
	}
	return least <= most
}

// togetherTokens returns the title tokens of the maxTogether rarest
// common topic-word clauses and how many of them a title must hold (all
// of minTogether, all but any one of more), or nil when fewer than
// minTogether words are common.
func togetherTokens(clauses []clause) ([]string, int) {
	if len(clauses) < minTogether {
		return nil, 0
	}
	slices.SortStableFunc(clauses, func(a, b clause) int { return cmp.Compare(a.df, b.df) })
	clauses = clauses[:min(len(clauses), maxTogether)]
	toks := make([]string, len(clauses))
	for i, c := range clauses {
		toks[i] = c.tm.tok
	}
	if len(toks) == minTogether {
		return toks, len(toks)
	}
	return toks, len(toks) - 1
}

// commonTitleWordsInMemory says whether common title-field clauses are
// scored in memory (titlemem.go) instead of by the index (Engine.titleInMemory).
const commonTitleWordsInMemory = true

// nearHeadingClausesInMemory says whether heading-field clauses of common
// words under the headingInMemoryDF threshold are scored in memory as
// well, their coordination with the index's common clauses put back
// exactly (coord.go): the scores are bleve's to the last bits (its
// history in docs/ranking.md).
const nearHeadingClausesInMemory = true

// headingInMemoryDF is how many times commonDF documents a heading-field
// clause must match to be scored per heading in memory, apart from the
// index's clauses (10 % of the documents): such a clause takes as its
// coordination share only the clauses its heading matched, not the
// title clauses the row matched, a discount the evaluation figures were
// measured with. Moving every common heading clause so, at 365,000 rows,
// cut hybrid p50 by about 40 % but lost 4 of 40 development questions'
// headings from the top 5, while 10× lost none. Clauses under the
// threshold can be scored in memory without that discount (exactly as
// the index would): see nearHeadingClausesInMemory.
const headingInMemoryDF = 10

// commonDFFraction is the share of the catalog above which a word is
// common (1 %: 3,650 rows at 365,000, 628 at 62,800), with a floor so
// small catalogs never prune.
const (
	commonDFFraction = 0.01
	commonDFFloor    = 500
)

// headingMemoryDF is the document frequency above which a common
// heading-field clause is scored in memory.
func (e *Engine) headingMemoryDF() uint64 { return headingInMemoryDF * e.commonDF() }

func (e *Engine) commonDF() uint64 {
	return uint64(max(commonDFFloor, int(commonDFFraction*float64(e.cat.Len()))))
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

// searchText runs the text query once and keeps, from every row it
// matches that passes the filter (checked here on the pass in memory;
// on the index's own pass, pushed into the index when it carries the
// filter fields), the best lexicalDepth
// rows and the best scopedDepth rows of each scope (the request's filter
// narrowed to one source or country the query names: such a source or
// country can be crowded out of the overall best by a large family of
// look-alike rows from elsewhere, thousands of FRED house price indices
// for one Eurostat dataset). Heading documents it matches are kept too
// when wantHeads. A row's score is its index match (unnormalised) plus
// its heading's score for the heading clauses scored in memory.
func (e *Engine) searchText(ctx context.Context, tq textQuery, f filter, scopes []scope, keep func(int32) bool, wantHeads bool) (lexicalHits, error) {
	hits := lexicalHits{rows: map[int32]float64{}, heads: map[int32]float64{}, words: tq.words}
	if tq.q != nil && e.lex != nil {
		hits.all = newRowScores(e.cat.Len())
	}
	near, nearMatched, releaseNear := e.headingFieldScores(ctx, tq.near)
	defer releaseNear()
	far, farMatched, releaseFar := e.headingFieldScores(ctx, tq.far)
	defer releaseFar()
	if tq.q == nil || e.lex == nil {
		return hits, nil
	}
	if tq.extra != nil {
		heads, release := e.headWordsOf(tq.extra.heads)
		docs, err := e.titleMem.extraDocs(ctx, tq.extra, heads)
		release()
		if err != nil {
			return hits, err
		}
		tq.extra.docs.docs = docs
	}
	for i := range tq.title {
		list, err := e.titleMem.postings(ctx, tq.title[i].tok)
		if err != nil {
			return hits, err
		}
		tq.title[i].list = list
	}
	// score is a document's text score; ts is its share of the title
	// clauses scored in memory (they count as near clauses do).
	score := func(m match, h int32, ts headShare) float64 {
		var hn, hf headShare
		if h >= 0 && near != nil {
			hn = headShare{near[h], nearMatched[h]}
		}
		if h >= 0 && far != nil {
			hf = headShare{far[h], farMatched[h]}
		}
		hn.score += ts.score
		hn.matched += ts.matched
		return coordScore(m, tq.scale, tq.clauses, len(tq.near)+len(tq.title), len(tq.far), hn, hf)
	}
	fq := indexFilter(f)
	// Each part of the index is visited by its own goroutine into its own
	// heaps (the best rows under a total order of score then row, so the
	// parts' heaps merge into what one heap would have kept).
	type partBest struct {
		best, heads bestRows
		scoped      []bestRows
		maxRow      float64
		title       *titleCursor
		passed      uint64 // matches the index's filter would pass (in memory)
	}
	parts := make([]partBest, e.lex.parts())
	for i := range parts {
		pb := &parts[i]
		pb.title = newTitleCursor(tq.title)
		pb.best.k = lexicalDepth * headingPoolFactor
		pb.heads.k = headingDepth
		pb.scoped = make([]bestRows, len(scopes))
		for j := range pb.scoped {
			pb.scoped[j].k = scopedDepth
		}
	}
	rq := tq.q
	if fq != nil && e.indexFilters {
		rq = bleve.NewConjunctionQuery(tq.q, fq)
	}
	pass := func(ctx context.Context, parts int, visit func(part int, m match)) (uint64, error) {
		return e.lex.runParts(ctx, rq, parts, visit)
	}
	// The pass in memory sees every match: rows are filtered by keep,
	// heading documents kept unfiltered (as the index's separate pass
	// for them does), and the matches the filter passes counted.
	inMemory := e.memFields != nil
	filtered := fq != nil && e.indexFilters
	if inMemory {
		pass = func(ctx context.Context, parts int, visit func(part int, m match)) (uint64, error) {
			return e.runTextMem(ctx, tq, parts, visit)
		}
	}
	total, err := pass(ctx, len(parts), func(part int, m match) {
		pb := &parts[part]
		var ts headShare
		if len(tq.title) > 0 {
			ts.score, ts.matched = pb.title.share(m.doc)
		}
		r := e.lex.row(m.doc)
		if r < 0 {
			h := e.lex.heading(m.doc)
			if h >= 0 && wantHeads && (fq == nil || inMemory) {
				pb.heads.offer(rowScore{h, score(m, h, ts)})
			}
			if inMemory && filtered && h >= 0 && f.keepHeadingDoc(e.cat.Headings[h].Source) {
				pb.passed++
			}
			return
		}
		if inMemory && filtered && f.keepRowDoc(ptr(e.cat.RowAt(int(r)))) {
			pb.passed++
		}
		if keep != nil && !keep(r) {
			return
		}
		sc := score(m, e.rowHead[r], ts)
		hits.all.set(r, sc) // rows of different parts never meet
		pb.best.offer(rowScore{r, sc})
		for i, s := range scopes {
			if e.inScope(r, s) {
				pb.scoped[i].offer(rowScore{r, sc})
			}
		}
		pb.maxRow = max(pb.maxRow, sc)
	})
	if err != nil {
		return hits, err
	}
	best, heads := mergeBest(parts, func(p *partBest) *bestRows { return &p.best }), mergeBest(parts, func(p *partBest) *bestRows { return &p.heads })
	scoped := make([]bestRows, len(scopes))
	for i := range scoped {
		scoped[i] = mergeBest(parts, func(p *partBest) *bestRows { return &p.scoped[i] })
	}
	for i := range parts {
		hits.maxRow = max(hits.maxRow, parts[i].maxRow)
	}
	hits.total = total
	if inMemory && filtered {
		hits.total = 0
		for i := range parts {
			hits.total += parts[i].passed
		}
	}
	for i, t := range append([]bestRows{best}, scoped...) {
		ranked := t.sorted()
		if i == 0 {
			ranked = e.capPerHeading(ranked, perHeadingDepth, lexicalDepth)
		}
		for _, s := range ranked {
			if _, dup := hits.rows[s.row]; !dup {
				hits.rows[s.row] = s.score
				hits.rowOrder = append(hits.rowOrder, s.row)
			}
		}
	}
	if wantHeads && fq != nil && tq.q != nil && !inMemory {
		kind := bleve.NewTermQuery(textindex.KindHeading)
		kind.SetField(textindex.FieldKind)
		cur := newTitleCursor(tq.title)
		if _, err := e.lex.run(ctx, bleve.NewConjunctionQuery(tq.q, kind), func(m match) {
			var ts headShare
			if len(tq.title) > 0 {
				ts.score, ts.matched = cur.share(m.doc)
			}
			if h := e.lex.heading(m.doc); h >= 0 {
				heads.offer(rowScore{h, score(m, h, ts)})
			}
		}); err != nil {
			return hits, err
		}
	}
	for _, s := range heads.sorted() {
		hits.heads[s.row] = s.score
		hits.headRank = append(hits.headRank, s.row)
		hits.maxHead = max(hits.maxHead, s.score)
	}
	return hits, nil
}

// mergeBest merges the heaps get picks from each part into one keeping
// the same k best.
func mergeBest[P any](parts []P, get func(*P) *bestRows) bestRows {
	out := *get(&parts[0])
	for i := 1; i < len(parts); i++ {
		for _, x := range get(&parts[i]).keep() {
			out.offer(x)
		}
	}
	return out
}

// capPerHeading keeps rows in order, at most perHeading of any one
// heading, up to n rows.
func (e *Engine) capPerHeading(ranked []rowScore, perHeading, n int) []rowScore {
	seen := map[int32]int{}
	out := ranked[:0]
	for _, s := range ranked {
		if len(out) == n {
			break
		}
		h := e.rowHead[s.row]
		if h >= 0 {
			if seen[h] == perHeading {
				continue
			}
			seen[h]++
		}
		out = append(out, s)
	}
	return out
}

// scopedDepth is how many rows each scope (one named source or country)
// adds to the candidates.
const scopedDepth = 250

// probeIndexFilters checks that the index's keyword fields hold the
// catalog's source, frequency and country codes, by asking for one row
// with its own values. When they do not, filters are applied to the
// matches instead.
func (e *Engine) probeIndexFilters(ctx context.Context) bool {
	if e.lex == nil || e.cat.Len() == 0 {
		return false
	}
	r := e.cat.RowAt(0)
	f := filter{sources: []string{r.Source}}
	for i := range e.cat.Len() {
		if c := e.cat.RowAt(i); c.Source != "" && c.Frequency != "" && c.Country != "" {
			r, f = c, filter{sources: []string{c.Source}, frequency: c.Frequency, country: c.Country}
			break
		}
	}
	q := bleve.NewConjunctionQuery(bleve.NewDocIDQuery([]string{r.ID}), indexFilter(f))
	n, err := e.lex.run(ctx, q, func(match) {})
	return err == nil && n == 1
}

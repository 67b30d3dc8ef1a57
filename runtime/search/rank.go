package search

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/internal/textindex"
	"github.com/sextant-dev/sextant/runtime/query"
)

// Result sizes.
const (
	DefaultLimit = 20
	MaxLimit     = 500
)

// Candidate-pool sizes, per query.
const (
	semanticDepth = 1000 // best rows of the vector probe kept as candidates
	headExpand    = 8    // best heading documents whose rows become candidates
	headRowsCap   = maxPartition
)

// semFloorRank is the rank in the vector probe whose similarity scales to
// 0: deep enough that near-duplicates differing only by a country name
// (whose cosines differ by a few hundredths) stay close after rescaling.
var semFloorRank = 200

// candidate is one row being ranked, with its signals.
type candidate struct {
	row                                int32
	kw, head, sem, semHead, boost, idm float64
	headline                           float64 // 1 for its heading's total row
	cover                              float64 // share of the query's topic words the row answers (coverage.go)
	focus                              float64 // share of the row's title words the query says (focus.go)
	prior                              float64 // the row's standing in its family, for short queries (prior.go)
	family                             float64 // the weight of the query phrase naming its heading, when it heads it (families.go)
	priorScore                         float64 // what the prior and the spread added to score
	semRaw, semHeadRaw                 float32
	hasSem                             bool
	score                              float64
}

type pool struct {
	byRow map[int32]*candidate
	list  []*candidate
	slab  []candidate // candidates are allocated candidateSlab at a time
}

// candidateSlab is how many candidates are allocated at once (a query
// has a few thousand).
const candidateSlab = 256

func (p *pool) get(r int32) *candidate {
	if c, ok := p.byRow[r]; ok {
		return c
	}
	if len(p.slab) == 0 {
		p.slab = make([]candidate, candidateSlab)
	}
	c := &p.slab[0]
	p.slab = p.slab[1:]
	c.row = r
	p.byRow[r] = c
	p.list = append(p.list, c)
	return c
}

// Search answers a query. Ranking fuses normalised scores by a weighted
// sum, so every signal can be switched off without changing the scale of
// the others:
//
//	score = Keyword·bm25/bm25max + Heading·h + Semantic·s + SemanticHeading·sh
//	      + Boost·(query-understanding boost) + ID·(series id written in the query)
//
// bm25 is the row's fielded BM25 (title, alt titles, heading path, unit;
// topic words weigh 1, words that only name a facet FacetTerm, synonym
// expansions their weight times Synonym), scaled so the best row is 1. h
// is the best BM25 of the heading documents on the row's heading path,
// discounted by AncestorDecay per level above the row's own heading, the
// best heading scaled to 1. s is the row's cosine with the query, rescaled
// so that the vector probe's best row is 1 and its 200th is 0 (clamped),
// and sh the same for the row's heading vector (the median candidate
// heading at 0). The boost is query.Understanding.BoostPrepared: about
// +0.3 for the asked country, −0.3 for another, and smaller terms for
// frequency, seasonal adjustment, units and source, multiplied by Boost.
// A weighted sum was preferred to reciprocal rank fusion because the
// boosts are additive corrections sized against a text score, and because
// a rank-based fusion turns ties among hundreds of near-duplicates (one
// quantity across 196 countries) into arbitrary rank gaps.
//
// Candidates come from one pass over the text index: its best 1,000
// matching rows (at most 64 of one heading), plus the best 250 of each
// source and country the query names; then the total and bare-label rows
// ("0.GENERAL") under the best heading documents, all rows under them
// when Heading > 0, the rows of series ids written in the query and the
// best 1,000 rows of the vector probe (run while the text index is
// searched). Every signal is computed for every candidate; Headline adds
// to rows that are their heading's total, and a bare-label row takes its
// heading document's match as its keyword score. A second stage adds
// Coverage·(share of the query's topic words the row answers) to the best
// max(100, limit) and sorts them again (coverage.go).
func (e *Engine) Search(ctx context.Context, req Request) (Result, error) {
	mode := req.Mode
	switch mode {
	case "":
		mode = Hybrid
	case Keyword, Semantic, Hybrid:
	default:
		return Result{}, fmt.Errorf("%w %q (want keyword, semantic or hybrid)", ErrBadMode, req.Mode)
	}
	f, err := compileFilter(req, e.sources)
	if err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	limit := req.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	limit = min(limit, MaxLimit)
	on := e.active(mode)
	if mode == Semantic && !on.Semantic && e.vec == nil {
		return Result{}, ErrNoEmbeddings
	}
	if mode == Keyword && e.lex == nil {
		return Result{}, ErrNoTextIndex
	}
	text := truncateRunes(req.Query, maxQueryRunes)
	text, rewrites := e.rewrite(text)
	u := e.parser.Parse(text)
	dc, dcName, err := e.defaultCountry(req, u, f)
	if err != nil {
		return Result{}, err
	}
	// Most queries gather about as many candidates as the text and
	// vector stages keep.
	p := &pool{byRow: make(map[int32]*candidate, lexicalDepth+semanticDepth), list: make([]*candidate, 0, lexicalDepth+semanticDepth)}
	var keep func(int32) bool
	if !f.empty() {
		keep = func(r int32) bool { return f.keepRow(ptr(e.cat.RowAt(int(r)))) }
	}

	if on.IDs && e.w.ID != 0 {
		for _, r := range e.idRows(ctx, text, u) {
			if keep == nil || keep(r) {
				p.get(r).idm = 1
			}
		}
	}

	// The vector stage (embedding the query, probing the partitions)
	// runs while the text index is searched.
	semDone := make(chan semantic, 1)
	if on.Semantic {
		go func() { semDone <- e.semanticStage(ctx, u, text, f, keep) }()
	} else {
		semDone <- semantic{}
	}

	var lex lexicalHits
	lexHeads := on.Headings && e.lex != nil && mode != Semantic && e.w.Heading > 0
	// Heading documents also lend their score to rows whose titles mean
	// nothing alone ("0.GENERAL") and bring such rows in as candidates.
	wantHeads := lexHeads || on.Keyword && on.Headings
	if on.Keyword || lexHeads {
		synW := 0.0
		if on.Synonyms {
			synW = e.w.Synonym
		}
		q := e.textQuery(ctx, queryTerms(u, e.w.FacetTerm), u.Expansions, synW)
		var sc []scope
		if on.Keyword && on.Boosts {
			sc = e.scopes(u, f)
			if dc >= 0 {
				sc = append(sc, scope{source: -1, country: dc})
			}
		}
		lex, err = e.searchText(ctx, q, f, sc, keep, wantHeads)
		defer lex.all.release()
		if err != nil {
			<-semDone
			return Result{}, err
		}
		if on.Keyword {
			for _, r := range lex.rowOrder {
				c := p.get(r)
				if lex.maxRow > 0 { // else every match scored 0 (its words weigh nothing)
					c.kw = lex.rows[r] / lex.maxRow
				}
			}
		}
		if on.Keyword && !lexHeads {
			e.addTotalRows(p, lex, keep)
		}
		if on.Keyword {
			e.addFamilyHeads(p, u, keep)
		}
	}

	sem := <-semDone
	if sem.err != nil {
		if mode == Semantic {
			return Result{}, sem.err
		}
		sem = semantic{} // hybrid goes on with the other signals
	}
	qv, probeBest := sem.qv, sem.best
	for _, s := range probeBest {
		p.get(s.idx)
	}
	if lexHeads {
		e.addHeadingRows(p, lex, qv, keep)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	if on.Keyword && lex.maxRow > 0 {
		// Candidates from other routes that matched the text query but
		// fell under its caps keep their text score.
		for _, c := range p.list {
			if s, ok := lex.all.get(c.row); ok && c.kw == 0 {
				c.kw = s / lex.maxRow
			}
		}
	}

	if on.Keyword && lex.maxRow > 0 {
		e.fieldDisMax(ctx, p.list, lex.words)
	}
	if on.Keyword && on.Boosts && lex.maxRow > 0 {
		e.rescaleNamedSource(p, u)
	}
	e.score(p, u, on, lex, qv, probeBest)
	sortCandidates(p.list)
	// A short query's re-ranking stages reach deeper (reach): its first
	// hundred rows are often one heading's look-alikes, and the family
	// heads the prior lifts sit below them.
	reach := limit
	if on.Prior && shortness(u) > 0 {
		reach = e.shortQueryReach(p.list, limit)
	}
	if on.Coverage || on.Focus {
		e.addCoverage(p.list, u, on, reach)
	}
	// The default country goes first: the short-query spread then keeps
	// its row, not another country's, at the head of each heading.
	e.addDefaultCountry(p.list, dc, reach)
	if on.Prior {
		e.addShortQueryPrior(p.list, u, reach)
	}
	if on.Boosts {
		e.orderUnitTwins(p.list, u, max(coverageDepth, reach))
	}
	res := Result{Query: req.Query, Total: len(p.list), Rewrites: rewrites, PreferredCountry: dcName}
	if len(rewrites) > 0 {
		res.SearchedFor = text
	}
	if f.onlyIndexed() && (f.empty() || e.indexFilters) && int(lex.total) > res.Total {
		res.Total = int(lex.total)
	}
	// Only the rows the coverage stage scored are compared for the page:
	// below them scores lack coverage and do not rank with theirs.
	res.Groups = e.group(e.diverse(p.list[:min(len(p.list), max(coverageDepth, reach))], limit), req.Explain)
	return res, nil
}

// Scoped searches per query: the sources and countries the query names
// most strongly.
const (
	maxScopedSources   = 2
	maxScopedCountries = 2
	minScopedSource    = 0.5 // source hints weaker than this are not searched alone
)

// scope is one source or country a query names, as codes of
// Engine.rowSource and Engine.rowCountry (-1: any).
type scope struct{ source, country int32 }

// scopes returns, in turn, each source and country the query names that
// the filter does not already fix (a source the filter excludes is
// skipped: its rows would not pass).
func (e *Engine) scopes(u query.Understanding, f filter) []scope {
	var out []scope
	if len(f.sources) != 1 {
		n := 0
		for _, s := range u.Sources {
			if n == maxScopedSources || s.Weight < minScopedSource {
				break
			}
			if len(f.sources) > 0 && !slices.Contains(f.sources, s.Namespace) {
				continue
			}
			code, ok := e.sourceCode[s.Namespace]
			if !ok {
				continue // no row of this source
			}
			out = append(out, scope{source: code, country: -1})
			n++
		}
	}
	if f.country == "" {
		for i, c := range u.Countries {
			if i == maxScopedCountries {
				break
			}
			if code, ok := e.countryCode[c]; ok {
				out = append(out, scope{source: -1, country: code})
			}
		}
	}
	return out
}

// inScope reports whether row r is of the scope's source or country.
func (e *Engine) inScope(r int32, s scope) bool {
	if s.source >= 0 {
		return int32(e.rowSource[r]) == s.source
	}
	return int32(e.rowCountry[r]) == s.country
}

// semantic is the vector stage's answer: the query vector (nil when the
// query has no known word) and the probe's best rows.
type semantic struct {
	qv   []float32
	best []scored
	err  error
}

func (e *Engine) semanticStage(ctx context.Context, u query.Understanding, text string, f filter, keep func(int32) bool) semantic {
	qv, err := e.queryVector(ctx, u, text)
	if err != nil || qv == nil {
		return semantic{err: err}
	}
	return semantic{qv: qv, best: e.semanticCandidates(qv, f, keep)}
}

// queryVector embeds what the query is about: its topic words when it has
// some (facet words such as a country pull the vector toward unrelated
// rows of that country), else its words, else the text as written. A
// query of unknown words gives nil.
func (e *Engine) queryVector(ctx context.Context, u query.Understanding, text string) ([]float32, error) {
	in := strings.Join(u.TopicTerms, " ")
	if in == "" {
		in = strings.Join(u.Terms, " ")
	}
	if in == "" {
		in = text
	}
	vs, err := e.embedder.Embed(ctx, []string{in})
	if err != nil {
		return nil, fmt.Errorf("search: embed query: %w", err)
	}
	v := vs[0]
	for _, x := range v {
		if x != 0 {
			return v, nil
		}
	}
	return nil, nil
}

// semanticCandidates probes the vector partitions (or scans every row when
// the budget is negative) and returns the best rows, best first.
func (e *Engine) semanticCandidates(qv []float32, f filter, keep func(int32) bool) []scored {
	budget := e.opts.SemanticBudget
	if budget == 0 {
		budget = DefaultSemanticBudget
	}
	if budget < 0 {
		return e.vec.scan(qv, semanticDepth, keep)
	}
	var keepPart func(partition) bool
	if len(f.sources) > 0 {
		keepPart = func(p partition) bool {
			if p.heading < 0 {
				return true
			}
			src := e.cat.Headings[p.heading].Source
			for _, s := range f.sources {
				if s == src {
					return true
				}
			}
			return false
		}
	}
	best, _ := e.vec.probe(qv, budget, semanticDepth, keepPart, keep)
	return best
}

// genericTitleTrust scales the heading-document score a generic row
// ("0.GENERAL") takes as its own keyword score: the best heading's bare
// total row scores as a title match of 0.8 of the best row's.
const genericTitleTrust = 0.8

// addTotalRows makes candidates of the total and generic rows
// ("0.GENERAL") under the best heading documents: the heading's words
// match the query where their titles cannot.
func (e *Engine) addTotalRows(p *pool, lex lexicalHits, keep func(int32) bool) {
	for i, h := range lex.headRank {
		if i == headExpand {
			break
		}
		e.totalShare(h) // reads every row's marks once
		for _, r := range e.headRows[h] {
			if (e.isGeneric(r) || e.isHeadline(r)) && (keep == nil || keep(r)) {
				p.get(r)
			}
		}
	}
}

// addHeadingRows makes the rows under the best heading documents
// candidates: a heading whose words match the query vouches for rows
// whose own labels do not ("0.GENERAL" under "Consumer Price Index"). A
// heading with more than headRowsCap direct rows contributes the rows of
// its partitions nearest to the query vector, or none without one.
func (e *Engine) addHeadingRows(p *pool, lex lexicalHits, qv []float32, keep func(int32) bool) {
	for i, h := range lex.headRank {
		if i == headExpand {
			break
		}
		rows := e.headRows[h]
		if len(rows) > headRowsCap {
			if qv == nil || e.vec == nil {
				continue
			}
			rows = e.nearestRowsOf(h, qv)
		}
		for _, r := range rows {
			if keep == nil || keep(r) {
				p.get(r)
			}
		}
	}
}

// nearestRowsOf returns the rows of heading h's partitions nearest to qv,
// up to headRowsCap rows.
func (e *Engine) nearestRowsOf(h int32, qv []float32) []int32 {
	parts := append([]int32(nil), e.headParts[h]...)
	v := e.vec
	sims := make(map[int32]float32, len(parts))
	for _, pi := range parts {
		sims[pi] = dot(qv, v.centroids[int(pi)*v.dim:int(pi+1)*v.dim])
	}
	sort.Slice(parts, func(i, j int) bool { return sims[parts[i]] > sims[parts[j]] })
	var out []int32
	for _, pi := range parts {
		span := v.parts[pi]
		if len(out)+int(span.end-span.start) > headRowsCap && len(out) > 0 {
			break
		}
		out = append(out, v.order[span.start:span.end]...)
	}
	return out
}

// score computes every signal of every candidate and the fused score.
func (e *Engine) score(p *pool, u query.Understanding, on Signals, lex lexicalHits, qv []float32, probeBest []scored) {
	w := e.w
	var semTop, semFloor float32
	if qv != nil {
		if len(probeBest) > 0 {
			semTop = probeBest[0].sim
			semFloor = probeBest[min(semFloorRank, len(probeBest)-1)].sim
		}
		headSims := map[int32]float32{}
		eachCandidate(p.list, func(c *candidate) {
			c.semRaw = dot(qv, e.vec.rowVec(c.row))
			c.hasSem = true
		})
		// A signal of weight 0 costs nothing: heading vectors are read
		// only when they weigh.
		headVecs := on.Headings && w.SemanticHeading != 0
		for _, c := range p.list {
			semTop = max(semTop, c.semRaw)
			if h := e.rowHead[c.row]; h >= 0 && headVecs {
				if hv := e.vec.headVec(h); hv != nil {
					s, ok := headSims[h]
					if !ok {
						s = dot(qv, hv)
						headSims[h] = s
					}
					c.semHeadRaw = s
				}
			}
		}
		if len(probeBest) == 0 {
			semFloor = quantile(p.list, func(c *candidate) float32 { return c.semRaw }, 0.5)
		}
		hTop, hFloor := headRange(headSims)
		for _, c := range p.list {
			c.sem = rescale(c.semRaw, semFloor, semTop)
			if on.Headings && len(headSims) > 0 {
				c.semHead = rescale(c.semHeadRaw, hFloor, hTop)
			}
		}
	}
	if on.Headings && lex.maxHead > 0 && w.Heading != 0 {
		for _, c := range p.list {
			c.head = e.headingScore(c.row, lex) / lex.maxHead
		}
	}
	if on.Boosts && w.Boost != 0 {
		eachCandidate(p.list, func(c *candidate) {
			c.boost = u.BoostPrepared(*e.prepared(c.row), e.boost).Total()
		})
	}
	if on.Keyword && lex.maxHead > 0 {
		// A title that means nothing alone is read as its heading's
		// label: the row scores as a title match as good as its heading
		// document's match among the query's heading documents.
		for _, c := range p.list {
			if h := e.rowHead[c.row]; h >= 0 && e.isGeneric(c.row) {
				if s, ok := lex.heads[h]; ok {
					c.kw = max(c.kw, genericTitleTrust*s/lex.maxHead)
				}
			}
		}
	}
	if on.Keyword {
		for _, c := range p.list {
			if c.family > 0 {
				c.kw = max(c.kw, familyTitleTrust*c.family)
			}
		}
	}
	if w.Headline != 0 {
		for _, c := range p.list {
			if e.isHeadline(c.row) {
				c.headline = 1
			}
		}
	}
	for _, c := range p.list {
		c.score = w.Keyword*c.kw + w.Heading*c.head + w.Semantic*c.sem + w.SemanticHeading*c.semHead +
			w.Boost*c.boost + w.ID*c.idm + w.Headline*c.headline
	}
}

// maxGroupShare is the largest share of a result one heading's rows may
// take while other headings' candidates wait: a heading of 196
// look-alike rows (one per country) must not fill the page and hide the
// second heading, whose best row an analyst would pick (IFS's "Gross
// Domestic Product, Deflator, Index" under WEO's 196 deflators). The
// group says how many rows its heading has; a country or frequency in
// the question picks among them. Applied among the rows the coverage
// stage scored (measurements in docs/ranking.md).
const maxGroupShare = 0.5

// diverse returns the best limit candidates of the sorted list, at most
// maxGroupShare·limit of them (at least one) from any one heading unless
// too few others remain, in rank order.
func (e *Engine) diverse(list []*candidate, limit int) []*candidate {
	per := max(1, int(maxGroupShare*float64(limit)))
	if len(list) <= limit {
		return list
	}
	out := make([]*candidate, 0, limit)
	var later []*candidate
	n := map[int32]int{}
	for _, c := range list {
		if len(out) == limit {
			break
		}
		if h := e.rowHead[c.row]; h >= 0 {
			if n[h] == per {
				later = append(later, c)
				continue
			}
			n[h]++
		}
		out = append(out, c)
	}
	if len(later) == 0 {
		return out // nothing was passed over: still in rank order
	}
	out = append(out, later[:min(len(later), limit-len(out))]...)
	sortCandidates(out)
	return out
}

// eachCandidate calls fn on every candidate, the two halves at once on
// two cores when there are enough candidates to pay for it (the vector
// stage has finished by then, so the second core is free); fn must touch
// only its own candidate.
func eachCandidate(cs []*candidate, fn func(c *candidate)) {
	if len(cs) < parallelCandidates || runtime.GOMAXPROCS(0) < 2 {
		for _, c := range cs {
			fn(c)
		}
		return
	}
	half := len(cs) / 2
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, c := range cs[half:] {
			fn(c)
		}
	}()
	for _, c := range cs[:half] {
		fn(c)
	}
	<-done
}

// parallelCandidates is the least number of candidates scored on two
// cores (a query usually has 1,500–3,000).
const parallelCandidates = 512

// headingScore is the best heading-document score on a row's heading
// path, discounted per level above the row's own heading.
func (e *Engine) headingScore(r int32, lex lexicalHits) float64 {
	best, decay := 0.0, 1.0
	for h := e.rowHead[r]; h >= 0; h = e.parent[h] {
		if s, ok := lex.heads[h]; ok {
			best = max(best, s*decay)
		}
		decay *= e.w.AncestorDecay
		if decay == 0 {
			break
		}
	}
	return best
}

// rescale maps x linearly so floor → 0 and top → 1, clamped to [0, 1].
func rescale(x, floor, top float32) float64 {
	if top <= floor {
		if x >= top && top > 0 {
			return 1
		}
		return 0
	}
	v := float64((x - floor) / (top - floor))
	return min(1, max(0, v))
}

func headRange(sims map[int32]float32) (top, floor float32) {
	if len(sims) == 0 {
		return 0, 0
	}
	vals := make([]float32, 0, len(sims))
	for _, s := range sims {
		vals = append(vals, s)
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i] > vals[j] })
	return vals[0], vals[len(vals)/2]
}

func quantile(cs []*candidate, f func(*candidate) float32, q float64) float32 {
	if len(cs) == 0 {
		return 0
	}
	vals := make([]float32, len(cs))
	for i, c := range cs {
		vals[i] = f(c)
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i] > vals[j] })
	return vals[min(len(vals)-1, int(q*float64(len(vals))))]
}

// idRows finds rows whose id the query writes: a namespaced id
// ("fred:UNRATE"), a code ("TP.FG.J0", "FPOLM_PA") or a source's native id
// written as a word ("UNRATE"). A word that catalog titles use as a word
// ("GDP", "M2", "CPI" are FRED ids too) names a series by id only when it
// is the whole query: "real GDP of the United States" asks for real GDP,
// not for the series whose id is GDP.
func (e *Engine) idRows(ctx context.Context, text string, u query.Understanding) []int32 {
	var out []int32
	seen := map[int32]bool{}
	find := func(id string) bool {
		i, ok := e.cat.Index(id)
		if ok && !seen[int32(i)] {
			seen[int32(i)] = true
			out = append(out, int32(i))
		}
		return ok
	}
	add := func(tok string) {
		if tok == "" {
			return
		}
		// Codes are written in upper case by their sources and often
		// typed in lower case ("t10yff", "tp.fg.j0"); a namespace is
		// lower case ("fred:").
		up := tok
		if ns, code, ok := strings.Cut(tok, ":"); ok {
			up = ns + ":" + strings.ToUpper(code)
		} else {
			up = strings.ToUpper(tok)
		}
		if !find(tok) && up != tok {
			find(up)
		}
		for _, src := range e.sources {
			if !find(src+":"+tok) && up != tok {
				find(src + ":" + up)
			}
		}
	}
	for _, id := range u.IDs {
		add(id)
	}
	words := strings.Fields(text)
	for i, tok := range words {
		if i == maxTerms {
			break
		}
		tok = strings.Trim(tok, "\"'()[]{},;:!?")
		if len(words) > 1 && !strings.Contains(tok, ":") && e.isTitleWord(ctx, strings.TrimRight(tok, ".")) {
			continue
		}
		add(tok)
		if t := strings.TrimRight(tok, "."); t != tok {
			add(t)
		}
	}
	return out
}

// isTitleWord reports whether catalog titles use tok as a word.
func (e *Engine) isTitleWord(ctx context.Context, tok string) bool {
	if e.lex == nil {
		return false
	}
	toks := e.lex.tokens(tok)
	if len(toks) != 1 {
		return false // a code the analyser splits: "TP.FG.J0"
	}
	return e.lex.docFreq(ctx, toks[0], textindex.FieldTitle) > 0
}

func truncateRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for k := range s {
		if i == n {
			return s[:k]
		}
		i++
	}
	return s
}

// rescaleNamedSource scales the text scores of the rows of the source the
// query names most strongly by that source's best, not the catalog's.
// The source boost puts its rows first; among them the text match must
// still count. "IMF IFS indicator for the central bank policy rate": 45
// BIS rows titled "Central bank policy rate" set the scale, every IFS row
// scored under 0.13 of it, and the word vectors alone ordered the IFS
// rows. The best is raised to the hint's weight: a sure name ("IFS",
// "Eurostat", 1) rescales in full, a loose one ("Fed", 0.5) halfway.
// (Measurements in docs/ranking.md.)
func (e *Engine) rescaleNamedSource(p *pool, u query.Understanding) {
	if len(u.Sources) == 0 || u.Sources[0].Weight < minScopedSource {
		return
	}
	code, ok := e.sourceCode[u.Sources[0].Namespace]
	if !ok {
		return
	}
	var best float64
	for _, c := range p.list {
		if int32(e.rowSource[c.row]) == code {
			best = max(best, c.kw)
		}
	}
	if best <= 0 || best >= 1 {
		return
	}
	for _, c := range p.list {
		if int32(e.rowSource[c.row]) == code {
			c.kw /= math.Pow(best, u.Sources[0].Weight)
		}
	}
}

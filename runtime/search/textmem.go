package search

import (
	"context"
	"slices"
	"strings"
	"sync"
)

// The text pass in memory.
//
// The text query (textQuery) is a boolean query: a disjunction of rare
// clauses that brings candidates (widened by the extra candidates of
// union.go) and a disjunction of common clauses that only adds to their
// scores. bleve runs it with a tree of searchers over compressed posting
// lists, a heap of iterators and a pooled match per document: about 1 µs
// of CPU per matched document, and a query matches about 8,000 at
// 365,000 rows. runTextMem computes the same matches and the same scores
// from posting lists held in memory (read from the index on first use,
// fieldPostings): the rare clauses are summed term at a time into dense
// per-document accumulators, the candidates sorted once, and the common
// clauses added by cursors walking their lists in document order. The
// scores are bleve's (search/scorer: a term scores boost·idf²·saturation
// before the query norm, a disjunction sums its matched clauses times
// the share of them matched, a conjunction sums them all; tq.scale
// undoes the query norm), to rounding (tested against the index).

// memClause is one clause of the text query: a term query per token of
// one field, any of them (summed, times the share of tokens matched) or,
// with all, every one (summed).
type memClause struct {
	field string
	toks  []string  // the tokens the field holds
	idf2  []float64 // per token: idf²; a token scores boost·idf²·saturation
	boost float64   // the clause's, every token's
	all   bool
}

// memQuery is the text query as runTextMem runs it: must are the
// disjunction's clauses that bring candidates, should the common ones
// that only add; counted says whether matches report the common clauses
// they matched (countedQuery).
type memQuery struct {
	must, should []memClause
	counted      bool
}

// textInMemory says whether the text pass runs in memory (runTextMem)
// rather than in the index, filtered queries too (the index's own pass
// stays as the reference the tests compare with).
const textInMemory = true

// scoredList is a clause's matches: documents ascending, with their
// scores weight·sat[i].
type scoredList struct {
	docs   []uint32
	sat    []float64
	weight float64
}

// clauseLists returns each clause's matches.
func (e *Engine) clauseLists(ctx context.Context, cs []memClause) ([]scoredList, error) {
	out := make([]scoredList, len(cs))
	for i, c := range cs {
		l, err := e.clauseList(ctx, c)
		if err != nil {
			return nil, err
		}
		out[i] = l
	}
	return out, nil
}

// clauseList returns the clause's matches.
func (e *Engine) clauseList(ctx context.Context, c memClause) (scoredList, error) {
	fp := e.memFields[c.field]
	lists := make([]*titlePostings, len(c.toks))
	for i, t := range c.toks {
		p, err := fp.postings(ctx, t)
		if err != nil {
			return scoredList{}, err
		}
		lists[i] = p
	}
	if len(lists) == 1 {
		return scoredList{docs: lists[0].docs, sat: lists[0].sat, weight: c.boost * c.idf2[0]}, nil
	}
	// A clause of several tokens is the same list in every query but for
	// its boost: it is merged once, with the tokens' idf²-weighted
	// saturations, and kept (expansions such as "consumer price index"
	// recur across queries).
	kind := "any"
	if c.all {
		kind = "all"
	}
	merged := fp.merged(kind+"\x00"+strings.Join(c.toks, "\x00"), func() *titlePostings {
		var l scoredList
		if c.all {
			l = intersectScored(lists, c.idf2)
		} else {
			l = unionScored(lists, c.idf2)
		}
		return &titlePostings{docs: l.docs, sat: l.sat}
	})
	return scoredList{docs: merged.docs, sat: merged.sat, weight: c.boost}, nil
}

// intersectScored returns the documents in every list with the sum of
// their weighted saturations.
func intersectScored(lists []*titlePostings, weights []float64) scoredList {
	order := make([]int, len(lists))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return len(lists[a].docs) - len(lists[b].docs) })
	first := lists[order[0]]
	out := scoredList{weight: 1}
	at := make([]int, len(lists))
next:
	for i, d := range first.docs {
		sum := weights[order[0]] * first.sat[i]
		for _, k := range order[1:] {
			l := lists[k].docs
			j := seek(l, at[k], d)
			at[k] = j
			if j == len(l) {
				break next
			}
			if l[j] != d {
				continue next
			}
			sum += weights[k] * lists[k].sat[j]
		}
		out.docs = append(out.docs, d)
		out.sat = append(out.sat, sum)
	}
	return out
}

// unionScored returns the documents in any list with the sum of their
// weighted saturations times the share of the lists holding them.
func unionScored(lists []*titlePostings, weights []float64) scoredList {
	out := scoredList{weight: 1}
	at := make([]int, len(lists))
	n := float64(len(lists))
	for {
		next, found := uint32(0), false
		for k, l := range lists {
			if at[k] < len(l.docs) && (!found || l.docs[at[k]] < next) {
				next, found = l.docs[at[k]], true
			}
		}
		if !found {
			return out
		}
		var sum float64
		held := 0
		for k, l := range lists {
			if at[k] < len(l.docs) && l.docs[at[k]] == next {
				sum += weights[k] * l.sat[at[k]]
				held++
				at[k]++
			}
		}
		out.docs = append(out.docs, next)
		out.sat = append(out.sat, sum*float64(held)/n)
	}
}

// textAccum sums the rare clauses per document: dense arrays over the
// index's documents, cleared through the documents touched and reused
// across queries.
type textAccum struct {
	sum     []float64
	held    []uint16 // 1 + rare clauses matched; 1 alone: an extra candidate
	touched []uint32
}

var textAccums sync.Pool

// runTextMem visits every document the text query matches, with its
// match as the index would report it, the matches split into parts runs
// of consecutive documents: visit(part, m) is called from part's
// goroutine, in document order within the part.
func (e *Engine) runTextMem(ctx context.Context, tq textQuery, parts int, visit func(part int, m match)) (uint64, error) {
	must, err := e.clauseLists(ctx, tq.mem.must)
	if err != nil {
		return 0, err
	}
	should, err := e.clauseLists(ctx, tq.mem.should)
	if err != nil {
		return 0, err
	}
	n := e.lex.docCount()
	acc, _ := textAccums.Get().(*textAccum)
	if acc == nil || len(acc.sum) != n {
		acc = &textAccum{sum: make([]float64, n), held: make([]uint16, n)}
	}
	defer textAccums.Put(acc)
	touched := acc.touched[:0]
	for _, l := range must {
		for i, d := range l.docs {
			if acc.held[d] == 0 {
				touched = append(touched, d)
				acc.held[d] = 1
			}
			acc.held[d]++
			acc.sum[d] += l.weight * l.sat[i]
		}
	}
	if tq.extra != nil {
		for _, d := range tq.extra.docs.docs {
			if acc.held[d] == 0 {
				touched = append(touched, d)
				acc.held[d] = 1
			}
		}
	}
	slices.Sort(touched)
	acc.touched = touched
	defer func() {
		for _, d := range touched {
			acc.sum[d], acc.held[d] = 0, 0
		}
		acc.touched = touched[:0]
	}()

	nMust, nShould := float64(len(must)), float64(len(should))
	// Matches carry scores normalised as bleve's are (tq.scale undoes it);
	// a query whose clauses all weigh nothing scores 0, not NaN.
	norm := 0.0
	if tq.scale > 0 {
		norm = 1 / tq.scale
	}
	run := func(part int, docs []uint32) error {
		at := make([]int, len(should))
		for k, d := range docs {
			if k%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			score := 0.0
			if h := acc.held[d] - 1; h > 0 {
				score = acc.sum[d] * float64(h) / nMust
			}
			var common float64
			var matched int32
			for i, l := range should {
				j := seek(l.docs, at[i], d)
				at[i] = j
				if j < len(l.docs) && l.docs[j] == d {
					common += l.weight * l.sat[j]
					matched++
				}
			}
			if matched > 0 {
				score += common * float64(matched) / nShould
			}
			m := match{doc: uint64(d), score: score * norm}
			if tq.mem.counted {
				m.common, m.commonScore = matched, common*norm
			}
			visit(part, m)
		}
		return nil
	}
	if parts <= 1 {
		return uint64(len(touched)), run(0, touched)
	}
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for i := range parts {
		// Equal shares of the matches, each a run of ascending documents
		// (matches crowd into some ranges of the index: a split by
		// document number would leave one part most of the work).
		lo, hi := len(touched)*i/parts, len(touched)*(i+1)/parts
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = run(i, touched[lo:hi])
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return 0, err
		}
	}
	return uint64(len(touched)), nil
}

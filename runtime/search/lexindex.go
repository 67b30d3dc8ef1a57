package search

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/mapping"
	bsearch "github.com/blevesearch/bleve/v2/search"
	bquery "github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/internal/textindex"
	"github.com/sextant-dev/sextant/runtime/catalog"
)

// lexIndex is the bundle's bleve index (built offline, opened read-only)
// with what a query needs ready beforehand: one reader held for the
// engine's life (the index never changes, so every query can share its
// snapshot instead of opening one), the analyzer, and tables from the
// index's internal document numbers to catalog rows and headings, so that
// a match never has its stored id read back.
type lexIndex struct {
	idx     bleve.Index
	reader  index.IndexReader
	scoring bsearch.GetScoringModelCallbackFn // the mapping's scoring model (BM25)
	mapping mapping.IndexMapping
	an      analysis.Analyzer
	docRow  []int32 // internal document number → catalog row, -1 when not a row
	docHead []int32 // internal document number → heading, -1 when not a heading
	docs    float64 // documents in the index (BM25's document count)
	// partDocs is the least number of documents per parallel range.
	partDocs int
	// dfs caches document frequencies of tokens the index holds, keyed
	// by field and token (bounded by the index's own vocabulary).
	dfs sync.Map
}

// openLex opens the index at dir and maps its documents to the catalog.
// Documents the catalog does not know (an index from another build) map
// to nothing and are never returned.
func openLex(ctx context.Context, dir string, cat *catalog.Catalog) (*lexIndex, error) {
	idx, err := textindex.Open(dir)
	if err != nil {
		return nil, err
	}
	l := &lexIndex{idx: idx, mapping: idx.Mapping(), partDocs: minDocsPerPart}
	ok := false
	defer func() {
		if !ok {
			l.close()
		}
	}()
	model := index.DefaultScoringModel
	if im, ok := l.mapping.(*mapping.IndexMappingImpl); ok && im.ScoringModel != "" {
		model = im.ScoringModel
	}
	l.scoring = func() string { return model }
	l.an = l.mapping.AnalyzerNamed(textindex.AnalyzerName)
	if l.an == nil {
		return nil, fmt.Errorf("text index: analyzer %q not registered", textindex.AnalyzerName)
	}
	ai, err := idx.Advanced()
	if err != nil {
		return nil, fmt.Errorf("text index: %w", err)
	}
	if l.reader, err = ai.Reader(); err != nil {
		return nil, fmt.Errorf("text index: %w", err)
	}
	if docRow, docHead, err := cat.Bundle.ReadDocMap(); err != nil {
		return nil, err
	} else if docRow != nil {
		l.docRow, l.docHead = docRow, docHead // the builder's (DocMap)
	} else if err := l.mapDocs(ctx, cat.Index, cat.HeadingIndex); err != nil {
		return nil, err
	}
	n, err := l.reader.DocCount()
	if err != nil {
		return nil, fmt.Errorf("text index: %w", err)
	}
	l.docs = float64(n)
	ok = true
	return l, nil
}

// DocMap reads the text index at dir and returns, per internal document
// number, the catalog row (rows sorted by id, as bundles store them) and
// the heading it holds: the builder stores them so that an open need not
// read every document's id (about 1 µs a document).
func DocMap(ctx context.Context, dir string, rows []bundle.SeriesRow, heads []bundle.HeadingRow) (docRow, docHead []int32, err error) {
	idx, err := textindex.Open(dir)
	if err != nil {
		return nil, nil, err
	}
	defer idx.Close()
	ai, err := idx.Advanced()
	if err != nil {
		return nil, nil, fmt.Errorf("text index: %w", err)
	}
	l := &lexIndex{}
	if l.reader, err = ai.Reader(); err != nil {
		return nil, nil, fmt.Errorf("text index: %w", err)
	}
	defer l.reader.Close()
	if !sort.SliceIsSorted(rows, func(i, j int) bool { return rows[i].ID < rows[j].ID }) {
		return nil, nil, fmt.Errorf("search: document map: catalog rows not sorted by id")
	}
	rowIndex := func(id string) (int, bool) {
		return sort.Find(len(rows), func(i int) int { return strings.Compare(id, rows[i].ID) })
	}
	headIndex := make(map[string]int, len(heads))
	for i, h := range heads {
		headIndex[h.ID] = i
	}
	err = l.mapDocs(ctx, rowIndex, func(id string) (int, bool) { h, ok := headIndex[id]; return h, ok })
	return l.docRow, l.docHead, err
}

// mapDocs reads every document's id once (about 1 µs a document).
func (l *lexIndex) mapDocs(ctx context.Context, rowIndex, headIndex func(string) (int, bool)) error {
	all, err := l.reader.DocIDReaderAll()
	if err != nil {
		return fmt.Errorf("text index: %w", err)
	}
	defer all.Close()
	for n := 0; ; n++ {
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		id, err := all.Next()
		if err != nil {
			return fmt.Errorf("text index: %w", err)
		}
		if id == nil {
			return nil
		}
		ext, err := l.reader.ExternalID(id)
		if err != nil {
			return fmt.Errorf("text index: %w", err)
		}
		num := id.Value()
		for uint64(len(l.docRow)) <= num {
			l.docRow = append(l.docRow, -1)
			l.docHead = append(l.docHead, -1)
		}
		if i, ok := rowIndex(ext); ok {
			l.docRow[num] = int32(i)
		} else if hid, ok := strings.CutPrefix(ext, "h:"); ok {
			if h, ok := headIndex(hid); ok {
				l.docHead[num] = int32(h)
			}
		}
	}
}

func (l *lexIndex) close() error {
	var err error
	if l.reader != nil {
		err = l.reader.Close()
		l.reader = nil
	}
	if l.idx != nil {
		if cerr := l.idx.Close(); err == nil {
			err = cerr
		}
		l.idx = nil
	}
	return err
}

// tokens analyses text as the index analysed its fields.
func (l *lexIndex) tokens(text string) []string {
	ts := l.an.Analyze([]byte(text))
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		out = append(out, string(t.Term))
	}
	return out
}

// docFreq is the number of documents whose field holds the analysed token.
func (l *lexIndex) docFreq(ctx context.Context, token, field string) uint64 {
	key := field + "\x00" + token
	if n, ok := l.dfs.Load(key); ok {
		return n.(uint64)
	}
	tfr, err := l.reader.TermFieldReader(ctx, []byte(token), field, false, false, false)
	if err != nil {
		return 0
	}
	n := tfr.Count()
	tfr.Close()
	if n > 0 {
		l.dfs.Store(key, n)
	}
	return n
}

// idf is BM25's inverse document frequency of a token in n documents,
// as bleve computes it.
func (l *lexIndex) idf(n uint64) float64 {
	return math.Log(1 + (l.docs-float64(n)+0.5)/(float64(n)+0.5))
}

// match is one document a query matched, with its BM25 score.
type match struct {
	doc   uint64
	score float64
	// common is how many clauses wrapped in countedQuery the document
	// matched, commonScore their normalised score before coordination.
	common      int32
	commonScore float64
}

// run visits every document q matches, in index order. It visits all of
// them (bleve scores each match anyway; keeping them all lets the caller
// take the best rows of several scopes from one pass) without reading any
// stored field. The documents are split into ranges searched at once on
// the available cores (runParts); visit is called from this goroutine
// only, after the search.
func (l *lexIndex) run(ctx context.Context, q bquery.Query, visit func(m match)) (uint64, error) {
	parts := l.parts()
	if parts == 1 {
		return l.runParts(ctx, q, 1, func(_ int, m match) { visit(m) })
	}
	found := make([][]match, parts)
	for i := range found {
		if b, ok := matchBufs.Get().(*[]match); ok {
			found[i] = (*b)[:0]
		}
	}
	defer func() {
		for i := range found {
			if cap(found[i]) <= maxPooledMatches {
				matchBufs.Put(&found[i])
			}
		}
	}()
	total, err := l.runParts(ctx, q, parts, func(part int, m match) { found[part] = append(found[part], m) })
	if err != nil {
		return 0, err
	}
	for i := range found {
		for _, m := range found[i] {
			visit(m)
		}
	}
	return total, nil
}

// parts is how many document ranges a pass over the index is split into.
func (l *lexIndex) parts() int {
	if len(l.docRow) < l.partDocs*2 {
		return 1
	}
	return min(runtime.GOMAXPROCS(0), maxTextParts)
}

// runParts visits every document q matches, the documents split into
// parts ranges (parts from l.parts) searched at once, each by its own
// searcher: visit(part, m) is called from part's goroutine, in index
// order within the part, so it must touch only that part's state.
func (l *lexIndex) runParts(ctx context.Context, q bquery.Query, parts int, visit func(part int, m match)) (uint64, error) {
	// Searchers read the scoring model from the context (bleve's own
	// search sets it there); without it they score TF-IDF.
	ctx = context.WithValue(ctx, bsearch.GetScoringModelCallbackKey, l.scoring)
	if parts <= 1 {
		return l.runRange(ctx, q, 0, 0, func(m match) { visit(0, m) })
	}
	n := uint64(len(l.docRow))
	counts := make([]uint64, parts)
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for i := 0; i < parts; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			from, to := n*uint64(i)/uint64(parts), n*uint64(i+1)/uint64(parts)
			if i == parts-1 {
				to = 0 // to the end
			}
			counts[i], errs[i] = l.runRange(ctx, q, from, to, func(m match) { visit(i, m) })
		}()
	}
	wg.Wait()
	var total uint64
	for i := range counts {
		if errs[i] != nil {
			return 0, errs[i]
		}
		total += counts[i]
	}
	return total, nil
}

// matchBufs holds the buffers of matches the ranges of a split text pass
// collect, reused across queries (buffers over maxPooledMatches, from a
// query matching most of the index, are left to the collector).
var matchBufs sync.Pool

const maxPooledMatches = 1 << 18

// Text search parallelism: at most maxTextParts ranges, each of at least
// minDocsPerPart documents (a small index is searched in one piece).
const (
	maxTextParts   = 4
	minDocsPerPart = 50_000
)

// runRange visits the matches with document numbers in [from, to) (to 0:
// no end).
func (l *lexIndex) runRange(ctx context.Context, q bquery.Query, from, to uint64, visit func(m match)) (uint64, error) {
	s, err := q.Searcher(ctx, l.reader, l.mapping, bsearch.SearcherOptions{})
	if err != nil {
		return 0, fmt.Errorf("text index: %w", err)
	}
	defer s.Close()
	sctx := &bsearch.SearchContext{
		DocumentMatchPool: bsearch.NewDocumentMatchPool(s.DocumentMatchPoolSize()+1, 0),
		IndexReader:       l.reader,
	}
	var n uint64
	var dm *bsearch.DocumentMatch
	if from > 0 {
		dm, err = s.Advance(sctx, index.NewIndexInternalID(nil, from))
	} else {
		dm, err = s.Next(sctx)
	}
	for ; ; dm, err = s.Next(sctx) {
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return n, err
			}
		}
		if err != nil {
			return n, fmt.Errorf("text index: %w", err)
		}
		if dm == nil {
			return n, nil
		}
		doc := dm.IndexInternalID.Value()
		if to > 0 && doc >= to {
			return n, nil
		}
		n++
		c, cs := commonMatched(dm)
		visit(match{doc: doc, score: dm.Score, common: c, commonScore: cs})
		sctx.DocumentMatchPool.Put(dm)
	}
}

// docCount is one more than the highest internal document number.
func (l *lexIndex) docCount() int { return len(l.docRow) }

// row returns the catalog row of an internal document number, or -1.
func (l *lexIndex) row(doc uint64) int32 {
	if doc < uint64(len(l.docRow)) {
		return l.docRow[doc]
	}
	return -1
}

// heading returns the heading of an internal document number, or -1.
func (l *lexIndex) heading(doc uint64) int32 {
	if doc < uint64(len(l.docHead)) {
		return l.docHead[doc]
	}
	return -1
}

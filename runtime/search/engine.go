package search

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/internal/embed"
	"github.com/sextant-dev/sextant/internal/textindex"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/query"
)

// Errors returned by New and Search.
var (
	ErrNoEmbeddings  = errors.New("search: bundle has no embeddings (semantic mode unavailable)")
	ErrNoTextIndex   = errors.New("search: bundle has no text index (keyword mode unavailable)")
	ErrModelMismatch = errors.New("search: bundle model did not make the bundle's vectors")
)

// Signals names the ranking signals. In Options.Disable a true field
// switches that signal off for every query (for ablations).
type Signals struct {
	Keyword  bool `json:"keyword,omitempty"`  // fielded BM25 over row documents
	Headings bool `json:"headings,omitempty"` // heading documents (BM25, and heading vectors) propagated to rows
	Semantic bool `json:"semantic,omitempty"` // embedding similarity of query and rows
	Boosts   bool `json:"boosts,omitempty"`   // query-understanding metadata boosts
	Synonyms bool `json:"synonyms,omitempty"` // synonym and acronym expansions as extra BM25 clauses
	IDs      bool `json:"ids,omitempty"`      // series ids written in the query
	Coverage bool `json:"coverage,omitempty"` // share of the query's topic words a row answers
	Focus    bool `json:"focus,omitempty"`    // share of a row's title words the query says
	Prior    bool `json:"prior,omitempty"`    // short queries: family heads first, spread over headings (prior.go)
}

// Options configure an Engine. The zero value has every signal on with
// DefaultWeights.
type Options struct {
	Disable Signals
	// Weights of the fused score; nil means DefaultWeights().
	Weights *Weights
	// Boost chooses the query-understanding signals and their sizes; nil
	// means query.DefaultOptions().
	Boost *query.Options
	// SemanticBudget is how many row vectors a query scores, taken from
	// the partitions nearest to the query (0: DefaultSemanticBudget). A
	// negative budget scores every row (exact, slower at large sizes).
	SemanticBudget int
	// OnDemand reads a row's query-understanding facts only when a query
	// first meets it. By default every row is read in the background
	// once the engine is open (about 4 s of CPU at 365,000 rows, on all
	// cores), which pays off over a session; a one-shot search meets a
	// few thousand rows and would share the cores with that reading.
	OnDemand bool
}

// DefaultSemanticBudget is the default number of row vectors scored per
// query: about 2 % of a 358,000-row catalog, all of a 5,000-row one.
const DefaultSemanticBudget = 8192

// Weights size the signals of the fused score (see Engine.Search).
type Weights struct {
	Keyword         float64 `json:"keyword"`          // row BM25, best candidate scaled to 1
	Heading         float64 `json:"heading"`          // heading BM25 propagated to rows, best scaled to 1
	Semantic        float64 `json:"semantic"`         // row cosine, rescaled to [0, 1]
	SemanticHeading float64 `json:"semantic_heading"` // heading cosine, rescaled to [0, 1]
	Boost           float64 `json:"boost"`            // multiplies the query-understanding boost (about ±1 at most)
	ID              float64 `json:"id"`               // a series id written in the query
	// Headline is added to a row whose title names its heading's total
	// ("0.GENERAL", "I.TOTAL VOLUME OF LOANS", "All Items") when few of its
	// siblings' titles do: without a word that names a part, the total is
	// what a question about the heading's topic means (docs/ranking.md).
	Headline float64 `json:"headline"`
	// FacetTerm is the BM25 weight of a word that only names a country,
	// frequency, seasonal adjustment or source (topic words weigh 1).
	FacetTerm float64 `json:"facet_term"`
	// Coverage is added times the share of the query's topic words a
	// row answers, to the best candidates (coverage.go): at 1, a row
	// answering every word gains what the best text match earns.
	Coverage float64 `json:"coverage"`
	// Focus is added times the share of a row's own title words the
	// query says (focus.go), in the coverage stage: among rows answering
	// the question alike, the one saying least besides is the series
	// asked for, not a breakdown of it ("Total compensation: All
	// Civilian" before "... All Civilian workers in Manufacturing").
	Focus float64 `json:"focus"`
	// Synonym multiplies each expansion's own weight in the BM25 query
	// (an expansion of weight 0.8, "jobless" → "unemployment", then counts
	// about as much as a query word).
	Synonym float64 `json:"synonym"`
	// AncestorDecay discounts a heading's score per level it sits above
	// the row's own heading.
	AncestorDecay float64 `json:"ancestor_decay"`
}

// DefaultWeights are the weights used when Options.Weights is nil; each
// one's reason and how it was chosen are in docs/ranking.md.
func DefaultWeights() Weights {
	return Weights{
		Keyword: 1.0, Heading: 0, Semantic: 0.5, SemanticHeading: 0,
		Boost: 4.0, ID: 10.0, Headline: 0.2, Coverage: 1.0, Focus: 0.2, FacetTerm: 0.3, Synonym: 1.2, AncestorDecay: 0.5,
	}
}

// Engine answers catalog queries over one loaded bundle. It is safe for
// concurrent use.
type Engine struct {
	cat       *catalog.Catalog
	opts      Options
	w         Weights
	boost     query.Options
	parser    *query.Parser
	lex       *lexIndex      // nil when the bundle has no text index
	headField *headingField  // the heading field scored per heading (nil: in the index)
	titleMem  *fieldPostings // title postings in memory: extra candidates, and scoring (nil: neither)
	// titleInMemory says whether common title words are scored from
	// titleMem rather than by the index (commonTitleWordsInMemory).
	titleInMemory bool
	// memFields holds the text fields' postings in memory when the text
	// pass runs there (textmem.go), else nil.
	memFields    map[string]*fieldPostings
	commonDocs   uint64 // words in more documents do not bring candidates (commonDF)
	headingMemDF uint64 // heading clauses in more documents are scored in memory, apart
	headingNear  uint64 // heading clauses in more documents (up to headingMemDF) are scored in memory, exactly
	indexFilters bool   // the index's keyword fields hold the catalog's codes
	vec          *vectorIndex
	embedder     *embed.Embedder
	sources      []string

	rowHead   []int32        // row → heading index (-1: none)
	docHead   []int32        // text index document → its row's heading (-1: none, or no row)
	rowDoc    []uint32       // catalog row → its text index document (dismax.go)
	parent    []int32        // heading → parent heading index (-1: root)
	headRows  [][]int32      // heading → rows directly under it
	headParts [][]int32      // heading → its vector partitions
	looseRows map[string]int // source → rows without a known heading
	// Each row's source and country as small codes, for scoped searches.
	rowSource   []uint16
	rowCountry  []uint16
	sourceCode  map[string]int32
	sourceHome  []string // source code → the country nearly all its rows are about (homeCountries), or ""
	staleBefore []string // source code → a row ending before this date is stale (staleCutoffs), or ""
	// sourceCovers: source code → the places its rows break down by when
	// a row names none (the manifest's sources[].covers), or nil.
	sourceCovers [][]string
	countryCode  map[string]int32
	prep         *preparedRows
	titles       *titleMarks
	terms        *termCache

	spell    *spellState  // the catalog's words, for spelling tolerance (spell.go)
	families *familyIndex // headings by label, for the family heads (families.go)
}

// New opens the bundle's text index (read-only), its row and heading
// vectors and its embedding model. A bundle without embeddings gives an
// engine whose semantic mode fails with ErrNoEmbeddings and whose hybrid
// mode is keyword-only.
func New(ctx context.Context, cat *catalog.Catalog, opts Options) (*Engine, error) {
	if cat == nil || cat.Bundle == nil {
		return nil, errors.New("search: no catalog")
	}
	e := &Engine{cat: cat, opts: opts, w: DefaultWeights(), boost: query.DefaultOptions(), parser: query.Default(), sources: cat.Sources(), spell: &spellState{}, families: &familyIndex{}}
	if opts.Weights != nil {
		e.w = *opts.Weights
	}
	if opts.Boost != nil {
		e.boost = *opts.Boost
	}
	// The embedding model (a few hundred milliseconds to load) opens on
	// another core while the rest is mapped and indexed.
	var model chan openedModel
	emb := cat.Bundle.Manifest.Embedding
	if emb != nil && !opts.Disable.Semantic {
		model = make(chan openedModel, 1)
		go func() {
			m, err := embed.Open(ctx, cat.Bundle.ModelPath(), embed.WithBatchBuckets(1))
			model <- openedModel{m, err}
		}()
	}
	defer func() {
		if model != nil { // New failed before taking the model
			if m := <-model; m.err == nil {
				m.e.Close()
			}
		}
	}()
	facts := e.rowFacts()
	e.index(facts)
	e.commonDocs = e.commonDF()
	e.prep = newPreparedRows(e.parser, cat.Len(), len(cat.Headings))
	e.titles = newTitleMarks(facts.Flags, len(cat.Headings))
	e.terms = newTermCache(cat.Len(), len(cat.Headings))

	ok := false
	defer func() {
		if !ok {
			e.Close()
		}
	}()
	if dir := cat.Bundle.Path(bundle.TextIndexDir); exists(dir) {
		lex, err := openLex(ctx, dir, cat)
		if err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		e.lex = lex
		e.docHead = make([]int32, len(lex.docRow))
		e.rowDoc = make([]uint32, cat.Len())
		for d, r := range lex.docRow {
			e.docHead[d] = -1
			if r >= 0 {
				e.rowDoc[r] = uint32(d)
				e.docHead[d] = e.rowHead[r]
			}
		}
		e.indexFilters = e.probeIndexFilters(ctx)
		if e.headField, err = newHeadingField(lex, cat); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		if e.titleMem, err = newFieldPostings(lex, textindex.FieldTitle); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		e.titleInMemory = commonTitleWordsInMemory && e.titleMem != nil
		if e.titleMem != nil && textInMemory {
			e.memFields = map[string]*fieldPostings{textindex.FieldTitle: e.titleMem}
			for _, f := range []string{textindex.FieldAlt, textindex.FieldHeading, textindex.FieldUnit} {
				fp, err := newFieldPostings(lex, f)
				if err != nil {
					return nil, fmt.Errorf("search: %w", err)
				}
				if fp == nil { // no BM25 statistics: the text pass stays in the index
					e.memFields = nil
					break
				}
				e.memFields[f] = fp
			}
		}
		e.headingMemDF = e.headingMemoryDF()
		e.headingNear = e.headingMemDF
		if nearHeadingClausesInMemory {
			e.headingNear = e.commonDocs
		}
	}
	if model != nil {
		m := <-model
		model = nil
		if m.err != nil {
			return nil, fmt.Errorf("search: embedding model: %w", m.err)
		}
		e.embedder = m.e
		if err := e.loadVectors(ctx, emb); err != nil {
			return nil, err
		}
	}
	stored, err := e.storedPrepared()
	if err != nil {
		return nil, err
	}
	e.prep.stored = stored
	if !opts.OnDemand && e.prep.stored == nil {
		e.startPreparing() // stored facts are decoded on use: nothing to read ahead
	}
	ok = true
	return e, nil
}

// openedModel is the embedding model opened beside the rest of New.
type openedModel struct {
	e   *embed.Embedder
	err error
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// index builds the row → heading, heading → parent and heading → rows
// lookups from the row facts.
func (e *Engine) index(f *bundle.RowFacts) {
	c := e.cat
	e.rowHead, e.rowSource, e.rowCountry = f.Head, f.Source, f.Country
	e.sourceHome, e.staleBefore = f.Tables.SourceHome, f.Tables.StaleBefore
	e.sourceCode = make(map[string]int32, len(f.Tables.Sources))
	for i, s := range f.Tables.Sources {
		e.sourceCode[s] = int32(i)
	}
	e.sourceCovers = make([][]string, len(f.Tables.Sources))
	if c.Bundle != nil {
		for _, s := range c.Bundle.Manifest.Sources {
			if i, ok := e.sourceCode[s.Name]; ok && s.Role == "catalog" {
				e.sourceCovers[i] = s.Covers
			}
		}
	}
	e.countryCode = make(map[string]int32, len(f.Tables.Countries))
	for i, s := range f.Tables.Countries {
		e.countryCode[s] = int32(i)
	}
	counts := make([]int32, len(c.Headings))
	for _, h := range e.rowHead {
		if h >= 0 {
			counts[h]++
		}
	}
	// One backing array for every heading's row list.
	all := make([]int32, 0, c.Len())
	e.headRows = make([][]int32, len(c.Headings))
	for h, n := range counts {
		e.headRows[h] = all[len(all) : len(all) : len(all)+int(n)]
		all = all[:len(all)+int(n)]
	}
	e.looseRows = map[string]int{}
	for i, h := range e.rowHead {
		if h >= 0 {
			e.headRows[h] = append(e.headRows[h], int32(i))
		} else {
			e.looseRows[f.Tables.Sources[e.rowSource[i]]]++
		}
	}
	e.parent = make([]int32, len(c.Headings))
	for i, h := range c.Headings {
		e.parent[i] = -1
		if p, ok := c.HeadingIndex(h.ParentID); ok && p != i {
			e.parent[i] = int32(p)
		}
	}
}

// minHomeShare is the share of a source's rows one country must have for
// the source to be that country's home source: EVDS (every row Türkiye)
// is; FRED (83 % United States, the rest its international series) is
// not, nor is a source of many countries (WEO) or none (WDI, Eurostat).
const minHomeShare = 0.9

// homeCountries returns, per source code, the country at least
// minHomeShare of the source's rows (and at least minHomeRows of them)
// are about, or "".
func homeCountries(rows []bundle.SeriesRow, rowSource []uint16, sources int) []string {
	const minHomeRows = 100
	counts := make([]map[string]int, sources)
	totals := make([]int, sources)
	for i := range rows {
		s := rowSource[i]
		if counts[s] == nil {
			counts[s] = map[string]int{}
		}
		counts[s][rows[i].Country]++
		totals[s]++
	}
	home := make([]string, sources)
	for s, m := range counts {
		for iso, n := range m {
			if iso != "" && n >= minHomeRows && float64(n) >= minHomeShare*float64(totals[s]) {
				home[s] = iso
			}
		}
	}
	return home
}

// staleYears is how long before its source's newest observation a row's
// coverage must have ended for the row to be stale: a series stopped a
// decade before its catalog's latest figures (NBER's macrohistory rows,
// which end in the 1960s; a FRED table discontinued in 1999) has been
// replaced, and a question that names no past is about the one that
// replaced it.
const staleYears = 10

// staleCutoffs returns, per source code, the date staleYears before the
// source's recent end ("" when no row has an end). The recent end is the
// month that a quarter of the source's rows reach or pass, not the
// latest: a few projection series (FRED holds CBO projections to 2033)
// would otherwise make every current series look stale. Ends are counted
// by month, so a 365,000-row catalog is read once, without sorting.
func staleCutoffs(rows []bundle.SeriesRow, rowSource []uint16, sources int) []string {
	const firstYear, years = 1700, 500
	counts := make([][]int32, sources)
	totals := make([]int, sources)
	for i := range rows {
		m, ok := endMonth(rows[i].End, firstYear, years)
		if !ok {
			continue
		}
		s := rowSource[i]
		if counts[s] == nil {
			counts[s] = make([]int32, years*12)
		}
		counts[s][m]++
		totals[s]++
	}
	cut := make([]string, sources)
	for s, cs := range counts {
		if cs == nil {
			continue
		}
		// Walk down from the latest month until a quarter of the rows end
		// there or later.
		seen := 0
		for m := len(cs) - 1; m >= 0; m-- {
			seen += int(cs[m])
			if 4*seen >= totals[s] {
				cut[s] = fmt.Sprintf("%04d-%02d-01", firstYear+m/12-staleYears, m%12+1)
				break
			}
		}
	}
	return cut
}

// endMonth returns the month index (since January of firstYear) of a
// "YYYY-MM…" or "YYYY" date, and whether it is one within the years.
func endMonth(end string, firstYear, years int) (int, bool) {
	if len(end) < 4 {
		return 0, false
	}
	y, err := strconv.Atoi(end[:4])
	if err != nil || y < firstYear || y >= firstYear+years {
		return 0, false
	}
	month := 1
	if len(end) >= 7 && end[4] == '-' {
		if m, err := strconv.Atoi(end[5:7]); err == nil && m >= 1 && m <= 12 {
			month = m
		}
	}
	return (y-firstYear)*12 + month - 1, true
}

func (e *Engine) loadVectors(ctx context.Context, emb *bundle.Embedding) error {
	b := e.cat.Bundle
	var v *vectorIndex
	if b.HasPartitions() {
		// Format 2: the builder partitioned the vectors; map them.
		rows, parts, err := b.MapRowVectors()
		if err != nil {
			return fmt.Errorf("search: row vectors: %w", err)
		}
		v = mappedVectorIndex(rows, parts)
	} else {
		rows, err := b.ReadVectors(bundle.RowVectorsFile, e.cat.Len())
		if err != nil {
			return fmt.Errorf("search: row vectors: %w", err)
		}
		v = &vectorIndex{dim: emb.Dim, rows: rows}
	}
	if b.Has(bundle.HeadVectorsFile) && len(e.cat.Headings) > 0 {
		heads, err := b.MapVectors(bundle.HeadVectorsFile, len(e.cat.Headings))
		if err != nil {
			return fmt.Errorf("search: heading vectors: %w", err)
		}
		v.heads = heads
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	model := e.embedder
	if model.Dim() != emb.Dim {
		return fmt.Errorf("%w: model dimension %d, vectors %d", ErrModelMismatch, model.Dim(), emb.Dim)
	}
	if emb.ModelID != "" && model.ModelID() != emb.ModelID {
		return fmt.Errorf("%w: model id %s, vectors made by %s", ErrModelMismatch, model.ModelID(), emb.ModelID)
	}
	if v.parts == nil { // format 1: partition at open
		var loose []int32
		for i, h := range e.rowHead {
			if h < 0 {
				loose = append(loose, int32(i))
			}
		}
		v.buildPartitions(e.headRows, loose)
	}
	e.headParts = make([][]int32, len(e.cat.Headings))
	for i, p := range v.parts {
		if p.heading >= 0 {
			e.headParts[p.heading] = append(e.headParts[p.heading], int32(i))
		}
	}
	e.vec = v
	return nil
}

// Close releases the text index and the model.
func (e *Engine) Close() error {
	e.stopPreparing()
	var errs []error
	if e.lex != nil {
		errs = append(errs, e.lex.close())
		e.lex = nil
	}
	if e.embedder != nil {
		errs = append(errs, e.embedder.Close())
		e.embedder = nil
	}
	return errors.Join(errs...)
}

// Catalog returns the catalog the engine searches.
func (e *Engine) Catalog() *catalog.Catalog { return e.cat }

// HasEmbeddings reports whether semantic search is available.
func (e *Engine) HasEmbeddings() bool { return e.vec != nil }

// active returns the signals a mode uses, less those switched off.
func (e *Engine) active(m Mode) Signals {
	s := Signals{Boosts: true, IDs: true, Headings: true}
	switch m {
	case Keyword:
		s.Keyword, s.Synonyms, s.Coverage, s.Focus, s.Prior = true, true, true, true, true
	case Semantic:
		s.Semantic = true
	default:
		s.Keyword, s.Synonyms, s.Semantic, s.Coverage, s.Focus, s.Prior = true, true, true, true, true, true
	}
	d := e.opts.Disable
	s.Keyword = s.Keyword && !d.Keyword && e.lex != nil
	s.Headings = s.Headings && !d.Headings
	s.Semantic = s.Semantic && !d.Semantic && e.vec != nil
	if m == Hybrid && e.w.Semantic == 0 && e.w.SemanticHeading == 0 {
		s.Semantic = false // weight 0 costs nothing: no query embedding, no probe
	}
	s.Boosts = s.Boosts && !d.Boosts
	s.Synonyms = s.Synonyms && !d.Synonyms
	s.IDs = s.IDs && !d.IDs
	s.Coverage = s.Coverage && !d.Coverage
	s.Focus = s.Focus && !d.Focus
	s.Prior = s.Prior && !d.Prior
	return s
}

// sortCandidates orders by score, then by catalog order (stable across runs).
func sortCandidates(cs []*candidate) {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].score != cs[j].score {
			return cs[i].score > cs[j].score
		}
		return cs[i].row < cs[j].row
	})
}

// Package textindex owns the bleve text index shared by the indexer (which
// builds it) and the runtime (which opens it read-only): the document shape,
// the field mapping and the analyzer that splits outline numbering from
// words ("I.A.LOANS" → "I A LOANS"), folds case and accents (Türkiye,
// TÜRKİYE, Turkiye) and stems English.
package textindex

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/porter"
	bleveunicode "github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/registry"
	index "github.com/blevesearch/bleve_index_api"
	"golang.org/x/text/unicode/norm"
)

// Names registered with bleve.
const (
	AnalyzerName    = "sextant"
	FoldFilterName  = "sextant_fold"
	SplitFilterName = "sextant_split"
)

// Document kinds.
const (
	KindRow     = "row"
	KindHeading = "heading"
)

// Field names.
const (
	FieldKind      = "kind"
	FieldTitle     = "title"
	FieldAlt       = "alt"
	FieldHeading   = "heading"
	FieldUnit      = "unit"
	FieldFrequency = "frequency"
	FieldSource    = "source"
	FieldCountry   = "country"
)

// Recipe numbers the index's mapping and analysers (Mapping and the
// filters registered here). Change it with any change to them: a rebuild
// reuses a previous bundle's index only when the recipe and the documents
// are the same.
const Recipe = 1

// ErrIndex wraps bleve failures.
var ErrIndex = errors.New("textindex: index error")

// Doc is one indexed document: a catalog row (id = series id) or a heading
// (id = "h:" + heading id, Title = its label, Heading = its path).
type Doc struct {
	Kind      string `json:"kind"`
	Title     string `json:"title"`
	Alt       string `json:"alt"`
	Heading   string `json:"heading"`
	Unit      string `json:"unit"`
	Frequency string `json:"frequency"`
	Source    string `json:"source"`
	Country   string `json:"country"`
}

// Type makes bleve use the "doc" mapping for every Doc.
func (Doc) Type() string { return "doc" }

// HeadingDocID is the document id of a heading.
func HeadingDocID(headingID string) string { return "h:" + headingID }

// Fold lowercases and strips accents: "TÜRKİYE" → "turkiye", "Ağustos" → "agustos".
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r == 'ı' || r == 'İ':
			b.WriteRune('i')
		case r == 'ß' || r == 'ẞ':
			b.WriteString("ss")
		case unicode.IsSpace(r) || unicode.IsControl(r):
			b.WriteByte(' ')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

type foldFilter struct{}

func (foldFilter) Filter(input []byte) []byte { return []byte(Fold(string(input))) }

// SplitJoined separates the words that a '.' or '_' joins, which Unicode
// word breaking would keep as one token: outline numbering glued to the
// first word of a label ("I.A.LOANS TO NON_FINANCIAL SECTOR" → "I A LOANS
// TO NON FINANCIAL SECTOR", "A.Total" → "A Total") and dotted
// abbreviations ("U.S." → "US"). A dot between two digits stays: "3.5".
func SplitJoined(s string) string {
	if !strings.ContainsAny(s, "._") {
		return s
	}
	b := []byte(s)
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '.' && c != '_' {
			out = append(out, c)
			continue
		}
		prevDigit := i > 0 && b[i-1] >= '0' && b[i-1] <= '9'
		nextDigit := i+1 < len(b) && b[i+1] >= '0' && b[i+1] <= '9'
		if c == '.' && prevDigit && nextDigit {
			out = append(out, c) // a decimal number
			continue
		}
		if c == '.' && isAbbrevDot(b, i) {
			continue // "U.S." reads "US"
		}
		out = append(out, ' ')
	}
	return string(out)
}

// isAbbrevDot reports whether the dot at i closes one letter of a dotted
// abbreviation: a lone ASCII letter before it, and the abbreviation has
// at least two letters ("U.S.", "U.K."), ending at a non-letter.
func isAbbrevDot(b []byte, i int) bool {
	lone := func(j int) bool { // b[j] is a letter standing alone before a dot at j+1
		return j >= 0 && isASCIILetter(b[j]) && (j == 0 || !isASCIILetter(b[j-1]) && b[j-1] != '_' && !(b[j-1] >= '0' && b[j-1] <= '9'))
	}
	if !lone(i - 1) {
		return false
	}
	start := i - 1
	for start >= 2 && b[start-1] == '.' && lone(start-2) {
		start -= 2
	}
	end := i
	for end+2 < len(b) && isASCIILetter(b[end+1]) && b[end+2] == '.' {
		end += 2
	}
	if end+1 < len(b) && (isASCIILetter(b[end+1]) || b[end+1] >= '0' && b[end+1] <= '9') {
		return false // outline numbering glued to a word: "I.A.LOANS"
	}
	return end > start+1
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

type splitFilter struct{}

func (splitFilter) Filter(input []byte) []byte { return []byte(SplitJoined(string(input))) }

func init() {
	if err := registry.RegisterCharFilter(FoldFilterName, func(map[string]interface{}, *registry.Cache) (analysis.CharFilter, error) {
		return foldFilter{}, nil
	}); err != nil {
		panic(err)
	}
	if err := registry.RegisterCharFilter(SplitFilterName, func(map[string]interface{}, *registry.Cache) (analysis.CharFilter, error) {
		return splitFilter{}, nil
	}); err != nil {
		panic(err)
	}
	if err := registry.RegisterAnalyzer(AnalyzerName, func(_ map[string]interface{}, cache *registry.Cache) (analysis.Analyzer, error) {
		split, err := cache.CharFilterNamed(SplitFilterName)
		if err != nil {
			return nil, err
		}
		fold, err := cache.CharFilterNamed(FoldFilterName)
		if err != nil {
			return nil, err
		}
		tok, err := cache.TokenizerNamed(bleveunicode.Name)
		if err != nil {
			return nil, err
		}
		poss, err := cache.TokenFilterNamed(en.PossessiveName)
		if err != nil {
			return nil, err
		}
		stem, err := cache.TokenFilterNamed(porter.Name)
		if err != nil {
			return nil, err
		}
		// No stop-word filter: "us" is a stop word and also the United States;
		// BM25's IDF already discounts frequent words.
		return &analysis.DefaultAnalyzer{CharFilters: []analysis.CharFilter{split, fold}, Tokenizer: tok, TokenFilters: []analysis.TokenFilter{poss, stem}}, nil
	}); err != nil {
		panic(err)
	}
}

// Mapping returns the index mapping: BM25 scoring, the folding analyzer on
// text fields, keyword fields for kind, frequency, source and country.
func Mapping() mapping.IndexMapping {
	text := func() *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = AnalyzerName
		f.Store = false
		f.IncludeTermVectors = false
		f.IncludeInAll = false
		f.DocValues = false
		return f
	}
	keyword := func() *mapping.FieldMapping {
		f := bleve.NewKeywordFieldMapping()
		f.Store = false
		f.IncludeTermVectors = false
		f.IncludeInAll = false
		f.DocValues = false
		return f
	}
	doc := bleve.NewDocumentStaticMapping()
	doc.AddFieldMappingsAt(FieldKind, keyword())
	doc.AddFieldMappingsAt(FieldTitle, text())
	doc.AddFieldMappingsAt(FieldAlt, text())
	doc.AddFieldMappingsAt(FieldHeading, text())
	doc.AddFieldMappingsAt(FieldUnit, text())
	doc.AddFieldMappingsAt(FieldFrequency, keyword())
	doc.AddFieldMappingsAt(FieldSource, keyword())
	doc.AddFieldMappingsAt(FieldCountry, keyword())
	im := bleve.NewIndexMapping()
	im.AddDocumentMapping("doc", doc)
	im.DefaultMapping = doc
	im.DefaultAnalyzer = AnalyzerName
	im.ScoringModel = index.BM25Scoring
	im.StoreDynamic = false
	im.IndexDynamic = false
	im.DocValuesDynamic = false
	return im
}

// Builder writes a new index with bleve's offline builder: documents are
// analysed into segments of builderBatch documents, and Close merges them
// into the single segment the runtime reads. A query looks up each of its
// terms in every segment, so one segment is what makes the index fast to
// search (an index left as bleve's online merger has it holds about 20
// segments at 365,000 rows).
type Builder struct {
	b       bleve.Builder
	path    string
	scratch string // the directory the intermediate segments are written under
	docs    int
}

// builderBatch is how many documents make one intermediate segment (a
// batch holds analysed documents, roughly a few KB each); builderMergeMax
// how many segments one merge step reads.
const (
	builderBatch    = 4096
	builderMergeMax = 10
)

// Create starts a new index at path (which must not exist). Intermediate
// segments are written beside it, in a temporary directory removed by
// Close.
func Create(path string) (*Builder, error) {
	scratch, err := os.MkdirTemp(filepath.Dir(path), "."+filepath.Base(path)+"-build-")
	if err != nil {
		return nil, fmt.Errorf("%w: create %s: %v", ErrIndex, path, err)
	}
	b, err := bleve.NewBuilder(path, Mapping(), map[string]interface{}{
		"batchSize":       builderBatch,
		"mergeMax":        builderMergeMax,
		"buildPathPrefix": scratch,
	})
	if err != nil {
		os.RemoveAll(scratch)
		return nil, fmt.Errorf("%w: create %s: %v", ErrIndex, path, err)
	}
	return &Builder{b: b, path: path, scratch: scratch}, nil
}

// Add queues a document.
func (b *Builder) Add(ctx context.Context, id string, d Doc) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := b.b.Index(id, d); err != nil {
		return fmt.Errorf("%w: index %s: %v", ErrIndex, id, err)
	}
	b.docs++
	return nil
}

// Close writes the last segment, merges all of them into one and writes
// the index. An index whose Close failed is incomplete: remove its path.
func (b *Builder) Close(ctx context.Context) error {
	defer os.RemoveAll(b.scratch)
	if err := ctx.Err(); err != nil {
		return err
	}
	if b.docs == 0 {
		// bleve's offline builder cannot write an index of no segment.
		return createEmpty(b.path)
	}
	if err := b.b.Close(); err != nil {
		return fmt.Errorf("%w: close %s: %v", ErrIndex, b.path, err)
	}
	return nil
}

// createEmpty writes an index of no document at path, in place of the
// offline builder's start.
func createEmpty(path string) error {
	if err := os.RemoveAll(path); err != nil {
		return fmt.Errorf("%w: create %s: %v", ErrIndex, path, err)
	}
	idx, err := bleve.New(path, Mapping())
	if err != nil {
		return fmt.Errorf("%w: create %s: %v", ErrIndex, path, err)
	}
	if err := idx.Close(); err != nil {
		return fmt.Errorf("%w: close %s: %v", ErrIndex, path, err)
	}
	return nil
}

// Open opens an index read-only.
func Open(path string) (bleve.Index, error) {
	idx, err := bleve.OpenUsing(path, map[string]interface{}{"read_only": true})
	if err != nil {
		return nil, fmt.Errorf("%w: open %s: %v", ErrIndex, path, err)
	}
	return idx, nil
}

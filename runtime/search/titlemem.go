package search

import (
	"context"
	"fmt"
	"math"
	"sync"

	bsearch "github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
)

// Common title words scored in memory.
//
// A clause of a common word against the title field ("price", "index",
// "rate" at 365,000 rows) brings no candidates (textQuery); it only adds
// to documents the rarer clauses bring. Inside bleve that addition costs
// a posting-list advance per clause per candidate, about half of the text
// pass. Here a common title word's postings are read once (on the first
// query that needs it) into a sorted list of documents with each one's
// BM25 saturation, and the text pass adds the clause's score by walking a
// cursor along the list as it visits documents in index order. The score
// is bleve's: idf·saturation times the clause's query weight boost·idf
// (before bleve's query normalisation, which textQuery.scale undoes);
// the clauses count with the index's common clauses in bleve's
// coordination factor exactly as the near heading clauses do (coord.go).
// Lists stay read for the engine's life: at most every title posting of
// the index, 12 bytes each (an estimated 45 MB for 365,000 rows of about
// ten title words; in practice the few hundred common words and the
// words of expansions queries used). The same reader serves the alt,
// heading and unit fields to the text pass in memory (textmem.go), which
// reads only the lists of words its queries use (heading words common
// enough to cost much are scored per heading instead, headfield.go).
type fieldPostings struct {
	l      *lexIndex
	field  string
	avgLen float64 // bleve's average field length (rounded up)
	mu     sync.Mutex
	lists  map[string]*titlePostings
	merges map[string]*titlePostings // lists merged from several tokens' (textmem.go)
}

// merged returns the list build makes for key, calling it on first use.
func (tf *fieldPostings) merged(key string, build func() *titlePostings) *titlePostings {
	tf.mu.Lock()
	defer tf.mu.Unlock()
	if l, ok := tf.merges[key]; ok {
		return l
	}
	if tf.merges == nil {
		tf.merges = map[string]*titlePostings{}
	}
	l := build()
	tf.merges[key] = l
	return l
}

// titlePostings are one token's title postings: documents ascending, and
// each document's BM25 saturation of the token.
type titlePostings struct {
	docs []uint32
	sat  []float64
}

// newFieldPostings reads field's BM25 statistics; its postings are read
// on first use.
func newFieldPostings(l *lexIndex, field string) (*fieldPostings, error) {
	tf := &fieldPostings{l: l, field: field, lists: map[string]*titlePostings{}}
	br, ok := l.reader.(index.BM25Reader)
	if !ok || l.docs == 0 {
		return nil, nil // no BM25 statistics: the clauses stay in the index
	}
	card, err := br.FieldCardinality(field)
	if err != nil {
		return nil, fmt.Errorf("text index: %w", err)
	}
	tf.avgLen = math.Ceil(float64(card) / l.docs)
	return tf, nil
}

// postings returns tok's postings in the field, reading them on first use.
func (tf *fieldPostings) postings(ctx context.Context, tok string) (*titlePostings, error) {
	tf.mu.Lock()
	defer tf.mu.Unlock()
	if p, ok := tf.lists[tok]; ok {
		return p, nil
	}
	r, err := tf.l.reader.TermFieldReader(ctx, []byte(tok), tf.field, true, true, false)
	if err != nil {
		return nil, fmt.Errorf("text index: %w", err)
	}
	defer r.Close()
	n := r.Count()
	p := &titlePostings{docs: make([]uint32, 0, n), sat: make([]float64, 0, n)}
	var d index.TermFieldDoc
	for {
		got, err := r.Next(&d)
		if err != nil {
			return nil, fmt.Errorf("text index: %w", err)
		}
		if got == nil {
			break
		}
		doc := got.ID.Value()
		// bleve's BM25 (search/scorer: TermQueryScorer.Score and
		// docScore: tf is the square root of the frequency), less the
		// idf the clause weight carries.
		freq := math.Sqrt(float64(got.Freq))
		length := 1 / (got.Norm * got.Norm)
		p.docs = append(p.docs, uint32(doc))
		p.sat = append(p.sat, freq*bsearch.BM25_k1/(freq+bsearch.BM25_k1*(1-bsearch.BM25_b+bsearch.BM25_b*length/tf.avgLen)))
		d.Reset()
	}
	tf.lists[tok] = p
	return p, nil
}

// titleClause is a common word's clause against the title field, scored
// in memory: weight is boost·idf².
type titleClause struct {
	tok    string
	weight float64
	list   *titlePostings
}

// titleCursor walks the title clauses' postings along one pass over a
// range of documents in index order.
type titleCursor struct {
	clauses []titleClause
	at      []int
}

func newTitleCursor(clauses []titleClause) *titleCursor {
	return &titleCursor{clauses: clauses, at: make([]int, len(clauses))}
}

// share returns the summed score of the clauses document doc holds and
// how many it holds; docs must come in ascending order.
func (c *titleCursor) share(doc uint64) (score float64, matched int32) {
	d := uint32(doc) // document numbers fit: postings hold them as uint32
	for i, cl := range c.clauses {
		docs := cl.list.docs
		j := seek(docs, c.at[i], d)
		c.at[i] = j
		if j < len(docs) && docs[j] == d {
			score += cl.weight * cl.list.sat[j]
			matched++
		}
	}
	return score, matched
}

// Package evalret measures catalog retrieval on question sets: each
// question names the source-native ids of the right rows, a Searcher
// answers it, and the report gives recall at 1, 5 and 20, mean reciprocal
// rank, heading recall at 5 and every question's ranks.
package evalret

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sextant-dev/sextant/runtime/search"
)

// ErrBadQuestion is returned for a malformed question line.
var ErrBadQuestion = errors.New("evalret: bad question")

// Question is one line of a question file (the shape of eval/questions.jsonl).
type Question struct {
	ID       string   `json:"id,omitempty"` // a name for the question, optional
	Question string   `json:"question"`
	Source   string   `json:"source"`   // namespace of the gold rows: evds, fred, weo, ifs, wdi, bis
	GoldIDs  []string `json:"gold_ids"` // source-native ids, any one right; "ns:id" names another source's row
	IDField  string   `json:"id_field"`
	Notes    string   `json:"notes"`
	// Kind says what sort of query it is (typo, acronym, one-word...),
	// for sets of short everyday queries; optional.
	Kind string `json:"kind,omitempty"`
	// Set names the file the question came from when several are
	// measured together (not a field of the file).
	Set string `json:"-"`
}

// Searcher answers a catalog query.
type Searcher interface {
	Search(ctx context.Context, req search.Request) (search.Result, error)
}

// ReadQuestions reads a JSON-lines question file.
func ReadQuestions(path string) ([]Question, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("evalret: open questions: %w", err)
	}
	defer f.Close()
	return DecodeQuestions(f, path)
}

// DecodeQuestions reads JSON-lines questions from r; name is used in errors.
func DecodeQuestions(r io.Reader, name string) ([]Question, error) {
	var out []Question
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var q Question
		dec := json.NewDecoder(strings.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&q); err != nil {
			return nil, fmt.Errorf("%w: %s:%d: %v", ErrBadQuestion, name, n, err)
		}
		switch {
		case strings.TrimSpace(q.Question) == "":
			return nil, fmt.Errorf("%w: %s:%d: field \"question\" is empty", ErrBadQuestion, name, n)
		case q.Source == "":
			return nil, fmt.Errorf("%w: %s:%d: field \"source\" is empty", ErrBadQuestion, name, n)
		case len(q.GoldIDs) == 0:
			return nil, fmt.Errorf("%w: %s:%d: field \"gold_ids\" is empty", ErrBadQuestion, name, n)
		}
		for _, id := range q.GoldIDs {
			if strings.TrimSpace(id) == "" {
				return nil, fmt.Errorf("%w: %s:%d: field \"gold_ids\" has an empty id", ErrBadQuestion, name, n)
			}
		}
		out = append(out, q)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("evalret: read %s: %w", name, err)
	}
	return out, nil
}

// SplitID maps a namespaced hit id back to its source and native id:
// "evds:TP.FG.J0" → ("evds", "TP.FG.J0"), "weo:WEOApr2024|Türkiye|...|..."
// → ("weo", "WEOApr2024|Türkiye|...|..."). Only the first colon splits
// (native ids may contain colons); an id without one has no source.
func SplitID(id string) (source, native string) {
	if i := strings.IndexByte(id, ':'); i >= 0 {
		return id[:i], id[i+1:]
	}
	return "", id
}

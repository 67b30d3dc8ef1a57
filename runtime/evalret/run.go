package evalret

import (
	"context"
	"fmt"

	"github.com/sextant-dev/sextant/runtime/search"
)

// Options controls a run.
type Options struct {
	// Limit is the number of hits asked for per question (0: 20). Recall
	// at 20 needs at least 20.
	Limit int
	// Mode is passed to the searcher ("" lets it choose).
	Mode search.Mode
	// HasNativeID tells whether a gold id exists in the searched catalog;
	// nil counts every question as in the catalog.
	HasNativeID func(source, nativeID string) bool
}

// QuestionResult is one question's outcome. Ranks are 1-based; 0 means
// not found within the hits returned.
type QuestionResult struct {
	Question    string   `json:"question"`
	Source      string   `json:"source"`
	Gold        []string `json:"gold"`
	InCatalog   bool     `json:"in_catalog"`
	Rank        int      `json:"rank"`          // first gold row among hits in rank order (by score)
	HeadingRank int      `json:"heading_rank"`  // first group holding a gold row
	Top         []string `json:"top,omitempty"` // first few hit ids, for reading failures
	Error       string   `json:"error,omitempty"`
}

// Report is the outcome of a question set. Rates are over N.
type Report struct {
	N                int     `json:"n"`
	InCatalog        int     `json:"in_catalog"`
	RecallAt1        float64 `json:"recall_at_1"`
	RecallAt5        float64 `json:"recall_at_5"`
	RecallAt20       float64 `json:"recall_at_20"`
	MRR              float64 `json:"mrr"`
	HeadingRecallAt5 float64 `json:"heading_recall_at_5"`
	Errors           int     `json:"errors,omitempty"`
	// BySource is the same summary per question source (evds, fred, …):
	// where a set's misses come from.
	BySource  map[string]SourceSummary `json:"by_source,omitempty"`
	Questions []QuestionResult         `json:"questions"`
}

// SourceSummary is a report's figures over the questions of one source.
type SourceSummary struct {
	N                int     `json:"n"`
	RecallAt1        float64 `json:"recall_at_1"`
	RecallAt5        float64 `json:"recall_at_5"`
	RecallAt20       float64 `json:"recall_at_20"`
	HeadingRecallAt5 float64 `json:"heading_recall_at_5"`
}

// topShown is how many hit ids a QuestionResult keeps for reading.
const topShown = 5

// Run asks every question and scores the answers. A searcher error on one
// question is recorded in its result (rank 0) and the run goes on; a
// cancelled context stops the run.
func Run(ctx context.Context, s Searcher, qs []Question, o Options) (Report, error) {
	limit := o.Limit
	if limit <= 0 {
		limit = 20
	}
	var rep Report
	for _, q := range qs {
		if err := ctx.Err(); err != nil {
			return rep, fmt.Errorf("evalret: run stopped: %w", err)
		}
		qr := QuestionResult{Question: q.Question, Source: q.Source, Gold: q.GoldIDs, InCatalog: true}
		if o.HasNativeID != nil {
			qr.InCatalog = false
			for _, id := range q.GoldIDs {
				if o.HasNativeID(q.Source, id) {
					qr.InCatalog = true
					break
				}
			}
		}
		res, err := s.Search(ctx, search.Request{Query: q.Question, Limit: limit, Mode: o.Mode})
		if err != nil {
			if ctx.Err() != nil {
				return rep, fmt.Errorf("evalret: run stopped: %w", ctx.Err())
			}
			qr.Error = err.Error()
			rep.Errors++
		} else {
			qr.Rank, qr.HeadingRank, qr.Top = Ranks(res, q.Source, q.GoldIDs)
		}
		rep.Questions = append(rep.Questions, qr)
	}
	rep.summarise()
	return rep, nil
}

// Ranks finds the 1-based rank of the first gold row among the result's
// hits in its rank order (search.Result.Ranked: by score, the order the
// agent reads candidates in; a repeated hit id counted once) and of the
// first group that holds a gold row; 0 when absent. It also returns the
// first hit ids. A hit matches when its native id is a gold id and its
// namespace is the question's source (a hit without namespace matches on
// its native id alone).
func Ranks(res search.Result, source string, gold []string) (rank, headingRank int, top []string) {
	isGold := map[string]bool{}
	for _, g := range gold {
		isGold[g] = true
	}
	seen := map[string]bool{}
	pos := 0
	for _, r := range res.Ranked() {
		if seen[r.ID] && r.ID != "" {
			continue
		}
		seen[r.ID] = true
		pos++
		if len(top) < topShown {
			top = append(top, r.ID)
		}
		if !hitIsGold(r.Hit, source, isGold) {
			continue
		}
		if rank == 0 {
			rank = pos
		}
		if headingRank == 0 || r.Group+1 < headingRank {
			headingRank = r.Group + 1
		}
	}
	return rank, headingRank, top
}

func hitIsGold(h search.Hit, source string, isGold map[string]bool) bool {
	ns, native := SplitID(h.ID)
	if h.NativeID != "" {
		native = h.NativeID
	}
	if ns != "" && source != "" && ns != source {
		return false
	}
	return isGold[native]
}

func (r *Report) summarise() {
	r.N = len(r.Questions)
	r.InCatalog, r.RecallAt1, r.RecallAt5, r.RecallAt20, r.MRR, r.HeadingRecallAt5 = 0, 0, 0, 0, 0, 0
	r.BySource = nil
	if r.N == 0 {
		return
	}
	r.BySource = map[string]SourceSummary{}
	for _, q := range r.Questions {
		if q.InCatalog {
			r.InCatalog++
		}
		src := r.BySource[q.Source]
		src.N++
		if q.Rank > 0 {
			r.MRR += 1 / float64(q.Rank)
			r.RecallAt1 += b2f(q.Rank <= 1)
			r.RecallAt5 += b2f(q.Rank <= 5)
			r.RecallAt20 += b2f(q.Rank <= 20)
			src.RecallAt1 += b2f(q.Rank <= 1)
			src.RecallAt5 += b2f(q.Rank <= 5)
			src.RecallAt20 += b2f(q.Rank <= 20)
		}
		if q.HeadingRank > 0 && q.HeadingRank <= 5 {
			r.HeadingRecallAt5++
			src.HeadingRecallAt5++
		}
		r.BySource[q.Source] = src
	}
	n := float64(r.N)
	r.RecallAt1 /= n
	r.RecallAt5 /= n
	r.RecallAt20 /= n
	r.MRR /= n
	r.HeadingRecallAt5 /= n
	for k, src := range r.BySource {
		m := float64(src.N)
		src.RecallAt1 /= m
		src.RecallAt5 /= m
		src.RecallAt20 /= m
		src.HeadingRecallAt5 /= m
		r.BySource[k] = src
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

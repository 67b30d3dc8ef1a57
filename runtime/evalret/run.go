package evalret

import (
	"context"
	"fmt"
	"strings"

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
	// HeadingOf returns the heading id of a gold row ("" when it has
	// none or is not in the catalog); nil leaves GoldHeadingRank 0.
	HeadingOf func(source, nativeID string) string
}

// QuestionResult is one question's outcome. Ranks are 1-based; 0 means
// not found within the hits returned.
type QuestionResult struct {
	Question    string   `json:"question"`
	Set         string   `json:"set,omitempty"` // the question file, when several were run
	Source      string   `json:"source"`
	Gold        []string `json:"gold"`
	InCatalog   bool     `json:"in_catalog"`
	Rank        int      `json:"rank"`         // first gold row among hits in rank order (by score)
	HeadingRank int      `json:"heading_rank"` // first group holding a gold row
	// GoldHeadingRank is the first group whose heading is a gold row's
	// heading, whether or not that group shows the gold row itself: the
	// group names its heading and size, and the agent can list the
	// heading's rows from it. A group showing a gold row counts too, so
	// it is never worse than HeadingRank.
	GoldHeadingRank int      `json:"gold_heading_rank,omitempty"`
	Top             []string `json:"top,omitempty"`          // first few hit ids, for reading failures
	SearchedFor     string   `json:"searched_for,omitempty"` // the query as searched, when it was rewritten
	Error           string   `json:"error,omitempty"`
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
	// GoldHeadingAt5 is the share of questions with a gold row's heading
	// among the first five groups (GoldHeadingRank ≤ 5).
	GoldHeadingAt5 float64 `json:"gold_heading_at_5"`
	Errors         int     `json:"errors,omitempty"`
	// BySource is the same summary per question source (evds, fred, …):
	// where a set's misses come from.
	BySource map[string]SourceSummary `json:"by_source,omitempty"`
	// BySet is the same summary per question file, when questions of
	// several files were pooled (the top-level figures are the pool's).
	BySet     map[string]SourceSummary `json:"by_set,omitempty"`
	Questions []QuestionResult         `json:"questions"`
}

// SourceSummary is a report's figures over a group of its questions: one
// source's, or one question file's.
type SourceSummary struct {
	N                int     `json:"n"`
	RecallAt1        float64 `json:"recall_at_1"`
	RecallAt5        float64 `json:"recall_at_5"`
	RecallAt20       float64 `json:"recall_at_20"`
	HeadingRecallAt5 float64 `json:"heading_recall_at_5"`
	GoldHeadingAt5   float64 `json:"gold_heading_at_5"`
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
		qr := QuestionResult{Question: q.Question, Set: q.Set, Source: q.Source, Gold: q.GoldIDs, InCatalog: true}
		if o.HasNativeID != nil {
			qr.InCatalog = false
			for _, g := range q.GoldIDs {
				if src, id := goldSource(q.Source, g); o.HasNativeID(src, id) {
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
			qr.SearchedFor = res.SearchedFor
			if o.HeadingOf != nil {
				qr.GoldHeadingRank = GoldHeadingRank(res, q.Source, q.GoldIDs, o.HeadingOf)
				// A group showing a gold row counts too, headed or not
				// (a source's rows without a heading share one group).
				if qr.HeadingRank > 0 && (qr.GoldHeadingRank == 0 || qr.HeadingRank < qr.GoldHeadingRank) {
					qr.GoldHeadingRank = qr.HeadingRank
				}
			}
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

// GoldHeadingRank returns the 1-based position of the first group whose
// heading is the heading of one of the gold rows (headingOf maps a gold
// native id to its heading id), 0 when no group's is.
func GoldHeadingRank(res search.Result, source string, gold []string, headingOf func(source, nativeID string) string) int {
	heads := map[string]bool{}
	for _, g := range gold {
		if h := headingOf(goldSource(source, g)); h != "" {
			heads[h] = true
		}
	}
	for i, g := range res.Groups {
		if g.HeadingID != "" && heads[g.HeadingID] {
			return i + 1
		}
	}
	return 0
}

func hitIsGold(h search.Hit, source string, isGold map[string]bool) bool {
	ns, native := SplitID(h.ID)
	if h.NativeID != "" {
		native = h.NativeID
	}
	if ns != "" && isGold[ns+":"+native] {
		return true // a gold id written with its own source
	}
	if ns != "" && source != "" && ns != source {
		return false
	}
	return isGold[native]
}

// goldSource is the source and native id of a gold id: the question's
// source, unless the id names its own ("bis:M.TR" in a question whose
// headline rows are EVDS's).
func goldSource(source, gold string) (string, string) {
	if ns, native, ok := strings.Cut(gold, ":"); ok && ns != "" && !strings.ContainsAny(ns, "|. ") {
		return ns, native
	}
	return source, gold
}

func (r *Report) summarise() {
	r.N = len(r.Questions)
	r.InCatalog, r.RecallAt1, r.RecallAt5, r.RecallAt20, r.MRR, r.HeadingRecallAt5, r.GoldHeadingAt5 = 0, 0, 0, 0, 0, 0, 0
	r.BySource, r.BySet = nil, nil
	if r.N == 0 {
		return
	}
	var all SourceSummary
	for _, q := range r.Questions {
		if q.InCatalog {
			r.InCatalog++
		}
		if q.Rank > 0 {
			r.MRR += 1 / float64(q.Rank)
		}
		all.add(q)
	}
	all.finish()
	r.RecallAt1, r.RecallAt5, r.RecallAt20, r.HeadingRecallAt5 = all.RecallAt1, all.RecallAt5, all.RecallAt20, all.HeadingRecallAt5
	r.GoldHeadingAt5 = all.GoldHeadingAt5
	r.MRR /= float64(r.N)
	r.BySource = groupSummaries(r.Questions, func(q QuestionResult) string { return q.Source })
	if sets := groupSummaries(r.Questions, func(q QuestionResult) string { return q.Set }); len(sets) > 1 {
		r.BySet = sets
	}
}

// groupSummaries summarises the questions per key.
func groupSummaries(qs []QuestionResult, key func(QuestionResult) string) map[string]SourceSummary {
	out := map[string]SourceSummary{}
	for _, q := range qs {
		s := out[key(q)]
		s.add(q)
		out[key(q)] = s
	}
	for k, s := range out {
		s.finish()
		out[k] = s
	}
	return out
}

// add counts one question's hits; finish turns the counts into rates.
func (s *SourceSummary) add(q QuestionResult) {
	s.N++
	if q.Rank > 0 {
		s.RecallAt1 += b2f(q.Rank <= 1)
		s.RecallAt5 += b2f(q.Rank <= 5)
		s.RecallAt20 += b2f(q.Rank <= 20)
	}
	if q.HeadingRank > 0 && q.HeadingRank <= 5 {
		s.HeadingRecallAt5++
	}
	if q.GoldHeadingRank > 0 && q.GoldHeadingRank <= 5 {
		s.GoldHeadingAt5++
	}
}

func (s *SourceSummary) finish() {
	n := float64(s.N)
	s.RecallAt1 /= n
	s.RecallAt5 /= n
	s.RecallAt20 /= n
	s.HeadingRecallAt5 /= n
	s.GoldHeadingAt5 /= n
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

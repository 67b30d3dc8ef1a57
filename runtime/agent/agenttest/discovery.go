package agenttest

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/llm"
)

// AtScale returns a catalog's rows at n rows: base cut to n (rows with
// observations first) when it is larger, or grown with Grow when smaller.
func AtScale(base []agent.SeriesInfo, n int, seed uint64) []agent.SeriesInfo {
	if n >= len(base) {
		return Grow(base, n, seed)
	}
	rows := slices.Clone(base)
	slices.SortStableFunc(rows, func(a, b agent.SeriesInfo) int {
		switch {
		case a.HasData == b.HasData:
			return 0
		case a.HasData:
			return -1
		}
		return 1
	})
	return rows[:n]
}

// searcher is a scripted model: one search per query, then an answer. It
// records the requests it was sent.
type searcher struct {
	window  int
	queries []string
	limit   int
	step    int
}

func (s *searcher) ContextWindow() int { return s.window }

func (s *searcher) Generate(_ context.Context, req llm.Request) (llm.Response, error) {
	defer func() { s.step++ }()
	if s.step >= len(s.queries) {
		return llm.Response{Message: llm.Message{Role: llm.Assistant, Content: "done"}}, nil
	}
	a := map[string]any{"query": s.queries[s.step]}
	if s.limit > 0 {
		a["limit"] = s.limit
	}
	args, _ := json.Marshal(a)
	return llm.Response{Message: llm.Message{Role: llm.Assistant, ToolCalls: []llm.ToolCall{{
		ID: fmt.Sprintf("q%d", s.step), Name: agent.ToolSearch, Arguments: string(args)}}}}, nil
}

// Decisions records, for every request of a turn, which shown ids it kept.
type Decisions struct {
	Requests []agent.RequestEvent
	Tools    []agent.ToolEvent
}

func (d *Decisions) TurnStart(context.Context, int, string) {}
func (d *Decisions) Request(_ context.Context, ev agent.RequestEvent) {
	d.Requests = append(d.Requests, ev)
}
func (d *Decisions) Response(context.Context, agent.ResponseEvent)    {}
func (d *Decisions) ToolResult(_ context.Context, ev agent.ToolEvent) { d.Tools = append(d.Tools, ev) }
func (d *Decisions) Turn(context.Context, agent.TurnEvent)            {}

// RunDiscovery plays one turn of searches, one per query, each showing
// limit rows (0: the default), against any catalog (the real one included),
// and returns the turn's result and what each request showed.
func RunDiscovery(ctx context.Context, cat agent.Catalog, eng agent.Engine, window int, policy agent.Policy, queries []string, limit int) (agent.TurnResult, *Decisions, error) {
	d := &Decisions{}
	s, err := agent.New(&searcher{window: window, queries: queries, limit: limit}, cat, eng, agent.Options{Policy: policy, Recorder: d, MaxSteps: len(queries) + 1})
	if err != nil {
		return agent.TurnResult{}, nil, err
	}
	res, err := s.Ask(ctx, "Find these series.")
	return res, d, err
}

package agent_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/agent/agenttest"
	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/query"
	"github.com/sextant-dev/sextant/runtime/search"
)

// correctingCatalog answers as its catalog does, and says it corrected
// a misspelt word as the search engine's spelling stage does.
type correctingCatalog struct{ *agenttest.Catalog }

func (c correctingCatalog) Search(ctx context.Context, req search.Request) (search.Result, error) {
	fixed := strings.ReplaceAll(req.Query, "unemplyment", "unemployment")
	res, err := c.Catalog.Search(ctx, search.Request{Query: fixed, Limit: req.Limit})
	res.Query = req.Query
	if fixed != req.Query {
		res.SearchedFor = fixed
		res.Rewrites = []query.Rewrite{{From: "unemplyment", To: "unemployment", Kind: query.RewriteSpelling}}
	}
	return res, err
}

func TestSearchResultSaysWhatWasSearched(t *testing.T) {
	cat, eng := realCatalog(t)
	m := &scriptModel{window: 1 << 20}
	m.script = append(m.script, call(agent.ToolSearch, map[string]any{"query": "unemplyment rate"}),
		call(agent.ToolSearch, map[string]any{"query": "interest rate"}),
		llm.Message{Role: llm.Assistant, Content: "done"})
	d := &agenttest.Decisions{}
	sess, err := agent.New(m, correctingCatalog{cat}, eng, agent.Options{Recorder: d})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Ask(context.Background(), "q"); err != nil {
		t.Fatal(err)
	}
	if len(d.Tools) != 2 {
		t.Fatalf("%d tool calls", len(d.Tools))
	}
	if !strings.HasPrefix(d.Tools[0].Result, `showing results for "unemployment rate" (unemplyment → unemployment)`) {
		t.Errorf("corrected search does not say so:\n%s", d.Tools[0].Result)
	}
	if strings.Contains(d.Tools[1].Result, "showing results for") {
		t.Errorf("search as written says it was corrected:\n%s", d.Tools[1].Result)
	}
}

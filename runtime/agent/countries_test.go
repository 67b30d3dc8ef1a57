package agent_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/llm"
)

// One search over several countries shows each country's rows, even when
// a page of the plain search would be filled by the best-ranked ones.
func TestSearchOverSeveralCountriesShowsEachOne(t *testing.T) {
	cat, eng := realCatalog(t)
	steps := []llm.Message{
		call(agent.ToolSearch, map[string]any{"query": "central bank policy rate", "countries": []string{"BRA", "CHL", "COL", "zz"}}),
		call(agent.ToolSearch, map[string]any{"query": "central bank policy rate", "countries": []string{"BRA", "ARG", "TUR", "JPN"}, "limit": 4}),
		call(agent.ToolSearch, map[string]any{"query": "central bank policy rate", "country": "BRA", "countries": []string{"CHL"}}),
		call(agent.ToolAnswer, map[string]any{"text": "done"}),
	}
	m := &scriptModel{window: 1 << 20, script: steps}
	sess, err := agent.New(m, cat, eng, agent.Options{MaxSteps: len(steps)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Ask(context.Background(), "Policy rates of Brazil, Argentina, Türkiye and Japan."); err != nil {
		t.Fatal(err)
	}
	bad, _ := toolResult(m.reqs[1], steps[0].ToolCalls[0].ID)
	if !strings.Contains(bad, `country "ZZ" is not an ISO 3166 alpha-3 code`) {
		t.Errorf("a bad code among several: %s", bad)
	}
	got, _ := toolResult(m.reqs[2], steps[1].ToolCalls[0].ID)
	page, _, _ := strings.Cut(got, "Shortlist for the current request")
	for _, id := range []string{"bis:M.BR", "bis:M.AR", "bis:M.TR", "bis:M.JP"} {
		if !strings.Contains(page, "- "+id+" ") {
			t.Errorf("a page of 4 over 4 countries lacks %s:\n%s", id, page)
		}
	}
	if !strings.Contains(page, "country=BRA,ARG,TUR,JPN") {
		t.Errorf("the result does not say which countries it searched:\n%s", page)
	}
	both, _ := toolResult(m.reqs[3], steps[2].ToolCalls[0].ID)
	if !strings.Contains(both, "give country or countries, not both") {
		t.Errorf("country and countries together: %s", both)
	}
}

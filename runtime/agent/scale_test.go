package agent_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/agent/agenttest"
)

// Discovery queries an analyst session might run in one turn.
var scaleQueries = []string{
	"unemployment rate", "federal funds rate", "consumer price index", "bank prime loan rate",
	"commercial and industrial loans", "all employees total nonfarm", "central bank policy rate",
	"government gross debt percent of GDP", "inflation average consumer prices", "interest rates deposits",
}

var scales = []int{agenttest.ScaleTiny, agenttest.ScaleTarget, agenttest.ScaleFull}

var scaledCatalogs = map[int]*agenttest.Catalog{}

// scaled builds a catalog of n rows once per test binary.
func scaled(t *testing.T, n int) (*agenttest.Catalog, *agenttest.Engine) {
	t.Helper()
	if n == agenttest.ScaleFull && testing.Short() {
		t.Skip("358,000-row catalog skipped with -short")
	}
	cat, ok := scaledCatalogs[n]
	if !ok {
		var err error
		cat, err = agenttest.NewCatalog(agenttest.AtScale(loadRows(t), n, 7))
		if err != nil {
			t.Fatal(err)
		}
		scaledCatalogs[n] = cat
	}
	return cat, agenttest.NewEngine(cat.Rows())
}

// With a real window (32k tokens) and default-sized results, every
// candidate shown stays visible at every decision, at every catalog size.
func TestEvidenceStaysVisibleAtEveryScale(t *testing.T) {
	for _, n := range scales {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			cat, eng := scaled(t, n)
			res, d, err := agenttest.RunDiscovery(context.Background(), cat, eng, 32_000, agent.PolicyFit, scaleQueries, 0)
			if err != nil {
				t.Fatal(err)
			}
			shown := map[string]bool{}
			for i, ev := range d.Requests {
				visible := map[string]bool{}
				for _, id := range ev.VisibleIDs {
					visible[id] = true
				}
				for id := range shown {
					if !visible[id] && len(ev.Dropped) == 0 {
						t.Fatalf("request %d: %s was shown this turn and is gone without a context note", i, id)
					}
				}
				if i < len(d.Tools) {
					for _, id := range d.Tools[i].ShownIDs {
						shown[id] = true
					}
				}
			}
			m := res.Metrics
			t.Logf("%d rows: %d candidates shown, evidence visible min %.3f, max collapsed %d, notices %d, last estimate %d tokens",
				n, len(shown), m.EvidenceVisibleMin, m.MaxCollapsed, m.DropNotices, m.EstimatedTokens)
			if m.EvidenceVisibleMin != 1 || m.UntoldLosses != 0 {
				t.Errorf("evidence visible min %.3f, untold losses %d: want 1 and 0", m.EvidenceVisibleMin, m.UntoldLosses)
			}
			if m.DropNotices != 0 {
				t.Errorf("%d requests dropped something with room to spare", m.DropNotices)
			}
			if n > agenttest.ScaleTiny && len(shown) < 100 {
				t.Errorf("only %d candidates shown: the test did not load the context", len(shown))
			}
		})
	}
}

// With a window too small for the turn (ten searches of fifty rows in 9k
// tokens), candidates may be lost, but never silently; the naive policy
// loses them silently.
func TestLossesAreToldAtEveryScale(t *testing.T) {
	for _, n := range scales {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			cat, eng := scaled(t, n)
			res, _, err := agenttest.RunDiscovery(context.Background(), cat, eng, 9_000, agent.PolicyFit, scaleQueries, agent.MaxSearchRows)
			if err != nil {
				t.Fatal(err)
			}
			m := res.Metrics
			t.Logf("fit, 9k window: evidence visible min %.3f mean %.3f, notices %d, collapsed %d", m.EvidenceVisibleMin, m.EvidenceVisibleMean, m.DropNotices, m.MaxCollapsed)
			if m.UntoldLosses != 0 {
				t.Errorf("%d decisions lost evidence without a note", m.UntoldLosses)
			}
			if n > agenttest.ScaleTiny && m.DropNotices == 0 {
				t.Errorf("%d notices, evidence min %.3f: the test did not fill the window", m.DropNotices, m.EvidenceVisibleMin)
			}
			naive, _, err := agenttest.RunDiscovery(context.Background(), cat, eng, 9_000, agent.PolicyNaive, scaleQueries, agent.MaxSearchRows)
			if err != nil {
				t.Fatal(err)
			}
			if n > agenttest.ScaleTiny && naive.Metrics.UntoldLosses == 0 {
				t.Errorf("the naive policy lost nothing silently at %d rows", n)
			}
		})
	}
}

// In a small window (8k tokens) a turn's later searches still show rows
// after a first one asked for a full page (50 rows): no single result
// takes more than its share of the history budget.
func TestSmallWindowLeavesRoomForLaterSearches(t *testing.T) {
	cat, eng := scaled(t, agenttest.ScaleTarget)
	queries := scaleQueries[:3]
	_, d, err := agenttest.RunDiscovery(context.Background(), cat, eng, 8192, agent.PolicyFit, queries, agent.MaxSearchRows)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Tools) < len(queries) {
		t.Fatalf("%d tool results for %d searches", len(d.Tools), len(queries))
	}
	for i := range queries {
		t.Logf("search %d: %d rows", i+1, len(d.Tools[i].ShownIDs))
		if len(d.Tools[i].ShownIDs) == 0 {
			t.Errorf("search %d (%q) showed no row", i+1, queries[i])
		}
	}
}

package evale2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/sextant-dev/sextant/runtime/agent/agenttest"
	"github.com/sextant-dev/sextant/runtime/llm"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
)

func TestLoadScenariosNamesFileLineAndField(t *testing.T) {
	cases := []struct{ body, want string }{
		{`{"id":"a","turns":[{"user":"q","needs":[["X"]],"actions":["search"]}]}` + "\n" + `{"id":"","turns":[]}`, "line 2: field id is empty"},
		{`{"id":"a","turns":[]}`, "line 1: scenario a: field turns is empty"},
		{`{"id":"a","turns":[{"user":"q","actions":["fly"]}]}`, `turns[0].actions: unknown action "fly"`},
		{`{"id":"a","turns":[{"user":"q","needs":[[]]}]}`, "turns[0].needs[0] lists no ids"},
		{`{"id":"a","turns":[{"user":" "}]}`, "turns[0].user is empty"},
		{`{"id":"a",`, "line 1:"},
		{`{"id":"a","turns":[{"user":"q"}]}` + "\n" + `{"id":"a","turns":[{"user":"q"}]}`, `line 2: id "a" already used on line 1`},
		{"\n", "has no scenarios"},
	}
	dir := t.TempDir()
	for i, c := range cases {
		p := filepath.Join(dir, "s.jsonl")
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadScenarios(p)
		if err == nil || !errors.Is(err, ErrScenario) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), p) {
			t.Errorf("case %d: err = %v, want ErrScenario naming %s and %q", i, err, p, c.want)
		}
	}
	scs, err := LoadScenarios("testdata/scenarios.jsonl")
	if err != nil || len(scs) != 4 {
		t.Fatalf("testdata: %d scenarios, %v", len(scs), err)
	}
}

func TestNativeID(t *testing.T) {
	for in, want := range map[string]string{
		"evds:TP.FG.J0": "TP.FG.J0", "bis:M.TR": "M.TR", "UNRATE": "UNRATE",
		"ifs:NGDP_SA_XDC.US": "NGDP_SA_XDC", "ifs:NGDP_SA_XDC": "NGDP_SA_XDC", "ifs:FPOLM_PA.U2": "FPOLM_PA",
		"fred:A.B": "A.B",
		"weo:WEOApr2024|Türkiye|General government gross debt|Percent of GDP": "WEOApr2024|Türkiye|General government gross debt|Percent of GDP",
	} {
		if got := NativeID(in); got != want {
			t.Errorf("NativeID(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestJudge(t *testing.T) {
	turn := Turn{User: "q", Needs: [][]string{{"UNRATE"}, {"DPRIME", "MPRIME"}}, Actions: []string{ActionSearch, ActionBuildTable}}
	table := func(ids ...string) agent.TableSummary {
		var tb agent.TableSummary
		for _, id := range ids {
			tb.Columns = append(tb.Columns, agent.ColumnInfo{Name: "c", SeriesID: id})
		}
		return tb
	}
	ok := agent.TurnResult{Completed: true, StopReason: "answer", Actions: []string{"search", "build_table", "answer"},
		Tables: []agent.TableSummary{table("fred:UNRATE", "fred:MPRIME")}}
	if tr := judge(turn, ok, NativeID); !tr.Succeeded || !tr.TableRight {
		t.Errorf("right table judged %+v", tr)
	}
	wrong := ok
	wrong.Tables = []agent.TableSummary{table("fred:UNRATE", "fred:FEDFUNDS")}
	if tr := judge(turn, wrong, NativeID); tr.Succeeded || tr.TableRight {
		t.Errorf("table missing a need judged right: %+v", tr)
	}
	split := ok
	split.Tables = []agent.TableSummary{table("fred:UNRATE"), table("fred:DPRIME")}
	if tr := judge(turn, split, NativeID); tr.TableRight {
		t.Error("two tables each covering one need judged as one right table")
	}
	noSearch := ok
	noSearch.Actions = []string{"build_table", "answer"}
	if tr := judge(turn, noSearch, NativeID); tr.Succeeded || !strings.Contains(strings.Join(tr.Missing, ","), "action search") {
		t.Errorf("turn without a search judged %+v", tr)
	}
	unanswered := ok
	unanswered.Completed, unanswered.StopReason = false, "step limit"
	if tr := judge(turn, unanswered, NativeID); tr.Succeeded {
		t.Error("unanswered turn judged a success")
	}
	chart := Turn{User: "q", Needs: [][]string{{"UNRATE"}}, Actions: []string{ActionChart}}
	used := agent.TurnResult{Completed: true, Actions: []string{"chart", "answer"}, SeriesUsed: []string{"fred:PAYEMS"}}
	if tr := judge(chart, used, NativeID); tr.Succeeded {
		t.Error("chart of the wrong series judged a success")
	}
}

func TestSummaryAndReport(t *testing.T) {
	sc := ScenarioReport{ID: "s", Runs: []RunReport{
		{Completed: true, Turns: []TurnReport{{Succeeded: true, NeedsTable: true, TableRight: true, DiscoveryCalls: 2, Decisions: 2, EvidenceVisibleMean: 1, EvidenceVisibleMin: 1}}},
		{Run: 1, Turns: []TurnReport{{Turn: 1, NeedsTable: true, DiscoveryCalls: 9, RepeatDiscoveries: 30, Decisions: 2, EvidenceVisibleMean: 0.5, EvidenceVisibleMin: 0.25, UntoldLosses: 2, Missing: []string{"an answer (step limit)"},
			Stage: StageContext, StageDetail: "evidence visible min 0.25"},
			{Succeeded: true, DiscoveryCalls: 0}}},
	}}
	s := summarize([]ScenarioReport{sc})
	if s.Runs != 2 || s.CompletedRuns != 1 || s.Turns != 3 || s.TurnsNeedingTable != 2 || s.TurnsWithTable != 1 {
		t.Errorf("counts %+v", s)
	}
	if s.MedianDiscoveryCallsPerTurn != 2 || s.RepeatDiscoveries != 30 || s.UntoldLosses != 2 {
		t.Errorf("median %v repeats %d untold %d", s.MedianDiscoveryCallsPerTurn, s.RepeatDiscoveries, s.UntoldLosses)
	}
	if s.FailedTurnsByStage[StageContext] != 1 || len(s.FailedTurnsByStage) != 1 {
		t.Errorf("failed turns by stage %v, want context 1", s.FailedTurnsByStage)
	}
	if s.EvidenceVisibleRatio != 0.75 || s.EvidenceVisibleMin != 0.25 {
		t.Errorf("evidence %v min %v, want 0.75 and 0.25", s.EvidenceVisibleRatio, s.EvidenceVisibleMin)
	}
	sc.Summary = s
	rep := Report{Summary: s, Scenarios: []ScenarioReport{sc}}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	for _, k := range []string{"runs", "completed_runs", "turns", "turns_with_table", "median_discovery_calls_per_turn", "repeat_discoveries", "evidence_visible_ratio", "scenarios"} {
		if _, ok := m[k]; !ok {
			t.Errorf("report JSON lacks %q", k)
		}
	}
	var out bytes.Buffer
	if err := rep.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "runs 1/2 complete") || !strings.Contains(out.String(), "run 1 turn 1 [context: evidence visible min 0.25]: missing an answer (step limit)") ||
		!strings.Contains(out.String(), "failed turns by stage: context 1") {
		t.Errorf("text report:\n%s", out.String())
	}
}

func TestJudgeDerivesAndFrequency(t *testing.T) {
	turn := Turn{User: "q", Needs: [][]string{{"M.TR"}, {"TP.FG.J0"}}, Actions: []string{ActionDerive, ActionConvert}, Frequency: "A",
		Derives: []Derive{{Op: "expression", Inputs: []int{0, 1}}, {Op: "yoy_pct", Inputs: []int{1}}}}
	yoy := agent.ColumnSummary{Column: agent.ColumnInfo{Name: "cpi_yoy", SeriesID: "evds:TP.FG.J0", Derived: "yoy_pct of cpi"}}
	real := agent.ColumnSummary{Column: agent.ColumnInfo{Name: "real", SeriesID: "bis:M.TR", SeriesIDs: []string{"bis:M.TR", "evds:TP.FG.J0"}, Derived: "expression rate - cpi_yoy"}}
	annual := agent.TableSummary{Frequency: "A", Columns: []agent.ColumnInfo{{SeriesID: "bis:M.TR"}, {SeriesID: "evds:TP.FG.J0"}}}
	ok := agent.TurnResult{Completed: true, Actions: []string{"derive", "derive", "convert", "answer"}, SeriesUsed: []string{"bis:M.TR", "evds:TP.FG.J0"},
		Derived: []agent.ColumnSummary{yoy, real}, Tables: []agent.TableSummary{annual}}
	if tr := judge(turn, ok, NativeID); !tr.Succeeded {
		t.Errorf("right derivations judged %+v", tr)
	}
	oneInput := ok
	oneInput.Derived = []agent.ColumnSummary{yoy, {Column: agent.ColumnInfo{Name: "x", SeriesID: "bis:M.TR", Derived: "expression rate * 2"}}}
	if tr := judge(turn, oneInput, NativeID); tr.Succeeded {
		t.Error("an expression over one of the two inputs judged right")
	}
	wrongOp := ok
	wrongOp.Derived = []agent.ColumnSummary{{Column: agent.ColumnInfo{Name: "i", SeriesID: "evds:TP.FG.J0", Derived: "index of cpi"}}, real}
	if tr := judge(turn, wrongOp, NativeID); tr.Succeeded {
		t.Error("an index judged as the year-on-year change asked for")
	}
	monthly := ok
	monthly.Tables = []agent.TableSummary{{Frequency: "M", Columns: annual.Columns}}
	monthly.Actions = []string{"derive", "derive", "answer"}
	tr := judge(turn, monthly, NativeID)
	if tr.Succeeded || !strings.Contains(strings.Join(tr.Missing, ","), "frequency A") || !strings.Contains(strings.Join(tr.Missing, ","), "action convert") {
		t.Errorf("a monthly table for an annual request judged %+v", tr)
	}
	built := monthly
	built.Tables = []agent.TableSummary{annual}
	built.Actions = []string{"build_table", "derive", "derive", "answer"}
	if tr := judge(turn, built, NativeID); !tr.Succeeded {
		t.Errorf("a table built at the frequency asked judged %+v", tr)
	}
}

func TestAttributeNamesTheStage(t *testing.T) {
	turn := Turn{User: "q", Needs: [][]string{{"UNRATE"}, {"PAYEMS"}}, Actions: []string{ActionBuildTable}}
	for _, c := range []struct {
		name  string
		res   agent.TurnResult
		tr    TurnReport
		stage string
	}{
		{"never shown", agent.TurnResult{Shown: []string{"fred:UNRATE"}, SeriesUsed: []string{"fred:UNRATE"}}, TurnReport{}, StageSearch},
		{"understood one", agent.TurnResult{Shown: []string{"fred:UNRATE"}, Reasoning: []string{"Understood: unemployment rate"}}, TurnReport{}, StageUnderstanding},
		{"shown not chosen", agent.TurnResult{Shown: []string{"fred:UNRATE", "fred:PAYEMS"}, SeriesUsed: []string{"fred:UNRATE"}}, TurnReport{}, StageDecision},
		{"lost evidence", agent.TurnResult{Shown: []string{"fred:UNRATE", "fred:PAYEMS"}}, TurnReport{UntoldLosses: 1}, StageContext},
		{"tool failed", agent.TurnResult{Shown: []string{"fred:UNRATE", "fred:PAYEMS"}, Errors: []agent.ToolError{{Tool: agent.ToolBuildTable, Error: "boom"}}}, TurnReport{}, StageTools},
		{"all there", agent.TurnResult{Shown: []string{"fred:UNRATE", "fred:PAYEMS"}, SeriesUsed: []string{"fred:UNRATE", "fred:PAYEMS"}, Actions: []string{"build_table"}}, TurnReport{Missing: []string{"an answer"}}, StageAnswer},
	} {
		if got, detail := attribute(turn, c.res, c.tr, nil, NativeID); got != c.stage {
			t.Errorf("%s: stage %s (%s), want %s", c.name, got, detail, c.stage)
		}
	}
	// A table the turn leaves, carried from an earlier turn, holds chosen
	// series: a missing derivation then is no decision.
	carried := agent.TurnResult{Shown: []string{"fred:UNRATE", "fred:PAYEMS"}, State: []agent.TableSummary{{Name: "main",
		Columns: []agent.ColumnInfo{{Name: "u", SeriesID: "fred:UNRATE"}, {Name: "p", SeriesID: "fred:PAYEMS"}}}}}
	if got, _ := attribute(turn, carried, TurnReport{Missing: []string{"action derive"}}, []string{"fred:UNRATE", "fred:PAYEMS"}, NativeID); got != StageAnswer {
		t.Errorf("carried table: stage %s, want answer", got)
	}
	// A series used in an earlier turn counts as found.
	if got, _ := attribute(turn, agent.TurnResult{Shown: []string{"fred:UNRATE"}, SeriesUsed: []string{"fred:UNRATE"}}, TurnReport{}, []string{"fred:PAYEMS"}, NativeID); got != StageDecision {
		t.Errorf("earlier turn's series: stage %s, want decision", got)
	}
}

// failingModel fails every call.
type failingModel struct{ err error }

func (m failingModel) Generate(context.Context, llm.Request) (llm.Response, error) {
	return llm.Response{}, m.err
}
func (failingModel) ContextWindow() int { return 32768 }

func TestAbortedRunIsRecordedAndTheEvaluationGoesOn(t *testing.T) {
	scs := []Scenario{{ID: "a", Turns: []Turn{{User: "x", Actions: []string{ActionSearch}}, {User: "y"}}}, {ID: "b", Turns: []Turn{{User: "z"}}}}
	cat, err := agenttest.NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), scs, Config{Runs: 2, Catalog: cat,
		NewModel: func(sc string, _ int) (llm.Model, error) {
			return failingModel{fmt.Errorf("%w: the newest result does not fit", llm.ErrContextWindow)}, nil
		},
		NewEngine: func() agent.Engine { return agenttest.NewEngine(nil) }})
	if err != nil {
		t.Fatalf("Run: %v, want the aborts recorded", err)
	}
	if rep.Runs != 4 || rep.AbortedRuns != 4 || rep.Turns != 6 {
		t.Errorf("runs %d aborted %d turns %d, want 4, 4, 6", rep.Runs, rep.AbortedRuns, rep.Turns)
	}
	if rep.FailedTurnsByStage[StageContext] != 6 {
		t.Errorf("failed turns by stage %v, want 6 context", rep.FailedTurnsByStage)
	}
	if r := rep.Scenarios[0].Runs[0]; !r.Aborted || !strings.Contains(r.AbortReason, "does not fit") {
		t.Errorf("run %+v: want aborted with the reason", r)
	}
	if _, err := Run(canceled(), scs, Config{Catalog: cat, NewModel: func(string, int) (llm.Model, error) { return failingModel{context.Canceled}, nil },
		NewEngine: func() agent.Engine { return agenttest.NewEngine(nil) }}); err == nil {
		t.Error("a cancelled evaluation went on")
	}
}

func canceled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// Tables, derived columns and frequencies are judged on the state a turn
// leaves: a real rate derived in turn 2 serves turn 3's "chart that real
// rate" without being derived again, while the chart itself must be drawn
// in the turn, and a state that lacks a series still fails.
func TestJudgeReadsTheStateTheTurnLeaves(t *testing.T) {
	turn := Turn{User: "chart that real rate", Needs: [][]string{{"M.TR"}, {"TP.FG.J0"}}, Actions: []string{ActionDerive, ActionConvert, ActionChart}, Frequency: "A",
		Derives: []Derive{{Op: "expression", Inputs: []int{0, 1}}}}
	state := agent.TableSummary{Name: "main", Frequency: "A", Columns: []agent.ColumnInfo{{Name: "rate", SeriesID: "bis:M.TR"}, {Name: "cpi", SeriesID: "evds:TP.FG.J0"},
		{Name: "real", SeriesID: "bis:M.TR", SeriesIDs: []string{"bis:M.TR", "evds:TP.FG.J0"}, Derived: "expression rate - cpi"}}}
	carried := agent.TurnResult{Completed: true, Actions: []string{"chart", "answer"}, SeriesUsed: []string{"bis:M.TR", "evds:TP.FG.J0"}, State: []agent.TableSummary{state}}
	if tr := judge(turn, carried, NativeID); !tr.Succeeded {
		t.Errorf("a carried derived column judged %+v", tr)
	}
	noChart := carried
	noChart.Actions = []string{"answer"}
	if tr := judge(turn, noChart, NativeID); tr.Succeeded {
		t.Error("a turn that drew no chart judged right")
	}
	bare := carried
	bare.State = []agent.TableSummary{{Name: "main", Frequency: "A", Columns: state.Columns[:2]}}
	if tr := judge(turn, bare, NativeID); tr.Succeeded || !strings.Contains(strings.Join(tr.Missing, ","), "action derive") {
		t.Errorf("a state without the derived column judged %+v", tr)
	}
	table := Turn{User: "add the BIS rate", Needs: [][]string{{"M.TR"}, {"TP.FG.J0"}, {"M.US"}}, Actions: []string{ActionBuildTable}}
	if tr := judge(table, carried, NativeID); tr.Succeeded {
		t.Error("a state lacking a needed series judged right")
	}
}

// A turn that builds nothing ("how big is the gap between Spain and
// Germany?") answers from the table it leaves: its series serve the needs,
// while a need the table lacks still fails.
func TestJudgeCountsTheStandingTableForATurnThatBuildsNothing(t *testing.T) {
	state := agent.TableSummary{Name: "main", Frequency: "A", Columns: []agent.ColumnInfo{
		{Name: "u_deu", SeriesID: "weo:WEOApr2024|Germany|Unemployment rate|Percent of total labor force"},
		{Name: "u_esp", SeriesID: "weo:WEOApr2024|Spain|Unemployment rate|Percent of total labor force"},
		{Name: "u_fra", SeriesID: "weo:WEOApr2024|France|Unemployment rate|Percent of total labor force"}}}
	res := agent.TurnResult{Completed: true, Actions: []string{"derive", "answer"}, State: []agent.TableSummary{state},
		SeriesUsed: []string{"weo:WEOApr2024|Spain|Unemployment rate|Percent of total labor force", "weo:WEOApr2024|Germany|Unemployment rate|Percent of total labor force"}}
	turn := Turn{User: "gap between Spain and Germany?", Needs: [][]string{{"WEOApr2024|Germany|Unemployment rate|Percent of total labor force"},
		{"WEOApr2024|Spain|Unemployment rate|Percent of total labor force"}, {"WEOApr2024|France|Unemployment rate|Percent of total labor force"}}}
	if tr := judge(turn, res, NativeID); !tr.Succeeded {
		t.Errorf("the standing table's series judged missing: %+v", tr)
	}
	turn.Needs = append(turn.Needs, []string{"WEOApr2024|Italy|Unemployment rate|Percent of total labor force"})
	if tr := judge(turn, res, NativeID); tr.Succeeded {
		t.Error("a need neither used nor in the table judged right")
	}
}

package evale2e

import (
	"bytes"
	"encoding/json"
	"errors"
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
	if err != nil || len(scs) != 3 {
		t.Fatalf("testdata: %d scenarios, %v", len(scs), err)
	}
}

func TestNativeID(t *testing.T) {
	for in, want := range map[string]string{
		"evds:TP.FG.J0": "TP.FG.J0", "bis:M.TR": "M.TR", "UNRATE": "UNRATE",
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
		{Run: 1, Turns: []TurnReport{{Turn: 1, NeedsTable: true, DiscoveryCalls: 9, RepeatDiscoveries: 30, Decisions: 2, EvidenceVisibleMean: 0.5, EvidenceVisibleMin: 0.25, UntoldLosses: 2, Missing: []string{"an answer (step limit)"}},
			{Succeeded: true, DiscoveryCalls: 0}}},
	}}
	s := summarize([]ScenarioReport{sc})
	if s.Runs != 2 || s.CompletedRuns != 1 || s.Turns != 3 || s.TurnsNeedingTable != 2 || s.TurnsWithTable != 1 {
		t.Errorf("counts %+v", s)
	}
	if s.MedianDiscoveryCallsPerTurn != 2 || s.RepeatDiscoveries != 30 || s.UntoldLosses != 2 {
		t.Errorf("median %v repeats %d untold %d", s.MedianDiscoveryCallsPerTurn, s.RepeatDiscoveries, s.UntoldLosses)
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
	if !strings.Contains(out.String(), "runs 1/2 complete") || !strings.Contains(out.String(), "run 1 turn 1: missing an answer (step limit)") {
		t.Errorf("text report:\n%s", out.String())
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/evale2e"
	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

// scenarios for the test bundle, in the format of eval/scenarios.jsonl.
const testScenarios = `{"id": "us-rates", "title": "US unemployment and the policy rate", "turns": [{"user": "Show me the US unemployment rate and the effective federal funds rate since 2005 in a monthly table.", "needs": [["UNRATE"], ["FEDFUNDS"]], "actions": ["search", "build_table"]}, {"user": "Find the structural breaks in the federal funds rate and chart it.", "needs": [["FEDFUNDS"]], "actions": ["changepoints", "chart"]}]}
{"id": "nile", "title": "The Nile's flow", "turns": [{"user": "Show me the annual flow of the Nile. Find the structural breaks in the flow and chart it.", "needs": [["NILE"]], "actions": ["search", "build_table", "changepoints", "chart"]}]}
`

func writeScenarios(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "scenarios.jsonl")
	if err := os.WriteFile(p, []byte(testScenarios), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestEvalE2EJSON(t *testing.T) {
	b, sc := wiretest.Bundle(t), writeScenarios(t)
	out, stderr, err := run(t, "", "eval", "e2e", "-b", b, "-s", sc, "--llm", "sim", "--runs", "2", "--json")
	if err != nil {
		t.Fatalf("eval e2e: %v\n%s", err, stderr)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	for _, k := range []string{"runs", "completed_runs", "turns", "turns_with_table", "median_discovery_calls_per_turn",
		"repeat_discoveries", "evidence_visible_ratio", "scenarios"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("report lacks %q", k)
		}
	}
	// 2 scenarios × 2 runs; 3 turns per pair of runs; two turns need a table.
	if rep["runs"] != 4.0 || rep["turns"] != 6.0 || rep["turns_needing_table"] != 4.0 {
		t.Errorf("runs %v turns %v turns needing a table %v, want 4, 6, 4", rep["runs"], rep["turns"], rep["turns_needing_table"])
	}
	// The simulated analyst finds every series in this small catalog.
	if rep["completed_runs"] != 4.0 || rep["turns_with_table"] != 4.0 || rep["evidence_visible_ratio"] != 1.0 {
		t.Errorf("completed %v of 4 runs, %v of 4 right tables, evidence visible %v:\n%s", rep["completed_runs"], rep["turns_with_table"], rep["evidence_visible_ratio"], out)
	}
}

func TestEvalE2EText(t *testing.T) {
	b, sc := wiretest.Bundle(t), writeScenarios(t)
	out, _, err := run(t, "", "eval", "e2e", "-b", b, "-s", sc, "--llm", "sim", "--policy", "naive")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"us-rates", "nile", "OVERALL"} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}
}

func TestEvalE2EBadInvocations(t *testing.T) {
	b, sc := wiretest.Bundle(t), writeScenarios(t)
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{\"id\": \"x\", \"turns\": [{\"user\": \"q\", \"actions\": [\"dance\"]}]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"-s", sc, "--llm", "sim", "--policy", "clever"}, exitUsage},
		{[]string{"-s", sc, "--llm", "sim", "--runs", "0"}, exitUsage},
		{[]string{"-s", sc, "--llm", "ftp://x"}, exitUsage},
		{[]string{"-s", bad, "--llm", "sim"}, exitBadData},
	} {
		_, _, err := run(t, "", append([]string{"eval", "e2e", "-b", b}, c.args...)...)
		if exitCode(err) != c.code {
			t.Errorf("%v: exit %d (%v), want %d", c.args, exitCode(err), err, c.code)
		}
	}
}

// At the product's scale: the shared scenarios against a bundle built
// from the shared catalogs (make shared-55k), when both are present. Under
// the fit policy every shown candidate stays visible whatever the search
// finds; completion depends on the search and is logged, not asserted.
func TestEvalE2EOnTheSharedScenarios(t *testing.T) {
	const bundlePath, scenarios = "../../out/shared-55k", "../../../shared/eval/scenarios.jsonl"
	for _, p := range []string{bundlePath, scenarios} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s is absent", p)
		}
	}
	scs, err := evale2e.LoadScenarios(scenarios)
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, err := run(t, "", "eval", "e2e", "-b", bundlePath, "--no-verify", "-s", scenarios, "--llm", "sim", "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var rep evale2e.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	_ = rep.WriteText(&text)
	t.Log("\n" + text.String())
	if rep.Runs != len(scs) || rep.EvidenceVisibleRatio != 1 || rep.UntoldLosses != 0 {
		t.Errorf("runs %d (want %d), evidence visible %.3f, untold losses %d: want every candidate visible under the fit policy",
			rep.Runs, len(scs), rep.EvidenceVisibleRatio, rep.UntoldLosses)
	}
}

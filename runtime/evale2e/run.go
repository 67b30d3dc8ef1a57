package evale2e

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/llm"
)

// Config says what to run.
type Config struct {
	Runs int // runs per scenario; 0 means 1
	// NewModel returns the model for one run; a simulated model takes the
	// run number as its seed.
	NewModel func(scenario string, run int) (llm.Model, error)
	Catalog  agent.Catalog
	// NewEngine returns a fresh engine for each run (tables belong to a run).
	NewEngine func() agent.Engine
	Options   agent.Options
	// NativeID maps the agent's ids to the scenario file's (default NativeID).
	NativeID func(string) string
}

// Run plays every scenario Runs times. A turn that fails (step limit, tool
// errors) is recorded and the run goes on; an error reaching the model or
// the catalog ends the evaluation.
func Run(ctx context.Context, scenarios []Scenario, cfg Config) (Report, error) {
	if cfg.NewModel == nil || cfg.Catalog == nil || cfg.NewEngine == nil {
		return Report{}, errors.New("evale2e: config needs NewModel, Catalog and NewEngine")
	}
	if cfg.Runs <= 0 {
		cfg.Runs = 1
	}
	if cfg.NativeID == nil {
		cfg.NativeID = NativeID
	}
	var rep Report
	for _, sc := range scenarios {
		sr := ScenarioReport{ID: sc.ID}
		for run := range cfg.Runs {
			rr, err := runOnce(ctx, sc, run, cfg)
			if err != nil {
				return rep, fmt.Errorf("evale2e: scenario %s run %d: %w", sc.ID, run, err)
			}
			sr.Runs = append(sr.Runs, rr)
		}
		sr.Summary = summarize([]ScenarioReport{sr})
		rep.Scenarios = append(rep.Scenarios, sr)
	}
	rep.Summary = summarize(rep.Scenarios)
	return rep, nil
}

func runOnce(ctx context.Context, sc Scenario, run int, cfg Config) (RunReport, error) {
	model, err := cfg.NewModel(sc.ID, run)
	if err != nil {
		return RunReport{}, err
	}
	sess, err := agent.New(model, cfg.Catalog, cfg.NewEngine(), cfg.Options)
	if err != nil {
		return RunReport{}, err
	}
	rr := RunReport{Run: run, Completed: true}
	for i, t := range sc.Turns {
		res, err := sess.Ask(ctx, t.User)
		if err != nil && !errors.Is(err, agent.ErrStepLimit) {
			return rr, fmt.Errorf("turn %d: %w", i+1, err)
		}
		tr := judge(t, res, cfg.NativeID)
		tr.Turn = i + 1
		rr.Completed = rr.Completed && tr.Succeeded
		rr.Turns = append(rr.Turns, tr)
	}
	return rr, nil
}

// judge scores a turn against what it needed.
func judge(t Turn, res agent.TurnResult, native func(string) string) TurnReport {
	m := res.Metrics
	tr := TurnReport{Answered: res.Completed, StopReason: res.StopReason, DiscoveryCalls: m.DiscoveryCalls,
		RepeatDiscoveries: m.RepeatDiscoveries, RepeatSearches: m.RepeatSearches, ModelCalls: m.ModelCalls,
		ToolErrors: m.ToolErrors, Decisions: m.Decisions, EvidenceVisibleMin: m.EvidenceVisibleMin,
		EvidenceVisibleMean: m.EvidenceVisibleMean, UntoldLosses: m.UntoldLosses, NeedsTable: slices.Contains(t.Actions, ActionBuildTable)}
	for _, id := range res.SeriesUsed {
		tr.SeriesUsed = append(tr.SeriesUsed, native(id))
	}
	done := map[string]bool{}
	for _, a := range res.Actions {
		switch a {
		case "search", "describe":
			done[ActionSearch] = true
		case "build_table":
			done[ActionBuildTable] = true
		case "derive":
			done[ActionDerive] = true
		case "changepoints":
			done[ActionChangePoints] = true
		case "chart":
			done[ActionChart] = true
		}
	}
	for _, a := range t.Actions {
		if !done[a] {
			tr.Missing = append(tr.Missing, "action "+a)
		}
	}
	if tr.NeedsTable {
		tr.TableRight = slices.ContainsFunc(res.Tables, func(tb agent.TableSummary) bool {
			var ids []string
			for _, c := range tb.Columns {
				ids = append(ids, native(c.SeriesID))
			}
			return coversNeeds(t.Needs, ids)
		})
		if !tr.TableRight {
			tr.Missing = append(tr.Missing, "a table with a right series for every need")
		}
	} else if !coversNeeds(t.Needs, tr.SeriesUsed) {
		tr.Missing = append(tr.Missing, "a right series for every need")
	}
	if !tr.Answered {
		tr.Missing = append(tr.Missing, "an answer ("+res.StopReason+")")
	}
	tr.Succeeded = len(tr.Missing) == 0
	return tr
}

// coversNeeds: every need has one of its ids among ids.
func coversNeeds(needs [][]string, ids []string) bool {
	for _, n := range needs {
		if !slices.ContainsFunc(n, func(id string) bool { return slices.Contains(ids, id) }) {
			return false
		}
	}
	return true
}

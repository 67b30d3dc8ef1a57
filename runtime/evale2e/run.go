package evale2e

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

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

// Run plays every scenario Runs times. A turn that fails, and a run that
// aborts (an error from the model or the session), are recorded with their
// reason and the evaluation goes on; only a cancelled context ends it.
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
			rr := runOnce(ctx, sc, run, cfg)
			if err := ctx.Err(); err != nil {
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

// runOnce plays one run. An error that ends the session (the model cannot
// be reached, the session cannot start, a turn fails other than at its
// step limit) aborts the run: the turn is recorded with the reason, and
// the turns after it count as not done.
func runOnce(ctx context.Context, sc Scenario, run int, cfg Config) RunReport {
	rr := RunReport{Run: run, Completed: true}
	abort := func(from int, err error) RunReport {
		rr.Completed, rr.Aborted, rr.AbortReason = false, true, err.Error()
		for i := from; i < len(sc.Turns); i++ {
			tr := TurnReport{Turn: i + 1, StopReason: "aborted: " + err.Error(), NeedsTable: slices.Contains(sc.Turns[i].Actions, ActionBuildTable),
				Missing: []string{"the turn (the run aborted)"}, Stage: StageContext}
			if !errors.Is(err, llm.ErrContextWindow) {
				tr.Stage = StageAborted
			}
			rr.Turns = append(rr.Turns, tr)
		}
		return rr
	}
	model, err := cfg.NewModel(sc.ID, run)
	if err != nil {
		return abort(0, err)
	}
	sess, err := agent.New(model, cfg.Catalog, cfg.NewEngine(), cfg.Options)
	if err != nil {
		return abort(0, err)
	}
	var earlier []string // series used by earlier turns: a turn may build on them
	for i, t := range sc.Turns {
		res, err := sess.Ask(ctx, t.User)
		if err != nil && !errors.Is(err, agent.ErrStepLimit) {
			return abort(i, err)
		}
		tr := judge(t, res, cfg.NativeID)
		tr.Turn = i + 1
		if !tr.Succeeded {
			tr.Stage, tr.StageDetail = attribute(t, res, tr, earlier, cfg.NativeID)
		}
		rr.Completed = rr.Completed && tr.Succeeded
		rr.Turns = append(rr.Turns, tr)
		earlier = append(earlier, res.SeriesUsed...)
	}
	return rr
}

// judge scores a turn against what it needed.
func judge(t Turn, res agent.TurnResult, native func(string) string) TurnReport {
	m := res.Metrics
	tr := TurnReport{Answered: res.Completed, StopReason: res.StopReason, DiscoveryCalls: m.DiscoveryCalls,
		RepeatDiscoveries: m.RepeatDiscoveries, RepeatSearches: m.RepeatSearches, ModelCalls: m.ModelCalls,
		ToolErrors: m.ToolErrors, Decisions: m.Decisions, EvidenceVisibleMin: m.EvidenceVisibleMin,
		EvidenceVisibleMean: m.EvidenceVisibleMean, UntoldLosses: m.UntoldLosses, DropNotices: m.DropNotices,
		NeedsTable: slices.Contains(t.Actions, ActionBuildTable)}
	for _, id := range res.SeriesUsed {
		tr.SeriesUsed = append(tr.SeriesUsed, native(id))
	}
	done := map[string]bool{}
	for _, a := range res.Actions {
		switch a {
		case "search", "describe", "browse":
			done[ActionSearch] = true
		case "build_table", "derive", "changepoints", "chart", "convert":
			done[a] = true
		}
	}
	// The actions that make state (a table, its derived columns, its
	// frequency) are judged on the state the turn leaves: a table made in
	// an earlier turn and still standing serves the analyst as well as one
	// made again. Charts, breaks and searches are views, done in the turn.
	tables := append(slices.Clone(res.Tables), res.State...)
	derived := slices.Clone(res.Derived)
	for _, tb := range res.State {
		for _, c := range tb.Columns {
			if c.Derived != "" {
				derived = append(derived, agent.ColumnSummary{Table: tb.Name, Column: c})
			}
		}
	}
	// A table at the frequency asked for converts as well as converting a
	// finer one does.
	if t.Frequency != "" && slices.ContainsFunc(tables, func(tb agent.TableSummary) bool { return tb.Frequency == t.Frequency }) {
		done[ActionConvert] = true
	}
	if slices.ContainsFunc(tables, func(tb agent.TableSummary) bool { return coversNeeds(t.Needs, tableIDs(tb, native), native) }) {
		done[ActionBuildTable] = true
	}
	if len(t.Derives) > 0 && !slices.ContainsFunc(t.Derives, func(d Derive) bool {
		return !slices.ContainsFunc(derived, func(cs agent.ColumnSummary) bool { return derivedFits(d, t.Needs, cs.Column, native) })
	}) {
		done[ActionDerive] = true
	}
	for _, a := range t.Actions {
		if !done[a] {
			tr.Missing = append(tr.Missing, "action "+a)
		}
	}
	if t.Frequency != "" && (len(res.Tables) > 0 || slices.Contains(t.Actions, ActionConvert)) &&
		!slices.ContainsFunc(tables, func(tb agent.TableSummary) bool { return tb.Frequency == t.Frequency }) {
		tr.Missing = append(tr.Missing, "a table at frequency "+t.Frequency)
	}
	if tr.NeedsTable {
		tr.TableRight = slices.ContainsFunc(tables, func(tb agent.TableSummary) bool { return coversNeeds(t.Needs, tableIDs(tb, native), native) })
		if !tr.TableRight {
			tr.Missing = append(tr.Missing, "a table with a right series for every need")
		}
	} else if !coversNeeds(t.Needs, slices.Concat(tr.SeriesUsed, stateIDs(tables, native)), native) {
		// A turn that builds nothing answers from the series the turn
		// used and those standing in the tables it leaves.
		tr.Missing = append(tr.Missing, "a right series for every need")
	}
	for _, d := range t.Derives {
		if !slices.ContainsFunc(derived, func(cs agent.ColumnSummary) bool { return derivedFits(d, t.Needs, cs.Column, native) }) {
			tr.Missing = append(tr.Missing, "a derived column: "+d.describe())
		}
	}
	if !tr.Answered {
		tr.Missing = append(tr.Missing, "an answer ("+res.StopReason+")")
	}
	tr.Succeeded = len(tr.Missing) == 0
	return tr
}

// tableIDs are the series of a table's columns, as native ids.
func tableIDs(tb agent.TableSummary, native func(string) string) []string {
	var ids []string
	for _, c := range tb.Columns {
		ids = append(ids, native(c.SeriesID))
	}
	return ids
}

// derivedFits: the column was computed from a right series for each of the
// derivation's inputs, and a one-column op is the op asked for.
func derivedFits(d Derive, needs [][]string, c agent.ColumnInfo, native func(string) string) bool {
	ids := c.SeriesIDs
	if len(ids) == 0 {
		ids = []string{c.SeriesID}
	}
	var got []string
	for _, id := range ids {
		got = append(got, native(id))
	}
	for _, in := range d.Inputs {
		if !slices.ContainsFunc(needs[in], func(id string) bool { return slices.Contains(got, native(id)) }) {
			return false
		}
	}
	if slices.Contains(singleOps, d.Op) {
		op, _, _ := strings.Cut(c.Derived, " ")
		return op == d.Op
	}
	return len(d.Inputs) < 2 || len(got) >= 2
}

func (d Derive) describe() string {
	s := d.Op + fmt.Sprint(d.Inputs)
	if d.Note != "" {
		s += " (" + d.Note + ")"
	}
	return s
}

// coversNeeds: every need has one of its ids among ids.
func coversNeeds(needs [][]string, ids []string, native func(string) string) bool {
	for _, n := range needs {
		if !slices.ContainsFunc(n, func(id string) bool { return slices.Contains(ids, native(id)) }) {
			return false
		}
	}
	return true
}

// stateIDs are the native ids of every series column of the tables.
func stateIDs(tables []agent.TableSummary, native func(string) string) []string {
	var out []string
	for _, tb := range tables {
		out = append(out, tableIDs(tb, native)...)
	}
	return out
}

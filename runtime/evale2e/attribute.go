package evale2e

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sextant-dev/sextant/runtime/agent"
)

// Stages a failed turn is attributed to, in the order they are checked:
// the first that explains the failure names it.
const (
	// StageAborted: the run ended on an error (the model could not be
	// reached, the session could not start).
	StageAborted = "aborted"
	// StageContext: an abort for size, or a decision that lost evidence
	// (told or not) when the turn then missed a need.
	StageContext = "context"
	// StageTools: a needed operation failed or does not exist.
	StageTools = "tools"
	// StageUnderstanding: the model's stated reading of the request has
	// fewer subjects than the turn needs, and a need was never searched
	// up (only for models that state it: a reasoning line "Understood: a;
	// b; c", as the simulated analyst writes).
	StageUnderstanding = "understanding"
	// StageSearch: no right row for some need was ever shown in the turn
	// (nor used in an earlier one).
	StageSearch = "search"
	// StageDecision: a right row was shown and not chosen.
	StageDecision = "decision"
	// StageAnswer: everything needed was there, but the turn did not
	// finish (no answer, step limit, a missing chart or break search).
	StageAnswer = "answer"
)

// Stages lists every stage, in the order they are checked.
var Stages = []string{StageAborted, StageContext, StageTools, StageUnderstanding, StageSearch, StageDecision, StageAnswer}

// attribute names the stage at which a failed turn went wrong, with a
// detail for the report.
func attribute(t Turn, res agent.TurnResult, tr TurnReport, earlier []string, native func(string) string) (string, string) {
	shown := map[string]bool{}
	for _, id := range res.Shown {
		shown[native(id)] = true
	}
	used := map[string]bool{}
	for _, id := range res.SeriesUsed {
		used[native(id)] = true
	}
	// A series standing in a table the turn leaves was chosen, in this
	// turn or an earlier one.
	for _, tb := range append(slices.Clone(res.Tables), res.State...) {
		for _, id := range tableIDs(tb, native) {
			used[id] = true
		}
	}
	for _, id := range earlier { // in an earlier table: found, still to be carried
		shown[native(id)] = true
	}
	var unseen, unchosen []int
	for i, n := range t.Needs {
		has := func(m map[string]bool) bool {
			return slices.ContainsFunc(n, func(id string) bool { return m[native(id)] })
		}
		switch {
		case !has(shown):
			unseen = append(unseen, i)
		case !has(used):
			unchosen = append(unchosen, i)
		}
	}
	missed := len(unseen)+len(unchosen) > 0
	if missed && (tr.UntoldLosses > 0 || tr.DropNotices > 0 && tr.EvidenceVisibleMin < 1) {
		return StageContext, fmt.Sprintf("evidence visible min %.2f, %d context notes", tr.EvidenceVisibleMin, tr.DropNotices)
	}
	if e, ok := neededToolFailed(t, res); ok {
		return StageTools, e
	}
	if len(unseen) > 0 {
		// Needs an earlier turn already used are carried, not read anew.
		fresh := 0
		for _, n := range t.Needs {
			if !slices.ContainsFunc(n, func(id string) bool {
				return slices.ContainsFunc(earlier, func(e string) bool { return native(e) == native(id) })
			}) {
				fresh++
			}
		}
		if n, ok := understood(res.Reasoning); ok && n < fresh {
			return StageUnderstanding, fmt.Sprintf("read %d subjects, the turn needs %d new", n, fresh)
		}
		return StageSearch, "never shown: " + needList(t, unseen)
	}
	if len(unchosen) > 0 {
		return StageDecision, "shown, not chosen: " + needList(t, unchosen)
	}
	return StageAnswer, strings.Join(tr.Missing, "; ")
}

// neededToolFailed reports a failed call of a tool the turn needs that the
// turn then did not get done.
func neededToolFailed(t Turn, res agent.TurnResult) (string, bool) {
	toolOf := map[string]string{ActionBuildTable: agent.ToolBuildTable, ActionDerive: agent.ToolDerive,
		ActionChangePoints: agent.ToolChangePoints, ActionChart: agent.ToolChart, ActionConvert: agent.ToolConvert}
	for _, a := range t.Actions {
		tool, ok := toolOf[a]
		if !ok || slices.Contains(res.Actions, a) {
			continue
		}
		for _, e := range res.Errors {
			if e.Tool == tool {
				return e.Tool + ": " + e.Error, true
			}
		}
	}
	for _, e := range res.Errors {
		if e.Tool == agent.ToolDerive && len(t.Derives) > 0 {
			return e.Tool + ": " + e.Error, true
		}
	}
	return "", false
}

// understood counts the subjects of a reasoning line "Understood: a; b".
func understood(reasoning []string) (int, bool) {
	for i := len(reasoning) - 1; i >= 0; i-- {
		for _, line := range strings.Split(reasoning[i], "\n") {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "Understood:"); ok {
				n := 0
				for _, s := range strings.Split(rest, ";") {
					if strings.TrimSpace(s) != "" {
						n++
					}
				}
				return n, true
			}
		}
	}
	return 0, false
}

func needList(t Turn, idx []int) string {
	var out []string
	for _, i := range idx {
		out = append(out, strings.Join(t.Needs[i], "|"))
	}
	return strings.Join(out, ", ")
}

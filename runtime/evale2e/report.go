package evale2e

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Report is an evaluation's result.
type Report struct {
	Summary
	Scenarios []ScenarioReport `json:"scenarios"`
}

// Summary aggregates runs.
type Summary struct {
	Runs              int `json:"runs"`
	CompletedRuns     int `json:"completed_runs"` // every turn succeeded
	Turns             int `json:"turns"`
	SucceededTurns    int `json:"succeeded_turns"`
	TurnsNeedingTable int `json:"turns_needing_table"`
	TurnsWithTable    int `json:"turns_with_table"` // of those, a table covered every need with a right series
	// MedianDiscoveryCallsPerTurn: search_catalog and describe_series calls.
	MedianDiscoveryCallsPerTurn float64 `json:"median_discovery_calls_per_turn"`
	RepeatDiscoveries           int     `json:"repeat_discoveries"` // candidates shown again within their turn
	RepeatSearches              int     `json:"repeat_searches"`    // identical searches within their turn
	// EvidenceVisibleRatio: the mean, over decisions (model calls after a
	// turn first showed candidates), of the share of the turn's shown ids
	// still visible; EvidenceVisibleMin is the lowest single decision.
	EvidenceVisibleRatio float64 `json:"evidence_visible_ratio"`
	EvidenceVisibleMin   float64 `json:"evidence_visible_min"`
	UntoldLosses         int     `json:"untold_losses"` // decisions that lost evidence without a context note
	ModelCalls           int     `json:"model_calls"`
	AbortedRuns          int     `json:"aborted_runs"`
	// FailedTurnsByStage counts failed turns by the stage they are
	// attributed to (see Stages).
	FailedTurnsByStage map[string]int `json:"failed_turns_by_stage,omitempty"`
}

// ScenarioReport is one scenario's runs.
type ScenarioReport struct {
	ID string `json:"id"`
	Summary
	Runs []RunReport `json:"run_details"`
}

// RunReport is one run of a scenario.
type RunReport struct {
	Run         int          `json:"run"`
	Completed   bool         `json:"completed"`
	Aborted     bool         `json:"aborted,omitempty"`
	AbortReason string       `json:"abort_reason,omitempty"`
	Turns       []TurnReport `json:"turns"`
}

// TurnReport is one judged turn.
type TurnReport struct {
	Turn                int      `json:"turn"`
	Succeeded           bool     `json:"succeeded"`
	Answered            bool     `json:"answered"`
	StopReason          string   `json:"stop_reason"`
	NeedsTable          bool     `json:"needs_table"`
	TableRight          bool     `json:"table_right"`
	Missing             []string `json:"missing,omitempty"`
	SeriesUsed          []string `json:"series_used,omitempty"`
	ModelCalls          int      `json:"model_calls"`
	ToolErrors          int      `json:"tool_errors"`
	DiscoveryCalls      int      `json:"discovery_calls"`
	RepeatDiscoveries   int      `json:"repeat_discoveries"`
	RepeatSearches      int      `json:"repeat_searches"`
	Decisions           int      `json:"decisions"`
	EvidenceVisibleMin  float64  `json:"evidence_visible_min"`
	EvidenceVisibleMean float64  `json:"evidence_visible_mean"`
	UntoldLosses        int      `json:"untold_losses"`
	DropNotices         int      `json:"drop_notices"`
	// Stage is where a failed turn went wrong (see Stages), with a detail.
	Stage       string `json:"stage,omitempty"`
	StageDetail string `json:"stage_detail,omitempty"`
}

func summarize(ss []ScenarioReport) Summary {
	s := Summary{EvidenceVisibleMin: 1}
	var calls []int
	var ratioSum float64
	decisions := 0
	for _, sc := range ss {
		for _, r := range sc.Runs {
			s.Runs++
			if r.Completed {
				s.CompletedRuns++
			}
			if r.Aborted {
				s.AbortedRuns++
			}
			for _, t := range r.Turns {
				s.Turns++
				if t.Succeeded {
					s.SucceededTurns++
				} else if t.Stage != "" {
					if s.FailedTurnsByStage == nil {
						s.FailedTurnsByStage = map[string]int{}
					}
					s.FailedTurnsByStage[t.Stage]++
				}
				if t.NeedsTable {
					s.TurnsNeedingTable++
					if t.TableRight {
						s.TurnsWithTable++
					}
				}
				calls = append(calls, t.DiscoveryCalls)
				s.RepeatDiscoveries += t.RepeatDiscoveries
				s.RepeatSearches += t.RepeatSearches
				s.UntoldLosses += t.UntoldLosses
				s.ModelCalls += t.ModelCalls
				if t.Decisions > 0 {
					ratioSum += t.EvidenceVisibleMean * float64(t.Decisions)
					decisions += t.Decisions
					s.EvidenceVisibleMin = min(s.EvidenceVisibleMin, t.EvidenceVisibleMin)
				}
			}
		}
	}
	s.MedianDiscoveryCallsPerTurn = median(calls)
	s.EvidenceVisibleRatio = 1
	if decisions > 0 {
		s.EvidenceVisibleRatio = ratioSum / float64(decisions)
	}
	return s
}

func median(xs []int) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return float64(s[len(s)/2])
	}
	return float64(s[len(s)/2-1]+s[len(s)/2]) / 2
}

// WriteText prints the report for a person.
func (r Report) WriteText(w io.Writer) error {
	var b strings.Builder
	line := func(name string, s Summary) {
		fmt.Fprintf(&b, "%-28s runs %d/%d complete (%d aborted)  turns %d/%d ok  tables %d/%d right  discovery/turn %.1f  repeats %d (identical searches %d)  evidence visible %.3f (min %.3f)  untold losses %d",
			name, s.CompletedRuns, s.Runs, s.AbortedRuns, s.SucceededTurns, s.Turns, s.TurnsWithTable, s.TurnsNeedingTable,
			s.MedianDiscoveryCallsPerTurn, s.RepeatDiscoveries, s.RepeatSearches, s.EvidenceVisibleRatio, s.EvidenceVisibleMin, s.UntoldLosses)
		if len(s.FailedTurnsByStage) > 0 {
			var parts []string
			for _, st := range Stages {
				if n := s.FailedTurnsByStage[st]; n > 0 {
					parts = append(parts, fmt.Sprintf("%s %d", st, n))
				}
			}
			fmt.Fprintf(&b, "  failed turns by stage: %s", strings.Join(parts, ", "))
		}
		b.WriteByte('\n')
	}
	for _, sc := range r.Scenarios {
		line(sc.ID, sc.Summary)
		for _, run := range sc.Runs {
			for _, t := range run.Turns {
				if !t.Succeeded {
					fmt.Fprintf(&b, "    run %d turn %d [%s: %s]: missing %s; used %s; %d discovery calls\n",
						run.Run, t.Turn, t.Stage, t.StageDetail, strings.Join(t.Missing, ", "), strings.Join(t.SeriesUsed, " "), t.DiscoveryCalls)
				}
			}
		}
	}
	line("OVERALL", r.Summary)
	_, err := io.WriteString(w, b.String())
	return err
}

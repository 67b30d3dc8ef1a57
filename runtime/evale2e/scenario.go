// Package evale2e runs multi-turn analysis scenarios end to end — a model,
// the agent session, a catalog and an analysis engine — and measures the
// system: runs that completed every turn, turns that built a table with a
// right series, discovery calls per turn, repeat discoveries, and the share
// of shown candidates still visible at each decision.
package evale2e

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
)

// Actions a scenario turn may require.
const (
	ActionSearch       = "search"
	ActionBuildTable   = "build_table"
	ActionDerive       = "derive"
	ActionChangePoints = "changepoints"
	ActionChart        = "chart"
	ActionConvert      = "convert" // the table at a lower frequency
)

var knownActions = []string{ActionSearch, ActionBuildTable, ActionDerive, ActionChangePoints, ActionChart, ActionConvert}

// Derivation ops a scenario may name: one-column ops, then combinations.
var (
	singleOps   = []string{"yoy_pct", "pct_change", "diff", "log", "rolling_mean", "index"}
	combineOps  = []string{"spread", "ratio", "share", "expression"}
	frequencies = []string{"D", "W", "M", "Q", "S", "A"}
)

// ErrScenario is wrapped by every scenario file error.
var ErrScenario = errors.New("evale2e: bad scenario")

// Scenario is one multi-turn session, as in eval/scenarios.jsonl.
type Scenario struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Turns []Turn `json:"turns"`
	Notes string `json:"notes,omitempty"`
}

// Turn is one analyst message with what a right answer needs: for each
// series, the source-native ids any one of which is right, and the actions.
type Turn struct {
	User    string     `json:"user"`
	Needs   [][]string `json:"needs"`
	Actions []string   `json:"actions"`
	// Derives are the derived columns the turn must produce, each from
	// the needs its inputs index.
	Derives []Derive `json:"derives,omitempty"`
	// Frequency is the table frequency the analyst asked for ("" any).
	Frequency string `json:"frequency,omitempty"`
}

// Derive is one derived column a turn needs: an op and, by index into the
// turn's needs, the series it is computed from.
type Derive struct {
	Op     string `json:"op"`
	Inputs []int  `json:"inputs"`
	Note   string `json:"note,omitempty"`
}

// LoadScenarios reads a JSON-lines scenario file.
func LoadScenarios(path string) ([]Scenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("evale2e: %w", err)
	}
	defer f.Close()
	var out []Scenario
	ids := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var s Scenario
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		if err := dec.Decode(&s); err != nil {
			return nil, fmt.Errorf("%w: %s line %d: %v", ErrScenario, path, line, err)
		}
		if err := s.validate(); err != nil {
			return nil, fmt.Errorf("%w: %s line %d: %v", ErrScenario, path, line, err)
		}
		if prev, dup := ids[s.ID]; dup {
			return nil, fmt.Errorf("%w: %s line %d: id %q already used on line %d", ErrScenario, path, line, s.ID, prev)
		}
		ids[s.ID] = line
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("evale2e: %s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: %s has no scenarios", ErrScenario, path)
	}
	return out, nil
}

func (s Scenario) validate() error {
	if strings.TrimSpace(s.ID) == "" {
		return errors.New("field id is empty")
	}
	if len(s.Turns) == 0 {
		return fmt.Errorf("scenario %s: field turns is empty", s.ID)
	}
	for i, t := range s.Turns {
		if strings.TrimSpace(t.User) == "" {
			return fmt.Errorf("scenario %s: turns[%d].user is empty", s.ID, i)
		}
		for j, n := range t.Needs {
			if len(n) == 0 {
				return fmt.Errorf("scenario %s: turns[%d].needs[%d] lists no ids", s.ID, i, j)
			}
		}
		for _, a := range t.Actions {
			if !slices.Contains(knownActions, a) {
				return fmt.Errorf("scenario %s: turns[%d].actions: unknown action %q (known: %s)", s.ID, i, a, strings.Join(knownActions, ", "))
			}
		}
		for j, d := range t.Derives {
			if !slices.Contains(singleOps, d.Op) && !slices.Contains(combineOps, d.Op) {
				return fmt.Errorf("scenario %s: turns[%d].derives[%d].op: unknown op %q", s.ID, i, j, d.Op)
			}
			if len(d.Inputs) == 0 {
				return fmt.Errorf("scenario %s: turns[%d].derives[%d].inputs is empty", s.ID, i, j)
			}
			for _, in := range d.Inputs {
				if in < 0 || in >= len(t.Needs) {
					return fmt.Errorf("scenario %s: turns[%d].derives[%d].inputs: %d is not an index into needs (0..%d)", s.ID, i, j, in, len(t.Needs)-1)
				}
			}
		}
		if t.Frequency != "" && !slices.Contains(frequencies, t.Frequency) {
			return fmt.Errorf("scenario %s: turns[%d].frequency: %q is not one of %s", s.ID, i, t.Frequency, strings.Join(frequencies, ", "))
		}
	}
	return nil
}

// NativeID maps a namespaced id to the source's own, the convention of the
// scenario files: evds:TP.FG.J0 → TP.FG.J0. IFS is named there by its
// indicator code (parameter_value), which holds no country, while the
// bundle's IFS observation rows are one per indicator and country
// (ifs:NGDP_SA_XDC.US); their country suffix is dropped, so that any
// country's row of the indicator meets the indicator's gold group. Ids
// without a namespace are returned as they are.
func NativeID(id string) string {
	ns, rest, ok := strings.Cut(id, ":")
	if !ok || ns == "" || strings.ContainsAny(ns, "|. ") {
		return id
	}
	if ns == "ifs" {
		if ind, cc, ok := strings.Cut(rest, "."); ok && isAreaCode(cc) {
			return ind
		}
	}
	return rest
}

// isAreaCode reports whether s looks like an IFS area code: upper-case
// letters, digits and underscores (US, U2, 5B0, R1_XDC are all area codes).
// IFS indicator codes hold no dot, so the cut before it is unambiguous.
func isAreaCode(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') && r != '_' {
			return false
		}
	}
	return true
}

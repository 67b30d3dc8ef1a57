package agenttest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/sextant-dev/sextant/runtime/agent"
)

// ErrEngine is wrapped by every engine double failure.
var ErrEngine = errors.New("agenttest: engine")

// Engine is an agent.Engine double. It checks what it is asked — known
// series with data, existing tables and columns, known operations — and
// reports shapes, but computes no values: row counts, dates and break means
// it reports are placeholders. Use runtime/analysis for real figures.
type Engine struct {
	mu       sync.Mutex
	data     map[string]agent.SeriesInfo
	tables   map[string]*agent.TableSummary
	charts   int
	Requests []string // every call, for assertions: "build_table main", ...
}

// NewEngine serves the rows that have observations.
func NewEngine(rows []agent.SeriesInfo) *Engine {
	e := &Engine{data: map[string]agent.SeriesInfo{}, tables: map[string]*agent.TableSummary{}}
	for _, r := range rows {
		if r.HasData {
			e.data[r.ID] = r
		}
	}
	return e
}

const placeholderRows = 60

// BuildTable implements agent.Engine.
func (e *Engine) BuildTable(_ context.Context, spec agent.TableSpec) (agent.TableSummary, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.Requests = append(e.Requests, "build_table "+spec.Name)
	t := agent.TableSummary{Name: spec.Name, Frequency: spec.Frequency, From: spec.From, To: spec.To, Rows: placeholderRows}
	for _, c := range spec.Columns {
		r, ok := e.data[c.SeriesID]
		if !ok {
			return agent.TableSummary{}, fmt.Errorf("%w: series %s has no observations", ErrEngine, c.SeriesID)
		}
		if t.Frequency == "" {
			t.Frequency = r.Frequency
		}
		t.Columns = append(t.Columns, agent.ColumnInfo{Name: c.Name, SeriesID: c.SeriesID, Unit: r.Unit})
	}
	e.tables[spec.Name] = &t
	return t, nil
}

func (e *Engine) column(table, col string) (*agent.TableSummary, agent.ColumnInfo, error) {
	t, ok := e.tables[table]
	if !ok {
		return nil, agent.ColumnInfo{}, fmt.Errorf("%w: no table %q", ErrEngine, table)
	}
	for _, c := range t.Columns {
		if c.Name == col {
			return t, c, nil
		}
	}
	return nil, agent.ColumnInfo{}, fmt.Errorf("%w: table %q has no column %q", ErrEngine, table, col)
}

// DeriveColumn implements agent.Engine: one-column ops and combinations
// of existing columns (the expression's names must be columns).
func (e *Engine) DeriveColumn(_ context.Context, spec agent.DeriveSpec) (agent.ColumnSummary, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	inputs := spec.Columns
	switch {
	case slices.Contains(agent.DeriveOps, spec.Op):
		inputs = []string{spec.Column}
	case spec.Op == "expression":
		inputs = nil
		for _, w := range strings.FieldsFunc(spec.Expression, func(r rune) bool {
			return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		}) {
			if w[0] < '0' || w[0] > '9' {
				inputs = append(inputs, w)
			}
		}
	case !slices.Contains(agent.CombineOps, spec.Op):
		return agent.ColumnSummary{}, fmt.Errorf("%w: unknown op %q", ErrEngine, spec.Op)
	}
	e.Requests = append(e.Requests, "derive_column "+spec.Table+"."+strings.Join(inputs, ",")+" "+spec.Op)
	var t *agent.TableSummary
	var ids []string
	for _, in := range inputs {
		tt, c, err := e.column(spec.Table, in)
		if err != nil {
			return agent.ColumnSummary{}, err
		}
		t = tt
		ids = append(ids, c.SeriesIDs...)
		if len(c.SeriesIDs) == 0 {
			ids = append(ids, c.SeriesID)
		}
	}
	if t == nil {
		return agent.ColumnSummary{}, fmt.Errorf("%w: op %s names no column", ErrEngine, spec.Op)
	}
	name := spec.Name
	if name == "" {
		name = strings.Join(inputs, "_") + "_" + spec.Op
	}
	col := agent.ColumnInfo{Name: name, SeriesID: ids[0], SeriesIDs: ids, Derived: spec.Op + " of " + strings.Join(inputs, ", ")}
	t.Columns = append(t.Columns, col)
	return agent.ColumnSummary{Table: spec.Table, Column: col, Rows: t.Rows, Last: "placeholder"}, nil
}

// ConvertTable implements agent.Engine: the table's columns at a lower
// frequency (the double checks the frequency order only).
func (e *Engine) ConvertTable(_ context.Context, spec agent.ConvertSpec) (agent.TableSummary, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.Requests = append(e.Requests, "convert_table "+spec.Table+" "+spec.Frequency)
	t, ok := e.tables[spec.Table]
	if !ok {
		return agent.TableSummary{}, fmt.Errorf("%w: no table %q", ErrEngine, spec.Table)
	}
	rank := map[string]int{"D": 0, "W": 1, "M": 2, "Q": 3, "S": 4, "A": 5}
	if rank[spec.Frequency] < rank[t.Frequency] {
		return agent.TableSummary{}, fmt.Errorf("%w: %s is finer than the table's %s", ErrEngine, spec.Frequency, t.Frequency)
	}
	out := *t
	out.Columns = slices.Clone(t.Columns)
	out.Frequency = spec.Frequency
	if spec.Name != "" {
		out.Name = spec.Name
	}
	e.tables[out.Name] = &out
	return out, nil
}

// FindChangePoints implements agent.Engine.
func (e *Engine) FindChangePoints(_ context.Context, spec agent.ChangePointSpec) (agent.ChangePointSummary, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.Requests = append(e.Requests, "find_change_points "+spec.Table+"."+spec.Column)
	_, c, err := e.column(spec.Table, spec.Column)
	if err != nil {
		return agent.ChangePointSummary{}, err
	}
	return agent.ChangePointSummary{Table: spec.Table, Column: spec.Column, SeriesID: c.SeriesID, Method: "placeholder",
		Breaks: []agent.Break{{Date: "placeholder"}}}, nil
}

// DrawChart implements agent.Engine.
func (e *Engine) DrawChart(_ context.Context, spec agent.ChartSpec) (agent.ChartSummary, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.Requests = append(e.Requests, "draw_chart "+spec.Table)
	for _, col := range spec.Columns {
		if _, _, err := e.column(spec.Table, col); err != nil {
			return agent.ChartSummary{}, err
		}
	}
	e.charts++
	return agent.ChartSummary{Path: fmt.Sprintf("memory://chart-%d.png", e.charts), Columns: spec.Columns}, nil
}

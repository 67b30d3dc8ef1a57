package wire

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/catalog"
)

// Preview sizes: the first and last rows of a table shown to the model.
const (
	previewHead = 2
	previewTail = 3
)

// Engine implements agent.Engine over runtime/analysis for one session:
// it keeps the session's named tables (with the breaks found in their
// columns) and writes charts to its output directory. It is safe for
// concurrent use.
type Engine struct {
	store  analysis.Store
	outDir string

	mu     sync.Mutex
	tables map[string]*sessionTable
}

// sessionTable is a built table with what the session learnt about it.
type sessionTable struct {
	t        *analysis.Table
	seriesOf map[string]string          // column name → series id it was built or derived from
	breaks   map[string]analysis.Breaks // column name → last breaks found
	steps    []derivedStep              // the derivations made on it, in order
}

// derivedStep is one derivation made on a table, kept so that a table
// rebuilt under the same name (a series added) gets its derived columns
// back, computed on the new rows.
type derivedStep struct {
	column string
	inputs []string // the columns it reads
	redo   func(ctx context.Context) error
}

var _ agent.Engine = (*Engine)(nil)

// NewAgentEngine returns a fresh engine for one session over the bundle's
// observations; charts are written to outDir (created when needed).
func NewAgentEngine(cat *catalog.Catalog, outDir string) agent.Engine {
	return NewEngine(cat, outDir)
}

// NewEngine is NewAgentEngine over any analysis.Store.
func NewEngine(store analysis.Store, outDir string) *Engine {
	return &Engine{store: store, outDir: outDir, tables: map[string]*sessionTable{}}
}

// Table returns a table built in this session.
func (e *Engine) Table(name string) (*analysis.Table, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	st, ok := e.tables[name]
	if !ok {
		return nil, false
	}
	return st.t, true
}

// ParseFrequency reads a table frequency (D, W, M, Q, S or A, any case);
// "" means the coarsest of the series.
func ParseFrequency(s string) (analysis.Frequency, error) {
	f := analysis.Frequency(strings.ToUpper(strings.TrimSpace(s)))
	switch f {
	case "", analysis.Daily, analysis.Weekly, analysis.Monthly, analysis.Quarterly, analysis.Semiannual, analysis.Annual:
		return f, nil
	}
	return "", fmt.Errorf("%w: frequency %q: use D, W, M, Q, S or A", ErrBadRequest, s)
}

// BuildTable implements agent.Engine. Columns take the names the spec gives.
func (e *Engine) BuildTable(ctx context.Context, spec agent.TableSpec) (agent.TableSummary, error) {
	if spec.Name == "" {
		spec.Name = "main"
	}
	if len(spec.Columns) == 0 {
		return agent.TableSummary{}, fmt.Errorf("%w: table %q has no columns", ErrBadRequest, spec.Name)
	}
	freq, err := ParseFrequency(spec.Frequency)
	if err != nil {
		return agent.TableSummary{}, fmt.Errorf("table %q: %w", spec.Name, err)
	}
	from, err := ParseFrom(spec.From)
	if err != nil {
		return agent.TableSummary{}, fmt.Errorf("table %q: from: %w", spec.Name, err)
	}
	to, err := ParseTo(spec.To)
	if err != nil {
		return agent.TableSummary{}, fmt.Errorf("table %q: to: %w", spec.Name, err)
	}
	ids := make([]string, len(spec.Columns))
	names := map[string]bool{}
	for i, c := range spec.Columns {
		ids[i] = c.SeriesID
		if c.Name == "" {
			continue
		}
		if names[c.Name] {
			return agent.TableSummary{}, fmt.Errorf("%w: table %q: column name %q is used twice", ErrBadRequest, spec.Name, c.Name)
		}
		names[c.Name] = true
	}
	t, err := analysis.BuildTable(ctx, e.store, analysis.TableSpec{IDs: ids, Frequency: freq, From: from, To: to})
	if err != nil {
		return agent.TableSummary{}, fmt.Errorf("table %q: %w", spec.Name, ExplainNoData(err, e.store, ids, spec.From, spec.To))
	}
	st := &sessionTable{t: t, seriesOf: map[string]string{}, breaks: map[string]analysis.Breaks{}}
	for i, c := range t.Columns {
		if n := spec.Columns[i].Name; n != "" {
			c.Name = n
		}
		st.seriesOf[c.Name] = c.ID
	}
	e.mu.Lock()
	old := e.tables[spec.Name]
	e.tables[spec.Name] = st
	e.mu.Unlock()
	var notes []string
	if old != nil {
		notes = e.rederive(ctx, st, old.steps)
	}
	sum := summarizeTable(spec.Name, st)
	sum.Notes = append(sum.Notes, notes...)
	return sum, nil
}

// rederive makes again, on a table rebuilt under the same name, the
// derived columns its previous version had whose inputs it still has, and
// says which it could not.
func (e *Engine) rederive(ctx context.Context, st *sessionTable, steps []derivedStep) []string {
	var kept, lost []string
	have := func(name string) bool {
		return slices.ContainsFunc(st.t.Columns, func(c *analysis.Column) bool { return c.Name == name })
	}
	for _, s := range steps {
		if have(s.column) {
			continue
		}
		missing := slices.DeleteFunc(slices.Clone(s.inputs), have)
		if len(missing) > 0 {
			lost = append(lost, fmt.Sprintf("%s (needs %s)", s.column, strings.Join(missing, ", ")))
			continue
		}
		if err := s.redo(ctx); err != nil {
			lost = append(lost, fmt.Sprintf("%s (%v)", s.column, err))
			continue
		}
		kept = append(kept, s.column)
	}
	var notes []string
	if len(kept) > 0 {
		notes = append(notes, "derived columns kept from the table's previous version, computed again on its new rows: "+strings.Join(kept, ", "))
	}
	if len(lost) > 0 {
		notes = append(notes, "derived columns of the previous version not kept: "+strings.Join(lost, "; "))
	}
	return notes
}

func summarizeTable(name string, st *sessionTable) agent.TableSummary {
	t := st.t
	last := len(t.Dates) - 1
	s := agent.TableSummary{Name: name, Frequency: string(t.Frequency), Rows: len(t.Dates),
		From: analysis.FormatPeriod(t.Dates[0], t.Frequency), To: analysis.FormatPeriod(t.Dates[last], t.Frequency),
		Preview: Preview(t, previewHead, previewTail)}
	for _, c := range t.Columns {
		s.Columns = append(s.Columns, columnInfo(st, c))
		s.Notes = append(s.Notes, c.Notes...)
	}
	s.Notes = append(s.Notes, t.Notes...)
	return s
}

func columnInfo(st *sessionTable, c *analysis.Column) agent.ColumnInfo {
	info := agent.ColumnInfo{Name: c.Name, SeriesID: st.seriesOf[c.Name], Unit: c.Unit, Missing: c.Missing, SeriesIDs: c.SeriesIDs()}
	if len(info.SeriesIDs) == 0 && info.SeriesID != "" {
		info.SeriesIDs = []string{info.SeriesID}
	}
	if d := c.Derivation; d != nil {
		info.Derived = agentOp(d.Op) + " of " + strings.Join(d.Inputs, ", ") + ": " + d.Formula
		for _, n := range d.Notes {
			info.Derived += "; " + n
		}
		for _, w := range d.Warnings {
			info.Derived += "; " + w
		}
	}
	return info
}

// agentOp names an analysis operation as the agent's derive_column tool
// does (agent.DeriveOps), so that a column says which of the tool's ops
// made it.
func agentOp(op string) string {
	switch op {
	case analysis.OpYoY:
		return "yoy_pct"
	case analysis.OpRebase, analysis.OpChain:
		return "index"
	}
	return op
}

// Preview renders the first head and last tail rows of t as text, one line
// per row, values with about four significant digits.
func Preview(t *analysis.Table, head, tail int) string {
	var b strings.Builder
	b.WriteString("date")
	for _, c := range t.Columns {
		b.WriteString(" | " + c.Name)
	}
	b.WriteByte('\n')
	row := func(i int) {
		b.WriteString(analysis.FormatPeriod(t.Dates[i], t.Frequency))
		for _, c := range t.Columns {
			b.WriteString(" | ")
			if v := c.Values[i]; math.IsNaN(v) {
				b.WriteString("-")
			} else {
				b.WriteString(analysis.FormatNumber(v))
			}
		}
		b.WriteByte('\n')
	}
	n := len(t.Dates)
	for i := 0; i < n; i++ {
		if i == head && n > head+tail {
			fmt.Fprintf(&b, "… %d rows …\n", n-head-tail)
			i = n - tail
		}
		row(i)
	}
	return b.String()
}

// lookup returns a session table and, when col is not "", one of its columns.
func (e *Engine) lookup(table, col string) (*sessionTable, *analysis.Column, error) {
	e.mu.Lock()
	st, ok := e.tables[table]
	var names []string
	if !ok {
		for n := range e.tables {
			names = append(names, n)
		}
	}
	e.mu.Unlock()
	if !ok {
		slices.Sort(names)
		if len(names) == 0 {
			return nil, nil, fmt.Errorf("%w %q: no table has been built in this session", ErrUnknownTable, table)
		}
		return nil, nil, fmt.Errorf("%w %q (tables: %s)", ErrUnknownTable, table, strings.Join(names, ", "))
	}
	if col == "" {
		return st, nil, nil
	}
	for _, c := range st.t.Columns {
		if c.Name == col {
			return st, c, nil
		}
	}
	names = names[:0]
	for _, c := range st.t.Columns {
		names = append(names, c.Name)
	}
	return nil, nil, fmt.Errorf("%w %q in table %q (columns: %s)", ErrUnknownColumn, col, table, strings.Join(names, ", "))
}

// DeriveColumn implements agent.Engine. Ops map to runtime/analysis:
// yoy_pct → yoy, pct_change and diff over Periods rows (default 1),
// log, rolling_mean over Periods rows (default: a year of rows, at least
// 3; 30 rows in a daily table), index → rebase to 100 at the column's
// first value. A look-back op on a series column reads the series before
// the table's start for its first rows (analysis.DeriveWithHistory).
func (e *Engine) DeriveColumn(ctx context.Context, spec agent.DeriveSpec) (agent.ColumnSummary, error) {
	if expr, ok := combination(spec); ok {
		return e.DeriveExpr(ctx, spec.Table, spec.Name, expr, spec.Periods)
	}
	st, src, err := e.lookup(spec.Table, spec.Column)
	if err != nil {
		return agent.ColumnSummary{}, err
	}
	if spec.Periods < 0 {
		return agent.ColumnSummary{}, fmt.Errorf("%w: periods %d is negative", ErrBadRequest, spec.Periods)
	}
	t := st.t
	ds := analysis.DeriveSpec{Column: src.Name, Periods: spec.Periods, Name: spec.Name}
	switch spec.Op {
	case "yoy_pct":
		ds.Op = analysis.OpYoY
	case "pct_change":
		ds.Op, ds.Annualize = analysis.OpPctChange, spec.Annualize
	case "diff":
		ds.Op = analysis.OpDiff
	case "log":
		ds.Op = analysis.OpLog
	case "rolling_mean":
		ds.Op, ds.Window = analysis.OpRollingMean, spec.Periods
		if ds.Window == 0 {
			ds.Window = defaultWindow(t.Frequency)
		}
	case "index":
		ds.Op = analysis.OpRebase
		if spec.Chain {
			ds.Op = analysis.OpChain
		}
		if src.Count == 0 {
			return agent.ColumnSummary{}, fmt.Errorf("%w: derive index: column %q has no values", analysis.ErrNoData, src.Name)
		}
		if !spec.Chain {
			ds.BaseDate = src.First // a chain starts the row before its first rate
		}
		if err := setBase(&ds, spec.Base, t.Frequency); err != nil {
			return agent.ColumnSummary{}, err
		}
	default:
		return agent.ColumnSummary{}, fmt.Errorf("%w: unknown derivation %q (use %s)", ErrBadRequest, spec.Op, strings.Join(agent.DeriveOps, ", "))
	}
	if spec.Annualize && ds.Op != analysis.OpPctChange {
		return agent.ColumnSummary{}, fmt.Errorf("%w: annualize is for pct_change, not %s", ErrBadRequest, spec.Op)
	}
	if spec.Chain && ds.Op != analysis.OpChain {
		return agent.ColumnSummary{}, fmt.Errorf("%w: chain is for index, not %s", ErrBadRequest, spec.Op)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	col, err := analysis.DeriveWithHistory(ctx, e.store, t, ds)
	if err != nil {
		return agent.ColumnSummary{}, fmt.Errorf("table %q column %q: %w", spec.Table, spec.Column, err)
	}
	st.seriesOf[col.Name] = st.seriesOf[src.Name]
	again := spec
	again.Name = col.Name
	st.steps = append(st.steps, derivedStep{column: col.Name, inputs: []string{src.Name}, redo: func(ctx context.Context) error {
		_, err := e.DeriveColumn(ctx, again)
		return err
	}})
	return agent.ColumnSummary{Table: spec.Table, Column: columnInfo(st, col), Rows: col.Count, Last: lastValue(t, col)}, nil
}

func defaultWindow(f analysis.Frequency) int {
	if f == analysis.Daily {
		return 30
	}
	return max(analysis.PeriodsPerYear(f), 3)
}

// lastValue is "2.6 at 2024-10 [Percent]", or "no value".
func lastValue(t *analysis.Table, c *analysis.Column) string {
	for i := len(c.Values) - 1; i >= 0; i-- {
		if v := c.Values[i]; !math.IsNaN(v) {
			s := analysis.FormatNumber(v) + " at " + analysis.FormatPeriod(t.Dates[i], t.Frequency)
			if c.Unit != "" {
				s += " [" + c.Unit + "]"
			}
			return s
		}
	}
	return "no value"
}

package wire

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/analysis"
)

// DeriveExpr adds a column computed from an expression over the table's
// columns (see analysis.ExprSpec: "policy_rate - yoy(cpi)",
// "100 * debt / gdp", "spread(a, b)", "ratio(a, b)", "share(a, b)").
// An expression that is one of DeriveColumn's ops applied to a column
// ("yoy_pct(cpi)", "rolling_mean(unrate, 6)", "index(gdp)") is carried out
// as DeriveColumn would, with periods (or the number written in the call)
// as its lag or window. name "" lets the engine name the column.
func (e *Engine) DeriveExpr(ctx context.Context, table, name, expr string, periods int) (agent.ColumnSummary, error) {
	if err := ctx.Err(); err != nil {
		return agent.ColumnSummary{}, err
	}
	if periods < 0 {
		return agent.ColumnSummary{}, fmt.Errorf("%w: periods %d is negative", ErrBadRequest, periods)
	}
	if bare := strings.TrimSpace(expr); slices.Contains(agent.DeriveOps, bare) {
		return agent.ColumnSummary{}, fmt.Errorf("%w: %s is an operation: apply it to a column, as in %s(cpi)", ErrBadRequest, bare, bare)
	}
	if op, col, n, base, ok := singleOp(expr); ok {
		if n > 0 {
			periods = n
		}
		ds := agent.DeriveSpec{Table: table, Column: col, Op: op, Periods: periods, Base: base, Name: name}
		switch op {
		case "chain":
			ds.Op, ds.Chain = "index", true
		case "pct_change_ann":
			ds.Op, ds.Annualize = "pct_change", true
		}
		return e.DeriveColumn(ctx, ds)
	}
	st, _, err := e.lookup(table, "")
	if err != nil {
		return agent.ColumnSummary{}, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	col, err := analysis.DeriveExpr(st.t, analysis.ExprSpec{Name: name, Expr: expr, Periods: periods})
	if err != nil {
		return agent.ColumnSummary{}, fmt.Errorf("table %q: %w", table, err)
	}
	if ids := col.SeriesIDs(); len(ids) > 0 {
		st.seriesOf[col.Name] = ids[0]
	}
	var inputs []string
	if col.Derivation != nil {
		inputs = col.Derivation.Inputs
	}
	made := col.Name
	st.steps = append(st.steps, derivedStep{column: made, inputs: inputs, redo: func(ctx context.Context) error {
		_, err := e.DeriveExpr(ctx, table, made, expr, periods)
		return err
	}})
	return agent.ColumnSummary{Table: table, Column: columnInfo(st, col), Rows: col.Count, Last: lastValue(st.t, col)}, nil
}

// setBase sets a rebase's base period from base ("" keeps ds.BaseDate): a
// base longer than one row of a table at frequency f is its average.
func setBase(ds *analysis.DeriveSpec, base string, f analysis.Frequency) error {
	if base == "" {
		return nil
	}
	start, end, err := ParseBase(base)
	if err != nil {
		return err
	}
	ds.BaseDate, ds.BaseEnd = start, time.Time{}
	if end.After(analysis.NextPeriod(analysis.PeriodStart(start, f), f)) {
		ds.BaseEnd = end
	}
	return nil
}

// IndexSpec reads "index(col)" or "index(col, base)" as the rebase of one
// column of t ("index(cpi, 2015)", `index(gdp, "2019Q4")`), and
// "chain(growth[, base])" as the index chained from a growth rate, for
// callers that derive on an analysis.Table directly (the command line);
// ok is false when expr is neither form.
func IndexSpec(t *analysis.Table, name, expr string) (spec analysis.DeriveSpec, ok bool, err error) {
	op, col, _, base, isOp := singleOp(expr)
	if !isOp || (op != "index" && op != "chain") {
		return analysis.DeriveSpec{}, false, nil
	}
	c, err := t.Column(col)
	if err != nil {
		return analysis.DeriveSpec{}, true, err
	}
	spec = analysis.DeriveSpec{Op: analysis.OpRebase, Column: c.Name, Name: name}
	if op == "chain" {
		// A chain starts the row before its first rate (deriveChain).
		spec.Op = analysis.OpChain
		return spec, true, setBase(&spec, base, t.Frequency)
	}
	for i, v := range c.Values {
		if !math.IsNaN(v) {
			spec.BaseDate = t.Dates[i]
			break
		}
	}
	if spec.BaseDate.IsZero() {
		return analysis.DeriveSpec{}, true, fmt.Errorf("%w: index: column %q has no values", analysis.ErrNoData, c.Name)
	}
	return spec, true, setBase(&spec, base, t.Frequency)
}

// singleOp reads "op(column)" or "op(column, n)" for one of DeriveColumn's
// ops, chain (an index chained from a growth rate) or pct_change_ann (an
// annualised pct_change); for index and chain the second argument is the
// base ("index(gdp, 2015)", "index(gdp, \"2019Q4\")").
func singleOp(src string) (op, col string, n int, base string, ok bool) {
	tree, err := parser.Parse(strings.TrimSpace(src))
	if err != nil {
		return "", "", 0, "", false
	}
	var name string
	var args []ast.Node
	switch c := tree.Node.(type) {
	case *ast.CallNode:
		id, isID := c.Callee.(*ast.IdentifierNode)
		if !isID {
			return "", "", 0, "", false
		}
		name, args = id.Value, c.Arguments
	case *ast.BuiltinNode:
		name, args = c.Name, c.Arguments
	default:
		return "", "", 0, "", false
	}
	indexLike := name == "index" || name == "chain"
	if (!slices.Contains(agent.DeriveOps, name) && name != "chain" && name != "pct_change_ann") || len(args) < 1 || len(args) > 2 {
		return "", "", 0, "", false
	}
	switch a := args[0].(type) {
	case *ast.IdentifierNode:
		col = a.Value
	case *ast.StringNode:
		col = a.Value
	default:
		return "", "", 0, "", false
	}
	if len(args) == 2 {
		// index(gdp, 2015) and index(gdp, "2019Q4") name the base; the
		// other ops take a count of periods.
		switch lit := args[1].(type) {
		case *ast.StringNode:
			if !indexLike {
				return "", "", 0, "", false
			}
			base = lit.Value
		case *ast.IntegerNode:
			if lit.Value < 1 {
				return "", "", 0, "", false
			}
			if indexLike {
				base = strconv.Itoa(lit.Value)
			} else {
				n = lit.Value
			}
		default:
			return "", "", 0, "", false
		}
	}
	// log, pct_change and diff are expressions too; the ops DeriveColumn
	// alone knows (rolling_mean, index) and yoy_pct keep their old names
	// and notes.
	return name, col, n, base, true
}

// Convert converts a session table to a coarser frequency (W, M, Q, S
// or A) and keeps it as newName ("" replaces the table). method "" (or
// "own") aggregates each series column by its own method; "avg" (mean,
// average), "sum", "last" (end of period) or "first" applies one to all.
// Series the table had already aggregated are aggregated again from their
// observations; derived columns are recomputed from the converted inputs
// (see analysis.Convert). byColumn gives single columns a method of their
// own, read as method is.
func (e *Engine) Convert(ctx context.Context, table, frequency, method string, byColumn map[string]string, newName string) (agent.TableSummary, error) {
	st, _, err := e.lookup(table, "")
	if err != nil {
		return agent.TableSummary{}, err
	}
	freq, err := ParseFrequency(frequency)
	if err != nil {
		return agent.TableSummary{}, fmt.Errorf("convert table %q: %w", table, err)
	}
	if freq == "" {
		return agent.TableSummary{}, fmt.Errorf("%w: convert table %q: name a frequency (W, M, Q, S or A)", ErrBadRequest, table)
	}
	m, err := ParseMethod(method)
	if err != nil {
		return agent.TableSummary{}, fmt.Errorf("convert table %q: %w", table, err)
	}
	var methods map[string]string
	for col, how := range byColumn {
		cm, err := ParseMethod(how)
		if err != nil {
			return agent.TableSummary{}, fmt.Errorf("convert table %q: column %s: %w", table, col, err)
		}
		if cm == "" {
			continue // the column's own, as with no entry
		}
		if methods == nil {
			methods = map[string]string{}
		}
		methods[col] = cm
	}
	if newName == "" {
		newName = table
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	t, err := analysis.Convert(ctx, st.t, analysis.ConvertSpec{Frequency: freq, Method: m, Methods: methods, Store: e.store})
	if err != nil {
		return agent.TableSummary{}, fmt.Errorf("convert table %q: %w", table, err)
	}
	ns := &sessionTable{t: t, seriesOf: map[string]string{}, breaks: map[string]analysis.Breaks{}}
	for _, c := range t.Columns {
		ns.seriesOf[c.Name] = st.seriesOf[c.Name]
	}
	e.tables[newName] = ns
	return summarizeTable(newName, ns), nil
}

// ParseMethod reads an aggregation method: "" or "own" (each column's own),
// avg (mean, average), sum (total), last (end, end_of_period, eop), first.
func ParseMethod(s string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(strings.ReplaceAll(s, "-", "_"))) {
	case "", "own", "default":
		return "", nil
	case "avg", "mean", "average":
		return analysis.AggAverage, nil
	case "sum", "total":
		return analysis.AggSum, nil
	case "last", "end", "end_of_period", "eop":
		return analysis.AggLast, nil
	case "first", "start", "start_of_period":
		return analysis.AggFirst, nil
	}
	return "", fmt.Errorf("%w: method %s: use avg, sum, last or first (or none for each column's own)", ErrBadRequest, strconv.Quote(s))
}

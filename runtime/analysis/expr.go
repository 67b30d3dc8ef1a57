package analysis

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// OpExpr is the Derivation.Op of a column computed by DeriveExpr.
const OpExpr = "expr"

// MaxExprLength caps an expression's length in bytes; MaxExprNodes caps its
// parsed size. Both are far above any formula an analyst writes.
const (
	MaxExprLength = 2000
	MaxExprNodes  = 500
)

// ExprSpec asks for a column computed row by row from an arithmetic
// expression over the table's columns.
//
// The expression language is expr-lang's, restricted to numbers, column
// names, + - * / ^ (or **), parentheses and these functions:
//
//	log(x) ln(x) log10(x) exp(x) sqrt(x) abs(x) pow(x, y) min(x, y) max(x, y)
//	lag(c[, n])        column c n rows earlier (n defaults to Periods, else 1)
//	diff(c[, n])       c - lag(c, n)
//	pct_change(c[, n]) 100 * (c / lag(c, n) - 1)
//	yoy(c), yoy_pct(c) pct_change over a year of rows (12 monthly, 4 quarterly)
//	pct_change_ann(c[, n]) pct_change compounded to an annual rate:
//	                   100 * ((c / lag(c, n))^(k/n) - 1), k rows a year
//	spread(a, b)       a - b
//	ratio(a, b)        a / b
//	share(a, b)        100 * a / b
//
// A column is named by its table name, its series id or its native id; a
// name that is no identifier (fred:GDP, a name with a dash) is written in
// quotes or backquotes ("fred:GDP"); a dotted id such as M.TR may be written
// bare.
type ExprSpec struct {
	Name    string // name of the new column; "" = the expression itself
	Expr    string
	Periods int // default n of lag, diff and pct_change (0 = 1)
	// Written is the frequency the expression's row counts (lag n) were
	// written for; "" means the table's. Convert sets it when it recomputes
	// a column at a coarser frequency: lags then keep their span in time.
	Written Frequency
}

// exprFuncs are the scalar functions an expression may call, by arity.
var exprFuncs = map[string]int{
	"log": 1, "ln": 1, "log10": 1, "exp": 1, "sqrt": 1, "abs": 1,
	"pow": 2, "min": 2, "max": 2,
}

// exprColumnFuncs take a column and an optional row count.
var exprColumnFuncs = map[string]bool{"lag": true, "diff": true, "pct_change": true, "pct_change_ann": true, "yoy": true, "yoy_pct": true}

// exprPairFuncs take two operands.
var exprPairFuncs = map[string]bool{"spread": true, "ratio": true, "share": true}

// exprOptions restrict expr-lang to float arithmetic over the row's
// variables: no builtins, only the functions above.
func exprOptions(env map[string]float64) []expr.Option {
	one := func(name string, f func(float64) float64) expr.Option {
		return expr.Function(name, func(p ...any) (any, error) { return f(p[0].(float64)), nil }, new(func(float64) float64))
	}
	two := func(name string, f func(float64, float64) float64) expr.Option {
		return expr.Function(name, func(p ...any) (any, error) { return f(p[0].(float64), p[1].(float64)), nil }, new(func(float64, float64) float64))
	}
	return []expr.Option{
		expr.Env(env), expr.DisableAllBuiltins(), expr.AsFloat64(), expr.MaxNodes(MaxExprNodes),
		one("log", math.Log), one("ln", math.Log), one("log10", math.Log10), one("exp", math.Exp),
		one("sqrt", math.Sqrt), one("abs", math.Abs), two("pow", math.Pow),
		two("min", math.Min), two("max", math.Max),
	}
}

// enode is the checked expression: numbers, column variables, operators
// and calls of the functions above (column functions already expanded).
type enode struct {
	op   string // "num", "var", "neg", "+", "-", "*", "/", "^", "call"
	num  float64
	v    int    // variable index for "var"
	fn   string // function for "call"
	args []*enode
	pos  int // 0-based character of the node in the source
}

// exprVar is one variable of the compiled program: a column, possibly
// lagged, with the factor that puts it in the expression's units.
type exprVar struct {
	col    *Column
	lag    int
	factor float64
}

// exprCompiler turns the source into an enode tree over table t.
type exprCompiler struct {
	t       *Table
	spec    ExprSpec
	src     string
	vars    []exprVar
	byKey   map[string]int
	notes   []string
	warns   []string
	inputs  []*Column
	maxLag  int
	lagSpan int // months per row of spec.Written; 0 when lags count table rows, -1 when they cannot be moved
}

// errorf is a bad-expression error naming the character.
func (c *exprCompiler) errorf(pos int, format string, args ...any) error {
	return fmt.Errorf("%w: expression %q, character %d: %s", ErrBadSpec, c.src, pos+1, fmt.Sprintf(format, args...))
}

// DeriveExpr computes a column from spec.Expr, appends it to t and returns
// it.
//
// Each row is computed from the same row of its inputs: a row with any input
// missing stays missing, and a row whose result is not finite (a division by
// zero) is left missing and counted in a warning. Units are read from the
// inputs: amounts of the same base unit in different scales (millions and
// billions of dollars) are put in the scale of the first one named, and the
// factor is written into the formula; a flow counted per period (its
// aggregation is a sum) that meets a flow at an annual rate is annualized;
// a ratio added to or subtracted from a percent is multiplied by 100;
// adding or subtracting units of different kinds (a percent and an amount,
// two currencies, indexes on different bases) is refused. The column's
// Derivation records the formula with its factors, the input columns, every
// series id behind them and, in Notes, what was done to the units.
func DeriveExpr(t *Table, spec ExprSpec) (*Column, error) {
	src := strings.TrimSpace(spec.Expr)
	if src == "" {
		return nil, fmt.Errorf("%w: derive: empty expression", ErrBadSpec)
	}
	if len(src) > MaxExprLength {
		return nil, fmt.Errorf("%w: derive: expression of %d bytes, more than %d", ErrBadSpec, len(src), MaxExprLength)
	}
	c := &exprCompiler{t: t, spec: spec, src: src, byKey: map[string]int{}}
	if spec.Written != "" && spec.Written != t.Frequency {
		mw, okW := monthsIn[spec.Written]
		_, okT := monthsIn[t.Frequency]
		c.lagSpan = mw
		if !okW || !okT {
			c.lagSpan = -1 // row counts of daily or weekly rows have no fixed span
		}
	}
	tree, err := parser.ParseWithConfig(src, nil)
	if err != nil {
		var fe *file.Error
		if errors.As(err, &fe) {
			return nil, c.errorf(fe.From, "%s", fe.Message)
		}
		return nil, fmt.Errorf("%w: expression %q: %v", ErrBadSpec, src, err)
	}
	root, err := c.build(tree.Node)
	if err != nil {
		return nil, err
	}
	if len(c.vars) == 0 {
		return nil, fmt.Errorf("%w: expression %q names no column", ErrBadSpec, src)
	}
	if c.maxLag >= len(t.Dates) {
		return nil, fmt.Errorf("%w: expression %q: lag of %d rows but the table has %d", ErrBadSpec, src, c.maxLag, len(t.Dates))
	}
	c.scaleUnits(root)
	u, err := c.unitOf(root)
	if err != nil {
		return nil, err
	}
	display, compiled := c.print(root, false), c.print(root, true)
	env := make(map[string]float64, len(c.vars))
	for i := range c.vars {
		env[varName(i)] = 1
	}
	prog, err := expr.Compile(compiled, exprOptions(env)...)
	if err != nil {
		return nil, fmt.Errorf("%w: expression %q: %v", ErrBadSpec, src, err)
	}

	name := spec.Name
	if name == "" {
		name = strings.Join(strings.Fields(src), "")
	}
	for _, col := range t.Columns {
		if col.Name == name {
			return nil, fmt.Errorf("%w: a column named %q already exists; give the derived column another name", ErrBadSpec, name)
		}
	}
	d := Derivation{Op: OpExpr, Formula: display, Expr: src, Periods: spec.Periods, Written: c.written(),
		Description: fmt.Sprintf("%s = %s, in %s", name, display, u.text)}
	for _, in := range c.inputs {
		d.Inputs = append(d.Inputs, in.Name)
		d.SeriesIDs = appendNew(d.SeriesIDs, columnSeriesIDs(in)...)
	}
	d.Notes = c.notes
	d.Warnings = c.warns
	col := newDerived(t, name, d.Description, u.text, d)
	if err := c.run(prog, col); err != nil {
		return nil, err
	}
	col.Method = OpExpr
	for _, in := range c.inputs {
		if in.Source != "" && !strings.Contains(col.Source, in.Source) {
			col.Source = strings.TrimPrefix(col.Source+", "+in.Source, ", ")
		}
		if Coarser(in.SourceFrequency, col.SourceFrequency) {
			col.SourceFrequency = in.SourceFrequency
		}
	}
	col.Notes = append([]string{fmt.Sprintf("%s: %s (%s)", col.Name, d.Description, strings.Join(d.SeriesIDs, ", "))}, d.Notes...)
	col.Notes = append(col.Notes, col.Derivation.Warnings...)
	t.finishColumn(col)
	t.Columns = append(t.Columns, col)
	return col, nil
}

// written is the frequency the derivation's lags count rows of.
func (c *exprCompiler) written() Frequency {
	if c.spec.Written != "" {
		return c.spec.Written
	}
	return c.t.Frequency
}

func varName(i int) string { return fmt.Sprintf("v%d", i) }

// run evaluates the program on every row whose inputs are all present.
func (c *exprCompiler) run(prog *vm.Program, col *Column) error {
	env := make(map[string]float64, len(c.vars))
	names := make([]string, len(c.vars))
	for i := range c.vars {
		names[i] = varName(i)
	}
	var machine vm.VM
	nonFinite, complete := 0, 0
rows:
	for r := range c.t.Dates {
		for i, v := range c.vars {
			if r-v.lag < 0 {
				continue rows
			}
			x := v.col.Values[r-v.lag]
			if math.IsNaN(x) {
				continue rows
			}
			env[names[i]] = x
		}
		complete++
		out, err := machine.Run(prog, env)
		if err != nil {
			return fmt.Errorf("%w: expression %q at %s: %v", ErrBadSpec, c.src, FormatPeriod(c.t.Dates[r], c.t.Frequency), err)
		}
		f, ok := out.(float64)
		if !ok {
			return fmt.Errorf("%w: expression %q gives %T, not a number", ErrBadSpec, c.src, out)
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			nonFinite++
			continue
		}
		col.Values[r] = f
	}
	if complete == 0 {
		names := make([]string, len(c.inputs))
		for i, in := range c.inputs {
			names[i] = in.Name
		}
		return fmt.Errorf("%w: expression %q: no row has a value for all of %s", ErrNoData, c.src, strings.Join(names, ", "))
	}
	if nonFinite == complete {
		return fmt.Errorf("%w: expression %q is not a finite number in any of the %s that have all its inputs (a division by zero, a log of a non-positive value)", ErrIncompatible, c.src, plural(complete, "row"))
	}
	if nonFinite > 0 {
		col.Derivation.Warnings = append(col.Derivation.Warnings, fmt.Sprintf("%s left missing: the result was not a finite number there (a division by zero, a log of a non-positive value)", plural(nonFinite, "row")))
	}
	return nil
}

// columnSeriesIDs are the series a column was built or derived from.
func columnSeriesIDs(c *Column) []string {
	if c.Derivation != nil {
		if len(c.Derivation.SeriesIDs) > 0 {
			return c.Derivation.SeriesIDs
		}
		return nil
	}
	if c.ID != "" {
		return []string{c.ID}
	}
	return nil
}

// SeriesIDs are every series id behind a column: its own for a series
// column, all its inputs' for a derived one.
func (c *Column) SeriesIDs() []string { return slices.Clone(columnSeriesIDs(c)) }

func appendNew(list []string, items ...string) []string {
	for _, s := range items {
		if !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	return list
}

// build checks an expr-lang node and turns it into an enode.
func (c *exprCompiler) build(n ast.Node) (*enode, error) {
	pos := n.Location().From
	switch n := n.(type) {
	case *ast.IntegerNode:
		return &enode{op: "num", num: float64(n.Value), pos: pos}, nil
	case *ast.FloatNode:
		return &enode{op: "num", num: n.Value, pos: pos}, nil
	case *ast.IdentifierNode, *ast.MemberNode, *ast.StringNode:
		if _, ok := refName(n); !ok {
			break
		}
		col, err := c.column(n)
		if err != nil {
			return nil, err
		}
		return c.variable(col, 0, pos), nil
	case *ast.UnaryNode:
		x, err := c.build(n.Node)
		if err != nil {
			return nil, err
		}
		switch n.Operator {
		case "-":
			return &enode{op: "neg", args: []*enode{x}, pos: pos}, nil
		case "+":
			return x, nil
		}
		return nil, c.errorf(pos, "operator %q is not allowed (use + - * / ^)", n.Operator)
	case *ast.BinaryNode:
		op := n.Operator
		if op == "**" {
			op = "^"
		}
		if !strings.Contains("+-*/^", op) || len(op) != 1 {
			return nil, c.errorf(pos, "operator %q is not allowed (use + - * / ^)", n.Operator)
		}
		l, err := c.build(n.Left)
		if err != nil {
			return nil, err
		}
		r, err := c.build(n.Right)
		if err != nil {
			return nil, err
		}
		return &enode{op: op, args: []*enode{l, r}, pos: pos}, nil
	case *ast.CallNode:
		id, ok := n.Callee.(*ast.IdentifierNode)
		if !ok {
			return nil, c.errorf(pos, "only named functions can be called")
		}
		return c.call(id.Value, n.Arguments, pos)
	case *ast.BuiltinNode:
		return c.call(n.Name, n.Arguments, pos)
	case *ast.ChainNode:
		return c.build(n.Node)
	}
	return nil, c.errorf(pos, "%q is not arithmetic on columns (numbers, column names, + - * / ^ and functions only)", n.String())
}

// column resolves a column reference: an identifier, a dotted name (M.TR)
// or a quoted name ("fred:GDP").
func (c *exprCompiler) column(n ast.Node) (*Column, error) {
	name, ok := refName(n)
	if !ok {
		return nil, c.errorf(n.Location().From, "%q is not a column name", n.String())
	}
	col, err := c.t.Column(name)
	if err != nil && (exprColumnFuncs[name] || exprPairFuncs[name] || exprFuncs[name] > 0) {
		return nil, c.errorf(n.Location().From, "%s is a function, not a column: call it on columns, as in %s", name, funcExample(name))
	}
	if err != nil {
		return nil, fmt.Errorf("%w: expression %q, character %d: %s", ErrBadSpec, c.src, n.Location().From+1, strings.TrimPrefix(err.Error(), ErrBadSpec.Error()+": "))
	}
	return col, nil
}

// refName reads a column reference.
func refName(n ast.Node) (string, bool) {
	switch n := n.(type) {
	case *ast.IdentifierNode:
		return n.Value, true
	case *ast.StringNode:
		return n.Value, true
	case *ast.MemberNode:
		base, ok := refName(n.Node)
		prop, okP := n.Property.(*ast.StringNode)
		if !ok || !okP || n.Optional || n.Method {
			return "", false
		}
		return base + "." + prop.Value, true
	case *ast.ChainNode:
		return refName(n.Node)
	}
	return "", false
}

// variable is the variable for column col lagged by lag rows.
func (c *exprCompiler) variable(col *Column, lag, pos int) *enode {
	if !slices.Contains(c.inputs, col) {
		c.inputs = append(c.inputs, col)
	}
	key := fmt.Sprintf("%p/%d", col, lag)
	i, ok := c.byKey[key]
	if !ok {
		i = len(c.vars)
		c.vars = append(c.vars, exprVar{col: col, lag: lag, factor: 1})
		c.byKey[key] = i
	}
	c.maxLag = max(c.maxLag, lag)
	return &enode{op: "var", v: i, pos: pos}
}

// call checks a function call and expands column and pair functions.
func (c *exprCompiler) call(name string, args []ast.Node, pos int) (*enode, error) {
	switch {
	case exprColumnFuncs[name]:
		return c.columnCall(name, args, pos)
	case exprPairFuncs[name]:
		if len(args) != 2 {
			return nil, c.errorf(pos, "%s takes two operands, got %d", name, len(args))
		}
		a, err := c.build(args[0])
		if err != nil {
			return nil, err
		}
		b, err := c.build(args[1])
		if err != nil {
			return nil, err
		}
		switch name {
		case "spread":
			return &enode{op: "-", args: []*enode{a, b}, pos: pos}, nil
		case "ratio":
			return &enode{op: "/", args: []*enode{a, b}, pos: pos}, nil
		}
		hundred := &enode{op: "num", num: 100, pos: pos}
		return &enode{op: "/", args: []*enode{{op: "*", args: []*enode{hundred, a}, pos: pos}, b}, pos: pos}, nil
	}
	arity, ok := exprFuncs[name]
	if !ok {
		return nil, c.errorf(pos, "unknown function %q (use %s)", name, strings.Join(exprFunctionNames(), ", "))
	}
	if len(args) != arity {
		return nil, c.errorf(pos, "%s takes %s, got %d", name, plural(arity, "argument"), len(args))
	}
	out := &enode{op: "call", fn: name, pos: pos}
	if name == "ln" {
		out.fn = "log"
	}
	for _, a := range args {
		x, err := c.build(a)
		if err != nil {
			return nil, err
		}
		out.args = append(out.args, x)
	}
	return out, nil
}

// funcExample shows how function name is called.
func funcExample(name string) string {
	switch {
	case exprPairFuncs[name], exprFuncs[name] == 2:
		return name + "(a, b)"
	case name == "yoy" || name == "yoy_pct":
		return name + "(cpi)"
	case exprColumnFuncs[name]:
		return name + "(cpi, 12)"
	}
	return name + "(x)"
}

// exprFunctionNames lists every function, for error messages.
func exprFunctionNames() []string {
	var names []string
	for _, m := range []map[string]bool{exprColumnFuncs, exprPairFuncs} {
		for n := range m {
			names = append(names, n)
		}
	}
	for n := range exprFuncs {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// columnCall expands lag, diff, pct_change and yoy of one column.
func (c *exprCompiler) columnCall(name string, args []ast.Node, pos int) (*enode, error) {
	most, what := 2, "a column and an optional number of rows"
	if name == "yoy" || name == "yoy_pct" {
		most, what = 1, "one column"
	}
	if len(args) < 1 || len(args) > most {
		return nil, c.errorf(pos, "%s takes %s, got %d arguments", name, what, len(args))
	}
	col, err := c.column(args[0])
	if err != nil {
		if _, isRef := refName(args[0]); !isRef {
			return nil, c.errorf(args[0].Location().From, "%s needs a column as its first argument, not %q", name, args[0].String())
		}
		return nil, err
	}
	n := c.spec.Periods
	if n <= 0 {
		n = 1
	}
	if name == "yoy" || name == "yoy_pct" {
		n = PeriodsPerYear(c.t.Frequency)
		if n == 0 {
			return nil, c.errorf(pos, "yoy: a daily table has no fixed number of rows per year; build it weekly or monthly")
		}
		if ClassifyUnit(col.Unit) == KindPercent {
			c.warns = append(c.warns, fmt.Sprintf("%s is already in percent (%s): a percent change of a rate is rarely meant; diff gives the change in percentage points", shortName(col.Name), col.Unit))
		}
	} else {
		if len(args) == 2 {
			lit, ok := args[1].(*ast.IntegerNode)
			if !ok || lit.Value < 1 {
				return nil, c.errorf(args[1].Location().From, "%s: the number of rows must be a whole number of at least 1", name)
			}
			n = lit.Value
		}
		if c.lagSpan < 0 {
			return nil, c.errorf(pos, "%s over %d %s rows has no fixed length in %ss", name, n, FrequencyName(c.spec.Written), periodNoun(c.t.Frequency))
		}
		if c.lagSpan > 0 {
			months, per := n*c.lagSpan, monthsIn[c.t.Frequency]
			if months%per != 0 {
				return nil, c.errorf(pos, "%s over %d %s rows is no whole number of %ss", name, n, FrequencyName(c.spec.Written), periodNoun(c.t.Frequency))
			}
			n = months / per
		}
	}
	if Coarser(col.SourceFrequency, c.t.Frequency) {
		return nil, c.errorf(pos, "%s: column %s is %s in a %s table (its rows are mostly empty); build the table at %s frequency to shift it",
			name, col.Name, FrequencyName(col.SourceFrequency), FrequencyName(c.t.Frequency), FrequencyName(col.SourceFrequency))
	}
	cur := c.variable(col, 0, pos)
	prev := c.variable(col, n, pos)
	switch name {
	case "lag":
		return prev, nil
	case "diff":
		return &enode{op: "-", args: []*enode{cur, prev}, pos: pos}, nil
	}
	if ClassifyUnit(col.Unit) != KindPercent {
		for _, v := range col.Values {
			if v < 0 {
				c.warns = append(c.warns, fmt.Sprintf("%s has negative values: a percent change against a negative earlier value has a misleading sign; diff is safer", shortName(col.Name)))
				break
			}
		}
	}
	ratio := &enode{op: "/", args: []*enode{cur, prev}, pos: pos}
	if name == "pct_change_ann" {
		k := PeriodsPerYear(c.t.Frequency)
		if k == 0 {
			return nil, c.errorf(pos, "pct_change_ann: a daily table has no fixed number of rows per year; build it weekly or monthly")
		}
		ratio = &enode{op: "^", args: []*enode{ratio, {op: "num", num: float64(k) / float64(n), pos: pos}}, pos: pos}
	}
	minus := &enode{op: "-", args: []*enode{ratio, {op: "num", num: 1, pos: pos}}, pos: pos}
	return &enode{op: "*", args: []*enode{{op: "num", num: 100, pos: pos}, minus}, pos: pos}, nil
}

package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/urfave/cli/v2"
)

// listValue is a repeatable string flag that keeps commas (an expression
// such as max(a, b) has them, which cli's StringSliceFlag would split).
type listValue []string

func (l *listValue) Set(s string) error {
	if rest, ok := strings.CutPrefix(s, listSerialPrefix); ok {
		// cli copies a flag's value to its aliases through Serialize;
		// the aliases share this value, so the copy is the list itself.
		var all []string
		if err := json.Unmarshal([]byte(rest), &all); err != nil {
			return err
		}
		*l = all
		return nil
	}
	*l = append(*l, s)
	return nil
}

func (l *listValue) String() string { return strings.Join(*l, "; ") }

// listSerialPrefix starts a listValue's serialized form, which no
// expression starts with.
const listSerialPrefix = "\x00list:"

// Serialize is the whole list, as cli's alias copying needs it (it would
// otherwise append String() as one more item).
func (l *listValue) Serialize() string {
	b, _ := json.Marshal([]string(*l))
	return listSerialPrefix + string(b)
}

// deriveFlags add derived columns and a frequency conversion to a table.
func deriveFlags() []cli.Flag {
	return []cli.Flag{
		&cli.GenericFlag{Name: "derive", Aliases: []string{"d"}, Value: &listValue{}, Usage: "add a column `NAME=EXPR` computed from the table's columns " +
			"(100*GFDEBTN/GDP, FEDFUNDS - yoy(CPIAUCSL), spread(a, b), ratio(a, b), share(a, b), lag, diff, pct_change, pct_change_ann(GDP) for an annualised rate, log..., " +
			"index(CPIAUCSL, 2015) for 2015 = 100, or chain(growth, 2000) for an index chained from a growth rate in percent); repeatable, applied in order"},
		&cli.StringFlag{Name: "convert", Usage: "convert the table, derived columns included, to the coarser frequency `F` (W, M, Q, S or A) after deriving"},
		&cli.StringFlag{Name: "method", Usage: "with --convert: avg, sum, last or first for every series column (default: each column's own)"},
		&cli.GenericFlag{Name: "method-of", Value: &listValue{}, Usage: "with --convert: `COL=METHOD` aggregates one column by avg, sum, last or first, whatever --method says; repeatable"},
	}
}

// methodsOf reads --method-of COL=METHOD into the methods by column.
func methodsOf(c *cli.Context) (map[string]string, error) {
	v, _ := c.Generic("method-of").(*listValue)
	if v == nil || len(*v) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, item := range *v {
		col, how, ok := strings.Cut(item, "=")
		if col = strings.TrimSpace(col); !ok || col == "" {
			return nil, usageError("--method-of %q: write COL=METHOD, as in GFDEBTN=last", item)
		}
		m, err := wire.ParseMethod(how)
		if err != nil {
			return nil, usageError("--method-of %s: %v", col, err)
		}
		if m != "" {
			out[col] = m
		}
	}
	return out, nil
}

// deriveName reads NAME=EXPR; an expression without a plain name before
// its first "=" is its own name.
var deriveName = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_.]*)\s*=(.*)$`)

// splitDerive splits a --derive value into the column name and expression.
func splitDerive(s string) (name, expr string) {
	if m := deriveName.FindStringSubmatch(s); m != nil {
		return m[1], strings.TrimSpace(m[2])
	}
	return "", strings.TrimSpace(s)
}

// splitColumns reads positional NAME=ID arguments: the ids, and the names
// asked for (""where none).
func splitColumns(args []string) (ids, names []string) {
	for _, a := range args {
		name, id, ok := strings.Cut(a, "=")
		if !ok {
			name, id = "", a
		}
		ids, names = append(ids, strings.TrimSpace(id)), append(names, strings.TrimSpace(name))
	}
	return ids, names
}

// renameColumns gives the built table's columns the names asked for.
func renameColumns(t *analysis.Table, names []string) error {
	seen := map[string]bool{}
	for i, c := range t.Columns {
		if i < len(names) && names[i] != "" {
			c.Name = names[i]
		}
		if seen[c.Name] {
			return usageError("column name %q is used twice", c.Name)
		}
		seen[c.Name] = true
	}
	return nil
}

// deriveAndConvert applies the --derive expressions to t in order, then
// --convert; it returns the table to show.
func deriveAndConvert(c *cli.Context, t *analysis.Table, store analysis.Store) (*analysis.Table, error) {
	var exprs []string
	if v, ok := c.Generic("derive").(*listValue); ok && v != nil {
		exprs = *v
	}
	for i, d := range exprs {
		name, expr := splitDerive(d)
		// index(col[, base]) rebases a column and chain(col[, base])
		// chains a growth rate, as the agent's tool does; every other
		// expression is arithmetic over the rows.
		if spec, ok, err := wire.IndexSpec(t, name, expr); ok {
			if err == nil {
				_, err = analysis.Derive(t, spec)
			}
			if err != nil {
				return nil, inputError(fmt.Errorf("--derive %d (%s): %w", i+1, d, err))
			}
			continue
		}
		if _, err := analysis.DeriveExpr(t, analysis.ExprSpec{Name: name, Expr: expr}); err != nil {
			return nil, inputError(fmt.Errorf("--derive %d (%s): %w", i+1, d, err))
		}
	}
	if c.String("convert") == "" {
		return t, nil
	}
	freq, err := wire.ParseFrequency(c.String("convert"))
	if err != nil {
		return nil, usageError("--convert: %v", err)
	}
	method, err := wire.ParseMethod(c.String("method"))
	if err != nil {
		return nil, usageError("--method: %v", err)
	}
	methods, err := methodsOf(c)
	if err != nil {
		return nil, err
	}
	out, err := analysis.Convert(c.Context, t, analysis.ConvertSpec{Frequency: freq, Method: method, Methods: methods, Store: store})
	if err != nil {
		return nil, inputError(err)
	}
	return out, nil
}

func deriveCommand() *cli.Command {
	cmd := tableCommand()
	cmd.Name = "derive"
	cmd.Usage = "align series, add columns computed from them, optionally convert the frequency (table with --derive)"
	cmd.UsageText = `sextant derive -b BUNDLE [--freq Q] [--from DATE] [--to DATE] -d 'NAME=EXPR'... [--convert A [--method avg]] [-o FILE|-] [NAME=]ID...

The same as sextant table; at least one --derive is needed. Columns are
named by their ids, or NAME=ID; an expression may name a column by its
name, its id or its native id (GFDEBTN), and ids that are no identifiers in
quotes ("bis:M.TR"). Units are read: amounts in millions and billions are
put in one scale, a flow per period is annualized against one at an annual
rate, and the summary says what was done. Missing values stay missing.`
	return cmd
}

// checkDeriveFlags refuses --method without --convert, and the derive
// command without a --derive.
func checkDeriveFlags(c *cli.Context) error {
	if c.String("method") != "" && c.String("convert") == "" {
		return usageError("--method needs --convert")
	}
	if v, ok := c.Generic("method-of").(*listValue); ok && v != nil && len(*v) > 0 && c.String("convert") == "" {
		return usageError("--method-of needs --convert")
	}
	if v, ok := c.Generic("derive").(*listValue); c.Command.Name == "derive" && (!ok || v == nil || len(*v) == 0) {
		return usageError("derive needs at least one --derive NAME=EXPR")
	}
	return nil
}

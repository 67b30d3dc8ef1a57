package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/changepoint"
	"github.com/sextant-dev/sextant/runtime/analysis/chart"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/urfave/cli/v2"
)

// rangeFlags choose a table's frequency and date range.
func rangeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "freq", Usage: "table frequency: D, W, M, Q, S or A (default: the coarsest of the series)"},
		&cli.StringFlag{Name: "from", Usage: "first period: YYYY, YYYY-MM or YYYY-MM-DD"},
		&cli.StringFlag{Name: "to", Usage: "last period: YYYY (the whole year), YYYY-MM or YYYY-MM-DD"},
	}
}

// inputError marks errors caused by what the command was asked (unknown
// ids, bad options) as usage errors, keeping the cause.
func inputError(err error) error {
	for _, e := range []error{analysis.ErrUnknownSeries, analysis.ErrBadSpec, analysis.ErrIncompatible, wire.ErrBadRequest, changepoint.ErrBadOptions, chart.ErrBadSpec} {
		if errors.Is(err, e) {
			return fmt.Errorf("%w: %w", errUsage, err)
		}
	}
	return err
}

// positionalArgs returns the command's positional arguments, applying the
// flags written among or after them ("sextant table ID --freq M"): the
// flag parser stops at the first positional argument. Flags checked as
// required must still come first.
func positionalArgs(c *cli.Context) ([]string, error) {
	args := c.Args().Slice()
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i+1:]...), nil
		}
		if len(a) < 2 || a[0] != '-' || (a[1] >= '0' && a[1] <= '9') {
			out = append(out, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		var flag cli.Flag
		for _, f := range c.Command.Flags {
			for _, n := range f.Names() {
				if n == name {
					flag = f
				}
			}
		}
		if flag == nil {
			return nil, usageError("flag provided but not defined: %s", a)
		}
		if _, isBool := flag.(*cli.BoolFlag); isBool && !hasVal {
			val = "true"
		} else if !hasVal {
			if i+1 == len(args) {
				return nil, usageError("flag %s needs a value", a)
			}
			i++
			val = args[i]
		}
		if err := c.Set(flag.Names()[0], val); err != nil {
			return nil, usageError("%s: %v", a, err)
		}
	}
	return out, nil
}

// loadTable builds the table of ids over the range the flags give.
func loadTable(c *cli.Context, ids []string) (*analysis.Table, error) {
	t, _, err := loadTableFrom(c, ids)
	return t, err
}

// loadTableFrom is loadTable that also returns the bundle it read.
func loadTableFrom(c *cli.Context, ids []string) (*analysis.Table, analysis.Store, error) {
	freq, err := wire.ParseFrequency(c.String("freq"))
	if err != nil {
		return nil, nil, usageError("--freq: %v", err)
	}
	from, err := parseDateFlag(c, "from", wire.ParseFrom)
	if err != nil {
		return nil, nil, err
	}
	to, err := parseDateFlag(c, "to", wire.ParseTo)
	if err != nil {
		return nil, nil, err
	}
	cat, store, err := openStore(c)
	if err != nil {
		return nil, nil, err
	}
	if ids, err = resolveIDs(cat, ids); err != nil {
		return nil, nil, err
	}
	// The store stays open for what the caller does with the table
	// (conversion re-reads observations); the process's end closes it.
	t, err := analysis.BuildTable(c.Context, store, analysis.TableSpec{IDs: ids, Frequency: freq, From: from, To: to})
	if err != nil {
		return nil, nil, inputError(wire.ExplainNoData(err, store, ids, c.String("from"), c.String("to")))
	}
	return t, store, nil
}

// writeFile writes a file atomically with the umask's permissions (see
// writeAtomic).
func writeFile(path string, write func(io.Writer) error) error {
	return writeAtomic(path, write)
}

func tableCommand() *cli.Command {
	return &cli.Command{
		Name:  "table",
		Usage: "align series on one date index and describe (or write) the table",
		UsageText: `sextant table -b BUNDLE [--freq M] [--from DATE] [--to DATE] [--derive NAME=EXPR]... [--convert A [--method avg]] [--print] [-o FILE.csv|FILE.json|FILE.parquet|-] [--format csv|json|parquet] [NAME=]ID...

IDs are catalog ids (fred:UNRATE) or unambiguous native ids (UNRATE), in
any case; a column is named by its id, or NAME=ID. Finer series are
aggregated to the table frequency by their own rule (average, sum, last);
coarser ones are placed at the first row of their period, never
interpolated. --derive adds columns computed from others (see sextant
derive --help), --convert moves the whole table to a coarser frequency.
Prints a summary of each column, and every row with --print; -o writes the
data to a file, or to standard output with -o - (CSV unless --format json
or parquet; the summary then goes to standard error).`,
		Flags: append(append(append([]cli.Flag{bundleFlag, noVerifyFlag}, tableOutputFlags()...), rangeFlags()...), deriveFlags()...),
		Action: func(c *cli.Context) error {
			args, err := positionalArgs(c)
			if err != nil {
				return err
			}
			if len(args) == 0 {
				return usageError("table needs at least one series id")
			}
			if err := checkDeriveFlags(c); err != nil {
				return err
			}
			ids, names := splitColumns(args)
			out := c.String("output")
			format, err := tableFormat(c, out)
			if err != nil {
				return err
			}
			t, store, err := loadTableFrom(c, ids)
			if err != nil {
				return err
			}
			if err := renameColumns(t, names); err != nil {
				return err
			}
			if t, err = deriveAndConvert(c, t, store); err != nil {
				return err
			}
			return writeTableOutput(c, t, out, format)
		},
	}
}

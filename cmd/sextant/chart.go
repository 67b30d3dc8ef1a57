package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/chart"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/urfave/cli/v2"
)

func chartCommand() *cli.Command {
	return &cli.Command{
		Name:  "chart",
		Usage: "draw series as a line chart (SVG or PNG), optionally with their change points",
		UsageText: `sextant chart -b BUNDLE [--breaks] [--freq M] [--from DATE] [--to DATE] [--title TEXT] -o FILE.svg|FILE.png ID...

The series are aligned as sextant table aligns them; series with different
units go to separate panels on a shared time axis. --breaks marks each
series' change points (PELT, change in mean, MBIC penalty) as dashed lines.`,
		Flags: append([]cli.Flag{bundleFlag, noVerifyFlag,
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "chart `FILE` to write (.svg or .png)", Required: true},
			&cli.BoolFlag{Name: "breaks", Usage: "mark the change points of each series"},
			&cli.StringFlag{Name: "title", Usage: "chart title (default: the series' names)"},
		}, rangeFlags()...),
		Action: func(c *cli.Context) error {
			ids, err := positionalArgs(c)
			if err != nil {
				return err
			}
			if len(ids) == 0 {
				return usageError("chart needs at least one series id")
			}
			if len(ids) > chart.MaxSeries {
				return usageError("chart draws at most %d series, got %d", chart.MaxSeries, len(ids))
			}
			out := c.String("output")
			format := strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
			if format != "svg" && format != "png" {
				return usageError("-o %s: the file must end in .svg or .png", out)
			}
			t, err := loadTable(c, ids)
			if err != nil {
				return err
			}
			spec := chart.Spec{Table: t, Title: c.String("title")}
			if spec.Title == "" {
				var names []string
				for _, col := range t.Columns {
					names = append(names, col.Title)
				}
				spec.Title = strings.Join(names, "; ")
			}
			var skipped []string
			if c.Bool("breaks") {
				for _, col := range t.Columns {
					s, err := t.Series(col.Name)
					var b analysis.Breaks
					if err == nil {
						b, err = wire.FindBreaks(s, 0)
					}
					if err != nil {
						skipped = append(skipped, fmt.Sprintf("%s: %v", col.Name, err))
						continue
					}
					spec.Breaks = append(spec.Breaks, b)
				}
			}
			if err := writeFile(out, func(w io.Writer) error { return chart.Render(spec, format, w) }); err != nil {
				return inputError(fmt.Errorf("chart %s: %w", out, err))
			}
			for _, b := range spec.Breaks {
				fmt.Fprintln(c.App.Writer, b.Summary())
			}
			for _, s := range skipped {
				fmt.Fprintf(c.App.ErrWriter, "sextant: no breaks marked for %s\n", s)
			}
			fmt.Fprintf(c.App.Writer, "wrote %s\n", out)
			return nil
		},
	}
}

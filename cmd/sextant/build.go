package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"text/tabwriter"
	"time"

	_ "github.com/sextant-dev/sextant/catalogsrc/all"     // catalog readers
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/all" // observation readers
	"github.com/sextant-dev/sextant/indexer"
	"github.com/urfave/cli/v2"
)

func buildCommand() *cli.Command {
	return &cli.Command{
		Name:      "build",
		Usage:     "build a bundle from the sources a configuration lists",
		UsageText: "sextant build -c CONFIG.yaml -o BUNDLE_DIR [--previous DIR] [--strict] [--force] [--json] [-q] [--log-format text|json] [--diff-out FILE] [--shared-model]",
		Description: `Reads every source, normalises and de-duplicates rows, derives the heading
hierarchy, links observations, builds the text index and embeddings, and
publishes the bundle atomically: a failed or interrupted build leaves any
bundle already at BUNDLE_DIR untouched, and the old bundle is swapped for the
new one in one step. A BUNDLE_DIR that exists and is neither a bundle nor
empty is refused unless --force. Rows that cannot be read go to the
bundle's quarantine report (counts are printed); --strict fails instead.
A previous bundle (BUNDLE_DIR itself by default) is diffed against and its
embeddings reused for rows whose text did not change. Exit codes: 0 ok,
1 failure (e.g. an unreadable source), 2 usage, 3 rows quarantined, or a
source empty or shrunk by more than max_row_drop, with --strict.
--shared-model (or embedding.shared: true) keeps the embedding model once
in models/<sha256>/ beside BUNDLE_DIR, for every bundle built there with the
same model, instead of a copy in each bundle.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "config", Aliases: []string{"c"}, Usage: "build configuration (YAML)", Required: true},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "bundle directory to publish", Required: true},
			&cli.StringFlag{Name: "previous", Usage: "previous bundle to diff against and reuse embeddings from (default: the output directory; \"-\" for none)"},
			&cli.StringFlag{Name: "model", Usage: "embedding model directory (overrides the configuration; \"none\" to skip embeddings)"},
			&cli.BoolFlag{Name: "strict", Usage: "fail when any input row is rejected"},
			&cli.BoolFlag{Name: "force", Usage: "replace the output path even when it holds something that is not a bundle"},
			&cli.BoolFlag{Name: "json", Usage: "print the build report as JSON"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print nothing but errors (and the report when --json asks for it)"},
			&cli.StringFlag{Name: "log-format", Value: "text", Usage: "progress lines on stderr: text (each with a UTC timestamp) or json (one object a line)"},
			&cli.BoolFlag{Name: "shared-model", Usage: "keep the embedding model in models/<sha256>/ beside the bundle, shared by the bundles built there with it (as embedding.shared: true)"},
			&cli.StringFlag{Name: "diff-out", Usage: "write every row added, removed or changed since the previous bundle to `FILE` as JSON lines"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("build takes no arguments, got %q", c.Args().Slice())
			}
			cfg, err := indexer.LoadConfig(c.String("config"))
			if err != nil {
				return err
			}
			if m := c.String("model"); m != "" {
				cfg.Embedding.Model = m
			}
			if c.Bool("shared-model") {
				cfg.Embedding.Shared = true
			}
			opts := indexer.Options{Out: c.String("out"), Previous: c.String("previous"), Strict: c.Bool("strict"), Force: c.Bool("force"), ToolVersion: version}
			logf, warnf, err := buildLoggers(c.App.ErrWriter, c.String("log-format"))
			if err != nil {
				return err
			}
			if !c.Bool("quiet") {
				opts.Logf, opts.Warnf = logf, warnf
			}
			diffOut := c.String("diff-out")
			opts.RowDiff = diffOut != ""
			rep, err := indexer.Build(c.Context, cfg, opts)
			if errors.Is(err, indexer.ErrQuarantine) || errors.Is(err, indexer.ErrRowDrop) {
				if rep != nil && !c.Bool("quiet") {
					printBuildReport(c.App.Writer, rep)
				}
				return fmt.Errorf("%w: %v", errBadData, err)
			}
			if err != nil {
				return err
			}
			if diffOut != "" {
				if err := writeRowDiff(diffOut, rep.Diff); err != nil {
					return err
				}
			}
			if c.Bool("json") {
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			if !c.Bool("quiet") {
				printBuildReport(c.App.Writer, rep)
			}
			return nil
		},
	}
}

// buildLoggers returns the progress and warning printers for a log format:
// "text" lines start with a UTC timestamp, "json" lines are objects with
// time, level and msg.
func buildLoggers(w io.Writer, format string) (logf, warnf func(string, ...any), err error) {
	switch format {
	case "", "text":
		var mu sync.Mutex
		line := func(level string) func(string, ...any) {
			return func(f string, args ...any) {
				mu.Lock()
				defer mu.Unlock()
				fmt.Fprintf(w, "%s build: %s%s\n", time.Now().UTC().Format("2006-01-02T15:04:05.000Z"), level, fmt.Sprintf(f, args...))
			}
		}
		return line(""), line("WARNING: "), nil
	case "json":
		l := slog.New(slog.NewJSONHandler(w, nil)).With("cmd", "build")
		return func(f string, args ...any) { l.Info(fmt.Sprintf(f, args...)) },
			func(f string, args ...any) { l.Warn(fmt.Sprintf(f, args...)) }, nil
	}
	return nil, nil, usageError("--log-format %q: want text or json", format)
}

// writeRowDiff writes the row-level diff as JSON lines; with no previous
// bundle to compare with, the file is empty.
func writeRowDiff(path string, d *indexer.Diff) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("build: --diff-out: %w", err)
	}
	if d != nil {
		if err := d.WriteRows(f); err != nil {
			f.Close()
			return fmt.Errorf("build: --diff-out %s: %w", path, err)
		}
	}
	return f.Close()
}

func printBuildReport(w io.Writer, r *indexer.Report) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "source\tkind\trole\trows\tquarantined\t")
	for _, s := range r.Sources {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t\n", s.Name, s.Kind, s.Role, s.Rows, s.Quarantined)
	}
	tw.Flush()
	fmt.Fprintf(w, "bundle %s: %d series, %d headings (%d derived), %d observations for %d series, %d rows quarantined\n",
		r.Out, r.Series, r.Headings, r.DerivedHeadings, r.Observations, r.ObservedSeries, r.Quarantined)
	if e := r.Embedding; e != nil {
		fmt.Fprintf(w, "embeddings: dim %d, rows %d computed / %d reused / %d failed, headings %d computed / %d reused\n",
			e.Dim, e.Rows.Computed, e.Rows.Reused, e.Rows.Failed, e.Heads.Computed, e.Heads.Reused)
	}
	for _, m := range r.Warnings {
		fmt.Fprintf(w, "WARNING: %s\n", m)
	}
	if d := r.Diff; d != nil {
		t := d.Total()
		fmt.Fprintf(w, "since previous bundle: %d added, %d removed, %d changed, %d unchanged\n", t.Added, t.Removed, t.Changed, t.Unchanged)
		for _, s := range d.Sources {
			if s.Added+s.Removed+s.Changed > 0 {
				fmt.Fprintf(w, "  %s: +%d -%d ~%d\n", s.Source, s.Added, s.Removed, s.Changed)
			}
		}
	}
	for _, s := range r.Stages {
		fmt.Fprintf(w, "  %-24s %6.1fs\n", s.Name, s.Seconds)
	}
	fmt.Fprintf(w, "built in %.1fs (%.0f rows/s)\n", r.Seconds, float64(r.Series)/max(r.Seconds, 1e-9))
}

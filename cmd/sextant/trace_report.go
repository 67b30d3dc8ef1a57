package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sextant-dev/sextant/runtime/trace"
	"github.com/urfave/cli/v2"
)

// traceCommand is the parent of the trace commands.
func traceCommand() *cli.Command {
	return &cli.Command{
		Name:        "trace",
		Usage:       "work with session traces (written by ask and chat with --trace)",
		Subcommands: []*cli.Command{traceReportCommand()},
	}
}

func traceReportCommand() *cli.Command {
	return &cli.Command{
		Name:  "report",
		Usage: "render a session trace as a self-contained HTML page",
		UsageText: `sextant trace report FILE [-o report.html]

The page shows each turn: the analyst's message, every request with how its
context was assembled, the model's reasoning and tool calls, the results it
saw, the charts drawn (embedded), and per-turn metrics. Without -o the page is
written next to FILE with the extension .html.`,
		Flags: []cli.Flag{&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "HTML file to write"}},
		Action: func(c *cli.Context) error {
			args, err := positionalArgs(c)
			if err != nil {
				return err
			}
			if len(args) != 1 {
				return usageError("trace report takes one trace file, got %d arguments", len(args))
			}
			in := args[0]
			out := c.String("output")
			if out == "" {
				out = strings.TrimSuffix(in, filepath.Ext(in)) + ".html"
			}
			if _, err := os.Stat(in); err != nil {
				return usageError("trace file: %v", err)
			}
			if filepath.Clean(out) == filepath.Clean(in) {
				return usageError("the report %s would overwrite the trace", out)
			}
			if err := renderTraceReport(in, out); err != nil {
				return err
			}
			fmt.Fprintf(c.App.Writer, "wrote %s\n", out)
			return nil
		},
	}
}

// renderTraceReport writes the HTML report of the trace at in to out,
// atomically and with the umask's permissions.
func renderTraceReport(in, out string) error {
	tr, err := trace.Read(in)
	if err != nil {
		return fmt.Errorf("%w: %v", errBadData, err)
	}
	return writeAtomic(out, func(w io.Writer) error { return trace.Report(tr, w) })
}

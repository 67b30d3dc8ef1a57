package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/urfave/cli/v2"
)

// tableOutputFlags are table's output choices.
func tableOutputFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the table to `FILE` (.csv, .json or .parquet), or to standard output with -"},
		&cli.StringFlag{Name: "format", Usage: "csv, json or parquet (default: from the -o file's extension; csv for -o -)"},
		&cli.BoolFlag{Name: "print", Aliases: []string{"p"}, Usage: "print every row of the table, aligned, after its summary"},
	}
}

// tableFormat is the format table writes to out: --format, else the
// file's extension, else csv for standard output.
func tableFormat(c *cli.Context, out string) (string, error) {
	format := strings.ToLower(c.String("format"))
	if format == "" && out != "" && out != "-" {
		format = strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
		if format != "csv" && format != "json" && format != "parquet" {
			return "", usageError("-o %s: the file must end in .csv, .json or .parquet (or give --format)", out)
		}
	}
	switch format {
	case "":
		return "csv", nil
	case "csv", "json", "parquet":
		if c.IsSet("format") && out == "" {
			return "", usageError("--format %s needs -o FILE or -o - (standard output)", format)
		}
		return format, nil
	}
	return "", usageError("--format %q: want csv, json or parquet", c.String("format"))
}

// writeTableOutput writes t as the flags ask: to standard output alone
// with -o - (the summary goes to standard error, so the data can be
// piped), else the summary, the rows with --print, and the file written.
func writeTableOutput(c *cli.Context, t *analysis.Table, out, format string) error {
	w := c.App.Writer
	write := func(w io.Writer) error {
		switch format {
		case "json":
			return writeTableJSON(w, t)
		case "parquet":
			return t.WriteParquet(w)
		}
		return t.WriteCSV(w)
	}
	if out == "-" {
		if c.App.ErrWriter != nil {
			fmt.Fprintln(c.App.ErrWriter, t.Summary())
		}
		bw := bufio.NewWriter(w)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	fmt.Fprintln(w, t.Summary())
	if c.Bool("print") {
		fmt.Fprintln(w)
		if err := printTableRows(w, t); err != nil {
			return err
		}
	}
	if out == "" {
		return nil
	}
	if err := writeFile(out, write); err != nil {
		return fmt.Errorf("write %s: %w", out, err)
	}
	fmt.Fprintf(w, "wrote %s (%d rows, %d columns)\n", out, len(t.Dates), len(t.Columns))
	return nil
}

// printTableRows writes every row of t aligned: the period, then each
// column's value (about four significant digits; "-" when missing).
func printTableRows(w io.Writer, t *analysis.Table) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "date\t")
	for _, c := range t.Columns {
		fmt.Fprint(tw, c.Name+"\t")
	}
	fmt.Fprintln(tw)
	for i, d := range t.Dates {
		fmt.Fprint(tw, analysis.FormatPeriod(d, t.Frequency)+"\t")
		for _, c := range t.Columns {
			if v := c.Values[i]; math.IsNaN(v) {
				fmt.Fprint(tw, "-\t")
			} else {
				fmt.Fprint(tw, analysis.FormatNumber(v)+"\t")
			}
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

// tableJSONColumn describes one column in table --format json.
type tableJSONColumn struct {
	analysis.ColumnMeta
	Count int    `json:"count"`
	First string `json:"first,omitempty"`
	Last  string `json:"last,omitempty"`
}

// writeTableJSON writes t as one JSON object: the frequency, the columns'
// descriptions and the rows, each {"date": ISO period start, column name:
// value or null}, with the keys in table order.
func writeTableJSON(w io.Writer, t *analysis.Table) error {
	cols := make([]tableJSONColumn, len(t.Columns))
	for i, c := range t.Columns {
		cols[i] = tableJSONColumn{ColumnMeta: analysis.ColumnMeta{Name: c.Name, ID: c.ID, Title: c.Title, Unit: c.Unit, Source: c.Source,
			SourceFrequency: string(c.SourceFrequency), Method: c.Method, Notes: c.Notes}, Count: c.Count}
		if c.Derivation != nil {
			cols[i].Formula = c.Derivation.Formula
		}
		if !c.First.IsZero() {
			cols[i].First, cols[i].Last = c.First.Format(time.DateOnly), c.Last.Format(time.DateOnly)
		}
	}
	head, err := json.Marshal(struct {
		Frequency string            `json:"frequency"`
		Columns   []tableJSONColumn `json:"columns"`
	}{string(t.Frequency), cols})
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	bw.Write(head[:len(head)-1]) // reopen the object for "rows"
	bw.WriteString(`,"rows":[`)
	keys := make([][]byte, len(t.Columns))
	for i, c := range t.Columns {
		keys[i], _ = json.Marshal(c.Name)
	}
	for r, d := range t.Dates {
		if r > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n{\"date\":\"" + d.Format(time.DateOnly) + "\"")
		for i, c := range t.Columns {
			bw.WriteByte(',')
			bw.Write(keys[i])
			bw.WriteByte(':')
			if v := c.Values[r]; math.IsNaN(v) || math.IsInf(v, 0) {
				bw.WriteString("null")
			} else {
				bw.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
			}
		}
		bw.WriteByte('}')
	}
	bw.WriteString("\n]}\n")
	return bw.Flush()
}

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/urfave/cli/v2"
)

// description is what describe prints for one series: every catalog field,
// its heading path and a summary of its observations.
type description struct {
	bundle.SeriesRow
	HeadingPath  []string    `json:"heading_path"`
	Observations *obsSummary `json:"observations"` // nil: no data in the bundle
}

// obsSummary summarises a series' observations in the bundle.
type obsSummary struct {
	Count     int     `json:"count"`
	First     string  `json:"first"`
	Last      string  `json:"last"`
	LastValue float64 `json:"last_value"`
	Min       float64 `json:"min"`
	MinDate   string  `json:"min_date"`
	Max       float64 `json:"max"`
	MaxDate   string  `json:"max_date"`
}

func describeCommand() *cli.Command {
	return &cli.Command{
		Name:  "describe",
		Usage: "print everything the catalog knows about series, with a summary of their observations",
		UsageText: `sextant describe -b BUNDLE [--json] ID...

Prints each series' catalog fields (title, unit, frequency, seasonal
adjustment, country, coverage, heading path, description, ...) and, when the
bundle holds its data, the number of observations, the first and last dates,
the last value and the minimum and maximum with their dates.`,
		Flags: []cli.Flag{bundleFlag, noVerifyFlag,
			&cli.BoolFlag{Name: "json", Usage: "print JSON (one array)"},
		},
		Action: func(c *cli.Context) error {
			ids := c.Args().Slice()
			if len(ids) == 0 {
				return usageError("describe needs at least one series id")
			}
			cat, err := openCatalog(c)
			if err != nil {
				return err
			}
			var out []description
			for _, id := range ids {
				r, err := resolveID(cat, id)
				if err != nil {
					return err
				}
				d, err := describeRow(cat, r)
				if err != nil {
					return err
				}
				out = append(out, d)
			}
			if c.Bool("json") {
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				return enc.Encode(out)
			}
			for i, d := range out {
				if i > 0 {
					fmt.Fprintln(c.App.Writer)
				}
				printDescription(c.App.Writer, d)
			}
			return nil
		},
	}
}

func describeRow(cat *catalog.Catalog, r bundle.SeriesRow) (description, error) {
	d := description{SeriesRow: r}
	if h, ok := cat.Heading(r.HeadingID); ok {
		d.HeadingPath = h.Path
	}
	obs, err := cat.Observations(r.ID)
	if err != nil {
		return d, fmt.Errorf("%w: read observations: %v", errBadData, err)
	}
	var s *obsSummary
	for _, o := range obs {
		if math.IsNaN(o.Value) {
			continue
		}
		if s == nil {
			s = &obsSummary{First: o.Date, Min: o.Value, MinDate: o.Date, Max: o.Value, MaxDate: o.Date}
		}
		s.Count++
		s.Last, s.LastValue = o.Date, o.Value
		if o.Value < s.Min {
			s.Min, s.MinDate = o.Value, o.Date
		}
		if o.Value > s.Max {
			s.Max, s.MaxDate = o.Value, o.Date
		}
	}
	d.Observations = s
	return d, nil
}

func printDescription(w io.Writer, d description) {
	fmt.Fprintf(w, "%s  %s\n", d.ID, d.Title)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	field := func(name, value string) {
		if value != "" {
			fmt.Fprintf(tw, "  %s\t%s\n", name, value)
		}
	}
	field("source", d.Source+" (native id "+d.NativeID+")")
	field("heading", strings.Join(d.HeadingPath, " > "))
	for _, t := range d.AltTitles {
		field("also titled", t)
	}
	field("unit", d.Unit)
	freq := d.Frequency
	if d.FrequencyText != "" && !strings.EqualFold(d.FrequencyText, d.Frequency) {
		freq += " (" + d.FrequencyText + ")"
	}
	field("frequency", freq)
	field("seasonal adj.", d.SeasonalAdjustment)
	field("country", d.Country)
	field("aggregation", d.Aggregation)
	if d.Start != "" || d.End != "" {
		field("coverage", orUnknown(d.Start)+" to "+orUnknown(d.End)+" (as the source lists it)")
	}
	field("vintage", d.Vintage)
	field("content hash", d.ContentHash)
	tw.Flush()
	if d.Description != "" {
		fmt.Fprintf(w, "  description:\n%s", indentWrap(d.Description, "    ", 76))
	}
	s := d.Observations
	if s == nil {
		fmt.Fprintln(w, "  observations: none in this bundle (the catalog lists the series; its data is not linked)")
		return
	}
	fmt.Fprintf(w, "  observations: %d, %s to %s\n", s.Count, s.First, s.Last)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "    last\t%s\t%s\n", s.Last, analysis.FormatNumber(s.LastValue))
	fmt.Fprintf(tw, "    min\t%s\t%s\n", s.MinDate, analysis.FormatNumber(s.Min))
	fmt.Fprintf(tw, "    max\t%s\t%s\n", s.MaxDate, analysis.FormatNumber(s.Max))
	tw.Flush()
}

// indentWrap wraps text at width columns, each line indented.
func indentWrap(text, indent string, width int) string {
	var b strings.Builder
	for _, para := range strings.Split(strings.TrimSpace(text), "\n") {
		line := indent
		for _, word := range strings.Fields(para) {
			if len(line) > len(indent) && len(line)+1+len(word) > width {
				b.WriteString(line + "\n")
				line = indent
			}
			if len(line) > len(indent) {
				line += " "
			}
			line += word
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

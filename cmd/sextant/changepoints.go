package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/changepoint"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/urfave/cli/v2"
)

// breakJSON is one change point as --json prints it.
type breakJSON struct {
	Date          string  `json:"date"`        // first period of the new regime
	LastBefore    string  `json:"last_before"` // last period of the old regime
	MeanBefore    float64 `json:"mean_before"`
	MeanAfter     float64 `json:"mean_after"`
	SDBefore      float64 `json:"sd_before"`
	SDAfter       float64 `json:"sd_after"`
	SegmentBefore string  `json:"segment_before"` // "1871..1898"
	SegmentAfter  string  `json:"segment_after"`
	Gain          float64 `json:"gain"` // cost saved; compare with penalty_value
}

// breaksJSON is what changepoints --json prints.
type breaksJSON struct {
	SeriesID     string      `json:"series_id"`
	Title        string      `json:"title"`
	Unit         string      `json:"unit"`
	Frequency    string      `json:"frequency"`
	Method       string      `json:"method"`
	Cost         string      `json:"cost"`
	Penalty      string      `json:"penalty"`
	PenaltyValue float64     `json:"penalty_value"`
	N            int         `json:"n"`
	From         string      `json:"from"`
	To           string      `json:"to"`
	Breaks       []breakJSON `json:"breaks"`
	Summary      string      `json:"summary"`
}

func changepointsCommand() *cli.Command {
	return &cli.Command{
		Name:  "changepoints",
		Usage: "find structural breaks (change points) in one series",
		UsageText: `sextant changepoints -b BUNDLE [--penalty bic|mbic|NUMBER] [--method pelt|binseg] [--cost mean|meanvar] [--min-segment N] [--max-breaks N] [--from DATE] [--to DATE] [--json] ID

Searches the series' observed values, at their own frequency, for changes in
the mean (--cost mean) or in mean and variance (--cost meanvar). PELT finds the
optimal segmentation for the penalty; binseg splits greedily and can be capped
with --max-breaks. A break is dated by the first period of the new regime.`,
		Flags: []cli.Flag{bundleFlag, noVerifyFlag,
			&cli.StringFlag{Name: "penalty", Usage: "cost of one break: bic, mbic or a non-negative number", Value: "mbic"},
			&cli.StringFlag{Name: "method", Usage: "pelt or binseg", Value: analysis.MethodPELT},
			&cli.StringFlag{Name: "cost", Usage: "mean or meanvar", Value: "mean"},
			&cli.IntFlag{Name: "min-segment", Usage: "fewest values in a regime (default: half a year of periods at the series' frequency, at least 2)"},
			&cli.IntFlag{Name: "max-breaks", Usage: "binseg: stop after this many breaks (0: no cap)"},
			&cli.StringFlag{Name: "from", Usage: "search values from this period: YYYY, YYYY-MM or YYYY-MM-DD"},
			&cli.StringFlag{Name: "to", Usage: "search values up to this period"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON"},
		},
		Action: runChangepoints,
	}
}

func runChangepoints(c *cli.Context) error {
	args, err := positionalArgs(c)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return usageError("changepoints takes one series id, got %d", len(args))
	}
	o, err := breakOptions(c)
	if err != nil {
		return err
	}
	from, err := parseDateFlag(c, "from", wire.ParseFrom)
	if err != nil {
		return err
	}
	to, err := parseDateFlag(c, "to", wire.ParseTo)
	if err != nil {
		return err
	}
	cat, store, err := openStore(c)
	if err != nil {
		return err
	}
	defer store.Close()
	id, err := resolveID(cat, args[0])
	if err != nil {
		return err
	}
	s, err := store.Series(c.Context, id.ID)
	if err != nil {
		return inputError(err)
	}
	s = clip(s, from, to)
	if len(s.Observed()) == 0 {
		return fmt.Errorf("%w: %s has no value between %s and %s", analysis.ErrNoData, s.ID, orOpen(c.String("from")), orOpen(c.String("to")))
	}
	b, err := analysis.FindBreaks(s, o)
	if err != nil {
		return inputError(err)
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(toBreaksJSON(s, b))
	}
	printBreaks(c.App.Writer, s, b)
	return nil
}

// breakOptions reads --method, --cost, --penalty, --min-segment and --max-breaks.
func breakOptions(c *cli.Context) (analysis.BreakOptions, error) {
	o := analysis.BreakOptions{Method: strings.ToLower(c.String("method"))}
	if o.Method != analysis.MethodPELT && o.Method != analysis.MethodBinSeg {
		return o, usageError("--method %q: use pelt or binseg", c.String("method"))
	}
	switch strings.ToLower(c.String("cost")) {
	case "mean":
		o.Cost = changepoint.Mean
	case "meanvar":
		o.Cost = changepoint.MeanVar
	default:
		return o, usageError("--cost %q: use mean or meanvar", c.String("cost"))
	}
	p, err := changepoint.ParsePenalty(c.String("penalty"))
	if err != nil {
		return o, usageError("--penalty: %v", err)
	}
	o.Penalty = p
	if o.MinSegment = c.Int("min-segment"); o.MinSegment < 0 {
		return o, usageError("--min-segment must not be negative, got %d", o.MinSegment)
	}
	if o.MaxBreaks = c.Int("max-breaks"); o.MaxBreaks < 0 {
		return o, usageError("--max-breaks must not be negative, got %d", o.MaxBreaks)
	}
	if o.MaxBreaks > 0 && o.Method != analysis.MethodBinSeg {
		return o, usageError("--max-breaks applies to --method binseg only")
	}
	return o, nil
}

// clip keeps the points of s within [from, to] (zero = open).
func clip(s analysis.Series, from, to time.Time) analysis.Series {
	if from.IsZero() && to.IsZero() {
		return s
	}
	kept := make([]analysis.Point, 0, len(s.Points))
	for _, p := range s.Points {
		if (from.IsZero() || !p.Date.Before(analysis.PeriodStart(from, s.Frequency))) && (to.IsZero() || !p.Date.After(to)) {
			kept = append(kept, p)
		}
	}
	s.Points = kept
	return s
}

func orOpen(s string) string {
	if s == "" {
		return "the open end"
	}
	return s
}

func span(s analysis.Series, pts []analysis.Point, seg changepoint.Segment) string {
	if seg.Len() == 0 || seg.End > len(pts) {
		return ""
	}
	return analysis.FormatPeriod(pts[seg.Start].Date, s.Frequency) + ".." + analysis.FormatPeriod(pts[seg.End-1].Date, s.Frequency)
}

func toBreaksJSON(s analysis.Series, b analysis.Breaks) breaksJSON {
	pts := s.Observed()
	out := breaksJSON{SeriesID: b.SeriesID, Title: b.Title, Unit: b.Unit, Frequency: string(b.Frequency), Method: b.Method,
		Cost: b.Cost.String(), Penalty: b.Penalty, PenaltyValue: b.PenaltyValue, N: b.N,
		From: analysis.FormatPeriod(b.From, b.Frequency), To: analysis.FormatPeriod(b.To, b.Frequency),
		Breaks: []breakJSON{}, Summary: b.Summary()}
	for _, it := range b.Items {
		out.Breaks = append(out.Breaks, breakJSON{Date: analysis.FormatPeriod(it.Date, b.Frequency),
			LastBefore: analysis.FormatPeriod(it.LastBefore, b.Frequency), MeanBefore: it.Before.Mean, MeanAfter: it.After.Mean,
			SDBefore: math.Sqrt(it.Before.Variance), SDAfter: math.Sqrt(it.After.Variance),
			SegmentBefore: span(s, pts, it.Before), SegmentAfter: span(s, pts, it.After), Gain: it.Gain})
	}
	return out
}

func printBreaks(w io.Writer, s analysis.Series, b analysis.Breaks) {
	fmt.Fprintln(w, b.Summary())
	if len(b.Items) == 0 {
		return
	}
	pts := s.Observed()
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "break\tmean before\tmean after\tsegment before\tsegment after\tgain")
	for _, it := range b.Items {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", analysis.FormatPeriod(it.Date, b.Frequency),
			analysis.FormatNumber(it.Before.Mean), analysis.FormatNumber(it.After.Mean),
			span(s, pts, it.Before), span(s, pts, it.After), analysis.FormatNumber(it.Gain))
	}
	tw.Flush()
	fmt.Fprintf(w, "penalty per break: %s\n", analysis.FormatNumber(b.PenaltyValue))
}

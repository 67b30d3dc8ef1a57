package analysis

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// SeriesAggregation is how s moves to a coarser frequency: its own
// Aggregation, else "last" when its frequency label says end of period
// (FRED's "Quarterly, End of Period"), else the average.
func SeriesAggregation(s Series) string {
	if s.Aggregation != "" {
		return s.Aggregation
	}
	ft := strings.ToLower(s.FrequencyText)
	switch {
	case strings.Contains(ft, "end of period"), strings.Contains(ft, "end of"):
		return AggLast
	case strings.Contains(ft, "beginning of period"):
		return AggFirst
	}
	return AggAverage
}

// edgeSlackDays is how far from a period's ends the first and last values of
// a daily or weekly series may fall for the period to count as covered
// (weekends and holidays for daily data, the weekday of weekly data).
var edgeSlackDays = map[Frequency]int{Daily: 4, Weekly: 7, Biweekly: 14}

// downInfo records what down-sampling did, for the column note written once
// the table range is known.
type downInfo struct {
	method     string
	defaulted  bool
	expected   int
	counts     []periodCount // observations in each period kept
	incomplete []time.Time
}

type periodCount struct {
	start time.Time
	n     int
}

// resample moves one series to the table frequency tf and describes how in
// the returned column (values are filled later by the table). For a
// down-sampled series the note is left to Align, which knows the range.
// A series a PushdownStore aggregated comes as periods already.
func resample(in tableInput, tf Frequency) (map[time.Time]float64, *Column, *downInfo) {
	s := in.s
	col := &Column{Name: s.ID, ID: s.ID, Title: s.Title, Unit: s.Unit, Source: s.Source, SourceFrequency: s.Frequency,
		Aggregation: SeriesAggregation(s), Adjustment: s.Adjustment}
	if in.aggregated {
		out := make(map[time.Time]float64, len(in.periods))
		return out, col, keepComplete(s, in.periods, tf, col, out)
	}
	pts := s.Observed()
	name := s.Name()
	out := make(map[time.Time]float64, len(pts))
	switch {
	case s.Frequency == tf:
		col.Method = "as is"
		dup := 0
		for _, p := range pts {
			d := PeriodStart(p.Date, tf)
			if _, ok := out[d]; ok {
				dup++
			}
			out[d] = p.Value
		}
		note := fmt.Sprintf("%s: %s, kept as is", name, FrequencyName(tf))
		if dup > 0 {
			note += fmt.Sprintf("; %d values shared a %s with a later one and were replaced by it", dup, periodNoun(tf))
		}
		col.Notes = append(col.Notes, note)
	case Coarser(s.Frequency, tf):
		col.Method = "at period start"
		for _, p := range pts {
			out[placeCoarse(PeriodStart(p.Date, s.Frequency), tf)] = p.Value
		}
		col.Notes = append(col.Notes, fmt.Sprintf("%s: %s in a %s table: each value sits at the first %s of its %s, other rows are missing (not interpolated)",
			name, FrequencyName(s.Frequency), FrequencyName(tf), periodNoun(tf), periodNoun(s.Frequency)))
	default:
		return out, col, downsample(s, pts, tf, col, out)
	}
	return out, col, nil
}

// downsample aggregates a finer series into periods of tf, keeping only
// complete periods (see BuildTable).
func downsample(s Series, pts []Point, tf Frequency, col *Column, out map[time.Time]float64) *downInfo {
	method := SeriesAggregation(s)
	var periods []Period
	var sum float64
	for _, p := range pts {
		d := PeriodStart(p.Date, tf)
		if n := len(periods); n == 0 || !periods[n-1].Start.Equal(d) {
			periods = append(periods, Period{Start: d, First: p.Date})
			sum = 0
		}
		b := &periods[len(periods)-1]
		b.Count++
		sum += p.Value
		b.Last = p.Date
		switch method {
		case AggAverage:
			b.Value = sum / float64(b.Count)
		case AggSum:
			b.Value = sum
		case AggLast:
			b.Value = p.Value
		case AggFirst:
			if b.Count == 1 {
				b.Value = p.Value
			}
		}
	}
	return keepComplete(s, periods, tf, col, out)
}

// keepComplete puts the complete periods of a series aggregated to tf in
// out and records the others: an average or a sum needs every sub-period
// (or, for daily and weekly data, values near both ends of the period),
// "last" the period's last sub-period, "first" its first.
func keepComplete(s Series, periods []Period, tf Frequency, col *Column, out map[time.Time]float64) *downInfo {
	method := SeriesAggregation(s)
	defaulted := s.Aggregation == "" && method == AggAverage
	col.Method = method
	expected := subPeriods(s.Frequency, tf)
	slack := edgeSlackDays[s.Frequency]
	info := &downInfo{method: method, defaulted: defaulted, expected: expected}
	for _, b := range periods {
		end := NextPeriod(b.Start, tf)
		var okFirst, okLast, complete bool
		if expected > 0 {
			okFirst = PeriodStart(b.First, s.Frequency).Equal(b.Start)
			okLast = PeriodStart(b.Last, s.Frequency).Equal(end.AddDate(0, -monthsIn[s.Frequency], 0))
			complete = b.Count == expected
		} else {
			okFirst = !b.First.After(b.Start.AddDate(0, 0, slack))
			okLast = !b.Last.Before(end.AddDate(0, 0, -slack-1))
			complete = okFirst && okLast
		}
		ok := false
		switch method {
		case AggAverage, AggSum:
			ok = complete
		case AggLast:
			ok = okLast
		case AggFirst:
			ok = okFirst
		}
		if !ok {
			info.incomplete = append(info.incomplete, b.Start)
			continue
		}
		out[b.Start] = b.Value
		info.counts = append(info.counts, periodCount{b.Start, b.Count})
	}
	return info
}

// note describes the down-sampling, counting only incomplete periods
// inside the table range [lo, hi].
func (info *downInfo) note(s Series, tf Frequency, lo, hi time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s → %s ", s.Name(), FrequencyName(s.Frequency), FrequencyName(tf))
	switch info.method {
	case AggAverage:
		b.WriteString("average")
	case AggSum:
		b.WriteString("sum")
	case AggLast:
		b.WriteString("end-of-period value")
	case AggFirst:
		b.WriteString("start-of-period value")
	}
	if info.method == AggAverage || info.method == AggSum {
		if info.expected > 0 {
			fmt.Fprintf(&b, " of %d %ss", info.expected, periodNoun(s.Frequency))
		} else if c := info.countsIn(lo, hi); len(c) > 0 {
			slices.Sort(c)
			fmt.Fprintf(&b, " of %d values per %s (median)", c[len(c)/2], periodNoun(tf))
		}
	}
	if info.defaulted {
		b.WriteString(" (no method given: average)")
	}
	var inc []string
	for _, d := range info.incomplete {
		if !d.Before(lo) && !d.After(hi) {
			inc = append(inc, FormatPeriod(d, tf))
		}
	}
	if len(inc) > 0 {
		fmt.Fprintf(&b, "; %s left missing (", plural(len(inc), "incomplete "+periodNoun(tf)))
		if len(inc) > 3 {
			inc = []string{inc[0], inc[1], "…", inc[len(inc)-1]}
		}
		b.WriteString(strings.Join(inc, ", "))
		b.WriteString(")")
	}
	return b.String()
}

// countsIn lists the observation counts of the kept periods in [lo, hi].
func (info *downInfo) countsIn(lo, hi time.Time) []int {
	var out []int
	for _, c := range info.counts {
		if !c.start.Before(lo) && !c.start.After(hi) {
			out = append(out, c.n)
		}
	}
	return out
}

// plural writes "1 month" or "3 months".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

package analysis

import (
	"fmt"
	"math"
	"strings"
)

// SummaryColumns is the most columns Table.Summary describes one by one.
const SummaryColumns = 24

// Summary describes the table compactly for the agent: frequency, range,
// and per column its unit, how it was made, coverage, counts and last value.
// It never lists the data.
func (t *Table) Summary() string {
	var sb strings.Builder
	if len(t.Dates) == 0 {
		return "empty table"
	}
	fmt.Fprintf(&sb, "Table: %d columns, %s, %s to %s (%d rows).\n", len(t.Columns), FrequencyName(t.Frequency),
		FormatPeriod(t.Dates[0], t.Frequency), FormatPeriod(t.Dates[len(t.Dates)-1], t.Frequency), len(t.Dates))
	for i, c := range t.Columns {
		if i == SummaryColumns {
			fmt.Fprintf(&sb, "… and %d more columns.\n", len(t.Columns)-SummaryColumns)
			break
		}
		fmt.Fprintf(&sb, "- %s", c.Name)
		if c.Derivation == nil && c.Title != "" && c.Title != c.Name && c.Title != shortName(c.Name) {
			fmt.Fprintf(&sb, " %q", c.Title)
		}
		if c.Unit != "" {
			fmt.Fprintf(&sb, " [%s]", c.Unit)
		}
		if c.Count == 0 {
			sb.WriteString(": no values")
		} else {
			lastV := math.NaN()
			for r := len(c.Values) - 1; r >= 0; r-- {
				if !math.IsNaN(c.Values[r]) {
					lastV = c.Values[r]
					break
				}
			}
			fmt.Fprintf(&sb, ": %d values, %d missing (%d inside its span), %s to %s, last %s (%s)", c.Count, c.Missing, c.Gaps,
				FormatPeriod(c.First, t.Frequency), FormatPeriod(c.Last, t.Frequency),
				FormatNumber(lastV), FormatPeriod(c.Last, t.Frequency))
		}
		if c.Derivation != nil {
			fmt.Fprintf(&sb, "; = %s", c.Derivation.Formula)
			if ids := c.Derivation.SeriesIDs; len(ids) > 1 {
				fmt.Fprintf(&sb, " (from %s)", strings.Join(ids, ", "))
			}
			for _, n := range c.Derivation.Notes {
				fmt.Fprintf(&sb, "; %s", n)
			}
			for _, w := range c.Derivation.Warnings {
				fmt.Fprintf(&sb, "; %s", w)
			}
		} else if len(c.Notes) > 0 {
			note := c.Notes[0]
			if k := strings.Index(note, ": "); k >= 0 && (strings.HasPrefix(note, shortName(c.Name)) || strings.HasPrefix(note, c.Name)) {
				note = note[k+2:]
			}
			fmt.Fprintf(&sb, "; %s", note)
			for _, w := range c.Notes[1:] {
				fmt.Fprintf(&sb, "; %s", w)
			}
		}
		sb.WriteString("\n")
	}
	for _, n := range t.Notes {
		if strings.HasPrefix(n, "frequency:") {
			continue
		}
		if strings.HasPrefix(n, "range:") {
			continue
		}
		fmt.Fprintf(&sb, "Note: %s.\n", n)
	}
	return strings.TrimRight(sb.String(), "\n")
}

package evalret

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// WriteText prints the report for people: the summary line, the same per
// question file and per question source (when there are several), then
// one line per question with its rank (– when not found), its heading
// rank, and for misses the first hits.
func WriteText(w io.Writer, r Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "n=%d in_catalog=%d  R@1=%.3f R@5=%.3f R@20=%.3f MRR=%.3f HR@5=%.3f GH@5=%.3f",
		r.N, r.InCatalog, r.RecallAt1, r.RecallAt5, r.RecallAt20, r.MRR, r.HeadingRecallAt5, r.GoldHeadingAt5)
	if r.Errors > 0 {
		fmt.Fprintf(&b, " errors=%d", r.Errors)
	}
	b.WriteString("\n")
	for _, groups := range []map[string]SourceSummary{r.BySet, r.BySource} {
		if len(groups) < 2 {
			continue
		}
		keys := make([]string, 0, len(groups))
		width := 9
		for k := range groups {
			keys = append(keys, k)
			width = max(width, len(k))
		}
		sort.Strings(keys)
		for _, k := range keys {
			x := groups[k]
			fmt.Fprintf(&b, "  %-*s n=%-3d R@1=%.3f R@5=%.3f R@20=%.3f HR@5=%.3f GH@5=%.3f\n", width, k, x.N, x.RecallAt1, x.RecallAt5, x.RecallAt20, x.HeadingRecallAt5, x.GoldHeadingAt5)
		}
	}
	for _, q := range r.Questions {
		mark := " "
		if !q.InCatalog {
			mark = "!" // gold not in the searched catalog
		}
		fmt.Fprintf(&b, "%s rank %-3s head %-3s %-6s %s\n", mark, rankText(q.Rank), rankText(q.HeadingRank), q.Source, q.Question)
		switch {
		case q.Error != "":
			fmt.Fprintf(&b, "      error: %s\n", q.Error)
		case q.Rank == 0 || q.Rank > 5:
			fmt.Fprintf(&b, "      gold %s; top %s\n", strings.Join(q.Gold, ", "), strings.Join(q.Top, ", "))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func rankText(r int) string {
	if r == 0 {
		return "–"
	}
	return fmt.Sprint(r)
}

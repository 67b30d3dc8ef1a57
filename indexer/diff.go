package indexer

import (
	"bufio"
	"encoding/json"
	"io"
	"slices"
	"sort"

	"github.com/sextant-dev/sextant/bundle"
)

// Diff says what changed since the previous bundle, per source, and
// (when Options.RowDiff asks) row by row.
type Diff struct {
	Previous string       `json:"previous"`
	Sources  []SourceDiff `json:"sources"`
	Rows     []RowChange  `json:"-"` // sorted by id; see WriteRows
}

// RowChange is one row added, removed or changed since the previous bundle.
type RowChange struct {
	ID     string   `json:"id"`
	Source string   `json:"source"`
	Change string   `json:"change"`           // "added", "removed" or "changed"
	Fields []string `json:"fields,omitempty"` // for "changed": the fields that differ
}

// WriteRows writes the row changes as JSON lines, one object per row.
func (d *Diff) WriteRows(w io.Writer) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for _, r := range d.Rows {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// changedFields names the fields in which two versions of a row differ.
func changedFields(a, b *bundle.SeriesRow) []string {
	var out []string
	for _, f := range []struct {
		name string
		same bool
	}{
		{"title", a.Title == b.Title}, {"alt_titles", slices.Equal(a.AltTitles, b.AltTitles)}, {"unit", a.Unit == b.Unit},
		{"frequency", a.Frequency == b.Frequency && a.FrequencyText == b.FrequencyText}, {"start", a.Start == b.Start}, {"end", a.End == b.End},
		{"seasonal_adjustment", a.SeasonalAdjustment == b.SeasonalAdjustment}, {"country", a.Country == b.Country},
		{"aggregation", a.Aggregation == b.Aggregation}, {"description", a.Description == b.Description},
		{"heading", a.HeadingID == b.HeadingID}, {"vintage", a.Vintage == b.Vintage}, {"native_id", a.NativeID == b.NativeID},
	} {
		if !f.same {
			out = append(out, f.name)
		}
	}
	if len(out) == 0 {
		out = []string{"heading_path"} // same fields and heading id: the heading's path moved
	}
	return out
}

// SourceDiff counts one source's rows added, removed, changed and unchanged.
type SourceDiff struct {
	Source    string `json:"source"`
	Added     int    `json:"added"`
	Removed   int    `json:"removed"`
	Changed   int    `json:"changed"`
	Unchanged int    `json:"unchanged"`
}

// Total sums the per-source counts.
func (d *Diff) Total() SourceDiff {
	var t SourceDiff
	for _, s := range d.Sources {
		t.Added += s.Added
		t.Removed += s.Removed
		t.Changed += s.Changed
		t.Unchanged += s.Unchanged
	}
	return t
}

// diffCatalog compares new rows with the previous bundle's by id, content
// hash and heading (a row whose metadata is unchanged but that moved to
// another heading counts as changed: the agent sees it differently).
func diffCatalog(prevDir string, old, rows []bundle.SeriesRow, rowLevel bool) *Diff {
	oldIdx := make(map[string]int, len(old))
	for i, r := range old {
		oldIdx[r.ID] = i
	}
	per := map[string]*SourceDiff{}
	get := func(src string) *SourceDiff {
		if per[src] == nil {
			per[src] = &SourceDiff{Source: src}
		}
		return per[src]
	}
	d := &Diff{Previous: prevDir}
	seen := make(map[string]bool, len(rows))
	for i := range rows {
		r := &rows[i]
		seen[r.ID] = true
		j, ok := oldIdx[r.ID]
		switch {
		case !ok:
			get(r.Source).Added++
			if rowLevel {
				d.Rows = append(d.Rows, RowChange{ID: r.ID, Source: r.Source, Change: "added"})
			}
		case old[j].ContentHash+old[j].HeadingID != r.ContentHash+r.HeadingID:
			get(r.Source).Changed++
			if rowLevel {
				d.Rows = append(d.Rows, RowChange{ID: r.ID, Source: r.Source, Change: "changed", Fields: changedFields(&old[j], r)})
			}
		default:
			get(r.Source).Unchanged++
		}
	}
	for _, r := range old {
		if !seen[r.ID] {
			get(r.Source).Removed++
			if rowLevel {
				d.Rows = append(d.Rows, RowChange{ID: r.ID, Source: r.Source, Change: "removed"})
			}
		}
	}
	sort.Slice(d.Rows, func(i, j int) bool { return d.Rows[i].ID < d.Rows[j].ID })
	for _, s := range per {
		d.Sources = append(d.Sources, *s)
	}
	sort.Slice(d.Sources, func(i, j int) bool { return d.Sources[i].Source < d.Sources[j].Source })
	return d
}

package indexer

import (
	"sort"

	"github.com/sextant-dev/sextant/bundle"
)

// Diff says what changed since the previous bundle, per source.
type Diff struct {
	Previous string       `json:"previous"`
	Sources  []SourceDiff `json:"sources"`
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
func diffCatalog(prev *bundle.Bundle, rows []bundle.SeriesRow) (*Diff, error) {
	old, err := prev.ReadCatalog()
	if err != nil {
		return nil, err
	}
	oldHash := make(map[string]string, len(old))
	for _, r := range old {
		oldHash[r.ID] = r.ContentHash + r.HeadingID
	}
	per := map[string]*SourceDiff{}
	get := func(src string) *SourceDiff {
		if per[src] == nil {
			per[src] = &SourceDiff{Source: src}
		}
		return per[src]
	}
	for _, r := range rows {
		h, ok := oldHash[r.ID]
		switch {
		case !ok:
			get(r.Source).Added++
		case h != r.ContentHash+r.HeadingID:
			get(r.Source).Changed++
		default:
			get(r.Source).Unchanged++
		}
		delete(oldHash, r.ID)
	}
	for _, r := range old {
		if _, gone := oldHash[r.ID]; gone {
			get(r.Source).Removed++
		}
	}
	d := &Diff{Previous: prev.Dir}
	for _, s := range per {
		d.Sources = append(d.Sources, *s)
	}
	sort.Slice(d.Sources, func(i, j int) bool { return d.Sources[i].Source < d.Sources[j].Source })
	return d, nil
}

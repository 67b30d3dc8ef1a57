package indexer

import (
	"fmt"

	"github.com/sextant-dev/sextant/bundle"
)

// rowDrops compares each source's row count with the previous bundle's
// and describes every source that lost more than limit (a share) of its
// rows: the mark of a file cut at a line boundary, emptied, or replaced by
// a partial download, which no reader can see from the file alone.
func rowDrops(prev *bundle.Manifest, now []SourceReport, limit float64) []string {
	before := map[string]int{}
	for _, s := range prev.Sources {
		before[s.Role+"\x00"+s.Name] = s.Rows
	}
	var out []string
	for _, s := range now {
		was, ok := before[s.Role+"\x00"+s.Name]
		if !ok || was == 0 || s.Rows >= was {
			continue
		}
		lost := float64(was-s.Rows) / float64(was)
		if lost > limit {
			out = append(out, fmt.Sprintf("source %s (%s) has %d rows, %d fewer than the %d in the previous bundle (-%.1f %%, more than max_row_drop %.0f %% allows): is a source file cut short or damaged?",
				s.Name, s.Role, s.Rows, was-s.Rows, was, 100*lost, 100*limit))
		}
	}
	return out
}

// emptySources describes every source that gave no rows at all: a filter
// that matches nothing (a misspelt FRED release) or files with nothing in
// them that a reader could not tell from an empty catalog.
func emptySources(now []SourceReport) []string {
	var out []string
	for _, s := range now {
		if s.Rows == 0 && s.Quarantined == 0 {
			out = append(out, fmt.Sprintf("source %s (%s, %s) gave no rows: check its files and options", s.Name, s.Kind, s.Role))
		}
	}
	return out
}

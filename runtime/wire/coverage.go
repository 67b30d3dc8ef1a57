package wire

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/analysis"
)

// rowLookup is what Coverage needs from the catalog.
type rowLookup interface {
	Resolve(id string) (bundle.SeriesRow, error)
}

// Coverage says where each series has stored observations:
// "fred:UNRATE has values from 1948-01-01 to 2025-03-01". Unknown ids and
// series without observations are said as such.
func Coverage(cat rowLookup, ids []string) string {
	parts := make([]string, 0, len(ids))
	for _, id := range ids {
		r, err := cat.Resolve(id)
		switch {
		case err != nil:
			parts = append(parts, id+" is not in the catalog")
		case r.ObsCount == 0:
			parts = append(parts, r.ID+" has no observations in this bundle")
		default:
			parts = append(parts, fmt.Sprintf("%s has values from %s to %s", r.ID, r.ObsStart, r.ObsEnd))
		}
	}
	return strings.Join(parts, "; ")
}

// ExplainNoData adds the series' coverage to an error saying a range
// selected no values, which names no series itself.
func ExplainNoData(err error, store analysis.Store, ids []string, from, to string) error {
	cat, ok := store.(rowLookup)
	if !ok || !errors.Is(err, analysis.ErrNoData) {
		return err
	}
	for _, id := range ids {
		if strings.Contains(err.Error(), id) {
			return err
		}
	}
	return fmt.Errorf("%w (asked for %s to %s: %s)", err, openEnd(from), openEnd(to), Coverage(cat, ids))
}

func openEnd(s string) string {
	if s == "" {
		return "the open end"
	}
	return s
}

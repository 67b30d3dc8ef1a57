package main

import (
	"fmt"
	"strings"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/catalog"
)

// maxIDSuggestions is how many near ids an unknown id's error offers.
const maxIDSuggestions = 3

// resolveIDs resolves each typed id to its catalog id (see resolveID).
func resolveIDs(cat *catalog.Catalog, ids []string) ([]string, error) {
	out := make([]string, len(ids))
	for i, id := range ids {
		r, err := resolveID(cat, id)
		if err != nil {
			return nil, err
		}
		out[i] = r.ID
	}
	return out, nil
}

// resolveID finds the row an analyst means by id: the catalog id
// (fred:UNRATE) or an unambiguous native id (UNRATE), exactly or, when
// only one row matches, in any case (fred:unrate). An unknown id is a
// usage error that offers the nearest ids by edit distance. Exact matches
// cost a map lookup; the other cases scan the rows once.
func resolveID(cat *catalog.Catalog, id string) (bundle.SeriesRow, error) {
	id = strings.TrimSpace(id)
	r, err := cat.Resolve(id)
	if err == nil {
		return r, nil
	}
	if strings.Contains(err.Error(), "ambiguous") {
		return bundle.SeriesRow{}, withHint(usageError("series id %s is in several sources (%s)", id, ambiguousIn(cat, id, false)),
			"write it with its source, as source:ID")
	}
	qualified := strings.Contains(id, ":")
	var matches []int
	for i := range cat.Len() {
		if r := cat.RowAt(i); strings.EqualFold(idKey(&r, qualified), id) {
			matches = append(matches, i)
		}
	}
	switch {
	case len(matches) == 1:
		return cat.RowAt(matches[0]), nil
	case len(matches) > 1:
		return bundle.SeriesRow{}, withHint(usageError("series id %s matches several ids in other cases (%s)", id, ambiguousIn(cat, id, qualified)),
			"write the id exactly")
	}
	msg := "unknown series " + id
	if s := didYouMean(nearestIDs(cat, id, qualified)); s != "" {
		msg += " (" + s + ")"
	}
	return bundle.SeriesRow{}, withHint(fmt.Errorf("%w: %s", errUsage, msg), "find ids with 'sextant search -b BUNDLE WORDS'")
}

// idKey is what a typed id is compared with: the catalog id when it names
// a source, else the native id.
func idKey(r *bundle.SeriesRow, qualified bool) string {
	if qualified {
		return r.ID
	}
	return r.NativeID
}

// ambiguousIn lists (up to five) catalog ids that id matches in any case.
func ambiguousIn(cat *catalog.Catalog, id string, qualified bool) string {
	var ids []string
	for i := range cat.Len() {
		if r := cat.RowAt(i); strings.EqualFold(idKey(&r, qualified), id) {
			ids = append(ids, r.ID)
		}
	}
	if len(ids) > 5 {
		ids = append(ids[:5], fmt.Sprintf("%d more", len(ids)-5))
	}
	return strings.Join(ids, ", ")
}

// nearestIDs returns the catalog ids closest to a typed id: native ids
// within a few edits (case-insensitive) in the source it names, or the same
// native id in another source. The distance is bounded (distanceLimit), so
// most rows are dismissed by their length alone.
func nearestIDs(cat *catalog.Catalog, id string, qualified bool) []string {
	native, src := id, ""
	if qualified {
		src, native, _ = strings.Cut(id, ":")
	}
	typed := strings.ToLower(native)
	limit := distanceLimit(typed)
	var found []scored
	var buf []byte
	for i := range cat.Len() {
		row := cat.RowAt(i)
		r := &row
		if d := len(r.NativeID) - len(typed); d > limit || -d > limit {
			continue
		}
		buf = appendLower(buf[:0], r.NativeID)
		d := editDistance(typed, string(buf), limit)
		if qualified && !strings.EqualFold(r.Source, src) {
			if d != 0 {
				continue
			}
			d = 1 // the right id in another source
		}
		if d <= limit {
			found = append(found, scored{r.ID, d})
		}
	}
	return best(found, maxIDSuggestions)
}

// appendLower appends s in lower case (ASCII letters; ids are ASCII).
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

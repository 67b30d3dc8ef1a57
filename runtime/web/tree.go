package web

import (
	"cmp"
	"slices"
	"strings"

	"github.com/sextant-dev/sextant/runtime/catalog"
)

// tree indexes the heading hierarchy for browsing: each node's child
// headings and the rows directly under it. Built once when the server
// starts: about 4 bytes per row and per heading beside the catalog.
type tree struct {
	cat       *catalog.Catalog
	children  map[string][]int32 // heading id ("" for the roots) → child headings, by label
	rows      map[string][]int32 // heading id → rows directly under it, by title then id
	countries []string           // distinct country codes, sorted
}

func newTree(cat *catalog.Catalog) *tree {
	t := &tree{cat: cat, children: map[string][]int32{}, rows: map[string][]int32{}}
	for i, h := range cat.Headings {
		t.children[h.ParentID] = append(t.children[h.ParentID], int32(i))
	}
	for _, kids := range t.children {
		slices.SortFunc(kids, func(a, b int32) int {
			ha, hb := cat.Headings[a], cat.Headings[b]
			return cmp.Or(strings.Compare(strings.ToLower(ha.Label), strings.ToLower(hb.Label)), strings.Compare(ha.ID, hb.ID))
		})
	}
	seen := map[string]bool{}
	for i := range cat.Len() {
		r := cat.RowAt(i)
		if r.HeadingID != "" {
			t.rows[r.HeadingID] = append(t.rows[r.HeadingID], int32(i))
		}
		if r.Country != "" && !seen[r.Country] {
			seen[r.Country] = true
			t.countries = append(t.countries, r.Country)
		}
	}
	for _, rs := range t.rows {
		slices.SortFunc(rs, func(a, b int32) int {
			ra, rb := cat.RowAt(int(a)), cat.RowAt(int(b))
			return cmp.Or(strings.Compare(ra.Title, rb.Title), strings.Compare(ra.ID, rb.ID))
		})
	}
	slices.Sort(t.countries)
	return t
}

// crumb is one step of a heading path, linkable when ID is set.
type crumb struct {
	ID, Label string
	Size      int // leaf rows under it
}

// crumbs returns the path from the source root down to the heading,
// inclusive; nil for an unknown heading.
func (t *tree) crumbs(id string) []crumb {
	var out []crumb
	for range 64 { // a heading path is a handful of levels; the bound stops a cycle in a damaged bundle
		h, ok := t.cat.Heading(id)
		if !ok {
			break
		}
		out = append(out, crumb{ID: h.ID, Label: h.Label, Size: int(h.LeafRows)})
		if h.ParentID == "" {
			break
		}
		id = h.ParentID
	}
	slices.Reverse(out)
	return out
}

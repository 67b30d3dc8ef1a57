package catalog

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

func build(t *testing.T, rows []bundle.SeriesRow) *Catalog {
	t.Helper()
	dest := filepath.Join(t.TempDir(), "b")
	w, err := bundle.Create(dest)
	if err != nil {
		t.Fatal(err)
	}
	heads := []bundle.HeadingRow{{ID: "h", Label: "x", Path: []string{"x"}, Source: "x"}}
	if err := w.WriteCatalog(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteHeadings(heads); err != nil {
		t.Fatal(err)
	}
	m := &bundle.Manifest{Counts: bundle.Counts{Series: len(rows), Headings: 1},
		Sources: []bundle.SourceInfo{{Name: "a", Role: "catalog"}, {Name: "b", Role: "catalog"}}}
	if err := w.Commit(m); err != nil {
		t.Fatal(err)
	}
	c, err := Open(context.Background(), dest, Options{Bundle: bundle.OpenOptions{VerifiedDir: "-"}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Lookups by id are binary searches over the sorted rows, by native id
// a map built on first use; rows out of order get a map for ids too.
func TestLookups(t *testing.T) {
	var rows []bundle.SeriesRow
	for i := range 500 {
		src := []string{"a", "b"}[i%2]
		rows = append(rows, bundle.SeriesRow{ID: fmt.Sprintf("%s:%04d", src, i), NativeID: fmt.Sprintf("%04d", i), Source: src, HeadingID: "h"})
	}
	rows = append(rows, bundle.SeriesRow{ID: "b:SHARED", NativeID: "SHARED", Source: "b"}, bundle.SeriesRow{ID: "a:SHARED", NativeID: "SHARED", Source: "a"})
	sorted := append([]bundle.SeriesRow(nil), rows...)
	sortRows(sorted)
	for name, rs := range map[string][]bundle.SeriesRow{"sorted": sorted, "unsorted": rows} {
		c := build(t, rs)
		if (c.byID == nil) != (name == "sorted") {
			t.Errorf("%s: id map built %v", name, c.byID != nil)
		}
		for i, r := range c.AllRows() {
			if j, ok := c.Index(r.ID); !ok || j != i {
				t.Fatalf("%s: Index(%s) = %d %v, want %d", name, r.ID, j, ok, i)
			}
		}
		if _, ok := c.Index("a:nope"); ok {
			t.Errorf("%s: unknown id found", name)
		}
		if r, err := c.Resolve("0007"); err != nil || r.ID != "b:0007" {
			t.Errorf("%s: Resolve native: %v %v", name, r.ID, err)
		}
		if _, err := c.Resolve("SHARED"); !errors.Is(err, ErrUnknownID) {
			t.Errorf("%s: an ambiguous native id resolved: %v", name, err)
		}
		if !c.HasNative("a", "SHARED") || c.HasNative("a", "0007") {
			t.Errorf("%s: HasNative wrong", name)
		}
	}
}

func sortRows(rows []bundle.SeriesRow) {
	for i := 1; i < len(rows); i++ {
		for j := i; j > 0 && rows[j].ID < rows[j-1].ID; j-- {
			rows[j], rows[j-1] = rows[j-1], rows[j]
		}
	}
}

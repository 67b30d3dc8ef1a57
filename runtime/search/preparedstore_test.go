package search

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/query"
)

// withStoredPrepared rewrites e's bundle with the prepared rows a builder
// stores (PreparedRowsOf) and opens an engine on the copy.
func withStoredPrepared(t *testing.T, e *Engine) *Engine {
	t.Helper()
	ctx := context.Background()
	src := e.cat.Bundle
	dest := filepath.Join(t.TempDir(), "b")
	w, err := bundle.Create(dest)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.CopyDir(".", src.Dir); err != nil {
		t.Fatal(err)
	}
	recipe, strs, recs := PreparedRowsOf(e.cat.AllRows(), e.cat.Headings, computeRowFacts(e.cat.AllRows(), e.cat.Headings, query.Default()))
	if err := w.WriteRecords(bundle.PreparedRowsFile, recipe, strs, recs); err != nil {
		t.Fatal(err)
	}
	m := *src.Manifest
	m.Files = nil
	if err := w.Commit(&m); err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Open(ctx, dest, catalog.Options{Bundle: bundle.OpenOptions{VerifiedDir: "-"}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(ctx, cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if s.prep.stored == nil {
		t.Fatal("engine did not take the stored prepared rows")
	}
	if s.prep.done != nil {
		t.Fatal("engine reads rows in the background although the bundle stores them")
	}
	return s
}

// Every row's stored facts decode to what reading the row gives, and an
// engine on stored facts ranks as one that reads rows.
func TestStoredPreparedRowsEqualReadOnes(t *testing.T) {
	for name, f := range map[string]*fixture{"labour": labourFixture(), "totals": totalsFixture()} {
		read := newEngine(t, f, false, Options{OnDemand: true})
		stored := withStoredPrepared(t, read)
		nonEmpty := 0
		for i := range read.cat.Len() {
			a, b := read.prepared(int32(i)).Stored(), stored.prepared(int32(i)).Stored()
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s row %d (%s): read %+v, stored %+v", name, i, read.cat.RowAt(int(i)).ID, a, b)
			}
			if len(a.Countries)+len(a.Units)+len(a.Mirrors) > 0 || a.Archived || a.Seasonal != "" {
				nonEmpty++
			}
		}
		if nonEmpty == 0 {
			t.Fatalf("%s: no row has facts: the comparison proves nothing", name)
		}
		for _, q := range []string{"unemployment rate", "Turkish weekly total consumer loans, seasonally adjusted", "US payroll employment monthly", "labor force participation women"} {
			for _, m := range []Mode{Hybrid, Keyword} {
				a, b := flatten(search(t, read, Request{Query: q, Mode: m})), flatten(search(t, stored, Request{Query: q, Mode: m}))
				if !slices.Equal(a, b) {
					t.Errorf("%s %q %s: read %v, stored %v", name, q, m, a, b)
				}
			}
		}
	}
}

func TestDecodeFactsRejectsDamage(t *testing.T) {
	strs := []string{"USA", "SA", "percent"}
	rec := encodeFacts(query.StoredFacts{Countries: []string{"USA"}, Seasonal: "SA", Units: []string{"percent"}, Change: true}, func(s string) uint64 { return uint64(slices.Index(strs, s)) })
	if f, err := decodeFacts(rec, strs); err != nil || f.Seasonal != "SA" || !f.Change || f.Units[0] != "percent" {
		t.Fatalf("round trip: %+v %v", f, err)
	}
	for cut := 0; cut < len(rec); cut++ {
		if _, err := decodeFacts(rec[:cut], strs); err == nil {
			t.Errorf("a record cut at %d of %d decoded", cut, len(rec))
		}
	}
	if _, err := decodeFacts(rec, strs[:1]); err == nil {
		t.Error("a record naming strings the table lacks decoded")
	}
}

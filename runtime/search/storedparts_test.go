package search

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

// The partitions the builder stores (PartitionVectors, written to a real
// bundle and mapped back) are the ones the engine computes at open from
// the same rows, and a probe over either scores the same rows alike.
func TestStoredPartitionsEqualThoseComputedAtOpen(t *testing.T) {
	const n, dim = 6000, 16
	v, lists := syntheticVectors(n, dim, 5, 3)
	flat := append([]float32(nil), v.rows...)
	rows := make([]bundle.SeriesRow, n)
	heads := make([]bundle.HeadingRow, len(lists))
	for h, list := range lists {
		heads[h] = bundle.HeadingRow{ID: fmt.Sprintf("h%05d", h), Label: "x", Path: []string{"x"}, Source: "x"}
		for _, r := range list {
			rows[r] = bundle.SeriesRow{ID: fmt.Sprintf("x:%05d", r), NativeID: fmt.Sprint(r), Source: "x", Title: "t", HeadingID: heads[h].ID}
		}
	}
	rows[7].HeadingID = "" // a row without a heading
	byHeading := make([][]int32, len(heads))
	var loose []int32
	for i := range rows {
		if i == 7 {
			loose = append(loose, int32(i))
			continue
		}
		for h := range heads {
			if heads[h].ID == rows[i].HeadingID {
				byHeading[h] = append(byHeading[h], int32(i))
			}
		}
	}
	atOpen := &vectorIndex{dim: dim, rows: append([]float32(nil), flat...)}
	atOpen.buildPartitions(byHeading, loose)

	dest := filepath.Join(t.TempDir(), "b")
	w, err := bundle.Create(dest)
	if err != nil {
		t.Fatal(err)
	}
	vecs := make([][]float32, n)
	for i := range vecs {
		vecs[i] = flat[i*dim : (i+1)*dim]
	}
	if err := w.WriteCatalog(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteHeadings(heads); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteRowVectors(dim, vecs, PartitionVectors(rows, heads, dim, flat)); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(&bundle.Manifest{Counts: bundle.Counts{Series: n, Headings: len(heads)}, Embedding: &bundle.Embedding{Dim: dim, RowVectors: n}}); err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Open(dest, bundle.OpenOptions{VerifiedDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	mrows, parts, err := b.MapRowVectors()
	if err != nil {
		t.Fatal(err)
	}
	stored := mappedVectorIndex(mrows, parts)
	if !slices.Equal(stored.parts, atOpen.parts) || !slices.Equal(stored.order, atOpen.order) ||
		!slices.Equal(stored.pos, atOpen.pos) || !slices.Equal(stored.centroids, atOpen.centroids) || !slices.Equal(stored.rows, atOpen.rows) {
		t.Fatalf("stored partitions differ from those computed at open (%d vs %d partitions)", len(stored.parts), len(atOpen.parts))
	}
	for q := 0; q < 20; q++ {
		query := flat[q*97*dim : (q*97+1)*dim]
		a, an := stored.probe(query, 512, 20, nil, nil)
		o, on := atOpen.probe(query, 512, 20, nil, nil)
		if an != on || !slices.Equal(a, o) {
			t.Fatalf("query %d: probes differ", q)
		}
	}
	// ReadVectors still returns catalog order from the partition-ordered file.
	back, err := b.ReadVectors(bundle.RowVectorsFile, n)
	if err != nil || !slices.Equal(back, flat) {
		t.Fatalf("ReadVectors in catalog order: %v", err)
	}
}

// A format-1 bundle (row vectors in catalog order, no partitions, no row
// table's help) answers every mode as a format-2 one does.
func TestFormat1VectorsRankAsFormat2(t *testing.T) {
	v2 := newEngine(t, labourFixture(), false, Options{})
	writeFormat1Vectors = true
	v1 := newEngine(t, labourFixture(), false, Options{})
	writeFormat1Vectors = false
	if v1.cat.Bundle.HasPartitions() || !v2.cat.Bundle.HasPartitions() {
		t.Fatal("fixtures are not one of each layout")
	}
	for _, q := range []string{"unemployment rate", "payroll employment", "average hourly earnings", "labor force participation"} {
		for _, m := range []Mode{Hybrid, Semantic, Keyword} {
			a, b := flatten(search(t, v2, Request{Query: q, Mode: m})), flatten(search(t, v1, Request{Query: q, Mode: m}))
			if len(a) == 0 || !slices.Equal(a, b) {
				t.Errorf("%q %s: format 2 %v, format 1 %v", q, m, a, b)
			}
		}
	}
}

// The row facts a bundle stores are those an engine computes at open, and
// an engine uses them only when its own recipe made them.
func TestStoredRowFactsAreThoseComputedAtOpen(t *testing.T) {
	e := newEngine(t, labourFixture(), true, Options{})
	stored, err := e.cat.Bundle.ReadRowFacts()
	if err != nil || stored == nil {
		t.Fatalf("fixture stores no row facts: %v", err)
	}
	computed := computeRowFacts(e.cat.AllRows(), e.cat.Headings, e.parser)
	if !slices.Equal(stored.Head, computed.Head) || !slices.Equal(stored.Source, computed.Source) ||
		!slices.Equal(stored.Country, computed.Country) || !slices.Equal(stored.Flags, computed.Flags) ||
		fmt.Sprint(stored.Tables) != fmt.Sprint(computed.Tables) {
		t.Fatalf("stored facts differ from computed ones:\n%+v\n%+v", stored.Tables, computed.Tables)
	}
	if got := e.rowFacts(); &got.Head[0] != &stored.Head[0] {
		t.Fatal("engine computed facts the bundle stores under its own recipe")
	}
	marked := 0
	for _, f := range stored.Flags {
		if f != 0 {
			marked++
		}
	}
	if marked == 0 {
		t.Fatal("no title marks in the fixture: the comparison proves nothing")
	}
	stored.Tables.Recipe = "0-other"
	if factsRecipe(e.parser, stored.Tables.Countries) == stored.Tables.Recipe {
		t.Fatal("recipe check accepts another recipe")
	}
}

// Row facts stored by an older recipe with the same row codes keep their
// codes, and their title marks are read again.
func TestOlderRowFactsGetTheirMarksReadAgain(t *testing.T) {
	editStoredFacts = func(f *bundle.RowFacts) {
		f.Tables.Recipe = strconv.Itoa(rowFactsSameRows) + "-older"
		clear(f.Flags)
	}
	e := newEngine(t, labourFixture(), true, Options{})
	editStoredFacts = nil
	stored, err := e.cat.Bundle.ReadRowFacts()
	if err != nil || stored == nil {
		t.Fatalf("fixture stores no row facts: %v", err)
	}
	computed := computeRowFacts(e.cat.AllRows(), e.cat.Headings, e.parser)
	got := e.rowFacts()
	if !slices.Equal(got.Flags, computed.Flags) || slices.Equal(stored.Flags, computed.Flags) {
		t.Errorf("marks not read again: got %v, stored %v, computed %v", got.Flags, stored.Flags, computed.Flags)
	}
	if &got.Head[0] != &stored.Head[0] || got.Tables.Recipe != computed.Tables.Recipe {
		t.Errorf("the stored codes were not kept, or the recipe is %q", got.Tables.Recipe)
	}
}

// The stored document map is the one read from the index at open.
func TestStoredDocMapIsTheIndexs(t *testing.T) {
	e := newEngine(t, labourFixture(), true, Options{})
	stored, storedHeads, err := e.cat.Bundle.ReadDocMap()
	if err != nil || stored == nil {
		t.Fatalf("fixture stores no document map: %v", err)
	}
	if &e.lex.docRow[0] != &stored[0] {
		t.Fatal("engine read the document ids although the bundle maps them")
	}
	l := &lexIndex{reader: e.lex.reader}
	if err := l.mapDocs(context.Background(), e.cat.Index, e.cat.HeadingIndex); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(l.docRow, stored) || !slices.Equal(l.docHead, storedHeads) {
		t.Fatalf("stored document map differs from the index's")
	}
	rows, heads := 0, 0
	for d := range stored {
		if stored[d] >= 0 {
			rows++
		}
		if storedHeads[d] >= 0 {
			heads++
		}
	}
	if rows != e.cat.Len() || heads != len(e.cat.Headings) {
		t.Fatalf("map holds %d rows and %d headings of %d and %d", rows, heads, e.cat.Len(), len(e.cat.Headings))
	}
}

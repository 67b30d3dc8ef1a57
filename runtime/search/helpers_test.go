package search

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/internal/embed"
	"github.com/sextant-dev/sextant/internal/embedmodel"
	"github.com/sextant-dev/sextant/internal/testenv"
	"github.com/sextant-dev/sextant/internal/textindex"
	"github.com/sextant-dev/sextant/runtime/catalog"
)

var (
	modelOnce sync.Once
	modelDir  string
	modelErr  error
	tmpRoot   string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if tmpRoot != "" {
		os.RemoveAll(tmpRoot)
	}
	os.Exit(code)
}

func repoRoot(t testing.TB) string {
	t.Helper()
	return testenv.RepoRoot(t)
}

// tinyModel builds (once per test binary) the static word-vector model from
// the 1,000 real GloVe-derived words of testdata/embed.
func tinyModel(t testing.TB) string {
	t.Helper()
	modelOnce.Do(func() {
		src := filepath.Join(repoRoot(t), "testdata", "embed", "wink-subset.json.gz")
		r, err := embedmodel.OpenWink(src)
		if err != nil {
			modelErr = err
			return
		}
		defer r.Close()
		wv, err := embedmodel.ReadWink(context.Background(), r, src, embedmodel.Reachable)
		if err != nil {
			modelErr = err
			return
		}
		if tmpRoot, modelErr = os.MkdirTemp("", "search-model-"); modelErr != nil {
			return
		}
		modelDir = filepath.Join(tmpRoot, "model")
		_, modelErr = embedmodel.Build(context.Background(), wv, modelDir, embedmodel.Options{})
	})
	if modelErr != nil {
		t.Fatalf("build tiny model: %v", modelErr)
	}
	return modelDir
}

// fixture is a small catalog written as a bundle by build: rows with their
// heading paths (source first), the heading tree made from the paths.
type fixture struct {
	rows  []bundle.SeriesRow
	paths [][]string
}

// add appends a row under a heading path; its source is path[0].
func (f *fixture) add(r bundle.SeriesRow, path ...string) {
	r.Source = path[0]
	if r.NativeID == "" {
		r.NativeID = strings.ReplaceAll(strings.ToUpper(r.Title), " ", "_")
	}
	r.ID = r.Source + ":" + r.NativeID
	if r.Frequency == "" {
		r.Frequency = "M"
	}
	f.rows = append(f.rows, r)
	f.paths = append(f.paths, path)
}

func headingIDOf(path []string) string { return "h:" + strings.Join(path, "/") }

// build writes the fixture as a bundle (with vectors from the tiny model
// unless noVectors) and loads it.
func (f *fixture) build(t testing.TB, noVectors bool) *catalog.Catalog {
	t.Helper()
	ctx := context.Background()
	heads := map[string]*bundle.HeadingRow{}
	var order []string
	rows := append([]bundle.SeriesRow(nil), f.rows...)
	for i := range rows {
		path := f.paths[i]
		for d := 1; d <= len(path); d++ {
			id := headingIDOf(path[:d])
			h, ok := heads[id]
			if !ok {
				h = &bundle.HeadingRow{ID: id, Label: path[d-1], Path: append([]string(nil), path[:d]...), Depth: int32(d - 1), Source: path[0]}
				if d > 1 {
					h.ParentID = headingIDOf(path[:d-1])
					heads[h.ParentID].DirectChildren++
				}
				heads[id] = h
				order = append(order, id)
			}
			h.LeafRows++
		}
		leaf := heads[headingIDOf(path)]
		leaf.DirectRows++
		leaf.DirectChildren++
		rows[i].HeadingID = leaf.ID
	}
	var headRows []bundle.HeadingRow
	for _, id := range order {
		headRows = append(headRows, *heads[id])
	}
	sort.SliceStable(headRows, func(i, j int) bool { return headRows[i].Depth < headRows[j].Depth })
	sort.Slice(rows, func(i, j int) bool { return rows[i].ID < rows[j].ID })
	pathOf := map[string][]string{}
	for _, h := range headRows {
		pathOf[h.ID] = h.Path
	}

	dest := filepath.Join(t.TempDir(), "bundle")
	w, err := bundle.Create(dest)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	if err := w.WriteCatalog(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteHeadings(headRows); err != nil {
		t.Fatal(err)
	}
	dir, err := w.Path(bundle.TextIndexDir)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := textindex.Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		d := textindex.Doc{Kind: textindex.KindRow, Title: r.Title, Alt: strings.Join(r.AltTitles, " | "),
			Heading: strings.Join(pathOf[r.HeadingID], " > "), Unit: r.Unit, Frequency: r.Frequency, Source: r.Source, Country: r.Country}
		if err := ix.Add(ctx, r.ID, d); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range headRows {
		d := textindex.Doc{Kind: textindex.KindHeading, Title: h.Label, Heading: strings.Join(h.Path, " > "), Source: h.Source}
		if err := ix.Add(ctx, textindex.HeadingDocID(h.ID), d); err != nil {
			t.Fatal(err)
		}
	}
	if err := ix.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if !writeFormat1Vectors { // the builder stores the document map
		docRow, docHead, err := DocMap(ctx, dir, rows, headRows)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WriteDocMap(docRow, docHead); err != nil {
			t.Fatal(err)
		}
	}
	sources := map[string]int{}
	for _, r := range rows {
		sources[r.Source]++
	}
	m := &bundle.Manifest{ToolVersion: "search-test", Counts: bundle.Counts{Series: len(rows), Headings: len(headRows)}}
	for name, n := range sources {
		m.Sources = append(m.Sources, bundle.SourceInfo{Name: name, Kind: name, Role: "catalog", Rows: n})
	}
	sort.Slice(m.Sources, func(i, j int) bool { return m.Sources[i].Name < m.Sources[j].Name })
	if !noVectors {
		m.Embedding = writeVectors(t, w, rows, headRows, pathOf)
	}
	if !writeFormat1Vectors { // the builder stores the row facts
		facts := RowFactsOf(rows, headRows)
		if editStoredFacts != nil {
			editStoredFacts(facts)
		}
		if err := w.WriteRowFacts(facts); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Commit(m); err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Open(dest, bundle.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Load(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// writeFormat1Vectors makes writeVectors store the row vectors as format 1
// did (catalog order, no partitions: the engine partitions them at open).
var writeFormat1Vectors bool

// writeVectors embeds each row as "title unit heading path" and each
// heading as its path, and copies the model into the bundle.
func writeVectors(t testing.TB, w *bundle.Writer, rows []bundle.SeriesRow, heads []bundle.HeadingRow, pathOf map[string][]string) *bundle.Embedding {
	t.Helper()
	ctx := context.Background()
	dir := tinyModel(t)
	e, err := embed.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	var texts []string
	for _, r := range rows {
		texts = append(texts, r.Title+" "+r.Unit+" "+strings.Join(pathOf[r.HeadingID], " "))
	}
	rv, err := e.Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	texts = texts[:0]
	for _, h := range heads {
		texts = append(texts, strings.Join(h.Path, " "))
	}
	hv, err := e.Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	if writeFormat1Vectors {
		if err := w.WriteVectors(bundle.RowVectorsFile, e.Dim(), rv); err != nil {
			t.Fatal(err)
		}
	} else {
		var flat []float32
		for _, v := range rv {
			flat = append(flat, v...)
		}
		if err := w.WriteRowVectors(e.Dim(), rv, PartitionVectors(rows, heads, e.Dim(), flat)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.WriteVectors(bundle.HeadVectorsFile, e.Dim(), hv); err != nil {
		t.Fatal(err)
	}
	if err := w.CopyDir(bundle.ModelDir, dir); err != nil {
		t.Fatal(err)
	}
	return &bundle.Embedding{ModelID: e.ModelID(), ModelName: "tiny", Dim: e.Dim(), RowVectors: len(rows), HeadVectors: len(heads)}
}

// newEngine builds the fixture and opens an engine on it.
func newEngine(t testing.TB, f *fixture, noVectors bool, opts Options) *Engine {
	t.Helper()
	e, err := New(context.Background(), f.build(t, noVectors), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// flatten lists a result's hit ids in rank order.
func flatten(r Result) []string {
	var out []string
	for _, g := range r.Groups {
		for _, h := range g.Hits {
			out = append(out, h.ID)
		}
	}
	return out
}

func search(t testing.TB, e *Engine, req Request) Result {
	t.Helper()
	res, err := e.Search(context.Background(), req)
	if err != nil {
		t.Fatalf("search %q: %v", req.Query, err)
	}
	return res
}

// rowOf returns the index of the row with id in e's catalog.
func rowOf(t testing.TB, e *Engine, id string) int32 {
	t.Helper()
	if i, ok := e.cat.Index(id); ok {
		return int32(i)
	}
	t.Fatalf("no row %s", id)
	return -1
}

// editStoredFacts, when set, changes the row facts a fixture bundle
// stores (tests of older recipes).
var editStoredFacts func(*bundle.RowFacts)

package indexer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/internal/textindex"
)

// textIndexFiles reads every file of a bundle's text index, by path.
func textIndexFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	root := filepath.Join(dir, bundle.TextIndexDir)
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		files[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// An unchanged catalog reuses the previous text index byte for byte; a
// changed row, a changed recipe's digest or a damaged previous bundle
// make it index afresh.
func TestTextIndexReusedOnlyWhenUnchanged(t *testing.T) {
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "demo")
	first, err := Build(ctx, demoConfig(t, "none"), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if first.TextIndex != string(textBuilt) {
		t.Fatal("a first build reused a text index")
	}
	before := textIndexFiles(t, out)

	again, err := Build(ctx, demoConfig(t, "none"), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if again.TextIndex != string(textCopied) {
		t.Fatal("an unchanged rebuild indexed afresh")
	}
	after := textIndexFiles(t, out)
	if len(after) != len(before) {
		t.Fatalf("reused index has %d files, previous %d", len(after), len(before))
	}
	for p, b := range before {
		if after[p] != b {
			t.Errorf("reused index file %s differs from the previous bundle's", p)
		}
	}
	if problems, err := bundle.Verify(out); err != nil || len(problems) > 0 {
		t.Fatalf("verify after reuse: %v %v", err, problems)
	}

	// Damage the previous bundle's index: verification fails, nothing reused.
	for p := range after {
		path := filepath.Join(out, bundle.TextIndexDir, p)
		if err := os.WriteFile(path, []byte("damaged"), 0o644); err != nil {
			t.Fatal(err)
		}
		break
	}
	damaged, err := Build(ctx, demoConfig(t, "none"), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if damaged.TextIndex != string(textBuilt) {
		t.Error("a damaged previous bundle's text index was reused")
	}
	if problems, err := bundle.Verify(out); err != nil || len(problems) > 0 {
		t.Fatalf("verify after a rebuild over damage: %v %v", err, problems)
	}
}

// The digest changes with any indexed field of any row or heading, and
// with the order of the documents.
func TestTextDigestCoversEveryField(t *testing.T) {
	rows := []bundle.SeriesRow{
		{ID: "a:1", Title: "Consumer prices", AltTitles: []string{"CPI"}, Unit: "Index", Frequency: "M", Source: "a", Country: "USA", HeadingID: "h1"},
		{ID: "a:2", Title: "Unemployment", Source: "a", HeadingID: "h1"},
	}
	heads := []bundle.HeadingRow{{ID: "h1", Label: "Prices", Path: []string{"A", "Prices"}, Source: "a"}}
	base := textDigest(rows, heads)
	changes := map[string]func(r []bundle.SeriesRow, h []bundle.HeadingRow){
		"id":        func(r []bundle.SeriesRow, h []bundle.HeadingRow) { r[0].ID = "a:3" },
		"title":     func(r []bundle.SeriesRow, h []bundle.HeadingRow) { r[0].Title = "Consumer price" },
		"alt":       func(r []bundle.SeriesRow, h []bundle.HeadingRow) { r[0].AltTitles = []string{"CPI", "x"} },
		"unit":      func(r []bundle.SeriesRow, h []bundle.HeadingRow) { r[0].Unit = "" },
		"frequency": func(r []bundle.SeriesRow, h []bundle.HeadingRow) { r[0].Frequency = "Q" },
		"source":    func(r []bundle.SeriesRow, h []bundle.HeadingRow) { r[1].Source = "b" },
		"country":   func(r []bundle.SeriesRow, h []bundle.HeadingRow) { r[0].Country = "TUR" },
		"heading":   func(r []bundle.SeriesRow, h []bundle.HeadingRow) { h[0].Path = []string{"A", "Price"} },
		"label":     func(r []bundle.SeriesRow, h []bundle.HeadingRow) { h[0].Label = "Price" },
		"order":     func(r []bundle.SeriesRow, h []bundle.HeadingRow) { r[0], r[1] = r[1], r[0] },
		"boundary":  func(r []bundle.SeriesRow, h []bundle.HeadingRow) { r[0].Title, r[0].Unit = "Consumer pricesIndex", "" },
	}
	for name, change := range changes {
		r := append([]bundle.SeriesRow(nil), rows...)
		r[0].AltTitles = append([]string(nil), rows[0].AltTitles...)
		h := append([]bundle.HeadingRow(nil), heads...)
		h[0].Path = append([]string(nil), heads[0].Path...)
		change(r, h)
		if textDigest(r, h) == base {
			t.Errorf("changing the %s left the digest unchanged", name)
		}
	}
	if textDigest(rows, heads) != base {
		t.Error("the digest is not deterministic")
	}
}

// An unchanged rebuild copies the vector files, byte for byte; after the
// previous vectors are damaged (the bundle fails verification) they are
// computed again and no NaN reaches the new bundle.
func TestVectorFilesReusedOnlyWhenUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an embedding model and three bundles")
	}
	ctx := context.Background()
	model := smallModel(t)
	out := filepath.Join(t.TempDir(), "demo")
	if _, err := Build(ctx, demoConfig(t, model), Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	read := func() map[string][]byte {
		files := map[string][]byte{}
		for _, name := range vectorFiles {
			b, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			files[name] = b
		}
		return files
	}
	before := read()
	rep, err := Build(ctx, demoConfig(t, model), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Embedding.Rows.Computed != 0 || rep.Embedding.Rows.Reused != rep.Series {
		t.Fatalf("unchanged rebuild: rows %+v", rep.Embedding.Rows)
	}
	for name, b := range read() {
		if string(b) != string(before[name]) {
			t.Errorf("%s differs after an unchanged rebuild", name)
		}
	}
	p := filepath.Join(out, bundle.HeadVectorsFile)
	if err := os.WriteFile(p, make([]byte, len(before[bundle.HeadVectorsFile])), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err = Build(ctx, demoConfig(t, model), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Embedding.Heads.Reused != 0 {
		t.Errorf("rebuild over damaged vectors reused %+v", rep.Embedding.Heads)
	}
	if problems, err := bundle.Verify(out); err != nil || len(problems) > 0 {
		t.Fatalf("verify: %v %v", err, problems)
	}
	if got := read()[bundle.HeadVectorsFile]; string(got) != string(before[bundle.HeadVectorsFile]) {
		t.Error("heading vectors computed again differ from the first build's")
	}
}

// A rebuild after a few rows changed updates a copy of the previous text
// index, and that index answers as one built afresh from the same rows:
// the same documents, the same scores.
func TestTextIndexUpdatedForAFewChangedRows(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	out := filepath.Join(dir, "demo")
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: out}); err != nil {
		t.Fatal(err)
	}
	// The FRED list with a few titles changed and one row left out.
	cfg := demoConfig(t, "none")
	src, err := os.ReadFile(cfg.Sources[1].Files["series"])
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	changed := 0
	for i := 1; i < len(lines); i++ {
		if f := strings.SplitN(lines[i], ",", 3); len(f) == 3 && i%50 == 0 {
			lines[i] = f[0] + "," + f[1] + " household mortgage," + f[2]
			changed++
		}
	}
	lines = append(lines[:7], lines[8:]...)
	edited := filepath.Join(dir, "series.csv")
	if err := os.WriteFile(edited, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	withEdit := func() *Config {
		c := demoConfig(t, "none")
		c.Sources[1].Files["series"] = edited
		return c
	}
	rep, err := Build(ctx, withEdit(), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if rep.TextIndex != string(textUpdated) {
		t.Fatalf("rebuild after %d changed titles: text index %s, want updated", changed, rep.TextIndex)
	}
	fresh := filepath.Join(dir, "fresh")
	if _, err := Build(ctx, withEdit(), Options{Out: fresh, Previous: "-"}); err != nil {
		t.Fatal(err)
	}
	if problems, err := bundle.Verify(out); err != nil || len(problems) > 0 {
		t.Fatalf("verify the updated bundle: %v %v", err, problems)
	}
	a, b := openIndex(t, out), openIndex(t, fresh)
	na, _ := a.DocCount()
	nb, _ := b.DocCount()
	if na != nb {
		t.Fatalf("updated index holds %d documents, fresh %d", na, nb)
	}
	for _, q := range []string{"household mortgage", "consumer price index", "unemployment rate", "apparel"} {
		ha, hb := searchIndex(t, a, q), searchIndex(t, b, q)
		if len(ha) == 0 || len(ha) != len(hb) {
			t.Fatalf("%q: %d hits updated, %d fresh", q, len(ha), len(hb))
		}
		for id, s := range hb {
			if d := ha[id] - s; d > 1e-9 || d < -1e-9 {
				t.Errorf("%q: %s scores %v updated, %v fresh", q, id, ha[id], s)
			}
		}
	}
}

func openIndex(t *testing.T, dir string) bleve.Index {
	t.Helper()
	idx, err := textindex.Open(filepath.Join(dir, bundle.TextIndexDir))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { idx.Close() })
	return idx
}

// searchIndex returns every hit's score for a match query.
func searchIndex(t *testing.T, idx bleve.Index, q string) map[string]float64 {
	t.Helper()
	mq := bleve.NewMatchQuery(q)
	mq.SetField(textindex.FieldTitle)
	req := bleve.NewSearchRequestOptions(mq, 10000, 0, false)
	res, err := idx.Search(req)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, h := range res.Hits {
		out[h.ID] = h.Score
	}
	return out
}

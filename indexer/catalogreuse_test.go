package indexer

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

// readCatalogFiles reads a bundle's catalog files, by name.
func readCatalogFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, name := range catalogFiles {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = b
	}
	return files
}

// An unchanged rebuild copies the previous catalog files byte for byte,
// and but for the document map they are the files a build without a
// previous bundle writes; one
// changed row makes the rebuild write them again, with the change.
func TestCatalogFilesReusedOnlyWhenUnchanged(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	out := filepath.Join(dir, "demo")
	first, err := Build(ctx, demoConfig(t, "none"), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if first.CatalogFiles != "written" {
		t.Fatalf("a first build's catalog files were %s", first.CatalogFiles)
	}
	before := readCatalogFiles(t, out)
	fresh := filepath.Join(dir, "fresh")
	if _, err := Build(ctx, demoConfig(t, "none"), Options{Out: fresh, Previous: "-"}); err != nil {
		t.Fatal(err)
	}
	written := readCatalogFiles(t, fresh)

	again, err := Build(ctx, demoConfig(t, "none"), Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if again.CatalogFiles != "copied" {
		t.Fatalf("an unchanged rebuild's catalog files were %s", again.CatalogFiles)
	}
	for name, b := range readCatalogFiles(t, out) {
		if string(b) != string(before[name]) {
			t.Errorf("%s copied by an unchanged rebuild differs from the previous bundle's", name)
		}
		// The document map follows its text index's document order, which
		// a fresh index need not repeat.
		if name != bundle.DocMapFile && string(b) != string(written[name]) {
			t.Errorf("%s copied by an unchanged rebuild differs from the one a fresh build writes", name)
		}
	}
	if problems, err := bundle.Verify(out); err != nil || len(problems) > 0 {
		t.Fatalf("verify after reuse: %v %v", err, problems)
	}

	// One FRED title changed.
	cfg := demoConfig(t, "none")
	src, err := os.ReadFile(cfg.Sources[1].Files["series"])
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	f := strings.SplitN(lines[5], ",", 3)
	lines[5] = f[0] + "," + f[1] + " revised," + f[2]
	edited := filepath.Join(dir, "series.csv")
	if err := os.WriteFile(edited, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg.Sources[1].Files["series"] = edited
	changed, err := Build(ctx, cfg, Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if changed.CatalogFiles != "written" {
		t.Fatalf("a rebuild with a changed row had its catalog files %s", changed.CatalogFiles)
	}
	b, err := bundle.Open(out, bundle.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := b.ReadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rows {
		found = found || strings.HasSuffix(r.Title, " revised")
	}
	if !found {
		t.Error("the changed title is not in the rebuilt catalog")
	}
}

// Rows differing in any one field are not the same; a nil and an empty
// slice are.
func TestSameRowsComparesEveryField(t *testing.T) {
	base := bundle.SeriesRow{ID: "a:1", Title: "Prices", AltTitles: []string{"CPI"}, ObsCount: 3}
	if !sameRows([]bundle.SeriesRow{{ID: "a:1"}}, []bundle.SeriesRow{{ID: "a:1", AltTitles: []string{}}}) {
		t.Error("a nil and an empty alt_titles differ")
	}
	if !sameRows([]bundle.SeriesRow{base}, []bundle.SeriesRow{base}) {
		t.Error("a row differs from itself")
	}
	typ := reflect.TypeOf(base)
	for i := 0; i < typ.NumField(); i++ {
		r := base
		r.AltTitles = append([]string(nil), base.AltTitles...)
		v := reflect.ValueOf(&r).Elem().Field(i)
		switch v.Kind() {
		case reflect.String:
			v.SetString(v.String() + "x")
		case reflect.Int32:
			v.SetInt(v.Int() + 1)
		case reflect.Slice:
			v.Index(0).SetString("PPI")
		default:
			t.Fatalf("field %s: kind %s not covered by this test", typ.Field(i).Name, v.Kind())
		}
		if sameRows([]bundle.SeriesRow{base}, []bundle.SeriesRow{r}) {
			t.Errorf("rows differing in %s are the same", typ.Field(i).Name)
		}
	}
	if sameRows([]bundle.SeriesRow{base}, []bundle.SeriesRow{base, base}) {
		t.Error("lists of different lengths are the same")
	}
}

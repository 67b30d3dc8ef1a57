package indexer

import (
	"context"
	"fmt"
	"reflect"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/search"
)

// catalogFiles are the files made from the rows and headings alone (and,
// for the document map, from the text index made from them).
var catalogFiles = []string{
	bundle.CatalogFile, bundle.RowTableFile, bundle.HeadingsFile,
	bundle.RowFactsFile, bundle.PreparedRowsFile, bundle.DocMapFile,
}

// sameCatalog reports whether the previous bundle's catalog files can stand
// for the ones this build would write: its rows and headings equal these,
// field by field and in order; its text index was copied into this build
// (so the document map still holds); and its row facts and prepared rows
// were made by this code's recipes. The previous bundle was verified when
// opened, so its catalog.rows is catalog.parquet's rows.
func sameCatalog(prev *bundle.Bundle, old, rows []bundle.SeriesRow, heads []bundle.HeadingRow, text textOutcome) bool {
	if prev == nil || text != textCopied || old == nil {
		return false
	}
	for _, name := range catalogFiles {
		if !prev.Has(name) {
			return false
		}
	}
	if !sameRows(old, rows) {
		return false
	}
	oldHeads, err := prev.ReadHeadings()
	if err != nil || !sameRows(oldHeads, heads) {
		return false
	}
	return search.StoredRecipesCurrent(prev)
}

// reuseCatalogFiles copies the previous bundle's catalog files into the
// bundle being built.
func reuseCatalogFiles(ctx context.Context, w *bundle.Writer, prev *bundle.Bundle) error {
	for _, name := range catalogFiles {
		if err := ctx.Err(); err != nil {
			return err
		}
		dst, err := w.Path(name)
		if err != nil {
			return err
		}
		if err := copyFile(prev.Path(name), dst); err != nil {
			return fmt.Errorf("indexer: reuse %s: %w", name, err)
		}
	}
	return nil
}

// sameRows compares two lists of flat records field by field; a nil and an
// empty slice field are equal (a row read back from a bundle may hold
// either).
func sameRows[T any](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameFields(reflect.ValueOf(&a[i]).Elem(), reflect.ValueOf(&b[i]).Elem()) {
			return false
		}
	}
	return true
}

func sameFields(a, b reflect.Value) bool {
	for i := 0; i < a.NumField(); i++ {
		fa, fb := a.Field(i), b.Field(i)
		switch fa.Kind() {
		case reflect.Slice:
			if fa.Len() != fb.Len() {
				return false
			}
			for j := 0; j < fa.Len(); j++ {
				if !fa.Index(j).Equal(fb.Index(j)) {
					return false
				}
			}
		default:
			if !fa.Equal(fb) {
				return false
			}
		}
	}
	return true
}

package bundle

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "write the current-version fixture in testdata/ (older versions' fixtures are never rewritten)")

// Every format version ever written keeps a fixture in testdata/v<N>; this
// reader must open all of them. A format bump adds a fixture (go test
// ./bundle -update writes the current one) and never deletes old ones.
func TestReadsEveryFormatVersion(t *testing.T) {
	current := filepath.Join("testdata", fmt.Sprintf("v%d", Version))
	if _, err := os.Stat(current); *update && err != nil {
		// A fixture once written is kept: it is what that version wrote.
		// Format 3 is the format of bundles whose model is shared.
		buildSampleWith(t, current, func(w *Writer) {
			if err := w.ShareModel(sampleModel(t)); err != nil {
				t.Fatal(err)
			}
		})
	}
	dirs, _ := filepath.Glob(filepath.Join("testdata", "v*"))
	if len(dirs) == 0 {
		t.Fatal("no format fixtures in testdata/ (run go test ./bundle -update)")
	}
	for _, dir := range dirs {
		b, err := Open(dir, OpenOptions{})
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		rows, err := b.ReadCatalog()
		if err != nil || len(rows) != b.Manifest.Counts.Series || rows[0].ID != "evds:TP.FG.J0" {
			t.Errorf("%s: catalog %v %v", dir, rows, err)
		}
		heads, err := b.ReadHeadings()
		if err != nil || len(heads) != b.Manifest.Counts.Headings {
			t.Errorf("%s: headings %v", dir, err)
		}
		if problems, err := Verify(dir); err != nil || len(problems) > 0 {
			t.Errorf("%s: verify %v %v", dir, problems, err)
		}
		if e := b.Manifest.Embedding; e != nil {
			v, err := b.ReadVectors(RowVectorsFile, e.RowVectors)
			if err != nil || len(v) != 4 || v[0] != 1 || v[3] != 1 {
				t.Errorf("%s: row vectors in catalog order: %v %v", dir, v, err)
			}
		}
	}
	for v := OldestReadable; v <= Version; v++ {
		if _, err := os.Stat(filepath.Join("testdata", fmt.Sprintf("v%d", v))); err != nil {
			t.Errorf("no fixture for format %d (go test ./bundle -update writes the current one)", v)
		}
	}
}

// A format-1 bundle opens without the row table and partitions (the
// runtime derives what they hold), and it has no manifest checksum.
func TestFormat1OpensWithoutItsSuccessorsFiles(t *testing.T) {
	b, err := Open(filepath.Join("testdata", "v1"), OpenOptions{VerifiedDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	if b.Manifest.FormatVersion != 1 || b.Has(RowTableFile) || b.HasPartitions() || b.Manifest.Checksum != "" {
		t.Fatalf("v1 fixture is not format 1: %+v", b.Manifest)
	}
}

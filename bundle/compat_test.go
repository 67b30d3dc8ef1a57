package bundle

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the current-version fixture in testdata/")

// Every format version ever written keeps a fixture in testdata/v<N>; this
// reader must open all of them. A format bump adds a fixture (go test
// ./bundle -update writes the current one) and never deletes old ones.
func TestReadsEveryFormatVersion(t *testing.T) {
	current := filepath.Join("testdata", "v1")
	if *update {
		os.RemoveAll(current)
		buildSample(t, current)
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
	}
}

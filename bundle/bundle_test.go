package bundle

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func sampleRows() ([]SeriesRow, []HeadingRow) {
	rows := []SeriesRow{
		{ID: "evds:TP.FG.J0", NativeID: "TP.FG.J0", Source: "evds", Title: "0.GENERAL", AltTitles: []string{"0.GENEL"}, Unit: "Index 2003=100", Frequency: "M", Start: "2004-01-01", End: "2024-10-01", HeadingID: "h2", ContentHash: strings.Repeat("a", 64)},
		{ID: "fred:UNRATE", NativeID: "UNRATE", Source: "fred", Title: "Unemployment Rate", Unit: "Percent", Frequency: "M", HeadingID: "h3", ContentHash: strings.Repeat("b", 64), ObsCount: 3},
	}
	heads := []HeadingRow{
		{ID: "h1", Label: "evds", Path: []string{"evds"}, Source: "evds", DirectChildren: 1, LeafRows: 1},
		{ID: "h2", ParentID: "h1", Label: "CPI", Path: []string{"evds", "CPI"}, Depth: 1, Source: "evds", DirectChildren: 1, DirectRows: 1, LeafRows: 1},
		{ID: "h3", Label: "fred", Path: []string{"fred"}, Source: "fred", DirectChildren: 1, DirectRows: 1, LeafRows: 1},
	}
	return rows, heads
}

func buildSample(t *testing.T, dest string) { buildSampleWith(t, dest, nil) }

// buildSampleWith builds the sample bundle, calling before (when set)
// just before the commit.
func buildSampleWith(t *testing.T, dest string, before func(*Writer)) {
	t.Helper()
	w, err := Create(dest)
	if err != nil {
		t.Fatal(err)
	}
	rows, heads := sampleRows()
	if err := w.WriteCatalog(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteHeadings(heads); err != nil {
		t.Fatal(err)
	}
	obs := []ObservationRow{{"fred:UNRATE", "2020-01-01", 3.5}, {"fred:UNRATE", "2020-02-01", 3.5}, {"fred:UNRATE", "2020-04-01", 14.8}}
	if err := w.WriteObservations(obs); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteQuarantine([]QuarantineEntry{{Source: "evds", File: "x.csv", Line: 3, Field: "seriesCode", Reason: "empty"}}); err != nil {
		t.Fatal(err)
	}
	// Stored in partition order: row 1 first.
	parts := &Partitions{Dim: 2, Parts: []Partition{{0, 1, 2}, {1, 2, 1}}, Order: []int32{1, 0}, Pos: []int32{1, 0}, Centroids: []float32{0, 1, 1, 0}}
	if err := w.WriteRowVectors(2, [][]float32{{1, 0}, {0, 1}}, parts); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteVectors(HeadVectorsFile, 2, [][]float32{{1, 0}, {0, 1}, {0.6, 0.8}}); err != nil {
		t.Fatal(err)
	}
	m := &Manifest{ToolVersion: "test", Counts: Counts{Series: 2, Headings: 3, Observations: 3, ObservedSeries: 1, Quarantined: 1},
		Embedding: &Embedding{ModelID: "m", Dim: 2, RowVectors: 2, HeadVectors: 3}}
	if before != nil {
		before(w)
	}
	if err := w.Commit(m); err != nil {
		t.Fatal(err)
	}
}

func TestRoundTrip(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "b")
	buildSample(t, dest)
	b, err := Open(dest, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := b.ReadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	want, heads := sampleRows()
	if len(rows) != 2 || rows[0].ID != want[0].ID || rows[0].AltTitles[0] != "0.GENEL" || rows[1].ObsCount != 3 {
		t.Fatalf("catalog round trip: %+v", rows)
	}
	hs, err := b.ReadHeadings()
	if err != nil || len(hs) != len(heads) || hs[1].Path[1] != "CPI" || hs[1].ParentID != "h1" {
		t.Fatalf("headings round trip: %+v %v", hs, err)
	}
	obs, err := b.ReadObservations()
	if err != nil || len(obs) != 3 || obs[2].Value != 14.8 {
		t.Fatalf("observations: %+v %v", obs, err)
	}
	q, err := b.ReadQuarantine()
	if err != nil || len(q) != 1 || q[0].Field != "seriesCode" {
		t.Fatalf("quarantine: %+v %v", q, err)
	}
	v, err := b.ReadVectors(HeadVectorsFile, 3)
	if err != nil || len(v) != 6 || v[5] != 0.8 {
		t.Fatalf("vectors: %v %v", v, err)
	}
	if problems, err := Verify(dest); err != nil || len(problems) != 0 {
		t.Fatalf("verify clean bundle: %v %v", problems, err)
	}
	// No temporary directories are left beside the bundle.
	entries, _ := os.ReadDir(filepath.Dir(dest))
	if len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
}

func TestCorruptionDetected(t *testing.T) {
	cases := []struct {
		name    string
		damage  func(dir string) error
		wantErr error
	}{
		{"flipped byte", func(dir string) error { return flipByte(filepath.Join(dir, CatalogFile), 100) }, ErrChecksumMismatch},
		{"truncated", func(dir string) error { return os.Truncate(filepath.Join(dir, HeadingsFile), 10) }, ErrSizeMismatch},
		{"missing file", func(dir string) error { return os.Remove(filepath.Join(dir, ObservationsFile)) }, ErrMissingFile},
		{"extra file", func(dir string) error { return os.WriteFile(filepath.Join(dir, "stray.txt"), []byte("x"), 0o644) }, ErrUnexpectedFile},
		{"wrong version", func(dir string) error {
			return editManifest(dir, func(m map[string]any) { m["min_reader_version"] = Version + 1 })
		}, ErrVersion},
		{"not a bundle", func(dir string) error { return editManifest(dir, func(m map[string]any) { m["magic"] = "zip" }) }, ErrNotBundle},
		{"no manifest", func(dir string) error { return os.Remove(filepath.Join(dir, ManifestFile)) }, ErrNotBundle},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dest := filepath.Join(t.TempDir(), "b")
			buildSample(t, dest)
			if err := c.damage(dest); err != nil {
				t.Fatal(err)
			}
			_, err := Open(dest, OpenOptions{})
			if !errors.Is(err, c.wantErr) {
				t.Fatalf("Open: got %v, want %v", err, c.wantErr)
			}
			problems, err := Verify(dest)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, p := range problems {
				found = found || errors.Is(p.Err, c.wantErr)
			}
			if !found {
				t.Fatalf("Verify: %v, want %v", problems, c.wantErr)
			}
		})
	}
}

func TestFailedBuildKeepsPrevious(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "b")
	buildSample(t, dest)
	before, _ := HashFile(filepath.Join(dest, ManifestFile))
	w, err := Create(dest)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteCatalog(nil); err != nil {
		t.Fatal(err)
	}
	// Headings missing: the manifest is invalid and Commit must refuse.
	if err := w.Commit(&Manifest{}); !errors.Is(err, ErrInvalidManifest) {
		t.Fatalf("commit incomplete bundle: %v", err)
	}
	if err := w.Abort(); err != nil {
		t.Fatal(err)
	}
	after, _ := HashFile(filepath.Join(dest, ManifestFile))
	if before.SHA256 != after.SHA256 {
		t.Fatal("previous bundle changed by a failed build")
	}
	if _, err := Open(dest, OpenOptions{}); err != nil {
		t.Fatalf("previous bundle no longer opens: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Dir(dest))
	if len(entries) != 1 {
		t.Fatalf("temporary directory left behind: %v", entries)
	}
}

func TestPackUnpack(t *testing.T) {
	tmp := t.TempDir()
	dest := filepath.Join(tmp, "b")
	buildSample(t, dest)
	archive := filepath.Join(tmp, "b.sxb")
	sum, err := Pack(dest, archive)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum) != 64 {
		t.Fatalf("sum %q", sum)
	}
	b, err := Open(archive, OpenOptions{CacheDir: filepath.Join(tmp, "cache")})
	if err != nil {
		t.Fatal(err)
	}
	if b.Manifest.Counts.Series != 2 {
		t.Fatalf("counts %+v", b.Manifest.Counts)
	}
	if problems, err := Verify(archive); err != nil || len(problems) != 0 {
		t.Fatalf("verify archive: %v %v", problems, err)
	}
	if err := flipByte(archive, 2000); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(archive, OpenOptions{CacheDir: filepath.Join(tmp, "cache2")}); !errors.Is(err, ErrArchiveChecksum) {
		t.Fatalf("damaged archive: %v", err)
	}
}

func flipByte(path string, at int64) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	b[at%int64(len(b))] ^= 0xff
	return os.WriteFile(path, b, 0o644)
}

func editManifest(dir string, edit func(map[string]any)) error {
	p := filepath.Join(dir, ManifestFile)
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	edit(m)
	b, _ = json.Marshal(m)
	return os.WriteFile(p, b, 0o644)
}

func TestOpenThroughASymlink(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "b")
	buildSample(t, dir)
	link := filepath.Join(t.TempDir(), "current")
	if err := os.Symlink(dir, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if _, err := Open(link, OpenOptions{}); err != nil {
		t.Errorf("open through a link: %v", err)
	}
}

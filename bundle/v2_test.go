package bundle

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// reseal rewrites a manifest after edit as the writer would, with a valid
// checksum of its own: what a tool that knew the format could produce.
func reseal(t *testing.T, dir string, edit func(*Manifest)) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	edit(&m)
	if err := writeManifest(dir, &m); err != nil {
		t.Fatal(err)
	}
}

func TestManifestChecksumCoversEveryField(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "b")
	buildSample(t, dest)
	p := filepath.Join(dest, ManifestFile)
	orig, _ := os.ReadFile(p)
	for name, edit := range map[string]func(string) string{
		"the tool version": func(s string) string {
			return strings.Replace(s, `"tool_version": "test"`, `"tool_version": "tesT"`, 1)
		},
		"a file's checksum": func(s string) string {
			i := strings.Index(s, `"sha256": "`) + len(`"sha256": "`)
			c := "0"
			if s[i] == '0' {
				c = "1"
			}
			return s[:i] + c + s[i+1:]
		},
		"a count":       func(s string) string { return strings.Replace(s, `"quarantined": 1`, `"quarantined": 7`, 1) },
		"a file's size": func(s string) string { return strings.Replace(s, `"size": 5`, `"size": 6`, 1) },
		"the checksum gone": func(s string) string {
			return regexp.MustCompile(`,\n  "checksum": "[0-9a-f]+"`).ReplaceAllString(s, "")
		},
		"an added field": func(s string) string { return strings.Replace(s, `"counts"`, `"extra": 1, "counts"`, 1) },
	} {
		changed := edit(string(orig))
		if changed == string(orig) {
			t.Fatalf("%s: the edit changed nothing", name)
		}
		os.WriteFile(p, []byte(changed), 0o644)
		if _, err := Open(dest, OpenOptions{VerifiedDir: "-"}); !errors.Is(err, ErrChecksumMismatch) {
			t.Errorf("%s: got %v, want a checksum mismatch", name, err)
		}
	}
	os.WriteFile(p, orig, 0o644)
	if _, err := Open(dest, OpenOptions{VerifiedDir: "-"}); err != nil {
		t.Fatalf("restored manifest: %v", err)
	}
}

func TestNewerFormatRefusedWhateverMinReaderSays(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "b")
	buildSample(t, dest)
	reseal(t, dest, func(m *Manifest) { m.FormatVersion, m.MinReaderVersion = Version+1, 1 })
	_, err := Open(dest, OpenOptions{VerifiedDir: "-"})
	if !errors.Is(err, ErrVersion) || !strings.Contains(err.Error(), "upgrade sextant") {
		t.Fatalf("got %v, want a version error saying to upgrade", err)
	}
}

func TestCountsCheckedAtOpen(t *testing.T) {
	for name, edit := range map[string]func(*Manifest){
		"series":         func(m *Manifest) { m.Counts.Series = 3 },
		"headings":       func(m *Manifest) { m.Counts.Headings = 2 },
		"row vectors":    func(m *Manifest) { m.Embedding.RowVectors = 3 },
		"vector dim":     func(m *Manifest) { m.Embedding.Dim = 4 },
		"heading vector": func(m *Manifest) { m.Embedding.HeadVectors = 1 },
	} {
		dest := filepath.Join(t.TempDir(), "b")
		buildSample(t, dest)
		reseal(t, dest, edit)
		if _, err := Open(dest, OpenOptions{SkipChecksums: true}); err == nil {
			t.Errorf("%s: a manifest whose counts disagree with its files opened", name)
		}
	}
}

func TestVerifiedOnceThenByIdentity(t *testing.T) {
	tmp := t.TempDir()
	dest := filepath.Join(tmp, "b")
	buildSample(t, dest)
	rec := filepath.Join(tmp, "verified")
	if _, err := Open(dest, OpenOptions{VerifiedDir: rec}); err != nil {
		t.Fatal(err)
	}
	b, _ := Open(dest, OpenOptions{VerifiedDir: rec})
	if path := recordPath(rec, dest, b.Manifest); !verifiedBefore(path, dest, b.Manifest) {
		t.Fatal("no verification record after a sound open")
	}
	// Same size, same content length, one byte changed: the file's change
	// time moves, so it is hashed again and the damage found.
	if err := flipByte(filepath.Join(dest, ObservationsFile), 100); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dest, OpenOptions{VerifiedDir: rec}); !errors.Is(err, ErrChecksumMismatch) {
		t.Fatalf("damage after verification: got %v", err)
	}
}

func TestDamagedCachedUnpackIsUnpackedAgain(t *testing.T) {
	tmp := t.TempDir()
	dest := filepath.Join(tmp, "b")
	buildSample(t, dest)
	archive := filepath.Join(tmp, "b.sxb")
	if _, err := Pack(dest, archive); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(tmp, "cache")
	b, err := Open(archive, OpenOptions{CacheDir: cache, VerifiedDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	if err := flipByte(filepath.Join(b.Dir, CatalogFile), 50); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(b.Dir, QuarantineFile))
	b2, err := Open(archive, OpenOptions{CacheDir: cache, VerifiedDir: "-"})
	if err != nil {
		t.Fatalf("a sound archive with a damaged cached copy: %v", err)
	}
	if problems, err := Verify(b2.Dir); err != nil || len(problems) > 0 {
		t.Fatalf("the copy unpacked again: %v %v", problems, err)
	}
}

func TestRowTableMatchesParquet(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "b")
	buildSample(t, dest)
	b, err := Open(dest, OpenOptions{VerifiedDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	table, err := b.ReadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := sampleRows()
	for i := range want {
		if !sameRow(&want[i], &table[i]) {
			t.Errorf("row %d: %+v, want %+v", i, table[i], want[i])
		}
	}
	// A byte of the blob changed: verify's row-by-row comparison finds it.
	p := filepath.Join(dest, RowTableFile)
	data, _ := os.ReadFile(p)
	data[len(data)-3] ^= 0x20
	os.WriteFile(p, data, 0o644)
	reseal(t, dest, func(m *Manifest) {
		for i := range m.Files {
			if m.Files[i].Path == RowTableFile {
				e, _ := HashFile(p)
				m.Files[i].SHA256 = e.SHA256
			}
		}
	})
	problems, err := Verify(dest)
	if err != nil || len(problems) == 0 || !errors.Is(problems[0].Err, ErrDamaged) {
		t.Fatalf("verify of a row table unlike the parquet: %v %v", problems, err)
	}
}

// Rows read one at a time from the mapped table equal the parquet rows,
// ids read alone equal the rows' ids, and offsets damaged past the
// checksums read as empty fields instead of reading outside the table.
func TestRowTableReadsRowsOnDemand(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "b")
	buildSample(t, dest)
	b, err := Open(dest, OpenOptions{VerifiedDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := b.OpenRowTable()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := sampleRows()
	if rt.Len() != len(want) {
		t.Fatalf("Len %d, want %d", rt.Len(), len(want))
	}
	for i := range want {
		if r := rt.Row(i); !sameRow(&want[i], &r) {
			t.Errorf("row %d: %+v, want %+v", i, r, want[i])
		}
		if id := rt.ID(i); id != want[i].ID {
			t.Errorf("row %d: id %q, want %q", i, id, want[i].ID)
		}
		if rt.Title(i) != want[i].Title || rt.Unit(i) != want[i].Unit {
			t.Errorf("row %d: title %q unit %q, want %q %q", i, rt.Title(i), rt.Unit(i), want[i].Title, want[i].Unit)
		}
	}

	data, _ := os.ReadFile(filepath.Join(dest, RowTableFile))
	offsets, _, _ := rowTableLayout(len(want))
	// Row 0's end offset of the title column made larger than the field's span.
	at := offsets[3] + 4
	copy(data[at:at+4], []byte{0xff, 0xff, 0xff, 0x00})
	damaged, err := openRowTable(data, RowTableFile)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	if got := damaged.Row(0).Title; got != "" {
		t.Errorf("damaged title offset read %q, want an empty field", got)
	}
	if _, err := rowsFromTable(data, RowTableFile); !errors.Is(err, ErrDamaged) {
		t.Errorf("reading every row of a damaged table: %v, want ErrDamaged", err)
	}
}

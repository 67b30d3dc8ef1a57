package bundle

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Manifest describes a bundle. It is written last, so a bundle without one
// was never finished.
type Manifest struct {
	Magic            string       `json:"magic"`
	FormatVersion    int          `json:"format_version"`
	MinReaderVersion int          `json:"min_reader_version"`
	CreatedAt        time.Time    `json:"created_at"`
	ToolVersion      string       `json:"tool_version"`
	Config           string       `json:"config,omitempty"` // the build configuration's path as given
	Sources          []SourceInfo `json:"sources"`
	Counts           Counts       `json:"counts"`
	Embedding        *Embedding   `json:"embedding,omitempty"`
	TextIndex        *TextIndex   `json:"text_index,omitempty"`
	Files            []FileEntry  `json:"files"`
	// SharedModel names the embedding model kept outside the bundle
	// (sharedmodel.go); nil when the model is inside it, in model/.
	// Format 3 on.
	SharedModel *SharedModel `json:"shared_model,omitempty"`
	// Checksum is the SHA-256 (hex) of the manifest file as written with
	// this value set to 64 zeros: every other byte of the manifest is
	// covered. Format 2 on; a format-1 manifest has none.
	Checksum string `json:"checksum,omitempty"`
}

// checksumField is the manifest's own checksum as it appears in the file.
var checksumField = regexp.MustCompile(`\n  "checksum": "([0-9a-f]{64})"`)

// manifestChecksum returns the SHA-256 of a manifest file with its
// checksum's value zeroed, and whether the file has a checksum.
func manifestChecksum(b []byte) (sum, stored string, ok bool) {
	loc := checksumField.FindSubmatchIndex(b)
	if loc == nil {
		return "", "", false
	}
	z := append([]byte(nil), b...)
	copy(z[loc[2]:loc[3]], strings.Repeat("0", 64))
	h := sha256.Sum256(z)
	return hex.EncodeToString(h[:]), string(b[loc[2]:loc[3]]), true
}

// SourceInfo records one input source: its files' fingerprints and its counts.
type SourceInfo struct {
	Name        string      `json:"name"`
	Kind        string      `json:"kind"`
	Role        string      `json:"role"` // "catalog" or "observations"
	Inputs      []FileEntry `json:"inputs"`
	Rows        int         `json:"rows"`        // catalog rows, or series with observations
	Quarantined int         `json:"quarantined"` // rejected input rows
	// Covers are the places (ISO3 codes, areas included) the source's rows
	// break down by when a row names no country of its own: a multi-country
	// dataset's geographies. Empty for a source whose rows each say theirs.
	Covers []string `json:"covers,omitempty"`
	// Backend describes an observation source read at query time (a SQL
	// database) in the reader's own JSON; it never holds a secret.
	Backend json.RawMessage `json:"backend,omitempty"`
}

// Counts are the bundle's totals.
type Counts struct {
	Series         int `json:"series"`
	Headings       int `json:"headings"`
	Observations   int `json:"observations"`
	ObservedSeries int `json:"observed_series"`
	Quarantined    int `json:"quarantined"`
}

// Embedding describes the vectors and the model that made them.
type Embedding struct {
	ModelID     string `json:"model_id"` // hash of the model files
	ModelName   string `json:"model_name"`
	Dim         int    `json:"dim"`
	RowVectors  int    `json:"row_vectors"`
	HeadVectors int    `json:"heading_vectors"`
	// TextRecipe numbers the builder's recipe for the texts it embedded
	// (a row's title with which headings, a heading's path): a rebuild
	// reuses vectors only from a bundle made with the same recipe. 0 is
	// the first recipe, before the field existed.
	TextRecipe int `json:"text_recipe,omitempty"`
	// TextsDigest is a hex SHA-256 over the model id, the text recipe and
	// every embedded text in order, with each row's heading id (the vector
	// partitions follow headings): equal digests mean a rebuild would
	// write the same vector files.
	TextsDigest string `json:"texts_digest,omitempty"`
}

// TextIndex describes what the text index holds, so that a rebuild can
// tell whether the previous bundle's index is the one it would write.
type TextIndex struct {
	// Digest is a hex SHA-256 over every indexed document (id and fields,
	// in the order indexed) and the index's recipe (mapping and analysers):
	// equal digests mean the builder would index the same documents the
	// same way.
	Digest string `json:"digest"`
	// Recipe names how documents were made and indexed; a rebuild updates
	// a previous index in place only when its recipe is the same.
	Recipe string `json:"recipe,omitempty"`
}

// FileEntry is a file with its size and SHA-256 (hex). Path is slash-separated,
// relative to the bundle root (for inputs: as given in the configuration).
type FileEntry struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Validate checks the manifest's own consistency (not the files).
func (m *Manifest) Validate() error {
	if m.Magic != Magic {
		return fmt.Errorf("%w: magic %q", ErrNotBundle, m.Magic)
	}
	if m.FormatVersion < 1 {
		return fmt.Errorf("%w: format_version %d", ErrInvalidManifest, m.FormatVersion)
	}
	if m.FormatVersion > Version {
		return fmt.Errorf("%w: bundle format %d is newer than this sextant, which reads formats %d to %d: upgrade sextant", ErrVersion, m.FormatVersion, OldestReadable, Version)
	}
	if m.FormatVersion < OldestReadable {
		return fmt.Errorf("%w: bundle format %d is older than this sextant reads (%d to %d): rebuild the bundle with sextant build", ErrVersion, m.FormatVersion, OldestReadable, Version)
	}
	if m.MinReaderVersion > Version {
		return fmt.Errorf("%w: bundle needs reader version %d, this sextant reads up to %d: upgrade sextant or rebuild the bundle", ErrVersion, m.MinReaderVersion, Version)
	}
	seen := map[string]bool{}
	for i, f := range m.Files {
		if f.Path == "" || strings.HasPrefix(f.Path, "/") || strings.Contains(f.Path, "..") {
			return fmt.Errorf("%w: files[%d] has bad path %q", ErrInvalidManifest, i, f.Path)
		}
		if len(f.SHA256) != 64 {
			return fmt.Errorf("%w: files[%d] (%s) has bad sha256", ErrInvalidManifest, i, f.Path)
		}
		if seen[f.Path] {
			return fmt.Errorf("%w: files[%d] (%s) listed twice", ErrInvalidManifest, i, f.Path)
		}
		seen[f.Path] = true
	}
	for _, need := range []string{CatalogFile, HeadingsFile} {
		if !seen[need] {
			return fmt.Errorf("%w: %s not listed", ErrInvalidManifest, need)
		}
	}
	if m.SharedModel != nil {
		if m.MinReaderVersion < SharedModelVersion {
			return fmt.Errorf("%w: a shared_model needs min_reader_version %d, the manifest says %d", ErrInvalidManifest, SharedModelVersion, m.MinReaderVersion)
		}
		if err := m.SharedModel.validate(); err != nil {
			return err
		}
	}
	if m.Embedding != nil && m.Embedding.Dim <= 0 {
		return fmt.Errorf("%w: embedding dim %d", ErrInvalidManifest, m.Embedding.Dim)
	}
	return nil
}

// File returns the entry for a path.
func (m *Manifest) File(path string) (FileEntry, bool) {
	for _, f := range m.Files {
		if f.Path == path {
			return f, true
		}
	}
	return FileEntry{}, false
}

// ReadManifest reads and validates dir/manifest.json.
func ReadManifest(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("%w: %s has no %s (an unfinished or foreign directory)", ErrNotBundle, dir, ManifestFile)
		}
		return nil, fmt.Errorf("bundle: read manifest: %w", err)
	}
	name := filepath.Join(dir, ManifestFile)
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrInvalidManifest, name, err)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	sum, stored, ok := manifestChecksum(b)
	switch {
	case !ok && m.FormatVersion >= 2:
		return nil, fmt.Errorf("%w: %s has no checksum of its own (format %d writes one): the manifest was edited or damaged; rebuild the bundle", ErrChecksumMismatch, name, m.FormatVersion)
	case ok && sum != stored:
		return nil, fmt.Errorf("%w: %s does not match its own checksum: the manifest was edited or damaged; rebuild the bundle", ErrChecksumMismatch, name)
	}
	return &m, nil
}

func writeManifest(dir string, m *Manifest) error {
	sort.Slice(m.Files, func(i, j int) bool { return m.Files[i].Path < m.Files[j].Path })
	m.Checksum = strings.Repeat("0", 64)
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("bundle: encode manifest: %w", err)
	}
	b = append(b, '\n')
	sum, _, ok := manifestChecksum(b)
	if !ok {
		return fmt.Errorf("bundle: encode manifest: checksum field not found")
	}
	b = bytes.Replace(b, []byte(`"checksum": "`+m.Checksum+`"`), []byte(`"checksum": "`+sum+`"`), 1)
	m.Checksum = sum
	return writeFileSync(filepath.Join(dir, ManifestFile), b)
}

func writeFileSync(path string, b []byte) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("bundle: write %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("bundle: sync %s: %w", path, err)
	}
	return f.Close()
}

// Package bundle owns the on-disk format of a sextant bundle: the directory
// (or single-file archive) that `sextant build` writes and the runtime loads.
// It depends on no other sextant package. Write and read paths mirror each
// other: Writer builds a bundle in a temporary directory and publishes it by
// rename; Open and Verify check it file by file against its manifest.
//
// # Layout (format version 2)
//
//	manifest.json          written last; lists every other file with size and SHA-256, and its own checksum
//	catalog.parquet        one SeriesRow per catalog row, sorted by ID (the interchange copy)
//	catalog.rows           the same rows laid out to be memory-mapped (rowtable.go): the runtime reads this
//	headings.parquet       one HeadingRow per node of the heading tree, parents first
//	observations.parquet   ObservationRow (series_id, date, value), sorted by series and date
//	quarantine.jsonl       one QuarantineEntry per rejected input row
//	text/                  bleve index over rows and headings (opened read-only)
//	vectors/rows.f32       row embeddings: little-endian float32, len(catalog) × dim, in partition order
//	vectors/partitions.bin the inverted-file partitions over the row vectors (partitions.go): spans, order, centroids
//	vectors/headings.f32   heading embeddings, in headings order
//	search/rows.facts      per row: heading, source and country codes, title marks; the sources' tables (rowfacts.go)
//	search/docs.map        per text-index document: its row and heading (docmap.go)
//	search/rows.prepared   per row: its query-understanding facts, one record each (records.go)
//	model/                 the embedding model (model.onnx, tokenizer.json, ...) used for both,
//	                       unless the manifest's shared_model names one kept beside the bundle
//	                       (format 3: ../models/<sha256>/, see sharedmodel.go)
//
// Every array the runtime maps is fixed-width, little-endian and starts
// 8-aligned within its page-aligned mapping, so it is used in place on a
// little-endian host (and decoded into a copy on any other).
//
// # Integrity
//
// The manifest carries the SHA-256 of itself (Manifest.Checksum: the file
// hashed with that value zeroed), so no field of it, sources[].inputs
// included, changes unnoticed; every other file is listed with its size and
// SHA-256. Open checks presence and sizes always, and the counts every file
// states in its own header or footer against the manifest (counts.go: a few
// kilobytes read). Checksums are verified once and recorded with each
// file's identity (verified.go: device, inode, size, modification and
// change time); a later open whose files all keep their recorded identity
// only stats them. Measured on the 365,000-row bundle (256 MB, page cache
// warm): hashing every file 0.13 s of CPU per open (more from a cold
// disk: every byte is read); against a record, under 1 ms. Verify always
// hashes everything and compares catalog.rows with catalog.parquet row by
// row.
//
// # Versions
//
// A reader opens formats OldestReadable to Version and refuses a newer one
// whatever its min_reader_version says: a newer writer's files may mean
// more than this reader knows. A format-1 bundle still opens: without
// catalog.rows the catalog is decoded from catalog.parquet, and without
// vectors/partitions.bin and search/ the runtime computes what they hold
// at open, as format 1 did (seconds at 365,000 rows instead of milliseconds; rebuild
// to get the speed). testdata/v<N> holds a fixture of every version.
//
// # Changelog
//
//	1  first format: catalog, headings, observations, quarantine, text index, vectors, model.
//	1  (additive, no bump) manifest embedding.text_recipe: which recipe made the embedded texts; the text index written as one segment.
//	1  (additive, no bump) manifest sources[].backend: a database read at query time (kind sql); its rows have obs_count > 0 and no rows in observations.parquet (an older reader reports them as without observations).
//	2  catalog.rows (mapped row table) and vectors/partitions.bin (vector partitions made by the builder);
//	   vectors/rows.f32 in partition order (ReadVectors still returns catalog order); the manifest's own
//	   checksum; min_reader_version 2; search/ (row facts, document map, prepared rows) computed by the
//	   builder with the searcher's code and ignored by a reader whose recipe differs.
//	2  (additive, no bump) manifest text_index (digest and recipe of the indexed documents) and
//	   embedding.texts_digest (of the embedded texts): what a rebuild compares to copy the previous
//	   bundle's text index and vector files, or to update a copy of its text index.
//	3  manifest shared_model: the embedding model kept in models/<sha256>/ beside the bundle, its
//	   files listed there, instead of model/. Written only for such bundles (min_reader_version 3);
//	   a bundle whose model is inside it is still written as format 2.
//	3  (additive, no bump) manifest sources[].covers: the places (ISO3 codes of countries and
//	   areas) a source's rows break down by when a row names none of its own (Eurostat's
//	   datasets: the EU, the euro area and their members). An older reader ignores it.
package bundle

import "errors"

// Format constants.
const (
	// Magic identifies a sextant bundle manifest and archive.
	Magic = "sextant-bundle"
	// Version is the newest format version this package writes and
	// reads: a bundle of a later version is refused, whatever its
	// min_reader_version says.
	Version = 3
	// MinReaderVersion is the oldest reader that can read a bundle this
	// package writes with its model inside (a format-1 reader would take
	// the partition-ordered row vectors for catalog order); such bundles
	// are written as this format.
	MinReaderVersion = 2
	// SharedModelVersion is the format, and the min_reader_version, of a
	// bundle whose model is shared (an older reader would look for model/).
	SharedModelVersion = 3
	// OldestReadable is the oldest format version this package opens.
	OldestReadable = 1
)

// File names inside a bundle.
const (
	ManifestFile     = "manifest.json"
	CatalogFile      = "catalog.parquet"
	HeadingsFile     = "headings.parquet"
	ObservationsFile = "observations.parquet"
	QuarantineFile   = "quarantine.jsonl"
	TextIndexDir     = "text"
	RowVectorsFile   = "vectors/rows.f32"
	HeadVectorsFile  = "vectors/headings.f32"
	RowTableFile     = "catalog.rows"
	PartitionsFile   = "vectors/partitions.bin"
	RowFactsFile     = "search/rows.facts"
	DocMapFile       = "search/docs.map"
	PreparedRowsFile = "search/rows.prepared"
	ModelDir         = "model"
)

// Sentinel errors.
var (
	ErrNotBundle        = errors.New("bundle: not a sextant bundle")
	ErrVersion          = errors.New("bundle: unsupported format version")
	ErrChecksumMismatch = errors.New("bundle: checksum mismatch")
	ErrMissingFile      = errors.New("bundle: missing file")
	ErrUnexpectedFile   = errors.New("bundle: file not in manifest")
	ErrSizeMismatch     = errors.New("bundle: size mismatch")
	ErrInvalidManifest  = errors.New("bundle: invalid manifest")
	ErrVectorShape      = errors.New("bundle: vector file shape does not match manifest")
	ErrArchiveChecksum  = errors.New("bundle: archive checksum mismatch")
	ErrAlreadyCommitted = errors.New("bundle: writer already committed or aborted")
	ErrDamaged          = errors.New("bundle: damaged file")
)

// SeriesRow is one catalog row as stored in catalog.parquet.
type SeriesRow struct {
	ID                 string   `parquet:"id" json:"id"`
	NativeID           string   `parquet:"native_id" json:"native_id"`
	Source             string   `parquet:"source,dict" json:"source"`
	Title              string   `parquet:"title" json:"title"`
	AltTitles          []string `parquet:"alt_titles,list" json:"alt_titles,omitempty"`
	Unit               string   `parquet:"unit,dict" json:"unit"`
	Frequency          string   `parquet:"frequency,dict" json:"frequency"`
	FrequencyText      string   `parquet:"frequency_text,dict" json:"frequency_text"`
	Start              string   `parquet:"start" json:"start"`
	End                string   `parquet:"end" json:"end"`
	SeasonalAdjustment string   `parquet:"seasonal_adjustment,dict" json:"seasonal_adjustment"`
	Country            string   `parquet:"country,dict" json:"country"`
	Aggregation        string   `parquet:"aggregation,dict" json:"aggregation"`
	Description        string   `parquet:"description" json:"description,omitempty"`
	HeadingID          string   `parquet:"heading_id,dict" json:"heading_id"`
	Vintage            string   `parquet:"vintage,dict" json:"vintage"`
	ContentHash        string   `parquet:"content_hash" json:"content_hash"` // hex SHA-256 of the row's metadata; drives rebuild diffs and the embedding cache
	ObsCount           int32    `parquet:"obs_count" json:"obs_count"`       // observations in the bundle (0: no data)
	ObsStart           string   `parquet:"obs_start" json:"obs_start"`
	ObsEnd             string   `parquet:"obs_end" json:"obs_end"`
}

// HeadingRow is one node of the heading tree (source > topic > group > heading).
type HeadingRow struct {
	ID             string   `parquet:"id" json:"id"`
	ParentID       string   `parquet:"parent_id" json:"parent_id"` // "" for a source root
	Label          string   `parquet:"label" json:"label"`
	Path           []string `parquet:"path,list" json:"path"` // labels from the source root to this node, inclusive
	Depth          int32    `parquet:"depth" json:"depth"`    // 0 for a source root
	Source         string   `parquet:"source,dict" json:"source"`
	Derived        bool     `parquet:"derived" json:"derived"`                 // made by the indexer to cluster repeated rows (e.g. one quantity across countries)
	DirectChildren int32    `parquet:"direct_children" json:"direct_children"` // child headings plus rows directly under this node
	DirectRows     int32    `parquet:"direct_rows" json:"direct_rows"`         // rows directly under this node
	LeafRows       int32    `parquet:"leaf_rows" json:"leaf_rows"`             // rows anywhere below this node
}

// ObservationRow is one dated value.
type ObservationRow struct {
	SeriesID string  `parquet:"series_id,dict" json:"series_id"`
	Date     string  `parquet:"date" json:"date"` // ISO YYYY-MM-DD, period start
	Value    float64 `parquet:"value" json:"value"`
}

// QuarantineEntry is one input row the build rejected.
type QuarantineEntry struct {
	Source string `json:"source"`
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Field  string `json:"field,omitempty"`
	Reason string `json:"reason"`
	Raw    string `json:"raw,omitempty"`
}

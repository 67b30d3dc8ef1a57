// Package catalogsrc reads catalog sources (series metadata) and observation
// sources (dated values) into normalised records. One sub-package per source
// kind implements Source or ObservationSource; package sourcetest holds the
// suite every implementation passes.
package catalogsrc

import (
	"context"
	"errors"
	"fmt"
)

// Sentinel errors.
var (
	// ErrUnknownKind is returned by Open for a source kind nobody registered.
	ErrUnknownKind = errors.New("catalogsrc: unknown source kind")
	// ErrBadSpec is returned when a source spec lacks a file or option it needs.
	ErrBadSpec = errors.New("catalogsrc: bad source spec")
	// ErrUnreadable wraps failures to open or decode a whole file.
	ErrUnreadable = errors.New("catalogsrc: unreadable source file")
)

// Record is one catalog row (one series), normalised at field level.
// Readers fill what the source knows and leave the rest empty.
type Record struct {
	ID                 string    // namespaced id: "evds:TP.FG.J0", "fred:UNRATE", "bis:M.TR"
	NativeID           string    // the source's own id: "TP.FG.J0", "UNRATE", "M.TR", "WEOApr2024|Turkey|...|..."
	Source             string    // namespace without colon: evds, fred, weo, ifs, wdi, eurostat, bis, or a generic source's name
	Title              string    // main label, English where known
	AltTitles          []string  // other labels (e.g. Turkish names, older vintages' names)
	Unit               string    // unit text as the source says it ("Percent", "Thousand TRY", "Index 2003=100")
	Frequency          Frequency // normalised frequency
	FrequencyText      string    // the source's own frequency text
	Start, End         string    // coverage as ISO dates "YYYY-MM-DD" ("" when unknown)
	SeasonalAdjustment string    // "SA", "NSA", "SAAR", ... as known ("" when unknown)
	Country            string    // ISO 3166 alpha-3 when known ("TUR", "USA"); "" otherwise
	Aggregation        string    // source's aggregation method: "avg", "last", "sum", "first", "min", "max" or ""
	Description        string    // free text definition when the source has one
	Path               []string  // heading path below the source, broad to narrow: topic > group (no source name, no title)
	Vintage            string    // which file/vintage the metadata came from (e.g. "2024", "2020", "2025")
	Pos                Pos       // where the row came from, for messages
}

// Pos names a place in an input file.
type Pos struct {
	File string
	Line int // 1-based physical line (or record number for JSON/Parquet); 0 when unknown
}

func (p Pos) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return p.File
}

// Problem describes one rejected input row: where it was, which field, and why.
type Problem struct {
	Pos    Pos
	Field  string // column or JSON key; "" when the row as a whole is bad
	Reason string
	Raw    string // the offending text, truncated by the reader to a few hundred bytes
}

func (p Problem) Error() string {
	if p.Field != "" {
		return fmt.Sprintf("%s: field %q: %s", p.Pos, p.Field, p.Reason)
	}
	return fmt.Sprintf("%s: %s", p.Pos, p.Reason)
}

// Sink receives a source's output. Add returns an error only to stop reading
// (the error is returned by Read); Reject records a bad row and reading goes on.
type Sink interface {
	Add(Record) error
	Reject(Problem)
}

// Source reads one catalog source.
type Source interface {
	// Name is the source's namespace (also the id prefix).
	Name() string
	// Files lists the input files, for fingerprints and change detection.
	Files() []string
	// Read streams every record to sink. It returns an error wrapping
	// ErrUnreadable when a file cannot be opened or decoded at all; row-level
	// problems go to sink.Reject.
	Read(ctx context.Context, sink Sink) error
}

package generic

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/text/encoding/charmap"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// ErrUnknownEncoding is returned for an encoding option this package cannot decode.
var ErrUnknownEncoding = errors.New("generic: unknown encoding (want utf-8 or latin-1)")

// MaxRaw caps the offending text kept in a Problem.
const MaxRaw = 300

// TableOptions says how to split a delimited text file.
type TableOptions struct {
	Comma    rune   // field delimiter; ',' when zero
	Encoding string // "utf-8" (default) or "latin-1"
	// Ragged accepts rows whose field count differs from the header's
	// (missing fields read as ""), for files whose header carries extras.
	Ragged bool
}

// Table reads a delimited text file with a header row, one record at a
// time, keeping each record's physical line number. Readers of CSV-like
// catalog files share it.
type Table struct {
	File   string
	Header []string
	f      *os.File
	r      *csv.Reader
	index  map[string]int
	ragged bool
}

// Row is one record of a Table.
type Row struct {
	Line   int      // physical line where the record starts
	Fields []string // as many as the header has (checked by Next)
	t      *Table
}

// Get returns the named column's value ("" when the table lacks the column).
func (r Row) Get(column string) string {
	i, ok := r.t.index[column]
	if !ok || i >= len(r.Fields) {
		return ""
	}
	return r.Fields[i]
}

// Raw rejoins the row's fields for a Problem's Raw text, truncated.
func (r Row) Raw() string {
	return Truncate(strings.Join(r.Fields, string(r.t.r.Comma)), MaxRaw)
}

// Pos is the row's position.
func (r Row) Pos() catalogsrc.Pos { return catalogsrc.Pos{File: r.t.File, Line: r.Line} }

// OpenTable opens path and reads its header. Failures wrap
// catalogsrc.ErrUnreadable and name the file.
func OpenTable(path string, opt TableOptions) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", catalogsrc.ErrUnreadable, err)
	}
	var in io.Reader = bufio.NewReaderSize(f, 1<<16)
	switch strings.ToLower(strings.ReplaceAll(opt.Encoding, "_", "-")) {
	case "", "utf-8", "utf8":
	case "latin-1", "latin1", "iso-8859-1", "iso8859-1":
		in = charmap.ISO8859_1.NewDecoder().Reader(in)
	default:
		f.Close()
		return nil, fmt.Errorf("%w: %s: %w: %q", catalogsrc.ErrUnreadable, path, ErrUnknownEncoding, opt.Encoding)
	}
	r := csv.NewReader(in)
	if opt.Comma != 0 {
		r.Comma = opt.Comma
	}
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	r.ReuseRecord = false
	t := &Table{File: path, f: f, r: r, index: map[string]int{}, ragged: opt.Ragged}
	header, err := r.Read()
	if err != nil {
		f.Close()
		if err == io.EOF {
			return nil, fmt.Errorf("%w: %s: empty file, no header", catalogsrc.ErrUnreadable, path)
		}
		return nil, fmt.Errorf("%w: %s: header: %w", catalogsrc.ErrUnreadable, path, err)
	}
	for i, h := range header {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		header[i] = h
		if _, dup := t.index[h]; !dup && h != "" {
			t.index[h] = i
		}
	}
	t.Header = header
	return t, nil
}

// Has reports whether the header names column.
func (t *Table) Has(column string) bool {
	_, ok := t.index[column]
	return ok
}

// Require returns an ErrUnreadable error naming the file and the first
// missing column, or nil.
func (t *Table) Require(columns ...string) error {
	for _, c := range columns {
		if !t.Has(c) {
			return fmt.Errorf("%w: %s: missing column %q (header: %s)", catalogsrc.ErrUnreadable, t.File, c, Truncate(strings.Join(t.Header, ","), MaxRaw))
		}
	}
	return nil
}

// Next returns the next row. A row with the wrong number of fields or a
// malformed quote comes back as a *catalogsrc.Problem error (reading may go
// on); io.EOF ends the table; any other error wraps ErrUnreadable.
func (t *Table) Next() (Row, error) {
	for {
		rec, err := t.r.Read()
		if err != nil {
			var pe *csv.ParseError
			switch {
			case err == io.EOF:
				return Row{}, io.EOF
			case errors.As(err, &pe):
				return Row{}, &catalogsrc.Problem{Pos: catalogsrc.Pos{File: t.File, Line: pe.StartLine}, Reason: pe.Err.Error()}
			default:
				return Row{}, fmt.Errorf("%w: %s: %w", catalogsrc.ErrUnreadable, t.File, err)
			}
		}
		line, _ := t.r.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // blank line
		}
		row := Row{Line: line, Fields: rec, t: t}
		if len(rec) != len(t.Header) && !t.ragged {
			return row, &catalogsrc.Problem{Pos: row.Pos(), Reason: fmt.Sprintf("wrong column count: %d fields, header has %d", len(rec), len(t.Header)), Raw: row.Raw()}
		}
		return row, nil
	}
}

// Close closes the file.
func (t *Table) Close() error { return t.f.Close() }

// Truncate cuts s to at most n bytes on a rune boundary, marking the cut.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

package generic

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/text/encoding/charmap"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/internal/textcheck"
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
	tail   *textcheck.Tail
	rows   int // data records read (kept or rejected)
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

// Problem is a rejection of the row naming field (a column; "" for the
// whole row) and why, with the row's position and raw text.
func (r Row) Problem(field, reason string) catalogsrc.Problem {
	return catalogsrc.Problem{Pos: r.Pos(), Field: field, Reason: reason, Raw: r.Raw()}
}

// Reject sends the row's Problem to rej and returns nil, so that a row
// callback rejects a row and goes on to the next in one statement:
// return row.Reject(sink, "code", "empty code").
func (r Row) Reject(rej Rejecter, field, reason string) error {
	rej.Reject(r.Problem(field, reason))
	return nil
}

// Rejecter receives rejected rows; catalogsrc.Sink and
// catalogsrc.ObservationSink are both one.
type Rejecter interface {
	Reject(catalogsrc.Problem)
}

// ErrStopRows, returned by a row callback, ends the reading without error
// (a reader that has all it wants).
var ErrStopRows = errors.New("generic: stop reading rows")

// Each calls fn for every remaining row, checking ctx before the first
// row and every CheckEvery rows after. A row Next rejects (wrong column
// count, malformed quote) goes to rej, or is dropped when rej is nil, and
// reading goes on. An error from fn ends the reading and is returned,
// except ErrStopRows, which ends it with nil.
func (t *Table) Each(ctx context.Context, rej Rejecter, fn func(Row) error) error {
	return eachRow(ctx, t.Next, rej, fn)
}

// eachRow is Each for any row source: next returns a row, a
// *catalogsrc.Problem error for a rejected row, io.EOF at the end, or
// another error that ends the reading.
func eachRow[R any](ctx context.Context, next func() (R, error), rej Rejecter, fn func(R) error) error {
	for n := 0; ; n++ {
		if n%CheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		row, err := next()
		var p *catalogsrc.Problem
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.As(err, &p):
			if rej != nil {
				rej.Reject(*p)
			}
			continue
		case err != nil:
			return err
		}
		if err := fn(row); err != nil {
			if errors.Is(err, ErrStopRows) {
				return nil
			}
			return err
		}
	}
}

// ReadTable checks ctx, opens path, checks that its header names every
// one of columns and calls fn for every row (see Table.Each). A file that
// cannot be opened or lacks a column gives an error wrapping
// catalogsrc.ErrUnreadable that names it.
func ReadTable(ctx context.Context, path string, opt TableOptions, columns []string, rej Rejecter, fn func(Row) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	t, err := OpenTable(path, opt)
	if err != nil {
		return err
	}
	defer t.Close()
	if err := t.Require(columns...); err != nil {
		return err
	}
	return t.Each(ctx, rej, fn)
}

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
	tail := textcheck.NewTail(in)
	r := csv.NewReader(tail)
	if opt.Comma != 0 {
		r.Comma = opt.Comma
	}
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	r.ReuseRecord = false
	t := &Table{File: path, f: f, r: r, index: map[string]int{}, ragged: opt.Ragged, tail: tail}
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

// Next returns the next row. A row with the wrong number of fields, a
// malformed quote, or a damaged field (see package textcheck: a wrong
// encoding, a field too long, records merged by a stray quote, a last
// record cut short) comes back as a *catalogsrc.Problem error naming the
// line and the column (reading may go on); io.EOF ends the table; a file
// with a header and no data rows, or any other failure, is an error
// wrapping ErrUnreadable.
func (t *Table) Next() (Row, error) {
	for {
		rec, err := t.r.Read()
		if err != nil {
			var pe *csv.ParseError
			switch {
			case err == io.EOF:
				if t.rows == 0 {
					return Row{}, fmt.Errorf("%w: %s: %s", catalogsrc.ErrUnreadable, t.File, textcheck.HeaderOnlyReason)
				}
				return Row{}, io.EOF
			case errors.As(err, &pe):
				t.rows++
				return Row{}, &catalogsrc.Problem{Pos: catalogsrc.Pos{File: t.File, Line: pe.StartLine}, Reason: pe.Err.Error()}
			default:
				return Row{}, fmt.Errorf("%w: %s: %w", catalogsrc.ErrUnreadable, t.File, err)
			}
		}
		line, _ := t.r.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // blank line
		}
		t.rows++
		row := Row{Line: line, Fields: rec, t: t}
		if i, reason := textcheck.Fields(rec, t.r.Comma, len(t.Header)); i >= 0 {
			return row, &catalogsrc.Problem{Pos: row.Pos(), Field: t.column(i), Reason: "field " + reason, Raw: row.Raw()}
		}
		if t.tail.CutShort(t.r.InputOffset()) {
			return row, &catalogsrc.Problem{Pos: row.Pos(), Reason: textcheck.CutShortReason, Raw: row.Raw()}
		}
		if len(rec) != len(t.Header) && !t.ragged {
			return row, &catalogsrc.Problem{Pos: row.Pos(), Reason: fmt.Sprintf("wrong column count: %d fields, header has %d", len(rec), len(t.Header)), Raw: row.Raw()}
		}
		return row, nil
	}
}

// column names field i for a Problem: its header name, or its position.
func (t *Table) column(i int) string {
	if i < len(t.Header) && t.Header[i] != "" {
		return t.Header[i]
	}
	return fmt.Sprintf("column %d", i+1)
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

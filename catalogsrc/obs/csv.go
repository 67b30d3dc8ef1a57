package obs

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/internal/textcheck"
)

// CSV reads delimited records and reports each with its line number. Rows the
// csv package cannot parse (a stray quote) are rejected and skipped.
type CSV struct {
	File   string
	sep    rune
	r      *csv.Reader
	tail   *textcheck.Tail
	header []string // set by Header; data records are checked against it
	rows   int      // data records read after the header (kept or rejected)
}

// NewCSV reads r (already decoded to UTF-8) as sep-separated records.
func NewCSV(r io.Reader, file string, sep rune) *CSV {
	tail := textcheck.NewTail(r)
	cr := csv.NewReader(tail)
	cr.Comma = sep
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	return &CSV{File: file, sep: sep, r: cr, tail: tail}
}

// Next returns the next record and the line it starts on. At the end it
// returns io.EOF; an I/O or decoding failure, or a file whose header (read
// by Header) has no data rows after it, returns an error wrapping
// catalogsrc.ErrUnreadable. The slice is reused by the next call. Blank
// lines are skipped by the csv package. After the header, a record with a
// damaged field (see package textcheck: a wrong encoding, a field too long,
// records merged by a stray quote) or cut short by the file's end is
// rejected, naming its line and column, and skipped.
func (c *CSV) Next(rej Rejecter) ([]string, int, error) {
	for {
		rec, err := c.r.Read()
		if err == nil {
			line, _ := c.r.FieldPos(0)
			if c.header == nil {
				return rec, line, nil
			}
			c.rows++
			if i, reason := textcheck.Fields(rec, c.sep, len(c.header)); i >= 0 {
				rej.Reject(catalogsrc.Problem{Pos: catalogsrc.Pos{File: c.File, Line: line}, Field: c.column(i), Reason: "field " + reason, Raw: Raw(rec, c.Sep())})
				continue
			}
			if c.tail.CutShort(c.r.InputOffset()) {
				rej.Reject(catalogsrc.Problem{Pos: catalogsrc.Pos{File: c.File, Line: line}, Reason: textcheck.CutShortReason, Raw: Raw(rec, c.Sep())})
				continue
			}
			return rec, line, nil
		}
		if errors.Is(err, io.EOF) {
			if c.header != nil && c.rows == 0 {
				return nil, 0, Unreadable(c.File, errors.New(textcheck.HeaderOnlyReason))
			}
			return nil, 0, io.EOF
		}
		if c.header != nil {
			c.rows++
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) && !errors.Is(err, io.ErrUnexpectedEOF) && isSyntax(pe.Err) {
			rej.Reject(catalogsrc.Problem{
				Pos:    catalogsrc.Pos{File: c.File, Line: pe.StartLine},
				Reason: "malformed CSV row: " + pe.Err.Error(),
			})
			continue
		}
		return nil, 0, Unreadable(c.File, err)
	}
}

func isSyntax(err error) bool {
	return errors.Is(err, csv.ErrQuote) || errors.Is(err, csv.ErrBareQuote) || errors.Is(err, csv.ErrFieldCount) || errors.Is(err, csv.ErrTrailingComma)
}

// Sep is the separator as a string, for Raw.
func (c *CSV) Sep() string { return string(c.sep) }

// Header reads the first record as column names (trimmed) and returns a copy.
// An empty file is an error wrapping catalogsrc.ErrUnreadable.
func (c *CSV) Header(rej Rejecter) ([]string, error) {
	rec, _, err := c.Next(rej)
	if errors.Is(err, io.EOF) {
		return nil, Unreadable(c.File, errors.New("empty file, no header"))
	}
	if err != nil {
		return nil, err
	}
	out := make([]string, len(rec))
	for i, f := range rec {
		out[i] = strings.TrimSpace(f)
	}
	c.header = out
	return out, nil
}

// column names field i for a Problem: its header name, or its position.
func (c *CSV) column(i int) string {
	if i < len(c.header) && c.header[i] != "" {
		return c.header[i]
	}
	return fmt.Sprintf("column %d", i+1)
}

// HeaderColumns reads the header (see Header) and finds the named columns
// in it (see Columns).
func (c *CSV) HeaderColumns(rej Rejecter, names ...string) (header []string, cols []int, err error) {
	if header, err = c.Header(rej); err != nil {
		return nil, nil, err
	}
	if cols, err = Columns(c.File, header, names...); err != nil {
		return nil, nil, err
	}
	return header, cols, nil
}

// Columns finds the index of each named column in header (case-insensitive).
// A missing column is an error wrapping catalogsrc.ErrUnreadable that names
// the file and the column.
func Columns(file string, header []string, names ...string) ([]int, error) {
	idx := make([]int, len(names))
	for i, n := range names {
		idx[i] = -1
		for j, h := range header {
			if strings.EqualFold(h, n) {
				idx[i] = j
				break
			}
		}
		if idx[i] < 0 {
			return nil, Unreadable(file, errors.New("missing column "+n+" (header: "+Truncate(strings.Join(header, ","))+")"))
		}
	}
	return idx, nil
}

// Row is one data record and the line it starts on. Fields is reused by
// the next record: copy what must outlive the callback that gets it.
type Row struct {
	Fields []string
	Line   int
	in     *CSV
}

// Pos is the row's position.
func (r Row) Pos() catalogsrc.Pos { return catalogsrc.Pos{File: r.in.File, Line: r.Line} }

// Problem is a rejection of the row naming field (a column; "" for the
// whole row) and why, with the row's position and raw text.
func (r Row) Problem(field, reason string) catalogsrc.Problem {
	return catalogsrc.Problem{Pos: r.Pos(), Field: field, Reason: reason, Raw: Raw(r.Fields, r.in.Sep())}
}

// Reject sends the row's Problem to rej and returns nil, so that a row
// callback rejects a row and goes on to the next in one statement.
func (r Row) Reject(rej Rejecter, field, reason string) error {
	rej.Reject(r.Problem(field, reason))
	return nil
}

// Each calls fn for every remaining record, checking ctx every CheckEvery
// records (the first included). When width > 0, a record with another
// number of fields is rejected ("row has N fields, header has width")
// without calling fn. Malformed rows go to rej (see Next). An error from
// fn ends the reading and is returned.
func (c *CSV) Each(ctx context.Context, rej Rejecter, width int, fn func(Row) error) error {
	for n := 0; ; n++ {
		if err := Canceled(ctx, n); err != nil {
			return err
		}
		rec, line, err := c.Next(rej)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		row := Row{Fields: rec, Line: line, in: c}
		if width > 0 && len(rec) != width {
			_ = row.Reject(rej, "", fmt.Sprintf("row has %d fields, header has %d", len(rec), width))
			continue
		}
		if err := fn(row); err != nil {
			return err
		}
	}
}

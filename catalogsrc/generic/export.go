package generic

import (
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// Rows reads a CSV, TSV, JSON Lines or Parquet file row by row, with the
// catalog reader's rules: the observation reader under catalogsrc/obs
// shares it.
type Rows struct{ r rowReader }

// InputRow is one row of Rows: its position (line, or record number for
// JSON Lines and Parquet), its raw text for messages and its values by
// column (a JSON array gives several).
type InputRow struct {
	Pos    catalogsrc.Pos
	Raw    string
	Values map[string][]string
}

// FormatOf is format lowercased, or the format the file's extension says
// (csv when it says nothing).
func FormatOf(path, format string) string {
	if format != "" {
		return strings.ToLower(format)
	}
	return formatFromExt(path)
}

// OpenRows opens path in format ("csv", "tsv", "jsonl" or "parquet"); opt
// applies to delimited text (Comma is set from the format when zero).
func OpenRows(path, format string, opt TableOptions) (*Rows, error) {
	s := &Source{format: format, opt: opt}
	s.Path = path
	if s.opt.Comma == 0 {
		s.opt.Comma = ','
		if format == "tsv" {
			s.opt.Comma = '\t'
		}
	}
	r, err := s.open()
	if err != nil {
		return nil, err
	}
	return &Rows{r}, nil
}

// Columns lists the input's column names.
func (r *Rows) Columns() []string { return r.r.columns() }

// Next returns the next row. A *catalogsrc.Problem error rejects one row and
// reading goes on; io.EOF ends the input; other errors end the reading.
func (r *Rows) Next() (InputRow, error) {
	row, err := r.r.next()
	if err != nil {
		return InputRow{}, err
	}
	return InputRow{Pos: row.pos, Raw: row.raw, Values: row.values}, nil
}

// Close closes the file.
func (r *Rows) Close() error { return r.r.close() }

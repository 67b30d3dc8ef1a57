// Package generic reads a catalog from any CSV, TSV, JSON Lines or Parquet
// file whose columns a spec maps to record fields, and holds what the
// source-specific readers share: the row loop over a delimited file
// (ReadTable, Table.Each, Row.Reject), the one-file source (OneFile), text
// cleaning and date parsing.
//
// Spec.Columns maps record fields to input columns: id and title are
// required; alt_titles, unit, frequency, start, end, seasonal_adjustment,
// country, description, path and aggregation are optional. Spec.Options:
// format (csv|tsv|jsonl|parquet; else from the file extension), delimiter
// (one character), encoding (utf-8|latin-1), path_separator (default
// " > ") and list_separator (for alt_titles in text files, default "|").
// The one file has role "file".
package generic

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/internal/countries"
)

// Kind is the registered source kind.
const Kind = "generic"

// CheckEvery is how many rows a reader handles between context checks.
const CheckEvery = 256

func init() { catalogsrc.Register(Kind, New) }

// Fields lists the record fields a generic source can map.
var Fields = []string{"id", "title", "alt_titles", "unit", "frequency", "start", "end",
	"seasonal_adjustment", "country", "description", "path", "aggregation"}

// Source reads one mapped file.
type Source struct {
	OneFile
	format           string
	opt              TableOptions
	columns          map[string]string
	pathSep, listSep string
}

// New builds a generic source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.Source, error) {
	f, err := NewOneFile(spec, "file")
	if err != nil {
		return nil, err
	}
	file := f.Path
	known := map[string]bool{}
	for _, f := range Fields {
		known[f] = true
	}
	for field, col := range spec.Columns {
		if !known[field] {
			return nil, fmt.Errorf("%w: source %q: columns.%s is not a record field (known: %s)", catalogsrc.ErrBadSpec, spec.Name, field, strings.Join(Fields, ", "))
		}
		if col == "" {
			return nil, fmt.Errorf("%w: source %q: columns.%s names no column", catalogsrc.ErrBadSpec, spec.Name, field)
		}
	}
	for _, f := range []string{"id", "title"} {
		if spec.Columns[f] == "" {
			return nil, fmt.Errorf("%w: source %q: columns.%s is required", catalogsrc.ErrBadSpec, spec.Name, f)
		}
	}
	s := &Source{OneFile: f, columns: spec.Columns, pathSep: " > ", listSep: "|"}
	if v := spec.Options["path_separator"]; v != "" {
		s.pathSep = v
	}
	if v := spec.Options["list_separator"]; v != "" {
		s.listSep = v
	}
	s.format = strings.ToLower(spec.Options["format"])
	if s.format == "" {
		s.format = formatFromExt(file)
	}
	switch s.format {
	case "csv":
		s.opt.Comma = ','
	case "tsv":
		s.opt.Comma = '\t'
	case "jsonl", "parquet":
	default:
		return nil, fmt.Errorf("%w: source %q: format %q unknown (want csv, tsv, jsonl or parquet)", catalogsrc.ErrBadSpec, spec.Name, s.format)
	}
	if d := spec.Options["delimiter"]; d != "" {
		r, size := utf8.DecodeRuneInString(d)
		if d == `\t` {
			r, size = '\t', 2
		}
		if size != len(d) {
			return nil, fmt.Errorf("%w: source %q: delimiter %q must be one character", catalogsrc.ErrBadSpec, spec.Name, d)
		}
		s.opt.Comma = r
	}
	s.opt.Encoding = spec.Options["encoding"]
	switch strings.ToLower(s.opt.Encoding) {
	case "", "utf-8", "utf8", "latin-1", "latin1", "iso-8859-1":
	default:
		return nil, fmt.Errorf("%w: source %q: %w: %q", catalogsrc.ErrBadSpec, spec.Name, ErrUnknownEncoding, s.opt.Encoding)
	}
	return s, nil
}

func formatFromExt(file string) string {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".tsv", ".tab", ".txt":
		return "tsv"
	case ".jsonl", ".ndjson":
		return "jsonl"
	case ".parquet":
		return "parquet"
	}
	return "csv"
}

func (s *Source) open() (rowReader, error) {
	switch s.format {
	case "jsonl":
		return openJSONRows(s.Path)
	case "parquet":
		return openParquetRows(s.Path)
	}
	t, err := OpenTable(s.Path, s.opt)
	if err != nil {
		return nil, err
	}
	return tableRows{t}, nil
}

// Read implements catalogsrc.Source.
func (s *Source) Read(ctx context.Context, sink catalogsrc.Sink) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	rows, err := s.open()
	if err != nil {
		return err
	}
	defer rows.close()
	if s.format != "jsonl" { // JSON Lines keys vary by row; checked per row instead
		have := map[string]bool{}
		for _, c := range rows.columns() {
			have[c] = true
		}
		fields := make([]string, 0, len(s.columns))
		for f := range s.columns {
			fields = append(fields, f)
		}
		sort.Strings(fields)
		for _, f := range fields {
			if !have[s.columns[f]] {
				return fmt.Errorf("%w: %s: column %q (mapped to %s) not found", catalogsrc.ErrUnreadable, s.Path, s.columns[f], f)
			}
		}
	}
	seen := map[string]catalogsrc.Pos{}
	return eachRow(ctx, rows.next, sink, func(row inputRow) error {
		rec, prob := s.record(row)
		if prob != nil {
			sink.Reject(*prob)
			return nil
		}
		if first, dup := seen[rec.NativeID]; dup {
			sink.Reject(catalogsrc.Problem{Pos: row.pos, Field: s.columns["id"], Reason: "duplicate id, first at " + first.String(), Raw: row.raw})
			return nil
		}
		seen[rec.NativeID] = row.pos
		return sink.Add(rec)
	})
}

// record maps one input row to a Record, or says why it cannot.
func (s *Source) record(row inputRow) (catalogsrc.Record, *catalogsrc.Problem) {
	one := func(field string) string {
		return strings.TrimSpace(strings.Join(row.values[s.columns[field]], " "))
	}
	list := func(field, sep string) []string {
		vals := row.values[s.columns[field]]
		if len(vals) == 1 && sep != "" {
			vals = strings.Split(vals[0], sep)
		}
		var out []string
		for _, v := range vals {
			if v = strings.TrimSpace(v); v != "" {
				out = append(out, v)
			}
		}
		return out
	}
	problem := func(field, reason string) *catalogsrc.Problem {
		return &catalogsrc.Problem{Pos: row.pos, Field: s.columns[field], Reason: reason, Raw: row.raw}
	}
	for f, col := range s.columns {
		if _, ok := row.values[col]; !ok && s.format == "jsonl" && (f == "id" || f == "title") {
			return catalogsrc.Record{}, problem(f, "key missing")
		}
	}
	id := one("id")
	if id == "" {
		return catalogsrc.Record{}, problem("id", "empty id")
	}
	if !ValidID(id) {
		return catalogsrc.Record{}, problem("id", "id holds control characters or invalid UTF-8")
	}
	rec := catalogsrc.Record{
		ID: s.Namespace + ":" + id, NativeID: id, Source: s.Namespace,
		Title: one("title"), Unit: one("unit"), FrequencyText: one("frequency"),
		SeasonalAdjustment: one("seasonal_adjustment"), Description: one("description"),
		Aggregation: strings.ToLower(one("aggregation")), Pos: row.pos,
	}
	CleanRecord(&rec)
	if rec.Title == "" {
		return catalogsrc.Record{}, problem("title", "empty title")
	}
	rec.Frequency = catalogsrc.ParseFrequency(rec.FrequencyText)
	if s.columns["alt_titles"] != "" {
		rec.AltTitles = cleanList(list("alt_titles", s.listSep))
	}
	if s.columns["path"] != "" {
		rec.Path = cleanList(list("path", s.pathSep))
	}
	var err error
	if rec.Start, err = ParseDate(one("start")); err != nil && s.columns["start"] != "" {
		return catalogsrc.Record{}, problem("start", err.Error())
	}
	if rec.End, err = ParseDate(one("end")); err != nil && s.columns["end"] != "" {
		return catalogsrc.Record{}, problem("end", err.Error())
	}
	if rec.Start != "" && rec.End != "" && rec.Start > rec.End {
		return catalogsrc.Record{}, problem("end", fmt.Sprintf("end %s before start %s", rec.End, rec.Start))
	}
	if c := one("country"); c != "" {
		if country, ok := countries.Lookup(c); ok {
			rec.Country = country.ISO3
		}
	}
	return rec, nil
}

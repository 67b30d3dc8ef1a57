// Package reference reads one reference series from a small two-column file
// (date, value), such as the Nile flow data set, as kind "reference": both
// observations and a one-record catalog source, so the series can be found,
// loaded and analysed end to end. Dates may be years ("1871"), months,
// quarters or full dates; they are normalised to period starts and the
// frequency is inferred from their spacing unless options.frequency is set.
//
// Spec: files.file (required); options.id (namespaced id, default
// "ref:<file stem>"), options.title (default the file stem), options.unit,
// options.description, options.path (headings separated by " > "),
// options.country (ISO alpha-3), options.frequency (D, W, M, Q, A, ...),
// options.column (value column, default the one column besides the date),
// options.date_column (default the first column), options.separator
// (default ","), options.encoding (default utf-8).
package reference

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs"
)

// Kind is the registered kind, for observations and catalog alike.
const Kind = "reference"

func init() {
	catalogsrc.RegisterObservations(Kind, func(s catalogsrc.Spec) (catalogsrc.ObservationSource, error) { return New(s) })
	catalogsrc.Register(Kind, func(s catalogsrc.Spec) (catalogsrc.Source, error) { return New(s) })
}

// Source reads one reference series.
type Source struct {
	obs.File
	id                 string
	title, unit, desc  string
	country            string
	path               []string
	freq               catalogsrc.Frequency
	column, dateColumn string
	sep                rune
}

// New builds a Source from its spec.
func New(spec catalogsrc.Spec) (*Source, error) {
	f, err := obs.NewFile(spec, "", "")
	if err != nil {
		return nil, err
	}
	file := f.Path
	opt := func(k string) string { return strings.TrimSpace(spec.Options[k]) }
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: source %q: %s", catalogsrc.ErrBadSpec, spec.Name, fmt.Sprintf(format, a...))
	}
	stem := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	s := &Source{
		File: f, id: opt("id"), title: opt("title"), unit: opt("unit"),
		desc: opt("description"), country: strings.ToUpper(opt("country")), column: opt("column"), dateColumn: opt("date_column"), sep: ',',
	}
	if s.id == "" {
		s.id = "ref:" + stem
	}
	ns, native, ok := strings.Cut(s.id, ":")
	if !ok || ns == "" || native == "" || strings.ContainsAny(s.id, " \t") {
		return nil, bad("options.id %q is not a namespaced id like \"ref:nile\"", s.id)
	}
	s.Namespace = ns
	if s.title == "" {
		s.title = stem
	}
	if p := opt("path"); p != "" {
		for _, h := range strings.Split(p, ">") {
			if h = strings.TrimSpace(h); h != "" {
				s.path = append(s.path, h)
			}
		}
	}
	if f := opt("frequency"); f != "" {
		if s.freq = catalogsrc.ParseFrequency(f); s.freq == catalogsrc.Unknown {
			return nil, bad("options.frequency %q is not a known frequency", f)
		}
	}
	if sep := spec.Options["separator"]; sep != "" {
		r, n := utf8.DecodeRuneInString(sep)
		if n != len(sep) || r == '"' || r == '\n' || r == '\r' {
			return nil, bad("options.separator %q must be one character", sep)
		}
		s.sep = r
	}
	if s.country != "" && len(s.country) != 3 {
		return nil, bad("options.country %q is not an ISO alpha-3 code", s.country)
	}
	return s, nil
}

// ReadObservations implements catalogsrc.ObservationSource.
func (s *Source) ReadObservations(ctx context.Context, sink catalogsrc.ObservationSink) error {
	sd, ok, err := s.load(ctx, sink)
	if err != nil || !ok {
		return err
	}
	return sink.AddSeries(sd)
}

// Read implements catalogsrc.Source: one record describing the series.
func (s *Source) Read(ctx context.Context, sink catalogsrc.Sink) error {
	sd, ok, err := s.load(ctx, sink)
	if err != nil || !ok {
		return err
	}
	_, native, _ := strings.Cut(s.id, ":")
	return sink.Add(catalogsrc.Record{
		ID:          s.id,
		NativeID:    native,
		Source:      s.Namespace,
		Title:       s.title,
		Unit:        s.unit,
		Frequency:   sd.Frequency,
		Start:       sd.Points[0].Date,
		End:         sd.Points[len(sd.Points)-1].Date,
		Country:     s.country,
		Description: s.desc,
		Path:        s.path,
		Pos:         sd.Pos,
	})
}

func (s *Source) load(ctx context.Context, rej obs.Rejecter) (sd catalogsrc.SeriesData, ok bool, err error) {
	err = s.ReadText(func(text io.Reader, path string) (err error) {
		sd, ok, err = s.read(ctx, text, path, rej)
		return err
	})
	return sd, ok, err
}

// columns picks the date and value columns from the header.
func (s *Source) columns(file string, header []string) (date, value int, err error) {
	date = 0
	if s.dateColumn != "" {
		idx, err := obs.Columns(file, header, s.dateColumn)
		if err != nil {
			return 0, 0, err
		}
		date = idx[0]
	}
	if s.column != "" {
		idx, err := obs.Columns(file, header, s.column)
		if err != nil {
			return 0, 0, err
		}
		return date, idx[0], nil
	}
	if len(header) != 2 {
		return 0, 0, obs.Unreadable(file, fmt.Errorf("%d columns; set options.column to pick the value column", len(header)))
	}
	return date, 1 - date, nil
}

var valueSyntax = obs.ValueSyntax{Missing: []string{"NA", "NaN", ".", "n/a"}}

func (s *Source) read(ctx context.Context, r io.Reader, file string, rej obs.Rejecter) (catalogsrc.SeriesData, bool, error) {
	in := obs.NewCSV(r, file, s.sep)
	header, err := in.Header(rej)
	if err != nil {
		return catalogsrc.SeriesData{}, false, err
	}
	dc, vc, err := s.columns(file, header)
	if err != nil {
		return catalogsrc.SeriesData{}, false, err
	}
	type dated struct {
		per  obs.Period
		v    float64
		ok   bool
		line int
	}
	var rows []dated
	err = in.Each(ctx, rej, len(header), func(r obs.Row) error {
		per, err := obs.ParsePeriod(r.Fields[dc])
		if err != nil {
			return r.Reject(rej, header[dc], err.Error())
		}
		v, ok, err := valueSyntax.ParseValue(r.Fields[vc])
		if err != nil {
			return r.Reject(rej, header[vc], err.Error())
		}
		rows = append(rows, dated{per, v, ok, r.Line})
		return nil
	})
	if err != nil {
		return catalogsrc.SeriesData{}, false, err
	}
	// Frequency: the option, else the spacing of the dates as written.
	freq := s.freq
	if freq == catalogsrc.Unknown {
		dates := make([]string, len(rows))
		for i, r := range rows {
			dates[i] = r.per.Start(catalogsrc.Daily)
		}
		freq = obs.InferFrequency(dates)
	}
	b := &obs.Builder{ID: s.id, Frequency: freq, Pos: catalogsrc.Pos{File: file, Line: 1}, DateField: header[dc]}
	for _, r := range rows {
		if r.ok {
			b.Add(r.per.Start(freq), r.v, r.line)
		}
	}
	sd, ok := b.Finish(rej)
	return sd, ok, nil
}

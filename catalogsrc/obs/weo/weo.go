// Package weo reads the annual values of an IMF World Economic Outlook
// "all" download (WEOApr2024all.csv: Latin-1, ';'-separated, thousands
// commas, "n/a" for missing) as observation kind "weo-values". Each row
// becomes one annual series with id
// "weo:<vintage>|<Country>|<Subject Descriptor>|<Units>" (the text after
// decoding, trimming and collapsing runs of spaces, as the WEO catalog reader
// builds it) and dates
// "YYYY-01-01". Rows with no value at all are not emitted.
//
// Spec: files.file (required); options.encoding (default latin1),
// options.vintage (default taken from the file name, "WEOApr2024" from
// WEOApr2024all.csv), options.Namespace (id prefix, default "weo").
package weo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs"
)

// Kind is the registered observation kind.
const Kind = "weo-values"

// DefaultEncoding is the encoding of IMF's WEO text downloads.
const DefaultEncoding = "latin1"

func init() {
	catalogsrc.RegisterObservations(Kind, New)
}

// Source reads one WEO file.
type Source struct {
	obs.File
	vintage string
}

var vintageInName = regexp.MustCompile(`WEO[A-Z][a-z]{2}[0-9]{4}`)

// New builds a Source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.ObservationSource, error) {
	f, err := obs.NewFile(spec, DefaultEncoding, "weo")
	if err != nil {
		return nil, err
	}
	file := f.Path
	s := &Source{File: f}
	s.vintage = strings.TrimSpace(spec.Options["vintage"])
	if s.vintage == "" {
		s.vintage = vintageInName.FindString(filepath.Base(file))
	}
	if s.vintage == "" {
		return nil, fmt.Errorf("%w: source %q: file name %s has no vintage like WEOApr2024; set options.vintage", catalogsrc.ErrBadSpec, spec.Name, filepath.Base(file))
	}
	return s, nil
}

// ReadObservations implements catalogsrc.ObservationSource.
func (s *Source) ReadObservations(ctx context.Context, sink catalogsrc.ObservationSink) error {
	return s.ReadText(func(text io.Reader, path string) error { return s.read(ctx, text, path, sink) })
}

// Column names of the WEO download.
const (
	colCountry = "Country"
	colSubject = "Subject Descriptor"
	colUnits   = "Units"
)

var valueSyntax = obs.ValueSyntax{Missing: []string{"n/a", "--"}, Grouped: true}

type layout struct {
	country, subject, units int
	years                   []yearColumn
	header                  []string
}

type yearColumn struct {
	index int
	name  string // header text, for Problems
	date  string // YYYY-01-01
}

func parseLayout(file string, header []string) (layout, error) {
	cols, err := obs.Columns(file, header, colCountry, colSubject, colUnits)
	if err != nil {
		return layout{}, err
	}
	l := layout{country: cols[0], subject: cols[1], units: cols[2], header: header}
	for i, h := range header {
		if len(h) != 4 {
			continue
		}
		y, err := strconv.Atoi(h)
		if err != nil || y < obs.MinYear || y > obs.MaxYear {
			continue
		}
		l.years = append(l.years, yearColumn{index: i, name: h, date: h + "-01-01"})
	}
	if len(l.years) == 0 {
		return layout{}, obs.Unreadable(file, errors.New("header has no year columns"))
	}
	slices.SortStableFunc(l.years, func(a, b yearColumn) int { return strings.Compare(a.name, b.name) })
	for i := 1; i < len(l.years); i++ {
		if l.years[i].name == l.years[i-1].name {
			return layout{}, obs.Unreadable(file, fmt.Errorf("year column %s appears twice", l.years[i].name))
		}
	}
	return l, nil
}

func (s *Source) read(ctx context.Context, r io.Reader, file string, sink catalogsrc.ObservationSink) error {
	in := obs.NewCSV(r, file, ';')
	header, err := in.Header(sink)
	if err != nil {
		return err
	}
	l, err := parseLayout(file, header)
	if err != nil {
		return err
	}
	seen := map[string]int{} // id -> first line
	return in.Each(ctx, sink, 0, func(r obs.Row) error {
		if isBlank(r.Fields) {
			return nil // trailing ";;;" lines and the like
		}
		sd, ok := s.parseRow(r, l, sink)
		if !ok {
			return nil
		}
		if first, dup := seen[sd.ID]; dup {
			return r.Reject(sink, "", fmt.Sprintf("duplicate series %s (first at line %d); row dropped", sd.ID, first))
		}
		seen[sd.ID] = r.Line
		if len(sd.Points) == 0 {
			return nil
		}
		return sink.AddSeries(sd)
	})
}

func isBlank(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// parseRow turns one row into a series. A bad key field rejects the row (ok
// false); a bad value rejects that value only.
func (s *Source) parseRow(row obs.Row, l layout, rej obs.Rejecter) (catalogsrc.SeriesData, bool) {
	rec := row.Fields
	reject := func(field, reason string) { rej.Reject(row.Problem(field, reason)) }
	if len(rec) != len(l.header) {
		reject("", fmt.Sprintf("row has %d fields, header has %d", len(rec), len(l.header)))
		return catalogsrc.SeriesData{}, false
	}
	parts := []string{s.vintage}
	for _, c := range []int{l.country, l.subject, l.units} {
		v := strings.Join(strings.Fields(rec[c]), " ") // trimmed, inner runs of spaces collapsed, as the catalog reader does
		if v == "" || strings.Contains(v, "|") {
			reject(l.header[c], "empty or contains '|', which the series id uses as separator")
			return catalogsrc.SeriesData{}, false
		}
		parts = append(parts, v)
	}
	sd := catalogsrc.SeriesData{ID: s.Namespace + ":" + strings.Join(parts, "|"), Frequency: catalogsrc.Annual, Pos: row.Pos()}
	for _, yc := range l.years {
		v, ok, err := valueSyntax.ParseValue(rec[yc.index])
		if err != nil {
			reject(yc.name, err.Error())
			continue
		}
		if ok {
			sd.Points = append(sd.Points, catalogsrc.Point{Date: yc.date, Value: v})
		}
	}
	return sd, true
}

// Package ilo reads the ILO quarterly unemployment-rate table
// (unemployment-ilo.csv: columns Sex, Age, Quarter, then one column per
// country) as kind "ilo-unemployment", both as observations and as a catalog
// source, since no other catalog has rows for these series. Each country
// becomes one quarterly series with id "ilo:<ISO3>" ("ilo:TUR") — or
// "ilo:<column name>" for a name the country table does not know — and one
// catalog record titled "Unemployment rate (ILO) — <Country>". Dates are
// quarter starts (2019Q4 → 2019-10-01). Countries with no value are skipped.
//
// Spec: files.file (required); options.sex and options.age select the rows
// (default "Total" each), options.encoding (default utf-8),
// options.Namespace (id prefix, default "ilo").
package ilo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs"
	"github.com/sextant-dev/sextant/catalogsrc/obs/internal/country"
)

// Kind is the registered kind, for observations and catalog alike.
const Kind = "ilo-unemployment"

// Topic is the catalog heading and title stem of every series.
const Topic = "Unemployment rate (ILO)"

func init() {
	catalogsrc.RegisterObservations(Kind, func(s catalogsrc.Spec) (catalogsrc.ObservationSource, error) { return New(s) })
	catalogsrc.Register(Kind, func(s catalogsrc.Spec) (catalogsrc.Source, error) { return New(s) })
}

// Source reads the ILO table; it is both a catalog and an observation source.
type Source struct {
	obs.File
	sex, age string
}

// New builds a Source from its spec.
func New(spec catalogsrc.Spec) (*Source, error) {
	f, err := obs.NewFile(spec, "", "ilo")
	if err != nil {
		return nil, err
	}
	s := &Source{File: f, sex: "Total", age: "Total"}
	if v := strings.TrimSpace(spec.Options["sex"]); v != "" {
		s.sex = v
	}
	if v := strings.TrimSpace(spec.Options["age"]); v != "" {
		s.age = v
	}
	return s, nil
}

// ReadObservations implements catalogsrc.ObservationSource.
func (s *Source) ReadObservations(ctx context.Context, sink catalogsrc.ObservationSink) error {
	series, err := s.load(ctx, sink)
	if err != nil {
		return err
	}
	for _, c := range series {
		if err := sink.AddSeries(c.data); err != nil {
			return err
		}
	}
	return nil
}

// Read implements catalogsrc.Source: one record per country with values.
func (s *Source) Read(ctx context.Context, sink catalogsrc.Sink) error {
	series, err := s.load(ctx, sink)
	if err != nil {
		return err
	}
	for _, c := range series {
		pts := c.data.Points
		rec := catalogsrc.Record{
			ID:            c.data.ID,
			NativeID:      strings.TrimPrefix(c.data.ID, s.Namespace+":"),
			Source:        s.Namespace,
			Title:         Topic + " — " + c.name,
			Unit:          "%",
			Frequency:     catalogsrc.Quarterly,
			FrequencyText: "Quarterly",
			Start:         pts[0].Date,
			End:           pts[len(pts)-1].Date,
			Country:       c.iso3,
			Description:   fmt.Sprintf("Unemployment rate in percent of the labour force, ILO quarterly estimates (sex: %s, age: %s).", s.sex, s.age),
			Path:          []string{Topic},
			Pos:           c.data.Pos,
		}
		if err := sink.Add(rec); err != nil {
			return err
		}
	}
	return nil
}

type countrySeries struct {
	name, iso3 string
	data       catalogsrc.SeriesData
}

func (s *Source) load(ctx context.Context, rej obs.Rejecter) ([]countrySeries, error) {
	var out []countrySeries
	err := s.ReadText(func(text io.Reader, path string) (err error) {
		out, err = s.read(ctx, text, path, rej)
		return err
	})
	return out, err
}

const (
	colSex     = "Sex"
	colAge     = "Age"
	colQuarter = "Quarter"
)

var valueSyntax = obs.ValueSyntax{Missing: []string{"..", "NA", "NaN"}}

type column struct {
	index      int
	name, iso3 string
	b          *obs.Builder
}

func (s *Source) read(ctx context.Context, r io.Reader, file string, rej obs.Rejecter) ([]countrySeries, error) {
	in := obs.NewCSV(r, file, ',')
	header, cols, err := in.HeaderColumns(rej, colSex, colAge, colQuarter)
	if err != nil {
		return nil, err
	}
	countries := s.countryColumns(file, header, cols, rej)
	if len(countries) == 0 {
		return nil, obs.Unreadable(file, errors.New("no country columns after Sex, Age, Quarter"))
	}
	err = in.Each(ctx, rej, len(header), func(r obs.Row) error {
		rec := r.Fields
		if strings.TrimSpace(rec[cols[0]]) != s.sex || strings.TrimSpace(rec[cols[1]]) != s.age {
			return nil
		}
		per, err := obs.ParsePeriod(rec[cols[2]])
		if err != nil {
			return r.Reject(rej, colQuarter, err.Error())
		}
		if per.Grain != catalogsrc.Quarterly {
			return r.Reject(rej, colQuarter, fmt.Sprintf("%q is not a quarter like 2019Q4", rec[cols[2]]))
		}
		date := per.Start(catalogsrc.Quarterly)
		for _, c := range countries {
			v, ok, err := valueSyntax.ParseValue(rec[c.index])
			switch {
			case err != nil:
				rej.Reject(r.Problem(c.name, err.Error()))
			case ok:
				c.b.Add(date, v, r.Line)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]countrySeries, 0, len(countries))
	for _, c := range countries {
		sd, ok := c.b.Finish(rej)
		if ok {
			out = append(out, countrySeries{name: c.name, iso3: c.iso3, data: sd})
		}
	}
	return out, nil
}

// countryColumns maps each country column to a series id; a second column
// for the same country is rejected.
func (s *Source) countryColumns(file string, header []string, keys []int, rej obs.Rejecter) []*column {
	isKey := map[int]bool{keys[0]: true, keys[1]: true, keys[2]: true}
	byID := map[string]string{}
	var out []*column
	for i, name := range header {
		if isKey[i] {
			continue
		}
		if name == "" {
			rej.Reject(catalogsrc.Problem{Pos: catalogsrc.Pos{File: file, Line: 1}, Field: fmt.Sprintf("column %d", i+1), Reason: "country column without a name; skipped"})
			continue
		}
		iso3, _ := country.ISO3FromName(name)
		id := s.Namespace + ":" + name
		if iso3 != "" {
			id = s.Namespace + ":" + iso3
		}
		if prev, dup := byID[id]; dup {
			rej.Reject(catalogsrc.Problem{Pos: catalogsrc.Pos{File: file, Line: 1}, Field: name, Reason: fmt.Sprintf("same country as column %q (%s); column skipped", prev, id)})
			continue
		}
		byID[id] = name
		out = append(out, &column{index: i, name: name, iso3: iso3, b: &obs.Builder{
			ID: id, Frequency: catalogsrc.Quarterly, Pos: catalogsrc.Pos{File: file, Line: 1}, DateField: colQuarter,
		}})
	}
	return out
}

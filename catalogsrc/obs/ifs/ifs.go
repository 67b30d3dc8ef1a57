// Package ifs reads IMF International Financial Statistics observations in
// long form (IFS_NGDP_SA_XDC_US_CA_MX.csv: date;value;country;indicator;
// frequency, ';'-separated) as kind "imf-ifs-gdp", both as observations and
// as a catalog source (IFS codelists have indicators but no per-country
// rows). Each indicator × country pair becomes one series with id
// "ifs:<indicator>.<country>" ("ifs:NGDP_SA_XDC.US"); dates are period starts
// (the file's quarter-end months 1950-03-01 become 1950-01-01).
//
// Catalog records take their title, path and unit from the IFS indicator
// codelist when files.indicators is given (its description is a comma path,
// "Gross Domestic Product, Nominal, Seasonally Adjusted, Domestic Currency":
// the parts become Path, the last part the default unit), and country names
// from files.countries (IFS_Countries.csv) or else CLDR English names.
//
// Spec: files.file (required), files.indicators and files.countries
// (optional codelists, "code;description"); options.unit (overrides the
// unit), options.encoding (default utf-8, all files), options.Namespace (id
// prefix, default "ifs").
package ifs

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs"
	"github.com/sextant-dev/sextant/catalogsrc/obs/internal/country"
)

// Kind is the registered kind, for observations and catalog alike.
const Kind = "imf-ifs-gdp"

func init() {
	catalogsrc.RegisterObservations(Kind, func(s catalogsrc.Spec) (catalogsrc.ObservationSource, error) { return New(s) })
	catalogsrc.Register(Kind, func(s catalogsrc.Spec) (catalogsrc.Source, error) { return New(s) })
}

// Source reads one IFS long file; it is both a catalog and an observation source.
type Source struct {
	obs.File
	indicators, countries, unit string
}

// New builds a Source from its spec.
func New(spec catalogsrc.Spec) (*Source, error) {
	f, err := obs.NewFile(spec, "", "ifs")
	if err != nil {
		return nil, err
	}
	return &Source{File: f, indicators: spec.Files["indicators"], countries: spec.Files["countries"], unit: strings.TrimSpace(spec.Options["unit"])}, nil
}

// Files implements catalogsrc.Source and catalogsrc.ObservationSource.
func (s *Source) Files() []string {
	out := []string{s.Path}
	for _, f := range []string{s.indicators, s.countries} {
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// ReadObservations implements catalogsrc.ObservationSource.
func (s *Source) ReadObservations(ctx context.Context, sink catalogsrc.ObservationSink) error {
	series, err := s.load(ctx, sink)
	if err != nil {
		return err
	}
	for _, sr := range series {
		if err := sink.AddSeries(sr.data); err != nil {
			return err
		}
	}
	return nil
}

// Read implements catalogsrc.Source: one record per indicator × country.
func (s *Source) Read(ctx context.Context, sink catalogsrc.Sink) error {
	series, err := s.load(ctx, sink)
	if err != nil {
		return err
	}
	indicators, err := s.codelist(ctx, s.indicators, sink)
	if err != nil {
		return err
	}
	countries, err := s.codelist(ctx, s.countries, sink)
	if err != nil {
		return err
	}
	for _, sr := range series {
		if err := sink.Add(s.record(sr, indicators, countries)); err != nil {
			return err
		}
	}
	return nil
}

func (s *Source) record(sr series, indicators, countries map[string]string) catalogsrc.Record {
	desc := indicators[sr.indicator]
	heading := desc
	if heading == "" {
		heading = sr.indicator
	}
	iso3, _ := country.ISO3FromAlpha2(sr.country)
	name := countries[sr.country]
	if name == "" {
		name, _ = country.EnglishName(iso3)
	}
	if name == "" {
		name = sr.country
	}
	path := strings.Split(heading, ", ")
	for i := range path {
		path[i] = strings.TrimSpace(path[i])
	}
	unit := s.unit
	if unit == "" && desc != "" {
		unit = path[len(path)-1]
	}
	sa := ""
	if strings.Contains(strings.ToLower(desc), "seasonally adjusted") {
		sa = "SA"
	}
	pts := sr.data.Points
	return catalogsrc.Record{
		ID:                 sr.data.ID,
		NativeID:           sr.indicator + "." + sr.country,
		Source:             s.Namespace,
		Title:              heading + " — " + name,
		Unit:               unit,
		Frequency:          sr.data.Frequency,
		FrequencyText:      sr.freqText,
		Start:              pts[0].Date,
		End:                pts[len(pts)-1].Date,
		SeasonalAdjustment: sa,
		Country:            iso3,
		Description:        desc,
		Path:               path,
		Pos:                sr.data.Pos,
	}
}

// codelist reads "code;description" lines (header first); "" gives an empty map.
func (s *Source) codelist(ctx context.Context, file string, rej obs.Rejecter) (map[string]string, error) {
	out := map[string]string{}
	if file == "" {
		return out, nil
	}
	f, err := obs.Open(file, s.Encoding)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	in := obs.NewCSV(f, file, ';')
	if _, err := in.Header(rej); err != nil {
		return nil, err
	}
	err = in.Each(ctx, rej, 0, func(r obs.Row) error {
		if len(r.Fields) != 2 || strings.TrimSpace(r.Fields[0]) == "" {
			return r.Reject(rej, "", "codelist row is not \"code;description\"")
		}
		out[strings.TrimSpace(r.Fields[0])] = strings.TrimSpace(r.Fields[1])
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

type series struct {
	indicator, country, freqText string
	data                         catalogsrc.SeriesData
}

func (s *Source) load(ctx context.Context, rej obs.Rejecter) ([]series, error) {
	var out []series
	err := s.ReadText(func(text io.Reader, path string) (err error) {
		out, err = s.read(ctx, text, path, rej)
		return err
	})
	return out, err
}

var columnNames = []string{"date", "value", "country", "indicator", "frequency"}

var valueSyntax = obs.ValueSyntax{Missing: []string{"NA", "NaN", "n/a"}}

type pending struct {
	series
	b *obs.Builder
}

func (s *Source) read(ctx context.Context, r io.Reader, file string, rej obs.Rejecter) ([]series, error) {
	in := obs.NewCSV(r, file, ';')
	header, cols, err := in.HeaderColumns(rej, columnNames...)
	if err != nil {
		return nil, err
	}
	byID := map[string]*pending{}
	var order []*pending
	err = in.Each(ctx, rej, len(header), func(r obs.Row) error {
		row, field, err := parseRow(r.Fields, cols)
		if err != nil {
			return r.Reject(rej, field, err.Error())
		}
		id := s.Namespace + ":" + row.indicator + "." + row.country
		p := byID[id]
		if p == nil {
			p = &pending{
				series: series{indicator: row.indicator, country: row.country, freqText: row.freqText},
				b:      &obs.Builder{ID: id, Frequency: row.freq, Pos: r.Pos(), DateField: "date"},
			}
			byID[id] = p
			order = append(order, p)
		}
		if row.freq != p.b.Frequency {
			return r.Reject(rej, "frequency", fmt.Sprintf("frequency %s differs from %s on the series' first row", row.freq, p.b.Frequency))
		}
		if !row.missing {
			p.b.Add(row.date, row.value, r.Line)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]series, 0, len(order))
	for _, p := range order {
		sd, ok := p.b.Finish(rej)
		if ok {
			p.data = sd
			out = append(out, p.series)
		}
	}
	return out, nil
}

type parsedRow struct {
	indicator, country, freqText, date string
	freq                               catalogsrc.Frequency
	value                              float64
	missing                            bool
}

// parseRow reads one row given the indexes of columnNames; on failure it
// returns the offending column and the reason.
func parseRow(rec []string, cols []int) (parsedRow, string, error) {
	get := func(i int) string { return strings.TrimSpace(rec[cols[i]]) }
	row := parsedRow{indicator: get(3), country: get(2), freqText: get(4)}
	for i, v := range []string{row.indicator, row.country} {
		if v == "" || strings.ContainsAny(v, " \t.:|") {
			return row, columnNames[3-i], fmt.Errorf("code %q is empty or has spaces, '.', ':' or '|'", obs.Truncate(v))
		}
	}
	row.freq = catalogsrc.ParseFrequency(row.freqText)
	if row.freq == catalogsrc.Unknown {
		return row, "frequency", fmt.Errorf("unknown frequency %q", obs.Truncate(row.freqText))
	}
	per, err := obs.ParsePeriod(get(0))
	if err != nil {
		return row, "date", err
	}
	row.date = per.Start(row.freq)
	v, ok, err := valueSyntax.ParseValue(get(1))
	if err != nil {
		return row, "value", err
	}
	row.value, row.missing = v, !ok
	return row, "", nil
}

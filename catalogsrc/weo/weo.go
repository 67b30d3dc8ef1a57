// Package weo reads the IMF World Economic Outlook database file
// (WEOApr2024all.csv: Latin-1, ";"-separated, one row per country,
// subject and unit, with yearly value columns). Each row is a record with
// NativeID "WEOApr2024|Country|Subject Descriptor|Units", grouped by
// subject, annual, covering the years that have values.
//
// Role: file. Option: vintage (default "WEOApr2024", the NativeID prefix).
package weo

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
	"github.com/sextant-dev/sextant/internal/countries"
)

// Kind is the registered source kind.
const Kind = "weo"

func init() { catalogsrc.Register(Kind, New) }

var year = regexp.MustCompile(`^\d{4}$`)

// Source reads one WEO file.
type Source struct {
	generic.OneFile
	vintage string
}

// New builds a WEO source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.Source, error) {
	f, err := generic.NewOneFile(spec, "file")
	if err != nil {
		return nil, err
	}
	v := spec.Options["vintage"]
	if v == "" {
		v = "WEOApr2024"
	}
	return &Source{OneFile: f, vintage: v}, nil
}

// NativeID builds a WEO row's id from its parts.
func NativeID(vintage, country, subject, units string) string {
	return vintage + "|" + country + "|" + subject + "|" + units
}

// Read implements catalogsrc.Source.
func (s *Source) Read(ctx context.Context, sink catalogsrc.Sink) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	t, err := generic.OpenTable(s.Path, generic.TableOptions{Comma: ';', Encoding: "latin-1"})
	if err != nil {
		return err
	}
	defer t.Close()
	if err := t.Require("Country", "Subject Descriptor", "Units", "Scale"); err != nil {
		return err
	}
	var years []int // column indexes of year columns
	for i, h := range t.Header {
		if year.MatchString(h) {
			years = append(years, i)
		}
	}
	if len(years) == 0 {
		return fmt.Errorf("%w: %s: no year columns in header", catalogsrc.ErrUnreadable, s.Path)
	}
	seen := map[string]int{}
	return t.Each(ctx, sink, func(row generic.Row) error {
		rec, prob := s.record(row, t.Header, years)
		if prob != nil {
			sink.Reject(*prob)
			return nil
		}
		if first, dup := seen[rec.NativeID]; dup {
			return row.Reject(sink, "Units", fmt.Sprintf("duplicate country, subject and units, first at line %d", first))
		}
		seen[rec.NativeID] = row.Line
		return sink.Add(rec)
	})
}

func (s *Source) record(row generic.Row, header []string, years []int) (catalogsrc.Record, *catalogsrc.Problem) {
	problem := func(field, reason string) *catalogsrc.Problem {
		p := row.Problem(field, reason)
		return &p
	}
	country := generic.CleanText(row.Get("Country"))
	subject := generic.CleanText(row.Get("Subject Descriptor"))
	units := generic.CleanText(row.Get("Units"))
	switch {
	case country == "":
		return catalogsrc.Record{}, problem("Country", "empty country")
	case subject == "":
		return catalogsrc.Record{}, problem("Subject Descriptor", "empty subject")
	}
	id := NativeID(s.vintage, country, subject, units)
	rec := catalogsrc.Record{
		ID: s.Namespace + ":" + id, NativeID: id, Source: s.Namespace,
		Title: subject + " — " + country, Unit: unitText(units, row.Get("Scale")),
		Frequency: catalogsrc.Annual, FrequencyText: "Annual", Path: []string{subject},
		Vintage: s.vintage, Pos: row.Pos(),
	}
	if units != "" {
		rec.AltTitles = []string{subject + ", " + units + " (" + country + ")"}
	}
	if c, ok := countries.Lookup(country); ok {
		rec.Country = c.ISO3
	}
	for _, i := range years {
		v := strings.TrimSpace(row.Fields[i])
		if v == "" || strings.EqualFold(v, "n/a") || v == "--" {
			continue
		}
		if !isNumber(v) {
			return catalogsrc.Record{}, problem(header[i], fmt.Sprintf("value %q is not a number", v))
		}
		if rec.Start == "" {
			rec.Start = header[i] + "-01-01"
		}
		rec.End = header[i] + "-01-01"
	}
	if e := strings.TrimSpace(row.Get("Estimates Start After")); e != "" && year.MatchString(e) {
		rec.Description = "Values after " + e + " are IMF staff estimates."
	}
	generic.CleanRecord(&rec)
	return rec, nil
}

// unitText joins units and scale: "U.S. dollars" + "Billions" gives
// "Billions of U.S. dollars"; a scale of "Units" adds nothing.
func unitText(units, scale string) string {
	units, scale = strings.TrimSpace(units), strings.TrimSpace(scale)
	if scale == "" || strings.EqualFold(scale, "units") || units == "" {
		return units
	}
	return scale + " of " + units
}

// isNumber accepts WEO numbers: optional minus, digits with thousands
// commas, optional decimals.
func isNumber(v string) bool {
	v = strings.TrimPrefix(v, "-")
	digits := 0
	dot := false
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == ',' && !dot:
		case r == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}

// Package bis reads the BIS central-bank policy rates file
// (policy_rates_monthly.csv: series_key, ref_area, unit, date, value) as a
// catalog: one record per economy (series key, e.g. "M.TR"), monthly, with
// coverage from its first to its last date.
//
// Role: file.
package bis

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
	"github.com/sextant-dev/sextant/internal/countries"
)

// Kind is the registered source kind.
const Kind = "bis"

func init() { catalogsrc.Register(Kind, New) }

// Source reads the policy rates file.
type Source struct{ generic.OneFile }

// New builds a BIS source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.Source, error) {
	f, err := generic.NewOneFile(spec, "file")
	if err != nil {
		return nil, err
	}
	return &Source{f}, nil
}

// economy accumulates one series key's rows.
type economy struct {
	key, area, unit string
	first, last     string
	pos             catalogsrc.Pos
}

// Area splits a ref_area "TR:Turkey" into code and name.
func Area(refArea string) (code, name string) {
	code, name, ok := strings.Cut(refArea, ":")
	if !ok {
		return strings.TrimSpace(refArea), ""
	}
	return strings.TrimSpace(code), strings.TrimSpace(name)
}

// Read implements catalogsrc.Source.
func (s *Source) Read(ctx context.Context, sink catalogsrc.Sink) error {
	var order []*economy
	byKey := map[string]*economy{}
	columns := []string{"series_key", "ref_area", "unit", "date", "value"}
	err := generic.ReadTable(ctx, s.Path, generic.TableOptions{}, columns, sink, func(row generic.Row) error {
		key := strings.TrimSpace(row.Get("series_key"))
		if !generic.ValidID(key) {
			return row.Reject(sink, "series_key", "empty or unprintable series key")
		}
		date, err := generic.ParseDate(row.Get("date"))
		if err != nil || date == "" {
			return row.Reject(sink, "date", fmt.Sprintf("bad date %q", row.Get("date")))
		}
		if _, err := strconv.ParseFloat(strings.TrimSpace(row.Get("value")), 64); err != nil {
			return row.Reject(sink, "value", fmt.Sprintf("value %q is not a number", row.Get("value")))
		}
		e := byKey[key]
		if e == nil {
			e = &economy{key: key, area: row.Get("ref_area"), unit: row.Get("unit"), first: date, last: date, pos: row.Pos()}
			byKey[key] = e
			order = append(order, e)
		}
		e.first, e.last = min(e.first, date), max(e.last, date)
		return nil
	})
	if err != nil {
		return err
	}
	for _, e := range order {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := sink.Add(s.record(e)); err != nil {
			return err
		}
	}
	return nil
}

func (s *Source) record(e *economy) catalogsrc.Record {
	code, name := Area(e.area)
	rec := catalogsrc.Record{
		ID: s.Namespace + ":" + e.key, NativeID: e.key, Source: s.Namespace,
		Unit: e.unit, Frequency: catalogsrc.Monthly, FrequencyText: "Monthly",
		Start: monthStart(e.first), End: monthStart(e.last), Path: []string{"Central bank policy rates"}, Pos: e.pos,
		Description: "Central bank policy rate, monthly, as published by the Bank for International Settlements.",
	}
	c, ok := countries.Lookup(code)
	if !ok {
		c, ok = countries.Lookup(name)
	}
	display := name
	if ok {
		rec.Country, display = c.ISO3, c.Name
		if name != "" && name != c.Name {
			rec.AltTitles = []string{"Central bank policy rate — " + name}
		}
	}
	if display == "" {
		display = code
	}
	rec.Title = "Central bank policy rate — " + display
	generic.CleanRecord(&rec)
	return rec
}

// monthStart turns a month's end date (2023-12-31) into its first day,
// the convention for monthly dates.
func monthStart(date string) string {
	if len(date) == 10 {
		return date[:8] + "01"
	}
	return date
}

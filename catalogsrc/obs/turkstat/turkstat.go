// Package turkstat reads TURKSTAT consumer-price data in long form
// (tr_cpi_tuik_2020_2025_long.csv: date, measure, value[, evds_equivalent])
// as observation kind "turkstat-cpi". The same numbers are in
// tufe_tablo2_2020_2025.csv as a wide table of five blocks; only the long file
// is read.
//
// Which measures become series, and under which ids, is configuration: the
// index (measure cpi_index_2003_100) is emitted as options.index_id, default
// "evds:TP.FG.J0" (the statistic EVDS publishes under that code), so it links
// to the EVDS catalog row. Any other measure M is emitted when an option
// "M_id" names its id (e.g. yoy_pct_id: "turkstat:cpi_yoy"); measures without
// an id are skipped. Setting index_id to "-" skips the index too.
//
// Spec: files.file (required); options.index_id, options.<measure>_id,
// options.encoding (default utf-8).
package turkstat

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs"
)

// Kind is the registered observation kind.
const Kind = "turkstat-cpi"

// IndexMeasure is the measure name of the CPI index (2003=100) and
// DefaultIndexID the id it gets unless options.index_id says otherwise.
const (
	IndexMeasure   = "cpi_index_2003_100"
	DefaultIndexID = "evds:TP.FG.J0"
)

func init() {
	catalogsrc.RegisterObservations(Kind, New)
}

// Source reads one long CPI file.
type Source struct {
	obs.File
	ids map[string]string // measure -> series id
}

// New builds a Source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.ObservationSource, error) {
	f, err := obs.NewFile(spec, "", "turkstat")
	if err != nil {
		return nil, err
	}
	s := &Source{File: f, ids: map[string]string{IndexMeasure: DefaultIndexID}}
	for k, v := range spec.Options {
		measure, ok := strings.CutSuffix(k, "_id")
		if !ok {
			continue
		}
		if measure == "index" {
			measure = IndexMeasure
		}
		v = strings.TrimSpace(v)
		if v == "-" {
			delete(s.ids, measure)
			continue
		}
		if !strings.Contains(v, ":") || strings.ContainsAny(v, " \t") {
			return nil, fmt.Errorf("%w: source %q: options.%s = %q is not a namespaced id like \"evds:TP.FG.J0\"", catalogsrc.ErrBadSpec, spec.Name, k, v)
		}
		s.ids[measure] = v
	}
	return s, nil
}

// Name implements catalogsrc.ObservationSource: "turkstat" (series ids
// are set per measure, so options.namespace has no use here).
func (s *Source) Name() string { return "turkstat" }

// ReadObservations implements catalogsrc.ObservationSource.
func (s *Source) ReadObservations(ctx context.Context, sink catalogsrc.ObservationSink) error {
	return s.ReadText(func(text io.Reader, path string) error { return s.read(ctx, text, path, sink) })
}

const (
	colDate    = "date"
	colMeasure = "measure"
	colValue   = "value"
)

var valueSyntax = obs.ValueSyntax{Missing: []string{"NA", "NaN", "."}}

func (s *Source) read(ctx context.Context, r io.Reader, file string, sink catalogsrc.ObservationSink) error {
	in := obs.NewCSV(r, file, ',')
	header, cols, err := in.HeaderColumns(sink, colDate, colMeasure, colValue)
	if err != nil {
		return err
	}
	builders := map[string]*obs.Builder{}
	var order []string
	seen := map[string]bool{}
	err = in.Each(ctx, sink, len(header), func(r obs.Row) error {
		measure, date, v, ok, p := parseRow(r.Fields, cols)
		if p != nil {
			return r.Reject(sink, p.Field, p.Reason)
		}
		seen[measure] = true
		id, wanted := s.ids[measure]
		if !wanted {
			return nil
		}
		b := builders[measure]
		if b == nil {
			b = &obs.Builder{ID: id, Pos: r.Pos(), DateField: colDate}
			builders[measure] = b
			order = append(order, measure)
		}
		if ok {
			b.Add(date, v, r.Line)
		} else {
			b.AddMissing(date)
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.reportUnusedOptions(file, seen, sink)
	for _, m := range order {
		if err := ctx.Err(); err != nil {
			return err
		}
		b := builders[m]
		b.Frequency = obs.InferFrequency(b.Dates())
		sd, ok := b.Finish(sink)
		if !ok {
			continue
		}
		if err := sink.AddSeries(sd); err != nil {
			return err
		}
	}
	return nil
}

// reportUnusedOptions rejects (at the header) every configured measure that
// no row had, so a misspelt option does not go unnoticed.
func (s *Source) reportUnusedOptions(file string, seen map[string]bool, rej obs.Rejecter) {
	var missing []string
	for m := range s.ids {
		if !seen[m] {
			missing = append(missing, m)
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		rej.Reject(catalogsrc.Problem{
			Pos:    catalogsrc.Pos{File: file, Line: 1},
			Field:  colMeasure,
			Reason: fmt.Sprintf("configured measure %q (id %s) has no rows in the file", m, s.ids[m]),
		})
	}
}

// parseRow reads one row; ok is false for a missing value.
func parseRow(rec []string, cols []int) (measure, date string, v float64, ok bool, p *catalogsrc.Problem) {
	names := []string{colDate, colMeasure, colValue}
	for i, c := range cols {
		if c >= len(rec) {
			return "", "", 0, false, &catalogsrc.Problem{Field: names[i], Reason: fmt.Sprintf("row has %d fields, column missing", len(rec))}
		}
	}
	per, err := obs.ParsePeriod(rec[cols[0]])
	if err != nil {
		return "", "", 0, false, &catalogsrc.Problem{Field: colDate, Reason: err.Error()}
	}
	measure = strings.TrimSpace(rec[cols[1]])
	if measure == "" {
		return "", "", 0, false, &catalogsrc.Problem{Field: colMeasure, Reason: "empty measure"}
	}
	v, ok, err = valueSyntax.ParseValue(rec[cols[2]])
	if err != nil {
		return "", "", 0, false, &catalogsrc.Problem{Field: colValue, Reason: err.Error()}
	}
	return measure, per.Start(per.Grain), v, ok, nil
}

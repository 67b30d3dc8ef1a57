// Package bis reads BIS policy-rate observations in long CSV form
// (series_key, ref_area, unit, date, value) as observation kind "bis".
// Each series_key becomes one series with id "bis:"+series_key ("bis:M.TR").
// The key's first component gives the frequency (M.TR is monthly) and dates
// are normalised to period start: the file's month ends (2023-12-31) become
// "2023-12-01".
//
// Spec: files.file (required); options.encoding (default utf-8),
// options.namespace (id prefix, default "bis").
package bis

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs"
)

// Kind is the registered observation kind.
const Kind = "bis"

func init() {
	catalogsrc.RegisterObservations(Kind, New)
}

// Source reads one BIS long CSV file.
type Source struct{ obs.File }

// New builds a Source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.ObservationSource, error) {
	f, err := obs.NewFile(spec, "", "bis")
	if err != nil {
		return nil, err
	}
	return &Source{f}, nil
}

// ReadObservations implements catalogsrc.ObservationSource.
func (s *Source) ReadObservations(ctx context.Context, sink catalogsrc.ObservationSink) error {
	return s.ReadText(func(text io.Reader, path string) error { return read(ctx, text, path, s.Namespace, sink) })
}

const (
	colKey   = "series_key"
	colDate  = "date"
	colValue = "value"
)

var valueSyntax = obs.ValueSyntax{Missing: []string{"NaN", "NA", "n/a", "."}}

// read parses the long file; series are emitted in order of first appearance
// once the whole file is read (rows of one key need not be adjacent).
func read(ctx context.Context, r io.Reader, file, namespace string, sink catalogsrc.ObservationSink) error {
	in := obs.NewCSV(r, file, ',')
	header, cols, err := in.HeaderColumns(sink, colKey, colDate, colValue)
	if err != nil {
		return err
	}
	var order []string
	series := map[string]*obs.Builder{}
	err = in.Each(ctx, sink, len(header), func(r obs.Row) error {
		row, p := parseRow(r.Fields, cols)
		if p != nil {
			return r.Reject(sink, p.Field, p.Reason)
		}
		b := series[row.key]
		if b == nil {
			b = &obs.Builder{ID: namespace + ":" + row.key, Frequency: row.freq, Pos: r.Pos(), DateField: colDate}
			series[row.key] = b
			order = append(order, row.key)
		}
		if row.missing {
			b.AddMissing(row.date)
		} else {
			b.Add(row.date, row.value, r.Line)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, key := range order {
		if err := ctx.Err(); err != nil {
			return err
		}
		sd, ok := series[key].Finish(sink)
		delete(series, key)
		if !ok {
			continue
		}
		if err := sink.AddSeries(sd); err != nil {
			return err
		}
	}
	return nil
}

type parsedRow struct {
	key     string
	freq    catalogsrc.Frequency
	date    string
	value   float64
	missing bool
}

// parseRow reads one data row given the column indexes of key, date and
// value. On failure it returns a Problem with Field and Reason set.
func parseRow(rec []string, cols []int) (parsedRow, *catalogsrc.Problem) {
	for i, c := range cols {
		if c >= len(rec) {
			return parsedRow{}, &catalogsrc.Problem{Field: []string{colKey, colDate, colValue}[i], Reason: fmt.Sprintf("row has %d fields, column missing", len(rec))}
		}
	}
	key := strings.TrimSpace(rec[cols[0]])
	freq, err := keyFrequency(key)
	if err != nil {
		return parsedRow{}, &catalogsrc.Problem{Field: colKey, Reason: err.Error()}
	}
	per, err := obs.ParsePeriod(rec[cols[1]])
	if err != nil {
		return parsedRow{}, &catalogsrc.Problem{Field: colDate, Reason: err.Error()}
	}
	v, ok, err := valueSyntax.ParseValue(rec[cols[2]])
	if err != nil {
		return parsedRow{}, &catalogsrc.Problem{Field: colValue, Reason: err.Error()}
	}
	return parsedRow{key: key, freq: freq, date: per.Start(freq), value: v, missing: !ok}, nil
}

// keyFrequency reads the frequency letter that starts a BIS series key.
func keyFrequency(key string) (catalogsrc.Frequency, error) {
	if key == "" {
		return catalogsrc.Unknown, errors.New("empty series key")
	}
	if strings.ContainsAny(key, " \t|") || !isPrintableASCII(key) {
		return catalogsrc.Unknown, fmt.Errorf("series key %q has spaces, '|' or non-ASCII characters", obs.Truncate(key))
	}
	letter, _, found := strings.Cut(key, ".")
	if !found {
		return catalogsrc.Unknown, fmt.Errorf("series key %q lacks a frequency prefix like \"M.\"", key)
	}
	f := catalogsrc.ParseFrequency(letter)
	if f == catalogsrc.Unknown || len(letter) != 1 {
		return catalogsrc.Unknown, fmt.Errorf("series key %q: unknown frequency %q", key, letter)
	}
	return f, nil
}

func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// Package ifs reads the IMF International Financial Statistics indicator
// codelist (IFS_Indicators.csv, ";"-separated parameter_value;description).
// The description is a comma path ("Prices, Consumer Price Index, All
// items, Index"): the title is the whole description (commas also occur
// inside names, so no element is dropped from it), the path is every
// element but the last, and the last element is the unit when it names
// one. IFS has no per-country rows.
//
// Role: indicators.
package ifs

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
)

// Kind is the registered source kind.
const Kind = "ifs"

func init() { catalogsrc.Register(Kind, New) }

var unitLike = regexp.MustCompile(`(?i)(currency|euros?|dollars|index|percent|rate\b|number|sdr|units?\b|ratio|per |\bfte\b)`)

// Source reads the IFS indicator list.
type Source struct{ generic.OneFile }

// New builds an IFS source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.Source, error) {
	f, err := generic.NewOneFile(spec, "indicators")
	if err != nil {
		return nil, err
	}
	return &Source{f}, nil
}

// Split returns an IFS description's path (all comma elements but the
// last) and its unit (the last element when it reads as a unit).
func Split(description string) (path []string, unit string) {
	parts := strings.Split(description, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	last := parts[len(parts)-1]
	for _, p := range parts[:len(parts)-1] {
		if p != "" {
			path = append(path, p)
		}
	}
	if len(parts) > 1 && unitLike.MatchString(last) {
		unit = last
	}
	return path, unit
}

// Read implements catalogsrc.Source.
func (s *Source) Read(ctx context.Context, sink catalogsrc.Sink) error {
	seen := map[string]int{}
	columns := []string{"parameter_value", "description"}
	return generic.ReadTable(ctx, s.Path, generic.TableOptions{Comma: ';'}, columns, sink, func(row generic.Row) error {
		id := strings.TrimSpace(row.Get("parameter_value"))
		desc := generic.CleanText(row.Get("description"))
		switch {
		case !generic.ValidID(id):
			return row.Reject(sink, "parameter_value", "empty or unprintable indicator code")
		case desc == "":
			return row.Reject(sink, "description", "empty description")
		}
		if first, dup := seen[id]; dup {
			return row.Reject(sink, "parameter_value", fmt.Sprintf("duplicate indicator code, first at line %d", first))
		}
		seen[id] = row.Line
		path, unit := Split(desc)
		rec := catalogsrc.Record{ID: s.Namespace + ":" + id, NativeID: id, Source: s.Namespace, Title: desc, Unit: unit, Path: path, Pos: row.Pos()}
		generic.CleanRecord(&rec)
		return sink.Add(rec)
	})
}

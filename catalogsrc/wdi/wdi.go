// Package wdi reads the World Bank World Development Indicators series
// list (WDISeries.csv): one record per indicator, its Topic "Area:
// Subarea" as the path, its short or long definition as the description.
//
// Role: series.
package wdi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
)

// Kind is the registered source kind.
const Kind = "wdi"

func init() { catalogsrc.Register(Kind, New) }

// Source reads the WDI series list.
type Source struct{ name, file string }

// New builds a WDI source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.Source, error) {
	file, err := spec.RequireFile("series")
	if err != nil {
		return nil, err
	}
	return &Source{name: spec.Name, file: file}, nil
}

// Name implements catalogsrc.Source.
func (s *Source) Name() string { return s.name }

// Files implements catalogsrc.Source.
func (s *Source) Files() []string { return []string{s.file} }

// TopicPath splits "Financial Sector: Interest rates" into its parts.
func TopicPath(topic string) []string {
	var out []string
	for _, p := range strings.Split(topic, ":") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Read implements catalogsrc.Source.
func (s *Source) Read(ctx context.Context, sink catalogsrc.Sink) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	t, err := generic.OpenTable(s.file, generic.TableOptions{})
	if err != nil {
		return err
	}
	defer t.Close()
	if err := t.Require("Series Code", "Topic", "Indicator Name", "Short definition", "Long definition", "Unit of measure", "Periodicity"); err != nil {
		return err
	}
	seen := map[string]int{}
	for n := 0; ; n++ {
		if n%generic.CheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		row, err := t.Next()
		var p *catalogsrc.Problem
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.As(err, &p):
			sink.Reject(*p)
			continue
		case err != nil:
			return err
		}
		problem := func(field, reason string) {
			sink.Reject(catalogsrc.Problem{Pos: row.Pos(), Field: field, Reason: reason, Raw: row.Raw()})
		}
		id := strings.TrimSpace(row.Get("Series Code"))
		if !generic.ValidID(id) {
			problem("Series Code", "empty or unprintable series code")
			continue
		}
		if first, dup := seen[id]; dup {
			problem("Series Code", fmt.Sprintf("duplicate series code, first at line %d", first))
			continue
		}
		rec := catalogsrc.Record{
			ID: s.name + ":" + id, NativeID: id, Source: s.name,
			Title: row.Get("Indicator Name"), Unit: row.Get("Unit of measure"),
			FrequencyText: row.Get("Periodicity"), Path: TopicPath(row.Get("Topic")),
			Description: row.Get("Short definition"),
			Pos:         row.Pos(), Vintage: "2019",
		}
		if rec.Description == "" {
			rec.Description = row.Get("Long definition")
		}
		rec.Frequency = catalogsrc.ParseFrequency(rec.FrequencyText) // "Quarterly (represented as Annual)" is Annual
		generic.CleanRecord(&rec)
		if rec.Title == "" {
			problem("Indicator Name", "empty indicator name")
			continue
		}
		seen[id] = row.Line
		if err := sink.Add(rec); err != nil {
			return err
		}
	}
}

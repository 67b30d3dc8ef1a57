// Package wdi reads the World Bank World Development Indicators series
// list (WDISeries.csv): one record per indicator, its Topic "Area:
// Subarea" as the path, its short or long definition as the description.
//
// Role: series.
package wdi

import (
	"context"
	"fmt"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
)

// Kind is the registered source kind.
const Kind = "wdi"

func init() { catalogsrc.Register(Kind, New) }

// Source reads the WDI series list.
type Source struct{ generic.OneFile }

// New builds a WDI source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.Source, error) {
	f, err := generic.NewOneFile(spec, "series")
	if err != nil {
		return nil, err
	}
	return &Source{f}, nil
}

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
	seen := map[string]int{}
	columns := []string{"Series Code", "Topic", "Indicator Name", "Short definition", "Long definition", "Unit of measure", "Periodicity"}
	return generic.ReadTable(ctx, s.Path, generic.TableOptions{}, columns, sink, func(row generic.Row) error {
		id := strings.TrimSpace(row.Get("Series Code"))
		if !generic.ValidID(id) {
			return row.Reject(sink, "Series Code", "empty or unprintable series code")
		}
		if first, dup := seen[id]; dup {
			return row.Reject(sink, "Series Code", fmt.Sprintf("duplicate series code, first at line %d", first))
		}
		rec := catalogsrc.Record{
			ID: s.Namespace + ":" + id, NativeID: id, Source: s.Namespace,
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
			return row.Reject(sink, "Indicator Name", "empty indicator name")
		}
		seen[id] = row.Line
		return sink.Add(rec)
	})
}

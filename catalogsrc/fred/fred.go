// Package fred reads FRED's release series listing (fred_release_series.csv):
// one record per series, under its release. An optional tab-separated
// series info file (fred-series-info.txt) supplies full unit strings.
//
// Roles: series (required), info (optional). Options: include_releases
// (comma-separated release names or ids; all releases when empty) and
// max_rows (keep the first N selected rows in file order).
package fred

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
)

// Kind is the registered source kind.
const Kind = "fred"

func init() { catalogsrc.Register(Kind, New) }

// scaleUnits spells out the listing's scale codes.
var scaleUnits = map[string]string{"T": "Thousands", "M": "Millions", "B": "Billions", "P": "Percent", "R": "Rate"}

// Source reads a FRED release series listing.
type Source struct {
	name, series, info string
	releases           map[string]bool // folded release names and ids; nil keeps all
	maxRows            int
}

// New builds a FRED source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.Source, error) {
	series, err := spec.RequireFile("series")
	if err != nil {
		return nil, err
	}
	s := &Source{name: spec.Name, series: series, info: spec.Files["info"]}
	if v := strings.TrimSpace(spec.Options["include_releases"]); v != "" {
		s.releases = map[string]bool{}
		for _, r := range strings.Split(v, ",") {
			if r = strings.ToLower(strings.TrimSpace(r)); r != "" {
				s.releases[r] = true
			}
		}
	}
	if v := spec.Options["max_rows"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("%w: source %q: max_rows %q is not a positive integer", catalogsrc.ErrBadSpec, spec.Name, v)
		}
		s.maxRows = n
	}
	return s, nil
}

// Name implements catalogsrc.Source.
func (s *Source) Name() string { return s.name }

// Files implements catalogsrc.Source.
func (s *Source) Files() []string {
	if s.info != "" {
		return []string{s.series, s.info}
	}
	return []string{s.series}
}

// info is what the series info file adds for one series.
type info struct{ units string }

func (s *Source) readInfo(ctx context.Context, sink catalogsrc.Sink) (map[string]info, error) {
	out := map[string]info{}
	if s.info == "" {
		return out, nil
	}
	opt := generic.TableOptions{Comma: '\t', Ragged: true} // the header has a trailing timestamp cell
	err := generic.ReadTable(ctx, s.info, opt, []string{"Name", "Units"}, sink, func(row generic.Row) error {
		if id := strings.TrimSpace(row.Get("Name")); id != "" {
			out[id] = info{units: generic.CleanText(row.Get("Units"))}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Read implements catalogsrc.Source.
func (s *Source) Read(ctx context.Context, sink catalogsrc.Sink) error {
	infos, err := s.readInfo(ctx, sink)
	if err != nil {
		return err
	}
	seen := map[string]int{}
	kept := 0
	columns := []string{"series_id", "title", "scale_code", "seasonal_adjustment", "frequency", "last_observation", "release_id", "release_name"}
	return generic.ReadTable(ctx, s.series, generic.TableOptions{}, columns, sink, func(row generic.Row) error {
		if s.releases != nil && !s.releases[strings.ToLower(strings.TrimSpace(row.Get("release_name")))] && !s.releases[strings.TrimSpace(row.Get("release_id"))] {
			return nil
		}
		rec, prob := s.record(row, infos)
		if prob != nil {
			sink.Reject(*prob)
			return nil
		}
		if first, dup := seen[rec.NativeID]; dup {
			return row.Reject(sink, "series_id", fmt.Sprintf("duplicate series id, first at line %d", first))
		}
		seen[rec.NativeID] = row.Line
		if err := sink.Add(rec); err != nil {
			return err
		}
		if kept++; s.maxRows > 0 && kept >= s.maxRows {
			return generic.ErrStopRows
		}
		return nil
	})
}

func (s *Source) record(row generic.Row, infos map[string]info) (catalogsrc.Record, *catalogsrc.Problem) {
	problem := func(field, reason string) *catalogsrc.Problem {
		p := row.Problem(field, reason)
		return &p
	}
	id := strings.TrimSpace(row.Get("series_id"))
	if !generic.ValidID(id) {
		return catalogsrc.Record{}, problem("series_id", "empty or unprintable series id")
	}
	end, err := generic.ParseDate(row.Get("last_observation"))
	if err != nil {
		return catalogsrc.Record{}, problem("last_observation", err.Error())
	}
	rec := catalogsrc.Record{
		ID: s.name + ":" + id, NativeID: id, Source: s.name,
		Title: row.Get("title"), FrequencyText: row.Get("frequency"), End: end,
		SeasonalAdjustment: strings.TrimSpace(row.Get("seasonal_adjustment")), Pos: row.Pos(),
		Path: []string{row.Get("release_name")}, Vintage: "2022-12",
	}
	rec.Frequency = catalogsrc.ParseFrequency(rec.FrequencyText)
	if in, ok := infos[id]; ok && in.units != "" {
		rec.Unit = in.units
	} else {
		rec.Unit = scaleUnits[strings.TrimSpace(row.Get("scale_code"))]
	}
	generic.CleanRecord(&rec)
	if rec.Title == "" {
		return catalogsrc.Record{}, problem("title", "empty title")
	}
	rec.Country = CountryOf(rec.Title)
	return rec, nil
}

package indexer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/catalogsrc"
)

// maxRawBytes bounds the offending text kept per quarantined row.
const maxRawBytes = 512

// sourceResult is what one source produced.
type sourceResult struct {
	spec        catalogsrc.Spec
	role        string // "catalog" or "observations"
	files       []string
	records     []catalogsrc.Record
	series      []catalogsrc.SeriesData
	quarantined []bundle.QuarantineEntry
	covers      []string // places the source's rows break down by (covering)
	err         error
}

// covering is a catalog source whose rows, when they name no country of
// their own, are datasets broken down by several places (Eurostat's):
// Covers lists those places as ISO3 codes, areas included. The builder
// records them with the source in the manifest.
type covering interface {
	Covers() []string
}

// rows counts what the source contributed: catalog rows or observed series.
func (r *sourceResult) rows() int {
	if r.role == "observations" {
		return len(r.series)
	}
	return len(r.records)
}

type recordSink struct{ r *sourceResult }

func (s recordSink) Add(rec catalogsrc.Record) error {
	s.r.records = append(s.r.records, rec)
	return nil
}

func (s recordSink) Reject(p catalogsrc.Problem) { s.r.reject(p) }

func (s recordSink) AddSeries(d catalogsrc.SeriesData) error {
	s.r.series = append(s.r.series, d)
	return nil
}

func (r *sourceResult) reject(p catalogsrc.Problem) {
	raw := p.Raw
	if len(raw) > maxRawBytes {
		raw = strings.ToValidUTF8(raw[:maxRawBytes], "") + "…"
	}
	r.quarantined = append(r.quarantined, bundle.QuarantineEntry{Source: r.spec.Name, File: p.Pos.File, Line: p.Pos.Line, Field: p.Field, Reason: p.Reason, Raw: raw})
}

// readSources reads every catalog and observation source, two at a time
// (the machine's cores, not the number of sources, bound the parallelism).
func readSources(ctx context.Context, cfg *Config, parallel int) ([]*sourceResult, []*sourceResult) {
	cats := make([]*sourceResult, len(cfg.Sources))
	obs := make([]*sourceResult, len(cfg.Observations))
	sem := make(chan struct{}, max(1, parallel))
	var wg sync.WaitGroup
	run := func(res *sourceResult, f func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			res.err = f()
		}()
	}
	for i, spec := range cfg.Sources {
		res := &sourceResult{spec: spec, role: "catalog"}
		cats[i] = res
		run(res, func() error {
			src, err := catalogsrc.Open(spec)
			if err != nil {
				return err
			}
			res.files = src.Files()
			if c, ok := src.(covering); ok {
				res.covers = c.Covers()
			}
			return src.Read(ctx, recordSink{res})
		})
	}
	for i, spec := range cfg.Observations {
		res := &sourceResult{spec: spec, role: "observations"}
		obs[i] = res
		run(res, func() error {
			src, err := catalogsrc.OpenObservations(spec)
			if err != nil {
				return err
			}
			res.files = src.Files()
			return src.ReadObservations(ctx, recordSink{res})
		})
	}
	wg.Wait()
	return cats, obs
}

// contentHash fingerprints everything about a record that the bundle keeps.
func contentHash(r *catalogsrc.Record) string {
	h := sha256.New()
	for _, s := range []string{r.ID, r.NativeID, r.Source, r.Title, strings.Join(r.AltTitles, "\x1e"), r.Unit, string(r.Frequency), r.FrequencyText,
		r.Start, r.End, r.SeasonalAdjustment, r.Country, r.Aggregation, r.Description, strings.Join(r.Path, "\x1e"), r.Vintage} {
		h.Write([]byte(s))
		h.Write([]byte{0x1f})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// validate checks the fields every record must have; readers check the rest.
func validate(r *catalogsrc.Record) (field, reason string) {
	switch {
	case r.NativeID == "":
		return "id", "empty id"
	case r.ID != r.Source+":"+r.NativeID:
		return "id", fmt.Sprintf("id %q is not %q + native id", r.ID, r.Source+":")
	case strings.TrimSpace(r.Title) == "":
		return "title", "empty title"
	case r.Start != "" && r.End != "" && r.Start > r.End:
		return "start", fmt.Sprintf("coverage starts %s after it ends %s", r.Start, r.End)
	}
	return "", ""
}

// mergeRecords validates records, drops duplicates across sources (the first
// source in the configuration wins) and returns them sorted by id.
func mergeRecords(results []*sourceResult) []catalogsrc.Record {
	seen := map[string]string{}
	var out []catalogsrc.Record
	for _, res := range results {
		if res.err != nil {
			continue
		}
		kept := res.records[:0]
		for _, r := range res.records {
			if r.Source == "" {
				r.Source = res.spec.Name
			}
			if field, reason := validate(&r); reason != "" {
				res.reject(catalogsrc.Problem{Pos: r.Pos, Field: field, Reason: reason, Raw: r.ID + " " + r.Title})
				continue
			}
			if first, dup := seen[r.ID]; dup {
				res.reject(catalogsrc.Problem{Pos: r.Pos, Field: "id", Reason: fmt.Sprintf("duplicate id %s (first from source %s)", r.ID, first), Raw: r.Title})
				continue
			}
			seen[r.ID] = res.spec.Name
			kept = append(kept, r)
		}
		res.records = kept
		out = append(out, kept...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

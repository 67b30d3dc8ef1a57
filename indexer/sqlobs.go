package indexer

import (
	"context"
	"fmt"
	"time"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/runtime/obsql"
)

// linkSQL asks each SQL backend which catalog rows of its namespace it has
// values for and records their coverage on the rows, so that the bundle says
// they have data (rows that got observations from files keep those: files
// are linked first, and the runtime reads such rows from the bundle). It
// returns the backends as manifest sources, with their configuration and
// no secret.
func linkSQL(ctx context.Context, cfgs []obsql.Config, rows []bundle.SeriesRow, logf func(string, ...any)) ([]bundle.SourceInfo, error) {
	var out []bundle.SourceInfo
	for _, cfg := range cfgs {
		raw, err := cfg.Marshal()
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrConfig, err)
		}
		var natives []string
		var at []int
		prefix := cfg.Namespace + ":"
		for i, r := range rows {
			if r.ObsCount == 0 && len(r.ID) > len(prefix) && r.ID[:len(prefix)] == prefix {
				natives = append(natives, r.ID[len(prefix):])
				at = append(at, i)
			}
		}
		have, err := inventory(ctx, cfg, natives)
		if err != nil {
			return nil, fmt.Errorf("%w: sql observations %s: %w", ErrSource, cfg.Name, err)
		}
		for k, native := range natives {
			c, ok := have[native]
			if !ok {
				continue
			}
			r := &rows[at[k]]
			r.ObsCount = int32(min(c.Count, 1<<31-1))
			r.ObsStart, r.ObsEnd = c.Start, c.End
			if r.Frequency == "" {
				r.Frequency = string(spacingFrequency(c))
			}
		}
		logf("sql observations %s: the database has %d of the %d %s rows without file observations", cfg.Name, len(have), len(natives), cfg.Namespace)
		out = append(out, bundle.SourceInfo{Name: cfg.Name, Kind: obsql.Kind, Role: "observations", Rows: len(have), Backend: raw})
	}
	return out, nil
}

func inventory(ctx context.Context, cfg obsql.Config, natives []string) (map[string]obsql.Coverage, error) {
	s, err := obsql.New(cfg, nil, obsql.Options{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if len(natives) == 0 {
		return map[string]obsql.Coverage{}, s.Ping(ctx)
	}
	return s.Inventory(ctx, natives)
}

// spacingFrequency guesses the frequency of a series the catalog gives none
// for from the mean spacing of its dates (the database is asked for counts
// and ends only, not every date); "" when it fits none.
func spacingFrequency(c obsql.Coverage) catalogsrc.Frequency {
	a, err1 := time.Parse(time.DateOnly, c.Start)
	b, err2 := time.Parse(time.DateOnly, c.End)
	if err1 != nil || err2 != nil || c.Count < 2 {
		return catalogsrc.Unknown
	}
	gap := b.Sub(a).Hours() / 24 / float64(c.Count-1)
	switch {
	case gap <= 4:
		return catalogsrc.Daily
	case gap >= 6 && gap <= 8:
		return catalogsrc.Weekly
	case gap >= 13 && gap <= 16:
		return catalogsrc.Biweekly
	case gap >= 28 && gap <= 31.5:
		return catalogsrc.Monthly
	case gap >= 89 && gap <= 93:
		return catalogsrc.Quarterly
	case gap >= 180 && gap <= 185:
		return catalogsrc.Semiannual
	case gap >= 364 && gap <= 367:
		return catalogsrc.Annual
	}
	return catalogsrc.Unknown
}

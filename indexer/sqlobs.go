package indexer

import (
	"context"
	"fmt"

	"github.com/sextant-dev/sextant/bundle"
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

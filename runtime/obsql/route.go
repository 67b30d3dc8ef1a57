package obsql

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/analysis"
)

// Bundled is the bundle's own store and catalog (runtime/catalog's Catalog).
type Bundled interface {
	analysis.Store
	Rows
	Observations(id string) ([]bundle.ObservationRow, error)
}

// Routed is the analysis store of a bundle whose manifest names SQL
// backends: a series is read from the bundle when the bundle holds its
// observations (files were linked first at build time), else from the
// database serving its namespace, else from the bundle (which says it has
// no data). It also answers Resolve, so callers that explain coverage keep
// working.
type Routed struct {
	bundled Bundled
	dbs     map[string]*Store // by namespace
}

var _ analysis.PushdownStore = (*Routed)(nil)

// Route opens a Store for every SQL backend the bundle's manifest records
// (no connection is made yet). A bundle without backends gives a Routed
// that only reads the bundle.
func Route(b *bundle.Bundle, bundled Bundled, opts Options) (*Routed, error) {
	r := &Routed{bundled: bundled, dbs: map[string]*Store{}}
	if b == nil || b.Manifest == nil {
		return r, nil
	}
	for _, src := range b.Manifest.Sources {
		if src.Kind != Kind || len(src.Backend) == 0 {
			continue
		}
		cfg, err := Unmarshal(src.Backend)
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("bundle source %s: %w", src.Name, err)
		}
		if _, dup := r.dbs[cfg.Namespace]; dup {
			r.Close()
			return nil, fmt.Errorf("%w: two sql backends serve namespace %s", ErrConfig, cfg.Namespace)
		}
		s, err := New(cfg, bundled, opts)
		if err != nil {
			r.Close()
			return nil, err
		}
		r.dbs[cfg.Namespace] = s
	}
	return r, nil
}

// Backends lists the database stores, for status lines and stats.
func (r *Routed) Backends() []*Store {
	out := make([]*Store, 0, len(r.dbs))
	for _, s := range r.dbs {
		out = append(out, s)
	}
	return out
}

// Close releases every backend's connections.
func (r *Routed) Close() {
	for _, s := range r.dbs {
		s.Close()
	}
}

// Resolve implements Rows over the bundle's catalog.
func (r *Routed) Resolve(id string) (bundle.SeriesRow, error) { return r.bundled.Resolve(id) }

// db returns the backend serving id, or nil when the bundle should.
func (r *Routed) db(id string) (*Store, error) {
	if len(r.dbs) == 0 {
		return nil, nil
	}
	row, err := r.bundled.Resolve(id)
	if err != nil {
		return nil, nil // the bundle's store says it is unknown
	}
	s := r.dbs[row.Source]
	if s == nil {
		return nil, nil
	}
	obs, err := r.bundled.Observations(row.ID)
	if err != nil {
		return nil, err
	}
	if len(obs) > 0 {
		return nil, nil
	}
	return s, nil
}

// Series implements analysis.Store.
func (r *Routed) Series(ctx context.Context, id string) (analysis.Series, error) {
	s, err := r.db(id)
	if err != nil {
		return analysis.Series{}, err
	}
	if s == nil {
		return r.bundled.Series(ctx, id)
	}
	return s.Series(ctx, id)
}

// Pushdown implements analysis.PushdownStore: the database's series are
// pushed down, the bundle's are read whole.
func (r *Routed) Pushdown(ctx context.Context, id string) (analysis.Series, bool, error) {
	s, err := r.db(id)
	if err != nil || s == nil {
		return analysis.Series{}, false, err
	}
	return s.Pushdown(ctx, id)
}

var errNotPushed = errors.New("obsql: series is not served by a database")

func (r *Routed) store(sr analysis.Series) (*Store, error) {
	s := r.dbs[sr.Source]
	if s == nil {
		return nil, fmt.Errorf("%w: %s", errNotPushed, sr.ID)
	}
	return s, nil
}

// Points implements analysis.PushdownStore.
func (r *Routed) Points(ctx context.Context, sr analysis.Series, from, to time.Time) ([]analysis.Point, error) {
	s, err := r.store(sr)
	if err != nil {
		return nil, err
	}
	return s.Points(ctx, sr, from, to)
}

// Periods implements analysis.PushdownStore.
func (r *Routed) Periods(ctx context.Context, sr analysis.Series, q analysis.PeriodQuery) ([]analysis.Period, error) {
	s, err := r.store(sr)
	if err != nil {
		return nil, err
	}
	return s.Periods(ctx, sr, q)
}

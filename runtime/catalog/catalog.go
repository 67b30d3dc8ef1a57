// Package catalog loads a bundle for the runtime: the catalog rows, the
// heading tree and (lazily) the observations, with lookups by id. It is the
// read side that search, the analysis engine and the agent share.
package catalog

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/runtime/analysis"
)

// ErrUnknownID is returned for an id the catalog does not hold.
var ErrUnknownID = errors.New("catalog: unknown series id")

// Catalog is a loaded bundle.
type Catalog struct {
	Bundle   *bundle.Bundle
	Rows     []bundle.SeriesRow  // in bundle order (sorted by id)
	Headings []bundle.HeadingRow // parents before children

	// byID is nil when Rows are sorted by id (as bundles store them): a
	// lookup is then a binary search, and opening builds no map.
	byID       map[string]int32
	nativeOnce sync.Once
	byNative   map[string]int32 // source + "\x00" + native id, built on first use
	headByID   map[string]int32

	obsOnce sync.Once
	obs     map[string][]bundle.ObservationRow
	obsErr  error
}

// Options tune Open.
type Options struct {
	Bundle bundle.OpenOptions
}

// Open opens and loads a bundle directory or archive.
func Open(ctx context.Context, path string, opts Options) (*Catalog, error) {
	b, err := bundle.Open(path, opts.Bundle)
	if err != nil {
		return nil, err
	}
	return Load(ctx, b)
}

// Load reads an opened bundle's catalog and headings.
func Load(ctx context.Context, b *bundle.Bundle) (*Catalog, error) {
	rows, err := b.ReadCatalog()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	heads, err := b.ReadHeadings()
	if err != nil {
		return nil, err
	}
	c := &Catalog{Bundle: b, Rows: rows, Headings: heads, headByID: make(map[string]int32, len(heads))}
	if !sort.SliceIsSorted(rows, func(i, j int) bool { return rows[i].ID < rows[j].ID }) || hasDuplicateIDs(rows) {
		c.byID = make(map[string]int32, len(rows))
		for i, r := range rows {
			c.byID[r.ID] = int32(i)
		}
	}
	for i, h := range heads {
		c.headByID[h.ID] = int32(i)
	}
	return c, nil
}

// hasDuplicateIDs reports whether sorted rows repeat an id.
func hasDuplicateIDs(rows []bundle.SeriesRow) bool {
	for i := 1; i < len(rows); i++ {
		if rows[i].ID == rows[i-1].ID {
			return true
		}
	}
	return false
}

// Row returns the row with a namespaced id.
func (c *Catalog) Row(id string) (bundle.SeriesRow, bool) {
	i, ok := c.Index(id)
	if !ok {
		return bundle.SeriesRow{}, false
	}
	return c.Rows[i], true
}

// Index returns a row's position in Rows (and in the row vectors).
func (c *Catalog) Index(id string) (int, bool) {
	if c.byID != nil {
		i, ok := c.byID[id]
		return int(i), ok
	}
	i, ok := sort.Find(len(c.Rows), func(i int) int { return strings.Compare(id, c.Rows[i].ID) })
	return i, ok
}

// native returns the row index of a source's native id.
func (c *Catalog) native(source, id string) (int32, bool) {
	c.nativeOnce.Do(func() {
		c.byNative = make(map[string]int32, len(c.Rows))
		for i, r := range c.Rows {
			c.byNative[r.Source+"\x00"+r.NativeID] = int32(i)
		}
	})
	i, ok := c.byNative[source+"\x00"+id]
	return i, ok
}

// Resolve accepts a namespaced id ("fred:UNRATE") or, when unambiguous, a
// bare native id ("UNRATE") and returns the row.
func (c *Catalog) Resolve(id string) (bundle.SeriesRow, error) {
	id = strings.TrimSpace(id)
	if r, ok := c.Row(id); ok {
		return r, nil
	}
	var found []int32
	for _, src := range c.Sources() {
		if i, ok := c.native(src, id); ok {
			found = append(found, i)
		}
	}
	switch len(found) {
	case 1:
		return c.Rows[found[0]], nil
	case 0:
		return bundle.SeriesRow{}, fmt.Errorf("%w: %q", ErrUnknownID, id)
	}
	var ids []string
	for _, i := range found {
		ids = append(ids, c.Rows[i].ID)
	}
	return bundle.SeriesRow{}, fmt.Errorf("%w: %q is ambiguous (%s)", ErrUnknownID, id, strings.Join(ids, ", "))
}

// HasNative reports whether a source holds a native id.
func (c *Catalog) HasNative(source, native string) bool {
	_, ok := c.native(source, native)
	return ok
}

// HeadingOfNative returns the heading id of a source's row by its native
// id, "" when the row has no heading or is not in the catalog.
func (c *Catalog) HeadingOfNative(source, native string) string {
	i, ok := c.native(source, native)
	if !ok {
		return ""
	}
	return c.Rows[i].HeadingID
}

// Sources lists the source namespaces, sorted.
func (c *Catalog) Sources() []string {
	var out []string
	for _, s := range c.Bundle.Manifest.Sources {
		if s.Role == "catalog" {
			out = append(out, s.Name)
		}
	}
	sort.Strings(out)
	return out
}

// Heading returns a heading node.
func (c *Catalog) Heading(id string) (bundle.HeadingRow, bool) {
	i, ok := c.headByID[id]
	if !ok {
		return bundle.HeadingRow{}, false
	}
	return c.Headings[i], true
}

// HeadingIndex returns a heading's position in Headings (and in the heading vectors).
func (c *Catalog) HeadingIndex(id string) (int, bool) {
	i, ok := c.headByID[id]
	return int(i), ok
}

// Observations returns a series' stored observations (nil when it has none).
func (c *Catalog) Observations(id string) ([]bundle.ObservationRow, error) {
	c.obsOnce.Do(func() {
		rows, err := c.Bundle.ReadObservations()
		if err != nil {
			c.obsErr = err
			return
		}
		c.obs = map[string][]bundle.ObservationRow{}
		start := 0
		for i := 1; i <= len(rows); i++ {
			if i == len(rows) || rows[i].SeriesID != rows[start].SeriesID {
				c.obs[rows[start].SeriesID] = rows[start:i:i]
				start = i
			}
		}
	})
	if c.obsErr != nil {
		return nil, c.obsErr
	}
	return c.obs[id], nil
}

// Series implements analysis.Store over the bundle.
func (c *Catalog) Series(ctx context.Context, id string) (analysis.Series, error) {
	r, err := c.Resolve(id)
	if err != nil {
		return analysis.Series{}, fmt.Errorf("%w: %v", analysis.ErrUnknownSeries, err)
	}
	obs, err := c.Observations(r.ID)
	if err != nil {
		return analysis.Series{}, err
	}
	if len(obs) == 0 {
		return analysis.Series{}, fmt.Errorf("%w: %s (%s) has no observations in this bundle", analysis.ErrNoData, r.ID, r.Title)
	}
	freq := catalogsrc.Frequency(r.Frequency)
	s := analysis.Series{ID: r.ID, Title: r.Title, Unit: r.Unit, Frequency: freq, Aggregation: r.Aggregation, Source: r.Source,
		Adjustment: r.SeasonalAdjustment, FrequencyText: r.FrequencyText}
	s.Points = make([]analysis.Point, 0, len(obs))
	for _, o := range obs {
		t, err := time.Parse(time.DateOnly, o.Date)
		if err != nil {
			return analysis.Series{}, fmt.Errorf("catalog: %s observation date %q: %w", r.ID, o.Date, err)
		}
		if freq != catalogsrc.Unknown {
			t = analysis.PeriodStart(t, freq)
		}
		s.Points = append(s.Points, analysis.Point{Date: t, Value: o.Value})
	}
	return s, nil
}

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

// Catalog is a loaded bundle. Its rows are read on demand from the
// bundle's mapped row table (nothing is built for the rows a command never
// meets); RowAt and Len reach them by position, Row and Index by id.
type Catalog struct {
	Bundle *bundle.Bundle
	// Rows holds the rows when they are in memory: a catalog built from a
	// slice (tests, tools) or a bundle without a row table. It is nil when
	// the rows are read from the row table; use RowAt and Len, which serve
	// both.
	Rows     []bundle.SeriesRow  // in bundle order (sorted by id)
	Headings []bundle.HeadingRow // parents before children

	table *bundle.RowTable // the mapped row table, when Rows is nil

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

// Load reads an opened bundle's headings and opens its rows: from the
// mapped row table when the bundle has one, else from catalog.parquet.
func Load(ctx context.Context, b *bundle.Bundle) (*Catalog, error) {
	table, err := b.OpenRowTable()
	if err != nil {
		return nil, err
	}
	c := &Catalog{Bundle: b, table: table}
	if table == nil {
		if c.Rows, err = b.ReadCatalog(); err != nil {
			return nil, err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if c.Headings, err = b.ReadHeadings(); err != nil {
		return nil, err
	}
	c.headByID = make(map[string]int32, len(c.Headings))
	for i, h := range c.Headings {
		c.headByID[h.ID] = int32(i)
	}
	if !c.sortedUnique() {
		c.byID = make(map[string]int32, c.Len())
		for i := range c.Len() {
			c.byID[c.rowID(i)] = int32(i)
		}
	}
	return c, nil
}

// sortedUnique reports whether the row ids ascend strictly (as bundles
// store them), so that a lookup by id can be a binary search.
func (c *Catalog) sortedUnique() bool {
	for i := 1; i < c.Len(); i++ {
		if c.rowID(i-1) >= c.rowID(i) {
			return false
		}
	}
	return true
}

// Len is the number of rows.
func (c *Catalog) Len() int {
	if c.table != nil {
		return c.table.Len()
	}
	return len(c.Rows)
}

// RowAt returns the row at position i (0 <= i < Len) in bundle order.
func (c *Catalog) RowAt(i int) bundle.SeriesRow {
	if c.table != nil {
		return c.table.Row(i)
	}
	return c.Rows[i]
}

// rowID returns the id of the row at position i without building the row.
func (c *Catalog) rowID(i int) string {
	if c.table != nil {
		return c.table.ID(i)
	}
	return c.Rows[i].ID
}

// RowTitle returns the title of the row at position i without building
// the row (one column of the row table read).
func (c *Catalog) RowTitle(i int) string {
	if c.table != nil {
		return c.table.Title(i)
	}
	return c.Rows[i].Title
}

// RowUnit returns the unit of the row at position i without building the row.
func (c *Catalog) RowUnit(i int) string {
	if c.table != nil {
		return c.table.Unit(i)
	}
	return c.Rows[i].Unit
}

// AllRows returns every row in bundle order: Rows when they are in
// memory, else a slice built from the row table (for callers that walk
// the whole catalog, such as a browsing tree).
func (c *Catalog) AllRows() []bundle.SeriesRow {
	if c.table == nil {
		return c.Rows
	}
	rows := make([]bundle.SeriesRow, c.table.Len())
	for i := range rows {
		rows[i] = c.table.Row(i)
	}
	return rows
}

// Row returns the row with a namespaced id.
func (c *Catalog) Row(id string) (bundle.SeriesRow, bool) {
	i, ok := c.Index(id)
	if !ok {
		return bundle.SeriesRow{}, false
	}
	return c.RowAt(i), true
}

// Index returns a row's position (in bundle order, and in the row vectors).
func (c *Catalog) Index(id string) (int, bool) {
	if c.byID != nil {
		i, ok := c.byID[id]
		return int(i), ok
	}
	i, ok := sort.Find(c.Len(), func(i int) int { return strings.Compare(id, c.rowID(i)) })
	return i, ok
}

// native returns the row index of a source's native id.
func (c *Catalog) native(source, id string) (int32, bool) {
	c.nativeOnce.Do(func() {
		c.byNative = make(map[string]int32, c.Len())
		for i := range c.Len() {
			r := c.RowAt(i)
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
		return c.RowAt(int(found[0])), nil
	case 0:
		return bundle.SeriesRow{}, fmt.Errorf("%w: %q", ErrUnknownID, id)
	}
	var ids []string
	for _, i := range found {
		ids = append(ids, c.rowID(int(i)))
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
	return c.RowAt(int(i)).HeadingID
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

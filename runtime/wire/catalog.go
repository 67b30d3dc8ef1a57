package wire

import (
	"context"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/search"
)

// agentCatalog implements agent.Catalog over a loaded bundle and a searcher.
type agentCatalog struct {
	cat   *catalog.Catalog
	s     Searcher
	heads headingRows
}

// NewAgentCatalog returns the agent's view of the catalog: searches go to s
// unchanged, descriptions come from the bundle's rows and heading tree.
func NewAgentCatalog(cat *catalog.Catalog, s Searcher) agent.Catalog {
	return &agentCatalog{cat: cat, s: s}
}

// Search implements agent.Catalog.
func (c *agentCatalog) Search(ctx context.Context, req search.Request) (search.Result, error) {
	return c.s.Search(ctx, req)
}

// Describe implements agent.Catalog. Ids are matched exactly as search
// shows them (namespaced); unknown ids are left out.
func (c *agentCatalog) Describe(ctx context.Context, ids []string) ([]agent.SeriesInfo, error) {
	out := make([]agent.SeriesInfo, 0, len(ids))
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if info, ok := Describe(c.cat, id); ok {
			out = append(out, info)
		}
	}
	return out, nil
}

// Describe returns what the agent is told about one catalog row: heading
// path and size, unit, frequency, coverage and whether the bundle holds
// its observations. Coverage is the source's stated range, or the range of
// the stored observations when the source states none.
func Describe(cat *catalog.Catalog, id string) (agent.SeriesInfo, bool) {
	r, ok := cat.Row(id)
	if !ok {
		return agent.SeriesInfo{}, false
	}
	info := agent.SeriesInfo{ID: r.ID, Title: r.Title, Unit: r.Unit, Frequency: r.Frequency,
		SeasonalAdjustment: r.SeasonalAdjustment, Country: r.Country, Start: r.Start, End: r.End,
		HasData: r.ObsCount > 0, ObsStart: r.ObsStart, ObsEnd: r.ObsEnd, Description: r.Description}
	if info.Start == "" {
		info.Start = r.ObsStart
	}
	if info.End == "" {
		info.End = r.ObsEnd
	}
	if h, ok := cat.Heading(r.HeadingID); ok {
		info.HeadingID = h.ID
		info.HeadingPath = h.Path
		info.HeadingSize = int(h.LeafRows)
	}
	return info, true
}

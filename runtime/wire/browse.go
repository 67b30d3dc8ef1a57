package wire

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/catalog"
)

// headingRows lists, for each heading, the rows anywhere below it in
// bundle order. It is built on the first browse: one pass over the rows
// and, per row, its heading's ancestors (a few levels).
type headingRows struct {
	once   sync.Once
	byHead map[string][]int32
}

func (h *headingRows) of(cat *catalog.Catalog, id string) []int32 {
	h.once.Do(func() {
		h.byHead = make(map[string][]int32, len(cat.Headings))
		for i := range cat.Len() {
			r := cat.RowAt(i)
			for hid, depth := r.HeadingID, 0; hid != "" && depth < len(cat.Headings); depth++ {
				h.byHead[hid] = append(h.byHead[hid], int32(i))
				hd, ok := cat.Heading(hid)
				if !ok {
					break
				}
				hid = hd.ParentID
			}
		}
	})
	return h.byHead[id]
}

// Browse implements agent.Catalog: a heading's rows, filtered, a page at
// a time.
func (c *agentCatalog) Browse(ctx context.Context, req agent.BrowseRequest) (agent.BrowseResult, error) {
	hd, ok := c.cat.Heading(req.HeadingID)
	if !ok {
		return agent.BrowseResult{}, fmt.Errorf("%w %q: use a heading id exactly as a search result's heading line gives it", agent.ErrUnknownHeading, req.HeadingID)
	}
	freq, err := ParseFrequency(req.Frequency)
	if err != nil {
		return agent.BrowseResult{}, err
	}
	res := agent.BrowseResult{HeadingID: hd.ID, HeadingPath: hd.Path, Size: int(hd.LeafRows)}
	for _, i := range c.heads.of(c.cat, hd.ID) {
		if err := ctx.Err(); err != nil {
			return agent.BrowseResult{}, err
		}
		r := c.cat.RowAt(int(i))
		if req.HasData && r.ObsCount == 0 || req.Country != "" && !strings.EqualFold(r.Country, req.Country) ||
			freq != "" && r.Frequency != string(freq) {
			continue
		}
		if res.Matching >= req.Offset && len(res.Rows) < req.Limit {
			if info, ok := Describe(c.cat, r.ID); ok {
				res.Rows = append(res.Rows, info)
			}
		}
		res.Matching++
	}
	return res, nil
}

// Package agenttest provides test doubles for the agent: an in-memory
// catalog with a small keyword ranker over real catalog rows, a generator
// that grows such a catalog to realistic sizes with near-duplicate rows, and
// an analysis engine double that checks its inputs but computes nothing.
// They stand in until the integrator wires runtime/search and
// runtime/analysis; every agent rule tested with them must hold there too.
package agenttest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"unicode"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/search"
)

// Catalog is an in-memory agent.Catalog.
type Catalog struct {
	rows     []agent.SeriesInfo
	byID     map[string]int
	postings map[string][]int32 // term → rows holding it (title, heading or unit)
	title    []map[string]bool
	heading  map[string]map[string]bool // heading key → its terms
	sizes    map[string]int
}

// LoadJSONL reads rows written by testdata/extract.py, one agent.SeriesInfo
// per line.
func LoadJSONL(path string) ([]agent.SeriesInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("agenttest: %w", err)
	}
	defer f.Close()
	var rows []agent.SeriesInfo
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		var r agent.SeriesInfo
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("agenttest: %s line %d: %w", path, line, err)
		}
		if r.ID == "" {
			return nil, fmt.Errorf("agenttest: %s line %d: field id is empty", path, line)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("agenttest: %s: %w", path, err)
	}
	return rows, nil
}

// NewCatalog indexes rows. Duplicate ids are an error.
func NewCatalog(rows []agent.SeriesInfo) (*Catalog, error) {
	c := &Catalog{rows: rows, byID: make(map[string]int, len(rows)), postings: map[string][]int32{},
		title: make([]map[string]bool, len(rows)), heading: map[string]map[string]bool{}, sizes: map[string]int{}}
	for i, r := range rows {
		if _, dup := c.byID[r.ID]; dup {
			return nil, fmt.Errorf("agenttest: duplicate id %q (row %d)", r.ID, i+1)
		}
		c.byID[r.ID] = i
		hk := headingKey(r.HeadingPath)
		c.sizes[hk]++
		if _, ok := c.heading[hk]; !ok {
			c.heading[hk] = termSet(strings.Join(r.HeadingPath, " "))
		}
		c.title[i] = termSet(r.Title + " " + r.Unit + " " + r.Country)
		all := map[string]bool{}
		for t := range c.title[i] {
			all[t] = true
		}
		for t := range c.heading[hk] {
			all[t] = true
		}
		for t := range all {
			c.postings[t] = append(c.postings[t], int32(i))
		}
	}
	return c, nil
}

// Rows returns the catalog's rows.
func (c *Catalog) Rows() []agent.SeriesInfo { return c.rows }

func headingKey(path []string) string { return strings.Join(path, "\x1f") }

var stop = map[string]bool{"the": true, "of": true, "and": true, "for": true, "in": true, "a": true, "an": true,
	"to": true, "by": true, "on": true, "from": true, "all": true, "with": true, "at": true}

// Terms splits text into lowercase word stems (a trailing plural s dropped).
func Terms(s string) []string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	out := f[:0]
	for _, w := range f {
		if stop[w] {
			continue
		}
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-1]
		}
		out = append(out, w)
	}
	return out
}

func termSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, t := range Terms(s) {
		m[t] = true
	}
	return m
}

type scored struct {
	row   int
	score float64
}

// Search ranks rows by idf-weighted term matches (title, unit and country
// count fully, heading words 0.8), filters, and groups hits by heading.
func (c *Catalog) Search(ctx context.Context, req search.Request) (search.Result, error) {
	if err := ctx.Err(); err != nil {
		return search.Result{}, err
	}
	limit := req.Limit
	if limit <= 0 {
		limit = agent.DefaultSearchRows
	}
	scores := map[int32]float64{}
	n := float64(len(c.rows))
	for _, t := range slices.Compact(slices.Sorted(slices.Values(Terms(req.Query)))) {
		p := c.postings[t]
		if len(p) == 0 {
			continue
		}
		idf := math.Log(1 + n/float64(len(p)))
		for _, i := range p {
			w := 0.8
			if c.title[i][t] {
				w = 1
			}
			scores[i] += idf * w
		}
	}
	var hits []scored
	for i, s := range scores {
		if c.keep(c.rows[i], req) {
			hits = append(hits, scored{int(i), s})
		}
	}
	slices.SortFunc(hits, func(a, b scored) int {
		if a.score != b.score {
			if a.score > b.score {
				return -1
			}
			return 1
		}
		if la, lb := len(c.rows[a.row].Title), len(c.rows[b.row].Title); la != lb {
			return la - lb
		}
		return strings.Compare(c.rows[a.row].ID, c.rows[b.row].ID)
	})
	res := search.Result{Query: req.Query, Total: len(hits)}
	idx := map[string]int{}
	for _, h := range hits[:min(limit, len(hits))] {
		r := c.rows[h.row]
		hk := headingKey(r.HeadingPath)
		gi, ok := idx[hk]
		if !ok {
			gi = len(res.Groups)
			idx[hk] = gi
			size := r.HeadingSize
			if size == 0 {
				size = c.sizes[hk]
			}
			label := ""
			if len(r.HeadingPath) > 0 {
				label = r.HeadingPath[len(r.HeadingPath)-1]
			}
			res.Groups = append(res.Groups, search.Group{Heading: label, HeadingID: hk, HeadingPath: r.HeadingPath, Size: size, Score: h.score})
		}
		res.Groups[gi].Hits = append(res.Groups[gi].Hits, search.Hit{ID: r.ID, NativeID: NativeID(r.ID), Title: r.Title, Unit: r.Unit,
			Frequency: r.Frequency, SeasonalAdjustment: r.SeasonalAdjustment, Country: r.Country, Start: r.Start, End: r.End,
			HasData: r.HasData, Score: h.score})
	}
	return res, nil
}

func (c *Catalog) keep(r agent.SeriesInfo, req search.Request) bool {
	if req.Frequency != "" && r.Frequency != req.Frequency {
		return false
	}
	if req.Country != "" && !strings.EqualFold(r.Country, req.Country) {
		return false
	}
	if req.HasData && !r.HasData {
		return false
	}
	if len(req.Sources) > 0 {
		src, _, _ := strings.Cut(r.ID, ":")
		if !slices.Contains(req.Sources, src) {
			return false
		}
	}
	return true
}

// Describe returns the rows of the ids it knows.
func (c *Catalog) Describe(ctx context.Context, ids []string) ([]agent.SeriesInfo, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []agent.SeriesInfo
	for _, id := range ids {
		if i, ok := c.byID[id]; ok {
			r := c.rows[i]
			if r.HeadingSize == 0 {
				r.HeadingSize = c.sizes[headingKey(r.HeadingPath)]
			}
			r.HeadingID = headingKey(r.HeadingPath)
			out = append(out, r)
		}
	}
	return out, nil
}

// Browse lists a heading's rows in catalog order (the heading id is the
// one Search gives its groups).
func (c *Catalog) Browse(ctx context.Context, req agent.BrowseRequest) (agent.BrowseResult, error) {
	if err := ctx.Err(); err != nil {
		return agent.BrowseResult{}, err
	}
	size, ok := c.sizes[req.HeadingID]
	if !ok {
		return agent.BrowseResult{}, fmt.Errorf("%w %q", agent.ErrUnknownHeading, req.HeadingID)
	}
	res := agent.BrowseResult{HeadingID: req.HeadingID, Size: size}
	filter := search.Request{Country: req.Country, Frequency: req.Frequency, HasData: req.HasData}
	for _, r := range c.rows {
		if headingKey(r.HeadingPath) != req.HeadingID || !c.keep(r, filter) {
			continue
		}
		res.HeadingPath = r.HeadingPath
		if res.Matching >= req.Offset && len(res.Rows) < req.Limit {
			r.HeadingSize, r.HeadingID = size, req.HeadingID
			res.Rows = append(res.Rows, r)
		}
		res.Matching++
	}
	return res, nil
}

// NativeID maps a namespaced id back to the source's own (evds:TP.FG.J0 →
// TP.FG.J0).
func NativeID(id string) string {
	if _, rest, ok := strings.Cut(id, ":"); ok {
		return rest
	}
	return id
}

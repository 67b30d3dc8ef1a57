// Package search answers catalog queries over a loaded bundle: it ranks rows
// and headings with several switchable signals and returns results grouped
// by heading, so that near-duplicates are shown as one decidable choice.
//
// A query runs in stages (rank.go spells out the fusion):
//   - text: one pass of the text query (lexical.go) over posting lists
//     read from the bleve index into memory, scored as bleve's searchers
//     would score it (textmem.go; the index's own searchers remain the
//     reference, lexindex.go), common heading words scored per heading
//     (headfield.go, coord.go), with extra candidates from common words
//     together, their best titles and synonym expansions (union.go,
//     doclist.go); the best rows are kept by buffered selection (topk.go);
//   - vectors: a partition probe run beside it (vectors.go);
//   - fusion: a weighted sum of the signals for every candidate, which
//     keeps the text score it matched whichever route brought it
//     (rowscores.go), and the headline rows of headings (headline.go);
//   - coverage: the best rows re-ranked by the share of the query's topic
//     words each answers (coverage.go);
//   - grouping by heading (group.go).
package search

import (
	"cmp"
	"slices"

	"github.com/sextant-dev/sextant/runtime/query"
)

// Request is one catalog query.
type Request struct {
	Query     string   `json:"query"`
	Limit     int      `json:"limit,omitempty"`     // maximum number of hits over all groups (0: default)
	Sources   []string `json:"sources,omitempty"`   // filter: source namespaces (evds, fred, ...)
	Frequency string   `json:"frequency,omitempty"` // filter: D, W, M, Q, S, A
	Country   string   `json:"country,omitempty"`   // filter: ISO3 code
	From      string   `json:"from,omitempty"`      // filter: coverage overlaps [From, To] (ISO dates)
	To        string   `json:"to,omitempty"`
	HasData   bool     `json:"has_data,omitempty"` // filter: only rows whose observations are in the bundle
	Mode      Mode     `json:"mode,omitempty"`     // keyword, semantic, hybrid (default)
	Explain   bool     `json:"explain,omitempty"`  // attach each hit's signals (Hit.Explain)
	// DefaultCountry (ISO3) is preferred, not required, when the query
	// names no country (defaultcountry.go).
	DefaultCountry string `json:"default_country,omitempty"`
}

// Mode selects the ranking signals.
type Mode string

// Modes.
const (
	Keyword  Mode = "keyword"
	Semantic Mode = "semantic"
	Hybrid   Mode = "hybrid"
)

// Result is a ranked, grouped answer.
type Result struct {
	Query string `json:"query"`
	// SearchedFor is the query as searched when it was rewritten
	// (abbreviations spelt out, Turkish terms in English, misspellings
	// corrected), else "": what "showing results for" names.
	SearchedFor string          `json:"searched_for,omitempty"`
	Rewrites    []query.Rewrite `json:"rewrites,omitempty"`
	// PreferredCountry is the default country whose rows were preferred
	// (the query named none), else "".
	PreferredCountry string  `json:"preferred_country,omitempty"`
	Total            int     `json:"total"` // rows that matched before grouping and the limit
	Groups           []Group `json:"groups"`
}

// Group is one heading with its matching rows, best first.
type Group struct {
	Heading     string   `json:"heading"`      // the heading's own label
	HeadingID   string   `json:"heading_id"`   // stable id of the heading node
	HeadingPath []string `json:"heading_path"` // source > topic > ... > heading
	Size        int      `json:"size"`         // leaf rows under this heading in the whole catalog
	Score       float64  `json:"score"`
	Hits        []Hit    `json:"hits"`
}

// Hit is one catalog row with what tells it apart from its siblings.
type Hit struct {
	ID                 string `json:"id"`        // namespaced
	NativeID           string `json:"native_id"` // source's own id
	Title              string `json:"title"`
	Unit               string `json:"unit"`
	Frequency          string `json:"frequency"`
	SeasonalAdjustment string `json:"seasonal_adjustment,omitempty"`
	Country            string `json:"country,omitempty"`
	Start              string `json:"start"`
	End                string `json:"end"`
	HasData            bool   `json:"has_data"` // observations are in the bundle
	// ObsStart and ObsEnd are the dates of the first and last observation
	// the bundle holds, which can be narrower than the source's stated
	// Start..End (a catalog listed from 2003 with observations from 2020).
	ObsStart string  `json:"obs_start,omitempty"`
	ObsEnd   string  `json:"obs_end,omitempty"`
	Score    float64 `json:"score"`
	// Explain is the hit's score signal by signal (Request.Explain only).
	Explain *Explanation `json:"explain,omitempty"`
}

// Explanation is a hit's score broken down by signal, each already
// multiplied by its weight: Score is their sum.
type Explanation struct {
	Keyword         float64 `json:"keyword"`
	Heading         float64 `json:"heading"`
	Semantic        float64 `json:"semantic"`
	SemanticHeading float64 `json:"semantic_heading"`
	Boost           float64 `json:"boost"`
	ID              float64 `json:"id"`
	Headline        float64 `json:"headline"`
	Coverage        float64 `json:"coverage"`
	Focus           float64 `json:"focus"`
	Prior           float64 `json:"prior"` // the short-query prior and spread (prior.go)
}

// RankedHit is a hit with the position of the group it came in.
type RankedHit struct {
	Hit
	Group int // index into Result.Groups
}

// Ranked returns the result's hits best first: by score, equal scores in
// the result's order. It is the one row order of a result: the agent
// pages candidates in it and eval retrieval ranks gold rows by it. Groups
// are ordered by their heading's evidence too, so a big first group can
// hold rows that score below a later group's best.
func (r Result) Ranked() []RankedHit {
	var all []RankedHit
	for gi, g := range r.Groups {
		for _, h := range g.Hits {
			all = append(all, RankedHit{h, gi})
		}
	}
	slices.SortStableFunc(all, func(a, b RankedHit) int { return cmp.Compare(b.Score, a.Score) })
	return all
}

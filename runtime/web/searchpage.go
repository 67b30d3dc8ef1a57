package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/runtime/search"
)

// Search page sizes.
const (
	defaultSearchLimit = 40  // rows over all groups
	maxSearchLimit     = 200 // what one page may ask for
	// hasDataWiden is how many more rows are ranked when only rows with
	// data are wanted: the filter is applied to the ranked rows, and at
	// catalog scale most rows carry no observations.
	hasDataWiden = 10
)

var frequencies = []option{{"", "any"}, {"D", "daily"}, {"W", "weekly"}, {"BW", "biweekly"}, {"M", "monthly"}, {"Q", "quarterly"}, {"S", "half-yearly"}, {"A", "annual"}}

type option struct{ Value, Label string }

// searchForm is the search page's query parameters.
type searchForm struct {
	Q       string
	Sources []string
	Freq    string
	Country string
	HasData bool
	From    string
	To      string
	Limit   int
}

func readSearchForm(q url.Values) (searchForm, error) {
	f := searchForm{Q: strings.TrimSpace(q.Get("q")), Freq: strings.ToUpper(strings.TrimSpace(q.Get("freq"))),
		Country: strings.ToUpper(strings.TrimSpace(q.Get("country"))), HasData: q.Get("hasdata") != "",
		From: strings.TrimSpace(q.Get("from")), To: strings.TrimSpace(q.Get("to")), Limit: defaultSearchLimit}
	for _, s := range q["source"] {
		if s = strings.TrimSpace(s); s != "" && !slices.Contains(f.Sources, s) {
			f.Sources = append(f.Sources, s)
		}
	}
	if len([]rune(f.Q)) > MaxQueryChars {
		return f, fmt.Errorf("the query is %d characters long; at most %d are searched", len([]rune(f.Q)), MaxQueryChars)
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxSearchLimit {
			return f, fmt.Errorf("limit %q: want a number from 1 to %d", v, maxSearchLimit)
		}
		f.Limit = n
	}
	return f, nil
}

// groupView is one heading of a search result.
type groupView struct {
	search.Group
	Path []crumb
}

type searchView struct {
	Form      searchForm
	Sources   []option
	Freqs     []option
	Countries []string
	Ran       bool
	Err       string
	Groups    []groupView
	Total     int
	Shown     int
	Elapsed   string
	Roots     []crumb // shown when no query is given
	// ShowingFor says how the query was rewritten before it was searched
	// (search.Result.ShowingFor), or "".
	ShowingFor string
}

func (v searchView) SourceOn(s string) bool { return slices.Contains(v.Form.Sources, s) }

func (s *Server) handleSearch(w http.ResponseWriter, r *http.Request) {
	f, ferr := readSearchForm(r.URL.Query())
	v := searchView{Form: f, Freqs: frequencies, Countries: s.tree.countries}
	for _, src := range s.cat.Sources() {
		v.Sources = append(v.Sources, option{src, src})
	}
	status := http.StatusOK
	switch {
	case ferr != nil:
		v.Err, status = ferr.Error(), http.StatusBadRequest
	case f.Q == "":
		v.Roots = s.rootCrumbs()
	default:
		v.Ran = true
		if err := s.runSearch(r, &v); err != nil {
			v.Err, status = strings.TrimPrefix(err.Error(), errBadSearch.Error()+": "), http.StatusBadRequest
			if !errors.Is(err, errBadSearch) {
				status = http.StatusInternalServerError
			}
		}
	}
	pg := s.page(r, "Search", "search", v)
	pg.Query, pg.NoQuick = f.Q, true
	if f.Q != "" {
		pg.Title = f.Q + " — search"
	}
	fragment := ""
	if r.URL.Query().Get("fragment") == "results" {
		fragment = "results"
	}
	s.pages.render(w, status, "search", fragment, pg)
}

// errBadSearch marks a search refused for its parameters (shown as they are).
var errBadSearch = errors.New("bad search")

func (s *Server) runSearch(r *http.Request, v *searchView) error {
	f := v.Form
	for _, src := range f.Sources {
		if !slices.Contains(s.cat.Sources(), src) {
			return fmt.Errorf("%w: no source %q in this bundle (it has %s)", errBadSearch, src, strings.Join(s.cat.Sources(), ", "))
		}
	}
	if f.Freq != "" && !slices.ContainsFunc(frequencies, func(o option) bool { return o.Value == f.Freq }) {
		return fmt.Errorf("%w: frequency %q: want D, W, BW, M, Q, S or A", errBadSearch, f.Freq)
	}
	limit := f.Limit
	if f.HasData {
		limit = min(limit*hasDataWiden, maxSearchLimit*hasDataWiden)
	}
	start := time.Now()
	res, err := s.cfg.Search.Search(r.Context(), search.Request{Query: f.Q, Limit: limit, Sources: f.Sources,
		Frequency: f.Freq, Country: f.Country, From: f.From, To: f.To})
	if err != nil {
		// The engine refuses bad dates and filters with a message worth
		// showing; anything else is the server's failure.
		if errors.Is(err, search.ErrBadFilter) {
			return fmt.Errorf("%w: %s", errBadSearch, strings.TrimPrefix(err.Error(), "search: bad filter: "))
		}
		return fmt.Errorf("search failed: %w", err)
	}
	v.Elapsed = time.Since(start).Round(time.Millisecond).String()
	v.Total = res.Total
	v.ShowingFor = res.ShowingFor()
	left := f.Limit
	for _, g := range res.Groups {
		if left == 0 {
			break
		}
		if f.HasData {
			g.Hits = slices.DeleteFunc(slices.Clone(g.Hits), func(h search.Hit) bool { return !h.HasData })
		}
		if len(g.Hits) == 0 {
			continue
		}
		if len(g.Hits) > left {
			g.Hits = g.Hits[:left]
		}
		left -= len(g.Hits)
		v.Shown += len(g.Hits)
		path := s.tree.crumbs(g.HeadingID)
		if len(path) == 0 { // a group the tree does not hold: its labels, unlinked
			for _, l := range g.HeadingPath {
				path = append(path, crumb{Label: l})
			}
		}
		v.Groups = append(v.Groups, groupView{Group: g, Path: path})
	}
	return nil
}

// rootCrumbs lists the sources' root headings with their sizes.
func (s *Server) rootCrumbs() []crumb {
	var out []crumb
	for _, i := range s.tree.children[""] {
		h := s.cat.Headings[i]
		out = append(out, crumb{ID: h.ID, Label: h.Label, Size: int(h.LeafRows)})
	}
	return out
}

func (s *Server) handleHome(w http.ResponseWriter, r *http.Request) {
	type home struct {
		Roots    []crumb
		Rows     int
		Observed int
		Chat     bool
	}
	m := s.cat.Bundle.Manifest
	s.pages.render(w, http.StatusOK, "home", "", s.page(r, "Workbench", "", home{Roots: s.rootCrumbs(), Rows: s.cat.Len(),
		Observed: m.Counts.ObservedSeries, Chat: s.cfg.Model != nil}))
}

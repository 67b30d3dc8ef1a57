package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/sextant-dev/sextant/bundle"
)

// headingPageRows is how many of a heading's own rows one page lists (a
// derived heading can hold thousands: one quantity across countries).
const headingPageRows = 100

type headingView struct {
	Node     bundle.HeadingRow
	Path     []crumb // root … node
	Children []crumb
	Rows     []bundle.SeriesRow
	Page     int // 1-based
	Pages    int
	First    int // 1-based position of Rows[0] among the direct rows
	Direct   int
}

func (v headingView) Prev() int { return v.Page - 1 }

// Last is the 1-based position of the page's last row.
func (v headingView) Last() int { return v.First + len(v.Rows) - 1 }
func (v headingView) Next() int {
	if v.Page < v.Pages {
		return v.Page + 1
	}
	return 0
}

func (s *Server) handleHeadingRoot(w http.ResponseWriter, r *http.Request) {
	s.pages.render(w, http.StatusOK, "heading", "", s.page(r, "Browse", "browse", headingView{Children: s.rootCrumbs()}))
}

func (s *Server) handleHeading(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	h, ok := s.cat.Heading(id)
	if !ok {
		s.pages.fail(w, r, http.StatusNotFound, "No such heading", fmt.Sprintf("This bundle has no heading %q. Browse from the sources instead.", id))
		return
	}
	v := headingView{Node: h, Path: s.tree.crumbs(id)}
	for _, i := range s.tree.children[id] {
		c := s.cat.Headings[i]
		v.Children = append(v.Children, crumb{ID: c.ID, Label: c.Label, Size: int(c.LeafRows)})
	}
	rows := s.tree.rows[id]
	v.Direct = len(rows)
	v.Pages = max(1, (len(rows)+headingPageRows-1)/headingPageRows)
	v.Page = 1
	if p := r.URL.Query().Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > v.Pages {
			s.pages.fail(w, r, http.StatusBadRequest, "No such page", fmt.Sprintf("Page %q: this heading has pages 1 to %d.", p, v.Pages))
			return
		}
		v.Page = n
	}
	lo := (v.Page - 1) * headingPageRows
	v.First = lo + 1
	for _, i := range rows[lo:min(len(rows), lo+headingPageRows)] {
		v.Rows = append(v.Rows, s.cat.RowAt(int(i)))
	}
	s.pages.render(w, http.StatusOK, "heading", "", s.page(r, h.Label, "browse", v))
}

package web_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/sextant-dev/sextant/runtime/catalog"
)

var (
	sizeRe = regexp.MustCompile(`of <strong>([0-9,]+)</strong> rows under this heading`)
	hitRe  = regexp.MustCompile(`<a class="hit" href="/series/([^"]+)"`)
)

// groupOf returns the search page's group holding a series link.
func groupOf(t *testing.T, body, id string) string {
	t.Helper()
	for _, g := range strings.Split(body, `<li class="group">`)[1:] {
		if strings.Contains(g, `href="/series/`+id+`"`) {
			return g
		}
	}
	t.Fatalf("no group holds %s:\n%s", id, body)
	return ""
}

func headingSize(t *testing.T, cat *catalog.Catalog, id string) int {
	t.Helper()
	r, ok := cat.Row(id)
	if !ok {
		t.Fatalf("no row %s", id)
	}
	h, ok := cat.Heading(r.HeadingID)
	if !ok {
		t.Fatalf("row %s: no heading %s", id, r.HeadingID)
	}
	return int(h.LeafRows)
}

func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// checkUnrateSearch asserts that the unemployment-rate search shows
// fred:UNRATE in a group that states its heading's size in the catalog.
func checkUnrateSearch(t *testing.T, b *browser, cat *catalog.Catalog) {
	code, body := b.get("/search?q=US+unemployment+rate")
	if code != http.StatusOK {
		t.Fatalf("search: %d\n%s", code, body)
	}
	g := groupOf(t, body, "fred:UNRATE")
	m := sizeRe.FindStringSubmatch(g)
	if m == nil {
		t.Fatalf("the group of fred:UNRATE states no size:\n%s", g)
	}
	if got, want := atoi(t, m[1]), headingSize(t, cat, "fred:UNRATE"); got != want {
		t.Errorf("group of fred:UNRATE: size %d, the heading holds %d rows", got, want)
	}
	// The fields that tell near-duplicates apart: UNRATE (SA, with data)
	// beside UNRATENSA when the bundle has it.
	row := regexp.MustCompile(`(?s)<a class="hit" href="/series/fred:UNRATE">.*?</tr>`).FindString(g)
	for _, want := range []string{"Percent", ">M<", ">SA<", ">USA<", `class="yes"`} {
		if !strings.Contains(row, want) {
			t.Errorf("fred:UNRATE's row lacks %q: %s", want, row)
		}
	}
}

func TestSearchGroupsRowsByHeadingWithSizes(t *testing.T) {
	ts, _, cat := newServer(t, demoBundle(t), nil)
	checkUnrateSearch(t, newBrowser(t, ts), cat)
}

func TestSearchFilters(t *testing.T) {
	ts, _, cat := newServer(t, demoBundle(t), nil)
	b := newBrowser(t, ts)
	cases := []struct {
		query string
		keep  func(id string) error
	}{
		{"q=unemployment&source=weo", func(id string) error {
			if !strings.HasPrefix(id, "weo:") {
				return fmt.Errorf("source filter let %s through", id)
			}
			return nil
		}},
		{"q=unemployment&hasdata=1", func(id string) error {
			if r, _ := cat.Row(id); r.ObsCount == 0 {
				return fmt.Errorf("has-data filter let %s through", id)
			}
			return nil
		}},
		{"q=consumer+prices&freq=A&country=DEU", func(id string) error {
			if r, _ := cat.Row(id); r.Frequency != "A" || r.Country != "DEU" {
				return fmt.Errorf("frequency/country filter let %s (%s, %s) through", id, r.Frequency, r.Country)
			}
			return nil
		}},
	}
	for _, c := range cases {
		code, body := b.get("/search?" + c.query)
		if code != http.StatusOK {
			t.Fatalf("%s: %d", c.query, code)
		}
		hits := hitRe.FindAllStringSubmatch(body, -1)
		if len(hits) == 0 {
			t.Errorf("%s: no hits", c.query)
		}
		for _, h := range hits {
			id, _ := url.PathUnescape(h[1])
			if err := c.keep(id); err != nil {
				t.Errorf("%s: %v", c.query, err)
			}
		}
	}
	// Refused parameters say why, with the page still there to fix them.
	for q, want := range map[string]string{
		"q=gdp&from=20x1":               `from "20x1"`,
		"q=gdp&source=nosuch":           `no source "nosuch"`,
		"q=" + strings.Repeat("a", 501): "at most 500",
		"q=gdp&limit=100000":            "limit",
		"q=gdp&from=2020&to=2010":       "after",
	} {
		code, body := b.get("/search?" + q)
		body = html.UnescapeString(body)
		if code != http.StatusBadRequest || !strings.Contains(body, want) || !strings.Contains(body, `id="search-form"`) {
			t.Errorf("%.40s: status %d, want 400 with %q", q, code, want)
		}
	}
	// The script asks for the results alone.
	_, frag := b.get("/search?q=US+unemployment+rate&fragment=results")
	if strings.Contains(frag, "<html") || !strings.Contains(frag, `href="/series/fred:UNRATE"`) {
		t.Errorf("results fragment: %.300s", frag)
	}
}

func TestHeadingPagesBrowseTheTree(t *testing.T) {
	ts, _, cat := newServer(t, demoBundle(t), nil)
	b := newBrowser(t, ts)
	code, body := b.get("/heading/")
	if code != http.StatusOK {
		t.Fatalf("/heading/: %d", code)
	}
	for _, h := range cat.Headings {
		if h.ParentID == "" && !strings.Contains(body, `href="/heading/`+h.ID+`"`) {
			t.Errorf("the root page does not list source %s (%s)", h.ID, h.Label)
		}
	}
	r, _ := cat.Row("fred:UNRATE")
	h, _ := cat.Heading(r.HeadingID)
	code, body = b.get("/heading/" + h.ID)
	if code != http.StatusOK {
		t.Fatalf("heading %s: %d", h.ID, code)
	}
	if !strings.Contains(body, `href="/series/fred:UNRATE"`) {
		t.Errorf("heading %s does not list fred:UNRATE", h.Label)
	}
	if want := fmt.Sprintf("<strong>%d</strong> rows under this heading", h.LeafRows); !strings.Contains(body, want) {
		t.Errorf("heading page lacks %q", want)
	}
	// The path up to the source, each step linked with its size.
	parent, _ := cat.Heading(h.ParentID)
	if !strings.Contains(body, fmt.Sprintf(`<a href="/heading/%s">%s</a> <span class="size" title="rows under this heading">%d</span>`, parent.ID, parent.Label, parent.LeafRows)) {
		t.Errorf("heading page lacks its parent %s with its size", parent.Label)
	}
	// The parent lists the heading among its children with its size.
	_, body = b.get("/heading/" + parent.ID)
	if !strings.Contains(body, fmt.Sprintf(`<a href="/heading/%s">%s</a> <span class="size">%d rows</span>`, h.ID, h.Label, h.LeafRows)) {
		t.Errorf("parent %s does not list %s with its size", parent.Label, h.Label)
	}
	if code, _ := b.get("/heading/nosuch"); code != http.StatusNotFound {
		t.Errorf("unknown heading: %d", code)
	}
	if code, _ := b.get("/heading/" + h.ID + "?page=99"); code != http.StatusBadRequest {
		t.Errorf("page past the end: %d", code)
	}
}

func TestSeriesPageChartBreaksAndDownloads(t *testing.T) {
	ts, _, cat := newServer(t, demoBundle(t), nil)
	b := newBrowser(t, ts)
	row, _ := cat.Row("fred:UNRATE")
	code, body := b.get("/series/fred:UNRATE")
	if code != http.StatusOK {
		t.Fatalf("series: %d", code)
	}
	checkSeriesChart(t, body)
	for _, want := range []string{row.Title, row.Unit, row.ContentHash, "Every field", "?download=csv", "?download=parquet"} {
		if !strings.Contains(body, want) {
			t.Errorf("series page lacks %q", want)
		}
	}
	if strings.Contains(body, "Structural breaks in the mean") {
		t.Error("breaks shown without being asked for")
	}
	_, body = b.get("/series/fred:UNRATE?breaks=1")
	breaks := regexp.MustCompile(`(?s)<caption>Structural breaks in the mean.*?</table>`).FindString(body)
	if n := strings.Count(breaks, "<tr><td>"); n == 0 {
		t.Errorf("no breaks listed for the unemployment rate:\n%s", breaks)
	}
	if !strings.Contains(body, "stroke-dasharray") {
		t.Error("the chart with breaks draws no dashed break line")
	}

	// A bare native id goes to the series' own address.
	resp, _ := b.do(mustReq(t, b.base+"/series/UNRATE?breaks=1"))
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/series/fred:UNRATE?breaks=1" {
		t.Errorf("bare id: %s → %q", resp.Status, resp.Header.Get("Location"))
	}

	resp, text := b.do(mustReq(t, b.base+"/series/fred:UNRATE?download=csv"))
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") || !strings.Contains(resp.Header.Get("Content-Disposition"), "fred_UNRATE.csv") {
		t.Errorf("csv download headers: %v", resp.Header)
	}
	recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs)-1 != int(row.ObsCount) || recs[0][0] != "date" {
		t.Errorf("csv: %d data rows (header %v), the bundle holds %d observations", len(recs)-1, recs[0], row.ObsCount)
	}
	resp, pq := b.do(mustReq(t, b.base+"/series/fred:UNRATE?download=parquet"))
	f, err := parquet.OpenFile(bytes.NewReader([]byte(pq)), int64(len(pq)))
	if err != nil {
		t.Fatalf("parquet download (%s): %v", resp.Header.Get("Content-Type"), err)
	}
	if f.NumRows() != int64(row.ObsCount) {
		t.Errorf("parquet: %d rows, want %d", f.NumRows(), row.ObsCount)
	}

	// A row without observations says so and draws nothing.
	for _, r := range cat.AllRows() {
		if r.ObsCount == 0 {
			_, body := b.get("/series/" + url.PathEscape(r.ID))
			if strings.Contains(body, "<svg") || !strings.Contains(body, "holds no observations") {
				t.Errorf("series %s without data: page draws a chart or does not say why not", r.ID)
			}
			if code, _ := b.get("/series/" + url.PathEscape(r.ID) + "?download=csv"); code != http.StatusNotFound {
				t.Errorf("download of %s without data: %d", r.ID, code)
			}
			break
		}
	}
	if code, _ := b.get("/series/fred:NOSUCH"); code != http.StatusNotFound {
		t.Errorf("unknown series: %d", code)
	}
}

// checkSeriesChart asserts the page inlines an SVG chart with a line.
func checkSeriesChart(t *testing.T, body string) {
	t.Helper()
	svg := regexp.MustCompile(`(?s)<svg role="img" aria-label="Chart of [^"]+" class="chart" width="100%".*?</svg>`).FindString(body)
	if svg == "" {
		t.Fatalf("no inline SVG chart:\n%.2000s", body)
	}
	if strings.Contains(svg, "<?xml") || strings.Count(svg, "<path") < 3 {
		t.Errorf("chart is not a drawn inline SVG (%d paths)", strings.Count(svg, "<path"))
	}
}

func mustReq(t *testing.T, u string) *http.Request {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

func TestSearchSaysWhatARewrittenQuerySearched(t *testing.T) {
	ts, _, _ := newServer(t, demoBundle(t), nil)
	b := newBrowser(t, ts)
	code, body := b.get("/search?q=" + url.QueryEscape("unemplyment rate"))
	if code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	if !strings.Contains(body, `class="corrected"`) || !strings.Contains(body, "unemplyment → unemployment") {
		t.Errorf("no correction shown:\n%s", body)
	}
	_, body = b.get("/search?q=unemployment")
	if strings.Contains(body, `class="corrected"`) {
		t.Error("a correction shown for a query searched as written")
	}
}

package agent

import (
	"fmt"
	"strings"

	"github.com/sextant-dev/sextant/runtime/search"
)

// The text the model is shown. This format is a contract: runtime/sim parses
// it, and a model learns it from the system prompt. Keep it stable.
//
// A discovery result (search_catalog, describe_series) is a list of groups:
//
//	## <heading path, joined by " › "> (<n> rows under this heading)
//	- <id> | <title> | unit: <u> | freq: <F> | sa: <SA> | country: <ISO3> | <start>..<end> | data: yes|no | observed: <first>..<last>
//
// "observed" is there only when the observations held span other months
// than the coverage the source states. A candidate line starts with "- ", its first field is the series id, its
// second the title, and the rest are "key: value" fields (any may be absent;
// the coverage field is the one without a key). Field text never contains
// " | " or a newline. A compact (collapsed) result keeps the same group and
// candidate lines with only id, title, freq and "data: no" when so. The shortlist that ends the
// newest search result uses the same candidate lines with an "in: <heading>"
// field. A search lists only rows the turn has not shown yet; the rows it
// matched again are counted on one line before the shortlist:
//
//	also matched: <n> rows already in your shortlist (...) Analysis results list table columns as
//
//	* <column> = <series id> | unit: <u>
//
// so they are never mistaken for candidates.

// candidate is one catalog row as shown to the model.
type candidate struct {
	ID, Title, Unit, Frequency, SA, Country, Start, End string
	HeadingID                                           string
	HeadingPath                                         []string
	HeadingSize                                         int
	HasData                                             bool
	ObsStart, ObsEnd                                    string // the observations held, when HasData
}

func (c candidate) heading() string {
	if len(c.HeadingPath) == 0 {
		return ""
	}
	return c.HeadingPath[len(c.HeadingPath)-1]
}

func candidateFromHit(g search.Group, h search.Hit) candidate {
	path := g.HeadingPath
	if len(path) == 0 && g.Heading != "" {
		path = []string{g.Heading}
	}
	return candidate{ID: h.ID, Title: h.Title, Unit: h.Unit, Frequency: h.Frequency, SA: h.SeasonalAdjustment,
		Country: h.Country, Start: h.Start, End: h.End, HeadingID: g.HeadingID, HeadingPath: path, HeadingSize: g.Size, HasData: h.HasData,
		ObsStart: h.ObsStart, ObsEnd: h.ObsEnd}
}

func candidateFromInfo(s SeriesInfo) candidate {
	return candidate{ID: s.ID, Title: s.Title, Unit: s.Unit, Frequency: s.Frequency, SA: s.SeasonalAdjustment,
		Country: s.Country, Start: s.Start, End: s.End, HeadingID: s.HeadingID, HeadingPath: s.HeadingPath, HeadingSize: s.HeadingSize, HasData: s.HasData,
		ObsStart: s.ObsStart, ObsEnd: s.ObsEnd}
}

// clean makes a field safe for the line format.
func clean(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, " | ", " / ")
}

func kv(b *strings.Builder, key, val string) {
	if val = clean(val); val != "" {
		b.WriteString(" | ")
		if key != "" {
			b.WriteString(key)
			b.WriteString(": ")
		}
		b.WriteString(val)
	}
}

// lineFull renders a candidate with every field that tells it apart.
func (c candidate) lineFull() string {
	var b strings.Builder
	b.WriteString("- " + clean(c.ID) + " | " + clean(c.Title))
	kv(&b, "unit", c.Unit)
	kv(&b, "freq", c.Frequency)
	kv(&b, "sa", c.SA)
	kv(&b, "country", c.Country)
	if c.Start != "" || c.End != "" {
		kv(&b, "", c.Start+".."+c.End)
	}
	if c.HasData {
		kv(&b, "data", "yes")
		if o := c.observed(); o != "" {
			kv(&b, "observed", o)
		}
	} else {
		kv(&b, "data", "no")
	}
	return b.String()
}

// observed is the span of the observations held when it is not the
// coverage the line already shows, to the month: a row the source lists
// from 2003 whose observations start in 2020 cannot fill 2000–2019, and
// the line must say so.
func (c candidate) observed() string {
	if c.ObsStart == "" && c.ObsEnd == "" {
		return ""
	}
	month := func(d string) string { return d[:min(len(d), 7)] }
	if month(c.ObsStart) == month(c.Start) && month(c.ObsEnd) == month(c.End) {
		return ""
	}
	return c.ObsStart + ".." + c.ObsEnd
}

// lineCompact keeps what identifies a candidate: id, title, frequency.
func (c candidate) lineCompact() string {
	var b strings.Builder
	b.WriteString("- " + clean(c.ID) + " | " + clean(c.Title))
	kv(&b, "freq", c.Frequency)
	if !c.HasData {
		kv(&b, "data", "no")
	}
	return b.String()
}

// lineShortlist is self-contained: it carries its heading.
func (c candidate) lineShortlist() string {
	var b strings.Builder
	b.WriteString("- " + clean(c.ID) + " | " + clean(c.Title))
	kv(&b, "unit", c.Unit)
	kv(&b, "freq", c.Frequency)
	kv(&b, "country", c.Country)
	kv(&b, "in", c.heading())
	if !c.HasData {
		kv(&b, "data", "no")
	}
	return b.String()
}

// headingLine names a group's heading, its size in the whole catalog, and
// the id browse_heading takes to list the rest of it.
func headingLine(path []string, size int, id string) string {
	p := clean(strings.Join(path, " › "))
	if p == "" {
		p = "(no heading)"
	}
	var extra []string
	switch {
	case size == 1:
		extra = append(extra, "the only row under this heading")
	case size > 1:
		extra = append(extra, fmt.Sprintf("%d rows under this heading", size))
	}
	if id = clean(id); id != "" && size > 1 {
		extra = append(extra, "heading id: "+id)
	}
	if len(extra) == 0 {
		return "## " + p
	}
	return "## " + p + " (" + strings.Join(extra, "; ") + ")"
}

// group is candidates under one heading, in display order.
type group struct {
	id    string
	path  []string
	size  int
	items []candidate
}

func groupCandidates(cs []candidate) []group {
	var out []group
	idx := map[string]int{}
	for _, c := range cs {
		key := c.HeadingID + "\x00" + strings.Join(c.HeadingPath, "\x00")
		i, ok := idx[key]
		if !ok {
			i = len(out)
			idx[key] = i
			out = append(out, group{id: c.HeadingID, path: c.HeadingPath, size: c.HeadingSize})
		}
		out[i].items = append(out[i].items, c)
	}
	return out
}

// renderGroups writes groups in full or compact lines.
func renderGroups(b *strings.Builder, gs []group, compact bool) {
	for _, g := range gs {
		b.WriteString(headingLine(g.path, g.size, g.id))
		b.WriteByte('\n')
		for _, c := range g.items {
			if compact {
				b.WriteString(c.lineCompact())
			} else {
				b.WriteString(c.lineFull())
			}
			b.WriteByte('\n')
		}
	}
}

func describeSearch(q string, req search.Request) string {
	var f []string
	if len(req.Sources) > 0 {
		f = append(f, "sources="+strings.Join(req.Sources, ","))
	}
	if req.Frequency != "" {
		f = append(f, "frequency="+req.Frequency)
	}
	if req.Country != "" {
		f = append(f, "country="+req.Country)
	}
	if req.From != "" || req.To != "" {
		f = append(f, "coverage="+req.From+".."+req.To)
	}
	s := fmt.Sprintf("search_catalog %q", q)
	if req.HasData {
		f = append(f, "has_data")
	}
	if len(f) > 0 {
		s += " [" + strings.Join(f, " ") + "]"
	}
	return s
}

// renderSearch returns the full and compact forms of a search result that
// lists every row it matched, and the candidates it showed, best first.
func renderSearch(req search.Request, res search.Result) (full, compact string, shown []candidate) {
	ranked := rankedCandidates(res)
	p := pageOf(ranked, len(ranked), nil)
	full, compact = renderSearchPage(req, res.Total, p, false)
	return full, compact, p.fresh
}

// renderSearchPage returns the full and compact forms of a search page.
// With dedupe, the page lists only rows new to the turn, and one line counts
// the rows it matched that the shortlist (appended to the newest search
// result) already holds.
func renderSearchPage(req search.Request, total int, p searchPage, dedupe bool) (full, compact string) {
	head := describeSearch(req.Query, req)
	var b strings.Builder
	if len(p.fresh) == 0 && p.cut > 0 {
		// Rows matched, but not one fits: saying "no rows matched" would
		// send the model off rewording a search that worked.
		fmt.Fprintf(&b, "%s: %d rows matched, but not one new row fits the room left in the context window. "+
			"Decide from the rows already shown (the shortlist), or narrow the search with a filter (country, frequency, sources).\n", head, total)
		b.WriteString(alsoMatched(p))
		return b.String(), b.String()
	}
	if len(p.fresh) == 0 && len(p.again) == 0 {
		fmt.Fprintf(&b, "%s: no rows matched. Try other words, fewer filters, or a broader term.\n", head)
		return b.String(), b.String()
	}
	if len(p.fresh) == 0 {
		fmt.Fprintf(&b, "%s: %d rows matched; no new rows: the best %d are all already in your shortlist. "+
			"Choose from the shortlist, or search with other words or a filter (country, frequency, sources).\n", head, total, len(p.again))
		return b.String(), b.String()
	}
	gs := groupCandidates(p.fresh)
	newWord := ""
	if dedupe {
		newWord = " new"
	}
	fmt.Fprintf(&b, "%s: %d rows matched; showing %d%s under %d headings, best first.\n", head, total, len(p.fresh), newWord, len(gs))
	renderGroups(&b, gs, false)
	again := alsoMatched(p)
	b.WriteString(again)
	if p.cut > 0 {
		fmt.Fprintf(&b, "(%d more new rows did not fit the context window; call search_catalog again with the same words to see them, or narrow the search.)\n", p.cut)
	}
	full = b.String()
	b.Reset()
	fmt.Fprintf(&b, "[compact] %s: showed %d%s rows under %d headings (ids and titles kept).\n", head, len(p.fresh), newWord, len(gs))
	renderGroups(&b, gs, true)
	b.WriteString(again)
	return full, b.String()
}

// alsoMatched is the line that counts the rows a search matched but did not
// list because the turn had already shown them.
func alsoMatched(p searchPage) string {
	if len(p.again) == 0 {
		return ""
	}
	return fmt.Sprintf("also matched: %d rows already in your shortlist (listed there right after this search's new rows).\n", len(p.again))
}

// renderDescribe returns the forms of a describe_series result; cut counts
// the known series left out to fit the context window.
func renderDescribe(infos []SeriesInfo, unknown []string, cut int) (full, compact string, shown []candidate) {
	var b, c strings.Builder
	fmt.Fprintf(&b, "describe_series: %d series.\n", len(infos))
	fmt.Fprintf(&c, "[compact] describe_series: %d series.\n", len(infos))
	for _, s := range infos {
		cd := candidateFromInfo(s)
		shown = append(shown, cd)
		b.WriteString(headingLine(cd.HeadingPath, cd.HeadingSize, cd.HeadingID) + "\n" + cd.lineFull() + "\n")
		if d := clean(s.Description); d != "" {
			b.WriteString("  description: " + d + "\n")
		}
		c.WriteString(headingLine(cd.HeadingPath, cd.HeadingSize, cd.HeadingID) + "\n" + cd.lineCompact() + "\n")
	}
	if cut > 0 {
		u := fmt.Sprintf("(%d more series did not fit the context window; describe them in another call.)\n", cut)
		b.WriteString(u)
		c.WriteString(u)
	}
	if len(unknown) > 0 {
		u := "unknown ids (not in the catalog): " + strings.Join(unknown, ", ") + "\n"
		b.WriteString(u)
		c.WriteString(u)
	}
	return b.String(), c.String(), shown
}

// renderShortlist lists every candidate shown this turn: the latest
// search's rows first (its new rows, then those it matched again), then the
// older ones, newest first.
func renderShortlist(items []candidate, omitted int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Shortlist for the current request (every candidate shown so far, newest first, %d):\n", len(items))
	for _, c := range items {
		b.WriteString(c.lineShortlist())
		b.WriteByte('\n')
	}
	if omitted > 0 {
		fmt.Fprintf(&b, "(%d older shortlist entries removed to fit the context window; see the context note.)\n", omitted)
	}
	return b.String()
}

func columnLine(c ColumnInfo) string {
	var b strings.Builder
	b.WriteString("* " + clean(c.Name) + " = " + clean(c.SeriesID))
	kv(&b, "unit", c.Unit)
	kv(&b, "derived", c.Derived)
	if len(c.SeriesIDs) > 1 {
		kv(&b, "from", strings.Join(c.SeriesIDs, ", "))
	}
	if c.Missing > 0 {
		kv(&b, "missing", fmt.Sprint(c.Missing))
	}
	return b.String()
}

func renderTable(t TableSummary) (full, compact string) { return renderTableAs(ToolBuildTable, t) }

// renderTableAs renders a table as the result of the tool that made it.
func renderTableAs(tool string, t TableSummary) (full, compact string) {
	var b strings.Builder
	head := fmt.Sprintf("%s: table %q, %d rows, frequency %s, %s..%s.", tool, t.Name, t.Rows, t.Frequency, t.From, t.To)
	b.WriteString(head + "\ncolumns:\n")
	var cols []string
	for _, c := range t.Columns {
		b.WriteString(columnLine(c) + "\n")
		col := clean(c.Name) + " = " + clean(c.SeriesID)
		if c.Derived != "" {
			col += " (derived: " + clean(c.Derived) + ")"
		}
		cols = append(cols, col)
	}
	for _, n := range t.Notes {
		b.WriteString("note: " + clean(n) + "\n")
	}
	if t.Preview != "" {
		b.WriteString("preview:\n" + strings.TrimRight(t.Preview, "\n") + "\n")
	}
	return b.String(), "[compact] " + head + " columns: " + strings.Join(cols, "; ") + "\n"
}

func renderDerive(s ColumnSummary) string {
	return fmt.Sprintf("derive_column: table %q now has column %q.\n%s\nrows: %d; last: %s\n",
		s.Table, s.Column.Name, columnLine(s.Column), s.Rows, clean(s.Last))
}

func renderChangePoints(s ChangePointSummary) (full, compact string) {
	var b strings.Builder
	head := fmt.Sprintf("find_change_points: table %q column %q (%s), method %s: %d breaks.", s.Table, s.Column, s.SeriesID, s.Method, len(s.Breaks))
	b.WriteString(head + "\n")
	var dates []string
	for _, br := range s.Breaks {
		fmt.Fprintf(&b, "break %s: mean %.4g over %s, then %.4g over %s\n", br.Date, br.MeanBefore, br.SegmentBefore, br.MeanAfter, br.SegmentAfter)
		dates = append(dates, fmt.Sprintf("%s (%.4g→%.4g)", br.Date, br.MeanBefore, br.MeanAfter))
	}
	c := "[compact] " + head
	if len(dates) > 0 {
		c += " breaks: " + strings.Join(dates, ", ")
	}
	return b.String(), c + "\n"
}

func renderChart(s ChartSummary) string {
	return fmt.Sprintf("draw_chart: wrote %s (columns: %s).\n", s.Path, strings.Join(s.Columns, ", "))
}

// browsePage is one page of a heading's rows as browse_heading shows it.
type browsePage struct {
	req  BrowseRequest
	res  BrowseResult
	rows []candidate // the rows shown, possibly fewer than res.Rows to fit
}

// render returns the page's full and compact forms. The header says which
// rows of how many are shown and how to ask for the next page.
func (p browsePage) render() (full, compact string) {
	var filters []string
	if p.req.HasData {
		filters = append(filters, "has_data")
	}
	if p.req.Country != "" {
		filters = append(filters, "country="+p.req.Country)
	}
	if p.req.Frequency != "" {
		filters = append(filters, "frequency="+p.req.Frequency)
	}
	head := fmt.Sprintf("browse_heading %s", p.res.HeadingID)
	if len(filters) > 0 {
		head += " [" + strings.Join(filters, " ") + "]"
	}
	var b, c strings.Builder
	of := fmt.Sprintf("%d rows under this heading", p.res.Size)
	if p.res.Matching != p.res.Size {
		of += fmt.Sprintf(", %d pass the filters", p.res.Matching)
	}
	switch {
	case p.res.Matching == 0:
		fmt.Fprintf(&b, "%s: %s; none to show.\n", head, of)
		return b.String(), b.String()
	case len(p.rows) == 0 && len(p.res.Rows) > 0:
		fmt.Fprintf(&b, "%s: %s; not one row from %d fits the context window. Answer with what you have.\n", head, of, p.req.Offset+1)
		return b.String(), b.String()
	case len(p.rows) == 0:
		fmt.Fprintf(&b, "%s: %s; row %d is past the last one.\n", head, of, p.req.Offset+1)
		return b.String(), b.String()
	}
	first := p.req.Offset + 1
	last := p.req.Offset + len(p.rows)
	fmt.Fprintf(&b, "%s: rows %d–%d of %d (%s).\n", head, first, last, p.res.Matching, of)
	fmt.Fprintf(&c, "[compact] %s: showed rows %d–%d of %d (ids and titles kept).\n", head, first, last, p.res.Matching)
	gs := groupCandidates(p.rows)
	renderGroups(&b, gs, false)
	renderGroups(&c, gs, true)
	if last < p.res.Matching {
		fmt.Fprintf(&b, "(more rows: call browse_heading again with start %d, or narrow it with country, frequency or has_data.)\n", last+1)
	}
	return b.String(), c.String()
}

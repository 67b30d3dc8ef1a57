package agent

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/search"
)

// Tool names.
const (
	ToolSearch       = "search_catalog"
	ToolDescribe     = "describe_series"
	ToolBuildTable   = "build_table"
	ToolDerive       = "derive_column"
	ToolChangePoints = "find_change_points"
	ToolChart        = "draw_chart"
	ToolAnswer       = "answer"
)

// Limits of what one call may ask. They bound what a single result shows the
// model, not the catalog: a search shows at most MaxSearchRows rows whatever
// the catalog's size, grouped by heading with each heading's full size.
const (
	DefaultSearchRows = 20
	MaxSearchRows     = 50
	MaxDescribeIDs    = 20
	MaxTableColumns   = 24
	MaxChartColumns   = 8
	MaxBreaks         = 20
)

// Sentinel errors of tool execution.
var (
	ErrUnknownTool   = errors.New("agent: unknown tool")
	ErrUnknownSeries = errors.New("agent: unknown series")
	ErrUnknownTable  = errors.New("agent: unknown table")
	ErrUnknownColumn = errors.New("agent: unknown column")
	ErrNoData        = errors.New("agent: series has no observations")
)

type searchArgs struct {
	Query     string   `json:"query" desc:"plain words for the series wanted: concept, country, unit; no ids needed"`
	Sources   []string `json:"sources,omitempty" desc:"restrict to these source namespaces, as shown before the colon of ids"`
	Frequency string   `json:"frequency,omitempty" enum:"D|W|M|Q|S|A" desc:"restrict to one frequency"`
	Country   string   `json:"country,omitempty" desc:"restrict to one country, ISO 3166 alpha-3 code"`
	From      string   `json:"from,omitempty" desc:"coverage must reach back to this ISO date"`
	To        string   `json:"to,omitempty" desc:"coverage must reach this ISO date"`
	Limit     int      `json:"limit,omitempty" desc:"rows to show, 1 to 50 (default 20)"`
}

type describeArgs struct {
	IDs []string `json:"ids" desc:"series ids exactly as shown in search results"`
}

type tableColumnArg struct {
	Name     string `json:"name" desc:"short column name: letters, digits, underscore"`
	SeriesID string `json:"series_id" desc:"series id exactly as shown in search results"`
}

type buildTableArgs struct {
	Name      string           `json:"name,omitempty" desc:"table name (default main); a table with this name is replaced"`
	Columns   []tableColumnArg `json:"columns" desc:"one column per series"`
	Frequency string           `json:"frequency,omitempty" enum:"D|W|M|Q|A" desc:"align every series to this frequency"`
	From      string           `json:"from,omitempty" desc:"first date, ISO"`
	To        string           `json:"to,omitempty" desc:"last date, ISO"`
}

type deriveArgs struct {
	Table   string `json:"table" desc:"table name"`
	Column  string `json:"column" desc:"source column"`
	Op      string `json:"op" enum:"yoy_pct|pct_change|diff|log|rolling_mean|index" desc:"yoy_pct: change on the same period a year earlier, percent; pct_change and diff: over periods; rolling_mean: over periods; index: first value = 100"`
	Periods int    `json:"periods,omitempty" desc:"lag or window in periods (default: the op's natural one)"`
	Name    string `json:"name,omitempty" desc:"new column name"`
}

type changePointArgs struct {
	Table     string `json:"table" desc:"table name"`
	Column    string `json:"column" desc:"column to examine"`
	MaxBreaks int    `json:"max_breaks,omitempty" desc:"at most this many breaks, 1 to 20 (default: chosen by the method)"`
}

type chartArgs struct {
	Table      string   `json:"table" desc:"table name"`
	Columns    []string `json:"columns" desc:"columns to plot, 1 to 8"`
	Title      string   `json:"title,omitempty" desc:"chart title"`
	MarkBreaks bool     `json:"mark_breaks,omitempty" desc:"mark change points found earlier for these columns"`
}

type answerArgs struct {
	Text string `json:"text" desc:"the answer to the analyst, citing series ids and what the tables, breaks and charts show"`
}

type toolDef struct {
	name, desc string
	args       any
}

var toolDefs = []toolDef{
	{ToolSearch, "Search the series catalog. Results are grouped under their catalog headings, best first; each heading says how many rows it holds in the whole catalog. The newest result ends with the shortlist of every candidate shown this turn.", searchArgs{}},
	{ToolDescribe, "Show every field of the given series: heading, unit, frequency, coverage, whether observations are available.", describeArgs{}},
	{ToolBuildTable, "Build a table of series aligned on one date index. Only rows with data: yes have observations.", buildTableArgs{}},
	{ToolDerive, "Add a column computed from an existing column of a table.", deriveArgs{}},
	{ToolChangePoints, "Find structural breaks (change points) in one column of a table.", changePointArgs{}},
	{ToolChart, "Draw a line chart of table columns and write it to a file.", chartArgs{}},
	{ToolAnswer, "Give the analyst the final answer for this request. Call it once, last.", answerArgs{}},
}

// ToolSpecs returns the tools' declarations with schemas derived from their
// argument types.
func ToolSpecs() ([]llm.ToolSpec, error) {
	out := make([]llm.ToolSpec, 0, len(toolDefs))
	for _, d := range toolDefs {
		s, err := SchemaOf(d.args)
		if err != nil {
			return nil, fmt.Errorf("agent: tool %s: %w", d.name, err)
		}
		out = append(out, llm.ToolSpec{Name: d.name, Description: d.desc, Parameters: s})
	}
	return out, nil
}

func toolNames() string {
	var n []string
	for _, d := range toolDefs {
		n = append(n, d.name)
	}
	return strings.Join(n, ", ")
}

// toolOutcome is what running one call produced.
type toolOutcome struct {
	rec      *toolRecord
	shown    []candidate // candidates the result lists, best first
	again    []candidate // rows a search matched but did not list: the turn had shown them
	action   string      // the action performed, "" on error
	series   []string    // series ids the action used
	answer   string
	answered bool
	err      error

	table        *TableSummary
	derived      *ColumnSummary
	changePoints *ChangePointSummary
	chart        *ChartSummary
}

var (
	isoDate    = regexp.MustCompile(`^\d{4}(-\d{2}(-\d{2})?)?$`)
	columnName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,47}$`)
	iso3       = regexp.MustCompile(`^[A-Za-z]{3}$`)
)

func checkDates(from, to string) error {
	for _, d := range []struct{ k, v string }{{"from", from}, {"to", to}} {
		if d.v != "" && !isoDate.MatchString(d.v) {
			return fmt.Errorf("%w: %s %q is not an ISO date (YYYY, YYYY-MM or YYYY-MM-DD)", ErrBadArguments, d.k, d.v)
		}
	}
	if from != "" && to != "" && from > to {
		return fmt.Errorf("%w: from %s is after to %s", ErrBadArguments, from, to)
	}
	return nil
}

// runTool executes one tool call; every failure becomes the call's result
// text, so the model can correct itself.
func (s *Session) runTool(ctx context.Context, call llm.ToolCall) toolOutcome {
	o := s.dispatch(ctx, call)
	if o.rec == nil {
		o.rec = &toolRecord{}
	}
	o.rec.callID, o.rec.name = call.ID, call.Name
	if o.rec.label == "" {
		o.rec.label = call.Name
	}
	if o.err != nil {
		msg := fmt.Sprintf("error in %s: %v\n", call.Name, o.err)
		o.rec.full, o.rec.compact = msg, msg
	}
	return o
}

func (s *Session) dispatch(ctx context.Context, call llm.ToolCall) toolOutcome {
	switch call.Name {
	case ToolSearch:
		var a searchArgs
		if err := decodeArgs(call.Arguments, &a); err != nil {
			return toolOutcome{err: err}
		}
		return s.search(ctx, a)
	case ToolDescribe:
		var a describeArgs
		if err := decodeArgs(call.Arguments, &a); err != nil {
			return toolOutcome{err: err}
		}
		return s.describe(ctx, a)
	case ToolBuildTable:
		var a buildTableArgs
		if err := decodeArgs(call.Arguments, &a); err != nil {
			return toolOutcome{err: err}
		}
		return s.buildTable(ctx, a)
	case ToolDerive:
		var a deriveArgs
		if err := decodeArgs(call.Arguments, &a); err != nil {
			return toolOutcome{err: err}
		}
		return s.derive(ctx, a)
	case ToolChangePoints:
		var a changePointArgs
		if err := decodeArgs(call.Arguments, &a); err != nil {
			return toolOutcome{err: err}
		}
		return s.changePoints(ctx, a)
	case ToolChart:
		var a chartArgs
		if err := decodeArgs(call.Arguments, &a); err != nil {
			return toolOutcome{err: err}
		}
		return s.chart(ctx, a)
	case ToolAnswer:
		var a answerArgs
		if err := decodeArgs(call.Arguments, &a); err != nil {
			return toolOutcome{err: err}
		}
		if strings.TrimSpace(a.Text) == "" {
			return toolOutcome{err: fmt.Errorf("%w: text is empty", ErrBadArguments)}
		}
		return toolOutcome{rec: &toolRecord{full: "answer delivered to the analyst\n", compact: "answer delivered to the analyst\n"},
			action: "answer", answer: a.Text, answered: true}
	default:
		return toolOutcome{err: fmt.Errorf("%w %q; the tools are: %s", ErrUnknownTool, call.Name, toolNames())}
	}
}

func (s *Session) search(ctx context.Context, a searchArgs) toolOutcome {
	a.Query = strings.TrimSpace(a.Query)
	switch {
	case a.Query == "":
		return toolOutcome{err: fmt.Errorf("%w: query is empty", ErrBadArguments)}
	case a.Limit < 0 || a.Limit > MaxSearchRows:
		return toolOutcome{err: fmt.Errorf("%w: limit %d is outside 1..%d", ErrBadArguments, a.Limit, MaxSearchRows)}
	case a.Country != "" && !iso3.MatchString(a.Country):
		return toolOutcome{err: fmt.Errorf("%w: country %q is not an ISO 3166 alpha-3 code", ErrBadArguments, a.Country)}
	}
	if err := checkDates(a.From, a.To); err != nil {
		return toolOutcome{err: err}
	}
	if a.Limit == 0 {
		a.Limit = DefaultSearchRows
	}
	req := search.Request{Query: a.Query, Limit: a.Limit, Sources: a.Sources, Frequency: a.Frequency,
		Country: strings.ToUpper(a.Country), From: a.From, To: a.To}
	// Under PolicyFit the newest search result re-states the shortlist, so
	// the page lists only rows new to the turn and the catalog is asked for
	// enough rows to fill it. PolicyNaive re-states nothing and lists every
	// row it matched, as the failing design it reproduces did.
	var seen map[string]bool
	fetch := req
	if s.opts.Policy == PolicyFit && len(s.turns) > 0 {
		seen = s.turns[len(s.turns)-1].shown()
		fetch.Limit = fetchLimit(a.Limit, len(seen))
	}
	res, err := s.catalog.Search(ctx, fetch)
	if err != nil {
		return toolOutcome{err: fmt.Errorf("search failed: %w", err)}
	}
	page := pageOf(rankedCandidates(res), a.Limit, seen)
	full, compact := renderSearchPage(req, res.Total, page, seen != nil)
	ids := idsOf(page.fresh)
	return toolOutcome{rec: &toolRecord{label: describeSearch(a.Query, req), full: full, compact: compact,
		fullIDs: ids, compactIDs: ids, isSearch: true}, shown: page.fresh, again: page.again, action: "search"}
}

func idsOf(cs []candidate) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

// lookup returns the catalog's descriptions of ids, in the order asked, and
// the ids it does not know.
func (s *Session) lookup(ctx context.Context, ids []string) ([]SeriesInfo, []string, error) {
	infos, err := s.catalog.Describe(ctx, ids)
	if err != nil {
		return nil, nil, fmt.Errorf("describe failed: %w", err)
	}
	byID := map[string]SeriesInfo{}
	for _, in := range infos {
		byID[in.ID] = in
	}
	var known []SeriesInfo
	var unknown []string
	for _, id := range ids {
		if in, ok := byID[id]; ok {
			known = append(known, in)
		} else {
			unknown = append(unknown, id)
		}
	}
	return known, unknown, nil
}

func (s *Session) describe(ctx context.Context, a describeArgs) toolOutcome {
	if len(a.IDs) == 0 || len(a.IDs) > MaxDescribeIDs {
		return toolOutcome{err: fmt.Errorf("%w: give 1 to %d ids, not %d", ErrBadArguments, MaxDescribeIDs, len(a.IDs))}
	}
	known, unknown, err := s.lookup(ctx, a.IDs)
	if err != nil {
		return toolOutcome{err: err}
	}
	if len(known) == 0 {
		return toolOutcome{err: fmt.Errorf("%w: %s; use ids exactly as search results show them", ErrUnknownSeries, strings.Join(unknown, ", "))}
	}
	full, compact, shown := renderDescribe(known, unknown)
	ids := idsOf(shown)
	return toolOutcome{rec: &toolRecord{label: ToolDescribe + " " + strings.Join(a.IDs, ","), full: full, compact: compact,
		fullIDs: ids, compactIDs: ids}, shown: shown, action: "describe"}
}

func (s *Session) buildTable(ctx context.Context, a buildTableArgs) toolOutcome {
	if a.Name == "" {
		a.Name = "main"
	}
	if !columnName.MatchString(a.Name) {
		return toolOutcome{err: fmt.Errorf("%w: table name %q must be letters, digits and underscores, starting with a letter", ErrBadArguments, a.Name)}
	}
	if len(a.Columns) == 0 || len(a.Columns) > MaxTableColumns {
		return toolOutcome{err: fmt.Errorf("%w: give 1 to %d columns, not %d", ErrBadArguments, MaxTableColumns, len(a.Columns))}
	}
	if err := checkDates(a.From, a.To); err != nil {
		return toolOutcome{err: err}
	}
	var ids []string
	names := map[string]bool{}
	spec := TableSpec{Name: a.Name, Frequency: a.Frequency, From: a.From, To: a.To}
	for i, c := range a.Columns {
		if c.SeriesID == "" {
			return toolOutcome{err: fmt.Errorf("%w: columns[%d] has no series_id", ErrBadArguments, i)}
		}
		if !columnName.MatchString(c.Name) {
			return toolOutcome{err: fmt.Errorf("%w: columns[%d] name %q must be letters, digits and underscores, starting with a letter", ErrBadArguments, i, c.Name)}
		}
		if names[c.Name] {
			return toolOutcome{err: fmt.Errorf("%w: column name %q is used twice", ErrBadArguments, c.Name)}
		}
		names[c.Name] = true
		ids = append(ids, c.SeriesID)
		spec.Columns = append(spec.Columns, ColumnSpec{Name: c.Name, SeriesID: c.SeriesID})
	}
	known, unknown, err := s.lookup(ctx, ids)
	if err != nil {
		return toolOutcome{err: err}
	}
	if len(unknown) > 0 {
		return toolOutcome{err: fmt.Errorf("%w: %s; use ids exactly as search results show them", ErrUnknownSeries, strings.Join(unknown, ", "))}
	}
	for _, in := range known {
		if !in.HasData {
			return toolOutcome{err: fmt.Errorf("%w: %s is in the catalog but its observations are not in this bundle; pick a row with data: yes", ErrNoData, in.ID)}
		}
	}
	t, err := s.engine.BuildTable(ctx, spec)
	if err != nil {
		return toolOutcome{err: err}
	}
	s.tables[t.Name] = &t
	full, compact := renderTable(t)
	return toolOutcome{rec: &toolRecord{label: fmt.Sprintf("%s %q", ToolBuildTable, t.Name), full: full, compact: compact},
		action: "build_table", series: ids, table: &t}
}

// column finds a table's column or explains what exists.
func (s *Session) column(table, col string) (*TableSummary, ColumnInfo, error) {
	t, ok := s.tables[table]
	if !ok {
		var names []string
		for n := range s.tables {
			names = append(names, n)
		}
		slices.Sort(names)
		if len(names) == 0 {
			return nil, ColumnInfo{}, fmt.Errorf("%w %q: no table has been built yet; call build_table first", ErrUnknownTable, table)
		}
		return nil, ColumnInfo{}, fmt.Errorf("%w %q; tables: %s", ErrUnknownTable, table, strings.Join(names, ", "))
	}
	var names []string
	for _, c := range t.Columns {
		if c.Name == col {
			return t, c, nil
		}
		names = append(names, c.Name)
	}
	return t, ColumnInfo{}, fmt.Errorf("%w %q in table %q; its columns: %s", ErrUnknownColumn, col, table, strings.Join(names, ", "))
}

func (s *Session) derive(ctx context.Context, a deriveArgs) toolOutcome {
	t, src, err := s.column(a.Table, a.Column)
	if err != nil {
		return toolOutcome{err: err}
	}
	if a.Periods < 0 {
		return toolOutcome{err: fmt.Errorf("%w: periods %d is negative", ErrBadArguments, a.Periods)}
	}
	if a.Periods > t.Rows && t.Rows > 0 {
		return toolOutcome{err: fmt.Errorf("%w: periods %d exceeds the table's %d rows", ErrBadArguments, a.Periods, t.Rows)}
	}
	if a.Name != "" && !columnName.MatchString(a.Name) {
		return toolOutcome{err: fmt.Errorf("%w: name %q must be letters, digits and underscores, starting with a letter", ErrBadArguments, a.Name)}
	}
	if _, _, err := s.column(a.Table, a.Name); a.Name != "" && err == nil {
		return toolOutcome{err: fmt.Errorf("%w: column %q already exists in table %q", ErrBadArguments, a.Name, a.Table)}
	}
	cs, err := s.engine.DeriveColumn(ctx, DeriveSpec{Table: a.Table, Column: a.Column, Op: a.Op, Periods: a.Periods, Name: a.Name})
	if err != nil {
		return toolOutcome{err: err}
	}
	if cs.Column.SeriesID == "" {
		cs.Column.SeriesID = src.SeriesID
	}
	t.Columns = append(t.Columns, cs.Column)
	text := renderDerive(cs)
	return toolOutcome{rec: &toolRecord{label: fmt.Sprintf("%s %q", ToolDerive, cs.Column.Name), full: text, compact: text},
		action: "derive", series: []string{src.SeriesID}, derived: &cs}
}

func (s *Session) changePoints(ctx context.Context, a changePointArgs) toolOutcome {
	_, c, err := s.column(a.Table, a.Column)
	if err != nil {
		return toolOutcome{err: err}
	}
	if a.MaxBreaks < 0 || a.MaxBreaks > MaxBreaks {
		return toolOutcome{err: fmt.Errorf("%w: max_breaks %d is outside 0..%d", ErrBadArguments, a.MaxBreaks, MaxBreaks)}
	}
	cp, err := s.engine.FindChangePoints(ctx, ChangePointSpec{Table: a.Table, Column: a.Column, MaxBreaks: a.MaxBreaks})
	if err != nil {
		return toolOutcome{err: err}
	}
	if cp.SeriesID == "" {
		cp.SeriesID = c.SeriesID
	}
	full, compact := renderChangePoints(cp)
	return toolOutcome{rec: &toolRecord{label: fmt.Sprintf("%s %q", ToolChangePoints, a.Column), full: full, compact: compact},
		action: "changepoints", series: []string{c.SeriesID}, changePoints: &cp}
}

func (s *Session) chart(ctx context.Context, a chartArgs) toolOutcome {
	if len(a.Columns) == 0 || len(a.Columns) > MaxChartColumns {
		return toolOutcome{err: fmt.Errorf("%w: give 1 to %d columns, not %d", ErrBadArguments, MaxChartColumns, len(a.Columns))}
	}
	var ids []string
	for _, col := range a.Columns {
		_, c, err := s.column(a.Table, col)
		if err != nil {
			return toolOutcome{err: err}
		}
		ids = append(ids, c.SeriesID)
	}
	ch, err := s.engine.DrawChart(ctx, ChartSpec{Table: a.Table, Columns: a.Columns, Title: a.Title, Breaks: a.MarkBreaks})
	if err != nil {
		return toolOutcome{err: err}
	}
	text := renderChart(ch)
	return toolOutcome{rec: &toolRecord{label: ToolChart + " " + strings.Join(a.Columns, ","), full: text, compact: text},
		action: "chart", series: ids, chart: &ch}
}

package agent

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// The analysis tools: build a table, derive columns, convert a table's
// frequency, find change points, draw charts. Each reports what it did in
// a short text whose compact form keeps the finding.

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
	Table      string   `json:"table" desc:"table name"`
	Op         string   `json:"op" enum:"yoy_pct|pct_change|diff|log|rolling_mean|index|spread|ratio|share|expression" desc:"one column: yoy_pct (change on the same period a year earlier, percent), pct_change and diff (over periods), log, rolling_mean (over periods), index (100 at base, default the first value); two columns: spread (a - b), ratio (a / b), share (100 * a / b); expression: arithmetic over column names"`
	Column     string   `json:"column,omitempty" desc:"source column, for a one-column op"`
	Columns    []string `json:"columns,omitempty" desc:"the two columns [a, b] of spread, ratio or share"`
	Expression string   `json:"expression,omitempty" desc:"for op expression: arithmetic over column names with + - * / ( ) and numbers, e.g. rate - inflation or 100 * a / b"`
	Periods    int      `json:"periods,omitempty" desc:"lag or window in periods (default: the op's natural one)"`
	Base       string   `json:"base,omitempty" desc:"for index: the period set to 100, a year (2015: its average), quarter (2019Q4), month (2019-10) or date (default: the first value)"`
	Annualize  bool     `json:"annualize,omitempty" desc:"for pct_change: compound the change to an annual rate (quarter-on-quarter annualised, an average yearly rate over several years)"`
	Chain      bool     `json:"chain,omitempty" desc:"for index: the column is a growth rate in percent a period; chain it into an index, 100 at base"`
	Name       string   `json:"name,omitempty" desc:"new column name"`
}

type convertArgs struct {
	Table     string `json:"table" desc:"table name"`
	Frequency string `json:"frequency" enum:"W|M|Q|S|A" desc:"the lower frequency wanted"`
	Method    string `json:"method,omitempty" enum:"mean|last|sum" desc:"aggregate every column this way (default: each column by its own method)"`
	// "debt at year end, GDP averaged": one column's method apart.
	ByColumn []columnMethod `json:"by_column,omitempty" desc:"a method for single columns, overriding method and the column's own"`
	Name     string         `json:"name,omitempty" desc:"name of the new table (default: replace the table)"`
}

type columnMethod struct {
	Column string `json:"column" desc:"column name"`
	Method string `json:"method" enum:"mean|last|sum" desc:"how to aggregate that column"`
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

func (s *Session) buildTable(ctx context.Context, a buildTableArgs) toolOutcome {
	if a.Name == "" {
		a.Name = "main"
	}
	if !columnName.MatchString(a.Name) {
		return toolOutcome{err: fmt.Errorf("%w: table name %q must be at most 48 letters, digits and underscores, starting with a letter", ErrBadArguments, a.Name)}
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
			return toolOutcome{err: fmt.Errorf("%w: columns[%d] name %q must be at most 48 letters, digits and underscores, starting with a letter", ErrBadArguments, i, c.Name)}
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
	if _, ok := s.tables[a.Table]; !ok {
		_, _, err := s.column(a.Table, "")
		return toolOutcome{err: err}
	}
	if a.Periods < 0 {
		return toolOutcome{err: fmt.Errorf("%w: periods %d is negative", ErrBadArguments, a.Periods)}
	}
	if t := s.tables[a.Table]; a.Periods > t.Rows && t.Rows > 0 {
		return toolOutcome{err: fmt.Errorf("%w: periods %d exceeds the table's %d rows", ErrBadArguments, a.Periods, t.Rows)}
	}
	if a.Name != "" && !columnName.MatchString(a.Name) {
		return toolOutcome{err: fmt.Errorf("%w: name %q must be at most 48 letters, digits and underscores, starting with a letter", ErrBadArguments, a.Name)}
	}
	if _, _, err := s.column(a.Table, a.Name); a.Name != "" && err == nil {
		return toolOutcome{err: fmt.Errorf("%w: column %q already exists in table %q", ErrBadArguments, a.Name, a.Table)}
	}
	if a.Base != "" && a.Op != "index" {
		return toolOutcome{err: fmt.Errorf("%w: base is for op index, not %s", ErrBadArguments, a.Op)}
	}
	if a.Annualize && a.Op != "pct_change" {
		return toolOutcome{err: fmt.Errorf("%w: annualize is for op pct_change, not %s", ErrBadArguments, a.Op)}
	}
	if a.Chain && a.Op != "index" {
		return toolOutcome{err: fmt.Errorf("%w: chain is for op index, not %s", ErrBadArguments, a.Op)}
	}
	spec := DeriveSpec{Table: a.Table, Op: a.Op, Periods: a.Periods, Base: a.Base, Annualize: a.Annualize, Chain: a.Chain, Name: a.Name}
	var inputs []ColumnInfo
	switch {
	case slices.Contains(DeriveOps, a.Op):
		if a.Column == "" && len(a.Columns) == 1 {
			a.Column = a.Columns[0]
		}
		if a.Column == "" {
			return toolOutcome{err: fmt.Errorf("%w: op %s needs column", ErrBadArguments, a.Op)}
		}
		_, c, err := s.column(a.Table, a.Column)
		if err != nil {
			return toolOutcome{err: err}
		}
		spec.Column, inputs = a.Column, []ColumnInfo{c}
	case a.Op == "expression":
		if strings.TrimSpace(a.Expression) == "" {
			return toolOutcome{err: fmt.Errorf("%w: op expression needs expression, e.g. a - b", ErrBadArguments)}
		}
		t := s.tables[a.Table]
		for _, name := range identifiers(a.Expression) {
			if i := slices.IndexFunc(t.Columns, func(c ColumnInfo) bool { return c.Name == name }); i >= 0 {
				inputs = append(inputs, t.Columns[i])
			}
		}
		spec.Expression = a.Expression
	default: // spread, ratio, share
		if len(a.Columns) != 2 {
			return toolOutcome{err: fmt.Errorf("%w: op %s needs columns [a, b], two names, not %d", ErrBadArguments, a.Op, len(a.Columns))}
		}
		for _, name := range a.Columns {
			_, c, err := s.column(a.Table, name)
			if err != nil {
				return toolOutcome{err: err}
			}
			inputs = append(inputs, c)
		}
		spec.Columns = a.Columns
	}
	cs, err := s.engine.DeriveColumn(ctx, spec)
	if err != nil {
		return toolOutcome{err: err}
	}
	// The engine names every input series; fill in from the columns read
	// here when it does not.
	if len(cs.Column.SeriesIDs) == 0 {
		for _, in := range inputs {
			cs.Column.SeriesIDs = appendNew(cs.Column.SeriesIDs, seriesOf(in)...)
		}
	}
	if cs.Column.SeriesID == "" && len(cs.Column.SeriesIDs) > 0 {
		cs.Column.SeriesID = cs.Column.SeriesIDs[0]
	}
	t := s.tables[a.Table]
	t.Columns = append(t.Columns, cs.Column)
	text := renderDerive(cs)
	return toolOutcome{rec: &toolRecord{label: fmt.Sprintf("%s %q", ToolDerive, cs.Column.Name), full: text, compact: text},
		action: "derive", series: seriesOf(cs.Column), derived: &cs}
}

// seriesOf lists the series a column stands on: its inputs when derived.
func seriesOf(c ColumnInfo) []string {
	if len(c.SeriesIDs) > 0 {
		return c.SeriesIDs
	}
	if c.SeriesID != "" {
		return []string{c.SeriesID}
	}
	return nil
}

func appendNew(list []string, items ...string) []string {
	for _, it := range items {
		if !slices.Contains(list, it) {
			list = append(list, it)
		}
	}
	return list
}

var identifier = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// identifiers are the names an expression mentions, in order, once each.
func identifiers(expr string) []string {
	var out []string
	for _, m := range identifier.FindAllString(expr, -1) {
		out = appendNew(out, m)
	}
	return out
}

func (s *Session) convert(ctx context.Context, a convertArgs) toolOutcome {
	if _, ok := s.tables[a.Table]; !ok {
		_, _, err := s.column(a.Table, "")
		return toolOutcome{err: err}
	}
	if a.Name != "" && !columnName.MatchString(a.Name) {
		return toolOutcome{err: fmt.Errorf("%w: table name %q must be at most 48 letters, digits and underscores, starting with a letter", ErrBadArguments, a.Name)}
	}
	var byColumn map[string]string
	for _, cm := range a.ByColumn {
		if _, _, err := s.column(a.Table, cm.Column); err != nil {
			return toolOutcome{err: fmt.Errorf("by_column: %w", err)}
		}
		if !slices.Contains(ConvertMethods, cm.Method) {
			return toolOutcome{err: fmt.Errorf("%w: by_column %s: method %q is not one of %s", ErrBadArguments, cm.Column, cm.Method, strings.Join(ConvertMethods, ", "))}
		}
		if byColumn == nil {
			byColumn = map[string]string{}
		}
		byColumn[cm.Column] = cm.Method
	}
	t, err := s.engine.ConvertTable(ctx, ConvertSpec{Table: a.Table, Frequency: a.Frequency, Method: a.Method, ByColumn: byColumn, Name: a.Name})
	if err != nil {
		return toolOutcome{err: err}
	}
	s.tables[t.Name] = &t
	var ids []string
	for _, c := range t.Columns {
		ids = appendNew(ids, seriesOf(c)...)
	}
	full, compact := renderTableAs(ToolConvert, t)
	return toolOutcome{rec: &toolRecord{label: fmt.Sprintf("%s %q %s", ToolConvert, a.Table, a.Frequency), full: full, compact: compact},
		action: "convert", series: ids, table: &t}
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
		action: "changepoints", series: seriesOf(c), changePoints: &cp}
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
		ids = appendNew(ids, seriesOf(c)...)
	}
	ch, err := s.engine.DrawChart(ctx, ChartSpec{Table: a.Table, Columns: a.Columns, Title: a.Title, Breaks: a.MarkBreaks})
	if err != nil {
		return toolOutcome{err: err}
	}
	text := renderChart(ch)
	return toolOutcome{rec: &toolRecord{label: ToolChart + " " + strings.Join(a.Columns, ","), full: text, compact: text},
		action: "chart", series: ids, chart: &ch}
}

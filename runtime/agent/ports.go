package agent

import (
	"context"

	"github.com/sextant-dev/sextant/runtime/search"
)

// Catalog is what the session needs from the catalog: grouped search and
// per-series descriptions. The integrator adapts runtime/search to it.
type Catalog interface {
	Search(ctx context.Context, req search.Request) (search.Result, error)
	// Describe returns one SeriesInfo per id it knows, in any order; ids it
	// does not know are simply absent (the session reports them to the model).
	Describe(ctx context.Context, ids []string) ([]SeriesInfo, error)
	// Browse lists the rows under one heading, in the catalog's order, a
	// page at a time. An unknown heading id is an error.
	Browse(ctx context.Context, req BrowseRequest) (BrowseResult, error)
}

// BrowseRequest asks for one page of a heading's rows.
type BrowseRequest struct {
	HeadingID string
	Offset    int // rows to skip
	Limit     int // rows to return at most
	HasData   bool
	Country   string // ISO3, optional
	Frequency string // optional
}

// BrowseResult is one page of a heading's rows.
type BrowseResult struct {
	HeadingID   string
	HeadingPath []string
	Size        int          // rows under the heading in the whole catalog
	Matching    int          // rows that pass the request's filters
	Rows        []SeriesInfo // this page
}

// SeriesInfo describes one catalog row.
type SeriesInfo struct {
	ID                 string   `json:"id"`
	Title              string   `json:"title"`
	Unit               string   `json:"unit"`
	Frequency          string   `json:"frequency"`
	SeasonalAdjustment string   `json:"seasonal_adjustment,omitempty"`
	Country            string   `json:"country,omitempty"`
	Start              string   `json:"start"`
	End                string   `json:"end"`
	HeadingID          string   `json:"heading_id,omitempty"`
	HeadingPath        []string `json:"heading_path"`
	HeadingSize        int      `json:"heading_size"` // rows under the same heading
	HasData            bool     `json:"has_data"`
	ObsStart           string   `json:"obs_start,omitempty"` // first observation held, when HasData
	ObsEnd             string   `json:"obs_end,omitempty"`   // last observation held
	Description        string   `json:"description,omitempty"`
}

// Engine runs analysis on series with observations. The integrator adapts
// runtime/analysis to it. Every method returns an error (not an empty
// result) for an unknown table, column or series.
type Engine interface {
	BuildTable(ctx context.Context, spec TableSpec) (TableSummary, error)
	DeriveColumn(ctx context.Context, spec DeriveSpec) (ColumnSummary, error)
	FindChangePoints(ctx context.Context, spec ChangePointSpec) (ChangePointSummary, error)
	DrawChart(ctx context.Context, spec ChartSpec) (ChartSummary, error)
	ConvertTable(ctx context.Context, spec ConvertSpec) (TableSummary, error)
}

// TableSpec asks for a table of series aligned on one date index.
// A table with the same name is replaced.
type TableSpec struct {
	Name      string
	Columns   []ColumnSpec
	Frequency string // target frequency (D, W, M, Q, A); "" keeps the coarsest
	From, To  string // ISO dates, optional
}

// ColumnSpec names one series column.
type ColumnSpec struct {
	Name     string
	SeriesID string
}

// TableSummary is what the engine reports about a built table.
type TableSummary struct {
	Name      string
	Frequency string
	From, To  string
	Rows      int
	Columns   []ColumnInfo
	Preview   string   // a few rows rendered as text, optional
	Notes     []string // e.g. "DPRIME aggregated from daily to monthly by mean"
}

// ColumnInfo describes a table column and the series behind it.
type ColumnInfo struct {
	Name     string
	SeriesID string // the series it was built or derived from (the first input)
	Unit     string
	Derived  string // the derivation ("yoy_pct of cpi"), empty for a series
	Missing  int    // missing values
	// SeriesIDs are every series behind the column: its own for a series
	// column, all of a derived column's inputs' (through derived inputs).
	SeriesIDs []string
}

// DeriveSpec asks for a new column computed from existing ones: a
// one-column op on Column, or a combination of Columns (spread: a − b,
// ratio: a / b, share: 100·a / b) or an Expression over column names.
type DeriveSpec struct {
	Table      string
	Column     string   // source column of a one-column op
	Columns    []string // inputs of spread, ratio and share, in order
	Expression string   // for op expression: arithmetic over column names
	Op         string   // see DeriveOps
	Periods    int      // lag or window, in periods; 0 means the op's natural default
	Base       string   // for index: the period set to 100 ("2015", "2019Q4", "2019-10"); "" the first value
	Annualize  bool     // for pct_change: compound the change to an annual rate
	Chain      bool     // for index: the column is a growth rate in percent a period, chained into the index
	Name       string   // new column name; "" lets the engine choose
}

// Derivations the tool offers: one-column ops, then combinations.
var (
	DeriveOps      = []string{"yoy_pct", "pct_change", "diff", "log", "rolling_mean", "index"}
	CombineOps     = []string{"spread", "ratio", "share", "expression"}
	ConvertMethods = []string{"mean", "last", "sum"}
)

// ConvertSpec asks for a table at a lower frequency.
type ConvertSpec struct {
	Table     string
	Frequency string // target: W, M, Q, S or A
	Method    string // "" aggregates each column by its own method; else one of ConvertMethods
	// ByColumn gives the columns it names a method of ConvertMethods
	// that overrides Method and their own.
	ByColumn map[string]string
	Name     string // name of the new table; "" replaces Table
}

// ColumnSummary reports a derived column.
type ColumnSummary struct {
	Table  string
	Column ColumnInfo
	Rows   int
	Last   string // last value with its date, as text
}

// ChangePointSpec asks for structural breaks in one column.
type ChangePointSpec struct {
	Table     string
	Column    string
	MaxBreaks int // 0: the engine decides
}

// ChangePointSummary reports the breaks found.
type ChangePointSummary struct {
	Table    string
	Column   string
	SeriesID string
	Method   string
	Breaks   []Break
}

// Break is one change point with the segment means around it.
type Break struct {
	Date          string
	MeanBefore    float64
	MeanAfter     float64
	SegmentBefore string // "2020-01..2021-08"
	SegmentAfter  string
}

// ChartSpec asks for a chart of table columns.
type ChartSpec struct {
	Table   string
	Columns []string
	Title   string
	Breaks  bool // mark the change points found for these columns
}

// ChartSummary reports a written chart.
type ChartSummary struct {
	Path    string
	Columns []string
}

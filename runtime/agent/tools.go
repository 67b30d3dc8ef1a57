package agent

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// Tool names.
const (
	ToolSearch       = "search_catalog"
	ToolBrowse       = "browse_heading"
	ToolDescribe     = "describe_series"
	ToolBuildTable   = "build_table"
	ToolDerive       = "derive_column"
	ToolConvert      = "convert_table"
	ToolChangePoints = "find_change_points"
	ToolChart        = "draw_chart"
	ToolAnswer       = "answer"
)

// Limits of what one call may ask. They bound what a single result shows the
// model, not the catalog: a search shows at most MaxSearchRows rows whatever
// the catalog's size, grouped by heading with each heading's full size, and
// a heading of any size is listed a page at a time.
const (
	DefaultSearchRows = 20
	MaxSearchRows     = 50
	DefaultBrowseRows = 30
	MaxBrowseRows     = 100
	MaxDescribeIDs    = 20
	MaxTableColumns   = 24
	MaxChartColumns   = 8
	MaxBreaks         = 20
	MaxDeriveInputs   = 8
)

// Sentinel errors of tool execution.
var (
	ErrUnknownTool    = errors.New("agent: unknown tool")
	ErrUnknownSeries  = errors.New("agent: unknown series")
	ErrUnknownTable   = errors.New("agent: unknown table")
	ErrUnknownColumn  = errors.New("agent: unknown column")
	ErrUnknownHeading = errors.New("agent: unknown heading")
	ErrNoData         = errors.New("agent: series has no observations")
)

// tool is one tool, defined once: its name, what the model is told, the
// type its arguments decode into (the schema is derived from it), and the
// function that runs it.
type tool struct {
	name, desc string
	args       any
	run        func(ctx context.Context, s *Session, raw string) toolOutcome
}

// defineTool ties a typed function to its name and description. The
// arguments are decoded and checked against the same struct the schema is
// derived from, so what the model is shown and what it meets cannot drift.
func defineTool[A any](name, desc string, f func(s *Session, ctx context.Context, a A) toolOutcome) tool {
	var zero A
	return tool{name: name, desc: desc, args: zero, run: func(ctx context.Context, s *Session, raw string) toolOutcome {
		var a A
		if err := decodeArgs(raw, &a); err != nil {
			return toolOutcome{err: err}
		}
		return f(s, ctx, a)
	}}
}

// tools is the one list of the session's tools, in the order the model is
// shown them.
var tools = sync.OnceValue(func() []tool {
	return []tool{
		defineTool(ToolSearch, "Search the series catalog. Results are grouped under their catalog headings, best first; each heading says how many rows it holds in the whole catalog and gives its heading id for browse_heading. The newest result ends with the shortlist of every candidate shown this turn.", (*Session).search),
		defineTool(ToolBrowse, "List the rows under one catalog heading, a page at a time, with the same fields as search results. Use it when a heading holds the right family and you need a member the search did not show (another country, unit or frequency).", (*Session).browse),
		defineTool(ToolDescribe, "Show every field of the given series: heading, unit, frequency, coverage, whether observations are available.", (*Session).describe),
		defineTool(ToolBuildTable, "Build a table of series aligned on one date index. Only rows with data: yes have observations. Series of different frequencies are aggregated to the coarsest (or to the frequency asked). Building again under an existing name replaces that table and keeps the derived columns whose inputs it still has.", (*Session).buildTable),
		defineTool(ToolDerive, "Add a column computed from columns of a table: a one-column transformation (yoy_pct, pct_change, diff, log, rolling_mean, index), or a combination of two or more columns (spread, ratio, share, or an arithmetic expression over column names). Units are read and scaled (millions against billions, annual rates); the result says what was done.", (*Session).derive),
		defineTool(ToolConvert, "Convert a table to a lower frequency (for example monthly to annual). Each column is aggregated by its own method (average, end of period or sum) unless a method is given; derived columns are recomputed from the converted inputs.", (*Session).convert),
		defineTool(ToolChangePoints, "Find structural breaks (change points) in one column of a table.", (*Session).changePoints),
		defineTool(ToolChart, "Draw a line chart of table columns and write it to a file.", (*Session).chart),
		defineTool(ToolAnswer, "Give the analyst the final answer for this request. Call it once, last.", (*Session).answer),
	}
})

// ToolSpecs returns the tools' declarations with schemas derived from their
// argument types.
func ToolSpecs() ([]llm.ToolSpec, error) {
	ts := tools()
	out := make([]llm.ToolSpec, 0, len(ts))
	for _, d := range ts {
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
	for _, d := range tools() {
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
	for _, t := range tools() {
		if t.name == call.Name {
			return t.run(ctx, s, call.Arguments)
		}
	}
	return toolOutcome{err: fmt.Errorf("%w %q; the tools are: %s", ErrUnknownTool, call.Name, toolNames())}
}

type answerArgs struct {
	Text string `json:"text" desc:"the answer to the analyst, citing series ids and what the tables, breaks and charts show"`
}

func (s *Session) answer(_ context.Context, a answerArgs) toolOutcome {
	if strings.TrimSpace(a.Text) == "" {
		return toolOutcome{err: fmt.Errorf("%w: text is empty", ErrBadArguments)}
	}
	return toolOutcome{rec: &toolRecord{full: "answer delivered to the analyst\n", compact: "answer delivered to the analyst\n"},
		action: "answer", answer: a.Text, answered: true}
}

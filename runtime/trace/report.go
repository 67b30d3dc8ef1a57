package trace

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
)

//go:embed report.html.tmpl
var reportTemplate string

var reportTmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct": func(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) },
	"ms": func(f float64) string {
		if f == 0 {
			return "–"
		}
		return time.Duration(f * float64(time.Millisecond)).Round(time.Millisecond).String()
	},
	"known": func(n int) string {
		if n == 0 {
			return "–"
		}
		return strconv.Itoa(n)
	},
	"join":  strings.Join,
	"clock": func(t time.Time) string { return t.Format("15:04:05.000") },
	"long":  func(s string) bool { return len(s) > 1500 || strings.Count(s, "\n") > 30 },
}).Parse(reportTemplate))

// Report renders tr as a self-contained HTML page (inline CSS, charts
// embedded), with metrics computed with the default discovery tools.
func Report(tr *Trace, w io.Writer) error {
	return ReportWith(tr, w, MetricsConfig{})
}

// ReportFile reads the trace at tracePath and writes its report to
// htmlPath, replacing any earlier report only once the new one is complete.
func ReportFile(tracePath, htmlPath string) error {
	tr, err := Read(tracePath)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(htmlPath), ".report-*.html")
	if err != nil {
		return fmt.Errorf("trace: %w", err)
	}
	defer os.Remove(tmp.Name())              // no-op once renamed
	if err := tmp.Chmod(0o644); err != nil { // a page to share, unlike CreateTemp's 0600
		_ = tmp.Close()
		return fmt.Errorf("trace: %w", err)
	}
	if err := Report(tr, tmp); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("trace: %w", err)
	}
	if err := os.Rename(tmp.Name(), htmlPath); err != nil {
		return fmt.Errorf("trace: %w", err)
	}
	return nil
}

// ReportWith is Report with a metrics configuration.
func ReportWith(tr *Trace, w io.Writer, cfg MetricsConfig) error {
	if err := reportTmpl.Execute(w, buildReport(tr, cfg)); err != nil {
		return fmt.Errorf("trace: render report: %w", err)
	}
	return nil
}

type reportData struct {
	Session       SessionInfo
	Path          string
	Truncated     bool
	Start, End    time.Time
	Totals        TurnMetrics // sums over turns
	SessionErrors []string
	Metrics       []TurnMetrics
	Turns         []reportTurn
}

type reportTurn struct {
	Turn
	Metrics TurnMetrics
	Items   []reportItem
}

type reportItem struct {
	Event
	// For requests: messages new since the previous request, and how many
	// leading messages were the same as in it.
	NewMessages []llm.Message
	Unchanged   int
	Rewritten   bool
	PromptChars int
	ToolNames   []string
	Charts      []chart
}

func buildReport(tr *Trace, cfg MetricsConfig) reportData {
	d := reportData{Session: tr.Session, Path: tr.Path, Truncated: tr.Truncated, Metrics: Metrics(tr, cfg)}
	if n := len(tr.Events); n > 0 {
		d.Start, d.End = tr.Events[0].Time, tr.Events[n-1].Time
	}
	for _, m := range d.Metrics {
		d.Totals.ModelCalls += m.ModelCalls
		d.Totals.ToolCalls += m.ToolCalls
		d.Totals.ToolErrors += m.ToolErrors
		d.Totals.DiscoveryCalls += m.DiscoveryCalls
		d.Totals.RepeatDiscoveries += m.RepeatDiscoveries
		d.Totals.PromptTokens += m.PromptTokens
		d.Totals.CompletionTokens += m.CompletionTokens
		d.Totals.Errors += m.Errors
	}
	for _, e := range tr.Events {
		if e.Turn == 0 && e.Kind == KindError {
			d.SessionErrors = append(d.SessionErrors, e.Error)
		}
	}
	metricsByTurn := map[int]TurnMetrics{}
	for _, m := range d.Metrics {
		metricsByTurn[m.Turn] = m
	}
	dir := filepath.Dir(tr.Path)
	var prev []llm.Message
	for _, turn := range tr.Turns() {
		rt := reportTurn{Turn: turn, Metrics: metricsByTurn[turn.Number]}
		for _, e := range turn.Events {
			it := reportItem{Event: e}
			switch {
			case e.Kind == KindRequest && e.Request != nil:
				msgs := e.Request.Messages
				same := commonPrefix(prev, msgs)
				it.Unchanged, it.Rewritten = same, same < len(prev)
				it.NewMessages = msgs[same:]
				it.PromptChars = promptSize(*e.Request).PromptChars
				for _, t := range e.Request.Tools {
					it.ToolNames = append(it.ToolNames, t.Name)
				}
				prev = msgs
			case e.Kind == KindToolResult && e.Tool != nil:
				it.Charts = findCharts([]string{e.Tool.Result, e.Tool.FullResult}, dir)
			}
			rt.Items = append(rt.Items, it)
		}
		d.Turns = append(d.Turns, rt)
	}
	return d
}

// commonPrefix is the number of leading messages a and b share.
func commonPrefix(a, b []llm.Message) int {
	n := 0
	for n < len(a) && n < len(b) && sameMessage(a[n], b[n]) {
		n++
	}
	return n
}

func sameMessage(a, b llm.Message) bool {
	return a.Role == b.Role && a.Content == b.Content && a.Reasoning == b.Reasoning &&
		a.ToolCallID == b.ToolCallID && a.Name == b.Name && slices.Equal(a.ToolCalls, b.ToolCalls)
}

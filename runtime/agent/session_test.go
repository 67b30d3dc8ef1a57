package agent_test

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/agent/agenttest"
	"github.com/sextant-dev/sextant/runtime/llm"
)

func TestSessionRunsEveryToolAndSurvivesBadArguments(t *testing.T) {
	cat, eng := realCatalog(t)
	type step struct {
		msg     llm.Message
		wantRes string // substring of the tool result the next request carries
		ok      bool   // the call succeeds
	}
	steps := []step{
		{call(agent.ToolSearch, `{"query": "unemployment rate"`), "arguments are not a JSON object", false},
		{call("fetch_everything", `{}`), `unknown tool "fetch_everything"; the tools are: search_catalog`, false},
		{call(agent.ToolSearch, map[string]any{"query": "  "}), "query is empty", false},
		{call(agent.ToolSearch, map[string]any{"query": "rate", "limit": 500}), "limit 500 is outside 1..50", false},
		{call(agent.ToolSearch, map[string]any{"query": "rate", "frequency": "X"}), `property "frequency" is "X"`, false},
		{call(agent.ToolSearch, map[string]any{"query": "rate", "country": "Turkey"}), "not an ISO 3166 alpha-3 code", false},
		{call(agent.ToolSearch, map[string]any{"query": "rate", "from": "2020", "to": "2010"}), "from 2020 is after to 2010", false},
		{call(agent.ToolSearch, map[string]any{"query": "rate", "verbose": true}), "verbose", false},
		{call(agent.ToolSearch, map[string]any{"query": "unemployment rate", "frequency": "M"}), "- fred:UNRATE | Unemployment Rate", true},
		{call(agent.ToolSearch, map[string]any{"query": "zzzqqq"}), "no rows matched", true},
		{call(agent.ToolDescribe, map[string]any{"ids": []string{}}), "give 1 to 20 ids", false},
		{call(agent.ToolDescribe, map[string]any{"ids": []string{"fred:NOPE"}}), "unknown series: fred:NOPE", false},
		{call(agent.ToolDescribe, map[string]any{"ids": []string{"fred:UNRATE", "fred:NOPE"}}), "unknown ids (not in the catalog): fred:NOPE", true},
		{call(agent.ToolDerive, map[string]any{"table": "main", "column": "x", "op": "yoy_pct"}), "no table has been built yet", false},
		{call(agent.ToolBuildTable, map[string]any{"columns": []map[string]string{}}), "give 1 to 24 columns", false},
		{call(agent.ToolBuildTable, map[string]any{"columns": []map[string]string{{"name": "u", "series_id": "UNRATE"}}}), "unknown series: UNRATE", false},
		{call(agent.ToolBuildTable, map[string]any{"columns": []map[string]string{{"name": "u", "series_id": "evds:TP.FE.OKTG01"}}}), "observations are not in this bundle", false},
		{call(agent.ToolBuildTable, map[string]any{"columns": []map[string]string{{"name": "u", "series_id": "fred:UNRATE"}, {"name": "u", "series_id": "fred:PAYEMS"}}}), `column name "u" is used twice`, false},
		{call(agent.ToolBuildTable, map[string]any{"columns": []map[string]string{{"name": "9x", "series_id": "fred:UNRATE"}}}), `name "9x" must be at most 48 letters`, false},
		{call(agent.ToolBuildTable, map[string]any{"columns": []map[string]string{{"name": strings.Repeat("x", 49), "series_id": "fred:UNRATE"}}}), `must be at most 48 letters`, false},
		{call(agent.ToolBuildTable, map[string]any{"columns": []map[string]string{{"name": "u", "series_id": "fred:UNRATE"}}, "from": "last year"}), `from "last year" is not an ISO date`, false},
		{call(agent.ToolBuildTable, map[string]any{"columns": []map[string]string{{"name": "jobless", "series_id": "fred:UNRATE"}, {"name": "payrolls", "series_id": "fred:PAYEMS"}}, "frequency": "M", "from": "2000-01"}),
			"* jobless = fred:UNRATE", true},
		{call(agent.ToolDerive, map[string]any{"table": "other", "column": "payrolls", "op": "diff"}), `unknown table "other"; tables: main`, false},
		{call(agent.ToolDerive, map[string]any{"table": "main", "column": "wages", "op": "diff"}), `unknown column "wages" in table "main"; its columns: jobless, payrolls`, false},
		{call(agent.ToolDerive, map[string]any{"table": "main", "column": "payrolls", "op": "cube"}), `property "op" is "cube"`, false},
		{call(agent.ToolDerive, map[string]any{"table": "main", "column": "payrolls", "op": "diff", "periods": -1}), "periods -1 is negative", false},
		{call(agent.ToolDerive, map[string]any{"table": "main", "column": "payrolls", "op": "diff", "base": "2015"}), "base is for op index, not diff", false},
		{call(agent.ToolDerive, map[string]any{"table": "main", "column": "payrolls", "op": "diff", "periods": 12, "name": "payrolls_12m"}), `now has column "payrolls_12m"`, true},
		{call(agent.ToolDerive, map[string]any{"table": "main", "column": "payrolls", "op": "diff", "name": "payrolls_12m"}), `column "payrolls_12m" already exists`, false},
		{call(agent.ToolChangePoints, map[string]any{"table": "main", "column": "jobless", "max_breaks": 99}), "max_breaks 99 is outside 0..20", false},
		{call(agent.ToolChangePoints, map[string]any{"table": "main", "column": "jobless"}), `column "jobless" (fred:UNRATE)`, true},
		{call(agent.ToolChart, map[string]any{"table": "main", "columns": []string{}}), "give 1 to 8 columns", false},
		{call(agent.ToolChart, map[string]any{"table": "main", "columns": []string{"jobless", "ghost"}}), `unknown column "ghost"`, false},
		{call(agent.ToolChart, map[string]any{"table": "main", "columns": []string{"jobless", "payrolls_12m"}, "mark_breaks": true}), "draw_chart: wrote memory://chart-1.png", true},
		{call(agent.ToolConvert, map[string]any{"table": "main", "frequency": "Q", "by_column": []map[string]string{{"column": "ghost", "method": "last"}}}), `by_column: agent: unknown column "ghost" in table "main"`, false},
		{call(agent.ToolConvert, map[string]any{"table": "main", "frequency": "Q", "by_column": []map[string]string{{"column": "jobless", "method": "median"}}}), `"median"`, false},
		{call(agent.ToolAnswer, map[string]any{"text": ""}), "text is empty", false},
		{call(agent.ToolAnswer, map[string]any{}), `missing required property "text"`, false},
		{call(agent.ToolAnswer, map[string]any{"text": "UNRATE rose in 2020."}), "", true},
	}
	m := &scriptModel{window: 1 << 20}
	for _, s := range steps {
		m.script = append(m.script, s.msg)
	}
	sess, err := agent.New(m, cat, eng, agent.Options{MaxSteps: len(steps)})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sess.Ask(context.Background(), "Show me the US jobless rate and payrolls.")
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range steps[:len(steps)-1] {
		got, ok := toolResult(m.reqs[i+1], s.msg.ToolCalls[0].ID)
		if !ok {
			t.Errorf("step %d (%s): no tool result in the next request", i, s.msg.ToolCalls[0].Name)
			continue
		}
		if !strings.Contains(got, s.wantRes) {
			t.Errorf("step %d (%s %s): result\n%s\nwant it to contain %q", i, s.msg.ToolCalls[0].Name, s.msg.ToolCalls[0].Arguments, got, s.wantRes)
		}
	}
	if !res.Completed || res.Answer != "UNRATE rose in 2020." || res.StopReason != "answer" {
		t.Errorf("result: completed %v answer %q stop %q", res.Completed, res.Answer, res.StopReason)
	}
	wantActions := []string{"search", "search", "describe", "build_table", "derive", "changepoints", "chart", "answer"}
	if !slices.Equal(res.Actions, wantActions) {
		t.Errorf("actions = %v, want %v", res.Actions, wantActions)
	}
	errorsWant := 0
	for _, s := range steps {
		if !s.ok {
			errorsWant++
		}
	}
	if res.Metrics.ToolErrors != errorsWant {
		t.Errorf("tool errors = %d, want %d", res.Metrics.ToolErrors, errorsWant)
	}
	if !slices.Equal(res.SeriesUsed, []string{"fred:UNRATE", "fred:PAYEMS"}) {
		t.Errorf("series used = %v", res.SeriesUsed)
	}
	if len(res.Tables) != 1 || len(res.Derived) != 1 || len(res.ChangePoints) != 1 || len(res.Charts) != 1 {
		t.Errorf("tables %d derived %d breaks %d charts %d, want 1 each", len(res.Tables), len(res.Derived), len(res.ChangePoints), len(res.Charts))
	}
	if res.Metrics.ModelCalls != len(steps) || res.Metrics.DiscoveryCalls != 12 {
		t.Errorf("model calls %d discovery calls %d, want %d and 13", res.Metrics.ModelCalls, res.Metrics.DiscoveryCalls, len(steps))
	}
}

func TestSessionStepLimit(t *testing.T) {
	cat, eng := realCatalog(t)
	m := &scriptModel{window: 1 << 20}
	for range 3 {
		m.script = append(m.script, call(agent.ToolSearch, map[string]any{"query": "unemployment rate"}))
	}
	sess, err := agent.New(m, cat, eng, agent.Options{MaxSteps: 3})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sess.Ask(context.Background(), "q")
	if !errors.Is(err, agent.ErrStepLimit) || res.Completed || res.StopReason != "step limit" {
		t.Fatalf("err %v completed %v stop %q, want the step limit", err, res.Completed, res.StopReason)
	}
	// Under the fit policy a repeated search pages on to rows not shown yet.
	if res.Metrics.RepeatSearches != 2 || res.Metrics.RepeatDiscoveries != 0 {
		t.Errorf("repeat searches %d, repeat discoveries %d: want 2 and 0", res.Metrics.RepeatSearches, res.Metrics.RepeatDiscoveries)
	}
}

func TestPlainReplyIsTheAnswerAndReasoningIsNotSentBack(t *testing.T) {
	cat, eng := realCatalog(t)
	first := call(agent.ToolSearch, map[string]any{"query": "bank prime loan rate"})
	first.Reasoning = "I should look for the prime rate."
	m := &scriptModel{window: 1 << 20, script: []llm.Message{first, {Role: llm.Assistant, Content: "Done."}}}
	rec := &memRecorder{}
	sess, err := agent.New(m, cat, eng, agent.Options{Recorder: rec})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sess.Ask(context.Background(), "prime rate?")
	if err != nil || res.Answer != "Done." || !res.Completed {
		t.Fatalf("answer %q completed %v err %v", res.Answer, res.Completed, err)
	}
	for _, msg := range m.reqs[1].Messages {
		if msg.Reasoning != "" {
			t.Errorf("reasoning sent back to the model in a %s message", msg.Role)
		}
	}
	if len(rec.responses) != 2 || rec.responses[0].Response.Message.Reasoning != first.Reasoning {
		t.Errorf("recorder did not keep the reasoning content: %+v", rec.responses)
	}
	if len(rec.tools) != 1 || !slices.Contains(rec.tools[0].ShownIDs, "fred:DPRIME") {
		t.Errorf("tool event shown ids = %v, want fred:DPRIME among them", rec.tools)
	}
	if len(rec.turns) != 1 || rec.turns[0].Result.Answer != "Done." {
		t.Errorf("turn events = %+v", rec.turns)
	}
}

type memRecorder struct {
	requests  []agent.RequestEvent
	responses []agent.ResponseEvent
	tools     []agent.ToolEvent
	turns     []agent.TurnEvent
}

func (r *memRecorder) TurnStart(context.Context, int, string) {}
func (r *memRecorder) Request(_ context.Context, ev agent.RequestEvent) {
	r.requests = append(r.requests, ev)
}
func (r *memRecorder) Response(_ context.Context, ev agent.ResponseEvent) {
	r.responses = append(r.responses, ev)
}
func (r *memRecorder) ToolResult(_ context.Context, ev agent.ToolEvent) {
	r.tools = append(r.tools, ev)
}
func (r *memRecorder) Turn(_ context.Context, ev agent.TurnEvent) { r.turns = append(r.turns, ev) }

// tooLong rejects the first n requests as too long.
type tooLong struct {
	n, calls int
}

func (m *tooLong) ContextWindow() int { return 1 << 16 }
func (m *tooLong) Generate(context.Context, llm.Request) (llm.Response, error) {
	m.calls++
	if m.calls <= m.n {
		return llm.Response{}, llm.ErrContextWindow
	}
	return llm.Response{Message: llm.Message{Role: llm.Assistant, Content: "ok"}}, nil
}

func TestContextWindowRejectionsAreRetriedThenReported(t *testing.T) {
	cat, eng := realCatalog(t)
	m := &tooLong{n: 2}
	sess, _ := agent.New(m, cat, eng, agent.Options{})
	if res, err := sess.Ask(context.Background(), "q"); err != nil || res.Answer != "ok" {
		t.Errorf("after two rejections: answer %q, err %v", res.Answer, err)
	}
	m = &tooLong{n: 100}
	sess, _ = agent.New(m, cat, eng, agent.Options{})
	_, err := sess.Ask(context.Background(), "q")
	if !errors.Is(err, llm.ErrContextWindow) || m.calls != 4 {
		t.Errorf("always rejected: err %v after %d calls, want llm.ErrContextWindow after 4", err, m.calls)
	}
}

// listedIDs are the candidate lines of a tool result (before any shortlist).
func listedIDs(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "Shortlist") {
			break
		}
		if rest, ok := strings.CutPrefix(l, "- "); ok {
			id, _, _ := strings.Cut(rest, " | ")
			out = append(out, id)
		}
	}
	return out
}

// shortlistIDs are the candidate lines after the shortlist header.
func shortlistIDs(text string) []string {
	_, after, ok := strings.Cut(text, "Shortlist")
	if !ok {
		return nil
	}
	var out []string
	for _, l := range strings.Split(after, "\n") {
		if rest, ok := strings.CutPrefix(l, "- "); ok {
			id, _, _ := strings.Cut(rest, " | ")
			out = append(out, id)
		}
	}
	return out
}

func searchTurn(t *testing.T, policy agent.Policy) (agent.TurnResult, *agenttest.Decisions, *scriptModel) {
	t.Helper()
	cat, eng := realCatalog(t)
	m := &scriptModel{window: 1 << 20}
	for _, a := range []map[string]any{
		{"query": "unemployment rate"},
		{"query": "unemployment rate"},
		{"query": "civilian unemployment rate", "frequency": "M"},
		{"query": "interest rate"},
	} {
		m.script = append(m.script, call(agent.ToolSearch, a))
	}
	m.script = append(m.script, llm.Message{Role: llm.Assistant, Content: "done"})
	d := &agenttest.Decisions{}
	sess, err := agent.New(m, cat, eng, agent.Options{Policy: policy, Recorder: d})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sess.Ask(context.Background(), "q")
	if err != nil {
		t.Fatal(err)
	}
	return res, d, m
}

// A search never lists a row the turn already showed: it pages on to new
// rows, counts the others on one line, and the shortlist still holds every
// row, the newest search's first. Only new rows count as discovered, and the
// repeat-discovery metric agrees.
func TestSearchNeverRelistsWhatTheTurnShowed(t *testing.T) {
	res, d, m := searchTurn(t, agent.PolicyFit)
	shown := map[string]bool{}
	var order []string
	for i, ev := range d.Tools {
		listed := listedIDs(ev.Result)
		for _, id := range listed {
			if shown[id] {
				t.Errorf("search %d listed %s again", i, id)
			}
		}
		if !slices.Equal(listed, ev.ShownIDs) {
			t.Errorf("search %d: ShownIDs %v, listed %v", i, ev.ShownIDs, listed)
		}
		if len(listed) != agent.DefaultSearchRows {
			t.Errorf("search %d listed %d rows, want a full page of %d", i, len(listed), agent.DefaultSearchRows)
		}
		for _, id := range listed {
			shown[id] = true
		}
		order = append(listed, order...)
	}
	// The identical second search matched rows of the first page again: it
	// counts them, and (as the next request shows) the shortlist lists them
	// right after its new rows.
	m1 := regexp.MustCompile(`also matched: (\d+) rows already in your shortlist`).FindStringSubmatch(d.Tools[1].Result)
	if m1 == nil {
		t.Fatalf("repeated search does not count the rows it matched again:\n%s", d.Tools[1].Result)
	}
	again, _ := strconv.Atoi(m1[1])
	if again < 1 || again > agent.DefaultSearchRows {
		t.Fatalf("repeated search counts %d rows matched again", again)
	}
	carrier1, _ := toolResult(m.reqs[2], d.Tools[1].Call.ID)
	sl1 := shortlistIDs(carrier1)
	if !slices.Equal(sl1[:agent.DefaultSearchRows], d.Tools[1].ShownIDs) {
		t.Errorf("shortlist after the repeated search does not start with its new rows")
	}
	for _, id := range sl1[agent.DefaultSearchRows : agent.DefaultSearchRows+again] {
		if !slices.Contains(d.Tools[0].ShownIDs, id) {
			t.Errorf("shortlist entry %s after the new rows is not a row the search matched again", id)
		}
	}
	if res.Metrics.RepeatDiscoveries != 0 || res.Metrics.DiscoveryCalls != 4 {
		t.Errorf("repeat discoveries %d, discovery calls %d; want 0 and 4", res.Metrics.RepeatDiscoveries, res.Metrics.DiscoveryCalls)
	}
	last := m.reqs[len(m.reqs)-1]
	carrier, _ := toolResult(last, d.Tools[len(d.Tools)-1].Call.ID)
	sl := shortlistIDs(carrier)
	if len(sl) != len(shown) {
		t.Errorf("shortlist holds %d rows, the turn showed %d", len(sl), len(shown))
	}
	newest := d.Tools[len(d.Tools)-1].ShownIDs
	if len(sl) < len(newest) || !slices.Equal(sl[:len(newest)], newest) {
		t.Errorf("shortlist does not start with the newest search's rows:\n%v\n%v", sl, newest)
	}
	for _, id := range order {
		if !slices.Contains(sl, id) {
			t.Errorf("shortlist lost %s", id)
		}
	}
}

// The naive policy re-states nothing, so its searches list every match
// again, and each re-listed line is a repeat discovery.
func TestNaiveSearchesRelistAndCountRepeats(t *testing.T) {
	res, d, _ := searchTurn(t, agent.PolicyNaive)
	shown := map[string]bool{}
	relisted := 0
	for _, ev := range d.Tools {
		listed := listedIDs(ev.Result)
		var fresh []string
		for _, id := range listed {
			if shown[id] {
				relisted++
			} else {
				fresh = append(fresh, id)
			}
			shown[id] = true
		}
		if !slices.Equal(fresh, ev.ShownIDs) {
			t.Errorf("ShownIDs %v, want only the new rows %v", ev.ShownIDs, fresh)
		}
	}
	if !slices.Equal(listedIDs(d.Tools[0].Result), listedIDs(d.Tools[1].Result)) {
		t.Error("naive: the identical search did not list the same rows")
	}
	if relisted < agent.DefaultSearchRows || res.Metrics.RepeatDiscoveries != relisted {
		t.Errorf("repeat discoveries %d, re-listed lines %d", res.Metrics.RepeatDiscoveries, relisted)
	}
}

// A chart or a break search on a column computed from two series uses
// both series.
func TestDerivedColumnsUseEverySeriesBehindThem(t *testing.T) {
	cat, eng := realCatalog(t)
	cols := []map[string]string{{"name": "jobless", "series_id": "fred:UNRATE"}, {"name": "payrolls", "series_id": "fred:PAYEMS"}}
	first := []llm.Message{
		call(agent.ToolBuildTable, map[string]any{"columns": cols, "frequency": "M", "from": "2000-01"}),
		call(agent.ToolDerive, map[string]any{"table": "main", "columns": []string{"jobless", "payrolls"}, "op": "ratio", "name": "per_job"}),
		call(agent.ToolAnswer, map[string]any{"text": "done"}),
	}
	second := []llm.Message{
		call(agent.ToolChangePoints, map[string]any{"table": "main", "column": "per_job"}),
		call(agent.ToolChart, map[string]any{"table": "main", "columns": []string{"per_job"}}),
		call(agent.ToolAnswer, map[string]any{"text": "charted"}),
	}
	m := &scriptModel{window: 1 << 20, script: append(first, second...)}
	sess, err := agent.New(m, cat, eng, agent.Options{MaxSteps: 10})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Ask(context.Background(), "Jobless rate per payroll job."); err != nil {
		t.Fatal(err)
	}
	res, err := sess.Ask(context.Background(), "Chart it with its breaks.")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.SeriesUsed, []string{"fred:UNRATE", "fred:PAYEMS"}) {
		t.Errorf("series used by the chart and the breaks of a ratio column: %v, want both series", res.SeriesUsed)
	}
}

package agent

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/search"
)

// fakeResult makes a search result of n rows under groups of 4.
func fakeResult(tag string, n int) (search.Request, search.Result) {
	req := search.Request{Query: "query " + tag, Limit: n}
	res := search.Result{Query: req.Query, Total: n * 10}
	for i := range n {
		if i%4 == 0 {
			res.Groups = append(res.Groups, search.Group{Heading: "Heading " + tag + fmt.Sprint(i/4),
				HeadingPath: []string{"SRC", "Topic", "Heading " + tag + fmt.Sprint(i/4)}, Size: 196})
		}
		g := &res.Groups[len(res.Groups)-1]
		g.Hits = append(g.Hits, search.Hit{ID: fmt.Sprintf("src:%s.%03d", tag, i), Title: fmt.Sprintf("Series %s %d with a fairly long descriptive title", tag, i),
			Unit: "Percent of GDP", Frequency: "M", SeasonalAdjustment: "SA", Country: "TUR", Start: "2000-01-01", End: "2024-09-01", HasData: true})
	}
	return req, res
}

// history builds one turn per entry of searches, each with that many search
// steps of rows results.
func history(searches []int, rows int) []*turn {
	var turns []*turn
	for ti, n := range searches {
		t := &turn{user: fmt.Sprintf("question %d", ti)}
		for si := range n {
			tag := fmt.Sprintf("t%ds%d", ti, si)
			req, res := fakeResult(tag, rows)
			full, compact, shown := renderSearch(req, res)
			id := "call_" + tag
			rec := &toolRecord{callID: id, name: ToolSearch, label: describeSearch(req.Query, req), full: full, compact: compact,
				fullIDs: idsOf(shown), compactIDs: idsOf(shown), isSearch: true}
			t.steps = append(t.steps, step{assistant: llm.Message{Role: llm.Assistant, ToolCalls: []llm.ToolCall{{ID: id, Name: ToolSearch, Arguments: `{"query":"q"}`}}},
				results: []*toolRecord{rec}})
			t.addToShortlist(shown)
		}
		turns = append(turns, t)
	}
	return turns
}

func newAssembler(window int, p Policy) *assembler {
	est := newEstimator()
	specs, _ := ToolSpecs()
	return &assembler{policy: p, system: SystemPrompt(), window: window, replyTokens: min(max(window/8, 256), 4096),
		est: est, toolTokens: est.bytes(toolsBytes(specs))}
}

func fullTokens(a *assembler, turns []*turn) int {
	p := &plan{form: map[*toolRecord]form{}, dropStep: map[*step]bool{}, dropTurn: map[int]bool{}, shortlistKeep: len(turns[len(turns)-1].shortlist)}
	return a.historyTokens(turns, p)
}

func TestNothingCollapsesWhenEverythingFits(t *testing.T) {
	turns := history([]int{2, 3}, 12)
	a := newAssembler(1<<20, PolicyFit)
	asm, err := a.assemble(turns)
	if err != nil {
		t.Fatal(err)
	}
	if asm.Collapsed != 0 || len(asm.Dropped) != 0 {
		t.Errorf("collapsed %d dropped %v with a window of a million tokens", asm.Collapsed, asm.Dropped)
	}
	for _, r := range recordsOldestFirst(turns) {
		if !containsMessage(asm.Messages, r.full) {
			t.Errorf("result %s not shown in full", r.label)
		}
	}
}

func containsMessage(ms []llm.Message, text string) bool {
	for _, m := range ms {
		if strings.Contains(m.Content, text) {
			return true
		}
	}
	return false
}

func TestCollapsedResultsKeepIDsAndTitles(t *testing.T) {
	turns := history([]int{3, 4}, 12)
	a := newAssembler(1<<20, PolicyFit)
	need := fullTokens(a, turns)
	// A window a quarter short of the full history: collapse must happen,
	// dropping must not.
	a = newAssembler(1<<20, PolicyFit)
	a.window = need*3/4 + (a.window - a.budget())
	asm, err := a.assemble(turns)
	if err != nil {
		t.Fatal(err)
	}
	if asm.Collapsed == 0 || len(asm.Dropped) != 0 {
		t.Fatalf("collapsed %d dropped %v: want collapse without dropping", asm.Collapsed, asm.Dropped)
	}
	for _, r := range recordsOldestFirst(turns) {
		var shown string
		for _, m := range asm.Messages {
			if m.ToolCallID == r.callID {
				shown = m.Content
			}
		}
		if shown == "" {
			t.Fatalf("result %s missing", r.label)
		}
		for _, id := range r.fullIDs {
			if !strings.Contains(shown, id+" | Series ") {
				t.Errorf("result %s as shown lost %s or its title:\n%s", r.label, id, shown)
			}
		}
		if strings.Count(shown, "## ") != 3 {
			t.Errorf("result %s as shown lost its heading lines:\n%s", r.label, shown)
		}
	}
}

func TestShortlistIsNewestFirstCompleteAndOnTheNewestSearch(t *testing.T) {
	turns := history([]int{3}, 5)
	cur := turns[0]
	// Re-show one row of the first search in a fourth search: it moves to the front.
	req, res := fakeResult("t0s3", 2)
	res.Groups[0].Hits[1].ID = "src:t0s0.001"
	full, compact, shown := renderSearch(req, res)
	rec := &toolRecord{callID: "call_again", name: ToolSearch, label: "again", full: full, compact: compact, fullIDs: idsOf(shown), compactIDs: idsOf(shown), isSearch: true}
	cur.steps = append(cur.steps, step{assistant: llm.Message{Role: llm.Assistant, ToolCalls: []llm.ToolCall{{ID: "call_again", Name: ToolSearch}}}, results: []*toolRecord{rec}})
	cur.addToShortlist(shown)

	want := []string{"src:t0s3.000", "src:t0s0.001"}
	for _, tag := range []string{"t0s2", "t0s1", "t0s0"} {
		for i := range 5 {
			id := fmt.Sprintf("src:%s.%03d", tag, i)
			if id != "src:t0s0.001" {
				want = append(want, id)
			}
		}
	}
	if got := idsOf(cur.shortlist); !slices.Equal(got, want) {
		t.Fatalf("shortlist order\n got %v\nwant %v", got, want)
	}
	asm, err := newAssembler(1<<20, PolicyFit).assemble(turns)
	if err != nil {
		t.Fatal(err)
	}
	var carrier, older string
	for _, m := range asm.Messages {
		switch m.ToolCallID {
		case "call_again":
			carrier = m.Content
		case "call_t0s0":
			older = m.Content
		}
	}
	_, list, ok := strings.Cut(carrier, "Shortlist for the current request")
	if !ok {
		t.Fatalf("newest search carries no shortlist:\n%s", carrier)
	}
	pos := -1
	for _, id := range want {
		i := strings.Index(list, "- "+id+" | ")
		if i < 0 || i < pos {
			t.Fatalf("shortlist misses %s or has it out of order:\n%s", id, list)
		}
		pos = i
	}
	if !strings.Contains(list, "in: Heading t0s0") || !strings.Contains(list, "unit: Percent of GDP") || !strings.Contains(list, "freq: M") {
		t.Errorf("shortlist entries lack heading, unit or frequency:\n%s", list)
	}
	if strings.Contains(older, "Shortlist for the current request") {
		t.Error("an older search re-states the shortlist too; only the newest should")
	}
}

func TestShortlistIsNotCappedAtScale(t *testing.T) {
	// Twenty searches of fifty rows each: a thousand candidates in one turn.
	turns := history([]int{20}, 50)
	a := newAssembler(1<<20, PolicyFit)
	asm, err := a.assemble(turns)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range turns[0].shownIDs() {
		if !asm.VisibleIDs[id] {
			t.Fatalf("%s not visible with room to spare", id)
		}
	}
	if len(turns[0].shortlist) != 1000 {
		t.Fatalf("shortlist has %d entries, want 1000", len(turns[0].shortlist))
	}
}

func TestBudgetComesFromTheWindowAndTheMeasuredPrompt(t *testing.T) {
	for _, window := range []int{8_000, 32_000, 128_000} {
		a := newAssembler(window, PolicyFit)
		specs, _ := ToolSpecs()
		want := window - a.replyTokens - a.est.tokens(SystemPrompt()) - a.est.bytes(toolsBytes(specs)) - messageOverhead
		if got := a.budget(); got != want || got <= 0 || got >= window {
			t.Errorf("window %d: budget %d, want %d", window, got, want)
		}
	}
	a := newAssembler(32_000, PolicyFit)
	a.system += strings.Repeat(" longer prompt", 300)
	if b := newAssembler(32_000, PolicyFit).budget(); a.budget() >= b {
		t.Errorf("a longer system prompt left the budget at %d (was %d)", a.budget(), b)
	}
}

func TestCalibrationFollowsReportedPromptTokens(t *testing.T) {
	e := newEstimator()
	msgs := []llm.Message{{Role: llm.User, Content: strings.Repeat("abcd ", 2000)}}
	// The server says 2,000 tokens for 10,000 bytes: 5 bytes a token.
	e.calibrate(msgs, nil, 2000+messageOverhead)
	if got := e.messages(msgs); got < 1990 || got > 2010 {
		t.Errorf("after calibration the estimate is %d tokens, want about 2000", got)
	}
	before := e.ratio
	e.tighten()
	if e.ratio >= before {
		t.Errorf("tighten left the ratio at %v", e.ratio)
	}
	e.calibrate(msgs, nil, 0)
	if e.ratio != before*0.8 {
		t.Errorf("a missing count changed the ratio to %v", e.ratio)
	}
}

// assembleSixth assembles turns at a sixth of the window they need, with
// the session's tables as state, and fails unless something was dropped.
func assembleSixth(t *testing.T, turns []*turn, state string) (*assembler, Assembly) {
	t.Helper()
	a := newAssembler(1<<20, PolicyFit)
	a.state = state
	a.window = fullTokens(a, turns)/6 + (a.window - a.budget())
	asm, err := a.assemble(turns)
	if err != nil {
		t.Fatal(err)
	}
	if len(asm.Dropped) == 0 {
		t.Fatal("nothing dropped at a sixth of the size needed")
	}
	return a, asm
}

func TestDroppingIsToldPlainly(t *testing.T) {
	turns := history([]int{4, 6}, 20)
	a, asm := assembleSixth(t, turns, "")
	sys := asm.Messages[0].Content
	if !strings.Contains(sys, "Context note: to fit the model's context window") {
		t.Fatalf("system message carries no context note:\n%s", sys)
	}
	if !strings.Contains(sys, `earlier turn 1 (search_catalog "query t0s0"`) {
		t.Errorf("the note does not name the dropped results:\n%s", sys[len(SystemPrompt()):])
	}
	if got := a.est.messages(asm.Messages[1:]); got > asm.Budget {
		t.Errorf("history is %d tokens, over the %d budget", got, asm.Budget)
	}
	// The current turn's candidates stay visible through the shortlist as
	// long as it fits.
	cur := turns[len(turns)-1]
	lost := 0
	for _, id := range cur.shownIDs() {
		if !asm.VisibleIDs[id] {
			lost++
		}
	}
	t.Logf("dropped: %v; %d of %d current-turn ids lost", asm.Dropped, lost, len(cur.shownIDs()))
	if lost > 0 && !strings.Contains(sys, "oldest shortlist entries") {
		t.Errorf("%d candidate ids lost without the note saying the shortlist was cut", lost)
	}
}

// A window too small even for the newest result still sends a request:
// the result is cut to what fits, and the context note says so.
func TestWindowTooSmallStillSendsAndSays(t *testing.T) {
	turns := history([]int{1}, 50)
	a := newAssembler(1<<20, PolicyFit)
	a.window = MinHistoryBudget + (a.window - a.budget())
	asm, err := a.assemble(turns)
	if err != nil {
		t.Fatalf("assemble: %v, want a request that fits", err)
	}
	if got := a.est.messages(asm.Messages[1:]) + a.est.tokens(asm.Messages[0].Content) - a.est.tokens(a.system); got > a.budget()+a.est.perMessage {
		t.Errorf("history of %d tokens sent into a budget of %d", got, a.budget())
	}
	note := strings.Join(asm.Dropped, "\n")
	if !strings.Contains(note, "newest result") {
		t.Errorf("context note %q does not say the newest result was cut", note)
	}
	last := asm.Messages[len(asm.Messages)-1]
	if last.Role != llm.Tool || !strings.Contains(last.Content, "cut to fit the context window") {
		t.Errorf("newest tool message does not say it was cut: %q", last.Content)
	}
}

// With the window for only part of a turn's first result, the result is
// cut and every id it still shows is visible.
func TestCutResultKeepsOnlyIDsItShows(t *testing.T) {
	turns := history([]int{1}, 50)
	a := newAssembler(1<<20, PolicyFit)
	a.window = 600 + (a.window - a.budget())
	asm, err := a.assemble(turns)
	if err != nil {
		t.Fatal(err)
	}
	last := asm.Messages[len(asm.Messages)-1].Content
	shown := 0
	for id := range asm.VisibleIDs {
		if !strings.Contains(last, "- "+id+" | ") {
			t.Errorf("id %s counted visible but not in the cut result", id)
		}
		shown++
	}
	if shown == 0 || shown >= 50 {
		t.Errorf("%d of 50 ids visible after the cut, want some but not all", shown)
	}
}

func TestNaivePolicyKeepsThreeFirstLines(t *testing.T) {
	turns := history([]int{5}, 8)
	asm, err := newAssembler(1<<20, PolicyNaive).assemble(turns)
	if err != nil {
		t.Fatal(err)
	}
	var tools []llm.Message
	for _, m := range asm.Messages {
		if m.Role == llm.Tool {
			tools = append(tools, m)
		}
	}
	if len(tools) != 3 {
		t.Fatalf("%d tool messages, want 3", len(tools))
	}
	for _, m := range tools[:2] {
		if strings.Contains(m.Content, "\n") || strings.Contains(m.Content, "src:") {
			t.Errorf("naive older result is not cut to its first line: %q", m.Content)
		}
	}
	if strings.Contains(tools[2].Content, "Shortlist") {
		t.Error("naive policy shows a shortlist")
	}
	if len(asm.VisibleIDs) != 8 {
		t.Errorf("%d ids visible, want only the newest result's 8", len(asm.VisibleIDs))
	}
}

// BenchmarkAssemble measures one request's assembly for a heavy turn
// (twenty searches of fifty rows), with room and with a window that forces
// collapsing, dropping and shortlist trimming.
func BenchmarkAssemble(b *testing.B) {
	turns := history([]int{4, 20}, 50)
	for _, tc := range []struct {
		name   string
		window int
	}{{"room", 1 << 20}, {"tight", 9_000}} {
		b.Run(tc.name, func(b *testing.B) {
			a := newAssembler(tc.window, PolicyFit)
			for b.Loop() {
				if _, err := a.assemble(turns); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The size estimate from lengths must equal the estimate of the rendered
// messages, for every kind of plan.
func TestHistoryTokensMatchesRenderedMessages(t *testing.T) {
	turns := history([]int{3, 5}, 20)
	a := newAssembler(1<<20, PolicyFit)
	cur := turns[1]
	for _, keep := range []int{0, 1, 9, 10, len(cur.shortlist)} {
		p := &plan{form: map[*toolRecord]form{}, dropStep: map[*step]bool{&turns[0].steps[1]: true}, dropTurn: map[int]bool{},
			shortlistKeep: keep, notices: []string{"something"}}
		p.form[turns[0].steps[0].results[0]] = formCompact
		asm := a.render(turns, p)
		want := a.est.messages(asm.Messages[1:]) + a.est.tokens(asm.Messages[0].Content) - a.est.tokens(a.system)
		if got := a.historyTokens(turns, p); got != want {
			t.Errorf("keep %d: historyTokens %d, rendered %d", keep, got, want)
		}
	}
}

// When the results that built the tables are dropped, the note says what
// the tables hold now, in the budget, so the model keeps working on them.
func TestDroppedResultsLeaveTheTablesStanding(t *testing.T) {
	turns := history([]int{4, 6}, 20)
	a, asm := assembleSixth(t, turns, tablesText([]TableSummary{{Name: "main", Frequency: "Q", From: "2000Q1", To: "2022Q4", Rows: 92, Columns: []ColumnInfo{
		{Name: "gdp_ifs", SeriesID: "ifs:NGDP_SA_XDC.US"}, {Name: "ratio", SeriesID: "ifs:NGDP_SA_XDC.US", Derived: "ratio of gdp_ifs, gdp"}}}}))
	sys := asm.Messages[0].Content
	want := "- main: frequency Q, 2000Q1..2022Q4, 92 rows; columns: gdp_ifs = ifs:NGDP_SA_XDC.US; ratio = ifs:NGDP_SA_XDC.US (derived: ratio of gdp_ifs, gdp)"
	if !strings.Contains(sys, tablesHeading+"\n"+want) {
		t.Errorf("the note does not list the standing tables:\n%s", sys[len(SystemPrompt()):])
	}
	if got := a.est.messages(asm.Messages[1:]); got > asm.Budget {
		t.Errorf("history is %d tokens, over the %d budget", got, asm.Budget)
	}
	// Nothing dropped, nothing said.
	b := newAssembler(1<<20, PolicyFit)
	b.state = a.state
	if asm, _ := b.assemble(turns); strings.Contains(asm.Messages[0].Content, tablesHeading) {
		t.Error("the tables were listed with nothing dropped")
	}
}

package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/web"
)

var chartImg = regexp.MustCompile(`<img src="(/chat/[0-9a-f]{32}/files/[^"]+\.svg)"`)

// checkChatTurn asks the chart question and asserts the session's page
// ends with a table preview and the chart inline, served from the
// session's folder.
func checkChatTurn(t *testing.T, b *browser) string {
	t.Helper()
	sid := b.startChat(chartQuestion)
	st := b.waitTurn(sid, 2*time.Minute)
	var status struct {
		Last struct {
			StopReason string `json:"stop_reason"`
			Error      string
			Tables     int
			Charts     int
			Steps      int
		}
	}
	if err := json.Unmarshal([]byte(st), &status); err != nil {
		t.Fatal(err)
	}
	if l := status.Last; l.StopReason != "answer" || l.Error != "" || l.Tables == 0 || l.Charts == 0 || l.Steps < 4 {
		t.Fatalf("turn: %s", st)
	}
	code, page := b.get("/chat/" + sid)
	if code != http.StatusOK {
		t.Fatalf("chat page: %d", code)
	}
	answer := page[strings.LastIndex(page, `<div class="answer">`):]
	preview := regexp.MustCompile(`(?s)<table class="preview">.*?</table>`).FindString(answer)
	if !strings.Contains(preview, "<th scope=\"col\">date</th>") || strings.Count(preview, "<tr>") < 4 {
		t.Errorf("no table preview in the answer:\n%s", preview)
	}
	if !strings.Contains(answer, `href="/series/fred:UNRATE"`) {
		t.Error("the table does not name its series fred:UNRATE")
	}
	m := chartImg.FindStringSubmatch(answer)
	if m == nil {
		t.Fatalf("no chart in the answer:\n%s", answer)
	}
	resp, svg := b.do(mustReq(t, b.base+m[1]))
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(svg, "<svg") {
		t.Errorf("chart %s: %s %s", m[1], resp.Status, resp.Header.Get("Content-Type"))
	}
	// Each step is on the page: tool calls with the results the model saw.
	if n := strings.Count(page, `<li class="step tool">`); n < 4 {
		t.Errorf("%d tool steps on the page, want the search, build, breaks and chart", n)
	}
	if !strings.Contains(page, "Result as the model saw it") || !strings.Contains(page, "fred:UNRATE") {
		t.Error("tool results not shown")
	}
	return sid
}

func TestChatTurnEndsWithTableAndChart(t *testing.T) {
	ts, _, _ := newServer(t, demoBundle(t), nil)
	b := newBrowser(t, ts)
	sid := checkChatTurn(t, b)

	// The table downloads; the trace shows as the HTML report and exports.
	resp, csvText := b.do(mustReq(t, b.base+"/chat/"+sid+"/tables/main?format=csv"))
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(csvText, "date,") || strings.Count(csvText, "\n") < 100 {
		t.Errorf("table csv: %s %.100q", resp.Status, csvText)
	}
	resp, report := b.do(mustReq(t, b.base+"/chat/"+sid+"/trace"))
	if resp.StatusCode != http.StatusOK || !strings.Contains(report, "structural breaks") || !strings.Contains(report, `<img class="chart" src="data:image/svg`) {
		t.Errorf("trace report: %s, question or embedded chart missing", resp.Status)
	}
	resp, _ = b.do(mustReq(t, b.base+"/chat/"+sid+"/trace?download=1"))
	if !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("report export: %v", resp.Header)
	}
	resp, jsonl := b.do(mustReq(t, b.base+"/chat/"+sid+"/trace?format=jsonl"))
	if !strings.Contains(jsonl, `"kind":"tool_result"`) {
		t.Errorf("trace jsonl: %s %.200s", resp.Status, jsonl)
	}

	// A second turn in the same session keeps the first.
	resp, _ = b.post("/chat/"+sid+"/ask", url.Values{"message": {"Draw a chart of everything in the table."}})
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/chat/"+sid+"#turn-2" {
		t.Fatalf("second ask: %s → %s", resp.Status, resp.Header.Get("Location"))
	}
	b.waitTurn(sid, 2*time.Minute)
	_, page := b.get("/chat/" + sid)
	if !strings.Contains(page, `id="turn-1"`) || !strings.Contains(page, `id="turn-2"`) {
		t.Error("the page does not show both turns")
	}

	// Another browser cannot see the session.
	other := newBrowser(t, ts)
	if code, _ := other.get("/chat/" + sid); code != http.StatusNotFound {
		t.Errorf("another browser's view of the session: %d", code)
	}
	if code, _ := other.get("/chat/" + sid + "/trace"); code != http.StatusNotFound {
		t.Errorf("another browser's view of the trace: %d", code)
	}

	// Closing frees the session.
	resp, _ = b.post("/chat/"+sid+"/close", url.Values{})
	if resp.StatusCode != http.StatusSeeOther {
		t.Errorf("close: %s", resp.Status)
	}
	if code, _ := b.get("/chat/" + sid); code != http.StatusNotFound {
		t.Errorf("closed session still served: %d", code)
	}
}

// The live stream carries each step as it happens, then the whole turn.
func TestChatStreamsStepsAsTheyHappen(t *testing.T) {
	ts, _, _ := newServer(t, demoBundle(t), nil)
	b := newBrowser(t, ts)
	resp, _ := b.post("/chat", url.Values{})
	sid := sessionPath.FindStringSubmatch(resp.Header.Get("Location"))[1]
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, b.base+"/chat/"+sid+"/events", nil)
	stream, err := b.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	if ct := stream.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("events: %s", ct)
	}
	if resp, body := b.post("/chat/"+sid+"/ask", url.Values{"message": {chartQuestion}}); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("ask: %s %s", resp.Status, body)
	}
	var kinds []string
	var last string
	sc := bufio.NewScanner(stream.Body)
	sc.Buffer(make([]byte, 1<<20), 8<<20)
	kind := ""
	for sc.Scan() {
		line := sc.Text()
		if k, ok := strings.CutPrefix(line, "event: "); ok {
			kind = k
		}
		if d, ok := strings.CutPrefix(line, "data: "); ok {
			var ev struct{ Target, Mode, HTML string }
			if err := json.Unmarshal([]byte(d), &ev); err != nil {
				t.Fatalf("event %s data: %v", kind, err)
			}
			kinds = append(kinds, kind)
			if kind == "step" && (ev.Target != "turn-1-steps" || ev.Mode != "append" || !strings.Contains(ev.HTML, `class="step`)) {
				t.Errorf("step event: %+v", ev)
			}
			if kind == "done" {
				last = ev.HTML
				break
			}
		}
	}
	if len(kinds) < 6 || kinds[0] != "turn" || kinds[len(kinds)-1] != "done" {
		t.Fatalf("events: %v", kinds)
	}
	steps := 0
	for _, k := range kinds {
		if k == "step" {
			steps++
		}
	}
	if steps < 4 || !strings.Contains(last, `<table class="preview">`) || !strings.Contains(last, "<img src=") {
		t.Errorf("%d step events; the final turn has a preview %v and a chart %v", steps,
			strings.Contains(last, `<table class="preview">`), strings.Contains(last, "<img src="))
	}
}

// Without a model the workbench still searches and browses; the chat page
// says how to turn chat on.
func TestChatOffWithoutAModel(t *testing.T) {
	ts, _, _ := newServer(t, demoBundle(t), func(c *web.Config) { c.Model = nil })
	b := newBrowser(t, ts)
	code, body := b.get("/chat")
	if code != http.StatusOK || !strings.Contains(body, "Chat is off") || !strings.Contains(body, "--llm sim") {
		t.Errorf("/chat without a model: %d", code)
	}
	resp, body := b.post("/chat", url.Values{"csrf": {b.csrfFrom("/search")}})
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, "--llm") {
		t.Errorf("POST /chat without a model: %s", resp.Status)
	}
	if code, _ := b.get("/search?q=US+unemployment+rate"); code != http.StatusOK {
		t.Errorf("search without a model: %d", code)
	}
}

// slowModel holds each model call until released, so a test can see a
// turn while it runs.
type slowModel struct {
	llm.Model
	release chan struct{}
}

func (m slowModel) Generate(ctx context.Context, req llm.Request) (llm.Response, error) {
	select {
	case <-m.release:
	case <-ctx.Done():
		return llm.Response{}, ctx.Err()
	}
	return m.Model.Generate(ctx, req)
}

// While a turn runs, the page without JavaScript refreshes itself and
// offers to stop the turn; stopping it ends the turn and says so.
func TestRunningTurnRefreshesAndStops(t *testing.T) {
	release := make(chan struct{})
	ts, _, _ := newServer(t, demoBundle(t), func(c *web.Config) { c.Model = slowModel{Model: c.Model, release: release} })
	b := newBrowser(t, ts)
	sid := b.startChat(chartQuestion)
	release <- struct{}{} // the first model call goes through; the second waits
	_, page := b.get("/chat/" + sid)
	if !strings.Contains(page, `<noscript><meta http-equiv="refresh" content="2"></noscript>`) {
		t.Error("a running turn's page does not refresh itself without JavaScript")
	}
	if !strings.Contains(page, `id="stop"`) || strings.Contains(page, `id="stop" formaction="/chat/`+sid+`/stop" formnovalidate class="secondary" hidden`) {
		t.Error("no visible stop button while the turn runs")
	}
	if resp, _ := b.post("/chat/"+sid+"/ask", url.Values{"message": {"another"}}); resp.StatusCode != http.StatusConflict {
		t.Errorf("ask while running: %s", resp.Status)
	}
	if resp, _ := b.post("/chat/"+sid+"/stop", url.Values{}); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("stop: %s", resp.Status)
	}
	st := b.waitTurn(sid, time.Minute)
	if !strings.Contains(st, `"error":"stopped"`) {
		t.Errorf("stopped turn: %s", st)
	}
	_, page = b.get("/chat/" + sid)
	if strings.Contains(page, `http-equiv="refresh"`) || !strings.Contains(page, "The turn failed: stopped") {
		t.Error("the finished page still refreshes, or does not say the turn was stopped")
	}
}

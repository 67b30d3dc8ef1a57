package trace

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
)

func newTestWriter(t *testing.T) (*Writer, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sessions", "s1.jsonl")
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	w.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	return w, path
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func user(s string) llm.Message { return llm.Message{Role: llm.User, Content: s} }
func toolMsg(id, s string) llm.Message {
	return llm.Message{Role: llm.Tool, ToolCallID: id, Name: "search_catalog", Content: s}
}

func TestWriteReadRoundTrip(t *testing.T) {
	w, path := newTestWriter(t)
	info := SessionInfo{ID: "s1", Model: "qwen", ContextWindow: 32768, BundleID: "b-42", Meta: map[string]string{"endpoint": "http://x"}}
	must(t, w.SessionStart(info))
	turn, err := w.TurnStart("unemployment in France?")
	must(t, err)
	temp := float32(0)
	req := llm.Request{Messages: []llm.Message{user("q")}, Tools: []llm.ToolSpec{{Name: "search_catalog", Parameters: []byte(`{"type":"object"}`)}}, Temperature: &temp}
	call, err := w.Request(req)
	must(t, err)
	resp := llm.Response{Message: llm.Message{Role: llm.Assistant, Reasoning: "think", ToolCalls: []llm.ToolCall{{ID: "c1", Name: "search_catalog", Arguments: `{"q":`}}}, FinishReason: "tool_calls", Usage: llm.Usage{PromptTokens: 10, CompletionTokens: 3}}
	must(t, w.Response(resp, 1500*time.Millisecond))
	tool := ToolResult{CallID: "c1", Name: "search_catalog", Arguments: `{"q":`, Result: "short", FullResult: "short and long", ShownIDs: []string{"A", "B"}, DurationMS: 12}
	must(t, w.ToolResult(tool))
	must(t, w.Error(errors.New("boom")))
	must(t, w.TurnEnd("5%"))
	turn2, err := w.TurnStart("and Spain?")
	must(t, err)
	must(t, w.Close())
	if turn != 1 || turn2 != 2 || call != 1 {
		t.Errorf("turn = %d, turn2 = %d, call = %d", turn, turn2, call)
	}

	tr, err := Read(path)
	must(t, err)
	if tr.Truncated {
		t.Error("complete trace read as truncated")
	}
	if !reflect.DeepEqual(tr.Session, info) {
		t.Errorf("session = %+v", tr.Session)
	}
	kinds := []Kind{KindSessionStart, KindTurnStart, KindRequest, KindResponse, KindToolResult, KindError, KindTurnEnd, KindTurnStart}
	if len(tr.Events) != len(kinds) {
		t.Fatalf("read %d events, want %d", len(tr.Events), len(kinds))
	}
	for i, e := range tr.Events {
		if e.Kind != kinds[i] || e.Seq != i+1 {
			t.Errorf("event %d: kind %s seq %d", i, e.Kind, e.Seq)
		}
	}
	ev := tr.Events
	if !reflect.DeepEqual(*ev[2].Request, req) || ev[2].Turn != 1 || ev[2].Call != 1 {
		t.Errorf("request event = %+v", ev[2])
	}
	if !reflect.DeepEqual(*ev[3].Response, resp) || ev[3].LatencyMS != 1500 || ev[3].Call != 1 {
		t.Errorf("response event = %+v", ev[3])
	}
	if !reflect.DeepEqual(*ev[4].Tool, tool) || ev[4].Call != 1 || !ev[4].Tool.Shortened() {
		t.Errorf("tool event = %+v", ev[4])
	}
	if ev[5].Error != "boom" || ev[5].Turn != 1 || ev[7].Turn != 2 || ev[7].User != "and Spain?" {
		t.Errorf("error/turn events = %+v %+v", ev[5], ev[7])
	}
	if !ev[1].Time.Before(ev[2].Time) {
		t.Error("event times not increasing")
	}
	turns := tr.Turns()
	if len(turns) != 2 || !turns[0].Ended || turns[0].Answer != "5%" || turns[1].Ended || len(turns[0].Events) != 6 {
		t.Errorf("turns = %+v", turns)
	}
}

func TestReadTruncatedAndMalformed(t *testing.T) {
	dir := t.TempDir()
	good := `{"seq":1,"kind":"turn_start","turn":1,"user":"q"}` + "\n"
	cut := filepath.Join(dir, "cut.jsonl")
	must(t, os.WriteFile(cut, []byte(good+`{"seq":2,"kind":"requ`), 0o644))
	tr, err := Read(cut)
	must(t, err)
	if !tr.Truncated || len(tr.Events) != 1 {
		t.Errorf("truncated = %v, events = %d", tr.Truncated, len(tr.Events))
	}
	bad := filepath.Join(dir, "bad.jsonl")
	must(t, os.WriteFile(bad, []byte(good+"{nope\n"+good), 0o644))
	if _, err := Read(bad); err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "bad.jsonl") {
		t.Errorf("err = %v, want file and line 2", err)
	}
	nokind := filepath.Join(dir, "nokind.jsonl")
	must(t, os.WriteFile(nokind, []byte(`{"seq":1}`+"\n"), 0o644))
	if _, err := Read(nokind); err == nil || !strings.Contains(err.Error(), "kind") {
		t.Errorf("err = %v, want missing kind", err)
	}
}

func TestNilWriterAndClose(t *testing.T) {
	var w *Writer
	if _, err := w.TurnStart("x"); err != nil {
		t.Error(err)
	}
	if err := w.ToolResult(ToolResult{}); err != nil {
		t.Error(err)
	}
	if err := w.Close(); err != nil {
		t.Error(err)
	}
	w2, _ := newTestWriter(t)
	must(t, w2.Close())
	if err := w2.TurnEnd("x"); !errors.Is(err, ErrClosed) {
		t.Errorf("write after close: %v", err)
	}
}

func TestExplicitNumberingAndAssembly(t *testing.T) {
	tr := buildTrace(t, func(w *Writer) {
		// A caller numbering turns and calls itself, with no turn_start event.
		req := llm.Request{Messages: []llm.Message{{Role: llm.System, Content: "s"}, user("how many?"), {Role: llm.Assistant, Content: "x"}}}
		must(t, w.Append(Event{Kind: KindRequest, Turn: 3, Call: 2, Request: &req, Assembly: &Assembly{EstimatedTokens: 900, Budget: 1000, Collapsed: 4, Dropped: []string{"2 oldest results"}}}))
		must(t, w.Append(Event{Kind: KindTurnEnd, Turn: 3, Answer: "7"}))
	})
	turns := tr.Turns()
	if len(turns) != 1 || turns[0].Number != 3 || turns[0].User != "how many?" || tr.Events[0].Call != 2 {
		t.Fatalf("turns = %+v", turns)
	}
	a := tr.Events[0].Assembly
	if a == nil || a.Budget != 1000 || a.Collapsed != 4 || len(a.Dropped) != 1 {
		t.Errorf("assembly = %+v", a)
	}
}

func TestReportFile(t *testing.T) {
	w, path := newTestWriter(t)
	_, _ = w.TurnStart("question text")
	must(t, w.Close())
	out := filepath.Join(filepath.Dir(path), "report.html")
	must(t, ReportFile(path, out))
	b, err := os.ReadFile(out)
	must(t, err)
	if !strings.Contains(string(b), "question text") || !strings.HasPrefix(string(b), "<!DOCTYPE html>") {
		t.Errorf("report file = %.200s", b)
	}
	if err := ReportFile(filepath.Join(t.TempDir(), "absent.jsonl"), out); err == nil {
		t.Error("ReportFile accepted a missing trace")
	}
}

func TestConcurrentWritesStayWholeLines(t *testing.T) {
	w, path := newTestWriter(t)
	_, _ = w.TurnStart("q")
	done := make(chan struct{})
	for g := 0; g < 4; g++ {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := 0; i < 25; i++ {
				_ = w.ToolResult(ToolResult{Name: "search_catalog", Result: strings.Repeat("x", 5000)})
			}
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
	must(t, w.Close())
	tr, err := Read(path)
	must(t, err)
	seen := map[int]bool{}
	for _, e := range tr.Events {
		seen[e.Seq] = true
	}
	if len(tr.Events) != 101 || len(seen) != 101 {
		t.Errorf("read %d events with %d distinct seqs, want 101", len(tr.Events), len(seen))
	}
}

// BenchmarkWriterToolResult measures one fsynced event of a 4 KB result.
func BenchmarkWriterToolResult(b *testing.B) {
	w, err := Create(filepath.Join(b.TempDir(), "b.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	r := ToolResult{Name: "search_catalog", Result: strings.Repeat("series line\n", 340), ShownIDs: []string{"A", "B", "C"}}
	for b.Loop() {
		if err := w.ToolResult(r); err != nil {
			b.Fatal(err)
		}
	}
}

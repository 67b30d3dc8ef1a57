package trace

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// buildTrace writes events with a Writer and reads them back.
func buildTrace(t testing.TB, write func(w *Writer)) *Trace {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.jsonl")
	w, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	write(w)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	tr, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func shown(name string, ids ...string) ToolResult {
	return ToolResult{Name: name, Result: strings.Join(ids, " "), ShownIDs: ids}
}

func TestRepeatDiscoveries(t *testing.T) {
	tr := buildTrace(t, func(w *Writer) {
		w.TurnStart("first")
		w.Request(llm.Request{Messages: []llm.Message{user("first")}})
		w.ToolResult(shown("search_catalog", "A", "B"))
		w.ToolResult(shown("search_catalog", "B", "C", "C")) // B again: 1 repeat; C twice in one result: not a repeat
		w.ToolResult(shown("describe_series", "D"))
		w.ToolResult(shown("search_catalog", "D", "E")) // D was shown by describe: 1 repeat
		w.ToolResult(shown("describe_series", "A"))     // not a discovery: no repeat counted
		w.TurnEnd("done")
		w.TurnStart("second")
		w.ToolResult(shown("search_catalog", "A")) // shown in turn 1 only: not a repeat in turn 2
		w.ToolResult(shown("search_catalog", "A")) // repeat within turn 2
	})
	m := Metrics(tr, MetricsConfig{})
	if len(m) != 2 {
		t.Fatalf("got %d turns", len(m))
	}
	if m[0].DiscoveryCalls != 3 || m[0].RepeatDiscoveries != 2 || m[0].IDsShown != 5 || m[0].ToolCalls != 5 {
		t.Errorf("turn 1 = %+v, want 3 discoveries, 2 repeats, 5 ids, 5 tool calls", m[0])
	}
	if m[1].DiscoveryCalls != 2 || m[1].RepeatDiscoveries != 1 || m[1].IDsShown != 1 {
		t.Errorf("turn 2 = %+v, want 2 discoveries, 1 repeat, 1 id", m[1])
	}

	other := Metrics(tr, MetricsConfig{DiscoveryTools: []string{"describe_series"}})
	if other[0].DiscoveryCalls != 2 || other[0].RepeatDiscoveries != 1 {
		t.Errorf("with describe_series as discovery: %+v, want 2 discoveries, 1 repeat (A)", other[0])
	}
}

func TestVisibilityAndPromptSize(t *testing.T) {
	sys := llm.Message{Role: llm.System, Content: "sys"}
	tr := buildTrace(t, func(w *Writer) {
		w.TurnStart("q")
		w.Request(llm.Request{Messages: []llm.Message{sys, user("abcd")}})
		w.Response(llm.Response{Message: llm.Message{Role: llm.Assistant, ToolCalls: []llm.ToolCall{{ID: "1", Name: "s", Arguments: "{}"}}}, Usage: llm.Usage{PromptTokens: 7, CompletionTokens: 2}}, 0)
		w.ToolResult(shown("search_catalog", "FR.UNR", "ES.UNR", "DE.UNR"))
		// Call 2: all three ids in the tool message.
		w.Request(llm.Request{Messages: []llm.Message{sys, user("abcd"), toolMsg("1", "FR.UNR ES.UNR DE.UNR")}})
		w.Response(llm.Response{Usage: llm.Usage{PromptTokens: 20}}, 0)
		// Call 3: context pruned; only FR.UNR survives, in the assistant's arguments.
		w.Request(llm.Request{Messages: []llm.Message{sys, user("abcd"), {Role: llm.Assistant, ToolCalls: []llm.ToolCall{{ID: "2", Name: "get", Arguments: `{"id":"FR.UNR"}`}}}, toolMsg("2", "éééééé")}})
		w.TurnEnd("a")
		w.TurnStart("q2")
		w.ToolResult(shown("search_catalog", "IT.UNR"))
		// Turn 2, call 1: ES.UNR still visible from turn 1, IT.UNR not.
		w.Request(llm.Request{Messages: []llm.Message{user("ES.UNR")}})
	})
	m := Metrics(tr, MetricsConfig{})
	c := m[0].Calls
	if len(c) != 3 {
		t.Fatalf("turn 1 has %d calls", len(c))
	}
	if c[0].ShownInTurn != 0 || c[0].VisibleInTurn != 0 || c[0].PromptChars != 7 || c[0].ToolShare != 0 {
		t.Errorf("call 1 = %+v", c[0])
	}
	if c[0].PromptTokens != 7 || c[0].CompletionTokens != 2 || c[1].PromptTokens != 20 || c[2].PromptTokens != 0 {
		t.Errorf("tokens = %d/%d, %d, %d", c[0].PromptTokens, c[0].CompletionTokens, c[1].PromptTokens, c[2].PromptTokens)
	}
	if c[1].ShownInTurn != 3 || c[1].VisibleInTurn != 3 {
		t.Errorf("call 2 shown/visible = %d/%d, want 3/3", c[1].ShownInTurn, c[1].VisibleInTurn)
	}
	if c[1].ToolResultChars != 20 || c[1].PromptChars != 27 {
		t.Errorf("call 2 chars = %d of %d, want 20 of 27", c[1].ToolResultChars, c[1].PromptChars)
	}
	if c[2].ShownInTurn != 3 || c[2].VisibleInTurn != 1 {
		t.Errorf("call 3 shown/visible = %d/%d, want 3/1", c[2].ShownInTurn, c[2].VisibleInTurn)
	}
	// sys 3 + abcd 4 + "get" 3 + `{"id":"FR.UNR"}` 15 + six é counted as characters 6.
	if c[2].PromptChars != 31 || c[2].ToolResultChars != 6 || math.Abs(c[2].ToolShare-6.0/31) > 1e-9 {
		t.Errorf("call 3 chars = %+v", c[2])
	}
	t2 := m[1].Calls[0]
	if t2.ShownInTurn != 1 || t2.VisibleInTurn != 0 || t2.ShownInSession != 4 || t2.VisibleInSession != 1 {
		t.Errorf("turn 2 call = %+v, want turn 1/0, session 4/1", t2)
	}
	if m[0].ModelCalls != 3 || m[0].PromptTokens != 27 || m[1].ModelCalls != 1 {
		t.Errorf("turn totals = %+v / %+v", m[0], m[1])
	}
}

// BenchmarkMetrics measures a long session: 20 turns of 8 calls whose
// prompts grow to ~200k characters, 400 distinct ids shown.
func BenchmarkMetrics(b *testing.B) {
	tr := buildTrace(b, func(w *Writer) {
		var msgs []llm.Message
		id := 0
		for turn := 0; turn < 20; turn++ {
			w.TurnStart(fmt.Sprintf("question %d", turn))
			msgs = append(msgs, user(fmt.Sprintf("question %d", turn)))
			for call := 0; call < 8; call++ {
				w.Request(llm.Request{Messages: msgs})
				var ids []string
				var text strings.Builder
				for k := 0; k < 20; k++ {
					ident := fmt.Sprintf("SRC%03d.SERIES.%05d", id%400, id)
					id++
					ids = append(ids, ident)
					fmt.Fprintf(&text, "%s  Some series title describing the measure, monthly, seasonally adjusted\n", ident)
				}
				w.ToolResult(ToolResult{Name: "search_catalog", Result: text.String(), ShownIDs: ids})
				msgs = append(msgs, toolMsg(fmt.Sprint(call), text.String()))
				if len(msgs) > 130 { // the agent prunes old results
					msgs = append(msgs[:1], msgs[len(msgs)-100:]...)
				}
			}
			w.TurnEnd("answer")
		}
	})
	b.ResetTimer()
	for b.Loop() {
		Metrics(tr, MetricsConfig{})
	}
}

package openai

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/llm/fakeserver"
)

func TestTextToolCallsAreReadStrictly(t *testing.T) {
	cases := []struct {
		name, content string
		want          []wantCall // nil: stays text
		prose         string
	}{
		{"hermes", `<tool_call>{"name":"search_catalog","arguments":{"query":"gdp"}}</tool_call>`, []wantCall{{"search_catalog", `{"query":"gdp"}`}}, ""},
		{"hermes arguments as a string", `<tool_call>{"name":"search_catalog","arguments":"{\"query\":\"gdp\"}"}</tool_call>`, []wantCall{{"search_catalog", `{"query":"gdp"}`}}, ""},
		{"hermes with prose before", "Searching.\n<tool_call>{\"name\":\"search_catalog\",\"arguments\":{\"query\":\"gdp\"}}</tool_call>", []wantCall{{"search_catalog", `{"query":"gdp"}`}}, "Searching."},
		{"hermes with text after", `<tool_call>{"name":"search_catalog","arguments":{"query":"gdp"}}</tool_call> and then I will answer`, nil, ""},
		{"hermes unclosed", `<tool_call>{"name":"search_catalog","arguments":{"query":"gdp"}}`, nil, ""},
		{"hermes broken json", `<tool_call>{"name":"search_catalog","arguments":{"query":"gdp"}</tool_call>`, nil, ""},
		{"hermes unknown tool", `<tool_call>{"name":"rm","arguments":{}}</tool_call>`, nil, ""},
		{"hermes extra key", `<tool_call>{"name":"search_catalog","arguments":{"query":"gdp"},"confidence":0.9}</tool_call>`, nil, ""},
		{"hermes arguments not an object", `<tool_call>{"name":"search_catalog","arguments":"gdp"}</tool_call>`, nil, ""},
		{"hermes one good one unknown", `<tool_call>{"name":"search_catalog","arguments":{"query":"gdp"}}</tool_call><tool_call>{"name":"rm","arguments":{}}</tool_call>`, nil, ""},
		{"qwen xml typed", "<tool_call>\n<function=search_catalog>\n<parameter=query>\nGDP, \"real\"\n</parameter>\n<parameter=limit>\n3\n</parameter>\n</function>\n</tool_call>", []wantCall{{"search_catalog", `{"limit":3,"query":"GDP, \"real\""}`}}, ""},
		{"qwen xml string stays a string", "<function=search_catalog><parameter=query>2020</parameter></function>", []wantCall{{"search_catalog", `{"query":"2020"}`}}, ""},
		{"qwen xml unclosed parameter", "<function=search_catalog><parameter=query>gdp</function>", nil, ""},
		{"qwen xml duplicate parameter", "<function=search_catalog><parameter=query>a</parameter><parameter=query>b</parameter></function>", nil, ""},
		{"qwen xml unknown function", "<function=rm><parameter=path>/</parameter></function>", nil, ""},
		{"qwen xml stray text", "<function=search_catalog>look: <parameter=query>a</parameter></function>", nil, ""},
		{"mistral list", `[TOOL_CALLS][{"name":"search_catalog","arguments":{"query":"gdp"}},{"name":"describe_series","arguments":{"ids":["a"]}}]`, []wantCall{{"search_catalog", `{"query":"gdp"}`}, {"describe_series", `{"ids":["a"]}`}}, ""},
		{"mistral v11 two calls", `[TOOL_CALLS]search_catalog[ARGS]{"query":"gdp"}[TOOL_CALLS]describe_series[CALL_ID]abc123xyz[ARGS]{"ids":["a"]}`, []wantCall{{"search_catalog", `{"query":"gdp"}`}, {"describe_series", `{"ids":["a"]}`}}, ""},
		{"mistral v11 cut", `[TOOL_CALLS]search_catalog[ARGS]{"query":"gd`, nil, ""},
		{"llama3", `{"name": "search_catalog", "parameters": {"query": "gdp"}}`, []wantCall{{"search_catalog", `{"query":"gdp"}`}}, ""},
		{"llama3 fenced", "```json\n{\"name\": \"search_catalog\", \"parameters\": {\"query\": \"gdp\"}}\n```", []wantCall{{"search_catalog", `{"query":"gdp"}`}}, ""},
		{"llama3 without parameters", `{"name": "search_catalog"}`, nil, ""},
		{"llama3 after prose", `Here: {"name": "search_catalog", "parameters": {"query": "gdp"}}`, nil, ""},
		{"harmony", `<|channel|>commentary to=functions.search_catalog <|constrain|>json<|message|>{"query":"gdp"}<|call|>`, []wantCall{{"search_catalog", `{"query":"gdp"}`}}, ""},
		{"harmony unknown tool", `<|channel|>commentary to=functions.rm <|constrain|>json<|message|>{}<|call|>`, nil, ""},
		{"harmony cut", `<|channel|>commentary to=functions.search_catalog <|constrain|>json<|message|>{"query":"gd`, nil, ""},
		{"an answer", "GDP grew 2.1% in 2024.", nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			calls, prose, ok := parseTextToolCalls(tc.content, shapeTools)
			if tc.want == nil {
				if ok {
					t.Fatalf("read as calls %+v; want it left as text", calls)
				}
				return
			}
			if !ok {
				t.Fatal("not read as tool calls")
			}
			var got []wantCall
			for _, c := range calls {
				if !strings.HasPrefix(c.ID, "call_") {
					t.Errorf("id %q", c.ID)
				}
				got = append(got, wantCall{c.Name, c.Arguments})
			}
			if len(got) != len(tc.want) {
				t.Fatalf("calls %+v, want %+v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("call %d = %+v, want %+v", i, got[i], tc.want[i])
				}
			}
			if prose != tc.prose {
				t.Errorf("prose %q, want %q", prose, tc.prose)
			}
		})
	}
}

func TestSplitReasoning(t *testing.T) {
	cases := []struct{ content, field, reasoning, answer string }{
		{"plain", "", "", "plain"},
		{"<think>a</think>b", "", "a", "b"},
		{"a</think>b", "", "a", "b"},
		{"a</think>b</think>c", "", "a", "bc"},
		{"<think>a</think><think>b</think>c", "", "a\n\nb", "c"},
		{"<think>a</think>b", "a", "a", "b"},
		{"<think>a</think>b", "x", "x\n\na", "b"},
		{"b", "x", "x", "b"},
		{"<think>cut", "", "cut", ""},
		{"<|channel|>analysis<|message|>think hard<|end|><|start|>assistant<|channel|>final<|message|>The answer.<|return|>", "", "think hard", "The answer."},
		{"<|channel|>analysis<|message|>still thinking", "", "still thinking", ""},
	}
	for _, tc := range cases {
		r, a := splitReasoning(tc.content, tc.field)
		if r != tc.reasoning || a != tc.answer {
			t.Errorf("splitReasoning(%q, %q) = %q, %q; want %q, %q", tc.content, tc.field, r, a, tc.reasoning, tc.answer)
		}
	}
}

func TestLoadingIsWaitedForUpToTheLimit(t *testing.T) {
	loading := fakeserver.Step{Fault: fakeserver.FaultStatus, Status: http.StatusServiceUnavailable, ErrorMessage: "Loading model"}
	steps := make([]fakeserver.Step, 200)
	for i := range steps {
		steps[i] = loading
	}
	srv := fakeserver.New(steps...)
	defer srv.Close()
	c, err := New(Config{BaseURL: srv.URL(), Model: "m", LoadWait: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{t: time.Unix(0, 0)}
	c.sleep, c.now = clk.sleep, clk.now
	_, err = c.Generate(context.Background(), userRequest("q"))
	if !errors.Is(err, llm.ErrUnavailable) || !strings.Contains(err.Error(), "still loading after 2m0s") || !strings.Contains(err.Error(), "--load-wait") {
		t.Fatalf("err = %v, want unavailable, still loading, with the flag to raise", err)
	}
	var waited time.Duration
	for _, d := range clk.slept {
		waited += d
		if d > maxLoadPoll {
			t.Errorf("one wait of %s, more than %s", d, maxLoadPoll)
		}
	}
	if waited != 2*time.Minute {
		t.Errorf("waited %s in all, want the 2m limit", waited)
	}
	if n := len(srv.Requests()); n < 10 || n > 20 {
		t.Errorf("%d requests while loading; want polls a few seconds apart", n)
	}
}

func TestReasoningIsSentBackOnlyForTheCurrentTurnsToolCalls(t *testing.T) {
	srv := fakeserver.New(
		fakeserver.Step{Reasoning: "turn one thoughts", ToolCalls: []fakeserver.ToolCall{{ID: "a", Name: "search_catalog", Arguments: `{"query":"x"}`}}},
		fakeserver.Step{Reasoning: "turn two thoughts", ToolCalls: []fakeserver.ToolCall{{ID: "b", Name: "search_catalog", Arguments: `{"query":"y"}`}}},
		fakeserver.Reply("done"),
	)
	defer srv.Close()
	c, _ := newTestClient(t, srv, nil)
	ctx := context.Background()
	msgs := []llm.Message{{Role: llm.User, Content: "one"}}
	r1, err := c.Generate(ctx, llm.Request{Messages: msgs, Tools: shapeTools})
	if err != nil {
		t.Fatal(err)
	}
	r1.Message.Reasoning = ""
	msgs = append(msgs, r1.Message, llm.Message{Role: llm.Tool, ToolCallID: "a", Content: "r"}, llm.Message{Role: llm.User, Content: "two"})
	r2, err := c.Generate(ctx, llm.Request{Messages: msgs, Tools: shapeTools})
	if err != nil {
		t.Fatal(err)
	}
	r2.Message.Reasoning = ""
	msgs = append(msgs, r2.Message, llm.Message{Role: llm.Tool, ToolCallID: "b", Content: "r"})
	if _, err := c.Generate(ctx, llm.Request{Messages: msgs, Tools: shapeTools}); err != nil {
		t.Fatal(err)
	}
	last := srv.Requests()[2].Messages
	if last[1].ReasoningContent != "" {
		t.Errorf("an earlier turn's reasoning was sent back: %q", last[1].ReasoningContent)
	}
	if last[4].ReasoningContent != "turn two thoughts" {
		t.Errorf("the current turn's tool-call reasoning sent back as %q", last[4].ReasoningContent)
	}
}

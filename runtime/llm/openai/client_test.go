package openai

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/llm/fakeserver"
)

// sleeps records the waits between retries instead of sleeping.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

func newTestClient(t *testing.T, srv *fakeserver.Server, mod func(*Config)) (*Client, *sleeps) {
	t.Helper()
	cfg := Config{BaseURL: srv.URL(), Model: "test-model", APIKey: "sk-test", ContextWindow: 8192, Backoff: 100 * time.Millisecond}
	if mod != nil {
		mod(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	s := &sleeps{}
	c.sleep = s.sleep
	return c, s
}

func userRequest(text string) llm.Request {
	return llm.Request{Messages: []llm.Message{{Role: llm.User, Content: text}}}
}

func TestToolCallsRoundTrip(t *testing.T) {
	srv := fakeserver.New(fakeserver.Call(
		fakeserver.ToolCall{ID: "call_a", Name: "search_catalog", Arguments: `{"query":"unemployment rate"}`},
		fakeserver.ToolCall{ID: "call_b", Name: "no_such_tool", Arguments: `{"broken": `},
	))
	defer srv.Close()
	c, _ := newTestClient(t, srv, nil)

	sent := []llm.Message{
		{Role: llm.System, Content: "You are an analyst."},
		{Role: llm.User, Content: "unemployment in France?"},
		{Role: llm.Assistant, ToolCalls: []llm.ToolCall{{ID: "call_0", Name: "search_catalog", Arguments: `{"query":"france unemployment"`}}},
		{Role: llm.Tool, ToolCallID: "call_0", Name: "search_catalog", Content: "error: bad arguments"},
	}
	params := json.RawMessage(`{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}`)
	resp, err := c.Generate(context.Background(), llm.Request{
		Messages: sent,
		Tools:    []llm.ToolSpec{{Name: "search_catalog", Description: "Search the catalog.", Parameters: params}, {Name: "list_sources"}},
	})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	wantCalls := []llm.ToolCall{
		{ID: "call_a", Name: "search_catalog", Arguments: `{"query":"unemployment rate"}`},
		{ID: "call_b", Name: "no_such_tool", Arguments: `{"broken": `},
	}
	if !reflect.DeepEqual(resp.Message.ToolCalls, wantCalls) {
		t.Errorf("tool calls = %#v, want %#v", resp.Message.ToolCalls, wantCalls)
	}
	if resp.FinishReason != "tool_calls" || resp.Message.Role != llm.Assistant {
		t.Errorf("finish = %q role = %q", resp.FinishReason, resp.Message.Role)
	}

	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("server got %d requests, want 1", len(reqs))
	}
	got, err := reqs[0].LLMMessages()
	if err != nil {
		t.Fatal(err)
	}
	// The malformed arguments of the earlier call are not echoed back:
	// llama.cpp (500) and Ollama (400) refuse a history they cannot parse.
	want := append([]llm.Message(nil), sent...)
	want[2].ToolCalls = []llm.ToolCall{{ID: "call_0", Name: "search_catalog", Arguments: "{}"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("server received messages\n%#v\nwant\n%#v", got, want)
	}
	if names := reqs[0].ToolNames(); !reflect.DeepEqual(names, []string{"search_catalog", "list_sources"}) {
		t.Errorf("tools = %v", names)
	}
	var gotParams, wantParams any
	_ = json.Unmarshal(reqs[0].Tools[0].Function.Parameters, &gotParams)
	_ = json.Unmarshal(params, &wantParams)
	if !reflect.DeepEqual(gotParams, wantParams) {
		t.Errorf("parameters = %s", reqs[0].Tools[0].Function.Parameters)
	}
	if string(reqs[0].Tools[1].Function.Parameters) == "null" || len(reqs[0].Tools[1].Function.Parameters) == 0 {
		t.Errorf("tool without parameters sent %q, want an empty object schema", reqs[0].Tools[1].Function.Parameters)
	}
	if reqs[0].Model != "test-model" || reqs[0].Authorization != "Bearer sk-test" {
		t.Errorf("model = %q auth = %q", reqs[0].Model, reqs[0].Authorization)
	}
}

func TestReasoningCaptured(t *testing.T) {
	for _, field := range []string{"reasoning_content", "reasoning"} {
		t.Run(field, func(t *testing.T) {
			srv := fakeserver.New(fakeserver.Step{Content: "42", Reasoning: "<think> & ponder", ReasoningField: field})
			defer srv.Close()
			c, _ := newTestClient(t, srv, nil)
			resp, err := c.Generate(context.Background(), userRequest("q"))
			if err != nil {
				t.Fatal(err)
			}
			if resp.Message.Reasoning != "<think> & ponder" || resp.Message.Content != "42" {
				t.Errorf("got reasoning %q content %q", resp.Message.Reasoning, resp.Message.Content)
			}
		})
	}
}

func TestReasoningNotSentBack(t *testing.T) {
	srv := fakeserver.New(fakeserver.Reply("ok"))
	defer srv.Close()
	c, _ := newTestClient(t, srv, nil)
	_, err := c.Generate(context.Background(), llm.Request{Messages: []llm.Message{
		{Role: llm.User, Content: "q"},
		{Role: llm.Assistant, Content: "a", Reasoning: "secret thoughts"},
		{Role: llm.User, Content: "q2"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(srv.Requests()[0].Raw), "secret thoughts") {
		t.Error("earlier reasoning was sent back to the server")
	}
}

func TestUsageParsed(t *testing.T) {
	srv := fakeserver.New(fakeserver.Step{Content: "x", PromptTokens: 1234, CompletionTokens: 56})
	defer srv.Close()
	c, _ := newTestClient(t, srv, nil)
	resp, err := c.Generate(context.Background(), userRequest("q"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Usage != (llm.Usage{PromptTokens: 1234, CompletionTokens: 56}) {
		t.Errorf("usage = %+v", resp.Usage)
	}
}

func TestRetriesTransientFaultsThenSucceeds(t *testing.T) {
	faults := map[string]fakeserver.Fault{
		"500":       fakeserver.Fault500,
		"429":       fakeserver.Fault429,
		"malformed": fakeserver.FaultMalformedJSON,
		"truncated": fakeserver.FaultTruncatedBody,
	}
	for name, f := range faults {
		t.Run(name, func(t *testing.T) {
			srv := fakeserver.New(fakeserver.Fail(f), fakeserver.Step{Fault: f, Content: "partial"}, fakeserver.Reply("finally"))
			defer srv.Close()
			c, s := newTestClient(t, srv, nil)
			resp, err := c.Generate(context.Background(), userRequest("q"))
			if err != nil {
				t.Fatalf("Generate: %v", err)
			}
			if resp.Message.Content != "finally" {
				t.Errorf("content = %q", resp.Message.Content)
			}
			if n := len(srv.Requests()); n != 3 {
				t.Errorf("server got %d requests, want 3", n)
			}
			want := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond}
			if !reflect.DeepEqual(s.d, want) {
				t.Errorf("backoff waits = %v, want %v", s.d, want)
			}
		})
	}
}

func TestGivesUpWithErrUnavailable(t *testing.T) {
	srv := fakeserver.New(fakeserver.Fail(fakeserver.Fault500), fakeserver.Fail(fakeserver.Fault500), fakeserver.Fail(fakeserver.Fault500), fakeserver.Reply("too late"))
	defer srv.Close()
	c, _ := newTestClient(t, srv, func(cfg *Config) { cfg.MaxRetries = 2 })
	_, err := c.Generate(context.Background(), userRequest("q"))
	if !errors.Is(err, llm.ErrUnavailable) {
		t.Fatalf("err = %v, want ErrUnavailable", err)
	}
	if !strings.Contains(err.Error(), "500") {
		t.Errorf("error %q does not carry the last failure", err)
	}
	if n := len(srv.Requests()); n != 3 {
		t.Errorf("server got %d requests, want 3 (1 + 2 retries)", n)
	}
}

func TestUnreachableServerIsUnavailable(t *testing.T) {
	srv := fakeserver.New()
	c, _ := newTestClient(t, srv, func(cfg *Config) { cfg.MaxRetries = 1 })
	srv.Close()
	_, err := c.Generate(context.Background(), userRequest("q"))
	if !errors.Is(err, llm.ErrUnavailable) {
		t.Fatalf("err = %v, want ErrUnavailable", err)
	}
}

func TestRetryAfterHonoured(t *testing.T) {
	srv := fakeserver.New(fakeserver.Step{Fault: fakeserver.Fault429, RetryAfter: 3 * time.Second}, fakeserver.Reply("ok"))
	defer srv.Close()
	c, s := newTestClient(t, srv, nil)
	if _, err := c.Generate(context.Background(), userRequest("q")); err != nil {
		t.Fatal(err)
	}
	if len(s.d) != 1 || s.d[0] != 3*time.Second {
		t.Errorf("waits = %v, want [3s] from Retry-After", s.d)
	}
}

func TestNoRetryOnBadRequest(t *testing.T) {
	srv := fakeserver.New(fakeserver.Step{Fault: fakeserver.FaultStatus, Status: 400, ErrorMessage: "invalid tool schema"}, fakeserver.Reply("never"))
	defer srv.Close()
	c, s := newTestClient(t, srv, nil)
	_, err := c.Generate(context.Background(), userRequest("q"))
	if !errors.Is(err, ErrRejected) || errors.Is(err, llm.ErrUnavailable) || errors.Is(err, llm.ErrContextWindow) {
		t.Fatalf("err = %v, want ErrRejected only", err)
	}
	if n := len(srv.Requests()); n != 1 || len(s.d) != 0 {
		t.Errorf("requests = %d waits = %v, want 1 request and no wait", n, s.d)
	}
}

func TestContextLengthErrors(t *testing.T) {
	messages := map[string]string{
		"vllm":     "", // fakeserver's default wording
		"llamacpp": "the request exceeds the available context size, try increasing it",
	}
	for name, msg := range messages {
		t.Run(name, func(t *testing.T) {
			srv := fakeserver.New(fakeserver.Step{Fault: fakeserver.FaultContextLength, ErrorMessage: msg})
			defer srv.Close()
			c, _ := newTestClient(t, srv, nil)
			_, err := c.Generate(context.Background(), userRequest("q"))
			if !errors.Is(err, llm.ErrContextWindow) {
				t.Fatalf("err = %v, want ErrContextWindow", err)
			}
			if n := len(srv.Requests()); n != 1 {
				t.Errorf("server got %d requests, want 1", n)
			}
		})
	}
}

func TestAttemptTimeoutIsRetried(t *testing.T) {
	srv := fakeserver.New(fakeserver.Step{Fault: fakeserver.FaultSlow, Delay: time.Minute, Content: "slow"}, fakeserver.Reply("fast"))
	defer srv.Close()
	c, _ := newTestClient(t, srv, func(cfg *Config) { cfg.Timeout = 200 * time.Millisecond })
	resp, err := c.Generate(context.Background(), userRequest("q"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Message.Content != "fast" {
		t.Errorf("content = %q, want the second answer", resp.Message.Content)
	}
}

func TestAttemptTimeoutExhausted(t *testing.T) {
	srv := fakeserver.New(fakeserver.Step{Fault: fakeserver.FaultSlow, Delay: time.Minute})
	defer srv.Close()
	c, _ := newTestClient(t, srv, func(cfg *Config) { cfg.Timeout = 100 * time.Millisecond; cfg.MaxRetries = -1 })
	_, err := c.Generate(context.Background(), userRequest("q"))
	if !errors.Is(err, llm.ErrUnavailable) || !strings.Contains(err.Error(), "timed out") {
		t.Fatalf("err = %v, want ErrUnavailable mentioning the timeout", err)
	}
}

func TestCancelledContextIsNotRetried(t *testing.T) {
	srv := fakeserver.New(fakeserver.Step{Fault: fakeserver.FaultSlow, Delay: time.Minute}, fakeserver.Reply("never"))
	defer srv.Close()
	c, _ := newTestClient(t, srv, nil)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for len(srv.Requests()) == 0 {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	_, err := c.Generate(ctx, userRequest("q"))
	if !errors.Is(err, context.Canceled) || errors.Is(err, llm.ErrUnavailable) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("server got %d requests, want 1", n)
	}
}

func TestTemperature(t *testing.T) {
	zero, warm := float32(0), float32(0.7)
	cases := []struct {
		name    string
		cfg     *float32
		req     *float32
		present bool
		want    float64
	}{
		{"unset", nil, nil, false, 0},
		{"config zero sent explicitly", &zero, nil, true, 0},
		{"request overrides config", &zero, &warm, true, 0.7},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := fakeserver.New(fakeserver.Reply("ok"))
			defer srv.Close()
			c, _ := newTestClient(t, srv, func(cfg *Config) { cfg.Temperature = tc.cfg })
			req := userRequest("q")
			req.Temperature = tc.req
			if _, err := c.Generate(context.Background(), req); err != nil {
				t.Fatal(err)
			}
			got := srv.Requests()[0].Temperature
			if (got != nil) != tc.present {
				t.Fatalf("temperature present = %v, want %v (body %s)", got != nil, tc.present, srv.Requests()[0].Raw)
			}
			if got != nil && math.Abs(*got-tc.want) > 1e-6 {
				t.Errorf("temperature = %v, want %v", *got, tc.want)
			}
		})
	}
}

func TestMissingToolCallIDsAreFilled(t *testing.T) {
	srv := fakeserver.New(fakeserver.Call(fakeserver.ToolCall{Name: "a", Arguments: "{}"}, fakeserver.ToolCall{Name: "b", Arguments: "{}"}))
	defer srv.Close()
	c, _ := newTestClient(t, srv, nil)
	resp, err := c.Generate(context.Background(), userRequest("q"))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, tc := range resp.Message.ToolCalls {
		if tc.ID == "" {
			t.Error("empty tool call id")
		}
		ids[tc.ID] = true
	}
	if len(ids) != 2 {
		t.Errorf("ids not distinct: %+v", resp.Message.ToolCalls)
	}
}

func TestInvalidInput(t *testing.T) {
	if c, err := New(Config{BaseURL: "http://x/v1", Model: "m"}); err != nil || c.Window().Tokens != DefaultContextWindow || !strings.Contains(c.Window().Source, "default") {
		t.Errorf("an unknown window: %+v, %v; want the default, said to be the default", c.Window(), err)
	}
	if _, err := New(Config{BaseURL: "http://x/v1", Model: "m", ContextWindow: -1}); err == nil {
		t.Error("New accepted a negative context window")
	}
	if _, err := New(Config{Model: "m", ContextWindow: 10}); err == nil {
		t.Error("New accepted an empty base url")
	}
	srv := fakeserver.New()
	defer srv.Close()
	c, _ := newTestClient(t, srv, nil)
	bad := []llm.Request{
		{},
		{Messages: []llm.Message{{Role: "robot", Content: "x"}}},
		{Messages: []llm.Message{{Role: llm.Tool, Content: "x"}}},
		{Messages: []llm.Message{{Role: llm.User, Content: "x"}}, Tools: []llm.ToolSpec{{Name: "t", Parameters: json.RawMessage(`{`)}}},
	}
	for i, req := range bad {
		if _, err := c.Generate(context.Background(), req); err == nil {
			t.Errorf("request %d accepted", i)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("invalid requests reached the server %d times", n)
	}
	if c.ContextWindow() != 8192 {
		t.Errorf("ContextWindow = %d", c.ContextWindow())
	}
}

func TestThinkBlockInContent(t *testing.T) {
	cases := []struct{ content, reasoning, rest string }{
		{"<think>\ncompare A & B\n</think>\n\nA is larger.", "compare A & B", "A is larger."},
		{"No thinking here <think>x</think>", "x", "No thinking here"},
		{"the template opened it\n</think>\n\nA.", "the template opened it", "A."},
	}
	for _, tc := range cases {
		srv := fakeserver.New(fakeserver.Reply(tc.content))
		c, _ := newTestClient(t, srv, nil)
		resp, err := c.Generate(context.Background(), userRequest("q"))
		srv.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.Message.Reasoning != tc.reasoning || resp.Message.Content != tc.rest {
			t.Errorf("%q: reasoning %q content %q, want %q %q", tc.content, resp.Message.Reasoning, resp.Message.Content, tc.reasoning, tc.rest)
		}
	}
	// With a reasoning field too, the markup still leaves the answer and
	// the reasoning keeps both texts (once when they are the same).
	srv := fakeserver.New(fakeserver.Step{Content: "<think>inline</think>ok", Reasoning: "field"},
		fakeserver.Step{Content: "<think>same</think>ok", Reasoning: "same"})
	defer srv.Close()
	c, _ := newTestClient(t, srv, nil)
	resp, err := c.Generate(context.Background(), userRequest("q"))
	if err != nil || resp.Message.Reasoning != "field\n\ninline" || resp.Message.Content != "ok" {
		t.Errorf("resp = %+v, err = %v", resp.Message, err)
	}
	resp, err = c.Generate(context.Background(), userRequest("q"))
	if err != nil || resp.Message.Reasoning != "same" || resp.Message.Content != "ok" {
		t.Errorf("resp = %+v, err = %v", resp.Message, err)
	}
	// Reasoning cut off before any answer is an empty reply, never a blank answer.
	srv2 := fakeserver.New(fakeserver.Reply("<think>cut off mid-thought"))
	defer srv2.Close()
	c2, _ := newTestClient(t, srv2, func(cfg *Config) { cfg.MaxRetries = -1 })
	if _, err := c2.Generate(context.Background(), userRequest("q")); !errors.Is(err, llm.ErrEmptyReply) {
		t.Errorf("reasoning without an answer: err = %v, want ErrEmptyReply", err)
	}
}

func TestModels(t *testing.T) {
	srv := fakeserver.New()
	c, _ := newTestClient(t, srv, nil)
	ids, err := c.Models(context.Background())
	if err != nil || !reflect.DeepEqual(ids, []string{fakeserver.ModelName}) {
		t.Errorf("models = %v, %v", ids, err)
	}
	srv.Close()
	if _, err := c.Models(context.Background()); !errors.Is(err, llm.ErrUnavailable) {
		t.Errorf("closed server: err = %v, want ErrUnavailable", err)
	}
}

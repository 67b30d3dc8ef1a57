package openai

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/llm/fakeserver"
)

// The fixtures under testdata/llm are the answers local model servers give,
// reconstructed from their sources (see docs/llm-servers.md); each names
// its server, shape, source and the server flags that produce it, and says
// what the client must make of it. They are served by the fake server and
// read by the real go-openai client.

const fixtureDir = "../../../testdata/llm"

type fixtureBody struct {
	Status      int             `json:"status"`
	Body        json.RawMessage `json:"body"`
	Text        string          `json:"text"`
	ContentType string          `json:"content_type"`
}

func (b fixtureBody) bytes() []byte {
	if b.Text != "" {
		return []byte(b.Text)
	}
	return b.Body
}

type fixtureRoute struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	fixtureBody
	Then *fixtureBody `json:"then"`
}

type wantCall struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type fixture struct {
	Server string         `json:"server"`
	Shape  string         `json:"shape"`
	Source string         `json:"source"`
	Flags  string         `json:"flags"`
	Routes []fixtureRoute `json:"routes"`
	Chat   []fixtureBody  `json:"chat"`
	Check  string         `json:"check"`
	Expect struct {
		Calls              []wantCall `json:"calls"`
		Answer             string     `json:"answer"`
		MarkupAllowed      bool       `json:"markup_allowed"`
		Reasoning          *string    `json:"reasoning"`
		Error              string     `json:"error"`
		ErrorHas           []string   `json:"error_has"`
		Window             int        `json:"window"`
		WindowSource       string     `json:"window_source"`
		Requests           int        `json:"requests"`
		MoreRoom           bool       `json:"more_room"`
		LastMaxTokens      int        `json:"last_max_tokens"`
		PromptTokens       *int       `json:"prompt_tokens"`
		ServerPromptTokens int        `json:"server_prompt_tokens"`
		Stream             bool       `json:"stream"`
		Followup           *struct {
			Answer        string `json:"answer"`
			ArgumentsSent string `json:"arguments_sent"`
			ReasoningSent string `json:"reasoning_sent"`
		} `json:"followup"`
	} `json:"expect"`
}

func loadFixtures(t *testing.T) map[string]fixture {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(fixtureDir, "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures in %s: %v", fixtureDir, err)
	}
	out := map[string]fixture{}
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var f fixture
		if err := json.Unmarshal(raw, &f); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if f.Server == "" || f.Shape == "" || f.Source == "" || len(f.Chat) == 0 {
			t.Fatalf("%s: server, shape, source and chat are required", p)
		}
		out[strings.TrimSuffix(filepath.Base(p), ".json")] = f
	}
	return out
}

// shapeTools are the tools every shape's request declares.
var shapeTools = []llm.ToolSpec{
	{Name: "search_catalog", Description: "Search the catalog of series.", Parameters: json.RawMessage(
		`{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"}},"required":["query"]}`)},
	{Name: "describe_series", Description: "Describe series by id.", Parameters: json.RawMessage(
		`{"type":"object","properties":{"ids":{"type":"array","items":{"type":"string"}}},"required":["ids"]}`)},
}

// shapeRequest is a request of a realistic size (a system prompt of about
// 3 KB), so that usage figures can be judged.
func shapeRequest() llm.Request {
	system := "You are an analyst's assistant over a catalog of economic and banking time series. " +
		strings.Repeat("Search the catalog before answering, cite series ids, and say when data is missing. ", 36)
	return llm.Request{
		Messages: []llm.Message{
			{Role: llm.System, Content: system},
			{Role: llm.User, Content: "What is the unemployment rate in France?"},
		},
		Tools:     shapeTools,
		MaxTokens: 512,
	}
}

// historyChecks refuse what real servers refuse in a history.
var historyChecks = map[string]fakeserver.HistoryCheck{
	// llama.cpp parses every earlier call's arguments for the template.
	"llamacpp-arguments": func(req fakeserver.Request) (int, string) {
		for _, m := range req.Messages {
			for _, tc := range m.ToolCalls {
				if !json.Valid([]byte(tc.Function.Arguments)) {
					return http.StatusInternalServerError, "Failed to parse tool call arguments as JSON: [json.exception.parse_error.101] parse error at line 1, column 30: syntax error while parsing object - unexpected end of input; expected '}'"
				}
			}
		}
		return 0, ""
	},
	// Ollama decodes arguments into a map.
	"ollama-arguments": func(req fakeserver.Request) (int, string) {
		for _, m := range req.Messages {
			for _, tc := range m.ToolCalls {
				var v map[string]any
				if json.Unmarshal([]byte(tc.Function.Arguments), &v) != nil {
					return http.StatusBadRequest, "invalid tool call arguments"
				}
			}
		}
		return 0, ""
	},
	// vLLM json.loads every earlier call's arguments.
	"vllm-arguments": func(req fakeserver.Request) (int, string) {
		for _, m := range req.Messages {
			for _, tc := range m.ToolCalls {
				if !json.Valid([]byte(tc.Function.Arguments)) {
					return http.StatusBadRequest, "Expecting ',' delimiter: line 1 column 20 (char 19)"
				}
			}
		}
		return 0, ""
	},
	// DeepSeek thinking mode: tool-call turns after the last user message
	// must carry their reasoning_content.
	"deepseek-reasoning": func(req fakeserver.Request) (int, string) {
		last := -1
		for i, m := range req.Messages {
			if m.Role == "user" {
				last = i
			}
		}
		for i, m := range req.Messages {
			if i > last && m.Role == "assistant" && len(m.ToolCalls) > 0 && m.ReasoningContent == "" {
				return http.StatusBadRequest, "Missing `reasoning_content` field in the assistant message at message index " + string(rune('0'+i)) + ". For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls"
			}
		}
		return 0, ""
	},
}

// clock is a fake clock that sleeping advances.
type clock struct {
	mu    sync.Mutex
	t     time.Time
	slept []time.Duration
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.slept = append(c.slept, d)
	c.mu.Unlock()
	return ctx.Err()
}

func serveFixture(t *testing.T, f fixture) *fakeserver.Server {
	t.Helper()
	steps := make([]fakeserver.Step, len(f.Chat))
	for i, b := range f.Chat {
		steps[i] = fakeserver.Step{Fault: fakeserver.Recorded, Status: b.Status, Body: b.bytes(), ContentType: b.ContentType}
	}
	srv := fakeserver.New(steps...)
	for _, r := range f.Routes {
		rt := fakeserver.Route{Method: r.Method, Path: r.Path, Status: r.Status, Body: r.bytes(), ContentType: r.ContentType}
		if r.Then != nil {
			rt.Next = &fakeserver.Route{Method: r.Method, Path: r.Path, Status: r.Then.Status, Body: r.Then.bytes(), ContentType: r.Then.ContentType}
		}
		srv.Handle(rt)
	}
	if f.Check != "" {
		check, ok := historyChecks[f.Check]
		if !ok {
			t.Fatalf("unknown check %q", f.Check)
		}
		srv.Check(check)
	}
	return srv
}

var markup = []string{"<think>", "</think>", "<tool_call>", "</tool_call>", "[TOOL_CALLS]", "<function=", "<|python_tag|>", "<|channel|>", "<|message|>"}

func errorKind(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, llm.ErrTruncated):
		return "truncated"
	case errors.Is(err, llm.ErrConfig):
		return "config"
	case errors.Is(err, llm.ErrContextWindow):
		return "context"
	case errors.Is(err, llm.ErrEmptyReply):
		return "empty"
	case errors.Is(err, llm.ErrUnavailable):
		return "unavailable"
	case errors.Is(err, ErrRejected):
		return "rejected"
	}
	return "other"
}

func TestServerShapes(t *testing.T) {
	fixtures := loadFixtures(t)
	names := make([]string, 0, len(fixtures))
	for n := range fixtures {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		f := fixtures[name]
		t.Run(name, func(t *testing.T) {
			srv := serveFixture(t, f)
			defer srv.Close()
			c, err := New(Config{BaseURL: srv.URL(), Model: "test-model", Backoff: 100 * time.Millisecond, Stream: f.Expect.Stream})
			if err != nil {
				t.Fatal(err)
			}
			clk := &clock{t: time.Unix(1764650000, 0)}
			c.sleep, c.now = clk.sleep, clk.now
			ctx := context.Background()
			win, err := c.Discover(ctx)
			if err != nil {
				t.Fatal(err)
			}
			req := shapeRequest()
			resp, err := c.Generate(ctx, req)
			want := f.Expect

			if err != nil && strings.Contains(err.Error(), "%!") {
				t.Errorf("error has a formatting fault: %v", err)
			}
			if got := errorKind(err); got != want.Error {
				t.Fatalf("error kind %q (%v), want %q", got, err, want.Error)
			}
			for _, s := range want.ErrorHas {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
			if err == nil {
				if !want.MarkupAllowed {
					for _, m := range markup {
						if strings.Contains(resp.Message.Content, m) {
							t.Errorf("answer carries %q: %q", m, resp.Message.Content)
						}
					}
				}
				if resp.FinishReason == "length" {
					t.Error("a cut reply was returned without an error")
				}
				if want.Answer != "" && resp.Message.Content != want.Answer {
					t.Errorf("answer %q, want %q", resp.Message.Content, want.Answer)
				}
				var calls []wantCall
				for _, tc := range resp.Message.ToolCalls {
					if tc.ID == "" {
						t.Errorf("tool call %s has no id", tc.Name)
					}
					calls = append(calls, wantCall{Name: tc.Name, Arguments: tc.Arguments})
				}
				if !reflect.DeepEqual(calls, want.Calls) {
					t.Errorf("tool calls %+v, want %+v", calls, want.Calls)
				}
				if len(want.Calls) == 0 && strings.TrimSpace(resp.Message.Content) == "" {
					t.Error("a blank answer")
				}
			}
			if want.Reasoning != nil && *want.Reasoning != "" && !strings.Contains(resp.Message.Reasoning, *want.Reasoning) {
				t.Errorf("reasoning %q does not keep %q", resp.Message.Reasoning, *want.Reasoning)
			}
			if want.Window != 0 && c.ContextWindow() != want.Window {
				t.Errorf("window %d (discovered %+v), want %d", c.ContextWindow(), win, want.Window)
			}
			if want.WindowSource != "" && !strings.Contains(c.Window().Source, want.WindowSource) {
				t.Errorf("window source %q, want it to name %q", c.Window().Source, want.WindowSource)
			}
			reqs := srv.Requests()
			for _, r := range reqs {
				if r.Stream != want.Stream || (want.Stream && !strings.Contains(string(r.Raw), `"include_usage":true`)) {
					t.Errorf("request stream %v (%s), want %v with usage asked for", r.Stream, r.Raw[:min(len(r.Raw), 80)], want.Stream)
				}
			}
			if want.Requests != 0 && len(reqs) != want.Requests {
				t.Errorf("server got %d chat requests, want %d", len(reqs), want.Requests)
			}
			if want.MoreRoom && (len(reqs) < 2 || reqs[len(reqs)-1].MaxTokens <= reqs[0].MaxTokens) {
				t.Errorf("a cut reply was not asked again with more room: %d requests", len(reqs))
			}
			if want.LastMaxTokens != 0 && reqs[len(reqs)-1].MaxTokens != want.LastMaxTokens {
				t.Errorf("last max_tokens %d, want %d", reqs[len(reqs)-1].MaxTokens, want.LastMaxTokens)
			}
			if want.PromptTokens != nil && resp.Usage.PromptTokens != *want.PromptTokens {
				t.Errorf("prompt tokens %d, want %d", resp.Usage.PromptTokens, *want.PromptTokens)
			}
			if want.ServerPromptTokens != 0 && resp.Usage.ServerPromptTokens != want.ServerPromptTokens {
				t.Errorf("server prompt tokens %d, want %d", resp.Usage.ServerPromptTokens, want.ServerPromptTokens)
			}
			if fu := want.Followup; fu != nil {
				followup(t, c, srv, req, resp, fu.Answer, fu.ArgumentsSent, fu.ReasoningSent)
			}
		})
	}
}

// followup answers the calls of resp as the agent does (reasoning kept in
// the trace, not in the history; a tool error for bad arguments) and asks
// again.
func followup(t *testing.T, c *Client, srv *fakeserver.Server, req llm.Request, resp llm.Response, answer, argsSent, reasoningSent string) {
	t.Helper()
	asst := resp.Message
	asst.Reasoning = ""
	req.Messages = append(req.Messages, asst)
	for _, tc := range asst.ToolCalls {
		content := "1 series: FR.UNR.Q unemployment rate, France, quarterly"
		if !json.Valid([]byte(tc.Arguments)) {
			content = "error in " + tc.Name + ": invalid arguments: unexpected end of JSON input"
		}
		req.Messages = append(req.Messages, llm.Message{Role: llm.Tool, ToolCallID: tc.ID, Name: tc.Name, Content: content})
	}
	before := len(srv.Requests())
	got, err := c.Generate(context.Background(), req)
	if err != nil {
		t.Fatalf("follow-up: %v", err)
	}
	if got.Message.Content != answer {
		t.Errorf("follow-up answer %q, want %q", got.Message.Content, answer)
	}
	reqs := srv.Requests()
	if len(reqs) != before+1 {
		t.Errorf("follow-up took %d requests, want 1", len(reqs)-before)
	}
	sent := reqs[len(reqs)-1].Messages[2]
	if argsSent != "" && (len(sent.ToolCalls) == 0 || sent.ToolCalls[0].Function.Arguments != argsSent) {
		t.Errorf("arguments sent back %+v, want %q", sent.ToolCalls, argsSent)
	}
	if reasoningSent != "" && sent.ReasoningContent != reasoningSent {
		t.Errorf("reasoning sent back %q, want %q", sent.ReasoningContent, reasoningSent)
	}
}

// TestServerShapesAreDocumented keeps docs/llm-servers.md's table in step
// with the fixtures.
func TestServerShapesAreDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/llm-servers.md")
	if err != nil {
		t.Fatal(err)
	}
	for name := range loadFixtures(t) {
		if !strings.Contains(string(doc), "`"+name+"`") {
			t.Errorf("docs/llm-servers.md does not list fixture %s", name)
		}
	}
}

func TestAGivenWindowIsNotOverridden(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	srv.Handle(fakeserver.Route{Method: http.MethodGet, Path: "/props", Body: []byte(`{"default_generation_settings":{"n_ctx":8192}}`)})
	c, err := New(Config{BaseURL: srv.URL(), Model: "m", ContextWindow: 6000, WindowSource: "--context-window"})
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Discover(context.Background())
	if err != nil || w != (llm.Window{Tokens: 6000, Source: "--context-window"}) {
		t.Errorf("Discover = %+v, %v; want the given window", w, err)
	}
	c2, _ := New(Config{BaseURL: srv.URL(), Model: "m"})
	if w, _ := c2.Discover(context.Background()); w.Tokens != 8192 {
		t.Errorf("without a given window Discover = %+v, want 8192 from /props", w)
	}
}

func TestAnUnreachableServerIsSaidToBeUnreachable(t *testing.T) {
	c, err := New(Config{BaseURL: "http://127.0.0.1:1/v1", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.Discover(context.Background())
	if err != nil || w.Tokens != DefaultContextWindow || !strings.Contains(w.Source, "could not be reached") {
		t.Errorf("Discover = %+v, %v", w, err)
	}
}

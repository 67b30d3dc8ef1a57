package replay

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/llm/fakeserver"
	"github.com/sextant-dev/sextant/runtime/llm/openai"
)

// conversation makes the same three model calls each time it runs.
func conversation(t *testing.T, baseURL string, rt http.RoundTripper) []llm.Response {
	t.Helper()
	c, err := openai.New(openai.Config{
		BaseURL: baseURL, Model: "m", APIKey: "sk-secret-key", ContextWindow: 4096,
		Backoff: time.Millisecond, Timeout: 300 * time.Millisecond,
		HTTPClient: &http.Client{Transport: rt},
	})
	if err != nil {
		t.Fatal(err)
	}
	msgs := []llm.Message{{Role: llm.User, Content: "what is the unemployment rate?"}}
	var out []llm.Response
	for i := 0; i < 3; i++ {
		resp, err := c.Generate(context.Background(), llm.Request{Messages: msgs, Tools: []llm.ToolSpec{{Name: "search_catalog"}}})
		if err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
		out = append(out, resp)
		msgs = append(msgs, resp.Message)
		for _, tc := range resp.Message.ToolCalls {
			msgs = append(msgs, llm.Message{Role: llm.Tool, ToolCallID: tc.ID, Name: tc.Name, Content: "result for " + tc.ID})
		}
	}
	return out
}

func TestRecordThenReplayWithoutServer(t *testing.T) {
	srv := fakeserver.New(
		fakeserver.Fail(fakeserver.Fault500),
		fakeserver.Step{Reasoning: "search first", ToolCalls: []fakeserver.ToolCall{{ID: "c1", Name: "search_catalog", Arguments: `{"q":`}}},
		fakeserver.Step{Fault: fakeserver.FaultTruncatedBody, Content: "cut"},
		fakeserver.Step{Fault: fakeserver.FaultSlow, Delay: time.Minute},
		fakeserver.Step{ToolCalls: []fakeserver.ToolCall{{ID: "c2", Name: "search_catalog", Arguments: `{"q":"x"}`}}, PromptTokens: 50},
		fakeserver.Step{Content: "5.1%", PromptTokens: 90, CompletionTokens: 4},
	)
	path := filepath.Join(t.TempDir(), "session.jsonl")
	rec, err := NewRecorder(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	recorded := conversation(t, srv.URL(), rec)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.Recorded(), len(srv.Requests()); got != want || want != 6 {
		t.Errorf("recorded %d exchanges, server saw %d, want 6", got, want)
	}
	srv.Close()

	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), "sk-secret-key") {
		t.Error("recording contains the API key")
	}

	play, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	replayed := conversation(t, "http://127.0.0.1:1/v1", play)
	if !reflect.DeepEqual(replayed, recorded) {
		t.Errorf("replayed responses differ:\n%+v\nrecorded:\n%+v", replayed, recorded)
	}
	if play.Remaining() != 0 {
		t.Errorf("%d recorded exchanges not replayed", play.Remaining())
	}
	if recorded[2].Message.Content != "5.1%" || recorded[0].Message.Reasoning != "search first" {
		t.Errorf("recorded conversation is not the scripted one: %+v", recorded)
	}
}

func TestUnrecordedRequest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.jsonl")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	play, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, "http://x/v1/chat/completions", strings.NewReader(`{}`))
	_, err = play.RoundTrip(req)
	if !errors.Is(err, ErrNotRecorded) {
		t.Errorf("err = %v, want ErrNotRecorded", err)
	}
}

func TestKeyIsCanonical(t *testing.T) {
	a := Key("POST", "/v1/chat/completions", []byte(`{"b": 1, "a": [1.50, "x"]}`))
	b := Key("POST", "/v1/chat/completions", []byte(`{"a":[1.50,"x"],"b":1}`))
	if a != b {
		t.Error("key depends on JSON key order or whitespace")
	}
	for name, other := range map[string]string{
		"number literal": Key("POST", "/v1/chat/completions", []byte(`{"a":[1.5,"x"],"b":1}`)),
		"path":           Key("POST", "/v1/models", []byte(`{"a":[1.50,"x"],"b":1}`)),
		"value":          Key("POST", "/v1/chat/completions", []byte(`{"a":[1.50,"y"],"b":1}`)),
	} {
		if other == a {
			t.Errorf("key ignores a change of %s", name)
		}
	}
}

func TestLoadReportsBadLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(path, []byte(`{"key":"k","status":200}`+"\n"+`{oops`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("err = %v, want one naming line 2", err)
	}
}

func TestAutoRecordsThenReplays(t *testing.T) {
	srv := fakeserver.New(fakeserver.Reply("one"))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "auto.jsonl")
	first, err := Auto(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := first.(*Recorder); !ok {
		t.Fatalf("Auto on a missing file gave %T, want *Recorder", first)
	}
	conversationOnce(t, srv.URL(), first)
	_ = first.Close()
	second, err := Auto(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := second.(*Replayer); !ok {
		t.Fatalf("Auto on an existing file gave %T, want *Replayer", second)
	}
	conversationOnce(t, srv.URL(), second)
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("server saw %d requests, want 1 (second run replayed)", n)
	}
}

func conversationOnce(t *testing.T, baseURL string, rt http.RoundTripper) {
	t.Helper()
	c, err := openai.New(openai.Config{BaseURL: baseURL, Model: "m", ContextWindow: 10, MaxRetries: -1, HTTPClient: &http.Client{Transport: rt}})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Generate(context.Background(), llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}}})
	if err != nil || resp.Message.Content != "one" {
		t.Fatalf("resp = %+v, err = %v", resp, err)
	}
}

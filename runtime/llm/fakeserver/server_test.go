package fakeserver

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

func post(t *testing.T, url, body string) (int, []byte) {
	t.Helper()
	resp, err := http.Post(url+"/chat/completions", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func TestScriptOrderAndRecording(t *testing.T) {
	srv := New(Fail(Fault500), Step{Content: "hi", Reasoning: "hmm", ToolCalls: []ToolCall{{ID: "c1", Name: "f", Arguments: "{bad"}}})
	defer srv.Close()

	status, _ := post(t, srv.URL(), `{"model":"m","messages":[{"role":"user","content":"one"}]}`)
	if status != http.StatusInternalServerError {
		t.Errorf("first status = %d, want 500", status)
	}
	status, body := post(t, srv.URL(), `{"model":"m","messages":[{"role":"user","content":[{"type":"text","text":"t"},{"type":"text","text":"wo"}]}]}`)
	if status != http.StatusOK {
		t.Fatalf("second status = %d", status)
	}
	var resp struct {
		Choices []struct {
			Message struct {
				Content          string         `json:"content"`
				ReasoningContent string         `json:"reasoning_content"`
				ToolCalls        []WireToolCall `json:"tool_calls"`
			} `json:"message"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(body, &resp); err != nil {
		t.Fatalf("response is not JSON: %v", err)
	}
	m := resp.Choices[0].Message
	if m.Content != "hi" || m.ReasoningContent != "hmm" || m.ToolCalls[0].Function.Arguments != "{bad" || resp.Choices[0].FinishReason != "tool_calls" {
		t.Errorf("response = %s", body)
	}
	status, body = post(t, srv.URL(), `{"model":"m","messages":[]}`)
	if status != http.StatusBadRequest || !strings.Contains(string(body), "script exhausted") {
		t.Errorf("after script: %d %s", status, body)
	}

	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("recorded %d requests, want 3", len(reqs))
	}
	msgs, err := reqs[1].LLMMessages()
	if err != nil || msgs[0].Content != "two" {
		t.Errorf("second request text = %+v, %v", msgs, err)
	}
	if srv.Remaining() != 0 {
		t.Errorf("remaining = %d", srv.Remaining())
	}
}

func TestInvalidRequestBodyIsReported(t *testing.T) {
	srv := New(Reply("x"))
	defer srv.Close()
	status, _ := post(t, srv.URL(), `{"messages": [`)
	if status != http.StatusBadRequest || len(srv.DecodeErrors()) != 1 || srv.Remaining() != 1 {
		t.Errorf("status %d, decode errors %v, remaining %d", status, srv.DecodeErrors(), srv.Remaining())
	}
}

func TestResponderAfterScript(t *testing.T) {
	srv := NewResponder(func(req Request) Step { return Reply("echo " + req.Model) })
	defer srv.Close()
	_, body := post(t, srv.URL(), `{"model":"abc","messages":[]}`)
	if !strings.Contains(string(body), "echo abc") {
		t.Errorf("body = %s", body)
	}
}

func TestModelsEndpoint(t *testing.T) {
	srv := New()
	defer srv.Close()
	resp, err := http.Get(srv.URL() + "/models")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil || len(list.Data) != 1 || list.Data[0].ID != ModelName {
		t.Errorf("models = %+v, %v", list, err)
	}
}

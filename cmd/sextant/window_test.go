package main

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/llm/fakeserver"
	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

func TestAskDiscoversTheWindowAndFailsOnACutReply(t *testing.T) {
	b := wiretest.Bundle(t)
	srv := fakeserver.New(
		fakeserver.Step{Content: "The flow of the Nile fell after", FinishReason: "length", PromptTokens: 3000, CompletionTokens: 1024},
		fakeserver.Step{Content: "The flow of the Nile fell after 1898, from about 1100", FinishReason: "length", PromptTokens: 3000, CompletionTokens: 12000},
	)
	defer srv.Close()
	srv.Handle(fakeserver.Route{Method: http.MethodGet, Path: "/props", Body: []byte(`{"default_generation_settings":{"n_ctx":16384},"total_slots":1}`)})
	tracePath := filepath.Join(t.TempDir(), "s.jsonl")
	out, stderr, err := run(t, "", "ask", "-b", b, "--llm", srv.URL(), "--model", "qwen3", "--trace", tracePath, "How did the Nile's flow change?")
	if !errors.Is(err, llm.ErrTruncated) || exitCode(err) == exitOK {
		t.Fatalf("ask: err %v (exit %d), want ErrTruncated and a failing exit\n%s", err, exitCode(err), out)
	}
	if !strings.Contains(stderr, "context window 16384 tokens (llama.cpp /props n_ctx)") {
		t.Errorf("stderr does not report the discovered window:\n%s", stderr)
	}
	if strings.Contains(out, "turn: answer") || !strings.Contains(out, "cut off") {
		t.Errorf("a cut reply was reported as an answer, or the cut was not said:\n%s", out)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || reqs[0].MaxTokens != 2048 || reqs[1].MaxTokens <= reqs[0].MaxTokens || reqs[1].MaxTokens > 16384-3000 {
		t.Errorf("max_tokens sent: %d requests, %v; want the window's eighth (2048), then the room the window leaves", len(reqs), maxTokens(reqs))
	}
	trace, _ := os.ReadFile(tracePath)
	if !strings.Contains(string(trace), `"context_window":16384`) || !strings.Contains(string(trace), "llama.cpp /props n_ctx") {
		t.Errorf("the trace does not record the window and its source")
	}
}

func maxTokens(reqs []fakeserver.Request) []int {
	var out []int
	for _, r := range reqs {
		out = append(out, r.MaxTokens)
	}
	return out
}

func TestAskFailsFastOnAServerConfigurationError(t *testing.T) {
	b := wiretest.Bundle(t)
	srv := fakeserver.New(fakeserver.Step{Fault: fakeserver.FaultStatus, Status: http.StatusInternalServerError, ErrorMessage: "tools param requires --jinja flag"})
	defer srv.Close()
	out, _, err := run(t, "", "ask", "-b", b, "--llm", srv.URL(), "--model", "qwen3", "--context-window", "8192", "q")
	if !errors.Is(err, llm.ErrConfig) || !strings.Contains(err.Error(), "start llama-server with --jinja") || strings.Contains(err.Error(), "%!") {
		t.Fatalf("err = %v, want the server's words and the --jinja hint", err)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want 1: a configuration error is not retried", n)
	}
	_ = out
}

func TestAskStreams(t *testing.T) {
	b := wiretest.Bundle(t)
	body := "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"reasoning\":\"Nothing to look up.\"},\"finish_reason\":null}]}\n\n" +
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"The Nile's flow fell after 1898.\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n"
	srv := fakeserver.New(fakeserver.Step{Fault: fakeserver.Recorded, Body: []byte(body), ContentType: "text/event-stream"})
	defer srv.Close()
	out, _, err := run(t, "", "ask", "-b", b, "--llm", srv.URL(), "--model", "qwen3", "--context-window", "8192", "--stream", "--idle-timeout", "30s", "q")
	if err != nil || !strings.Contains(out, "The Nile's flow fell after 1898.") || !strings.Contains(out, "turn: answer") {
		t.Fatalf("ask --stream: %v\n%s", err, out)
	}
	if reqs := srv.Requests(); len(reqs) != 1 || !reqs[0].Stream {
		t.Errorf("the request was not streamed")
	}
}

func TestAskExecutesAToolCallWrittenAsText(t *testing.T) {
	b := wiretest.Bundle(t)
	srv := fakeserver.New(
		fakeserver.Reply("<think>The catalog should have it.</think>\n<tool_call>\n{\"name\": \"search_catalog\", \"arguments\": {\"query\": \"Nile flow\"}}\n</tool_call>"),
		fakeserver.Reply("The Nile's annual flow is demo:NILE."),
	)
	defer srv.Close()
	out, _, err := run(t, "", "ask", "-b", b, "--llm", srv.URL(), "--model", "qwen3", "--context-window", "16384", "Nile flow?")
	if err != nil || !strings.Contains(out, "The Nile's annual flow is demo:NILE.") {
		t.Fatalf("ask: %v\n%s", err, out)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	var result string
	for _, m := range reqs[1].Messages {
		if m.Role == "tool" {
			result, _ = m.Text()
		}
	}
	if !strings.Contains(result, wiretest.Nile) {
		t.Errorf("the search written as text was not run: tool result %q", result)
	}
	if strings.Contains(out, "<tool_call>") || strings.Contains(out, "<think>") {
		t.Errorf("markup in the output:\n%s", out)
	}
}

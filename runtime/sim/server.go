// Package sim is a simulated analyst model served as an OpenAI-compatible
// chat completions endpoint, so the real client and agent run end to end
// without a language model. Its Policy (policy.go) is deterministic for a
// seed and reads only the messages it is sent, parsing the agent's text
// format the way a model would; it never sees gold answers. It reproduces
// the known failure of a context policy that hides earlier candidates: it
// then searches again and again.
package sim

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
)

// BytesPerToken is the sim's tokenizer: prompt size in bytes over four.
// It reports usage.prompt_tokens by this rule and rejects a request whose
// prompt and max_tokens exceed its window, as a real server would.
const BytesPerToken = 4

// Server serves POST /v1/chat/completions.
type Server struct {
	Policy        Policy
	ContextWindow int // tokens; 0 means no limit
	Model         string
	requests      atomic.Int64
}

// NewServer returns a server with a policy seed and context window.
func NewServer(seed uint64, window int) *Server {
	return &Server{Policy: Policy{Seed: seed}, ContextWindow: window, Model: "sextant-sim"}
}

// Requests is how many completions were served.
func (s *Server) Requests() int64 { return s.requests.Load() }

type wireMessage struct {
	Role       string          `json:"role"`
	Content    json.RawMessage `json:"content"`
	ToolCalls  []ToolCall      `json:"tool_calls,omitempty"`
	ToolCallID string          `json:"tool_call_id,omitempty"`
	Name       string          `json:"name,omitempty"`
}

type wireRequest struct {
	Model     string            `json:"model"`
	Messages  []wireMessage     `json:"messages"`
	Tools     []json.RawMessage `json:"tools"`
	MaxTokens int               `json:"max_tokens"`
}

type outMessage struct {
	Role             string     `json:"role"`
	Content          string     `json:"content"`
	ReasoningContent string     `json:"reasoning_content,omitempty"`
	ToolCalls        []ToolCall `json:"tool_calls,omitempty"`
}

// text reads content given as a string or as a list of text parts.
func text(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) == nil {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p.Text)
		}
		return b.String()
	}
	return ""
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": "invalid_request_error", "code": code}})
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		writeError(w, http.StatusNotFound, "not_found", "sim: only POST /v1/chat/completions is served")
		return
	}
	var req wireRequest
	body := http.MaxBytesReader(w, r.Body, 64<<20)
	if err := json.NewDecoder(body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", "sim: request body: "+err.Error())
		return
	}
	if len(req.Messages) == 0 {
		writeError(w, http.StatusBadRequest, "invalid_request", "sim: messages is empty")
		return
	}
	msgs := make([]Message, len(req.Messages))
	promptBytes := 0
	for i, m := range req.Messages {
		msgs[i] = Message{Role: m.Role, Content: text(m.Content), ToolCalls: m.ToolCalls, ToolCallID: m.ToolCallID, Name: m.Name}
		promptBytes += len(msgs[i].Content)
		for _, c := range m.ToolCalls {
			promptBytes += len(c.Function.Name) + len(c.Function.Arguments)
		}
	}
	for _, t := range req.Tools {
		promptBytes += len(t)
	}
	prompt := promptBytes/BytesPerToken + 1
	if s.ContextWindow > 0 && prompt+req.MaxTokens > s.ContextWindow {
		writeError(w, http.StatusBadRequest, "context_length_exceeded", fmt.Sprintf(
			"This model's maximum context length is %d tokens. However, you requested %d tokens (%d in the messages, %d in the completion).",
			s.ContextWindow, prompt+req.MaxTokens, prompt, req.MaxTokens))
		return
	}
	n := s.requests.Add(1)
	st := s.Policy.Decide(msgs)
	out := outMessage{Role: "assistant", ReasoningContent: st.Reasoning}
	finish := "stop"
	if len(st.Calls) > 0 {
		finish = "tool_calls"
		for i, c := range st.Calls {
			args, _ := json.Marshal(c.Args)
			var tc ToolCall
			tc.ID = fmt.Sprintf("sim_%d_%d", n, i)
			tc.Type = "function"
			tc.Function.Name = c.Name
			tc.Function.Arguments = string(args)
			out.ToolCalls = append(out.ToolCalls, tc)
		}
	} else {
		out.Content = st.Answer
	}
	completion := (len(out.Content)+len(out.ReasoningContent))/BytesPerToken + 1
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": fmt.Sprintf("simcmpl-%d", n), "object": "chat.completion", "created": 0, "model": s.Model,
		"choices": []map[string]any{{"index": 0, "message": out, "finish_reason": finish}},
		"usage":   map[string]int{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
	})
}

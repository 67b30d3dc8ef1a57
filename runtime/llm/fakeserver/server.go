// Package fakeserver is a scripted, in-process OpenAI-compatible HTTP server
// for tests. It answers POST /v1/chat/completions from a script of steps —
// replies, tool calls or faults such as HTTP 500, slow or truncated
// responses — and records every request it received so tests can assert on
// what a client actually sent.
package fakeserver

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Fault is a way for a step to misbehave instead of answering normally.
type Fault int

// Faults.
const (
	// NoFault answers with the step's message.
	NoFault Fault = iota
	// Fault500 answers HTTP 500 with an OpenAI-style error body.
	Fault500
	// Fault429 answers HTTP 429 (rate limited), with Retry-After if the step sets it.
	Fault429
	// FaultSlow waits Step.Delay (or until the client gives up) before answering normally.
	FaultSlow
	// FaultMalformedJSON answers HTTP 200 with a body that is not JSON.
	FaultMalformedJSON
	// FaultTruncatedBody declares the full Content-Length but closes the
	// connection half way through the body.
	FaultTruncatedBody
	// FaultContextLength answers HTTP 400 with a context-length error, worded
	// as by Step.ErrorMessage or, if empty, as vLLM words it.
	FaultContextLength
	// FaultStatus answers Step.Status with Step.ErrorMessage.
	FaultStatus
	// Recorded answers Step.Status (0: 200) with Step.Body verbatim, as a
	// real server's recorded answer.
	Recorded
)

// ToolCall is a tool call the scripted model makes. Arguments are sent
// verbatim, so a test can script malformed JSON or an unknown tool name.
type ToolCall struct {
	ID        string
	Name      string
	Arguments string
}

// Step is one scripted answer.
type Step struct {
	Content   string
	Reasoning string
	// ReasoningField is the JSON field carrying Reasoning: "reasoning_content"
	// (the default, as DeepSeek and llama.cpp) or "reasoning" (as newer vLLM
	// and Ollama).
	ReasoningField string
	ToolCalls      []ToolCall
	// FinishReason defaults to "tool_calls" when there are tool calls, else "stop".
	FinishReason     string
	PromptTokens     int
	CompletionTokens int

	Fault Fault
	// Delay is how long FaultSlow waits.
	Delay time.Duration
	// Status and ErrorMessage are used by FaultStatus and FaultContextLength.
	Status       int
	ErrorMessage string
	// RetryAfter, when positive, is sent as a Retry-After header (whole seconds) with Fault429.
	RetryAfter time.Duration
	// Body is the answer Recorded sends, byte for byte; ContentType
	// defaults to application/json.
	Body        []byte
	ContentType string
	// ChunkDelay, when positive, makes Recorded send Body one server-sent
	// event at a time (split at blank lines), waiting this long before each.
	ChunkDelay time.Duration
}

// Route is a recorded answer to a request other than a chat completion
// (GET /props, GET /api/ps, POST /api/show...).
type Route struct {
	Method, Path string
	Status       int // 0: 200
	Body         []byte
	ContentType  string // "": application/json
	// Next, when set, replaces the route once it has answered (a server
	// that is loading, then ready).
	Next *Route
}

// HistoryCheck refuses a chat request whose history a real server could
// not take, as that server words it; "" accepts the request.
type HistoryCheck func(req Request) (status int, message string)

// Reply is a step answering with plain content.
func Reply(content string) Step { return Step{Content: content} }

// Call is a step answering with tool calls.
func Call(calls ...ToolCall) Step { return Step{ToolCalls: calls} }

// Fail is a step answering with the given fault.
func Fail(f Fault) Step { return Step{Fault: f} }

// Responder computes a step from the request, for tests whose answers depend
// on what was sent. It is consulted once the fixed script is exhausted.
type Responder func(req Request) Step

// ModelName is the model id the server reports in /v1/models and responses.
const ModelName = "fake-model"

// Server is a running fake endpoint. It is safe for concurrent use.
type Server struct {
	srv *httptest.Server

	mu        sync.Mutex
	script    []Step
	next      int
	responder Responder
	requests  []Request
	decodeErr []error
	routes    map[string]Route
	checks    []HistoryCheck
}

// New starts a server that answers with the steps in order. Once the steps
// are used up every further request gets HTTP 400 "fakeserver: script
// exhausted", which a client does not retry.
func New(steps ...Step) *Server {
	s := &Server{script: steps}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", s.chat)
	mux.HandleFunc("/", s.route)
	s.srv = httptest.NewServer(mux)
	return s
}

// NewResponder starts a server that answers every request with respond.
func NewResponder(respond Responder) *Server {
	s := New()
	s.responder = respond
	return s
}

// URL is the base URL a client should use, ending in /v1.
func (s *Server) URL() string { return s.srv.URL + "/v1" }

// Close shuts the server down, waiting for outstanding requests.
func (s *Server) Close() { s.srv.Close() }

// Requests returns a copy of every chat request received so far, in order,
// including those answered with a fault.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// DecodeErrors returns errors met decoding request bodies; a correct client
// produces none.
func (s *Server) DecodeErrors() []error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]error(nil), s.decodeErr...)
}

// Remaining is the number of scripted steps not yet used.
func (s *Server) Remaining() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.script) - s.next
}

// Handle adds recorded answers to other endpoints; an endpoint without one
// answers 404 as Ollama and llama.cpp do, except GET /v1/models, which lists
// ModelName.
func (s *Server) Handle(routes ...Route) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.routes == nil {
		s.routes = map[string]Route{}
	}
	for _, r := range routes {
		s.routes[r.Method+" "+r.Path] = r
	}
}

// Check adds a validation of every chat request's history, run before the
// script answers; a refused request does not use a step.
func (s *Server) Check(c HistoryCheck) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.checks = append(s.checks, c)
}

func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	key := r.Method + " " + r.URL.Path
	rt, ok := s.routes[key]
	if ok && rt.Next != nil {
		s.routes[key] = *rt.Next
	}
	s.mu.Unlock()
	switch {
	case ok:
		writeRaw(w, rt.Status, rt.ContentType, rt.Body)
	case r.Method == http.MethodGet && r.URL.Path == "/v1/models":
		s.models(w, r)
	default:
		writeRaw(w, http.StatusNotFound, "text/plain", []byte("404 page not found"))
	}
}

// writeEvents sends a recorded event stream one event at a time.
func writeEvents(w http.ResponseWriter, r *http.Request, step Step) {
	ct := step.ContentType
	if ct == "" {
		ct = "text/event-stream"
	}
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	for _, ev := range strings.SplitAfter(string(step.Body), "\n\n") {
		if ev == "" {
			continue
		}
		select {
		case <-time.After(step.ChunkDelay):
		case <-r.Context().Done():
			return
		}
		_, _ = io.WriteString(w, ev)
		if flusher != nil {
			flusher.Flush()
		}
	}
}

func writeRaw(w http.ResponseWriter, status int, contentType string, body []byte) {
	if status == 0 {
		status = http.StatusOK
	}
	if contentType == "" {
		contentType = "application/json"
	}
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func (s *Server) models(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"object": "list",
		"data":   []map[string]any{{"id": ModelName, "object": "model", "owned_by": "fakeserver"}},
	})
}

func (s *Server) chat(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "fakeserver: read body: "+err.Error(), http.StatusBadRequest)
		return
	}
	var req Request
	if err := json.Unmarshal(body, &req); err != nil {
		s.mu.Lock()
		s.decodeErr = append(s.decodeErr, fmt.Errorf("fakeserver: request %d: %w", len(s.requests), err))
		s.mu.Unlock()
		writeError(w, http.StatusBadRequest, "fakeserver: request body is not valid JSON: "+err.Error(), nil)
		return
	}
	req.Raw = body
	req.Authorization = r.Header.Get("Authorization")

	s.mu.Lock()
	checks := append([]HistoryCheck(nil), s.checks...)
	s.mu.Unlock()
	for _, check := range checks {
		if status, msg := check(req); msg != "" {
			s.mu.Lock()
			s.requests = append(s.requests, req)
			s.mu.Unlock()
			writeError(w, status, msg, nil)
			return
		}
	}
	step, ok := s.take(req)
	if !ok {
		writeError(w, http.StatusBadRequest, "fakeserver: script exhausted", nil)
		return
	}
	switch step.Fault {
	case NoFault:
	case Fault500:
		writeError(w, http.StatusInternalServerError, "fakeserver: internal error", nil)
		return
	case Fault429:
		if step.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(step.RetryAfter.Seconds())))
		}
		writeError(w, http.StatusTooManyRequests, "fakeserver: rate limited", nil)
		return
	case FaultSlow:
		select {
		case <-time.After(step.Delay):
		case <-r.Context().Done():
			return
		}
	case FaultMalformedJSON:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, `{"id": "x", "choices": [ {"message": oops`)
		return
	case FaultTruncatedBody:
		writeTruncated(w, encodeResponse(req, step))
		return
	case FaultContextLength:
		msg := step.ErrorMessage
		if msg == "" {
			msg = "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens in the messages. Please reduce the length of the messages."
		}
		writeError(w, http.StatusBadRequest, msg, nil)
		return
	case FaultStatus:
		writeError(w, step.Status, step.ErrorMessage, nil)
		return
	case Recorded:
		if step.ChunkDelay > 0 {
			writeEvents(w, r, step)
			return
		}
		writeRaw(w, step.Status, step.ContentType, step.Body)
		return
	default:
		writeError(w, http.StatusInternalServerError, fmt.Sprintf("fakeserver: unknown fault %d", step.Fault), nil)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(encodeResponse(req, step))
}

// take records the request and picks the step that answers it.
func (s *Server) take(req Request) (Step, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, req)
	if s.next < len(s.script) {
		s.next++
		return s.script[s.next-1], true
	}
	if s.responder != nil {
		return s.responder(req), true
	}
	return Step{}, false
}

func encodeResponse(req Request, step Step) []byte {
	msg := map[string]any{"role": "assistant", "content": step.Content}
	if step.Reasoning != "" {
		field := step.ReasoningField
		if field == "" {
			field = "reasoning_content"
		}
		msg[field] = step.Reasoning
	}
	finish := step.FinishReason
	if len(step.ToolCalls) > 0 {
		calls := make([]WireToolCall, len(step.ToolCalls))
		for i, tc := range step.ToolCalls {
			calls[i] = WireToolCall{ID: tc.ID, Type: "function", Function: WireFunction{Name: tc.Name, Arguments: tc.Arguments}}
		}
		msg["tool_calls"] = calls
		if step.Content == "" {
			msg["content"] = nil
		}
		if finish == "" {
			finish = "tool_calls"
		}
	}
	if finish == "" {
		finish = "stop"
	}
	model := req.Model
	if model == "" {
		model = ModelName
	}
	resp := wireResponse{
		ID:      "chatcmpl-fake",
		Object:  "chat.completion",
		Created: 1,
		Model:   model,
		Choices: []wireChoice{{Index: 0, Message: msg, FinishReason: finish}},
		Usage: wireUsage{
			PromptTokens:     step.PromptTokens,
			CompletionTokens: step.CompletionTokens,
			TotalTokens:      step.PromptTokens + step.CompletionTokens,
		},
	}
	b, err := json.Marshal(resp)
	if err != nil {
		panic(fmt.Sprintf("fakeserver: encode response: %v", err)) // only plain types: cannot happen
	}
	return b
}

// writeTruncated declares the full length, sends half the body and drops
// the connection, as a server that dies mid-response would.
func writeTruncated(w http.ResponseWriter, body []byte) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		writeError(w, http.StatusInternalServerError, "fakeserver: cannot hijack connection", nil)
		return
	}
	conn, buf, err := hj.Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(body))
	_, _ = buf.Write(body[:len(body)/2])
	_ = buf.Flush()
}

func writeError(w http.ResponseWriter, status int, msg string, code any) {
	var e wireError
	e.Error.Message = msg
	e.Error.Type = "fakeserver_error"
	e.Error.Code = code
	writeJSON(w, status, e)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Package trace records what happened in an analyst session — every request
// sent to the model, every response, every tool call and the result the
// model saw — as one JSON Lines file per session, and reads it back to
// compute per-turn metrics and render a self-contained HTML report.
package trace

import (
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// Kind names an event.
type Kind string

// Event kinds.
const (
	KindSessionStart Kind = "session_start"
	KindTurnStart    Kind = "turn_start"
	KindRequest      Kind = "request"
	KindResponse     Kind = "response"
	KindToolResult   Kind = "tool_result"
	KindTurnEnd      Kind = "turn_end"
	KindError        Kind = "error"
)

// Event is one line of a trace file. Only the fields of its kind are set.
type Event struct {
	Seq  int       `json:"seq"`
	Time time.Time `json:"time"`
	Kind Kind      `json:"kind"`
	// Turn is the 1-based turn number; 0 for session-level events.
	Turn int `json:"turn,omitempty"`
	// Call is the 1-based model call within the turn for request, response
	// and tool_result events (a tool result belongs to the call that asked
	// for it).
	Call int `json:"call,omitempty"`

	Session *SessionInfo `json:"session,omitempty"` // session_start
	User    string       `json:"user,omitempty"`    // turn_start: the analyst's text
	Answer  string       `json:"answer,omitempty"`  // turn_end: the final answer

	Request   *llm.Request  `json:"request,omitempty"`    // request, as sent
	Assembly  *Assembly     `json:"assembly,omitempty"`   // request: how the context was assembled
	Response  *llm.Response `json:"response,omitempty"`   // response
	LatencyMS float64       `json:"latency_ms,omitempty"` // response: time the call took

	Tool  *ToolResult `json:"tool,omitempty"`  // tool_result
	Error string      `json:"error,omitempty"` // error
}

// SessionInfo describes a session.
type SessionInfo struct {
	ID            string `json:"id"`
	Model         string `json:"model"`
	ContextWindow int    `json:"context_window"`
	BundleID      string `json:"bundle_id,omitempty"`
	// Meta holds anything else worth keeping (endpoint, agent version...).
	Meta map[string]string `json:"meta,omitempty"`
}

// Assembly describes how a request's context was assembled to fit the
// window, when the caller knows.
type Assembly struct {
	EstimatedTokens int `json:"estimated_tokens,omitempty"`
	Budget          int `json:"budget,omitempty"`
	// Collapsed counts tool results sent in compact form.
	Collapsed int `json:"collapsed,omitempty"`
	// Dropped describes what was left out entirely.
	Dropped []string `json:"dropped,omitempty"`
}

// ToolResult is one executed tool call and its result.
type ToolResult struct {
	CallID    string `json:"call_id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
	// Result is the text as the model saw it.
	Result string `json:"result"`
	// FullResult is the result before shortening; empty when Result is whole.
	FullResult string `json:"full_result,omitempty"`
	// ShownIDs are the candidate series ids the result shows the model.
	ShownIDs []string `json:"shown_ids,omitempty"`
	// Error is set when the tool failed (Result then holds what the model
	// was told).
	Error      string  `json:"error,omitempty"`
	DurationMS float64 `json:"duration_ms,omitempty"`
}

// Shortened reports whether the model saw a shortened result.
func (r ToolResult) Shortened() bool { return r.FullResult != "" && r.FullResult != r.Result }

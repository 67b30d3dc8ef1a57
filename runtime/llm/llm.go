// Package llm is the boundary to a language model: one small interface and
// the message types that cross it. Vendor clients live in sub-packages; only
// runtime/llm/openai imports go-openai.
package llm

import (
	"context"
	"encoding/json"
	"errors"
)

// Sentinel errors.
var (
	// ErrContextWindow means the request did not fit the model's context window.
	ErrContextWindow = errors.New("llm: context window exceeded")
	// ErrUnavailable means the endpoint could not be reached after retries.
	ErrUnavailable = errors.New("llm: model endpoint unavailable")
	// ErrTruncated means the reply was cut at the token limit and could not
	// be completed within the window: it must never be taken as an answer.
	ErrTruncated = errors.New("llm: reply cut off at the token limit")
	// ErrEmptyReply means the model kept answering with nothing: no text
	// and no tool call.
	ErrEmptyReply = errors.New("llm: model returned an empty reply")
	// ErrConfig means the server refused the request because of how it is
	// set up (no tool calling, no chat template, an unknown model): retrying
	// cannot help, the server must be restarted differently.
	ErrConfig = errors.New("llm: model server configuration problem")
)

// Window is the context window a model is used with and where that figure
// came from ("llama.cpp /props n_ctx", "--context-window", ...).
type Window struct {
	Tokens int    `json:"tokens"`
	Source string `json:"source"`
}

// Role of a message.
type Role string

// Roles.
const (
	System    Role = "system"
	User      Role = "user"
	Assistant Role = "assistant"
	Tool      Role = "tool"
)

// Message is one chat message.
type Message struct {
	Role       Role       `json:"role"`
	Content    string     `json:"content,omitempty"`
	Reasoning  string     `json:"reasoning,omitempty"` // reasoning_content, when the server returns it
	ToolCalls  []ToolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"` // for Role Tool
	Name       string     `json:"name,omitempty"`         // tool name, for Role Tool
}

// ToolCall is a model's request to run a tool.
type ToolCall struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"` // raw JSON as the model wrote it (may be malformed)
}

// ToolSpec declares a tool to the model.
type ToolSpec struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"` // JSON schema
}

// Request is one model call.
type Request struct {
	Messages    []Message  `json:"messages"`
	Tools       []ToolSpec `json:"tools,omitempty"`
	Temperature *float32   `json:"temperature,omitempty"`
	MaxTokens   int        `json:"max_tokens,omitempty"`
}

// Usage counts tokens as reported by the server.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	// ServerPromptTokens is the server's prompt_tokens when it was set
	// aside as implausible (far below the size of the request, as when
	// Ollama counts only uncached tokens); PromptTokens is then 0.
	ServerPromptTokens int `json:"server_prompt_tokens,omitempty"`
}

// Response is the model's answer.
type Response struct {
	Message      Message `json:"message"`
	FinishReason string  `json:"finish_reason"`
	Usage        Usage   `json:"usage"`
}

// Model generates one response for a request.
type Model interface {
	Generate(ctx context.Context, req Request) (Response, error)
	// ContextWindow is the model's context size in tokens.
	ContextWindow() int
}

// Chunk is a piece of a reply as a streaming model writes it.
type Chunk struct {
	Reasoning string // new reasoning text
	Content   string // new answer text, as written (markup not yet removed)
	ToolCall  string // the name of a tool call that starts in this chunk
}

// Progress receives a streamed reply chunk by chunk, on the goroutine
// running Generate; it must return quickly.
type Progress func(Chunk)

type progressKey struct{}

// WithProgress returns a context whose model calls report what a streaming
// model writes to p, so a terminal or a web page can show a long reply
// coming. Models that do not stream never call it.
func WithProgress(ctx context.Context, p Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, p)
}

// ProgressFrom returns the Progress set by WithProgress, or nil.
func ProgressFrom(ctx context.Context) Progress {
	p, _ := ctx.Value(progressKey{}).(Progress)
	return p
}

package fakeserver

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// The wire types below mirror the subset of the OpenAI chat completions
// format the server reads and writes. They are declared here, not taken from
// go-openai, so that tests check the client against an independent reading
// of the protocol.

// Request is one decoded POST /v1/chat/completions body, as received.
type Request struct {
	Model       string        `json:"model"`
	Messages    []WireMessage `json:"messages"`
	Tools       []WireTool    `json:"tools,omitempty"`
	Temperature *float64      `json:"temperature,omitempty"`
	MaxTokens   int           `json:"max_tokens,omitempty"`
	// MaxCompletionTokens is the newer name some clients send.
	MaxCompletionTokens int  `json:"max_completion_tokens,omitempty"`
	Stream              bool `json:"stream,omitempty"`
	// Raw is the body exactly as received.
	Raw json.RawMessage `json:"-"`
	// Authorization is the Authorization header as received.
	Authorization string `json:"-"`
}

// WireMessage is a chat message on the wire.
type WireMessage struct {
	Role             string          `json:"role"`
	Content          json.RawMessage `json:"content,omitempty"` // string, null or array of parts
	ReasoningContent string          `json:"reasoning_content,omitempty"`
	Name             string          `json:"name,omitempty"`
	ToolCalls        []WireToolCall  `json:"tool_calls,omitempty"`
	ToolCallID       string          `json:"tool_call_id,omitempty"`
}

// WireToolCall is a tool call on the wire.
type WireToolCall struct {
	Index    *int         `json:"index,omitempty"`
	ID       string       `json:"id"`
	Type     string       `json:"type"`
	Function WireFunction `json:"function"`
}

// WireFunction names a function and carries its raw argument string.
type WireFunction struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// WireTool declares a tool on the wire.
type WireTool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string          `json:"name"`
		Description string          `json:"description,omitempty"`
		Parameters  json.RawMessage `json:"parameters,omitempty"`
	} `json:"function"`
}

// Text returns the message content as plain text: a JSON string as is, an
// array of parts as its text parts joined, null or absent as "".
func (m WireMessage) Text() (string, error) {
	raw := strings.TrimSpace(string(m.Content))
	if raw == "" || raw == "null" {
		return "", nil
	}
	if strings.HasPrefix(raw, `"`) {
		var s string
		if err := json.Unmarshal(m.Content, &s); err != nil {
			return "", fmt.Errorf("fakeserver: message content: %w", err)
		}
		return s, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(m.Content, &parts); err != nil {
		return "", fmt.Errorf("fakeserver: message content: %w", err)
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String(), nil
}

// LLMMessages converts the received messages to the llm boundary types, so
// tests can compare what the client sent with what the caller asked for.
func (r Request) LLMMessages() ([]llm.Message, error) {
	out := make([]llm.Message, 0, len(r.Messages))
	for i, m := range r.Messages {
		text, err := m.Text()
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", i, err)
		}
		msg := llm.Message{
			Role:       llm.Role(m.Role),
			Content:    text,
			Reasoning:  m.ReasoningContent,
			ToolCallID: m.ToolCallID,
			Name:       m.Name,
		}
		for _, tc := range m.ToolCalls {
			msg.ToolCalls = append(msg.ToolCalls, llm.ToolCall{ID: tc.ID, Name: tc.Function.Name, Arguments: tc.Function.Arguments})
		}
		out = append(out, msg)
	}
	return out, nil
}

// ToolNames returns the names of the tools declared in the request.
func (r Request) ToolNames() []string {
	names := make([]string, len(r.Tools))
	for i, t := range r.Tools {
		names[i] = t.Function.Name
	}
	return names
}

type wireResponse struct {
	ID      string       `json:"id"`
	Object  string       `json:"object"`
	Created int64        `json:"created"`
	Model   string       `json:"model"`
	Choices []wireChoice `json:"choices"`
	Usage   wireUsage    `json:"usage"`
}

type wireChoice struct {
	Index        int            `json:"index"`
	Message      map[string]any `json:"message"`
	FinishReason string         `json:"finish_reason"`
}

type wireUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

type wireError struct {
	Error struct {
		Message string `json:"message"`
		Type    string `json:"type"`
		Code    any    `json:"code,omitempty"`
	} `json:"error"`
}

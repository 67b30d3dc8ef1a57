package openai

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// emptySchema is sent for a tool declared without parameters; servers
// reject a function whose parameters are null.
var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

// toAPIRequest maps an llm.Request to go-openai's request. The returned flag
// asks the transport to send "temperature": 0 explicitly.
//
// Reasoning is sent back (as reasoning_content) only on the assistant
// tool-call messages of the current turn, where DeepSeek's thinking mode
// requires it and Qwen3, gpt-oss and Kimi templates use it; the client
// remembers the reasoning of the replies it returned, since callers need
// not keep it. Tool-call arguments that are not a JSON object are sent as
// {} (the tool's answer carries the error): servers parse the arguments in
// the history and refuse the whole request when they cannot.
func (c *Client) toAPIRequest(req llm.Request) (goopenai.ChatCompletionRequest, bool, error) {
	if len(req.Messages) == 0 {
		return goopenai.ChatCompletionRequest{}, false, errors.New("openai: request has no messages")
	}
	out := goopenai.ChatCompletionRequest{
		Model:     c.cfg.Model,
		Messages:  make([]goopenai.ChatCompletionMessage, 0, len(req.Messages)),
		MaxTokens: req.MaxTokens,
	}
	lastUser := -1
	for i, m := range req.Messages {
		if m.Role == llm.User {
			lastUser = i
		}
	}
	for i, m := range req.Messages {
		switch m.Role {
		case llm.System, llm.User, llm.Assistant, llm.Tool:
		default:
			return goopenai.ChatCompletionRequest{}, false, fmt.Errorf("openai: message %d: unknown role %q", i, m.Role)
		}
		if m.Role == llm.Tool && m.ToolCallID == "" {
			return goopenai.ChatCompletionRequest{}, false, fmt.Errorf("openai: message %d: tool message without tool_call_id", i)
		}
		msg := goopenai.ChatCompletionMessage{
			Role:       string(m.Role),
			Content:    m.Content,
			Name:       m.Name,
			ToolCallID: m.ToolCallID,
		}
		if m.Role == llm.Assistant && len(m.ToolCalls) > 0 && i > lastUser {
			msg.ReasoningContent = m.Reasoning
			if msg.ReasoningContent == "" {
				msg.ReasoningContent = c.memory.recall(m)
			}
		}
		for _, tc := range m.ToolCalls {
			msg.ToolCalls = append(msg.ToolCalls, goopenai.ToolCall{
				ID:       tc.ID,
				Type:     goopenai.ToolTypeFunction,
				Function: goopenai.FunctionCall{Name: tc.Name, Arguments: sanitizeArguments(tc.Arguments)},
			})
		}
		out.Messages = append(out.Messages, msg)
	}
	for _, t := range req.Tools {
		params := t.Parameters
		if len(params) == 0 || string(params) == "null" {
			params = emptySchema
		}
		if !json.Valid(params) {
			return goopenai.ChatCompletionRequest{}, false, fmt.Errorf("openai: tool %q: parameters are not valid JSON", t.Name)
		}
		out.Tools = append(out.Tools, goopenai.Tool{
			Type: goopenai.ToolTypeFunction,
			Function: &goopenai.FunctionDefinition{
				Name:        t.Name,
				Description: t.Description,
				Parameters:  params,
			},
		})
	}
	temp := req.Temperature
	if temp == nil {
		temp = c.cfg.Temperature
	}
	forceZero := false
	if temp != nil {
		if *temp < 0 {
			return goopenai.ChatCompletionRequest{}, false, fmt.Errorf("openai: temperature must not be negative, got %g", *temp)
		}
		out.Temperature = *temp
		forceZero = *temp == 0
	}
	return out, forceZero, nil
}

// fromAPIResponse maps the first choice of a response. raw is the body as
// received, read for reasoning fields go-openai does not decode; tools are
// the request's, against which tool calls written as text are read.
func fromAPIResponse(resp goopenai.ChatCompletionResponse, raw []byte, apiReq goopenai.ChatCompletionRequest, tools []llm.ToolSpec) (llm.Response, error) {
	if len(resp.Choices) == 0 {
		what := "no choices"
		if bytes.Contains(raw, []byte(`"error"`)) {
			// Some servers answer 200 with an error body.
			what += ": " + parseServerError(http.StatusOK, raw).Message
		}
		return llm.Response{}, &emptyError{what: what}
	}
	choice := resp.Choices[0]
	field := choice.Message.ReasoningContent
	if field == "" {
		field = rawReasoning(raw)
	}
	msg := llm.Message{Role: llm.Assistant}
	msg.Reasoning, msg.Content = splitReasoning(choice.Message.Content, field)
	finish := string(choice.FinishReason)
	for _, tc := range choice.Message.ToolCalls {
		id := tc.ID
		if id == "" {
			// Some local servers omit ids; the agent needs one to answer the call.
			id = newCallID()
		}
		msg.ToolCalls = append(msg.ToolCalls, llm.ToolCall{ID: id, Name: tc.Function.Name, Arguments: tc.Function.Arguments})
	}
	if len(msg.ToolCalls) == 0 && len(tools) > 0 {
		if calls, prose, ok := parseTextToolCalls(msg.Content, tools); ok {
			msg.ToolCalls, msg.Content = calls, prose
			if finish == "stop" || finish == "" {
				finish = "tool_calls"
			}
		}
	}
	if len(msg.ToolCalls) == 0 && strings.TrimSpace(msg.Content) == "" && finish != "length" {
		what := "an empty message (no text, no tool call)"
		if msg.Reasoning != "" {
			what = "reasoning only, with no answer and no tool call"
		}
		return llm.Response{}, &emptyError{what: what}
	}
	out := llm.Response{
		Message:      msg,
		FinishReason: finish,
		Usage: llm.Usage{
			PromptTokens:     resp.Usage.PromptTokens,
			CompletionTokens: resp.Usage.CompletionTokens,
		},
	}
	checkUsage(&out.Usage, apiReq)
	return out, nil
}

// sanitizeArguments passes a JSON object through and replaces anything else
// (malformed, cut, a bare string) with {}.
func sanitizeArguments(args string) string {
	trimmed := strings.TrimSpace(args)
	if strings.HasPrefix(trimmed, "{") && json.Valid([]byte(trimmed)) {
		return args
	}
	return "{}"
}

// rawReasoning reads choices[0].message.reasoning, the field name newer vLLM
// and Ollama use instead of reasoning_content.
func rawReasoning(raw []byte) string {
	if len(raw) == 0 {
		return ""
	}
	var body struct {
		Choices []struct {
			Message struct {
				Reasoning json.RawMessage `json:"reasoning"`
			} `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(raw, &body); err != nil || len(body.Choices) == 0 {
		return ""
	}
	var s string
	if err := json.Unmarshal(body.Choices[0].Message.Reasoning, &s); err != nil {
		return "" // absent, null, or an object form we do not read
	}
	return s
}

package openai

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
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
// Message.Reasoning is not sent back: servers either ignore earlier
// reasoning or (DeepSeek) reject requests that carry it.
func (c *Client) toAPIRequest(req llm.Request) (goopenai.ChatCompletionRequest, bool, error) {
	if len(req.Messages) == 0 {
		return goopenai.ChatCompletionRequest{}, false, errors.New("openai: request has no messages")
	}
	out := goopenai.ChatCompletionRequest{
		Model:     c.cfg.Model,
		Messages:  make([]goopenai.ChatCompletionMessage, 0, len(req.Messages)),
		MaxTokens: req.MaxTokens,
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
		for _, tc := range m.ToolCalls {
			msg.ToolCalls = append(msg.ToolCalls, goopenai.ToolCall{
				ID:       tc.ID,
				Type:     goopenai.ToolTypeFunction,
				Function: goopenai.FunctionCall{Name: tc.Name, Arguments: tc.Arguments},
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
// received, read for reasoning fields go-openai does not decode.
func fromAPIResponse(resp goopenai.ChatCompletionResponse, raw []byte) (llm.Response, error) {
	if len(resp.Choices) == 0 {
		return llm.Response{}, errors.New("openai: response has no choices")
	}
	choice := resp.Choices[0]
	msg := llm.Message{
		Role:      llm.Assistant,
		Content:   choice.Message.Content,
		Reasoning: choice.Message.ReasoningContent,
	}
	if msg.Reasoning == "" {
		msg.Reasoning = rawReasoning(raw)
	}
	if msg.Reasoning == "" {
		msg.Reasoning, msg.Content = splitThink(msg.Content)
	}
	for i, tc := range choice.Message.ToolCalls {
		id := tc.ID
		if id == "" {
			// Some local servers omit ids; the agent needs one to answer the call.
			id = "call_" + strconv.Itoa(i)
		}
		msg.ToolCalls = append(msg.ToolCalls, llm.ToolCall{ID: id, Name: tc.Function.Name, Arguments: tc.Function.Arguments})
	}
	return llm.Response{
		Message:      msg,
		FinishReason: string(choice.FinishReason),
		Usage: llm.Usage{
			PromptTokens:     resp.Usage.PromptTokens,
			CompletionTokens: resp.Usage.CompletionTokens,
		},
	}, nil
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

// splitThink separates a leading <think>...</think> block, which servers
// running without a reasoning parser leave in the content. An unclosed
// block (the answer was cut off) is all reasoning.
func splitThink(content string) (reasoning, rest string) {
	trimmed := strings.TrimLeft(content, " \t\r\n")
	const open, closing = "<think>", "</think>"
	if !strings.HasPrefix(trimmed, open) {
		return "", content
	}
	body := trimmed[len(open):]
	end := strings.Index(body, closing)
	if end < 0 {
		return strings.TrimSpace(body), ""
	}
	return strings.TrimSpace(body[:end]), strings.TrimLeft(body[end+len(closing):], " \t\r\n")
}

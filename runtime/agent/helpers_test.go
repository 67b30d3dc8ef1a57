package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/agent/agenttest"
	"github.com/sextant-dev/sextant/runtime/llm"
)

// scriptModel answers each request with the next scripted message and keeps
// every request it received.
type scriptModel struct {
	mu     sync.Mutex
	window int
	script []llm.Message
	reqs   []llm.Request
	usage  func(req llm.Request) int // reported prompt tokens, optional
}

func (m *scriptModel) ContextWindow() int { return m.window }

func (m *scriptModel) Generate(_ context.Context, req llm.Request) (llm.Response, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reqs = append(m.reqs, req)
	if len(m.script) == 0 {
		return llm.Response{}, fmt.Errorf("script exhausted after %d requests", len(m.reqs))
	}
	msg := m.script[0]
	m.script = m.script[1:]
	resp := llm.Response{Message: msg, FinishReason: "tool_calls"}
	if m.usage != nil {
		resp.Usage.PromptTokens = m.usage(req)
	}
	return resp, nil
}

var callN int

// call makes an assistant message with one tool call.
func call(name string, args any) llm.Message {
	callN++
	var raw string
	switch a := args.(type) {
	case string:
		raw = a
	default:
		b, _ := json.Marshal(a)
		raw = string(b)
	}
	return llm.Message{Role: llm.Assistant, ToolCalls: []llm.ToolCall{{ID: fmt.Sprintf("c%d", callN), Name: name, Arguments: raw}}}
}

// toolResult finds the result of a call id in a request.
func toolResult(req llm.Request, id string) (string, bool) {
	for _, m := range req.Messages {
		if m.Role == llm.Tool && m.ToolCallID == id {
			return m.Content, true
		}
	}
	return "", false
}

var realRows []agent.SeriesInfo

func loadRows(t testing.TB) []agent.SeriesInfo {
	t.Helper()
	if realRows == nil {
		rows, err := agenttest.LoadJSONL("agenttest/testdata/catalog.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		realRows = rows
	}
	return realRows
}

func realCatalog(t testing.TB) (*agenttest.Catalog, *agenttest.Engine) {
	t.Helper()
	rows := loadRows(t)
	c, err := agenttest.NewCatalog(rows)
	if err != nil {
		t.Fatal(err)
	}
	return c, agenttest.NewEngine(rows)
}

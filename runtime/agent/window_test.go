package agent_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/llm"
)

// shrinkingModel refuses its first request as too long and, as the openai
// client does when the error states n_ctx, reports the smaller window.
type shrinkingModel struct {
	window int
	reqs   []llm.Request
}

func (m *shrinkingModel) ContextWindow() int { return m.window }

func (m *shrinkingModel) Generate(_ context.Context, req llm.Request) (llm.Response, error) {
	m.reqs = append(m.reqs, req)
	if len(m.reqs) == 1 {
		m.window = 8192
		return llm.Response{}, fmt.Errorf("%w: request (9000 tokens) exceeds the available context size (8192 tokens)", llm.ErrContextWindow)
	}
	return llm.Response{Message: llm.Message{Role: llm.Assistant, Content: "Done."}, FinishReason: "stop"}, nil
}

func TestAWindowStatedByAContextErrorIsAdopted(t *testing.T) {
	cat, eng := realCatalog(t)
	m := &shrinkingModel{window: 65536}
	sess, err := agent.New(m, cat, eng, agent.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sess.Ask(context.Background(), "prime rate?")
	if err != nil || res.Answer != "Done." {
		t.Fatalf("answer %q, err %v", res.Answer, err)
	}
	if len(m.reqs) != 2 || m.reqs[0].MaxTokens != 4096 || m.reqs[1].MaxTokens != 1024 {
		t.Errorf("max_tokens %v, want 4096 in the first window, then 1024 (8192/8)", []int{m.reqs[0].MaxTokens, m.reqs[len(m.reqs)-1].MaxTokens})
	}
}

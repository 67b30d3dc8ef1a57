package agent

import (
	"encoding/json"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// Token estimates. Sizes are estimated from UTF-8 bytes at a ratio of bytes
// per token, plus a fixed overhead per message for the chat template's role
// markers. The starting ratio, 3.0, is below what BPE tokenizers reach on
// English prose (about 4 bytes a token) because catalog text is dense in
// ids, codes, digits and non-ASCII names, which tokenize worse; erring low
// overestimates the prompt, which is the safe side. Once the server reports
// usage.prompt_tokens, the ratio is calibrated from the real count.
const (
	defaultBytesPerToken = 3.0
	minBytesPerToken     = 1.0
	maxBytesPerToken     = 8.0
	messageOverhead      = 4 // role and separator tokens per message
)

type estimator struct {
	ratio      float64
	perMessage int
}

func newEstimator() *estimator {
	return &estimator{ratio: defaultBytesPerToken, perMessage: messageOverhead}
}

func (e *estimator) tokens(s string) int { return e.bytes(len(s)) }

func (e *estimator) bytes(n int) int {
	if n <= 0 {
		return 0
	}
	return int(float64(n)/e.ratio) + 1
}

func messageBytes(m llm.Message) int {
	n := len(m.Content) + len(m.Name) + len(m.ToolCallID)
	for _, c := range m.ToolCalls {
		n += len(c.ID) + len(c.Name) + len(c.Arguments)
	}
	return n
}

func (e *estimator) messages(ms []llm.Message) int {
	total := 0
	for _, m := range ms {
		total += e.perMessage
		total += e.bytes(messageBytes(m))
	}
	return total
}

func toolsBytes(specs []llm.ToolSpec) int {
	b, _ := json.Marshal(specs)
	return len(b)
}

// request estimates a whole request's prompt tokens.
func (e *estimator) request(msgs []llm.Message, specs []llm.ToolSpec) int {
	return e.messages(msgs) + e.bytes(toolsBytes(specs))
}

// calibrate sets the ratio from a server's prompt token count for a request.
func (e *estimator) calibrate(msgs []llm.Message, specs []llm.ToolSpec, promptTokens int) {
	if promptTokens <= 0 {
		return
	}
	bytes := toolsBytes(specs)
	for _, m := range msgs {
		bytes += messageBytes(m)
	}
	content := promptTokens - e.perMessage*len(msgs)
	if content <= 0 || bytes == 0 {
		return
	}
	r := float64(bytes) / float64(content)
	e.ratio = min(max(r, minBytesPerToken), maxBytesPerToken)
}

// tighten lowers the ratio after the server rejected a request as too long,
// so the next estimate is larger.
func (e *estimator) tighten() {
	e.ratio = max(e.ratio*0.8, minBytesPerToken)
}

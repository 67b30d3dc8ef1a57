package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// Streaming (Config.Stream) sends "stream": true and reads the reply as it
// is written. It pays for local models that reason at length: Timeout then
// bounds only the wait for the first chunk (prompt processing), and
// IdleTimeout the silence between chunks, so a reply that keeps coming is
// never cut by a single deadline. llama.cpp and vLLM stream tool-call
// arguments as fragments keyed by index; Ollama sends each call whole; the
// reasoning comes as reasoning_content or (vLLM, Ollama) reasoning deltas;
// usage comes only with stream_options.include_usage, which is asked for.

// DefaultIdleTimeout bounds the silence between two chunks of a streamed
// reply: a model that is generating writes a token every fraction of a
// second.
const DefaultIdleTimeout = time.Minute

// streamEmptyLineLimit is how many non-data lines (keep-alive comments,
// blank lines) may come between two chunks.
const streamEmptyLineLimit = 100_000

// toolCallAcc gathers one streamed tool call.
type toolCallAcc struct {
	id, name string
	args     bytes.Buffer
}

// streamAcc gathers a streamed reply.
type streamAcc struct {
	content, reasoning bytes.Buffer
	calls              map[int]*toolCallAcc
	lastIndex          int
	finish             goopenai.FinishReason
	usage              goopenai.Usage
	chunks             int
}

func (a *streamAcc) add(chunk goopenai.ChatCompletionStreamResponse) {
	a.chunks++
	if chunk.Usage != nil {
		a.usage = *chunk.Usage
	}
	if len(chunk.Choices) == 0 {
		return
	}
	ch := chunk.Choices[0]
	if ch.FinishReason != "" {
		a.finish = ch.FinishReason
	}
	a.content.WriteString(ch.Delta.Content)
	a.reasoning.WriteString(ch.Delta.ReasoningContent)
	for _, tc := range ch.Delta.ToolCalls {
		if a.calls == nil {
			a.calls = map[int]*toolCallAcc{}
		}
		idx := a.lastIndex
		switch {
		case tc.Index != nil:
			idx = *tc.Index
		case tc.ID != "" || len(a.calls) == 0:
			// No index: a call with an id starts a new one, fragments
			// without continue the last.
			idx = len(a.calls)
		}
		a.lastIndex = idx
		cur := a.calls[idx]
		if cur == nil {
			cur = &toolCallAcc{}
			a.calls[idx] = cur
		}
		if tc.ID != "" {
			cur.id = tc.ID
		}
		if tc.Function.Name != "" && cur.name == "" {
			cur.name = tc.Function.Name
		}
		cur.args.WriteString(tc.Function.Arguments)
	}
}

// response is the gathered reply in the shape of a non-streamed one.
func (a *streamAcc) response(extraReasoning string) goopenai.ChatCompletionResponse {
	msg := goopenai.ChatCompletionMessage{
		Role:             goopenai.ChatMessageRoleAssistant,
		Content:          a.content.String(),
		ReasoningContent: a.reasoning.String() + extraReasoning,
	}
	idx := make([]int, 0, len(a.calls))
	for i := range a.calls {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	for _, i := range idx {
		c := a.calls[i]
		msg.ToolCalls = append(msg.ToolCalls, goopenai.ToolCall{ID: c.id, Type: goopenai.ToolTypeFunction,
			Function: goopenai.FunctionCall{Name: c.name, Arguments: c.args.String()}})
	}
	return goopenai.ChatCompletionResponse{
		Choices: []goopenai.ChatCompletionChoice{{Message: msg, FinishReason: a.finish}},
		Usage:   a.usage,
	}
}

// attemptStream makes one streamed call.
func (c *Client) attemptStream(ctx context.Context, apiReq goopenai.ChatCompletionRequest, forceZeroTemp bool, tools []llm.ToolSpec) (llm.Response, error) {
	actx, cancel := context.WithCancel(ctx)
	defer cancel()
	var started atomic.Bool
	var fired atomic.Bool
	timer := time.AfterFunc(c.cfg.Timeout, func() { fired.Store(true); cancel() })
	defer timer.Stop()
	timedOut := func(err error) error {
		if !fired.Load() || ctx.Err() != nil {
			return err
		}
		if started.Load() {
			return &timeoutError{err: fmt.Errorf("timed out: the stream was silent for %s (raise --idle-timeout): %w", c.cfg.IdleTimeout, err)}
		}
		return &timeoutError{err: fmt.Errorf("timed out: no reply within %s (raise --timeout for slow models): %w", c.cfg.Timeout, err)}
	}

	req := apiReq
	req.Stream = true
	req.StreamOptions = &goopenai.StreamOptions{IncludeUsage: true}
	ex := &exchange{forceZeroTemperature: forceZeroTemp, stream: true}
	stream, err := c.api.CreateChatCompletionStream(withExchange(actx, ex), req)
	if err != nil {
		if ex.status >= 400 {
			se := parseServerError(ex.status, ex.body)
			se.retryAfter = ex.retryAfter()
			return llm.Response{}, se
		}
		return llm.Response{}, timedOut(err)
	}
	defer stream.Close()
	var acc streamAcc
	progress := llm.ProgressFrom(ctx)
	seen := 0 // reasoning read from the tap so far
	for {
		chunk, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return llm.Response{}, timedOut(err)
		}
		started.Store(true)
		timer.Reset(c.cfg.IdleTimeout)
		calls := len(acc.calls)
		acc.add(chunk)
		if progress != nil {
			progress(chunkProgress(chunk, ex.tap, &seen, &acc, calls))
		}
	}
	if acc.chunks == 0 {
		return llm.Response{}, &emptyError{what: "an empty stream"}
	}
	return fromAPIResponse(acc.response(ex.tap.reasoning()), nil, apiReq, tools)
}

// chunkProgress is what one chunk added: its content and reasoning deltas,
// the tap's reasoning since the last chunk, and a tool call it started.
func chunkProgress(chunk goopenai.ChatCompletionStreamResponse, tap *sseTap, seen *int, acc *streamAcc, callsBefore int) llm.Chunk {
	var out llm.Chunk
	if len(chunk.Choices) > 0 {
		d := chunk.Choices[0].Delta
		out.Content, out.Reasoning = d.Content, d.ReasoningContent
	}
	if r := tap.reasoning(); len(r) > *seen {
		out.Reasoning += r[*seen:]
		*seen = len(r)
	}
	if len(acc.calls) > callsBefore {
		if c := acc.calls[acc.lastIndex]; c != nil {
			out.ToolCall = c.name
		}
	}
	return out
}

// sseTap reads a streamed body line by line for the stream reader: it
// rewrites data lines go-openai cannot decode (arguments given as JSON
// objects, as some proxies send them) and keeps the "reasoning" deltas
// go-openai does not decode. Other bytes pass unchanged.
type sseTap struct {
	r       io.ReadCloser
	partial []byte // an incomplete line read so far
	out     []byte // complete lines ready to be read
	eof     error
	chunk   []byte // read buffer
	mu      sync.Mutex
	buf     bytes.Buffer
}

func (t *sseTap) Read(p []byte) (int, error) {
	for len(t.out) == 0 {
		if t.eof != nil {
			return 0, t.eof
		}
		if t.chunk == nil {
			t.chunk = make([]byte, 32<<10)
		}
		n, err := t.r.Read(t.chunk)
		t.partial = append(t.partial, t.chunk[:n]...)
		for {
			i := bytes.IndexByte(t.partial, '\n')
			if i < 0 {
				break
			}
			t.out = append(t.out, t.line(t.partial[:i+1])...)
			t.partial = t.partial[i+1:]
		}
		if err != nil {
			t.out = append(t.out, t.line(t.partial)...)
			t.partial = nil
			t.eof = err
		}
	}
	n := copy(p, t.out)
	t.out = t.out[n:]
	return n, nil
}

func (t *sseTap) Close() error { return t.r.Close() }

// line reads one line (with its newline) and returns it as it should be
// passed on.
func (t *sseTap) line(raw []byte) []byte {
	data, ok := bytes.CutPrefix(bytes.TrimSpace(raw), []byte("data:"))
	if !ok {
		return raw
	}
	data = bytes.TrimSpace(data)
	if bytes.Contains(data, []byte(`"arguments"`)) {
		if fixed := normalizeChoices(data, "delta"); !bytes.Equal(fixed, data) {
			data = fixed
			raw = append(append([]byte("data: "), fixed...), '\n')
		}
	}
	if bytes.Contains(data, []byte(`"reasoning"`)) {
		t.keepReasoning(data)
	}
	return raw
}

func (t *sseTap) keepReasoning(data []byte) {
	var chunk struct {
		Choices []struct {
			Delta struct {
				Reasoning *string `json:"reasoning"`
			} `json:"delta"`
		} `json:"choices"`
	}
	if json.Unmarshal(data, &chunk) != nil || len(chunk.Choices) == 0 || chunk.Choices[0].Delta.Reasoning == nil {
		return
	}
	t.mu.Lock()
	t.buf.WriteString(*chunk.Choices[0].Delta.Reasoning)
	t.mu.Unlock()
}

func (t *sseTap) reasoning() string {
	if t == nil {
		return ""
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}

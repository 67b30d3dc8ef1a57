package openai

import (
	"crypto/rand"
	"encoding/hex"
	"regexp"
	"strings"
	"sync"

	"github.com/sextant-dev/sextant/runtime/llm"
)

const thinkOpen, thinkClose = "<think>", "</think>"

// splitReasoning separates reasoning from the answer. field is the
// server's reasoning field (reasoning_content or reasoning), content the
// message text. Servers without a reasoning parser leave the reasoning in
// the content: a whole <think>…</think> block; only the closing </think>
// when the chat template opened the block in the prompt (Qwen3.5,
// DeepSeek-R1-0528); or both the block and the field (llama.cpp
// --reasoning-format deepseek-legacy). The answer never keeps the markup;
// the reasoning keeps every word, once.
func splitReasoning(content, field string) (reasoning, answer string) {
	var parts []string
	rest := content
	if hr, ha, ok := splitHarmony(content); ok {
		parts, rest = append(parts, hr...), ha
	}
	// A lone closing tag before any opening one ends reasoning the
	// template began.
	if end := strings.Index(rest, thinkClose); end >= 0 {
		if open := strings.Index(rest, thinkOpen); open < 0 || open > end {
			parts = append(parts, rest[:end])
			rest = rest[end+len(thinkClose):]
		}
	}
	var b strings.Builder
	for {
		open := strings.Index(rest, thinkOpen)
		if open < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:open])
		body := rest[open+len(thinkOpen):]
		end := strings.Index(body, thinkClose)
		if end < 0 {
			// Unclosed: the reply was cut while reasoning.
			parts = append(parts, body)
			break
		}
		parts = append(parts, body[:end])
		rest = body[end+len(thinkClose):]
	}
	// Stray closing tags left over are markup too.
	answer = strings.TrimSpace(strings.ReplaceAll(b.String(), thinkClose, ""))
	reasoning = strings.TrimSpace(field)
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || strings.Contains(reasoning, p) {
			continue // deepseek-legacy sends the same text twice
		}
		if reasoning != "" {
			reasoning += "\n\n"
		}
		reasoning += p
	}
	return reasoning, answer
}

// harmonySegment is one message of the harmony format gpt-oss writes, as
// it reaches the content when the server does not parse it (llama.cpp
// --reasoning-format none): <|channel|>analysis<|message|>…<|end|>, then
// <|start|>assistant<|channel|>final<|message|>…<|return|>; tool calls are
// <|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{…}<|call|>.
var harmonySegment = regexp.MustCompile(`(?s)(?:<\|start\|>assistant)?<\|channel\|>([a-z]+)([^<]*)(?:<\|constrain\|>[^<]*)?<\|message\|>(.*?)(?:<\|end\|>|<\|call\|>|<\|return\|>|$)`)

// splitHarmony takes the analysis messages of harmony text as reasoning;
// the rest is the final messages' text, or the tool-call messages as they
// were written (for the text tool-call reader), after any text before them.
func splitHarmony(content string) (reasoning []string, rest string, ok bool) {
	if !strings.Contains(content, "<|channel|>") {
		return nil, content, false
	}
	matches := harmonySegment.FindAllStringSubmatchIndex(content, -1)
	if len(matches) == 0 {
		return nil, content, false
	}
	var final, calls []string
	prefix := strings.TrimSpace(content[:matches[0][0]])
	for _, m := range matches {
		channel, header, body := content[m[2]:m[3]], content[m[4]:m[5]], content[m[6]:m[7]]
		switch {
		case channel == "analysis":
			reasoning = append(reasoning, body)
		case strings.Contains(header, "to=functions."):
			calls = append(calls, content[m[0]:m[1]])
		default: // final, or commentary meant for the user
			final = append(final, strings.TrimSpace(body))
		}
	}
	out := final
	if len(calls) > 0 {
		out = calls
	}
	if prefix != "" {
		out = append([]string{prefix}, out...)
	}
	return reasoning, strings.Join(out, "\n"), true
}

// reasoningMemorySize bounds the tool-call replies whose reasoning is kept
// for sending back: a turn makes at most a few dozen model calls, and only
// the current turn's are sent.
const reasoningMemorySize = 256

// reasoningMemory keeps the reasoning of tool-call replies, keyed by their
// calls, so it can be sent back with the history even when the caller
// dropped it.
type reasoningMemory struct {
	mu    sync.Mutex
	byKey map[string]string
	order []string
}

// memoryKey identifies a reply by its calls' ids and names: ids are random
// (the server's, or newCallID's), and a caller may tidy the arguments.
func memoryKey(m llm.Message) string {
	var b strings.Builder
	for _, tc := range m.ToolCalls {
		b.WriteString(tc.ID)
		b.WriteByte(0)
		b.WriteString(tc.Name)
		b.WriteByte(0)
	}
	return b.String()
}

func (r *reasoningMemory) remember(m llm.Message) {
	if m.Reasoning == "" || len(m.ToolCalls) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.byKey == nil {
		r.byKey = map[string]string{}
	}
	k := memoryKey(m)
	if _, ok := r.byKey[k]; !ok {
		r.order = append(r.order, k)
	}
	r.byKey[k] = m.Reasoning
	if len(r.order) > reasoningMemorySize {
		delete(r.byKey, r.order[0])
		r.order = r.order[1:]
	}
}

func (r *reasoningMemory) recall(m llm.Message) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.byKey[memoryKey(m)]
}

// newCallID makes a tool call id for a call the server gave none (or that
// was written as text): unique, so answers cannot be confused.
func newCallID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "call_" + hex.EncodeToString(b[:])
}

package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// ErrRejected means the server refused the request for a reason retrying
// cannot fix (HTTP 4xx other than 429 and context-length errors, and 500s
// whose message names a configuration problem).
var ErrRejected = errors.New("openai: request rejected")

type errorClass int

const (
	rejected errorClass = iota
	transient
	contextWindow
	loading
	timedOut
)

// timeoutError marks an attempt that ran out of its own time budget.
type timeoutError struct{ err error }

func (e *timeoutError) Error() string { return e.err.Error() }
func (e *timeoutError) Unwrap() error { return e.err }

// emptyError marks a 200 answer with nothing in it: no choices, or a
// choice without text or tool calls. Such answers are retried.
type emptyError struct{ what string }

func (e *emptyError) Error() string { return "the server answered " + e.what }

// ServerError is an HTTP error answer, read from the body as the server
// wrote it. Message is the server's own words; Hint, when set, says what to
// change in how the server is started.
type ServerError struct {
	Status  int
	Message string
	Type    string
	Code    string
	// Window is the context size the error states (llama.cpp's n_ctx,
	// vLLM's "maximum context length is N"), 0 when it states none.
	Window int
	// PromptTokens is the prompt size the error states, 0 when none.
	PromptTokens int
	Hint         string
	config       bool
	retryAfter   time.Duration
}

func (e *ServerError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "HTTP %d", e.Status)
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	}
	if e.Hint != "" {
		b.WriteString(" (")
		b.WriteString(e.Hint)
		b.WriteString(")")
	}
	return b.String()
}

// maxMessageBytes bounds the part of an error body quoted in a message.
const maxMessageBytes = 600

// parseServerError reads an error body in any of the shapes servers use:
// {"error":{"message":...}} (OpenAI, llama.cpp, vLLM), {"error":"..."}
// (Ollama), {"message":...} or {"object":"error","message":...} (older
// vLLM, top level), {"detail":...} (FastAPI 422), or plain text.
func parseServerError(status int, body []byte) *ServerError {
	e := &ServerError{Status: status}
	var top map[string]json.RawMessage
	if json.Unmarshal(body, &top) == nil {
		fields := top
		if raw, ok := top["error"]; ok {
			var s string
			if json.Unmarshal(raw, &s) == nil {
				e.Message = s
				fields = nil
			} else {
				var inner map[string]json.RawMessage
				if json.Unmarshal(raw, &inner) == nil {
					fields = inner
				}
			}
		}
		if fields != nil {
			e.Message = jsonText(fields["message"])
			e.Type = jsonText(fields["type"])
			e.Code = jsonText(fields["code"])
			e.Window = jsonInt(fields["n_ctx"])
			e.PromptTokens = jsonInt(fields["n_prompt_tokens"])
			if e.Message == "" {
				e.Message = detailText(fields["detail"])
			}
		}
		if e.Message == "" {
			e.Message = detailText(top["detail"])
		}
	} else {
		e.Message = strings.TrimSpace(string(body))
		// A proxy's HTML error page: its title says it.
		if i := strings.Index(e.Message, "<title>"); i >= 0 {
			if j := strings.Index(e.Message[i:], "</title>"); j > 0 {
				e.Message = strings.TrimSpace(e.Message[i+len("<title>") : i+j])
			}
		}
	}
	if len(e.Message) > maxMessageBytes {
		e.Message = e.Message[:maxMessageBytes] + "…"
	}
	if e.Message == "" {
		e.Message = strings.ToLower(http.StatusText(status))
	}
	if e.Window == 0 {
		e.Window = statedWindow(e.Message)
	}
	if e.PromptTokens == 0 {
		e.PromptTokens = statedPrompt(e.Message)
	}
	e.Hint, e.config = configHint(status, e.Message)
	return e
}

// jsonText reads a JSON string or number as text; anything else is "".
func jsonText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

func jsonInt(raw json.RawMessage) int {
	var n int
	if len(raw) == 0 || json.Unmarshal(raw, &n) != nil {
		return 0
	}
	return n
}

// detailText reads FastAPI's detail: a string, or a list of {"msg": ...}.
func detailText(raw json.RawMessage) string {
	if s := jsonText(raw); s != "" {
		return s
	}
	var list []struct {
		Msg string `json:"msg"`
		Loc []any  `json:"loc"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &list) != nil {
		return ""
	}
	var parts []string
	for _, d := range list {
		if d.Msg == "" {
			continue
		}
		loc := make([]string, 0, len(d.Loc))
		for _, l := range d.Loc {
			loc = append(loc, fmt.Sprint(l))
		}
		if len(loc) > 0 {
			parts = append(parts, strings.Join(loc, ".")+": "+d.Msg)
		} else {
			parts = append(parts, d.Msg)
		}
	}
	return strings.Join(parts, "; ")
}

var (
	// llama.cpp: "request (4476 tokens) exceeds the available context size (4096 tokens)";
	// vLLM/OpenAI: "This model's maximum context length is 8192 tokens".
	windowRes = []*regexp.Regexp{
		regexp.MustCompile(`available context size \((\d+) tokens\)`),
		regexp.MustCompile(`maximum context length is (\d+) tokens`),
		regexp.MustCompile(`max_model_len[^\d]{0,20}(\d+)`),
	}
	// "request (4476 tokens)", "your request has 5000 input tokens",
	// "you requested 9000 tokens (8000 in the messages, 1000 in the completion)".
	promptRes = []*regexp.Regexp{
		regexp.MustCompile(`request \((\d+) tokens\) exceeds`),
		regexp.MustCompile(`request has (\d+) input tokens`),
		regexp.MustCompile(`\((\d+) in the messages`),
	}
)

func firstNumber(res []*regexp.Regexp, msg string) int {
	for _, re := range res {
		if m := re.FindStringSubmatch(msg); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil {
				return n
			}
		}
	}
	return 0
}

func statedWindow(msg string) int { return firstNumber(windowRes, msg) }
func statedPrompt(msg string) int { return firstNumber(promptRes, msg) }

// configProblems are server messages that name a setup problem, with what
// to do about it. Matched case-insensitively on the server's message.
var configProblems = []struct{ phrase, hint string }{
	{"--jinja", "start llama-server with --jinja: tool calling needs the model's chat template"},
	{"enable-auto-tool-choice", "start vLLM with --enable-auto-tool-choice --tool-call-parser NAME (the parser for the model family, e.g. hermes for Qwen)"},
	{"tool-call-parser", "start vLLM with --enable-auto-tool-choice --tool-call-parser NAME (the parser for the model family, e.g. hermes for Qwen)"},
	{"does not support tools", "this model's template has no tool calling; choose a model that supports tools (ollama show MODEL lists its capabilities)"},
	{"failed to parse input", "the server's tool-call parser could not read the model's output; run llama-server with --jinja and the model's own template (--chat-template-file), or use a model with native tool calling"},
	{"chat template", "the model has no usable chat template; give the server one (llama-server --chat-template-file, vLLM --chat-template)"},
	{"chat_template", "the model has no usable chat template; give the server one (llama-server --chat-template-file, vLLM --chat-template)"},
	{"does not exist", "check --model against the ids the server lists at /v1/models"},
	{"model not found", "check --model against the ids the server lists at /v1/models"},
	{"not found, try pulling", "pull the model first (ollama pull MODEL), or check --model"},
}

// configHint says whether a failure is a configuration problem and what
// to do about it. 400/404/405/422 are always permanent; a 500 is only when
// its message names a configuration problem.
func configHint(status int, msg string) (string, bool) {
	lower := strings.ToLower(msg)
	for _, p := range configProblems {
		if strings.Contains(lower, p.phrase) {
			return p.hint, true
		}
	}
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden:
		return "check --api-key", true
	case http.StatusNotFound:
		return "check --llm (the base URL, usually ending in /v1) and --model", true
	}
	return "", false
}

// contextPhrases are the ways servers word "prompt too long": OpenAI
// ("maximum context length", code context_length_exceeded), vLLM ("maximum
// context length"), llama.cpp ("exceeds the available context size",
// type exceed_context_size_error).
var contextPhrases = []string{
	"context length", "context_length", "context size", "context window", "maximum context", "max_model_len",
}

func isContextMessage(e *ServerError) bool {
	if e.Code == "context_length_exceeded" || e.Type == "exceed_context_size_error" {
		return true
	}
	lower := strings.ToLower(e.Message)
	for _, p := range contextPhrases {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}

// isLoading is llama.cpp's 503 {"message":"Loading model"} while the
// weights load, and any 503 that says the model is loading.
func isLoading(e *ServerError) bool {
	return e.Status == http.StatusServiceUnavailable && strings.Contains(strings.ToLower(e.Message), "loading")
}

func classify(err error) errorClass {
	var te *timeoutError
	if errors.As(err, &te) {
		return timedOut
	}
	var ee *emptyError
	if errors.As(err, &ee) {
		return transient
	}
	var se *ServerError
	if errors.As(err, &se) {
		switch {
		case isLoading(se):
			return loading
		case se.config:
			return rejected
		case se.Status == http.StatusTooManyRequests || se.Status >= 500:
			return transient
		case (se.Status == http.StatusBadRequest || se.Status == http.StatusRequestEntityTooLarge) && isContextMessage(se):
			return contextWindow
		default:
			return rejected
		}
	}
	var (
		netErr    net.Error
		urlErr    *url.Error
		syntaxErr *json.SyntaxError
		typeErr   *json.UnmarshalTypeError
	)
	switch {
	case errors.Is(err, context.DeadlineExceeded),
		errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, io.EOF),
		errors.As(err, &netErr),
		errors.As(err, &urlErr),
		errors.As(err, &syntaxErr),
		errors.As(err, &typeErr):
		return transient
	}
	return rejected
}

// permanent wraps a refusal: ErrRejected always, llm.ErrConfig too when the
// server named a configuration problem.
func permanent(err error) error {
	var se *ServerError
	if errors.As(err, &se) && se.Hint != "" {
		return fmt.Errorf("%w: %w: %w", ErrRejected, llm.ErrConfig, err)
	}
	return fmt.Errorf("%w: %w", ErrRejected, err)
}

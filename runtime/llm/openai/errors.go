package openai

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"

	goopenai "github.com/sashabaranov/go-openai"
)

// ErrRejected means the server refused the request for a reason retrying
// cannot fix (HTTP 4xx other than 429 and context-length errors).
var ErrRejected = errors.New("openai: request rejected")

type errorClass int

const (
	rejected errorClass = iota
	transient
	contextWindow
)

// timeoutError marks an attempt that ran out of its own time budget.
type timeoutError struct{ err error }

func (e *timeoutError) Error() string { return e.err.Error() }
func (e *timeoutError) Unwrap() error { return e.err }

// contextPhrases are the ways servers word "prompt too long": OpenAI
// ("maximum context length", code context_length_exceeded), vLLM ("maximum
// context length"), llama.cpp ("exceeds the available context size").
var contextPhrases = []string{
	"context length", "context_length", "context size", "context window", "maximum context",
}

func classify(err error) errorClass {
	var te *timeoutError
	if errors.As(err, &te) {
		return transient
	}
	if status, msg, code, ok := httpFailure(err); ok {
		switch {
		case status == http.StatusTooManyRequests || status >= 500:
			return transient
		case (status == http.StatusBadRequest || status == http.StatusRequestEntityTooLarge) && isContextMessage(msg, code):
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

// httpFailure extracts status, message and code from go-openai's HTTP errors.
func httpFailure(err error) (status int, msg, code string, ok bool) {
	var apiErr *goopenai.APIError
	if errors.As(err, &apiErr) && apiErr.HTTPStatusCode != 0 {
		c, _ := apiErr.Code.(string)
		return apiErr.HTTPStatusCode, apiErr.Message, c, true
	}
	var reqErr *goopenai.RequestError
	if errors.As(err, &reqErr) && reqErr.HTTPStatusCode != 0 {
		return reqErr.HTTPStatusCode, string(reqErr.Body), "", true
	}
	return 0, "", "", false
}

func isContextMessage(msg, code string) bool {
	if code == "context_length_exceeded" {
		return true
	}
	lower := strings.ToLower(msg)
	for _, p := range contextPhrases {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}

// Package openai implements llm.Model over any OpenAI-compatible chat
// completions endpoint (OpenAI, vLLM, llama.cpp server, Ollama), with tool
// calling, reasoning capture and bounded retries. It is the only package in
// the project that imports github.com/sashabaranov/go-openai.
package openai

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// Defaults applied by New for zero Config fields.
const (
	// DefaultTimeout bounds one attempt. Local models that reason at length
	// can take minutes for a single answer.
	DefaultTimeout = 5 * time.Minute
	// DefaultMaxRetries is the number of retries after the first attempt.
	DefaultMaxRetries = 3
	// DefaultBackoff is the wait before the first retry; it doubles each retry.
	DefaultBackoff = 500 * time.Millisecond
	// MaxBackoff caps any single wait, including one asked for by Retry-After.
	MaxBackoff = 30 * time.Second
)

// Config configures a Client.
type Config struct {
	// BaseURL is the API root, e.g. "http://localhost:8080/v1".
	BaseURL string
	// Model is the model id sent with every request.
	Model string
	// APIKey is sent as a bearer token; local servers usually ignore it.
	APIKey string
	// ContextWindow is the model's context size in tokens; required.
	ContextWindow int
	// Temperature is used when a request does not set its own; nil leaves
	// it to the server. An explicit 0 is sent as 0.
	Temperature *float32
	// Timeout bounds each attempt (0: DefaultTimeout).
	Timeout time.Duration
	// MaxRetries is the number of retries after the first attempt
	// (0: DefaultMaxRetries; negative: no retries).
	MaxRetries int
	// Backoff is the wait before the first retry, doubled each retry
	// (0: DefaultBackoff).
	Backoff time.Duration
	// HTTPClient sends the requests (nil: a fresh http.Client). Its own
	// Timeout, if any, also applies.
	HTTPClient *http.Client
}

// Client is an llm.Model backed by an OpenAI-compatible endpoint. It is safe
// for concurrent use.
type Client struct {
	cfg Config
	api *goopenai.Client
	// sleep waits between retries; replaced in tests.
	sleep func(ctx context.Context, d time.Duration) error
}

var _ llm.Model = (*Client)(nil)

// New validates cfg, fills defaults and returns a client.
func New(cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.BaseURL) == "" {
		return nil, errors.New("openai: config: base url is required")
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("openai: config: model is required")
	}
	if cfg.ContextWindow <= 0 {
		return nil, fmt.Errorf("openai: config: context window must be positive, got %d", cfg.ContextWindow)
	}
	if cfg.Timeout < 0 || cfg.Backoff < 0 {
		return nil, errors.New("openai: config: timeout and backoff must not be negative")
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	switch {
	case cfg.MaxRetries == 0:
		cfg.MaxRetries = DefaultMaxRetries
	case cfg.MaxRetries < 0:
		cfg.MaxRetries = 0
	}
	if cfg.Backoff == 0 {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{}
	}
	apiCfg := goopenai.DefaultConfig(cfg.APIKey)
	apiCfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	apiCfg.HTTPClient = &exchangeDoer{client: cfg.HTTPClient}
	return &Client{cfg: cfg, api: goopenai.NewClientWithConfig(apiCfg), sleep: sleepCtx}, nil
}

// ContextWindow implements llm.Model.
func (c *Client) ContextWindow() int { return c.cfg.ContextWindow }

// Generate implements llm.Model. Transient failures (HTTP 429 and 5xx,
// timeouts, connection errors, truncated or malformed bodies) are retried
// with exponential backoff up to MaxRetries times; when they run out the
// error wraps llm.ErrUnavailable and the last failure. A request the server
// rejects as too long wraps llm.ErrContextWindow; other rejections wrap
// ErrRejected. Cancelling ctx stops at once with ctx's error.
func (c *Client) Generate(ctx context.Context, req llm.Request) (llm.Response, error) {
	apiReq, forceZeroTemp, err := c.toAPIRequest(req)
	if err != nil {
		return llm.Response{}, err
	}
	attempts := c.cfg.MaxRetries + 1
	wait := c.cfg.Backoff
	var lastErr error
	for attempt := 1; attempt <= attempts; attempt++ {
		resp, ex, err := c.attempt(ctx, apiReq, forceZeroTemp)
		if err == nil {
			return fromAPIResponse(resp, ex.body)
		}
		if ctx.Err() != nil {
			return llm.Response{}, fmt.Errorf("openai: %w", ctx.Err())
		}
		class := classify(err)
		switch class {
		case contextWindow:
			return llm.Response{}, fmt.Errorf("%w: %w", llm.ErrContextWindow, err)
		case rejected:
			return llm.Response{}, fmt.Errorf("%w: %w", ErrRejected, err)
		}
		lastErr = err
		if attempt == attempts {
			break
		}
		d := wait
		if ra := ex.retryAfter(); ra > d {
			d = ra
		}
		d = min(d, MaxBackoff)
		if err := c.sleep(ctx, d); err != nil {
			return llm.Response{}, fmt.Errorf("openai: %w", err)
		}
		wait = min(wait*2, MaxBackoff)
	}
	return llm.Response{}, fmt.Errorf("%w: %d attempts to %s failed, last: %w", llm.ErrUnavailable, attempts, c.cfg.BaseURL, lastErr)
}

// Models lists the model ids the endpoint serves, in one bounded attempt;
// use it to check that a server is up before a session. Connection failures
// wrap llm.ErrUnavailable.
func (c *Client) Models(ctx context.Context) ([]string, error) {
	actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	list, err := c.api.ListModels(actx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("openai: %w", ctx.Err())
		}
		if classify(err) == transient {
			return nil, fmt.Errorf("%w: list models at %s: %w", llm.ErrUnavailable, c.cfg.BaseURL, err)
		}
		return nil, fmt.Errorf("%w: list models: %w", ErrRejected, err)
	}
	ids := make([]string, len(list.Models))
	for i, m := range list.Models {
		ids[i] = m.ID
	}
	return ids, nil
}

// attempt makes one bounded call and returns the exchange it captured.
func (c *Client) attempt(ctx context.Context, apiReq goopenai.ChatCompletionRequest, forceZeroTemp bool) (goopenai.ChatCompletionResponse, *exchange, error) {
	actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	ex := &exchange{forceZeroTemperature: forceZeroTemp}
	resp, err := c.api.CreateChatCompletion(withExchange(actx, ex), apiReq)
	if err != nil && actx.Err() != nil && ctx.Err() == nil {
		err = fmt.Errorf("attempt timed out after %s: %w", c.cfg.Timeout, err)
		err = &timeoutError{err: err}
	}
	return resp, ex, err
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

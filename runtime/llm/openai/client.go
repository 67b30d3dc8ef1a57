// Package openai implements llm.Model over any OpenAI-compatible chat
// completions endpoint (OpenAI, vLLM, llama.cpp server, Ollama, LM Studio),
// with tool calling, reasoning capture, window discovery and bounded
// retries. It reads what local servers really send: tool calls left as
// text, reasoning left in the content, cut replies, arguments as objects,
// configuration errors worded in many ways. It is the only package in the
// project that imports github.com/sashabaranov/go-openai.
package openai

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
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
	// DefaultLoadWait is how long a model that is still loading is waited
	// for: loading a large model from disk takes tens of seconds, more on
	// slow disks.
	DefaultLoadWait = 3 * time.Minute
	// DefaultContextWindow is used until Discover finds the server's, and
	// when the server does not say.
	DefaultContextWindow = 32_768
	// maxLoadPoll caps the wait between two tries while a model loads.
	maxLoadPoll = 10 * time.Second
)

// Config configures a Client.
type Config struct {
	// BaseURL is the API root, e.g. "http://localhost:8080/v1".
	BaseURL string
	// Model is the model id sent with every request.
	Model string
	// APIKey is sent as a bearer token; local servers usually ignore it.
	APIKey string
	// ContextWindow is the model's context size in tokens. 0 means unknown:
	// DefaultContextWindow is used until Discover asks the server.
	ContextWindow int
	// WindowSource says where a positive ContextWindow came from (for
	// example "--context-window"); "" gives "configured".
	WindowSource string
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
	// LoadWait is how long to keep trying while the server says the model
	// is loading (0: DefaultLoadWait).
	LoadWait time.Duration
	// Stream asks for streamed replies: Timeout then bounds the wait for
	// the first chunk and IdleTimeout the silence between chunks.
	Stream bool
	// IdleTimeout bounds the silence within a streamed reply (0:
	// DefaultIdleTimeout).
	IdleTimeout time.Duration
	// HTTPClient sends the requests (nil: a fresh http.Client). Its own
	// Timeout, if any, also applies.
	HTTPClient *http.Client
}

// Client is an llm.Model backed by an OpenAI-compatible endpoint. It is safe
// for concurrent use.
type Client struct {
	cfg Config
	api *goopenai.Client
	// sleep waits between retries and now reads the clock; replaced in tests.
	sleep func(ctx context.Context, d time.Duration) error
	now   func() time.Time

	mu         sync.Mutex
	window     llm.Window
	configured bool // the window was given, not discovered
	memory     reasoningMemory
	answered   atomic.Bool // a discovery request got an HTTP answer
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
	if cfg.ContextWindow < 0 {
		return nil, fmt.Errorf("openai: config: context window must not be negative, got %d", cfg.ContextWindow)
	}
	if cfg.Timeout < 0 || cfg.Backoff < 0 || cfg.LoadWait < 0 || cfg.IdleTimeout < 0 {
		return nil, errors.New("openai: config: timeouts, backoff and load wait must not be negative")
	}
	if cfg.IdleTimeout == 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
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
	if cfg.LoadWait == 0 {
		cfg.LoadWait = DefaultLoadWait
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{}
	}
	c := &Client{cfg: cfg, sleep: sleepCtx, now: time.Now}
	if cfg.ContextWindow > 0 {
		src := cfg.WindowSource
		if src == "" {
			src = "configured"
		}
		c.window, c.configured = llm.Window{Tokens: cfg.ContextWindow, Source: src}, true
	} else {
		c.window = llm.Window{Tokens: DefaultContextWindow, Source: "default (the server was not asked)"}
	}
	apiCfg := goopenai.DefaultConfig(cfg.APIKey)
	apiCfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	apiCfg.HTTPClient = &exchangeDoer{client: cfg.HTTPClient}
	apiCfg.EmptyMessagesLimit = streamEmptyLineLimit
	c.api = goopenai.NewClientWithConfig(apiCfg)
	return c, nil
}

// ContextWindow implements llm.Model. It can shrink during a session when
// the server states a smaller window in a context error.
func (c *Client) ContextWindow() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.window.Tokens
}

// Window reports the window in use and where it came from.
func (c *Client) Window() llm.Window {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.window
}

// correctWindow adopts a smaller window a context error states.
func (c *Client) correctWindow(err error) {
	var se *ServerError
	if !errors.As(err, &se) || se.Window <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if se.Window < c.window.Tokens {
		c.window = llm.Window{Tokens: se.Window, Source: fmt.Sprintf("the server's context error (n_ctx %d; was %d from %s)", se.Window, c.window.Tokens, c.window.Source)}
	}
}

// Generate implements llm.Model.
//
// Transient failures (HTTP 429 and 5xx, connection errors, truncated or
// malformed bodies, empty answers) are retried with exponential backoff up
// to MaxRetries times; when they run out the error wraps llm.ErrUnavailable
// (or llm.ErrEmptyReply) and the last failure. A timed-out attempt is
// retried once. While the server says the model is loading it is tried
// again for up to LoadWait. A request the server rejects as too long wraps
// llm.ErrContextWindow; configuration refusals wrap ErrRejected and
// llm.ErrConfig with the server's words and a hint. A reply cut at the
// token limit is asked again with the room left in the window; if it is
// still cut the error wraps llm.ErrTruncated. Cancelling ctx stops at once
// with ctx's error.
func (c *Client) Generate(ctx context.Context, req llm.Request) (llm.Response, error) {
	apiReq, forceZeroTemp, err := c.toAPIRequest(req)
	if err != nil {
		return llm.Response{}, err
	}
	resp, err := c.complete(ctx, apiReq, forceZeroTemp, req.Tools)
	if err != nil && apiReq.MaxTokens > 0 {
		// vLLM rejects max_tokens that do not fit beside the prompt and says
		// how long the prompt is: ask again for what fits.
		var se *ServerError
		if errors.Is(err, llm.ErrContextWindow) && errors.As(err, &se) && se.Window > 0 && se.PromptTokens > 0 {
			room := se.Window - se.PromptTokens - replyMargin(se.Window)
			if room >= minReplyTokens && room < apiReq.MaxTokens {
				apiReq.MaxTokens = room
				resp, err = c.complete(ctx, apiReq, forceZeroTemp, req.Tools)
			}
		}
	}
	if err != nil {
		return llm.Response{}, err
	}
	if resp.FinishReason == "length" {
		resp, err = c.extend(ctx, apiReq, forceZeroTemp, req.Tools, resp)
	}
	if err == nil {
		c.memory.remember(resp.Message)
	}
	return resp, err
}

// complete makes one model call with retries and returns the decoded reply.
func (c *Client) complete(ctx context.Context, apiReq goopenai.ChatCompletionRequest, forceZeroTemp bool, tools []llm.ToolSpec) (llm.Response, error) {
	attempts := c.cfg.MaxRetries + 1
	wait := c.cfg.Backoff
	var (
		lastErr   error
		loadStart time.Time
		loadPoll  = time.Second
		timeouts  int
	)
	for attempt := 1; ; {
		resp, err := c.attempt(ctx, apiReq, forceZeroTemp, tools)
		if err == nil {
			return resp, nil
		}
		if ctx.Err() != nil {
			return llm.Response{}, fmt.Errorf("openai: %w", ctx.Err())
		}
		switch classify(err) {
		case contextWindow:
			c.correctWindow(err)
			return llm.Response{}, fmt.Errorf("%w: %w", llm.ErrContextWindow, err)
		case rejected:
			return llm.Response{}, permanent(err)
		case loading:
			// Waiting for a load is not a failed attempt.
			if loadStart.IsZero() {
				loadStart = c.now()
			}
			left := c.cfg.LoadWait - c.now().Sub(loadStart)
			if left <= 0 {
				return llm.Response{}, fmt.Errorf("%w: the model at %s was still loading after %s (raise --load-wait): %w", llm.ErrUnavailable, c.cfg.BaseURL, c.cfg.LoadWait, err)
			}
			if err := c.sleep(ctx, min(loadPoll, left)); err != nil {
				return llm.Response{}, fmt.Errorf("openai: %w", err)
			}
			loadPoll = min(loadPoll*2, maxLoadPoll)
			continue
		case timedOut:
			timeouts++
			if timeouts > 1 {
				return llm.Response{}, fmt.Errorf("%w: %d attempts to %s: %w", llm.ErrUnavailable, timeouts, c.cfg.BaseURL, err)
			}
		}
		lastErr = err
		if attempt >= attempts {
			break
		}
		attempt++
		d := wait
		var se *ServerError
		if errors.As(err, &se) && se.retryAfter > d {
			d = se.retryAfter
		}
		d = min(d, MaxBackoff)
		if err := c.sleep(ctx, d); err != nil {
			return llm.Response{}, fmt.Errorf("openai: %w", err)
		}
		wait = min(wait*2, MaxBackoff)
	}
	var ee *emptyError
	if errors.As(lastErr, &ee) {
		return llm.Response{}, fmt.Errorf("%w: %d attempts to %s: %w", llm.ErrEmptyReply, attempts, c.cfg.BaseURL, lastErr)
	}
	return llm.Response{}, fmt.Errorf("%w: %d attempts to %s failed, last: %w", llm.ErrUnavailable, attempts, c.cfg.BaseURL, lastErr)
}

// Models lists the model ids the endpoint serves, in one bounded attempt;
// use it to check that a server is up before a session. Connection failures
// wrap llm.ErrUnavailable.
func (c *Client) Models(ctx context.Context) ([]string, error) {
	actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	ex := &exchange{}
	list, err := c.api.ListModels(withExchange(actx, ex))
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("openai: %w", ctx.Err())
		}
		if ex.status >= 400 {
			err = parseServerError(ex.status, ex.body)
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

// attempt makes one bounded call and decodes its answer.
func (c *Client) attempt(ctx context.Context, apiReq goopenai.ChatCompletionRequest, forceZeroTemp bool, tools []llm.ToolSpec) (llm.Response, error) {
	if c.cfg.Stream {
		return c.attemptStream(ctx, apiReq, forceZeroTemp, tools)
	}
	actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	ex := &exchange{forceZeroTemperature: forceZeroTemp}
	resp, err := c.api.CreateChatCompletion(withExchange(actx, ex), apiReq)
	if err != nil {
		if actx.Err() != nil && ctx.Err() == nil {
			return llm.Response{}, &timeoutError{err: fmt.Errorf("timed out: no reply within %s (raise --timeout for slow models): %w", c.cfg.Timeout, err)}
		}
		if ex.status >= 400 {
			se := parseServerError(ex.status, ex.body)
			se.retryAfter = ex.retryAfter()
			return llm.Response{}, se
		}
		return llm.Response{}, err
	}
	return fromAPIResponse(resp, ex.body, apiReq, tools)
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

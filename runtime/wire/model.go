package wire

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/llm/openai"
	"github.com/sextant-dev/sextant/runtime/sim"
)

// SimLLM is the ModelConfig.LLM value that selects the simulated analyst.
const SimLLM = "sim"

// DefaultContextWindow is the window assumed when none is given: the
// simulated analyst's, and a common size for local models.
const DefaultContextWindow = 32_768

// ModelConfig says which model a session talks to.
type ModelConfig struct {
	// LLM is the endpoint's base URL ("http://localhost:8080/v1") or SimLLM.
	LLM string
	// Model is the model id sent to the endpoint; for the sim, "" gives
	// "sextant-sim".
	Model  string
	APIKey string
	// ContextWindow is the window in tokens. 0: for the sim,
	// DefaultContextWindow; for an endpoint, asked of the server by
	// DiscoverWindow (DefaultContextWindow until then, or if it does not say).
	ContextWindow int
	WindowSource  string        // where a given ContextWindow came from ("--context-window")
	Timeout       time.Duration // one model reply's limit; 0: the client's default
	LoadWait      time.Duration // patience while the server loads the model; 0: the client's default
	Stream        bool          // read replies as they are written
	IdleTimeout   time.Duration // streaming: the longest silence within a reply; 0: the client's default
	Seed          uint64        // sim only: its policy seed
}

// Model is an opened model and what must be closed with it.
type Model struct {
	llm.Model
	Name     string // model id
	Endpoint string // base URL
	Sim      bool
	server   *http.Server
}

// Close stops the simulated analyst's server, if one was started.
func (m *Model) Close() error {
	if m.server == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return m.server.Shutdown(ctx)
}

// OpenModel opens the model cfg names. For SimLLM it serves the simulated
// analyst on a loopback port and talks to it through the same
// OpenAI-compatible client a real endpoint gets, without retries.
func OpenModel(cfg ModelConfig) (*Model, error) {
	if cfg.ContextWindow < 0 {
		return nil, fmt.Errorf("%w: context window %d is negative", ErrBadRequest, cfg.ContextWindow)
	}
	m := &Model{Name: cfg.Model}
	oc := openai.Config{BaseURL: cfg.LLM, Model: cfg.Model, APIKey: cfg.APIKey, ContextWindow: cfg.ContextWindow,
		WindowSource: cfg.WindowSource, Timeout: cfg.Timeout, LoadWait: cfg.LoadWait, Stream: cfg.Stream, IdleTimeout: cfg.IdleTimeout}
	if strings.EqualFold(strings.TrimSpace(cfg.LLM), SimLLM) {
		if cfg.ContextWindow == 0 {
			cfg.ContextWindow = DefaultContextWindow
			oc.ContextWindow, oc.WindowSource = cfg.ContextWindow, "the simulated analyst's"
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("wire: start simulated analyst: %w", err)
		}
		srv := sim.NewServer(cfg.Seed, cfg.ContextWindow)
		if m.Name == "" {
			m.Name = srv.Model
		}
		m.server = &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
		// Serve returns when Close shuts the server down; a failure before
		// that shows as a connection error in the client's requests.
		go func() { _ = m.server.Serve(ln) }()
		m.Sim = true
		// The sim answers whole replies only.
		oc.BaseURL, oc.Model, oc.MaxRetries, oc.Stream = "http://"+ln.Addr().String()+"/v1", m.Name, -1, false
	} else {
		u, err := url.Parse(strings.TrimSpace(cfg.LLM))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("%w: llm %q: want an http(s) base URL such as http://localhost:8080/v1, or %q", ErrBadRequest, cfg.LLM, SimLLM)
		}
		if strings.TrimSpace(cfg.Model) == "" {
			return nil, fmt.Errorf("%w: a model name is required for %s", ErrBadRequest, cfg.LLM)
		}
	}
	m.Endpoint = oc.BaseURL
	c, err := openai.New(oc)
	if err != nil {
		m.Close()
		return nil, err
	}
	m.Model = c
	return m, nil
}

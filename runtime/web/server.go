// Package web serves the analyst's workbench in a browser, offline: search
// with results grouped by heading, the heading tree, one page per series
// with its chart and downloads, and agent chat sessions that show each step
// as it happens. Pages are rendered on the server and work without
// JavaScript; the small embedded script only improves them (search as you
// type, keyboard navigation, live chat steps). Every asset is embedded:
// no CDN, no remote font.
//
// The server guards itself as a local tool must: Host and Origin are
// checked against the names it is reached by (so a page elsewhere cannot
// drive it through DNS rebinding), POSTs carry a CSRF token, an access
// token can be required, file paths never leave a session's folder, and
// sessions and request sizes are bounded with a clear message.
package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/search"
)

// Bounds. They bound what one browser or one request can make the server
// hold, not the catalog: a 365,000-row catalog is searched and browsed in
// pages.
const (
	// DefaultMaxSessions bounds open chat sessions. Each holds its tables
	// (at most analysis.MaxTableCells cells each) and runs one turn at a
	// time; 32 turns at once keep two cores busy for seconds per step.
	DefaultMaxSessions = 32
	// DefaultSessionIdle closes a session nobody used for this long (its
	// folder, trace and charts stay on disk).
	DefaultSessionIdle = time.Hour
	// DefaultTurnTimeout bounds one chat turn.
	DefaultTurnTimeout = 10 * time.Minute
	// MaxBodyBytes bounds a POST body (a chat message and a token).
	MaxBodyBytes = 64 << 10
	// MaxMessageChars bounds one chat message.
	MaxMessageChars = 4000
	// MaxQueryChars bounds a search query.
	MaxQueryChars = 500
	// MaxTurnsPerSession bounds the turns one session keeps.
	MaxTurnsPerSession = 200
	// MaxStreamsPerSession bounds the live event streams open on one session.
	MaxStreamsPerSession = 4
)

// Searcher is what the pages need from the search engine.
type Searcher interface {
	Search(ctx context.Context, req search.Request) (search.Result, error)
}

// Config configures a Server.
type Config struct {
	Catalog *catalog.Catalog
	Search  Searcher
	// Model answers chat sessions; nil disables chat (the page says so).
	// It is shared by every session and must be safe for concurrent use.
	Model     llm.Model
	ModelName string
	// WorkDir holds one folder per chat session (charts, trace).
	WorkDir string
	// Hosts are the host names or IPs, besides loopback ones, that the
	// server accepts in Host and Origin headers (the --addr host).
	Hosts []string
	// Token, when set, is required on every request (cookie, bearer
	// header, or ?token= once).
	Token       string
	MaxSessions int           // 0: DefaultMaxSessions
	SessionIdle time.Duration // 0: DefaultSessionIdle
	TurnTimeout time.Duration // 0: DefaultTurnTimeout
	Version     string
	// Logf reports what the pages cannot show (nil: discarded).
	Logf func(format string, args ...any)
}

// Server is the workbench's HTTP handler.
type Server struct {
	cfg   Config
	cat   *catalog.Catalog
	tree  *tree
	mux   *http.ServeMux
	guard *guard
	pages *pages

	ctx    context.Context // cancelled by Close: running turns stop
	cancel context.CancelFunc

	mu       sync.Mutex
	sessions map[string]*chatSession
	pending  int // sessions being opened
	closed   bool
	reaper   chan struct{}
	reaped   sync.WaitGroup
}

// New builds a server over an opened catalog and search engine.
func New(cfg Config) (*Server, error) {
	if cfg.Catalog == nil || cfg.Search == nil {
		return nil, errors.New("web: a catalog and a search engine are required")
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.SessionIdle <= 0 {
		cfg.SessionIdle = DefaultSessionIdle
	}
	if cfg.TurnTimeout <= 0 {
		cfg.TurnTimeout = DefaultTurnTimeout
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	if cfg.Model != nil {
		if cfg.WorkDir == "" {
			return nil, errors.New("web: a work folder for chat sessions is required")
		}
		abs, err := filepath.Abs(cfg.WorkDir)
		if err != nil {
			return nil, fmt.Errorf("web: work folder: %w", err)
		}
		if err := os.MkdirAll(abs, 0o755); err != nil {
			return nil, fmt.Errorf("web: work folder: %w", err)
		}
		// Resolved once, so a session folder is compared with real paths.
		if cfg.WorkDir, err = filepath.EvalSymlinks(abs); err != nil {
			return nil, fmt.Errorf("web: work folder: %w", err)
		}
	}
	g, err := newGuard(cfg.Hosts, cfg.Token)
	if err != nil {
		return nil, err
	}
	p, err := loadPages()
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, cat: cfg.Catalog, tree: newTree(cfg.Catalog), guard: g, pages: p,
		sessions: map[string]*chatSession{}, reaper: make(chan struct{})}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.routes()
	s.reaped.Add(1)
	go s.reap()
	return s, nil
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.handleHome)
	m.HandleFunc("GET /search", s.handleSearch)
	m.HandleFunc("GET /heading/{$}", s.handleHeadingRoot)
	m.HandleFunc("GET /heading/{id}", s.handleHeading)
	m.HandleFunc("GET /series/{id...}", s.handleSeries)
	m.HandleFunc("GET /chat", s.handleChatHome)
	m.HandleFunc("POST /chat", s.handleChatNew)
	m.HandleFunc("GET /chat/{sid}", s.handleChat)
	m.HandleFunc("POST /chat/{sid}/ask", s.handleAsk)
	m.HandleFunc("POST /chat/{sid}/stop", s.handleStop)
	m.HandleFunc("POST /chat/{sid}/close", s.handleClose)
	m.HandleFunc("GET /chat/{sid}/events", s.handleEvents)
	m.HandleFunc("GET /chat/{sid}/status", s.handleStatus)
	m.HandleFunc("GET /chat/{sid}/files/{name}", s.handleFile)
	m.HandleFunc("GET /chat/{sid}/tables/{name}", s.handleTable)
	m.HandleFunc("GET /chat/{sid}/trace", s.handleTrace)
	m.Handle("GET /assets/", assetHandler())
	s.mux = m
}

// ServeHTTP implements http.Handler: every request passes the guard first.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.guard.serve(w, r, s.mux, s.pages)
}

// Close stops running turns and closes every session (their folders stay).
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.reaper)
	all := make([]*chatSession, 0, len(s.sessions))
	for id, cs := range s.sessions {
		all = append(all, cs)
		delete(s.sessions, id)
	}
	s.mu.Unlock()
	s.cancel()
	s.reaped.Wait()
	var errs []error
	for _, cs := range all {
		errs = append(errs, cs.close())
	}
	return errors.Join(errs...)
}

// reap closes sessions idle longer than SessionIdle.
func (s *Server) reap() {
	defer s.reaped.Done()
	tick := time.NewTicker(min(s.cfg.SessionIdle/4, time.Minute))
	defer tick.Stop()
	for {
		select {
		case <-s.reaper:
			return
		case now := <-tick.C:
			var idle []*chatSession
			s.mu.Lock()
			for id, cs := range s.sessions {
				if cs.idleSince(now) > s.cfg.SessionIdle {
					idle = append(idle, cs)
					delete(s.sessions, id)
				}
			}
			s.mu.Unlock()
			for _, cs := range idle {
				if err := cs.close(); err != nil {
					s.cfg.Logf("close idle session %s: %v", cs.id, err)
				}
			}
		}
	}
}

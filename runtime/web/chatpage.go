package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/runtime/trace"
)

// streamKeepAlive is how often an idle event stream sends a comment, so
// that proxies and browsers keep it open.
const streamKeepAlive = 15 * time.Second

func pathSegment(s string) string { return url.PathEscape(s) }

type chatHomeView struct {
	Enabled  bool
	Sessions []sessionLink
	Max      int
	Open     int
}

type sessionLink struct {
	ID, Started, First string
	Turns              int
	Running            bool
}

func (s *Server) handleChatHome(w http.ResponseWriter, r *http.Request) {
	v := chatHomeView{Enabled: s.cfg.Model != nil, Max: s.cfg.MaxSessions}
	client := clientOf(r)
	s.mu.Lock()
	v.Open = len(s.sessions)
	var mine []*chatSession
	for _, cs := range s.sessions {
		if cs.owner == client {
			mine = append(mine, cs)
		}
	}
	s.mu.Unlock()
	slices.SortFunc(mine, func(a, b *chatSession) int { return b.created.Compare(a.created) })
	for _, cs := range mine {
		cs.mu.Lock()
		l := sessionLink{ID: cs.id, Started: cs.created.Format("15:04:05"), Turns: len(cs.turns), Running: cs.running}
		if len(cs.turns) > 0 {
			l.First = cs.turns[0].User
		}
		cs.mu.Unlock()
		v.Sessions = append(v.Sessions, l)
	}
	s.pages.render(w, http.StatusOK, "chathome", "", s.page(r, "Chat", "chat", v))
}

// handleChatNew opens a session, and asks its first question when the
// form carries one.
func (s *Server) handleChatNew(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Model == nil {
		s.pages.fail(w, r, http.StatusServiceUnavailable, "Chat is off", "This server was started without a model: restart it with --llm URL or --llm sim to chat.")
		return
	}
	text, err := messageOf(r)
	if err != nil {
		s.pages.fail(w, r, http.StatusRequestEntityTooLarge, "Message too long", err.Error())
		return
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		s.pages.fail(w, r, http.StatusServiceUnavailable, "Shutting down", "The server is shutting down.")
		return
	}
	if n := len(s.sessions) + s.pending; n >= s.cfg.MaxSessions {
		s.mu.Unlock()
		s.pages.fail(w, r, http.StatusServiceUnavailable, "Too many sessions",
			fmt.Sprintf("The server holds %d open chat sessions, its limit (serve --max-sessions). Close a session you no longer need, or wait: sessions idle for %s are closed.", n, s.cfg.SessionIdle))
		return
	}
	// The slot is taken before the session is opened, so that concurrent
	// requests cannot pass the limit together.
	s.pending++
	s.mu.Unlock()
	cs, err := s.newSession(clientOf(r))
	s.mu.Lock()
	s.pending--
	closed := s.closed
	if err == nil && !closed {
		s.sessions[cs.id] = cs
	}
	s.mu.Unlock()
	if err == nil && closed { // the server closed while the session opened
		_ = cs.close()
		s.pages.fail(w, r, http.StatusServiceUnavailable, "Shutting down", "The server is shutting down.")
		return
	}
	if err != nil {
		s.cfg.Logf("new session: %v", err)
		s.pages.fail(w, r, http.StatusInternalServerError, "Session not opened", err.Error())
		return
	}
	if text != "" {
		if _, err := cs.start(s.ctx, s.cfg.TurnTimeout, text); err != nil {
			s.pages.fail(w, r, http.StatusConflict, "Not asked", err.Error())
			return
		}
	}
	s.answered(w, r, cs, "")
}

// messageOf reads the form's message, bounded.
func messageOf(r *http.Request) (string, error) {
	text := strings.TrimSpace(r.PostForm.Get("message"))
	if n := utf8.RuneCountInString(text); n > MaxMessageChars {
		return "", fmt.Errorf("the message holds %d characters; a chat message may hold at most %d", n, MaxMessageChars)
	}
	return text, nil
}

// answered ends a POST: JSON for the script, a redirect to the session's
// page otherwise.
func (s *Server) answered(w http.ResponseWriter, r *http.Request, cs *chatSession, anchor string) {
	if strings.Contains(r.Header.Get("Accept"), "application/json") {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(s.statusOf(cs))
		return
	}
	u := "/chat/" + cs.id
	if anchor != "" {
		u += "#" + anchor
	}
	http.Redirect(w, r, u, http.StatusSeeOther)
}

// session finds the browser's session named in the path, or writes why not.
func (s *Server) session(w http.ResponseWriter, r *http.Request) *chatSession {
	id := r.PathValue("sid")
	s.mu.Lock()
	cs, ok := s.sessions[id]
	s.mu.Unlock()
	if !ok || cs.owner != clientOf(r) || cs.owner == "" {
		s.pages.fail(w, r, http.StatusNotFound, "No such session",
			"This chat session is not open: it was closed, expired after being idle, the server restarted, or it belongs to another browser. Its folder and trace stay on the server's disk.")
		return nil
	}
	cs.touch()
	return cs
}

type chatView struct {
	ID      string
	Turns   []*turnView
	Running bool
	Dir     string
	Model   string
}

func (s *Server) handleChat(w http.ResponseWriter, r *http.Request) {
	cs := s.session(w, r)
	if cs == nil {
		return
	}
	cs.mu.Lock()
	v := chatView{ID: cs.id, Running: cs.running, Dir: cs.dir, Model: s.cfg.ModelName}
	v.Turns = slices.Clone(cs.turns)
	seq := cs.seq
	pg := s.page(r, "Chat", "chat", v)
	// Rendered under the lock: the turns are not copied deeply.
	var buf bytes.Buffer
	err := s.pages.t["chat"].ExecuteTemplate(&buf, "layout.html", struct {
		page
		Seq int
	}{pg, seq})
	cs.mu.Unlock()
	if err != nil {
		http.Error(w, "web: render chat: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(buf.Bytes())
}

func (s *Server) handleAsk(w http.ResponseWriter, r *http.Request) {
	cs := s.session(w, r)
	if cs == nil {
		return
	}
	text, err := messageOf(r)
	if err != nil {
		s.pages.fail(w, r, http.StatusRequestEntityTooLarge, "Message too long", err.Error())
		return
	}
	if text == "" {
		s.pages.fail(w, r, http.StatusBadRequest, "Empty message", "Write a question before sending.")
		return
	}
	n, err := cs.start(s.ctx, s.cfg.TurnTimeout, text)
	if err != nil {
		s.pages.fail(w, r, http.StatusConflict, "Not asked", err.Error())
		return
	}
	s.answered(w, r, cs, turnAnchor(n))
}

func (s *Server) handleStop(w http.ResponseWriter, r *http.Request) {
	if cs := s.session(w, r); cs != nil {
		cs.stop()
		s.answered(w, r, cs, "")
	}
}

func (s *Server) handleClose(w http.ResponseWriter, r *http.Request) {
	cs := s.session(w, r)
	if cs == nil {
		return
	}
	s.mu.Lock()
	delete(s.sessions, cs.id)
	s.mu.Unlock()
	if err := cs.close(); err != nil {
		s.cfg.Logf("close session %s: %v", cs.id, err)
	}
	http.Redirect(w, r, "/chat", http.StatusSeeOther)
}

// sessionStatus is the JSON form of a session's state.
type sessionStatus struct {
	ID      string      `json:"id"`
	Turns   int         `json:"turns"`
	Running bool        `json:"running"`
	Seq     int         `json:"seq"`
	Last    *turnStatus `json:"last,omitempty"`
}

type turnStatus struct {
	N          int    `json:"n"`
	Done       bool   `json:"done"`
	StopReason string `json:"stop_reason,omitempty"`
	Answer     string `json:"answer,omitempty"`
	Error      string `json:"error,omitempty"`
	Steps      int    `json:"steps"`
	Tables     int    `json:"tables"`
	Charts     int    `json:"charts"`
	Elapsed    string `json:"elapsed,omitempty"`
}

func (s *Server) statusOf(cs *chatSession) sessionStatus {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	st := sessionStatus{ID: cs.id, Turns: len(cs.turns), Running: cs.running, Seq: cs.seq}
	if n := len(cs.turns); n > 0 {
		t := cs.turns[n-1]
		st.Last = &turnStatus{N: t.N, Done: t.Done, StopReason: t.Stop, Answer: t.Answer, Error: t.Err, Steps: len(t.Steps),
			Tables: len(t.Tables), Charts: len(t.Charts), Elapsed: t.Elapsed}
	}
	return st
}

func (s *Server) handleStatus(w http.ResponseWriter, r *http.Request) {
	if cs := s.session(w, r); cs != nil {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_ = json.NewEncoder(w).Encode(s.statusOf(cs))
	}
}

// handleEvents streams a session's updates as server-sent events: each
// step as it happens, and each turn whole when it starts and ends. A
// stream resumes after Last-Event-ID (or ?after=).
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	cs := s.session(w, r)
	if cs == nil {
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	after := 0
	for _, v := range []string{r.Header.Get("Last-Event-ID"), r.URL.Query().Get("after")} {
		if n, err := strconv.Atoi(v); err == nil && n > after {
			after = n
		}
	}
	cs.mu.Lock()
	if cs.streams >= MaxStreamsPerSession {
		cs.mu.Unlock()
		s.pages.fail(w, r, http.StatusTooManyRequests, "Too many live views",
			fmt.Sprintf("This session already has %d live views open; close a tab showing it.", MaxStreamsPerSession))
		return
	}
	cs.streams++
	cs.mu.Unlock()
	defer func() {
		cs.mu.Lock()
		cs.streams--
		cs.lastUsed = time.Now()
		cs.mu.Unlock()
	}()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 2000\n\n")
	fl.Flush()
	keep := time.NewTicker(streamKeepAlive)
	defer keep.Stop()
	for {
		evs, changed, lost := cs.since(after)
		if lost {
			fmt.Fprint(w, "event: reload\ndata: {}\n\n")
			fl.Flush()
			return
		}
		for _, e := range evs {
			if e.Kind == "closed" {
				fmt.Fprint(w, "event: closed\ndata: {}\n\n")
				fl.Flush()
				return
			}
			b, _ := json.Marshal(e)
			fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", e.Seq, e.Kind, b)
			after = e.Seq
		}
		fl.Flush()
		select {
		case <-changed:
		case <-keep.C:
			fmt.Fprint(w, ": keep-alive\n\n")
			fl.Flush()
		case <-r.Context().Done():
			return
		case <-s.ctx.Done():
			return
		}
	}
}

// handleFile serves a chart (or other file) the session wrote, from its
// folder only.
func (s *Server) handleFile(w http.ResponseWriter, r *http.Request) {
	cs := s.session(w, r)
	if cs == nil {
		return
	}
	p, err := cs.file(r.PathValue("name"))
	if err != nil {
		s.pages.fail(w, r, http.StatusNotFound, "No such file", err.Error())
		return
	}
	ctype := map[string]string{".svg": "image/svg+xml", ".png": "image/png"}[strings.ToLower(filepath.Ext(p))]
	if ctype == "" {
		s.pages.fail(w, r, http.StatusNotFound, "No such file", "Only the session's charts (SVG, PNG) are served.")
		return
	}
	f, err := os.Open(p)
	if err != nil {
		s.pages.fail(w, r, http.StatusNotFound, "No such file", err.Error())
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		s.pages.fail(w, r, http.StatusNotFound, "No such file", "not a regular file")
		return
	}
	// A chart is shown as an image; opened alone, it may not run scripts.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	w.Header().Set("Content-Type", ctype)
	http.ServeContent(w, r, st.Name(), st.ModTime(), f)
}

// handleTable downloads a table the session built, as CSV or Parquet.
func (s *Server) handleTable(w http.ResponseWriter, r *http.Request) {
	cs := s.session(w, r)
	if cs == nil {
		return
	}
	name := r.PathValue("name")
	t, ok := cs.engine.Table(name)
	if !ok {
		s.pages.fail(w, r, http.StatusNotFound, "No such table", fmt.Sprintf("This session holds no table %q.", name))
		return
	}
	format := r.URL.Query().Get("format")
	if format != "csv" && format != "parquet" {
		s.pages.fail(w, r, http.StatusBadRequest, "Unknown format", fmt.Sprintf("Format %q: tables download as csv or parquet.", format))
		return
	}
	writeTable(w, r, s.pages, t, fileStem(name), format)
}

// handleTrace shows the session's trace as the HTML report (?download=1
// to save it, ?format=jsonl for the trace itself).
func (s *Server) handleTrace(w http.ResponseWriter, r *http.Request) {
	cs := s.session(w, r)
	if cs == nil {
		return
	}
	path := cs.tw.Path()
	stem := "sextant-session-" + cs.id[:8]
	if r.URL.Query().Get("format") == "jsonl" {
		f, err := os.Open(path)
		if err != nil {
			s.pages.fail(w, r, http.StatusNotFound, "No trace", err.Error())
			return
		}
		defer f.Close()
		w.Header().Set("Content-Type", "application/x-ndjson")
		w.Header().Set("Content-Disposition", `attachment; filename="`+stem+`.jsonl"`)
		st, _ := f.Stat()
		http.ServeContent(w, r, "", st.ModTime(), f)
		return
	}
	tr, err := trace.Read(path)
	if err != nil {
		s.pages.fail(w, r, http.StatusInternalServerError, "Trace unreadable", err.Error())
		return
	}
	var buf bytes.Buffer
	if err := trace.Report(tr, &buf); err != nil {
		s.pages.fail(w, r, http.StatusInternalServerError, "Report failed", err.Error())
		return
	}
	// The report is a self-contained page with its own inline style and no script.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if r.URL.Query().Get("download") != "" {
		w.Header().Set("Content-Disposition", `attachment; filename="`+stem+`.html"`)
	}
	_, _ = w.Write(buf.Bytes())
}

package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/trace"
	"github.com/sextant-dev/sextant/runtime/wire"
)

// Sizes of what a session keeps for its pages.
const (
	// maxShownResult is how much of one tool result a step shows; the
	// trace keeps all of it.
	maxShownResult = 16 << 10
	// maxLoggedEvents is how many live events a session keeps for streams
	// that reconnect; one further behind reloads the page.
	maxLoggedEvents = 2000
)

// errBusy is returned when a turn is asked for while one runs.
var errBusy = errors.New("a turn is already running in this session: wait for it to finish, or stop it")

// chatSession is one analyst conversation served to one browser.
type chatSession struct {
	id, owner string
	dir       string // the session's folder: charts and trace; nothing outside it is served
	created   time.Time
	agent     *agent.Session
	engine    *wire.Engine
	tw        *trace.Writer
	rec       *agent.TraceRecorder
	render    func(name string, data any) (string, error)

	mu       sync.Mutex
	lastUsed time.Time
	turns    []*turnView
	running  bool
	cancel   context.CancelFunc
	turnDone chan struct{} // closed when the running turn ends
	seq      int
	log      []streamEvent
	changed  chan struct{} // closed and replaced on every event
	streams  int
	closed   bool
}

// turnView is one turn as the page shows it.
type turnView struct {
	Session string
	N       int
	User    string
	Started time.Time
	Elapsed string
	Running bool
	Steps   []stepView
	Done    bool
	Answer  string
	Stop    string
	Err     string
	Tables  []tableView
	Derived []agent.ColumnSummary
	Changes []agent.ChangePointSummary
	Charts  []chartView
	Metrics agent.TurnMetrics
}

// stepView is one thing the turn did: a model response or a tool call.
type stepView struct {
	Turn, Call int
	Kind       string // "model" or "tool"
	Reasoning  string
	Content    string
	Calls      []string // "name(arguments)"
	Tool       string
	Args       string
	Result     string
	Cut        int // bytes of the result not shown
	Error      string
	Shown      []string
}

type tableView struct {
	agent.TableSummary
	Head  []string
	Body  [][]string // a row of one cell is a gap ("… 298 rows …")
	CSV   string
	Parq  string
	Known bool // the session still holds the table (downloads work)
}

type chartView struct {
	URL, Name string
	Columns   []string
	Missing   string
}

// streamEvent is one update for live pages: HTML to put in the element
// with id Target, replacing it or appended to it.
type streamEvent struct {
	Seq    int    `json:"-"`
	Kind   string `json:"-"`
	Target string `json:"target"`
	Mode   string `json:"mode"` // "replace" or "append"
	HTML   string `json:"html"`
}

func (cs *chatSession) idleSince(now time.Time) time.Duration {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.running || cs.streams > 0 {
		return 0
	}
	return now.Sub(cs.lastUsed)
}

func (cs *chatSession) touch() {
	cs.mu.Lock()
	cs.lastUsed = time.Now()
	cs.mu.Unlock()
}

// publish records an event for the streams; cs.mu is held.
func (cs *chatSession) publish(kind, target, mode, html string) {
	cs.seq++
	cs.log = append(cs.log, streamEvent{Seq: cs.seq, Kind: kind, Target: target, Mode: mode, HTML: html})
	if len(cs.log) > maxLoggedEvents {
		cs.log = append(cs.log[:0:0], cs.log[len(cs.log)-maxLoggedEvents/2:]...)
	}
	close(cs.changed)
	cs.changed = make(chan struct{})
}

// since returns the events after seq, a channel closed at the next event,
// and whether events after seq were already dropped.
func (cs *chatSession) since(seq int) ([]streamEvent, <-chan struct{}, bool) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if len(cs.log) > 0 && cs.log[0].Seq > seq+1 {
		return nil, cs.changed, true
	}
	var out []streamEvent
	for _, e := range cs.log {
		if e.Seq > seq {
			out = append(out, e)
		}
	}
	return out, cs.changed, false
}

// publishTurn re-renders turn t whole; cs.mu is held.
func (cs *chatSession) publishTurn(t *turnView, kind, mode string) {
	html, err := cs.render("turn", t)
	if err != nil {
		html = `<p class="error">` + template.HTMLEscapeString(err.Error()) + `</p>`
	}
	target := "turns"
	if mode == "replace" {
		target = turnAnchor(t.N)
	}
	cs.publish(kind, target, mode, html)
}

func turnAnchor(n int) string { return fmt.Sprintf("turn-%d", n) }

// start begins a turn for text, run in the background; it fails when a
// turn runs or the session holds its most turns.
func (cs *chatSession) start(parent context.Context, timeout time.Duration, text string) (int, error) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	switch {
	case cs.closed:
		return 0, errors.New("this session is closed")
	case cs.running:
		return 0, errBusy
	case len(cs.turns) >= MaxTurnsPerSession:
		return 0, fmt.Errorf("this session holds %d turns, the most one session keeps: start a new session", MaxTurnsPerSession)
	}
	t := &turnView{Session: cs.id, N: len(cs.turns) + 1, User: text, Started: time.Now(), Running: true}
	cs.turns = append(cs.turns, t)
	cs.running, cs.lastUsed = true, time.Now()
	ctx, cancel := context.WithTimeout(parent, timeout)
	cs.cancel, cs.turnDone = cancel, make(chan struct{})
	cs.publishTurn(t, "turn", "append")
	done := cs.turnDone
	go func() {
		defer close(done)
		defer cancel()
		res, err := cs.agent.Ask(ctx, text)
		cs.finish(t, res, err)
	}()
	return t.N, nil
}

// finish fills in a turn's outcome and tells the streams.
func (cs *chatSession) finish(t *turnView, res agent.TurnResult, err error) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	t.Running, t.Done = false, true
	t.Elapsed = time.Since(t.Started).Round(10 * time.Millisecond).String()
	t.Answer, t.Stop, t.Metrics = res.Answer, res.StopReason, res.Metrics
	if err != nil && !errors.Is(err, agent.ErrStepLimit) {
		t.Err = err.Error()
		if errors.Is(err, context.Canceled) {
			t.Err = "stopped"
		} else if errors.Is(err, context.DeadlineExceeded) {
			t.Err = "the turn took longer than its time limit and was stopped"
		}
	}
	for _, tb := range res.Tables {
		t.Tables = append(t.Tables, cs.tableView(tb))
	}
	t.Derived, t.Changes = res.Derived, res.ChangePoints
	for _, ch := range res.Charts {
		t.Charts = append(t.Charts, cs.chartView(ch))
	}
	cs.running, cs.cancel, cs.lastUsed = false, nil, time.Now()
	cs.publishTurn(t, "done", "replace")
}

func (cs *chatSession) tableView(tb agent.TableSummary) tableView {
	v := tableView{TableSummary: tb}
	_, v.Known = cs.engine.Table(tb.Name)
	base := "/chat/" + cs.id + "/tables/" + pathSegment(tb.Name)
	v.CSV, v.Parq = base+"?format=csv", base+"?format=parquet"
	lines := strings.Split(strings.TrimRight(tb.Preview, "\n"), "\n")
	for i, l := range lines {
		if l == "" {
			continue
		}
		cells := strings.Split(l, " | ")
		if i == 0 {
			v.Head = cells
			continue
		}
		v.Body = append(v.Body, cells)
	}
	return v
}

// chartView links a chart the engine wrote, if it lies in the session's folder.
func (cs *chatSession) chartView(ch agent.ChartSummary) chartView {
	name := filepath.Base(ch.Path)
	v := chartView{Name: name, Columns: ch.Columns}
	if _, err := cs.file(name); err != nil || filepath.Dir(filepath.Clean(ch.Path)) != cs.dir {
		v.Missing = "the chart was not written in this session's folder, so it is not served"
		return v
	}
	v.URL = "/chat/" + cs.id + "/files/" + pathSegment(name)
	return v
}

// file resolves a file name inside the session's folder. Only plain names
// are accepted, and the resolved path (links followed) must stay inside.
func (cs *chatSession) file(name string) (string, error) {
	if name == "" || name != filepath.Base(name) || strings.HasPrefix(name, ".") || strings.ContainsAny(name, `/\`) {
		return "", fmt.Errorf("%q is not a file name of this session", name)
	}
	p, err := filepath.EvalSymlinks(filepath.Join(cs.dir, name))
	if err != nil {
		return "", fmt.Errorf("no file %q in this session", name)
	}
	rel, err := filepath.Rel(cs.dir, p)
	if err != nil || rel != filepath.Base(rel) || strings.HasPrefix(rel, "..") {
		return "", fmt.Errorf("%q leads outside this session's folder", name)
	}
	return p, nil
}

// stop cancels the running turn, if any.
func (cs *chatSession) stop() bool {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.cancel == nil {
		return false
	}
	cs.cancel()
	return true
}

// close stops the running turn, waits for it, and closes the trace.
func (cs *chatSession) close() error {
	cs.mu.Lock()
	if cs.closed {
		cs.mu.Unlock()
		return nil
	}
	cs.closed = true
	if cs.cancel != nil {
		cs.cancel()
	}
	done := cs.turnDone
	cs.publish("closed", "", "", "")
	cs.mu.Unlock()
	if done != nil {
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			return fmt.Errorf("session %s: the running turn did not stop within 30 s", cs.id)
		}
	}
	return errors.Join(cs.rec.Err(), cs.tw.Close())
}

// liveRecorder passes a session's events to its trace and shows each step
// on the session's pages as it happens.
type liveRecorder struct {
	cs *chatSession
	tr *agent.TraceRecorder
}

func (l *liveRecorder) TurnStart(ctx context.Context, turn int, user string) {
	l.tr.TurnStart(ctx, turn, user)
}

func (l *liveRecorder) Request(ctx context.Context, ev agent.RequestEvent) { l.tr.Request(ctx, ev) }

func (l *liveRecorder) Response(ctx context.Context, ev agent.ResponseEvent) {
	l.tr.Response(ctx, ev)
	msg := ev.Response.Message
	st := stepView{Turn: ev.Turn, Call: ev.Step, Kind: "model", Reasoning: strings.TrimSpace(msg.Reasoning)}
	if len(msg.ToolCalls) > 0 {
		st.Content = strings.TrimSpace(msg.Content)
	}
	for _, c := range msg.ToolCalls {
		st.Calls = append(st.Calls, c.Name+"("+compactJSON(c.Arguments)+")")
	}
	if st.Reasoning == "" && st.Content == "" && len(st.Calls) == 0 {
		return // the answer alone: the turn's end shows it
	}
	l.add(st)
}

func (l *liveRecorder) ToolResult(ctx context.Context, ev agent.ToolEvent) {
	l.tr.ToolResult(ctx, ev)
	st := stepView{Turn: ev.Turn, Call: ev.Step, Kind: "tool", Tool: ev.Call.Name, Args: prettyJSON(ev.Call.Arguments),
		Result: ev.Result, Error: ev.Error, Shown: ev.ShownIDs}
	if len(st.Result) > maxShownResult {
		cut := maxShownResult
		for cut > 0 && !utf8Start(st.Result[cut]) {
			cut--
		}
		st.Cut = len(st.Result) - cut
		st.Result = st.Result[:cut]
	}
	l.add(st)
}

func (l *liveRecorder) Turn(ctx context.Context, ev agent.TurnEvent) { l.tr.Turn(ctx, ev) }

func (l *liveRecorder) add(st stepView) {
	cs := l.cs
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if st.Turn < 1 || st.Turn > len(cs.turns) {
		return
	}
	t := cs.turns[st.Turn-1]
	t.Steps = append(t.Steps, st)
	html, err := cs.render("step", st)
	if err != nil {
		html = `<li class="error">` + template.HTMLEscapeString(err.Error()) + `</li>`
	}
	cs.publish("step", turnAnchor(st.Turn)+"-steps", "append", html)
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

func compactJSON(s string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) != nil {
		return s
	}
	return b.String()
}

func prettyJSON(s string) string {
	var b bytes.Buffer
	if json.Indent(&b, []byte(s), "", "  ") != nil {
		return s
	}
	return b.String()
}

// newSession opens a session in a new folder under the server's work folder.
func (s *Server) newSession(owner string) (*chatSession, error) {
	id := randomID(16)
	dir := filepath.Join(s.cfg.WorkDir, "session-"+time.Now().UTC().Format("20060102T150405")+"-"+id[:8])
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("session folder: %w", err)
	}
	tw, err := trace.Create(filepath.Join(dir, "trace.jsonl"))
	if err != nil {
		return nil, err
	}
	info := trace.SessionInfo{ID: id, Model: s.cfg.ModelName, ContextWindow: s.cfg.Model.ContextWindow(), BundleID: s.cat.Bundle.Dir,
		Meta: map[string]string{"command": "serve", "version": s.cfg.Version}}
	if err := tw.SessionStart(info); err != nil {
		tw.Close()
		return nil, err
	}
	cs := &chatSession{id: id, owner: owner, dir: dir, created: time.Now(), lastUsed: time.Now(), tw: tw,
		rec: agent.NewTraceRecorder(tw), changed: make(chan struct{}), engine: wire.NewEngine(s.cat, dir)}
	cs.render = func(name string, data any) (string, error) {
		var b bytes.Buffer
		err := s.pages.t["chat"].ExecuteTemplate(&b, name, data)
		return b.String(), err
	}
	cs.agent, err = agent.New(s.cfg.Model, wire.NewAgentCatalog(s.cat, s.cfg.Search), cs.engine,
		agent.Options{Recorder: &liveRecorder{cs: cs, tr: cs.rec}})
	if err != nil {
		tw.Close()
		return nil, err
	}
	return cs, nil
}

package trace

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// ErrClosed is returned by a Writer used after Close.
var ErrClosed = errors.New("trace: writer closed")

// Writer appends events to one session's trace file. Each event is written
// as a single line with one write and then fsynced, so a crash loses at most
// the event being written and Read can tell. The writer numbers turns and
// model calls itself. It is safe for concurrent use, and a nil *Writer
// accepts every call and writes nothing, so tracing can be optional.
type Writer struct {
	mu   sync.Mutex
	f    *os.File
	path string
	seq  int
	turn int
	call int
	now  func() time.Time
}

// Create creates (or truncates) the trace file at path, creating its
// directory if needed.
func Create(path string) (*Writer, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o666)
	if err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	return &Writer{f: f, path: path, now: time.Now}, nil
}

// Path is the trace file's path.
func (w *Writer) Path() string {
	if w == nil {
		return ""
	}
	return w.path
}

// SessionStart records the session's description.
func (w *Writer) SessionStart(info SessionInfo) error {
	return w.append(Event{Kind: KindSessionStart, Session: &info}, false)
}

// TurnStart opens a new turn for the analyst's text and returns its number.
func (w *Writer) TurnStart(user string) (int, error) {
	if w == nil {
		return 0, nil
	}
	w.mu.Lock()
	w.turn++
	w.call = 0
	turn := w.turn
	w.mu.Unlock()
	return turn, w.append(Event{Kind: KindTurnStart, User: user}, false)
}

// Request records a request as sent and returns its call number in the turn.
func (w *Writer) Request(req llm.Request) (int, error) {
	if w == nil {
		return 0, nil
	}
	w.mu.Lock()
	w.call++
	call := w.call
	w.mu.Unlock()
	return call, w.append(Event{Kind: KindRequest, Request: &req}, true)
}

// RequestAssembled is Request with a description of the context assembly.
func (w *Writer) RequestAssembled(req llm.Request, a Assembly) (int, error) {
	if w == nil {
		return 0, nil
	}
	w.mu.Lock()
	w.call++
	call := w.call
	w.mu.Unlock()
	return call, w.append(Event{Kind: KindRequest, Request: &req, Assembly: &a}, true)
}

// Response records the answer to the latest request.
func (w *Writer) Response(resp llm.Response, latency time.Duration) error {
	return w.append(Event{Kind: KindResponse, Response: &resp, LatencyMS: ms(latency)}, true)
}

// ToolResult records an executed tool call of the latest response.
func (w *Writer) ToolResult(r ToolResult) error {
	return w.append(Event{Kind: KindToolResult, Tool: &r}, true)
}

// TurnEnd closes the current turn with the final answer.
func (w *Writer) TurnEnd(answer string) error {
	return w.append(Event{Kind: KindTurnEnd, Answer: answer}, false)
}

// Error records a failure in the current turn (or the session, before any turn).
func (w *Writer) Error(err error) error {
	if err == nil {
		return nil
	}
	return w.append(Event{Kind: KindError, Error: err.Error()}, true)
}

// Append writes a caller-built event, stamping Seq, Time and, when unset,
// Turn and Call with the writer's own count. Callers that number turns and
// calls themselves set both and use Append for every event.
func (w *Writer) Append(e Event) error {
	return w.append(e, e.Call == 0)
}

func (w *Writer) append(e Event, stampCall bool) error {
	if w == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return ErrClosed
	}
	w.seq++
	e.Seq = w.seq
	if e.Time.IsZero() {
		e.Time = w.now().UTC()
	}
	if e.Turn == 0 {
		e.Turn = w.turn
	}
	if stampCall && e.Call == 0 {
		e.Call = w.call
	}
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("trace: encode %s event: %w", e.Kind, err)
	}
	if _, err := w.f.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("trace: write %s: %w", w.f.Name(), err)
	}
	if err := w.f.Sync(); err != nil {
		return fmt.Errorf("trace: sync %s: %w", w.f.Name(), err)
	}
	return nil
}

// Close closes the file. Later calls return ErrClosed.
func (w *Writer) Close() error {
	if w == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return ErrClosed
	}
	err := w.f.Close()
	w.f = nil
	if err != nil {
		return fmt.Errorf("trace: %w", err)
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

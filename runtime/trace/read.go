package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// Trace is a session trace read back from its file.
type Trace struct {
	// Path is the file read; chart paths in tool results are resolved
	// relative to its directory.
	Path    string
	Session SessionInfo
	Events  []Event
	// Truncated is set when the last line was cut short (the writer died
	// mid-event); the events before it are intact.
	Truncated bool
}

// Turn groups the events of one turn.
type Turn struct {
	Number int
	User   string
	// Answer is the final answer; Ended tells whether the turn was closed.
	Answer string
	Ended  bool
	Events []Event
}

// Read parses a trace file. A malformed line is an error naming the file
// and line, except a final line without its newline, which marks the trace
// Truncated.
func Read(path string) (*Trace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	defer f.Close()
	tr := &Trace{Path: path}
	r := bufio.NewReader(f)
	for line := 1; ; line++ {
		b, err := r.ReadBytes('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("trace: %s line %d: %w", path, line, err)
		}
		complete := err == nil
		if len(bytes.TrimSpace(b)) > 0 {
			var e Event
			if uerr := json.Unmarshal(b, &e); uerr != nil {
				if !complete {
					tr.Truncated = true
					break
				}
				return nil, fmt.Errorf("trace: %s line %d: %w", path, line, uerr)
			}
			if e.Kind == "" {
				return nil, fmt.Errorf("trace: %s line %d: missing field kind", path, line)
			}
			if e.Kind == KindSessionStart && e.Session != nil {
				tr.Session = *e.Session
			}
			tr.Events = append(tr.Events, e)
		}
		if !complete {
			break
		}
	}
	return tr, nil
}

// Turns groups the events by turn, in order; session-level events (turn 0)
// are left out.
func (t *Trace) Turns() []Turn {
	var turns []Turn
	index := map[int]int{}
	for _, e := range t.Events {
		if e.Turn == 0 {
			continue
		}
		i, ok := index[e.Turn]
		if !ok {
			i = len(turns)
			index[e.Turn] = i
			turns = append(turns, Turn{Number: e.Turn})
		}
		tu := &turns[i]
		switch e.Kind {
		case KindTurnStart:
			tu.User = e.User
		case KindTurnEnd:
			tu.Answer, tu.Ended = e.Answer, true
		case KindRequest:
			if tu.User == "" && e.Request != nil {
				// No turn_start seen: the turn's text is the request's last user message.
				for i := len(e.Request.Messages) - 1; i >= 0; i-- {
					if e.Request.Messages[i].Role == llm.User {
						tu.User = e.Request.Messages[i].Content
						break
					}
				}
			}
		}
		tu.Events = append(tu.Events, e)
	}
	return turns
}

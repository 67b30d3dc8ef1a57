package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/urfave/cli/v2"
)

// noteTables records the tables a turn built or changed, in first-seen
// order, and returns their names.
func (s *liveSession) noteTables(res agent.TurnResult) []string {
	var names []string
	seen := map[string]bool{}
	add := func(name string) {
		if name == "" || seen[name] {
			return
		}
		seen[name] = true
		names = append(names, name)
		for _, known := range s.tables {
			if known == name {
				return
			}
		}
		s.tables = append(s.tables, name)
	}
	for _, t := range res.Tables {
		add(t.Name)
	}
	for _, d := range res.Derived {
		add(d.Table)
	}
	return names
}

// exportTurn notes the turn's tables and, with --export DIR, writes them.
func (s *liveSession) exportTurn(c *cli.Context, res agent.TurnResult) error {
	names := s.noteTables(res)
	dir := c.String("export")
	if dir == "" || len(names) == 0 {
		return nil
	}
	return s.exportTables(c.App.Writer, dir, names)
}

// exportTables writes the named session tables to dir as NAME.csv and
// prints each path.
func (s *liveSession) exportTables(w io.Writer, dir string, names []string) error {
	if err := os.MkdirAll(dir, dirMode); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	for _, name := range names {
		t, ok := s.engine.Table(name)
		if !ok {
			continue
		}
		path := filepath.Join(dir, safeFileName(name)+".csv")
		if err := writeAtomic(path, t.WriteCSV); err != nil {
			return fmt.Errorf("export %s: %w", path, err)
		}
		fmt.Fprintf(w, "exported %s (%d rows, %d columns)\n", path, len(t.Dates), len(t.Columns))
	}
	return nil
}

// safeFileName keeps letters, digits, '-', '_' and '.' of a table name.
func safeFileName(name string) string {
	s := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '_'
	}, name)
	if s = strings.Trim(s, "."); s == "" {
		s = "table"
	}
	return s
}

// recorders sends a session's events to several recorders.
type recorders []agent.Recorder

func (rs recorders) TurnStart(ctx context.Context, turn int, user string) {
	for _, r := range rs {
		r.TurnStart(ctx, turn, user)
	}
}

func (rs recorders) Request(ctx context.Context, ev agent.RequestEvent) {
	for _, r := range rs {
		r.Request(ctx, ev)
	}
}

func (rs recorders) Response(ctx context.Context, ev agent.ResponseEvent) {
	for _, r := range rs {
		r.Response(ctx, ev)
	}
}

func (rs recorders) ToolResult(ctx context.Context, ev agent.ToolEvent) {
	for _, r := range rs {
		r.ToolResult(ctx, ev)
	}
}

func (rs recorders) Turn(ctx context.Context, ev agent.TurnEvent) {
	for _, r := range rs {
		r.Turn(ctx, ev)
	}
}

// progressRecorder prints one line per model call and tool call while a
// turn runs, so the analyst sees the model work. It prints only when
// enabled (chat enables it; ask when standard error is a terminal).
// On a terminal each line first clears the --stream status line.
type progressRecorder struct {
	mu      sync.Mutex
	w       io.Writer
	tty     bool
	enabled bool
}

func newProgress(w io.Writer) *progressRecorder {
	tty := isTerminalWriter(w)
	return &progressRecorder{w: w, tty: tty, enabled: tty}
}

func (p *progressRecorder) enable() {
	p.mu.Lock()
	p.enabled = true
	p.mu.Unlock()
}

func (p *progressRecorder) printf(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.enabled {
		if p.tty {
			fmt.Fprint(p.w, "\r\x1b[K")
		}
		fmt.Fprintf(p.w, "  … "+format+"\n", args...)
	}
}

func (p *progressRecorder) TurnStart(context.Context, int, string) {}

func (p *progressRecorder) Request(_ context.Context, ev agent.RequestEvent) {
	p.printf("model call %d (%d tokens of context)", ev.Step, ev.EstimatedTokens)
}

func (p *progressRecorder) Response(context.Context, agent.ResponseEvent) {}

func (p *progressRecorder) ToolResult(_ context.Context, ev agent.ToolEvent) {
	line := ev.Call.Name + " " + compactJSON(ev.Call.Arguments, 90)
	if ev.Error != "" {
		line += " — failed: " + firstLine(ev.Error, 90)
	}
	p.printf("%s", line)
}

func (p *progressRecorder) Turn(context.Context, agent.TurnEvent) {}

// compactJSON renders tool arguments on one line, cut to n runes.
func compactJSON(args string, n int) string {
	var v any
	if json.Unmarshal([]byte(args), &v) == nil {
		if b, err := json.Marshal(v); err == nil {
			args = string(b)
		}
	}
	return firstLine(args, n)
}

func firstLine(s string, n int) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if r := []rune(s); len(r) > n {
		s = string(r[:n-1]) + "…"
	}
	return s
}

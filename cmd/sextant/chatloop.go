package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/peterh/liner"
	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/urfave/cli/v2"
)

// maxChatMessage bounds one analyst message read from the input.
const maxChatMessage = 1 << 20

// chatHelp is what /help prints.
const chatHelp = `Type a question and press Enter. Tables built earlier stay available to later turns.
  end a line with \        to continue the message on the next line
  """ on a line of its own  to start and end a block of several lines
  /tables                  list the tables of this session
  /export [DIR]            write every table as DIR/NAME.csv (default: --export, else --out)
  /trace                   say where the session is recorded; /trace report [FILE.html] renders it
  /help                    this help
  /quit                    leave (or Ctrl-D)
Ctrl-C while the model works cancels that turn; the session and its tables stay.`

// errPromptAborted is Ctrl-C at an empty prompt.
var errPromptAborted = errors.New("prompt aborted")

// lineReader reads the analyst's lines: with line editing and history on
// a terminal, plainly from any other input (a pipe, a file, a test).
type lineReader interface {
	ReadLine(prompt string) (string, error) // io.EOF at the end of input
	Remember(line string)
	Close() error
}

// scanReader reads lines from a non-terminal input; it prints no prompt.
type scanReader struct{ s *bufio.Scanner }

func (r *scanReader) ReadLine(string) (string, error) {
	if r.s.Scan() {
		return r.s.Text(), nil
	}
	if err := r.s.Err(); err != nil {
		return "", err
	}
	return "", io.EOF
}
func (r *scanReader) Remember(string) {}
func (r *scanReader) Close() error    { return nil }

// termReader edits lines on a terminal with github.com/peterh/liner and
// keeps a history file.
type termReader struct {
	st      *liner.State
	history string
}

func newTermReader() *termReader {
	st := liner.NewLiner()
	st.SetCtrlCAborts(true)
	st.SetMultiLineMode(true)
	r := &termReader{st: st, history: historyPath()}
	if f, err := os.Open(r.history); err == nil {
		st.ReadHistory(f)
		f.Close()
	}
	return r
}

func (r *termReader) ReadLine(prompt string) (string, error) {
	line, err := r.st.Prompt(prompt)
	if errors.Is(err, liner.ErrPromptAborted) {
		return "", errPromptAborted
	}
	return line, err
}

func (r *termReader) Remember(line string) { r.st.AppendHistory(line) }

func (r *termReader) Close() error {
	if r.history != "" && os.MkdirAll(filepath.Dir(r.history), dirMode) == nil {
		if f, err := os.OpenFile(r.history, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, fileMode); err == nil {
			r.st.WriteHistory(f)
			f.Close()
		}
	}
	return r.st.Close()
}

// historyPath is $XDG_STATE_HOME/sextant/chat_history (default
// ~/.local/state/sextant/chat_history); "" when there is no home.
func historyPath() string {
	dir := os.Getenv("XDG_STATE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "sextant", "chat_history")
}

// isTerminal reports whether f is an interactive terminal.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// newLineReader picks the line editor when the app reads the terminal.
func newLineReader(in io.Reader) lineReader {
	if f, ok := in.(*os.File); ok && f == os.Stdin && isTerminal(f) && liner.TerminalSupported() {
		return newTermReader()
	}
	s := bufio.NewScanner(in)
	s.Buffer(make([]byte, 64<<10), maxChatMessage)
	return &scanReader{s: s}
}

// readMessage reads one message: a line, lines joined by a trailing
// backslash, or a block between lines of """.
func readMessage(in lineReader) (string, error) {
	line, err := in.ReadLine("> ")
	if err != nil {
		return "", err
	}
	var parts []string
	switch {
	case strings.TrimSpace(line) == `"""`:
		for {
			l, err := in.ReadLine("… ")
			if err != nil && !errors.Is(err, io.EOF) {
				return "", err
			}
			if strings.TrimSpace(l) == `"""` || errors.Is(err, io.EOF) {
				break
			}
			parts = append(parts, l)
		}
	default:
		for strings.HasSuffix(line, `\`) {
			parts = append(parts, strings.TrimSuffix(line, `\`))
			if line, err = in.ReadLine("… "); err != nil {
				if errors.Is(err, io.EOF) {
					line = ""
					break
				}
				return "", err
			}
		}
		parts = append(parts, line)
	}
	msg := strings.TrimSpace(strings.Join(parts, "\n"))
	if len(msg) > maxChatMessage {
		return "", fmt.Errorf("a message of %d bytes is longer than %d", len(msg), maxChatMessage)
	}
	if msg != "" {
		in.Remember(strings.ReplaceAll(msg, "\n", " "))
	}
	return msg, nil
}

// runChat is the chat session: read a message, run a turn (or a /command),
// print what it produced, until /quit or the end of input.
func runChat(c *cli.Context, s *liveSession) error {
	in := newLineReader(c.App.Reader)
	defer in.Close()
	w, ew := c.App.Writer, c.App.ErrWriter
	s.progress.enable()
	printBanner(ew, c, s)
	for {
		msg, err := readMessage(in)
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, errPromptAborted):
			fmt.Fprintln(ew, "(Ctrl-D or /quit leaves the chat)")
			continue
		case err != nil:
			return fmt.Errorf("chat: read input: %w", err)
		case c.Context.Err() != nil:
			return c.Context.Err()
		}
		if msg == "" {
			continue
		}
		if strings.HasPrefix(msg, "/") || msg == "exit" || msg == "quit" {
			if quit := chatCommandLine(c, s, msg); quit {
				return nil
			}
			continue
		}
		if err := chatTurn(c, s, msg); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
}

// chatTurn runs one turn under its own context, which Ctrl-C cancels.
func chatTurn(c *cli.Context, s *liveSession, msg string) error {
	ctx, cancel := context.WithCancel(c.Context)
	release := interrupts.during(cancel)
	pctx, done := progressContext(c, ctx)
	res, err := s.Ask(pctx, msg)
	done()
	release()
	cancelled := ctx.Err() != nil
	cancel()
	if c.Context.Err() != nil {
		return c.Context.Err()
	}
	printTurn(c.App.Writer, res)
	if xerr := s.exportTurn(c, res); xerr != nil {
		fmt.Fprintf(c.App.ErrWriter, "sextant: %s\n", errorLine(xerr))
	}
	switch {
	case cancelled:
		fmt.Fprintln(c.App.ErrWriter, "turn cancelled; the session and its tables are kept")
	case err != nil && !errors.Is(err, agent.ErrStepLimit):
		fmt.Fprintf(c.App.ErrWriter, "sextant: turn failed: %s\n", errorLine(err))
	}
	return nil
}

// chatCommands are the slash commands, for suggestions.
var chatCommands = []string{"/help", "/tables", "/export", "/trace", "/quit", "/exit"}

// chatCommandLine runs a /command and reports whether the chat should end.
func chatCommandLine(c *cli.Context, s *liveSession, line string) (quit bool) {
	w, ew := c.App.Writer, c.App.ErrWriter
	fields := strings.Fields(line)
	switch cmd := strings.ToLower(fields[0]); cmd {
	case "/quit", "/exit", "exit", "quit":
		return true
	case "/help", "/?":
		fmt.Fprintln(w, chatHelp)
	case "/tables":
		printSessionTables(w, s)
	case "/export":
		dir := c.String("export")
		if len(fields) > 1 {
			dir = strings.Join(fields[1:], " ")
		}
		if dir == "" {
			dir = filepath.Join(c.String("out"), "tables")
		}
		if len(s.tables) == 0 {
			fmt.Fprintln(w, "no tables yet: ask for one first")
		} else if err := s.exportTables(w, dir, s.tables); err != nil {
			fmt.Fprintf(ew, "sextant: %s\n", errorLine(err))
		}
	case "/trace":
		chatTrace(c, s, fields[1:])
	default:
		msg := "unknown chat command " + fields[0]
		if d := didYouMean(nearest(cmd, chatCommands, 1)); d != "" {
			msg += " (" + d + ")"
		}
		fmt.Fprintln(ew, msg+"; /help lists them")
	}
	return false
}

func printSessionTables(w io.Writer, s *liveSession) {
	if len(s.tables) == 0 {
		fmt.Fprintln(w, "no tables yet")
		return
	}
	for _, name := range s.tables {
		t, ok := s.engine.Table(name)
		if !ok {
			continue
		}
		var cols []string
		for _, col := range t.Columns {
			cols = append(cols, col.Name)
		}
		span := "empty"
		if n := len(t.Dates); n > 0 {
			span = fmt.Sprintf("%s..%s, %d rows", formatDate(t, 0), formatDate(t, n-1), n)
		}
		fmt.Fprintf(w, "%s: %s, %s; %s\n", name, t.Frequency, span, strings.Join(cols, ", "))
	}
}

// chatTrace says where the session is recorded, or renders the report.
func chatTrace(c *cli.Context, s *liveSession, args []string) {
	w, ew := c.App.Writer, c.App.ErrWriter
	if s.trace == nil {
		fmt.Fprintln(w, "this session is not recorded: start chat with --trace FILE")
		return
	}
	path := s.trace.Path()
	if len(args) == 0 || args[0] != "report" {
		fmt.Fprintf(w, "recording to %s; /trace report [FILE.html] renders it now (or later: sextant trace report %s)\n", path, path)
		return
	}
	out := strings.TrimSuffix(path, filepath.Ext(path)) + ".html"
	if len(args) > 1 {
		out = args[1]
	}
	if err := renderTraceReport(path, out); err != nil {
		fmt.Fprintf(ew, "sextant: %s\n", errorLine(err))
		return
	}
	fmt.Fprintf(w, "wrote %s\n", out)
}

// printBanner says what the chat talks to.
func printBanner(w io.Writer, c *cli.Context, s *liveSession) {
	m := s.cat.Bundle.Manifest
	fmt.Fprintf(w, "sextant chat · bundle %s (%d series, built %s) · model %s (%d-token context)\n",
		c.String("bundle"), m.Counts.Series, m.CreatedAt.Format("2006-01-02"), s.model.Name, s.model.ContextWindow())
	fmt.Fprintln(w, "Ask a question; /help for commands. Ctrl-C cancels a turn, Ctrl-D or /quit leaves.")
}

func formatDate(t *analysis.Table, i int) string {
	return analysis.FormatPeriod(t.Dates[i], t.Frequency)
}

package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm/fakeserver"
)

// Slash commands are answered by the chat, not sent to the model; a
// backslash continues a message and """ blocks span lines.
func TestChatCommandsAndMultiLineInput(t *testing.T) {
	b := demo(t)
	dir := t.TempDir()
	exportDir := filepath.Join(dir, "exported")
	stdin := "/help\n" +
		"/tables\n" +
		"Show me the US unemployment rate \\\nin a monthly table since 2000.\n" +
		"/tables\n" +
		"/tabels\n" +
		"/export " + exportDir + "\n" +
		"/trace\n" +
		"\"\"\"\nDerive the 12-month change\nin the unemployment rate.\n\"\"\"\n" +
		"/quit\n" +
		"Show me the consumer price index.\n"
	out, stderr, err := run(t, stdin, "chat", "-b", b, "--llm", "sim", "--out", filepath.Join(dir, "charts"))
	if err != nil {
		t.Fatalf("chat: %v\n%s%s", err, out, stderr)
	}
	if n := strings.Count(out, "turn: "); n != 2 {
		t.Fatalf("%d turns, want 2 (slash commands are not turns):\n%s", n, out)
	}
	for _, want := range []string{"/export [DIR]", "no tables yet", "main: M, 2000-01..", "exported " + filepath.Join(exportDir, "main.csv"),
		"not recorded", "derived columns:"} {
		if !strings.Contains(out, want) {
			t.Errorf("chat output lacks %q:\n%s", want, out)
		}
	}
	for _, want := range []string{"sextant chat · bundle " + b, "model sextant-sim", "did you mean /tables?", "  … model call 1"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("chat stderr lacks %q:\n%s", want, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(exportDir, "main.csv")); err != nil {
		t.Errorf("/export wrote nothing: %v", err)
	}
	if strings.Contains(out, "consumer price") {
		t.Errorf("a line after /quit was asked:\n%s", out)
	}
}

// readMessage joins continued lines and blocks, and stops at the end of input.
func TestReadMessage(t *testing.T) {
	in := newLineReader(strings.NewReader("one \\\ntwo\n\"\"\"\na\n\nb\n\"\"\"\nlast \\\n"))
	var got []string
	for {
		m, err := readMessage(in)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, m)
	}
	want := []string{"one \ntwo", "a\n\nb", "last"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("messages %q, want %q", got, want)
	}
}

// Ctrl-C while the model works cancels that turn only: the chat goes on
// to the next message, through the same path SIGINT takes.
func TestChatInterruptCancelsTheTurnOnly(t *testing.T) {
	b := demo(t)
	srv := fakeserver.New(
		fakeserver.Step{Fault: fakeserver.FaultSlow, Delay: time.Minute, Content: "too late"},
		fakeserver.Reply("The second answer."),
	)
	defer srv.Close()
	go func() {
		for len(srv.Requests()) == 0 {
			time.Sleep(10 * time.Millisecond)
		}
		for !interrupts.interrupt() { // the turn registers before its request is sent
			time.Sleep(time.Millisecond)
		}
	}()
	start := time.Now()
	out, stderr, err := run(t, "first question\nsecond question\n", "chat", "-b", b, "--llm", srv.URL(), "--model", "m", "--out", t.TempDir())
	if err != nil {
		t.Fatalf("chat: %v\n%s%s", err, out, stderr)
	}
	if time.Since(start) > 30*time.Second {
		t.Errorf("the cancelled turn was waited for (%v)", time.Since(start))
	}
	if !strings.Contains(stderr, "turn cancelled") {
		t.Errorf("no word of the cancelled turn:\n%s", stderr)
	}
	if !strings.Contains(out, "The second answer.") {
		t.Errorf("the chat did not go on after the cancelled turn:\n%s", out)
	}
	if interrupts.interrupt() {
		t.Error("a turn is still registered for interrupts after the chat")
	}
}

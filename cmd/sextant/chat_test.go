package main

import (
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

// Two turns share the session: the second derives from the table the first
// built, and nothing after "exit" is read.
func TestChatKeepsTablesAcrossTurns(t *testing.T) {
	b := wiretest.Bundle(t)
	stdin := "Show me the US unemployment rate in a monthly table since 2000.\n\n" +
		"Derive the 12-month change in the unemployment rate.\n" +
		"exit\n" +
		"Show me the consumer price index.\n"
	out, stderr, err := run(t, stdin, "chat", "-b", b, "--llm", "sim", "--out", t.TempDir())
	if err != nil {
		t.Fatalf("chat: %v\n%s%s", err, out, stderr)
	}
	if n := strings.Count(out, "turn: "); n != 2 {
		t.Fatalf("%d turns, want 2:\n%s", n, out)
	}
	first, second, _ := strings.Cut(out, "turn: ")
	if !strings.Contains(first, "main: M, 2000-01..") || !strings.Contains(first, wiretest.Unrate) {
		t.Errorf("first turn did not build the monthly table of %s:\n%s", wiretest.Unrate, first)
	}
	if !strings.Contains(second, "derived columns:") || !strings.Contains(second, "diff of") {
		t.Errorf("second turn did not derive from the first turn's table:\n%s", second)
	}
	if strings.Contains(out, wiretest.Cpi) {
		t.Errorf("a line after exit was asked:\n%s", out)
	}
}

func TestChatRejectsArguments(t *testing.T) {
	_, _, err := run(t, "", "chat", "-b", wiretest.Bundle(t), "--llm", "sim", "what is the rate?")
	if exitCode(err) != exitUsage {
		t.Errorf("chat with an argument: exit %d (%v), want %d", exitCode(err), err, exitUsage)
	}
}

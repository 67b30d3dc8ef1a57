package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

// run runs the CLI in-process with stdin and returns what it printed.
func run(t *testing.T, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	app := newApp()
	var out, errOut bytes.Buffer
	app.Writer, app.ErrWriter, app.Reader = &out, &errOut, strings.NewReader(stdin)
	err = app.RunContext(context.Background(), append([]string{"sextant"}, args...))
	return out.String(), errOut.String(), err
}

func TestAskWithTheSimulatedAnalyst(t *testing.T) {
	b := wiretest.Bundle(t)
	dir := t.TempDir()
	tracePath, charts := filepath.Join(dir, "session.jsonl"), filepath.Join(dir, "charts")
	question := "Show me the annual flow of the Nile. Find the structural breaks in the flow and chart it."
	// Flags after the question are applied too.
	out, stderr, err := run(t, "", "ask", "-b", b, "--llm", "sim", "--trace", tracePath, question, "--out", charts)
	if err != nil {
		t.Fatalf("ask: %v\n%s%s", err, out, stderr)
	}
	for _, want := range []string{"tables:", wiretest.Nile, "change points:", "charts:", charts, "turn: answer;", "trace: " + tracePath} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The break is the Nile's 1899 (± a year), found from the real values.
	if !strings.Contains(out, "1898 (") && !strings.Contains(out, "1899 (") && !strings.Contains(out, "1900 (") {
		t.Errorf("no break near 1899 in:\n%s", out)
	}
	svgs, _ := filepath.Glob(filepath.Join(charts, "*.svg"))
	if len(svgs) != 1 {
		t.Errorf("%d charts written, want 1", len(svgs))
	}

	report := filepath.Join(dir, "report.html")
	if out, _, err := run(t, "", "trace", "report", tracePath, "-o", report); err != nil || !strings.Contains(out, report) {
		t.Fatalf("trace report: %v\n%s", err, out)
	}
	html, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), "annual flow of the Nile. Find the structural breaks") || !strings.Contains(string(html), "data:image/svg") {
		t.Errorf("report (%d bytes) lacks the question or the embedded chart", len(html))
	}
}

func TestAskBadInvocations(t *testing.T) {
	b := wiretest.Bundle(t)
	cases := []struct {
		args []string
		says string
	}{
		{[]string{"ask", "-b", b, "--llm", "sim"}, "needs a question"},
		{[]string{"ask", "-b", b, "--llm", "localhost:8080", "--model", "m", "q"}, "http(s) base URL"},
		{[]string{"ask", "-b", b, "--llm", "http://127.0.0.1:1/v1", "q"}, "model name is required"},
		{[]string{"ask", "-b", b, "--llm", "sim", "--context-window", "0", "q"}, "--context-window"},
	}
	for _, c := range cases {
		_, _, err := run(t, "", c.args...)
		if exitCode(err) != exitUsage || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%v: exit %d, error %v; want usage error saying %q", c.args[3:], exitCode(err), err, c.says)
		}
	}
	_, _, err := run(t, "", "ask", "-b", filepath.Join(t.TempDir(), "missing"), "--llm", "sim", "q")
	if exitCode(err) != exitUsage {
		t.Errorf("missing bundle: exit %d (%v), want %d", exitCode(err), err, exitUsage)
	}
}

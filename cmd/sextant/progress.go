package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/urfave/cli/v2"
)

// progressEvery throttles the status line: often enough to look alive,
// rarely enough not to flood a slow terminal.
const progressEvery = 150 * time.Millisecond

// progressContext shows a streamed reply coming (with --stream, when
// standard error is a terminal): one status line, rewritten in place and
// cleared by the returned function once the turn is done.
func progressContext(c *cli.Context, parent context.Context) (context.Context, func()) {
	if !c.Bool("stream") || !isTerminalWriter(c.App.ErrWriter) {
		return parent, func() {}
	}
	p, done := progressLine(c.App.ErrWriter, time.Now)
	return llm.WithProgress(parent, p), done
}

// progressLine counts what the model writes and reports it on w.
func progressLine(w io.Writer, now func() time.Time) (llm.Progress, func()) {
	var (
		mu                 sync.Mutex
		reasoning, content int
		tool               string
		last               time.Time
		shown              bool
	)
	p := func(ch llm.Chunk) {
		mu.Lock()
		defer mu.Unlock()
		reasoning += utf8.RuneCountInString(ch.Reasoning)
		content += utf8.RuneCountInString(ch.Content)
		if ch.ToolCall != "" {
			tool = ch.ToolCall
		}
		if t := now(); t.Sub(last) >= progressEvery {
			last = t
			line := fmt.Sprintf("model writing: %d characters of reasoning, %d of reply", reasoning, content)
			if tool != "" {
				line += ", calling " + tool
			}
			fmt.Fprintf(w, "\r\x1b[K%s", line)
			shown = true
		}
	}
	done := func() {
		mu.Lock()
		defer mu.Unlock()
		if shown {
			fmt.Fprint(w, "\r\x1b[K")
		}
	}
	return p, done
}

func isTerminalWriter(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

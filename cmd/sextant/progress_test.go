package main

import (
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
)

func TestProgressLine(t *testing.T) {
	var b strings.Builder
	clock := time.Unix(0, 0)
	p, done := progressLine(&b, func() time.Time { return clock })
	p(llm.Chunk{Reasoning: "thinking é"})
	clock = clock.Add(10 * time.Millisecond)
	p(llm.Chunk{Reasoning: "more"}) // too soon: counted, not shown
	clock = clock.Add(time.Second)
	p(llm.Chunk{Content: "The", ToolCall: "search_catalog"})
	done()
	got := b.String()
	for _, want := range []string{"10 characters of reasoning, 0 of reply", "14 characters of reasoning, 3 of reply, calling search_catalog"} {
		if !strings.Contains(got, want) {
			t.Errorf("status %q lacks %q", got, want)
		}
	}
	if strings.Count(got, "model writing") != 2 || !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("status %q: want two updates and a cleared line", got)
	}
}

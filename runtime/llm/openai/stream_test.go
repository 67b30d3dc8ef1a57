package openai

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/llm/fakeserver"
)

// events is a streamed answer of n content chunks.
func events(n int) []byte {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"w%d \"},\"finish_reason\":null}]}\n\n", i)
	}
	b.WriteString("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
	return []byte(b.String())
}

func TestAStreamThatKeepsComingOutlastsTheTimeout(t *testing.T) {
	// 8 events 60 ms apart take about 0.5 s, more than the 250 ms timeout,
	// but no silence reaches the 200 ms idle limit.
	srv := fakeserver.New(fakeserver.Step{Fault: fakeserver.Recorded, Body: events(7), ContentType: "text/event-stream", ChunkDelay: 60 * time.Millisecond})
	defer srv.Close()
	c, _ := newTestClient(t, srv, func(cfg *Config) {
		cfg.Stream, cfg.Timeout, cfg.IdleTimeout, cfg.MaxRetries = true, 250*time.Millisecond, 200*time.Millisecond, -1
	})
	start := time.Now()
	resp, err := c.Generate(context.Background(), userRequest("q"))
	if err != nil {
		t.Fatalf("err = %v after %s", err, time.Since(start))
	}
	if resp.Message.Content != "w0 w1 w2 w3 w4 w5 w6" {
		t.Errorf("content %q", resp.Message.Content)
	}
}

func TestASilentStreamTimesOutOnTheIdleLimit(t *testing.T) {
	srv := fakeserver.New(
		fakeserver.Step{Fault: fakeserver.Recorded, Body: events(3), ContentType: "text/event-stream", ChunkDelay: 300 * time.Millisecond},
		fakeserver.Step{Fault: fakeserver.Recorded, Body: events(3), ContentType: "text/event-stream", ChunkDelay: 300 * time.Millisecond},
	)
	defer srv.Close()
	c, _ := newTestClient(t, srv, func(cfg *Config) {
		cfg.Stream, cfg.Timeout, cfg.IdleTimeout = true, 5*time.Second, 100*time.Millisecond
	})
	// The first event comes within the timeout; the next is 300 ms later.
	_, err := c.Generate(context.Background(), userRequest("q"))
	if !errors.Is(err, llm.ErrUnavailable) || !strings.Contains(err.Error(), "--idle-timeout") {
		t.Fatalf("err = %v, want unavailable naming --idle-timeout", err)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests, want 2 (a timed-out attempt is retried once)", n)
	}
}

func TestStreamedTextIsReportedAsItComes(t *testing.T) {
	body := "data: {\"choices\":[{\"index\":0,\"delta\":{\"reasoning\":\"hm \"},\"finish_reason\":null}]}\n\n" +
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\"ok\"},\"finish_reason\":null}]}\n\n" +
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"a\",\"type\":\"function\",\"function\":{\"name\":\"search_catalog\",\"arguments\":\"{}\"}}]},\"finish_reason\":null}]}\n\n" +
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Done.\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n"
	srv := fakeserver.New(fakeserver.Step{Fault: fakeserver.Recorded, Body: []byte(body), ContentType: "text/event-stream"})
	defer srv.Close()
	c, _ := newTestClient(t, srv, func(cfg *Config) { cfg.Stream = true })
	var got []llm.Chunk
	ctx := llm.WithProgress(context.Background(), func(ch llm.Chunk) { got = append(got, ch) })
	if _, err := c.Generate(ctx, llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "q"}}, Tools: shapeTools}); err != nil {
		t.Fatal(err)
	}
	want := []llm.Chunk{{Reasoning: "hm "}, {Reasoning: "ok"}, {ToolCall: "search_catalog"}, {Content: "Done."}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("progress %+v, want %+v", got, want)
	}
}

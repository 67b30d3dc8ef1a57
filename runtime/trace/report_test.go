package trace

import (
	"bytes"
	"encoding/base64"
	htmlpkg "html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/llm"
)

func TestReportEscapesAndEmbedsCharts(t *testing.T) {
	dir := t.TempDir()
	fileSVG := `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5" data-mark="from-file"/></svg>`
	must(t, os.MkdirAll(filepath.Join(dir, "charts"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "charts", "fr.svg"), []byte(fileSVG), 0o644))
	inline := `<svg xmlns="http://www.w3.org/2000/svg"><script>steal()</script><circle r="2" data-mark="inline"/></svg>`

	path := filepath.Join(dir, "s.jsonl")
	w, err := Create(path)
	must(t, err)
	must(t, w.SessionStart(SessionInfo{ID: "sess<1>", Model: "m&m", ContextWindow: 4096, BundleID: "b1"}))
	_, _ = w.TurnStart(`Is "unemployment" < 5%?`)
	_, _ = w.Request(llm.Request{Messages: []llm.Message{{Role: llm.System, Content: "rules"}, user(`Is "unemployment" < 5%?`)}})
	must(t, w.Response(llm.Response{Message: llm.Message{
		Role:      llm.Assistant,
		Reasoning: "<script>alert(1)</script> & I should search",
		ToolCalls: []llm.ToolCall{{ID: "c1", Name: "plot", Arguments: `{"ids":["<b>FR</b>"]}`}},
	}}, 0))
	must(t, w.ToolResult(ToolResult{CallID: "c1", Name: "plot", Arguments: `{"ids":["FR"]}`,
		Result: "chart written to charts/fr.svg and missing/none.svg\n" + inline, ShownIDs: []string{"FR"}}))
	must(t, w.TurnEnd("It is <i>4.9%</i>."))
	must(t, w.Close())

	tr, err := Read(path)
	must(t, err)
	var buf bytes.Buffer
	must(t, Report(tr, &buf))
	html := buf.String()

	for _, want := range []string{
		"&lt;script&gt;alert(1)&lt;/script&gt; &amp; I should search",
		`class="reasoning"`,
		"It is &lt;i&gt;4.9%&lt;/i&gt;.",
		"sess&lt;1&gt;",
		"m&amp;m",
		"missing/none.svg: chart file not found",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// Attribute values are entity-escaped ("+" as &#43;): compare decoded.
	decoded := htmlpkg.UnescapeString(html)
	for _, svg := range []string{fileSVG, inline} {
		if !strings.Contains(decoded, `src="data:image/svg+xml;base64,`+base64.StdEncoding.EncodeToString([]byte(svg))+`"`) {
			t.Errorf("report does not embed %q as an image", svg)
		}
	}
	for _, bad := range []string{"<script>", "<b>FR</b>", "<i>4.9%</i>", "steal()</script>"} {
		if strings.Contains(html, bad) {
			t.Errorf("report contains unescaped %q", bad)
		}
	}
	if strings.Contains(html, "http://") && strings.Contains(html, `src="http`) {
		t.Error("report references an external asset")
	}
}

func TestReportShowsOnlyNewMessages(t *testing.T) {
	sys := llm.Message{Role: llm.System, Content: "SYSTEM-PROMPT-TEXT"}
	tr := buildTrace(t, func(w *Writer) {
		w.TurnStart("q")
		w.Request(llm.Request{Messages: []llm.Message{sys, user("first question")}})
		w.Request(llm.Request{Messages: []llm.Message{sys, user("first question"), toolMsg("1", "TOOL-OUTPUT")}})
	})
	var buf bytes.Buffer
	must(t, Report(tr, &buf))
	html := buf.String()
	if n := strings.Count(html, "SYSTEM-PROMPT-TEXT"); n != 1 {
		t.Errorf("system prompt appears %d times, want once", n)
	}
	if !strings.Contains(html, "2 earlier messages as before, 1 new") {
		t.Error("second request not summarised as a continuation")
	}
}

package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sextant-dev/sextant/internal/testenv"
)

// chromium finds Debian's headless browser. Outside CI the browser tests
// skip without it; in CI (CI=true) they fail, as .ci/chromium.sh installs it.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("SEXTANT_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no chromium on PATH: the real-browser tests need it (apt-get install chromium, or .ci/chromium.sh)"
	if inCI() {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// artifacts is where screenshots go: SEXTANT_ARTIFACTS, or out/web-screenshots.
func artifacts(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SEXTANT_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(testenv.RepoRoot(t), "out", "web-screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// tab is one headless browser tab on the test server.
type tab struct {
	t    *testing.T
	ctx  context.Context
	base string
	dir  string
}

func newTab(t *testing.T, ts *httptest.Server) *tab {
	t.Helper()
	if testing.Short() {
		t.Skip("real-browser test: skipped with -short")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox, // root in containers and CI
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1280, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx, chromedp.WithErrorf(t.Logf))
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return &tab{t: t, ctx: ctx, base: ts.URL, dir: artifacts(t)}
}

func (b *tab) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.shot("failed-" + what)
		b.t.Fatalf("%s: %v", what, err)
	}
}

// shot saves a full-page screenshot and prints its path.
func (b *tab) shot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	p := filepath.Join(b.dir, strings.ToLower(strings.ReplaceAll(b.t.Name(), "/", "-"))+"-"+name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		b.t.Error(err)
		return
	}
	b.t.Logf("screenshot: %s", p)
}

// view saves a screenshot of the window only.
func (b *tab) view(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	p := filepath.Join(b.dir, strings.ToLower(strings.ReplaceAll(b.t.Name(), "/", "-"))+"-"+name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		b.t.Error(err)
		return
	}
	b.t.Logf("screenshot: %s", p)
}

// width sets the window's width (the layout must hold at 1280 and 800 px).
func (b *tab) width(w int64) {
	b.run(fmt.Sprintf("width %d", w), chromedp.EmulateViewport(w, 900))
}

// noOverflow asserts the page does not scroll sideways at this width
// (tables may scroll inside their own box).
func (b *tab) noOverflow(where string) {
	b.t.Helper()
	if over := eval[int](b, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
		b.t.Errorf("%s: the page is %d px wider than the window", where, over)
	}
}

// eval runs a script in the page and returns its value.
func eval[T any](b *tab, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.shot("failed-eval")
		b.t.Fatalf("eval %s: %v", expr, err)
	}
	return v
}

// noScript turns JavaScript off in the tab.
func noScript() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	})
}

func TestBrowserSearchAsYouTypeAndKeyboard(t *testing.T) {
	ts, _, cat := newServer(t, demoBundle(t), nil)
	b := newTab(t, ts)
	b.run("open search", chromedp.Navigate(b.base+"/search"), chromedp.WaitVisible(chromedp.CSS("#q")))
	// Typing updates the results without submitting the form.
	b.run("type", chromedp.SendKeys(chromedp.CSS("#q"), "US unemployment rate"),
		chromedp.WaitVisible(chromedp.CSS(`a.hit[href="/series/fred:UNRATE"]`)))
	loc := eval[string](b, `location.pathname + location.search`)
	if loc != "/search?q=US+unemployment+rate" {
		t.Errorf("address after typing: %q", loc)
	}
	size := eval[string](b, `Array.from(document.querySelectorAll("li.group")).find(g => g.querySelector('a[href="/series/fred:UNRATE"]')).querySelector(".group-size strong").textContent`)
	if want := headingSize(t, cat, "fred:UNRATE"); atoi(t, size) != want {
		t.Errorf("UNRATE's group shows size %s, want %d", size, want)
	}
	// Arrow keys walk the results; Escape returns to the box.
	b.run("arrow down", chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown))
	focused := eval[string](b, `document.activeElement.classList.contains("hit") ? document.activeElement.getAttribute("href") : document.activeElement.id`)
	if !strings.HasPrefix(focused, "/series/") {
		t.Errorf("after ↓↓ the focus is on %q, want the second result", focused)
	}
	b.run("escape", chromedp.KeyEvent(kb.Escape))
	focused = eval[string](b, `document.activeElement.id`)
	if focused != "q" {
		t.Errorf("after Escape the focus is on %q", focused)
	}
	// A filter narrows the results as it changes.
	b.run("filter", chromedp.SetValue(chromedp.CSS("#f-source"), "weo"),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`document.querySelector("#f-source").dispatchEvent(new Event("change", {bubbles: true}))`)(ctx, t)
			return err
		}),
		chromedp.WaitNotPresent(chromedp.CSS(`a.hit[href="/series/fred:UNRATE"]`)))
	ids := eval[[]string](b, `Array.from(document.querySelectorAll("a.hit")).map(a => decodeURIComponent(a.getAttribute("href")))`)
	for _, id := range ids {
		if !strings.HasPrefix(id, "/series/weo:") {
			t.Errorf("source filter shows %s", id)
		}
	}
	b.run("back", chromedp.Navigate(b.base+"/search?q=US+unemployment+rate"), chromedp.WaitVisible(chromedp.CSS(`a.hit`)))
	b.shot("1280")
	b.noOverflow("search at 1280 px")
	b.width(800)
	b.shot("800")
	b.view("800-window")
	b.noOverflow("search at 800 px")
}

func TestBrowserSeriesAndHeadingPages(t *testing.T) {
	ts, _, cat := newServer(t, demoBundle(t), nil)
	b := newTab(t, ts)
	b.run("series", chromedp.Navigate(b.base+"/series/fred:UNRATE?breaks=1"), chromedp.WaitVisible(chromedp.CSS("svg.chart")))
	w := eval[float64](b, `document.querySelector("svg.chart").getBoundingClientRect().width`)
	if w < 600 {
		t.Errorf("chart drawn %.0f px wide at 1280 px", w)
	}
	breaks := eval[int](b, `document.querySelectorAll("table.plain tbody tr").length`)
	if breaks == 0 {
		t.Error("no break rows under the chart")
	}
	b.shot("series-1280")
	b.noOverflow("series at 1280 px")
	b.width(800)
	w = eval[float64](b, `document.querySelector("svg.chart").getBoundingClientRect().width`)
	if w > 800 || w < 500 {
		t.Errorf("chart %.0f px wide at 800 px", w)
	}
	b.shot("series-800")
	b.noOverflow("series at 800 px")

	// Browse from the series' heading up to its source and back down.
	b.width(1280)
	row, _ := cat.Row("fred:UNRATE")
	h, _ := cat.Heading(row.HeadingID)
	b.run("heading", chromedp.Navigate(b.base+"/heading/"+h.ID), chromedp.WaitVisible(chromedp.CSS(`a.hit[href="/series/fred:UNRATE"]`)))
	crumbs := eval[[]string](b, `Array.from(document.querySelectorAll(".crumbs li a")).map(a => a.textContent)`)
	if len(crumbs) < 2 || crumbs[len(crumbs)-1] != h.Label {
		t.Errorf("heading path %v does not end at %q", crumbs, h.Label)
	}
	b.shot("heading-1280")
	b.run("up", chromedp.Click(chromedp.CSS(`.crumbs li:first-child a`)), chromedp.WaitVisible(chromedp.CSS(`ul.headings`)))
	title := eval[string](b, `document.querySelector("h1").textContent`)
	if title != crumbs[0] {
		t.Errorf("the path's first step opened %q, want %q", title, crumbs[0])
	}
	b.width(800)
	b.shot("source-800")
	b.noOverflow("heading at 800 px")
}

func TestBrowserChatTurnWithTheSimulatedAnalyst(t *testing.T) {
	ts, _, _ := newServer(t, demoBundle(t), nil)
	b := newTab(t, ts)
	b.run("chat", chromedp.Navigate(b.base+"/chat"), chromedp.Click(chromedp.CSS(`form.ask button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#message")))
	eval[bool](b, `window.sameDocument = true`)
	b.run("ask", chromedp.SendKeys(chromedp.CSS("#message"), chartQuestion), chromedp.Click(chromedp.CSS("#send")),
		// The turn appears, its steps stream in, then the answer with a
		// table and a chart — all without reloading the page.
		chromedp.WaitVisible(chromedp.CSS(`#turn-1 .answer table.preview`)),
		chromedp.WaitVisible(chromedp.CSS(`#turn-1 .answer img`)),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Poll[bool](`document.querySelector("#turn-1 .answer img").naturalWidth > 0`, chromedp.WithPollingTimeout(30*time.Second))(ctx, t)
			return err
		}))
	steps := eval[int](b, `document.querySelectorAll("#turn-1-steps li.step.tool").length`)
	same := eval[bool](b, `window.sameDocument === true`)
	if steps < 4 {
		t.Errorf("%d tool steps shown", steps)
	}
	if !same {
		t.Error("the page reloaded: the steps did not arrive over the live stream")
	}
	msg := eval[string](b, `document.querySelector("#message").value`)
	if msg != "" {
		t.Errorf("the box still holds %q after sending", msg)
	}
	b.shot("1280")
	b.noOverflow("chat at 1280 px")
	b.run("open steps", chromedp.Click(chromedp.CSS("#turn-1 .steps-box > summary")),
		chromedp.WaitVisible(chromedp.CSS("#turn-1-steps li.step.tool")))
	b.shot("1280-steps")
	b.width(800)
	b.shot("800")
	b.noOverflow("chat at 800 px")
	// The trace report opens.
	sid := eval[string](b, `document.querySelector("#chat").dataset.session`)
	b.run("trace", chromedp.Navigate(b.base+"/chat/"+sid+"/trace"), chromedp.WaitVisible(chromedp.CSS("img.chart")))
	b.shot("trace")
}

// Without JavaScript the chat still works: the form posts, and the page
// reloads itself while the turn runs.
func TestBrowserChatWithoutJavaScript(t *testing.T) {
	ts, _, _ := newServer(t, demoBundle(t), nil)
	b := newTab(t, ts)
	b.run("no script", noScript())
	b.run("chat", chromedp.Navigate(b.base+"/chat"), chromedp.SendKeys(chromedp.CSS("#first-message"), chartQuestion),
		chromedp.Click(chromedp.CSS(`form.ask button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`#turn-1 .answer table.preview`)),
		chromedp.WaitVisible(chromedp.CSS(`#turn-1 .answer img`)))
	b.shot("nojs")
	b.run("search", chromedp.Navigate(b.base+"/search"), chromedp.SendKeys(chromedp.CSS("#q"), "US unemployment rate\r"),
		chromedp.WaitVisible(chromedp.CSS(`a.hit[href="/series/fred:UNRATE"]`)))
}

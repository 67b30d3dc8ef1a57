package web_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/internal/testenv"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/search"
	"github.com/sextant-dev/sextant/runtime/web"
	"github.com/sextant-dev/sextant/runtime/wire"
)

// opened is a bundle with its search engine, opened once per test binary.
type opened struct {
	cat *catalog.Catalog
	eng *search.Engine
	err error
}

var (
	openMu  sync.Mutex
	bundles = map[string]*opened{}
	builtMu sync.Once
	built   string
	buildEr error
)

func inCI() bool { return os.Getenv("CI") == "true" }

// resolve follows links: the worktrees' out/ bundles are links, and the
// bundle reader wants the real folder.
func resolve(p string) (string, bool) {
	if _, err := os.Stat(filepath.Join(p, "manifest.json")); err != nil {
		return "", false
	}
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", false
	}
	return r, true
}

// demoBundle finds the demo bundle: SEXTANT_DEMO_BUNDLE, out/demo, or one
// built from testdata/demo.yaml with bin/sextant (which `make test` builds
// first) into a temporary folder. Without any, the test skips — or fails
// in CI, where the tests must run.
func demoBundle(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("SEXTANT_DEMO_BUNDLE"); p != "" {
		if r, ok := resolve(p); ok {
			return r
		}
		t.Fatalf("SEXTANT_DEMO_BUNDLE=%s holds no bundle", p)
	}
	root := testenv.RepoRoot(t)
	if r, ok := resolve(filepath.Join(root, "out", "demo")); ok {
		return r
	}
	builtMu.Do(func() {
		bin := filepath.Join(root, "bin", "sextant")
		if _, err := os.Stat(bin); err != nil {
			buildEr = fmt.Errorf("no out/demo bundle and no %s to build one (make build demo)", bin)
			return
		}
		dir, err := os.MkdirTemp("", "sextant-web-demo-")
		if err != nil {
			buildEr = err
			return
		}
		built = filepath.Join(dir, "demo")
		cmd := exec.Command(bin, "build", "-q", "-c", filepath.Join(root, "testdata", "demo.yaml"), "-o", built)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildEr = fmt.Errorf("build demo bundle: %v\n%s", err, out)
		}
	})
	if buildEr != nil {
		if inCI() {
			t.Fatal(buildEr)
		}
		t.Skip(buildEr)
	}
	return built
}

// sharedAll is the full shared bundle, skipping the test without it.
func sharedAll(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("SEXTANT_BUNDLES")
	if dir == "" {
		dir = filepath.Join(testenv.RepoRoot(t), "out")
	}
	r, ok := resolve(filepath.Join(dir, "shared-all"))
	if !ok {
		t.Skipf("no shared-all bundle in %s (make shared-all)", dir)
	}
	return r
}

func openBundle(t testing.TB, path string) (*catalog.Catalog, *search.Engine) {
	t.Helper()
	openMu.Lock()
	defer openMu.Unlock()
	o, ok := bundles[path]
	if !ok {
		o = &opened{}
		o.cat, o.err = catalog.Open(context.Background(), path, catalog.Options{})
		if o.err == nil {
			o.eng, o.err = search.New(context.Background(), o.cat, search.Options{})
		}
		bundles[path] = o
	}
	if o.err != nil {
		t.Fatalf("open %s: %v", path, o.err)
	}
	return o.cat, o.eng
}

// newServer serves a bundle with the simulated analyst over a real
// loopback listener.
func newServer(t testing.TB, bundle string, mod func(*web.Config)) (*httptest.Server, *web.Server, *catalog.Catalog) {
	t.Helper()
	cat, eng := openBundle(t, bundle)
	m, err := wire.OpenModel(wire.ModelConfig{LLM: wire.SimLLM})
	if err != nil {
		t.Fatal(err)
	}
	cfg := web.Config{Catalog: cat, Search: eng, Model: m, ModelName: m.Name, WorkDir: t.TempDir(), Version: "test",
		Logf: func(f string, a ...any) { t.Logf("server: "+f, a...) }}
	if mod != nil {
		mod(&cfg)
	}
	srv, err := web.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		if err := srv.Close(); err != nil {
			t.Errorf("close server: %v", err)
		}
		ts.Close()
		m.Close()
	})
	return ts, srv, cat
}

// browser is one HTTP client with its own cookies: one browser's view.
type browser struct {
	t    testing.TB
	base string
	c    *http.Client
}

func newBrowser(t testing.TB, ts *httptest.Server) *browser {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: time.Minute,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &browser{t: t, base: ts.URL, c: c}
}

// get fetches a path and returns the status and body.
func (b *browser) get(path string) (int, string) {
	b.t.Helper()
	resp, err := b.c.Get(b.base + path)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func (b *browser) do(req *http.Request) (*http.Response, string) {
	b.t.Helper()
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

var csrfInput = regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`)

// csrf reads the CSRF token from the chat page's form.
func (b *browser) csrf() string {
	b.t.Helper()
	return b.csrfFrom("/chat")
}

var csrfAttr = regexp.MustCompile(`data-csrf="([0-9a-f]+)"`)

// csrfFrom reads the CSRF token any page carries (the body's data-csrf).
func (b *browser) csrfFrom(path string) string {
	b.t.Helper()
	_, body := b.get(path)
	m := csrfInput.FindStringSubmatch(body)
	if m == nil {
		m = csrfAttr.FindStringSubmatch(body)
	}
	if m == nil {
		b.t.Fatalf("no csrf token on %s:\n%.500s", path, body)
	}
	return m[1]
}

// post sends a form with the browser's CSRF token.
func (b *browser) post(path string, form url.Values) (*http.Response, string) {
	b.t.Helper()
	if form.Get("csrf") == "" {
		form.Set("csrf", b.csrf())
	}
	req, _ := http.NewRequest(http.MethodPost, b.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.do(req)
}

var sessionPath = regexp.MustCompile(`^/chat/([0-9a-f]{32})`)

// startChat opens a session asking question and returns its id.
func (b *browser) startChat(question string) string {
	b.t.Helper()
	resp, body := b.post("/chat", url.Values{"message": {question}})
	if resp.StatusCode != http.StatusSeeOther {
		b.t.Fatalf("POST /chat: %s\n%s", resp.Status, body)
	}
	m := sessionPath.FindStringSubmatch(resp.Header.Get("Location"))
	if m == nil {
		b.t.Fatalf("POST /chat redirected to %q", resp.Header.Get("Location"))
	}
	return m[1]
}

var (
	doneRe    = regexp.MustCompile(`"done":true`)
	runningRe = regexp.MustCompile(`"running":true`)
)

// waitTurn polls the session's status until no turn runs.
func (b *browser) waitTurn(sid string, within time.Duration) string {
	b.t.Helper()
	deadline := time.Now().Add(within)
	for {
		code, body := b.get("/chat/" + sid + "/status")
		if code != http.StatusOK {
			b.t.Fatalf("status: %d %s", code, body)
		}
		if doneRe.MatchString(body) && !runningRe.MatchString(body) {
			return body
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("turn still running after %s: %s", within, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// chartQuestion makes the simulated analyst search, build a table, find
// breaks and draw a chart in one turn.
const chartQuestion = "I need the US unemployment rate, monthly from 2000. Find its structural breaks and chart it."

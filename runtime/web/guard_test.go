package web_test

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/web"
)

func TestForeignHostAndOriginAreRefused(t *testing.T) {
	ts, _, _ := newServer(t, demoBundle(t), func(c *web.Config) { c.Hosts = []string{"workbench.lan"} })
	b := newBrowser(t, ts)
	for host, want := range map[string]int{
		"evil.example":           http.StatusMisdirectedRequest, // DNS rebinding: a foreign name pointing at loopback
		"evil.example:80":        http.StatusMisdirectedRequest,
		"127.0.0.1.evil.example": http.StatusMisdirectedRequest,
		"localhost:1":            http.StatusOK,
		"127.0.0.1":              http.StatusOK,
		"[::1]:8080":             http.StatusOK,
		"app.localhost":          http.StatusOK,
		"workbench.lan:8080":     http.StatusOK, // the configured address
		"10.0.0.1":               http.StatusMisdirectedRequest,
	} {
		req := mustReq(t, ts.URL+"/search?q=gdp")
		req.Host = host
		resp, body := b.do(req)
		if resp.StatusCode != want {
			t.Errorf("Host %q: %d, want %d", host, resp.StatusCode, want)
		}
		if want != http.StatusOK && !strings.Contains(body, "DNS rebinding") {
			t.Errorf("Host %q: the refusal does not say why", host)
		}
	}
	csrf := b.csrf()
	form := url.Values{"csrf": {csrf}}.Encode()
	for origin, want := range map[string]int{
		"http://evil.example":           http.StatusForbidden,
		"null":                          http.StatusForbidden,
		"http://localhost:1":            http.StatusForbidden, // another loopback port is another site
		strings.TrimSuffix(ts.URL, "/"): http.StatusSeeOther,
	} {
		req, _ := http.NewRequest(http.MethodPost, ts.URL+"/chat", strings.NewReader(form))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", origin)
		if resp, _ := b.do(req); resp.StatusCode != want {
			t.Errorf("Origin %q: %d, want %d", origin, resp.StatusCode, want)
		}
	}
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/chat", strings.NewReader(form))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, _ := b.do(req); resp.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site fetch: %d", resp.StatusCode)
	}
}

func TestPostsNeedTheBrowsersCSRFToken(t *testing.T) {
	ts, _, _ := newServer(t, demoBundle(t), nil)
	b := newBrowser(t, ts)
	other := newBrowser(t, ts)
	for name, tok := range map[string]string{"none": "", "forged": strings.Repeat("0", 32), "another browser's": other.csrf()} {
		b.csrf() // b has its cookie
		req, _ := http.NewRequest(http.MethodPost, ts.URL+"/chat", strings.NewReader(url.Values{"csrf": {tok}, "message": {"hi"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, body := b.do(req)
		if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "CSRF") {
			t.Errorf("%s token: %d", name, resp.StatusCode)
		}
	}
	// The header form, used by scripts, works too.
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/chat", nil)
	req.Header.Set("X-CSRF-Token", b.csrf())
	if resp, _ := b.do(req); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("csrf header: %d", resp.StatusCode)
	}
}

func TestAccessToken(t *testing.T) {
	ts, _, _ := newServer(t, demoBundle(t), func(c *web.Config) { c.Token = "s3cret-token" })
	b := newBrowser(t, ts)
	if code, body := b.get("/search?q=gdp"); code != http.StatusUnauthorized || !strings.Contains(body, "token") {
		t.Errorf("no token: %d", code)
	}
	if code, _ := b.get("/search?q=gdp&token=wrong"); code != http.StatusUnauthorized {
		t.Errorf("wrong token: %d", code)
	}
	resp, _ := b.do(mustReq(t, ts.URL+"/search?q=gdp&token=s3cret-token"))
	if resp.StatusCode != http.StatusSeeOther || strings.Contains(resp.Header.Get("Location"), "token") {
		t.Fatalf("token in the address: %s → %s", resp.Status, resp.Header.Get("Location"))
	}
	if code, _ := b.get("/search?q=gdp"); code != http.StatusOK {
		t.Errorf("with the token's cookie: %d", code)
	}
	req := mustReq(t, ts.URL+"/series/fred:UNRATE")
	req.Header.Set("Authorization", "Bearer s3cret-token")
	if resp, _ := newBrowser(t, ts).do(req); resp.StatusCode != http.StatusOK {
		t.Errorf("bearer token: %d", resp.StatusCode)
	}
}

func TestBoundsSayWhatWasRefused(t *testing.T) {
	ts, _, _ := newServer(t, demoBundle(t), func(c *web.Config) { c.MaxSessions = 2 })
	b := newBrowser(t, ts)
	b.startChat("")
	sid := b.startChat("")
	resp, body := b.post("/chat", url.Values{})
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, "2 open chat sessions, its limit") {
		t.Errorf("third session: %s", resp.Status)
	}
	resp, body = b.post("/chat/"+sid+"/ask", url.Values{"message": {strings.Repeat("é", web.MaxMessageChars+1)}})
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, "at most 4000") {
		t.Errorf("long message: %s", resp.Status)
	}
	big := strings.NewReader("message=" + strings.Repeat("a", web.MaxBodyBytes))
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/chat/"+sid+"/ask", big)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if resp, body := b.do(req); resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, "at most") {
		t.Errorf("large body: %s", resp.Status)
	}
	// One turn at a time in a session.
	if resp, _ := b.post("/chat/"+sid+"/ask", url.Values{"message": {chartQuestion}}); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("ask: %s", resp.Status)
	}
	resp, body = b.post("/chat/"+sid+"/ask", url.Values{"message": {chartQuestion}})
	if resp.StatusCode != http.StatusConflict && !strings.Contains(b.waitTurn(sid, time.Minute), `"done":true`) {
		t.Errorf("second ask while running: %s", resp.Status)
	}
	if resp.StatusCode == http.StatusConflict && !strings.Contains(body, "already running") {
		t.Errorf("busy session: %s", body)
	}
}

// Only plain names of files inside the session's folder are served:
// no traversal, no links leading out, no other kinds of file.
func TestSessionFilesStayInTheSessionsFolder(t *testing.T) {
	work := t.TempDir()
	ts, _, _ := newServer(t, demoBundle(t), func(c *web.Config) { c.WorkDir = work })
	b := newBrowser(t, ts)
	sid := b.startChat("")
	dirs, _ := filepath.Glob(filepath.Join(work, "session-*"))
	if len(dirs) != 1 {
		t.Fatalf("session folders: %v", dirs)
	}
	dir := dirs[0]
	secret := filepath.Join(work, "secret.svg")
	if err := os.WriteFile(secret, []byte("<svg>secret</svg>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "link.svg")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ok.svg"), []byte("<svg>ok</svg>"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{
		"ok.svg":              http.StatusOK,
		"link.svg":            http.StatusNotFound,
		"..%2Fsecret.svg":     http.StatusNotFound,
		"%2E%2E%2Fsecret.svg": http.StatusNotFound,
		"trace.jsonl":         http.StatusNotFound, // not a chart
		".hidden.svg":         http.StatusNotFound,
		"..%5Csecret.svg":     http.StatusNotFound,
	} {
		code, body := b.get("/chat/" + sid + "/files/" + name)
		if code != want || strings.Contains(body, "secret") && code == http.StatusOK {
			t.Errorf("%s: %d, want %d", name, code, want)
		}
	}
	resp, _ := b.do(mustReq(t, ts.URL+"/chat/"+sid+"/files/ok.svg"))
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "sandbox") {
		t.Errorf("chart served without a sandbox: %q", csp)
	}
}

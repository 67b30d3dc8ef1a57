package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// Cookie and field names.
const (
	clientCookie = "sextant_client" // random id of one browser: owns its chat sessions, keys its CSRF token
	tokenCookie  = "sextant_token"  // the access token, once given
	csrfField    = "csrf"
	csrfHeader   = "X-CSRF-Token"
)

// contentSecurityPolicy lets pages load only their own embedded assets.
// Inline styles are allowed for the charts' SVG (gonum writes style
// attributes); scripts only from /assets.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// guard checks every request before it reaches a page.
type guard struct {
	hosts  map[string]bool // accepted host names and IPs besides loopback ones, lower case
	token  string
	secret []byte // keys the CSRF tokens
}

func newGuard(hosts []string, token string) (*guard, error) {
	g := &guard{hosts: map[string]bool{}, token: token, secret: make([]byte, 32)}
	if _, err := rand.Read(g.secret); err != nil {
		return nil, fmt.Errorf("web: csrf secret: %w", err)
	}
	for _, h := range hosts {
		h = strings.ToLower(strings.Trim(strings.TrimSpace(h), "[]"))
		if h != "" {
			g.hosts[h] = true
		}
	}
	return g, nil
}

// hostAllowed reports whether a Host or Origin host (port removed) names
// this server: a loopback name or IP, or one of the configured hosts.
func (g *guard) hostAllowed(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return true
	}
	return g.hosts[host]
}

// splitHost removes the port from a host[:port], IPv6 brackets included.
func splitHost(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.Trim(hostport, "[]")
}

type ctxKey int

const clientKey ctxKey = 0

// clientOf returns the browser id the guard attached to the request.
func clientOf(r *http.Request) string {
	id, _ := r.Context().Value(clientKey).(string)
	return id
}

// csrfToken is the token a browser's forms carry.
func (g *guard) csrfToken(client string) string {
	m := hmac.New(sha256.New, g.secret)
	m.Write([]byte("csrf\x00" + client))
	return hex.EncodeToString(m.Sum(nil))[:32]
}

func randomID(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("web: random id: %v", err)) // the system's randomness failing is not recoverable
	}
	return hex.EncodeToString(b)
}

// serve runs the checks in order — Host, Origin, token, body size, browser
// id, CSRF — and hands the request on.
func (g *guard) serve(w http.ResponseWriter, r *http.Request, next http.Handler, p *pages) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")

	if host := splitHost(r.Host); !g.hostAllowed(host) {
		p.fail(w, r, http.StatusMisdirectedRequest, "Host refused",
			fmt.Sprintf("This server does not answer to the host name %q. It accepts loopback names and the address it was started on; a page elsewhere cannot reach it by renaming itself (DNS rebinding).", host))
		return
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host) || !g.hostAllowed(splitHost(u.Host)) {
			p.fail(w, r, http.StatusForbidden, "Origin refused", fmt.Sprintf("A request from %q cannot use this server: only its own pages can.", o))
			return
		}
	}
	unsafeMethod := r.Method != http.MethodGet && r.Method != http.MethodHead
	if unsafeMethod && r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		p.fail(w, r, http.StatusForbidden, "Cross-site request refused", "A page on another site cannot send forms to this server.")
		return
	}
	if g.token != "" && !g.tokenOK(w, r) {
		return
	}
	if r.ContentLength > MaxBodyBytes {
		p.fail(w, r, http.StatusRequestEntityTooLarge, "Request too large",
			fmt.Sprintf("The request holds %d bytes; this server takes at most %d.", r.ContentLength, MaxBodyBytes))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxBodyBytes)

	client := ""
	if c, err := r.Cookie(clientCookie); err == nil && len(c.Value) == 32 {
		if _, err := hex.DecodeString(c.Value); err == nil {
			client = c.Value
		}
	}
	if client == "" {
		client = randomID(16)
		http.SetCookie(w, &http.Cookie{Name: clientCookie, Value: client, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	}
	r = r.WithContext(context.WithValue(r.Context(), clientKey, client))

	if unsafeMethod {
		if err := r.ParseForm(); err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				p.fail(w, r, http.StatusRequestEntityTooLarge, "Request too large", fmt.Sprintf("This server takes at most %d bytes in one request.", MaxBodyBytes))
				return
			}
			p.fail(w, r, http.StatusBadRequest, "Bad request", "The form could not be read: "+err.Error())
			return
		}
		sent := r.PostForm.Get(csrfField)
		if sent == "" {
			sent = r.Header.Get(csrfHeader)
		}
		if subtle.ConstantTimeCompare([]byte(sent), []byte(g.csrfToken(client))) != 1 {
			p.fail(w, r, http.StatusForbidden, "Form expired",
				"This form was not sent by a page of this browser's session with the server (CSRF check). Reload the page and send it again.")
			return
		}
	}
	next.ServeHTTP(w, r)
}

// tokenOK checks the access token: a bearer header, the cookie, or
// ?token= on a GET (then kept in the cookie and dropped from the address).
func (g *guard) tokenOK(w http.ResponseWriter, r *http.Request) bool {
	same := func(s string) bool { return subtle.ConstantTimeCompare([]byte(s), []byte(g.token)) == 1 }
	if b, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && same(b) {
		return true
	}
	if c, err := r.Cookie(tokenCookie); err == nil && same(c.Value) {
		return true
	}
	if q := r.URL.Query(); q.Has("token") && r.Method == http.MethodGet {
		if same(q.Get("token")) {
			http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: g.token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
			q.Del("token")
			u := *r.URL
			u.RawQuery = q.Encode()
			http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
			return false
		}
	}
	w.Header().Set("WWW-Authenticate", `Bearer realm="sextant"`)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusUnauthorized)
	fmt.Fprintln(w, "This sextant server needs its access token: open the address `sextant serve` printed (it ends in ?token=...), or send Authorization: Bearer TOKEN.")
	return false
}

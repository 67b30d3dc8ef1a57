package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed assets
var assetFS embed.FS

// pageNames are the templates that render whole pages (each with the layout).
var pageNames = []string{"home", "search", "heading", "series", "chathome", "chat", "error"}

// assetVersion changes with the assets' content, so they can be cached for long.
var assetVersion = func() string {
	h := sha256.New()
	_ = fs.WalkDir(assetFS, "assets", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := assetFS.ReadFile(p)
			h.Write(b)
		}
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:12]
}()

var funcs = template.FuncMap{
	"seriesURL":  func(id string) string { return "/series/" + escapeID(id) },
	"headingURL": func(id string) string { return "/heading/" + url.PathEscape(id) },
	"count":      groupDigits,
	"asset":      func(name string) string { return "/assets/" + name + "?v=" + assetVersion },
	"join":       strings.Join,
	"span": func(a, b string) string {
		switch {
		case a == "" && b == "":
			return "–"
		case a == b:
			return a
		case a == "":
			return "until " + b
		case b == "":
			return "from " + a
		}
		return a + " – " + b
	},
	"int": func(v int32) int { return int(v) },
}

// escapeID escapes a series id for a path: ids hold spaces, commas and
// pipes (WEO ids), sometimes slashes.
func escapeID(id string) string {
	return strings.ReplaceAll(url.PathEscape(id), "%2F", "/")
}

// groupDigits writes n with thin separators: 365,412.
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

type pages struct {
	t map[string]*template.Template
}

func loadPages() (*pages, error) {
	p := &pages{t: map[string]*template.Template{}}
	for _, name := range pageNames {
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/parts.html", "templates/"+name+".html")
		if err != nil {
			return nil, fmt.Errorf("web: template %s: %w", name, err)
		}
		p.t[name] = t
	}
	return p, nil
}

// page is what the layout renders around a page's body.
type page struct {
	Title   string
	Nav     string // the section the page belongs to: search, browse, chat
	CSRF    string
	Footer  string
	Query   string // the search box's text
	NoQuick bool   // the page has its own search box
	Head    template.HTML
	Body    any
}

// render writes a whole page, or one of its named templates when
// fragment is not "" (the script asks for the part it replaces).
func (p *pages) render(w http.ResponseWriter, status int, name, fragment string, pg page) {
	t, ok := p.t[name]
	if !ok {
		http.Error(w, "web: no template "+name, http.StatusInternalServerError)
		return
	}
	// Rendered to memory first, so a template error is a clean 500
	// rather than half a page.
	var buf bytes.Buffer
	var err error
	if fragment != "" {
		err = t.ExecuteTemplate(&buf, fragment, pg)
	} else {
		err = t.ExecuteTemplate(&buf, "layout.html", pg)
	}
	if err != nil {
		http.Error(w, "web: render "+name+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// failure is the body of an error page.
type failure struct {
	Status  int
	Message string
}

// fail writes an error page that says what went wrong and what to do.
func (p *pages) fail(w http.ResponseWriter, r *http.Request, status int, title, msg string) {
	if strings.Contains(r.Header.Get("Accept"), "application/json") {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprintf(w, "{\"error\":%q}\n", msg)
		return
	}
	p.render(w, status, "error", "", page{Title: title, Body: failure{Status: status, Message: msg}})
}

func assetHandler() http.Handler {
	sub, err := fs.Sub(assetFS, "assets")
	if err != nil {
		panic(err) // the embedded folder is there by construction
	}
	files := http.StripPrefix("/assets/", http.FileServer(http.FS(sub)))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("v") == assetVersion {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		files.ServeHTTP(w, r)
	})
}

// page builds the layout data common to every page of s.
func (s *Server) page(r *http.Request, title, nav string, body any) page {
	b := s.cat.Bundle.Manifest
	foot := fmt.Sprintf("%s rows · %s headings · bundle built %s", groupDigits(s.cat.Len()), groupDigits(len(s.cat.Headings)), b.CreatedAt.Format("2006-01-02"))
	if s.cfg.Version != "" {
		foot += " · sextant " + s.cfg.Version
	}
	return page{Title: title, Nav: nav, CSRF: s.guard.csrfToken(clientOf(r)), Footer: foot, Body: body}
}

package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/runtime/search"
	"github.com/sextant-dev/sextant/runtime/web"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/urfave/cli/v2"
)

// defaultServeAddr is loopback: other machines cannot reach the server
// unless --addr says so (and then --token is required).
const defaultServeAddr = "127.0.0.1:8080"

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "serve the analyst's workbench in a browser: search, browse, series pages and chat, offline",
		UsageText: `sextant serve -b BUNDLE [--llm URL|sim] [--model NAME] [--addr 127.0.0.1:8080] [--token T] [--out DIR] [--max-sessions N]

Opens the bundle and its search engine once and serves many browser sessions:
/search?q=... (results grouped by heading, filters as query parameters),
/heading/ID (the heading tree with sizes), /series/ID (every field, an SVG chart,
breaks on request, CSV and Parquet downloads) and /chat (agent sessions, each
step shown as it happens, traces exported as the HTML report). Without --llm
the chat is off. The server binds loopback unless --addr names another address,
which requires --token. Each chat session keeps its charts and trace in a
folder under --out.`,
		Flags: []cli.Flag{
			bundleFlag, noVerifyFlag,
			&cli.StringFlag{Name: "llm", Usage: "OpenAI-compatible base URL (http://localhost:8080/v1), or \"sim\" for the built-in simulated analyst; empty: no chat", EnvVars: []string{"SEXTANT_LLM"}},
			&cli.StringFlag{Name: "model", Usage: "model name sent to the endpoint (required unless --llm sim)", EnvVars: []string{"SEXTANT_MODEL"}},
			&cli.StringFlag{Name: "api-key", Usage: "bearer token for the endpoint, if it needs one", EnvVars: []string{"SEXTANT_API_KEY"}},
			&cli.IntFlag{Name: "context-window", Usage: "the model's context size in tokens", Value: wire.DefaultContextWindow},
			&cli.StringFlag{Name: "addr", Value: defaultServeAddr, Usage: "address to listen on; a non-loopback address requires --token"},
			&cli.StringFlag{Name: "token", Usage: "access token every request must carry (required off loopback)", EnvVars: []string{"SEXTANT_TOKEN"}},
			&cli.StringFlag{Name: "out", Value: "sextant-serve", Usage: "folder for the chat sessions' charts and traces"},
			&cli.IntFlag{Name: "max-sessions", Value: web.DefaultMaxSessions, Usage: "most chat sessions open at once"},
		},
		Action: func(c *cli.Context) error {
			args, err := positionalArgs(c)
			if err != nil {
				return err
			}
			if len(args) > 0 {
				return usageError("serve takes no arguments (got %q)", args)
			}
			return serve(c)
		},
	}
}

// serveHosts checks the listen address and returns the host names the
// server must accept besides loopback ones.
func serveHosts(addr, token string) ([]string, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, usageError("--addr %q: want host:port, such as %s", addr, defaultServeAddr)
	}
	loopback := host == "localhost"
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		loopback = true
	}
	if loopback {
		return nil, nil
	}
	if token == "" {
		return nil, usageError("--addr %s is reachable from other machines: give an access token with --token (or SEXTANT_TOKEN)", addr)
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		// All interfaces: the machine's name and addresses are its names.
		var hosts []string
		if name, err := os.Hostname(); err == nil {
			hosts = append(hosts, name)
		}
		if addrs, err := net.InterfaceAddrs(); err == nil {
			for _, a := range addrs {
				if n, ok := a.(*net.IPNet); ok {
					hosts = append(hosts, n.IP.String())
				}
			}
		}
		return hosts, nil
	}
	return []string{host}, nil
}

func serve(c *cli.Context) error {
	token := c.String("token")
	hosts, err := serveHosts(c.String("addr"), token)
	if err != nil {
		return err
	}
	if c.Int("max-sessions") <= 0 {
		return usageError("--max-sessions must be positive, got %d", c.Int("max-sessions"))
	}
	started := time.Now()
	cat, err := openBundle(c)
	if err != nil {
		return err
	}
	eng, err := search.New(c.Context, cat, search.Options{})
	if err != nil {
		return fmt.Errorf("open search: %w", err)
	}
	defer eng.Close()
	// One search before listening: the first query of an engine reads
	// what later ones find in memory (seconds at 365,000 rows), and the
	// first analyst should not wait for it.
	if _, err := eng.Search(c.Context, search.Request{Query: "unemployment rate", Limit: 1}); err != nil {
		return fmt.Errorf("open search: %w", err)
	}
	cfg := web.Config{Catalog: cat, Search: eng, WorkDir: c.String("out"), Hosts: hosts, Token: token,
		MaxSessions: c.Int("max-sessions"), Version: version,
		Logf: func(f string, a ...any) { fmt.Fprintf(c.App.ErrWriter, "sextant serve: "+f+"\n", a...) }}
	if c.String("llm") != "" {
		m, err := openModel(c, 0)
		if err != nil {
			return err
		}
		defer m.Close()
		cfg.Model, cfg.ModelName = m, m.Name
	}
	srv, err := web.New(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		srv.Close()
		return fmt.Errorf("listen: %w", err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10, IdleTimeout: 2 * time.Minute}
	url := "http://" + ln.Addr().String() + "/"
	if token != "" {
		url += "?token=" + token
	}
	chat := "chat off (no --llm)"
	if cfg.Model != nil {
		out, _ := filepath.Abs(cfg.WorkDir)
		chat = "chat with " + cfg.ModelName + ", sessions in " + out
	}
	fmt.Fprintf(c.App.Writer, "sextant serve: %s rows from %s, opened in %s; %s\nopen %s\n",
		groupInt(cat.Len()), c.String("bundle"), time.Since(started).Round(time.Millisecond), chat, url)
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err = <-served:
	case <-c.Context.Done():
	}
	// Running turns and live streams stop first, so Shutdown has only
	// short requests to wait for.
	cerr := srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	serr := hs.Shutdown(ctx)
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return errors.Join(err, cerr, serr)
}

// groupInt writes n with comma separators.
func groupInt(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, ch := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(ch)
	}
	return b.String()
}

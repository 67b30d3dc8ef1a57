package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/llm/openai"
	"github.com/sextant-dev/sextant/runtime/search"
	"github.com/sextant-dev/sextant/runtime/trace"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/urfave/cli/v2"
)

// openSearcher opens the bundle's search engine; the close function
// releases it. Tests replace it to search bundles built without an index.
var openSearcher = func(ctx context.Context, cat *catalog.Catalog) (wire.Searcher, func(), error) {
	e, err := search.New(ctx, cat, search.Options{})
	if err != nil {
		return nil, nil, err
	}
	return e, func() { e.Close() }, nil
}

// modelFlags choose the model a session talks to.
func modelFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "llm", Usage: "OpenAI-compatible base URL (http://localhost:8080/v1), or \"sim\" for the built-in simulated analyst", Required: true, EnvVars: []string{"SEXTANT_LLM"}},
		&cli.StringFlag{Name: "model", Usage: "model name sent to the endpoint (required unless --llm sim)", EnvVars: []string{"SEXTANT_MODEL"}},
		&cli.StringFlag{Name: "api-key", Usage: "bearer token for the endpoint, if it needs one", EnvVars: []string{"SEXTANT_API_KEY"}},
		&cli.IntFlag{Name: "context-window", Usage: "the model's context size in tokens, instead of asking the server (llama.cpp /props, vLLM /v1/models, Ollama /api/ps, LM Studio; 32768 when it does not say)",
			DefaultText: "asked of the server"},
		&cli.DurationFlag{Name: "timeout", Usage: "the longest one model reply may take (with --stream: the wait for its first words); local models that reason at length need minutes", Value: openai.DefaultTimeout},
		&cli.BoolFlag{Name: "stream", Usage: "read model replies as they are written, so long reasoning is bounded by --idle-timeout, not --timeout"},
		&cli.DurationFlag{Name: "idle-timeout", Usage: "with --stream: the longest silence within a reply", Value: openai.DefaultIdleTimeout},
		&cli.DurationFlag{Name: "load-wait", Usage: "how long to wait while the server says the model is loading", Value: openai.DefaultLoadWait},
	}
}

// sessionFlags are ask's and chat's flags.
func sessionFlags() []cli.Flag {
	return append([]cli.Flag{bundleFlag, noVerifyFlag}, append(modelFlags(),
		&cli.StringFlag{Name: "trace", Usage: "record the session to this JSON Lines `FILE` (see sextant trace report); an existing file is kept unless --force"},
		&cli.BoolFlag{Name: "force", Usage: "overwrite the --trace file if it exists"},
		&cli.StringFlag{Name: "out", Usage: "directory for the charts the session draws", Value: "sextant-out"},
		&cli.StringFlag{Name: "export", Usage: "write each table the session builds to `DIR` as NAME.csv (after every turn)"},
	)...)
}

// openModel opens the model named by the flags; seed is the sim's. The
// window comes from --context-window or is asked of the server, and is
// reported on standard error.
func openModel(c *cli.Context, seed uint64) (*wire.Model, error) {
	if c.IsSet("context-window") && c.Int("context-window") <= 0 {
		return nil, usageError("--context-window must be positive, got %d", c.Int("context-window"))
	}
	if c.Duration("timeout") <= 0 || c.Duration("load-wait") <= 0 || c.Duration("idle-timeout") <= 0 {
		return nil, usageError("--timeout, --idle-timeout and --load-wait must be positive, got %s, %s and %s",
			c.Duration("timeout"), c.Duration("idle-timeout"), c.Duration("load-wait"))
	}
	m, err := wire.OpenModel(wire.ModelConfig{LLM: c.String("llm"), Model: c.String("model"), APIKey: c.String("api-key"),
		ContextWindow: c.Int("context-window"), WindowSource: "--context-window", Timeout: c.Duration("timeout"),
		LoadWait: c.Duration("load-wait"), Stream: c.Bool("stream"), IdleTimeout: c.Duration("idle-timeout"), Seed: seed})
	if err != nil {
		return nil, usageError("%v", err)
	}
	if err := reportWindow(c, m); err != nil {
		m.Close()
		return nil, err
	}
	return m, nil
}

// openBundle opens the bundle named by -b; damage is bad data.
func openBundle(c *cli.Context) (*catalog.Catalog, error) {
	return openCatalog(c)
}

// liveSession is an agent session with everything it holds open.
type liveSession struct {
	*agent.Session
	cat      *catalog.Catalog
	engine   *wire.Engine
	progress *progressRecorder
	tables   []string // names of the tables built so far, in order
	model    *wire.Model
	trace    *trace.Writer
	recorder *agent.TraceRecorder
	closers  []func()
}

// Close releases the session's model, searcher and trace.
func (s *liveSession) Close() error {
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
	var err error
	if s.recorder != nil {
		err = s.recorder.Err()
	}
	if s.trace != nil {
		if cerr := s.trace.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// startSession opens the bundle, search, model and trace that ask and chat share.
func startSession(c *cli.Context) (*liveSession, error) {
	cat, store, err := openStore(c)
	if err != nil {
		return nil, err
	}
	ls := &liveSession{cat: cat, engine: wire.NewEngine(store, c.String("out")), progress: newProgress(c.App.ErrWriter), closers: []func(){store.Close}}
	fail := func(err error) (*liveSession, error) {
		ls.Close()
		return nil, err
	}
	if ls.model, err = openModel(c, 0); err != nil {
		return fail(err)
	}
	ls.closers = append(ls.closers, func() { ls.model.Close() })
	s, closeSearch, err := openSearcher(c.Context, cat)
	if err != nil {
		return fail(fmt.Errorf("open search: %w", err))
	}
	ls.closers = append(ls.closers, closeSearch)
	opts := agent.Options{Recorder: ls.progress}
	if path := c.String("trace"); path != "" {
		if err := refuseOverwrite(path, "--trace", c.Bool("force")); err != nil {
			return fail(err)
		}
		if ls.trace, err = trace.Create(path); err != nil {
			return fail(err)
		}
		info := trace.SessionInfo{ID: time.Now().UTC().Format("20060102T150405.000Z"), Model: ls.model.Name,
			ContextWindow: ls.model.ContextWindow(), BundleID: cat.Bundle.Dir,
			Meta: map[string]string{"endpoint": ls.model.Endpoint, "command": c.Command.Name, "version": version,
				"context_window_source": ls.model.Window().Source}}
		if err := ls.trace.SessionStart(info); err != nil {
			return fail(err)
		}
		ls.recorder = agent.NewTraceRecorder(ls.trace)
		opts.Recorder = recorders{ls.recorder, ls.progress}
	}
	ls.Session, err = agent.New(ls.model, wire.NewAgentCatalog(cat, s), ls.engine, opts)
	if err != nil {
		return fail(explainWindow(err, ls.model))
	}
	return ls, nil
}

func askCommand() *cli.Command {
	return &cli.Command{
		Name:  "ask",
		Usage: "ask one question of the catalog through a language model",
		UsageText: `sextant ask -b BUNDLE --llm URL|sim [--model NAME] [--api-key K] [--context-window N] [--timeout D] [--load-wait D] [--stream [--idle-timeout D]] [--trace FILE [--force]] [--out DIR] [--export DIR] "question"

The model searches the catalog, builds tables of the series it chooses, derives
columns, finds change points and draws charts (SVG files in --out), then answers.
Prints the answer, the tables and findings, chart paths and the turn's metrics.
--llm sim runs the built-in simulated analyst (no model needed), through the same
OpenAI-compatible client a real endpoint gets.`,
		Flags: sessionFlags(),
		Action: func(c *cli.Context) error {
			args, err := positionalArgs(c)
			if err != nil {
				return err
			}
			question := strings.TrimSpace(strings.Join(args, " "))
			if question == "" {
				return usageError("ask needs a question")
			}
			s, err := startSession(c)
			if err != nil {
				return err
			}
			ctx, done := progressContext(c, c.Context)
			res, askErr := s.Ask(ctx, question)
			done()
			printTurn(c.App.Writer, res)
			if err := s.exportTurn(c, res); err != nil && askErr == nil {
				askErr = err
			}
			if err := s.Close(); err != nil && askErr == nil {
				askErr = fmt.Errorf("trace: %w", err)
			}
			if path := c.String("trace"); path != "" {
				fmt.Fprintf(c.App.Writer, "trace: %s (render it with: sextant trace report %s -o report.html)\n", path, path)
			}
			return askErr
		},
	}
}

// printTurn writes what a turn produced: the answer, then the tables,
// derived columns, change points and charts compactly, then its metrics.
func printTurn(w io.Writer, res agent.TurnResult) {
	if res.Answer != "" {
		fmt.Fprintf(w, "%s\n\n", res.Answer)
	}
	section := func(title string, lines []string) {
		if len(lines) == 0 {
			return
		}
		fmt.Fprintln(w, title+":")
		for _, l := range lines {
			fmt.Fprintln(w, "  "+l)
		}
	}
	var lines []string
	for _, t := range res.Tables {
		var cols []string
		for _, c := range t.Columns {
			cols = append(cols, c.Name+" = "+c.SeriesID)
		}
		lines = append(lines, fmt.Sprintf("%s: %s, %s..%s, %d rows; %s", t.Name, t.Frequency, t.From, t.To, t.Rows, strings.Join(cols, ", ")))
	}
	section("tables", lines)
	lines = nil
	for _, d := range res.Derived {
		lines = append(lines, fmt.Sprintf("%s.%s = %s; last %s", d.Table, d.Column.Name, d.Column.Derived, d.Last))
	}
	section("derived columns", lines)
	lines = nil
	for _, cp := range res.ChangePoints {
		var bs []string
		for _, b := range cp.Breaks {
			bs = append(bs, fmt.Sprintf("%s (mean %.4g → %.4g)", b.Date, b.MeanBefore, b.MeanAfter))
		}
		if len(bs) == 0 {
			bs = []string{"no break"}
		}
		lines = append(lines, fmt.Sprintf("%s.%s (%s): %s", cp.Table, cp.Column, cp.SeriesID, strings.Join(bs, ", ")))
	}
	section("change points", lines)
	lines = nil
	for _, ch := range res.Charts {
		lines = append(lines, ch.Path)
	}
	section("charts", lines)
	m := res.Metrics
	evidence := "no candidates shown"
	if m.Decisions > 0 {
		evidence = fmt.Sprintf("evidence visible %.3f (min %.3f) over %d decisions", m.EvidenceVisibleMean, m.EvidenceVisibleMin, m.Decisions)
	}
	fmt.Fprintf(w, "turn: %s; %d model calls, %d tool calls (%d failed), %d discovery calls, %s, prompt %d tokens (estimated %d)\n",
		res.StopReason, m.ModelCalls, m.ToolCalls, m.ToolErrors, m.DiscoveryCalls, evidence, m.PromptTokens, m.EstimatedTokens)
}

// Package agent runs an analyst's conversation with a language model over
// the catalog and the analysis engine: the tool loop, the tools with schemas
// derived from their argument types, and the assembly of what the model is
// shown within its context window.
package agent

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// ErrStepLimit means a turn used its model calls without answering.
var ErrStepLimit = errors.New("agent: step limit reached without an answer")

// DefaultMaxSteps bounds model calls per turn. It bounds cost, not data:
// a turn that searches for a few series, builds, derives, finds breaks and
// charts needs about a dozen calls whatever the catalog's size.
const DefaultMaxSteps = 24

// MinHistoryBudget is the least a session's window must leave for the
// conversation itself, in tokens: an analyst's message, one assistant step
// and a tool result of a few rows, with a context note. Below it no turn
// could make progress, so the session refuses to start.
const MinHistoryBudget = 300

// contextRetries is how often a request rejected as too long is retried
// with a tighter token estimate.
const contextRetries = 3

// Options tune a session.
type Options struct {
	Policy       Policy
	MaxSteps     int      // model calls per turn; 0: DefaultMaxSteps
	ReplyReserve int      // tokens kept for the reply; 0: window/8, within [256, 4096]
	SystemPrompt string   // "" uses SystemPrompt()
	Temperature  *float32 // passed to the model as is
	Recorder     Recorder // nil records nothing
}

// Session is one analyst conversation. It is not safe for concurrent use.
type Session struct {
	model   llm.Model
	catalog Catalog
	engine  Engine
	opts    Options
	specs   []llm.ToolSpec
	asm     *assembler
	turns   []*turn
	tables  map[string]*TableSummary
	pending *pendingStep // the step whose calls are being run
}

// New starts a session.
func New(model llm.Model, catalog Catalog, engine Engine, opts Options) (*Session, error) {
	if model == nil || catalog == nil || engine == nil {
		return nil, errors.New("agent: new session: model, catalog and engine are required")
	}
	specs, err := ToolSpecs()
	if err != nil {
		return nil, err
	}
	if opts.MaxSteps <= 0 {
		opts.MaxSteps = DefaultMaxSteps
	}
	window := model.ContextWindow()
	if window <= 0 {
		return nil, fmt.Errorf("agent: new session: model context window is %d tokens", window)
	}
	if opts.ReplyReserve <= 0 {
		opts.ReplyReserve = min(max(window/8, 256), 4096)
	}
	if opts.SystemPrompt == "" {
		opts.SystemPrompt = SystemPrompt()
	}
	if opts.Recorder == nil {
		opts.Recorder = nopRecorder{}
	}
	est := newEstimator()
	a := &assembler{policy: opts.Policy, system: opts.SystemPrompt, window: window, replyTokens: opts.ReplyReserve, est: est}
	a.toolTokens = est.bytes(toolsBytes(specs))
	if a.budget() < MinHistoryBudget {
		return nil, fmt.Errorf("agent: new session: %w: a window of %d tokens leaves %d for the conversation after the reply reserve (%d), system prompt and tools; at least %d are needed",
			llm.ErrContextWindow, window, max(a.budget(), 0), opts.ReplyReserve, MinHistoryBudget)
	}
	return &Session{model: model, catalog: catalog, engine: engine, opts: opts, specs: specs, asm: a, tables: map[string]*TableSummary{}}, nil
}

// TurnResult is what one analyst message produced.
type TurnResult struct {
	Answer       string
	Completed    bool   // the model answered
	StopReason   string // "answer", "step limit", "error: ..."
	Actions      []string
	SeriesUsed   []string // ids used by successful build/derive/change-point/chart calls
	Tables       []TableSummary
	Derived      []ColumnSummary
	ChangePoints []ChangePointSummary
	Charts       []ChartSummary
	Metrics      TurnMetrics
	// Shown are the candidate ids the turn's discovery results listed,
	// in order of first appearance.
	Shown []string
	// Errors are the turn's failed tool calls, in order.
	Errors []ToolError
	// Reasoning is what the model said it thought, one entry per model
	// call that gave any (the answer never carries it).
	Reasoning []string
	// State is every table of the session as the turn leaves it, by name,
	// derived columns included: what the analyst has after the turn,
	// whichever turn made it.
	State []TableSummary
}

// ToolError is one failed tool call.
type ToolError struct {
	Tool  string
	Error string
}

// TurnMetrics counts what the turn cost and what the model could see.
type TurnMetrics struct {
	ModelCalls     int
	ToolCalls      int
	ToolErrors     int
	DiscoveryCalls int // search_catalog and describe_series calls
	// RepeatDiscoveries counts candidate lines a search result listed for
	// rows this turn had already shown. Under PolicyFit a search lists only
	// new rows (the shortlist holds the rest), so it is 0 by construction;
	// ToolEvent.ShownIDs holds only the newly discovered ids.
	RepeatDiscoveries int
	RepeatSearches    int // searches identical to an earlier search this turn
	// Evidence: at each model call after the turn first showed candidates,
	// the share of the ids shown so far this turn that the request still
	// shows. 1.0 unless the window was truly full.
	Decisions           int
	EvidenceVisibleMin  float64
	EvidenceVisibleMean float64
	// UntoldLosses counts decisions that had lost evidence without a
	// context note saying so. Under PolicyFit it is always 0.
	UntoldLosses    int
	MaxCollapsed    int // most tool results shown compact in one request
	DropNotices     int // requests that carried a context note
	PromptTokens    int // last prompt size reported by the server, 0 if none
	EstimatedTokens int // last prompt size as estimated
}

// Ask runs the tool loop for one analyst message until the model answers or
// the step limit is reached. The result is filled in either way.
func (s *Session) Ask(ctx context.Context, userText string) (TurnResult, error) {
	t := &turn{user: userText}
	s.turns = append(s.turns, t)
	tn := len(s.turns)
	s.opts.Recorder.TurnStart(ctx, tn, userText)
	var res TurnResult
	res.Metrics.EvidenceVisibleMin = 1
	var ratioSum float64
	shownSoFar := map[string]bool{}
	searches := map[string]bool{}
	finish := func(reason string) {
		res.StopReason = reason
		res.Shown = t.shownIDs()
		res.State = s.state()
		if res.Metrics.Decisions > 0 {
			res.Metrics.EvidenceVisibleMean = ratioSum / float64(res.Metrics.Decisions)
		}
		s.opts.Recorder.Turn(ctx, TurnEvent{Turn: tn, Result: res})
	}
	for stepN := 1; stepN <= s.opts.MaxSteps; stepN++ {
		resp, asm, err := s.call(ctx, tn, stepN)
		res.Metrics.ModelCalls++
		if err != nil {
			finish("error: " + err.Error())
			return res, err
		}
		if shown := t.shownIDs(); len(shown) > 0 {
			vis := 0
			for _, id := range shown {
				if asm.VisibleIDs[id] {
					vis++
				}
			}
			r := float64(vis) / float64(len(shown))
			res.Metrics.Decisions++
			ratioSum += r
			res.Metrics.EvidenceVisibleMin = min(res.Metrics.EvidenceVisibleMin, r)
			if r < 1 && len(asm.Dropped) == 0 {
				res.Metrics.UntoldLosses++
			}
		}
		res.Metrics.MaxCollapsed = max(res.Metrics.MaxCollapsed, asm.Collapsed)
		if len(asm.Dropped) > 0 {
			res.Metrics.DropNotices++
		}
		res.Metrics.EstimatedTokens = asm.EstimatedTokens
		if resp.Usage.PromptTokens > 0 {
			res.Metrics.PromptTokens = resp.Usage.PromptTokens
		}

		msg := resp.Message
		msg.Role = llm.Assistant
		if r := strings.TrimSpace(msg.Reasoning); r != "" {
			res.Reasoning = append(res.Reasoning, r)
		}
		if len(msg.ToolCalls) == 0 {
			// A plain reply is the answer.
			res.Answer, res.Completed = strings.TrimSpace(msg.Content), true
			t.steps = append(t.steps, step{assistant: msg})
			finish("answer")
			return res, nil
		}
		st := step{assistant: msg}
		answered := false
		s.pending = &pendingStep{assistant: msg}
		for i, call := range msg.ToolCalls {
			if call.ID == "" {
				call.ID = fmt.Sprintf("call_%d_%d_%d", tn, stepN, i)
				st.assistant.ToolCalls[i].ID = call.ID
			}
			s.pending.left = len(msg.ToolCalls) - i
			o := s.runTool(ctx, call)
			s.pending.done = append(s.pending.done, o.rec)
			res.Metrics.ToolCalls++
			if call.Name == ToolSearch || call.Name == ToolDescribe {
				res.Metrics.DiscoveryCalls++
			}
			if call.Name == ToolSearch && o.err == nil {
				key := o.rec.label
				if searches[key] {
					res.Metrics.RepeatSearches++
				}
				searches[key] = true
			}
			if o.err != nil {
				res.Metrics.ToolErrors++
				res.Errors = append(res.Errors, ToolError{Tool: call.Name, Error: o.err.Error()})
			} else {
				s.collect(&res, o)
			}
			// A candidate is discovered when a result lists it for the
			// first time this turn. A search that lists one again is a
			// repeat discovery (under PolicyFit searches never do); a
			// describe_series call lists the ids the model asked for by
			// name, so its lines are never counted as repeats.
			var discovered []string
			for _, c := range o.shown {
				if !shownSoFar[c.ID] {
					discovered = append(discovered, c.ID)
				} else if call.Name == ToolSearch {
					res.Metrics.RepeatDiscoveries++
				}
				shownSoFar[c.ID] = true
			}
			if len(o.shown) > 0 || len(o.again) > 0 {
				t.noteSearch(o.shown, o.again)
			}
			st.results = append(st.results, o.rec)
			s.opts.Recorder.ToolResult(ctx, ToolEvent{Turn: tn, Step: stepN, Call: call, Result: o.rec.full,
				ShownIDs: discovered, Error: errString(o.err)})
			if o.answered {
				answered = true
				res.Answer = o.answer
			}
		}
		t.steps = append(t.steps, st)
		s.pending = nil
		if answered {
			res.Completed = true
			finish("answer")
			return res, nil
		}
	}
	finish("step limit")
	return res, fmt.Errorf("%w (%d model calls)", ErrStepLimit, s.opts.MaxSteps)
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// collect adds a successful tool outcome to the turn's result.
func (s *Session) collect(res *TurnResult, o toolOutcome) {
	res.Actions = append(res.Actions, o.action)
	for _, id := range o.series {
		if !slices.Contains(res.SeriesUsed, id) {
			res.SeriesUsed = append(res.SeriesUsed, id)
		}
	}
	switch {
	case o.table != nil:
		res.Tables = append(res.Tables, *o.table)
	case o.derived != nil:
		res.Derived = append(res.Derived, *o.derived)
	case o.changePoints != nil:
		res.ChangePoints = append(res.ChangePoints, *o.changePoints)
	case o.chart != nil:
		res.Charts = append(res.Charts, *o.chart)
	}
}

// adoptWindow follows the model's window when it has shrunk (the client
// read the server's n_ctx from a context error), keeping the reply reserve
// the window's eighth at most.
func (s *Session) adoptWindow() {
	w := s.model.ContextWindow()
	if w <= 0 || w >= s.asm.window {
		return
	}
	s.asm.window = w
	if r := min(max(w/8, 256), 4096); r < s.asm.replyTokens {
		s.asm.replyTokens, s.opts.ReplyReserve = r, r
	}
}

// call assembles the request and calls the model, retrying with a tighter
// estimate when the server says the request was too long.
func (s *Session) call(ctx context.Context, tn, stepN int) (llm.Response, Assembly, error) {
	for attempt := 0; ; attempt++ {
		s.asm.state = tablesText(s.state())
		asm, err := s.asm.assemble(s.turns)
		if err != nil {
			return llm.Response{}, asm, err
		}
		req := llm.Request{Messages: asm.Messages, Tools: s.specs, Temperature: s.opts.Temperature, MaxTokens: s.opts.ReplyReserve}
		asm.EstimatedTokens = s.asm.est.request(req.Messages, req.Tools)
		s.opts.Recorder.Request(ctx, RequestEvent{Turn: tn, Step: stepN, Request: req, EstimatedTokens: asm.EstimatedTokens,
			Budget: asm.Budget, Collapsed: asm.Collapsed, Dropped: asm.Dropped, VisibleIDs: sortedKeys(asm.VisibleIDs)})
		resp, err := s.model.Generate(ctx, req)
		if errors.Is(err, llm.ErrContextWindow) && attempt < contextRetries {
			s.asm.est.tighten()
			s.adoptWindow()
			continue
		}
		if err != nil {
			return resp, asm, fmt.Errorf("agent: model call: %w", err)
		}
		s.asm.est.calibrate(req.Messages, req.Tools, resp.Usage.PromptTokens)
		s.opts.Recorder.Response(ctx, ResponseEvent{Turn: tn, Step: stepN, Response: resp})
		return resp, asm, nil
	}
}

// state copies the session's tables, in name order.
func (s *Session) state() []TableSummary {
	names := make([]string, 0, len(s.tables))
	for n := range s.tables {
		names = append(names, n)
	}
	slices.Sort(names)
	out := make([]TableSummary, 0, len(names))
	for _, n := range names {
		t := *s.tables[n]
		t.Columns = slices.Clone(t.Columns)
		out = append(out, t)
	}
	return out
}

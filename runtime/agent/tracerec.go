package agent

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/sextant-dev/sextant/runtime/trace"
)

// TraceRecorder writes a session's events to a trace file: every request
// with how its context was assembled, every response with its reasoning
// content and latency, every tool result with the candidate ids it showed,
// and each turn's answer. Write errors do not stop the session; Err
// returns them.
type TraceRecorder struct {
	w    *trace.Writer
	mu   sync.Mutex
	sent time.Time
	errs []error
}

// NewTraceRecorder records to w.
func NewTraceRecorder(w *trace.Writer) *TraceRecorder { return &TraceRecorder{w: w} }

// Err returns the writes that failed, joined, or nil.
func (r *TraceRecorder) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return errors.Join(r.errs...)
}

func (r *TraceRecorder) keep(err error) {
	if err != nil {
		r.mu.Lock()
		r.errs = append(r.errs, err)
		r.mu.Unlock()
	}
}

// TurnStart implements Recorder.
func (r *TraceRecorder) TurnStart(_ context.Context, _ int, user string) {
	_, err := r.w.TurnStart(user)
	r.keep(err)
}

// Request implements Recorder.
func (r *TraceRecorder) Request(_ context.Context, ev RequestEvent) {
	_, err := r.w.RequestAssembled(ev.Request, trace.Assembly{EstimatedTokens: ev.EstimatedTokens, Budget: ev.Budget,
		Collapsed: ev.Collapsed, Dropped: ev.Dropped})
	r.keep(err)
	r.mu.Lock()
	r.sent = time.Now()
	r.mu.Unlock()
}

// Response implements Recorder.
func (r *TraceRecorder) Response(_ context.Context, ev ResponseEvent) {
	r.mu.Lock()
	latency := time.Since(r.sent)
	r.mu.Unlock()
	r.keep(r.w.Response(ev.Response, latency))
}

// ToolResult implements Recorder.
func (r *TraceRecorder) ToolResult(_ context.Context, ev ToolEvent) {
	r.keep(r.w.ToolResult(trace.ToolResult{CallID: ev.Call.ID, Name: ev.Call.Name, Arguments: ev.Call.Arguments,
		Result: ev.Result, ShownIDs: ev.ShownIDs, Error: ev.Error}))
}

// Turn implements Recorder.
func (r *TraceRecorder) Turn(_ context.Context, ev TurnEvent) {
	if reason, ok := strings.CutPrefix(ev.Result.StopReason, "error: "); ok {
		r.keep(r.w.Error(errors.New(reason)))
	} else if ev.Result.StopReason == "step limit" {
		r.keep(r.w.Error(ErrStepLimit))
	}
	r.keep(r.w.TurnEnd(ev.Result.Answer))
}

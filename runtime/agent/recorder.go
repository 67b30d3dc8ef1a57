package agent

import (
	"context"
	"slices"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// Recorder receives what a session does, for a trace. The integrator adapts
// runtime/trace's writer to it. Implementations must not fail the session:
// they keep their own errors.
type Recorder interface {
	TurnStart(ctx context.Context, turn int, user string)
	Request(ctx context.Context, ev RequestEvent)
	Response(ctx context.Context, ev ResponseEvent)
	ToolResult(ctx context.Context, ev ToolEvent)
	Turn(ctx context.Context, ev TurnEvent)
}

// RequestEvent is one assembled request, before it is sent.
type RequestEvent struct {
	Turn, Step      int
	Request         llm.Request
	EstimatedTokens int
	Budget          int
	Collapsed       int
	Dropped         []string
	VisibleIDs      []string
}

// ResponseEvent is the model's response, reasoning content included.
type ResponseEvent struct {
	Turn, Step int
	Response   llm.Response
}

// ToolEvent is one tool call and its full result.
type ToolEvent struct {
	Turn, Step int
	Call       llm.ToolCall
	Result     string
	ShownIDs   []string // candidates the result showed for the first time this turn
	Error      string
}

// TurnEvent ends a turn.
type TurnEvent struct {
	Turn   int
	Result TurnResult
}

type nopRecorder struct{}

func (nopRecorder) TurnStart(context.Context, int, string)  {}
func (nopRecorder) Request(context.Context, RequestEvent)   {}
func (nopRecorder) Response(context.Context, ResponseEvent) {}
func (nopRecorder) ToolResult(context.Context, ToolEvent)   {}
func (nopRecorder) Turn(context.Context, TurnEvent)         {}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

package wire

import (
	"context"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// windowReporter is a model that says which context window it uses and
// where that figure came from.
type windowReporter interface {
	Window() llm.Window
}

// windowDiscoverer is a model that can ask its server for the window.
type windowDiscoverer interface {
	Discover(ctx context.Context) (llm.Window, error)
}

// DiscoverWindow asks the endpoint which context window it serves the
// model with, unless a window was given or the model is the sim, and
// returns the window in use with its source. Only ctx ending is an error.
func (m *Model) DiscoverWindow(ctx context.Context) (llm.Window, error) {
	if d, ok := m.Model.(windowDiscoverer); ok && !m.Sim {
		return d.Discover(ctx)
	}
	return m.Window(), nil
}

// Window is the context window in use and where it came from.
func (m *Model) Window() llm.Window {
	if r, ok := m.Model.(windowReporter); ok {
		return r.Window()
	}
	return llm.Window{Tokens: m.ContextWindow(), Source: "the model"}
}

// Package wire connects the agent to the rest of the runtime: it adapts a
// loaded bundle and the search engine to agent.Catalog, the analysis
// engine (tables, derivations, change points, charts) to agent.Engine, and
// opens the model an analyst session talks to — an OpenAI-compatible
// endpoint, or the simulated analyst served on a loopback port.
package wire

import (
	"context"
	"errors"

	"github.com/sextant-dev/sextant/runtime/search"
)

// Sentinel errors.
var (
	// ErrUnknownTable is returned for a table the session has not built.
	ErrUnknownTable = errors.New("wire: unknown table")
	// ErrUnknownColumn is returned for a column a table does not have.
	ErrUnknownColumn = errors.New("wire: unknown column")
	// ErrBadRequest is returned for a request the engine cannot carry out
	// as asked (bad date, unknown operation...).
	ErrBadRequest = errors.New("wire: bad request")
)

// Searcher is what the agent catalog needs from the search engine.
type Searcher interface {
	Search(ctx context.Context, req search.Request) (search.Result, error)
}

package main

import (
	"errors"
	"fmt"

	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/urfave/cli/v2"
)

// reportWindow asks the endpoint for the model's context window (unless
// --context-window gave it) and says on standard error which window the
// session uses and where it came from: a window the server did not state
// is a guess the analyst should know about.
func reportWindow(c *cli.Context, m *wire.Model) error {
	if m.Sim {
		return nil
	}
	w, err := m.DiscoverWindow(c.Context)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.App.ErrWriter, "model %s at %s: context window %d tokens (%s)\n", m.Name, m.Endpoint, w.Tokens, w.Source)
	return nil
}

// explainWindow adds to a session that cannot start in its window which
// window that was, where it came from, and how to give the model more.
func explainWindow(err error, m *wire.Model) error {
	if !errors.Is(err, llm.ErrContextWindow) {
		return err
	}
	w := m.Window()
	return fmt.Errorf("%w (the window, %d tokens, is from %s; give the model a larger one: llama-server -c N, vLLM --max-model-len N, Ollama OLLAMA_CONTEXT_LENGTH=N or num_ctx, LM Studio --context-length N)", err, w.Tokens, w.Source)
}

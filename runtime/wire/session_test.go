package wire_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

// The simulated analyst, served on a loopback port and reached through the
// real client, runs a two-turn session over the adapters: the table holds
// the real series, the breaks and the chart are computed from their values.
func TestSessionWithTheSimulatedAnalyst(t *testing.T) {
	cat := openTestCatalog(t)
	m, err := wire.OpenModel(wire.ModelConfig{LLM: "sim", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if !m.Sim || m.Name != "sextant-sim" || m.ContextWindow() != wire.DefaultContextWindow {
		t.Errorf("model: sim %v name %q window %d", m.Sim, m.Name, m.ContextWindow())
	}
	out := t.TempDir()
	sess, err := agent.New(m, wire.NewAgentCatalog(cat, &wiretest.Searcher{Cat: cat}), wire.NewAgentEngine(cat, out), agent.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res, err := sess.Ask(ctx, "Show me the US unemployment rate and the effective federal funds rate since 2005 in a monthly table.")
	if err != nil {
		t.Fatal(err)
	}
	if !res.Completed || len(res.Tables) != 1 {
		t.Fatalf("turn 1: completed %v, %d tables, stop %q, actions %v", res.Completed, len(res.Tables), res.StopReason, res.Actions)
	}
	tb := res.Tables[0]
	var ids []string
	for _, c := range tb.Columns {
		ids = append(ids, c.SeriesID)
	}
	if !slices.Contains(ids, wiretest.Unrate) || !slices.Contains(ids, wiretest.Fedfunds) || tb.From != "2005-01" || tb.Frequency != "M" {
		t.Errorf("turn 1 table: %s %s..%s columns %v", tb.Frequency, tb.From, tb.To, ids)
	}
	res, err = sess.Ask(ctx, "Find the structural breaks in the federal funds rate and chart it.")
	if err != nil {
		t.Fatal(err)
	}
	if !res.Completed || len(res.ChangePoints) != 1 || len(res.Charts) != 1 {
		t.Fatalf("turn 2: completed %v, %d change point results, %d charts, actions %v", res.Completed, len(res.ChangePoints), len(res.Charts), res.Actions)
	}
	if cp := res.ChangePoints[0]; cp.SeriesID != wiretest.Fedfunds || len(cp.Breaks) == 0 {
		t.Errorf("change points: %+v", cp)
	}
	if _, err := os.Stat(res.Charts[0].Path); err != nil {
		t.Errorf("chart file: %v", err)
	}
}

func TestOpenModelRejectsBadEndpoints(t *testing.T) {
	for _, c := range []wire.ModelConfig{
		{LLM: "localhost:8080", Model: "m"},
		{LLM: "ftp://host/v1", Model: "m"},
		{LLM: "http://localhost:8080/v1"},
		{LLM: "sim", ContextWindow: -1},
	} {
		if m, err := wire.OpenModel(c); !errors.Is(err, wire.ErrBadRequest) {
			t.Errorf("%+v: error %v, want ErrBadRequest", c, err)
			if m != nil {
				m.Close()
			}
		}
	}
	m, err := wire.OpenModel(wire.ModelConfig{LLM: "http://127.0.0.1:1/v1", Model: "m", ContextWindow: 8192})
	if err != nil || m.Sim || m.Endpoint != "http://127.0.0.1:1/v1" || m.ContextWindow() != 8192 {
		t.Errorf("endpoint model: %+v %v", m, err)
	}
}

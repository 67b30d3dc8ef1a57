package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/evale2e"
	"github.com/sextant-dev/sextant/runtime/llm"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/urfave/cli/v2"
)

// evalCommand is the parent of the evaluation commands.
func evalCommand() *cli.Command {
	return &cli.Command{
		Name:        "eval",
		Usage:       "measure the system on question sets",
		Subcommands: []*cli.Command{evalE2ECommand(), evalRetrievalCommand()},
	}
}

func evalE2ECommand() *cli.Command {
	return &cli.Command{
		Name:  "e2e",
		Usage: "play multi-turn scenarios end to end (model, agent, search, analysis) and report figures",
		UsageText: `sextant eval e2e -b BUNDLE -s SCENARIOS.jsonl --llm sim|URL [--model NAME] [--runs N] [--policy fit|naive] [--json]

Each scenario is played --runs times, each run a fresh session (with --llm sim,
run r uses seed r). A turn succeeds when it answered, did the actions the
scenario asks for, and (for table turns) built a table with a right series for
every need. Prints per-scenario and overall figures: completed runs, turns with
a right table, median discovery calls per turn, repeat discoveries, and the
share of shown candidates still visible at each decision. --policy naive plays
the known-bad context policy for comparison.`,
		Flags: append([]cli.Flag{bundleFlag, noVerifyFlag,
			&cli.StringFlag{Name: "scenarios", Aliases: []string{"s"}, Usage: "scenario file (JSON lines)", Required: true},
			&cli.IntFlag{Name: "runs", Usage: "runs per scenario", Value: 1},
			&cli.StringFlag{Name: "policy", Usage: "context policy: fit or naive", Value: "fit"},
			&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"},
			&cli.StringFlag{Name: "out", Usage: "directory for the charts the runs draw (default: a temporary directory, removed afterwards)"},
		}, modelFlags()...),
		Action: runEvalE2E,
	}
}

func runEvalE2E(c *cli.Context) error {
	if args, err := positionalArgs(c); err != nil {
		return err
	} else if len(args) > 0 {
		return usageError("eval e2e takes no arguments, got %q", args)
	}
	if c.Int("runs") <= 0 {
		return usageError("--runs must be positive, got %d", c.Int("runs"))
	}
	var policy agent.Policy
	switch strings.ToLower(c.String("policy")) {
	case "fit":
		policy = agent.PolicyFit
	case "naive":
		policy = agent.PolicyNaive
	default:
		return usageError("--policy %q: use fit or naive", c.String("policy"))
	}
	scenarios, err := evale2e.LoadScenarios(c.String("scenarios"))
	if err != nil {
		return fmt.Errorf("%w: %v", errBadData, err)
	}
	cat, err := openBundle(c)
	if err != nil {
		return err
	}
	out := c.String("out")
	if out == "" {
		if out, err = os.MkdirTemp("", "sextant-eval-"); err != nil {
			return err
		}
		defer os.RemoveAll(out)
	}
	s, closeSearch, err := openSearcher(c.Context, cat)
	if err != nil {
		return fmt.Errorf("open search: %w", err)
	}
	defer closeSearch()

	// One model for an endpoint; for the sim, one per run (its seed is the
	// run number), each closed when the next run starts: runs are sequential.
	var current *wire.Model
	defer func() {
		if current != nil {
			current.Close()
		}
	}()
	sim := strings.EqualFold(strings.TrimSpace(c.String("llm")), wire.SimLLM)
	if !sim {
		if current, err = openModel(c, 0); err != nil {
			return err
		}
	}
	rep, err := evale2e.Run(c.Context, scenarios, evale2e.Config{
		Runs: c.Int("runs"),
		NewModel: func(_ string, run int) (llm.Model, error) {
			if !sim {
				return current, nil
			}
			if current != nil {
				current.Close()
			}
			m, err := openModel(c, uint64(run))
			current = m
			return m, err
		},
		Catalog:   wire.NewAgentCatalog(cat, s),
		NewEngine: func() agent.Engine { return wire.NewAgentEngine(cat, out) },
		Options:   agent.Options{Policy: policy},
	})
	if err != nil {
		return err
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return rep.WriteText(c.App.Writer)
}

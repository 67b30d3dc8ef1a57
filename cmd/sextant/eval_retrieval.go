package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sextant-dev/sextant/runtime/evalret"
	"github.com/sextant-dev/sextant/runtime/search"
	"github.com/urfave/cli/v2"
)

func evalRetrievalCommand() *cli.Command {
	return &cli.Command{
		Name:      "retrieval",
		Usage:     "measure search on a question set with gold series ids",
		UsageText: "sextant eval retrieval -b BUNDLE -q QUESTIONS.jsonl [-q MORE.jsonl ...] [--mode keyword|semantic|hybrid] [--json]",
		Description: `Reads questions shaped like eval/questions.jsonl (question, source, gold_ids
as the source's own ids) and prints recall@1, @5, @20, MRR, heading recall@5
(a gold row's heading among the first five groups), how many questions have
their gold in this catalog, and each question's rank. Several -q files are
measured as one pool (the headline figures), with each file's figures
beside it (by_set).`,
		Flags: []cli.Flag{
			bundleFlag, noVerifyFlag,
			&cli.StringSliceFlag{Name: "questions", Aliases: []string{"q"}, Usage: "question file (JSON lines); repeat to pool several", Required: true},
			&cli.StringFlag{Name: "mode", Value: string(search.Hybrid), Usage: "hybrid, keyword or semantic"},
			&cli.BoolFlag{Name: "json", Usage: "print the report as JSON"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("eval retrieval takes no arguments, got %q", c.Args().Slice())
			}
			mode := search.Mode(c.String("mode"))
			switch mode {
			case search.Hybrid, search.Keyword, search.Semantic:
			default:
				return usageError("--mode %q: want hybrid, keyword or semantic", mode)
			}
			var qs []evalret.Question
			for _, path := range c.StringSlice("questions") {
				set, err := evalret.ReadQuestions(path)
				if err != nil {
					return fmt.Errorf("%w: %v", errBadData, err)
				}
				name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
				for i := range set {
					set[i].Set = name
				}
				qs = append(qs, set...)
			}
			cat, err := openCatalog(c)
			if err != nil {
				return err
			}
			eng, err := search.New(c.Context, cat, search.Options{})
			if err != nil {
				return err
			}
			defer eng.Close()
			rep, err := evalret.Run(c.Context, eng, qs, evalret.Options{Mode: mode, HasNativeID: cat.HasNative, HeadingOf: cat.HeadingOfNative})
			if err != nil {
				return err
			}
			if c.Bool("json") {
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			return evalret.WriteText(c.App.Writer, rep)
		},
	}
}

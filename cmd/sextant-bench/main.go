// Command sextant-bench measures the whole system on the real catalogs and
// prints figures: build time and rows per second, bundle size, open time,
// and search latency (p50/p99, query embedding included) against a plain
// brute-force semantic scan in the same run, at each catalog scale.
//
//	go run ./cmd/sextant-bench [-configs testdata/demo.yaml,testdata/shared-55k.yaml,testdata/shared-all.yaml] [-queries FILE]
//	go run ./cmd/sextant-bench -bundles out/shared-all [-queries FILE]   (measure built bundles, no build)
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/catalogsrc"
	_ "github.com/sextant-dev/sextant/catalogsrc/all"
	"github.com/sextant-dev/sextant/indexer"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/evalret"
	"github.com/sextant-dev/sextant/runtime/search"
)

func main() {
	configs := flag.String("configs", "testdata/demo.yaml,testdata/shared-55k.yaml,testdata/shared-all.yaml", "build configurations, comma-separated (missing inputs are skipped)")
	queries := flag.String("queries", "testdata/eval/questions-extra.jsonl", "questions whose text is the latency workload")
	rounds := flag.Int("rounds", 5, "times each query is run per variant")
	bundles := flag.String("bundles", "", "built bundles to measure instead of building the configurations, comma-separated")
	flag.Parse()
	var err error
	if *bundles != "" {
		err = measureBuilt(context.Background(), strings.Split(*bundles, ","), *queries, *rounds)
	} else {
		err = run(context.Background(), strings.Split(*configs, ","), *queries, *rounds)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sextant-bench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, configs []string, queryFile string, rounds int) error {
	qs, err := evalret.ReadQuestions(queryFile)
	if err != nil {
		return err
	}
	fmt.Printf("machine: %d cores, %s\n", runtime.NumCPU(), runtime.Version())
	for _, cfgPath := range configs {
		cfg, err := indexer.LoadConfig(cfgPath)
		if err != nil {
			return err
		}
		if missing := missingInput(cfg); missing != "" {
			fmt.Printf("\n%s: skipped (%s not found)\n", cfgPath, missing)
			continue
		}
		tmp, err := os.MkdirTemp("", "sextant-bench-")
		if err != nil {
			return err
		}
		out := filepath.Join(tmp, "bundle")
		var ms runtime.MemStats
		rep, err := indexer.Build(ctx, cfg, indexer.Options{Out: out, Previous: "-", ToolVersion: "bench"})
		if err != nil {
			os.RemoveAll(tmp)
			return fmt.Errorf("%s: %w", cfgPath, err)
		}
		runtime.ReadMemStats(&ms)
		fmt.Printf("\n%s: %d rows, %d headings\n", cfgPath, rep.Series, rep.Headings)
		fmt.Printf("  build            %7.1f s  (%.0f rows/s; heap in use after build %.0f MB)\n", rep.Seconds, float64(rep.Series)/rep.Seconds, float64(ms.HeapInuse)/1e6)
		for _, s := range rep.Stages {
			fmt.Printf("    %-22s %6.1f s\n", s.Name, s.Seconds)
		}
		err = measure(ctx, out, qs, rounds)
		os.RemoveAll(tmp)
		if err != nil {
			return err
		}
	}
	return nil
}

// measureBuilt measures bundles already built.
func measureBuilt(ctx context.Context, dirs []string, queryFile string, rounds int) error {
	qs, err := evalret.ReadQuestions(queryFile)
	if err != nil {
		return err
	}
	fmt.Printf("machine: %d cores, %s\n", runtime.NumCPU(), runtime.Version())
	for _, dir := range dirs {
		fmt.Printf("\n%s\n", dir)
		if err := measure(ctx, dir, qs, rounds); err != nil {
			return err
		}
	}
	return nil
}

// measure prints a bundle's size, open times and search latency beside a
// brute-force vector scan in the same run.
func measure(ctx context.Context, out string, qs []evalret.Question, rounds int) error {
	size := dirSize(out)
	fmt.Printf("  bundle size      %7.1f MB\n", float64(size)/1e6)
	t0 := time.Now()
	if _, err := catalog.Open(ctx, out, catalog.Options{Bundle: bundle.OpenOptions{VerifiedDir: "-"}}); err != nil {
		return err
	}
	openHash := time.Since(t0)
	if _, err := catalog.Open(ctx, out, catalog.Options{}); err != nil { // hashes once and records it
		return err
	}
	t0 = time.Now()
	cat, err := catalog.Open(ctx, out, catalog.Options{})
	if err != nil {
		return err
	}
	openCat := time.Since(t0)
	t0 = time.Now()
	if _, err := catalog.Open(ctx, out, catalog.Options{Bundle: bundle.OpenOptions{SkipChecksums: true}}); err != nil {
		return err
	}
	openFast := time.Since(t0)
	t0 = time.Now()
	eng, err := search.New(ctx, cat, search.Options{})
	if err != nil {
		return err
	}
	openEng := time.Since(t0)
	fmt.Printf("  open             %7.0f ms hashing every file, %.0f ms verified before (identity record), %.0f ms sizes only; + search engine %.0f ms\n", ms1(openHash), ms1(openCat), ms1(openFast), ms1(openEng))
	brute, err := search.New(ctx, cat, search.Options{SemanticBudget: -1})
	if err != nil {
		return err
	}
	for _, v := range []struct {
		name string
		eng  *search.Engine
		mode search.Mode
	}{{"hybrid", eng, search.Hybrid}, {"keyword", eng, search.Keyword}, {"semantic", eng, search.Semantic}, {"hybrid, brute-force vectors", brute, search.Hybrid}} {
		lat, err := latencies(ctx, v.eng, v.mode, qs, rounds)
		if err != nil {
			return err
		}
		fmt.Printf("  search %-28s p50 %6.2f ms  p99 %6.2f ms  (%d queries)\n", v.name, pct(lat, 50), pct(lat, 99), len(lat))
	}
	eng.Close()
	brute.Close()
	return nil
}

func latencies(ctx context.Context, eng *search.Engine, mode search.Mode, qs []evalret.Question, rounds int) ([]time.Duration, error) {
	// One warm-up pass, not counted.
	for _, q := range qs {
		if _, err := eng.Search(ctx, search.Request{Query: q.Question, Mode: mode}); err != nil {
			return nil, err
		}
	}
	var out []time.Duration
	for range rounds {
		for _, q := range qs {
			t0 := time.Now()
			if _, err := eng.Search(ctx, search.Request{Query: q.Question, Mode: mode}); err != nil {
				return nil, err
			}
			out = append(out, time.Since(t0))
		}
	}
	return out, nil
}

func pct(d []time.Duration, p float64) float64 {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(float64(len(s)-1) * p / 100)
	return ms1(s[i])
}

func ms1(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func missingInput(cfg *indexer.Config) string {
	for _, s := range append(append([]catalogsrc.Spec(nil), cfg.Sources...), cfg.Observations...) {
		for _, f := range s.Files {
			if _, err := os.Stat(f); err != nil {
				return f
			}
		}
	}
	return ""
}

func dirSize(dir string) int64 {
	var n int64
	filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			n += info.Size()
		}
		return nil
	})
	return n
}

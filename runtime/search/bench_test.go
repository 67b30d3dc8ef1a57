package search_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/evalret"
	"github.com/sextant-dev/sextant/runtime/search"
)

// benchBundle returns the bundle named by SEXTANT_SEARCH_BENCH, or
// out/shared-all when it exists.
func benchBundle(b *testing.B) string {
	if d := os.Getenv("SEXTANT_SEARCH_BENCH"); d != "" {
		return d
	}
	d := filepath.Join(repoRoot(b), "out", "shared-all")
	if _, err := os.Stat(filepath.Join(d, bundle.ManifestFile)); err != nil {
		b.Skip("no built bundle: set SEXTANT_SEARCH_BENCH or build out/shared-all")
	}
	return d
}

// BenchmarkSearchBundle runs the held-out questions against a built bundle
// in each mode and reports p50/p99 latency.
func BenchmarkSearchBundle(b *testing.B) {
	dir := benchBundle(b)
	ctx := context.Background()
	cat, err := catalog.Open(ctx, dir, catalog.Options{Bundle: bundle.OpenOptions{SkipChecksums: true}})
	if err != nil {
		b.Fatal(err)
	}
	eng, err := search.New(ctx, cat, search.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer eng.Close()
	search.WaitPrepared(eng)
	qs, err := evalret.ReadQuestions(filepath.Join(repoRoot(b), "testdata", "eval", "questions-extra.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	var texts []string
	for _, q := range qs {
		texts = append(texts, q.Question)
	}
	if eng.HasEmbeddings() {
		recall, err := search.ProbeRecall(eng, texts, 20)
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("vector probe recall of the exact top 20 over %d questions: %.3f", len(texts), recall)
	}
	for _, mode := range []search.Mode{search.Keyword, search.Semantic, search.Hybrid} {
		b.Run(string(mode), func(b *testing.B) {
			var times []time.Duration
			i := 0
			for b.Loop() {
				q := qs[i%len(qs)].Question
				i++
				start := time.Now()
				if _, err := eng.Search(ctx, search.Request{Query: q, Mode: mode}); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
			}
			reportPercentiles(b, times)
		})
	}
	// Hybrid with a source filter (the question's own source, when the
	// catalog has it), as the agent's search tool may ask.
	var filtered []evalret.Question
	for _, q := range qs {
		if slices.Contains(cat.Sources(), q.Source) {
			filtered = append(filtered, q)
		}
	}
	b.Run("hybrid-filtered", func(b *testing.B) {
		var times []time.Duration
		i := 0
		for b.Loop() {
			q := filtered[i%len(filtered)]
			i++
			start := time.Now()
			if _, err := eng.Search(ctx, search.Request{Query: q.Question, Mode: search.Hybrid, Sources: []string{q.Source}}); err != nil {
				b.Fatal(err)
			}
			times = append(times, time.Since(start))
		}
		reportPercentiles(b, times)
	})
}

func reportPercentiles(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	if len(times) == 0 {
		return
	}
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[min(len(times)-1, len(times)*99/100)].Microseconds())/1000, "p99-ms")
}

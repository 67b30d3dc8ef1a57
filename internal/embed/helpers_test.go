package embed_test

import (
	"context"
	"math"
	"testing"

	"github.com/sextant-dev/sextant/internal/embed"
	"github.com/sextant-dev/sextant/internal/testenv"
)

// repoRoot is the repository root (full_test.go reads the built model
// below it).
func repoRoot(t testing.TB) string { return testenv.RepoRoot(t) }

func cosine(a, b []float32) float64 {
	var d, na, nb float64
	for i := range a {
		d += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return d / math.Sqrt(na*nb)
}

func l2norm(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}

func mustOpen(t testing.TB, dir string, opts ...embed.Option) *embed.Embedder {
	t.Helper()
	e, err := embed.Open(context.Background(), dir, opts...)
	if err != nil {
		t.Fatalf("Open(%s): %v", dir, err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

func embedAll(t testing.TB, e *embed.Embedder, texts ...string) [][]float32 {
	t.Helper()
	v, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatalf("Embed: %v", err)
	}
	if len(v) != len(texts) {
		t.Fatalf("Embed returned %d vectors for %d texts", len(v), len(texts))
	}
	return v
}

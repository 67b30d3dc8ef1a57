package embed_test

import (
	"os"
	"path/filepath"
	"testing"
)

// fullModelDir is where `make model` (cmd/sextant-model) writes the default
// model; tests using it skip when it has not been built.
func fullModelDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(repoRoot(t), ".cache", "model-default")
	if _, err := os.Stat(filepath.Join(dir, "model.onnx")); err != nil {
		t.Skipf("full default model not built at %s (run cmd/sextant-model)", dir)
	}
	return dir
}

func TestFullModelSemantics(t *testing.T) {
	e := mustOpen(t, fullModelDir(t))
	if e.Dim() != 100 {
		t.Fatalf("Dim = %d, want 100", e.Dim())
	}
	pairs := []struct{ a, near, far string }{
		{"inflation", "consumer price index", "balance sheet adjustment"},
		{"jobless rate", "unemployment rate", "crude oil production"},
		{"TÜRKİYE policy rate", "turkey central bank interest rate", "japan housing starts"},
		{"mortgage rates", "home loan interest", "steel exports"},
		{"gdp growth", "gross domestic product", "consumer sentiment survey"},
	}
	for _, p := range pairs {
		v := embedAll(t, e, p.a, p.near, p.far)
		near, far := cosine(v[0], v[1]), cosine(v[0], v[2])
		t.Logf("%q: near %q %.3f, far %q %.3f", p.a, p.near, near, p.far, far)
		if near <= far {
			t.Errorf("cos(%q, %q) = %.3f not above cos(%q, %q) = %.3f", p.a, p.near, near, p.a, p.far, far)
		}
	}
	v := embedAll(t, e, "jobless", "unemployment")
	if c := cosine(v[0], v[1]); c < 0.6 {
		t.Errorf("cos(jobless, unemployment) = %.3f, want >= 0.6", c)
	}
}

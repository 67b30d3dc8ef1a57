package embed_test

import (
	"bufio"
	"context"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/internal/embed"
	"github.com/sextant-dev/sextant/internal/testenv"
)

// staticTexts are catalog-like lines (titles, codes, punctuation, digits,
// accented and non-Latin text) for comparing the two ways of running a
// static model: every line of a few test catalogs plus edge cases.
func staticTexts(t *testing.T) []string {
	t.Helper()
	texts := []string{
		"", "   ", "\x00\x01", "TÜRKİYE enflasyon oranı", "ẞ Ⱥ İ ı", "Инфляция в России",
		"日本の消費者物価指数", "📈 inflation 🚀", "inflation \xff\xfe rate", "[UNK] [PAD] ##",
		"U.S. unemployment-rate (%), s.a.", "gdp/capita; 2015=100", "a'b \"c\" d_e f.g",
		strings.Repeat("inflation and prices ", 200),
	}
	for _, name := range []string{"fred/fred_release_series.csv", "imf/IFS_Indicators.csv", "evds/cbrt_allseries.csv"} {
		f, err := os.Open(testenv.RepoPath(t, "testdata", "catalogs", name))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for n := 0; sc.Scan() && n < 3000; n++ {
			texts = append(texts, sc.Text())
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return texts
}

// compareWithHugot embeds texts with the static lookup and through hugot
// and wants every vector bit for bit equal.
func compareWithHugot(t *testing.T, dir string, opts ...embed.Option) {
	t.Helper()
	static := mustOpen(t, dir, opts...)
	if !embed.UsesStaticLookup(static) {
		t.Fatalf("%s: the static lookup was not used", dir)
	}
	graph := mustOpen(t, dir, append(opts, embed.WithHugot())...)
	if embed.UsesStaticLookup(graph) {
		t.Fatal("WithHugot still used the static lookup")
	}
	if static.Dim() != graph.Dim() || static.ModelID() != graph.ModelID() || static.MaxTokens() != graph.MaxTokens() {
		t.Fatalf("dim %d / %d, model id %s / %s, max tokens %d / %d", static.Dim(), graph.Dim(),
			static.ModelID(), graph.ModelID(), static.MaxTokens(), graph.MaxTokens())
	}
	texts := staticTexts(t)
	a, err := static.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	b, err := graph.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	differ := 0
	for i := range texts {
		for k := range a[i] {
			if math.Float32bits(a[i][k]) != math.Float32bits(b[i][k]) {
				if differ < 5 {
					t.Errorf("text %d %.60q: component %d is %g, hugot %g", i, texts[i], k, a[i][k], b[i][k])
				}
				differ++
				break
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d of %d texts differ", differ, len(texts))
	}
}

func TestStaticLookupMatchesHugot(t *testing.T) {
	compareWithHugot(t, tinyModel(t, false), embed.WithBatchBuckets(1, 8))
}

func TestStaticLookupMatchesHugotTruncated(t *testing.T) {
	compareWithHugot(t, tinyModel(t, false), embed.WithSequenceBuckets(8))
}

func TestStaticLookupMatchesHugotFullModel(t *testing.T) {
	if testing.Short() {
		t.Skip("the full model loads in hugot for a few seconds")
	}
	compareWithHugot(t, fullModelDir(t), embed.WithBatchBuckets(1, 32))
}

// A model that is not a single Gather lookup runs through hugot.
func TestStaticLookupOnlyForLookupModels(t *testing.T) {
	dir := t.TempDir()
	writeBertLikeModel(t, dir)
	if e := mustOpen(t, dir); embed.UsesStaticLookup(e) {
		t.Error("a BERT-like model was taken for a static lookup")
	}
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/sextant-dev/sextant/catalogsrc/obs/all"
	"github.com/sextant-dev/sextant/indexer"
	"github.com/sextant-dev/sextant/internal/testenv"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/evalret"
	"github.com/sextant-dev/sextant/runtime/search"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/*.txt from the current ranking")

// goldenTop is how many ranked rows per question and mode the golden files
// hold: the first page an analyst reads, and every rank R@5 and HR@5 see.
const goldenTop = 10

// TestRankingsGolden builds the demo catalog with the default embedding
// model and compares, for every question of every question set and each
// mode, the ranked row ids and the heading of each against
// testdata/golden/<set>.txt. A change of ranking fails here with the
// questions that moved; `go test ./cmd/sextant-bench -run Golden -update`
// rewrites the files when the change is meant (say why in the commit).
// Rankings do not depend on the bundle's format version: one file per
// question set holds for every format.
//
// SEXTANT_GOLDEN_BUNDLE names a built bundle to check instead (hybrid mode
// only, against testdata/golden/<SEXTANT_GOLDEN_NAME>/), e.g. the
// 365,000-row one, where the vector partitions and the candidate caps
// come into play:
//
//	SEXTANT_GOLDEN_BUNDLE=$PWD/out/shared-all/ SEXTANT_GOLDEN_NAME=shared-all go test -run Golden ./cmd/sextant-bench
func TestRankingsGolden(t *testing.T) {
	root := testenv.RepoRoot(t)
	ctx := context.Background()
	modes := []search.Mode{search.Hybrid, search.Keyword, search.Semantic}
	goldenDir := filepath.Join("testdata", "golden")
	out := os.Getenv("SEXTANT_GOLDEN_BUNDLE")
	if out != "" {
		name := os.Getenv("SEXTANT_GOLDEN_NAME")
		if name == "" {
			t.Fatal("SEXTANT_GOLDEN_BUNDLE needs SEXTANT_GOLDEN_NAME (the golden folder's name)")
		}
		modes = modes[:1]
		goldenDir = filepath.Join(goldenDir, name)
	} else {
		out = buildDemo(ctx, t, root)
	}
	cat, err := catalog.Open(ctx, out, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := search.New(ctx, cat, search.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()

	sets, _ := filepath.Glob(filepath.Join(root, "testdata", "eval", "questions-*.jsonl"))
	if dir, ok, _ := testenv.LookupSharedDir(); ok {
		sets = append(sets, filepath.Join(dir, "eval", "questions.jsonl"))
	}
	for _, path := range sets {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "questions-"), ".jsonl")
		if name == "questions" {
			name = "shared-dev"
		}
		t.Run(name, func(t *testing.T) {
			qs, err := evalret.ReadQuestions(path)
			if err != nil {
				t.Fatal(err)
			}
			got, err := rankingText(ctx, eng, qs, modes)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(goldenDir, name+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (go test ./cmd/sextant-bench -run Golden -update writes it)", err)
			}
			if diff := lineDiff(want, got, 12); diff != "" {
				t.Errorf("rankings differ from %s (-golden +now):\n%s", file, diff)
			}
		})
	}
}

// buildDemo builds the demo catalog with the default model into a
// temporary directory.
func buildDemo(ctx context.Context, t *testing.T, root string) string {
	t.Helper()
	model := filepath.Join(root, indexer.DefaultModelDir)
	if _, err := os.Stat(filepath.Join(model, "model.onnx")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("default model not built at %s (make model)", model)
		}
		t.Skipf("default model not built at %s (make model)", model)
	}
	cfg, err := indexer.LoadConfig(filepath.Join(root, "testdata", "demo.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Embedding.Model = model
	out := filepath.Join(t.TempDir(), "demo")
	if _, err := indexer.Build(ctx, cfg, indexer.Options{Out: out, Previous: "-", ToolVersion: "golden"}); err != nil {
		t.Fatal(err)
	}
	return out
}

// rankingText writes one line per question and mode: the question, then
// the top ranked row ids, each with its group's heading id.
func rankingText(ctx context.Context, eng *search.Engine, qs []evalret.Question, modes []search.Mode) ([]byte, error) {
	var b bytes.Buffer
	for _, q := range qs {
		for _, mode := range modes {
			res, err := eng.Search(ctx, search.Request{Query: q.Question, Mode: mode})
			if err != nil {
				return nil, fmt.Errorf("%q (%s): %w", q.Question, mode, err)
			}
			fmt.Fprintf(&b, "%s\t%s", mode, q.Question)
			for i, h := range res.Ranked() {
				if i == goldenTop {
					break
				}
				fmt.Fprintf(&b, "\t%s@%s", h.ID, res.Groups[h.Group].HeadingID)
			}
			b.WriteByte('\n')
		}
	}
	return b.Bytes(), nil
}

// lineDiff lists up to max lines that differ, line by line.
func lineDiff(want, got []byte, max int) string {
	wl, gl := lines(want), lines(got)
	var b strings.Builder
	n := 0
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w == g {
			continue
		}
		n++
		if n <= max {
			fmt.Fprintf(&b, "- %s\n+ %s\n", withoutQuestion(w, i), withoutQuestion(g, i))
		}
	}
	if n > max {
		fmt.Fprintf(&b, "... and %d more lines\n", n-max)
	}
	if n > 0 {
		fmt.Fprintf(&b, "%d of %d lines differ\n", n, len(wl))
	}
	return b.String()
}

// withoutQuestion shows a golden line with its question replaced by its
// line number: a failing test must not print the text of a blind set's
// questions into a log that anyone reads.
func withoutQuestion(l string, i int) string {
	f := strings.SplitN(l, "\t", 3)
	if len(f) < 2 {
		return l
	}
	f[1] = fmt.Sprintf("line %d", i+1)
	return strings.Join(f, "\t")
}

func lines(b []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// A failing golden comparison names lines and ids, never a question.
func TestLineDiffHidesQuestions(t *testing.T) {
	want := []byte("hybrid\tsecret question one\tfred:A@h1\nhybrid\tsecret question two\tfred:B@h2\n")
	got := []byte("hybrid\tsecret question one\tfred:A@h1\nhybrid\tsecret question two\tfred:C@h2\n")
	d := lineDiff(want, got, 12)
	if strings.Contains(d, "secret") {
		t.Errorf("diff prints a question:\n%s", d)
	}
	if !strings.Contains(d, "line 2") || !strings.Contains(d, "fred:C@h2") {
		t.Errorf("diff does not name the line and the new ids:\n%s", d)
	}
}

package query

import (
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestEmbeddedVocabularyLoads(t *testing.T) {
	v, err := LoadVocabulary(embedded)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.synonyms.byKey) < 100 {
		t.Errorf("%d synonym phrases; the embedded list looks truncated", len(v.synonyms.byKey))
	}
}

// TestSynonymsWellFormed reads synonyms.tsv independently of the loader:
// every weight in (0, 1], no phrase equal to its expansion, no repeated
// (phrase, expansion, countries) line, no expansion written twice with
// different weights.
func TestSynonymsWellFormed(t *testing.T) {
	v := DefaultVocabulary()
	b, err := fs.ReadFile(embedded, "data/synonyms.tsv")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	n := 0
	for i, text := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		n++
		cells := strings.Split(text, "\t")
		if len(cells) < 3 || len(cells) > 4 {
			t.Errorf("synonyms.tsv:%d: %d cells", i+1, len(cells))
			continue
		}
		from, to := v.phrase(cells[0]).String(), v.phrase(cells[1]).String()
		if from == "" || to == "" || from == to {
			t.Errorf("synonyms.tsv:%d: phrase %q expansion %q", i+1, cells[0], cells[1])
		}
		key := from + "\t" + to
		if len(cells) == 4 {
			key += "\t" + cells[3]
		}
		if prev, dup := seen[key]; dup {
			t.Errorf("synonyms.tsv:%d repeats line %d (%s)", i+1, prev, key)
		}
		seen[key] = i + 1
	}
	if n < 150 {
		t.Errorf("only %d synonym lines", n)
	}
}

// TestExpansionsAreCatalogWords guards against expansions that only a
// query could contain: an expansion must not be mostly stop words.
func TestExpansionsHaveContentWords(t *testing.T) {
	v := DefaultVocabulary()
	for _, e := range v.synonyms.byKey {
		for _, s := range e.values {
			content := 0
			for _, w := range s.expansion.words {
				if !v.stop[w] {
					content++
				}
			}
			if content == 0 {
				t.Errorf("expansion %q of %q has no content word", s.expansion, e.key)
			}
		}
	}
}

func TestLoadVocabularyErrorsNameFileLineField(t *testing.T) {
	base := fstest.MapFS{}
	fs.WalkDir(embedded, "data", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := fs.ReadFile(embedded, path)
			base[path] = &fstest.MapFile{Data: b}
		}
		return nil
	})
	cases := []struct {
		file, content, want string
	}{
		{"data/synonyms.tsv", "# c\ncpi\tconsumer price index\t1.5\n", "data/synonyms.tsv:2: field weight"},
		{"data/synonyms.tsv", "npl\tnonperforming loans\t1\nnpls\tnonperforming loans\t0.5\n", "data/synonyms.tsv:2: field expansion: duplicate"},
		{"data/synonyms.tsv", "cpi\tcpi\t1\n", "field expansion"},
		{"data/synonyms.tsv", "policy rate\tfederal funds\t1\tUS\n", "field countries"},
		{"data/frequency.tsv", "monthly\tX\t1\n", "data/frequency.tsv:1: field frequency"},
		{"data/seasonal.tsv", "adjusted\tYES\n", "field adjustment"},
		{"data/units.tsv", "x\tpercent\tpercent\n", "field kind"},
		{"data/units.tsv", "row\tusd\tcurrency\tusd\nrow\tusd\tscale\tdollar\n", "data/units.tsv:2: field hint or group"},
		{"data/sources.tsv", "q\timf\tweo\tmany\n", "field weight"},
		{"data/us_states.tsv", "Texas\tTX\n", "field code"},
		{"data/spelling.tsv", "labour\tlabor\nlabour\tlaborr\n", "duplicate variant"},
		{"data/stopwords.txt", "the\nthe\n", "duplicate word"},
	}
	for _, c := range cases {
		fsys := fstest.MapFS{}
		for k, f := range base {
			fsys[k] = f
		}
		fsys[c.file] = &fstest.MapFile{Data: []byte(c.content)}
		_, err := LoadVocabulary(fsys)
		if !errors.Is(err, ErrBadData) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s with %q: err %v; want ErrBadData containing %q", c.file, c.content, err, c.want)
		}
	}
	delete(base, "data/seasonal.tsv")
	if _, err := LoadVocabulary(base); !errors.Is(err, ErrBadData) || !strings.Contains(err.Error(), "seasonal.tsv") {
		t.Errorf("missing file: err %v", err)
	}
}

func TestSpellingVariants(t *testing.T) {
	v := Default().Vocabulary()
	for canon, want := range map[string]string{"labor": "labour", "check": "cheque", "turkey": "turkiye"} {
		if got := v.Variants(canon); !slices.Contains(got, want) {
			t.Errorf("Variants(%q) = %v; want %q among them", canon, got, want)
		}
	}
	if got := v.Variants("inflation"); len(got) != 0 {
		t.Errorf("Variants(inflation) = %v; want none", got)
	}
}

func TestUnjoin(t *testing.T) {
	v := Default().Vocabulary()
	for w, want := range map[string]string{"nonperforming": "non performing", "semiannual": "semi annual", "non": "", "none": "", "loans": "", "billion": "", "biweekly": ""} {
		if got := v.Unjoin(w); got != want {
			t.Errorf("Unjoin(%q) = %q; want %q", w, got, want)
		}
	}
}

package embedmodel

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const (
	winkSubset    = "../../testdata/embed/wink-subset.json.gz"
	wordnetSubset = "../../testdata/embed/wordnet-subset/dict"
)

func subsetVectors(t testing.TB) *WordVectors {
	t.Helper()
	r, err := OpenWink(winkSubset)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	wv, err := ReadWink(context.Background(), r, winkSubset, Reachable)
	if err != nil {
		t.Fatal(err)
	}
	return wv
}

func TestOpenWordNetSubset(t *testing.T) {
	lex, err := OpenWordNet(context.Background(), wordnetSubset)
	if err != nil {
		t.Fatal(err)
	}
	if len(lex.Synsets) != 414 {
		t.Errorf("%d synsets, want the subset's 414", len(lex.Synsets))
	}
	want := []string{"gross domestic product", "gdp"}
	if !slices.ContainsFunc(lex.Synsets, func(s []string) bool { return slices.Equal(s, want) }) {
		t.Errorf("no synset %q: multi-word lemmas must read as phrases, lower-cased", want)
	}
}

func TestOpenWordNetErrors(t *testing.T) {
	dir := t.TempDir()
	for _, f := range wordNetFiles {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("  licence header\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := OpenWordNet(context.Background(), dir); !errors.Is(err, ErrNoWordNet) {
		t.Errorf("header-only files: %v, want ErrNoWordNet", err)
	}
	bad := "00001740 03 n zz entity 0 000 | gloss\n"
	if err := os.WriteFile(filepath.Join(dir, "data.verb"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := OpenWordNet(context.Background(), dir)
	if err == nil || !strings.Contains(err.Error(), "data.verb line 1: bad word count") {
		t.Errorf("bad word count: %v, want the file, line and field named", err)
	}
	if _, err := OpenWordNet(context.Background(), filepath.Join(dir, "data.noun")); err == nil {
		t.Error("a plain file that is no tarball: no error")
	}
}

func cosine(a, b []float32) float64 {
	var ab, aa, bb float64
	for i := range a {
		ab += float64(a[i]) * float64(b[i])
		aa += float64(a[i]) * float64(a[i])
		bb += float64(b[i]) * float64(b[i])
	}
	return ab / math.Sqrt(aa*bb)
}

func TestRetrofitPullsSynonymsTogether(t *testing.T) {
	wv := subsetVectors(t)
	lex, err := OpenWordNet(context.Background(), wordnetSubset)
	if err != nil {
		t.Fatal(err)
	}
	words := wv.Words
	got, st, err := retrofit(context.Background(), words, words, wv.Size, DefaultSIFA, lex)
	if err != nil {
		t.Fatal(err)
	}
	if st.Words == 0 || st.Phrase == 0 {
		t.Fatalf("stats %+v: no word or phrase neighbour used", st)
	}
	at := map[string]int{}
	for i, w := range words {
		at[w.Word] = i
	}
	for _, pair := range [][2]string{{"wage", "salary"}, {"wages", "salary"}} {
		i, j := at[pair[0]], at[pair[1]]
		before, after := cosine(words[i].Vector, words[j].Vector), cosine(got[i].Vector, got[j].Vector)
		if after <= before+0.05 {
			t.Errorf("cos(%s, %s) %.3f → %.3f: synonyms (or an inflection of one) must move together", pair[0], pair[1], before, after)
		}
	}
	// An acronym moves toward its expansion's words.
	gdp, gross := at["gdp"], at["gross"]
	if b, a := cosine(words[gdp].Vector, words[gross].Vector), cosine(got[gdp].Vector, got[gross].Vector); a <= b {
		t.Errorf("cos(gdp, gross) %.3f → %.3f: gdp must move toward gross domestic product", b, a)
	}
	moved := 0
	for i := range words {
		var l0, l1 float64
		for k := range words[i].Vector {
			l0 += float64(words[i].Vector[k]) * float64(words[i].Vector[k])
			l1 += float64(got[i].Vector[k]) * float64(got[i].Vector[k])
		}
		if math.Abs(math.Sqrt(l0)-math.Sqrt(l1)) > 1e-4*math.Sqrt(l0) {
			t.Fatalf("%s: length %.5f → %.5f, want it kept", words[i].Word, math.Sqrt(l0), math.Sqrt(l1))
		}
		if !slices.Equal(words[i].Vector, got[i].Vector) {
			moved++
			if c := cosine(words[i].Vector, got[i].Vector); c < 0.3 {
				t.Errorf("%s moved to cosine %.3f of itself: it must keep most of its meaning", words[i].Word, c)
			}
		}
	}
	if moved != st.Words {
		t.Errorf("%d vectors changed, stats say %d words have neighbours", moved, st.Words)
	}
	if i := at["the"]; !slices.Equal(words[i].Vector, got[i].Vector) {
		t.Error(`"the" has no WordNet synset, yet its vector changed`)
	}
	again, _, err := retrofit(context.Background(), words, words, wv.Size, DefaultSIFA, lex)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if !slices.Equal(got[i].Vector, again[i].Vector) {
			t.Fatalf("%s: a second run differs", got[i].Word)
		}
	}
}

func TestBuildRecordsRetrofit(t *testing.T) {
	wv := subsetVectors(t)
	lex, err := OpenWordNet(context.Background(), wordnetSubset)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Build(context.Background(), wv, t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	fitted, err := Build(context.Background(), wv, t.TempDir(), Options{Lexicon: lex, LexiconSource: "wordnet-subset"})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Retrofit != nil || fitted.Retrofit == nil || fitted.Retrofit.Source != "wordnet-subset" || fitted.Retrofit.Iterations != RetrofitIterations {
		t.Errorf("manifests: plain %+v, fitted %+v", plain.Retrofit, fitted.Retrofit)
	}
	if plain.ModelSHA256 == fitted.ModelSHA256 {
		t.Error("retrofitting did not change the model")
	}
}

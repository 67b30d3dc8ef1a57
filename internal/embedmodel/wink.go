package embedmodel

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
)

// ErrBadSource is returned for a word-vector source that cannot be read.
var ErrBadSource = errors.New("embedmodel: bad word-vector source")

// WordVector is one word of the source with its frequency rank (0 = most
// frequent) and its vector.
type WordVector struct {
	Word   string
	Rank   int
	Vector []float32
}

// WordVectors is the part of a wink-embeddings source kept by ReadWink.
type WordVectors struct {
	Dim   int          // vector length
	Size  int          // words in the whole source (ranks are < Size)
	Words []WordVector // the kept words, in rank order
}

// OpenWink opens a wink-embeddings source for ReadWink: the npm tarball
// (.tgz), a gzipped JSON file, or the plain JSON file. The format is sniffed
// from the content, not the name.
func OpenWink(name string) (io.ReadCloser, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("embedmodel: %w", err)
	}
	br := bufio.NewReaderSize(f, 1<<20)
	magic, _ := br.Peek(2)
	if !bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		return readCloser{br, f}, nil
	}
	gz, err := gzip.NewReader(br)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%w: %s: %v", ErrBadSource, name, err)
	}
	gbr := bufio.NewReaderSize(gz, 1<<20)
	first, _ := gbr.Peek(1)
	if len(first) == 1 && first[0] == '{' {
		return readCloser{gbr, f}, nil
	}
	tr := tar.NewReader(gbr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			f.Close()
			return nil, fmt.Errorf("%w: %s: no embeddings .json file in the tarball", ErrBadSource, name)
		}
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%w: %s: %v", ErrBadSource, name, err)
		}
		base := path.Base(h.Name)
		if h.Typeflag == tar.TypeReg && strings.HasSuffix(base, ".json") && base != "package.json" {
			return readCloser{bufio.NewReaderSize(tr, 1<<20), f}, nil
		}
	}
}

type readCloser struct {
	io.Reader
	io.Closer
}

// ReadWink reads a wink-embeddings JSON object ({"dimensions", "size",
// "words", "vectors": {word: [v1..vD, l2norm, rank]}, ...}) and keeps the
// words for which keep returns true. Ranks are taken from each vector's last
// element. name is used in error messages.
func ReadWink(ctx context.Context, r io.Reader, name string, keep func(word string) bool) (*WordVectors, error) {
	dec := json.NewDecoder(r)
	fail := func(field string, err error) error {
		return fmt.Errorf("%w: %s: %s: %v", ErrBadSource, name, field, err)
	}
	if err := expectDelim(dec, '{'); err != nil {
		return nil, fail("top level", err)
	}
	wv := &WordVectors{}
	var raw map[string][]float64 // vectors seen before "dimensions" (not in wink's order)
	sawVectors := false
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fail("top level", err)
		}
		key, _ := tok.(string)
		switch key {
		case "dimensions":
			if err := dec.Decode(&wv.Dim); err != nil {
				return nil, fail(key, err)
			}
		case "size":
			if err := dec.Decode(&wv.Size); err != nil {
				return nil, fail(key, err)
			}
		case "vectors":
			sawVectors = true
			if wv.Dim <= 0 {
				if err := dec.Decode(&raw); err != nil {
					return nil, fail(key, err)
				}
				continue
			}
			if err := readVectors(ctx, dec, wv, keep); err != nil {
				return nil, fail(key, err)
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, fail(key, err)
			}
		}
	}
	if !sawVectors {
		return nil, fail("vectors", errors.New("missing"))
	}
	if wv.Dim <= 0 {
		return nil, fail("dimensions", fmt.Errorf("missing or not positive: %d", wv.Dim))
	}
	for word, vals := range raw {
		if keep(word) {
			v, err := wordVector(word, vals, wv.Dim)
			if err != nil {
				return nil, fail("vectors", err)
			}
			wv.Words = append(wv.Words, v)
		}
	}
	return wv, finish(wv, name)
}

func readVectors(ctx context.Context, dec *json.Decoder, wv *WordVectors, keep func(string) bool) error {
	if err := expectDelim(dec, '{'); err != nil {
		return err
	}
	var vals []float64
	for n := 0; dec.More(); n++ {
		if n%10000 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		word, _ := tok.(string)
		if !keep(word) {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return fmt.Errorf("word %q: %w", word, err)
			}
			continue
		}
		vals = vals[:0]
		if err := dec.Decode(&vals); err != nil {
			return fmt.Errorf("word %q: %w", word, err)
		}
		v, err := wordVector(word, vals, wv.Dim)
		if err != nil {
			return err
		}
		wv.Words = append(wv.Words, v)
	}
	return expectDelim(dec, '}')
}

// wordVector converts one wink entry [v1..vD, l2norm, rank].
func wordVector(word string, vals []float64, dim int) (WordVector, error) {
	if len(vals) != dim+2 {
		return WordVector{}, fmt.Errorf("word %q: want %d values (vector, norm, rank), got %d", word, dim+2, len(vals))
	}
	rank := vals[dim+1]
	if rank < 0 || rank != float64(int(rank)) {
		return WordVector{}, fmt.Errorf("word %q: rank %v is not a non-negative integer", word, rank)
	}
	v := make([]float32, dim)
	for i := range v {
		v[i] = float32(vals[i])
	}
	return WordVector{Word: word, Rank: int(rank), Vector: v}, nil
}

// finish sorts the kept words by rank and checks ranks are unique and below
// the source size.
func finish(wv *WordVectors, name string) error {
	sortByRank(wv.Words)
	for i, w := range wv.Words {
		if wv.Size > 0 && w.Rank >= wv.Size {
			return fmt.Errorf("%w: %s: vectors: word %q: rank %d not below size %d", ErrBadSource, name, w.Word, w.Rank, wv.Size)
		}
		if i > 0 && wv.Words[i-1].Rank == w.Rank {
			return fmt.Errorf("%w: %s: vectors: words %q and %q share rank %d", ErrBadSource, name, wv.Words[i-1].Word, w.Word, w.Rank)
		}
	}
	if wv.Size <= 0 && len(wv.Words) > 0 {
		wv.Size = wv.Words[len(wv.Words)-1].Rank + 1
	}
	return nil
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("want %q, got %v", want, tok)
	}
	return nil
}

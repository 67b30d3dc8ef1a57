// Package embed turns text into normalised sentence vectors with a local
// ONNX feature-extraction model run by hugot's pure-Go backend. It is the
// only package of sextant that imports hugot.
//
// Any hugot-runnable model directory works: sextant's default static
// word-vector model (built by internal/embedmodel) or a sentence-transformers
// ONNX export with its tokenizer.json. Every text goes through Clean first;
// texts that are blank after cleaning never reach hugot and get a zero
// vector. Panics inside hugot are recovered into errors, and tokenizers that
// could make hugot call log.Fatal are rejected by Open.
package embed

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/knights-analytics/hugot"
	"github.com/knights-analytics/hugot/options"
	"github.com/knights-analytics/hugot/pipelines"
)

// Errors returned by this package.
var (
	ErrUnsafeTokenizer = errors.New("embed: tokenizer would end the process on unknown words")
	ErrModelPanic      = errors.New("embed: model panicked")
	ErrClosed          = errors.New("embed: embedder is closed")
	ErrNoOnnxFile      = errors.New("embed: cannot choose the onnx file")
)

// Default shape buckets. Every (batch, sequence) bucket pair is compiled once
// and reused, so a pass over 358,000 catalog labels compiles at most
// len(batch)*len(sequence) executables. Texts are sorted by length before
// batching, so most batches of short labels use the smallest sequence bucket.
var (
	DefaultBatchBuckets    = []int{1, 8, 32}
	DefaultSequenceBuckets = []int{16, 64, 256}
)

// Option configures Open.
type Option func(*config)

type config struct {
	batchBuckets    []int
	sequenceBuckets []int
	onnxFile        string
	alwaysHugot     bool
}

// WithHugot runs every model through hugot, a static lookup model too (see
// staticLookup), as tests that compare the two do.
func WithHugot() Option {
	return func(c *config) { c.alwaysHugot = true }
}

// WithBatchBuckets sets the batch sizes hugot pads to; the largest is the
// most texts sent to the model at once.
func WithBatchBuckets(sizes ...int) Option {
	return func(c *config) { c.batchBuckets = sizes }
}

// WithSequenceBuckets sets the token lengths hugot pads to; the largest is
// the token limit: longer texts are truncated to it.
func WithSequenceBuckets(lengths ...int) Option {
	return func(c *config) { c.sequenceBuckets = lengths }
}

// WithOnnxFile names the .onnx file to load (a base name such as
// "model_quantized.onnx") when the directory holds several.
func WithOnnxFile(name string) Option {
	return func(c *config) { c.onnxFile = name }
}

// Embedder embeds texts with one loaded model. It is safe for concurrent
// use; calls are serialised.
type Embedder struct {
	mu        sync.Mutex
	session   *hugot.Session
	pipeline  *pipelines.FeatureExtractionPipeline
	static    *staticLookup // set instead of session and pipeline for a static lookup model
	dim       int
	modelID   string
	maxTokens int
	maxBatch  int
	words     map[string]bool // the tokenizer's whole words (HasWord)
	dir       string          // a static model's directory, whose words HasWord reads on first use
	wordsOnce sync.Once
}

// Open loads the feature-extraction model in dir (an .onnx file plus
// tokenizer.json, optionally config.json).
func Open(ctx context.Context, dir string, opts ...Option) (e *Embedder, err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cfg := config{batchBuckets: DefaultBatchBuckets, sequenceBuckets: DefaultSequenceBuckets}
	for _, o := range opts {
		o(&cfg)
	}
	if err := validBuckets("batch", cfg.batchBuckets); err != nil {
		return nil, err
	}
	if err := validBuckets("sequence", cfg.sequenceBuckets); err != nil {
		return nil, err
	}
	onnxPath, err := findOnnxFile(dir, cfg.onnxFile)
	if err != nil {
		return nil, err
	}
	var static *staticLookup
	if !cfg.alwaysHugot {
		static, err = openStatic(dir, onnxPath)
		if err != nil && !errors.Is(err, errNotStatic) {
			return nil, err
		}
	}
	var words map[string]bool
	if static == nil {
		if words, err = checkTokenizer(dir); err != nil {
			return nil, err
		}
	}
	maxTokens := slices.Max(cfg.sequenceBuckets)
	maxPos, err := maxPositionEmbeddings(dir)
	if err != nil {
		if static != nil {
			static.close()
		}
		return nil, err
	}
	if maxPos > 0 && maxPos < maxTokens {
		maxTokens = maxPos
	}
	modelID, err := computeModelID(dir, onnxPath, maxTokens)
	if err != nil {
		if static != nil {
			static.close()
		}
		return nil, err
	}
	if static != nil {
		return &Embedder{static: static, dim: static.dim, modelID: modelID, maxTokens: maxTokens, maxBatch: slices.Max(cfg.batchBuckets), dir: dir}, nil
	}

	defer func() {
		if r := recover(); r != nil {
			e, err = nil, fmt.Errorf("%w: open %s: %v", ErrModelPanic, dir, r)
		}
	}()
	session, err := hugot.NewGoSession(
		options.WithGoMLXBatchBuckets(slices.Sorted(slices.Values(cfg.batchBuckets))),
		options.WithGoMLXSequenceBuckets(slices.Sorted(slices.Values(cfg.sequenceBuckets))),
	)
	if err != nil {
		return nil, fmt.Errorf("embed: new session: %w", err)
	}
	pipeline, err := hugot.NewPipeline(session, hugot.FeatureExtractionConfig{
		ModelPath:    dir,
		Name:         "sextant-embed",
		OnnxFilename: filepath.Base(onnxPath),
		Options:      []hugot.FeatureExtractionOption{pipelines.WithNormalization()},
	})
	if err != nil {
		session.Destroy()
		return nil, fmt.Errorf("embed: load %s: %w", dir, err)
	}
	pipeline.Model.Tokenizer.MaxAllowedTokens = maxTokens
	e = &Embedder{
		words:     words,
		session:   session,
		pipeline:  pipeline,
		modelID:   modelID,
		maxTokens: maxTokens,
		maxBatch:  slices.Max(cfg.batchBuckets),
	}
	dims := pipeline.Output.Dimensions
	if n := len(dims); n > 0 && dims[n-1] > 0 {
		e.dim = int(dims[n-1])
	} else {
		vecs, err := e.run([]string{"a"})
		if err != nil {
			e.Close()
			return nil, fmt.Errorf("embed: probe output size: %w", err)
		}
		e.dim = len(vecs[0])
	}
	return e, nil
}

func validBuckets(what string, sizes []int) error {
	if len(sizes) == 0 {
		return fmt.Errorf("embed: no %s buckets", what)
	}
	for _, s := range sizes {
		if s <= 0 {
			return fmt.Errorf("embed: %s bucket %d is not positive", what, s)
		}
	}
	return nil
}

// findOnnxFile returns the path, relative to dir, of the model's .onnx file.
func findOnnxFile(dir, name string) (string, error) {
	var found []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".onnx") && (name == "" || d.Name() == name) {
			rel, _ := filepath.Rel(dir, path)
			found = append(found, rel)
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("embed: %w", err)
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) == 0 && name != "":
		return "", fmt.Errorf("%w: %s has no file %s", ErrNoOnnxFile, dir, name)
	case len(found) == 0:
		return "", fmt.Errorf("%w: %s has no .onnx file", ErrNoOnnxFile, dir)
	default:
		return "", fmt.Errorf("%w: %s has %d (%s): pass WithOnnxFile", ErrNoOnnxFile, dir, len(found), strings.Join(found, ", "))
	}
}

// Dim is the length of every vector Embed returns.
func (e *Embedder) Dim() int { return e.dim }

// HasWord reports whether w (lowercase) is a whole word of the model's
// tokenizer vocabulary: a word of the language the model was trained on.
// False for models whose tokenizer splits words into pieces.
func (e *Embedder) HasWord(w string) bool {
	e.wordsOnce.Do(func() {
		if e.words == nil && e.dir != "" {
			// A static lookup model opens without reading its
			// tokenizer's vocabulary; only spelling needs it.
			e.words, _ = checkTokenizer(e.dir)
		}
	})
	return e.words[w]
}

// ModelID identifies the model and the settings that change its vectors: a
// hex SHA-256 of the .onnx file, tokenizer.json, config.json and
// special_tokens_map.json (when present) and the token limit. Use it with
// Key to cache vectors across rebuilds.
func (e *Embedder) ModelID() string { return e.modelID }

// MaxTokens is the token limit: longer texts are truncated to their first
// MaxTokens tokens.
func (e *Embedder) MaxTokens() int { return e.maxTokens }

// Close releases the model.
func (e *Embedder) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.static != nil {
		err := e.static.close()
		e.static = nil
		if err != nil {
			return fmt.Errorf("embed: close: %w", err)
		}
		return nil
	}
	if e.session == nil {
		return nil
	}
	err := e.session.Destroy()
	e.session, e.pipeline = nil, nil
	if err != nil {
		return fmt.Errorf("embed: close: %w", err)
	}
	return nil
}

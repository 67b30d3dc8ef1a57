package embed

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/knights-analytics/hugot/pipelines"
)

// FailedTextsError reports texts the model could not embed (hugot panicked
// or failed on them even when run alone). Embed still returns a vector for
// every text, with zero vectors at Indices.
type FailedTextsError struct {
	Indices []int   // positions in the texts passed to Embed
	Errs    []error // one per index
}

func (e *FailedTextsError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "embed: %d texts failed", len(e.Indices))
	for i := range min(len(e.Indices), 3) {
		fmt.Fprintf(&b, "; text %d: %v", e.Indices[i], e.Errs[i])
	}
	return b.String()
}

// Unwrap returns the per-text errors.
func (e *FailedTextsError) Unwrap() []error { return e.Errs }

// Embed returns one L2-normalised vector of length Dim per text, in order.
// Texts are cleaned first (see Clean); a text blank after cleaning, or one
// made only of words the model does not know (for the static default model),
// gets a zero vector. Texts longer than MaxTokens tokens are truncated.
//
// If some texts fail inside the model, Embed returns all vectors (zero for
// the failed ones) and a *FailedTextsError; any other error comes with nil
// vectors.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.pipeline == nil && e.static == nil {
		return nil, ErrClosed
	}
	out := make([][]float32, len(texts))
	cleaned := make([]string, len(texts))
	var order []int // indices of non-blank texts, shortest first
	for i, t := range texts {
		cleaned[i] = Clean(t)
		if cleaned[i] == "" {
			out[i] = make([]float32, e.dim)
			continue
		}
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(cleaned[a]) - len(cleaned[b]) })

	var failed FailedTextsError
	batch := make([]string, 0, e.maxBatch)
	for start := 0; start < len(order); start += e.maxBatch {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		idx := order[start:min(start+e.maxBatch, len(order))]
		batch = batch[:0]
		for _, i := range idx {
			batch = append(batch, cleaned[i])
		}
		vecs, err := e.run(batch)
		if err == nil {
			for k, i := range idx {
				out[i] = vecs[k]
			}
			continue
		}
		// Isolate the texts that fail so one bad text costs only itself.
		for _, i := range idx {
			v, err := e.run([]string{cleaned[i]})
			if err != nil {
				failed.Indices = append(failed.Indices, i)
				failed.Errs = append(failed.Errs, err)
				out[i] = make([]float32, e.dim)
				continue
			}
			out[i] = v[0]
		}
	}
	if len(failed.Indices) > 0 {
		return out, sortedByIndex(failed)
	}
	return out, nil
}

// sortedByIndex orders the failures by their position in the input.
func sortedByIndex(f FailedTextsError) *FailedTextsError {
	perm := make([]int, len(f.Indices))
	for k := range perm {
		perm[k] = k
	}
	slices.SortFunc(perm, func(a, b int) int { return f.Indices[a] - f.Indices[b] })
	sorted := &FailedTextsError{Indices: make([]int, len(perm)), Errs: make([]error, len(perm))}
	for k, p := range perm {
		sorted.Indices[k], sorted.Errs[k] = f.Indices[p], f.Errs[p]
	}
	return sorted
}

// run sends cleaned, non-blank texts (at most the largest batch bucket) to
// hugot, turning panics into errors and checking the output's shape.
func (e *Embedder) run(texts []string) (vecs [][]float32, err error) {
	defer func() {
		if r := recover(); r != nil {
			vecs, err = nil, fmt.Errorf("%w: %v", ErrModelPanic, r)
		}
	}()
	var res struct{ Embeddings [][]float32 }
	if e.static != nil {
		res.Embeddings, err = e.static.embed(texts, e.maxTokens)
	} else {
		var out *pipelines.FeatureExtractionOutput
		if out, err = e.pipeline.RunPipeline(texts); err == nil {
			res.Embeddings = out.Embeddings
		}
	}
	if err != nil {
		return nil, fmt.Errorf("embed: run model: %w", err)
	}
	if len(res.Embeddings) != len(texts) {
		return nil, fmt.Errorf("embed: model returned %d vectors for %d texts", len(res.Embeddings), len(texts))
	}
	for i, v := range res.Embeddings {
		if e.dim > 0 && len(v) != e.dim {
			return nil, fmt.Errorf("embed: model returned a vector of length %d, want %d", len(v), e.dim)
		}
		for _, x := range v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return nil, fmt.Errorf("embed: model returned a non-finite value for text %d", i)
			}
		}
	}
	return res.Embeddings, nil
}

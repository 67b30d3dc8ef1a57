package indexer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/internal/embed"
)

// embedBatch is how many texts go to the embedder per call: large enough to
// fill its biggest batch bucket many times, small enough to report progress
// and honour cancellation often.
const embedBatch = 2048

// rowText is what a row's embedding is computed from: its title, the two
// nearest headings that add to it (the source root says nothing about
// meaning), and its unit. Labels like EVDS's "0.GENERAL" get their meaning
// from the heading ("Consumer Price Index (2003=100)"). A heading whose
// label the title already holds adds nothing and is passed over: under
// "Unemployment Rate > Unemployment Rate - Men", the row "Unemployment
// Rate - Men" reads "Employment Situation" as "Unemployment Rate" does,
// instead of repeating its own words twice more than its family's total.
func rowText(title, unit string, headingPath []string) string {
	parts := []string{title}
	lower := strings.ToLower(title)
	for i := len(headingPath) - 1; i >= 1 && len(parts) < 1+rowTextHeadings; i-- {
		if label := headingPath[i]; !strings.Contains(lower, strings.ToLower(label)) {
			parts = append(parts, label)
		}
	}
	if unit != "" {
		parts = append(parts, unit)
	}
	return strings.Join(parts, " · ")
}

// embedTextRecipe numbers rowText's and headingText's recipe (stored in
// the manifest, bundle.Embedding.TextRecipe): change it with them.
// 1: a row's headings that its title already holds are passed over.
const embedTextRecipe = 1

// rowTextHeadings is how many headings a row's embedding text holds.
const rowTextHeadings = 2

// headingText is what a heading's embedding is computed from: its path below the source root.
func headingText(path []string) string {
	if len(path) > 1 {
		path = path[1:]
	}
	return strings.Join(path, " · ")
}

// vectorCache maps a text, as this build's recipe makes it from a previous
// row or heading, to that row's or heading's vector. It is filled only
// from a bundle made by the same model with the same recipe, so equal
// texts mean equal vectors.
type vectorCache map[string][]float32

// loadVectorCache reads the previous bundle's vectors, keyed by the texts
// they were made from, when it used the same model. Vectors holding NaN or
// Inf are left out (their texts are embedded again) and counted.
func loadVectorCache(prev *bundle.Bundle, modelID string) (vectorCache, int) {
	if prev == nil || prev.Manifest.Embedding == nil || prev.Manifest.Embedding.ModelID != modelID ||
		prev.Manifest.Embedding.TextRecipe != embedTextRecipe {
		// The cache keys are the texts this build's recipe makes from the
		// previous rows: vectors made by another recipe would be filed
		// under texts they were not made from.
		return nil, 0
	}
	e := prev.Manifest.Embedding
	rows, err := prev.ReadCatalog()
	if err != nil {
		return nil, 0
	}
	heads, err := prev.ReadHeadings()
	if err != nil {
		return nil, 0
	}
	rv, err := prev.ReadVectors(bundle.RowVectorsFile, e.RowVectors)
	if err != nil || len(rows) != e.RowVectors {
		return nil, 0
	}
	hv, err := prev.ReadVectors(bundle.HeadVectorsFile, e.HeadVectors)
	if err != nil || len(heads) != e.HeadVectors {
		return nil, 0
	}
	paths := make(map[string][]string, len(heads))
	cache := make(vectorCache, len(rows)+len(heads))
	dropped := 0
	put := func(text string, v []float32) {
		if !finite(v) {
			dropped++
			return
		}
		cache[text] = v
	}
	for i, h := range heads {
		paths[h.ID] = h.Path
		put(headingText(h.Path), hv[i*e.Dim:(i+1)*e.Dim])
	}
	for i, r := range rows {
		put(rowText(r.Title, r.Unit, paths[r.HeadingID]), rv[i*e.Dim:(i+1)*e.Dim])
	}
	return cache, dropped
}

// finite reports whether every component of v is a number (not NaN or ±Inf).
func finite(v []float32) bool {
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return false
		}
	}
	return true
}

// nonFiniteError says the model gave a vector with NaN or Inf for text i.
type nonFiniteError struct {
	index int
	text  string
}

func (e *nonFiniteError) Error() string {
	return fmt.Sprintf("the model gave NaN or Inf for %q", e.text)
}

// embedError names the row or heading a nonFiniteError is about.
func embedError(err error, name func(i int) string) error {
	var nf *nonFiniteError
	if errors.As(err, &nf) {
		return fmt.Errorf("indexer: embed %s: %w: no bundle is written with such a vector (check the model at embedding.model)", name(nf.index), err)
	}
	return err
}

// embedTexts embeds texts, reusing cached vectors, and reports how many it reused.
func embedTexts(ctx context.Context, e *embed.Embedder, texts []string, cache vectorCache, progress func(done, total int)) ([][]float32, embedStats, error) {
	out := make([][]float32, len(texts))
	var todo []int
	for i, t := range texts {
		if v, ok := cache[t]; ok && len(v) == e.Dim() && finite(v) {
			out[i] = v
			continue
		}
		todo = append(todo, i)
	}
	st := embedStats{Reused: len(texts) - len(todo), Computed: len(todo)}
	for start := 0; start < len(todo); start += embedBatch {
		if err := ctx.Err(); err != nil {
			return nil, st, err
		}
		idx := todo[start:min(start+embedBatch, len(todo))]
		batch := make([]string, len(idx))
		for j, i := range idx {
			batch[j] = texts[i]
		}
		vecs, err := e.Embed(ctx, batch)
		if err != nil {
			// Texts that failed get zero vectors and are reported; anything else is fatal.
			var failed *embed.FailedTextsError
			if !errors.As(err, &failed) {
				return nil, st, fmt.Errorf("indexer: embed: %w", err)
			}
			st.Failed += len(failed.Indices)
		}
		for j, i := range idx {
			if !finite(vecs[j]) {
				return nil, st, &nonFiniteError{index: i, text: texts[i]}
			}
			out[i] = vecs[j]
		}
		if progress != nil {
			progress(st.Reused+start+len(idx), len(texts))
		}
	}
	return out, st, nil
}

// embedStats counts what the embedding stage did.
type embedStats struct {
	Reused   int `json:"reused"`   // vectors taken from the previous bundle
	Computed int `json:"computed"` // vectors computed now
	Failed   int `json:"failed"`   // texts the model could not embed (zero vectors)
}

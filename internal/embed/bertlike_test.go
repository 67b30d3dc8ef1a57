package embed_test

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/internal/embed"
	"github.com/sextant-dev/sextant/internal/embedmodel/onnxenc"
)

// The BERT-like test model: one encoder layer with random weights, shaped
// like a sentence-transformers export (inputs input_ids, attention_mask,
// token_type_ids; output last_hidden_state) with a WordPiece tokenizer.json.
const (
	bertHidden  = 32
	bertHeads   = 2
	bertFFN     = 64
	bertMaxPos  = 64
	bertHeadDim = bertHidden / bertHeads
)

var bertVocab = func() []string {
	v := []string{"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", ",", ".", "(", ")", "%", "-",
		"the", "of", "and", "inflation", "rate", "consumer", "price", "index", "un", "##employ", "##ment",
		"turk", "##iye", "bank", "oil", "gdp", "growth"}
	for c := 'a'; c <= 'z'; c++ {
		v = append(v, string(c), "##"+string(c))
	}
	return v
}()

// writeBertLikeModel writes model.onnx, tokenizer.json and config.json.
func writeBertLikeModel(t testing.TB, dir string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	randT := func(name string, dims ...int64) onnxenc.Tensor {
		n := int64(1)
		for _, d := range dims {
			n *= d
		}
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(rng.NormFloat64() * 0.2)
		}
		return onnxenc.Tensor{Name: name, Dims: dims, Float32: v}
	}
	fill := func(name string, x float32, n int64) onnxenc.Tensor {
		v := make([]float32, n)
		for i := range v {
			v[i] = x
		}
		return onnxenc.Tensor{Name: name, Dims: []int64{n}, Float32: v}
	}
	scalarF := func(name string, x float32) onnxenc.Tensor {
		return onnxenc.Tensor{Name: name, Float32: []float32{x}}
	}
	ints := func(name string, v ...int64) onnxenc.Tensor {
		return onnxenc.Tensor{Name: name, Dims: []int64{int64(len(v))}, Int64: v}
	}
	H, V := int64(bertHidden), int64(len(bertVocab))
	inits := []onnxenc.Tensor{
		randT("word_emb", V, H), randT("pos_emb", bertMaxPos, H), randT("type_emb", 2, H),
		fill("ln0_g", 1, H), fill("ln0_b", 0, H), fill("ln1_g", 1, H), fill("ln1_b", 0, H), fill("ln2_g", 1, H), fill("ln2_b", 0, H),
		randT("wq", H, H), randT("wk", H, H), randT("wv", H, H), randT("wo", H, H),
		randT("bq", H), randT("bk", H), randT("bv", H), randT("bo", H),
		randT("w1", H, bertFFN), randT("b1", bertFFN), randT("w2", bertFFN, H), randT("b2", H),
		{Name: "const_axis1", Int64: []int64{1}},
		{Name: "const_one_i", Int64: []int64{1}},
		ints("const_heads_shape", 0, 0, bertHeads, bertHeadDim),
		ints("const_hidden_shape", 0, 0, bertHidden),
		ints("const_mask_axes", 1, 2),
		scalarF("one", 1), scalarF("neg_big", -1e4), scalarF("scale", float32(1/math.Sqrt(bertHeadDim))),
		scalarF("half", 0.5), scalarF("inv_sqrt2", float32(1/math.Sqrt2)),
	}
	n := func(op string, ins []string, out string, attrs ...onnxenc.Attr) onnxenc.Node {
		return onnxenc.Node{Op: op, Name: out, Inputs: ins, Outputs: []string{out}, Attrs: attrs}
	}
	eps := onnxenc.FloatAttr("epsilon", 1e-12)
	axisLast := onnxenc.IntAttr("axis", -1)
	nodes := []onnxenc.Node{
		// Embeddings; position ids = cumsum(mask) - 1, as RoBERTa does.
		n("Gather", []string{"word_emb", "input_ids"}, "e_word"),
		n("CumSum", []string{"attention_mask", "const_axis1"}, "pos_cum"),
		n("Sub", []string{"pos_cum", "const_one_i"}, "pos_raw"),
		n("Max", []string{"pos_raw", "const_zero_i"}, "pos_ids"),
		n("Gather", []string{"pos_emb", "pos_ids"}, "e_pos"),
		n("Gather", []string{"type_emb", "token_type_ids"}, "e_type"),
		n("Add", []string{"e_word", "e_pos"}, "e_wp"),
		n("Add", []string{"e_wp", "e_type"}, "e_sum"),
		n("LayerNormalization", []string{"e_sum", "ln0_g", "ln0_b"}, "x0", eps, axisLast),
		// Self-attention.
		n("MatMul", []string{"x0", "wq"}, "q_mm"), n("Add", []string{"q_mm", "bq"}, "q"),
		n("MatMul", []string{"x0", "wk"}, "k_mm"), n("Add", []string{"k_mm", "bk"}, "k"),
		n("MatMul", []string{"x0", "wv"}, "v_mm"), n("Add", []string{"v_mm", "bv"}, "v"),
		n("Reshape", []string{"q", "const_heads_shape"}, "q_h"),
		n("Reshape", []string{"k", "const_heads_shape"}, "k_h"),
		n("Reshape", []string{"v", "const_heads_shape"}, "v_h"),
		n("Transpose", []string{"q_h"}, "q_t", onnxenc.IntsAttr("perm", 0, 2, 1, 3)),
		n("Transpose", []string{"k_h"}, "k_t", onnxenc.IntsAttr("perm", 0, 2, 3, 1)),
		n("Transpose", []string{"v_h"}, "v_t", onnxenc.IntsAttr("perm", 0, 2, 1, 3)),
		n("MatMul", []string{"q_t", "k_t"}, "scores_raw"),
		n("Mul", []string{"scores_raw", "scale"}, "scores"),
		n("Cast", []string{"attention_mask"}, "mask_f", onnxenc.IntAttr("to", int64(onnxenc.Float))),
		n("Unsqueeze", []string{"mask_f", "const_mask_axes"}, "mask_4d"),
		n("Sub", []string{"one", "mask_4d"}, "mask_inv"),
		n("Mul", []string{"mask_inv", "neg_big"}, "mask_bias"),
		n("Add", []string{"scores", "mask_bias"}, "scores_masked"),
		n("Softmax", []string{"scores_masked"}, "probs", axisLast),
		n("MatMul", []string{"probs", "v_t"}, "ctx_t"),
		n("Transpose", []string{"ctx_t"}, "ctx_h", onnxenc.IntsAttr("perm", 0, 2, 1, 3)),
		n("Reshape", []string{"ctx_h", "const_hidden_shape"}, "ctx"),
		n("MatMul", []string{"ctx", "wo"}, "attn_mm"), n("Add", []string{"attn_mm", "bo"}, "attn"),
		n("Add", []string{"attn", "x0"}, "res1"),
		n("LayerNormalization", []string{"res1", "ln1_g", "ln1_b"}, "x1", eps, axisLast),
		// Feed-forward with exact GELU.
		n("MatMul", []string{"x1", "w1"}, "f_mm"), n("Add", []string{"f_mm", "b1"}, "f"),
		n("Mul", []string{"f", "inv_sqrt2"}, "f_s"), n("Erf", []string{"f_s"}, "f_erf"),
		n("Add", []string{"f_erf", "one"}, "f_erf1"), n("Mul", []string{"f", "f_erf1"}, "f_g2"),
		n("Mul", []string{"f_g2", "half"}, "gelu"),
		n("MatMul", []string{"gelu", "w2"}, "g_mm"), n("Add", []string{"g_mm", "b2"}, "g"),
		n("Add", []string{"g", "x1"}, "res2"),
		n("LayerNormalization", []string{"res2", "ln2_g", "ln2_b"}, "last_hidden_state", eps, axisLast),
	}
	inits = append(inits, onnxenc.Tensor{Name: "const_zero_i", Int64: []int64{0}})
	dyn := []onnxenc.Dim{{Param: "batch"}, {Param: "sequence"}}
	m := onnxenc.Model{Opset: 17, ProducerName: "sextant-embed-test", Graph: onnxenc.Graph{
		Name: "bert_like", Nodes: nodes, Initializers: inits,
		Inputs: []onnxenc.Value{
			{Name: "input_ids", Type: onnxenc.Int64, Shape: dyn},
			{Name: "attention_mask", Type: onnxenc.Int64, Shape: dyn},
			{Name: "token_type_ids", Type: onnxenc.Int64, Shape: dyn},
		},
		Outputs: []onnxenc.Value{{Name: "last_hidden_state", Type: onnxenc.Float, Shape: append(dyn[:2:2], onnxenc.Dim{Value: H})}},
	}}
	data, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	vocab := map[string]int{}
	var added []map[string]any
	for i, w := range bertVocab {
		vocab[w] = i
		if strings.HasPrefix(w, "[") {
			added = append(added, map[string]any{"id": i, "content": w, "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true})
		}
	}
	tok := map[string]any{
		"version": "1.0", "truncation": nil, "padding": nil, "added_tokens": added,
		"normalizer":     map[string]any{"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true, "strip_accents": nil, "lowercase": true},
		"pre_tokenizer":  map[string]any{"type": "BertPreTokenizer"},
		"post_processor": map[string]any{"type": "BertProcessing", "sep": []any{"[SEP]", 3}, "cls": []any{"[CLS]", 2}},
		"decoder":        map[string]any{"type": "WordPiece", "prefix": "##", "cleanup": true},
		"model":          map[string]any{"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##", "max_input_chars_per_word": 100, "vocab": vocab},
	}
	tokJSON, err := json.Marshal(tok)
	if err != nil {
		t.Fatal(err)
	}
	cfg := []byte(`{"model_type": "bert", "hidden_size": 32, "max_position_embeddings": 64, "pad_token_id": 0}`)
	for name, b := range map[string][]byte{"model.onnx": data, "tokenizer.json": tokJSON, "config.json": cfg} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBertLikeModel(t *testing.T) {
	dir := t.TempDir()
	writeBertLikeModel(t, dir)
	e := mustOpen(t, dir, embed.WithBatchBuckets(1, 4), embed.WithSequenceBuckets(16, 128))
	if e.Dim() != bertHidden {
		t.Fatalf("Dim = %d, want %d", e.Dim(), bertHidden)
	}
	if e.MaxTokens() != bertMaxPos {
		t.Errorf("MaxTokens = %d, want %d (config max_position_embeddings caps the largest bucket)", e.MaxTokens(), bertMaxPos)
	}
	texts := []string{"inflation rate", "", "unemployment, the consumer price index (%)", "TÜRKİYE bank", "oil", strings.Repeat("gdp growth ", 200), "日本 📈 \xff"}
	batch := embedAll(t, e, texts...)
	for i, text := range texts {
		n := l2norm(batch[i])
		if embed.Clean(text) == "" {
			if n != 0 {
				t.Errorf("blank text %d: norm %g", i, n)
			}
			continue
		}
		if math.Abs(n-1) > 1e-5 {
			t.Errorf("text %d: norm %g, want 1", i, n)
		}
		// Padding in a batch must be masked out by the attention mask.
		alone := embedAll(t, e, text)[0]
		if c := cosine(alone, batch[i]); c < 1-1e-5 {
			t.Errorf("text %d %q: batched vs alone cos %.7f", i, text, c)
		}
	}
	if c := cosine(batch[0], batch[2]); c > 0.9999 {
		t.Errorf("different texts gave the same vector (cos %.6f)", c)
	}
	// Word order matters to an encoder with positions, unlike a bag of words.
	v := embedAll(t, e, "inflation rate", "rate inflation")
	if c := cosine(v[0], v[1]); c > 0.99999 {
		t.Errorf("position embeddings had no effect (cos %.7f)", c)
	}
}

// FuzzBertLike checks that cleaned text never breaks the BERT normaliser
// path (BertNormalizer with Chinese-character handling and added tokens).
func FuzzBertLike(f *testing.F) {
	for _, s := range []string{"TÜRKİYE", "ẞ Ⱥ", "東京 inflation", "[CLS] x [SEP]", "\xff\xfe", "a\u0301b", "日本の 消費者"} {
		f.Add(s)
	}
	dir := f.TempDir()
	writeBertLikeModel(f, dir)
	e, err := embed.Open(context.Background(), dir, embed.WithBatchBuckets(1, 4), embed.WithSequenceBuckets(16, 64))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { e.Close() })
	f.Fuzz(func(t *testing.T, s string) {
		v, err := e.Embed(context.Background(), []string{s})
		if err != nil {
			t.Fatalf("Embed(%q): %v", s, err)
		}
		if n := l2norm(v[0]); n != 0 && math.Abs(n-1) > 1e-5 {
			t.Fatalf("Embed(%q): norm %g", s, n)
		}
	})
}

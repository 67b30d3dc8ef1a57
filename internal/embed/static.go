package embed

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/sugarme/tokenizer"
	"github.com/sugarme/tokenizer/model/wordlevel"
	"github.com/sugarme/tokenizer/normalizer"
	"github.com/sugarme/tokenizer/pretokenizer"
	"google.golang.org/protobuf/encoding/protowire"
)

// A static lookup model is a feature-extraction model whose ONNX graph is
// one Gather from a float32 token table (sextant's default model, written
// by internal/embedmodel). Its vectors need no graph runtime: staticLookup
// tokenizes with the same Go tokenizer hugot uses, reads the token rows
// straight from the memory-mapped .onnx file and pools and normalises them
// exactly as hugot's pipeline does (the same float32 operations in the same
// order, so the vectors are bit-identical; tests compare the two). Nothing
// of the table is copied onto the heap, and opening parses only the
// protobuf's framing and the tokenizer's vocabulary.
type staticLookup struct {
	file  *mappedFile
	table []byte // rows × dim little-endian float32, inside file's mapping
	rows  int
	dim   int
	tk    *tokenizer.Tokenizer
}

// errNotStatic says the model is not a static lookup; Open then runs it
// through hugot.
var errNotStatic = errors.New("embed: not a static lookup model")

// openStatic maps onnxPath and checks that the model is a static lookup
// with a tokenizer staticLookup reproduces. It returns errNotStatic (and
// nothing mapped) for any other model.
func openStatic(dir, onnxPath string) (*staticLookup, error) {
	tk, err := staticTokenizer(filepath.Join(dir, "tokenizer.json"))
	if err != nil {
		return nil, err
	}
	f, err := mapFile(filepath.Join(dir, onnxPath))
	if err != nil {
		return nil, fmt.Errorf("embed: %w", err)
	}
	table, rows, dim, err := gatherTable(f.data)
	if err != nil {
		f.close()
		return nil, err
	}
	if n := tk.GetVocabSize(false); n > rows {
		f.close()
		return nil, fmt.Errorf("%w: vocabulary of %d tokens, table of %d rows", errNotStatic, n, rows)
	}
	return &staticLookup{file: f, table: table, rows: rows, dim: dim, tk: tk}, nil
}

func (s *staticLookup) close() error { return s.file.close() }

// embed returns the pooled, normalised vector of each cleaned text, with
// its tokens truncated to maxTokens.
func (s *staticLookup) embed(texts []string, maxTokens int) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		enc, err := s.tk.EncodeSingle(t, true)
		if err != nil {
			return nil, fmt.Errorf("embed: tokenize: %w", err)
		}
		ids := enc.Ids
		if maxTokens > 0 && len(ids) > maxTokens {
			ids = ids[:maxTokens]
		}
		v := make([]float32, s.dim)
		for _, id := range ids {
			if id < 0 || id >= s.rows {
				return nil, fmt.Errorf("embed: token id %d outside the table of %d rows", id, s.rows)
			}
			row := s.table[id*s.dim*4 : (id+1)*s.dim*4]
			for k := range v {
				v[k] += math.Float32frombits(binary.LittleEndian.Uint32(row[4*k:]))
			}
		}
		// hugot's mean pooling divides by the last attended position + 1
		// (every token is attended here), then normalises in float64.
		n := float32(max(len(ids), 1))
		for k := range v {
			v[k] /= n
		}
		sum := 0.0
		for _, x := range v {
			sum += math.Pow(float64(x), 2)
		}
		denom := float32(1e-12)
		if norm := float32(math.Sqrt(sum)); norm > denom {
			denom = norm
		}
		for k := range v {
			v[k] /= denom
		}
		out[i] = v
	}
	return out, nil
}

// staticTokenizer builds the Go tokenizer of a tokenizer.json that is a
// lowercasing, BERT-pre-tokenized WordLevel model with an unknown token and
// nothing else (no added tokens, post-processor, truncation or padding): the
// same tokenizer hugot's Go runtime loads from that file, without decoding
// the vocabulary through generic JSON values.
func staticTokenizer(path string) (*tokenizer.Tokenizer, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("embed: %w", err)
	}
	var cfg struct {
		AddedTokens   []json.RawMessage `json:"added_tokens"`
		Normalizer    json.RawMessage   `json:"normalizer"`
		PreTokenizer  json.RawMessage   `json:"pre_tokenizer"`
		PostProcessor json.RawMessage   `json:"post_processor"`
		Decoder       json.RawMessage   `json:"decoder"`
		Truncation    json.RawMessage   `json:"truncation"`
		Padding       json.RawMessage   `json:"padding"`
		Model         struct {
			Type     string          `json:"type"`
			UnkToken string          `json:"unk_token"`
			Vocab    json.RawMessage `json:"vocab"`
		} `json:"model"`
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("embed: %s: %w", path, err)
	}
	isNull := func(m json.RawMessage) bool { return len(m) == 0 || string(m) == "null" }
	isType := func(m json.RawMessage, typ string) bool {
		var t map[string]any
		return json.Unmarshal(m, &t) == nil && len(t) == 1 && t["type"] == typ
	}
	if cfg.Model.Type != "WordLevel" || cfg.Model.UnkToken == "" || len(cfg.AddedTokens) > 0 ||
		!isType(cfg.Normalizer, "Lowercase") || !isType(cfg.PreTokenizer, "BertPreTokenizer") ||
		!isNull(cfg.PostProcessor) || !isNull(cfg.Decoder) || !isNull(cfg.Truncation) || !isNull(cfg.Padding) {
		return nil, errNotStatic
	}
	vocab, err := parseVocab(cfg.Model.Vocab)
	if err != nil {
		return nil, fmt.Errorf("embed: %s: model.vocab: %w", path, err)
	}
	if _, ok := vocab[cfg.Model.UnkToken]; !ok {
		return nil, fmt.Errorf("%w: %s: model.unk_token %q is not in model.vocab", ErrUnsafeTokenizer, path, cfg.Model.UnkToken)
	}
	model, err := wordlevel.New(vocab, cfg.Model.UnkToken)
	if err != nil {
		return nil, fmt.Errorf("embed: %s: %w", path, err)
	}
	tk := tokenizer.NewTokenizer(model)
	tk.WithNormalizer(normalizer.Lowercase())
	tk.WithPreTokenizer(pretokenizer.NewBertPreTokenizer())
	return tk, nil
}

// parseVocab reads a JSON object of token → id. Keys without escapes are
// taken as they are; a key with an escape is decoded by encoding/json.
func parseVocab(data []byte) (map[string]int, error) {
	data = bytes.TrimSpace(data)
	if len(data) < 2 || data[0] != '{' || data[len(data)-1] != '}' {
		return nil, errors.New("not an object")
	}
	vocab := make(map[string]int, bytes.Count(data, []byte{':'}))
	p := data[1 : len(data)-1]
	skip := func() { p = bytes.TrimLeft(p, " \t\r\n") }
	for {
		skip()
		if len(p) == 0 {
			return vocab, nil
		}
		if p[0] != '"' {
			return nil, fmt.Errorf("want a key at %q", head(p))
		}
		end, escaped := 1, false
		for ; end < len(p) && p[end] != '"'; end++ {
			if p[end] == '\\' {
				escaped = true
				end++
			}
		}
		if end >= len(p) {
			return nil, errors.New("unterminated key")
		}
		var key string
		if escaped {
			if err := json.Unmarshal(p[:end+1], &key); err != nil {
				return nil, fmt.Errorf("key %s: %w", p[:end+1], err)
			}
		} else {
			key = string(p[1:end])
		}
		p = p[end+1:]
		skip()
		if len(p) == 0 || p[0] != ':' {
			return nil, fmt.Errorf("want ':' after key %q", key)
		}
		p = p[1:]
		skip()
		n := 0
		for n < len(p) && p[n] >= '0' && p[n] <= '9' {
			n++
		}
		id, err := strconv.Atoi(string(p[:n]))
		if err != nil {
			return nil, fmt.Errorf("key %q: id %q: %w", key, head(p), err)
		}
		vocab[key] = id
		p = p[n:]
		skip()
		if len(p) > 0 {
			if p[0] != ',' {
				return nil, fmt.Errorf("want ',' after key %q", key)
			}
			p = p[1:]
		}
	}
}

func head(p []byte) []byte { return p[:min(len(p), 20)] }

// gatherTable checks that model (ONNX ModelProto bytes) is a graph of one
// Gather (axis 0) of input_ids from a 2-D float32 initializer held as
// raw_data, giving a 3-D output, and returns that initializer's bytes.
func gatherTable(model []byte) (table []byte, rows, dim int, err error) {
	graph, ok := onlyField(model, 7)
	if !ok {
		return nil, 0, 0, errNotStatic
	}
	var nodes, inits, outputs [][]byte
	if err := eachField(graph, func(num protowire.Number, b []byte) {
		switch num {
		case 1:
			nodes = append(nodes, b)
		case 5:
			inits = append(inits, b)
		case 12:
			outputs = append(outputs, b)
		}
	}); err != nil || len(nodes) != 1 || len(inits) != 1 || len(outputs) != 1 {
		return nil, 0, 0, errNotStatic
	}
	var inputs []string
	op, axis := "", int64(0)
	if err := eachField(nodes[0], func(num protowire.Number, b []byte) {
		switch num {
		case 1:
			inputs = append(inputs, string(b))
		case 4:
			op = string(b)
		case 5:
			var name string
			var i int64
			eachField(b, func(n protowire.Number, v []byte) {
				if n == 1 {
					name = string(v)
				}
			})
			i, _ = varintField(b, 3)
			if name == "axis" {
				axis = i
			} else {
				op = "" // an attribute this lookup does not reproduce
			}
		}
	}); err != nil || op != "Gather" || axis != 0 || len(inputs) != 2 || inputs[1] != "input_ids" {
		return nil, 0, 0, errNotStatic
	}
	var name string
	var dims []int64
	var raw []byte
	dtype, _ := varintField(inits[0], 2)
	if err := eachField(inits[0], func(num protowire.Number, b []byte) {
		switch num {
		case 1:
			for len(b) > 0 {
				v, n := protowire.ConsumeVarint(b)
				if n < 0 {
					dims = nil
					return
				}
				dims, b = append(dims, int64(v)), b[n:]
			}
		case 4, 5, 6, 7, 13: // typed data fields: not the raw layout read here
			raw = nil
			dtype = -1
		case 8:
			name = string(b)
		case 9:
			raw = b
		}
	}); err != nil || name != inputs[0] || dtype != 1 || len(dims) != 2 || dims[0] <= 0 || dims[1] <= 0 ||
		int64(len(raw)) != dims[0]*dims[1]*4 {
		return nil, 0, 0, errNotStatic
	}
	outDims := 0
	var outType []byte
	eachField(outputs[0], func(num protowire.Number, b []byte) {
		if num == 2 {
			outType = b
		}
	})
	if tensorType, ok := onlyField(outType, 1); ok {
		if shape, ok := onlyField(tensorType, 2); ok {
			eachField(shape, func(num protowire.Number, _ []byte) {
				if num == 1 {
					outDims++
				}
			})
		}
	}
	if outDims != 3 {
		return nil, 0, 0, errNotStatic
	}
	return raw, int(dims[0]), int(dims[1]), nil
}

// eachField calls fn with every length-delimited field of a message.
func eachField(msg []byte, fn func(protowire.Number, []byte)) error {
	for len(msg) > 0 {
		num, typ, n := protowire.ConsumeTag(msg)
		if n < 0 {
			return protowire.ParseError(n)
		}
		msg = msg[n:]
		if typ == protowire.BytesType {
			v, m := protowire.ConsumeBytes(msg)
			if m < 0 {
				return protowire.ParseError(m)
			}
			fn(num, v)
			msg = msg[m:]
			continue
		}
		m := protowire.ConsumeFieldValue(num, typ, msg)
		if m < 0 {
			return protowire.ParseError(m)
		}
		msg = msg[m:]
	}
	return nil
}

// onlyField returns the one length-delimited field num of msg.
func onlyField(msg []byte, num protowire.Number) ([]byte, bool) {
	var found [][]byte
	if eachField(msg, func(n protowire.Number, b []byte) {
		if n == num {
			found = append(found, b)
		}
	}) != nil || len(found) != 1 {
		return nil, false
	}
	return found[0], true
}

// varintField returns the last varint field num of msg.
func varintField(msg []byte, num protowire.Number) (int64, bool) {
	var v int64
	found := false
	for len(msg) > 0 {
		n, typ, k := protowire.ConsumeTag(msg)
		if k < 0 {
			return 0, false
		}
		msg = msg[k:]
		if n == num && typ == protowire.VarintType {
			x, m := protowire.ConsumeVarint(msg)
			if m < 0 {
				return 0, false
			}
			v, found = int64(x), true
			msg = msg[m:]
			continue
		}
		m := protowire.ConsumeFieldValue(n, typ, msg)
		if m < 0 {
			return 0, false
		}
		msg = msg[m:]
	}
	return v, found
}

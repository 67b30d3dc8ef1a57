package embed

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// checkTokenizer reads dir/tokenizer.json and rejects vocabularies that
// would end the process inside hugot's Go tokenizer: a WordLevel or
// WordPiece model whose unknown token is not in its vocabulary makes the
// first unknown word call log.Fatal. It returns the vocabulary's whole
// words (not WordPiece continuations, not special tokens), nil for other
// tokenizer models.
func checkTokenizer(dir string) (map[string]bool, error) {
	path := filepath.Join(dir, "tokenizer.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("embed: %w", err)
	}
	var tk struct {
		Model struct {
			Type     string          `json:"type"`
			UnkToken *string         `json:"unk_token"`
			Vocab    json.RawMessage `json:"vocab"`
		} `json:"model"`
	}
	if err := json.Unmarshal(data, &tk); err != nil {
		return nil, fmt.Errorf("embed: %s: %w", path, err)
	}
	switch tk.Model.Type {
	case "WordLevel", "WordPiece":
	default:
		return nil, nil
	}
	if tk.Model.UnkToken == nil || *tk.Model.UnkToken == "" {
		return nil, fmt.Errorf("%w: %s: model.unk_token is not set for a %s model", ErrUnsafeTokenizer, path, tk.Model.Type)
	}
	var vocab map[string]int
	if err := json.Unmarshal(tk.Model.Vocab, &vocab); err != nil {
		return nil, fmt.Errorf("embed: %s: model.vocab: %w", path, err)
	}
	if _, ok := vocab[*tk.Model.UnkToken]; !ok {
		return nil, fmt.Errorf("%w: %s: model.unk_token %q is not in model.vocab", ErrUnsafeTokenizer, path, *tk.Model.UnkToken)
	}
	words := make(map[string]bool, len(vocab))
	for w := range vocab {
		if w != "" && !strings.HasPrefix(w, "##") && !strings.HasPrefix(w, "[") && !strings.HasPrefix(w, "<") {
			words[w] = true
		}
	}
	return words, nil
}

// maxPositionEmbeddings reads max_position_embeddings from dir/config.json,
// returning 0 when the file or the field is absent.
func maxPositionEmbeddings(dir string) (int, error) {
	path := filepath.Join(dir, "config.json")
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("embed: %w", err)
	}
	var cfg struct {
		MaxPositionEmbeddings int `json:"max_position_embeddings"`
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return 0, fmt.Errorf("embed: %s: %w", path, err)
	}
	return cfg.MaxPositionEmbeddings, nil
}

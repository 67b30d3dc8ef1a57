package embed

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
)

// Key is the content hash under which a text's vector can be cached across
// rebuilds: SHA-256 over the model ID and the cleaned text. Two texts that
// clean to the same string share a key (they also share a vector), and a
// different model ID gives different keys, so a cache keyed by Key is
// invalidated when the model changes.
func Key(modelID, text string) [32]byte {
	h := sha256.New()
	io.WriteString(h, modelID)
	h.Write([]byte{0})
	io.WriteString(h, Clean(text))
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// modelFilesForID are the files of a model directory whose bytes determine
// its vectors. A missing optional file is hashed as absent.
var modelFilesForID = []string{"model.onnx", "tokenizer.json", "config.json", "special_tokens_map.json"}

// computeModelID hashes the model directory's files and the settings that
// change vectors (the ONNX file name and the token limit), giving a hex
// string that changes whenever any of them changes.
func computeModelID(dir, onnxFile string, maxTokens int) (string, error) {
	h := sha256.New()
	files := append([]string{onnxFile}, modelFilesForID[1:]...)
	for i, name := range files {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			if i > 0 && os.IsNotExist(err) {
				fmt.Fprintf(h, "%s:absent\n", name)
				continue
			}
			return "", fmt.Errorf("embed: model id: %w", err)
		}
		fmt.Fprintf(h, "%s:", name)
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", fmt.Errorf("embed: model id: read %s: %w", name, err)
		}
		h.Write([]byte{'\n'})
	}
	io.WriteString(h, "max_tokens:"+strconv.Itoa(maxTokens))
	return hex.EncodeToString(h.Sum(nil)), nil
}

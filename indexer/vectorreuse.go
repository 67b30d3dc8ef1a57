package indexer

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"

	"github.com/sextant-dev/sextant/bundle"
)

// vectorsDigest is the hex SHA-256 of what the vector files are made from:
// the model, the text recipe, every row's id, heading id and text and every
// heading's id and text, in order, each length-prefixed.
func vectorsDigest(modelID string, rows []bundle.SeriesRow, rtexts []string, heads []bundle.HeadingRow, htexts []string) string {
	h := sha256.New()
	var buf []byte
	field := func(s string) {
		buf = strconv.AppendInt(buf[:0], int64(len(s)), 10)
		buf = append(buf, ':')
		h.Write(buf)
		io.WriteString(h, s)
	}
	field("sextant-vectors/" + strconv.Itoa(embedTextRecipe))
	field(modelID)
	field(strconv.Itoa(len(rows)))
	for i, r := range rows {
		field(r.ID)
		field(r.HeadingID)
		field(rtexts[i])
	}
	field(strconv.Itoa(len(heads)))
	for i, hd := range heads {
		field(hd.ID)
		field(htexts[i])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// vectorFiles are the files made from the embedded texts.
var vectorFiles = []string{bundle.RowVectorsFile, bundle.HeadVectorsFile, bundle.PartitionsFile}

// reuseVectorFiles copies the previous bundle's vector files when they
// were made from the texts desc describes (same digest, model, dimension
// and counts) and every vector in them is finite. The previous bundle was
// verified when opened; it reports false when anything differs.
func reuseVectorFiles(w *bundle.Writer, prev *bundle.Bundle, desc *bundle.Embedding) (bool, error) {
	if prev == nil || !prev.HasPartitions() {
		return false, nil
	}
	pe := prev.Manifest.Embedding
	if pe == nil || pe.TextsDigest != desc.TextsDigest || pe.ModelID != desc.ModelID || pe.Dim != desc.Dim ||
		pe.RowVectors != desc.RowVectors || pe.HeadVectors != desc.HeadVectors || pe.TextRecipe != desc.TextRecipe {
		return false, nil
	}
	for _, f := range []struct {
		name string
		n    int
	}{{bundle.RowVectorsFile, pe.RowVectors}, {bundle.HeadVectorsFile, pe.HeadVectors}} {
		v, err := prev.ReadVectors(f.name, f.n)
		if err != nil || !finite(v) {
			return false, nil
		}
	}
	for _, name := range vectorFiles {
		dst, err := w.Path(name)
		if err != nil {
			return false, err
		}
		if err := copyFile(prev.Path(name), dst); err != nil {
			return false, fmt.Errorf("indexer: reuse %s: %w", name, err)
		}
	}
	return true, nil
}

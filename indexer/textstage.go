package indexer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/internal/textindex"
)

// textDocRecipe numbers how eachTextDoc makes documents from rows and
// headings; change it with any change there.
const textDocRecipe = 1

// textRecipe names the documents' and the index's recipes.
func textRecipe() string {
	return fmt.Sprintf("documents %d, index %d", textDocRecipe, textindex.Recipe)
}

// updateShare is the largest share of changed documents for which a
// rebuild updates the previous index instead of indexing afresh.
const updateShare = 0.1

// buildTextIndex writes the bundle's text/ directory. When the previous
// bundle's index holds the same documents made the same way (its digest
// equals this build's) it is copied; when few documents changed, a copy of
// it is updated (textindex.Update); otherwise every row and heading is
// indexed afresh. It returns the manifest's description and how the index
// was made.
func buildTextIndex(ctx context.Context, w *bundle.Writer, prev *bundle.Bundle, rows []bundle.SeriesRow, heads []bundle.HeadingRow) (*bundle.TextIndex, textOutcome, error) {
	path, err := w.Path(bundle.TextIndexDir)
	if err != nil {
		return nil, textBuilt, err
	}
	info := &bundle.TextIndex{Digest: textDigest(rows, heads), Recipe: textRecipe()}
	var pt *bundle.TextIndex
	if prev != nil && prev.Has(bundle.TextIndexDir) {
		pt = prev.Manifest.TextIndex
	}
	if pt != nil && pt.Digest == info.Digest {
		if err := copyTree(ctx, prev.Path(bundle.TextIndexDir), path); err != nil {
			return nil, textBuilt, fmt.Errorf("indexer: reuse the previous text index: %w", err)
		}
		return info, textCopied, nil
	}
	if pt != nil && pt.Recipe == info.Recipe {
		ok, err := updateTextIndex(ctx, prev, path, rows, heads)
		if err != nil {
			return nil, textBuilt, err
		}
		if ok {
			return info, textUpdated, nil
		}
		if err := os.RemoveAll(path); err != nil {
			return nil, textBuilt, fmt.Errorf("indexer: %w", err)
		}
	}
	b, err := textindex.Create(path)
	if err != nil {
		return nil, textBuilt, err
	}
	err = eachTextDoc(rows, heads, func(id string, d textindex.Doc) error { return b.Add(ctx, id, d) })
	if err != nil {
		b.Close(ctx)
		return nil, textBuilt, err
	}
	if err := b.Close(ctx); err != nil {
		return nil, textBuilt, err
	}
	return info, textBuilt, nil
}

// textOutcome says how a build made its text index.
type textOutcome string

const (
	textBuilt   textOutcome = "built"   // every document indexed afresh
	textCopied  textOutcome = "copied"  // the previous bundle's, unchanged
	textUpdated textOutcome = "updated" // the previous bundle's, with the changed documents applied
)

// updateTextIndex copies the previous bundle's index to path and applies
// the documents that differ from those the previous rows and headings
// make. It reports false (leaving path to be removed) when more than
// updateShare of the documents changed or the update fails.
func updateTextIndex(ctx context.Context, prev *bundle.Bundle, path string, rows []bundle.SeriesRow, heads []bundle.HeadingRow) (bool, error) {
	prows, err := prev.ReadCatalog()
	if err != nil {
		return false, nil
	}
	pheads, err := prev.ReadHeadings()
	if err != nil {
		return false, nil
	}
	old := make(map[string][32]byte, len(prows)+len(pheads))
	eachTextDoc(prows, pheads, func(id string, d textindex.Doc) error {
		old[id] = docHash(d)
		return nil
	})
	var put []textindex.Change
	docs := 0
	eachTextDoc(rows, heads, func(id string, d textindex.Doc) error {
		docs++
		if h, ok := old[id]; !ok || h != docHash(d) {
			put = append(put, textindex.Change{ID: id, Doc: d})
		}
		delete(old, id)
		return nil
	})
	del := make([]string, 0, len(old))
	for id := range old {
		del = append(del, id)
	}
	sort.Strings(del)
	if float64(len(put)+len(del)) > updateShare*float64(docs) {
		return false, nil
	}
	if err := copyTree(ctx, prev.Path(bundle.TextIndexDir), path); err != nil {
		return false, fmt.Errorf("indexer: copy the previous text index: %w", err)
	}
	if err := textindex.Update(ctx, path, del, put, uint64(docs)); err != nil {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		return false, nil
	}
	return true, nil
}

// docHash is the SHA-256 of a document's fields, each length-prefixed.
func docHash(d textindex.Doc) [32]byte {
	h := sha256.New()
	var buf []byte
	for _, s := range []string{d.Kind, d.Title, d.Alt, d.Heading, d.Unit, d.Frequency, d.Source, d.Country} {
		buf = strconv.AppendInt(buf[:0], int64(len(s)), 10)
		buf = append(buf, ':')
		h.Write(buf)
		io.WriteString(h, s)
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

// eachTextDoc calls add with every document of the text index in the order
// indexed: the headings, then the rows.
func eachTextDoc(rows []bundle.SeriesRow, heads []bundle.HeadingRow, add func(id string, d textindex.Doc) error) error {
	paths := make(map[string][]string, len(heads))
	for _, h := range heads {
		paths[h.ID] = h.Path
		doc := textindex.Doc{Kind: textindex.KindHeading, Title: h.Label, Heading: strings.Join(h.Path, " > "), Source: h.Source}
		if err := add(textindex.HeadingDocID(h.ID), doc); err != nil {
			return err
		}
	}
	for _, r := range rows {
		doc := textindex.Doc{
			Kind: textindex.KindRow, Title: r.Title, Alt: strings.Join(r.AltTitles, " | "),
			Heading: strings.Join(paths[r.HeadingID], " > "), Unit: r.Unit,
			Frequency: r.Frequency, Source: r.Source, Country: r.Country,
		}
		if err := add(r.ID, doc); err != nil {
			return err
		}
	}
	return nil
}

// textDigest is the hex SHA-256 of the index recipe and every document,
// each field length-prefixed so no two document lists hash alike.
func textDigest(rows []bundle.SeriesRow, heads []bundle.HeadingRow) string {
	h := sha256.New()
	io.WriteString(h, "sextant-text-index/"+textRecipe()+"\n")
	var buf []byte
	field := func(s string) {
		buf = strconv.AppendInt(buf[:0], int64(len(s)), 10)
		buf = append(buf, ':')
		h.Write(buf)
		io.WriteString(h, s)
	}
	eachTextDoc(rows, heads, func(id string, d textindex.Doc) error {
		for _, s := range []string{id, d.Kind, d.Title, d.Alt, d.Heading, d.Unit, d.Frequency, d.Source, d.Country} {
			field(s)
		}
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))
}

// copyTree copies the regular files and directories under src to dst
// (which may exist, empty). Anything else under src is refused.
func copyTree(ctx context.Context, src, dst string) error {
	return filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type().IsRegular():
			return copyFile(path, target)
		default:
			return fmt.Errorf("%s is not a regular file", path)
		}
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

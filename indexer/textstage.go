package indexer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/internal/textindex"
)

// buildTextIndex indexes every row and every heading into the bundle's
// text/ directory, or copies the previous bundle's index when it holds the
// same documents made the same way (its digest equals this build's). It
// returns the digest, for the manifest, and whether the index was reused.
func buildTextIndex(ctx context.Context, w *bundle.Writer, prev *bundle.Bundle, rows []bundle.SeriesRow, heads []bundle.HeadingRow) (*bundle.TextIndex, bool, error) {
	path, err := w.Path(bundle.TextIndexDir)
	if err != nil {
		return nil, false, err
	}
	digest := textDigest(rows, heads)
	info := &bundle.TextIndex{Digest: digest}
	if prev != nil && prev.Manifest.TextIndex != nil && prev.Manifest.TextIndex.Digest == digest {
		if err := copyTree(ctx, prev.Path(bundle.TextIndexDir), path); err != nil {
			return nil, false, fmt.Errorf("indexer: reuse the previous text index: %w", err)
		}
		return info, true, nil
	}
	b, err := textindex.Create(path)
	if err != nil {
		return nil, false, err
	}
	err = eachTextDoc(rows, heads, func(id string, d textindex.Doc) error { return b.Add(ctx, id, d) })
	if err != nil {
		b.Close(ctx)
		return nil, false, err
	}
	if err := b.Close(ctx); err != nil {
		return nil, false, err
	}
	return info, false, nil
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
	io.WriteString(h, "sextant-text-index/"+strconv.Itoa(textindex.Recipe)+"\n")
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

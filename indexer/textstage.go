package indexer

import (
	"context"
	"strings"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/internal/textindex"
)

// buildTextIndex indexes every row and every heading into the bundle's text/ directory.
func buildTextIndex(ctx context.Context, w *bundle.Writer, rows []bundle.SeriesRow, heads []bundle.HeadingRow) error {
	path, err := w.Path(bundle.TextIndexDir)
	if err != nil {
		return err
	}
	b, err := textindex.Create(path)
	if err != nil {
		return err
	}
	paths := make(map[string][]string, len(heads))
	for _, h := range heads {
		paths[h.ID] = h.Path
		doc := textindex.Doc{Kind: textindex.KindHeading, Title: h.Label, Heading: strings.Join(h.Path, " > "), Source: h.Source}
		if err := b.Add(ctx, textindex.HeadingDocID(h.ID), doc); err != nil {
			b.Close(ctx)
			return err
		}
	}
	for _, r := range rows {
		doc := textindex.Doc{
			Kind: textindex.KindRow, Title: r.Title, Alt: strings.Join(r.AltTitles, " | "),
			Heading: strings.Join(paths[r.HeadingID], " > "), Unit: r.Unit,
			Frequency: r.Frequency, Source: r.Source, Country: r.Country,
		}
		if err := b.Add(ctx, r.ID, doc); err != nil {
			b.Close(ctx)
			return err
		}
	}
	return b.Close(ctx)
}

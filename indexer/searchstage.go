package indexer

import (
	"context"
	"fmt"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/search"
)

// The searcher's stage: what runtime/search would otherwise derive from
// the catalog at every open is computed here, with the searcher's own
// code, and stored in the bundle for it to map.

// writeRowFacts stores every row's facts (search.RowFactsOf) and its
// query-understanding facts (search.PreparedRowsOf).
func writeRowFacts(w *bundle.Writer, rows []bundle.SeriesRow, heads []bundle.HeadingRow) error {
	facts := search.RowFactsOf(rows, heads)
	if err := w.WriteRowFacts(facts); err != nil {
		return err
	}
	recipe, strs, recs := search.PreparedRowsOf(rows, heads, facts)
	return w.WriteRecords(bundle.PreparedRowsFile, recipe, strs, recs)
}

// writeRowVectors stores the row vectors with the partitions the searcher
// routes queries by (search.PartitionVectors), computed here once instead
// of at every open: the vectors go to the bundle in partition order, the
// partitions beside them.
func writeRowVectors(w *bundle.Writer, rows []bundle.SeriesRow, heads []bundle.HeadingRow, dim int, vecs [][]float32) error {
	flat := make([]float32, 0, len(vecs)*dim)
	for i, v := range vecs {
		if len(v) != dim {
			return fmt.Errorf("indexer: row vector %d (%s) has %d values, want %d", i, rows[i].ID, len(v), dim)
		}
		flat = append(flat, v...)
	}
	parts := search.PartitionVectors(rows, heads, dim, flat)
	return w.WriteRowVectors(dim, vecs, parts)
}

// writeDocMap stores the text index's document → row and heading map
// (search.DocMap), read from the index just written.
func writeDocMap(ctx context.Context, w *bundle.Writer, rows []bundle.SeriesRow, heads []bundle.HeadingRow) error {
	dir, err := w.Path(bundle.TextIndexDir)
	if err != nil {
		return err
	}
	docRow, docHead, err := search.DocMap(ctx, dir, rows, heads)
	if err != nil {
		return fmt.Errorf("indexer: %w", err)
	}
	return w.WriteDocMap(docRow, docHead)
}

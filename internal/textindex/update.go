package textindex

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
)

// Change is one document to (re)index under ID.
type Change struct {
	ID  string
	Doc Doc
}

// Update changes the index at path in place (a copy of a built index):
// it deletes the documents del names, indexes put (replacing documents of
// the same id) and merges the index back into one segment, as Builder
// leaves it. The scores of the documents are those of an index built
// afresh from the same documents; only the internal order differs (the
// changed documents come last). The segment files the merge made obsolete
// are removed, and the index must then hold wantDocs documents: an index
// whose Update failed is unusable (build it afresh).
func Update(ctx context.Context, path string, del []string, put []Change, wantDocs uint64) error {
	if err := update(ctx, path, del, put); err != nil {
		return err
	}
	if err := removeMergedSegments(path); err != nil {
		return err
	}
	idx, err := Open(path)
	if err != nil {
		return err
	}
	n, err := idx.DocCount()
	idx.Close()
	if err != nil || n != wantDocs {
		return fmt.Errorf("%w: updated %s holds %d documents, want %d (%v)", ErrIndex, path, n, wantDocs, err)
	}
	return nil
}

// removeMergedSegments removes every segment file but the newest: after a
// merge into one segment, the merge's output is the newest file (scorch
// numbers files in the order it makes them) and the rest are the merged
// inputs, which scorch leaves behind when closed right after the merge.
func removeMergedSegments(path string) error {
	store := filepath.Join(path, "store")
	entries, err := os.ReadDir(store)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrIndex, err)
	}
	var zaps []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".zap") {
			zaps = append(zaps, e.Name())
		}
	}
	slices.Sort(zaps) // fixed-width hex names: lexical order is numeric order
	for i := 0; i+1 < len(zaps); i++ {
		if err := os.Remove(filepath.Join(store, zaps[i])); err != nil {
			return fmt.Errorf("%w: %v", ErrIndex, err)
		}
	}
	return nil
}

func update(ctx context.Context, path string, del []string, put []Change) error {
	idx, err := bleve.Open(path)
	if err != nil {
		return fmt.Errorf("%w: open %s: %v", ErrIndex, path, err)
	}
	fail := func(what string, err error) error {
		idx.Close()
		return fmt.Errorf("%w: update %s: %s: %v", ErrIndex, path, what, err)
	}
	const batchSize = 4096
	b := idx.NewBatch()
	flush := func() error {
		if b.Size() == 0 {
			return nil
		}
		if err := idx.Batch(b); err != nil {
			return err
		}
		b.Reset()
		return nil
	}
	for _, id := range del {
		b.Delete(id)
		if b.Size() >= batchSize {
			if err := flush(); err != nil {
				return fail("delete", err)
			}
		}
	}
	for _, c := range put {
		if err := ctx.Err(); err != nil {
			idx.Close()
			return err
		}
		if err := b.Index(c.ID, c.Doc); err != nil {
			return fail("index "+c.ID, err)
		}
		if b.Size() >= batchSize {
			if err := flush(); err != nil {
				return fail("index", err)
			}
		}
	}
	if err := flush(); err != nil {
		return fail("batch", err)
	}
	adv, err := idx.Advanced()
	if err != nil {
		return fail("merge", err)
	}
	s, ok := adv.(*scorch.Scorch)
	if !ok {
		return fail("merge", fmt.Errorf("not a scorch index (%T)", adv))
	}
	if err := s.ForceMerge(ctx, nil); err != nil {
		return fail("merge", err)
	}
	// A batch returns once persisted, with the root it follows: after this
	// one the persisted root is the merged segment (scorch persists roots
	// asynchronously, and Close does not wait for the merge's).
	b.Delete("\x00")
	if err := flush(); err != nil {
		return fail("persist", err)
	}
	if err := idx.Close(); err != nil {
		return fmt.Errorf("%w: close %s: %v", ErrIndex, path, err)
	}
	return nil
}

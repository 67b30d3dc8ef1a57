package textindex

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
)

// TestBuilderWritesOneSegment indexes several batches' worth of documents
// and checks that the index holds one segment file, that every document
// is found, and that no intermediate file is left beside the index.
func TestBuilderWritesOneSegment(t *testing.T) {
	dir := t.TempDir()
	n := 3*builderBatch + 17
	docs := make(map[string]Doc, n)
	for i := range n {
		docs[fmt.Sprintf("fred:S%d", i)] = Doc{Kind: KindRow, Title: fmt.Sprintf("Series %d of prices", i), Source: "fred"}
	}
	path := writeIndex(t, dir, docs)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "text" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("beside the index: %v, want only text", names)
	}
	store, err := os.ReadDir(filepath.Join(path, "store"))
	if err != nil {
		t.Fatal(err)
	}
	zaps := 0
	for _, e := range store {
		if strings.HasSuffix(e.Name(), ".zap") {
			zaps++
		}
	}
	if zaps != 1 {
		t.Errorf("%d segment files, want 1", zaps)
	}
	idx := openIndex(t, path)
	count, err := idx.DocCount()
	if err != nil {
		t.Fatal(err)
	}
	if count != uint64(n) {
		t.Errorf("%d documents, want %d", count, n)
	}
	q := bleve.NewMatchQuery("prices")
	q.SetField(FieldTitle)
	res, err := idx.Search(bleve.NewSearchRequest(q))
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != uint64(n) {
		t.Errorf("%d documents match a word every title holds, want %d", res.Total, n)
	}
}

// TestBuilderEmpty checks that an index of no document can be written
// and opened (bleve's offline builder alone cannot write one).
func TestBuilderEmpty(t *testing.T) {
	dir := t.TempDir()
	idx := openIndex(t, writeIndex(t, dir, nil))
	if n, err := idx.DocCount(); err != nil || n != 0 {
		t.Errorf("DocCount = %d, %v; want 0", n, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries beside the index, want 1", len(entries))
	}
}

// TestBuilderCanceled checks that a canceled build fails and leaves no
// scratch directory.
func TestBuilderCanceled(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "text")
	b, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := b.Add(ctx, "a", Doc{Kind: KindRow, Title: "x"}); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := b.Close(ctx); err == nil {
		t.Fatal("Close after cancel: no error")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), "-build-") {
			t.Errorf("scratch directory %s left behind", e.Name())
		}
	}
}

// writeIndex builds an index of docs at dir/text and returns its path.
func writeIndex(t *testing.T, dir string, docs map[string]Doc) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(dir, "text")
	b, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	for id, d := range docs {
		if err := b.Add(ctx, id, d); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Close(ctx); err != nil {
		t.Fatal(err)
	}
	return path
}

// openIndex opens the index at path for the test's length.
func openIndex(t *testing.T, path string) bleve.Index {
	t.Helper()
	idx, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { idx.Close() })
	return idx
}

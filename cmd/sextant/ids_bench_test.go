package main

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/catalog"
)

// BenchmarkUnknownID measures, on the 365k-row shared bundle, what an
// unknown id's suggestions cost next to the case-insensitive scan every
// miss makes anyway (report the ratio of the two).
func BenchmarkUnknownID(b *testing.B) {
	const path = "../../out/shared-all"
	if _, err := os.Stat(path + "/manifest.json"); err != nil {
		b.Skip("no out/shared-all bundle (make shared-all)")
	}
	resolved, err := bundlePath(path)
	if err != nil {
		b.Fatal(err)
	}
	cat, err := catalog.Open(context.Background(), resolved, catalog.Options{Bundle: bundle.OpenOptions{SkipChecksums: true}})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d rows", len(cat.Rows))
	b.Run("fold-scan", func(b *testing.B) {
		for b.Loop() {
			n := 0
			for i := range cat.Rows {
				if strings.EqualFold(cat.Rows[i].ID, "fred:UNRATx") {
					n++
				}
			}
			_ = n
		}
	})
	b.Run("suggest", func(b *testing.B) {
		for b.Loop() {
			if s := nearestIDs(cat, "fred:UNRATx", true); len(s) == 0 {
				b.Fatal("no suggestion for fred:UNRATx")
			}
		}
	})
}

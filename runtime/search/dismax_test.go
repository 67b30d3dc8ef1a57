package search

import (
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

// TestWordCountsByItsBestField checks, in keyword mode, that a row whose
// title is the query word for word comes before a row that holds the
// words less well in its title and restates them in its heading. With
// the text pass's own score (fields summed, times the share of clauses
// matched) the restating row comes first.
func TestWordCountsByItsBestField(t *testing.T) {
	f := &fixture{}
	f.add(bundle.SeriesRow{NativeID: "OWN", Title: "Gravel output", Country: "WLD"}, "wdi", "Mining", "Quarries")
	f.add(bundle.SeriesRow{NativeID: "COPY", Title: "Gravel output, Bermuda", Country: "BMU"}, "fred", "Minerals", "Output of gravel, by country")
	for _, t := range []string{"Sand, quarried", "Clay, quarried", "Limestone", "Slate"} {
		f.add(bundle.SeriesRow{Title: t}, "wdi", "Mining", "Quarries")
	}
	// The heading's words are as common in headings as the title's in titles.
	for _, t := range []string{"Crushed stone, Bermuda", "Marble, Bermuda", "Granite, Bermuda"} {
		f.add(bundle.SeriesRow{Title: t, Country: "BMU"}, "fred", "Minerals", "Output of gravel, by country")
	}
	e := newEngine(t, f, true, Options{})
	defer func(on bool) { scoreByBestField = on }(scoreByBestField)
	for _, c := range []struct {
		best bool
		want string
	}{{true, "wdi:OWN"}, {false, "fred:COPY"}} {
		scoreByBestField = c.best
		got := flatten(search(t, e, Request{Query: "gravel output", Mode: Keyword, Limit: 5}))
		if len(got) < 2 || got[0] != c.want {
			t.Errorf("by best field %v: %v, want %s first", c.best, got, c.want)
		}
	}
}

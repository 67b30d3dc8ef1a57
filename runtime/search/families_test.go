package search

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/query"
)

// familyFixture files a family's total, a long title, under a heading
// labelled with what an acronym spells out, beside many short-titled
// members of the same heading and a few rows saying the acronym itself.
func familyFixture() *fixture {
	f := &fixture{}
	cpi := []string{"fred", "Consumer Price Index"}
	f.add(bundle.SeriesRow{NativeID: "CPIAUCSL", Title: "Consumer Price Index for All Urban Consumers: All Items in U.S. City Average", Country: "USA", Start: "1947-01-01", End: "2025-06-01", ObsCount: 940}, cpi...)
	for i := range 80 {
		f.add(bundle.SeriesRow{NativeID: fmt.Sprintf("CUSR%04d", i), Title: fmt.Sprintf("Consumer Price Index: Item %d", i), Country: "USA", Start: "1990-01-01", End: "2025-06-01"}, cpi...)
	}
	// A heading whose label only starts with the phrase is another family.
	less := []string{"fred", "Consumer Price Index less Food"}
	f.add(bundle.SeriesRow{NativeID: "CPILFESL", Title: "Consumer Price Index for All Urban Consumers: All Items Less Food in U.S. City Average", Country: "USA", Start: "1957-01-01", End: "2025-06-01"}, less...)
	f.add(bundle.SeriesRow{NativeID: "CPILFEN", Title: "Consumer Price Index less Food: Services", Country: "USA", Start: "1957-01-01", End: "2025-06-01"}, less...)
	for i := range 3 {
		f.add(bundle.SeriesRow{NativeID: fmt.Sprintf("TRCPI%d", i), Title: fmt.Sprintf("Trimmed-Mean CPI %d", i), Country: "USA", Start: "1983-01-01", End: "2025-06-01"}, "fred", "Median CPI")
	}
	f.add(bundle.SeriesRow{NativeID: "UNRATE", Title: "Unemployment Rate", Country: "USA", Start: "1948-01-01", End: "2025-06-01"}, "fred", "Labor", "Unemployment")
	return f
}

// TestFamilyHeadsReachTheText checks that the total of the heading the
// query names by an acronym's expansion is a candidate, and first, when
// the text pass leaves the expansion's common words out; and that a
// heading whose label merely starts with the phrase lends nothing.
func TestFamilyHeadsReachTheText(t *testing.T) {
	e := newEngine(t, familyFixture(), true, Options{})
	e.commonDocs = 5 // "consumer", "price", "index" are common: the text pass leaves the expansion out
	got := flatten(search(t, e, Request{Query: "cpi", Mode: Keyword, Limit: 10}))
	if len(got) == 0 || got[0] != "fred:CPIAUCSL" {
		t.Errorf("cpi: got %v, want the family's total first", got)
	}
	if slices.Contains(got, "fred:CPILFESL") {
		t.Errorf("cpi: the total of another family came in: %v", got)
	}
	if text := textRows(t, e, "cpi", 5); text["fred:CPIAUCSL"] {
		t.Error("the text pass alone finds the total: the fixture no longer tests the family stage")
	}
}

func TestFamilyPhrases(t *testing.T) {
	u := query.Understanding{
		TopicTerms: []string{"core", "pce"},
		Expansions: []query.Expansion{
			{From: "pce", Terms: []string{"personal", "consumption", "expenditure"}, Weight: 1},
			{From: "pce", Terms: []string{"consumption"}, Weight: 0.5},
			{From: "gdp", Terms: []string{"gross", "domestic", "product"}, Weight: 1},
		},
	}
	got := familyPhrases(u)
	want := []familyPhrase{{"core pce", 1}, {"core personal consumption expenditure", 1}}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if familyPhrases(query.Understanding{}) != nil {
		t.Error("phrases for a query of no topic words")
	}
}

// TestFamilyHeadsOfChildHeadings checks that a heading the query names
// with no headline of its own lends the heads of its child headings.
func TestFamilyHeadsOfChildHeadings(t *testing.T) {
	f := &fixture{}
	byCommodity := []string{"fred", "Producer Price Index", "Producer Price Index by Commodity"}
	f.add(bundle.SeriesRow{NativeID: "PPIACO", Title: "Producer Price Index by Commodity: All Commodities", Country: "USA", Start: "1913-01-01", End: "2025-06-01", ObsCount: 1300}, byCommodity...)
	f.add(bundle.SeriesRow{NativeID: "WPUSI", Title: "Producer Price Index by Commodity: Special Indexes: Total Tractors", Country: "USA", Start: "1990-01-01", End: "2025-06-01"}, byCommodity...)
	for i := range 70 {
		f.add(bundle.SeriesRow{NativeID: fmt.Sprintf("WPU%03d", i), Title: fmt.Sprintf("Producer Price Index by Commodity: Item %d", i), Country: "USA", Start: "1990-01-01", End: "2025-06-01"}, byCommodity...)
	}
	for i := range 3 {
		f.add(bundle.SeriesRow{NativeID: fmt.Sprintf("PPIX%d", i), Title: fmt.Sprintf("PPI weights %d", i), Country: "USA", Start: "1990-01-01", End: "2025-06-01"}, "fred", "Other")
	}
	e := newEngine(t, f, true, Options{})
	e.commonDocs = 5
	u := e.parser.Parse("ppi")
	var named []int32
	for _, ph := range familyPhrases(u) {
		named = append(named, e.familyHeadings()[ph.words]...)
	}
	if len(named) != 1 || len(e.familyHeadsOf(named[0], u, nil)) != 0 {
		t.Fatalf("the fixture's parent heading is not named alone, or has heads of its own: %v", named)
	}
	got := flatten(search(t, e, Request{Query: "ppi", Mode: Keyword, Limit: 5}))
	if len(got) == 0 || got[0] != "fred:PPIACO" {
		t.Errorf("ppi: got %v, want the child heading's total first", got)
	}
}

package search

import (
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

// TestDefaultCountryLiftsNearEquals checks, in keyword mode, that the
// default country's row comes first among rows that answer alike even
// when another country's row heads a family (and gains a title match for
// it), and that a row answering the query clearly better stays first.
func TestDefaultCountryLiftsNearEquals(t *testing.T) {
	f := &fixture{}
	un := []string{"fred", "Unemployment Rate"}
	f.add(bundle.SeriesRow{NativeID: "UNRATE", Title: "Unemployment Rate", Country: "USA", Start: "1948-01-01", End: "2025-06-01", ObsCount: 900}, un...)
	f.add(bundle.SeriesRow{NativeID: "UNRATE.W", Title: "Unemployment Rate - Women", Country: "USA", Start: "1948-01-01", End: "2025-06-01"}, un...)
	weo := []string{"ilo", "Unemployment rate"}
	for _, c := range []struct{ iso3, name string }{{"TUR", "Türkiye"}, {"DEU", "Germany"}, {"FRA", "France"}} {
		f.add(bundle.SeriesRow{NativeID: "LUR." + c.iso3, Title: "Unemployment rate — " + c.name, Country: c.iso3, Start: "1980-01-01", End: "2025-06-01"}, weo...)
	}
	f.add(bundle.SeriesRow{NativeID: "TUR.HOUSE", Title: "House Sales", Country: "TUR", Start: "2013-01-01", End: "2025-06-01"}, "evds", "Housing")
	e := newEngine(t, f, true, Options{})
	plain := flatten(search(t, e, Request{Query: "unemployment rate", Mode: Keyword, Limit: 5}))
	if len(plain) == 0 || plain[0] != "fred:UNRATE" {
		t.Fatalf("without a default country: %v (the fixture no longer has another country's family head first)", plain)
	}
	for _, c := range []string{"TUR", "DEU"} {
		got := flatten(search(t, e, Request{Query: "unemployment rate", Mode: Keyword, Limit: 5, DefaultCountry: c}))
		if len(got) == 0 || got[0] != "ilo:LUR."+c {
			t.Errorf("default %s: %v, want its row first", c, got)
		}
	}
	// A query the default country's rows do not answer keeps its answer.
	got := flatten(search(t, e, Request{Query: "unemployment rate women", Mode: Keyword, Limit: 5, DefaultCountry: "TUR"}))
	if len(got) == 0 || got[0] != "fred:UNRATE.W" {
		t.Errorf("a clearly better row: %v, want fred:UNRATE.W first", got)
	}
}

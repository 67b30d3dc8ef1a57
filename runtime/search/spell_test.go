package search

import (
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/query"
)

func TestEditDistanceCountsSwapsAsOne(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"sentimnet", "sentiment", 1},
		{"unemplyment", "unemployment", 1},
		{"retial", "retail", 1},
		{"consumr", "consumer", 1},
		{"housing", "housing", 0},
		{"abc", "xyz", 3},
	} {
		if got := editDistance([]rune(c.a), []rune(c.b), 3); got != c.want {
			t.Errorf("%s/%s: %d, want %d", c.a, c.b, got, c.want)
		}
	}
	if got := editDistance([]rune("abcdef"), []rune("uvwxyz"), 1); got <= 1 {
		t.Errorf("limit not kept: %d", got)
	}
}

func TestClosestPrefersFewerEditsThenCommonerWords(t *testing.T) {
	v := &spellVocab{count: map[string]int32{}, byLen: map[int][]string{}}
	for w, n := range map[string]int32{"retail": 500, "rental": 900, "retain": 3, "mortgage": 40, "mortar": 400} {
		v.count[w] = n
		v.byLen[len(w)] = append(v.byLen[len(w)], w)
	}
	if got := v.closest("retial"); got != "retail" {
		t.Errorf("retial → %q", got)
	}
	if got := v.closest("mortage"); got != "mortgage" {
		t.Errorf("mortage → %q", got)
	}
	if got := v.closest("zzzzzz"); got != "" {
		t.Errorf("nothing near → %q", got)
	}
	// A typed word the catalog uses often is not pulled to a commoner one.
	v.count["retial"] = 100
	if got := v.closest("retial"); got != "" {
		t.Errorf("known word corrected to %q", got)
	}
}

func TestShowingForNamesEachRewrite(t *testing.T) {
	if got := (Result{Query: "gdp"}).ShowingFor(); got != "" {
		t.Errorf("unrewritten query: %q", got)
	}
	r := Result{Query: "retial 10y", SearchedFor: "retail 10-year", Rewrites: []query.Rewrite{
		{From: "10y", To: "10-year", Kind: query.RewriteAbbreviation}, {From: "retial", To: "retail", Kind: query.RewriteSpelling}}}
	if got, want := r.ShowingFor(), `showing results for "retail 10-year" (10y → 10-year, retial → retail)`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A misspelling that stems like a catalog word ("deflater", "deflator")
// matched it in the text index and was left alone, while the embedding
// model, which has no vector for it, missed; it is corrected as written.
func TestMisspellingThatStemsLikeACatalogWordIsCorrected(t *testing.T) {
	f := &fixture{}
	for _, c := range []string{"United States", "Canada", "Mexico"} {
		f.add(bundle.SeriesRow{Title: "GDP Implicit Price Deflator, " + c, NativeID: "DEF_" + c}, "fred", "GDP Deflators")
		f.add(bundle.SeriesRow{Title: "Consumer Price Index, " + c, NativeID: "CPI_" + c}, "fred", "Prices")
	}
	e := newEngine(t, f, false, Options{})
	res := search(t, e, Request{Query: "gdp deflater", Limit: 5})
	if res.SearchedFor != "gdp deflator" || len(res.Rewrites) != 1 || res.Rewrites[0].Kind != query.RewriteSpelling {
		t.Fatalf("searched for %q with rewrites %+v, want \"gdp deflator\" by one spelling rewrite", res.SearchedFor, res.Rewrites)
	}
	if ids := flatten(res); len(ids) == 0 || !strings.HasPrefix(ids[0], "fred:DEF_") {
		t.Errorf("first rows %v, want a deflator", ids)
	}
}

package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/query"
)

// searchResult is the part of search --json these tests read.
type searchResult struct {
	PreferredCountry string `json:"preferred_country"`
	Groups           []struct {
		Hits []struct {
			ID      string `json:"id"`
			Title   string `json:"title"`
			Country string `json:"country"`
		} `json:"hits"`
	} `json:"groups"`
}

func searchJSON(t *testing.T, args ...string) searchResult {
	t.Helper()
	out, stderr, err := run(t, "", append([]string{"search", "--json"}, args...)...)
	if err != nil {
		t.Fatalf("search %v: %v\n%s", args, err, stderr)
	}
	var res searchResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("search %v: %v\n%s", args, err, out)
	}
	return res
}

func (r searchResult) countries() map[string]bool {
	seen := map[string]bool{}
	for _, g := range r.Groups {
		for _, h := range g.Hits {
			seen[h.Country] = true
		}
	}
	return seen
}

// The default country, from the flag or SEXTANT_COUNTRY, puts its row
// first when the query names no country; it is a prior, not a filter, and
// a country the query names wins over it.
func TestSearchDefaultCountry(t *testing.T) {
	b := demo(t)
	const q = "unemployment rate"
	plain := searchJSON(t, "-b", b, "-n", "6", q)
	if plain.PreferredCountry != "" {
		t.Errorf("no default country, yet preferred %q", plain.PreferredCountry)
	}
	var tried int
	for c := range plain.countries() {
		if c == "" {
			continue
		}
		tried++
		t.Setenv("SEXTANT_COUNTRY", c)
		res := searchJSON(t, "-b", b, "-n", "6", q)
		if res.PreferredCountry != c {
			t.Errorf("default %s: preferred %q", c, res.PreferredCountry)
		}
		if len(res.Groups) == 0 || res.Groups[0].Hits[0].Country != c {
			t.Errorf("default %s: first row %+v", c, res.Groups)
		}
		if len(res.countries()) < 2 {
			t.Errorf("default %s filtered the rows to one country: %v", c, res.countries())
		}
	}
	if tried < 2 {
		t.Fatalf("the demo's %q rows are of %d countries; the test needs two", q, tried)
	}

	// The text output says so; a country in the query is not overridden.
	t.Setenv("SEXTANT_COUNTRY", "")
	out, _, err := run(t, "", "search", "-b", b, "--default-country", "deu", q)
	if err != nil || !strings.Contains(out, "preferring rows of DEU") {
		t.Errorf("text output lacks the note (%v):\n%s", err, out)
	}
	named := searchJSON(t, "-b", b, "--default-country", "DEU", q+" in Türkiye")
	if named.PreferredCountry != "" || len(named.Groups) == 0 || named.Groups[0].Hits[0].Country != "TUR" {
		t.Errorf("a query naming Türkiye with default DEU: preferred %q, groups %+v", named.PreferredCountry, named.Groups)
	}
	if _, _, err := run(t, "", "search", "-b", b, "--default-country", "XXX", q); err == nil || !strings.Contains(err.Error(), "default country") {
		t.Errorf("an unknown default country: %v", err)
	}
}

// --lang tr shows a row's Turkish title where the catalog has one (EVDS
// labels) and the English title elsewhere; the rows and their order do
// not change.
func TestSearchLangTurkish(t *testing.T) {
	b := demo(t)
	cat, err := catalog.Open(context.Background(), b, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const q = "tüketici fiyat endeksi"
	en := searchJSON(t, "-b", b, "-n", "8", q)
	tr := searchJSON(t, "-b", b, "-n", "8", "--lang", "tr", q)
	var enHits, trHits []struct{ id, title string }
	for _, r := range []struct {
		res  searchResult
		hits *[]struct{ id, title string }
	}{{en, &enHits}, {tr, &trHits}} {
		for _, g := range r.res.Groups {
			for _, h := range g.Hits {
				*r.hits = append(*r.hits, struct{ id, title string }{h.ID, h.Title})
			}
		}
	}
	if len(enHits) != len(trHits) {
		t.Fatalf("%d rows in English, %d in Turkish", len(enHits), len(trHits))
	}
	var turkish, english int
	for i, h := range trHits {
		if h.id != enHits[i].id {
			t.Fatalf("row %d: %s in Turkish, %s in English", i, h.id, enHits[i].id)
		}
		row, ok := cat.Row(h.id)
		if !ok {
			t.Fatalf("no row %s", h.id)
		}
		want := enHits[i].title
		if alt := query.TurkishTitle(row.AltTitles); alt != "" {
			want = alt
			turkish++
		} else {
			english++
		}
		if h.title != want {
			t.Errorf("%s: title %q, want %q", h.id, h.title, want)
		}
	}
	if turkish == 0 || english == 0 {
		t.Errorf("the demo's %q rows: %d with a Turkish title, %d without; the test needs both", q, turkish, english)
	}
	// Only EVDS labels come in Turkish: a WEO row naming Türkiye keeps its
	// English title.
	for i, h := range trHits {
		if strings.HasPrefix(h.id, "weo:") && h.title != enHits[i].title {
			t.Errorf("%s: title %q, not the English %q", h.id, h.title, enHits[i].title)
		}
	}
}

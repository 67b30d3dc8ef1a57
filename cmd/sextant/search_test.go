package main

import (
	"encoding/json"
	"strings"
	"testing"
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

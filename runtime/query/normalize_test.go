package query

import "testing"

func TestFoldPluralMeetsSingular(t *testing.T) {
	// A plural and its singular must fold to the same word: coverage and
	// the title tests compare folded row words with folded query words.
	pairs := [][2]string{
		{"taxes", "tax"}, {"indexes", "index"}, {"branches", "branch"},
		{"businesses", "business"}, {"losses", "loss"}, {"crashes", "crash"},
		{"prices", "price"}, {"rates", "rate"}, {"purchases", "purchase"},
		{"industries", "industry"}, {"wages", "wage"}, {"goods", "good"},
	}
	for _, p := range pairs {
		if a, b := foldPlural(p[0], nil), foldPlural(p[1], nil); a != b {
			t.Errorf("foldPlural(%q) = %q, foldPlural(%q) = %q; want equal", p[0], a, p[1], b)
		}
	}
	for _, w := range []string{"gas", "status", "analysis", "business", "news"} {
		if got := foldPlural(w, map[string]bool{"news": true}); got != w {
			t.Errorf("foldPlural(%q) = %q; want it unchanged", w, got)
		}
	}
}

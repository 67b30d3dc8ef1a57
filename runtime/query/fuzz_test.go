package query

import (
	"math"
	"testing"
	"unicode/utf8"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{"", " ", "U.S.", "TÜRKİYE", "ẞ Ⱥ", "\xff\xfe", "a.b.c.", "non-", "%$€", "TP.FG.J0", "New", "\u00a0\u3000", "'s", "..."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		u := Parse(q)
		for _, term := range u.Terms {
			if term == "" || !utf8.ValidString(term) {
				t.Fatalf("Parse(%q): bad term %q", q, term)
			}
		}
		for _, e := range u.Expansions {
			if e.Weight <= 0 || e.Weight > 1 {
				t.Fatalf("Parse(%q): expansion weight %v", q, e.Weight)
			}
		}
		b := u.Boost(RowMeta{Title: q, Heading: []string{q}, Unit: q, SeasonalAdjustment: q})
		if math.IsNaN(b) || math.IsInf(b, 0) {
			t.Fatalf("Parse(%q).Boost = %v", q, b)
		}
	})
}

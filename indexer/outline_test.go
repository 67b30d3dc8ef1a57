package indexer

import (
	"slices"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
)

func TestSplitOutline(t *testing.T) {
	for _, c := range []struct {
		title, number, label string
	}{
		{"I_B.5.a.Credit", "I_B.5.a", "Credit"},
		{"I.A.HOUSING(Thousand TL)", "I.A", "HOUSING(Thousand TL)"},
		{"I. DEPOSIT MONEY BANKS (TRY+FX)(Thousand TL)", "I", "DEPOSIT MONEY BANKS (TRY+FX)(Thousand TL)"},
		{"III_2.2.2.2.1.In Türkiye", "III_2.2.2.2.1", "In Türkiye"},
		{"3.19.1. General_purpose machinery", "3.19.1", "General_purpose machinery"},
		{"I.A.2.ab.c.Housing Loans(Thousand TL)", "I.A.2.ab.c", "Housing Loans(Thousand TL)"},
		{"Unemployment Rate", "", "Unemployment Rate"},
		{"3A-Housing Loans (Archive)", "", "3A-Housing Loans (Archive)"},
		{"Consumer Price Index: All Items", "", "Consumer Price Index: All Items"},
	} {
		segs, label := splitOutline(c.title)
		if got := strings.Join(segs, "."); got != c.number || label != c.label {
			t.Errorf("%q: number %q label %q; want %q, %q", c.title, got, label, c.number, c.label)
		}
	}
}

// TestOutlineParents checks which rows take their parent's label: a label
// that recurs under its heading ("Credit") takes its nearest numbered
// ancestor's, a label of its own does not, nor does a row whose parent
// is under another heading or whose number is met twice.
func TestOutlineParents(t *testing.T) {
	recs := []catalogsrc.Record{
		{Title: "I_B.5.Construction"},                            // 0 bop
		{Title: "I_B.5.a.Credit"},                                // 1 bop: takes "Construction"
		{Title: "I_B.6.Insurance and pension services"},          // 2 bop
		{Title: "I_B.6.a.Credit", AltTitles: []string{"Alacak"}}, // 3 bop: takes its parent's, keeps its own
		{Title: "I_B.7.x.Credit"},                                // 4 bop: "I_B.7.x" has no row; "I_B.7" neither, "I_B" neither
		{Title: "I. DEPOSIT MONEY BANKS (TRY+FX)(Thousand TL)"},  // 5 loans
		{Title: "I.A.HOUSING(Thousand TL)"},                      // 6 loans: takes the banks' label
		{Title: "III.A.HOUSING(Thousand TL)"},                    // 7 loans: "III" is under another heading
		{Title: "3.19.General machinery"},                        // 8 ppi
		{Title: "3.19.1. General_purpose machinery"},             // 9 ppi: a label of its own
		{Title: "1.Direct investment"},                           // 10 iip
		{Title: "1.Direct investment"},                           // 11 iip: number met twice
		{Title: "1.a.Equity"},                                    // 12 iip: its parent number is ambiguous
		{Title: "1.a.Equity"},                                    // 13 iip
	}
	heads := []string{"bop", "bop", "bop", "bop", "bop", "loans", "loans", "loans", "ppi", "ppi", "iip", "iip", "iip", "iip"}
	recs = append(recs, catalogsrc.Record{Title: "III. PARTICIPATION BANKS"})
	heads = append(heads, "other")
	n := outlineParents(recs, heads)
	want := map[int][]string{
		1: {"Construction"},
		3: {"Alacak", "Insurance and pension services"},
		6: {"DEPOSIT MONEY BANKS (TRY+FX)(Thousand TL)"},
	}
	for i, r := range recs {
		if !slices.Equal(r.AltTitles, want[i]) && !(len(r.AltTitles) == 0 && len(want[i]) == 0) {
			t.Errorf("%q: alt titles %q; want %q", r.Title, r.AltTitles, want[i])
		}
	}
	if n != 3 {
		t.Errorf("outlineParents counted %d rows; want 3", n)
	}
}

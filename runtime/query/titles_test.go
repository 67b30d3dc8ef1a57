package query

import (
	"slices"
	"strings"
	"testing"
)

func TestTitleMarks(t *testing.T) {
	p := Default()
	for _, c := range []struct {
		title          string
		total, generic bool
	}{
		{"0.GENERAL", true, true},
		{"TOPLAM", true, true},
		{"TOPLAM (Thousand TL)", true, false},
		{"Total (USD)", true, false},
		{"A.Total", true, true},
		{"I.TOTAL VOLUME OF LOANS(Thousand TL)", true, false},
		{"Consumer Price Index for All Urban Consumers: All Items in U.S. City Average", true, false},
		{"All Employees, Total Nonfarm", true, false},
		{"1.FOOD AND NON-ALCOHOLIC BEVERAGES", false, false},
		{"I.A.HOUSING(Thousand TL)", false, false},
		{"Unemployment Rate", false, false},
		{"General government gross debt", false, false},
		{"General Government: Total expenditure", true, false},
		{"", false, false},
	} {
		total, generic := p.TitleMarks(c.title)
		if total != c.total || generic != c.generic {
			t.Errorf("TitleMarks(%q) = total %v, generic %v; want %v, %v", c.title, total, generic, c.total, c.generic)
		}
	}
}

func TestTotalPhrasesFindEveryTotalTitle(t *testing.T) {
	p := Default()
	phrases := p.TotalPhrases()
	if len(phrases) == 0 {
		t.Fatal("no total phrases")
	}
	for _, ph := range phrases {
		if ph == "general government" {
			t.Errorf("excluded phrase %q listed as a total", ph)
		}
	}
	// Every title TitleMarks calls a total holds one of the phrases once
	// lower-cased with its joiners as spaces (the cheap pre-test).
	for _, title := range []string{"0.GENERAL", "TOPLAM", "I.TOTAL VOLUME OF LOANS", "CPI: All Items in U.S. City Average", "A.Total"} {
		if total, _ := p.TitleMarks(title); !total {
			t.Fatalf("%q is not a total", title)
		}
		low := strings.ToLower(strings.NewReplacer(".", " ", "_", " ").Replace(title))
		found := false
		for _, ph := range phrases {
			if strings.Contains(low, ph) {
				found = true
			}
		}
		if !found {
			t.Errorf("%q holds none of %q", title, phrases)
		}
	}
}

// TestLabelTermsTakeOutlineNumberingApart checks that a catalog label's
// outline numbering ("0.GENERAL", "I.A.HOUSING", "B.MINING") yields the
// label's words, which Terms drops with the numbering as a series code,
// and that other labels read as Terms reads them.
func TestLabelTermsTakeOutlineNumberingApart(t *testing.T) {
	v := DefaultVocabulary()
	for _, c := range []struct {
		label string
		want  []string
	}{
		{"0.GENERAL", []string{"general"}},
		{"I.A.HOUSING LOANS", []string{"housing", "loan"}},
		{"B.MINING AND QUARRYING", []string{"mining", "quarrying"}},
		{"Consumer Price Index for All Urban Consumers", v.Terms("Consumer Price Index for All Urban Consumers")},
	} {
		got := v.LabelTerms(c.label)
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("LabelTerms(%q) = %v, want %v", c.label, got, c.want)
		}
	}
	if got := v.Terms("0.GENERAL"); len(got) != 0 {
		t.Errorf("Terms(0.GENERAL) = %v: the numbered label is no longer a code, the test above checks nothing", got)
	}
}

func TestPartTermsLeaveOutTotalWords(t *testing.T) {
	v := Default().Vocabulary()
	for _, c := range []struct {
		title       string
		part, total []string
	}{
		{"Quits: Total Nonfarm", []string{"quit", "nonfarm"}, []string{"total"}},
		{"Consumer Price Index for All Urban Consumers: All Items", []string{"consumer", "price", "index", "all", "urban", "consumer"}, []string{"all", "item"}},
		{"General government gross debt", []string{"general", "government", "gross", "debt"}, nil}, // a sector, not a total
		{"I.TOTAL VOLUME OF LOANS", []string{"volume", "loan"}, []string{"total"}},
		{"0.GENERAL", nil, []string{"general"}},
		{"Gross Domestic Product, U.S. (2015=100)", []string{"gross", "domestic", "product"}, nil},
	} {
		part, total := v.PartTerms(c.title)
		if !slices.Equal(part, c.part) || !slices.Equal(total, c.total) {
			t.Errorf("PartTerms(%q) = %v, %v; want %v, %v", c.title, part, total, c.part, c.total)
		}
		if all := v.LabelTerms(c.title); len(all) < len(part)+len(total) {
			t.Errorf("%q: LabelTerms %v shorter than PartTerms %v, %v", c.title, all, part, total)
		}
	}
}

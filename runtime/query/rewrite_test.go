package query

import (
	"strings"
	"testing"
)

func TestRewriteSpellsOutAbbreviations(t *testing.T) {
	p := Default()
	got, rs := p.Rewrite("10Y treasury y/y")
	if got != "10-year treasury yoy" {
		t.Errorf("rewritten %q", got)
	}
	if len(rs) != 2 || rs[0].Kind != RewriteAbbreviation || rs[0].From != "10Y" {
		t.Errorf("rewrites %+v", rs)
	}
	// A curve spread names its longer maturity first, as the catalog does.
	if got, _ := p.Rewrite("2s10s spread"); got != "10-year minus 2-year spread" {
		t.Errorf("curve spread: %q", got)
	}
	if got, rs := p.Rewrite("unemployment rate"); got != "unemployment rate" || rs != nil {
		t.Errorf("plain query rewritten: %q %+v", got, rs)
	}
}

func TestRewriteTurkishLongestFirstAndImpliesTurkey(t *testing.T) {
	p := Default()
	got, rs := p.Rewrite("İşsizlik oranı")
	if got != "unemployment rate turkey" {
		t.Errorf("rewritten %q", got)
	}
	if len(rs) != 1 || rs[0].Kind != RewriteTurkish {
		t.Errorf("rewrites %+v", rs)
	}
	// ASCII-folded typing reaches the same entry.
	if got, _ := p.Rewrite("issizlik orani"); got != "unemployment rate turkey" {
		t.Errorf("folded: %q", got)
	}
	// A query naming its own country keeps it and gains no other.
	got, _ = p.Rewrite("enflasyon germany")
	if got != "inflation germany" || strings.Contains(got, "turkey") {
		t.Errorf("with a country: %q", got)
	}
	// The glossary's English names no country of the query's: the US
	// dollar's rate is asked of Türkiye.
	if got, _ := p.Rewrite("dolar kuru"); !strings.HasSuffix(got, " turkey") {
		t.Errorf("the dollar's rate: %q", got)
	}
}

func TestRewriteTableRefusesBadLines(t *testing.T) {
	tab := newRewriteTable()
	if err := tab.load(line{file: "data/abbreviations.tsv", num: 3, cells: []string{"avg", "AVG"}}); err == nil || !strings.Contains(err.Error(), "data/abbreviations.tsv:3") {
		t.Errorf("same as phrase: %v", err)
	}
	if err := tab.load(line{file: "x", num: 1, cells: []string{"a b c d e", "x"}}); err == nil {
		t.Error("five words accepted")
	}
}

func TestRewriteKeepsPunctuationAround(t *testing.T) {
	got, _ := Default().Rewrite("debt (govt), monthly")
	if got != "debt (government), monthly" {
		t.Errorf("rewritten %q", got)
	}
}

func TestTurkishTitlePicksTheTurkishName(t *testing.T) {
	alts := []string{"Consumer Price Index (2003=100)", "Tüketici Fiyat Endeksi (2003=100)"}
	if got := TurkishTitle(alts); got != alts[1] {
		t.Errorf("got %q", got)
	}
	if got := TurkishTitle(alts[:1]); got != "" {
		t.Errorf("English only: %q", got)
	}
	if got := TurkishTitle([]string{"Inflation, average consumer prices, Index (Türkiye)", "TÜRKİYE İHRACAT"}); got != "TÜRKİYE İHRACAT" {
		t.Errorf("the country's name alone read as Turkish: %q", got)
	}
}

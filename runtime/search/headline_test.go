package search

import (
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

// totalsFixture has a CBRT-style price index heading whose total row is
// a bare "0.GENERAL" among its parts, a house-sales heading where every
// province's row reads "Total sales" (so that word makes none the
// headline) and the whole country's row names Türkiye, a loans heading
// whose total row names itself, and a WEO-style heading where every row
// names its own country (so none is the headline).
func totalsFixture() *fixture {
	f := &fixture{}
	cpi := []string{"evds", "PRICE INDICES", "Consumer Price Index (2003=100)"}
	for _, r := range []struct{ id, title string }{
		{"TP.FG.J0", "0.GENERAL"}, {"TP.FG.J01", "1.FOOD AND NON-ALCOHOLIC BEVERAGES"},
		{"TP.FG.J02", "2.ALCOHOLIC BEVERAGES AND TOBACCO"}, {"TP.FG.J03", "3.CLOTHING AND FOOTWEAR"},
		{"TP.FG.J04", "4.HOUSING, WATER, ELECTRICITY, GAS"}, {"TP.FG.J07", "7.TRANSPORT"},
	} {
		f.add(bundle.SeriesRow{NativeID: r.id, Title: r.title, Unit: "Index", Country: "TUR"}, cpi...)
	}
	sales := []string{"evds", "HOUSE STATISTICS", "House Sales Statistics - Total sales"}
	for _, p := range []string{"Türkiye", "Adana", "Ankara", "Izmir"} {
		f.add(bundle.SeriesRow{NativeID: "SALES." + p, Title: "House Sales _ " + p + " _ Total sales(piece)", Country: "TUR"}, sales...)
	}
	loans := []string{"evds", "MONEY AND BANK STATISTICS", "Loans - Banking Sector"}
	for _, r := range []struct{ id, title string }{
		{"TP.KREDI.L001", "I.TOTAL VOLUME OF LOANS"}, {"TP.KREDI.L002", "I.A.LOANS TO NON_FINANCIAL SECTOR"},
		{"TP.KREDI.L003", "I.A.1.Consumer loans"}, {"TP.KREDI.L004", "I.A.2.Housing loans"},
	} {
		f.add(bundle.SeriesRow{NativeID: r.id, Title: r.title, Unit: "Thousand TL", Country: "TUR", Frequency: "W"}, loans...)
	}
	gdp := []string{"weo", "Gross domestic product, current prices"}
	for _, c := range []struct{ iso3, name string }{{"TUR", "Türkiye"}, {"DEU", "Germany"}, {"FRA", "France"}} {
		f.add(bundle.SeriesRow{NativeID: "GDP." + c.iso3, Title: "Gross domestic product, current prices — " + c.name, Country: c.iso3, Frequency: "A"}, gdp...)
	}
	return f
}

func TestHeadlineAndGenericRows(t *testing.T) {
	e := newEngine(t, totalsFixture(), false, Options{})
	for _, mode := range []Mode{Keyword, Hybrid} {
		res := search(t, e, Request{Query: "consumer price index", Mode: mode, Explain: true})
		got := flatten(res)
		if len(got) == 0 || got[0] != "evds:TP.FG.J0" {
			t.Errorf("%s: consumer price index: %v, want evds:TP.FG.J0 (the heading's bare total row) first", mode, got)
		} else if x := res.Groups[0].Hits[0].Explain; x.Headline <= 0 || x.Keyword <= 0 {
			t.Errorf("%s: 0.GENERAL explained %+v, want a headline bonus and a keyword score from its heading", mode, *x)
		}
		got = flatten(search(t, e, Request{Query: "consumer prices: food and non-alcoholic beverages", Mode: mode}))
		if len(got) == 0 || got[0] != "evds:TP.FG.J01" {
			t.Errorf("%s: a named part: %v, want evds:TP.FG.J01 first", mode, got)
		}
		got = flatten(search(t, e, Request{Query: "bank loans", Mode: mode}))
		if len(got) == 0 || got[0] != "evds:TP.KREDI.L001" {
			t.Errorf("%s: loans: %v, want the total volume of loans first", mode, got)
		}
	}
	for id, want := range map[string]bool{
		"evds:SALES.Türkiye": true,  // the one row naming its own country
		"evds:SALES.Adana":   false, // every row of the heading says Total
		"weo:GDP.TUR":        false, // every row of the heading names its own country
		"weo:GDP.DEU":        false,
	} {
		i, ok := e.cat.Index(id)
		if !ok {
			t.Fatalf("%s not in the fixture", id)
		}
		if got := e.isHeadline(int32(i)); got != want {
			t.Errorf("isHeadline(%s) = %v, want %v", id, got, want)
		}
	}
	got := flatten(search(t, e, Request{Query: "house sales, whole country", Mode: Keyword}))
	if len(got) == 0 || got[0] != "evds:SALES.Türkiye" {
		t.Errorf("house sales: %v, want the row naming Türkiye first", got)
	}
	// Switched off, the bare total row gets no bonus.
	w := DefaultWeights()
	w.Headline = 0
	res := search(t, WithWeights(e, w, Signals{}), Request{Query: "consumer price index", Explain: true})
	for _, g := range res.Groups {
		for _, h := range g.Hits {
			if h.Explain.Headline != 0 {
				t.Errorf("Headline 0: %s explained with headline %v", h.ID, h.Explain.Headline)
			}
		}
	}
}

func TestCapPerHeading(t *testing.T) {
	e := newEngine(t, totalsFixture(), true, Options{})
	var ranked []rowScore
	for r := range e.cat.Len() {
		ranked = append(ranked, rowScore{int32(r), float64(e.cat.Len() - r)})
	}
	got := e.capPerHeading(append([]rowScore(nil), ranked...), 2, 5)
	if len(got) != 5 {
		t.Fatalf("capped to %d rows, want 5", len(got))
	}
	per := map[int32]int{}
	for i, s := range got {
		per[e.rowHead[s.row]]++
		if i > 0 && s.score > got[i-1].score {
			t.Errorf("order lost at %d: %+v", i, got)
		}
	}
	for h, n := range per {
		if n > 2 {
			t.Errorf("heading %d kept %d rows, cap 2", h, n)
		}
	}
}

// TestRowNamingItsHeadingIsHeadline checks that a row whose title is its
// heading's label (the family's unqualified member, as the indexer files
// "Real Gross Domestic Product" under the heading named after the stem of
// "Real Gross Domestic Product for Japan") is the heading's headline, and
// its qualified siblings are not.
func TestRowNamingItsHeadingIsHeadline(t *testing.T) {
	f := &fixture{}
	gdp := []string{"fred", "Gross Domestic Product", "Real Gross Domestic Product"}
	f.add(bundle.SeriesRow{NativeID: "GDPC1", Title: "Real Gross Domestic Product", Country: "USA", Frequency: "Q"}, gdp...)
	for _, c := range []string{"Japan", "Mexico", "Canada"} {
		f.add(bundle.SeriesRow{NativeID: "RGDP" + c, Title: "Real Gross Domestic Product for " + c, Frequency: "Q"}, gdp...)
	}
	e := newEngine(t, f, true, Options{})
	for i := range e.cat.Len() {
		want := e.cat.RowAt(int(i)).ID == "fred:GDPC1"
		if got := e.isHeadline(int32(i)); got != want {
			t.Errorf("%s: headline %v, want %v", e.cat.RowAt(int(i)).ID, got, want)
		}
	}
}

// TestPluralTotalIsHeadline checks that a total phrase whose folded form
// is a singular in -y ("all commodity") still marks the plural title
// ("All Commodities") as its heading's total, and the part not.
func TestPluralTotalIsHeadline(t *testing.T) {
	f := &fixture{}
	ppi := []string{"fred", "Producer Price Index by Commodity"}
	for _, title := range []string{"Producer Price Index by Commodity: All Commodities", "Producer Price Index by Commodity: Lumber", "Producer Price Index by Commodity: Metals"} {
		f.add(bundle.SeriesRow{Title: title, Country: "USA"}, ppi...)
	}
	e := newEngine(t, f, true, Options{})
	if !e.isHeadline(rowOf(t, e, "fred:PRODUCER_PRICE_INDEX_BY_COMMODITY:_ALL_COMMODITIES")) {
		t.Error("All Commodities is not its heading's headline")
	}
	if e.isHeadline(rowOf(t, e, "fred:PRODUCER_PRICE_INDEX_BY_COMMODITY:_LUMBER")) {
		t.Error("a part is a headline")
	}
}

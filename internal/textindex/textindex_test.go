package textindex

import (
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
)

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"TÜRKİYE":        "turkiye",
		"Türkiye":        "turkiye",
		"Ağustos Işık":   "agustos isik",
		"Straße":         "strasse",
		"café\u00a0noir": "cafe noir",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIndexFoldsAndStems(t *testing.T) {
	idx := openIndex(t, writeIndex(t, t.TempDir(), map[string]Doc{
		"evds:A": {Kind: KindRow, Title: "TÜRKİYE Consumer Prices", Heading: "PRICE INDICES", Source: "evds", Country: "TUR"},
		"fred:B": {Kind: KindRow, Title: "Unemployment Rate", Heading: "Employment Situation", Source: "fred", Country: "USA"},
		"h:x":    {Kind: KindHeading, Title: "Consumer Price Index (2003=100)", Source: "evds"},
	}))
	search := func(field, text string) []string {
		q := bleve.NewMatchQuery(text)
		q.SetField(field)
		res, err := idx.Search(bleve.NewSearchRequest(q))
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, h := range res.Hits {
			ids = append(ids, h.ID)
		}
		return ids
	}
	if got := search(FieldTitle, "turkiye"); len(got) != 1 || got[0] != "evds:A" {
		t.Errorf("accent/case folding: %v", got)
	}
	if got := search(FieldTitle, "price"); len(got) != 2 {
		t.Errorf("stemming prices/price: %v", got)
	}
	if got := search(FieldTitle, "unemployed"); len(got) != 0 {
		t.Logf("porter conflates unemployed/unemployment: %v", got)
	}
}

func TestSplitJoined(t *testing.T) {
	for in, want := range map[string]string{
		"I.A.LOANS TO NON_FINANCIAL SECTOR": "I A LOANS TO NON FINANCIAL SECTOR",
		"0.GENERAL":                         "0 GENERAL",
		"A.Total Funding (A1+A2)":           "A Total Funding (A1+A2)",
		"I.A.1.a.Domestic":                  "I A 1 a Domestic",
		"U.S. City Average":                 "US City Average",
		"the U.K.":                          "the UK",
		"inflation 3.5 percent":             "inflation 3.5 percent",
		"TP.FG.J0":                          "TP FG J0",
		"no joins":                          "no joins",
	} {
		if got := SplitJoined(in); got != want {
			t.Errorf("SplitJoined(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAnalyzerSplitsNumberingFromWords(t *testing.T) {
	idx, err := bleve.NewMemOnly(Mapping())
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	an := idx.Mapping().AnalyzerNamed(AnalyzerName)
	var got []string
	for _, tk := range an.Analyze([]byte("I.TOTAL VOLUME OF LOANS")) {
		got = append(got, string(tk.Term))
	}
	want := []string{"i", "total", "volum", "of", "loan"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("analysed %q, want %q", got, want)
	}
}

package weo_test

import (
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
	"github.com/sextant-dev/sextant/catalogsrc/weo"
	"github.com/sextant-dev/sextant/internal/testenv"
)

func spec(dir string) catalogsrc.Spec {
	return catalogsrc.Spec{Kind: "weo", Name: "weo", Files: map[string]string{"file": dir + "/imf/WEOApr2024all.csv"}}
}

func TestSubset(t *testing.T) {
	s := spec(testenv.RepoPath(t, "testdata", "catalogs"))
	src, err := catalogsrc.Open(s)
	if err != nil {
		t.Fatal(err)
	}
	got := sourcetest.Run(t, src, sourcetest.Expect{Spec: s, MinRecords: 300, BreakRole: "file", Encoding: "latin-1"})
	r, ok := got.ByID()["weo:WEOApr2024|Türkiye|Inflation, average consumer prices|Percent change"]
	if !ok {
		t.Fatal("Türkiye inflation row missing (Latin-1 decoding or id format broken)")
	}
	if r.Country != "TUR" || r.Frequency != catalogsrc.Annual || r.Start != "2000-01-01" || r.End != "2023-01-01" || r.Path[0] != "Inflation, average consumer prices" {
		t.Errorf("Türkiye inflation = %+v", r)
	}
	ppp := got.ByID()["weo:WEOApr2024|Türkiye|Gross domestic product, current prices|Purchasing power parity; international dollars"]
	if ppp.Unit != "Billions of Purchasing power parity; international dollars" {
		t.Errorf("quoted ';' unit: %+v", ppp)
	}
	for _, r := range got.Records {
		if r.Country == "" {
			t.Errorf("%s: no country", r.ID)
		}
	}
}

func TestFullScale(t *testing.T) {
	src, err := catalogsrc.Open(spec(testenv.SharedPath(t, "catalogs")))
	if err != nil {
		t.Fatal(err)
	}
	got := sourcetest.ReadAll(t, src)
	sourcetest.CheckRecords(t, "weo", got.Records, sourcetest.Expect{MinRecords: 8624, MaxRecords: 8624})
	missing := map[string]bool{}
	for _, r := range got.Records {
		if r.Country == "" {
			missing[r.Path[0]+"/"+r.Title] = true
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d rows without a country, e.g. %v", len(missing), missing)
	}
}

func FuzzNativeID(f *testing.F) {
	f.Add("Türkiye", "Inflation, average consumer prices", "Percent change")
	f.Fuzz(func(t *testing.T, c, s, u string) {
		if id := weo.NativeID("WEOApr2024", c, s, u); len(id) != len("WEOApr2024")+3+len(c)+len(s)+len(u) {
			t.Fatalf("id %q", id)
		}
	})
}

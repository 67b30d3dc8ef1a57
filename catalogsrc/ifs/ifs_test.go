package ifs_test

import (
	"slices"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/ifs"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
	"github.com/sextant-dev/sextant/internal/testenv"
)

func spec(dir string) catalogsrc.Spec {
	return catalogsrc.Spec{Kind: "ifs", Name: "ifs", Files: map[string]string{"indicators": dir + "/imf/IFS_Indicators.csv"}}
}

func TestSubset(t *testing.T) {
	s := spec(testenv.RepoPath(t, "testdata", "catalogs"))
	src, err := catalogsrc.Open(s)
	if err != nil {
		t.Fatal(err)
	}
	got := sourcetest.Run(t, src, sourcetest.Expect{Spec: s, MinRecords: 100, BreakRole: "indicators"})
	for _, r := range got.Records {
		if r.Country != "" || len(r.Path) == 0 {
			t.Errorf("%s: country %q path %q", r.ID, r.Country, r.Path)
		}
	}
}

func TestSplit(t *testing.T) {
	path, unit := ifs.Split("Monetary, Monetary Authorities, Time, Savings, and Foreign Currency Deposits, Domestic Currency")
	if unit != "Domestic Currency" || !slices.Equal(path[:2], []string{"Monetary", "Monetary Authorities"}) {
		t.Errorf("Split = %q, %q", path, unit)
	}
	if path, unit := ifs.Split("Prices, Consumer Price Index, All items"); unit != "" || len(path) != 2 {
		t.Errorf("Split without unit = %q, %q", path, unit)
	}
}

func TestFullScale(t *testing.T) {
	src, err := catalogsrc.Open(spec(testenv.SharedPath(t, "catalogs")))
	if err != nil {
		t.Fatal(err)
	}
	got := sourcetest.ReadAll(t, src)
	sourcetest.CheckRecords(t, "ifs", got.Records, sourcetest.Expect{MinRecords: 1681, MaxRecords: 1681})
}

func FuzzSplit(f *testing.F) {
	f.Add("Prices, Consumer Price Index, All items, Index")
	f.Add(",,,")
	f.Fuzz(func(t *testing.T, d string) {
		path, _ := ifs.Split(d)
		for _, p := range path {
			if p == "" {
				t.Fatal("empty path element")
			}
		}
	})
}

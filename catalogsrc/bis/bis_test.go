package bis_test

import (
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/bis"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
	"github.com/sextant-dev/sextant/internal/testenv"
)

func spec(path string) catalogsrc.Spec {
	return catalogsrc.Spec{Kind: "bis", Name: "bis", Files: map[string]string{"file": path}}
}

func TestSubset(t *testing.T) {
	s := spec(testenv.RepoPath(t, "testdata", "catalogs", "bis", "policy_rates_monthly.csv"))
	src, err := catalogsrc.Open(s)
	if err != nil {
		t.Fatal(err)
	}
	got := sourcetest.Run(t, src, sourcetest.Expect{Spec: s, MinRecords: 46, MaxRecords: 46, BreakRole: "file"})
	tr := got.ByID()["bis:M.TR"]
	if tr.Country != "TUR" || tr.Title != "Central bank policy rate — Türkiye" || tr.Unit != "Per cent per year" ||
		tr.Frequency != catalogsrc.Monthly || tr.End != "2023-12-01" || tr.Start == "" {
		t.Errorf("M.TR = %+v", tr)
	}
}

func TestArea(t *testing.T) {
	if c, n := bis.Area("TR:Turkey"); c != "TR" || n != "Turkey" {
		t.Errorf("Area = %q, %q", c, n)
	}
}

func TestFullScale(t *testing.T) {
	src, err := catalogsrc.Open(spec(testenv.SharedPath(t, "catalogs", "observations", "bis", "policy_rates_monthly.csv")))
	if err != nil {
		t.Fatal(err)
	}
	got := sourcetest.ReadAll(t, src)
	sourcetest.CheckRecords(t, "bis", got.Records, sourcetest.Expect{MinRecords: 46, MaxRecords: 46})
}

func FuzzArea(f *testing.F) {
	f.Add("TR:Turkey")
	f.Fuzz(func(t *testing.T, s string) {
		c, n := bis.Area(s)
		if len(c)+len(n) > len(s) {
			t.Fatal("parts longer than input")
		}
	})
}

package wdi_test

import (
	"slices"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
	"github.com/sextant-dev/sextant/catalogsrc/wdi"
	"github.com/sextant-dev/sextant/internal/testenv"
)

func spec(dir string) catalogsrc.Spec {
	return catalogsrc.Spec{Kind: "wdi", Name: "wdi", Files: map[string]string{"series": dir + "/wdi/WDISeries.csv"}}
}

func TestSubset(t *testing.T) {
	s := spec(testenv.RepoPath(t, "testdata", "catalogs"))
	src, err := catalogsrc.Open(s)
	if err != nil {
		t.Fatal(err)
	}
	got := sourcetest.Run(t, src, sourcetest.Expect{Spec: s, MinRecords: 50, BreakRole: "series"})
	for _, r := range got.Records {
		if len(r.Path) < 2 || r.Path[0] != "Financial Sector" || r.Frequency != catalogsrc.Annual && r.FrequencyText != "" {
			t.Errorf("%s: path %q freq %q/%q", r.ID, r.Path, r.Frequency, r.FrequencyText)
		}
	}
}

func TestTopicPath(t *testing.T) {
	if p := wdi.TopicPath("Financial Sector: Interest rates"); !slices.Equal(p, []string{"Financial Sector", "Interest rates"}) {
		t.Errorf("TopicPath = %q", p)
	}
}

func TestFullScale(t *testing.T) {
	src, err := catalogsrc.Open(spec(testenv.SharedPath(t, "catalogs")))
	if err != nil {
		t.Fatal(err)
	}
	got := sourcetest.ReadAll(t, src)
	sourcetest.CheckRecords(t, "wdi", got.Records, sourcetest.Expect{MinRecords: 1599, MaxRecords: 1599})
}

func FuzzTopicPath(f *testing.F) {
	f.Add("Economic Policy & Debt: Balance of payments: Current account")
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range wdi.TopicPath(s) {
			if p == "" {
				t.Fatal("empty element")
			}
		}
	})
}

package eurostat_test

import (
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/eurostat"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
	"github.com/sextant-dev/sextant/internal/testenv"
)

func spec(dir string) catalogsrc.Spec {
	return catalogsrc.Spec{Kind: "eurostat", Name: "eurostat", Files: map[string]string{"toc": dir + "/eurostat/table_of_contents_en.txt"}}
}

func TestSubset(t *testing.T) {
	s := spec(testenv.RepoPath(t, "testdata", "catalogs"))
	src, err := catalogsrc.Open(s)
	if err != nil {
		t.Fatal(err)
	}
	got := sourcetest.Run(t, src, sourcetest.Expect{Spec: s, MinRecords: 100, BreakRole: "toc"})
	for _, r := range got.Records {
		if len(r.Path) == 0 || r.Path[0] == "Database by themes" {
			t.Errorf("%s: path %q", r.ID, r.Path)
		}
	}
}

func TestLevel(t *testing.T) {
	if l, s := eurostat.Level("        Balance of payments "); l != 2 || s != "Balance of payments" {
		t.Errorf("Level = %d, %q", l, s)
	}
}

func TestPeriodFrequency(t *testing.T) {
	for in, want := range map[string]catalogsrc.Frequency{
		"1983M01": catalogsrc.Monthly, "1990Q1": catalogsrc.Quarterly, "2001S1": catalogsrc.Semiannual,
		"2010W01": catalogsrc.Weekly, "2000M01D01": catalogsrc.Daily, "2018": catalogsrc.Annual,
		" 1995 ": catalogsrc.Annual, "": catalogsrc.Unknown, "LTAA": catalogsrc.Unknown,
		"1990Q": catalogsrc.Unknown, "19x0M01": catalogsrc.Unknown, "2001X1": catalogsrc.Unknown,
	} {
		if got := eurostat.PeriodFrequency(in); got != want {
			t.Errorf("PeriodFrequency(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFullScale(t *testing.T) {
	src, err := catalogsrc.Open(spec(testenv.SharedPath(t, "catalogs")))
	if err != nil {
		t.Fatal(err)
	}
	got := sourcetest.ReadAll(t, src)
	// 8,881 dataset/table entries, 6,953 distinct codes (others are cross-listings).
	sourcetest.CheckRecords(t, "eurostat", got.Records, sourcetest.Expect{MinRecords: 6953, MaxRecords: 6953})
	freq := map[catalogsrc.Frequency]int{}
	for _, r := range got.Records {
		freq[r.Frequency]++
		if r.ID == "eurostat:une_rt_m" && r.Frequency != catalogsrc.Monthly {
			t.Errorf("une_rt_m (monthly data): frequency %q", r.Frequency)
		}
	}
	// Most datasets are annual; hundreds are quarterly and monthly.
	if freq[catalogsrc.Annual] < 3000 || freq[catalogsrc.Quarterly] < 100 || freq[catalogsrc.Monthly] < 100 {
		t.Errorf("frequencies read from the first period: %v", freq)
	}
	t.Logf("%d records, %d problems", len(got.Records), len(got.Problems))
}

func FuzzLevel(f *testing.F) {
	f.Add("            Balance of payments")
	f.Fuzz(func(t *testing.T, s string) {
		if l, _ := eurostat.Level(s); l < 0 || l > len(s)/eurostat.Indent {
			t.Fatalf("level %d for %q", l, s)
		}
	})
}

// The datasets break down by the EU, the euro area and their members, not
// by every country Eurostat ever prints.
func TestCoversTheUnionAndItsMembers(t *testing.T) {
	src, err := catalogsrc.Open(spec(testenv.RepoPath(t, "testdata", "catalogs")))
	if err != nil {
		t.Fatal(err)
	}
	c, ok := src.(interface{ Covers() []string })
	if !ok {
		t.Fatal("the Eurostat source does not say what it covers")
	}
	covers := map[string]bool{}
	for _, code := range c.Covers() {
		if covers[code] {
			t.Errorf("%s listed twice", code)
		}
		covers[code] = true
	}
	for _, want := range []string{"EUU", "EMU", "DEU", "POL", "HRV"} {
		if !covers[want] {
			t.Errorf("covers lacks %s", want)
		}
	}
	for _, not := range []string{"TUR", "GBR", "USA"} {
		if covers[not] {
			t.Errorf("covers holds %s", not)
		}
	}
	if len(covers) != 29 {
		t.Errorf("covers %d places; want the EU, the euro area and 27 members", len(covers))
	}
}

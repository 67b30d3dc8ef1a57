package evds_test

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/evds"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
	"github.com/sextant-dev/sextant/internal/testenv"
)

func spec(dir string) catalogsrc.Spec {
	return catalogsrc.Spec{Kind: "evds", Name: "evds", Files: map[string]string{
		"allseries": dir + "/evds/cbrt_allseries.csv", "meta2020": dir + "/evds/cbrt_meta_data_2020.csv",
		"index_en": dir + "/evds/evds_index_en.json", "index_tr": dir + "/evds/evds_index_tr.json",
		"groups": dir + "/evds/cbrt_groups.csv", "categories": dir + "/evds/cbrt_categories.csv",
	}}
}

func open(t *testing.T, s catalogsrc.Spec) catalogsrc.Source {
	t.Helper()
	src, err := catalogsrc.Open(s)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestAltTitlesSayNew checks that no alternative title only respells the
// title or another alternative (case, spaces, punctuation): such a
// respelling adds no words and would count the row's words twice.
func TestAltTitlesSayNew(t *testing.T) {
	s := spec(testenv.RepoPath(t, "testdata", "catalogs"))
	key := func(x string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return unicode.ToLower(r)
			}
			return -1
		}, x)
	}
	withAlts := 0
	for _, r := range sourcetest.Run(t, open(t, s), sourcetest.Expect{Spec: s, MinRecords: 900, BreakRole: "allseries"}).Records {
		seen := map[string]bool{key(r.Title): true}
		for _, a := range r.AltTitles {
			if seen[key(a)] {
				t.Errorf("%s: alternative title %q respells %q or another alternative %q", r.ID, a, r.Title, r.AltTitles)
			}
			seen[key(a)] = true
		}
		if len(r.AltTitles) > 0 {
			withAlts++
		}
	}
	if withAlts == 0 {
		t.Error("no record has an alternative title: the check above checked nothing")
	}
}

func TestSubset(t *testing.T) {
	s := spec(testenv.RepoPath(t, "testdata", "catalogs"))
	got := sourcetest.Run(t, open(t, s), sourcetest.Expect{Spec: s, MinRecords: 900, BreakRole: "allseries"})
	by := got.ByID()
	cpi, ok := by["evds:TP.FG.J0"]
	if !ok {
		t.Fatal("evds:TP.FG.J0 missing")
	}
	if !slices.Equal(cpi.Path, []string{"PRICE INDICES", "TURKSTAT- Consumer Price Index (2003=100)"}) {
		t.Errorf("TP.FG.J0 path %q", cpi.Path)
	}
	// 2025 vintage wins: its end date, its name; the Turkish names are alt titles.
	if cpi.End != "2025-08-01" || cpi.Start != "2003-01-01" || cpi.Vintage != "2025" || cpi.Title != "0.GENERAL" {
		t.Errorf("TP.FG.J0 = %+v", cpi)
	}
	if !slices.Contains(cpi.AltTitles, "0.GENEL (Tüketici)") || !slices.Contains(cpi.AltTitles, "0.GENEL") {
		t.Errorf("TP.FG.J0 alt titles %q lack the Turkish names", cpi.AltTitles)
	}
	if cpi.Unit != "Index 2003=100" || cpi.Country != "TUR" || cpi.Frequency != catalogsrc.Monthly || cpi.Aggregation != "avg" {
		t.Errorf("TP.FG.J0 unit %q country %q freq %q agg %q", cpi.Unit, cpi.Country, cpi.Frequency, cpi.Aggregation)
	}
	// The 2024 row with an empty name falls back to the 2020 Turkish name.
	if r, ok := by["evds:TP.UREN.K21.2010"]; !ok || !strings.HasPrefix(r.Title, "16-Ağaç") {
		t.Errorf("TP.UREN.K21.2010 = %+v, %v", r, ok)
	}
	// Duplicate codes in the 2024 file are reported with line and field.
	dups := 0
	for _, p := range got.Problems {
		if p.Field == "seriesCode" && strings.Contains(p.Reason, "duplicate") && strings.HasSuffix(p.Pos.File, "cbrt_allseries.csv") && p.Pos.Line > 1 {
			dups++
		}
	}
	if dups == 0 {
		t.Errorf("no duplicate-code problems; got %v", got.Problems)
	}
	// Codes only in the 2025 index still get a path, borrowed from siblings or Unclassified.
	for _, r := range got.Records {
		if r.Vintage == "2025" && len(r.Path) == 0 {
			t.Errorf("%s has no path", r.ID)
		}
	}
}

func TestUnitFromName(t *testing.T) {
	for in, want := range map[string]string{
		"Gold(Million USD)": "Million USD", "Central Bank Weekly Statement (TRY Thousand) (Archive)": "TRY Thousand",
		"TURKSTAT- Consumer Price Index (2003=100)": "Index 2003=100", "Unemployment rate (%)": "%",
		"(O/N)Weighted Average Interest Rate(REPO)": "", "0.GENERAL": "", "Exports (CBRT)": "",
	} {
		if got := evds.UnitFromName(in); got != want {
			t.Errorf("UnitFromName(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestFullScale(t *testing.T) {
	dir := testenv.SharedPath(t, "catalogs")
	if testing.Short() {
		t.Skip("short")
	}
	s := spec(dir)
	got := sourcetest.ReadAll(t, open(t, s))
	sourcetest.CheckRecords(t, "evds", got.Records, sourcetest.Expect{MinRecords: 41000, MaxRecords: 43000})
	t.Logf("%d records, %d problems", len(got.Records), len(got.Problems))
}

func FuzzUnitFromName(f *testing.F) {
	for _, s := range []string{"Gold(Million USD)", "a (b) (c)", "((", "x)", "(2003=100)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if u := evds.UnitFromName(name); len(u) > len(name)+6 {
			t.Fatalf("unit %q longer than name %q", u, name)
		}
	})
}

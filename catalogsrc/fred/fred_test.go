package fred_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/fred"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
	"github.com/sextant-dev/sextant/internal/testenv"
)

func spec(dir string, opts map[string]string) catalogsrc.Spec {
	return catalogsrc.Spec{Kind: "fred", Name: "fred", Options: opts, Files: map[string]string{
		"series": dir + "/fred/fred_release_series.csv", "info": dir + "/fred/fred-series-info.txt"}}
}

func open(t testing.TB, s catalogsrc.Spec) catalogsrc.Source {
	t.Helper()
	src, err := catalogsrc.Open(s)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func TestSubset(t *testing.T) {
	s := spec(testenv.RepoPath(t, "testdata", "catalogs"), nil)
	got := sourcetest.Run(t, open(t, s), sourcetest.Expect{Spec: s, MinRecords: 500, BreakRole: "series"})
	by := got.ByID()
	un := by["fred:UNRATE"]
	if un.Title != "Unemployment Rate" || un.End != "2022-11-01" || un.Start != "" || un.Country != "USA" ||
		un.SeasonalAdjustment != "SA" || un.Frequency != catalogsrc.Monthly || len(un.Path) != 1 || un.Path[0] != "Employment Situation" {
		t.Errorf("UNRATE = %+v", un)
	}
	if un.Unit != "Percent" {
		t.Errorf("UNRATE unit %q; want Percent (scale code P)", un.Unit)
	}
	if p := by["fred:PAYEMS"]; p.Unit != "Thousands of Persons" && p.Unit != "Thousands" {
		t.Errorf("PAYEMS unit %q", p.Unit)
	}
	for _, id := range []string{"fred:CPIAUCSL", "fred:FEDFUNDS"} {
		if _, ok := by[id]; !ok {
			t.Errorf("%s missing", id)
		}
	}
}

func TestInfoUnitsOverrideScale(t *testing.T) {
	dir := t.TempDir()
	series := filepath.Join(dir, "s.csv")
	info := filepath.Join(dir, "i.txt")
	os.WriteFile(series, []byte("series_id,title,scale_code,seasonal_adjustment,frequency,last_observation,last_updated,release_id,release_name\n"+
		"GDP,Gross Domestic Product,B,SAAR,Quarterly,01-Jul-2022,27-Oct-2022,53,Gross Domestic Product\n"+
		"X1,Consumer Price Index for Turkey,,NSA,Monthly,01-Oct-2022,01-Nov-2022,251,HICP\n"+
		"X2,Bad date,,NSA,Monthly,32-Oct-2022,01-Nov-2022,251,HICP\n"), 0o644)
	os.WriteFile(info, []byte("Name\tTitle\tMethod\tFrequency\tUnits\tType\tLast Download\tLast Data Update\n"+
		"GDP\tGross Domestic Product\tSAAR\tQuarterly\tBillions of Dollars\tLIN\t02-Dec-2022\t27-Oct-2022\n"), 0o644)
	s := catalogsrc.Spec{Kind: "fred", Name: "fred", Files: map[string]string{"series": series, "info": info}}
	got := sourcetest.ReadAll(t, open(t, s))
	by := got.ByID()
	if by["fred:GDP"].Unit != "Billions of Dollars" {
		t.Errorf("GDP unit %q", by["fred:GDP"].Unit)
	}
	if by["fred:X1"].Country != "TUR" {
		t.Errorf("X1 country %q", by["fred:X1"].Country)
	}
	if len(got.Problems) != 1 || got.Problems[0].Pos.Line != 4 || got.Problems[0].Field != "last_observation" {
		t.Errorf("problems %v", got.Problems)
	}
	// include_releases by name or id, and max_rows.
	s.Options = map[string]string{"include_releases": "hicp"}
	if got := sourcetest.ReadAll(t, open(t, s)); len(got.Records) != 1 {
		t.Errorf("include_releases by name: %d records", len(got.Records))
	}
	s.Options = map[string]string{"include_releases": "53, 251", "max_rows": "1"}
	if got := sourcetest.ReadAll(t, open(t, s)); len(got.Records) != 1 || got.Records[0].NativeID != "GDP" {
		t.Errorf("max_rows: %+v", got.Records)
	}
	s.Options = map[string]string{"max_rows": "-3"}
	if _, err := catalogsrc.Open(s); err == nil {
		t.Error("negative max_rows accepted")
	}
}

func TestCountryOf(t *testing.T) {
	for title, want := range map[string]string{
		"Unemployment Rate":                     "USA",
		"Inflation, consumer prices for Turkey": "TUR",
		"OECD based Recession Indicators for Turkey from the Period following the Peak through the Trough": "TUR",
		"Average Price: Turkey, Frozen, Whole (Cost per Pound/453.6 Grams) in U.S. City Average":           "USA",
		"Turkish Intervention: Central Bank of Turkey Purchases of USD (Millions of USD)":                  "TUR",
		"All Employees: Construction in Georgia":                                                           "",
		"Unemployment Rate in California":                                                                  "USA",
		"Real GDP in the United Kingdom":                                                                   "GBR",
		"Harmonized Unemployment Rate: Total: All Persons for the Euro Area":                               "EMU",
		"Harmonized Index of Consumer Prices: All Items for Euro area (19 countries)":                      "EMU",
		"Real Gross Domestic Product for European Union (28 countries)":                                    "EUU",
		"Gross Domestic Product for World":                                                                 "",
	} {
		if got := fred.CountryOf(title); got != want {
			t.Errorf("CountryOf(%q) = %q; want %q", title, got, want)
		}
	}
}

func TestFullScale(t *testing.T) {
	dir := testenv.SharedPath(t, "catalogs")
	s := spec(dir, nil)
	got := sourcetest.ReadAll(t, open(t, s))
	sourcetest.CheckRecords(t, "fred", got.Records, sourcetest.Expect{MinRecords: 303652, MaxRecords: 303652})
	if len(got.Problems) != 0 {
		t.Errorf("%d problems, first %v", len(got.Problems), got.Problems[0])
	}
	s.Options = map[string]string{"include_releases": "Employment Situation,Consumer Price Index,H.15 Selected Interest Rates"}
	if got := sourcetest.ReadAll(t, open(t, s)); len(got.Records) != 3571+4609+270 {
		t.Errorf("three releases: %d records; want %d", len(got.Records), 3571+4609+270)
	}
}

// counter is a sink that keeps nothing, so the benchmark measures reading.
type counter struct{ n int }

func (c *counter) Add(catalogsrc.Record) error { c.n++; return nil }
func (c *counter) Reject(catalogsrc.Problem)   {}

func BenchmarkFullRead(b *testing.B) {
	src := open(b, spec(testenv.SharedPath(b, "catalogs"), nil))
	for b.Loop() {
		c := &counter{}
		if err := src.Read(context.Background(), c); err != nil || c.n != 303652 {
			b.Fatal(err, c.n)
		}
	}
}

func FuzzCountryOf(f *testing.F) {
	for _, s := range []string{"Unemployment Rate in Georgia", "CPI for Türkiye", "for the", "in"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, title string) {
		if c := fred.CountryOf(title); c != "" && len(c) != 3 {
			t.Fatalf("CountryOf(%q) = %q", title, c)
		}
	})
}

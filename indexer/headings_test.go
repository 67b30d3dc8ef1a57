package indexer

import (
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/bundle"

	"github.com/sextant-dev/sextant/catalogsrc"
)

func TestDeriveHeadingsClustersCountries(t *testing.T) {
	rec := func(id, title, country string) catalogsrc.Record {
		return catalogsrc.Record{ID: "fred:" + id, NativeID: id, Source: "fred", Title: title, Country: country, Path: []string{"International Data"}}
	}
	recs := []catalogsrc.Record{
		rec("A", "Real GDP for Turkey", "TUR"),
		rec("B", "Real GDP for Germany", "DEU"),
		rec("C", "Real GDP for France", "FRA"),
		rec("D", "Exports for Turkey", "TUR"),
		rec("E", "Exports for Germany", "DEU"),
		rec("F", "Some national series", ""),
	}
	ids, heads := deriveHeadings(recs, map[string]string{"fred": "FRED"}, nil)
	byID := map[string]int{}
	for i, h := range heads {
		byID[h.ID] = i
	}
	gdp := heads[byID[ids[0]]]
	if ids[0] != ids[1] || ids[1] != ids[2] || gdp.Label != "Real GDP" || !gdp.Derived || gdp.DirectRows != 3 {
		t.Fatalf("GDP rows not clustered: %+v", gdp)
	}
	if ids[3] == ids[0] || heads[byID[ids[3]]].Derived {
		t.Errorf("two rows are a pair, not a family: %+v", heads[byID[ids[3]]])
	}
	parent := heads[byID[gdp.ParentID]]
	if parent.Label != "International Data" || parent.LeafRows != 6 || parent.DirectRows != 3 {
		t.Errorf("parent %+v", parent)
	}
	root := heads[byID[parent.ParentID]]
	if root.Label != "FRED" || root.LeafRows != 6 || root.Depth != 0 {
		t.Errorf("root %+v", root)
	}
	// Stable ids: the same input gives the same ids.
	ids2, _ := deriveHeadings(recs, map[string]string{"fred": "FRED"}, nil)
	for i := range ids {
		if ids[i] != ids2[i] {
			t.Fatal("heading ids are not stable")
		}
	}
}

func TestTemplateLabel(t *testing.T) {
	for in, want := range map[string]string{
		"Real GDP for {}":                    "Real GDP",
		"{}: Consumer Prices":                "Consumer Prices",
		"Unemployment Rate in {} (DISC.)":    "Unemployment Rate (DISC.)",
		"Central bank policy rate — {}":      "Central bank policy rate",
		"Exports of Goods from {} to Asia":   "Exports of Goods to Asia",
		"Youth Unemployment Rate for the {}": "Youth Unemployment Rate", // "for the Netherlands"
		"Imports in the {} (DISC.)":          "Imports (DISC.)",
		"The {} Index":                       "Index", // an article before the place goes with it
		"Theory of {}":                       "Theory",
	} {
		if got := templateLabel(in); got != want {
			t.Errorf("templateLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

// An area's rows join the family of its members' rows: the place is read
// with the composition the source prints after it.
func TestAreaTitlesJoinTheirFamily(t *testing.T) {
	for title, area := range map[string]string{
		"Harmonized Index of Consumer Prices: All Items for Euro area (19 countries)":      "EMU",
		"Harmonized Index of Consumer Prices: All Items for European Union (28 countries)": "EUU",
		"Youth Unemployment Rate for the Euro Area":                                        "EMU",
	} {
		member := "Harmonized Index of Consumer Prices: All Items for Germany"
		if strings.HasPrefix(title, "Youth") {
			member = "Youth Unemployment Rate for Germany"
		}
		got, want := templateLabel(countryTemplate(title, area)), templateLabel(countryTemplate(member, "DEU"))
		if got != want {
			t.Errorf("%q heads %q; its member heads %q", title, got, want)
		}
	}
}

func TestDeriveHeadingsByTitleStem(t *testing.T) {
	rec := func(id, title string) catalogsrc.Record {
		return catalogsrc.Record{ID: "fred:" + id, NativeID: id, Source: "fred", Title: title, Path: []string{"Employment Situation"}}
	}
	recs := []catalogsrc.Record{
		rec("A", "All Employees: Total Nonfarm"),
		rec("B", "All Employees: Manufacturing"),
		rec("C", "All Employees: Construction"),
		rec("D", "Unemployment Rate"),
		rec("E", "Average Hourly Earnings: Mining"),
	}
	ids, heads := deriveHeadings(recs, map[string]string{"fred": "FRED"}, map[string]bool{"fred": true})
	byID := map[string]bundle.HeadingRow{}
	for _, h := range heads {
		byID[h.ID] = h
	}
	if h := byID[ids[0]]; ids[0] != ids[2] || h.Label != "All Employees" || !h.Derived || h.DirectRows != 3 {
		t.Fatalf("stem heading: %+v", h)
	}
	for _, i := range []int{3, 4} {
		if h := byID[ids[i]]; h.Label != "Employment Situation" {
			t.Errorf("row %d should stay under the release, got %q", i, h.Label)
		}
	}
	// A title that is the stem itself joins the stem's heading.
	withTotal := append(recs, rec("F", "All Employees"))
	idsT, headsT := deriveHeadings(withTotal, map[string]string{"fred": "FRED"}, map[string]bool{"fred": true})
	if idsT[5] != idsT[0] {
		t.Errorf("the unqualified row is under %q, its family under %q", idsT[5], idsT[0])
	}
	for _, h := range headsT {
		if h.ID == idsT[0] && h.DirectRows != 4 {
			t.Errorf("family heading holds %d rows, want 4", h.DirectRows)
		}
	}
	// Stems differ in case only: one family, labelled as its first row
	// writes it, the bare member (in title case) included.
	cased := append(recs,
		rec("G", "Real exports of goods and services: Residual"),
		rec("H", "Real Exports of Goods and Services: Chained"),
		rec("I", "Real exports of goods and services, command basis"),
		rec("J", "Real Exports of Goods and Services"))
	idsC, headsC := deriveHeadings(cased, map[string]string{"fred": "FRED"}, map[string]bool{"fred": true})
	if idsC[5] != idsC[6] || idsC[5] != idsC[7] || idsC[5] != idsC[8] {
		t.Errorf("stems differing in case split: %v", idsC[5:])
	}
	for _, h := range headsC {
		if h.ID == idsC[5] && (h.Label != "Real exports of goods and services" || h.DirectRows != 4) {
			t.Errorf("family heading %q with %d rows, want the first row's casing and 4 rows", h.Label, h.DirectRows)
		}
	}
	// Without the option, nothing is derived.
	ids2, _ := deriveHeadings(recs, map[string]string{"fred": "FRED"}, nil)
	if ids2[0] != ids2[3] {
		t.Error("stem headings derived for a source that did not ask for them")
	}
	// A stem every row shares is no split.
	same := []catalogsrc.Record{rec("A", "X: a"), rec("B", "X: b"), rec("C", "X: c")}
	ids3, heads3 := deriveHeadings(same, map[string]string{"fred": "FRED"}, map[string]bool{"fred": true})
	for _, h := range heads3 {
		if h.ID == ids3[0] && h.Derived {
			t.Errorf("derived a heading equal to its parent: %+v", h)
		}
	}
}

// TestDeriveHeadingsFamilyOfFamilies checks the level above stem
// families: rows qualifying one quantity with " - " in two or more ways
// go under a heading named after it, each family of three or more rows
// under its own heading below, and the row titled with the bare quantity
// joins that upper heading.
func TestDeriveHeadingsFamilyOfFamilies(t *testing.T) {
	rec := func(id, title string) catalogsrc.Record {
		return catalogsrc.Record{ID: "fred:" + id, NativeID: id, Source: "fred", Title: title, Path: []string{"Employment Situation"}}
	}
	recs := []catalogsrc.Record{
		rec("EMRATIO", "Employment-Population Ratio"),
		rec("M1", "Employment-Population Ratio - Men"),
		rec("M2", "Employment-Population Ratio - Men, Total Veterans, 18 Years and over"),
		rec("M3", "Employment-Population Ratio - Men, Nonveterans, 18 Years and over"),
		rec("W1", "Employment-Population Ratio - Women"),
		rec("U", "Unemployment Rate"),
		rec("M4", "Employment-Population Ratio - Men, 20 Years and over"),
		rec("A", "All Employees: Total Nonfarm"),
	}
	ids, heads := deriveHeadings(recs, map[string]string{"fred": "FRED"}, map[string]bool{"fred": true})
	byID := map[string]bundle.HeadingRow{}
	for _, h := range heads {
		byID[h.ID] = h
	}
	top := byID[ids[0]]
	if top.Label != "Employment-Population Ratio" || !top.Derived {
		t.Fatalf("the bare quantity is under %+v", top)
	}
	men := byID[ids[2]]
	if ids[1] != ids[2] || ids[2] != ids[3] || men.Label != "Employment-Population Ratio - Men" || men.ParentID != top.ID {
		t.Errorf("the men's family: %+v (rows under %q, %q, %q)", men, ids[1], ids[2], ids[3])
	}
	if w := byID[ids[4]]; ids[4] != top.ID {
		t.Errorf("a lone qualified row goes under the parent, got %+v", w)
	}
	for _, i := range []int{5, 7} {
		if h := byID[ids[i]]; h.Label != "Employment Situation" {
			t.Errorf("row %d should stay under the release, got %q", i, h.Label)
		}
	}
}

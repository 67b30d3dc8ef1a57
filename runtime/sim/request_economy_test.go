package sim

import (
	"slices"
	"strings"
	"testing"
)

// "industrial production and nominal GDP": with the production index
// settled as American, a GDP row of another economy that fits the words
// best is not taken before the words are searched in that economy; once
// that search is made, the best row shown stands.
func TestSeriesWithoutEconomySearchedInTheRequestsOne(t *testing.T) {
	s := subject{phrase: "nominal gdp", terms: terms("nominal gdp")}
	ip := Candidate{ID: "fred:INDPRO", Title: "Industrial Production: Total Index", Unit: "Index 2017=100", Freq: "M", Country: "USA"}
	ca := Candidate{ID: "ifs:NGDP_SA_XDC.CA", Title: "Gross Domestic Product, Nominal, Seasonally Adjusted, Domestic Currency — Canada", Unit: "Domestic currency", Freq: "Q", Country: "CAN"}
	v := view{cands: map[string]Candidate{ip.ID: ip, ca.ID: ca}, order: []string{ip.ID, ca.ID}}
	used := map[string]bool{ip.ID: true}
	best, dec, _ := Policy{}.best(v, s, "Q", used)
	w, home, ok := v.homeSearch(Policy{}, s, best, dec, "Q", used)
	if !ok || home.iso3 != "USA" || !strings.Contains(w["query"].(string), "United States") {
		t.Fatalf("search %v in %v (%v), want the words searched in the United States", w, home, ok)
	}
	v.calls = append(v.calls, pastCall{name: "search_catalog", args: w, seen: true})
	for range maxWordings {
		w, _, ok = v.homeSearch(Policy{}, s, best, dec, "Q", used)
		if !ok {
			break
		}
		v.calls = append(v.calls, pastCall{name: "search_catalog", args: w, seen: true})
	}
	if ok {
		t.Errorf("after every wording in the United States, still searching: %v", w)
	}
	// A row of the request's economy needs no such search, nor does a
	// request of no one economy.
	if _, _, ok := v.homeSearch(Policy{}, s, ip, true, "Q", used); ok {
		t.Error("searched again for a row of the request's economy")
	}
	if _, _, ok := v.homeSearch(Policy{}, s, best, dec, "Q", nil); ok {
		t.Error("searched in an economy no settled series is of")
	}
}

// A later sentence that names an arithmetic's operand with a unit
// ("Careful: … the GDP one in billions") mentions it again; a bracket that
// lists a sector and a unit qualifies the series before it; "set that
// beside" is a verb of layout.
func TestUnitNotesSectorBracketsAndLayoutVerbs(t *testing.T) {
	in := understand("Treasury's total public debt outstanding relative to nominal GDP, quarterly. Careful: the debt figure is in millions, the GDP one in billions (saar).", nil)
	if len(in.subjects) != 0 || len(in.derives) != 1 || in.derives[0].op != "share" {
		t.Errorf("subjects %v, derivations %+v; want only the share of debt in GDP", subjectKeys(in), in.derives)
	}
	in = understand("Set that beside the WEO gross debt ratio for America (general govt, % of GDP).", []string{"debt relative to GDP"})
	if len(in.subjects) != 1 || !slices.Contains(in.subjects[0].terms, "government") || !slices.Contains(in.subjects[0].terms, "debt") || in.subjects[0].unit == "" {
		t.Errorf("subjects %v, want one debt ratio of general government in percent of GDP", subjectKeys(in))
	}
	// A bracket of a frequency and a conversion qualifies nothing: the
	// unit after it is the next series'.
	in = understand("BEA nominal GDP (quarterly SAAR, average to years) vs WEO's US GDP in current dollars, 2000-2023.", nil)
	if len(in.subjects) != 2 || in.subjects[0].unit != "" || !slices.Equal(in.subjects[0].sources, []string{"fred"}) {
		t.Errorf("subjects %+v, want BEA's GDP with no unit, then the WEO's in dollars", in.subjects)
	}
	// A bracket listing two series, or two versions, is not one's qualifiers.
	if _, ok := qualifyingList("nominal, real"); ok {
		t.Error("two versions read as qualifiers")
	}
	if _, ok := qualifyingList("exports, imports"); ok {
		t.Error("two series read as qualifiers")
	}
}

// "by how many percentage points do the two measures differ": the
// difference between the newest two columns alike in unit, a made ratio
// beside a published one, not a level beside a percent.
func TestTheTwoMeasuresDiffer(t *testing.T) {
	in := understand("year by year, by how many percentage points do the two measures differ?", []string{"debt relative to GDP", "beside the WEO ratio"})
	if len(in.subjects) != 0 || len(in.derives) != 1 || in.derives[0].op != "spread" {
		t.Fatalf("subjects %v, derivations %+v; want one difference", subjectKeys(in), in.derives)
	}
	v := view{table: "main", cands: map[string]Candidate{}, columns: []Column{
		{Name: "debt", SeriesID: "fred:GFDEBTN", Unit: "Millions of Dollars"},
		{Name: "gdp", SeriesID: "fred:GDP", Unit: "Billions of Dollars"},
		{Name: "debt_gdp", SeriesID: "fred:GFDEBTN", Derived: "share", From: []string{"debt", "gdp"}, Unit: "Percent"},
		{Name: "weo_debt", SeriesID: "weo:USA|GGXWDG_NGDP", Unit: "Percent of GDP"},
	}}
	var got []string
	for _, o := range in.derives[0].operands {
		c, ok := v.resolve(o, false)
		if !ok {
			t.Fatalf("operand %+v not resolved", o)
		}
		got = append(got, c.Name)
	}
	if !slices.Equal(got, []string{"debt_gdp", "weo_debt"}) {
		t.Errorf("the two measures are %v, want the made ratio and the published one", got)
	}
}

// "US$ billions" is a unit and names no economy; "the combined
// four-country surplus" is the sum of the four newest columns.
func TestDollarSignUnitAndCombinedCount(t *testing.T) {
	in := understand("WEO current-account balances, US$ billions — Korea, Thailand, Malaysia, Vietnam — 2000 to 2023.", nil)
	if len(in.subjects) != 4 || slices.ContainsFunc(in.subjects, func(s subject) bool { return s.country.iso3 == "USA" || s.unit == "" }) {
		t.Errorf("subjects %v, want the balance in dollars of each of the four", subjectKeys(in))
	}
	if n, ok := sumOf("the combined four-country surplus"); !ok || n != 4 {
		t.Errorf("sumOf = %d, %v; want the four newest columns", n, ok)
	}
	if n, ok := sumOf("the combined surplus"); !ok || n != -1 {
		t.Errorf("sumOf = %d, %v; want every column", n, ok)
	}
}

// An apology that opens a request names no series.
func TestApologyNamesNoSeries(t *testing.T) {
	in := understand("Sorry to trouble you. I would like the net debt, in percent of GDP, for Japan, 2005 to 2023.", nil)
	if len(in.subjects) != 1 || in.subjects[0].phrase != "net debt" {
		t.Errorf("subjects %v, want Japan's net debt alone", subjectKeys(in))
	}
}

package sim

import (
	"slices"
	"strings"
	"testing"
)

// A bracket saying what a version leaves out defines the version before
// it ("core CPI (ex food and energy)"), in a list too; after a phrase
// naming no version it is that phrase's words. A framing sentence names
// no series when the rest of the message names the operands of a
// derivation.
func TestExclusionBracketsAndFramingBeforeDerivations(t *testing.T) {
	in := understand("headline CPI and core CPI (ex food and energy), both SA, 2000 to 2019", nil)
	if got := subjectKeys(in); !slices.Equal(got, []string{"headline cpi|", "core cpi|"}) {
		t.Errorf("subjects %v, want headline and core CPI", got)
	}
	in = understand("CPI (ex food and energy) for the US, 2000 to 2019", nil)
	if len(in.subjects) != 1 || !slices.Contains(in.subjects[0].terms, "energy") || in.subjects[0].country.iso3 != "USA" {
		t.Errorf("subjects %v, want one US CPI that says what it leaves out", subjectKeys(in))
	}
	in = understand("For this week's newsletter: headline CPI and core CPI, both SA, 2000 to 2019, with 12-month % changes.", nil)
	if slices.ContainsFunc(in.subjects, func(s subject) bool { return strings.Contains(s.phrase, "newsletter") }) {
		t.Errorf("subjects %v: the framing named a series", subjectKeys(in))
	}
	var ops []string
	for _, d := range in.derives {
		for _, o := range d.operands {
			ops = append(ops, o.phrase)
		}
	}
	if !slices.Equal(ops, []string{"headline cpi", "core cpi"}) {
		t.Errorf("operands %v, want the changes of headline and core CPI", ops)
	}
	// A message that is all framing keeps what it names.
	if in := understand("I am preparing a report on inflation in Brazil.", nil); len(in.subjects) != 1 {
		t.Errorf("subjects %v, want Brazilian inflation", subjectKeys(in))
	}
}

// "Does your per-person figure match the IMF's published GDP per capita":
// a comparison of the column made with the publisher's series asks for
// that series; a ratio a publisher publishes is no arithmetic.
func TestYourFigureAgainstThePublishedOne(t *testing.T) {
	in := understand("Does your per-person figure match the IMF's published GDP per capita in dollars? Line them up.",
		[]string{"GDP in current dollars and population for India and Vietnam, and dollars per person worked out from those two."})
	if len(in.derives) != 0 || len(in.subjects) != 2 || !slices.Contains(in.subjects[0].terms, "capita") {
		t.Errorf("subjects %v, %d derivations; want GDP per capita of each economy and no arithmetic", subjectKeys(in), len(in.derives))
	}
	if in := understand("GDP per capita for India and Vietnam: GDP over population", nil); len(in.derives) == 0 {
		t.Error("a ratio spelled out is no longer read")
	}
}

// "dollars per person worked out from those two": how the result is made
// is no operand's words, and no published series stands in for it.
func TestMadeFromThoseTwo(t *testing.T) {
	in := understand("I want GDP in current dollars and population for India and Vietnam, 2000-2023, and dollars per person worked out from those two.", nil)
	if len(in.derives) != 2 {
		t.Fatalf("%d derivations, want one ratio per economy", len(in.derives))
	}
	for _, d := range in.derives {
		if d.op != "ratio" || len(d.asSeries) != 0 || slices.ContainsFunc(d.operands, func(o operand) bool { return strings.Contains(o.phrase, "worked") }) {
			t.Errorf("derivation %+v, want a ratio of the two named, computed", d)
		}
	}
	// The operand written as the unit of a series the request asks for
	// ("dollars") is that series.
	if !operandsAsked(in.derives[0], in.subjects) {
		t.Errorf("operands %+v not told to be the subjects %v", in.derives[0].operands, subjectKeys(in))
	}
}

// An operand that names its unit ("PPP GDP over population") is the
// column in that unit; a column of the same words in another unit is not
// it, and the operand is a series to find in the unit named.
func TestOperandInTheUnitItNames(t *testing.T) {
	in := understand("Same for purchasing power parity please: PPP GDP over population, same countries and years.",
		[]string{"GDP in current dollars and population for India, 2000-2023"})
	if len(in.derives) != 1 || in.derives[0].operands[0].unit == "" {
		t.Fatalf("derivations %+v, want one whose GDP says its unit", in.derives)
	}
	gdp := in.derives[0].operands[0]
	// A unit after the last operand says what the result is in.
	if in := understand("debt per person in dollars", []string{"federal debt and US population"}); len(in.derives) != 1 || in.derives[0].operands[1].unit != "" {
		t.Errorf("derivations %+v: the result's unit taken for the population's", in.derives)
	}
	v := view{
		columns: []Column{{Name: "gdp_ind", SeriesID: "weo:G"}, {Name: "population_ind", SeriesID: "weo:P"}},
		cands: map[string]Candidate{
			"weo:G": {ID: "weo:G", Title: "Gross domestic product, current prices — India", Unit: "U.S. dollars", Country: "IND"},
			"weo:P": {ID: "weo:P", Title: "Population — India", Unit: "Persons", Country: "IND"},
		},
	}
	if c, ok := v.resolve(gdp, false); ok {
		t.Errorf("PPP GDP resolved to %s, a column in U.S. dollars", c.Name)
	}
	gdp.unit = ""
	if c, ok := v.resolve(gdp, false); !ok || c.Name != "gdp_ind" {
		t.Errorf("GDP with no unit resolved to %q, want gdp_ind", c.Name)
	}
	// An operand that is only a unit's word is the column in that unit.
	if c, ok := v.resolve(operand{phrase: "dollars", terms: terms("dollars")}, false); !ok || c.Name != "gdp_ind" {
		t.Errorf("\"dollars\" resolved to %q, want gdp_ind", c.Name)
	}
}

// A row whose line says its observations end before the span asked, or
// start after it, cannot fill the table: the next row that fits is taken.
func TestObservedSpanOutsideTheRequest(t *testing.T) {
	result := "## CBRT EVDS › PRICE INDICES › Consumer Price Index (3 rows under this heading)\n" +
		"- evds:TP.FG.J0 | 0.GENERAL consumer price index | unit: Index 2003=100 | freq: M | country: TUR | 2003-01-01..2025-08-01 | data: yes | observed: 2020-01-01..2025-10-01\n" +
		"## FRED › Consumer Price Index (3 rows under this heading)\n" +
		"- fred:CPIAUCSL | Consumer Price Index for All Urban Consumers: All Items | freq: M | sa: SA | country: USA | 1947-01-01..2022-11-01 | data: yes\n"
	v := readView(conversation{}.user("headline consumer price index, 2000 to 2019").call("search_catalog", `{"query":"consumer price index"}`, result))
	if c := v.cands["evds:TP.FG.J0"]; c.ObsStart != "2020-01-01" || c.ObsEnd != "2025-10-01" {
		t.Fatalf("observed span read as %q..%q", c.ObsStart, c.ObsEnd)
	}
	s := subject{phrase: "consumer price index", terms: terms("consumer price index")}
	for _, c := range []struct {
		span [2]string
		want string
	}{
		{[2]string{"2000", "2019"}, "fred:CPIAUCSL"},
		{[2]string{"2021", "2024"}, "evds:TP.FG.J0"},
		{[2]string{"", ""}, "evds:TP.FG.J0"},
	} {
		v.span = c.span
		if got, _, _ := (Policy{}).bestOf(v, s, "", nil); got.ID != c.want {
			t.Errorf("span %v: took %s, want %s", c.span, got.ID, c.want)
		}
	}
}

// A column made from a long name stays within the tools' 48 characters,
// its suffix kept.
func TestSuffixedNamesFit(t *testing.T) {
	long := "spread_headline_cpi_yoy_fred_core_cpi_yoy_fred_x"
	got := suffixed(long, "_yoy")
	if len(got) > maxColumnName || !strings.HasSuffix(got, "_yoy") || strings.HasSuffix(got, "__yoy") {
		t.Errorf("suffixed = %q", got)
	}
	if got := suffixed("cpi", "_yoy"); got != "cpi_yoy" {
		t.Errorf("suffixed short = %q", got)
	}
}

// "add primary balances … and work out primary minus overall": sides
// that are only version words take the concept the request names with
// one of them, the verb is no word of a published stand-in, and the
// "overall" side is the column naming no other version.
func TestVersionsOnlyAgainstEachOther(t *testing.T) {
	in := understand("can you add primary balances for those same four and work out primary minus overall?",
		[]string{"the overall fiscal balance (general govt net lending/borrowing in pct of GDP) for Italy and Spain"})
	if len(in.derives) == 0 {
		t.Fatal("no derivation read")
	}
	d := in.derives[0]
	if got := []string{d.operands[0].phrase, d.operands[1].phrase}; !slices.Equal(got, []string{"primary balance", "overall balance"}) {
		t.Errorf("operands %v, want primary and overall balance", got)
	}
	for _, s := range d.asSeries {
		if slices.Contains(s.terms, "work") {
			t.Errorf("stand-in %q keeps the verb", s.phrase)
		}
	}
	v := view{
		columns: []Column{{Name: "general_government_net_lending_ita", SeriesID: "weo:NL"}, {Name: "primary_balance_ita", SeriesID: "weo:PNL"}},
		cands: map[string]Candidate{
			"weo:NL":  {ID: "weo:NL", Title: "General government net lending/borrowing — Italy", Country: "ITA"},
			"weo:PNL": {ID: "weo:PNL", Title: "General government primary net lending/borrowing — Italy", Country: "ITA"},
		},
	}
	if c, ok := v.resolve(d.operands[1], false); !ok || c.Name != "general_government_net_lending_ita" {
		t.Errorf("overall balance resolved to %q, want the net lending column", c.Name)
	}
	if c, ok := v.resolve(d.operands[0], false); !ok || c.Name != "primary_balance_ita" {
		t.Errorf("primary balance resolved to %q", c.Name)
	}
	if sc := v.columnScore([]string{"overall"}, v.columns[0]); sc != 0 {
		t.Errorf("\"overall\" alone scores %v against the net lending column, want 0", sc)
	}
}

// A later sentence naming series already asked for by their words and
// scale only ("debt comes in $mn, GDP in $bn") mentions them again.
func TestScaleWordsMentionAgain(t *testing.T) {
	in := understand("Federal debt outstanding against nominal GDP, quarterly 2000-2024. Mind the units: debt comes in $mn, GDP in $bn SAAR.", nil)
	if got := subjectKeys(in); !slices.Equal(got, []string{"federal debt outstanding|", "nominal gdp|"}) {
		t.Errorf("subjects %v, want the debt and GDP once each", got)
	}
}

// "Lovely. Now how far above or below the Fed were the other two each
// month, in basis points?": an acknowledgement names nothing, a pattern's
// word may be any of its forms ("were"), "the other two" are the table's
// other columns, and basis points said in a clause of their own are of
// the sentence's differences, for each pair.
func TestOtherTwoInBasisPoints(t *testing.T) {
	in := understand("Lovely. Now how far above or below the Fed were the other two each month, in basis points?",
		[]string{"policy rates for the Fed, the Bank of England and the Bank of Canada"})
	if len(in.subjects) != 0 {
		t.Errorf("subjects %v, want none", subjectKeys(in))
	}
	if len(in.derives) != 1 || in.derives[0].op != "spread" || !in.derives[0].bps || in.derives[0].operands[0].phrase != "*" || in.derives[0].operands[1].country.iso3 != "USA" {
		t.Fatalf("derivations %+v, want every other column less the Fed's, in basis points", in.derives)
	}
	v := view{table: "main", columns: []Column{{Name: "rate_usa", SeriesID: "bis:M.US"}, {Name: "rate_gbr", SeriesID: "bis:M.GB"}},
		cands: map[string]Candidate{"bis:M.US": {ID: "bis:M.US", Title: "Policy rate", Country: "USA"}, "bis:M.GB": {ID: "bis:M.GB", Title: "Policy rate", Country: "GBR"}}}
	call, _, problem := v.deriveCall(in.derives[0], true)
	if call == nil || call.Args["expression"] != "100 * (rate_gbr - rate_usa)" || !strings.HasSuffix(call.Args["name"].(string), "_bps") {
		t.Errorf("call %+v (%s), want 100 times the UK less the US, named in bps", call, problem)
	}
	if in := understand("how far Italy sat above Germany", nil); len(in.derives) != 1 || in.derives[0].op != "spread" {
		t.Errorf("derivations %+v, want Italy less Germany", in.derives)
	}
}

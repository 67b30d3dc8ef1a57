package sim

import (
	"slices"
	"strings"
	"testing"
)

// Changes asked for in follow-up turns: a stretch of time is what a change
// is measured over, not a divisor; a clause listing changes before an
// arithmetic is read as well as the arithmetic; two derivations joined by
// "and" are both read.
func TestChangesOverTimeAndJoinedDerivations(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Could you rebase it so that January 2020 is 100, and also give me the change over twelve months?", "index(100|) diff(|)"},
		{"Then year-on-year growth of both, and the gap between them.", "yoy_pct(*|) spread(back2|,back1|)"},
		{"show the monthly change in payrolls and a 3-month moving average of that change", "diff(payroll|) rolling_mean(|)"},
		{"Add annualised quarter-on-quarter growth of GDP.", "pct_change(gdp|)"},
		{"take the 10-year minus the 2-year and call it the slope", "spread(10 year|,2 year|)"},
	} {
		in := understand(c.text, []string{"an earlier turn"})
		if got := strings.Join(derivesOf(in), " "); got != c.want {
			t.Errorf("%q: derivations %s, want %s", c.text, got, c.want)
		}
	}
	if in := understand("give me the change over twelve months", nil); len(in.derives) != 1 || in.derives[0].periods != 12 {
		t.Errorf("change over twelve months: %+v, want one derivation over 12 periods", in.derives)
	}
}

// Arithmetic named in passing: deflating, "less", a formula with its name
// before "=", an explicit "+" that an operand's noun does not override, and
// a noun the next words spell out counted once.
func TestArithmeticWordings(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Deflate M2 by the CPI so I get real money in 1982-84 dollars.", "deflate(m2|,cpi|)"},
		{"ok compute growth less inflation for all three", "spread(growth|,inflation|)"},
		{"add effective FF (monthly) and back out the 10y yield itself = FF + the 10y-FF spread", "sum(federal fund|USA,10 year federal fund|USA)"},
		{"Give me annual inflation for both and the gap, headline minus core.", "spread(headline|,core|)"},
		{"rate minus unemployment for each country", "spread(rate|,unemployment|)"},
	} {
		in := understand(c.text, []string{"an earlier turn"})
		if got := strings.Join(derivesOf(in), " "); got != c.want {
			t.Errorf("%q: derivations %s, want %s", c.text, got, c.want)
		}
	}
	in := understand("add effective FF (monthly) and back out the 10y yield itself = FF + the 10y-FF spread", nil)
	if d := in.derives[len(in.derives)-1]; d.label == "" || d.label != labelOf("the 10-year yield") {
		t.Errorf("label %q, want the name before the formula", d.label)
	}
	if in := understand("when was inflation less than 2 percent", nil); len(in.derives) != 0 {
		t.Errorf("less than: %v, want a comparison, no arithmetic", derivesOf(in))
	}
}

// Economies in arithmetic: two-letter codes on both sides ("CH minus JP"),
// publishers naming the operands ("ILO minus WEO"), institutions read
// before the countries inside their names.
func TestEconomiesAndPublishersAsOperands(t *testing.T) {
	in := understand("chart Switzerland against Japan only, with the gap CH minus JP", nil)
	if got := strings.Join(derivesOf(in), " "); got != "spread(|CHE,|JPN)" {
		t.Errorf("CH minus JP: %s", got)
	}
	in = understand("and the difference ILO minus WEO for each country?", []string{"unemployment for Spain and Italy"})
	if len(in.derives) != 2 {
		t.Fatalf("ILO minus WEO: %v, want one per country", derivesOf(in))
	}
	for _, d := range in.derives {
		if !slices.Contains(d.operands[0].sources, "ilo") || !slices.Contains(d.operands[1].sources, "weo") || len(d.operands[1].terms) != 0 {
			t.Errorf("operands %+v, want the ILO's and the WEO's columns", d.operands)
		}
	}
	in = understand("RBA, RBNZ, Bank of Canada, Norges Bank — policy rates, monthly, 2000 to end-2023", nil)
	for _, s := range in.subjects {
		if s.phrase != "policy rate" {
			t.Errorf("subject %q (%s), want only policy rates", s.phrase, s.country.iso3)
		}
	}
	if len(in.subjects) != 4 {
		t.Errorf("%d subjects, want one per bank", len(in.subjects))
	}
}

// What names no series: a refused phrase without an article, a question
// about which of the economies, an expectation.
func TestRefusalsQuestionsAndExpectations(t *testing.T) {
	for _, text := range []string{
		"each one's spread over the US policy rate (BIS series, not effective FF)",
		"changepoints for each — who left negative territory first?",
		"and the difference ILO minus WEO for each country? hopefully close to zero",
	} {
		in := understand(text, []string{"policy rates for Australia and Canada"})
		for _, s := range in.subjects {
			if s.phrase != "policy rate" {
				t.Errorf("%q: subject %q, want none but the policy rate", text, s.phrase)
			}
		}
	}
}

// A rate of change of what the table holds is derived from it: "annual
// inflation for both" is the year-on-year change of each price index, and
// the spread named next is of those changes.
func TestChangeOfHeldColumnsIsDerived(t *testing.T) {
	v := view{table: "main", tableFreq: "M", cands: map[string]Candidate{}, user: "Give me annual inflation for both and the gap, headline minus core.",
		earlier: []string{"headline and core consumer price indexes, monthly, 2000 to 2019"},
		columns: []Column{
			{Name: "headline_consumer_price_index", SeriesID: "fred:CPIAUCSL", Unit: "Index 1982-1984=100"},
			{Name: "core_consumer_price_index", SeriesID: "fred:CPILFESL", Unit: "Index 1982-1984=100"},
		}, before: map[string]bool{"headline_consumer_price_index": true, "core_consumer_price_index": true}}
	var p Policy
	step := p.decide(v)
	if len(step.Calls) != 1 || step.Calls[0].Name != "derive_column" || step.Calls[0].Args["op"] != "yoy_pct" || step.Calls[0].Args["column"] != "headline_consumer_price_index" {
		t.Fatalf("first step %+v, want the headline's year-on-year change", step)
	}
	v.columns = append(v.columns, Column{Name: "headline_consumer_price_index_yoy", SeriesID: "fred:CPIAUCSL", Derived: "yoy_pct of headline_consumer_price_index", Unit: "Percent"},
		Column{Name: "core_consumer_price_index_yoy", SeriesID: "fred:CPILFESL", Derived: "yoy_pct of core_consumer_price_index", Unit: "Percent"})
	step = p.decide(v)
	if len(step.Calls) != 1 || step.Calls[0].Args["op"] != "spread" || !slices.Equal(step.Calls[0].Args["columns"].([]string), []string{"headline_consumer_price_index_yoy", "core_consumer_price_index_yoy"}) {
		t.Errorf("next step %+v, want the spread of the two inflation rates", step)
	}
}

// The change of a price index asked with no "percent" is its percent
// change (points of an index mean nothing alone), over a year the
// year-on-year rate; a weak word names the operand left when the other is
// resolved ("rate minus unemployment"); "IP" is a column's initials.
func TestOperandsResolveAgainstTheTable(t *testing.T) {
	v := view{table: "main", tableFreq: "M", cands: map[string]Candidate{}, columns: []Column{
		{Name: "consumer_price_index", SeriesID: "evds:TP.FG.J0", Unit: "Index 2003=100"},
	}, before: map[string]bool{"consumer_price_index": true}}
	call, _, msg := v.deriveCall(derivation{op: "diff", periods: 12, operands: []operand{{}}}, false)
	if call == nil || call.Args["op"] != "yoy_pct" {
		t.Errorf("12-period change of an index: %+v (%s), want yoy_pct", call, msg)
	}
	v = view{table: "main", cands: map[string]Candidate{}, columns: []Column{
		{Name: "jobless_rate_can", SeriesID: "ilo:CAN", Unit: "Percent"},
		{Name: "policy_rate_can", SeriesID: "bis:M.CA", Unit: "Percent"},
		{Name: "industrial_production_index", SeriesID: "fred:INDPRO", Unit: "Index 2017=100"},
		{Name: "total_nonfarm_payroll", SeriesID: "fred:PAYEMS", Unit: "Thousands of Persons"},
	}, before: map[string]bool{}}
	in := understand("rate minus unemployment", nil)
	call, _, msg = v.deriveCall(in.derives[0], false)
	if call == nil || !slices.Equal(call.Args["columns"].([]string), []string{"policy_rate_can", "jobless_rate_can"}) {
		t.Errorf("rate minus unemployment: %+v (%s)", call, msg)
	}
	in = understand("Ratio of IP to payrolls", nil)
	call, _, msg = v.deriveCall(in.derives[0], false)
	if call == nil || !slices.Equal(call.Args["columns"].([]string), []string{"industrial_production_index", "total_nonfarm_payroll"}) {
		t.Errorf("IP to payrolls: %+v (%s)", call, msg)
	}
}

// Lists and compounds: a "+" between series asked for lists them unless
// the request asks for a result; arithmetic written as one hyphened word
// has its parts as operands and the rest of the clause read too; "keep"
// after a comma is a clause of its own; "the implied 10y" points at a
// column made already.
func TestPlusHyphenedArithmeticAndComputedTargets(t *testing.T) {
	in := understand("UNRATE + nonfarm payrolls, monthly 2000-01..2024-12", nil)
	if len(in.derives) != 0 || len(in.subjects) != 2 {
		t.Errorf("UNRATE + payrolls: subjects %v, derivations %v, want two series and no sum", subjectKeys(in), derivesOf(in))
	}
	in = understand("Next to it put Fed and ECB policy rates and the Fed-minus-ECB differential.", nil)
	if got := strings.Join(derivesOf(in), " "); got != "spread(|USA,|EMU)" || len(in.subjects) != 2 {
		t.Errorf("Fed-minus-ECB: derivations %s, subjects %v", got, subjectKeys(in))
	}
	in = understand("Also growth y/y of each, keep the share. Then chart.", []string{"C&I loans and consumer loans"})
	if got := strings.Join(derivesOf(in), " "); got != "yoy_pct(*|)" {
		t.Errorf("growth of each, keep the share: %s", got)
	}
	in = understand("changepoints in the 10y-3m, chart it w/ the implied 10y", nil)
	if len(in.chartTargets) == 0 || !slices.ContainsFunc(in.chartTargets, func(t target) bool { return t.back }) {
		t.Errorf("chart targets %+v, want one pointing back", in.chartTargets)
	}
}

// "spread + ffr": when the weak operand resolved first leaves the other a
// column, the order written stands.
func TestOperandsResolveApartInTheOrderWritten(t *testing.T) {
	v := view{table: "main", tableFreq: "M", cands: map[string]Candidate{
		"fred:T10YFF":   {ID: "fred:T10YFF", Title: "10-Year Treasury Constant Maturity Minus Federal Funds Rate"},
		"fred:FEDFUNDS": {ID: "fred:FEDFUNDS", Title: "Federal Funds Effective Rate"},
	}, columns: []Column{
		{Name: "year_federal_fund_spread", SeriesID: "fred:T10YFF", Unit: "Percent"},
		{Name: "federal_fund_rate", SeriesID: "fred:FEDFUNDS", Unit: "Percent"},
	}, before: map[string]bool{"year_federal_fund_spread": true}}
	in := understand("add the fed funds rate itself and back out the 10y yield (spread + ffr)", []string{"10y minus fed funds spread"})
	call, _, msg := v.deriveCall(in.derives[0], false)
	if call == nil || call.Args["expression"] != "year_federal_fund_spread + federal_fund_rate" {
		t.Errorf("spread + ffr: %+v (%s)", call, msg)
	}
}

// Changes compounded to a year and indices made from rates: "annualised"
// asks for the period's change compounded (a change already over a year
// needs none); "into an index" names the form the columns take, with the
// base written after it, and no series.
func TestAnnualisedChangesAndIndexForms(t *testing.T) {
	for _, c := range []struct {
		text      string
		op        string
		periods   int
		annualize bool
	}{
		{"Add annualised quarter-on-quarter growth of GDP.", "pct_change", 1, true},
		{"GDP growth quarter on quarter, annualized", "pct_change", 1, true},
		{"year-on-year growth of GDP, annualised", "yoy_pct", 0, false},
		{"quarter-on-quarter growth of GDP", "pct_change", 1, false},
	} {
		in := understand(c.text, []string{"an earlier turn"})
		if len(in.derives) != 1 {
			t.Errorf("%q: derivations %v, want one", c.text, derivesOf(in))
			continue
		}
		if d := in.derives[0]; d.op != c.op || d.periods != c.periods || d.annualize != c.annualize {
			t.Errorf("%q: %s over %d, annualised %v; want %s over %d, annualised %v", c.text, d.op, d.periods, d.annualize, c.op, c.periods, c.annualize)
		}
	}
	in := understand("turn each into a volume index, 2000 = 100, by chaining the growth rates", []string{"an earlier turn"})
	if got := strings.Join(derivesOf(in), " "); got != "index(*|)" || len(in.subjects) != 0 || in.derives[0].base != "2000" {
		t.Errorf("index form: derivations %s, base %q, subjects %v; want index of every column at 2000 and no series", got, in.derives[0].base, in.subjects)
	}
}

// Names that hold "and" or an aside between dashes are one phrase: "goods
// and services" is one series, "less food and energy" a version of CPI and
// no difference, and an aside that only describes qualifies the phrase
// before it.
func TestCompoundNamesAndDashAsides(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"exports of goods and services for Korea", []string{"export good service"}},
		{"US CPI less food and energy and the fed funds rate", []string{"cpi less food energy", "federal fund rate"}},
		{"real export growth — volume of goods and services — for Korea", []string{"real export growth volume good service"}},
		{"US unemployment — and payrolls — since 2000", []string{"unemployment", "payroll"}},
	} {
		in := understand(c.text, nil)
		var got []string
		for _, s := range in.subjects {
			got = append(got, s.phrase)
		}
		if !slices.Equal(got, c.want) || len(in.derives) != 0 {
			t.Errorf("%q: subjects %q derivations %v, want %q and none", c.text, got, derivesOf(in), c.want)
		}
	}
}

// A bracket naming a version qualifies the series before it; how a chart
// is laid out names no column, and "it" in a list still points back; a
// clause of time does not make an expectation a request.
func TestVersionBracketsLayoutAndExpectations(t *testing.T) {
	in := understand("TR: need TURKSTAT CPI (2003=100, headline index) and the CBRT policy rate, monthly", nil)
	var got []string
	for _, s := range in.subjects {
		got = append(got, s.phrase)
	}
	if want := []string{"cpi headline index", "policy rate"}; !slices.Equal(got, want) {
		t.Errorf("version bracket: subjects %q, want %q", got, want)
	}
	in = understand("chart it, nominal rate on the same axis", []string{"an earlier turn"})
	if len(in.chartTargets) != 2 || in.chartTargets[0].phrase != "" || in.chartTargets[1].phrase != "nominal rate" {
		t.Errorf("chart targets %+v, want it and the nominal rate", in.chartTargets)
	}
	in = understand("where are the regime breaks in the real rate? I'd expect one around mid-2023 when policy flipped", []string{"an earlier turn"})
	if len(in.subjects) != 0 || len(in.cpTargets) != 1 || in.cpTargets[0].phrase != "real rate" {
		t.Errorf("expectation: subjects %v, breaks %+v; want no series and the breaks of the real rate", in.subjects, in.cpTargets)
	}
}

// "make" before an arithmetic asks for the computation, and "as % of" is
// a share however the percent sign is written; the same words without a
// verb may name a published series.
func TestMakeAnArithmetic(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"can u get total public debt and nominal GDP, and make debt as % of gdp?", "share(debt|,gdp|)"},
		{"compute debt as percent of gdp", "share(debt|,gdp|)"},
		{"make a table of debt and gdp", ""},
	} {
		in := understand(c.text, nil)
		if got := strings.Join(derivesOf(in), " "); got != c.want {
			t.Errorf("%q: derivations %q, want %q", c.text, got, c.want)
		}
	}
	in := understand("can u get total public debt and nominal GDP", nil)
	if len(in.subjects) != 2 || in.subjects[0].phrase != "total public debt" {
		t.Errorf("subjects %+v, want the debt without the chat word before it", in.subjects)
	}
}

// The economies after "for" are one side's when the other names its own
// ("spreads over the Fed for Indonesia and India only"), each economy's
// own arithmetic otherwise; "its" in a message labelled with an economy
// is that economy's.
func TestEconomiesOfOneSide(t *testing.T) {
	in := understand("spreads over the Fed for Indonesia, India and the Philippines only", []string{"an earlier turn"})
	var got []string
	for _, d := range in.derives {
		got = append(got, d.operands[0].phrase+"/"+d.operands[0].country.iso3+" - "+d.operands[1].country.iso3)
	}
	if want := []string{"*/IDN - USA", "*/IND - USA", "*/PHL - USA"}; !slices.Equal(got, want) {
		t.Errorf("spreads over the Fed: %q, want %q", got, want)
	}
	in = understand("debt as a share of GDP for Brazil and Chile", nil)
	got = nil
	for _, d := range in.derives {
		got = append(got, d.operands[0].country.iso3+"/"+d.operands[1].country.iso3)
	}
	if want := []string{"BRA/BRA", "CHL/CHL"}; !slices.Equal(got, want) {
		t.Errorf("each economy's share: %q, want %q", got, want)
	}
	in = understand("Indonesia: changepoints on its rate and on its spread", []string{"an earlier turn"})
	if len(in.cpTargets) != 2 || in.cpTargets[0].country.iso3 != "IDN" || in.cpTargets[1].country.iso3 != "IDN" {
		t.Errorf("labelled possessives: breaks %+v, want Indonesia's rate and spread", in.cpTargets)
	}
}

// A published stand-in for an arithmetic is looked for only under the
// words that describe it, not under a series named beside it; the marks
// a chart draws and the method of a break search name no series.
func TestStandInsAndDrawingWords(t *testing.T) {
	in := understand("effective FF minus headline CPI inflation y/y, SA cpi pls", nil)
	if len(in.derives) != 1 {
		t.Fatalf("derivations %v, want one spread", derivesOf(in))
	}
	var got []string
	for _, s := range describing(in.derives[0]) {
		got = append(got, s.phrase)
	}
	if len(got) != 1 || !strings.Contains(got[0], "federal fund") || !strings.Contains(got[0], "cpi") {
		t.Errorf("stand-ins %q (of %d read), want only the arithmetic's own description", got, len(in.derives[0].asSeries))
	}
	in = understand("Run break detection on it only.", []string{"an earlier turn"})
	if len(in.cpTargets) != 1 || in.cpTargets[0].phrase != "" {
		t.Errorf("break detection: targets %+v, want the breaks of it", in.cpTargets)
	}
	if got := strings.Fields(chartDrawn("chart that real rate line on the same axis")); !slices.Equal(got, []string{"that", "real", "rate"}) {
		t.Errorf("chartDrawn: %q", got)
	}
}

// A change written out (q/q, y/y) is computed from the level: the series
// looked for is the level, not a published rate; inflation keeps its word.
func TestWrittenChangesAskForTheLevel(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"go quarterly and put gdp growth q/q next to them", "gdp"},
		{"add inflation y/y", "inflation"},
	} {
		in := understand(c.text, []string{"an earlier turn"})
		if len(in.derives) != 1 || len(in.derives[0].asSeries) != 1 || in.derives[0].asSeries[0].phrase != c.want {
			t.Errorf("%q: derivations %v, want one over the series %q", c.text, derivesOf(in), c.want)
		}
	}
}

// How to aggregate, a quarter before its year and a change's own unit
// name no series; a clause before "and take the ratio" is read too.
func TestAggregationQuartersAndLeadClauses(t *testing.T) {
	in := understand("industrial production and nominal GDP, quarterly (average the IP), 2000 to Q3 2023", nil)
	var got []string
	for _, s := range in.subjects {
		got = append(got, s.phrase)
	}
	if want := []string{"industrial production", "nominal gdp"}; !slices.Equal(got, want) {
		t.Errorf("subjects %q, want %q", got, want)
	}
	if in := understand("yoy % for both", []string{"an earlier turn"}); strings.Join(derivesOf(in), " ") != "yoy_pct(*|)" || len(in.subjects) != 0 {
		t.Errorf("yoy %%: derivations %v subjects %v, want the change of both", derivesOf(in), in.subjects)
	}
	in = understand("bring in the IMF IFS nominal SA GDP for the US and take the ratio of FRED GDP to it", []string{"an earlier turn"})
	if len(in.subjects) != 1 || in.subjects[0].phrase != "nominal gdp" || len(in.derives) != 1 || in.derives[0].op != "ratio" {
		t.Errorf("lead clause: subjects %v derivations %v, want the GDP and the ratio", in.subjects, derivesOf(in))
	}
}

// "add the two together" sums the two newest columns; "add them to the
// table" asks for no arithmetic; "break dates" are the breaks.
func TestSumOfTheTwo(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Add the two together so I get the 10y yield level itself.", "sum(back2|,back1|)"},
		{"sum them", "sum(back2|,back1|)"},
		{"add them to the table", ""},
	} {
		in := understand(c.text, []string{"an earlier turn"})
		if got := strings.Join(derivesOf(in), " "); got != c.want {
			t.Errorf("%q: derivations %q, want %q", c.text, got, c.want)
		}
	}
	in := understand("where does it shift regime? break dates pls", []string{"an earlier turn"})
	for _, tg := range in.cpTargets {
		if tg.phrase != "" {
			t.Errorf("break dates: target %q, want only the breaks of it", tg.phrase)
		}
	}
}

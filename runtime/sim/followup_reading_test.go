package sim

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// conversation builds messages from turns of an analyst's message and the
// calls made for it, each with its result.
type conversation []Message

func (c conversation) user(text string) conversation {
	return append(c, Message{Role: "user", Content: text})
}

func (c conversation) call(name, args, result string) conversation {
	tc := ToolCall{ID: fmt.Sprintf("c%d", len(c)), Type: "function"}
	tc.Function.Name, tc.Function.Arguments = name, args
	return append(c, Message{Role: "assistant", ToolCalls: []ToolCall{tc}}, Message{Role: "tool", ToolCallID: tc.ID, Content: result})
}

func (c conversation) answer(text string) conversation {
	return append(c, Message{Role: "assistant", Content: text})
}

// A demonstrative after the words of a question still points back: "where
// does that implied 10y shift" asks of the column made, and a question
// about "that markup" names no series to search for.
func TestDemonstrativesAfterQuestionWords(t *testing.T) {
	in := understand("where does that implied 10y shift regime? break dates pls", []string{"an earlier turn"})
	if len(in.cpTargets) == 0 || !in.cpTargets[0].back {
		t.Errorf("targets %+v, want the first to point back", in.cpTargets)
	}
	if in := understand("where does the policy rate shift regime?", nil); len(in.cpTargets) != 1 || in.cpTargets[0].back {
		t.Errorf("a named target %+v points back", in.cpTargets)
	}
	if in := understand("when did that markup lock in at 3 points? find the break", []string{"an earlier turn"}); len(in.subjects) != 0 || len(in.cpTargets) != 1 {
		t.Errorf("subjects %v, targets %+v, want none and the break of what was made", subjectKeys(in), in.cpTargets)
	}
	// A question comparing what it points at with another series names
	// that series.
	if in := understand("How do those compare with the WEO's annual unemployment rates for the same three?", []string{"ILO unemployment rates for Japan, Korea and Taiwan"}); len(in.subjects) != 3 {
		t.Errorf("subjects %v, want the WEO rates of the three", subjectKeys(in))
	}
	// A question about a series named afresh still names it.
	if in := understand("when did inflation in Germany peak?", nil); len(in.subjects) != 1 {
		t.Errorf("subjects %v, want German inflation", subjectKeys(in))
	}
}

// Phrases that only point at a made column, a bare "average it", a lone
// "annual please", "date them" and "the full history" name no series.
func TestFollowUpWordsThatNameNoSeries(t *testing.T) {
	for _, c := range []struct{ text, subjects string }{
		{"put the IMF WEO average-inflation figure next to my computed one", "average inflation|"},
		{"Bank prime loan rate minus effective fed funds, monthly averages, 1980-2007. Prime is daily, average it.", ""},
		{"Does that real rate have regime shifts? Date them.", ""},
		{"add unemployment, full history please", "unemployment|"},
		{"Now annual please, and add the WEO inflation", "inflation|"},
	} {
		if got := strings.Join(subjectKeys(understand(c.text, []string{"an earlier turn"})), " "); got != c.subjects {
			t.Errorf("%q: subjects %q, want %q", c.text, got, c.subjects)
		}
	}
	if in := understand("prime rate and fed funds, monthly; prime is daily so average it", nil); in.convert != "M" || in.convertMethod != "mean" {
		t.Errorf("average it: convert %q by %q, want M by mean", in.convert, in.convertMethod)
	}
	if in := understand("Now annual please, and add the WEO inflation", nil); in.freq != "A" {
		t.Errorf("annual please: frequency %q", in.freq)
	}
	if in := understand("Does that real rate have regime shifts? Date them.", []string{"an earlier turn"}); in.cpAll || len(in.cpTargets) == 0 || !in.cpTargets[0].back {
		t.Errorf("date them: every column %v, targets %+v; want the real rate only", in.cpAll, in.cpTargets)
	}
	if !understand("add unemployment, full history please", nil).wholeSpan || understand("add unemployment", nil).wholeSpan {
		t.Error("full history not told from no span")
	}
}

// A count of periods before a security is its maturity, a name; before a
// change it is the change's horizon.
func TestMaturitiesAreNames(t *testing.T) {
	if got := terms(actionless("chart the 10-year-over-ff term spread")); !slices.Contains(got, "10") || !slices.Contains(got, "year") {
		t.Errorf("maturity dropped: %q", got)
	}
	if got := terms(actionless("the 3-month bill")); !slices.Contains(got, "3") {
		t.Errorf("bill maturity dropped: %q", got)
	}
	if got := terms(actionless("the 12-month change in cpi")); slices.Contains(got, "12") {
		t.Errorf("a change's horizon kept as a name: %q", got)
	}
}

// A heading's first part is its publisher: "Federal" in "Federal Reserve
// Bank of St. Louis" says nothing of what the rows measure.
func TestPublisherIsNoPartOfTheHeading(t *testing.T) {
	res := "search_catalog \"prime\": 2 rows matched; showing 2 new under 1 heading, best first.\n" +
		"## FRED (Federal Reserve Bank of St. Louis) › H.15 Selected Interest Rates (270 rows under this heading; heading id: h1)\n" +
		"- fred:DPRIME | Bank Prime Loan Rate | unit: Percent | freq: D | country: USA | data: yes\n"
	v := readView(conversation{}.user("prime").call("search_catalog", `{"query":"prime"}`, res))
	c := v.cands["fred:DPRIME"]
	if c.Heading != "H.15 Selected Interest Rates" {
		t.Fatalf("heading %q", c.Heading)
	}
	fed := subject{phrase: "federal fund", terms: terms("federal fund")}
	if sc, _ := score(fed, c, "M"); sc > 0 {
		t.Errorf("the prime rate scores %.2f for fed funds through its publisher's name", sc)
	}
}

// The prime rate minus fed funds: the prime rate's row does not say the
// arithmetic, so it does not stand for it, and the spread is computed.
func TestOneOperandsRowIsNoPublishedArithmetic(t *testing.T) {
	res := "build_table: table \"main\", 336 rows, frequency M, 1980-01..2007-12.\ncolumns:\n" +
		"* bank_prime_loan_rate = fred:DPRIME | unit: Percent\n* effective_federal_fund = fred:FEDFUNDS | unit: Percent\n"
	search := "search_catalog \"bank prime loan rate effective federal fund United States\": 9 rows matched; showing 2 new under 1 heading, best first.\n" +
		"## FRED (Federal Reserve Bank of St. Louis) › H.15 Selected Interest Rates (270 rows under this heading; heading id: h1)\n" +
		"- fred:DPRIME | Bank Prime Loan Rate | unit: Percent | freq: D | country: USA | data: yes\n" +
		"- fred:FEDFUNDS | Federal Funds Effective Rate | unit: Percent | freq: M | country: USA | data: yes\n"
	msgs := conversation{}.user("Bank prime loan rate minus effective fed funds, monthly averages, 1980-2007. Prime is daily, average it.").
		call("search_catalog", `{"query":"bank prime loan rate effective federal fund United States"}`, search).
		call("build_table", `{"name":"main","frequency":"M","from":"1980","to":"2007"}`, res)
	step := Policy{}.Decide(msgs)
	if len(step.Calls) != 1 || step.Calls[0].Name != "derive_column" || step.Calls[0].Args["op"] != "spread" {
		t.Errorf("step %+v, want the spread derived", step)
	}
}

// A table grown in a later turn keeps the span the analyst set for it,
// unless a new span or the full history is asked for.
func TestGrownTableKeepsTheSpanAsked(t *testing.T) {
	first := "build_table: table \"main\", 192 rows, frequency M, 2004-01..2019-12.\ncolumns:\n" +
		"* fed_funds = fred:FEDFUNDS | unit: Percent\n* spread = fred:T10YFF | unit: Percent\n"
	search := "search_catalog \"10 year 3 month spread United States\": 9 rows matched; showing 1 new under 1 heading, best first.\n" +
		"## FRED (Federal Reserve Bank of St. Louis) › Interest Rate Spreads (36 rows under this heading; heading id: h2)\n" +
		"- fred:T10Y3M | 10-Year Treasury Constant Maturity Minus 3-Month Treasury Constant Maturity | unit: Percent | freq: D | country: USA | data: yes\n"
	for _, c := range []struct{ text, from, to string }{
		{"ok, bring in the 10y minus 3m spread too", "2004", "2019"},
		{"ok, bring in the 10y minus 3m spread too, from 2010", "2010", ""},
		{"ok, bring in the 10y minus 3m spread too, full history please", "", ""},
	} {
		msgs := conversation{}.user("FF effective and the 10y-minus-FF spread, monthly avgs, Jan 2004 through Dec 2019.").
			call("build_table", `{"name":"main","frequency":"M","from":"2004","to":"2019"}`, first).
			answer("Table main.").user(c.text).
			call("search_catalog", `{"query":"10 year 3 month spread United States"}`, search)
		step := Policy{}.Decide(msgs)
		if len(step.Calls) != 1 || step.Calls[0].Name != "build_table" {
			t.Errorf("%q: step %+v, want the table rebuilt", c.text, step)
			continue
		}
		args := step.Calls[0].Args
		if from, _ := args["from"].(string); from != c.from {
			t.Errorf("%q: from %q, want %q", c.text, from, c.from)
		}
		if to, _ := args["to"].(string); to != c.to {
			t.Errorf("%q: to %q, want %q", c.text, to, c.to)
		}
	}
}

// "real rate again but on the WEO number": the concept the table holds,
// computed on the publisher named, is a new column from that publisher's
// series; without the qualifier the column made is the concept.
func TestConceptOnAnotherPublishersNumber(t *testing.T) {
	in := understand("real rate again but on the WEO number", []string{"an earlier turn"})
	if len(in.derives) != 1 || !slices.Equal(in.derives[0].sources, []string{"weo"}) {
		t.Fatalf("derivations %+v, want one on weo", in.derives)
	}
	v := view{
		cands: map[string]Candidate{"weo:X": {ID: "weo:X", Title: "Inflation, average consumer prices", Unit: "Percent change", Country: "TUR"}},
		columns: []Column{{Name: "policy_rate", SeriesID: "bis:M.TR"}, {Name: "cpi", SeriesID: "evds:TP.FG.J0"},
			{Name: "real_rate", SeriesID: "bis:M.TR", Derived: "expr of policy_rate, cpi_yoy", From: []string{"bis:M.TR", "evds:TP.FG.J0"}},
			{Name: "inflation_weo", SeriesID: "weo:X"}},
		before: map[string]bool{"policy_rate": true, "cpi": true, "real_rate": true, "inflation_weo": true},
	}
	if v.conceptMade(in.derives[0]) {
		t.Error("the real rate on CPI counted as the one on the WEO number")
	}
	if !v.conceptMade(understand("chart that real rate", []string{"an earlier turn"}).derives[0]) {
		t.Error("the real rate made is not that real rate")
	}
}

// "S. Africa" is South Africa, "(US = 100)" is a base and no series, and
// a series a derivation may be published as keeps the unit asked for.
func TestEconomiesCutShortAndSetTo100(t *testing.T) {
	in := understand("GDP per capita at PPP for Brazil, India and S. Africa, each relative to America (US = 100).", nil)
	if len(in.subjects) != 0 {
		t.Errorf("subjects %v, want none beside the per-capita arithmetic", subjectKeys(in))
	}
	var isos []string
	for _, d := range in.derives {
		for _, s := range d.asSeries {
			if strings.Contains(s.phrase, "gdp") && s.unit != "purchasing power parity" {
				t.Errorf("published stand-in %q without the unit asked: %q", s.phrase, s.unit)
			}
			if !slices.Contains(isos, s.country.iso3) {
				isos = append(isos, s.country.iso3)
			}
		}
	}
	if !slices.Equal(isos, []string{"BRA", "IND", "ZAF", "USA"}) { // the US is the base
		t.Errorf("economies %v", isos)
	}
	if got := canonicalCountries("U.S. Treasury yields"); got != "U.S. Treasury yields" && !strings.Contains(got, "United States") {
		t.Errorf("U.S. respelled as %q", got)
	}
	if got := canonicalCountries("S. Korea and W. Treasury"); !strings.Contains(got, "South Korea") || !strings.Contains(got, "W. Treasury") {
		t.Errorf("compass initials: %q", got)
	}
	// Alone, the base says what each is relative to.
	in = understand("GDP per capita for Brazil and India (US = 100)", nil)
	if !slices.ContainsFunc(in.derives, func(d derivation) bool {
		return d.op == "share" && slices.ContainsFunc(d.operands, func(o operand) bool { return o.country.iso3 == "USA" })
	}) {
		t.Errorf("derivations %v, want shares of the US", derivesOf(in))
	}
}

// Repeating "each relative to America" for new economies keeps America
// as the base; the other side takes the economies now named.
func TestRepeatKeepsTheFixedSide(t *testing.T) {
	earlier := []string{"GDP per capita at PPP for Brazil and India, each relative to America (US = 100)."}
	in := understand("drop India, add Indonesia, same relative-to-US measure", earlier)
	for _, d := range in.derives {
		if d.op == "share" && d.operands[1].country.iso3 != "USA" {
			t.Errorf("share of %v, want of the US", derivesOf(intent{derives: []derivation{d}}))
		}
	}
}

// Words naming an arithmetic by its result ("the relative lines") are the
// columns it made.
func TestResultNounsAreTheirColumns(t *testing.T) {
	v := view{columns: []Column{{Name: "gdp_bra", SeriesID: "weo:B"}, {Name: "gdp_usa", SeriesID: "weo:U"},
		{Name: "share_gdp_bra_gdp_usa", SeriesID: "weo:B", Derived: "share of gdp_bra, gdp_usa"},
		{Name: "spread_gdp_bra_gdp_usa", SeriesID: "weo:B", Derived: "expr of gdp_bra, gdp_usa"}}}
	if got := v.matchTarget(target{phrase: "relative"}, false, nil); len(got) != 1 || got[0].Name != "share_gdp_bra_gdp_usa" {
		t.Errorf("relative lines: %+v", got)
	}
	if got := v.opColumns(terms("gaps")); len(got) != 1 || got[0].Name != "spread_gdp_bra_gdp_usa" {
		t.Errorf("gaps: %+v", got)
	}
	if got := v.opColumns(terms("relative gdp")); got != nil {
		t.Errorf("a series word with the noun: %+v", got)
	}
}

// Baltic inflation against Germany: "Dec-over-Dec" asks for the
// end-of-period version, "annual 2000-2023" for the frequency, "how far
// above Germany is each" for one spread per economy, "how many times
// Germany's rate is each" for ratios, and "same gaps as before but on
// annual-average inflation" for those spreads on the other concept.
func TestGapsAgainstOneEconomyAndTheirRepeat(t *testing.T) {
	first := "Dec-over-Dec CPI inflation for Estonia, Latvia, Lithuania and Germany, annual 2000-2023 (IMF WEO). How far above Germany is each Baltic state?"
	in := understand(first, nil)
	if len(in.subjects) != 4 || !in.subjects[0].eop {
		t.Errorf("subjects %v (end of period %v), want four end-of-period inflation rates", subjectKeys(in), len(in.subjects) > 0 && in.subjects[0].eop)
	}
	if got := strings.Join(derivesOf(in), " "); got != "spread(*|,|DEU)" {
		t.Errorf("derivations %s", got)
	}
	second := "for 2021-23 only, how many times Germany's rate is each of them?"
	if got := strings.Join(derivesOf(understand(second, []string{first})), " "); got != "ratio(*|,|DEU)" {
		t.Errorf("how many times: %s", got)
	}
	in = understand("same gaps as before but on annual-average inflation", []string{first, second})
	if got := strings.Join(derivesOf(in), " "); got != "spread(annual average inflation|EST,annual average inflation|DEU) spread(annual average inflation|LVA,annual average inflation|DEU) spread(annual average inflation|LTU,annual average inflation|DEU)" {
		t.Errorf("repeated gaps: %s", got)
	}
	if len(in.subjects) != 4 {
		t.Errorf("subjects %v, want the new concept for the four economies", subjectKeys(in))
	}
	in = understand("add the Dutch and Belgian rates, same spread over Germany", []string{"French and Italian central bank rates vs the Bundesbank, monthly 1992-1998. Spread of each over Germany."})
	if got := strings.Join(derivesOf(in), " "); got != "spread(*|,|DEU)" {
		t.Errorf("same spread over Germany: %s", got)
	}
	if in := understand("French central bank rates vs the Bundesbank", nil); !slices.Contains(subjectKeys(in), "central bank rate|DEU") {
		t.Errorf("the Bundesbank: %v", subjectKeys(in))
	}
}

// "Swap the BEA GDP for the IFS nominal GDP and redo the ratio": the IFS
// series is asked for, the earlier ratio is computed again on it, and the
// first version stays; without "redo" the series swapped out leaves the
// table. Economies swap as before.
func TestSwapASeriesAndRedoTheRatio(t *testing.T) {
	earlier := []string{"US federal debt-to-GDP ratio, quarterly 2000Q1..2024Q4, in percent."}
	in := understand("Swap the BEA GDP for the IMF IFS quarterly nominal GDP (SA) instead and redo the ratio, through 2023.", earlier)
	if got := strings.Join(subjectKeys(in), " "); got != "nominal gdp|USA" {
		t.Errorf("subjects %q", got)
	}
	if got := strings.Join(derivesOf(in), " "); got != "share(federal debt|USA,nominal gdp|USA)" {
		t.Errorf("derivations %q", got)
	}
	if len(in.droppedSeries) != 1 || !slices.Equal(in.droppedSeries[0].sources, []string{"fred"}) {
		t.Errorf("given up %+v, want the BEA GDP", in.droppedSeries)
	}
	v := view{cands: map[string]Candidate{"fred:GDP": {ID: "fred:GDP", Title: "Gross Domestic Product", Country: "USA"},
		"ifs:NGDP": {ID: "ifs:NGDP", Title: "Gross Domestic Product, Nominal", Country: "USA"}},
		columns: []Column{{Name: "gdp", SeriesID: "fred:GDP"}, {Name: "nominal_gdp", SeriesID: "ifs:NGDP"}}}
	if in.removes(v, v.columns[0], nil) {
		t.Error("with a redo, the first version's series left the table")
	}
	in.redo = ""
	if !in.removes(v, v.columns[0], nil) || in.removes(v, v.columns[1], nil) {
		t.Error("a swap without a redo does not replace the BEA GDP alone")
	}
	if in := understand("swap italy for spain", []string{"CPI for Italy and France"}); !slices.ContainsFunc(in.dropped, func(c country) bool { return c.iso3 == "ITA" }) {
		t.Errorf("economy swap: dropped %v", in.dropped)
	}
	cols := view{columns: []Column{{Name: "gdp", SeriesID: "fred:GDP"},
		{Name: "share_debt_gdp", SeriesID: "fred:D", Derived: "share of debt, gdp"}, {Name: "share_debt_ngdp", SeriesID: "fred:D", Derived: "share of debt, ngdp"}}}
	if got := cols.opColumns(terms("both versions of the ratio together")); len(got) != 2 {
		t.Errorf("both versions of the ratio: %+v", got)
	}
}

// US GDP and debt, FRED against the WEO: SAAR says how the series is
// stated, a GDP per capita row is no clear match for GDP, "debt
// (year-end) over that GDP" converts the debt alone by its last value,
// the IMF ratio listed after the arithmetic is asked for, and "the two
// debt ratios" are the derived ratio and the WEO one in percent of GDP.
func TestFredAgainstWeoDebtRatios(t *testing.T) {
	in := understand("BEA nominal GDP (quarterly SAAR, average to years) vs WEO's US GDP in current dollars", nil)
	if slices.ContainsFunc(in.subjects, func(s subject) bool { return slices.Contains(s.terms, "saar") }) {
		t.Errorf("SAAR read as a series: %v", subjectKeys(in))
	}
	gdp := subject{phrase: "gdp", terms: terms("gdp"), country: country{iso3: "USA"}}
	if _, dec := score(gdp, Candidate{ID: "weo:pc", Title: "Gross domestic product per capita, current prices", Country: "USA"}, "A"); dec {
		t.Error("GDP per capita decided for GDP")
	}
	if _, dec := score(gdp, Candidate{ID: "weo:g", Title: "Gross domestic product, current prices", Country: "USA"}, "A"); !dec {
		t.Error("GDP not decided for GDP")
	}
	in = understand("now federal total public debt (year-end) over that GDP, and next to it the IMF general government gross debt ratio, 2001 on", []string{"US GDP"})
	if len(in.derives) != 1 || in.derives[0].op != "ratio" || !in.derives[0].operands[0].eop || in.derives[0].operands[1].eop {
		t.Fatalf("derivations %v, want the year-end debt over GDP", derivesOf(in))
	}
	if got := subjectKeys(in); len(got) != 1 || !strings.HasPrefix(got[0], "general government gross debt") {
		t.Errorf("subjects %v, want the IMF ratio", got)
	}
	v := view{cands: map[string]Candidate{
		"fred:GFDEBTN": {ID: "fred:GFDEBTN", Title: "Federal Debt: Total Public Debt", Unit: "Millions of Dollars", Country: "USA"},
		"fred:GDP":     {ID: "fred:GDP", Title: "Gross Domestic Product", Unit: "Billions of Dollars", Country: "USA"},
		"weo:D":        {ID: "weo:D", Title: "General government gross debt", Unit: "Percent of GDP", Country: "USA"}},
		columns: []Column{{Name: "gdp", SeriesID: "fred:GDP"}, {Name: "federal_debt", SeriesID: "fred:GFDEBTN"},
			{Name: "gg_debt", SeriesID: "weo:D"},
			{Name: "ratio_federal_debt_gdp", SeriesID: "fred:GFDEBTN", Derived: "ratio of federal_debt, gdp", From: []string{"fred:GFDEBTN", "fred:GDP"}}}}
	if by := v.lastValueColumns(in, nil, false); len(by) != 1 || by[0]["column"] != "federal_debt" {
		t.Errorf("by column %v, want the debt at year end", by)
	}
	gap := understand("gap between the two debt ratios", []string{"an earlier turn"})
	var got []string
	for _, o := range gap.derives[0].operands {
		c, ok := v.resolve(o, false)
		if !ok {
			t.Fatalf("operand %+v resolves to nothing", o)
		}
		got = append(got, c.Name)
	}
	if !slices.Equal(got, []string{"gg_debt", "ratio_federal_debt_gdp"}) {
		t.Errorf("the two debt ratios: %v", got)
	}
	// An exchange rate "with" other series swaps nothing.
	if in := understand("Monthly avg of the USD/EUR spot rate since the euro started (1999-2019), with the US and euro area policy rates", nil); len(in.droppedSeries) != 0 || len(in.subjects) != 3 {
		t.Errorf("subjects %v, given up %v", subjectKeys(in), in.droppedSeries)
	}
}

// "redo it with end-of-year inflation instead": the real rates again, the
// inflation side now the end-of-period version, from the publisher asked
// before; "end-of-year" before a rate names that version, no conversion.
func TestRedoWithAnotherVersion(t *testing.T) {
	earlier := []string{"Argentina, Brazil, Chile: policy rate annual average minus the IMF's average CPI inflation, 2017-2023."}
	in := understand("redo it with end-of-year inflation instead", earlier)
	if got := strings.Join(derivesOf(in), " "); got != "spread(policy rate|ARG,inflation|ARG) spread(policy rate|BRA,inflation|BRA) spread(policy rate|CHL,inflation|CHL)" {
		t.Errorf("derivations %s", got)
	}
	if in.convert != "" || len(in.subjects) != 3 || !in.subjects[0].eop || !slices.Equal(in.subjects[0].sources, []string{"weo", "ifs"}) {
		t.Errorf("convert %q, subjects %v (eop %v)", in.convert, subjectKeys(in), len(in.subjects) > 0 && in.subjects[0].eop)
	}
	if !in.derives[0].operands[1].eop {
		t.Error("the inflation side is not the end-of-period version")
	}
	v := view{cands: map[string]Candidate{
		"weo:avg": {ID: "weo:avg", Title: "Inflation, average consumer prices", Unit: "Percent change", Country: "ARG"},
		"weo:eop": {ID: "weo:eop", Title: "Inflation, end of period consumer prices", Unit: "Percent change", Country: "ARG"}},
		columns: []Column{{Name: "inflation_avg", SeriesID: "weo:avg"}, {Name: "inflation_eop", SeriesID: "weo:eop"}}}
	if c, ok := v.resolve(in.derives[0].operands[1], true); !ok || c.Name != "inflation_eop" {
		t.Errorf("end-of-year inflation resolves to %q", c.Name)
	}
	// A derivation by that name from other columns is not the one asked.
	made := Column{Name: "real", Derived: "expr of policy, inflation_avg: policy - inflation_avg"}
	if !sameInputs(made, []Column{{Name: "policy"}, {Name: "inflation_avg"}}) || sameInputs(made, []Column{{Name: "policy"}, {Name: "inflation_eop"}}) {
		t.Error("sameInputs does not tell the inputs apart")
	}
}

// Real rates of five economies: "take off average inflation (WEO) for
// each to get real rates" subtracts each economy's inflation and names
// the results, and "keep only Turkey and South Africa" drops the others.
func TestTakeOffForEachAndKeepOnly(t *testing.T) {
	earlier := []string{"Turkey, South Africa, Brazil policy rates, monthly, 2013 to 2023"}
	in := understand("annualise and take off average inflation (WEO) for each to get real rates", earlier)
	if len(in.subjects) != 0 || len(in.derives) == 0 {
		t.Fatalf("subjects %v derivations %v", subjectKeys(in), derivesOf(in))
	}
	for _, d := range in.derives {
		if d.op != "spread" || d.operands[0].phrase != "*" || d.label != labelOf("real rates") {
			t.Errorf("derivation %v labelled %q", derivesOf(intent{derives: []derivation{d}}), d.label)
		}
	}
	in = understand("keep only Turkey and South Africa and chart those two real rates", earlier)
	if got := isoOf(in.kept); !slices.Equal(got, []string{"TUR", "ZAF"}) {
		t.Errorf("kept %v", got)
	}
	v := view{cands: map[string]Candidate{"bis:M.BR": {ID: "bis:M.BR", Country: "BRA"}, "bis:M.TR": {ID: "bis:M.TR", Country: "TUR"}},
		columns: []Column{{Name: "policy_rate_tur", SeriesID: "bis:M.TR"}, {Name: "policy_rate_bra", SeriesID: "bis:M.BR"}}}
	if in.removes(v, v.columns[0], nil) || !in.removes(v, v.columns[1], nil) {
		t.Error("keep only: Turkey removed or Brazil kept")
	}
}

// GDP per person by hand: a unit written in one part of a list is that
// part's, "divide" is of the two concepts named, for each economy, and
// "ratio of mine to theirs" sets each economy's own column against the
// publisher's series.
func TestDivideByHandAndMineAgainstTheirs(t *testing.T) {
	in := understand("nominal GDP in US dollars plus population, India/China/Indonesia, 2000-2023; divide to get USD per person", nil)
	for _, s := range in.subjects {
		if want := map[string]string{"nominal gdp": "u.s. dollars", "population": ""}[s.phrase]; s.unit != want {
			t.Errorf("%s|%s in %q, want %q", s.phrase, s.country.iso3, s.unit, want)
		}
	}
	if got := strings.Join(derivesOf(in), " "); got != "ratio(nominal gdp|IND,population|IND) ratio(nominal gdp|CHN,population|CHN) ratio(nominal gdp|IDN,population|IDN)" {
		t.Errorf("derivations %s", got)
	}
	if in := understand("Revenue and spending, percent of GDP, Norway", nil); len(in.subjects) != 2 || in.subjects[1].unit != "percent of gdp" {
		t.Errorf("a unit on its own is every part's: %+v", in.subjects)
	}
	in = understand("compare those with WEO's published per-capita USD figure: ratio of mine to theirs", []string{"nominal GDP plus population for India and China"})
	if len(in.derives) != 2 || in.derives[0].operands[0].whose != "mine" || in.derives[0].operands[1].whose != "theirs" || in.derives[1].operands[0].country.iso3 != "CHN" {
		t.Fatalf("derivations %+v", in.derives)
	}
	v := view{cands: map[string]Candidate{"weo:pc": {ID: "weo:pc", Country: "IND"}, "weo:g": {ID: "weo:g", Country: "IND"}},
		columns: []Column{{Name: "gdp_ind", SeriesID: "weo:g"}, {Name: "usd_capita_ind", SeriesID: "weo:g", Derived: "ratio of gdp_ind, pop_ind"}, {Name: "capita_weo_ind", SeriesID: "weo:pc"}}}
	mine, _ := v.resolve(in.derives[0].operands[0], true)
	theirs, _ := v.resolve(in.derives[0].operands[1], true)
	if mine.Name != "usd_capita_ind" || theirs.Name != "capita_weo_ind" {
		t.Errorf("mine %q, theirs %q", mine.Name, theirs.Name)
	}
}

// "Dec-on-Dec change" is the year-on-year change of year-end values; a
// list part a bracket cut off keeps no list word.
func TestDecemberChangesAndCutListParts(t *testing.T) {
	in := understand("Turkey CPI index, Dec-on-Dec change, 2021 to 2023", nil)
	if in.convert != "A" || in.convertMethod != "last" || !slices.ContainsFunc(in.derives, func(d derivation) bool { return d.op == "yoy_pct" }) {
		t.Errorf("convert %q by %q, derivations %v", in.convert, in.convertMethod, derivesOf(in))
	}
	if got := subjectKeys(understand("Turkish CPI (TURKSTAT) beside the IMF year-end inflation number", nil)); !slices.Equal(got, []string{"cpi|TUR", "inflation|TUR"}) {
		t.Errorf("subjects %v", got)
	}
}

// "Instead of Iceland take the Swiss rate and the ECB rate": only Iceland
// leaves; the table edited so keeps its span; and a table this request
// built and replaced is not built again (two readings would otherwise
// rebuild them in turn until the step limit).
func TestInsteadOfOneAndNoRebuildLoop(t *testing.T) {
	in := understand("Instead of Iceland take the Swiss rate and the ECB rate, and compute Swiss minus ECB.", []string{"policy rates of Sweden, Norway, Denmark and Iceland"})
	if got := isoOf(in.dropped); !slices.Equal(got, []string{"ISL"}) {
		t.Errorf("dropped %v, want Iceland only", got)
	}
	build := func(ids ...string) pastCall {
		var cols []any
		for _, id := range ids {
			cols = append(cols, map[string]any{"name": id, "series_id": id})
		}
		return pastCall{name: "build_table", args: map[string]any{"columns": cols}}
	}
	cols := func(ids ...string) []map[string]string {
		var out []map[string]string
		for _, id := range ids {
			out = append(out, map[string]string{"name": id, "series_id": id})
		}
		return out
	}
	v := view{calls: []pastCall{build("a", "b", "c"), build("a", "b")}}
	if !v.builtBefore(cols("b", "c", "a")) || v.builtBefore(cols("a", "b")) || v.builtBefore(cols("a")) {
		t.Error("builtBefore: the replaced table not told from the standing one or a new one")
	}
	v = view{table: "main", columns: []Column{{Name: "se", SeriesID: "bis:M.SE"}, {Name: "no", SeriesID: "bis:M.NO"}, {Name: "is", SeriesID: "bis:M.IS"}}}
	if !v.extends(cols("bis:M.SE", "bis:M.NO", "bis:M.CH")) || v.extends(cols("bis:M.SE", "fred:GDP", "fred:X")) {
		t.Error("extends: an edited table not told from a new one")
	}
}

// Later-turn phrasings: a concept written with hyphens ("real-rate
// calc"), "make that annual", "check those balances against …" (the
// demonstrative points at the table), and a side that is only a version
// word ("primary minus overall balance").
func TestLaterTurnPhrasings(t *testing.T) {
	earlier := []string{"Mexican policy rate and WEO inflation"}
	if in := understand("Same real-rate calc for Brazil and Chile alongside Mexico, 2005-2022", earlier); len(in.subjects) != 0 || len(in.derives) != 3 {
		t.Errorf("real-rate calc: subjects %v derivations %v", subjectKeys(in), derivesOf(in))
	}
	if in := understand("Now make that annual through 2022", earlier); in.convert != "A" {
		t.Errorf("make that annual: convert %q", in.convert)
	}
	if got := subjectKeys(understand("check those balances against the IMF's headline net lending figure", earlier)); len(got) != 1 || !strings.HasPrefix(got[0], "headline net lend") {
		t.Errorf("check those balances: %v", got)
	}
	if got := strings.Join(derivesOf(understand("primary minus overall balance for each", earlier)), " "); got != "spread(primary balance|MEX,overall balance|MEX)" {
		t.Errorf("primary minus overall balance: %s", got)
	}
}

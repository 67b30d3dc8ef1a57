package sim

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// A row at current prices rarely says "nominal": it is nominal unless its
// words say it is real, so "nominal GDP" prefers the plain row to a real one
// and to a row that spells "nominal" out but adds words the request did not ask.
func TestScoreReadsNominalAsNotReal(t *testing.T) {
	s := subject{phrase: "nominal gdp", terms: terms("nominal gdp")}
	plain := Candidate{ID: "fred:GDP", Title: "Gross Domestic Product", Unit: "Billions of Dollars", Freq: "Q"}
	real := Candidate{ID: "fred:GDPC1", Title: "Real Gross Domestic Product", Unit: "Billions of Chained 2017 Dollars", Freq: "Q"}
	spelled := Candidate{ID: "ifs:NGDP_SA_XDC.US", Title: "Gross Domestic Product, Nominal, Seasonally Adjusted, Domestic Currency", Unit: "Domestic currency", Freq: "Q"}
	sp, okp := score(s, plain, "Q")
	sr, _ := score(s, real, "Q")
	ss, _ := score(s, spelled, "Q")
	if !okp {
		t.Fatalf("the plain GDP row is not decidable for %q", s.phrase)
	}
	if sp <= sr {
		t.Errorf("plain %.3f not above real %.3f", sp, sr)
	}
	if sp <= ss {
		t.Errorf("plain %.3f not above the row with extra words %.3f", sp, ss)
	}
}

// A unit written after a list ("revenue and spending, % of GDP") asks for
// it in every part of the list, whether it is spelled "%" or "percent".
func TestUnitAppliesToEveryListPart(t *testing.T) {
	for _, text := range []string{
		"Government revenue and total expenditure as % of GDP in Norway.",
		"Revenue and spending, percent of GDP, Norway",
	} {
		in := understand(text, nil)
		if len(in.subjects) != 2 {
			t.Fatalf("%q: %d subjects, want 2: %+v", text, len(in.subjects), in.subjects)
		}
		for _, s := range in.subjects {
			if s.unit != "percent of gdp" {
				t.Errorf("%q: subject %q has unit %q, want percent of gdp", text, s.phrase, s.unit)
			}
		}
	}
}

// Seasonal adjustment asked for is read from a row's field (or its title),
// not looked for among its title's words: the adjusted row is a clear match,
// the unadjusted twin is not.
func TestAdjustmentIsARowProperty(t *testing.T) {
	in := understand("CPI-U all items SA, monthly from 1990", nil)
	if len(in.subjects) != 1 {
		t.Fatalf("%d subjects, want 1: %+v", len(in.subjects), in.subjects)
	}
	s := in.subjects[0]
	if s.adjust != "SA" {
		t.Fatalf("subject %q has adjustment %q, want SA", s.phrase, s.adjust)
	}
	sa := Candidate{ID: "fred:CPIAUCSL", Title: "Consumer Price Index for All Urban Consumers: All Items in U.S. City Average", Freq: "M", SA: "SA", Country: "USA"}
	nsa := sa
	nsa.ID, nsa.SA = "fred:CPIAUCNS", "NSA"
	vs, okS := score(s, sa, "M")
	vn, okN := score(s, nsa, "M")
	if !okS {
		t.Errorf("the adjusted row is not decidable for %q", s.phrase)
	}
	if okN || vn >= vs {
		t.Errorf("the unadjusted row scores %.3f (decidable %v) against %.3f", vn, okN, vs)
	}
	if n := understand("industrial production, not seasonally adjusted", nil); len(n.subjects) != 1 || n.subjects[0].adjust != "NSA" {
		t.Errorf("not seasonally adjusted read as %+v", n.subjects)
	}
}

// A subject written as a row's code names that row, whatever its title.
func TestCodeNamesItsRow(t *testing.T) {
	in := understand("T10YFF and the fed funds rate, monthly since 2000", nil)
	var s subject
	for _, x := range in.subjects {
		if x.phrase == "t10yff" {
			s = x
		}
	}
	if s.phrase == "" {
		t.Fatalf("no subject t10yff among %+v", in.subjects)
	}
	row := Candidate{ID: "fred:T10YFF", Title: "10-Year Treasury Constant Maturity Minus Federal Funds Rate", Freq: "D", Country: "USA"}
	other := Candidate{ID: "fred:T10Y3M", Title: "10-Year Treasury Constant Maturity Minus 3-Month Treasury Constant Maturity", Freq: "D", Country: "USA"}
	if _, ok := score(s, row, ""); !ok {
		t.Errorf("T10YFF is not decidable for the subject that writes its code")
	}
	if v, ok := score(s, other, ""); ok || v > 0 {
		t.Errorf("T10Y3M scores %.3f (decidable %v) for a subject naming T10YFF", v, ok)
	}
}

// "Headline" asks for the aggregate that statistical offices label
// "General", "Total" or "All items", and an outline number before a title's
// word ("0.GENERAL") does not hide the word.
func TestHeadlineReadsTheGeneralIndex(t *testing.T) {
	in := understand("headline CPI for Turkey, monthly since 2010", nil)
	if len(in.subjects) != 1 {
		t.Fatalf("%d subjects, want 1: %+v", len(in.subjects), in.subjects)
	}
	general := Candidate{ID: "evds:TP.FG.J0", Title: "0.GENERAL", Unit: "Index 2003=100", Freq: "M", Country: "TUR",
		Heading: "CBRT EVDS › PRICE INDICES › TURKSTAT- Consumer Price Index (2003=100)"}
	food := general
	food.ID, food.Title = "evds:TP.FG.J01", "1.FOOD AND NON-ALCOHOLIC BEVERAGES"
	vg, ok := score(in.subjects[0], general, "M")
	if !ok {
		t.Errorf("the general index is not decidable for %q", in.subjects[0].phrase)
	}
	if vf, _ := score(in.subjects[0], food, "M"); vf >= vg {
		t.Errorf("the food index scores %.3f, not below the general index's %.3f", vf, vg)
	}
}

// A publisher asked for ("the TCMB policy rate") is preferred, and when none
// of its rows shown has observations, the same statistic from another
// publisher serves rather than nothing.
func TestPublisherFallsBackWhenItsRowsHaveNoData(t *testing.T) {
	in := understand("the TCMB policy rate, monthly since 2015", nil)
	if len(in.subjects) != 1 || len(in.subjects[0].sources) == 0 {
		t.Fatalf("want one subject asking for a publisher, got %+v", in.subjects)
	}
	s := in.subjects[0]
	evds := Candidate{ID: "evds:TP.APIFON4", Title: "CBRT policy rate (one-week repo)", Unit: "Percent", Freq: "M", Country: "TUR", NoData: true}
	bis := Candidate{ID: "bis:M.TR", Title: "Central bank policy rate — Türkiye", Unit: "Percent", Freq: "M", Country: "TUR"}
	v := view{cands: map[string]Candidate{evds.ID: evds, bis.ID: bis}, order: []string{evds.ID, bis.ID}}
	c, ok, _ := Policy{}.best(v, s, "M", nil)
	if !ok || c.ID != bis.ID {
		t.Errorf("best is %s (decidable %v), want %s", c.ID, ok, bis.ID)
	}
	withData := evds
	withData.NoData = false
	v.cands[evds.ID] = withData
	if c, ok, _ := (Policy{}).best(v, s, "M", nil); !ok || c.ID != evds.ID {
		t.Errorf("with data at the publisher asked for, best is %s (decidable %v), want %s", c.ID, ok, evds.ID)
	}
}

// "The two combined" adds up the columns the table held when the analyst
// wrote, not the series the same request has just added.
func TestCombinedMeansTheColumnsTheAnalystSaw(t *testing.T) {
	v := view{table: "main", cands: map[string]Candidate{}, columns: []Column{
		{Name: "business_loans", SeriesID: "fred:BUSLOANS", Unit: "Billions"},
		{Name: "consumer_loans", SeriesID: "fred:CONSUMER", Unit: "Billions"},
		{Name: "delinquency_rate", SeriesID: "fred:DRALACBS", Unit: "Percent"},
	}, before: map[string]bool{"business_loans": true, "consumer_loans": true}}
	in := understand("what share of the two combined is consumer? and add the delinquency rate on all loans", []string{"C&I loans and consumer loans, monthly"})
	var d derivation
	for _, x := range in.derives {
		if x.op == "share" {
			d = x
		}
	}
	if d.op == "" {
		t.Fatalf("no share read: %+v", in.derives)
	}
	i := slices.IndexFunc(d.operands, func(o operand) bool { return o.sum != 0 })
	if i < 0 {
		t.Fatalf("no sum operand: %+v", d.operands)
	}
	call, _, msg := v.sumCall(d, i, false)
	if call == nil {
		t.Fatalf("no call: %s", msg)
	}
	if expr, _ := call.Args["expression"].(string); expr != "100 * consumer_loans / (business_loans + consumer_loans)" {
		t.Errorf("expression %q", expr)
	}
}

// Breaks asked of a series the table does not hold make it a series to
// find, once per economy of the table; words the request's own
// derivations make, or that only point back, do not.
func TestAnalysedSeriesNotHeldAreFound(t *testing.T) {
	v := view{table: "main", cands: map[string]Candidate{
		"weo:E|JPN": {ID: "weo:E|JPN", Country: "JPN"}, "weo:E|DEU": {ID: "weo:E|DEU", Country: "DEU"},
	}, columns: []Column{
		{Name: "employment_jpn", SeriesID: "weo:E|JPN"}, {Name: "employment_deu", SeriesID: "weo:E|DEU"},
		{Name: "share_employment_jpn", SeriesID: "weo:E|JPN", Derived: "share"},
	}}
	in := understand("changepoints on those ratios plus the unemployment rates, and a chart", []string{"Employment and population for Japan and Germany"})
	got := v.analysedNotHeld(in, nil)
	var keys []string
	for _, s := range got {
		keys = append(keys, s.phrase+"|"+s.country.iso3)
	}
	if !slices.Equal(keys, []string{"unemployment rate|JPN", "unemployment rate|DEU"}) {
		t.Errorf("series to find %q, want the unemployment rate of each economy", keys)
	}
	in = understand("policy minus inflation as the real rate, then breaks in the real rate", []string{"policy rate and CPI for Turkey"})
	if got := v.analysedNotHeld(in, nil); len(got) != 0 {
		t.Errorf("a derivation's own result was taken for a series to find: %+v", got)
	}
}

// One word of a row serves one word of the request: "prices" stands for
// "CPI" or for "inflation", not for both, so a GDP row at constant prices
// is no match for average CPI inflation.
func TestOneRowWordServesOneTerm(t *testing.T) {
	s := subject{phrase: "average cpi inflation", terms: terms("average cpi inflation"), country: country{iso3: "ISR", name: "Israel"}}
	gdp := Candidate{ID: "weo:WEOApr2024|Israel|Gross domestic product, constant prices|National currency", Title: "Gross domestic product, constant prices — Israel",
		Heading: "IMF World Economic Outlook › Gross domestic product, constant prices", Unit: "Billions of National currency", Freq: "A", Country: "ISR"}
	cpi := Candidate{ID: "weo:WEOApr2024|Israel|Inflation, average consumer prices|Percent change", Title: "Inflation, average consumer prices — Israel",
		Heading: "IMF World Economic Outlook › Inflation, average consumer prices", Unit: "Percent change", Freq: "A", Country: "ISR"}
	if _, ok := score(s, gdp, "A"); ok {
		t.Errorf("the GDP row is decidable for %q", s.phrase)
	}
	if _, ok := score(s, cpi, "A"); !ok {
		t.Errorf("the CPI inflation row is not decidable for %q", s.phrase)
	}
	if c := coverage(s, gdp); c > 0.34 {
		t.Errorf("coverage of the GDP row %.2f, want at most one word in three", c)
	}
}

// A country filter the tool refused is dropped from later searches, which
// keep the country in their words.
func TestRefusedCountryFilterIsDropped(t *testing.T) {
	v := view{calls: []pastCall{{name: "search_catalog", failed: true, result: `error in search_catalog: search failed: search: bad filter: country "EMU" (want an ISO3 code such as TUR)`}}}
	ws := v.withoutRefusedFilters([]map[string]any{
		{"query": "policy rate", "country": "EMU", "frequency": "M"},
		{"query": "policy rate", "countries": []string{"EMU", "SWE"}},
	})
	if _, ok := ws[0]["country"]; ok || ws[0]["frequency"] != "M" {
		t.Errorf("first search %v", ws[0])
	}
	if cs, _ := ws[1]["countries"].([]string); !slices.Equal(cs, []string{"SWE"}) {
		t.Errorf("second search %v", ws[1])
	}
	if in := understand("Policy rates Sweden/Norway, monthly from 2012 to the latest BIS month", nil); len(in.subjects) != 2 {
		t.Errorf("to the latest BIS month: subjects %+v", in.subjects)
	}
}

// Breaks asked for a country's columns fall back to its series when it has
// no derived column.
func TestEveryColumnOfACountry(t *testing.T) {
	v := view{cands: map[string]Candidate{"bis:M.SE": {ID: "bis:M.SE", Country: "SWE"}, "bis:M.DK": {ID: "bis:M.DK", Country: "DNK"}},
		columns: []Column{{Name: "policy_rate_swe", SeriesID: "bis:M.SE"}, {Name: "policy_rate_dnk", SeriesID: "bis:M.DK"},
			{Name: "spread_dnk", SeriesID: "bis:M.DK", Derived: "spread", From: []string{"bis:M.DK", "bis:M.XM"}}}}
	if got := v.matchTarget(target{phrase: "*", country: country{iso3: "SWE"}}, true, nil); len(got) != 1 || got[0].Name != "policy_rate_swe" {
		t.Errorf("Sweden: %+v", got)
	}
	if got := v.matchTarget(target{phrase: "*", country: country{iso3: "DNK"}}, true, nil); len(got) != 1 || got[0].Name != "spread_dnk" {
		t.Errorf("Denmark: %+v", got)
	}
}

// A word a search reported correcting is read as corrected: the misspelt
// subject finds its row, which it could not while spelled as typed.
func TestAnalystAdoptsTheSearchCorrection(t *testing.T) {
	row := "- weo:WEOApr2024|Sweden|General government total expenditure|Percent of GDP | General government total expenditure | unit: Percent of GDP | freq: A | country: SWE"
	result := "showing results for \"total expenditure percent of gdp\" (expendture → expenditure)\n" +
		"search_catalog \"total expendture percent of gdp\": 3 rows matched; showing 1 new under 1 heading, best first.\n" +
		"## IMF World Economic Outlook › General government total expenditure (196 rows under this heading; heading id: h1)\n" + row
	tc := ToolCall{ID: "c1", Type: "function"}
	tc.Function.Name = "search_catalog"
	tc.Function.Arguments = `{"query":"total expendture percent of gdp","country":"SWE"}`
	msgs := []Message{{Role: "user", Content: "Total expendture, % of GDP, for Sweden."},
		{Role: "assistant", ToolCalls: []ToolCall{tc}}, {Role: "tool", ToolCallID: "c1", Content: result}}
	v := readView(msgs)
	if got := v.respell("Total Expendture, % of GDP"); got != "Total expenditure, % of GDP" {
		t.Fatalf("respell = %q", got)
	}
	step := Policy{}.Decide(msgs)
	if len(step.Calls) != 1 || step.Calls[0].Name != "build_table" || !strings.Contains(fmt.Sprint(step.Calls[0].Args), "Sweden|General government total expenditure") {
		t.Errorf("step after the corrected search: %+v", step)
	}
	// Without the line, the typed word matches nothing the row says.
	msgs[2].Content = strings.SplitN(result, "\n", 2)[1]
	if step := (Policy{}).Decide(msgs); len(step.Calls) == 1 && step.Calls[0].Name == "build_table" {
		t.Errorf("without a correction the misspelt subject settled: %+v", step)
	}
}

// Rows the words cannot tell apart are taken in the order the search
// showed them, not at random.
func TestTiesGoToTheRowShownFirst(t *testing.T) {
	s := subject{phrase: "unemployment rate", terms: terms("unemployment rate")}
	a := Candidate{ID: "fred:UNRATE", Title: "Unemployment Rate", Unit: "Percent", Freq: "M"}
	b := Candidate{ID: "fred:UNRATENSA", Title: "Unemployment Rate", Unit: "Percent", Freq: "M"}
	for _, order := range [][]string{{a.ID, b.ID}, {b.ID, a.ID}} {
		v := view{cands: map[string]Candidate{a.ID: a, b.ID: b}, order: order}
		for seed := range uint64(6) {
			if c, ok, _ := (Policy{Seed: seed}).best(v, s, "M", nil); !ok || c.ID != order[0] {
				t.Errorf("order %v seed %d: best %s (decidable %v)", order, seed, c.ID, ok)
			}
		}
	}
}

// "I need them in US dollars, not % of GDP. Swap them out.": the unit
// refused is no unit asked for, the talk around it names no series, and
// the request is the earlier series in the unit asked for.
func TestUnitSwapRepeatsTheEarlierSeries(t *testing.T) {
	earlier := []string{"current account balance as % of GDP for Korea, Japan, Germany and China"}
	for _, text := range []string{
		"Actually I need them in US dollars (billions) for the same countries, not % of GDP. Swap them out.",
		"Actually, not % of GDP: I need them in US dollars for the same countries. Swap them out.",
	} {
		in := understand(text, earlier)
		if !slices.Equal(in.units, []string{"u.s. dollars"}) || len(in.subjects) != 4 {
			t.Fatalf("%q: units %v, %d subjects %+v", text, in.units, len(in.subjects), in.subjects)
		}
		for _, s := range in.subjects {
			if s.phrase != "current account balance" || s.unit != "u.s. dollars" {
				t.Errorf("%q: subject %+v", text, s)
			}
		}
	}
}

// "Add net debt (also % of GDP) for the same four. Keep the gross ones.":
// the bracketed unit is the new series' unit, the countries are the
// earlier turn's (the US written "the US" among them), and keeping columns
// names nothing to find.
func TestAddWithBracketedUnitAndKeep(t *testing.T) {
	earlier := []string{"general government gross debt, % of GDP, for Italy, Greece, Japan and the US"}
	in := understand("Can you add net debt (also % of GDP) for the same four? Keep the gross ones.", earlier)
	var got []string
	for _, s := range in.subjects {
		got = append(got, s.phrase+"|"+s.country.iso3+"|"+s.unit)
	}
	want := []string{"net debt|ITA|percent of gdp", "net debt|GRC|percent of gdp", "net debt|JPN|percent of gdp", "net debt|USA|percent of gdp"}
	if !slices.Equal(got, want) {
		t.Errorf("subjects %v, want %v", got, want)
	}
}

// A row naming the other side of a word asked for ("gross" for "net") is
// never the series, not even as the closest match.
func TestOppositeSideIsNotTheSeries(t *testing.T) {
	s := subject{phrase: "net debt", terms: terms("net debt"), country: country{iso3: "GRC", name: "Greece"}}
	gross := Candidate{ID: "weo:WEOApr2024|Greece|General government gross debt|Percent of GDP", Title: "General government gross debt — Greece", Unit: "Percent of GDP", Freq: "A", Country: "GRC"}
	if !contradicts(s, gross) {
		t.Fatal("gross debt does not contradict net debt")
	}
	if _, ok := score(s, gross, "A"); ok {
		t.Error("gross debt is decidable for net debt")
	}
	both := gross
	both.Title = "Net and gross debt — Greece"
	if contradicts(s, both) {
		t.Error("a row naming both sides contradicts")
	}
}

// A statement put up for confirmation ("…, right?") names no series.
func TestConfirmationAsksForNothing(t *testing.T) {
	earlier := []string{"general government gross and net debt, % of GDP, for Italy and Japan"}
	in := understand("gross minus net for each - the gap is basically govt financial assets, right? chart the gaps", earlier)
	if len(in.subjects) != 0 || len(in.derives) != 2 || !in.chart {
		t.Errorf("subjects %+v, %d derivations, chart %v", in.subjects, len(in.derives), in.chart)
	}
	// A statement of how things are asks for nothing either; one that
	// says what is wanted does.
	if in := understand("Different currencies so levels are useless to compare — index each to 100 and chart.", earlier); len(in.subjects) != 0 {
		t.Errorf("a statement named subjects %+v", in.subjects)
	}
	if in := understand("What I want is government net debt for Italy.", earlier); len(in.subjects) != 1 {
		t.Errorf("a request phrased with a copula: subjects %+v", in.subjects)
	}
}

// "Index each to 2019Q4 = 100", "rebase both to 2010": an index at a base
// period, on every column; the base bounds no table.
func TestIndexAtABaseIsRead(t *testing.T) {
	earlier := []string{"nominal GDP for Italy and Japan, quarterly"}
	for text, base := range map[string]string{
		"Different currencies so levels are useless — index each to 2019Q4 = 100 and chart.": "2019Q4",
		"Rebase both to 2010.":                           "2010",
		"Put them on a 2015=100 basis.":                  "2015",
		"Show them indexed to 100 at the start, please.": "",
	} {
		in := understand(text, earlier)
		if len(in.derives) != 1 || in.derives[0].op != "index" || in.derives[0].base != base || in.from != "" || in.to != "" || len(in.subjects) != 0 {
			t.Errorf("%q: derives %+v, span %q..%q, subjects %+v; want one index at %q", text, in.derives, in.from, in.to, in.subjects, base)
		}
	}
}

// A column of the subject's name in another unit than the one asked for
// does not hold it; the subject's column then names its unit.
func TestColumnInAnotherUnitDoesNotHoldTheSubject(t *testing.T) {
	pct := Candidate{ID: "weo:WEOApr2024|Korea|Current account balance|Percent of GDP", Title: "Current account balance — Korea", Unit: "Percent of GDP", Freq: "A", Country: "KOR"}
	v := view{cands: map[string]Candidate{pct.ID: pct}, columns: []Column{{Name: "current_account_balance_kor", SeriesID: pct.ID}}}
	s := subject{phrase: "current account balance", terms: terms("current account balance"), country: country{iso3: "KOR"}}
	if name, _, ok := v.columnFor(s, true); !ok || name != "current_account_balance_kor" {
		t.Errorf("no unit asked: %s, %v", name, ok)
	}
	s.unit = "u.s. dollars"
	if name, _, ok := v.columnFor(s, true); ok || name != "current_account_balance_kor_us_dollars" {
		t.Errorf("in dollars: %s, held %v", name, ok)
	}
	s.unit = "percent of gdp"
	if _, _, ok := v.columnFor(s, true); !ok {
		t.Error("in percent of GDP: not held")
	}
}

// "Poland relative to Portugal (ratio) — when does Poland overtake?": the
// op the clause names decides over the pattern's, and how series compare
// over time names no series.
func TestNamedOpAndComparisonWords(t *testing.T) {
	earlier := []string{"GDP per capita in PPP terms for Poland, Portugal and Greece, 2000-2023"}
	in := understand("Poland relative to Portugal (ratio) — when does Poland overtake?", earlier)
	if len(in.derives) != 1 || in.derives[0].op != "ratio" || slices.ContainsFunc(in.subjects, func(s subject) bool { return strings.Contains(s.phrase, "overtak") }) {
		t.Errorf("derives %+v, subjects %+v", in.derives, in.subjects)
	}
	if in := understand("Poland relative to Portugal.", earlier); len(in.derives) != 1 || in.derives[0].op != "share" {
		t.Errorf("without a named op: %+v", in.derives)
	}
}

// "Daily, not the monthly-average version": the refused phrase names no
// series and asks for no frequency.
func TestRefusedPhraseAsksForNothing(t *testing.T) {
	in := understand("Pull me the daily 10-year minus 3-month Treasury spread, 2005 to end of 2019. Daily, not the monthly-average version.", nil)
	if in.freq != "D" || slices.ContainsFunc(in.subjects, func(s subject) bool { return strings.Contains(s.phrase, "version") }) {
		t.Errorf("frequency %q, subjects %+v", in.freq, in.subjects)
	}
}

// A search that says no new row fits the window ends the searching: the
// analyst decides from what is shown rather than rewording.
func TestNoRoomEndsSearching(t *testing.T) {
	tc := ToolCall{ID: "c1", Type: "function"}
	tc.Function.Name = "search_catalog"
	tc.Function.Arguments = `{"query":"treasury spread"}`
	msgs := []Message{{Role: "user", Content: "The 10-year Treasury spread, daily."},
		{Role: "assistant", ToolCalls: []ToolCall{tc}},
		{Role: "tool", ToolCallID: "c1", Content: `search_catalog "treasury spread": 9857 rows matched, ` + noRoomText + `. Decide from the rows already shown.`}}
	if step := (Policy{}).Decide(msgs); len(step.Calls) > 0 && step.Calls[0].Name == "search_catalog" {
		t.Errorf("searched again: %+v", step.Calls)
	}
	msgs[2].Content = `search_catalog "treasury spread": no rows matched. Try other words, fewer filters, or a broader term.`
	if step := (Policy{}).Decide(msgs); len(step.Calls) == 0 || step.Calls[0].Name != "search_catalog" {
		t.Errorf("after no match it did not reword: %+v", step)
	}
}

// "For my macro seminar: savings and investment for China and Japan": the
// purpose sentence names the work, not a series; "For Turkey:" names an
// economy.
func TestPurposeSentenceNamesNoSeries(t *testing.T) {
	in := understand("For my macro seminar: gross national savings and total investment, both in % of GDP, for China and Japan.", nil)
	if slices.ContainsFunc(in.subjects, func(s subject) bool { return strings.Contains(s.phrase, "seminar") }) || len(in.subjects) != 4 {
		t.Errorf("subjects %+v", in.subjects)
	}
	if in := understand("For Turkey: CPI and the policy rate.", nil); len(in.subjects) != 2 || in.subjects[0].country.iso3 != "TUR" {
		t.Errorf("for a country: %+v", in.subjects)
	}
}

// "…policy rates for Germany, France and Spain, plus each country's gap to
// the German rate": ", plus" opens a clause of its own, the gap to one
// column is a spread of every other one, and "I'm writing about …" frames.
func TestGapToOneColumn(t *testing.T) {
	in := understand("Hello - I'm writing about convergence before the euro. Could you give me the central bank policy rates for Germany, France and Spain, monthly from 1990 through 1998, plus each country's gap to the German rate?", nil)
	if len(in.subjects) != 3 || in.subjects[0].phrase != "central bank policy rate" {
		t.Errorf("subjects %+v", in.subjects)
	}
	if len(in.derives) != 1 || in.derives[0].op != "spread" || in.derives[0].operands[0].phrase != "*" || in.derives[0].operands[1].country.iso3 != "DEU" {
		t.Errorf("derives %+v", in.derives)
	}
}

// "gross vs net govt debt": the lone modifier shares the head of the part
// it is opposed to; "CPI and core inflation" shares nothing.
func TestCoordinatedModifiersShareTheHead(t *testing.T) {
	in := understand("gross vs net govt debt, % GDP, Japan, 2005-2023", nil)
	var got []string
	for _, s := range in.subjects {
		got = append(got, s.phrase)
	}
	if len(got) != 2 || got[0] != "gross government debt" || got[1] != "net government debt" {
		t.Errorf("subjects %v", got)
	}
	if in := understand("CPI and core inflation for Japan", nil); len(in.subjects) != 2 || in.subjects[0].phrase != "cpi" {
		t.Errorf("cpi and core inflation: %+v", in.subjects)
	}
}

// A country name one slip away from its spelling is read as that country;
// ordinary words are left alone.
func TestMisspeltCountriesAreRead(t *testing.T) {
	got := respellCountries("Korea, Thailand, Indoneisa, Philipines, Malaysia and inflation in Argentna")
	if got != "Korea, Thailand, Indonesia, Philippines, Malaysia and inflation in Argentina" {
		t.Errorf("respelt: %q", got)
	}
	for _, w := range []string{"Germans", "inflation", "balance", "Ireland"} {
		if got := respellCountries(w); got != w {
			t.Errorf("%q respelt as %q", w, got)
		}
	}
	if !oneSlip("indoneisa", "indonesia") || !oneSlip("philipines", "philippines") || oneSlip("germany", "germans") == false || oneSlip("abc", "abcde") {
		t.Error("oneSlip")
	}
}

// "hong kong and saudi both peg to the dollar right? show me their policy
// rates together with the US one, and the spread of each over the US":
// the check asks nothing, "their" means the economies named, "the US one"
// adds the US, and series listed before the arithmetic are asked for.
func TestTheirRatesAndTheUSOne(t *testing.T) {
	in := understand("hong kong and saudi both peg to the dollar right? show me their policy rates together with the US one, monthly 2005-2023, and the spread of each over the US", nil)
	var got []string
	for _, s := range in.subjects {
		got = append(got, s.phrase+"|"+s.country.iso3)
	}
	if !slices.Equal(got, []string{"policy rate|HKG", "policy rate|SAU", "policy rate|USA"}) || len(in.derives) != 1 {
		t.Errorf("subjects %v, derives %+v", got, in.derives)
	}
}

// "…savings and investment for China and Japan. Then savings minus
// investment for each country.": the operands name series the request
// asks for, so they are not searched for on their own.
func TestOperandsNamingRequestedSeriesAreNotSearched(t *testing.T) {
	tc := ToolCall{ID: "c1", Type: "function"}
	tc.Function.Name = "search_catalog"
	tc.Function.Arguments = `{"query":"saving investment","countries":["CHN","JPN"]}`
	msgs := []Message{{Role: "user", Content: "Gross national savings and total investment, both in % of GDP, for China and Japan, 2000 to 2023. Then savings minus investment for each country."},
		{Role: "assistant", ToolCalls: []ToolCall{tc}},
		{Role: "tool", ToolCallID: "c1", Content: `search_catalog "saving investment" [country=CHN,JPN]: no rows matched. Try other words, fewer filters, or a broader term.`}}
	step := Policy{}.Decide(msgs)
	understood, _, _ := strings.Cut(step.Reasoning, "\n")
	if !strings.Contains(understood, "gross national saving (China)") || strings.Contains(understood, "; saving (China)") || strings.Contains(understood, "; investment (China)") {
		t.Errorf("understood: %s", understood)
	}
}

// "TR: … side by side, monthly, Jan-21 to Dec-23": a code labelling the
// message names its economy, two-digit years are read, and laying series
// side by side names none.
func TestCodeLabelShortYearsAndLayout(t *testing.T) {
	in := understand("TR: need the CBRT policy rate and CPI side by side, monthly, Jan-21 to Dec-23.", nil)
	if in.from != "2021" || in.to != "2023" || len(in.subjects) != 2 {
		t.Fatalf("span %s..%s, subjects %+v", in.from, in.to, in.subjects)
	}
	for _, s := range in.subjects {
		if s.country.iso3 != "TUR" || slices.Contains(s.terms, "side") || slices.Contains(s.terms, "tr") {
			t.Errorf("subject %+v", s)
		}
	}
}

// A series' own base ("CPI (2003=100)") is not the base a rebasing asks
// for; a word that starts like a month ("market 10 year") is no date; a
// percent change keeps its rate word.
func TestBasesDatesAndRateWordsStayApart(t *testing.T) {
	in := understand("TURKSTAT CPI (2003=100) and the policy rate, then index each to 2019 = 100.", nil)
	if len(in.derives) != 1 || in.derives[0].base != "2019" {
		t.Errorf("derives %+v", in.derives)
	}
	if got := monthShortYear.ReplaceAllStringFunc("the market 10 year yield from dec-21", fullYear); got != "the market 10 year yield from dec 2021" {
		t.Errorf("dates: %q", got)
	}
	if s := (subject{terms: terms("consumer prices percent change")}); !asksRate(s) {
		t.Errorf("a percent change asks for no rate: terms %v", s.terms)
	}
}

// "compute debt/GDP myself from those": the operands are the columns whose
// own words say debt and GDP, not one that holds "GDP" in its unit or
// only through a synonym; and a change word asks for that change first.
func TestArithmeticOperandsResolveToTheirOwnColumns(t *testing.T) {
	v := view{table: "main", cands: map[string]Candidate{}, columns: []Column{
		{Name: "gross_government_debt_jpn", SeriesID: "weo:WEOApr2024|Japan|General government gross debt|National currency", Unit: "National currency"},
		{Name: "nominal_gdp_jpn", SeriesID: "weo:WEOApr2024|Japan|Gross domestic product, current prices|National currency", Unit: "National currency"},
		{Name: "debt_weo_jpn", SeriesID: "weo:WEOApr2024|Japan|General government gross debt|Percent of GDP", Unit: "Percent of GDP"},
	}, before: map[string]bool{"gross_government_debt_jpn": true, "nominal_gdp_jpn": true, "debt_weo_jpn": true}}
	in := understand("compute debt/gdp myself from those", []string{"gross govt debt and nominal GDP for Japan"})
	if len(in.derives) != 1 || len(in.derives[0].asSeries) != 0 {
		t.Fatalf("derives %v (published stand-in %v), want one share computed", derivesOf(in), in.derives)
	}
	call, _, msg := v.deriveCall(in.derives[0], false)
	if call == nil {
		t.Fatalf("no call: %s", msg)
	}
	if cols := call.Args["columns"]; !slices.Equal(cols.([]string), []string{"gross_government_debt_jpn", "nominal_gdp_jpn"}) {
		t.Errorf("share of %v", cols)
	}

	v = view{table: "main", cands: map[string]Candidate{}, columns: []Column{
		{Name: "federal_fund", SeriesID: "fred:FEDFUNDS", Unit: "Percent"},
		{Name: "cpi_inflation", SeriesID: "fred:CPIAUCSL", Unit: "Index 1982-1984=100"},
	}, before: map[string]bool{"federal_fund": true, "cpi_inflation": true}}
	in = understand("ok now real rate = ffr minus y/y cpi", []string{"fed funds vs cpi inflation, monthly since 2000"})
	call, _, msg = v.deriveCall(in.derives[0], false)
	if call == nil || call.Args["op"] != "yoy_pct" || call.Args["column"] != "cpi_inflation" {
		t.Errorf("first call %+v (%s), want the y/y change of cpi_inflation", call, msg)
	}
}

// A table converted on request ("yearly averages") ends at that
// frequency: its rows decide among candidates, not the finest series.
func TestConvertedTableDecidesAtItsFrequency(t *testing.T) {
	rate := Candidate{ID: "bis:M.TR", Title: "Central bank policy rate", Unit: "Per cent per year", Freq: "M", Country: "TUR"}
	cpi := Candidate{ID: "weo:WEOApr2024|Türkiye|Inflation, average consumer prices|Percent change", Title: "Inflation, average consumer prices", Unit: "Percent change", Freq: "A", Country: "TUR"}
	v := view{cands: map[string]Candidate{rate.ID: rate, cpi.ID: cpi}, order: []string{rate.ID, cpi.ID}}
	in := understand("policy rate and CPI inflation for Turkey, yearly averages", nil)
	if in.convert != "A" {
		t.Fatalf("convert %q, want A", in.convert)
	}
	if f := (Policy{}).tableFrequency(v, in, in.subjects, false); f != "A" {
		t.Errorf("converted: table frequency %q, want A", f)
	}
	in.convert = ""
	if f := (Policy{}).tableFrequency(v, in, in.subjects, false); f != "M" {
		t.Errorf("not converted: table frequency %q, want M", f)
	}
	// A table converted earlier keeps its frequency for the series added.
	v.tableFreq = "A"
	if f := (Policy{}).tableFrequency(v, in, in.subjects, false); f != "A" {
		t.Errorf("an annual table: frequency %q, want A", f)
	}
}

// Two economies named by one concept ("rate differential US minus euro
// area") are the columns of the concept the table holds for both, not
// each economy's newest column.
func TestTwoEconomiesMeanTheConceptBothHold(t *testing.T) {
	v := view{cands: map[string]Candidate{
		"fred:DEXUSEU": {ID: "fred:DEXUSEU", Title: "U.S. Dollars to Euro Spot Exchange Rate", Country: "USA"},
		"bis:M.US":     {ID: "bis:M.US", Title: "Central bank policy rate", Country: "USA"},
		"bis:M.XM":     {ID: "bis:M.XM", Title: "Central bank policy rate", Country: "EMU"},
	}, columns: []Column{{Name: "policy_rate_usa", SeriesID: "bis:M.US"}, {Name: "policy_rate_emu", SeriesID: "bis:M.XM"}, {Name: "dollar_euro_exchange_rate", SeriesID: "fred:DEXUSEU"}}}
	for _, text := range []string{"rate differential US minus euro area", "US minus euro area"} {
		in := understand(text, []string{"the USD/EUR spot rate with the US and euro area policy rates"})
		if len(in.derives) != 1 {
			t.Fatalf("%q: derivations %v", text, derivesOf(in))
		}
		call, _, msg := v.deriveCall(in.derives[0], true)
		if call == nil {
			t.Fatalf("%q: no call (%s)", text, msg)
		}
		if got := fmt.Sprint(call.Args["columns"]); got != "[policy_rate_usa policy_rate_emu]" {
			t.Errorf("%q: columns %s, want the two policy rates", text, got)
		}
	}
}

// "Policy rate at year end vs end-of-year CPI inflation": the table is
// converted with each year's last value, and of the two inflation rows the
// end-of-period one is taken.
func TestEndOfPeriodIsTheVersionAndTheMethod(t *testing.T) {
	in := understand("Policy rate at year end vs end-of-year CPI inflation: Turkey, 2006-2023", nil)
	if in.convert != "A" || in.convertMethod != "last" {
		t.Errorf("convert %q by %q, want A by last", in.convert, in.convertMethod)
	}
	var cpi subject
	for _, s := range in.subjects {
		if strings.Contains(s.phrase, "inflation") {
			cpi = s
		}
	}
	if !cpi.eop {
		t.Fatalf("subjects %+v: inflation not asked at end of period", in.subjects)
	}
	avg := Candidate{ID: "weo:WEOApr2024|Türkiye|Inflation, average consumer prices|Percent change", Title: "Inflation, average consumer prices", Unit: "Percent change", Freq: "A", Country: "TUR"}
	eop := Candidate{ID: "weo:WEOApr2024|Türkiye|Inflation, end of period consumer prices|Percent change", Title: "Inflation, end of period consumer prices", Unit: "Percent change", Freq: "A", Country: "TUR"}
	v := view{cands: map[string]Candidate{avg.ID: avg, eop.ID: eop}, order: []string{avg.ID, eop.ID}}
	if c, ok, _ := (Policy{}).best(v, cpi, "A", nil); !ok || c.ID != eop.ID {
		t.Errorf("best %s (decidable %v), want the end-of-period row", c.ID, ok)
	}
	cpi.eop = false
	if c, _, _ := (Policy{}).best(v, cpi, "A", nil); c.ID != avg.ID {
		t.Errorf("unasked, best %s, want the row shown first", c.ID)
	}
}

// The tables a context note says stand are the analyst's table when the
// results that built them were removed.
func TestAnalystReadsTheStandingTables(t *testing.T) {
	sys := "prompt\n\nContext note: to fit the model's context window, these were removed from the conversation:\n- earlier turn 1\nWhat they showed is no longer visible; search again if you need it.\n" +
		"The tables as they stand now (what the removed results built):\n- main: frequency Q, 2000Q1..2022Q4, 92 rows; columns: gdp_ifs = ifs:NGDP_SA_XDC.US; ratio = ifs:NGDP_SA_XDC.US (derived: ratio of gdp_ifs, gdp)"
	v := readView([]Message{{Role: "system", Content: sys}, {Role: "user", Content: "add payrolls"}})
	if v.table != "main" || v.tableFreq != "Q" || len(v.columns) != 2 || v.columns[1].Derived != "ratio of gdp_ifs, gdp" || v.columns[0].SeriesID != "ifs:NGDP_SA_XDC.US" {
		t.Errorf("table %q at %q, columns %+v", v.table, v.tableFreq, v.columns)
	}
}

package sim

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func derivesOf(in intent) []string {
	var out []string
	for _, d := range in.derives {
		var ops []string
		for _, o := range d.operands {
			p := strings.Join(o.terms, " ")
			if o.back != 0 {
				p = "back" + string(rune('0'+o.back))
			}
			if o.phrase == "*" {
				p = "*"
			}
			if o.sum != 0 {
				p = "sum" + strconv.Itoa(o.sum)
			}
			if o.change != "" {
				p = o.change + ":" + p
			}
			ops = append(ops, p+"|"+o.country.iso3)
		}
		out = append(out, d.op+"("+strings.Join(ops, ",")+")")
	}
	return out
}

func targetsOf(ts []target) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.phrase+"|"+t.country.iso3)
	}
	return out
}

func TestUnderstandFindsSubjectsCountriesAndSteps(t *testing.T) {
	cases := []struct {
		text     string
		earlier  []string
		subjects []string // "terms|ISO3"
		derives  []string // "op(terms|ISO3,...)"
		cp       []string
		chart    bool
		convert  string
		freq     string
		cpAll    bool
	}{
		{text: "Show me the US jobless rate and total nonfarm payrolls since 2000.",
			subjects: []string{"jobless rate|USA", "total nonfarm payroll|USA"}},
		{text: "Putting together a briefing on Andean economies. Policy rates for Peru and Chile, please.",
			subjects: []string{"policy rate|PER", "policy rate|CHL"}},
		{text: "I'm preparing a report on inflation in Brazil.",
			subjects: []string{"inflation|BRA"}},
		{text: "Turn the price index into year-over-year inflation, then subtract it from the policy rate.", earlier: []string{"Chile's price index and policy rate."},
			derives: []string{"yoy_pct(price index|)", "spread(policy rate|CHL,back1|CHL)"}},
		{text: "ok now real rate = ffr minus y/y cpi", earlier: []string{"fed funds vs cpi inflation, monthly since 2000"},
			derives: []string{"spread(federal fund rate|USA,yoy_pct:cpi|USA)"}},
		{text: "euro area policy rate vs the fed, monthly since 2005 - ecb polcy rate i mean",
			subjects: []string{"policy rate|EMU", "policy rate|USA"}, freq: "M"},
		{text: "add boe and snb, same window, keep the ecb-fed spread", earlier: []string{"euro area policy rate vs the fed", "spread in bps pls"},
			subjects: []string{"policy rate|GBR", "policy rate|CHE"}},
		{text: "spread in bps pls", earlier: []string{"euro area policy rate vs the fed, monthly since 2005"},
			derives: []string{"spread(back2|,back1|)"}},
		{text: "and the ratio?", earlier: []string{"Brazil's debt and GDP"}, derives: []string{"ratio(back2|,back1|)"}},
		{text: "Compute the deficit as a percent of GDP.", earlier: []string{"Peru's deficit and GDP."},
			derives: []string{"share(deficit|PER,gdp|PER)"}},
		{text: "Divide exports by imports.", earlier: []string{"Exports and imports of Peru."},
			derives: []string{"ratio(export|PER,import|PER)"}},
		{text: "Government gross debt as a percentage of GDP for Türkiye, Argentina and Brazil, from the IMF.",
			derives: []string{"share(government gross debt|TUR,gdp|TUR)", "share(government gross debt|ARG,gdp|ARG)", "share(government gross debt|BRA,gdp|BRA)"}},
		{text: "Add real GDP growth for the same three countries.", earlier: []string{"Debt for Türkiye, Argentina and Brazil."},
			subjects: []string{"real gdp growth|TUR", "real gdp growth|ARG", "real gdp growth|BRA"}},
		{text: "Business lending by US commercial banks versus the bank prime loan rate — build a monthly table.",
			subjects: []string{"business lending commercial bank|USA", "bank prime loan rate|USA"}, freq: "M"},
		{text: "Add the central bank's policy rate and derive year-on-year inflation from the price index.", earlier: []string{"Prices in Türkiye?"},
			subjects: []string{"central bank policy rate|TUR"}, derives: []string{"yoy_pct(price index|)"}},
		{text: "Derive the 12-month change in payrolls.", derives: []string{"diff(payroll|)"}},
		{text: "Where did loan growth break? Chart it with the prime rate.", cp: []string{"loan|"}, chart: true},
		{text: "Find the change points in the jobless rate and chart it.", cp: []string{"jobless rate|"}, chart: true},
		{text: "Now the real interest rate for both.", earlier: []string{"Policy rates and consumer prices for Chile and Peru."},
			derives: []string{"spread(policy rate|CHL,inflation|CHL)", "spread(policy rate|PER,inflation|PER)"}},
		{text: "What is the gap between Brazil's and Mexico's policy rates?",
			derives: []string{"spread(policy rate|BRA,policy rate|MEX)"}},
		{text: "Compute the difference between them and plot it.",
			derives: []string{"spread(back2|,back1|)"}, chart: true},
		{text: "Average them by year.", convert: "A"},
		{text: "Unemployment in Spain since the financial crisis.", subjects: []string{"unemployment|ESP"}},
		{text: "Fed vs ECB policy rates, monthly, since the euro was launched", subjects: []string{"policy rate|USA", "policy rate|EMU"}, freq: "M"},
		// A bracket naming only an economy stays in its clause.
		{text: "Euro area policy rate (ECB) vs the Fed, monthly", subjects: []string{"policy rate|EMU", "policy rate|USA"}, freq: "M"},
		{text: "Add the dollar-euro exchange rate.", earlier: []string{"Policy rates for the US and the euro area."},
			subjects: []string{"dollar euro exchange rate|"}},
		{text: "And each one's spread over the Fed.", earlier: []string{"Policy rates of Brazil and Chile."},
			derives: []string{"spread(*|,|USA)"}},
		{text: "Government revenue for Sweden and France over the last decade of data.", subjects: []string{"government revenue|SWE", "government revenue|FRA"}},
		{text: "Unemployment for the Baltics since 2005.", subjects: []string{"unemployment|EST", "unemployment|LVA", "unemployment|LTU"}},
		{text: "Net debt as a share of GDP for the Benelux over the past ten years, per the IMF.",
			derives: []string{"share(net debt|BEL,gdp|BEL)", "share(net debt|NLD,gdp|NLD)", "share(net debt|LUX,gdp|LUX)"}},
		{text: "When did each of them go below zero? Find the breaks.", earlier: []string{"Policy rates for Sweden and Norway."}, cpAll: true},
		{text: "GDP in current US dollars for China and the States.", subjects: []string{"gdp current|CHN|u.s. dollars", "gdp current|USA|u.s. dollars"}},
		{text: "Now the same on a PPP basis.", earlier: []string{"GDP in current US dollars for China and the States."},
			subjects: []string{"gdp current|CHN|purchasing power parity", "gdp current|USA|purchasing power parity"}},
		{text: "The consumer price index (2003=100), monthly since January 2020, with the month-on-month % change.",
			derives: []string{"pct_change(consumer price index|)"}, freq: "M"},
		{text: "For Türkiye, GDP deflator growth next to average CPI inflation, annual, 2001-2023.",
			subjects: []string{"gdp deflator growth|TUR", "average cpi inflation|TUR"}, freq: "A"},
		{text: "Do the same for Brazil, same table.", earlier: []string{"For Türkiye, the GDP deflator next to CPI inflation, annual.", "What's the gap between the two each year?"},
			subjects: []string{"gdp deflator|BRA", "cpi inflation|BRA"}, derives: []string{"spread(gdp deflator|BRA,cpi inflation|BRA)"}},
		{text: "What's consumer credit as a share of the two combined?", derives: []string{"share(consumer credit|,sum2|)"}},
		{text: "What share of the group's combined balance is Saudi's?", earlier: []string{"Current account balances of Saudi Arabia, Norway and Qatar."},
			derives: []string{"share(|SAU,sum-1|SAU)"}},
		{text: "And Britain's unemployment rate from the ILO - it's quarterly, so convert the rate to quarterly averages",
			subjects: []string{"unemployment rate|GBR|ilo"}, convert: "Q"},
		{text: "EUR/USD, annual averages, 2000 to 2019.", subjects: []string{"euro dollar exchange rate|"}, convert: "A"},
		{text: "Put the euro area deposit rate next to the US one, quarterly.", subjects: []string{"deposit rate|EMU", "deposit rate|USA"}, freq: "Q"},
	}
	for _, c := range cases {
		in := understand(c.text, c.earlier)
		var got []string
		for _, s := range in.subjects {
			g := strings.Join(s.terms, " ") + "|" + s.country.iso3
			if s.unit != "" {
				g += "|" + s.unit
			}
			if len(s.sources) > 0 {
				g += "|" + strings.Join(s.sources, "+")
			}
			got = append(got, g)
		}
		if strings.Join(got, ";") != strings.Join(c.subjects, ";") {
			t.Errorf("%q: subjects %q, want %q", c.text, got, c.subjects)
		}
		if d := derivesOf(in); strings.Join(d, ";") != strings.Join(c.derives, ";") {
			t.Errorf("%q: derives %q, want %q", c.text, d, c.derives)
		}
		if got := targetsOf(in.cpTargets); strings.Join(got, ";") != strings.Join(c.cp, ";") {
			t.Errorf("%q: change-point targets %q, want %q", c.text, got, c.cp)
		}
		if in.cpAll != c.cpAll {
			t.Errorf("%q: breaks in every column %v, want %v", c.text, in.cpAll, c.cpAll)
		}
		if in.chart != c.chart {
			t.Errorf("%q: chart %v, want %v", c.text, in.chart, c.chart)
		}
		if in.convert != c.convert || in.freq != c.freq {
			t.Errorf("%q: convert %q freq %q, want %q and %q", c.text, in.convert, in.freq, c.convert, c.freq)
		}
	}
}

func TestVocabularyLoads(t *testing.T) {
	v, err := loadVocabulary()
	if err != nil {
		t.Fatal(err)
	}
	if len(v.operations) == 0 || len(v.concepts) == 0 || len(v.convert) == 0 || len(v.stopwords) == 0 {
		t.Errorf("vocabulary: %d operations, %d concepts, %d conversions, %d stop words", len(v.operations), len(v.concepts), len(v.convert), len(v.stopwords))
	}
	// The longer phrase of a kind comes first, so "annual averages" is not read as "annual".
	for i := 1; i < len(v.convert); i++ {
		if len(v.convert[i].phrase) > len(v.convert[i-1].phrase) {
			t.Fatalf("conversions not longest first at %q", v.convert[i].phrase)
		}
	}
}

// "Each" after words that only ask ("now each", "show each one's", "each
// of the 4") stands for every column of the table, and the other operand
// keeps its own reading.
func TestEachAfterAskingWords(t *testing.T) {
	earlier := []string{"Korea, India and Indonesia policy rates since 2012"}
	for _, text := range []string{
		"now each minus the US rate",
		"add the US and show each one's spread over it",
		"spread of each vs the Fed?",
		"add the euro area rate and show how far each of the 4 sits above/below the ECB",
	} {
		in := understand(text, earlier)
		if len(in.derives) != 1 {
			t.Errorf("%q: %d derivations, want 1: %+v", text, len(in.derives), in.derives)
			continue
		}
		d := in.derives[0]
		if d.op != "spread" || len(d.operands) != 2 || d.operands[0].phrase != "*" || d.operands[1].phrase == "*" {
			t.Errorf("%q: read as %s %+v, want a spread of every column against the other operand", text, d.op, d.operands)
		}
	}
}

// A name given to a result ("as a real-rate column", "call it the real
// rate") labels the derivation and is no operand's words; an index turned
// "into annual inflation" is its year-on-year rate.
func TestNamedResult(t *testing.T) {
	earlier := []string{"TCMB policy rate next to headline CPI, monthly, 2021 to 2023"}
	in := understand("turn the index into annual inflation and give me policy minus inflation as a real-rate column", earlier)
	if len(in.derives) != 2 {
		t.Fatalf("%d derivations, want 2: %+v", len(in.derives), in.derives)
	}
	if d := in.derives[0]; d.op != "yoy_pct" || d.operands[0].phrase != "index" {
		t.Errorf("first derivation %s of %q, want yoy_pct of index", d.op, d.operands[0].phrase)
	}
	d := in.derives[1]
	if d.op != "spread" || d.label != "real rate" || d.operands[1].phrase != "inflation" {
		t.Errorf("second derivation %s labelled %q with operands %+v, want a spread labelled real rate, minus inflation", d.op, d.label, d.operands)
	}
	in = understand("take the 10-year minus the 2-year and call it the slope", nil)
	if len(in.derives) != 1 || in.derives[0].label != "slope" {
		t.Errorf("call it the slope: %+v", in.derives)
	}
}

// "Into annual" before a rate names the rate's horizon, not the table's
// frequency; before no rate it asks to convert the table.
func TestAnnualBeforeARateIsNoFrequency(t *testing.T) {
	if in := understand("turn the index into annual inflation", []string{"headline CPI for Turkey, monthly"}); in.convert != "" || in.freq == "A" {
		t.Errorf("into annual inflation read as convert %q, frequency %q", in.convert, in.freq)
	}
	if in := understand("now turn the table into annual, please", []string{"headline CPI for Turkey, monthly"}); in.convert != "A" {
		t.Errorf("into annual read as convert %q, want A", in.convert)
	}
}

// ", then" starts a new step, and a list of the same preposition ("in that
// ratio and in prime") names every member.
func TestThenSplitsAndTargetListsKeepEveryMember(t *testing.T) {
	earlier := []string{"revolving home equity loans at all commercial banks, monthly", "bring in the bank prime loan rate and consumer loans"}
	in := understand("HELOCs as a ratio to consumer loans, then changepoints in that ratio and in prime. chart pls", earlier)
	if len(in.derives) != 1 || in.derives[0].op != "ratio" {
		t.Errorf("derivations %+v, want one ratio", in.derives)
	}
	var got []string
	for _, c := range in.cpTargets {
		got = append(got, c.phrase)
	}
	if !slices.Equal(got, []string{"ratio", "prime"}) {
		t.Errorf("change point targets %q, want ratio and prime", got)
	}
}

// Everyday ways of naming economies, dates and a period's change.
func TestEverydayNamesDatesAndChanges(t *testing.T) {
	in := understand("Scandi + Iceland central bank rates (Sweden, Norway, Denmark, Iceland), monthly, from 2015 up to end-2023.", nil)
	var got []string
	for _, s := range in.subjects {
		got = append(got, s.phrase+"|"+s.country.iso3)
	}
	slices.Sort(got)
	if want := []string{"central bank rate|DNK", "central bank rate|ISL", "central bank rate|NOR", "central bank rate|SWE"}; !slices.Equal(got, want) {
		t.Errorf("Scandi + Iceland: %q, want %q", got, want)
	}
	in = understand("Aussie, NZ, Canada, Norway: policy rates 2008-2019, monthly.", nil)
	if countriesIn(in.subjects) != 4 || len(in.subjects) != 4 {
		t.Errorf("Aussie, NZ, Canada, Norway: %+v", in.subjects)
	}
	in = understand("quarterly ILO unemployment rates for Spain, Portugal and Italy from 2008 Q1 to 2019 Q4", nil)
	for _, s := range in.subjects {
		if s.phrase != "unemployment rate" || !slices.Equal(s.sources, []string{"ilo"}) {
			t.Errorf("from 2008 Q1 to 2019 Q4: subject %q from %v", s.phrase, s.sources)
		}
	}
	in = understand("CPI index monthly, with the monthly % change", nil)
	if len(in.derives) != 1 || in.derives[0].op != "pct_change" || in.derives[0].periods != 1 || in.freq != "M" {
		t.Errorf("the monthly %% change: derives %+v, frequency %q", in.derives, in.freq)
	}
}

// Words in brackets that restate a series in the catalog's terms replace the
// analyst's own; qualifiers ("constant prices", "(2017 intl $)") stay with
// the series they qualify; brackets of economies are left alone.
func TestBracketsAndQualifiers(t *testing.T) {
	phrases := func(in intent) []string {
		var out []string
		for _, s := range in.subjects {
			if !slices.Contains(out, s.phrase) {
				out = append(out, s.phrase)
			}
		}
		return out
	}
	for text, want := range map[string][]string{
		"fiscal balance % GDP (general gov net lending/borrowing) for Norway and Russia, 2010-2023": {"general gov net lending borrowing"},
		"GDP per capita, constant prices, PPP (2017 intl $) for Poland, Portugal":                   {"gdp capita constant price"},
		"central bank rates (Sweden, Norway, Denmark), monthly":                                     {"central bank rate"},
	} {
		if got := phrases(understand(text, nil).seriesAsked()); !slices.Equal(got, want) {
			t.Errorf("%q: subjects %q, want %q", text, got, want)
		}
	}
}

// A year's worth of periods ("12-month growth") is the year-on-year rate,
// and a later sentence naming a series again by fewer words asks for no
// other series.
func TestTwelveMonthGrowthAndMentionsAgain(t *testing.T) {
	in := understand("Turn both into 12-month growth rates", []string{"M2 money stock and headline CPI, monthly"})
	if len(in.derives) == 0 || in.derives[0].op != "yoy_pct" {
		t.Errorf("12-month growth: %+v", in.derives)
	}
	if in := understand("a 12-month moving average of payrolls", nil); len(in.derives) == 0 || in.derives[0].op != "rolling_mean" {
		t.Errorf("12-month moving average: %+v", in.derives)
	}
	in = understand("M2 money stock and headline CPI, monthly, 2000-2019. M2 is weekly I think so average it to months.", nil)
	if len(in.subjects) != 2 || in.convert != "M" {
		t.Errorf("subjects %+v, convert %q; want M2 money stock and headline CPI, converted to monthly", in.subjects, in.convert)
	}
}

// A bracket that lists, excludes or asks for analysis is no restatement.
func TestBracketsThatAnalyseAreNoRestatement(t *testing.T) {
	in := understand("Turkey's policy rate next to headline CPI inflation (the TURKSTAT index, 2003=100, turned into y/y) monthly from Jan 2021", nil)
	if !slices.ContainsFunc(in.subjects, func(s subject) bool { return s.phrase == "headline cpi inflation" }) {
		t.Errorf("the subject before the bracket was lost: %+v", in.subjects)
	}
}

// A bracket restates at most the phrase right before it, never earlier
// sentences; "(average the quarters)" asks for an annual mean.
func TestBracketStaysInItsSentence(t *testing.T) {
	in := understand("My supervisor wants me to cross-check with the IMF WEO unemployment rate for the same three. Can you put them all in one annual table (average the quarters)?",
		[]string{"quarterly ILO unemployment rates for Spain, Portugal and Italy"})
	if len(in.subjects) != 3 || in.subjects[0].phrase != "unemployment rate" || !slices.Contains(in.subjects[0].sources, "weo") || in.convert != "A" {
		t.Errorf("subjects %+v, convert %q", in.subjects, in.convert)
	}
}

// "+" between two series adds them, "as" before the arithmetic names the
// result, "that" after it is what was just made; "+" between economies lists
// them; a bracket after a code describes the code.
func TestSumsNamesAndCodeBrackets(t *testing.T) {
	in := understand("reconstruct the 10-year yield as T10YFF + fed funds, and then the 3-month bill as that minus T10Y3M", nil)
	if len(in.derives) != 2 || in.derives[0].op != "sum" || in.derives[0].operands[0].phrase != "t10yff" || in.derives[1].operands[0].back != 1 {
		t.Errorf("derivations %+v", in.derives)
	}
	if in := understand("Scandi + Iceland central bank rates, monthly", nil); len(in.derives) != 0 || len(in.subjects) != 4 {
		t.Errorf("Scandi + Iceland: derives %+v, subjects %+v", in.derives, in.subjects)
	}
	// After a verb that puts series into the table, "+" lists them.
	in = understand("add US CPI + UK CPI, monthly", nil)
	if len(in.derives) != 0 || !slices.Equal(subjectKeys(in), []string{"cpi|USA", "cpi|GBR"}) {
		t.Errorf("add X + Y: derives %+v, subjects %v", in.derives, subjectKeys(in))
	}
	in = understand("I only have spreads: T10YFF (10y minus fed funds) and T10Y3M (10y minus 3m). Pull both plus monthly effective FFR, 2000-2019", nil)
	if len(in.derives) != 0 || len(in.subjects) != 3 {
		t.Errorf("codes with brackets: derives %+v, subjects %+v", in.derives, in.subjects)
	}
}

// "subtract X" with no "from" takes X from every column (of each economy);
// a verb of arithmetic that names no change asks for no derivation.
func TestSubtractAloneAndVerbsWithoutChange(t *testing.T) {
	in := understand("take annual averages and subtract WEO average CPI inflation for each country", []string{"BIS policy rates for Indonesia and Thailand, monthly"})
	for _, d := range in.derives {
		if d.op == "diff" {
			t.Errorf("take annual averages read as a difference: %+v", in.derives)
		}
	}
	if !slices.ContainsFunc(in.derives, func(d derivation) bool { return d.op == "spread" && d.operands[0].phrase == "*" }) || in.convert != "A" {
		t.Errorf("derivations %+v, convert %q", in.derives, in.convert)
	}
}

// A publisher's full name ("the IMF World Economic Outlook") is one source
// phrase, not a publisher and a series.
func TestPublisherFullName(t *testing.T) {
	in := understand("Real GDP growth for India and Indonesia according to the IMF World Economic Outlook.", nil)
	for _, s := range in.subjects {
		if s.phrase != "real gdp growth" {
			t.Errorf("subject %q (%s)", s.phrase, s.country.iso3)
		}
	}
	if len(in.subjects) != 2 {
		t.Errorf("%d subjects, want 2", len(in.subjects))
	}
}

// subjectKeys lists subjects as "phrase|ISO3".
func subjectKeys(in intent) []string {
	var out []string
	for _, s := range in.subjects {
		out = append(out, s.phrase+"|"+s.country.iso3)
	}
	return out
}

// A series named after one economy's market says that economy, and its
// words stay the series' name.
func TestMarketNamesSayTheirEconomy(t *testing.T) {
	in := understand("fed funds vs euribor, monthly", nil)
	if got, want := subjectKeys(in), []string{"federal fund|USA", "euribor|EMU"}; !slices.Equal(got, want) {
		t.Errorf("subjects %v, want %v", got, want)
	}
	// An economy named outright decides: Türkiye's treasury bills are not American.
	in = understand("Turkish treasury bill rates, monthly", nil)
	if got := subjectKeys(in); len(got) != 1 || !strings.HasSuffix(got[0], "|TUR") {
		t.Errorf("subjects %v, want one Turkish subject", got)
	}
}

// What a series is for, the table's own span and an edit of the table name
// no series: the economies they come with take the earlier concept.
func TestPurposeSpanAndEditPartsNameNoSeries(t *testing.T) {
	earlier := []string{"Riksbank and Norges Bank policy rates, monthly"}
	for text, want := range map[string][]string{
		"add the ECB for reference":                                   {"policy rate|EMU"},
		"add the BoE and the SNB, same window, keep the spread as is": {"policy rate|GBR", "policy rate|CHE"},
	} {
		in := understand(text, earlier)
		got := subjectKeys(in)
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: subjects %v, want %s among them", text, got, w)
			}
		}
		for _, g := range got {
			if strings.Contains(g, "reference") || strings.Contains(g, "window") || strings.Contains(g, "keep") {
				t.Errorf("%q: subject %s names no series", text, g)
			}
		}
	}
}

// The change a request asks for ("yoy") is the derivation's, not words of
// the series to find.
func TestChangeWordsAreTheDerivations(t *testing.T) {
	in := understand("core vs headline cpi yoy 1990-2019", nil)
	if len(in.derives) != 2 || in.derives[0].op != "yoy_pct" {
		t.Fatalf("derivations %v; want two yoy_pct", derivesOf(in))
	}
	for _, k := range append(subjectKeys(in), derivesOf(in)...) {
		if strings.Contains(k, "year") {
			t.Errorf("%s keeps the change words as series words", k)
		}
	}
}

// "the BLS one and the IMF number" are the concept before them, one
// version from each publisher; a later "add Canada from the IMF" repeats
// the concept from that publisher only.
func TestUnderstandReadsVersionsByPublisher(t *testing.T) {
	first := "US unemployment, the monthly BLS one and the IMF annual number, 2000-2023, annual table"
	withSources := func(in intent) []string {
		var out []string
		for _, s := range in.subjects {
			out = append(out, s.phrase+"|"+s.country.iso3+"|"+strings.Join(s.sources, " "))
		}
		return out
	}
	if got, want := withSources(understand(first, nil)), []string{"unemployment|USA|fred", "unemployment|USA|weo ifs"}; !slices.Equal(got, want) {
		t.Errorf("versions: %q, want %q", got, want)
	}
	in := understand("now add canada and the uk from the imf, same years", []string{first, "difference between the two?"})
	if got, want := withSources(in), []string{"unemployment|CAN|weo ifs", "unemployment|GBR|weo ifs"}; !slices.Equal(got, want) || !in.sameSpan {
		t.Errorf("repeated from the IMF: %q (same span %v), want %q", got, in.sameSpan, want)
	}
}

// Talk about how the series should be chosen or read ("one source so
// they're comparable", "each year") names no series and keeps the request.
func TestReasonsAndSourceTalkNameNoSeries(t *testing.T) {
	in := understand("Unemployment rates in the US, Britain and Spain since 2005, one source so they're comparable, annual", nil)
	if got, want := subjectKeys(in), []string{"unemployment rate|USA", "unemployment rate|GBR", "unemployment rate|ESP"}; !slices.Equal(got, want) {
		t.Errorf("subjects %v, want %v", got, want)
	}
	if !in.oneSource {
		t.Error("one source was not read as one publisher for every series")
	}
	in = understand("How big is the gap between Spain and Germany each year?", []string{"unemployment rates for Spain and Germany"})
	if len(in.subjects) != 0 || len(in.derives) != 1 || in.derives[0].op != "spread" {
		t.Errorf("each year: subjects %v, derivations %v", subjectKeys(in), derivesOf(in))
	}
}

// An institution's rate is its policy rate; a differential is the
// arithmetic, no series.
func TestAnInstitutionsRateIsItsPolicyRate(t *testing.T) {
	in := understand("add fed funds + the ECB rate and the differential (fed minus ecb)", []string{"eur/usd monthly avg 2000-2019"})
	if got, want := subjectKeys(in), []string{"federal fund|USA", "policy rate|EMU"}; !slices.Equal(got, want) {
		t.Errorf("subjects %v, want %v", got, want)
	}
	if got := derivesOf(in); len(got) != 1 || !strings.HasPrefix(got[0], "spread(") {
		t.Errorf("derivations %v, want one spread", got)
	}
}

// "Changepoints on that implied yield. The Volcker period shd show up":
// the target points back at a column made already, and the expectation
// asks for nothing; "spread + ffr" adds the spread column to fed funds.
func TestExpectationsAndPointingBack(t *testing.T) {
	earlier := []string{"10y minus fed funds spread, monthly averages, 1970-2024", "add the fed funds rate itself and back out the 10y yield (spread + ffr)"}
	in := understand("changepoints on that implied yield. the volcker period shd show up", earlier)
	if len(in.subjects) != 0 {
		t.Errorf("subjects %v, want none", subjectKeys(in))
	}
	if len(in.cpTargets) != 1 || !in.cpTargets[0].back {
		t.Errorf("targets %+v, want one pointing back", in.cpTargets)
	}
	in = understand(earlier[1], earlier[:1])
	if got := derivesOf(in); len(got) != 1 || got[0] != "sum(spread|USA,federal fund rate|USA)" {
		t.Errorf("derivations %v, want the spread plus fed funds", got)
	}
}

// "US CPI all items and core (ex food & energy), seasonally adjusted, as
// 12-month % changes": core is that version of the CPI, the bracket
// defines it, the adjustment is no target and the plural change is the
// derivation of each.
func TestVersionsOfAConceptAndPluralChanges(t *testing.T) {
	in := understand("US CPI all items and core (ex food & energy), seasonally adjusted, monthly 2000-2019, as 12-month % changes", nil)
	if got, want := derivesOf(in), []string{"yoy_pct(cpi item|USA)", "yoy_pct(core|USA)"}; !slices.Equal(got, want) {
		t.Errorf("derivations %v, want %v", got, want)
	}
	if len(in.derives) == 0 {
		t.Fatal("no derivations")
	}
	var got []string
	for _, s := range in.derives[0].asSeries {
		got = append(got, s.phrase)
	}
	if want := []string{"cpi item", "cpi item core"}; !slices.Equal(got, want) {
		t.Errorf("series %v, want %v", got, want)
	}
}

// Greetings, thanks and polite asking name no series.
func TestCourtesiesNameNoSeries(t *testing.T) {
	in := understand("Dear colleague, for Japan, Korea and Germany I need employment and population (IMF), 2000 to 2023, annual.", nil)
	for _, k := range subjectKeys(in) {
		if strings.Contains(k, "dear") || strings.Contains(k, "colleague") {
			t.Errorf("subject %s from a greeting", k)
		}
	}
	if len(in.subjects) != 6 {
		t.Errorf("subjects %v, want employment and population of three economies", subjectKeys(in))
	}
	in = understand("Thank you. Is there a structural break for Korea's ratio? A chart would be kind.", []string{"employment and population for Korea"})
	if len(in.subjects) != 0 || !in.chart {
		t.Errorf("subjects %v, chart %v; want none and a chart", subjectKeys(in), in.chart)
	}
}

// "…, and the spread" ending a list is the spread of the two series named;
// "add Hong Kong, its spread to the US" is Hong Kong's against the US;
// "either spread" is each spread column.
func TestSpreadsNamedInPassing(t *testing.T) {
	in := understand("saudi policy rate vs US, monthly since 2000, and the spread", nil)
	if got := derivesOf(in); len(got) != 1 || got[0] != "spread(back2|,back1|)" {
		t.Errorf("derivations %v, want the spread of the two", got)
	}
	in = understand("add Hong Kong, its spread to the US too", []string{"saudi policy rate vs US, and the spread"})
	if got := derivesOf(in); len(got) != 1 || got[0] != "spread(|HKG,|USA)" {
		t.Errorf("derivations %v, want Hong Kong's spread to the US", got)
	}
	in = understand("any breaks in either spread?", nil)
	if got := targetsOf(in.cpTargets); len(got) != 1 || got[0] != "spread|" {
		t.Errorf("targets %v, want the spreads", got)
	}
}

// "need federal debt + nominal gdp" lists two series; "debt/gdp ratio pls"
// is the ratio of the two, not a series in percent of GDP.
func TestPlusListsAndSlashRatiosCompute(t *testing.T) {
	in := understand("need federal debt + nominal gdp, quarterly, 1990 on", nil)
	if len(in.subjects) != 2 || len(in.derives) != 0 {
		t.Errorf("subjects %v, derivations %v; want two series", subjectKeys(in), derivesOf(in))
	}
	in = understand("debt/gdp ratio pls. careful, debt is in millions and gdp is billions saar", []string{"need federal debt + nominal gdp"})
	if got := derivesOf(in); len(got) != 1 || !strings.HasSuffix(got[0], "(debt|,gdp|)") || len(in.subjects) != 0 {
		t.Errorf("derivations %v, subjects %v; want debt over gdp", got, subjectKeys(in))
	}
	if in := understand("now annual, 2001-2023, and put the imf's gross debt % of gdp alongside", nil); in.freq != "A" {
		t.Errorf("now annual: frequency %q", in.freq)
	}
}

// "denmark minus ecb - the peg spread": the phrase after the arithmetic
// names its result; it is no series to find.
func TestAPhraseAfterTheArithmeticNamesIt(t *testing.T) {
	in := understand("denmark minus ecb - the peg spread", []string{"Riksbank, Norges Bank, Danmarks Nationalbank policy rates monthly"})
	if len(in.subjects) != 0 || len(in.derives) != 1 || in.derives[0].label != "peg spread" {
		t.Errorf("subjects %v, derivations %+v", subjectKeys(in), in.derives)
	}
}

// "real M2 = M2 / CPI, and its yoy growth": a slash between two series is
// their ratio, named by what the equals sign defines, and "its" growth is
// the change of that ratio; a slash between economies lists them.
func TestSlashRatiosAndTheirChange(t *testing.T) {
	in := understand("deflate it: real M2 = M2 / CPI, and its yoy growth", []string{"M2 and CPI all items SA, 1990-2019"})
	if got := derivesOf(in); len(got) != 2 || got[0] != "ratio(m2|,cpi|)" || got[1] != "yoy_pct(|)" {
		t.Errorf("derivations %v, want M2 over CPI and its yoy", got)
	}
	if len(in.derives) > 0 && in.derives[0].label != "real m2" {
		t.Errorf("label %q, want real m2", in.derives[0].label)
	}
	if in := understand("Policy rates Sweden/Norway, monthly from 2012", nil); len(in.derives) != 0 || len(in.subjects) != 2 {
		t.Errorf("Sweden/Norway: subjects %v, derivations %v", subjectKeys(in), derivesOf(in))
	}
}

package query

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
)

func TestParseCountries(t *testing.T) {
	cases := []struct {
		q    string
		want []string
	}{
		{"Turkish unemployment", []string{"TUR"}},
		{"unemployment in Türkiye", []string{"TUR"}},
		{"TÜRKİYE exports", []string{"TUR"}},
		{"TR exports", []string{"TUR"}},
		{"exports of TUR", []string{"TUR"}},
		{"turkey exports", []string{"TUR"}},
		{"U.S. payrolls", []string{"USA"}},
		{"US payrolls", []string{"USA"}},
		{"American payrolls", []string{"USA"}},
		{"GDP of Germany and France", []string{"DEU", "FRA"}},
		{"South Korea exports", []string{"KOR"}},
		{"give us the rate", nil}, // pronoun, not the United States
		{"tell us about inflation", nil},
		{"show us gdp", nil},
		// Lower case in a string of keywords, or after "the": the country.
		{"us cpi", []string{"USA"}},
		{"gdp us", []string{"USA"}},
		{"uk inflation", []string{"GBR"}},
		{"unemployment rate in the us", []string{"USA"}},
		{"SA unemployment", nil},                        // seasonally adjusted, not Saudi Arabia
		{"NPL ratio", nil},                              // non-performing loans, not Nepal
		{"lira deposits in TL", []string{"TUR"}},        // implied by the currency
		{"unemployment in New Mexico", []string{"USA"}}, // a state, not Mexico: the US
		{"New Jersey house prices", []string{"USA"}},    // a state, not Jersey
		{"Mexico and New Mexico", []string{"MEX"}},
		{"Georgia inflation", []string{"GEO"}},             // the country when nothing says US
		{"Fed policy rate", []string{"USA"}},               // implied by the institution
		{"Fed view of Turkish inflation", []string{"TUR"}}, // named country beats implied
		{"selic", []string{"BRA"}},
		{"rbi repo rate", []string{"IND"}},
		{"banxico rate", []string{"MEX"}}, // a central bank named without its country
		{"norges bank policy rate", []string{"NOR"}},
		{"GDP IN INDIA", []string{"IND"}},                 // all capitals: IN is no code
		{"yen per dollar exchange rate", []string{"JPN"}}, // one country's currency
		{"USD/JPY", []string{"JPN"}},                      // the dollar implies no country
		{"gold price in GBP", []string{"GBR"}},
		{"they won the peso bet", nil}, // shared and English names imply none
		// A country named only in its currency gives way to one named
		// outright, and stays when no other is.
		{"UK GDP per capita in US dollars", []string{"GBR"}},
		{"interest rate on US dollar deposits at Turkish banks", []string{"TUR"}},
		{"Turkish lira deposits", []string{"TUR"}},
		{"Japanese yen per US dollar", []string{"JPN", "USA"}},
		{"British pound to Turkish lira, buying rate", []string{"GBR", "TUR"}},
	}
	for _, c := range cases {
		u := Parse(c.q)
		if !reflect.DeepEqual(u.Countries, c.want) {
			t.Errorf("Parse(%q).Countries = %v; want %v", c.q, u.Countries, c.want)
		}
	}
}

// TestParseDemonymNamesCountry checks that a people's plural names its
// country, and that a country named only by its people beside a second
// country puts its name into the text search (the second country is in a
// row's label), while a single country named by its people does not.
func TestParseDemonymNamesCountry(t *testing.T) {
	u := Parse("How many Iraqis visit Turkey?")
	if want := []string{"IRQ", "TUR"}; !reflect.DeepEqual(u.Countries, want) {
		t.Fatalf("Countries = %v; want %v", u.Countries, want)
	}
	if !slices.Contains(u.Terms, "iraq") {
		t.Errorf("Terms %v should hold the name of the country named by its people", u.Terms)
	}
	if slices.Contains(u.TopicTerms, "iraq") {
		t.Errorf("TopicTerms %v should not hold a country name", u.TopicTerms)
	}
	if slices.Contains(u.Terms, "turkey") && !slices.Contains(Parse("visit Turkey").Terms, "turkey") {
		t.Errorf("Terms %v repeat a country named outright", u.Terms)
	}
	for _, q := range []string{"Turkish CPI", "Iraqi exports", "Germans and the euro"} {
		u := Parse(q)
		for _, name := range []string{"turkey", "iraq", "germany"} {
			if slices.Contains(u.Terms, name) {
				t.Errorf("Parse(%q).Terms = %v: one country named by its people adds no name", q, u.Terms)
			}
		}
	}
}

func TestParseStates(t *testing.T) {
	cases := []struct {
		q    string
		want []string
	}{
		{"unemployment rate in Texas", []string{"TX"}},
		{"New Mexico and New York payrolls", []string{"NM", "NY"}},
		{"Georgia unemployment rate, US states", []string{"GA"}}, // US named: the state
		{"Georgia inflation", nil},
		{"Indiana and India", []string{"IN"}},
	}
	for _, c := range cases {
		if got := Parse(c.q).States; !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q).States = %v; want %v", c.q, got, c.want)
		}
	}
}

func TestParseFrequencyAndSeasonalAdjustment(t *testing.T) {
	cases := []struct {
		q    string
		freq catalogsrc.Frequency
		sa   string
	}{
		{"monthly CPI", catalogsrc.Monthly, ""},
		{"quarterly GDP, seasonally adjusted", catalogsrc.Quarterly, "SA"},
		{"weekly loans, not seasonally adjusted", catalogsrc.Weekly, "NSA"},
		{"daily exchange rate", catalogsrc.Daily, ""},
		{"yearly population", catalogsrc.Annual, ""},
		{"bi-weekly series", catalogsrc.Biweekly, ""},
		{"semi-annual survey", catalogsrc.Semiannual, ""},
		{"payrolls SA", "", "SA"},
		{"payrolls NSA", "", "NSA"},
		{"non-seasonally adjusted payrolls", "", "NSA"},
		{"SAAR housing starts", "", "SA"},
		{"unadjusted retail sales", "", "NSA"},
		{"month-on-month inflation", "", ""}, // a change, not a frequency
		{"year-on-year growth, quarterly", catalogsrc.Quarterly, ""},
		{"annual inflation 12 months ahead", "", ""}, // a rate, not annual data
		{"inflation at an annual rate", "", ""},
	}
	for _, c := range cases {
		u := Parse(c.q)
		if u.Frequency != c.freq || u.SeasonalAdjustment != c.sa {
			t.Errorf("Parse(%q) = freq %q, sa %q; want %q, %q", c.q, u.Frequency, u.SeasonalAdjustment, c.freq, c.sa)
		}
	}
	if u := Parse("annual GDP"); u.Frequency != catalogsrc.Annual || u.FrequencyWeight >= 1 {
		t.Errorf("annual: freq %q weight %v; want A with weight below 1 (annual often means a rate)", u.Frequency, u.FrequencyWeight)
	}
}

func TestParseUnitsAndSources(t *testing.T) {
	cases := []struct {
		q       string
		units   []string
		sources []string
	}{
		{"reserves in USD", []string{"usd"}, nil},
		{"loans in TRY", []string{"try"}, nil},
		{"try to find loans", nil, nil}, // the verb is no currency
		{"debt, % of GDP", []string{"percent_of_gdp"}, nil},
		{"price index 2003=100", []string{"index"}, nil},
		{"$ billions of exports", []string{"usd", "billions"}, nil},
		{"GDP per capita in euros", []string{"per_capita", "eur"}, nil},
		{"IMF WEO GDP", nil, []string{"weo", "ifs"}},
		{"World Bank inflation", []string{"change_implied"}, []string{"wdi"}}, // inflation asks how prices move
		{"FRED payrolls", nil, []string{"fred"}},
		{"CBRT reserves", nil, []string{"evds"}},
		{"the Turkish central bank's reserves", nil, []string{"evds"}},
		{"the central bank of Brazil", nil, nil}, // "central bank" means CBRT only for Türkiye
		{"BIS policy rates", []string{"rate"}, []string{"bis"}},
	}
	for _, c := range cases {
		u := Parse(c.q)
		var ns []string
		for _, s := range u.Sources {
			ns = append(ns, s.Namespace)
		}
		if !reflect.DeepEqual(u.Units, c.units) || !reflect.DeepEqual(ns, c.sources) {
			t.Errorf("Parse(%q) = units %v sources %v; want %v, %v", c.q, u.Units, ns, c.units, c.sources)
		}
	}
	// The institution named outright outranks a vaguer name: WEO is named,
	// IMF only suggests WEO or IFS.
	u := Parse("IMF WEO GDP")
	if u.Sources[0].Namespace != "weo" || u.Sources[0].Weight <= u.Sources[1].Weight {
		t.Errorf("sources %+v; want weo first and stronger", u.Sources)
	}
}

func TestParseTermsCleaning(t *testing.T) {
	cases := []struct {
		q     string
		terms []string
	}{
		{"What is the U.S. unemployment rate?", []string{"unemployment", "rate"}},
		{"Non-performing loans", []string{"nonperforming", "loan"}},
		{"nonperforming loans", []string{"nonperforming", "loan"}},
		{"non performing loans", []string{"nonperforming", "loan"}},
		{"Labour force participation", []string{"labor", "force", "participation"}},
		{"capacity utilisation", []string{"capacity", "utilization"}},
		{"house prices", []string{"house", "price"}},
		{"treasuries and securities", []string{"treasury", "security"}},
		{"news series", []string{"news"}}, // "series" is a stop word, "news" no plural
		// Labels tell "(Value TRL)" from "(Quantity)", "(Number)" from amounts.
		{"value of banknotes in circulation", []string{"value", "banknote", "circulation"}},
		{"number of new companies", []string{"number", "new", "company"}},
		{"inflation in %", []string{"inflation", "percent"}},
		{"the Fed's balance sheet", []string{"fed", "balance", "sheet"}},
		{"İSTANBUL house prices", []string{"istanbul", "house", "price"}},
		{"café crème", []string{"cafe", "creme"}},
	}
	for _, c := range cases {
		if got := Parse(c.q).Terms; !reflect.DeepEqual(got, c.terms) {
			t.Errorf("Parse(%q) terms = %v; want %v", c.q, got, c.terms)
		}
	}
}

func TestParseTopicTermsDropFacetWords(t *testing.T) {
	u := Parse("Turkish monthly unemployment rate, seasonally adjusted (EVDS)")
	want := []string{"unemployment", "rate"}
	if !reflect.DeepEqual(u.TopicTerms, want) {
		t.Errorf("TopicTerms %v; want %v", u.TopicTerms, want)
	}
	if !slices.Contains(u.Terms, "turkish") || !slices.Contains(u.Terms, "monthly") {
		t.Errorf("Terms %v should keep every content word", u.Terms)
	}
}

// TestParseNotAdjustedDropsAdjustedWords checks that an unadjusted ask
// keeps out of the text search the words that name adjusted data, and
// keeps the ones that name unadjusted data.
func TestParseNotAdjustedDropsAdjustedWords(t *testing.T) {
	for _, c := range []struct {
		q          string
		want, gone []string
	}{
		{"unemployment rate, not seasonally adjusted", []string{"unemployment", "rate"}, []string{"seasonally", "adjusted"}},
		{"non-seasonally adjusted payrolls", []string{"payroll"}, []string{"seasonally", "adjusted"}},
		{"unadjusted retail sales", []string{"unadjusted", "retail", "sale"}, nil},
		{"retail sales, seasonally adjusted", []string{"retail", "sale", "seasonally", "adjusted"}, nil},
	} {
		u := Parse(c.q)
		for _, w := range c.want {
			if !slices.Contains(u.Terms, w) {
				t.Errorf("%q: Terms %v lack %q", c.q, u.Terms, w)
			}
		}
		for _, w := range c.gone {
			if slices.Contains(u.Terms, w) {
				t.Errorf("%q: Terms %v hold %q, which would match adjusted rows", c.q, u.Terms, w)
			}
		}
	}
}

// TestParseNotArchived checks that a query asking not to see archived
// rows does not ask for them, and keeps the word out of the text search.
func TestParseNotArchived(t *testing.T) {
	for _, c := range []struct {
		q    string
		want bool
	}{
		{"archived unemployment rate", true},
		{"discontinued series of money supply", true},
		{"unemployment rate, not archived", false},
		{"current (non-archived) unemployment series", false},
		{"money supply excluding discontinued series", false},
		{"current series, not the archive", false},
	} {
		u := Parse(c.q)
		if u.WantsArchived != c.want {
			t.Errorf("%q: WantsArchived %v, want %v", c.q, u.WantsArchived, c.want)
		}
		for _, w := range u.Terms {
			if !c.want && strings.Contains(w, "archiv") || !c.want && strings.Contains(w, "discontinued") {
				t.Errorf("%q: Terms %v hold %q, which would match archived rows", c.q, u.Terms, w)
			}
		}
	}
}

func TestParseIDs(t *testing.T) {
	u := Parse("compare TP.FG.J0 with FP.CPI.TOTL.ZG and FPOLM_PA, growth 3.5")
	want := []string{"TP.FG.J0", "FP.CPI.TOTL.ZG", "FPOLM_PA"}
	if !reflect.DeepEqual(u.IDs, want) {
		t.Errorf("IDs %v; want %v", u.IDs, want)
	}
	if !slices.Contains(u.Terms, "3.5") || slices.Contains(u.Terms, "tp.fg.j0") {
		t.Errorf("Terms %v: want the number kept and codes left out", u.Terms)
	}
}

func expansionOf(u Understanding, phrase string) (Expansion, bool) {
	for _, e := range u.Expansions {
		if e.Phrase == phrase {
			return e, true
		}
	}
	return Expansion{}, false
}

func TestParseExpansions(t *testing.T) {
	cases := []struct {
		q, want string
	}{
		{"CPI", "consumer price index"},
		{"jobless rate", "unemployment"},
		{"NPLs", "nonperforming loan"},
		{"non-farm payrolls", "all employee total nonfarm"},
		{"business lending", "commercial and industrial loan"},
		{"TLREF", "turkish lira overnight reference rate"},
		{"core inflation", "excluding food and energy"},
		{"US policy rate", "federal fund rate"},
		{"Turkish policy rate", "one week repo"},
		{"banxico", "central bank"},
		{"riksbank rate", "central bank"},
	}
	for _, c := range cases {
		u := Parse(c.q)
		if e, ok := expansionOf(u, c.want); !ok || e.Weight <= 0 || e.Weight > 1 {
			t.Errorf("Parse(%q) expansions %+v; want %q", c.q, u.Expansions, c.want)
		}
	}
	// Country-specific expansions stay out of other countries' queries.
	if _, ok := expansionOf(Parse("Turkish policy rate"), "federal fund rate"); ok {
		t.Error("Turkish policy rate expanded to the federal funds rate")
	}
	// Words with no economic synonym expand to nothing ("rate" is not a
	// charge per unit).
	if u := Parse("rate"); len(u.Expansions) != 0 {
		t.Errorf("rate expanded to %+v", u.Expansions)
	}
}

func TestVocabularyTermsMatchQueryAnalysis(t *testing.T) {
	v := Default().Vocabulary()
	label := "Nonperforming Loans (past due 90+ days plus nonaccrual) to Total Loans for all U.S. Banks"
	got := v.Terms(label)
	for _, w := range []string{"nonperforming", "loan", "bank", "total"} {
		if !slices.Contains(got, w) {
			t.Errorf("Terms(label) = %v lacks %q", got, w)
		}
	}
	// The query's words must be found in the label's terms.
	for _, w := range Parse("non-performing loans of banks").Terms {
		if !slices.Contains(got, w) {
			t.Errorf("query term %q not among label terms %v", w, got)
		}
	}
}

func TestParseMaturityIsNoFrequency(t *testing.T) {
	for _, c := range []struct {
		q    string
		want catalogsrc.Frequency
	}{
		{"3-month commercial paper rate", catalogsrc.Unknown},
		{"90 day treasury bill", catalogsrc.Unknown},
		{"10-year minus 3-month Treasury, monthly", catalogsrc.Monthly},
		{"commercial paper rate per month", catalogsrc.Unknown},
		{"commercial paper rate, month", catalogsrc.Monthly},
		{"reserves in months of imports", catalogsrc.Unknown}, // a unit
		{"median duration of unemployment in weeks", catalogsrc.Unknown},
	} {
		if got := Parse(c.q).Frequency; got != c.want {
			t.Errorf("Parse(%q).Frequency = %q, want %q", c.q, got, c.want)
		}
	}
	// The maturity stays a topic word, and its other spelling is expanded.
	u := Parse("3-month commercial paper rate")
	if !slices.Contains(u.TopicTerms, "month") {
		t.Errorf("topic terms %v; want month among them", u.TopicTerms)
	}
	found := false
	for _, x := range u.Expansions {
		found = found || x.Phrase == "90 day"
	}
	if !found {
		t.Errorf("expansions %+v; want 90 day", u.Expansions)
	}
}

// TestExcludedTerms checks which words a text names only in what it
// leaves out.
func TestExcludedTerms(t *testing.T) {
	v := Default().Vocabulary()
	for _, c := range []struct {
		text string
		want []string
	}{
		{"E_ CPI excluding alcoholic beverages and tobacco", []string{"alcoholic", "beverage", "tobacco"}},
		{"All Items Less Food and Energy in U.S. City Average", []string{"food", "energy"}},
		{"Loans with maturity less than 1 year", nil},                    // a comparison
		{"CPI excluding energy (Energy index)", nil},                     // also named outright
		{"Food excluding food away from home", []string{"away", "home"}}, // food is named outright
		{"Unemployment rate: without a high school diploma", []string{"high", "school", "diploma"}},
		{"Total loans", nil},
	} {
		if got := v.ExcludedTerms(c.text); !reflect.DeepEqual(got, c.want) {
			t.Errorf("ExcludedTerms(%q) = %v; want %v", c.text, got, c.want)
		}
	}
	if got := Parse("CPI excluding food and energy").ExcludedTerms; !reflect.DeepEqual(got, []string{"food", "energy"}) {
		t.Errorf("Parse ExcludedTerms = %v; want [food energy]", got)
	}
}

// A query naming a level below the nation asks for it: such rows are not
// taken down, as they are for a query that names none.
func TestWantsSubnational(t *testing.T) {
	row := RowMeta{Source: "fred", Country: "USA", Title: "30-Year Fixed Rate Mortgage Average in the Northeast"}
	plain, named := Parse("mortgage rate"), Parse("mortgage rate northeast")
	if plain.WantsSubnational || !named.WantsSubnational {
		t.Fatalf("wants subnational: %v, %v", plain.WantsSubnational, named.WantsSubnational)
	}
	if s := plain.BoostDetail(row, DefaultOptions()).State; s >= 0 {
		t.Errorf("a regional row for a query naming no region: state %v", s)
	}
	if s := named.BoostDetail(row, DefaultOptions()).State; s != 0 {
		t.Errorf("a regional row for a query naming its region: state %v", s)
	}
}

func TestParseShortUnitWords(t *testing.T) {
	for q, want := range map[string]string{"gdp per head japan": "per_capita", "brazil debt nat ccy": "national_currency"} {
		spelt, _ := Default().Rewrite(q)
		if u := Parse(spelt); !slices.Contains(u.Units, want) {
			t.Errorf("%q: units %v; want %s among them", q, u.Units, want)
		}
	}
	// "nat" alone is no abbreviation: "nat gas" is natural gas.
	if spelt, _ := Default().Rewrite("nat gas prices"); strings.Contains(spelt, "national") {
		t.Errorf("nat gas prices spelt out as %q", spelt)
	}
}

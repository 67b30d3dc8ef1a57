package query

import (
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
)

func TestBoostCountry(t *testing.T) {
	u := Parse("Turkish unemployment rate")
	tur := RowMeta{Source: "evds", Country: "TUR", Title: "Unemployment rate (%)"}
	usa := RowMeta{Source: "fred", Country: "USA", Title: "Unemployment Rate"}
	titled := RowMeta{Source: "fred", Country: "", Title: "Harmonized Unemployment Rate for Turkey"}
	// The title names Korea although the source's rows are Turkish by default.
	korea := RowMeta{Source: "evds", Country: "TUR", Title: "Korea _ Households _ Percentage of GDP (BIS)"}
	unknown := RowMeta{Source: "wdi", Title: "Unemployment, total (% of total labor force)"}
	o := Options{Country: true, Weights: DefaultWeights()}
	if b := u.BoostWith(tur, o); b <= 0 {
		t.Errorf("TUR row boost %v; want > 0", b)
	}
	if b := u.BoostWith(titled, o); b <= 0 {
		t.Errorf("row titled 'for Turkey' boost %v; want > 0", b)
	}
	if b := u.BoostWith(usa, o); b >= 0 {
		t.Errorf("USA row boost %v; want < 0", b)
	}
	if b := u.BoostWith(korea, o); b >= 0 {
		t.Errorf("row titled Korea boost %v; want < 0 (the title's country wins)", b)
	}
	if b := u.BoostWith(unknown, o); b != 0 {
		t.Errorf("row without country boost %v; want 0", b)
	}
	if b := Parse("unemployment rate").BoostWith(usa, o); b != 0 {
		t.Errorf("query without country boost %v; want 0", b)
	}
}

// An area is a place of the query like a country, and a dataset that names
// no place is about the places its source breaks its rows down by.
func TestBoostAreaAndCoveringSource(t *testing.T) {
	o := Options{Country: true, Weights: DefaultWeights()}
	covers := []string{"EUU", "DEU", "FRA", "EMU"}
	dataset := RowMeta{Source: "eurostat", Title: "Unemployment by sex and age - monthly data", SourceCovers: covers}
	ea := RowMeta{Source: "fred", Country: "EMU", Title: "Youth Unemployment Rate for the Euro Area"}
	usa := RowMeta{Source: "fred", Country: "USA", Title: "Unemployment Rate"}
	u := Parse("euro area unemployment")
	if len(u.Countries) != 1 || u.Countries[0] != "EMU" {
		t.Fatalf("euro area read as %v; want EMU", u.Countries)
	}
	if b := u.BoostWith(ea, o); b <= 0 {
		t.Errorf("euro-area row boost %v; want > 0", b)
	}
	if b := u.BoostWith(dataset, o); b <= 0 {
		t.Errorf("covering dataset boost %v; want > 0", b)
	}
	if b := u.BoostWith(usa, o); b >= 0 {
		t.Errorf("US row boost %v; want < 0", b)
	}
	if b := Parse("german unemployment").BoostWith(dataset, o); b <= 0 {
		t.Errorf("covering dataset for a member: boost %v; want > 0", b)
	}
	if b := Parse("turkish unemployment").BoostWith(dataset, o); b != 0 {
		t.Errorf("covering dataset for a place it does not list: boost %v; want 0", b)
	}
	// A dataset whose title names its place is read by its title.
	titled := dataset
	titled.Title = "Unemployment in Turkey"
	if b := u.BoostWith(titled, o); b >= 0 {
		t.Errorf("dataset titled Turkey, euro area asked: boost %v; want < 0", b)
	}
}

// TestBoostCountryNotFromUnitCurrency checks that a title naming the
// currency the row's figures are counted in does not make the row that
// currency's country, while a currency that is the row's subject does.
func TestBoostCountryNotFromUnitCurrency(t *testing.T) {
	o := Options{Country: true, Weights: DefaultWeights()}
	iip := RowMeta{Source: "evds", Country: "TUR", Unit: "Million US Dollars",
		Title: "INTERNATIONAL INVESTMENT POSITION, NET (Million US Dollars)"}
	if b := Parse("Turkey net international investment position").BoostWith(iip, o); b <= 0 {
		t.Errorf("Turkish row counted in US dollars: boost %v for a Turkish query; want > 0", b)
	}
	if b := Parse("US net international investment position").BoostWith(iip, o); b >= 0 {
		t.Errorf("Turkish row counted in US dollars: boost %v for a US query; want < 0", b)
	}
	// The pound is the subject of an exchange-rate row counted in lira.
	gbp := RowMeta{Source: "evds", Country: "TUR", Unit: "TRY", Title: "(GBP) British Pound (Buying)"}
	if b := Parse("British pound buying rate, UK").BoostWith(gbp, o); b <= 0 {
		t.Errorf("pound exchange-rate row: boost %v for a UK query; want > 0", b)
	}
	// Two currencies in the unit: a rate between them, both countries.
	jpy := RowMeta{Source: "fred", Country: "USA", Unit: "Japanese Yen to One U.S. Dollar",
		Title: "Japanese Yen to U.S. Dollar Spot Exchange Rate"}
	if b := Parse("yen per dollar exchange rate").BoostWith(jpy, o); b <= 0 {
		t.Errorf("yen/dollar row: boost %v for a Japanese query; want > 0", b)
	}
}

func TestBoostStatesPreferNationalRows(t *testing.T) {
	o := Options{State: true, Weights: DefaultWeights()}
	national := RowMeta{Source: "fred", Country: "USA", Title: "Unemployment Rate"}
	state := RowMeta{Source: "fred", Country: "USA", Title: "Unemployment Rate in Texas"}
	county := RowMeta{Source: "fred", Country: "USA", Title: "Unemployment Rate in Cook County, IL"}
	cityAvg := RowMeta{Source: "fred", Country: "USA", Title: "Consumer Price Index for All Urban Consumers: All Items in U.S. City Average"}
	us := Parse("US unemployment rate")
	if us.BoostWith(national, o) <= us.BoostWith(state, o) || us.BoostWith(national, o) <= us.BoostWith(county, o) {
		t.Error("a national query should prefer the national row over state and county rows")
	}
	if b := us.BoostWith(cityAvg, o); b != 0 {
		t.Errorf("'U.S. City Average' is national: boost %v; want 0", b)
	}
	// Census regions and the BLS price areas are below national level.
	for _, title := range []string{
		"Consumer Price Index for All Urban Consumers: All Items Less Food and Energy in South",
		"Consumer Price Index for All Urban Consumers: Energy in Northeast - Size Class A",
		"Unemployment Rate in Midwest Census Region",
		"Civilian Labor Force in East North Central Census Division",
		"Nonperforming Loans to Total Loans for Banks Geographically Located in Federal Reserve District 11: Dallas",
	} {
		if b := us.BoostWith(RowMeta{Source: "fred", Country: "USA", Title: title}, o); b != -o.Weights.Subnational {
			t.Errorf("%q: boost %v; want %v", title, b, -o.Weights.Subnational)
		}
	}
	tx := Parse("unemployment rate in Texas")
	if tx.BoostWith(state, o) <= tx.BoostWith(national, o) {
		t.Error("a Texas query should prefer the Texas row")
	}
	ny := RowMeta{Source: "fred", Title: "Unemployment Rate in New York"}
	if b := tx.BoostWith(ny, o); b >= 0 {
		t.Errorf("New York row for a Texas query: boost %v; want < 0", b)
	}
}

func TestBoostFrequencyAndSeasonal(t *testing.T) {
	u := Parse("monthly payrolls, seasonally adjusted")
	o := Options{Frequency: true, Seasonal: true, Weights: DefaultWeights()}
	good := RowMeta{Frequency: catalogsrc.Monthly, SeasonalAdjustment: "SA"}
	saar := RowMeta{Frequency: catalogsrc.Monthly, SeasonalAdjustment: "SAAR"}
	wrongFreq := RowMeta{Frequency: catalogsrc.Quarterly, SeasonalAdjustment: "SA"}
	nsa := RowMeta{Frequency: catalogsrc.Monthly, SeasonalAdjustment: "NSA"}
	// EVDS tells seasonal adjustment only in its headings.
	headingSA := RowMeta{Frequency: catalogsrc.Monthly, Heading: []string{"LABOUR STATISTICS", "Seasonally adjusted main labour force indicators"}}
	headingNSA := RowMeta{Frequency: catalogsrc.Monthly, Title: "Payrolls (not seasonally adjusted)"}
	g := u.BoostDetail(good, o)
	if g.Frequency <= 0 || g.Seasonal <= 0 {
		t.Errorf("matching row %+v; want both positive", g)
	}
	if d := u.BoostDetail(saar, o); d.Seasonal <= 0 {
		t.Errorf("SAAR row seasonal %v; want > 0", d.Seasonal)
	}
	if d := u.BoostDetail(wrongFreq, o); d.Frequency >= 0 {
		t.Errorf("quarterly row frequency %v; want < 0", d.Frequency)
	}
	if d := u.BoostDetail(nsa, o); d.Seasonal >= 0 {
		t.Errorf("NSA row seasonal %v; want < 0", d.Seasonal)
	}
	if d := u.BoostDetail(headingSA, o); d.Seasonal <= 0 {
		t.Errorf("row under a seasonally adjusted heading: %v; want > 0", d.Seasonal)
	}
	if d := u.BoostDetail(headingNSA, o); d.Seasonal >= 0 {
		t.Errorf("row titled not seasonally adjusted: %v; want < 0", d.Seasonal)
	}
	// No adjustment asked for: the adjusted twin is slightly preferred,
	// far less than when adjustment is asked for.
	plain := Parse("monthly payrolls")
	if d, n := plain.BoostDetail(good, o), plain.BoostDetail(nsa, o); d.Seasonal != o.Weights.SeasonalDefault || n.Seasonal != 0 || d.Seasonal >= g.Seasonal {
		t.Errorf("no adjustment asked: SA %v, NSA %v; want %v, 0 (below an asked match, %v)", d.Seasonal, n.Seasonal, o.Weights.SeasonalDefault, g.Seasonal)
	}
	// "annual" asks less surely than "monthly".
	annual := Parse("annual GDP")
	monthly := Parse("monthly GDP")
	ra := RowMeta{Frequency: catalogsrc.Annual}
	rm := RowMeta{Frequency: catalogsrc.Monthly}
	if annual.BoostWith(ra, o) >= monthly.BoostWith(rm, o) {
		t.Error("an 'annual' match should weigh less than a 'monthly' match")
	}
}

func TestBoostUnitsAndSources(t *testing.T) {
	o := Options{Units: true, Source: true, Weights: DefaultWeights()}
	u := Parse("IMF IFS central bank reserves in USD")
	ifs := RowMeta{Source: "ifs", Unit: "US Dollars", Title: "Reserves"}
	mirror := RowMeta{Source: "fred", Unit: "Millions of U.S. Dollars", Title: "Reserves", Heading: []string{"International Financial Statistics"}}
	other := RowMeta{Source: "evds", Unit: "Thousand TRY", Title: "Reserves"}
	bi, bm, bo := u.BoostDetail(ifs, o), u.BoostDetail(mirror, o), u.BoostDetail(other, o)
	if !(bi.Source > bm.Source && bm.Source > 0 && bo.Source < 0) {
		t.Errorf("source boosts ifs %v mirror %v other %v; want ifs > mirror > 0 > other", bi.Source, bm.Source, bo.Source)
	}
	if bi.Units <= 0 || bm.Units <= 0 || bo.Units >= 0 {
		t.Errorf("unit boosts usd %v, usd %v, try %v; want +, +, -", bi.Units, bm.Units, bo.Units)
	}
}

func TestBoostHomeSource(t *testing.T) {
	o := Options{Source: true, Weights: DefaultWeights()}
	home := RowMeta{Source: "evds", Country: "TUR", SourceHome: "TUR", Title: "Consumer price index"}
	abroad := RowMeta{Source: "fred", Country: "TUR", Title: "Consumer Price Index for Turkey"}
	if b := Parse("Turkish consumer prices").BoostDetail(home, o); b.Source != o.Weights.HomeSource {
		t.Errorf("a Turkish question, Türkiye's home source: source boost %v, want %v", b.Source, o.Weights.HomeSource)
	}
	if b := Parse("Turkish consumer prices").BoostDetail(abroad, o); b.Source != 0 {
		t.Errorf("a Turkish question, another source: source boost %v, want 0", b.Source)
	}
	if b := Parse("German consumer prices").BoostDetail(home, o); b.Source != 0 {
		t.Errorf("a German question, Türkiye's home source: source boost %v, want 0", b.Source)
	}
	// A named source decides alone: FRED asked for, EVDS is a mismatch.
	if b := Parse("FRED Turkish consumer prices").BoostDetail(home, o); b.Source >= 0 {
		t.Errorf("FRED named: home source boost %v, want < 0", b.Source)
	}
}

func TestBoostArchived(t *testing.T) {
	o := Options{Archived: true, Weights: DefaultWeights()}
	old := RowMeta{Source: "evds", Title: "Unemployment rate", Heading: []string{"Archived data", "Labour"}}
	cur := RowMeta{Source: "evds", Title: "Unemployment rate", Heading: []string{"Labour"}}
	if b := Parse("unemployment rate").BoostWith(old, o); b >= 0 {
		t.Errorf("archived row boost %v; want < 0", b)
	}
	if b := Parse("unemployment rate").BoostWith(cur, o); b != 0 {
		t.Errorf("current row boost %v; want 0", b)
	}
	if b := Parse("archived unemployment rate").BoostWith(old, o); b <= 0 {
		t.Errorf("asked for archived: boost %v; want > 0", b)
	}
	// A stale row (its coverage ended long before its source's recent
	// figures) reads like an archived one.
	stale := RowMeta{Source: "fred", Title: "New Private Housing Units Authorized by Building Permits for United States", Stale: true}
	if b := Parse("building permits").BoostWith(stale, o); b != -o.Weights.Archived {
		t.Errorf("stale row boost %v; want %v", b, -o.Weights.Archived)
	}
	if b := Parse("historical building permits").BoostWith(stale, o); b <= 0 {
		t.Errorf("asked for history: stale row boost %v; want > 0", b)
	}
}

func TestBoostOptionsSwitchSignalsOff(t *testing.T) {
	u := Parse("Turkish monthly unemployment rate in USD, seasonally adjusted (FRED)")
	row := RowMeta{Source: "evds", Country: "USA", Frequency: catalogsrc.Quarterly, SeasonalAdjustment: "NSA", Unit: "TRY", Heading: []string{"Archived data"}}
	if b := u.BoostWith(row, Options{Weights: DefaultWeights()}); b != 0 {
		t.Errorf("all signals off: boost %v; want 0", b)
	}
	all := u.BoostDetail(row, DefaultOptions())
	if all.Country >= 0 || all.Frequency >= 0 || all.Seasonal >= 0 || all.Units >= 0 || all.Source >= 0 || all.Archived >= 0 {
		t.Errorf("every signal should count against this row: %+v", all)
	}
	if u.Boost(row) != all.Total() {
		t.Error("Boost differs from BoostDetail(DefaultOptions).Total")
	}
	if u.BoostPrepared(Default().PrepareRow(row), DefaultOptions()) != all {
		t.Error("BoostPrepared differs from BoostDetail")
	}
}

func BenchmarkParse(b *testing.B) {
	Default()
	for b.Loop() {
		Parse("Turkish monthly consumer price index excluding energy, seasonally adjusted, 2003=100 (CBRT)")
	}
}

func BenchmarkBoost(b *testing.B) {
	u := Parse("Turkish monthly unemployment rate, seasonally adjusted")
	row := RowMeta{Source: "evds", Country: "TUR", Frequency: catalogsrc.Monthly, Unit: "Percent", Title: "Unemployment rate (%)", Heading: []string{"LABOUR STATISTICS", "Seasonally adjusted main labour force indicators"}}
	for b.Loop() {
		u.Boost(row)
	}
}

func BenchmarkBoostPrepared(b *testing.B) {
	u := Parse("Turkish monthly unemployment rate, seasonally adjusted")
	row := Default().PrepareRow(RowMeta{Source: "evds", Country: "TUR", Frequency: catalogsrc.Monthly, Unit: "Percent", Title: "Unemployment rate (%)", Heading: []string{"LABOUR STATISTICS", "Seasonally adjusted main labour force indicators"}})
	o := DefaultOptions()
	for b.Loop() {
		u.BoostPrepared(row, o)
	}
}

// A heading prepared once and shared by its rows lends each row what
// the path says: a seasonal adjustment (an explicit "not seasonally
// adjusted" in the title still wins), a republished source, archived.
func TestPrepareRowUnderSharedHeading(t *testing.T) {
	p := Default()
	h := p.PrepareHeading([]string{"Archived data", "Seasonally adjusted series"})
	plain := p.PrepareRowUnder(RowMeta{Source: "fred", Country: "USA", Frequency: catalogsrc.Monthly, Title: "Unemployment Rate"}, h)
	nsa := p.PrepareRowUnder(RowMeta{Source: "fred", Country: "USA", Frequency: catalogsrc.Monthly, Title: "Unemployment Rate, not seasonally adjusted"}, h)
	u := p.Parse("US unemployment rate seasonally adjusted")
	if b := u.BoostPrepared(plain, DefaultOptions()); b.Seasonal <= 0 || b.Archived >= 0 {
		t.Errorf("row under a seasonally adjusted, archived heading: %+v; want seasonal > 0, archived < 0", b)
	}
	if b := u.BoostPrepared(nsa, DefaultOptions()); b.Seasonal >= 0 {
		t.Errorf("title says not seasonally adjusted: seasonal %v; want < 0", b.Seasonal)
	}
	bare := p.PrepareRowUnder(RowMeta{Source: "fred", Country: "USA", Frequency: catalogsrc.Monthly, Title: "Unemployment Rate"}, p.PrepareHeading(nil))
	if b := u.BoostPrepared(bare, DefaultOptions()); b.Seasonal != 0 || b.Archived != 0 {
		t.Errorf("row with no heading: %+v; want no seasonal or archived boost", b)
	}
}

// A query naming no frequency prefers monthly, weekly and daily rows to
// quarterly ones and those to yearly ones, by less than a country or
// frequency match; a query naming one judges rows by it alone.
func TestFrequentRowsPreferredWhenNoFrequencyNamed(t *testing.T) {
	o := DefaultOptions()
	row := func(f catalogsrc.Frequency) RowMeta {
		return RowMeta{Source: "fred", Country: "USA", Frequency: f, Title: "Unemployment Rate"}
	}
	u := Parse("US unemployment rate")
	m, q, a := u.BoostWith(row(catalogsrc.Monthly), o), u.BoostWith(row(catalogsrc.Quarterly), o), u.BoostWith(row(catalogsrc.Annual), o)
	if !(m > q && q > a) {
		t.Errorf("no frequency named: monthly %v, quarterly %v, annual %v; want decreasing", m, q, a)
	}
	if d := u.BoostWith(row(catalogsrc.Daily), o); d != m {
		t.Errorf("daily %v, monthly %v; want equal", d, m)
	}
	if w := o.Weights; m-a >= w.CountryMatch || m-a >= w.FrequencyMatch {
		t.Errorf("preference %v outweighs a country (%v) or frequency (%v) match", m-a, w.CountryMatch, w.FrequencyMatch)
	}
	if u := Parse("US annual unemployment rate"); u.BoostWith(row(catalogsrc.Annual), o) <= u.BoostWith(row(catalogsrc.Monthly), o) {
		t.Error("annual asked: the annual row should beat the monthly one")
	}
	off := o
	off.Frequency = false
	if b := u.BoostDetail(row(catalogsrc.Monthly), off); b.Frequency != 0 {
		t.Errorf("frequency signal off: %v; want 0", b.Frequency)
	}
}

func TestBoostLevelDefault(t *testing.T) {
	o := Options{Units: true, Weights: DefaultWeights()}
	level := RowMeta{Source: "fred", Unit: "Billions of Chained 2017 Dollars", Title: "Real Gross Domestic Product"}
	change := RowMeta{Source: "fred", Unit: "Percent", Title: "Real Gross Domestic Product"}
	growth := RowMeta{Source: "wdi", Title: "GDP growth (annual %)"}
	u := Parse("real GDP of the United States, quarterly")
	bl, bc, bg := u.BoostDetail(level, o), u.BoostDetail(change, o), u.BoostDetail(growth, o)
	if bl.Units != 0 || bc.Units != -o.Weights.LevelDefault || bg.Units != -o.Weights.LevelDefault {
		t.Errorf("a level asked: level %v, percent %v, growth %v; want 0, %v, %v", bl.Units, bc.Units, bg.Units, -o.Weights.LevelDefault, -o.Weights.LevelDefault)
	}
	// Queries that ask how a quantity moves, or for a rate, take no
	// default: the change rows are what they may mean.
	off := o
	off.Weights.LevelDefault = 0
	for _, q := range []string{"real GDP growth", "US inflation", "unemployment rate", "GDP percent change", "debt to GDP", "house prices year over year", "real yield on 10-year TIPS", "corporate bond spread"} {
		if b, b0 := Parse(q).BoostDetail(change, o), Parse(q).BoostDetail(change, off); b.Units != b0.Units {
			t.Errorf("%q: a percent row takes %v, %v without the level default; want the same", q, b.Units, b0.Units)
		}
	}
	// A title naming a rate is a rate, not a change of a level.
	for _, title := range []string{"Unemployment Rate", "Market Yield on U.S. Treasury Securities at 10-Year Constant Maturity", "ICE BofA US Corporate Index Option-Adjusted Spread"} {
		if b := Parse("treasury").BoostDetail(RowMeta{Source: "fred", Unit: "Percent", Title: title}, o); b.Units != 0 {
			t.Errorf("%q names a rate: units %v; want 0", title, b.Units)
		}
	}
	rate := RowMeta{Source: "fred", Unit: "Percent", Title: "Unemployment Rate"}
	if b := Parse("jobless").BoostDetail(rate, o); b.Units != 0 {
		t.Errorf("a rate's title: %v; want 0", b.Units)
	}
}

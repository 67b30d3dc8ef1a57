#!/usr/bin/env python3
"""Writes questions-everyday4.jsonl. Each query below was written by hand; edit here, not the jsonl.

Gold ids are in the namespace of `source` without a prefix; ids from another source carry
`evds:`, `fred:`, `weo:`, `ifs:`, `wdi:`, `eurostat:` or `bis:`.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

ID_FIELD = {
    "evds": "evds/cbrt_allseries.csv seriesCode (same codes in cbrt_meta_data_2020.csv SERIE_CODE and evds_index_en.json keys)",
    "fred": "fred/fred_release_series.csv series_id",
    "weo": "imf/WEOApr2024all.csv composite WEOApr2024|Country|Subject Descriptor|Units",
    "ifs": "imf/IFS_Indicators.csv parameter_value",
    "wdi": "wdi/WDISeries.csv Series Code",
    "eurostat": "eurostat/table_of_contents_en.txt code",
    "bis": "observations/bis/policy_rates_monthly.csv series_key",
}


def W(country, subject, units):
    return "WEOApr2024|%s|%s|%s" % (country, subject, units)


def w(country, subject, units):
    return "weo:" + W(country, subject, units)


GDPK = "Gross domestic product, constant prices"
GDPC = "Gross domestic product, current prices"
INFA = "Inflation, average consumer prices"
INFE = "Inflation, end of period consumer prices"
UNR = "Unemployment rate"
PLF = "Percent of total labor force"
GGD = "General government gross debt"
CAB = "Current account balance"
TR = "Türkiye"

Q = []


def q(question, kind, source, gold, notes):
    Q.append((question, kind, source, gold, notes))


# ---------------------------------------------------------------- typo (16)
q("unemplyment rate", "typo", "fred", ["UNRATE", "UNRATENSA"],
  "Dropped 'o'. No country: a US analyst wanting the BLS headline rate (SA, NSA equally fine). A careless engine "
  "that does not repair the typo drifts to state/county unemployment rates or to U6RATE/UNEMPLOY (level, not rate).")
q("inflaton turkey", "typo", "evds", ["TP.FG.J0", "TP.FE.OKTG01", w(TR, INFA, "Percent change"), w(TR, INFA, "Index")],
  "Dropped 'i'. Turkish CPI all-items (TURKSTAT 2003=100) in EVDS; WEO annual Türkiye inflation also answers. Careless top hits / wrong: "
  "CPI sub-groups TP.FG.J01..., ITO wholesale index TP.FG.C01, market-participant inflation expectations.")
q("mortage rates", "typo", "fred", ["MORTGAGE30US", "MORTGAGE15US"],
  "Dropped 'g'. Homebuyer wanting Freddie Mac PMMS averages; 30-year is the headline, 15-year equally fine. Careless top hits / wrong: "
  "mortgage delinquency/charge-off rates, mortgage debt outstanding, EVDS housing-loan rates.")
q("industiral production", "typo", "fred", ["INDPRO"],
  "Swapped 'r'/'i'. The Fed G.17 total index. Careless top hits / wrong: the hundreds of G.17 sub-industry indexes (IPMAN, IPG...), "
  "capacity utilization TCU, or EVDS/Turkish industrial production when no country is given.")
q("consumer sentimnet", "typo", "fred", ["UMCSENT"],
  "Swapped 'e'/'n'. University of Michigan headline. Careless top hits / wrong: expectations/current-conditions sub-indexes, "
  "Turkish consumer confidence TP.TG2.Y01 (different survey, different country).")
q("treasury yeild 10 year", "typo", "fred", ["DGS10", "GS10"],
  "Swapped 'i'/'e'. 10-year constant-maturity yield, daily or monthly. Careless top hits / wrong: 10-year TIPS (DFII10), "
  "T10Y2Y/T10Y3M spreads, 10-year breakeven T10YIE, IFS government bond yield codelist rows.")
q("housng starts", "typo", "fred", ["HOUST", "HOUSTNSA"],
  "Dropped 'i'. Total housing starts, SAAR or NSA. Careless top hits / wrong: 1-unit starts (HOUST1F), regional starts (HOUSTNE...), "
  "permits (PERMIT), EVDS house sales TP.AKONUTSAT1.*.")
q("euro dollar exchnage rate", "typo", "fred", ["DEXUSEU", "evds:TP.DK.EUR.C.YTL", "eurostat:ert_bil_eur_d", "eurostat:ert_bil_eur_m"],
  "Swapped 'n'/'a'. EUR/USD: FRED H.10 daily rate; CBRT's EUR cross rate and Eurostat euro exchange-rate datasets carry "
  "the same quote. Careless top hits / wrong: EUR/TRY buying/selling (TP.DK.EUR.A.YTL), trade-weighted dollar DTWEXBGS.")
q("germnay gdp growth", "typo", "weo", [W("Germany", GDPK, "Percent change"), "eurostat:tec00115", "eurostat:namq_10_gdp"],
  "Swapped 'a'/'n'. Real GDP growth for Germany: WEO constant-price percent change; Eurostat real growth table and the "
  "quarterly national-accounts dataset also answer. Careless top hits / wrong: German GDP levels in current prices, GDP per capita, deflator.")
q("japan goverment debt", "typo", "weo", [W("Japan", GGD, "Percent of GDP"), W("Japan", GGD, "National currency")],
  "Dropped 'n'. Japan general government gross debt (percent of GDP is the usual ask; yen level also fine). Careless top hits / wrong: "
  "net debt rows (much lower for Japan), US federal debt GFDEBTN, WDI central government debt.")
q("brazil unemploymant", "typo", "weo", [W("Brazil", UNR, PLF), "wdi:SL.UEM.TOTL.ZS", "wdi:SL.UEM.TOTL.NE.ZS", "ifs:LUR_PT"],
  "Wrong letter 'a' for 'e'. Brazil unemployment rate: WEO row; WDI modeled/national and the IFS indicator also answer. "
  "Careless top hits / wrong: Brazil employment (persons), youth unemployment SL.UEM.1524.ZS, US UNRATE.")
q("hicp euro aera", "typo", "eurostat", ["prc_hicp_manr", "prc_hicp_midx", "teicp000", "ei_cphi_m"],
  "Swapped 'r'/'e' in 'area'. Euro-area HICP, annual rate or index, monthly. Careless top hits / wrong: HICP weights (prc_hicp_inw, _cow), "
  "constant-tax HICP (prc_hicp_cind), administered prices, IFS harmonized CPI codelist row.")
q("fedral funds rate", "typo", "fred", ["FEDFUNDS", "DFF"],
  "Dropped 'e'. Effective fed funds rate, monthly or daily. Careless top hits / wrong: target range bounds, discontinued DISCONTINUED "
  "targets, fed funds futures-based spreads T10YFF, Fed district seasonal credit rates.")
q("turkey curent account", "typo", "evds", ["TP.ODANA6.Q01", w(TR, CAB, "U.S. dollars"), w(TR, CAB, "Percent of GDP")],
  "Dropped 'r'. CBRT BoP analytic presentation, A.CURRENT ACCOUNT (monthly, million USD); WEO annual rows also answer. "
  "Careless top hits / wrong: current account excluding gold/energy (bie_hariccariacik), detailed-presentation sub-items, archived BPM5 rows.")
q("south africa inflatoin", "typo", "weo", [W("South Africa", INFA, "Percent change"), W("South Africa", INFE, "Percent change"), "wdi:FP.CPI.TOTL.ZG"],
  "Swapped 'o'/'i'. South Africa CPI inflation: WEO average (or end-of-period) percent change; WDI inflation indicator "
  "also answers. Careless top hits / wrong: the Index units rows, GDP deflator inflation NY.GDP.DEFL.KD.ZG, rand exchange rate DEXSFUS.")
q("mexico populaton", "typo", "wdi", ["SP.POP.TOTL", w("Mexico", "Population", "Persons")],
  "Dropped 'i'. Total population (WDI headline; WEO Mexico population also answers). Careless top hits / wrong: population growth, urban "
  "population share, population ages 15-64, Eurostat 'Population on 1 January' datasets.")

# ---------------------------------------------------------------- acronym (16)
q("cpi", "acronym", "fred", ["CPIAUCSL", "CPIAUCNS", "evds:TP.FG.J0", "ifs:PCPI_IX", "wdi:FP.CPI.TOTL"],
  "Bare acronym, no country. US CPI-U all items (SA/NSA) is the likeliest meaning; an all-items CPI from another "
  "source is also acceptable. Careless top hits / wrong: any component (food, energy, core), regional/metro CPIs, sticky/median CPI, "
  "discontinued CPI-W variants.")
q("nfp", "acronym", "fred", ["PAYEMS", "PAYNSA"],
  "Trader shorthand for nonfarm payrolls. Total nonfarm employees, SA or NSA. Careless top hits / wrong: private payrolls, ADP-style "
  "series, sector payrolls (MANEMP), state nonfarm employment, nonfarm productivity OPHNFB.")
q("core pce", "acronym", "fred", ["PCEPILFE"],
  "PCE price index excluding food and energy. Careless top hits / wrong: headline PCEPI, nominal spending PCE, real spending PCEC96, "
  "trimmed-mean PCE from the Dallas Fed, core CPI CPILFESL.")
q("ppi turkey", "acronym", "evds", ["TP.TUFE1YI.T1"],
  "Domestic PPI general index (TURKSTAT 2003=100). Careless top hits / wrong: PPI sub-sectors TP.TUFE1YI.T2..., non-domestic PPI "
  "(bie_ufeyd), agricultural PPI (bie_tarimufe), ITO wholesale index TP.FG.C01, US PPIACO.")
q("m2 money supply", "acronym", "fred", ["M2SL", "M2NS", "WM2NS"],
  "US M2, monthly SA/NSA or weekly NSA. Careless top hits / wrong: 'M2 (DISCONTINUED)' weekly id M2 (an exact id match a careless engine "
  "ranks first), real M2 M2REAL, M2 velocity, Turkish M2 TP.PR.ARZ13.")
q("hicp germany", "acronym", "eurostat", ["prc_hicp_midx", "prc_hicp_manr", "ei_cphi_m", "teicp000", "ifs:PCPIHA_IX"],
  "Harmonised CPI; Eurostat HICP datasets cover Germany. Careless top hits / wrong: HICP country weights prc_hicp_cow, item weights, "
  "constant-tax HICP, German national CPI in WEO (not harmonised).")
q("gdp ppp india", "acronym", "weo", [W("India", GDPC, "Purchasing power parity; international dollars"), "wdi:NY.GDP.MKTP.PP.CD"],
  "India GDP at PPP, total. Careless top hits / wrong: PPP per-capita rows, 'PPP share of world total', 'Implied PPP conversion rate', "
  "GDP in US dollars at market rates.")
q("fdi inflows china", "acronym", "wdi", ["BX.KLT.DINV.CD.WD", "BX.KLT.DINV.WD.GD.ZS"],
  "Foreign direct investment, net inflows (US$ or % of GDP). Careless top hits / wrong: FDI net outflows (BX.KLT.DINV.CD.WD's sibling "
  "BM.KLT.DINV...), portfolio equity inflows, Turkish BoP direct-investment lines in EVDS.")
q("vix", "acronym", "fred", ["VIXCLS"],
  "CBOE volatility index close. Careless top hits / wrong: VXN/VXD/other CBOE indexes, OVX, equity option indexes, stress indexes STLFSI4.")
q("wti crude", "acronym", "fred", ["DCOILWTICO", "MCOILWTICO", "WTISPLC"],
  "WTI spot price, daily or monthly (spliced monthly also fine). Careless top hits / wrong: Brent DCOILBRENTEU, gasoline/heating oil "
  "prices, producer price index for crude petroleum.")
q("uk cpi", "acronym", "weo", [W("United Kingdom", INFA, "Index"), W("United Kingdom", INFA, "Percent change"), "ifs:PCPI_IX"],
  "No monthly ONS CPI in these catalogs; WEO UK consumer prices (index or percent change) and the IFS CPI indicator "
  "answer (end-of-period rows are close but not gold). Careless top hits / wrong: US CPI CPIAUCSL (a careless engine keys on 'cpi'), "
  "Eurostat HICP datasets (UK coverage ends 2020).")
q("sofr", "acronym", "fred", ["SOFR", "SOFR30DAYAVG"],
  "Secured Overnight Financing Rate, daily (30-day average also fine). Careless top hits / wrong: SOFR index, SOFR percentiles, "
  "EFFR/OBFR, LIBOR rows.")
q("ecb deposit rate", "acronym", "ifs", ["FIDFR_PA", "bis:M.XM"],
  "IFS 'Eurosystem Deposit Facility Rate' indicator is the exact statistic; the BIS euro-area policy-rate series M.XM "
  "(the headline ECB rate) also answers. "
  "Careless top hits / wrong: bank deposit rates (FIDR_PA, harmonized euro-area deposit rates FIHN_*), Turkish deposit rates TP.TRY.MT*.")
q("ipi germany", "acronym", "eurostat", ["sts_inpr_m", "ei_isin_m", "ifs:AIP_IX", "ifs:AIP_SA_IX"],
  "Industrial production index. Eurostat monthly production in industry (covers Germany); IFS industrial production "
  "indicator also answers. Careless top hits / wrong: industrial producer prices sts_inpp_m, industry confidence ei_bsin_m_r2.")
q("gni per capita", "acronym", "wdi", ["NY.GNP.PCAP.CD", "NY.GNP.PCAP.PP.CD"],
  "World Bank GNI per capita, Atlas method (or PPP). Careless top hits / wrong: GDP per capita NY.GDP.PCAP.CD, GNI total, GNI growth, "
  "WEO GDP per capita rows.")
q("rbi repo rate", "acronym", "bis", ["M.IN", "ifs:FPOLM_PA"],
  "Reserve Bank of India policy (repo) rate: BIS India series; IFS monetary-policy-rate indicator also answers. "
  "Careless top hits / wrong: EVDS repo transaction volumes, US repo/SOFR, India lending rate.")

# ---------------------------------------------------------------- abbreviation (16)
q("us 10y yield", "abbreviation", "fred", ["DGS10", "GS10"],
  "10y = 10-year Treasury constant maturity, daily or monthly. Careless top hits / wrong: 10-year TIPS real yield, 10y-2y spread, "
  "10-year breakeven, IFS government bond yield row.")
q("2y treasury", "abbreviation", "fred", ["DGS2", "GS2"],
  "2-year constant-maturity yield. Careless top hits / wrong: 2-year TIPS (none), T10Y2Y spread (contains '2-Year'), 20-year DGS20, "
  "1-year DGS1.")
q("10y-2y spread", "abbreviation", "fred", ["T10Y2Y", "T10Y2YM"],
  "Yield-curve slope, daily or monthly. Careless top hits / wrong: T10Y3M (3-month leg), T10YFF, corporate spreads BAMLH0A0HYM2.")
q("cpi y/y mexico", "abbreviation", "weo", [W("Mexico", INFA, "Percent change"), W("Mexico", INFE, "Percent change"), "wdi:FP.CPI.TOTL.ZG", "ifs:PCPI_PC_CP_A_PT"],
  "y/y = year-on-year percent change. Mexico inflation in WEO (average or end-of-period percent change); WDI inflation "
  "and IFS 'corresponding period previous year' CPI change also answer. Careless top hits / wrong: the Index units rows, peso rate DEXMXUS.")
q("real gdp qoq saar", "abbreviation", "fred", ["A191RL1Q225SBEA"],
  "US real GDP growth, percent change from preceding quarter at annual rate. Careless top hits / wrong: level GDPC1 (no qoq), nominal GDP, "
  "real GDP per capita, potential GDP GDPPOT, real GDI.")
q("govt debt to gdp us", "abbreviation", "fred", ["GFDEGDQ188S", w("United States", GGD, "Percent of GDP")],
  "govt = government. Federal debt as % of GDP (FRED) or WEO general government gross debt % of GDP. Careless top hits / wrong: debt level "
  "GFDEBTN, debt held by the public, deficits FYFSD.")
q("tr govt deficit % gdp", "abbreviation", "weo", [W(TR, "General government net lending/borrowing", "Percent of GDP"), W(TR, "General government primary net lending/borrowing", "Percent of GDP")],
  "tr = Türkiye. Overall balance (net lending/borrowing) % of GDP; primary balance is an acceptable second. Careless top hits / wrong: "
  "structural balance (potential GDP), gross debt, EVDS general budget revenue lines TP.KB.GEN*.")
q("avg hourly earnings", "abbreviation", "fred", ["CES0500000003", "AHETPI"],
  "avg = average. Total private AHE (all employees; production & nonsupervisory also fine). Careless top hits / wrong: sector AHE "
  "(manufacturing etc.), weekly earnings, real earnings, employment cost index.")
q("usd/try daily", "abbreviation", "evds", ["TP.DK.USD.A.YTL", "TP.DK.USD.S.YTL"],
  "CBRT indicative USD/TRY rate, buying or selling, daily. Careless top hits / wrong: archived TP.DK.USD.A / .S, banknote (efektif) rates "
  "TP.DK.USD.A.EF.YTL, USD cross rate TP.DK.USD.C.YTL, FRED dollar index.")
q("eur try fx", "abbreviation", "evds", ["TP.DK.EUR.A.YTL", "TP.DK.EUR.S.YTL"],
  "fx = exchange rate. CBRT EUR buying/selling in TRY. Careless top hits / wrong: EUR/USD cross TP.DK.EUR.C.YTL, archived TP.DK.EUR.A, "
  "banknote rates, FRED DEXUSEU.")
q("ind prod sa turkey", "abbreviation", "evds", ["TP.TSANAYMT2021.Y1"],
  "ind prod = industrial production, sa = seasonally and calendar adjusted. Total industry, 2021=100. Careless top hits / wrong: MIG "
  "sub-indexes (intermediate, capital goods...), archived 2015=100 / 2010=100 series, capacity utilization.")
q("unemp rate sa turkey", "abbreviation", "evds", ["TP.TIG08"],
  "Seasonally adjusted TURKSTAT unemployment rate. Near duplicates: NSA TP.YISGUCU2.G8 (not SA); in the 2020 metadata "
  "vintage TP.TIG07 was labelled 'Unemployment rate' but is now the employment rate; archived TP.ISGUCARSIV.G7.")
q("china gdp usd bn", "abbreviation", "weo", [W("China", GDPC, "U.S. dollars"), "wdi:NY.GDP.MKTP.CD"],
  "bn = billions; WEO China GDP current prices in U.S. dollars (scale Billions); WDI GDP current US$ also answers. "
  "Careless top hits / wrong: national-currency GDP, PPP GDP, GDP per capita, constant-price growth.")
q("india pop", "abbreviation", "wdi", ["SP.POP.TOTL", w("India", "Population", "Persons")],
  "pop = population. Careless top hits / wrong: population growth, pop ages 0-14 etc., 'pop' matching words like 'population density', "
  "Eurostat population datasets (EU only).")
q("30yr fixed mtg rate", "abbreviation", "fred", ["MORTGAGE30US"],
  "30yr fixed mortgage average (Freddie Mac PMMS). Careless top hits / wrong: 15-year MORTGAGE15US, 5/1 ARM, 30-year Treasury DGS30, "
  "mortgage origination volumes.")
q("ea unemp rate monthly", "abbreviation", "eurostat", ["une_rt_m", "ei_lmhr_m", "teilm020"],
  "ea = euro area, unemp = unemployment. Eurostat monthly unemployment rates. Careless top hits / wrong: annual une_rt_a / tipsun20, "
  "harmonised unemployment levels ei_lmhu_m (thousands), long-term unemployment, US UNRATE.")

# ---------------------------------------------------------------- turkish (16)
q("tüfe genel endeks", "turkish", "evds", ["TP.FG.J0", "TP.FE.OKTG01"],
  "TÜFE = consumer price index; 'genel' = all items. TP.FG.J0 (0.GENEL) is the headline; the special-coverage table's "
  "general CPI is the same statistic. Careless top hits / wrong: ÜFE (PPI), CPI sub-groups, core B/C indicators TP.FE.OKTG03/04.")
q("işsizlik oranı türkiye", "turkish", "evds", ["TP.YISGUCU2.G8", "TP.TIG08"],
  "Unemployment rate, NSA or SA. Careless top hits / wrong: employment rate TP.YISGUCU2.G7/TP.TIG07 (TP.TIG07 carried the name 'İşsizlik "
  "oranı' in the 2020 vintage), non-agricultural unemployment, archived series, youth unemployment.")
q("dolar alis kuru", "turkish", "evds", ["TP.DK.USD.A.YTL"],
  "Written without Turkish letters ('alış'). CBRT USD buying rate. Careless top hits / wrong: selling TP.DK.USD.S.YTL (close), banknote "
  "buying TP.DK.USD.A.EF.YTL ('efektif alış'), archived TP.DK.USD.A.")
q("tcmb politika faizi", "turkish", "bis", ["M.TR", "ifs:FPOLM_PA"],
  "CBRT policy rate. No EVDS row in these catalogs is the policy rate itself; BIS Türkiye series M.TR is (IFS "
  "monetary-policy-rate indicator also answers). Careless top hits / wrong: market participants' policy-rate expectations "
  "TP.BEK.S04.F.*, weighted average funding cost TP.APIFON4, interbank quotations TP.PY.*.")
q("cari acik", "turkish", "evds", ["TP.ODANA6.Q01"],
  "'Cari açık' (current account deficit) without Turkish letters. BPM6 analytic A.CARİ İŞLEMLER HESABI. Careless top hits / wrong: "
  "current account excl. gold and energy, goods balance TP.ODANA6.Q04, archived BPM5 series.")
q("ufe yurt ici", "turkish", "evds", ["TP.TUFE1YI.T1"],
  "Domestic PPI (Yİ-ÜFE) typed without Turkish letters. Careless top hits / wrong: yurt dışı (non-domestic) ÜFE, sector sub-indexes, "
  "agricultural PPI, ITO wholesale prices.")
q("konut fiyatları türkiye", "turkish", "evds", ["TP.KFE.TR"],
  "Residential property price index, Türkiye total (Konut Fiyat Endeksi). Careless top hits / wrong: regional KFE rows (TR10 İstanbul, "
  "TR51 Ankara...), new-dwelling/hedonic sub-indexes, house sales counts TP.AKONUTSAT1.*.")
q("sanayi uretim endeksi", "turkish", "evds", ["TP.TSANAYMT2021.Y1"],
  "Industrial production index (sanayi üretim endeksi) without letters; total industry. Careless top hits / wrong: MIG sub-indexes, "
  "sector rows, archived base-year series, capacity utilization.")
q("kapasite kullanim orani", "turkish", "evds", ["TP.KKO2.IS.TOP", "TP.KKO.MA"],
  "Manufacturing capacity utilization (NSA or SA). Careless top hits / wrong: sector/MIG breakdown TP.KKO2.IS.*, real sector confidence, "
  "US TCU.")
q("tuketici guveni", "turkish", "evds", ["TP.TG2.Y01"],
  "Consumer confidence (tüketici güven endeksi) typed without letters. Careless top hits / wrong: the individual survey-question indexes "
  "TP.TG2.Y02..., sectoral confidence indexes, US UMCSENT.")
q("brüt rezervler tcmb", "turkish", "evds", ["TP.AB.TOPLAM", "TP.AB.B6"],
  "CBRT gross reserves: weekly central bank reserves total or monthly international reserves total. Careless top hits / wrong: gold only "
  "TP.AB.C1/B1, FX only, reserve-requirement deposit series, net reserves items.")
q("m2 para arzi", "turkish", "evds", ["TP.PR.ARZ13"],
  "Turkish M2 money supply (weekly monetary aggregates). Careless top hits / wrong: M1 TP.PR.ARZ01, M3 TP.PR.ARZ22, archived M2YR "
  "TP.PBD.H16, US M2SL.")
q("euro kuru satış", "turkish", "evds", ["TP.DK.EUR.S.YTL"],
  "CBRT EUR selling rate. Careless top hits / wrong: buying TP.DK.EUR.A.YTL (close), banknote selling TP.DK.EUR.S.EF.YTL, EUR/USD cross "
  "TP.DK.EUR.C.YTL, archived TP.DK.EUR.S.")
q("gram altin fiyati", "turkish", "evds", ["TP.MK.KUL.YTL"],
  "Gold price per gram in TRY (külçe altın TL/gr). Careless top hits / wrong: Cumhuriyet/Reşat coin prices, London ounce price "
  "TP.MK.LON.YTL, CBRT gold reserves TP.AB.C1.")
q("konut kredisi faizi", "turkish", "evds", ["TP.KTF12"],
  "Housing loan interest rate (TRY, flow, weekly). Careless top hits / wrong: consumer loan composite TP.KTFTUK, personal TP.KTF10, "
  "vehicle TP.KTF11, loan volumes, US mortgage rates.")
q("dış borç stoku", "turkish", "evds", ["TP.DB.B01"],
  "Gross external debt stock of Türkiye (quarterly, Treasury). Careless top hits / wrong: short-term external debt sub-rows, external "
  "debt service payments TP.D1TOP, WDI external debt stocks (not Turkish-typed intent).")

# ---------------------------------------------------------------- one-word (15)
q("payrolls", "one-word", "fred", ["PAYEMS", "PAYNSA"],
  "Nonfarm payrolls. Careless top hits / wrong: state payrolls, sector employment, 'Payroll' appearing in wage/benefit release titles.")
q("inflation", "one-word", "wdi", ["FP.CPI.TOTL.ZG", "ifs:PCPI_PC_CP_A_PT", "fred:CPIAUCSL"],
  "No country. WDI 'Inflation, consumer prices (annual %)' is the cleanest match; IFS CPI y/y change or US CPI also "
  "acceptable. Careless top hits / wrong: GDP deflator inflation, breakeven inflation, inflation expectations surveys.")
q("unemployment", "one-word", "fred", ["UNRATE", "UNRATENSA", "wdi:SL.UEM.TOTL.ZS", "ifs:LUR_PT"],
  "No country; the rate is wanted. Careless top hits / wrong: unemployment level UNEMPLOY, insured unemployment, duration, youth rates.")
q("gini", "one-word", "wdi", ["SI.POV.GINI"],
  "Income inequality index. Careless top hits / wrong: income shares by quintile, poverty headcounts, FRED county-level Gini rows.")
q("remittances", "one-word", "wdi", ["BX.TRF.PWKR.CD.DT", "BX.TRF.PWKR.DT.GD.ZS"],
  "Personal remittances received (US$ or % of GDP). Careless top hits / wrong: remittances paid, workers' compensation components, "
  "BoP secondary income rows in EVDS.")
q("euribor", "one-word", "eurostat", ["irt_st_m", "teimf040", "ei_mfir_m"],
  "Euro money-market rates (Eurostat money market interest rates; 3-month rate table). Careless top hits / wrong: day-to-day historic "
  "irt_h_ddmr_*, long-term bond yields teimf050, ECB policy rate.")
q("recession", "one-word", "fred", ["USREC", "USRECM", "USRECQ", "USRECD"],
  "NBER recession indicator (any frequency/variant). Careless top hits / wrong: recession probabilities from other models, OECD-based "
  "indicators for other countries.")
q("yen", "one-word", "fred", ["DEXJPUS"],
  "JPY per USD, H.10 daily. Careless top hits / wrong: yen cross rates in EVDS (TP.DK.JPY.*), Japanese interest rates, trade-weighted indexes.")
q("brent", "one-word", "fred", ["DCOILBRENTEU", "MCOILBRENTEU"],
  "Brent crude spot price, daily or monthly. Careless top hits / wrong: WTI, oil import prices, energy CPI.")
q("rupee", "one-word", "fred", ["DEXINUS"],
  "INR per USD. Careless top hits / wrong: Pakistani/Sri Lankan rupee rows, India reserves, WDI official exchange rate (annual, all countries).")
q("population", "one-word", "wdi", ["SP.POP.TOTL"],
  "Total population. Careless top hits / wrong: population growth, age-band populations, Eurostat 'Population on 1 January by ...' datasets.")
q("lira", "one-word", "evds", ["TP.DK.USD.A.YTL", "TP.DK.USD.S.YTL"],
  "A lira-watcher wants the USD/TRY rate. Careless top hits / wrong: TRY-denominated deposit or loan series, archived exchange rates, "
  "Turkish lira M2.")
q("breakevens", "one-word", "fred", ["T10YIE", "T5YIE"],
  "Market breakeven inflation (10-year headline, 5-year fine). Careless top hits / wrong: 5y5y forward T5YIFR, TIPS yields, survey "
  "inflation expectations.")
q("sentiment", "one-word", "fred", ["UMCSENT"],
  "Michigan consumer sentiment. Careless top hits / wrong: Eurostat sentiment indicators ei_bssi_m_r2 (plausible, second choice), "
  "Turkish sector confidence, news sentiment index.")
q("claims", "one-word", "fred", ["ICSA", "ICNSA"],
  "Initial jobless claims, SA or NSA. Careless top hits / wrong: continued claims CCSA, 4-week average IC4WSA (acceptable-second), "
  "state claims, insurance claims rows.")

# ---------------------------------------------------------------- two-word (16)
q("turkiye gdp", "two-word", "evds", ["TP.GSYIH26.HY.CF", "TP.GSYIH26.HY.ZH", w(TR, GDPC, "National currency"), w(TR, GDPC, "U.S. dollars"), w(TR, GDPK, "National currency")],
  "Quarterly GDP in EVDS (current prices or chain-linked volume, expenditure approach); WEO Türkiye GDP rows also "
  "answer. Careless top hits / wrong: GDP components (household consumption etc.), income-approach sub-items, GDP per capita, archived 1998-base GDP.")
q("jobless claims", "two-word", "fred", ["ICSA", "ICNSA", "IC4WSA"],
  "Initial claims weekly (SA, NSA, 4-week average). Careless top hits / wrong: continued claims, state-level claims, insured unemployment rate.")
q("retail turnover", "two-word", "eurostat", ["sts_trtu_m", "ei_isrt_m", "ei_isrr_m"],
  "'Turnover' is the European word: Eurostat monthly retail trade (turnover/volume of sales, index or growth rates). "
  "Careless top hits / wrong: quarterly ei_isrt_q (acceptable-second), wholesale-only turnover, services turnover, US retail sales RSAFS "
  "(a careless engine matching only 'retail').")
q("capacity utilization", "two-word", "fred", ["TCU", "MCUMFN", "evds:TP.KKO2.IS.TOP", "evds:TP.KKO.MA"],
  "No country: Fed total capacity utilization (manufacturing fine); CBRT manufacturing capacity utilization answers "
  "the same question for Türkiye. Careless top hits / wrong: industry-level CU rows (CAPUTL...), industrial production.")
q("korea exports", "two-word", "ifs", ["TXG_FOB_USD", w("Korea", "Volume of exports of goods and services", "Percent change"), w("Korea", "Volume of exports of goods", "Percent change"), "wdi:NE.EXP.GNFS.CD", "wdi:NE.EXP.GNFS.ZS"],
  "IFS goods exports FOB in USD is the indicator; WEO Korea export-volume growth and WDI exports also answer. Careless top hits / wrong: "
  "export price/unit value indexes, imports, EVDS Turkish exports.")
q("mexican peso", "two-word", "fred", ["DEXMXUS"],
  "MXN per USD daily. Careless top hits / wrong: peso-denominated Mexican interest rates, Chilean/Argentine/Philippine peso rows.")
q("eurozone inflation", "two-word", "eurostat", ["prc_hicp_manr", "teicp000", "prc_hicp_midx", "ei_cphi_m"],
  "Euro-area HICP annual rate (index also fine). Careless top hits / wrong: contributions to EA inflation prc_hicp_ctrb (close), HICP "
  "weights, constant-tax HICP.")
q("germany unemployment", "two-word", "eurostat", ["une_rt_m", "ei_lmhr_m", "teilm020", "une_rt_a", w("Germany", UNR, PLF)],
  "Eurostat unemployment datasets (monthly or annual) cover Germany; WEO Germany unemployment rate also answers. "
  "Careless top hits / wrong: unemployment by education/country of birth, long-term unemployment, youth NEET tables.")
q("china inflation", "two-word", "weo", [W("China", INFA, "Percent change"), W("China", INFE, "Percent change"), "wdi:FP.CPI.TOTL.ZG"],
  "CPI inflation rate for China. Careless top hits / wrong: Index units, GDP deflator, yuan exchange rate DEXCHUS.")
q("india gdp", "two-word", "weo", [W("India", GDPC, "U.S. dollars"), W("India", GDPC, "National currency"), W("India", GDPK, "National currency"), "wdi:NY.GDP.MKTP.CD"],
  "GDP level for India (USD or rupees, current or constant). Careless top hits / wrong: GDP per capita, PPP share, output gap, fiscal-year GDP row.")
q("consumer credit", "two-word", "fred", ["TOTALSL", "TOTALNS"],
  "G.19 total consumer credit outstanding, SA or NSA. Careless top hits / wrong: revolving-only REVOLSL, nonrevolving, holder breakdowns, "
  "Turkish consumer loans TP.BFTUKKRE.L002.")
q("oil prices", "two-word", "fred", ["DCOILWTICO", "DCOILBRENTEU", "MCOILWTICO", "MCOILBRENTEU"],
  "Crude oil spot prices (WTI or Brent). Careless top hits / wrong: gasoline/diesel retail prices, oil PPI, energy CPI, Eurostat energy "
  "datasets.")
q("lending rates", "two-word", "ifs", ["FILR_PA", "wdi:FR.INR.LEND"],
  "Bank lending rate indicator (no country). Careless top hits / wrong: lending facility rates of central banks, harmonized euro-area loan "
  "rates FIH*_L_*, interest rate spread FR.INR.LNDP, US prime rate (plausible second).")
q("brazil selic", "two-word", "bis", ["M.BR", "ifs:FPOLM_PA"],
  "Selic is Brazil's policy rate: BIS M.BR. Careless top hits / wrong: Brazil lending/deposit rates, real exchange rate DEXBZUS.")
q("reer index", "two-word", "ifs", ["EREER_IX", "wdi:PX.REX.REER"],
  "Real effective exchange rate (CPI-based) index, no country; WDI REER also answers. Careless top hits / wrong: nominal effective rate "
  "ENEER_IX, bilateral rates ENDA_XDC_USD_RATE, Eurostat effective exchange rates of industrial countries, FRED "
  "broad dollar index DTWEXBGS (nominal).")
q("minimum wage", "two-word", "eurostat", ["earn_mw_cur", "earn_mw_avgr2"],
  "Eurostat monthly minimum wages (levels; ratio to average earnings fine). Careless top hits / wrong: the NACE Rev.1.1 ratio "
  "earn_mw_avgr1 (ended 2009), FRED LEU02031* counts of workers paid at or below the federal minimum wage.")

# ---------------------------------------------------------------- short-phrase (15)
q("monthly consumer prices turkey", "short-phrase", "evds", ["TP.FG.J0", "TP.FE.OKTG01"],
  "TURKSTAT CPI all items, monthly. Careless top hits / wrong: annual WEO inflation (not monthly), CPI sub-groups, ITO Istanbul indexes.")
q("15 year mortgage rate us", "short-phrase", "fred", ["MORTGAGE15US"],
  "Freddie Mac 15-year fixed average. Careless top hits / wrong: 30-year MORTGAGE30US (the common top hit), 15-year Treasury-like yields.")
q("fed total assets weekly", "short-phrase", "fred", ["WALCL"],
  "Fed balance-sheet total assets (H.4.1, Wednesday level). Careless top hits / wrong: week-average WALCL variants, bank total assets "
  "(H.8), reserve balances.")
q("ecb main refinancing rate", "short-phrase", "bis", ["M.XM", "ifs:FIR_PA"],
  "ECB MRO / euro-area policy rate: BIS M.XM; IFS 'Refinancing Rate' indicator also answers. Careless top hits / wrong: euro-area "
  "harmonized loan rates, Eurosystem deposit facility rate (related but not the MRO), money-market rates.")
q("bank of japan policy rate", "short-phrase", "bis", ["M.JP", "ifs:FPOLM_PA"],
  "BoJ policy rate: BIS Japan series. Careless top hits / wrong: Japan 10-year yield, call money rate, yen exchange rate.")
q("south korea base rate", "short-phrase", "bis", ["M.KR", "ifs:FPOLM_PA"],
  "Bank of Korea base rate: BIS Korea. Careless top hits / wrong: Korea lending/deposit rates, won exchange rate DEXKOUS.")
q("uk bank rate history", "short-phrase", "bis", ["M.GB", "ifs:FPOLM_PA"],
  "Bank of England Bank Rate: BIS GB series. Careless top hits / wrong: UK government bond yields, US bank prime loan rate DPRIME "
  "('bank rate' lexical trap), sterling exchange rate.")
q("gdp per capita ppp brazil", "short-phrase", "weo", [W("Brazil", "Gross domestic product per capita, current prices", "Purchasing power parity; international dollars"), W("Brazil", "Gross domestic product per capita, constant prices", "Purchasing power parity; 2017 international dollar"), "wdi:NY.GDP.PCAP.PP.CD"],
  "Brazil GDP per capita in PPP terms (current or constant international dollars). Careless top hits / wrong: total GDP PPP, per capita "
  "in US dollars, PPP conversion rate, PPP share of world.")
q("government debt euro area countries", "short-phrase", "eurostat", ["gov_10dd_edpt1", "teina225", "gov_10q_ggdebt", "gov_10dd_ggd"],
  "General government gross debt (Maastricht) by country. Careless top hits / wrong: green-bond debt gov_gb, deficit transition tables "
  "gov_10dd_edpt2/3, state/local government debt.")
q("electricity prices households eu", "short-phrase", "eurostat", ["nrg_pc_204"],
  "Household electricity prices, bi-annual from 2007. Careless top hits / wrong: gas prices nrg_pc_202, non-household prices, pre-2007 "
  "tables, HICP electricity components.")
q("us real disposable income", "short-phrase", "fred", ["DSPIC96"],
  "Real disposable personal income. Careless top hits / wrong: nominal DSPI, per-capita real DPI (A229RX0), real personal income RPI "
  "(close but includes taxes).")
q("turkey house sales total", "short-phrase", "evds", ["TP.AKONUTSAT1.TOPLAM"],
  "Total house sales in Türkiye (count). Careless top hits / wrong: the 81 province rows TP.AKONUTSAT1.T2..., mortgaged/first/second-hand "
  "sales groups, house price index TP.KFE.TR.")
q("credit card spending turkey weekly", "short-phrase", "evds", ["TP.KKHARTUT.KT1"],
  "Debit+credit card total expenditure, weekly (TOTAL). Careless top hits / wrong: per-sector card spending rows KT2..., transaction "
  "counts (bie_kkislade), credit card loan balances TP.BFTUKKRE.L051, ICC card payment index.")
q("consumer loan rate turkey", "short-phrase", "evds", ["TP.KTFTUK", "TP.KTF10"],
  "Weighted average consumer loan rate (composite; personal loans fine). Careless top hits / wrong: housing TP.KTF12 or vehicle TP.KTF11 "
  "alone, commercial loan rates, loan volumes.")
q("real interest rate south africa", "short-phrase", "wdi", ["FR.INR.RINR"],
  "WDI real interest rate. Careless top hits / wrong: lending rate FR.INR.LEND, South Africa policy rate M.ZA (nominal), deposit rate.")

assert len(Q) == 110, len(Q)


def main():
    out = os.path.join(HERE, "questions-everyday4.jsonl")
    with open(out, "w", encoding="utf-8") as f:
        for i, (question, kind, source, gold, notes) in enumerate(Q, 1):
            rec = {"id": "e4-%03d" % i, "question": question, "kind": kind, "source": source,
                   "gold_ids": gold, "id_field": ID_FIELD[source], "notes": notes}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print("wrote %d queries to %s" % (len(Q), out))


if __name__ == "__main__":
    main()

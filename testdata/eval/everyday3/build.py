#!/usr/bin/env python3
"""Writes questions-everyday3.jsonl. Ids are written with a namespace in this script; the
namespace of each row's primary source is stripped on output (bare ids for the primary source)."""
import json
W = lambda c, s, u: f"weo:WEOApr2024|{c}|{s}|{u}"
CPI_AVG = "Inflation, average consumer prices"; CPI_EOP = "Inflation, end of period consumer prices"
GDPK = "Gross domestic product, constant prices"; GDPC = "Gross domestic product, current prices"
DEBT = "General government gross debt"; CA = "Current account balance"
TR = "Türkiye"
IDF = {
 "evds": "evds/cbrt_allseries.csv:seriesCode (also evds_index_en.json keys, cbrt_meta_data_2020.csv:SERIE_CODE)",
 "fred": "fred/fred_release_series.csv:series_id",
 "weo": "imf/WEOApr2024all.csv:Country|Subject Descriptor|Units (prefixed WEOApr2024|)",
 "ifs": "imf/IFS_Indicators.csv:parameter_value",
 "wdi": "wdi/WDISeries.csv:Series Code",
 "eurostat": "eurostat/table_of_contents_en.txt:code",
 "bis": "observations/bis/policy_rates_monthly.csv:series_key",
}
Q = []
def q(question, kind, source, gold, notes):
    Q.append(dict(question=question, kind=kind, source=source, gold=gold, notes=notes))

# ---------------- typo (20) ----------------
q("inflaton turkey", "typo", "evds", ["evds:TP.FG.J0", "evds:TP.FE.OKTG01", W(TR,CPI_AVG,"Percent change"), W(TR,CPI_EOP,"Percent change")],
  "dropped i. Headline CPI 2003=100 (TP.FG.J0; TP.FE.OKTG01 is the same index in the specified-coverage table) or WEO Turkish inflation. Wrong: CPI sub-indices, core B/C indices, PPI, inflation-expectation survey rows.")
q("unemplyment rate", "typo", "fred", ["fred:UNRATE", "fred:UNRATENSA"],
  "dropped o. US civilian unemployment rate; SA preferred. Wrong: U-6, state/county unemployment rates, unemployment level.")
q("morgage rates", "typo", "fred", ["fred:MORTGAGE30US", "fred:MORTGAGE15US"],
  "dropped t. Freddie Mac PMMS averages. Wrong: mortgage debt outstanding, delinquency rates, EVDS housing loan rate.")
q("fedral funds rate", "typo", "fred", ["fred:FEDFUNDS", "fred:DFF"],
  "dropped e. Effective fed funds, monthly or daily. Wrong: target range upper/lower limits, fed funds futures, T10YFF spread.")
q("housing strats", "typo", "fred", ["fred:HOUST"],
  "swapped letters in starts. Total starts SAAR. Wrong: permits (PERMIT), single-family starts, regional starts, NSA starts.")
q("employmnet germany", "typo", "weo", [W("Germany","Employment","Persons")],
  "swapped n/e. WEO employment (persons) for Germany. Wrong: Germany unemployment rate, other countries' employment.")
q("initial jobless cliams", "typo", "fred", ["fred:ICSA", "fred:IC4WSA"],
  "swapped a/i. Weekly initial claims (SA); 4-week MA acceptable. Wrong: continued claims (CCSA), state-level claims, NSA ICNSA.")
q("industrail production eurozone", "typo", "eurostat", ["eurostat:sts_inpr_m", "eurostat:ei_isin_m"],
  "swapped i/a. Eurostat monthly industrial production datasets. Wrong: FRED INDPRO (US), EVDS Turkish IPI, quarterly industry ei_isind_q, production in construction.")
q("exchnage rate usd try", "typo", "evds", ["evds:TP.DK.USD.A.YTL", "evds:TP.DK.USD.S.YTL"],
  "swapped n/a. CBRT USD buying/selling rate. Wrong: banknote rates (...EF.YTL), cross rates, USD deposit rates, FRED dollar indices.")
q("curent account turkey", "typo", "evds", ["evds:TP.HARICCARIACIK.K1", "evds:TP.ODANA6.Q01", "evds:TP.ODEAYRSUNUM6.Q1",
   W(TR,CA,"U.S. dollars"), W(TR,CA,"Percent of GDP")],
  "dropped r. Monthly BoP current account balance (analytic, detailed or the CA/gold/energy table) or WEO annual. Wrong: gold- or energy-excluded current account (K8-K10), goods balance, capital account.")
q("capacity utilisaton", "typo", "evds", ["evds:TP.KKO2.IS.TOP"],
  "dropped i (British spelling). Turkish manufacturing capacity utilisation total; FRED TCU is a near-duplicate, accepted below as well.")
Q[-1]["gold"].append("fred:TCU")
q("goverment debt japan", "typo", "weo", [W("Japan",DEBT,"Percent of GDP"), W("Japan",DEBT,"National currency")],
  "dropped n. WEO gross debt for Japan, % of GDP preferred. Wrong: net debt rows, Japan deficit, other countries.")
q("gdp per captia brazil", "typo", "weo", [W("Brazil","Gross domestic product per capita, current prices","U.S. dollars"),
   W("Brazil","Gross domestic product per capita, current prices","Purchasing power parity; international dollars"),
   W("Brazil","Gross domestic product per capita, constant prices","National currency"), "wdi:NY.GDP.PCAP.CD"],
  "swapped t/i. Brazil GDP per capita in WEO (USD preferred); WDI indicator also right (not country-specific). Wrong: total GDP rows, other countries.")
q("rsidential property price index", "typo", "evds", ["evds:TP.KFE.TR"],
  "dropped e. Turkish RPPI (2023=100) total. Wrong: regional sub-indices (TR10 Istanbul...), archived TP.HKFE01 base 2017, housing unit prices TP.BIRIMFIYAT.TR, FRED Case-Shiller.")
q("hicp anual rate", "typo", "eurostat", ["eurostat:prc_hicp_manr", "eurostat:teicp000", "eurostat:tec00118"],
  "dropped n in annual. HICP annual rate of change. Wrong: prc_hicp_midx (index), prc_hicp_mmor (monthly rate), constant tax rate variants, HICP item weights.")
q("lending intrest rate", "typo", "ifs", ["ifs:FILR_PA", "wdi:FR.INR.LEND"],
  "dropped e. Generic lending rate, IFS code or WDI indicator. Wrong: FX lending rates (FILR_FX_*), overnight lending FILR_ON_PA, interest rate spread.")
q("broad mony growth", "typo", "wdi", ["wdi:FM.LBL.BMNY.ZG"],
  "dropped e. WDI broad money growth (annual %). Wrong: broad money % of GDP (FM.LBL.BMNY.GD.ZS), broad money to reserves, US M2 levels.")
q("polciy rate turkey", "typo", "bis", ["bis:M.TR", "ifs:FPOLM_PA"],
  "swapped i/c. BIS monthly policy rate for Türkiye; the IFS monetary-policy-rate code is an acceptable generic hit. Wrong: other BIS countries, EVDS policy-rate expectation survey rows (TP.BEK.*), interbank rates.")
q("treasury yeild 10 year", "typo", "fred", ["fred:DGS10", "fred:GS10"],
  "swapped i/e. 10-year constant maturity yield, daily or monthly. Wrong: TIPS 10y (DFII10), 10y breakeven, T10Y2Y / T10Y3M spreads.")
q("core pce inflaton", "typo", "fred", ["fred:PCEPILFE"],
  "dropped i. PCE price index ex food and energy. Wrong: headline PCEPI, PCE spending, trimmed-mean PCE, core CPI (CPILFESL).")

# ---------------- acronym (15) ----------------
q("cpi", "acronym", "fred", ["fred:CPIAUCSL", "fred:CPIAUCNS"],
  "US headline CPI-U, SA or NSA. Ambiguous across sources; FRED headline is the expected answer. Wrong: core CPI, regional CPIs, CPI-W.")
q("ppi turkey", "acronym", "evds", ["evds:TP.TUFE1YI.T1"],
  "Turkish domestic PPI general index. Wrong: PPI sub-sectors (T2...), agricultural PPI TP.TARIMUFE01, PPI expectation survey questions, FRED PPI.")
q("nfp", "acronym", "fred", ["fred:PAYEMS", "fred:PAYNSA"],
  "Nonfarm payrolls, SA preferred. Wrong: private payrolls, ADP, household employment.")
q("m2 turkey", "acronym", "evds", ["evds:TP.PBD.H09", "evds:TP.PR.ARZ13"],
  "Turkish M2 monthly or weekly. Wrong: M2Y/M2YR (pre-2005 aggregates), M2 notional index TP.KAVRAMSAL.*, FRED M2SL.")
q("gdp china", "acronym", "weo", [W("China",GDPC,"U.S. dollars"), W("China",GDPC,"National currency"), W("China",GDPK,"Percent change"),
   W("China",GDPK,"National currency"), W("China",GDPC,"Purchasing power parity; international dollars")],
  "Any WEO China GDP level or growth row. Wrong: GDP per capita rows, Taiwan Province of China, Hong Kong.")
q("vix", "acronym", "fred", ["fred:VIXCLS"],
  "CBOE VIX close. Wrong: VXN, VXD, other CBOE vol indices.")
q("wti", "acronym", "fred", ["fred:DCOILWTICO", "fred:WTISPLC"],
  "WTI crude price daily or monthly. Wrong: Brent (DCOILBRENTEU), PPI crude, gasoline prices.")
q("fdi inflows", "acronym", "wdi", ["wdi:BX.KLT.DINV.CD.WD", "wdi:BX.KLT.DINV.WD.GD.ZS"],
  "WDI FDI net inflows, USD or % of GDP. Wrong: FDI net outflows (BM.KLT.DINV.*), portfolio equity.")
q("reer turkey", "acronym", "evds", ["evds:TP.RK.T1.Y", "ifs:EREER_IX"],
  "CPI-based real effective exchange rate for Türkiye (overall). Wrong: developing/developed-country-based REER (T2/T3), ULC-based annual REER, nominal USD/TRY.")
q("npl ratio", "acronym", "wdi", ["wdi:FB.AST.NPER.ZS"],
  "Bank non-performing loans to gross loans. Wrong: bank capital to assets, provisions to NPL.")
q("hicp euro area", "acronym", "eurostat", ["eurostat:prc_hicp_manr", "eurostat:prc_hicp_midx", "eurostat:teicp000", "eurostat:ei_cphi_m", "eurostat:prc_hicp_mmor"],
  "Eurostat HICP monthly datasets or headline table. Wrong: HICP weights (prc_hicp_inw, prc_hicp_cow), sub-aggregate tables teicp010+.")
q("pce", "acronym", "fred", ["fred:PCE", "fred:PCEC96", "fred:PCEPI"],
  "Personal consumption expenditures (nominal, real) or the PCE price index. Wrong: core PCE, PCE components (durables etc.).")
q("sofr", "acronym", "fred", ["fred:SOFR"],
  "Secured overnight financing rate. Wrong: SOFR averages/index, percentiles, EFFR.")
q("bist 100", "acronym", "evds", ["evds:TP.MK.F.BILESIK", "evds:TP.MK.G.BILESIK"],
  "Borsa Istanbul 100 price index (or return index). Wrong: BIST all shares XTUMY, trading volume rows.")
q("hpi us", "acronym", "fred", ["fred:CSUSHPINSA", "fred:CSUSHPISA", "fred:USSTHPI"],
  "US national house price index: Case-Shiller national or FHFA all-transactions. Wrong: 20-city composite, state/metro HPIs, median sales price.")

# ---------------- abbreviation (15) ----------------
q("10y yield", "abbreviation", "fred", ["fred:DGS10", "fred:GS10"],
  "10-year Treasury constant maturity. Wrong: 10y TIPS, 10y breakeven, IFS generic bond yield.")
q("30y mortgage", "abbreviation", "fred", ["fred:MORTGAGE30US"],
  "30-year fixed mortgage average. Wrong: 15-year (MORTGAGE15US), 30y Treasury (DGS30), jumbo/FHA indices.")
q("2s10s", "abbreviation", "fred", ["fred:T10Y2Y"],
  "10y minus 2y Treasury spread. Wrong: T10Y3M, individual DGS2/DGS10.")
q("cpi y/y turkey", "abbreviation", "weo", [W(TR,CPI_AVG,"Percent change"), W(TR,CPI_EOP,"Percent change"), "ifs:PCPI_PC_CP_A_PT", "evds:TP.FG.J0"],
  "Turkish CPI inflation year on year: WEO percent change rows, the IFS y/y CPI code, or the EVDS headline index from which y/y is derived. Wrong: WEO CPI index rows, month-on-month change.")
q("unemp rate sa turkey", "abbreviation", "evds", ["evds:TP.TIG08"],
  "Seasonally adjusted Turkish unemployment rate (current catalog meaning; in the 2020 metadata vintage TP.TIG08 was the non-agricultural rate). Wrong: unadjusted TP.YISGUCU2.G8 (near-duplicate), youth/non-agricultural rates, WEO annual.")
q("gdp q/q saar", "abbreviation", "fred", ["fred:A191RL1Q225SBEA", "fred:GDPC1"],
  "US real GDP growth, annualised q/q (or the real GDP level it comes from). Wrong: nominal GDP, GDP deflator, GDPNow.")
q("usd/try", "abbreviation", "evds", ["evds:TP.DK.USD.A.YTL", "evds:TP.DK.USD.S.YTL"],
  "CBRT USD/TRY rate. Wrong: EUR/TRY, banknote rates, basket rates.")
q("eur/usd", "abbreviation", "fred", ["fred:DEXUSEU", "fred:EXUSEU"],
  "Dollars per euro daily or monthly. Wrong: EUR/TRY from EVDS, Eurostat ert_bil_eur (generic euro rates), trade-weighted indices.")
q("3m interbank rate", "abbreviation", "ifs", ["ifs:FII_3M_PA"],
  "IFS 3-month interbank rate. Wrong: LIBOR codes (FILIBOR_*), 3-month T-bill FITB_3M_PA, Eurodollar deposit FILED_3M_PA.")
q("gov debt % gdp italy", "abbreviation", "weo", [W("Italy",DEBT,"Percent of GDP")],
  "WEO Italy gross debt to GDP. Wrong: net debt, National currency row, Eurostat EU-wide tables.")
q("fx reserves tr", "abbreviation", "evds", ["evds:TP.AB.B4", "evds:TP.REZVARPD.K1"],
  "Turkish official reserve assets (IIP reserves table or reserves & FX liquidity table). Wrong: BoP reserve-asset flows (TP.ODANA6.Q33), gold only, CB weekly balance sheet lines.")
q("ca bal % gdp germany", "abbreviation", "weo", [W("Germany",CA,"Percent of GDP")],
  "WEO current account % of GDP for Germany. Wrong: USD row, other countries, WDI generic CA % GDP (acceptable only as generic).")
Q[-1]["gold"].append("wdi:BN.CAB.XOKA.GD.ZS")
q("ip sa turkey", "abbreviation", "evds", ["evds:TP.SANAYREV11.Y1", "evds:TP.TSANAYMT2021.Y1"],
  "Turkish industrial production total, seasonal+calendar adjusted (2015 or 2021 base). Wrong: sub-groups (intermediate, energy...), capacity utilisation.")
q("cpi m/m ifs", "abbreviation", "ifs", ["ifs:PCPI_PC_PP_PT"],
  "IFS CPI percent change vs previous period. Wrong: y/y code PCPI_PC_CP_A_PT, index PCPI_IX, HICP.")
q("gdp pc ppp", "abbreviation", "wdi", ["wdi:NY.GDP.PCAP.PP.CD"],
  "WDI GDP per capita PPP current intl $; constant-PPP variant also right if present. Wrong: GDP PPP total, GDP per capita current US$.")
Q[-1]["gold"].append("wdi:NY.GDP.PCAP.PP.KD")

# ---------------- turkish (15) ----------------
q("enflasyon", "turkish", "evds", ["evds:TP.FG.J0", "evds:TP.FE.OKTG01"],
  "Turkish word for inflation; headline CPI. Wrong: inflation-expectation survey rows (TP.BEK.*), PPI, core indices.")
q("tufe", "turkish", "evds", ["evds:TP.FG.J0", "evds:TP.FE.OKTG01"],
  "TÜFE typed without diacritics = CPI. Wrong: ÜFE/Yİ-ÜFE (PPI), CPI sub-groups, REER 'TÜFE bazlı' (TP.RK.T1.Y) is a classic false hit.")
q("dolar kuru", "turkish", "evds", ["evds:TP.DK.USD.A.YTL", "evds:TP.DK.USD.S.YTL"],
  "USD/TRY exchange rate. Wrong: efektif (banknote) rates, Australian/Canadian dollar rates, FRED USD indices.")
q("politika faizi", "turkish", "bis", ["bis:M.TR", "ifs:FPOLM_PA"],
  "CBRT policy rate; no plain EVDS policy-rate row in the catalog, so BIS Türkiye. Wrong: 'Politika Faiz Oranı Beklentisi' expectation survey rows (TP.BEK.S04.*), interbank O/N rates.")
q("işsizlik oranı", "turkish", "evds", ["evds:TP.YISGUCU2.G8", "evds:TP.TIG08"],
  "Unemployment rate, with diacritics; unadjusted or SA. Wrong: youth/non-agricultural unemployment, unemployment level, 'işgücüne katılma oranı'.")
q("konut fiyat endeksi", "turkish", "evds", ["evds:TP.KFE.TR"],
  "RPPI Türkiye total. Wrong: regional KFE rows, archived TP.HKFE01, new-dwelling index, unit prices TL/m2.")
q("cari islemler dengesi", "turkish", "evds", ["evds:TP.HARICCARIACIK.K1", "evds:TP.ODANA6.Q01", "evds:TP.ODEAYRSUNUM6.Q1"],
  "Current account balance, no diacritics (işlemler). Wrong: altın/enerji hariç cari işlemler (K8-K10), dış ticaret dengesi.")
q("kapasite kullanım oranı", "turkish", "evds", ["evds:TP.KKO2.IS.TOP"],
  "Manufacturing capacity utilisation total. Wrong: MIG sub-groups (CDUR, INTM...), SA variants if any absent, archive series.")
q("tüketici güven endeksi", "turkish", "evds", ["evds:TP.TG2.Y01"],
  "Consumer confidence index. Wrong: sub-question indices TP.TG2.Y02-Y10, archived TP.TG.*, sectoral confidence, real sector confidence.")
q("ufe", "turkish", "evds", ["evds:TP.TUFE1YI.T1"],
  "ÜFE without diacritics = domestic PPI general. Wrong: PPI sub-sectors, agricultural PPI, TÜFE.")
q("konut kredisi faizi", "turkish", "evds", ["evds:TP.KTF12"],
  "Housing loan interest rate (TRY, flow). Wrong: personal/vehicle loan rates (KTF10, KTF11), consumer loan composite KTFTUK, housing loan volumes.")
q("mevduat faizleri tl", "turkish", "evds", ["evds:TP.TRY.MT06", "evds:TP.TRY.MT01", "evds:TP.TRY.MT02", "evds:TP.TRY.MT03", "evds:TP.TRY.MT04", "evds:TP.TRY.MT05"],
  "TRY deposit rates (flow), total or by maturity; total MT06 best. Wrong: USD/EUR deposit rates (TP.USD.MT*, TP.EUR.MT*), loan rates, deposit volumes.")
q("brüt dış borç stoku", "turkish", "evds", ["evds:TP.DB.B01"],
  "Gross external debt stock of Türkiye. Wrong: short-term/public sub-lines (B02...), external debt service TP.D1TOP, WDI external debt (generic).")
q("sanayi uretimi", "turkish", "evds", ["evds:TP.SANAYREV11.Y1", "evds:TP.TSANAYMT2021.Y1"],
  "Industrial production (üretimi typed without diacritic), total. Wrong: MIG sub-groups, capacity utilisation, electricity production.")
q("ihracat", "turkish", "evds", ["evds:TP.IHRACATBEC.9999"],
  "Exports total (general trade system, BEC). Wrong: export orders survey (TP.GY7.N2), sub-categories, imports TP.ITHALATBEC.9999, archived special trade system totals.")
Q[-1]["gold"].append("evds:TP.DT.GEN.IH.B")
Q[-1]["notes"] = "Exports total (general trade system, BEC); the archived special-trade-system total TP.DT.GEN.IH.B also acceptable. Wrong: export orders survey (TP.GY7.N2), sub-categories, imports TP.ITHALATBEC.9999."

# ---------------- one-word (15) ----------------
q("unemployment", "one-word", "fred", ["fred:UNRATE", "fred:UNRATENSA"],
  "US unemployment rate. Wrong: unemployment level (UNEMPLOY), duration, state rates.")
q("payrolls", "one-word", "fred", ["fred:PAYEMS", "fred:PAYNSA"],
  "Total nonfarm payrolls. Wrong: private or sector payrolls, ADP.")
q("mortgage", "one-word", "fred", ["fred:MORTGAGE30US", "fred:MORTGAGE15US"],
  "Mortgage rates. Wrong: mortgage debt, delinquencies, MBS holdings.")
q("inflation", "one-word", "fred", ["fred:CPIAUCSL", "fred:CPIAUCNS", "fred:PCEPI"],
  "US headline price index. Very ambiguous: WEO inflation rows would also be reasonable but are not listed. Wrong: expected inflation (MICH, breakevens), core measures.")
q("population", "one-word", "wdi", ["wdi:SP.POP.TOTL"],
  "WDI total population. Wrong: population growth, urban population, age-group shares.")
q("tourists", "one-word", "evds", ["evds:TP.ODEMGZS.GTOPLAM"],
  "Foreign visitors to Türkiye, grand total. Wrong: by-nationality rows, continent totals, EVDS web-site visitor counter TP.EVDSSTATS.ZIYARETCI.")
q("remittances", "one-word", "wdi", ["wdi:BX.TRF.PWKR.CD.DT", "wdi:BX.TRF.PWKR.DT.GD.ZS"],
  "Personal remittances received, USD or % GDP. Wrong: remittances paid (BM.TRF.PWKR.CD.DT), compensation of employees.")
q("gini", "one-word", "wdi", ["wdi:SI.POV.GINI"],
  "Gini index. Wrong: income shares held by quintiles, poverty headcounts.")
q("brent", "one-word", "fred", ["fred:DCOILBRENTEU", "fred:MCOILBRENTEU"],
  "Brent crude price daily or monthly. Wrong: WTI, oil PPI.")
q("sp500", "one-word", "fred", ["fred:SP500"],
  "S&P 500 index level. Wrong: Nasdaq, Dow, VIX.")
q("yen", "one-word", "fred", ["fred:DEXJPUS", "fred:EXJPUS"],
  "JPY per USD daily or monthly. Wrong: EVDS JPY/TRY rate (acceptable only loosely), trade-weighted indices.")
q("deflator", "one-word", "wdi", ["wdi:NY.GDP.DEFL.KD.ZG"],
  "GDP deflator inflation. Other deflator rows (FRED GDPDEF, WEO deflator index) are plausible; listed WDI headline only. Wrong: CPI inflation.")
Q[-1]["gold"] += ["fred:GDPDEF"]
q("recession", "one-word", "fred", ["fred:USREC", "fred:USRECM", "fred:USRECP", "fred:USRECD", "fred:USRECQ", "fred:USRECDM"],
  "NBER recession indicator, any frequency/variant. Wrong: OECD-based recession indicators for other countries, recession probabilities.")
q("sterling", "one-word", "fred", ["fred:DEXUSUK", "fred:EXUSUK", "evds:TP.DK.GBP.A.YTL", "evds:TP.DK.GBP.S.YTL"],
  "Pound sterling exchange rate vs USD (FRED) or vs TRY (CBRT). Wrong: trade-weighted sterling, banknote rates.")
q("euribor", "one-word", "eurostat", ["eurostat:irt_st_m", "eurostat:irt_st_q", "eurostat:irt_st_a", "eurostat:teimf100"],
  "Euribor lives in Eurostat money-market interest rate datasets. Wrong: long-term convergence yields irt_lt_mcby_*, ECB policy rate (BIS M.XM).")

# ---------------- two-word (15) ----------------
q("housing starts", "two-word", "fred", ["fred:HOUST"],
  "Total housing starts SAAR. Wrong: permits, completions, single-family, regional starts.")
q("retail sales", "two-word", "fred", ["fred:RSAFS", "fred:RSXFS"],
  "Advance retail sales total (with or without food services). Wrong: ex-autos, e-commerce, real retail sales, Eurostat retail trade volume.")
q("job openings", "two-word", "fred", ["fred:JTSJOL", "fred:JTSJOR"],
  "JOLTS total nonfarm openings (level or rate). Wrong: hires, quits, sector openings.")
q("prime rate", "two-word", "fred", ["fred:DPRIME", "fred:MPRIME"],
  "Bank prime loan rate daily or monthly. Wrong: discount rate, fed funds.")
q("turkey gdp", "two-word", "evds", ["evds:TP.GSYIH26.HY.ZH", "evds:TP.GSYIH26.HY.CF", "evds:TP.GSYIH26.IFK.ZH", "evds:TP.GSYIH26.IFK.CF", "evds:TP.GSYIH26.GY.CF",
   W(TR,GDPC,"U.S. dollars"), W(TR,GDPC,"National currency"), W(TR,GDPK,"Percent change"), W(TR,GDPK,"National currency")],
  "Turkish quarterly GDP total (expenditure, production or income approach; chain-linked or current) or WEO Türkiye GDP. Wrong: GDP components, per capita rows, BIS credit-to-GDP rows.")
q("house prices", "two-word", "eurostat", ["eurostat:prc_hpi_q", "eurostat:ei_hppi_q", "eurostat:teicp270", "eurostat:prc_hpi_a",
   "fred:CSUSHPINSA", "fred:CSUSHPISA", "fred:USSTHPI", "evds:TP.KFE.TR"],
  "Ambiguous country; Eurostat HPI datasets primary, US and Turkish national HPIs also right. Wrong: HPI item weights (prc_hpi_inw), rents, housing unit prices.")
q("gold reserves", "two-word", "evds", ["evds:TP.AB.B1", "evds:TP.AB.C1", "ifs:RAFAGOLD_USD", "ifs:RAFAGOLDM_USD", "ifs:RAFAGOLDNV_USD"],
  "Central bank gold holdings: CBRT reserves tables or IFS gold codes. Wrong: gold deposit accounts TP.KM.G46, Mint coin production, gold price.")
q("youth unemployment", "two-word", "wdi", ["wdi:SL.UEM.1524.ZS", "eurostat:teilm021", "eurostat:une_rt_m"],
  "Youth (15-24) unemployment rate: WDI ILO-modelled (national-estimate variant ok) or Eurostat. Wrong: total unemployment rates, NEET rates.")
Q[-1]["gold"].append("wdi:SL.UEM.1524.NE.ZS")
q("life expectancy", "two-word", "wdi", ["wdi:SP.DYN.LE00.IN"],
  "Life expectancy at birth, total. Male/female variants are near-misses.")
q("bond yields", "two-word", "ifs", ["ifs:FIGB_PA", "ifs:FIGB_MLT_PA", "eurostat:teimf050", "eurostat:irt_lt_mcby_m", "fred:DGS10", "fred:GS10"],
  "Government bond yields: IFS generic code primary; Eurostat long-term yields and the US 10y also right. Wrong: T-bill rates, corporate bond yields.")
q("real interest", "two-word", "wdi", ["wdi:FR.INR.RINR"],
  "WDI real interest rate. Wrong: lending rate, TIPS yields.")
q("tax revenue", "two-word", "wdi", ["wdi:GC.TAX.TOTL.GD.ZS"],
  "Tax revenue % of GDP. Wrong: EVDS tax revenue lines in budget (TP.KB.GEN02) acceptable only for Türkiye, WEO general government revenue.")
Q[-1]["gold"].append("evds:TP.KB.GEN02")
q("consumer confidence", "two-word", "evds", ["evds:TP.TG2.Y01", "eurostat:ei_bsco_m", "fred:UMCSENT"],
  "Ambiguous country; Turkish CCI primary, EU consumer survey and Michigan sentiment also right. Wrong: sub-question indices, sectoral/real-sector confidence, economic sentiment.")
q("harmonised unemployment", "two-word", "eurostat", ["eurostat:ei_lmhr_m", "eurostat:teilm020", "eurostat:une_rt_m"],
  "EU harmonised unemployment rate monthly. Wrong: unemployment levels (ei_lmhu_m, teilm010), annual LFS tables.")
q("deposit rate", "two-word", "wdi", ["wdi:FR.INR.DPST", "evds:TP.TRY.MT06"],
  "Generic deposit interest rate (WDI); Turkish TRY deposit rate total also right. Wrong: FX deposit rates (IFS FIDR_FX_*), interest rate spread.")

# ---------------- short-phrase (15) ----------------
q("us output gap", "short-phrase", "weo", [W("United States","Output gap in percent of potential GDP","Percent of potential GDP")],
  "WEO US output gap. Wrong: other countries' output gap, CBO potential GDP (not in catalog as gap).")
q("euro area gdp growth", "short-phrase", "eurostat", ["eurostat:tec00115", "eurostat:namq_10_gdp", "eurostat:nama_10_gdp"],
  "Real GDP growth table or main GDP datasets. Wrong: GDP per capita PPS tec00114, regional GDP.")
q("fed balance sheet total assets", "short-phrase", "fred", ["fred:WALCL"],
  "Fed total assets Wednesday level. Wrong: week-average variants, reserve balances, Treasury holdings.")
q("high yield spread", "short-phrase", "fred", ["fred:BAMLH0A0HYM2"],
  "ICE BofA US HY OAS. Wrong: HY effective yield, BBB spreads, euro HY.")
q("india gdp growth rate", "short-phrase", "weo", [W("India",GDPK,"Percent change")],
  "WEO India real GDP growth. Wrong: GDP current prices, per capita growth, WDI generic (acceptable as generic).")
Q[-1]["gold"].append("wdi:NY.GDP.MKTP.KD.ZG")
q("argentina inflation end of year", "short-phrase", "weo", [W("Argentina",CPI_EOP,"Percent change"), W("Argentina",CPI_EOP,"Index")],
  "WEO end-of-period CPI for Argentina. Wrong: average CPI rows (near-duplicate), other countries.")
q("eu government debt ratio", "short-phrase", "eurostat", ["eurostat:teina225", "eurostat:gov_10dd_edpt1", "eurostat:tipsgo10", "eurostat:gov_10q_ggdebt", "eurostat:teina230", "eurostat:tipsgo20"],
  "General government gross debt % GDP. Wrong: deficit tables, central/local government debt, debt structure.")
q("mexico policy rate monthly", "short-phrase", "bis", ["bis:M.MX"],
  "BIS Mexico policy rate. Wrong: other Latin American BIS rows, IFS generic code.")
q("euro area policy rate", "short-phrase", "bis", ["bis:M.XM"],
  "BIS euro area (ECB) policy rate. Wrong: national euro-member rows (DE, FR, IT ... historic), Euribor datasets.")
q("uk bank rate history", "short-phrase", "bis", ["bis:M.GB"],
  "BIS United Kingdom policy rate. Wrong: GBP exchange rates, gilt yields.")
q("turkey unemployment imf forecast", "short-phrase", "weo", [W(TR,"Unemployment rate","Percent of total labor force")],
  "WEO Türkiye unemployment rate. Wrong: WEO employment persons, EVDS monthly unemployment (different source, not what 'imf' asks for).")
q("eu minimum wages monthly", "short-phrase", "eurostat", ["eurostat:earn_mw_cur", "eurostat:tps00155"],
  "Monthly minimum wages bi-annual data or table. Wrong: minimum wage as % of average earnings (earn_mw_avgr*).")
q("long term bond yields eu", "short-phrase", "eurostat", ["eurostat:irt_lt_mcby_m", "eurostat:teimf050", "eurostat:irt_lt_mcby_a", "eurostat:irt_lt_mcby_d", "eurostat:irt_lt_mcby_q"],
  "Maastricht convergence long-term yields. Wrong: euro yield curve teimf060, money market rates.")
q("total reserves ex gold", "short-phrase", "ifs", ["ifs:RAXG_USD", "ifs:RAXG_XDR", "wdi:FI.RES.XGLD.CD"],
  "Reserves minus gold, IFS (USD/SDR) or WDI. Wrong: FX-only component RAXGFX_*, total reserves incl. gold.")
q("nominal effective exchange rate", "short-phrase", "ifs", ["ifs:ENEER_IX"],
  "IFS NEER index. Wrong: REER (EREER_IX), ULC-based NEER, y/y change code, FRED dollar indices.")

def main():
    out = []
    for i, r in enumerate(Q, 1):
        src = r["source"]; gold = []
        for g in r["gold"]:
            ns, _, bare = g.partition(":")
            gold.append(bare if ns == src else g)
        gold = list(dict.fromkeys(gold))
        fields = sorted({g.partition(":")[0] for g in r["gold"]}, key=lambda s: (s != src, s))
        out.append({"id": f"e3-{i:03d}", "question": r["question"], "kind": r["kind"], "source": src,
                    "gold_ids": gold, "id_field": " + ".join(IDF[f] for f in fields), "notes": r["notes"]})
    with open("questions-everyday3.jsonl", "w", encoding="utf-8") as f:
        for o in out: f.write(json.dumps(o, ensure_ascii=False) + "\n")
    print(f"wrote {len(out)} queries")
if __name__ == "__main__":
    main()

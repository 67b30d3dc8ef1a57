#!/usr/bin/env python3
"""Build questions-everyday7.jsonl: 110 short everyday search queries.

The queries live in this file.  Running it writes ../questions-everyday7.jsonl
(relative to this file).  Standard library only; reads nothing.

Gold ids were checked by hand against the raw catalogue files under
/work/shared/catalogs/.  Bare ids belong to the primary source; ids of other
sources carry a "source:" prefix.  WEO ids are WEOApr2024|Country|Subject
Descriptor|Units (columns 1-3 of imf/WEOApr2024all.csv).
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "questions-everyday7.jsonl"))

ID_FIELD = {
    "evds": "evds/ series code: seriesCode in evds/cbrt_allseries.csv = SERIE_CODE in evds/cbrt_meta_data_2020.csv = keys of evds/evds_index_en.json",
    "fred": "fred/fred_release_series.csv: series_id",
    "weo": "imf/WEOApr2024all.csv: WEOApr2024|Country|Subject Descriptor|Units",
    "ifs": "imf/IFS_Indicators.csv: parameter_value",
    "wdi": "wdi/WDISeries.csv: Series Code",
    "eurostat": "eurostat/table_of_contents_en.txt: code (dataset/table level)",
    "bis": "observations/bis/policy_rates_monthly.csv: series_key",
}

def W(country, subject, units):
    """WEO composite id (bare, for WEO-primary queries)."""
    return "WEOApr2024|%s|%s|%s" % (country, subject, units)

def w(country, subject, units):
    """WEO composite id with prefix (for other primary sources)."""
    return "weo:" + W(country, subject, units)

GGD = "General government gross debt"
PCT_GDP = "Percent of GDP"
NC = "National currency"
INF_AVG = "Inflation, average consumer prices"
INF_EOP = "Inflation, end of period consumer prices"
PCH = "Percent change"
TR = "T\u00fcrkiye"

# (question, kind, source, gold_ids, notes)
Q = []
def q(question, kind, source, gold, notes):
    Q.append((question, kind, source, gold, notes))

# ---------------------------------------------------------------- typo
q("us consumer prise index", "typo", "fred", ["CPIAUCSL", "CPIAUCNS"],
  "Misspelt 'price' (prise). US headline CPI-U all items, SA and NSA. Near misses: CPILFESL/CPILFENS (core, less food and energy), PPIACO (producer prices), PCEPI.")
q("nonfram payroll employment", "typo", "fred", ["PAYEMS", "PAYNSA"],
  "Transposed letters in 'nonfarm'. All Employees, Total Nonfarm, SA and NSA. Near misses: JTSJOL (job openings), CES0500000003 (hourly earnings), UNRATE, ADP-type private payroll series.")
q("turkish cpi infaltion", "typo", "evds",
  ["TP.FG.J0", "TP.FE.OKTG01", w(TR, INF_AVG, PCH), w(TR, INF_EOP, PCH), "fred:FPCPITOTLZGTUR"],
  "Transposed letters in 'inflation'. Headline TURKSTAT CPI (2003=100) general index in both EVDS groups; WEO and FRED/WDI annual CPI inflation for Turkey also fine. Near misses: TP.FG.J01 (food sub-index), TP.FE.OKTG02..05 (special-coverage core CPIs), TP.TUFE1YI.T1 (domestic PPI), inflation-expectation survey series.")
q("italy governmnet debt", "typo", "weo", [W("Italy", GGD, PCT_GDP), W("Italy", GGD, NC)],
  "Transposed letters in 'government'. WEO general government gross debt for Italy, % of GDP or national currency. Near misses: Italy 'General government net debt' rows, Italy net lending/borrowing (deficit).")
q("populaton nigeria", "typo", "weo", [W("Nigeria", "Population", "Persons")],
  "Dropped 'i'. WEO population (millions) for Nigeria. Near misses: Nigeria 'Employment', other countries' population rows.")
q("gini coeficient", "typo", "wdi", ["SI.POV.GINI", "eurostat:ilc_di12"],
  "Single 'f' in 'coefficient'. WDI GINI index; Eurostat EU-SILC Gini dataset also acceptable. Near misses: WDI income-share indicators (SI.DST.*), poverty headcounts (SI.POV.DDAY).")
q("life expectncy at birth", "typo", "wdi", ["SP.DYN.LE00.IN"],
  "Dropped 'a' in 'expectancy'. WDI life expectancy at birth, total. Near misses: SP.DYN.LE00.FE.IN and SP.DYN.LE00.MA.IN (female/male only), mortality rates.")
q("us industial production", "typo", "fred", ["INDPRO"],
  "Missing 'r' in 'industrial'. Fed G.17 total industrial production index. Near misses: IPMAN (manufacturing only), TCU (capacity utilisation), EVDS/IFS industrial production of other countries.")
q("case shiler index", "typo", "fred", ["CSUSHPINSA", "CSUSHPISA", "SPCS20RSA", "SPCS20RNSA"],
  "Single 'l' in 'Shiller'. S&P/Case-Shiller US national index (SA/NSA) or the 20-city composite (SA/NSA). Near misses: SPCS20RPSNSA (sales pair counts, not prices), single-city Case-Shiller indices, USSTHPI (FHFA index, a different house price index).")
q("swiss plicy rate", "typo", "bis", ["M.CH"],
  "Dropped 'o' in 'policy'. BIS central bank policy rate for Switzerland. Near misses: other countries' BIS policy rates (M.SE, M.DK), FRED discount-rate series of other countries.")
q("eur usd exhange rate", "typo", "fred", ["DEXUSEU", "EXUSEU", "eurostat:ert_bil_eur_d", "eurostat:ert_bil_eur_m"],
  "Dropped 'c' in 'exchange'. USD per EUR spot rate, daily (DEXUSEU) or monthly (EXUSEU); Eurostat euro bilateral rates also acceptable. Near misses: DTWEXBGS (broad dollar index), DEXUSUK (pound), EVDS TP.DK.EUR.* (euro against lira).")
q("treasry bill rate", "typo", "ifs", ["FITB_PA", "fred:TB3MS", "fred:DTB3"],
  "Dropped 'u' in 'treasury'. IFS Treasury bills rate; the US 3-month T-bill rate in FRED is also acceptable. Near misses: FIGB_PA (government bonds), FIMM_PA (money market), DGS10.")
q("broad mony", "typo", "ifs", ["FMB_XDC", "wdi:FM.LBL.BMNY.GD.ZS"],
  "Dropped 'e' in 'money'. IFS broad money in domestic currency; WDI broad money (% of GDP) also acceptable. Near misses: FMA_XDC (base money), FDSB* depository-corporation broad money liabilities (euro-area/SA variants), FM.LBL.BMNY.ZG (growth rate).")
q("retail trade turnvoer", "typo", "eurostat", ["sts_trtu_m", "sts_trtu_q", "sts_trtu_a", "teiis200"],
  "Transposed letters in 'turnover'. Eurostat turnover and volume of sales in retail trade (monthly/quarterly/annual datasets, headline table). Near misses: sts_trlb_* (labour input in trade), ei_isrt_m (retail index, partial credit at most).")
q("constrution output monthly", "typo", "eurostat", ["sts_copr_m", "ei_isbu_m", "teiis500"],
  "Dropped 'c' in 'construction'. Eurostat production in construction, monthly dataset, euro-indicator index and headline table. Near misses: sts_copr_q/sts_copr_a (not monthly), sts_colb_m (labour input), ei_bsbu_m_r2 (construction confidence survey).")
q("kapasite kulan\u0131m oran\u0131", "typo", "evds", ["TP.KKO2.IS.TOP", "TP.KKO.MA"],
  "Turkish with one 'l' dropped in 'kullan\u0131m'. Manufacturing capacity utilisation rate, unadjusted and seasonally adjusted. Near misses: TP.KKO2.IS.<sector> sub-sector rates, archived TP.KKO.IS.TOP (ended 2010), FRED TCU (US).")

# ---------------------------------------------------------------- acronym
q("pce price gauge", "acronym", "fred", ["PCEPI"],
  "PCE = personal consumption expenditures; the 'PCE price gauge' is the headline PCE chain-type price index. Near misses: PCEPILFE (core), PCE and PCEC96 (spending levels, not prices), CPIAUCSL.")
q("core pce deflator", "acronym", "fred", ["PCEPILFE"],
  "Core PCE price index (excluding food and energy). Near misses: PCEPI (headline), PCE (spending level), CPILFESL (core CPI, a different index).")
q("us m2 weekly", "acronym", "fred", ["WM2NS", "M2"],
  "US M2 money stock at weekly frequency: current NSA series and the discontinued weekly SA series. Near misses: M2SL/M2NS (monthly), M2REAL, M1SL, EVDS TP.PR.ARZ13 (Turkish weekly M2).")
q("ppi final demand", "acronym", "fred", ["PPIFIS", "PPIFID"],
  "Producer price index, final demand, SA and NSA. Near misses: PPIACO (all commodities), WPSFD49207 (finished goods), IFS PPPI_IX.")
q("fdi inflows % gdp", "acronym", "wdi", ["BX.KLT.DINV.WD.GD.ZS"],
  "FDI net inflows as a share of GDP. Near misses: BX.KLT.DINV.CD.WD (level in US$), BM.KLT.DINV.WD.GD.ZS (net outflows).")
q("npl ratio banks", "acronym", "wdi", ["FB.AST.NPER.ZS"],
  "Nonperforming loans to total gross loans. Near misses: FB.BNK.CAPA.ZS (capital to assets), EVDS TP.BFTUKKRE.L15x non-performing credit-card stocks (levels, Turkey only), FRED DRALACBS (delinquency rate, not NPL ratio).")
q("hicp annual rate", "acronym", "eurostat", ["prc_hicp_manr", "teicp000", "tec00118", "prc_hicp_aind"],
  "HICP annual rate of change: monthly dataset, its headline table, annual inflation table and annual data. Near misses: prc_hicp_midx (index levels), prc_hicp_mmor (monthly rate of change).")
q("ecb policy rate", "acronym", "bis", ["M.XM", "fred:ECBMRRFR", "fred:ECBDFR"],
  "BIS euro-area policy rate; FRED main refinancing rate or deposit facility rate also acceptable. Near misses: fred:ECBMLFR (marginal lending facility), fred:INTDSREZM193N (IFS discount rate), M.DE/M.FR (pre-euro national rates).")
q("boj rate", "acronym", "bis", ["M.JP"],
  "Bank of Japan policy rate (BIS). Near misses: fred:INTDSRJPM193N (discount rate), fred:INTGSTJPM193N (T-bills).")
q("boe rate", "acronym", "bis", ["M.GB", "fred:BOERUKM", "fred:BOERUKQ", "fred:BOERUKA", "fred:BOEPRUKA"],
  "Bank of England Bank Rate: BIS series or the FRED Bank of England policy rate series (monthly/quarterly/annual). Near misses: fred:INTDSRGBM193N (discount rate), M.XM.")
q("reer cpi based", "acronym", "ifs", ["EREER_IX", "evds:TP.RK.T1.Y"],
  "Real effective exchange rate based on CPI (IFS); the EVDS CPI-based REER (2003=100) is the same concept for Turkey. Near misses: EREER_ULC_IX (unit-labour-cost based), EREER_PC_CP_A_PT (percentage change), ENEER_IX (nominal), evds TP.RK.T2.Y/T3.Y (developing/developed-country sub-baskets).")
q("neer index", "acronym", "ifs", ["ENEER_IX"],
  "Nominal effective exchange rate index. Near misses: EREER_IX (real), ENDA_XDC_USD_RATE (bilateral rate).")
q("ppp gdp india", "acronym", "weo",
  [W("India", "Gross domestic product, current prices", "Purchasing power parity; international dollars"),
   W("India", "Gross domestic product based on purchasing-power-parity (PPP) share of world total", "Percent"),
   "wdi:NY.GDP.MKTP.PP.CD"],
  "GDP at PPP for India: WEO level in international dollars or PPP share of world; WDI GDP PPP also acceptable. Near misses: India GDP per capita PPP rows, 'Implied PPP conversion rate', GDP in U.S. dollars.")
q("hy oas spread", "acronym", "fred", ["BAMLH0A0HYM2"],
  "High-yield option-adjusted spread (ICE BofA US HY). Near misses: BAMLH0A0HYM2EY (effective yield, not spread), BAMLC0A0CM (investment-grade corporate OAS), T10Y2Y.")
q("niip % of gdp", "acronym", "eurostat", ["tipsii40", "tipsii10"],
  "Net international investment position as % of GDP, quarterly or annual headline table. Near misses: bop_iip6_q (full IIP dataset, levels), bop_c6_q (balance of payments flows).")
q("rppi turkey", "acronym", "evds", ["TP.KFE.TR", "TP.HKFE01"],
  "Residential property price index for Turkey, 2023=100 and archived 2017=100. Near misses: TP.KFE.TR10 and other regional RPPIs, TP.BIRIMFIYAT.TR (unit prices TL/m2), commercial property price index, TP.AKONUTSAT* (sales counts).")

# ---------------------------------------------------------------- abbreviation
q("ust 10y yield", "abbreviation", "fred", ["DGS10", "GS10", "WGS10YR"],
  "ust = US Treasury, 10y = 10-year: constant-maturity yield, daily/monthly/weekly. Near misses: DFII10 (TIPS real yield), T10Y2Y/T10Y3M (spreads), DGS30.")
q("30yr frm avg", "abbreviation", "fred", ["MORTGAGE30US", "OBMMIC30YF"],
  "30yr = 30-year, frm = fixed-rate mortgage, avg = average: Freddie Mac PMMS 30-year fixed rate average, or the Optimal Blue 30-year conforming index. Near misses: MORTGAGE15US, OBMMIJUMBO30YF (jumbo), MORTGAGE5US (ARM).")
q("2s10s spread", "abbreviation", "fred", ["T10Y2Y", "T10Y2YM"],
  "Trader shorthand for 10-year minus 2-year Treasury spread, daily or monthly. Near misses: T10Y3M (10y minus 3m), DGS2, DGS10.")
q("cpi % chg yoy", "abbreviation", "ifs", ["PCPI_PC_CP_A_PT", "wdi:FP.CPI.TOTL.ZG"],
  "chg = change, yoy = year on year: CPI percentage change over corresponding period of previous year; WDI annual CPI inflation also acceptable. Near misses: PCPI_PC_PP_PT (previous period), PCPI_IX (index level), PCPIHA_IX (HICP index).")
q("nominal gdp sa dom currency", "abbreviation", "ifs", ["NGDP_SA_XDC"],
  "sa = seasonally adjusted, dom = domestic. IFS nominal GDP, SA, domestic currency. Near misses: NGDP_XDC (not adjusted), NGDP_R_SA_XDC (real), fred:GDP (US only, SAAR).")
q("fed funds eff rate", "abbreviation", "fred", ["FEDFUNDS", "DFF", "EFFR"],
  "eff = effective federal funds rate, monthly, daily 7-day, or NY Fed daily. Near misses: DFEDTARU/DFEDTARL (target range), bis:M.US (policy rate), SOFR.")
q("usd/try sell", "abbreviation", "evds", ["TP.DK.USD.S.YTL", "TP.DK.USD.S"],
  "Currency-pair shorthand plus 'sell': CBRT US dollar selling rate against the lira (current and archived copy). Near misses: TP.DK.USD.A.YTL (buying), TP.DK.USD.S.EF.YTL (banknote selling), TP.DK.USD.C.YTL (cross rate).")
q("gen gov net debt canada", "abbreviation", "weo", [W("Canada", "General government net debt", PCT_GDP), W("Canada", "General government net debt", NC)],
  "gen gov = general government. WEO net debt for Canada. Near misses: Canada 'General government gross debt' rows, Canada net lending/borrowing.")
q("gdp pc usd germany", "abbreviation", "weo", [W("Germany", "Gross domestic product per capita, current prices", "U.S. dollars")],
  "pc = per capita. WEO GDP per capita in current US dollars for Germany. Near misses: Germany per-capita rows in PPP or national currency, GDP current prices in U.S. dollars (total, not per capita).")
q("t\u00fcrkiye ca balance % gdp", "abbreviation", "weo", [W(TR, "Current account balance", PCT_GDP)],
  "ca = current account. WEO current account balance as % of GDP for T\u00fcrkiye. Near misses: T\u00fcrkiye current account in U.S. dollars billions, evds TP.ODANA6.Q01 (monthly level in USD), wdi BN.CAB.XOKA.GD.ZS (no country in id but same concept; not listed because WDI ids are country-free).")
q("unemp rate japan", "abbreviation", "weo", [W("Japan", "Unemployment rate", "Percent of total labor force")],
  "unemp = unemployment. WEO unemployment rate for Japan. Near misses: Japan 'Employment' (persons), other countries' unemployment rates, bis:M.JP.")
q("exch rate eop per usd", "abbreviation", "ifs", ["ENDE_XDC_USD_RATE"],
  "exch = exchange, eop = end of period. IFS domestic currency per US dollar, end of period. Near misses: ENDA_XDC_USD_RATE (period average), ENEE_XDC_EUR_RATE (per euro), ESDE_XDR_USD_RATE (SDR per USD).")
q("gni pc atlas", "abbreviation", "wdi", ["NY.GNP.PCAP.CD"],
  "pc = per capita. GNI per capita, Atlas method. Near misses: NY.GNP.ATLS.CD (total GNI Atlas), NY.GNP.PCAP.PP.CD (PPP), NY.GDP.PCAP.CD (GDP per capita).")
q("reserves in mos of imports", "abbreviation", "wdi", ["FI.RES.TOTL.MO"],
  "mos = months. Total reserves in months of imports. Near misses: FI.RES.TOTL.CD (level), FI.RES.XGLD.CD (minus gold).")
q("ind prod monthly eu", "abbreviation", "eurostat", ["sts_inpr_m", "ei_isin_m"],
  "ind prod = industrial production. Eurostat production in industry, monthly dataset or euro-indicator index. Near misses: sts_inpr_q (quarterly), sts_copr_m (construction).")
q("govt debt % gdp eu", "abbreviation", "eurostat", ["gov_10dd_edpt1", "teina225", "gov_10q_ggdebt"],
  "govt = government. Eurostat general government gross debt (EDP dataset, annual table, quarterly debt). Near misses: tec00127/teina200 (deficit/surplus tables), weo Italy/Germany debt rows.")

# ---------------------------------------------------------------- turkish
q("t\u00fcfe 2003=100", "turkish", "evds", ["TP.FG.J0", "TP.FE.OKTG01"],
  "T\u00dcFE = consumer price index, with its base year. Headline CPI 2003=100 in both groups. Near misses: TP.FG.J01..J12 (COICOP sub-indices), TP.FE.OKTG02..05 ('... hari\u00e7 T\u00dcFE' core indicators), TP.TUFE1YI.T1 (Y\u0130-\u00dcFE, also 2003=100), TP.RK.T1.Y (CPI-based REER, 2003=100).")
q("yurt i\u00e7i \u00fcfe", "turkish", "evds", ["TP.TUFE1YI.T1"],
  "Domestic producer price index (Yurt \u0130\u00e7i \u00dcFE), general index. Near misses: TP.TUFE1YI.T2.. (sectors: mining, manufacturing), TP.FG.J0 (consumer prices), TP.RK.U01.Y (PPI-based REER).")
q("efektif dolar sat\u0131\u015f", "turkish", "evds", ["TP.DK.USD.S.EF.YTL", "TP.DK.USD.S.EF"],
  "Banknote (efektif) US dollar selling rate, current and archived. Tests the banknote vs foreign-exchange distinction. Near misses: TP.DK.USD.S.YTL (FX selling, not banknote), TP.DK.USD.A.EF.YTL (banknote buying), TP.RK.* (real effective exchange rate, 'efektif' in a different sense).")
q("mevsimsellikten arindirilmis issizlik orani", "turkish", "evds", ["TP.TIG08"],
  "Turkish without Turkish letters: seasonally adjusted unemployment rate. Near misses: TP.YISGUCU2.G8 (unadjusted rate), TP.TIG07 (was the SA unemployment rate in the 2020 vintage, but is the employment rate in the 2024/2025 vintages), TP.TIG04 (number unemployed), archived TP.RS.* series.")
q("sanayi uretimi aylik", "turkish", "evds", ["TP.TSANAYMT2021.Y1", "TP.SANAYREV4.Y1", "TP.SANAYREV11.Y1"],
  "Monthly industrial production, no Turkish letters: total industry, 2021=100 SA (current) and 2015=100 series. Near misses: sub-aggregates (ara mal\u0131, enerji ...), TP.UREN.* (production per person employed), archived pre-2015 bases (TP.N2SY01 etc.).")
q("cari i\u015flemler a\u00e7\u0131\u011f\u0131", "turkish", "evds", ["TP.ODANA6.Q01", "TP.HARICCARIACIK.K1", "TP.ODEAYRSUNUM6.Q1"],
  "Turkish for the current-account deficit; answer is the current account balance (BPM6 analytic or detailed presentation). Near misses: TP.HARICCARIACIK.K8/K9/K10 (excluding gold/energy), TP.PKAUO.S06.* and TP.BEK.S06.* (survey expectations), weo T\u00fcrkiye current account.")
q("tuketici guven anketi", "turkish", "evds", ["TP.TG2.Y01", "TP.TG.EN"],
  "Consumer confidence survey, no Turkish letters. Consumer confidence index (current and archived). Near misses: TP.TG2.Y02.. (sub-indices of the survey), TP.GY1.N2 (real sector confidence), TP.FHGE.S01 (financial services confidence).")
q("3 ayl\u0131k mevduat faizi", "turkish", "evds", ["TP.TRY.MT02", "TP.MT210AGS.TRY.MT02"],
  "Interest rate on TRY deposits up to 3 months (weekly flow; monthly stock). Near misses: TP.TRY.MT01/MT03/MT06 (other maturities, total), TP.USD.MT02/TP.EUR.MT02 (FX deposits), loan rates TP.KTF*.")
q("ta\u015f\u0131t kredisi faiz oran\u0131", "turkish", "evds", ["TP.KTF11"],
  "Vehicle loan interest rate in TRY (flow). Near misses: TP.KTF10/TP.KTF101 (personal loans), TP.KTF12 (housing), TP.KTFTUK (consumer total), TP.BFTUKKRE.L007 (vehicle loan volume).")
q("reel efektif d\u00f6viz kuru", "turkish", "evds", ["TP.RK.T1.Y", "TP.RK.U01.Y"],
  "Real effective exchange rate: CPI-based (headline) or domestic-PPI-based. Near misses: TP.RK.T2.Y/T3.Y (developing/developed sub-baskets), TP.REDKURIGM.K1 (annual unit-labour-cost based), TP.DK.* (nominal bilateral rates), TP.DK.*.EF (banknote rates).")
q("para arz\u0131 haftal\u0131k", "turkish", "evds", ["TP.PR.ARZ01", "TP.PR.ARZ13", "TP.PR.ARZ22", "TP.HPBITABLO1.2", "TP.HPBITABLO1.11", "TP.HPBITABLO1.18"],
  "Weekly money supply: M1, M2 or M3 from the weekly monetary aggregates tables (2024 and 2025 vintages). Near misses: TP.PBD.H09 (monthly M2), components such as currency in circulation (TP.PR.ARZ02) or deposits, TP.KAVRAMSAL.* indices.")
q("ayl\u0131k ihracat", "turkish", "evds", ["TP.IHRACATBEC.9999"],
  "Monthly exports: total exports by BEC, general trade system (thousand USD). Near misses: TP.ITHALATBEC.9999 (imports), TP.HARICCARIACIK.K2/K5 (gold/energy exports), TP.GSYIH24.HY.* (quarterly national-accounts exports), export unit value/volume indices.")
q("t\u00fcrkiye b\u00fcy\u00fcme tahmini", "turkish", "weo", [W(TR, "Gross domestic product, constant prices", PCH)],
  "Turkish: growth forecast for T\u00fcrkiye; WEO real GDP growth (the WEO is a projection publication). Near misses: T\u00fcrkiye GDP constant prices in national currency (level), current-price GDP, evds TP.GSYIH26.HY.ZH (quarterly level, not a forecast).")
q("merkez bankas\u0131 faizi", "turkish", "bis", ["M.TR", "evds:TP.APIFON4"],
  "Colloquial 'central bank rate'. BIS policy rate for T\u00fcrkiye; EVDS weighted average cost of CBRT funding is an acceptable proxy. Near misses: evds TP.BEK.S04.* and TP.PKAUO.S04.* (survey expectations of the policy rate), evds TP.PY.P0* (interbank quotations), evds TP.AB.* balance-sheet lines, fred:INTDSRTRM193N (discount rate).")
q("br\u00fct rezervler", "turkish", "evds", ["TP.AB.C2", "TP.AB.B6", "TP.AB.B4", "TP.REZVARPD.K1"],
  "Gross reserves of the CBRT: weekly gross FX reserves, total reserves, official reserve assets (monthly). Near misses: TP.AB.C1/TP.AB.B1 (gold only), TP.AB.N07 (gross foreign assets in TRY thousand, balance-sheet line), ifs RAFA_USD (country-free code).")
q("gsyh zincirlenmi\u015f hacim", "turkish", "evds", ["TP.GSYIH26.HY.ZH", "TP.GSYIH26.IFK.ZH"],
  "Real GDP (chain-linked volume), expenditure or activity approach. Near misses: TP.GSYIH26.HY.CF/IFK.CF (current prices), GDP components (TP.GSYIH20..25), weo T\u00fcrkiye GDP constant prices.")

# ---------------------------------------------------------------- one-word
q("prices", "one-word", "wdi",
  ["FP.CPI.TOTL", "FP.CPI.TOTL.ZG", "fred:CPIAUCSL", "evds:TP.FG.J0", "ifs:PCPI_IX", "eurostat:prc_hicp_midx"],
  "Vague: any headline consumer-price index or CPI inflation series. Near misses: FP.WPI.TOTL (wholesale prices), oil/commodity prices, house prices, GDP deflator.")
q("jobless", "one-word", "fred",
  ["UNRATE", "UNRATENSA", "evds:TP.YISGUCU2.G8", "wdi:SL.UEM.TOTL.ZS", "ifs:LUR_PT", "eurostat:une_rt_m"],
  "Vague synonym for unemployment: headline unemployment rates (US, Turkey, WDI, IFS, Eurostat). Near misses: ICSA (jobless claims, arguable), number unemployed (TP.YISGUCU2.G4), youth or long-term unemployment.")
q("output", "one-word", "fred",
  ["GDPC1", "GDP", "INDPRO", "wdi:NY.GDP.MKTP.KD", "ifs:NGDP_R_XDC", "evds:TP.GSYIH26.HY.ZH"],
  "Vague: aggregate output, i.e. real or nominal GDP, or industrial output. Near misses: output gap (weo), per-capita GDP, PMI-type survey output indices, IPMAN (manufacturing only).")
q("housing", "one-word", "fred",
  ["HOUST", "CSUSHPISA", "CSUSHPINSA", "USSTHPI", "evds:TP.KFE.TR", "eurostat:prc_hpi_q"],
  "Vague: housing starts or a headline house price index. Near misses: PERMIT (permits), housing-component CPI, TP.BIRIMFIYAT.* (unit prices).")
q("reserves", "one-word", "ifs",
  ["RAFA_USD", "RAXG_USD", "wdi:FI.RES.TOTL.CD", "wdi:FI.RES.XGLD.CD", "evds:TP.AB.C2", "evds:TP.AB.B6"],
  "Vague: international/official reserves. Near misses: RAFAGOLD_USD (gold only), bank reserve balances, required reserves (EVDS topic 7), FI.RES.TOTL.MO (months of imports).")
q("deficit", "one-word", "fred",
  ["FYFSD", "eurostat:gov_10dd_edpt1", "eurostat:tec00127", "eurostat:teina200", "wdi:GC.NLD.TOTL.GD.ZS", "evds:TP.KB.GEN35"],
  "Vague: government deficit/surplus (US federal, EU, WDI net lending, Turkish general budget balance). Near misses: current account deficit (arguable reading, not listed), FYGFDPUN/GFDEBTN (debt), trade balance.")
q("crude", "one-word", "fred", ["DCOILWTICO", "DCOILBRENTEU", "MCOILWTICO", "POILBREUSDM"],
  "Vague: crude oil price, WTI or Brent, daily or monthly. Near misses: GASREGW (gasoline), WTISPLC (spliced WTI), energy CPI, TP.TUFE1YI.T7 (Turkish PPI crude petroleum).")
q("confidence", "one-word", "evds",
  ["TP.TG2.Y01", "TP.GY1.N2", "fred:UMCSENT", "eurostat:ei_bsco_m", "eurostat:teibs020"],
  "Vague: consumer or business confidence index. Near misses: TP.FHGE.* (financial services confidence), sub-questions of the surveys, confidence intervals in metadata.")
q("savings", "one-word", "wdi", ["NY.GNS.ICTR.ZS", "NY.GDS.TOTL.ZS", "fred:PSAVERT"],
  "Vague: gross (national/domestic) savings % of GDP, or the US personal saving rate. Near misses: ifs FISR_PA (savings deposit interest rate), savings deposits stocks, weo 'Gross national savings' (country-specific rows, fine but not listed).")
q("yields", "one-word", "ifs",
  ["FIGB_PA", "FIGBY_PA", "fred:DGS10", "fred:DGS2", "fred:DGS30", "eurostat:irt_lt_mcby_m", "eurostat:irt_lt_gby10_m"],
  "Vague: government bond yields. Near misses: FITB_PA (bills), corporate yields (BAMLH0A0HYM2EY), dividend yields, crop yields.")
q("banxico", "one-word", "bis", ["M.MX"],
  "Central bank name only; the series wanted is Mexico's policy rate (BIS). Near misses: fred:INTDSRMXM193N (discount rate), other Latin American policy rates (M.BR, M.CL).")
q("inhabitants", "one-word", "wdi", ["SP.POP.TOTL", "eurostat:demo_pjan", "eurostat:tps00001"],
  "Synonym for total population. Near misses: SP.POP.GROW (growth), age-group shares, labour force, population density.")
q("imports", "one-word", "ifs", ["TMG_CIF_USD", "wdi:NE.IMP.GNFS.ZS", "wdi:NE.IMP.GNFS.CD", "evds:TP.ITHALATBEC.9999"],
  "Vague: headline imports of goods (or goods and services). Near misses: TXG_FOB_USD (exports), import price/volume indices, energy or gold imports.")
q("insolvencies", "one-word", "eurostat", ["sts_rb_m", "sts_rb_q", "sts_rb_a"],
  "Synonym (insolvency) for the Eurostat business registration and bankruptcy index. Near misses: other sts_* datasets, bank loan survey series.")

# ---------------------------------------------------------------- two-word
q("spain unemployment", "two-word", "weo",
  [W("Spain", "Unemployment rate", "Percent of total labor force"), "eurostat:une_rt_m", "eurostat:ei_lmhr_m"],
  "Country + concept. WEO Spain unemployment rate; Eurostat monthly unemployment datasets (which contain Spain) also fine. Near misses: Spain 'Employment', other countries' unemployment.")
q("brazil inflation", "two-word", "weo",
  [W("Brazil", INF_AVG, PCH), W("Brazil", INF_EOP, PCH)],
  "WEO Brazil CPI inflation, average or end of period. Near misses: Brazil CPI index levels, GDP deflator, bis:M.BR (policy rate).")
q("china investment", "two-word", "weo", [W("China", "Total investment", PCT_GDP)],
  "WEO total investment % of GDP for China. Near misses: China 'Gross national savings', wdi FDI indicators (BX.KLT.DINV.*).")
q("india population", "two-word", "weo", [W("India", "Population", "Persons")],
  "WEO India population. Near misses: India 'Employment', wdi SP.POP.TOTL (country-free code, fine in a country-aware catalogue but not listed).")
q("riksbank rate", "two-word", "bis", ["M.SE"],
  "Sweden's central bank named instead of the country. BIS Sweden policy rate. Near misses: M.NO, M.DK, M.CH.")
q("turkey imports", "two-word", "evds", ["TP.ITHALATBEC.9999"],
  "Total imports by BEC, general trade system. Near misses: TP.IHRACATBEC.9999 (exports), TP.GSYIH25.HY.* (national-accounts imports), import unit value/volume indices, energy imports.")
q("germany deficit", "two-word", "weo",
  [W("Germany", "General government net lending/borrowing", PCT_GDP), W("Germany", "General government net lending/borrowing", NC)],
  "Everyday word 'deficit' for WEO general government net lending/borrowing. Near misses: Germany primary net lending/borrowing, structural balance, current account balance.")
q("loan rates", "two-word", "ifs", ["FILR_PA", "wdi:FR.INR.LEND"],
  "Bank lending interest rate, everyday wording. Near misses: FIDR_PA (deposit), FR.INR.LNDP (spread), DPRIME/MPRIME (US prime rate, arguable), EVDS TP.KTF* (Turkish loan rates by type).")
q("deposit interest", "two-word", "ifs", ["FIDR_PA", "wdi:FR.INR.DPST"],
  "Bank deposit interest rate. Near misses: FIDFR_PA (Eurosystem deposit facility rate), FISR_PA (savings rate), FILR_PA (lending), EVDS TP.TRY.MT* (Turkish deposit rates by maturity).")
q("youth joblessness", "two-word", "wdi", ["SL.UEM.1524.ZS", "SL.UEM.1524.NE.ZS", "eurostat:yth_empl_090"],
  "Synonym for youth (15-24) unemployment rate, modelled ILO or national estimate. Near misses: SL.UEM.1524.FE.ZS/MA.ZS (female/male only), SL.UEM.TOTL.ZS (all ages).")
q("eu unemployment", "two-word", "eurostat", ["une_rt_m", "une_rt_a", "ei_lmhr_m", "teilm020", "tipsun20"],
  "Eurostat unemployment rate datasets and headline tables. Near misses: une_ltu_a (long-term), yth_empl_090 (youth), lfsi_emp_a (employment).")
q("private credit", "two-word", "wdi", ["FS.AST.PRVT.GD.ZS", "FD.AST.PRVT.GD.ZS"],
  "Domestic credit to private sector (% of GDP), all lenders or banks. Near misses: FS.AST.DOMS.GD.ZS (by financial sector, all borrowers), BUSLOANS, EVDS BIS credit-to-GDP (bie_biskredigsyih).")
q("permits issued", "two-word", "fred", ["PERMIT", "PERMITNSA"],
  "Everyday wording for new private housing units authorised by building permits, SAAR or NSA. Near misses: HOUST (starts), single-family permits, EVDS construction permit statistics, business registrations (eurostat sts_rb_m).")
q("consumer spending", "two-word", "fred", ["PCE", "PCEC96", "PCEC"],
  "Everyday name for personal consumption expenditures (nominal monthly, real, nominal quarterly). Near misses: PCEPI (price index), RSAFS (retail sales, arguable), TP.GSYIH20.* (Turkish household consumption).")
q("unemployment claims", "two-word", "fred", ["ICSA", "IC4WSA", "CCSA"],
  "Unemployment-insurance claims: initial (weekly, 4-week average) or continued. Near misses: UNRATE, state-level claims series.")
q("eu gdp", "two-word", "eurostat", ["namq_10_gdp", "nama_10_gdp", "tec00001", "teina011"],
  "Eurostat GDP and main components (quarterly/annual) and headline GDP tables. Near misses: nama_10_pc (per capita), tec00115 (real growth rate), regional GDP tables.")

# ---------------------------------------------------------------- short-phrase
q("eu long term bond yields", "short-phrase", "eurostat",
  ["irt_lt_mcby_m", "irt_lt_mcby_d", "irt_lt_mcby_q", "irt_lt_mcby_a", "teimf050", "irt_lt_gby10_m", "irt_lt_gby10_a"],
  "EMU convergence-criterion long-term yields (any frequency), headline table, or 10-year government bond yields. Near misses: irt_st_m (money-market rates), irt_h_cgby_* (historical central-government yields to 1998).")
q("lending minus deposit rate", "short-phrase", "wdi", ["FR.INR.LNDP"],
  "Description of the interest rate spread. Near misses: FR.INR.LEND, FR.INR.DPST (the two legs), FR.INR.RINR (real rate).")
q("tax revenue share of gdp", "short-phrase", "wdi", ["GC.TAX.TOTL.GD.ZS"],
  "Tax revenue % of GDP. Near misses: GC.REV.XGRT.GD.ZS (revenue excluding grants), GC.TAX.TOTL.CN (level), weo General government revenue rows.")
q("output gap united states", "short-phrase", "weo", [W("United States", "Output gap in percent of potential GDP", "Percent of potential GDP")],
  "WEO output gap for the United States. Near misses: United States structural balance (also 'Percent of potential GDP'), real GDP growth.")
q("policy rate south africa", "short-phrase", "bis", ["M.ZA"],
  "BIS policy rate for South Africa. Near misses: fred:INTDSRZAM193N (discount rate), other countries' BIS rates.")
q("istanbul house price index", "short-phrase", "evds", ["TP.KFE.TR10", "TP.HKFE02"],
  "Regional RPPI for TR10 (Istanbul), 2023=100 and archived 2017=100. Near misses: TP.BIRIMFIYAT.IST (unit prices TL/m2), TP.KFE.TR (Turkey total), Istanbul house sales TP.AKONUTSAT1.T<n>.")
q("euro exchange rates monthly", "short-phrase", "eurostat", ["ert_bil_eur_m"],
  "Euro/ECU bilateral exchange rates, monthly. Near misses: ert_bil_eur_d (daily), ert_bil_eur_a (annual), ert_eff_ic_m (effective rates).")
q("primary balance greece", "short-phrase", "weo",
  [W("Greece", "General government primary net lending/borrowing", PCT_GDP), W("Greece", "General government primary net lending/borrowing", NC)],
  "Primary balance = WEO primary net lending/borrowing. Near misses: Greece overall net lending/borrowing, structural balance, current account balance.")
q("size of fed balance sheet", "short-phrase", "fred", ["WALCL"],
  "H.4.1 total assets of the Federal Reserve. Near misses: WTREGEN (Treasury general account), RRPONTSYD (reverse repos), BOGMBASE (monetary base).")
q("10 year minus 3 month", "short-phrase", "fred", ["T10Y3M", "T10Y3MM"],
  "Yield-curve spread 10-year minus 3-month, daily or monthly. Near misses: T10Y2Y (10y minus 2y), T10YFF (10y minus fed funds), DGS10.")
q("monetary policy related interest rate", "short-phrase", "ifs", ["FPOLM_PA"],
  "IFS wording for the policy rate. Near misses: FIMM_PA (money market), FIDFR_PA (Eurosystem deposit facility), bis M.* country series.")
q("total reserves excluding gold", "short-phrase", "ifs", ["RAXG_USD", "wdi:FI.RES.XGLD.CD"],
  "International liquidity: total reserves minus gold. Near misses: RAFA_USD (official reserve assets incl. gold), RAFAGOLD_USD (gold), wdi FI.RES.TOTL.CD.")
q("domestic currency per euro average", "short-phrase", "ifs", ["ENEA_XDC_EUR_RATE"],
  "IFS exchange rate per euro, period average. Near misses: ENEE_XDC_EUR_RATE (end of period), ENDA_XDC_USD_RATE (per US dollar), ENECUA_XDC_XEU_RATE (per ECU).")
q("cbrt weighted average funding cost", "short-phrase", "evds", ["TP.APIFON4"],
  "CBRT weighted average cost of funding. Near misses: TP.BEK.S08.* (survey expectations of the funding cost), TP.APIFON1/2/3 (funding amounts), TP.PY.P0* (interbank quotations).")
q("electricity prices for households", "short-phrase", "eurostat", ["nrg_pc_204", "nrg_pc_204_h", "ten00117"],
  "Eurostat household electricity prices (from 2007, until 2007) and the by-user headline table. Near misses: nrg_pc_205 (non-household), nrg_pc_204_c (price components), gas price datasets.")
q("real interest rates by country", "short-phrase", "wdi", ["FR.INR.RINR"],
  "WDI real interest rate. Near misses: FR.INR.LEND (nominal lending rate), FR.INR.LNDP (spread), DFII10 (US TIPS yield).")

def main():
    assert len(Q) == 110, len(Q)
    with open(OUT, "w", encoding="utf-8") as f:
        for n, (question, kind, source, gold, notes) in enumerate(Q, 1):
            rec = {"id": "e7-%03d" % n, "question": question, "kind": kind, "source": source,
                   "gold_ids": gold, "id_field": ID_FIELD[source], "notes": notes}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print("wrote %d queries to %s" % (len(Q), OUT))

if __name__ == "__main__":
    main()

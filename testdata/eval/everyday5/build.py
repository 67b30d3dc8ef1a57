#!/usr/bin/env python3
"""Holds the everyday5 query list and writes questions-everyday5.jsonl.

Every question was written by hand, as a hurried person would type it into a
search box. Gold ids were looked up by hand in the raw catalog files under
/work/shared/catalogs (see README.md); validate.py checks each one exists.

Id conventions (see /work/shared/eval/README.md): ids are source-native.
Ids of the primary `source` are bare; cross-source alternatives carry a
prefix: evds:, fred:, weo:, ifs:, wdi:, bis:, eurostat:.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# ---- id helpers (they only format strings; validate.py checks existence) ----
def W(country, subject, units):
    """WEO composite id: WEOApr2024|Country|Subject Descriptor|Units."""
    return "WEOApr2024|%s|%s|%s" % (country, subject, units)

CPI_AVG = ("Inflation, average consumer prices", "Percent change")
CPI_AVG_IX = ("Inflation, average consumer prices", "Index")
CPI_EOP = ("Inflation, end of period consumer prices", "Percent change")
CPI_EOP_IX = ("Inflation, end of period consumer prices", "Index")
GDP_REAL_PCH = ("Gross domestic product, constant prices", "Percent change")
GDP_PPP = ("Gross domestic product, current prices", "Purchasing power parity; international dollars")
DEBT_PCT = ("General government gross debt", "Percent of GDP")
DEBT_NC = ("General government gross debt", "National currency")
CA_PCT = ("Current account balance", "Percent of GDP")
CA_USD = ("Current account balance", "U.S. dollars")
UNR = ("Unemployment rate", "Percent of total labor force")
POP = ("Population", "Persons")
NLB_PCT = ("General government net lending/borrowing", "Percent of GDP")
NLB_NC = ("General government net lending/borrowing", "National currency")

def w(country, *pairs, prefix=""):
    return [prefix + W(country, s, u) for s, u in pairs]

def px(prefix, ids):
    return [prefix + ":" + i for i in ids]

# ---- id_field strings -------------------------------------------------------
F_FRED = "fred/fred_release_series.csv:series_id"
F_EVDS = ("evds/cbrt_allseries.csv:seriesCode (same codes in evds/evds_index_en.json keys "
          "and evds/cbrt_meta_data_2020.csv:SERIE_CODE)")
F_WEO = "imf/WEOApr2024all.csv: WEOApr2024|Country|Subject Descriptor|Units"
F_WDI = "wdi/WDISeries.csv:Series Code"
F_IFS = "imf/IFS_Indicators.csv:parameter_value"
F_EUROSTAT = "eurostat/table_of_contents_en.txt:code"
F_BIS = "observations/bis/policy_rates_monthly.csv:series_key"
FIELD = {"fred": F_FRED, "evds": F_EVDS, "weo": F_WEO, "wdi": F_WDI, "ifs": F_IFS,
         "eurostat": F_EUROSTAT, "bis": F_BIS}

EU_DEBT = ["gov_10dd_edpt1", "gov_10q_ggdebt", "teina225", "tipsgo10"]
EU_UNR = ["une_rt_m", "une_rt_a", "ei_lmhr_m", "teilm020", "tipsun20"]

# (question, kind, source, gold_ids, notes)
Q = [
    # ------------------------------------------------------------------ typo
    ("fedral funds rate", "typo", "fred",
     ["FEDFUNDS", "DFF", "FF", "RIFSPFFNB", "RIFSPFFNA", "RIFSPFFNBWAW", "bis:M.US"],
     "US effective federal funds rate, any frequency; 'fedral' is one dropped letter. Wrong: "
     "target-range series (DFEDTARU/DFEDTARL), FOMC projections, T10YFF spread."),
    ("mortage rates", "typo", "fred",
     ["MORTGAGE30US", "MORTGAGE15US"],
     "Freddie Mac PMMS fixed mortgage rates (30y headline, 15y also fine); 'mortage' misses a g. "
     "Wrong: Turkish housing-loan rate TP.KTF12, mortgage debt outstanding, MBS yields."),
    ("consumer sentimnet", "typo", "fred",
     ["UMCSENT", "UMCSENT1"],
     "University of Michigan consumer sentiment; swapped letters. Wrong: Michigan inflation "
     "expectation MICH, Turkish consumer confidence TP.TG2.Y01, Eurostat ESI."),
    ("japan inflaiton", "typo", "weo",
     w("Japan", CPI_AVG, CPI_EOP)
     + ["fred:FPCPITOTLZGJPN", "fred:JPNPCPIPCPPPT", "wdi:FP.CPI.TOTL.ZG"],
     "Japan CPI inflation rate. WEO percent-change rows are the target; WDI inflation indicator "
     "(pick Japan) and FRED WDI/REO mirrors also right. Wrong: WEO CPI index level, GDP deflator, "
     "yen exchange rate."),
    ("brazil gdp grwoth", "typo", "weo",
     w("Brazil", GDP_REAL_PCH) + ["fred:BRANGDPRPCH", "wdi:NY.GDP.MKTP.KD.ZG"],
     "Real GDP growth for Brazil. Wrong: GDP current prices (level), GDP per capita growth, "
     "Penn World Table real GDP levels."),
    ("housing strats", "typo", "fred",
     ["HOUST", "HOUSTNSA"],
     "US housing starts total, SAAR or NSA. Wrong: single-family starts HOUST1F, regional starts, "
     "building permits PERMIT, Turkish construction permits."),
    ("euro area unemplyment", "typo", "eurostat",
     EU_UNR,
     "Euro area unemployment rate (Eurostat datasets are dataset-level). Wrong: youth "
     "unemployment yth_*, FRED SLUEM1524ZSEMU (youth), employment rates lfsi_emp_a."),
    ("germany goverment debt", "typo", "weo",
     w("Germany", DEBT_PCT, DEBT_NC)
     + ["fred:GGGDTADEA188N", "fred:DEBTTLDEA188A", "wdi:GC.DOD.TOTL.GD.ZS"]
     + px("eurostat", EU_DEBT),
     "German general government gross debt (% of GDP or level); central-government debt also "
     "acceptable. Wrong: net debt, deficit/net lending, household debt HDTGPDDEQ163N, "
     "debt-securities statistics."),
    ("retail slaes", "typo", "fred",
     ["RSAFS", "RSAFSNA", "RSXFS", "RSXFSN"],
     "US advance retail sales total (with or without food services). Wrong: sub-categories "
     "(motor vehicles, gasoline), percent-change MARTSMPCSM* series, real retail sales."),
    ("capacity utilizaton turkey", "typo", "evds",
     ["TP.KKO2.IS.TOP", "TP.KKO.MA"],
     "CBRT manufacturing capacity utilization rate, NSA or SA. Wrong: sector rows TP.KKO2.IS.10.., "
     "size-group rows TP.KKO2.IS.S2-S4, US TCU/MCUMFN."),
    ("korea curent account", "typo", "weo",
     w("Korea", CA_PCT, CA_USD)
     + ["fred:KORBCABP6USD", "fred:KORBCAGDPBP6PT", "fred:CUAEEFKRQ052N", "fred:CUAEEFKRA052N"],
     "South Korea current account balance, USD or % of GDP. Wrong: capital account "
     "CANEEFKR*, financial account, trade balance, Korean won exchange rate."),
    ("consumer loans turkye", "typo", "evds",
     ["TP.TUKKRE.K001", "TP.BFTUKKRE.L004"],
     "Total consumer loans in Türkiye (banking sector, weekly). Country name has one dropped "
     "letter. Wrong: housing/vehicle sub-rows TP.TUKKRE.K003/K022, consumer-loan interest rate "
     "TP.KTFTUK, non-performing consumer loans TP.BFTUKKRE.L117, US TOTALSL."),
    ("india populaton", "typo", "weo",
     w("India", POP) + ["wdi:SP.POP.TOTL", "fred:POPTOTINA647NWDB"],
     "Total population of India. Wrong: population growth, urban population, 5-year FRED "
     "POPTOTIN52647NWDB is marginal, employment."),
    ("resdential property prices turkey", "typo", "evds",
     ["TP.KFE.TR", "TP.HKFE01"],
     "CBRT residential property price index for Türkiye (current 2023=100 or the archived "
     "2017=100 headline). Wrong: regional rows TP.KFE.TR10 (Istanbul) etc., new-dwellings "
     "index, housing unit prices TL/m2, commercial property index."),
    ("eurozone inflaton", "typo", "eurostat",
     ["prc_hicp_manr", "prc_hicp_midx", "tec00118",
      "fred:CP0000EZ19M086NEST", "fred:CP0000EZCCM086NEST"],
     "Euro-area HICP inflation; annual-rate dataset is best, index also fine. Wrong: "
     "country HICPs, core HICP sub-indices, EU27 aggregate CP0000EU272020M086NEST is near-miss."),

    # --------------------------------------------------------------- acronym
    ("nfp", "acronym", "fred",
     ["PAYEMS", "PAYNSA"],
     "Non-farm payrolls = All Employees, Total Nonfarm. Wrong: private payrolls USPRIV, ADP, "
     "state nonfarm employment, JOLTS openings."),
    ("vix", "acronym", "fred",
     ["VIXCLS"],
     "CBOE VIX close. Wrong: VXVCLS (3-month VIX), country ETF volatility VXEWZCLS, VXEEMCLS."),
    ("sofr", "acronym", "fred",
     ["SOFR"],
     "Secured Overnight Financing Rate. Wrong: SOFR averages/index (SOFR30DAYAVG, SOFRINDEX), "
     "percentile rows SOFR1/SOFR99, EFFR."),
    ("ppi turkey", "acronym", "evds",
     ["TP.TUFE1YI.T1"],
     "Turkish domestic producer price index, general. Wrong: sub-sectors TP.TUFE1YI.T2.., "
     "non-domestic PPI (bie_ufeyd), agricultural PPI, US PPIACO."),
    ("hicp france", "acronym", "fred",
     ["CP0000FRM086NEST", "eurostat:prc_hicp_midx", "eurostat:prc_hicp_manr"],
     "French harmonised CPI, all items. Wrong: HICP sub-indices for France (CP01xx...FRM086NEST), "
     "Euro-area HICP, French national CPI."),
    ("gdp ppp china", "acronym", "weo",
     w("China", GDP_PPP) + ["wdi:NY.GDP.MKTP.PP.CD", "wdi:NY.GDP.MKTP.PP.KD",
                            "fred:CGDPOSCNA666NRUG", "fred:CGDPESCNA666NRUG"],
     "China GDP in PPP international dollars. Wrong: PPP share of world total, GDP per capita "
     "PPP, implied PPP conversion rate, Hong Kong/Taiwan rows."),
    ("ecb deposit rate", "acronym", "fred",
     ["ECBDFR"],
     "ECB deposit facility rate. Wrong: main refinancing rate ECBMRRFR, marginal lending "
     "ECBMLFR, BIS euro-area policy rate M.XM, euro-area discount rate INTDSREZM193N."),
    ("tlref", "acronym", "evds",
     ["TP.BISTTLREF.ORAN"],
     "Turkish Lira Overnight Reference Rate itself. Wrong: TLREF index closing/high/low values "
     "TP.BISTTLREF.KAPANIS/YUKSEK/DUSUK, BIST overnight repo rates."),
    ("cli turkey", "acronym", "evds",
     ["TP.CLI2.A01", "TP.CLI2.A02", "TP.CLI2.A03", "TP.OECDONCU.TURKEY"],
     "Composite leading indicator for Türkiye: CBRT CLI (trend restored, cycle or 12m change) "
     "or the OECD CLI row for Türkiye. Wrong: OECD CLI rows of other countries, real sector "
     "confidence index."),
    ("fdi turkey", "acronym", "evds",
     ["TP.ODANA6.Q15", "TP.YD109", "TP.YDYDYULKE.TWR",
      "wdi:BX.KLT.DINV.CD.WD", "wdi:BX.KLT.DINV.WD.GD.ZS"],
     "Foreign direct investment into Türkiye: BoP direct-investment liabilities, FDI flow "
     "total world, or FDI stock total. Wrong: residents' FDI abroad (bie_yiydy*, TP.ODANA6.Q14), "
     "FDI by single country rows, portfolio investment."),
    ("gni per capita kenya", "acronym", "wdi",
     ["NY.GNP.PCAP.CD", "NY.GNP.PCAP.PP.CD", "NY.GNP.PCAP.KD"],
     "Kenya GNI per capita (Atlas USD headline; PPP or constant also fine), choose Kenya in WDI. "
     "Wrong: GDP per capita NY.GDP.PCAP.*, GNI total MKTGNIKEA646NWDB, GNI per capita growth."),
    ("pce inflation", "acronym", "fred",
     ["PCEPI", "BPCERO1Q156NBEA", "PCEPILFE"],
     "US PCE price index (headline; the core PCEPILFE is an acceptable reading). Wrong: nominal "
     "PCE spending PCE, real PCE PCEC96, PCE price sub-indices (autos etc.)."),
    ("reer turkey", "acronym", "evds",
     ["TP.RK.T1.Y", "TP.RK.T2.Y", "TP.RK.T3.Y", "TP.REDKURIGM.K1", "fred:RBTRBIS"],
     "Real effective exchange rate of the lira: CBRT CPI-based (headline T1), developing/"
     "developed variants, ULC-based, or BIS real broad index. Wrong: nominal broad NBTRBIS, "
     "USD/TRY spot."),
    ("npl ratio", "acronym", "wdi",
     ["FB.AST.NPER.ZS"],
     "Bank nonperforming loans to gross loans (%). Wrong: Turkish NPL amounts "
     "TP.BFTUKKRE.L117 (levels, not ratio), US delinquency rate DRALACBS, bank capital ratios."),
    ("wti crude", "acronym", "fred",
     ["DCOILWTICO", "MCOILWTICO", "WCOILWTICO", "POILWTIUSDM"],
     "WTI crude oil spot price, any frequency. Wrong: Brent DCOILBRENTEU, gasoline prices, "
     "oil production."),

    # ---------------------------------------------------------- abbreviation
    ("us 10y yield", "abbreviation", "fred",
     ["DGS10", "GS10", "WGS10YR"],
     "10-year Treasury constant-maturity yield. Wrong: 10y breakeven T10YIE, 10y minus 2y "
     "T10Y2Y, TIPS DFII10, 10y minus fed funds T10YFF."),
    ("cpi yoy turkey", "abbreviation", "evds",
     ["TP.FG.J0"] + w("Türkiye", CPI_AVG, CPI_EOP, prefix="weo:")
     + ["fred:FPCPITOTLZGTUR", "ifs:PCPI_PC_CP_A_PT", "wdi:FP.CPI.TOTL.ZG"],
     "Turkish CPI year-on-year; EVDS headline CPI TP.FG.J0 (index from which y/y is read), "
     "or WEO/WDI annual inflation. Wrong: CPI sub-groups TP.FG.J01.., core indicators "
     "TP.FE.OKTG*, PPI TP.TUFE1YI.T1, inflation expectations."),
    ("core cpi sa", "abbreviation", "fred",
     ["CPILFESL"],
     "US CPI less food and energy, seasonally adjusted. Wrong: NSA CPILFENS, headline "
     "CPIAUCSL, core PCE PCEPILFE, sticky/median CPI."),
    ("real gdp qoq saar", "abbreviation", "fred",
     ["A191RL1Q225SBEA"],
     "US real GDP percent change from preceding quarter, SAAR. Wrong: GDPC1 level, "
     "A191RO1Q156NBEA (change from a year ago), nominal GDP."),
    ("unemp rate sa turkey", "abbreviation", "evds",
     ["TP.TIG08"],
     "Türkiye unemployment rate, seasonally adjusted (TURKSTAT via EVDS). Wrong: NSA "
     "TP.YISGUCU2.G8 (near-miss), unemployed persons TP.TIG04, participation rate TP.TIG06."),
    ("usd/try", "abbreviation", "evds",
     ["TP.DK.USD.A.YTL", "TP.DK.USD.S.YTL", "TP.DK.USD.A.EF.YTL", "TP.DK.USD.S.EF.YTL"],
     "US dollar / Turkish lira rate, CBRT buying or selling (forex or banknote). Wrong: EUR "
     "rows TP.DK.EUR.*, USD/TRY expectations TP.PKAUO.S05.*, REER."),
    ("eur/usd fx", "abbreviation", "fred",
     ["DEXUSEU", "EXUSEU", "AEXUSEU", "eurostat:ert_bil_eur_d", "eurostat:ert_bil_eur_m"],
     "Euro vs US dollar exchange rate. Wrong: EVDS EUR/TRY TP.DK.EUR.A.YTL, broad dollar "
     "index DTWEXBGS, euro-area REER."),
    ("2y tsy yield", "abbreviation", "fred",
     ["DGS2", "GS2", "WGS2YR"],
     "2-year Treasury constant-maturity yield ('tsy' = Treasury). Wrong: 10y DGS10, "
     "10y-2y spread T10Y2Y, 2-year TIPS."),
    ("10y-2y spread", "abbreviation", "fred",
     ["T10Y2Y", "T10Y2YM"],
     "10-year minus 2-year Treasury spread, daily or monthly. Wrong: T10Y3M, T10YFF, "
     "10y breakeven T10YIE."),
    ("gen govt debt % gdp italy", "abbreviation", "weo",
     w("Italy", DEBT_PCT) + ["fred:GGGDTAITA188N"] + px("eurostat", EU_DEBT),
     "Italy general government gross debt as % of GDP. Wrong: net debt, national-currency "
     "level (acceptable-ish but not asked), central government debt DEBTTLITA188A, deficit."),
    ("ca bal % gdp spain", "abbreviation", "weo",
     w("Spain", CA_PCT),
     "Spain current account balance in % of GDP. Wrong: the USD level row (units mismatch), "
     "FRED IFS current account CUAEEFESQ052N (USD level), Eurostat BoP by country."),
    ("avg hourly earnings", "abbreviation", "fred",
     ["CES0500000003", "CEU0500000003"],
     "US average hourly earnings, all employees, total private. Wrong: production & "
     "nonsupervisory AHETPI, weekly earnings, sector-level CES rows, ECI."),
    ("3m t-bill", "abbreviation", "fred",
     ["TB3MS", "DTB3", "WTB3MS"],
     "3-month Treasury bill secondary-market rate. Wrong: TB3SMFFM (minus fed funds), 6-month "
     "TB6MS, 3-month constant maturity DGS3MO (acceptable-ish), auction average TB3MA (discontinued)."),
    ("cpi core turkey", "abbreviation", "evds",
     ["TP.FE.OKTG04", "TP.FE.OKTG03"],
     "Turkish core CPI: specified-coverage indicators C (headline core) or B. Wrong: "
     "headline TP.FG.J0 or TP.FE.OKTG01, indicator A (ex seasonal) TP.FE.OKTG02, goods/"
     "services sub-groups."),
    ("ip yoy germany", "abbreviation", "eurostat",
     ["sts_inpr_m", "sts_inpr_q", "teiis080"],
     "German industrial production growth; Eurostat production-in-industry datasets (select "
     "Germany, growth-rate unit). Wrong: NBER historical German production indices in FRED, "
     "manufacturing-only teiis090, turnover datasets."),
    ("m2 sa", "abbreviation", "fred",
     ["M2SL", "M2"],
     "US M2 money stock, seasonally adjusted (monthly M2SL; discontinued weekly SA M2). "
     "Wrong: NSA M2NS/WM2NS, M2 velocity M2V, Turkish M2 TP.PR.ARZ13."),

    # --------------------------------------------------------------- turkish
    ("tüik işsizlik oranı", "turkish", "evds",
     ["TP.YISGUCU2.G8", "TP.TIG08"],
     "Türkiye unemployment rate (NSA or SA) from TURKSTAT (TÜİK). Turkish letters; bare 'işsizlik oranı' is itself an EVDS title, so the agency name is added. Wrong: unemployed persons "
     "TP.YISGUCU2.G4, employment rate G7, US UNRATE."),
    ("dolar kuru", "turkish", "evds",
     ["TP.DK.USD.A.YTL", "TP.DK.USD.S.YTL", "TP.DK.USD.A.EF.YTL", "TP.DK.USD.S.EF.YTL"],
     "USD/TRY exchange rate from CBRT. Wrong: other currencies (CAD, AUD 'dolar'), "
     "USD/TRY expectation survey rows, FX reserves."),
    ("konut fiyatlari", "turkish", "evds",
     ["TP.KFE.TR", "TP.HKFE01"],
     "House prices in Türkiye; no Turkish letters (fiyatları). Wrong: regional KFE rows, "
     "housing unit prices (bie_birimfiyat), house sales counts, US Case-Shiller."),
    ("sanayi uretimi", "turkish", "evds",
     ["TP.TSANAYMT2021.Y1", "TP.SANAYREV11.Y1"],
     "Turkish industrial production index, total industry (2021=100 current or 2015=100 "
     "earlier); no Turkish letters (üretimi). Wrong: sub-sector rows (Y2.., C_Manufacturing "
     "Y14), production per person employed, US INDPRO."),
    ("cari açık", "turkish", "evds",
     ["TP.ODANA6.Q01", "TP.ODEAYRSUNUM6.Q1", "TP.HARICCARIACIK.K1"]
     + w("Türkiye", CA_USD, CA_PCT, prefix="weo:"),
     "Türkiye current account balance ('deficit'). Wrong: gold/energy-excluded current account "
     "TP.HARICCARIACIK.K8-K10, goods balance TP.ODANA6.Q04, financial account Q13."),
    ("tüketici güveni", "turkish", "evds",
     ["TP.TG2.Y01"],
     "TURKSTAT/CBRT consumer confidence index. Wrong: survey sub-question indices in "
     "bie_mbgven2, real sector confidence TP.GY1.N2.MA, sectoral confidence."),
    ("kapasite kullanim orani", "turkish", "evds",
     ["TP.KKO2.IS.TOP", "TP.KKO.MA"],
     "Manufacturing capacity utilization rate, NSA or SA; ASCII spelling (kullanım oranı). "
     "Wrong: sector rows, FRED TCU."),
    ("gram altın fiyatı", "turkish", "evds",
     ["TP.MK.KUL.YTL"],
     "Gold bullion selling price in TRY per gram. Wrong: Cumhuriyet/Resat coin prices per "
     "piece, London ounce price in USD TP.MK.LON.YTL, CBRT gold reserves."),
    ("mevduat faizleri", "turkish", "evds",
     ["TP.TRY.MT06", "TP.MT210AGS.TRY.MT06"],
     "Weighted average interest rate on Turkish lira deposits, total (flow or stock). "
     "Wrong: single-maturity rows MT01-MT05, USD/EUR deposit rates, loan rates TP.KTF*, "
     "deposit volumes."),
    ("kredi karti harcamalari", "turkish", "evds",
     ["TP.KKHARTUT.KT1"],
     "Total debit+credit card spending (weekly, CBRT); ASCII spelling. Wrong: sector rows "
     "KT2.., transaction counts bie_kkislade, ICC payment index."),
    ("dış borç stoku", "turkish", "evds",
     ["TP.DB.B01"],
     "Türkiye gross external debt stock total. Wrong: short-term external debt rows "
     "TP.KVDB*, public sector sub-rows TP.DB.B03.., external debt service."),
    ("enflasyon beklentisi", "turkish", "evds",
     ["TP.ENFBEK.PKA12ENF", "TP.ENFBEK.IYA12ENF", "TP.ENFBEK.TEA12ENF",
      "TP.PKAUO.S01.E.U", "TP.PKAUO.S01.D.U"],
     "Inflation expectations in Türkiye (12-month-ahead from market participants, real sector "
     "or households, or year-end). Wrong: probability-distribution rows, monthly-CPI "
     "expectations S01.A-C, actual CPI TP.FG.J0, US MICH."),
    ("konut satislari", "turkish", "evds",
     ["TP.AKONUTSAT1.TOPLAM"],
     "Total house sales in Türkiye (count). ASCII spelling (satışları). Wrong: province rows "
     "TP.AKONUTSAT1.T1..T81, mortgaged/first/second-hand totals, US home sales."),
    ("butce dengesi", "turkish", "evds",
     ["TP.KB.GEN35"] + w("Türkiye", NLB_NC, NLB_PCT, prefix="weo:"),
     "Central/general budget balance of Türkiye. ASCII spelling (bütçe). Wrong: primary "
     "balance TP.KB.GEN34, cash balance GEN39, budget revenues/expenditures."),
    ("ihtiyaç kredisi faizi", "turkish", "evds",
     ["TP.KTF10", "TP.KTF101"],
     "Interest rate on personal (general purpose) TRY loans. Wrong: vehicle TP.KTF11, housing "
     "TP.KTF12, total consumer TP.KTFTUK, commercial TP.KTF17, loan volumes."),

    # -------------------------------------------------------------- one-word
    ("payrolls", "one-word", "fred",
     ["PAYEMS", "PAYNSA"],
     "US total nonfarm payrolls. Wrong: state payrolls, private payrolls USPRIV, "
     "government payrolls USGOVT."),
    ("bitcoin", "one-word", "fred",
     ["CBBTCUSD"],
     "Coinbase bitcoin price. Wrong: other Coinbase crypto (CBETHUSD, CBLTCUSD)."),
    ("brent", "one-word", "fred",
     ["DCOILBRENTEU", "MCOILBRENTEU", "WCOILBRENTEU", "POILBREUSDM", "evds:TP.BRENTPETROL.EUBP"],
     "Brent crude price, any frequency/source. Wrong: WTI DCOILWTICO, APSP average."),
    ("remittances", "one-word", "wdi",
     ["BX.TRF.PWKR.CD.DT", "BX.TRF.PWKR.DT.GD.ZS", "BX.TRF.PWKR.CD"],
     "Personal remittances received (USD or % GDP). Wrong: remittances paid "
     "BM.TRF.PWKR.CD.DT, secondary income in BoP."),
    ("gini", "one-word", "wdi",
     ["SI.POV.GINI"],
     "GINI index. Wrong: income share deciles SI.DST.*, FRED per-country SIPOVGINI* mirrors "
     "are country-specific but acceptable only with a country."),
    ("tariffs", "one-word", "wdi",
     ["TM.TAX.MRCH.WM.AR.ZS", "TM.TAX.MRCH.SM.AR.ZS", "TM.TAX.MRCH.WM.FN.ZS",
      "TM.TAX.MRCH.SM.FN.ZS"],
     "Tariff rate, all products (applied or MFN; weighted or simple). Wrong: manufactured or "
     "primary-products-only tariff rows, binding coverage, taxes on trade revenue."),
    ("euribor", "one-word", "eurostat",
     ["irt_st_m", "irt_st_q", "irt_st_a", "teimf040"],
     "Euro interbank money-market rates (Euribor lives in Eurostat money-market datasets). "
     "Wrong: EONIA EONIARATE (overnight, discontinued), ECB policy rates, long-term yields."),
    ("tourists", "one-word", "evds",
     ["TP.ODEMGZS.GTOPLAM", "wdi:ST.INT.ARVL"],
     "Number of foreign tourist arrivals (Türkiye grand total in EVDS, or WDI arrivals). "
     "Wrong: single-nationality rows TP.ODEMGZS.*, travel receipts, departures ST.INT.DPRT."),
    ("recession", "one-word", "fred",
     ["USREC", "USRECM", "USRECQ", "USRECD", "USRECP", "USRECDM", "USRECQM", "USRECDP", "USRECQP"],
     "NBER US recession indicator, any variant. Wrong: OECD-based country recession "
     "indicators (absent here), Sahm rule, unemployment rate."),
    ("yen", "one-word", "fred",
     ["DEXJPUS", "EXJPUS", "AEXJPUS"],
     "Japanese yen per US dollar. Wrong: EVDS JPY/TRY rows, Japan REER, other Asian currencies."),
    ("layoffs", "one-word", "fred",
     ["JTSLDL", "JTULDL"],
     "JOLTS layoffs and discharges, total nonfarm. Wrong: layoff rates (JTSLDR), industry "
     "rows, initial claims ICSA (plausible but different)."),
    ("case-shiller", "one-word", "fred",
     ["CSUSHPINSA", "CSUSHPISA"],
     "S&P/Case-Shiller US national home price index. Wrong: 20-city SPCS20RSA, 10-city, "
     "individual metro indices, FHFA HPI."),
    ("sentiment", "one-word", "fred",
     ["UMCSENT", "eurostat:ei_bssi_m_r2", "eurostat:teibs010"],
     "Consumer/economic sentiment: Michigan sentiment, or Eurostat economic sentiment "
     "indicator. Wrong: economic policy uncertainty, Turkish real-sector confidence."),

    # -------------------------------------------------------------- two-word
    ("youth unemployment", "two-word", "wdi",
     ["SL.UEM.1524.ZS", "SL.UEM.1524.NE.ZS", "fred:LNS14024887", "fred:LNU04024887",
      "eurostat:yth_empl_090", "eurostat:une_rt_m"],
     "Youth unemployment rate (15-24 / 16-24). Wrong: male/female-only youth rows, total "
     "unemployment SL.UEM.TOTL.ZS, NEET share."),
    ("prime rate", "two-word", "fred",
     ["DPRIME", "MPRIME", "PRIME"],
     "US bank prime loan rate. Wrong: fed funds, discount rate, commercial paper rates."),
    ("business loans", "two-word", "fred",
     ["BUSLOANS", "BUSLOANSNSA"],
     "Commercial and industrial loans, all US commercial banks. Wrong: C&I loans of small/large "
     "banks sub-aggregates, E.2 loan terms, Turkish commercial loans."),
    ("lending rate", "two-word", "ifs",
     ["FILR_PA", "wdi:FR.INR.LEND"],
     "Bank lending interest rate indicator (country-agnostic code). Wrong: deposit rate "
     "FIDR_PA / FR.INR.DPST, lending-deposit spread FR.INR.LNDP, risk premium FR.INR.RISK."),
    ("gold reserves", "two-word", "evds",
     ["TP.AB.C1", "TP.AB.B1"],
     "CBRT gold reserves (weekly or monthly, USD). Wrong: total reserves TP.AB.TOPLAM/TP.AB.B6, "
     "WDI total reserves incl. gold FI.RES.TOTL.CD (not gold alone), gold prices."),
    ("jobless claims", "two-word", "fred",
     ["ICSA", "ICNSA"],
     "US initial unemployment insurance claims. Wrong: continued claims CCSA (near-miss), "
     "state-level claims, insured unemployment rate."),
    ("housing permits", "two-word", "fred",
     ["PERMIT", "PERMITNSA"],
     "US new private housing units authorized, total ('building permits' is a Eurostat folder title, so 'housing' is used). Wrong: single-family permits PERMIT1, "
     "county/metro permit series, housing starts HOUST."),
    ("inflation expectations", "two-word", "fred",
     ["MICH", "EXPINF1YR", "T5YIE", "T10YIE", "evds:TP.ENFBEK.PKA12ENF"],
     "Inflation expectations: Michigan survey, Cleveland Fed model, breakevens, or CBRT "
     "market-participants survey. Wrong: realised CPI, expected-inflation at other horizons "
     "is acceptable in spirit but not listed exhaustively."),
    ("broad money", "two-word", "wdi",
     ["FM.LBL.BMNY.GD.ZS", "FM.LBL.BMNY.CN", "FM.LBL.BMNY.ZG", "ifs:FMB_XDC", "fred:M2SL"],
     "Broad money (level, growth or % GDP). Wrong: broad money to reserves ratio "
     "FM.LBL.BMNY.IR.ZS, M1, monetary base."),
    ("fx deposits", "two-word", "evds",
     ["TP.YPMEVD.M01", "TP.YPMEVD.M131"],
     "Total foreign-currency deposits in Türkiye (TRY or USD terms). Wrong: resident/"
     "non-resident sub-rows, FX-protected deposits TP.KKM.*, FX deposits subject to reserve "
     "requirements."),
    ("home sales", "two-word", "fred",
     ["HSN1F", "EXHOSLUSM495S", "evds:TP.AKONUTSAT1.TOPLAM"],
     "US home sales: new one-family houses sold or existing home sales. Turkish total house sales also accepted. Wrong: houses for sale "
     "HNFSUSNSA, median sales price MSPUS, Turkish provincial sales rows."),
    ("oil prices", "two-word", "fred",
     ["DCOILWTICO", "MCOILWTICO", "DCOILBRENTEU", "MCOILBRENTEU", "POILBREUSDM", "POILWTIUSDM",
      "POILAPSPUSDM", "evds:TP.BRENTPETROL.EUBP"],
     "Crude oil price benchmark (WTI, Brent, APSP), any frequency. Wrong: gasoline/heating "
     "oil, oil producer price indices, energy CPI."),
    ("electricity consumption", "two-word", "evds",
     ["TP.ELEKTUKETIM.TKT1", "wdi:EG.USE.ELEC.KH.PC"],
     "Electricity consumption: Türkiye daily consumption (TEIAS) or WDI per-capita use. "
     "Wrong: electricity production TP.ELEKTUKETIM.URT, electricity CPI, access to electricity."),

    # ---------------------------------------------------------- short-phrase
    ("10 year treasury minus fed funds", "short-phrase", "fred",
     ["T10YFF", "T10YFFM"],
     "Spread of 10y Treasury over federal funds. Wrong: T10Y2Y, T10Y3M, TB3SMFFM."),
    ("delinquency rate on bank loans", "short-phrase", "fred",
     ["DRALACBS", "DRALACBN"],
     "Delinquency rate on all loans, all US commercial banks. Wrong: by loan type "
     "(DRCCLACBS credit cards, DRSFRMACBS mortgages), charge-off rates CORALACBS."),
    ("turkey weekly fx reserves", "short-phrase", "evds",
     ["TP.AB.C2", "TP.AB.TOPLAM"],
     "CBRT gross FX reserves, weekly (FX only or FX+gold total). Wrong: monthly IIP reserves "
     "TP.AB.B2/B6 (acceptable-ish but monthly), reserves liquidity table rows, net reserves."),
    ("price of gold in lira", "short-phrase", "evds",
     ["TP.MK.KUL.YTL", "TP.MK.CUM.YTL", "TP.MK.RES.YTL"],
     "Gold price in TRY (bullion per gram, or coin prices). Wrong: London ounce in USD "
     "TP.MK.LON.YTL, gold imports/exports, gold reserves."),
    ("exports as share of gdp", "short-phrase", "wdi",
     ["NE.EXP.GNFS.ZS"],
     "Exports of goods and services, % of GDP. Wrong: exports in USD NE.EXP.GNFS.CD, export "
     "growth, merchandise exports share, imports % GDP."),
    ("cars produced in turkey", "short-phrase", "evds",
     ["TP.UR.S08"],
     "OSD automobile production (units). Wrong: trucks/buses TP.UR.S09-S14, tractors S31, "
     "motor-vehicle IP index TP.TSANAYMT2021.Y32, US vehicle production."),
    ("interest on lira deposits", "short-phrase", "evds",
     ["TP.TRY.MT06", "TP.MT210AGS.TRY.MT06"],
     "Weighted average interest rate on TRY deposits, total. Wrong: USD/EUR deposit rates, "
     "maturity rows, TLREF, loan rates."),
    ("euro area 10 year bond yields", "short-phrase", "eurostat",
     ["irt_lt_mcby_m", "irt_lt_mcby_d", "irt_lt_mcby_q", "irt_lt_mcby_a", "irt_lt_gby10_m",
      "irt_lt_gby10_a", "teimf050", "fred:INTGSBEZM193N"],
     "Long-term (10y) government bond yields for euro-area countries (EMU convergence series). "
     "Wrong: euro yield curve teimf060 (ECB curve; arguable), short-term money-market rates."),
    ("house prices across eu countries", "short-phrase", "eurostat",
     ["prc_hpi_q", "prc_hpi_a", "tipsho40", "ei_hppi_q"],
     "Eurostat house price index datasets. Wrong: owner-occupied housing price index prc_hpi_ooq, "
     "rent HICP, building permits."),
    ("consumer credit outstanding us", "short-phrase", "fred",
     ["TOTALSL", "TOTALNS"],
     "G.19 total consumer credit owned and securitized. Wrong: revolving only REVOLSL, "
     "non-revolving NONREVSL, consumer loans at banks CONSUMER."),
    ("private credit to gdp ratio", "short-phrase", "wdi",
     ["FS.AST.PRVT.GD.ZS", "FD.AST.PRVT.GD.ZS"],
     "Domestic credit to private sector (% of GDP), all financial sector or by banks. "
     "Wrong: domestic credit provided by financial sector FS.AST.DOMS.GD.ZS (includes gov), "
     "claims on central government."),
    ("labour cost index eu", "short-phrase", "eurostat",
     ["lc_lci_r2_q", "ei_lmlc_q"],
     "Eurostat labour cost index, quarterly. Wrong: labour cost levels lc_lci_lev, hourly "
     "earnings, unit labour cost in national accounts."),
    ("turkey total exports in dollars", "short-phrase", "evds",
     ["TP.IHRACATBEC.9999", "TP.IHRISICREV4.TT", "TP.ODANA6.Q02"],
     "Türkiye total exports in USD (TURKSTAT general trade system totals, or BoP goods "
     "exports). Wrong: export unit value/volume indices, chapter 71 gold exports, exports in "
     "TL from national accounts TP.GSYIH24.HY.CF, import totals."),

    # --------------------------------------------------------- country-first
    ("mexico inflation", "country-first", "weo",
     w("Mexico", CPI_AVG, CPI_EOP)
     + ["fred:FPCPITOTLZGMEX", "fred:MEXPCPIEPCH", "wdi:FP.CPI.TOTL.ZG"],
     "Mexico CPI inflation rate. Wrong: CPI index levels, Mexican peso rate, GDP deflator."),
    ("canada policy rate", "country-first", "bis",
     ["M.CA", "ifs:FPOLM_PA"],
     "Bank of Canada policy rate (BIS central-bank policy rates; IFS policy-rate code). "
     "Wrong: FRED INTDSRCAM193N discount rate (ends 2013), Canadian bond yields, US FEDFUNDS."),
    ("poland unemployment", "country-first", "weo",
     w("Poland", UNR) + px("eurostat", ["une_rt_m", "une_rt_a", "ei_lmhr_m"])
     + ["wdi:SL.UEM.TOTL.ZS", "wdi:SL.UEM.TOTL.NE.ZS", "ifs:LUR_PT"],
     "Polish unemployment rate. Wrong: youth unemployment SLUEM1524ZSPOL, employment, "
     "population."),
    ("south africa current account", "country-first", "weo",
     w("South Africa", CA_USD, CA_PCT)
     + ["fred:ZAFBCABP6GDPPT", "fred:CUAEEFZAA052N", "fred:CUAEEFZAQ052N"],
     "South Africa current account balance. Wrong: capital/financial account, trade balance, "
     "rand exchange rate."),
    ("australia house prices", "country-first", "fred",
     ["QAUN628BIS", "QAUN368BIS", "QAUR628BIS", "QAUR368BIS"],
     "BIS residential property prices for Australia (nominal or real, index or growth). "
     "Wrong: other countries' BIS property series, Case-Shiller, household credit."),
    ("china gdp growth", "country-first", "weo",
     w("China", GDP_REAL_PCH) + ["fred:CHNNGDPRPCPPPT", "wdi:NY.GDP.MKTP.KD.ZG"],
     "China real GDP growth. Wrong: Hong Kong/Taiwan REO rows, GDP in USD, GDP per capita, "
     "real total domestic demand CHNNTDDRPCPPPT."),

    # ------------------------------------------------------ misordered/odd
    ("rate unemployment germany", "misordered/odd", "weo",
     w("Germany", UNR) + px("eurostat", ["une_rt_m", "une_rt_a", "ei_lmhr_m"])
     + ["fred:DEUURAMS", "fred:DEUURAQS", "fred:DEUURNAA"],
     "German unemployment rate, words out of order. Wrong: German youth/teen rates "
     "DEUUR24NAA/DEUURTNAA, employment index DEUEIAM, US UNRATE."),
    ("debt gross general government greece", "misordered/odd", "weo",
     w("Greece", DEBT_PCT, DEBT_NC) + ["fred:GGGDTAGRC188N"] + px("eurostat", EU_DEBT),
     "Greek general government gross debt, words scrambled. Wrong: net debt, central "
     "government debt DEBTTLGRA188A (acceptable-ish), debt securities series."),
    ("rate policy uk", "misordered/odd", "bis",
     ["M.GB", "fred:BOERUKM", "fred:BOERUKQ", "fred:BOERUKA", "fred:BOEPRUKA"],
     "Bank of England policy rate, words reversed. Wrong: UK discount rate INTDSRGBM193N "
     "(ends 2013), UK T-bill rate TBDRUKM, US/euro policy rates."),
    ("index prices consumer korea", "misordered/odd", "weo",
     w("Korea", CPI_AVG_IX, CPI_EOP_IX, CPI_AVG, CPI_EOP)
     + ["fred:DDOE02KRA086NWDB", "fred:KORPCPIPCPPPT", "fred:FPCPITOTLZGKOR"],
     "Korean consumer price index (level preferred; inflation rows acceptable). Words "
     "scrambled. Wrong: GDP deflator, producer prices, won exchange rate."),
]


def main():
    assert len(Q) == 110, len(Q)
    rows = []
    for n, (question, kind, source, gold, notes) in enumerate(Q, 1):
        fields = [FIELD[source] + " (primary)"]
        for g in gold:
            if ":" in g.split("|")[0]:
                pre = g.split(":", 1)[0]
                if FIELD[pre] + " (prefix %s:)" % pre not in fields:
                    fields.append(FIELD[pre] + " (prefix %s:)" % pre)
        rows.append({
            "id": "e5-%03d" % n,
            "question": question,
            "kind": kind,
            "source": source,
            "gold_ids": gold,
            "id_field": "; ".join(fields),
            "notes": notes,
        })
    out = os.path.join(HERE, "questions-everyday5.jsonl")
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d rows to %s" % (len(rows), out))


if __name__ == "__main__":
    main()

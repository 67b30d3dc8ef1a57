#!/usr/bin/env python3
"""Writes scenarios-blind13.jsonl and spans-blind13.json.

Every user message below was typed by hand for this set; nothing is generated from templates.
Per scenario, the side keys (spans, tags, traps, wdi_traps) go to spans-blind13.json, which
validate.py reads to check coverage; the jsonl carries only id, title, turns, notes.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

def W(country, subject, units):
    return "WEOApr2024|%s|%s|%s" % (country, subject, units)

INFL = ("Inflation, average consumer prices", "Percent change")
INFL_IDX = ("Inflation, average consumer prices", "Index")
INFL_EOP = ("Inflation, end of period consumer prices", "Percent change")
GDEBT = ("General government gross debt", "Percent of GDP")
GDEBT_NC = ("General government gross debt", "National currency")
NDEBT = ("General government net debt", "Percent of GDP")
UNEMP = ("Unemployment rate", "Percent of total labor force")
CA = ("Current account balance", "Percent of GDP")
CA_USD = ("Current account balance", "U.S. dollars")
GROWTH = ("Gross domestic product, constant prices", "Percent change")
GDP_K_NC = ("Gross domestic product, constant prices", "National currency")
GDP_USD = ("Gross domestic product, current prices", "U.S. dollars")
GDP_NC = ("Gross domestic product, current prices", "National currency")
GDP_PPP = ("Gross domestic product, current prices", "Purchasing power parity; international dollars")
PC_USD = ("Gross domestic product per capita, current prices", "U.S. dollars")
PC_PPP17 = ("Gross domestic product per capita, constant prices", "Purchasing power parity; 2017 international dollar")
PC_PPP = ("Gross domestic product per capita, current prices", "Purchasing power parity; international dollars")
GAP = ("Output gap in percent of potential GDP", "Percent of potential GDP")
SAV = ("Gross national savings", "Percent of GDP")
INV = ("Total investment", "Percent of GDP")
POP = ("Population", "Persons")
NLB = ("General government net lending/borrowing", "Percent of GDP")
NLB_NC = ("General government net lending/borrowing", "National currency")
PNLB = ("General government primary net lending/borrowing", "Percent of GDP")
STRUCT = ("General government structural balance", "Percent of potential GDP")
REV = ("General government revenue", "Percent of GDP")
EXP = ("General government total expenditure", "Percent of GDP")
EXPV = ("Volume of exports of goods and services", "Percent change")

def w(country, su):
    return W(country, su[0], su[1])

S = []

# ---------------------------------------------------------------- 01
S.append(dict(
    id="b13-01", title="Türkiye real policy rate through the 2023 U-turn",
    turns=[
        dict(user="I'm on the EM desk, need Turkey's central bank policy rate next to headline CPI inflation (the TURKSTAT index, 2003=100, turned into y/y) monthly from Jan 2021 to Dec 2023.",
             needs=[["M.TR"], ["TP.FG.J0"]], actions=["search", "build_table", "derive"], frequency="M",
             derives=[{"op": "yoy_pct", "inputs": [1], "note": "annual CPI inflation from the 2003=100 index; needs 2020 values"}]),
        dict(user="ok now the ex-post real rate: policy rate minus that inflation number, same months",
             needs=[["M.TR"], ["TP.FG.J0"]], actions=["derive", "build_table"], frequency="M",
             derives=[{"op": "yoy_pct", "inputs": [1], "note": "CPI y/y again"},
                      {"op": "expression", "inputs": [0, 1], "note": "M.TR minus CPI y/y (percentage points)"}]),
        dict(user="Chart the real rate and tell me where it breaks. I expect something mid-2023 after the new team came in.",
             needs=[["M.TR"], ["TP.FG.J0"]], actions=["derive", "changepoints", "chart"], frequency="M",
             derives=[{"op": "yoy_pct", "inputs": [1], "note": "CPI y/y"},
                      {"op": "expression", "inputs": [0, 1], "note": "real rate = policy rate - CPI y/y"}]),
    ],
    notes="CPI observations exist only 2020-01..2025-10 (TURKSTAT file, evds_equivalent TP.FG.J0), so y/y starts 2021-01. Trap: TP.FE.OKTG01 (CPI with specified coverage, a near twin index) and TP.FG.J01 (food CPI). The TURKSTAT file's own yoy_pct block has no EVDS code; deriving from the index is the intended path. Policy rate 8.5% until May 2023, 42.5% by Dec 2023; real rate deeply negative in 2022 (CPI y/y above 80% in Oct 2022), the break is from June 2023 when hikes start.",
    spans=[["2021-01", "2023-12"], ["2021-01", "2023-12"], ["2021-01", "2023-12"]],
    tags=["refer_back", "twin"], traps=["TP.FE.OKTG01", "TP.FG.J01"]))

# ---------------------------------------------------------------- 02
S.append(dict(
    id="b13-02", title="US jobs: unemployment rate and payroll changes around Covid",
    turns=[
        dict(user="pull US unemployment rate + total nonfarm payrolls, seasonally adjusted pls, 2018 thru 2023",
             needs=[["UNRATE"], ["PAYEMS"]], actions=["search", "build_table"], frequency="M"),
        dict(user="Payrolls as a monthly change instead of the level (thousands of jobs added/lost). Keep the jobless rate alongside.",
             needs=[["UNRATE"], ["PAYEMS"]], actions=["derive", "build_table"], frequency="M",
             derives=[{"op": "diff", "inputs": [1], "note": "month-on-month change in PAYEMS, thousands"}]),
        dict(user="where are the structural breaks in the unemployment rate? a chart with both would help",
             needs=[["UNRATE"], ["PAYEMS"]], actions=["changepoints", "chart", "derive"], frequency="M",
             derives=[{"op": "diff", "inputs": [1], "note": "payroll change kept for the chart"}]),
    ],
    notes="SA vs NSA twins: UNRATENSA and PAYNSA have the same titles in the FRED catalog but are not seasonally adjusted (and have no observation file). April 2020: UNRATE 14.8, payrolls fall by roughly 20 million; the diff needs Dec 2017. Change points at 2020-04 and the recovery in 2020-2021.",
    spans=[["2018-01", "2023-12"], ["2018-01", "2023-12"], ["2018-01", "2023-12"]],
    tags=["refer_back", "twin"], traps=["UNRATENSA", "PAYNSA"]))

# ---------------------------------------------------------------- 03
S.append(dict(
    id="b13-03", title="Gross vs net government debt in high-debt economies",
    turns=[
        dict(user="For a piece on sovereign debt: general government gross debt as % of GDP for Italy, Greece, Japan and the United States, 2007 to 2023, IMF WEO numbers.",
             needs=[[w("Italy", GDEBT)], [w("Greece", GDEBT)], [w("Japan", GDEBT)], [w("United States", GDEBT)]],
             actions=["search", "build_table", "chart"], frequency="A"),
        dict(user="Can you add net debt (also % of GDP) for the same four? Keep the gross ones. If one of them has no net debt figures just tell me and leave it out.",
             needs=[[w("Italy", GDEBT)], [w("Greece", GDEBT)], [w("Japan", GDEBT)], [w("United States", GDEBT)],
                    [w("Italy", NDEBT)], [w("Japan", NDEBT)], [w("United States", NDEBT)]],
             actions=["search", "build_table"], frequency="A"),
        dict(user="gross minus net for each country that has both please - the gap is basically govt financial assets, right? chart the gaps",
             needs=[[w("Italy", GDEBT)], [w("Japan", GDEBT)], [w("United States", GDEBT)],
                    [w("Italy", NDEBT)], [w("Japan", NDEBT)], [w("United States", NDEBT)]],
             actions=["derive", "chart"], frequency="A",
             derives=[{"op": "spread", "inputs": [0, 3], "note": "Italy gross - net"},
                      {"op": "spread", "inputs": [1, 4], "note": "Japan gross - net"},
                      {"op": "spread", "inputs": [2, 5], "note": "US gross - net"}]),
    ],
    notes="Unit twin: the same subjects in 'National currency' (billions) must not be used; e.g. WEOApr2024|Japan|General government gross debt|National currency. Japan gross debt above 250% of GDP from 2020 (258.3 in 2020); Greece peaks at 213 in 2020. Japan has the widest gross-net gap. Greece's net debt row (WEOApr2024|Greece|General government net debt|Percent of GDP) exists but is entirely empty: the system should say so rather than fabricate it. WDI GC.DOD.TOTL.GD.ZS is central government debt with no observations here.",
    spans=[["2007", "2023"], ["2007", "2023"], ["2007", "2023"]],
    tags=["refer_back", "twin"], traps=[w("Japan", GDEBT_NC), w("Italy", GDEBT_NC), w("Greece", NDEBT)], wdi_traps=["GC.DOD.TOTL.GD.ZS"]))

# ---------------------------------------------------------------- 04
S.append(dict(
    id="b13-04", title="Latin American hiking cycles vs the Fed",
    turns=[
        dict(user="LatAm policy rates — Brazil, Chile, Colombia, Mexico, Peru — monthly 2019-2023, one chart. BIS data is fine.",
             needs=[["M.BR"], ["M.CL"], ["M.CO"], ["M.MX"], ["M.PE"]], actions=["search", "build_table", "chart"], frequency="M"),
        dict(user="Who moved first? Run change point detection on each of them.",
             needs=[["M.BR"], ["M.CL"], ["M.CO"], ["M.MX"], ["M.PE"]], actions=["changepoints"], frequency="M"),
        dict(user="Add the US policy rate and give me Brazil minus US and Mexico minus US as spreads.",
             needs=[["M.BR"], ["M.CL"], ["M.CO"], ["M.MX"], ["M.PE"], ["M.US"]], actions=["search", "derive", "build_table"], frequency="M",
             derives=[{"op": "spread", "inputs": [0, 5], "note": "Brazil - US"},
                      {"op": "spread", "inputs": [3, 5], "note": "Mexico - US"}]),
    ],
    notes="Brazil starts hiking in March 2021 from 2%, reaching 13.75% by Aug 2022; Chile from mid-2021 to 11.25%; US hikes only from March 2022, so the Brazil-US spread peaks in 2022 and narrows later. M.US is the BIS policy rate; FEDFUNDS (effective rate) is an acceptable-looking but different series (effective rate, not the policy target) and is not in the needs.",
    spans=[["2019-01", "2023-12"], ["2019-01", "2023-12"], ["2019-01", "2023-12"]],
    tags=["refer_back"]))

# ---------------------------------------------------------------- 05
S.append(dict(
    id="b13-05", title="Reconciling FRED and IFS US nominal GDP",
    turns=[
        dict(user="quick sanity check for our data pipeline: US nominal GDP from FRED and the IMF IFS seasonally adjusted nominal GDP in domestic currency, quarterly, 2010Q1-2023Q3",
             needs=[["GDP"], ["NGDP_SA_XDC.US"]], actions=["search", "build_table"], frequency="Q"),
        dict(user="They're in different units I think. FRED is billions at an annual rate, IFS looks like millions per quarter? compute FRED*1000 / (IFS*4) so we can see if it's ~1",
             needs=[["GDP"], ["NGDP_SA_XDC.US"]], actions=["derive", "build_table"], frequency="Q",
             derives=[{"op": "expression", "inputs": [0, 1], "note": "GDP*1000/(NGDP_SA_XDC.US*4); ratio near 1 if units are read right"}]),
        dict(user="plot that ratio. any jumps = benchmark revisions probably",
             needs=[["GDP"], ["NGDP_SA_XDC.US"]], actions=["derive", "chart", "changepoints"], frequency="Q",
             derives=[{"op": "expression", "inputs": [0, 1], "note": "same ratio"}]),
    ],
    notes="Unit-scaling trap: FRED GDP is billions of dollars SAAR; IFS NGDP_SA_XDC.US is millions at a quarterly (not annualised) rate, e.g. 2023Q3 IFS 6,902,532 (millions, one quarter) vs FRED 27,967.7 (billions SAAR): 27,967.7*1000/(6,902,532*4) = 1.013. Real twins: GDPC1 (FRED real GDP) and NGDP_R_SA_XDC.US (IFS real GDP, no observations). Ratio should sit close to 1; small deviations reflect vintage differences.",
    spans=[["2010-Q1", "2023-Q3"], ["2010-Q1", "2023-Q3"], ["2010-Q1", "2023-Q3"]],
    tags=["refer_back", "twin"], traps=["GDPC1", "NGDP_R_SA_XDC.US"]))

# ---------------------------------------------------------------- 06
S.append(dict(
    id="b13-06", title="Federal debt to GDP, built by hand, plus the funds rate",
    turns=[
        dict(user="I need US federal debt (total public debt outstanding) divided by nominal GDP, quarterly since 2000. Compute it yourself from the two series, don't grab a ready-made ratio.",
             needs=[["GFDEBTN"], ["GDP"]], actions=["search", "build_table", "derive"], frequency="Q",
             derives=[{"op": "expression", "inputs": [0, 1], "note": "GFDEBTN (millions) / (GDP (billions SAAR) * 1000) * 100 = percent of annualised GDP"}]),
        dict(user="Now put the effective fed funds rate next to it, averaged to quarters.",
             needs=[["GFDEBTN"], ["GDP"], ["FEDFUNDS"]], actions=["search", "convert", "build_table", "derive"], frequency="Q",
             derives=[{"op": "expression", "inputs": [0, 1], "note": "debt ratio kept"}]),
        dict(user="change points in the debt ratio please, and a two-panel chart (ratio, FF rate). I'd guess 2008-09 and 2020Q2",
             needs=[["GFDEBTN"], ["GDP"], ["FEDFUNDS"]], actions=["convert", "changepoints", "chart", "derive"], frequency="Q",
             derives=[{"op": "expression", "inputs": [0, 1], "note": "debt ratio"}]),
    ],
    notes="Scale trap: GFDEBTN is in millions, GDP in billions at an annual rate; forgetting x1000 gives ratios of ~100,000%. Ready-made GFDEGDQ188S exists in the catalog but has no observations and the user asked not to use it. Ratio about 57.7% in 2000Q1, 105.8% in 2019Q4 and 132.8% in 2020Q2 (GDP collapse plus debt surge). FEDFUNDS is monthly and must be averaged to quarters. Daily DFF is a twin with no observations.",
    spans=[["2000-Q1", "2025-Q1"], ["2000-Q1", "2025-Q1"], ["2000-Q1", "2025-Q1"]],
    tags=["refer_back", "twin"], traps=["GFDEGDQ188S", "DFF"]))

# ---------------------------------------------------------------- 07
S.append(dict(
    id="b13-07", title="Southern Europe unemployment: ILO quarterly vs WEO annual",
    turns=[
        dict(user="Hi! I'm writing my master's thesis on labour markets after the euro crisis. Could I get the quarterly ILO unemployment rates for Spain, Portugal and Italy from 2008 Q1 to 2019 Q4?",
             needs=[["ilo:ESP"], ["ilo:PRT"], ["ilo:ITA"]], actions=["search", "build_table", "chart"], frequency="Q"),
        dict(user="My supervisor wants me to cross-check with the IMF WEO unemployment rate for the same three. Can you put them all in one annual table (average the quarters)?",
             needs=[["ilo:ESP"], ["ilo:PRT"], ["ilo:ITA"], [w("Spain", UNEMP)], [w("Portugal", UNEMP)], [w("Italy", UNEMP)]],
             actions=["search", "convert", "build_table"], frequency="A"),
        dict(user="and the difference ILO minus WEO for each country? hopefully close to zero",
             needs=[["ilo:ESP"], ["ilo:PRT"], ["ilo:ITA"], [w("Spain", UNEMP)], [w("Portugal", UNEMP)], [w("Italy", UNEMP)]],
             actions=["convert", "derive", "build_table"], frequency="A",
             derives=[{"op": "spread", "inputs": [0, 3], "note": "Spain ILO annual avg - WEO"},
                      {"op": "spread", "inputs": [1, 4], "note": "Portugal"},
                      {"op": "spread", "inputs": [2, 5], "note": "Italy"}]),
    ],
    notes="Greece was left out on purpose: its ILO column has gaps. Spain peaks near 26-27% in 2013. Trap: WEO 'Employment|Persons' (millions) is not a rate; WDI SL.UEM.TOTL.ZS has no observations. Differences ILO-WEO should be within a few tenths.",
    spans=[["2008-Q1", "2019-Q4"], ["2008", "2019"], ["2008", "2019"]],
    tags=["refer_back", "twin"], traps=[w("Spain", ("Employment", "Persons"))], wdi_traps=["SL.UEM.TOTL.ZS"]))

# ---------------------------------------------------------------- 08
S.append(dict(
    id="b13-08", title="Türkiye: policy rate, inflation and unemployment, annual",
    turns=[
        dict(user="türkiye annual view 2006-2019: BIS policy rate (annual avg), WEO avg CPI inflation, ILO unemployment (annual avg of the quarters)",
             needs=[["M.TR"], [w("Türkiye", INFL)], ["ilo:TUR"]], actions=["search", "convert", "build_table"], frequency="A"),
        dict(user="Add the real policy rate, i.e. policy minus inflation.",
             needs=[["M.TR"], [w("Türkiye", INFL)], ["ilo:TUR"]], actions=["convert", "derive", "build_table"], frequency="A",
             derives=[{"op": "spread", "inputs": [0, 1], "note": "annual average policy rate - WEO average inflation"}]),
        dict(user="chart all three + breaks in the unemployment series",
             needs=[["M.TR"], [w("Türkiye", INFL)], ["ilo:TUR"]], actions=["convert", "chart", "changepoints"], frequency="A"),
    ],
    notes="Mixed sources and frequencies (BIS monthly, WEO annual, ILO quarterly). Twins: WEO 'Inflation, average consumer prices|Index' and the end-of-period percent change row. Unemployment jumps in 2009 (ILO ~13-14%) and again in 2019. WEO Türkiye output gap row exists but is empty (no observations).",
    spans=[["2006", "2019"], ["2006", "2019"], ["2006", "2019"]],
    tags=["refer_back", "twin"], traps=[w("Türkiye", INFL_IDX), w("Türkiye", INFL_EOP), w("Türkiye", GAP)]))

# ---------------------------------------------------------------- 09
S.append(dict(
    id="b13-09", title="Current-account surplus economies",
    turns=[
        dict(user="current account balance in % of GDP — Korea, Japan, Germany, China — 2000–2023, WEO",
             needs=[[w("Korea", CA)], [w("Japan", CA)], [w("Germany", CA)], [w("China", CA)]], actions=["search", "build_table", "chart"], frequency="A"),
        dict(user="Actually I need them in US dollars (billions) for the same countries, not % of GDP. Swap them out.",
             needs=[[w("Korea", CA_USD)], [w("Japan", CA_USD)], [w("Germany", CA_USD)], [w("China", CA_USD)]], actions=["search", "build_table"], frequency="A"),
        dict(user="for South Korea, divide the dollar balance by GDP in current US dollars to check it against the published %-of-GDP figure",
             needs=[[w("Korea", CA_USD)], [w("Korea", GDP_USD)], [w("Korea", CA)]], actions=["search", "derive", "build_table"], frequency="A",
             derives=[{"op": "ratio", "inputs": [0, 1], "note": "CA USD bn / GDP USD bn, x100 to compare with the percent row"}]),
    ],
    notes="Unit twins throughout: 'Percent of GDP' vs 'U.S. dollars' rows of the same subject. Turn 2 replaces the percent rows. China's surplus peaks near 10% of GDP in 2007; Germany above 8% in 2015-2016. Turn 3: GDP must be current prices in U.S. dollars, not PPP international dollars (WEOApr2024|Korea|Gross domestic product, current prices|Purchasing power parity; international dollars) nor national currency.",
    spans=[["2000", "2023"], ["2000", "2023"], ["2000", "2023"]],
    tags=["refer_back", "twin"], traps=[w("Korea", GDP_PPP), w("Korea", GDP_NC)], wdi_traps=["BN.CAB.XOKA.GD.ZS"]))

# ---------------------------------------------------------------- 10
S.append(dict(
    id="b13-10", title="Bank credit risk: delinquencies and loan books",
    turns=[
        dict(user="Risk team here. Delinquency rate on all loans at US commercial banks, SA, quarterly from 1991 through 2019. Flag any regime changes.",
             needs=[["DRALACBS"]], actions=["search", "build_table", "changepoints"], frequency="Q"),
        dict(user="Add C&I loans and consumer loans (all commercial banks, SA) converted to quarterly so they line up with the delinquency series.",
             needs=[["DRALACBS"], ["BUSLOANS"], ["CONSUMER"]], actions=["search", "convert", "build_table"], frequency="Q"),
        dict(user="what share of (C&I + consumer) is consumer credit each quarter? and chart that share with the delinquency rate",
             needs=[["DRALACBS"], ["BUSLOANS"], ["CONSUMER"]], actions=["convert", "derive", "chart"], frequency="Q",
             derives=[{"op": "expression", "inputs": [2, 1], "note": "CONSUMER / (BUSLOANS + CONSUMER) * 100"}]),
    ],
    notes="DRALACBS observations end 2019Q4; loans end 2020-02, so 2019 is the last full year. NSA twins DRALACBN, BUSLOANSNSA, CONSUMERNSA. Delinquencies peak near 7.4% in 2010Q1 and fall to ~1.4% by 2019. Monthly loans must be averaged to quarters.",
    spans=[["1991-Q1", "2019-Q4"], ["1991-Q1", "2019-Q4"], ["1991-Q1", "2019-Q4"]],
    tags=["refer_back", "twin"], traps=["DRALACBN", "BUSLOANSNSA", "CONSUMERNSA"]))

# ---------------------------------------------------------------- 11
S.append(dict(
    id="b13-11", title="Yield curve inversion signals",
    turns=[
        dict(user="10y minus 3m treasury spread and 10y minus fed funds, daily, 2005 to 2019",
             needs=[["T10Y3M"], ["T10YFF"]], actions=["search", "build_table"], frequency="D"),
        dict(user="too noisy. Monthly averages please, and mark the change points in each.",
             needs=[["T10Y3M"], ["T10YFF"]], actions=["convert", "changepoints", "build_table"], frequency="M"),
        dict(user="Overlay the effective fed funds rate (monthly) on the same chart as the two monthly spreads.",
             needs=[["T10Y3M"], ["T10YFF"], ["FEDFUNDS"]], actions=["search", "convert", "chart"], frequency="M"),
    ],
    notes="T10Y3MM is the monthly twin of T10Y3M in the FRED catalog but has no observations; the intended path is converting the daily series. Daily files contain '.' gaps for holidays. Both spreads invert in 2006-07 and again in 2019 (T10Y3M negative mid-2019). DFF daily fed funds is another no-observation twin.",
    spans=[["2005-01-03", "2019-12-31"], ["2005-01", "2019-12"], ["2005-01", "2019-12"]],
    tags=["refer_back", "twin"], traps=["T10Y3MM", "DFF"]))

# ---------------------------------------------------------------- 12
S.append(dict(
    id="b13-12", title="EUR/USD and the Fed–ECB policy gap",
    turns=[
        dict(user="Could you get me the dollar-euro exchange rate (USD per EUR) and the policy rates of the Fed and the ECB/euro area, 2010-2019? Monthly is fine, average the daily FX.",
             needs=[["DEXUSEU"], ["M.US"], ["M.XM"]], actions=["search", "convert", "build_table"], frequency="M"),
        dict(user="spread: US minus euro area policy rate",
             needs=[["DEXUSEU"], ["M.US"], ["M.XM"]], actions=["convert", "derive", "build_table"], frequency="M",
             derives=[{"op": "spread", "inputs": [1, 2], "note": "M.US - M.XM"}]),
        dict(user="Chart the spread against EUR/USD, two axes. Does the euro's fall in 2014-15 line up with a break in the spread?",
             needs=[["DEXUSEU"], ["M.US"], ["M.XM"]], actions=["convert", "derive", "chart", "changepoints"], frequency="M",
             derives=[{"op": "spread", "inputs": [1, 2], "note": "same spread"}]),
    ],
    notes="EXUSEU is the monthly FRED twin (no observations); the daily DEXUSEU must be averaged. Mixed sources and frequencies (FRED daily, BIS monthly). EUR/USD monthly average falls from 1.359 (June 2014) to 1.082 (March 2015); the spread widens as the Fed hikes from Dec 2015 (0.375) while the euro-area rate is 0.05 and then 0 from March 2016.",
    spans=[["2010-01", "2019-12"], ["2010-01", "2019-12"], ["2010-01", "2019-12"]],
    tags=["refer_back", "twin"], traps=["EXUSEU"]))

# ---------------------------------------------------------------- 13
S.append(dict(
    id="b13-13", title="Emerging Asia real GDP growth",
    turns=[
        dict(user="Real GDP growth (annual % change, constant prices) for India, China, Indonesia, Vietnam and the Philippines, 2010-2023, from the IMF WEO.",
             needs=[[w("India", GROWTH)], [w("China", GROWTH)], [w("Indonesia", GROWTH)], [w("Vietnam", GROWTH)], [w("Philippines", GROWTH)]],
             actions=["search", "build_table"], frequency="A"),
        dict(user="Line chart of those five pls",
             needs=[[w("India", GROWTH)], [w("China", GROWTH)], [w("Indonesia", GROWTH)], [w("Vietnam", GROWTH)], [w("Philippines", GROWTH)]],
             actions=["chart"], frequency="A"),
        dict(user="india only — any breaks in trend growth over the period?",
             needs=[[w("India", GROWTH)]], actions=["changepoints"], frequency="A"),
    ],
    notes="Twin: 'Gross domestic product, constant prices|National currency' is the level, not growth; 'per capita, constant prices' rows are per person. 2020 is negative for India (about -5.8) and the Philippines (about -9.5); China stays positive. WDI NY.GDP.MKTP.KD.ZG has no observations.",
    spans=[["2010", "2023"], ["2010", "2023"], ["2010", "2023"]],
    tags=["refer_back", "twin"], traps=[w("India", GDP_K_NC), w("China", GDP_K_NC)], wdi_traps=["NY.GDP.MKTP.KD.ZG"]))

# ---------------------------------------------------------------- 14
S.append(dict(
    id="b13-14", title="Saving rate, inflation and the real fed funds rate",
    turns=[
        dict(user="For my macro class: America's personal saving rate and CPI inflation (all items, SA, year-over-year) monthly 1990–2019",
             needs=[["PSAVERT"], ["CPIAUCSL"]], actions=["search", "build_table", "derive"], frequency="M",
             derives=[{"op": "yoy_pct", "inputs": [1], "note": "CPI y/y needs 1989"}]),
        dict(user="does the saving rate have structural breaks in there?",
             needs=[["PSAVERT"]], actions=["changepoints"], frequency="M"),
        dict(user="Last one: add the effective fed funds rate and compute the real rate = FF minus that CPI inflation. chart it",
             needs=[["PSAVERT"], ["CPIAUCSL"], ["FEDFUNDS"]], actions=["search", "derive", "chart"], frequency="M",
             derives=[{"op": "yoy_pct", "inputs": [1], "note": "CPI y/y"},
                      {"op": "expression", "inputs": [2, 1], "note": "FEDFUNDS - CPI y/y"}]),
    ],
    notes="SA twin CPIAUCNS (same title, NSA). Saving rate 7.9 in Jan 1990, trough 1.4 in July 2005 (this vintage), higher again after 2008. Real rate negative 2002-2004 and most of 2009-2019.",
    spans=[["1990-01", "2019-12"], ["1990-01", "2019-12"], ["1990-01", "2019-12"]],
    tags=["refer_back", "twin"], traps=["CPIAUCNS"]))

# ---------------------------------------------------------------- 15
S.append(dict(
    id="b13-15", title="Money growth vs inflation (monetarist check)",
    turns=[
        dict(user="M2 money stock and headline CPI, monthly, 2000-2019. M2 is weekly I think so average it to months.",
             needs=[["M2"], ["CPIAUCSL"]], actions=["search", "convert", "build_table"], frequency="M"),
        dict(user="Turn both into 12-month growth rates and give me M2 growth minus CPI inflation.",
             needs=[["M2"], ["CPIAUCSL"]], actions=["convert", "derive", "build_table"], frequency="M",
             derives=[{"op": "yoy_pct", "inputs": [0], "note": "M2 y/y, needs 1999"},
                      {"op": "yoy_pct", "inputs": [1], "note": "CPI y/y"},
                      {"op": "expression", "inputs": [0, 1], "note": "M2 y/y - CPI y/y"}]),
        dict(user="chart + changepoints for that excess money growth line",
             needs=[["M2"], ["CPIAUCSL"]], actions=["convert", "derive", "chart", "changepoints"], frequency="M",
             derives=[{"op": "yoy_pct", "inputs": [0], "note": "M2 y/y"},
                      {"op": "yoy_pct", "inputs": [1], "note": "CPI y/y"},
                      {"op": "expression", "inputs": [0, 1], "note": "excess money growth"}]),
    ],
    notes="The M2 observation file is the weekly 'M2 (DISCONTINUED)' series (ends 2020-02-24). M2SL (monthly SA) and WM2NS (weekly NSA) are twins with no observation files here. Excess money growth peaks at about 10.6 pp in July 2009 and is slightly negative in 2005 (about -0.7 in Sept 2005).",
    spans=[["2000-01", "2019-12"], ["2000-01", "2019-12"], ["2000-01", "2019-12"]],
    tags=["refer_back", "twin"], traps=["M2SL", "WM2NS", "M2NS"]))

# ---------------------------------------------------------------- 16
S.append(dict(
    id="b13-16", title="Prime rate markup over fed funds",
    turns=[
        dict(user="bank prime loan rate vs effective FFR 1990-2019 monthly, prime is daily so avg it",
             needs=[["DPRIME"], ["FEDFUNDS"]], actions=["search", "convert", "build_table"], frequency="M"),
        dict(user="What's the markup (prime minus FF)? Table it and look for breaks - I've heard it's pinned at 3 points since the 90s.",
             needs=[["DPRIME"], ["FEDFUNDS"]], actions=["convert", "derive", "changepoints"], frequency="M",
             derives=[{"op": "spread", "inputs": [0, 1], "note": "prime - fed funds"}]),
        dict(user="And add business loans growth y/y (C&I, SA) to see if the markup matters for lending. chart all.",
             needs=[["DPRIME"], ["FEDFUNDS"], ["BUSLOANS"]], actions=["search", "convert", "derive", "chart"], frequency="M",
             derives=[{"op": "spread", "inputs": [0, 1], "note": "markup"},
                      {"op": "yoy_pct", "inputs": [2], "note": "C&I loans y/y, needs 1989"}]),
    ],
    notes="MPRIME is the monthly twin with no observations. Markup is 3.0 pp from the mid-1990s (June 1995: 3.00; June 2005: 2.97); slightly above 3 at the zero lower bound (June 2012: 3.09) and 3.12 in June 2019. BUSLOANSNSA is an NSA twin.",
    spans=[["1990-01", "2019-12"], ["1990-01", "2019-12"], ["1990-01", "2019-12"]],
    tags=["refer_back", "twin"], traps=["MPRIME", "BUSLOANSNSA"]))

# ---------------------------------------------------------------- 17
S.append(dict(
    id="b13-17", title="Home equity lines vs consumer loans",
    turns=[
        dict(user="revolving home equity loans at commercial banks (seasonally adjusted, weekly) from 2005 to 2019 — show me the table",
             needs=[["RHEACBW027SBOG"]], actions=["search", "build_table"], frequency="W"),
        dict(user="Can you make that monthly and add a y/y growth column? Want to see when the HELOC book started shrinking.",
             needs=[["RHEACBW027SBOG"]], actions=["convert", "derive", "changepoints"], frequency="M",
             derives=[{"op": "yoy_pct", "inputs": [0], "note": "HELOC y/y, needs 2004"}]),
        dict(user="Also HELOCs as a ratio to consumer loans at all commercial banks, monthly. Chart the ratio.",
             needs=[["RHEACBW027SBOG"], ["CONSUMER"]], actions=["search", "convert", "derive", "chart"], frequency="M",
             derives=[{"op": "ratio", "inputs": [0, 1], "note": "HELOC / consumer loans (both billions)"}]),
    ],
    notes="NSA twin RHEACBW027NBOG. HELOC balances peak at $611.6bn (May 2009) and shrink afterwards; the ratio to consumer loans falls from about 0.58 in early 2005 to about 0.2 by end-2019. Weekly observations start 1987 and end 2020-03.",
    spans=[["2005-01", "2019-12"], ["2005-01", "2019-12"], ["2005-01", "2019-12"]],
    tags=["refer_back", "twin"], traps=["RHEACBW027NBOG", "CONSUMERNSA"]))

# ---------------------------------------------------------------- 18
S.append(dict(
    id="b13-18", title="The Great Recession in output and jobs",
    turns=[
        dict(user="industrial production index (total, SA) and nonfarm payrolls for the US, Jan 2007 - Dec 2012",
             needs=[["INDPRO"], ["PAYEMS"]], actions=["search", "build_table"], frequency="M"),
        dict(user="rebase both to Dec 2007 = 100 so I can compare the depth of the drop",
             needs=[["INDPRO"], ["PAYEMS"]], actions=["derive", "build_table", "chart"], frequency="M",
             derives=[{"op": "index", "inputs": [0], "note": "INDPRO 2007-12=100"},
                      {"op": "index", "inputs": [1], "note": "PAYEMS 2007-12=100"}]),
        dict(user="now run changepoints on the rebased IP line",
             needs=[["INDPRO"]], actions=["derive", "changepoints"], frequency="M",
             derives=[{"op": "index", "inputs": [0], "note": "INDPRO rebased"}]),
    ],
    notes="NSA twin IPB50001N (same title). Two INDPRO observation files exist (2020 vintage from 1919 and 2025 vintage from 1966); both are INDPRO. IP falls ~17% to mid-2009 while payrolls fall ~6% to early 2010.",
    spans=[["2007-01", "2012-12"], ["2007-01", "2012-12"], ["2007-01", "2012-12"]],
    tags=["refer_back", "twin"], traps=["IPB50001N", "PAYNSA"]))

# ---------------------------------------------------------------- 19
S.append(dict(
    id="b13-19", title="Headline vs core CPI inflation",
    turns=[
        dict(user="Headline and core (ex food & energy) CPI, both seasonally adjusted, as yoy %, Jan 2000 to Dec 2019.",
             needs=[["CPIAUCSL"], ["CPILFESL"]], actions=["search", "derive", "build_table"], frequency="M",
             derives=[{"op": "yoy_pct", "inputs": [0], "note": "headline y/y"}, {"op": "yoy_pct", "inputs": [1], "note": "core y/y"}]),
        dict(user="headline minus core = energy/food contribution-ish. table + chart",
             needs=[["CPIAUCSL"], ["CPILFESL"]], actions=["derive", "chart"], frequency="M",
             derives=[{"op": "yoy_pct", "inputs": [0], "note": "headline y/y"}, {"op": "yoy_pct", "inputs": [1], "note": "core y/y"},
                      {"op": "expression", "inputs": [0, 1], "note": "headline y/y - core y/y"}]),
        dict(user="Same gap but as quarterly averages, and where are its change points?",
             needs=[["CPIAUCSL"], ["CPILFESL"]], actions=["convert", "derive", "changepoints"], frequency="Q",
             derives=[{"op": "yoy_pct", "inputs": [0], "note": "headline y/y"}, {"op": "yoy_pct", "inputs": [1], "note": "core y/y"},
                      {"op": "expression", "inputs": [0, 1], "note": "gap, then averaged to quarters"}]),
    ],
    notes="CPILFESL observations stop at 2020-01, so the span ends 2019. NSA twins CPIAUCNS, CPILFENS. The gap peaks at about +3.0 pp (July 2008) and bottoms at about -3.5 pp (July 2009).",
    spans=[["2000-01", "2019-12"], ["2000-01", "2019-12"], ["2000-Q1", "2019-Q4"]],
    tags=["refer_back", "twin"], traps=["CPIAUCNS", "CPILFENS"]))

# ---------------------------------------------------------------- 20
S.append(dict(
    id="b13-20", title="Fiscal balances: headline, primary, structural",
    turns=[
        dict(user="UK, France, Germany and USA — general government net lending/borrowing as % of GDP, and the primary balance (also % GDP), 2008-2023",
             needs=[[w("United Kingdom", NLB)], [w("France", NLB)], [w("Germany", NLB)], [w("United States", NLB)],
                    [w("United Kingdom", PNLB)], [w("France", PNLB)], [w("Germany", PNLB)], [w("United States", PNLB)]],
             actions=["search", "build_table"], frequency="A"),
        dict(user="primary minus overall for each, that's roughly net interest, yeah? chart those four lines",
             needs=[[w("United Kingdom", NLB)], [w("France", NLB)], [w("Germany", NLB)], [w("United States", NLB)],
                    [w("United Kingdom", PNLB)], [w("France", PNLB)], [w("Germany", PNLB)], [w("United States", PNLB)]],
             actions=["derive", "chart"], frequency="A",
             derives=[{"op": "spread", "inputs": [4, 0], "note": "UK primary - overall"},
                      {"op": "spread", "inputs": [5, 1], "note": "France"},
                      {"op": "spread", "inputs": [6, 2], "note": "Germany"},
                      {"op": "spread", "inputs": [7, 3], "note": "US"}]),
        dict(user="drop the primary balances, add the structural balance (% of potential GDP) for the 4 instead",
             needs=[[w("United Kingdom", NLB)], [w("France", NLB)], [w("Germany", NLB)], [w("United States", NLB)],
                    [w("United Kingdom", STRUCT)], [w("France", STRUCT)], [w("Germany", STRUCT)], [w("United States", STRUCT)]],
             actions=["search", "build_table", "chart"], frequency="A"),
    ],
    notes="Unit twins: the 'National currency' rows of net lending/borrowing and primary balance; structural balance is 'Percent of potential GDP' and has a National currency twin. US deficit about -14% of GDP in 2020. Germany runs surpluses 2014-2019.",
    spans=[["2008", "2023"], ["2008", "2023"], ["2008", "2023"]],
    tags=["refer_back", "twin"], traps=[w("United Kingdom", NLB_NC), w("Germany", ("General government structural balance", "National currency"))]))

# ---------------------------------------------------------------- 21
S.append(dict(
    id="b13-21", title="Nordic policy rates and the euro peg",
    turns=[
        dict(user="Scandi + Iceland central bank rates (Sweden, Norway, Denmark, Iceland), monthly, from 2015 up to end-2023.",
             needs=[["M.SE"], ["M.NO"], ["M.DK"], ["M.IS"]], actions=["search", "build_table", "chart"], frequency="M"),
        dict(user="Add the euro area rate and compute Denmark minus euro area — should hug zero given the peg.",
             needs=[["M.SE"], ["M.NO"], ["M.DK"], ["M.IS"], ["M.XM"]], actions=["search", "derive", "build_table"], frequency="M",
             derives=[{"op": "spread", "inputs": [2, 4], "note": "DK - euro area"}]),
        dict(user="changepoints for sweden & norway pls",
             needs=[["M.SE"], ["M.NO"]], actions=["changepoints"], frequency="M"),
    ],
    notes="Sweden's rate is negative 2015-2019 (-0.5% low); Iceland hikes to 9.25% in 2023. The analyst's expectation is wrong and should be corrected: DK minus euro area is -0.8 pp in 2015 (-0.75 vs 0.05) and -0.9 pp in late 2023 (3.6 vs 4.5), because Denmark's rate tracks the ECB deposit rate, not the main refinancing rate. No look-alike BIS keys; WDI FR.INR.LEND is a lending rate with no observations.",
    spans=[["2015-01", "2023-12"], ["2015-01", "2023-12"], ["2015-01", "2023-12"]],
    tags=["refer_back"], wdi_traps=["FR.INR.LEND"]))

# ---------------------------------------------------------------- 22
S.append(dict(
    id="b13-22", title="Central Europe: rates vs inflation, annual",
    turns=[
        dict(user="Policy rates for Poland, Hungary, Czechia, Romania 2019-2023 monthly (BIS).",
             needs=[["M.PL"], ["M.HU"], ["M.CZ"], ["M.RO"]], actions=["search", "build_table"], frequency="M"),
        dict(user="Now add average CPI inflation (annual % change, WEO) for the four and put everything on an annual basis.",
             needs=[["M.PL"], ["M.HU"], ["M.CZ"], ["M.RO"],
                    [w("Poland", INFL)], [w("Hungary", INFL)], [w("Czech Republic", INFL)], [w("Romania", INFL)]],
             actions=["search", "convert", "build_table"], frequency="A"),
        dict(user="real rates please (annual avg policy rate minus inflation) for each of them, then a chart",
             needs=[["M.PL"], ["M.HU"], ["M.CZ"], ["M.RO"],
                    [w("Poland", INFL)], [w("Hungary", INFL)], [w("Czech Republic", INFL)], [w("Romania", INFL)]],
             actions=["convert", "derive", "chart"], frequency="A",
             derives=[{"op": "spread", "inputs": [0, 4], "note": "PL"}, {"op": "spread", "inputs": [1, 5], "note": "HU"},
                      {"op": "spread", "inputs": [2, 6], "note": "CZ"}, {"op": "spread", "inputs": [3, 7], "note": "RO"}]),
    ],
    notes="WEO spells Czechia 'Czech Republic'. Twins: 'Inflation, average consumer prices|Index' and 'Inflation, end of period consumer prices|Percent change'. Hungary: WEO average inflation 14.6 (2022) and 17.1 (2023); the BIS policy rate is 13% from Sept 2022 to Sept 2023, cut to 10.75 by Dec 2023. Real rates deeply negative in 2022.",
    spans=[["2019-01", "2023-12"], ["2019", "2023"], ["2019", "2023"]],
    tags=["refer_back", "twin"], traps=[w("Hungary", INFL_IDX), w("Hungary", INFL_EOP)]))

# ---------------------------------------------------------------- 23
S.append(dict(
    id="b13-23", title="North America nominal GDP, quarterly IFS",
    turns=[
        dict(user="IFS quarterly nominal GDP, seasonally adjusted, local currency, for the US, Canada and Mexico from 2000Q1 to 2023Q3.",
             needs=[["NGDP_SA_XDC.US"], ["NGDP_SA_XDC.CA"], ["NGDP_SA_XDC.MX"]], actions=["search", "build_table"], frequency="Q"),
        dict(user="Different currencies so levels are useless to compare — index each to 2019Q4 = 100 and chart.",
             needs=[["NGDP_SA_XDC.US"], ["NGDP_SA_XDC.CA"], ["NGDP_SA_XDC.MX"]], actions=["derive", "chart"], frequency="Q",
             derives=[{"op": "index", "inputs": [0], "note": "US 2019Q4=100"}, {"op": "index", "inputs": [1], "note": "CA"},
                      {"op": "index", "inputs": [2], "note": "MX"}]),
        dict(user="y/y nominal growth for all three as well + change points for Mexico",
             needs=[["NGDP_SA_XDC.US"], ["NGDP_SA_XDC.CA"], ["NGDP_SA_XDC.MX"]], actions=["derive", "changepoints"], frequency="Q",
             derives=[{"op": "yoy_pct", "inputs": [0], "note": "US y/y, needs 1999"}, {"op": "yoy_pct", "inputs": [1], "note": "CA"},
                      {"op": "yoy_pct", "inputs": [2], "note": "MX"}]),
    ],
    notes="MX observations end 2023Q3, hence the span. Twins in the IFS codelist: NGDP_XDC (not SA), NGDP_NSA_XDC, NGDP_R_SA_XDC (real) — none has observations. 2020Q2 collapse in all three; Mexico's drop is the deepest.",
    spans=[["2000-Q1", "2023-Q3"], ["2000-Q1", "2023-Q3"], ["2000-Q1", "2023-Q3"]],
    tags=["refer_back", "twin"], traps=["NGDP_NSA_XDC.MX", "NGDP_R_SA_XDC.CA", "NGDP_XDC.US"]))

# ---------------------------------------------------------------- 24
S.append(dict(
    id="b13-24", title="ILO vs BLS unemployment for the US",
    turns=[
        dict(user="Do the ILO's quarterly US unemployment numbers match the BLS monthly rate? Put the ILO figure for the US and the BLS headline rate (SA) side by side, quarterly, 1990Q1-2019Q4.",
             needs=[["ilo:USA"], ["UNRATE"]], actions=["search", "convert", "build_table"], frequency="Q"),
        dict(user="difference between them pls, ILO minus BLS",
             needs=[["ilo:USA"], ["UNRATE"]], actions=["convert", "derive", "build_table"], frequency="Q",
             derives=[{"op": "spread", "inputs": [0, 1], "note": "ILO - quarterly average UNRATE"}]),
        dict(user="Chart both plus breaks in the ILO series. Also extend to end-2023 if the data goes that far.",
             needs=[["ilo:USA"], ["UNRATE"]], actions=["convert", "chart", "changepoints"], frequency="Q"),
    ],
    notes="Mixed sources and frequencies (ILO quarterly, FRED monthly). UNRATENSA is the NSA twin. ILO US runs to 2023Q4 and UNRATE to 2025-03, so turn 3 can extend. Differences should be near zero (ILO takes BLS data). Breaks: 2008-09 and 2020Q2.",
    spans=[["1990-Q1", "2019-Q4"], ["1990-Q1", "2019-Q4"], ["1990-Q1", "2023-Q4"]],
    tags=["refer_back", "twin"], traps=["UNRATENSA"], wdi_traps=["SL.UEM.TOTL.ZS"]))

# ---------------------------------------------------------------- 25
S.append(dict(
    id="b13-25", title="Convergence in Europe: real GDP per head at PPP",
    turns=[
        dict(user="GDP per capita, constant prices, PPP (2017 intl $) for Poland, Portugal, Greece and Hungary 2000-2023 please",
             needs=[[w("Poland", PC_PPP17)], [w("Portugal", PC_PPP17)], [w("Greece", PC_PPP17)], [w("Hungary", PC_PPP17)]],
             actions=["search", "build_table"], frequency="A"),
        dict(user="Poland relative to Portugal (ratio) — when does Poland overtake? and same Poland/Greece",
             needs=[[w("Poland", PC_PPP17)], [w("Portugal", PC_PPP17)], [w("Greece", PC_PPP17)], [w("Hungary", PC_PPP17)]],
             actions=["derive", "build_table"], frequency="A",
             derives=[{"op": "ratio", "inputs": [0, 1], "note": "Poland / Portugal"}, {"op": "ratio", "inputs": [0, 2], "note": "Poland / Greece"}]),
        dict(user="chart the two ratios, and detect changepoints in the Poland/Greece one",
             needs=[[w("Poland", PC_PPP17)], [w("Portugal", PC_PPP17)], [w("Greece", PC_PPP17)]],
             actions=["derive", "chart", "changepoints"], frequency="A",
             derives=[{"op": "ratio", "inputs": [0, 1], "note": "Poland / Portugal"}, {"op": "ratio", "inputs": [0, 2], "note": "Poland / Greece"}]),
    ],
    notes="Measure twins: current-price PPP per capita ('Purchasing power parity; international dollars'), U.S. dollar per capita, national currency. Poland/Greece crosses 1 in 2016 (1.015); Poland/Portugal crosses 1 in 2020 (1.017). WDI NY.GDP.PCAP.PP.KD is a trap with no observations.",
    spans=[["2000", "2023"], ["2000", "2023"], ["2000", "2023"]],
    tags=["refer_back", "twin"], traps=[w("Poland", PC_PPP), w("Poland", PC_USD)], wdi_traps=["NY.GDP.PCAP.PP.KD"]))

# ---------------------------------------------------------------- 26
S.append(dict(
    id="b13-26", title="Japan: slack, inflation and (patchy) BoJ rates",
    turns=[
        dict(user="Japan 2000 through 2023, all annual in one table: ILO unemployment (average the quarters), WEO CPI inflation (avg, % change) and the WEO output gap",
             needs=[["ilo:JPN"], [w("Japan", INFL)], [w("Japan", GAP)]], actions=["search", "convert", "build_table"], frequency="A"),
        dict(user="chart them together and find the breaks in the output gap",
             needs=[["ilo:JPN"], [w("Japan", INFL)], [w("Japan", GAP)]], actions=["convert", "chart", "changepoints"], frequency="A"),
        dict(user="Can we add the BoJ policy rate as well? I hear the BIS file has holes for Japan, so just 2017 onwards is fine. Then inflation minus that rate as a column.",
             needs=[["ilo:JPN"], [w("Japan", INFL)], [w("Japan", GAP)], ["M.JP"]], actions=["search", "convert", "derive", "build_table"], frequency="A",
             derives=[{"op": "spread", "inputs": [1, 3], "note": "inflation - annual average policy rate"}]),
    ],
    notes="Mixed ILO quarterly / WEO annual / BIS monthly. BIS M.JP has no values 1999-2006 (partial) and mid-2013 to mid-2016, so a 2000-2023 policy-rate column is not possible; turn 3 restricts to 2017-2023. The gap is 'Percent of potential GDP'; the CPI index row is a twin. 2009 output gap about -4.5; inflation 3.3 in 2023 against a policy rate of -0.1.",
    spans=[["2000", "2023"], ["2000", "2023"], ["2017", "2023"]],
    tags=["refer_back", "twin"], traps=[w("Japan", INFL_IDX)]))

# ---------------------------------------------------------------- 27
S.append(dict(
    id="b13-27", title="Commodity currencies: policy rates and external balances",
    turns=[
        dict(user="Aussie, NZ, Canada, Norway: policy rates 2008-2019, monthly.",
             needs=[["M.AU"], ["M.NZ"], ["M.CA"], ["M.NO"]], actions=["search", "build_table", "chart"], frequency="M"),
        dict(user="now bring in each country's current account as % of GDP from the WEO and show the whole lot annually",
             needs=[["M.AU"], ["M.NZ"], ["M.CA"], ["M.NO"], [w("Australia", CA)], [w("New Zealand", CA)], [w("Canada", CA)], [w("Norway", CA)]],
             actions=["search", "convert", "build_table"], frequency="A"),
        dict(user="changepoints on Norway's rate (monthly again is fine)",
             needs=[["M.NO"]], actions=["changepoints"], frequency="M"),
    ],
    notes="CA in 'Percent of GDP', not 'U.S. dollars'. Norway runs large surpluses (above 10% of GDP before 2015), Australia and NZ deficits. Mixed frequencies in turn 2 need annual conversion.",
    spans=[["2008-01", "2019-12"], ["2008", "2019"], ["2008-01", "2019-12"]],
    tags=["refer_back", "twin"], traps=[w("Norway", CA_USD), w("Australia", CA_USD)]))

# ---------------------------------------------------------------- 28
S.append(dict(
    id="b13-28", title="Savings minus investment and the current account",
    turns=[
        dict(user="Gross national savings and total investment, both % of GDP, for China, Germany, the US and India, 2000-2023.",
             needs=[[w("China", SAV)], [w("Germany", SAV)], [w("United States", SAV)], [w("India", SAV)],
                    [w("China", INV)], [w("Germany", INV)], [w("United States", INV)], [w("India", INV)]],
             actions=["search", "build_table"], frequency="A"),
        dict(user="S minus I for each — and put the current account (% GDP) next to it, should be close by the identity",
             needs=[[w("China", SAV)], [w("Germany", SAV)], [w("United States", SAV)], [w("India", SAV)],
                    [w("China", INV)], [w("Germany", INV)], [w("United States", INV)], [w("India", INV)],
                    [w("China", CA)], [w("Germany", CA)], [w("United States", CA)], [w("India", CA)]],
             actions=["search", "derive", "build_table"], frequency="A",
             derives=[{"op": "spread", "inputs": [0, 4], "note": "China S-I"}, {"op": "spread", "inputs": [1, 5], "note": "Germany S-I"},
                      {"op": "spread", "inputs": [2, 6], "note": "US S-I"}, {"op": "spread", "inputs": [3, 7], "note": "India S-I"}]),
        dict(user="For China only: (S - I) minus CA, i.e. the statistical discrepancy, and chart it",
             needs=[[w("China", SAV)], [w("China", INV)], [w("China", CA)]], actions=["derive", "chart"], frequency="A",
             derives=[{"op": "expression", "inputs": [0, 1, 2], "note": "SAV - INV - CA"}]),
    ],
    notes="Twin: 'Current account balance|U.S. dollars'. WDI NY.GNS.ICTR.ZS and NE.GDI.TOTL.ZS are savings/investment look-alikes without observations. China savings above 50% of GDP in 2007-2010. The WEO identity holds by construction: S - I - CA is 0.0 in every year, which is the answer to turn 3.",
    spans=[["2000", "2023"], ["2000", "2023"], ["2000", "2023"]],
    tags=["refer_back", "twin"], traps=[w("China", CA_USD)], wdi_traps=["NY.GNS.ICTR.ZS", "NE.GDI.TOTL.ZS"]))

# ---------------------------------------------------------------- 29
S.append(dict(
    id="b13-29", title="Turkish inflation month by month, then annual vs WEO",
    turns=[
        dict(user="TÜFE genel endeks (CPI, 2003=100) monthly from Jan 2020 to Oct 2025, with the monthly % change",
             needs=[["TP.FG.J0"]], actions=["search", "build_table", "derive"], frequency="M",
             derives=[{"op": "pct_change", "inputs": [0], "note": "m/m % from the index; first value 2020-01 needs 2019-12, so the derived column starts 2020-02 — span set to 2020-02"}]),
        dict(user="what about annual average inflation for 2021, 2022, 2023 - average the index over each year and take the % change",
             needs=[["TP.FG.J0"]], actions=["convert", "derive", "build_table"], frequency="A",
             derives=[{"op": "pct_change", "inputs": [0], "note": "annual-average index % change; needs 2020 average"}]),
        dict(user="compare with the IMF WEO figure for Türkiye (average consumer prices, % change) for those years",
             needs=[["TP.FG.J0"], [w("Türkiye", INFL)]], actions=["search", "convert", "derive", "build_table"], frequency="A",
             derives=[{"op": "pct_change", "inputs": [0], "note": "annual-average CPI inflation from the index"},
                      {"op": "spread", "inputs": [0, 1], "note": "own calculation - WEO"}]),
    ],
    notes="Mixed EVDS monthly and WEO annual in turn 3. Expected: 2021 about 19.6, 2022 about 72.3, 2023 about 53.9 (matches WEO 19.596, 72.309, 53.859). Traps: TP.FG.J01 (food), TP.FE.OKTG01; WEO index row; the TURKSTAT file's 12-month-average block has no EVDS code.",
    spans=[["2020-02", "2025-10"], ["2021", "2023"], ["2021", "2023"]],
    tags=["refer_back", "twin"], traps=["TP.FG.J01", "TP.FE.OKTG01", w("Türkiye", INFL_IDX)]))

# ---------------------------------------------------------------- 30
S.append(dict(
    id="b13-30", title="Emerging Asia policy rates since 2010",
    turns=[
        dict(user="policy rates: Indonesia, Thailand, Malaysia, Philippines and South Korea, 2010-2023 monthly",
             needs=[["M.ID"], ["M.TH"], ["M.MY"], ["M.PH"], ["M.KR"]], actions=["search", "build_table", "chart"], frequency="M"),
        dict(user="Give me a simple average across the five as an extra line.",
             needs=[["M.ID"], ["M.TH"], ["M.MY"], ["M.PH"], ["M.KR"]], actions=["derive", "chart"], frequency="M",
             derives=[{"op": "expression", "inputs": [0, 1, 2, 3, 4], "note": "(ID+TH+MY+PH+KR)/5"}]),
        dict(user="breaks in Korea's rate? quarterly is fine for this",
             needs=[["M.KR"]], actions=["convert", "changepoints"], frequency="Q"),
    ],
    notes="Korea = BIS M.KR ('Korea' in BIS ref_area). Indonesia's series starts 2005-07. Korea hits 0.5% in 2020 and 3.5% in 2023. No near-twin BIS keys; the trap is picking WEO inflation rows for 'rates'.",
    spans=[["2010-01", "2023-12"], ["2010-01", "2023-12"], ["2010-Q1", "2023-Q4"]],
    tags=["refer_back"]))

# ---------------------------------------------------------------- 31
S.append(dict(
    id="b13-31", title="US federal debt ratio: Treasury data vs WEO general government",
    turns=[
        dict(user="Compare two things annually 2001–2023: WEO general govt gross debt % GDP for the United States, and my own federal debt/GDP from FRED (total public debt over nominal GDP).",
             needs=[[w("United States", GDEBT)], ["GFDEBTN"], ["GDP"]], actions=["search", "convert", "derive", "build_table"], frequency="A",
             derives=[{"op": "expression", "inputs": [1, 2], "note": "annual avg GFDEBTN (mn) / (annual avg GDP bn * 1000) * 100"}]),
        dict(user="gap between them (WEO minus federal)?",
             needs=[[w("United States", GDEBT)], ["GFDEBTN"], ["GDP"]], actions=["convert", "derive", "build_table"], frequency="A",
             derives=[{"op": "expression", "inputs": [0, 1, 2], "note": "WEO % - federal ratio"}]),
        dict(user="chart both ratios",
             needs=[[w("United States", GDEBT)], ["GFDEBTN"], ["GDP"]], actions=["convert", "derive", "chart"], frequency="A",
             derives=[{"op": "expression", "inputs": [1, 2], "note": "federal ratio"}]),
    ],
    notes="Mixed sources and frequencies (WEO annual, FRED quarterly). Scaling trap millions vs billions SAAR. WEO is general government (includes state/local, excludes intragovernmental holdings), so levels differ: federal 54.9 vs WEO 53.1 in 2001, but below WEO later (2020: 122.2 vs 132.0; 2023: 118.1 vs 122.1). GFDEGDQ188S exists in the catalog without observations. WEO 'National currency' gross debt is a unit twin.",
    spans=[["2001", "2023"], ["2001", "2023"], ["2001", "2023"]],
    tags=["refer_back", "twin"], traps=["GFDEGDQ188S", w("United States", GDEBT_NC)]))

# ---------------------------------------------------------------- 32
S.append(dict(
    id="b13-32", title="Safe havens and the pound: CH, euro area, UK, US rates",
    turns=[
        dict(user="Switzerland vs euro area vs UK vs US policy rates, monthly, from the GFC on (say Jan 2008) to Dec 2023",
             needs=[["M.CH"], ["M.XM"], ["M.GB"], ["M.US"]], actions=["search", "build_table", "chart"], frequency="M"),
        dict(user="Changepoints for each of the four.",
             needs=[["M.CH"], ["M.XM"], ["M.GB"], ["M.US"]], actions=["changepoints"], frequency="M"),
        dict(user="SNB minus ECB spread, and the same for BoE minus Fed",
             needs=[["M.CH"], ["M.XM"], ["M.GB"], ["M.US"]], actions=["derive", "build_table", "chart"], frequency="M",
             derives=[{"op": "spread", "inputs": [0, 1], "note": "CH - euro area"}, {"op": "spread", "inputs": [2, 3], "note": "UK - US"}]),
    ],
    notes="Swiss rate negative (-0.75) 2015-2022. Old national series M.DE/M.FR end 1998 and must not stand in for the euro area. FEDFUNDS is a US effective-rate look-alike.",
    spans=[["2008-01", "2023-12"], ["2008-01", "2023-12"], ["2008-01", "2023-12"]],
    tags=["refer_back"]))

# ---------------------------------------------------------------- 33
S.append(dict(
    id="b13-33", title="Russia: policy rate and end-of-year inflation",
    turns=[
        dict(user="Bank of Russia key rate monthly 2013-2023",
             needs=[["M.RU"]], actions=["search", "build_table", "changepoints"], frequency="M"),
        dict(user="and Russia's end-of-period consumer price inflation from the WEO (not the annual average one!). Annual table with the policy rate at its December value or annual mean, whatever you support",
             needs=[["M.RU"], [w("Russia", INFL_EOP)]], actions=["search", "convert", "build_table"], frequency="A"),
        dict(user="real rate = rate minus that inflation, chart it",
             needs=[["M.RU"], [w("Russia", INFL_EOP)]], actions=["convert", "derive", "chart"], frequency="A",
             derives=[{"op": "spread", "inputs": [0, 1], "note": "policy - end-of-period inflation"}]),
    ],
    notes="Measure twin: 'Inflation, average consumer prices|Percent change' (explicitly excluded) and the end-of-period index row. Key rate jumps to 17% in Dec 2014 and 20% in Mar 2022.",
    spans=[["2013-01", "2023-12"], ["2013", "2023"], ["2013", "2023"]],
    tags=["refer_back", "twin"], traps=[w("Russia", INFL), w("Russia", ("Inflation, end of period consumer prices", "Index"))]))

# ---------------------------------------------------------------- 34
S.append(dict(
    id="b13-34", title="GDP per capita in US dollars, computed vs published (Africa)",
    turns=[
        dict(user="Nominal GDP in US$ and population for Nigeria, Egypt, Kenya and South Africa, 2010-2023 (WEO).",
             needs=[[w("Nigeria", GDP_USD)], [w("Egypt", GDP_USD)], [w("Kenya", GDP_USD)], [w("South Africa", GDP_USD)],
                    [w("Nigeria", POP)], [w("Egypt", POP)], [w("Kenya", POP)], [w("South Africa", POP)]],
             actions=["search", "build_table"], frequency="A"),
        dict(user="Compute GDP per head in dollars myself: GDP is in billions and population in millions, so bn*1000/mn. For all 4.",
             needs=[[w("Nigeria", GDP_USD)], [w("Egypt", GDP_USD)], [w("Kenya", GDP_USD)], [w("South Africa", GDP_USD)],
                    [w("Nigeria", POP)], [w("Egypt", POP)], [w("Kenya", POP)], [w("South Africa", POP)]],
             actions=["derive", "build_table"], frequency="A",
             derives=[{"op": "expression", "inputs": [0, 4], "note": "NGA bn*1000/mn"}, {"op": "expression", "inputs": [1, 5], "note": "EGY"},
                      {"op": "expression", "inputs": [2, 6], "note": "KEN"}, {"op": "expression", "inputs": [3, 7], "note": "ZAF"}]),
        dict(user="then check against the published GDP per capita (current US$) row for Nigeria and chart the two",
             needs=[[w("Nigeria", GDP_USD)], [w("Nigeria", POP)], [w("Nigeria", PC_USD)]], actions=["search", "derive", "chart"], frequency="A",
             derives=[{"op": "expression", "inputs": [0, 1], "note": "computed per capita = GDP bn*1000/POP mn"}, {"op": "expression", "inputs": [2, 0, 1], "note": "published per capita - computed per capita"}]),
    ],
    notes="Unit scaling: billions of dollars over millions of persons -> x1000 gives dollars per head. Twins: GDP in PPP international dollars, GDP per capita in PPP. Nigeria's dollar GDP falls sharply in 2023 after the naira devaluation. WDI NY.GDP.MKTP.CD and SP.POP.TOTL have no observations.",
    spans=[["2010", "2023"], ["2010", "2023"], ["2010", "2023"]],
    tags=["refer_back", "twin"], traps=[w("Nigeria", GDP_PPP), w("Nigeria", PC_PPP)], wdi_traps=["NY.GDP.MKTP.CD", "SP.POP.TOTL"]))

# ---------------------------------------------------------------- 35
S.append(dict(
    id="b13-35", title="Canada dashboard: GDP, rates, unemployment",
    turns=[
        dict(user="Canada, 2000Q1 to 2023Q3, quarterly: IFS nominal GDP (SA, C$), Bank of Canada policy rate, ILO unemployment rate. One table.",
             needs=[["NGDP_SA_XDC.CA"], ["M.CA"], ["ilo:CAN"]], actions=["search", "convert", "build_table"], frequency="Q"),
        dict(user="add GDP growth y/y",
             needs=[["NGDP_SA_XDC.CA"], ["M.CA"], ["ilo:CAN"]], actions=["convert", "derive", "build_table"], frequency="Q",
             derives=[{"op": "yoy_pct", "inputs": [0], "note": "nominal GDP y/y, needs 1999"}]),
        dict(user="Chart it + changepionts in unemployment and the policy rate",
             needs=[["NGDP_SA_XDC.CA"], ["M.CA"], ["ilo:CAN"]], actions=["convert", "chart", "changepoints"], frequency="Q"),
    ],
    notes="Three sources, two native frequencies (BIS monthly to quarterly). Twins: NGDP_R_SA_XDC.CA (real), NGDP_NSA_XDC.CA (unadjusted) — no observations. Unemployment spikes above 13% in 2020Q2.",
    spans=[["2000-Q1", "2023-Q3"], ["2000-Q1", "2023-Q3"], ["2000-Q1", "2023-Q3"]],
    tags=["refer_back", "twin"], traps=["NGDP_R_SA_XDC.CA", "NGDP_NSA_XDC.CA"]))

# ---------------------------------------------------------------- 36
S.append(dict(
    id="b13-36", title="Mexico: rates, growth and the peso economy",
    turns=[
        dict(user="Banxico policy rate (monthly) together with Mexico's quarterly SA nominal GDP from IFS, 2005 through 2019, at quarterly frequency",
             needs=[["M.MX"], ["NGDP_SA_XDC.MX"]], actions=["search", "convert", "build_table"], frequency="Q"),
        dict(user="q/q % change in GDP (not annualised), plus chart",
             needs=[["M.MX"], ["NGDP_SA_XDC.MX"]], actions=["convert", "derive", "chart"], frequency="Q",
             derives=[{"op": "pct_change", "inputs": [1], "note": "q/q, needs 2004Q4"}]),
        dict(user="Now for the same window: WEO real growth for Mexico, Brazil and Colombia (annual) - just the three, drop everything else",
             needs=[[w("Mexico", GROWTH)], [w("Brazil", GROWTH)], [w("Colombia", GROWTH)]], actions=["search", "build_table", "chart"], frequency="A"),
    ],
    notes="Mixed BIS monthly / IFS quarterly. IFS NGDP_SA_XDC.MX is nominal, so q/q includes inflation; NGDP_R_SA_XDC.MX is the real twin with no observations. Turn 3 switches to WEO constant-price growth (not the national-currency level row). 2009 Mexico growth about -6%.",
    spans=[["2005-Q1", "2019-Q4"], ["2005-Q1", "2019-Q4"], ["2005", "2019"]],
    tags=["refer_back", "twin"], traps=["NGDP_R_SA_XDC.MX", w("Mexico", GDP_K_NC)]))

# ---------------------------------------------------------------- 37
S.append(dict(
    id="b13-37", title="Government size: revenue and spending shares",
    turns=[
        dict(user="general government revenue and total expendture, % of GDP, Sweden / France / US / Japan / Korea, over the last decade of data",
             needs=[[w("Sweden", REV)], [w("France", REV)], [w("United States", REV)], [w("Japan", REV)], [w("Korea", REV)],
                    [w("Sweden", EXP)], [w("France", EXP)], [w("United States", EXP)], [w("Japan", EXP)], [w("Korea", EXP)]],
             actions=["search", "build_table"], frequency="A"),
        dict(user="revenue minus expenditure for each - should equal net lending/borrowing, right? add the official NLB % of GDP for France to check",
             needs=[[w("Sweden", REV)], [w("France", REV)], [w("United States", REV)], [w("Japan", REV)], [w("Korea", REV)],
                    [w("Sweden", EXP)], [w("France", EXP)], [w("United States", EXP)], [w("Japan", EXP)], [w("Korea", EXP)],
                    [w("France", NLB)]],
             actions=["derive", "search", "build_table"], frequency="A",
             derives=[{"op": "spread", "inputs": [0, 5], "note": "SE"}, {"op": "spread", "inputs": [1, 6], "note": "FR"},
                      {"op": "spread", "inputs": [2, 7], "note": "US"}, {"op": "spread", "inputs": [3, 8], "note": "JP"},
                      {"op": "spread", "inputs": [4, 9], "note": "KR"}]),
        dict(user="Chart France's expenditure share and look for breaks",
             needs=[[w("France", EXP)]], actions=["chart", "changepoints"], frequency="A"),
    ],
    notes="Unit twins: 'National currency' revenue/expenditure rows. 'Last decade of data' = 2014-2023 (WEO actuals/estimates end 2023; later years are not in this file). France spends 55-61% of GDP (61.3 in 2020); Korea 19.7-28.7%. Revenue minus expenditure equals the NLB row to rounding.",
    spans=[["2014", "2023"], ["2014", "2023"], ["2014", "2023"]],
    tags=["refer_back", "twin"], traps=[w("France", ("General government total expenditure", "National currency")), w("Sweden", ("General government revenue", "National currency"))]))

# ---------------------------------------------------------------- 38
S.append(dict(
    id="b13-38", title="Asian labour markets, quarterly",
    turns=[
        dict(user="ILO quarterly unemployment: Japan, Korea, Taiwan, 2000 Q1 – 2020 Q4",
             needs=[["ilo:JPN"], ["ilo:KOR"], ["ilo:TWN"]], actions=["search", "build_table", "chart"], frequency="Q"),
        dict(user="annualise them (yearly averages) and set them against WEO's unemployment rate for Japan and Korea",
             needs=[["ilo:JPN"], ["ilo:KOR"], ["ilo:TWN"], [w("Japan", UNEMP)], [w("Korea", UNEMP)]],
             actions=["search", "convert", "build_table"], frequency="A"),
        dict(user="breaks in Taiwan's quarterly series, and Japan minus Korea gap quarterly",
             needs=[["ilo:JPN"], ["ilo:KOR"], ["ilo:TWN"]], actions=["changepoints", "derive"], frequency="Q",
             derives=[{"op": "spread", "inputs": [0, 1], "note": "JPN - KOR"}]),
    ],
    notes="Taiwan's ILO column is 'Taiwan, China' (ilo:TWN) and ends 2021Q1; WEO calls it 'Taiwan Province of China'. Korea in ILO is 'Korea, Republic of'. Employment (persons) rows are a twin for 'labour market'.",
    spans=[["2000-Q1", "2020-Q4"], ["2000", "2020"], ["2000-Q1", "2020-Q4"]],
    tags=["refer_back", "twin"], traps=[w("Japan", ("Employment", "Persons"))]))

# ---------------------------------------------------------------- 39
S.append(dict(
    id="b13-39", title="Gulf economies: growth and external surpluses",
    turns=[
        dict(user="Working on a Gulf piece for the paper. First thing: the Saudi central bank's policy rate, monthly, 2005 to 2023. I believe SAMA basically shadows the Fed because of the riyal peg, so show me the change points too.",
             needs=[["M.SA"]], actions=["search", "build_table", "changepoints"], frequency="M"),
        dict(user="WEO real GDP growth and current account (% of GDP) for Saudi Arabia, UAE, Qatar and Kuwait 2005-2023",
             needs=[[w("Saudi Arabia", GROWTH)], [w("United Arab Emirates", GROWTH)], [w("Qatar", GROWTH)], [w("Kuwait", GROWTH)],
                    [w("Saudi Arabia", CA)], [w("United Arab Emirates", CA)], [w("Qatar", CA)], [w("Kuwait", CA)]],
             actions=["search", "build_table"], frequency="A"),
        dict(user="chart the four CA balances; and put the Saudi rate in there too as annual averages",
             needs=[[w("Saudi Arabia", CA)], [w("United Arab Emirates", CA)], [w("Qatar", CA)], [w("Kuwait", CA)], ["M.SA"]],
             actions=["convert", "chart"], frequency="A"),
    ],
    notes="Saudi rate tracks the Fed (dollar peg). Kuwait current account above 30% of GDP in 2005-2008, 2010-2014 and 2022-2023, negative in 2016 (-4.6); all four swing with oil in 2015 and 2020. Twins: 'Current account balance|U.S. dollars' and constant-price GDP level rows.",
    spans=[["2005-01", "2023-12"], ["2005", "2023"], ["2005", "2023"]],
    tags=["refer_back", "twin"], traps=[w("Kuwait", CA_USD), w("Qatar", GDP_K_NC)]))

# ---------------------------------------------------------------- 40
S.append(dict(
    id="b13-40", title="Deflator vs CPI, several economies",
    turns=[
        dict(user="GDP deflator (the index) and the CPI average index, WEO, for Brazil, South Africa, India, 2005-2023 pls",
             needs=[[w("Brazil", ("Gross domestic product, deflator", "Index"))], [w("South Africa", ("Gross domestic product, deflator", "Index"))],
                    [w("India", ("Gross domestic product, deflator", "Index"))],
                    [w("Brazil", INFL_IDX)], [w("South Africa", INFL_IDX)], [w("India", INFL_IDX)]],
             actions=["search", "build_table"], frequency="A"),
        dict(user="turn them all into annual % changes and compute deflator inflation minus CPI inflation for each country",
             needs=[[w("Brazil", ("Gross domestic product, deflator", "Index"))], [w("South Africa", ("Gross domestic product, deflator", "Index"))],
                    [w("India", ("Gross domestic product, deflator", "Index"))],
                    [w("Brazil", INFL_IDX)], [w("South Africa", INFL_IDX)], [w("India", INFL_IDX)]],
             actions=["derive", "build_table"], frequency="A",
             derives=[{"op": "pct_change", "inputs": [0], "note": "BR deflator %"}, {"op": "pct_change", "inputs": [1], "note": "ZA"},
                      {"op": "pct_change", "inputs": [2], "note": "IN"}, {"op": "pct_change", "inputs": [3], "note": "BR CPI %"},
                      {"op": "pct_change", "inputs": [4], "note": "ZA CPI"}, {"op": "pct_change", "inputs": [5], "note": "IN CPI"},
                      {"op": "expression", "inputs": [0, 3], "note": "BR terms-of-trade-ish gap"},
                      {"op": "expression", "inputs": [1, 4], "note": "ZA gap"}, {"op": "expression", "inputs": [2, 5], "note": "IN gap"}]),
        dict(user="chart Brazil and South Africa gaps + changepoints on Brazil's",
             needs=[[w("Brazil", ("Gross domestic product, deflator", "Index"))], [w("South Africa", ("Gross domestic product, deflator", "Index"))],
                    [w("Brazil", INFL_IDX)], [w("South Africa", INFL_IDX)]],
             actions=["derive", "chart", "changepoints"], frequency="A",
             derives=[{"op": "pct_change", "inputs": [0], "note": "BR deflator %"}, {"op": "pct_change", "inputs": [1], "note": "ZA deflator %"},
                      {"op": "pct_change", "inputs": [2], "note": "BR CPI %"}, {"op": "pct_change", "inputs": [3], "note": "ZA CPI %"},
                      {"op": "expression", "inputs": [0, 2], "note": "BR gap"}, {"op": "expression", "inputs": [1, 3], "note": "ZA gap"}]),
    ],
    notes="Index vs percent-change twins: the user asks for index rows first; 'Inflation, average consumer prices|Percent change' is the ready-made CPI change and the end-of-period index is another twin. pct_change needs 2004 values. Deflator inflation exceeds CPI in commodity booms (Brazil 2021).",
    spans=[["2005", "2023"], ["2005", "2023"], ["2005", "2023"]],
    tags=["refer_back", "twin"], traps=[w("Brazil", INFL), w("South Africa", ("Inflation, end of period consumer prices", "Index"))]))

# ---------------------------------------------------------------- write
SIDE_KEYS = ("spans", "tags", "traps", "wdi_traps")
side = {}
with open(os.path.join(HERE, "scenarios-blind13.jsonl"), "w", encoding="utf-8") as fh:
    for s in S:
        side[s["id"]] = {k: s.get(k, []) for k in SIDE_KEYS}
        rec = {k: s[k] for k in ("id", "title", "turns", "notes")}
        extra = [t for t in list(s.get("traps", [])) + list(s.get("wdi_traps", [])) if t not in rec["notes"]]
        if extra:
            rec["notes"] = rec["notes"].rstrip() + " Look-alike ids that are wrong here: " + "; ".join(extra) + "."
        fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
with open(os.path.join(HERE, "spans-blind13.json"), "w", encoding="utf-8") as fh:
    json.dump(side, fh, ensure_ascii=False, indent=1)
print("wrote", len(S), "scenarios")

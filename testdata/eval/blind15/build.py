#!/usr/bin/env python3
"""Hand-written blind scenario set blind15. Writes scenarios-blind15.jsonl and spans-blind15.json
(the sidecar holds, per turn, the span the turn asks for, and per scenario the trap ids and
whether later turns refer back; validate.py reads both)."""
import json, os

def W(country, subject, units):
    return f"WEOApr2024|{country}|{subject}|{units}"

GD = ("General government gross debt", "Percent of GDP")
ND = ("General government net debt", "Percent of GDP")
INF = ("Inflation, average consumer prices", "Percent change")
INFE = ("Inflation, end of period consumer prices", "Percent change")
UNE = ("Unemployment rate", "Percent of total labor force")
CAP = ("Current account balance", "Percent of GDP")
CAU = ("Current account balance", "U.S. dollars")
GUSD = ("Gross domestic product, current prices", "U.S. dollars")
GRO = ("Gross domestic product, constant prices", "Percent change")
POP = ("Population", "Persons")
EMP = ("Employment", "Persons")
PCPPP17 = ("Gross domestic product per capita, constant prices", "Purchasing power parity; 2017 international dollar")
OG = ("Output gap in percent of potential GDP", "Percent of potential GDP")
SB = ("General government structural balance", "Percent of potential GDP")
NL = ("General government net lending/borrowing", "Percent of GDP")
PNL = ("General government primary net lending/borrowing", "Percent of GDP")
REV = ("General government revenue", "Percent of GDP")
EXP = ("General government total expenditure", "Percent of GDP")
INV = ("Total investment", "Percent of GDP")
SAV = ("Gross national savings", "Percent of GDP")
XGS = ("Volume of exports of goods and services", "Percent change")
PPPSH = ("Gross domestic product based on purchasing-power-parity (PPP) share of world total", "Percent")

def w(c, s):
    return [W(c, *s)]

def T(user, needs, actions, span, frequency=None, derives=None):
    t = {"user": user, "needs": needs, "actions": actions, "span": span}
    if frequency: t["frequency"] = frequency
    if derives is not None: t["derives"] = derives
    return t

def D(op, inputs, note):
    return {"op": op, "inputs": inputs, "note": note}

S = []
def sc(title, turns, notes, traps, refback):
    S.append({"title": title, "turns": turns, "notes": notes, "traps": traps, "refback": refback})

# 01
sc("US real policy rate from fed funds and headline CPI", [
    T("need the us real fed funds rate, monthly, jan 2010 thru dec 2024. effective FF minus headline CPI inflation y/y, SA cpi pls",
      [["FEDFUNDS"], ["CPIAUCSL"]], ["search", "build_table", "derive"], ("2010-01", "2024-12"), "M",
      [D("yoy_pct", [1], "CPI 12-month inflation"), D("expression", [0, 1], "FEDFUNDS minus CPI yoy")]),
    T("chart that real rate line, keep the nominal rate on it too",
      [["FEDFUNDS"], ["CPIAUCSL"]], ["chart", "derive"], ("2010-01", "2024-12"), "M",
      [D("yoy_pct", [1], "CPI yoy again"), D("expression", [0, 1], "real rate shown again")]),
    T("Where does the real rate regime shift? Run break detection on it only.",
      [["FEDFUNDS"], ["CPIAUCSL"]], ["changepoints", "derive"], ("2010-01", "2024-12"), "M",
      [D("yoy_pct", [1], "CPI yoy"), D("expression", [0, 1], "real rate is the series tested")]),
], "Traps: CPIAUCNS is the same CPI title NSA; DFF is the daily fed funds with the same title. yoy needs CPI from 2009-01 (file starts 1966). FEDFUNDS file runs to 2025-03.",
   ["CPIAUCNS", "DFF"], True)

# 02
sc("Türkiye policy rate against CPI inflation 2021-2023", [
    T("Merhaba, I am preparing note for our board. Please bring the CBRT policy rate and the TURKSTAT consumer price index general (2003=100), monthly, January 2021 to December 2023. The index I want as annual change, not level.",
      [["M.TR"], ["TP.FG.J0"]], ["search", "build_table", "derive"], ("2021-01", "2023-12"), "M",
      [D("yoy_pct", [1], "CPI general index annual % change")]),
    T("Thank you. Now please make real interest: policy rate minus this annual inflation. It will be very negative I think.",
      [["M.TR"], ["TP.FG.J0"]], ["derive"], ("2021-01", "2023-12"), "M",
      [D("yoy_pct", [1], "CPI yoy"), D("expression", [0, 1], "policy rate minus CPI yoy")]),
    T("Last: find the break points in the policy rate itself, and make a chart with both rate and the inflation line.",
      [["M.TR"], ["TP.FG.J0"]], ["changepoints", "chart", "derive"], ("2021-01", "2023-12"), "M",
      [D("yoy_pct", [1], "inflation line")]),
], "Trap: TP.FG.J01 is food and non-alcoholic beverages in the same CPI group; TP.FG.J0 is the general index. yoy from 2021-01 needs 2020-01 data, which is where the TURKSTAT file starts. BIS M.TR runs 8.5 (May 2023) to 42.5 (Dec 2023).",
   ["TP.FG.J01"], True)

# 03
sc("Gross vs net government debt ratios, high-debt advanced economies", [
    T("Can you pull general government gross debt as a share of GDP for Italy, Japan and the UK, annual 2000-2023, from the WEO?",
      [w("Italy", GD), w("Japan", GD), w("United Kingdom", GD)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("Same three but the net debt ratio instead.",
      [w("Italy", ND), w("Japan", ND), w("United Kingdom", ND)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("for japan only: gross minus net, in points of GDP. chart it",
      [w("Japan", GD), w("Japan", ND)], ["derive", "chart"], ("2000", "2023"), "A",
      [D("spread", [0, 1], "gross minus net debt, % of GDP")]),
], "Traps: each subject also has a 'National currency' (Billions) row with the same descriptor. Greece was avoided on purpose: its net debt rows are empty in WEO Apr 2024. Japan 2022: gross 257.2% vs net 155.9% of GDP (checked in the file).",
   [W("Japan", "General government gross debt", "National currency"), W("Italy", "General government net debt", "National currency")], True)

# 04
sc("US federal debt to GDP from levels with unit scaling", [
    T("I'd like federal debt relative to nominal GDP for the US, quarterly from 1970 through 2024. Please compute it from the total public debt level and GDP yourself -- note one is in millions and the other in billions at an annual rate.",
      [["GFDEBTN"], ["GDP"]], ["search", "build_table", "derive"], ("1970-01", "2024-12"), "Q",
      [D("expression", [0, 1], "GFDEBTN/1000 / GDP * 100 (millions vs billions)")]),
    T("plot the ratio",
      [["GFDEBTN"], ["GDP"]], ["chart", "derive"], ("1970-01", "2024-12"), "Q",
      [D("expression", [0, 1], "debt/GDP ratio shown again")]),
    T("Now annual, 2001-2023, and put the IMF's US general government gross debt % GDP next to my federal ratio. I know they measure different things, that's the point.",
      [["GFDEBTN"], ["GDP"], w("United States", GD)], ["build_table", "convert", "derive"], ("2001", "2023"), "A",
      [D("expression", [0, 1], "federal debt/GDP, annualised")]),
], "Traps: FYGFDPUN is debt held by the public (a different measure, same release); GFDEGDQ188S is a ready-made ratio but the turn asks to compute it and it has no observation file. GFDEBTN is millions, GDP billions SAAR: factor 1000. WEO US gross debt is n/a for 2000, so turn 3 starts 2001.",
   ["FYGFDPUN", "GFDEGDQ188S"], True)

# 05
sc("Fed vs ECB vs BoE policy rates and the transatlantic gap", [
    T("Policy rates, monthly, Jan 1999 to Dec 2023: US, euro area, UK. Just the table for now.",
      [["M.US"], ["M.XM"], ["M.GB"]], ["search", "build_table"], ("1999-01", "2023-12"), "M"),
    T("add a column US minus euro area and chart everything",
      [["M.US"], ["M.XM"], ["M.GB"]], ["derive", "chart"], ("1999-01", "2023-12"), "M",
      [D("spread", [0, 1], "US minus euro area")]),
    T("drop sterling. run changepoints on the US-EA gap",
      [["M.US"], ["M.XM"]], ["changepoints", "derive"], ("1999-01", "2023-12"), "M",
      [D("spread", [0, 1], "US minus euro area")]),
], "Trap: M.DE (Germany) and M.FR exist but stop in 1998-12; the euro-area rate is M.XM from 1999-01.",
   ["M.DE", "M.FR"], True)

# 06
sc("Term spread 10y-3m and unemployment", [
    T("Hi! Econ undergrad here. My prof says the 10 year minus 3 month Treasury spread predicts recessions. Can I see the daily series from 1990 to 2019 in a chart?",
      [["T10Y3M"]], ["search", "build_table", "chart"], ("1990-01", "2019-12"), "D"),
    T("Ok cool. Could you put it monthly next to the unemployment rate so I can see if unemployment rises after it goes negative?",
      [["T10Y3M"], ["UNRATE"]], ["build_table", "convert", "chart"], ("1990-01", "2019-12"), "M"),
    T("And where are the breaks in the spread (the monthly one)?",
      [["T10Y3M"]], ["changepoints", "convert"], ("1990-01", "2019-12"), "M"),
], "Trap: T10YFF is 10-year minus fed funds, a different spread with similar title; T10Y2Y is 10y-2y. T10Y3M file 1982-01..2020-03.",
   ["T10YFF", "T10Y2Y"], True)

# 07
sc("US labor market SA check", [
    T("UNRATE + nonfarm payrolls, monthly 2000-01..2024-12",
      [["UNRATE"], ["PAYEMS"]], ["search", "build_table"], ("2000-01", "2024-12"), "M"),
    T("payrolls as monthly change in thousands pls, not level",
      [["UNRATE"], ["PAYEMS"]], ["derive"], ("2000-01", "2024-12"), "M",
      [D("diff", [1], "monthly change in payrolls, thousands")]),
    T("double check both are seasonally adjusted, then chart the change in jobs vs the rate",
      [["UNRATE"], ["PAYEMS"]], ["chart", "derive"], ("2000-01", "2024-12"), "M",
      [D("diff", [1], "payroll change")]),
], "Traps: UNRATENSA and PAYNSA have identical titles, NSA. PAYEMS is in thousands (scale T).",
   ["UNRATENSA", "PAYNSA"], True)

# 08
sc("BRICS policy rates then real rates", [
    T("For a EM fixed income piece: policy rates of Brazil, Russia, India, China and South Africa, monthly 2010 to 2023, in one chart please.",
      [["M.BR"], ["M.RU"], ["M.IN"], ["M.CN"], ["M.ZA"]], ["search", "build_table", "chart"], ("2010-01", "2023-12"), "M"),
    T("Put those on an annual basis and add the IMF average CPI inflation for each of the five.",
      [["M.BR"], ["M.RU"], ["M.IN"], ["M.CN"], ["M.ZA"], w("Brazil", INF), w("Russia", INF), w("India", INF), w("China", INF), w("South Africa", INF)],
      ["search", "build_table", "convert"], ("2010", "2023"), "A"),
    T("ok now just Brazil: annual policy rate minus that inflation",
      [["M.BR"], w("Brazil", INF)], ["derive", "convert"], ("2010", "2023"), "A",
      [D("expression", [0, 1], "Brazil real policy rate, annual average")]),
], "Trap: WEO 'Inflation, end of period consumer prices' Percent change is a near-twin of the average measure; the Index unit rows too.",
   [W("Brazil", *INFE), W("Brazil", "Inflation, average consumer prices", "Index")], True)

# 09
sc("Consumer vs business loans at US commercial banks", [
    T("Pull C&I loans and consumer loans for all commercial banks, seasonally adjusted, monthly, Jan 2000 - Dec 2019.",
      [["BUSLOANS"], ["CONSUMER"]], ["search", "build_table"], ("2000-01", "2019-12"), "M"),
    T("what share of the two combined is consumer? add it as a column",
      [["BUSLOANS"], ["CONSUMER"]], ["derive"], ("2000-01", "2019-12"), "M",
      [D("share", [1, 0], "consumer / (consumer + C&I)")]),
    T("Also growth y/y of each, keep the share. Then chart.",
      [["BUSLOANS"], ["CONSUMER"]], ["derive", "chart"], ("2000-01", "2019-12"), "M",
      [D("share", [1, 0], "consumer share"), D("yoy_pct", [0], "C&I yoy"), D("yoy_pct", [1], "consumer yoy")]),
], "Traps: BUSLOANSNSA and CONSUMERNSA share titles, NSA. Files end 2020-02. yoy needs 1999-01.",
   ["BUSLOANSNSA", "CONSUMERNSA"], True)

# 10
sc("Bank delinquency vs policy rate, quarterly", [
    T("Risk committee request: delinquency rate on all loans at US commercial banks (SA) against the effective fed funds rate, quarterly, 1990Q1-2019Q4.",
      [["DRALACBS"], ["FEDFUNDS"]], ["search", "build_table", "convert"], ("1990-01", "2019-12"), "Q"),
    T("Please identify structural breaks in the delinquency series.",
      [["DRALACBS"]], ["changepoints"], ("1990-01", "2019-12"), "Q"),
    T("Chart both, delinquency on the first axis. Also add the change in delinquency q/q in points.",
      [["DRALACBS"], ["FEDFUNDS"]], ["chart", "derive", "convert"], ("1990-01", "2019-12"), "Q",
      [D("diff", [0], "quarterly change in delinquency rate")]),
], "Trap: DRALACBN is the NSA twin. DRALACBS file covers 1985Q1-2019Q4. FEDFUNDS is monthly so quarterly table converts.",
   ["DRALACBN"], False)

# 11
sc("Home equity lines, weekly to monthly", [
    T("revolving home equity loans all comm banks -- weekly SA -- as monthly averages 2005 to 2019",
      [["RHEACBW027SBOG"]], ["search", "build_table", "convert"], ("2005-01", "2019-12"), "M"),
    T("yoy % on that",
      [["RHEACBW027SBOG"]], ["derive", "convert"], ("2005-01", "2019-12"), "M",
      [D("yoy_pct", [0], "12-month growth of monthly average")]),
    T("breaks in the growth rate? chart w/ markers",
      [["RHEACBW027SBOG"]], ["changepoints", "chart", "derive", "convert"], ("2005-01", "2019-12"), "M",
      [D("yoy_pct", [0], "growth rate tested for breaks")]),
], "Trap: RHEACBW027NBOG is the NSA weekly twin. File 1987-06..2020-03.",
   ["RHEACBW027NBOG"], True)

# 12
sc("Money growth minus inflation", [
    T("I want to look at real money growth. Take M2 (the weekly SA one is fine), make it monthly, Jan 1990 to Dec 2019, alongside headline CPI SA.",
      [["M2"], ["CPIAUCSL"]], ["search", "build_table", "convert"], ("1990-01", "2019-12"), "M"),
    T("convert both to 12-month % changes and give me M2 growth minus CPI inflation",
      [["M2"], ["CPIAUCSL"]], ["derive", "convert"], ("1990-01", "2019-12"), "M",
      [D("yoy_pct", [0], "M2 yoy"), D("yoy_pct", [1], "CPI yoy"), D("expression", [0, 1], "M2 yoy minus CPI yoy")]),
    T("just chart the difference series, that's all",
      [["M2"], ["CPIAUCSL"]], ["chart", "derive", "convert"], ("1990-01", "2019-12"), "M",
      [D("expression", [0, 1], "real money growth")]),
], "Trap: WM2NS is weekly M2 NSA. M2SL (monthly SA) would do in real life but has no observation file here. M2 file 1980-11..2020-02.",
   ["WM2NS"], True)

# 13
sc("EUR/USD and the policy-rate differential", [
    T("Dollars per euro, daily spot, 2010-2019, but give it to me as monthly averages.",
      [["DEXUSEU"]], ["search", "build_table", "convert"], ("2010-01", "2019-12"), "M"),
    T("Next to it put Fed and ECB policy rates and the Fed-minus-ECB differential.",
      [["DEXUSEU"], ["M.US"], ["M.XM"]], ["search", "build_table", "derive", "convert"], ("2010-01", "2019-12"), "M",
      [D("spread", [1, 2], "US minus euro area policy rate")]),
    T("Changepoints on the exchange rate only; chart FX against the differential.",
      [["DEXUSEU"], ["M.US"], ["M.XM"]], ["changepoints", "chart", "derive", "convert"], ("2010-01", "2019-12"), "M",
      [D("spread", [1, 2], "differential")]),
], "Trap: DEXUSUK is dollars per pound (same family); DEXJPUS is yen per dollar (inverted quote). DEXUSEU file 1999-01..2020-03.",
   ["DEXUSUK", "DEXJPUS"], True)

# 14
sc("Prime rate vs fed funds spread", [
    T("bank prime loan rate (daily) vs fed funds effective, 1990-2019, monthly table",
      [["DPRIME"], ["FEDFUNDS"]], ["search", "build_table", "convert"], ("1990-01", "2019-12"), "M"),
    T("Spread prime minus FF. Should be ~3pp flat, flag where it isn't",
      [["DPRIME"], ["FEDFUNDS"]], ["derive", "changepoints", "convert"], ("1990-01", "2019-12"), "M",
      [D("spread", [0, 1], "prime minus fed funds")]),
    T("chart spread",
      [["DPRIME"], ["FEDFUNDS"]], ["chart", "derive", "convert"], ("1990-01", "2019-12"), "M",
      [D("spread", [0, 1], "prime minus fed funds")]),
], "Trap: PRIME is 'Bank Prime Loan Rate Changes: Historical Dates of Changes and Rates' (irregular); MPRIME is monthly but without observations here. DPRIME 1955..2020-03.",
   ["PRIME"], True)

# 15
sc("Personal saving rate and national savings", [
    T("Personal saving rate US monthly 2000-2024 — any structural breaks?",
      [["PSAVERT"]], ["search", "build_table", "changepoints"], ("2000-01", "2024-12"), "M"),
    T("I also want the IMF gross national savings % of GDP for the US; annual is fine, 2000-2023, with the saving rate averaged per year.",
      [["PSAVERT"], w("United States", SAV)], ["search", "build_table", "convert"], ("2000", "2023"), "A"),
    T("add japan and germany national savings too, chart the 3 WEO lines",
      [w("United States", SAV), w("Japan", SAV), w("Germany", SAV)], ["build_table", "chart"], ("2000", "2023"), "A"),
], "Trap: WEO 'Total investment' % of GDP is the other side of the S-I identity and sits next to savings. PSAVERT is SAAR monthly.",
   [W("United States", *INV)], True)

# 16
sc("IFS vs FRED nominal GDP for the US", [
    T("Quarterly nominal GDP for the United States from the IMF IFS dataset, seasonally adjusted, domestic currency, 2000Q1-2022Q4.",
      [["NGDP_SA_XDC"]], ["search", "build_table"], ("2000-01", "2022-12"), "Q"),
    T("Put BEA GDP from FRED next to it and show the ratio FRED/IFS. I suspect one is annualised and they differ by about 4x and a unit factor.",
      [["NGDP_SA_XDC"], ["GDP"]], ["search", "build_table", "derive"], ("2000-01", "2022-12"), "Q",
      [D("ratio", [1, 0], "FRED GDP / IFS NGDP_SA_XDC")]),
    T("also yoy growth for both, keep the ratio",
      [["NGDP_SA_XDC"], ["GDP"]], ["derive"], ("2000-01", "2022-12"), "Q",
      [D("ratio", [1, 0], "ratio"), D("yoy_pct", [0], "IFS yoy"), D("yoy_pct", [1], "FRED yoy")]),
], "Traps: NGDP_NSA_XDC (unadjusted) and NGDP_R_SA_XDC (real) are IFS codes with the same stem. GDPC1 is FRED real GDP. IFS file 1950Q1-2023Q3 for US.",
   ["NGDP_NSA_XDC", "NGDP_R_SA_XDC", "GDPC1"], True)

# 17
sc("Turkish CPI monthly vs WEO annual", [
    T("yo, turkish headline CPI yoy monthly from jan 2021 to whatever the latest is (sept 2025 ok)",
      [["TP.FG.J0"]], ["search", "build_table", "derive"], ("2021-01", "2025-09"), "M",
      [D("yoy_pct", [0], "annual inflation from the 2003=100 index")]),
    T("compare w IMF avg inflation for Türkiye 2021-23, annual table",
      [["TP.FG.J0"], w("Türkiye", INF)], ["search", "build_table", "derive", "convert"], ("2021", "2023"), "A",
      [D("yoy_pct", [0], "annual average index growth")]),
    T("back to the monthly yoy thing: breaks?",
      [["TP.FG.J0"]], ["changepoints", "derive"], ("2021-01", "2025-09"), "M",
      [D("yoy_pct", [0], "monthly yoy")]),
], "Trap: WEO end-of-period inflation for Türkiye is a near-twin of average; TP.FG.J01 is food CPI. TURKSTAT file 2020-01..2025-10.",
   [W("Türkiye", *INFE), "TP.FG.J01"], True)

# 18
sc("Current account imbalances, big four", [
    T("Current account balance as % of GDP — Germany, China, United States, Japan — 2000 to 2023, WEO.",
      [w("Germany", CAP), w("China", CAP), w("United States", CAP), w("Japan", CAP)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("same in billions of dollars",
      [w("Germany", CAU), w("China", CAU), w("United States", CAU), w("Japan", CAU)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("How big is Germany's + China's surplus relative to the US deficit (abs)? one column, then chart it",
      [w("Germany", CAU), w("China", CAU), w("United States", CAU)], ["derive", "chart"], ("2000", "2023"), "A",
      [D("expression", [0, 1, 2], "(DE + CN) / -US, USD billions")]),
], "Trap: % of GDP vs U.S. dollars rows share the subject descriptor.",
   [W("Germany", *CAU)], True)

# 19
sc("Visegrad convergence in real GDP per capita", [
    T("Dear team, for a convergence chapter I need real GDP per capita in PPP terms (constant 2017 international dollars) for Poland, Hungary, the Czech Republic and the Slovak Republic, 2000-2023. Kind regards, M.",
      [w("Poland", PCPPP17), w("Hungary", PCPPP17), w("Czech Republic", PCPPP17), w("Slovak Republic", PCPPP17)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("Could you please add Germany and express each of the four as a ratio to Germany?",
      [w("Poland", PCPPP17), w("Hungary", PCPPP17), w("Czech Republic", PCPPP17), w("Slovak Republic", PCPPP17), w("Germany", PCPPP17)], ["build_table", "derive"], ("2000", "2023"), "A",
      [D("ratio", [0, 4], "PL/DE"), D("ratio", [1, 4], "HU/DE"), D("ratio", [2, 4], "CZ/DE"), D("ratio", [3, 4], "SK/DE")]),
    T("Many thanks. Finally a chart of those four ratios only.",
      [w("Poland", PCPPP17), w("Hungary", PCPPP17), w("Czech Republic", PCPPP17), w("Slovak Republic", PCPPP17), w("Germany", PCPPP17)], ["chart", "derive"], ("2000", "2023"), "A",
      [D("ratio", [0, 4], "PL/DE"), D("ratio", [1, 4], "HU/DE"), D("ratio", [2, 4], "CZ/DE"), D("ratio", [3, 4], "SK/DE")]),
], "Trap: 'per capita, current prices' PPP international dollars is the nominal twin; the constant-prices National currency row too. WEO spells 'Czech Republic' and 'Slovak Republic'.",
   [W("Poland", "Gross domestic product per capita, current prices", "Purchasing power parity; international dollars")], True)

# 20
sc("WEO vs BEA nominal GDP, annual", [
    T("Compare WEO US nominal GDP (USD bn) with FRED's GDP series annualised, 2000-2023.",
      [w("United States", GUSD), ["GDP"]], ["search", "build_table", "convert"], ("2000", "2023"), "A"),
    T("ratio of the two? should be ~1",
      [w("United States", GUSD), ["GDP"]], ["derive", "convert"], ("2000", "2023"), "A",
      [D("ratio", [1, 0], "FRED annual avg / WEO")]),
    T("nvm the ratio, show me growth of each instead (annual % change), 2001 on",
      [w("United States", GUSD), ["GDP"]], ["derive", "convert"], ("2001", "2023"), "A",
      [D("pct_change", [0], "WEO nominal growth"), D("pct_change", [1], "FRED nominal growth, annual")]),
], "Traps: GDPC1 is real GDP; the WEO 'constant prices' and PPP rows are near-twins of current-price USD. FRED GDP is quarterly SAAR, annual average matches the calendar-year figure. Turn 3 starts 2001 because WEO values start in 2000.",
   ["GDPC1", W("United States", "Gross domestic product, current prices", "Purchasing power parity; international dollars")], True)

# 21
sc("GDP per head computed from levels, Asian giants", [
    T("gdp in us dollars and population for india, china, indonesia 2000-2023 (imf)",
      [w("India", GUSD), w("China", GUSD), w("Indonesia", GUSD), w("India", POP), w("China", POP), w("Indonesia", POP)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("now per capita — divide myself, don't use the ready per capita row. note bn / mn so result is in thousands of USD",
      [w("India", GUSD), w("China", GUSD), w("Indonesia", GUSD), w("India", POP), w("China", POP), w("Indonesia", POP)], ["derive"], ("2000", "2023"), "A",
      [D("ratio", [0, 3], "India USD bn / persons mn = USD thousands"), D("ratio", [1, 4], "China"), D("ratio", [2, 5], "Indonesia")]),
    T("chart the 3 per-capita lines",
      [w("India", GUSD), w("China", GUSD), w("Indonesia", GUSD), w("India", POP), w("China", POP), w("Indonesia", POP)], ["derive", "chart"], ("2000", "2023"), "A",
      [D("ratio", [0, 3], "India"), D("ratio", [1, 4], "China"), D("ratio", [2, 5], "Indonesia")]),
], "Trap: PPP international dollars GDP row; 'Employment' Persons Millions sits near Population.",
   [W("India", "Gross domestic product, current prices", "Purchasing power parity; international dollars"), W("India", *EMP)], True)

# 22
sc("Inflation fighters: Argentina, Türkiye, Russia", [
    T("I'm a reporter writing on Argentina's rate hikes. Could you show me the central bank's policy rate monthly since 2015 through end of 2023 and mark the big jumps?",
      [["M.AR"]], ["search", "build_table", "changepoints"], ("2015-01", "2023-12"), "M"),
    T("What did inflation do? IMF yearly numbers are fine, 2017 onward is enough, next to the yearly average rate.",
      [["M.AR"], w("Argentina", INF)], ["search", "build_table", "convert"], ("2017", "2023"), "A"),
    T("for the story I also want Turkey and Russia on the same monthly rate chart as Argentina",
      [["M.AR"], ["M.TR"], ["M.RU"]], ["build_table", "chart"], ("2015-01", "2023-12"), "M"),
], "Trap: WEO end-of-period inflation for Argentina. BIS M.AR from 1993-04. WEO Argentina average inflation is empty for 2015-2016, hence 2017 onward. Türkiye's WEO spelling is 'Türkiye' (Latin-1 file).",
   [W("Argentina", *INFE)], True)

# 23
sc("Nordic policy rates and Switzerland", [
    T("Sweden, Norway and Denmark policy rates monthly 2008-2023",
      [["M.SE"], ["M.NO"], ["M.DK"]], ["search", "build_table"], ("2008-01", "2023-12"), "M"),
    T("add the SNB",
      [["M.SE"], ["M.NO"], ["M.DK"], ["M.CH"]], ["search", "build_table"], ("2008-01", "2023-12"), "M"),
    T("Riksbank minus ECB, chart, and detect the regime change(s)",
      [["M.SE"], ["M.XM"]], ["search", "derive", "chart", "changepoints"], ("2008-01", "2023-12"), "M",
      [D("spread", [0, 1], "Sweden minus euro area")]),
], "Trap: M.DE stops 1998; ECB is M.XM. Denmark/Switzerland negative rates in the 2010s.",
   ["M.DE"], True)

# 24
sc("ASEAN+Korea policy rates", [
    T("Korea, Thailand, Malaysia, Philippines, Indonesia — policy rates monthly, Jul 2006 to Dec 2023.",
      [["M.KR"], ["M.TH"], ["M.MY"], ["M.PH"], ["M.ID"]], ["search", "build_table"], ("2006-07", "2023-12"), "M"),
    T("quarterly instead, end of quarter is fine",
      [["M.KR"], ["M.TH"], ["M.MY"], ["M.PH"], ["M.ID"]], ["build_table", "convert"], ("2006-07", "2023-12"), "Q"),
    T("Indonesia alone, monthly again: changepoints + chart",
      [["M.ID"]], ["changepoints", "chart"], ("2006-07", "2023-12"), "M"),
], "Indonesia BIS series starts 2005-07. Trap: M.IN (India) vs M.ID (Indonesia) share the letter I.",
   ["M.IN"], True)

# 25
sc("Pacific Alliance real rates", [
    T("Chile, Colombia, Mexico and Peru policy rates, monthly from Jan 2005 to Dec 2023 please",
      [["M.CL"], ["M.CO"], ["M.MX"], ["M.PE"]], ["search", "build_table"], ("2005-01", "2023-12"), "M"),
    T("Annual averages for Chile and Mexico with WEO avg inflation, and the real rate for both (rate minus inflation).",
      [["M.CL"], ["M.MX"], w("Chile", INF), w("Mexico", INF)], ["search", "build_table", "derive", "convert"], ("2005", "2023"), "A",
      [D("expression", [0, 2], "Chile real rate"), D("expression", [1, 3], "Mexico real rate")]),
    T("chart the two real rates",
      [["M.CL"], ["M.MX"], w("Chile", INF), w("Mexico", INF)], ["chart", "derive", "convert"], ("2005", "2023"), "A",
      [D("expression", [0, 2], "Chile real rate"), D("expression", [1, 3], "Mexico real rate")]),
], "Trap: end-of-period inflation rows; M.CL vs M.CO. Peru BIS from 2003-09.",
   [W("Mexico", *INFE), W("Chile", *INFE)], True)

# 26
sc("Fiscal balances and interest burden", [
    T("General government net lending/borrowing, % of GDP: US, UK, France, Italy, 2007-2023.",
      [w("United States", NL), w("United Kingdom", NL), w("France", NL), w("Italy", NL)], ["search", "build_table"], ("2007", "2023"), "A"),
    T("and the primary balance for the same four",
      [w("United States", PNL), w("United Kingdom", PNL), w("France", PNL), w("Italy", PNL)], ["search", "build_table"], ("2007", "2023"), "A"),
    T("Italy only: primary minus overall ≈ net interest. give me that and chart",
      [w("Italy", PNL), w("Italy", NL)], ["derive", "chart"], ("2007", "2023"), "A",
      [D("spread", [0, 1], "primary minus overall balance")]),
], "Traps: structural balance (% of potential GDP) and the National currency rows of net lending. US structural balance starts n/a in 2000 — the span begins 2007.",
   [W("Italy", *SB), W("Italy", "General government net lending/borrowing", "National currency")], True)

# 27
sc("Size of the state: revenue and spending", [
    T("Revenue & total expenditure of general government, % GDP, for France, Sweden and Denmark; 2000-2023.",
      [w("France", REV), w("Sweden", REV), w("Denmark", REV), w("France", EXP), w("Sweden", EXP), w("Denmark", EXP)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("Expenditure minus revenue for each. Should equal minus net lending, right?",
      [w("France", REV), w("Sweden", REV), w("Denmark", REV), w("France", EXP), w("Sweden", EXP), w("Denmark", EXP)], ["derive"], ("2000", "2023"), "A",
      [D("spread", [3, 0], "France"), D("spread", [4, 1], "Sweden"), D("spread", [5, 2], "Denmark")]),
    T("ok check France: put the official net lending % GDP next to my France gap",
      [w("France", REV), w("France", EXP), w("France", NL)], ["search", "build_table", "derive"], ("2000", "2023"), "A",
      [D("spread", [1, 0], "France expenditure minus revenue")]),
], "Trap: the National currency (Billions) rows for revenue and expenditure.",
   [W("France", "General government revenue", "National currency")], True)

# 28
sc("Okun's law for a student", [
    T("hello, homework on okun law. I need US real gdp growth and unemployment rate yearly 2000-2023, IMF is ok",
      [w("United States", GRO), w("United States", UNE)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("my teacher wants BLS unemployment. replace the IMF one with the monthly BLS series averaged to years, keep growth",
      [w("United States", GRO), ["UNRATE"]], ["search", "build_table", "convert"], ("2000", "2023"), "A"),
    T("and the change in unemployment each year (points) pls",
      [w("United States", GRO), ["UNRATE"]], ["derive", "convert"], ("2000", "2023"), "A",
      [D("diff", [1], "annual change in unemployment rate")]),
], "Traps: UNRATENSA; WEO 'constant prices' National currency level vs Percent change.",
   ["UNRATENSA", W("United States", "Gross domestic product, constant prices", "National currency")], True)

# 29
sc("Core vs headline CPI gap", [
    T("Core CPI (ex food & energy) and headline CPI, both SA, y/y %, Jan 2000 to Dec 2019",
      [["CPILFESL"], ["CPIAUCSL"]], ["search", "build_table", "derive"], ("2000-01", "2019-12"), "M",
      [D("yoy_pct", [0], "core yoy"), D("yoy_pct", [1], "headline yoy")]),
    T("headline minus core",
      [["CPILFESL"], ["CPIAUCSL"]], ["derive"], ("2000-01", "2019-12"), "M",
      [D("yoy_pct", [0], "core yoy"), D("yoy_pct", [1], "headline yoy"), D("expression", [1, 0], "headline yoy minus core yoy")]),
    T("any structural breaks in core inflation? plot it",
      [["CPILFESL"]], ["changepoints", "chart", "derive"], ("2000-01", "2019-12"), "M",
      [D("yoy_pct", [0], "core yoy")]),
], "Traps: CPILFENS (core NSA), CPIAUCNS. CPILFESL file ends 2020-01.",
   ["CPILFENS", "CPIAUCNS"], True)

# 30
sc("Industrial production cycle", [
    T("INDPRO yoy from 1970 to 2024, find the change points",
      [["INDPRO"]], ["search", "build_table", "derive", "changepoints"], ("1970-01", "2024-12"), "M",
      [D("yoy_pct", [0], "IP yoy")]),
    T("Please put nonfarm payroll growth y/y alongside, same period.",
      [["INDPRO"], ["PAYEMS"]], ["search", "build_table", "derive"], ("1970-01", "2024-12"), "M",
      [D("yoy_pct", [0], "IP yoy"), D("yoy_pct", [1], "payrolls yoy")]),
    T("smooth both with a 12-month rolling mean and chart",
      [["INDPRO"], ["PAYEMS"]], ["derive", "chart"], ("1970-01", "2024-12"), "M",
      [D("yoy_pct", [0], "IP yoy"), D("yoy_pct", [1], "payrolls yoy"), D("rolling_mean", [0], "12m mean of IP"), D("rolling_mean", [1], "12m mean of payrolls")]),
], "Traps: IPB50001N is the NSA total index, IPB50001SQ quarterly. INDPRO observation files cover 1919 and 1966-2025.",
   ["IPB50001N", "IPB50001SQ"], True)

# 31
sc("10y minus fed funds, long history", [
    T("T10YFF, monthly avg, 1990–2024, with FEDFUNDS next to it",
      [["T10YFF"], ["FEDFUNDS"]], ["search", "build_table", "convert"], ("1990-01", "2024-12"), "M"),
    T("breaks in the spread",
      [["T10YFF"]], ["changepoints", "convert"], ("1990-01", "2024-12"), "M"),
    T("add unemployment and chart all three",
      [["T10YFF"], ["FEDFUNDS"], ["UNRATE"]], ["search", "build_table", "chart", "convert"], ("1990-01", "2024-12"), "M"),
], "Trap: T10Y3M (10y-3m), different spread same family. T10YFF daily 1966-2025.",
   ["T10Y3M"], False)

# 32
sc("Output gaps and structural balances, G4", [
    T("Output gap, % of potential, for the US, Germany, Japan and UK 2000-2023 from WEO",
      [w("United States", OG), w("Germany", OG), w("Japan", OG), w("United Kingdom", OG)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("Structural balance for the three non-US ones (US starts too late I think)",
      [w("Germany", SB), w("Japan", SB), w("United Kingdom", SB)], ["search", "build_table"], ("2000", "2022"), "A"),
    T("Chart the output gaps; Germany and UK only, please.",
      [w("Germany", OG), w("United Kingdom", OG)], ["chart"], ("2000", "2023"), "A"),
], "Traps: GDP constant prices Percent change (growth) vs output gap; structural balance National currency. US structural balance is n/a in 2000; Japan SB ends 2022 in this vintage (hence span 2000-2022 in turn 2).",
   [W("Germany", *GRO), W("Germany", "General government structural balance", "National currency")], True)

# 33
sc("Savings-investment gaps in Asia", [
    T("China India Korea: gross national savings and total investment, % GDP, 2000-23",
      [w("China", SAV), w("India", SAV), w("Korea", SAV), w("China", INV), w("India", INV), w("Korea", INV)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("S minus I each",
      [w("China", SAV), w("India", SAV), w("Korea", SAV), w("China", INV), w("India", INV), w("Korea", INV)], ["derive"], ("2000", "2023"), "A",
      [D("spread", [0, 3], "China"), D("spread", [1, 4], "India"), D("spread", [2, 5], "Korea")]),
    T("Korea: compare that gap with the current account % GDP, chart both",
      [w("Korea", SAV), w("Korea", INV), w("Korea", CAP)], ["search", "build_table", "derive", "chart"], ("2000", "2023"), "A",
      [D("spread", [0, 1], "Korea S-I")]),
], "Trap: WEO spells 'Korea' (not 'Republic of Korea'); current account USD row vs % GDP.",
   [W("Korea", *CAU)], True)

# 34
sc("Export volumes for near-shoring candidates", [
    T("Could you get me the volume growth of exports of goods and services for Vietnam, Mexico, and Poland, 2001-2023?",
      [w("Vietnam", XGS), w("Mexico", XGS), w("Poland", XGS)], ["search", "build_table"], ("2001", "2023"), "A"),
    T("the goods-and-services ones, not goods only — double check. Then add Vietnam minus Mexico, in points",
      [w("Vietnam", XGS), w("Mexico", XGS), w("Poland", XGS)], ["derive"], ("2001", "2023"), "A",
      [D("spread", [0, 1], "Vietnam minus Mexico export volume growth")]),
    T("Plot the gap, plus Vietnam's own growth smoothed over a 3-year rolling mean.",
      [w("Vietnam", XGS), w("Mexico", XGS)], ["chart", "derive"], ("2001", "2023"), "A",
      [D("spread", [0, 1], "VN minus MX"), D("rolling_mean", [0], "3-year rolling mean of Vietnam growth")]),
], "Trap: 'Volume of exports of goods' (goods only) and imports rows. Turn 2 must keep the goods-and-services row, not swap in goods only.",
   [W("Vietnam", "Volume of exports of goods", "Percent change"), W("Mexico", "Volume of imports of goods and services", "Percent change")], True)

# 35
sc("PPP shares of world GDP", [
    T("Share of world GDP at PPP: China, India, United States. 2000–2023.",
      [w("China", PPPSH), w("India", PPPSH), w("United States", PPPSH)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("Combined China+India share vs US — one column for (CN+IN) minus US",
      [w("China", PPPSH), w("India", PPPSH), w("United States", PPPSH)], ["derive"], ("2000", "2023"), "A",
      [D("expression", [0, 1, 2], "CN + IN - US, percentage points")]),
    T("chart the three shares and the combined gap",
      [w("China", PPPSH), w("India", PPPSH), w("United States", PPPSH)], ["chart", "derive"], ("2000", "2023"), "A",
      [D("expression", [0, 1, 2], "CN + IN - US")]),
], "Trap: GDP current prices PPP international dollars (Billions) is the level, not the share; 'Implied PPP conversion rate'.",
   [W("China", "Gross domestic product, current prices", "Purchasing power parity; international dollars"), W("China", "Implied PPP conversion rate", "National currency per current international dollar")], True)

# 36
sc("Bank of England rate and UK inflation", [
    T("BoE Bank Rate, monthly, Jan 2000-Dec 2023. Has it broken regime more than twice? Run changepoints.",
      [["M.GB"]], ["search", "build_table", "changepoints"], ("2000-01", "2023-12"), "M"),
    T("give me annual averages next to WEO CPI inflation (avg) for the UK, and the real rate",
      [["M.GB"], w("United Kingdom", INF)], ["search", "build_table", "derive", "convert"], ("2000", "2023"), "A",
      [D("expression", [0, 1], "UK real policy rate")]),
    T("swap in the end-of-period inflation instead of average and redo the real rate",
      [["M.GB"], w("United Kingdom", INFE)], ["search", "build_table", "derive", "convert"], ("2000", "2023"), "A",
      [D("expression", [0, 1], "real rate on Dec/Dec inflation")]),
], "Trap in turn 2: end-of-period inflation; turn 3 asks for exactly that twin, so the average row becomes the wrong one there; the Index rows are wrong throughout. Japan was dropped on purpose: BIS M.JP has no values 2001-04..2006-02 and 2013-05..2016-08.",
   [W("United Kingdom", *INFE), W("United Kingdom", "Inflation, average consumer prices", "Index")], True)

# 37
sc("Commodity-currency central banks", [
    T("bank of canada, RBA, RBNZ policy rates 1990-2023 monthly. thx",
      [["M.CA"], ["M.AU"], ["M.NZ"]], ["search", "build_table"], ("1990-01", "2023-12"), "M"),
    T("Those three at annual frequency plus IMF unemployment rates for each, 2000-2023 only.",
      [["M.CA"], ["M.AU"], ["M.NZ"], w("Canada", UNE), w("Australia", UNE), w("New Zealand", UNE)], ["search", "build_table", "convert"], ("2000", "2023"), "A"),
    T("Canada minus Australia rate spread, annual, chart it with both unemployment lines",
      [["M.CA"], ["M.AU"], w("Canada", UNE), w("Australia", UNE)], ["derive", "chart", "convert"], ("2000", "2023"), "A",
      [D("spread", [0, 1], "CA minus AU policy rate")]),
], "Trap: WEO 'Employment' (Persons, Millions) next to unemployment rate; M.CH vs M.CA.",
   [W("Canada", *EMP), "M.CH"], True)

# 38
sc("Employment-to-population ratios", [
    T("For Spain, Italy and Korea I want WEO employment and population (both millions of persons), 2000-2023.",
      [w("Spain", EMP), w("Italy", EMP), w("Korea", EMP), w("Spain", POP), w("Italy", POP), w("Korea", POP)], ["search", "build_table"], ("2000", "2023"), "A"),
    T("employment / population for each country as a %",
      [w("Spain", EMP), w("Italy", EMP), w("Korea", EMP), w("Spain", POP), w("Italy", POP), w("Korea", POP)], ["derive"], ("2000", "2023"), "A",
      [D("ratio", [0, 3], "ES"), D("ratio", [1, 4], "IT"), D("ratio", [2, 5], "KR")]),
    T("put the unemployment rate for those 3 next to the ratios and chart",
      [w("Spain", EMP), w("Italy", EMP), w("Korea", EMP), w("Spain", POP), w("Italy", POP), w("Korea", POP), w("Spain", UNE), w("Italy", UNE), w("Korea", UNE)], ["search", "build_table", "derive", "chart"], ("2000", "2023"), "A",
      [D("ratio", [0, 3], "ES"), D("ratio", [1, 4], "IT"), D("ratio", [2, 5], "KR")]),
], "Trap: unemployment rate for the employment request. Türkiye and South Africa were avoided: their WEO Employment rows are empty.",
   [W("Spain", *UNE)], True)

# 39
sc("Pegged regimes: Saudi Arabia and Hong Kong vs the Fed", [
    T("SAMA policy rate vs Fed funds target (BIS), monthly 2000-2023 — does the peg show?",
      [["M.SA"], ["M.US"]], ["search", "build_table"], ("2000-01", "2023-12"), "M"),
    T("Saudi minus US spread. Then same thing for Hong Kong from Jan 2000.",
      [["M.SA"], ["M.US"], ["M.HK"]], ["search", "derive", "build_table"], ("2000-01", "2023-12"), "M",
      [D("spread", [0, 1], "SA minus US"), D("spread", [2, 1], "HK minus US")]),
    T("changepoints on the HK one, and chart both spreads",
      [["M.SA"], ["M.US"], ["M.HK"]], ["changepoints", "chart", "derive"], ("2000-01", "2023-12"), "M",
      [D("spread", [0, 1], "SA minus US"), D("spread", [2, 1], "HK minus US")]),
], "Trap: FEDFUNDS (effective rate, FRED) is a different measure from the BIS policy rate M.US; the user says BIS. M.HK starts 1998-09.",
   ["FEDFUNDS"], True)

# 40
sc("CEE inflation targeters", [
    T("Hungary, Poland, Czechia, Romania policy rates, monthly, 2004 to 2023, chart",
      [["M.HU"], ["M.PL"], ["M.CZ"], ["M.RO"]], ["search", "build_table", "chart"], ("2004-01", "2023-12"), "M"),
    T("annualise them (avg) and add average CPI inflation from WEO for all four",
      [["M.HU"], ["M.PL"], ["M.CZ"], ["M.RO"], w("Hungary", INF), w("Poland", INF), w("Czech Republic", INF), w("Romania", INF)], ["search", "build_table", "convert"], ("2004", "2023"), "A"),
    T("real rate for Hungary only, then changepoints on it",
      [["M.HU"], w("Hungary", INF)], ["derive", "changepoints", "convert"], ("2004", "2023"), "A",
      [D("expression", [0, 1], "Hungary real policy rate")]),
], "Traps: WEO spells 'Czech Republic' while BIS says 'Czechia'; M.HR (Croatia) ends 2022-07; end-of-period inflation rows.",
   [W("Hungary", *INFE), "M.HR"], True)

here = os.path.dirname(os.path.abspath(__file__))
side = {}
with open(os.path.join(here, "scenarios-blind15.jsonl"), "w", encoding="utf-8") as f:
    for i, s in enumerate(S, 1):
        sid = f"b15-{i:02d}"
        turns = []
        spans = []
        for t in s["turns"]:
            t = dict(t); spans.append(list(t.pop("span"))); turns.append(t)
        f.write(json.dumps({"id": sid, "title": s["title"], "turns": turns, "notes": s["notes"]}, ensure_ascii=False) + "\n")
        side[sid] = {"spans": spans, "traps": s["traps"], "refback": s["refback"]}
with open(os.path.join(here, "spans-blind15.json"), "w", encoding="utf-8") as f:
    json.dump(side, f, ensure_ascii=False, indent=1)
print(len(S), "scenarios written")

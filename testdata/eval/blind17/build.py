#!/usr/bin/env python3
"""Build the blind17 multi-turn evaluation set.

Writes ../scenarios-blind17.jsonl and ./periods-blind17.json.
Each scenario: S(id, title, notes, [turn, turn, turn]) where a turn is
T(user, needs, actions, window, frequency=None, derives=None).
`needs` items are an id or a list of acceptable ids.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "scenarios-blind17.jsonl")
PER = os.path.join(HERE, "periods-blind17.json")

# ---- WEO composite ids -------------------------------------------------------
INF = ("Inflation, average consumer prices", "Percent change")
INFI = ("Inflation, average consumer prices", "Index")
INFE = ("Inflation, end of period consumer prices", "Percent change")
DEBT = ("General government gross debt", "Percent of GDP")
DEBTNC = ("General government gross debt", "National currency")
NETDEBT = ("General government net debt", "Percent of GDP")
BAL = ("General government net lending/borrowing", "Percent of GDP")
PBAL = ("General government primary net lending/borrowing", "Percent of GDP")
SBAL = ("General government structural balance", "Percent of potential GDP")
REV = ("General government revenue", "Percent of GDP")
EXP = ("General government total expenditure", "Percent of GDP")
GDPUSD = ("Gross domestic product, current prices", "U.S. dollars")
GDPNC = ("Gross domestic product, current prices", "National currency")
GDPPPP = ("Gross domestic product, current prices", "Purchasing power parity; international dollars")
PPPSH = ("Gross domestic product based on purchasing-power-parity (PPP) share of world total", "Percent")
GDPPC = ("Gross domestic product per capita, current prices", "U.S. dollars")
GDPPCK = ("Gross domestic product per capita, constant prices", "National currency")
GROWTH = ("Gross domestic product, constant prices", "Percent change")
POP = ("Population", "Persons")
EMP = ("Employment", "Persons")
UNR = ("Unemployment rate", "Percent of total labor force")
CA = ("Current account balance", "Percent of GDP")
CAUSD = ("Current account balance", "U.S. dollars")
SAV = ("Gross national savings", "Percent of GDP")
INV = ("Total investment", "Percent of GDP")
GAP = ("Output gap in percent of potential GDP", "Percent of potential GDP")


def W(country, subj):
    return "WEOApr2024|%s|%s|%s" % (country, subj[0], subj[1])


def T(user, needs, actions, window, frequency=None, derives=None):
    t = {"user": user,
         "needs": [n if isinstance(n, list) else [n] for n in needs],
         "actions": list(actions)}
    if frequency:
        t["frequency"] = frequency
    if derives is not None:
        t["derives"] = [{"op": d[0], "inputs": list(d[1]), "note": d[2]} for d in derives]
    t["_window"] = list(window)
    return t


SCEN = []


def S(sid, title, notes, turns):
    SCEN.append((sid, title, notes, turns))


SB = ["search", "build_table"]
SBC = ["search", "build_table", "convert"]

# ------------------------------------------------------------------ 01-10
w = ("2010-01", "2023-12")
n1 = [ "M.TR", "M.BR", "M.ZA",
       W("Türkiye", INF), W("Brazil", INF), W("South Africa", INF)]
S("b17-01", "Real policy rates: Turkey, Brazil, South Africa",
  "Trap: the WEO end-of-period CPI change (`WEOApr2024|Türkiye|Inflation, end of period consumer prices|Percent change`) "
  "sits next to the period-average one; the analyst wants annual averages, so the average-CPI row is right. "
  "BIS rates are monthly and must be averaged by year.",
  [T("policy rates for Turkey, Brazil and South Africa 2010-2023, yearly averages, next to each one's CPI inflation (IMF WEO)",
     n1, SBC, w, "A"),
   T("now the real rate for each country = policy rate minus inflation",
     n1, ["derive", "convert"], w, "A",
     [("spread", [0, 3], "Türkiye: policy minus avg CPI inflation"),
      ("spread", [1, 4], "Brazil"), ("spread", [2, 5], "South Africa")]),
   T("chart the three real rates and tell me where Turkey's one broke",
     n1, ["derive", "changepoints", "chart", "convert"], w, "A",
     [("spread", [0, 3], "Türkiye real rate"), ("spread", [1, 4], "Brazil real rate"),
      ("spread", [2, 5], "South Africa real rate")])])

S("b17-02", "US federal debt relative to GDP, then against the IMF ratio",
  "Trap: real GDP `GDPC1` looks like 'GDP' but the debt ratio needs nominal GDP; the ready-made `GFDEGDQ188S` has no "
  "observations here. Units differ (debt in millions, GDP in billions at annual rate). WEO gross debt is general government, "
  "not federal.",
  [T("Pull US federal debt outstanding and nominal GDP, quarterly, 2001 to 2023.",
     ["GFDEBTN", "GDP"], SB, ("2001-01", "2023-12"), "Q"),
   T("Debt as % of GDP please - ratio of the two, mind the units",
     ["GFDEBTN", "GDP"], ["derive"], ("2001-01", "2023-12"), "Q",
     [("ratio", [0, 1], "GFDEBTN (mn) / (GDP bn * 1000) * 100")]),
   T("Put the IMF's general government gross debt ratio for the States beside it, annual. How far apart are they?",
     ["GFDEBTN", "GDP", W("United States", DEBT)], ["search", "build_table", "derive", "convert"],
     ("2001-01", "2023-12"), "A",
     [("ratio", [0, 1], "federal debt / GDP, end-of-year debt over annual GDP"),
      ("expression", [0, 1, 2], "WEO gross debt ratio minus (GFDEBTN/GDP ratio)")])])

w = ("2005-01", "2023-12")
n3 = [W("United States", UNR), W("United Kingdom", UNR), W("Germany", UNR),
      W("France", UNR), W("Italy", UNR), W("Spain", UNR)]
S("b17-03", "Jobless rates across big Western economies",
  "Trap: WEO also has `WEOApr2024|Spain|Employment|Persons` (a head count, not a rate); and `UNRATE` is the US-only "
  "monthly BLS rate, wrong when the story wants one comparable annual source.",
  [T("For a piece on jobs: unemployment rates in the US, Britain, Germany, France, Italy and Spain since 2005, one source so they're comparable, annual",
     n3, SB, w, "A"),
   T("How big is the gap between Spain and Germany each year?",
     n3, ["derive"], w, "A", [("spread", [5, 2], "Spain minus Germany")]),
   T("Add Greece to the table too and give me Greece minus Germany as well",
     n3 + [W("Greece", UNR)], ["search", "build_table", "derive"], w, "A",
     [("spread", [5, 2], "Spain minus Germany"), ("spread", [6, 2], "Greece minus Germany")])])

S("b17-04", "Türkiye CPI and the real policy rate, monthly",
  "Trap: `TP.FG.J01` (food and non-alcoholic beverages) sits right under the general index in the same EVDS group; "
  "also the index must be turned into a 12-month change before subtracting it from the policy rate.",
  [T("Hello, I would like please the consumer price index of Türkiye, the general one, monthly from 2020 until end of 2023.",
     ["TP.FG.J0"], SB, ("2020-01", "2023-12"), "M",
     None),
   T("Thank you. Can you add the central bank policy rate and compute the real rate, meaning the rate minus the annual inflaton from that index?",
     ["TP.FG.J0", "M.TR"], ["search", "build_table", "derive"], ("2020-01", "2023-12"), "M",
     [("yoy_pct", [0], "12-month CPI inflation"),
      ("expression", [1, 0], "policy rate minus yoy_pct(CPI)")]),
   T("Where does this real rate have its breaks? I think mid-2023 but please check.",
     ["TP.FG.J0", "M.TR"], ["derive", "changepoints"], ("2020-01", "2023-12"), "M",
     [("yoy_pct", [0], "12-month CPI inflation"),
      ("expression", [1, 0], "real policy rate")])])

S("b17-05", "Fed effective rate vs BIS policy rate for the US, then add ECB and BoE",
  "Trap: daily `DFF` and weekly `FF` are the same effective rate at other frequencies (no observations here); "
  "BIS M.US is the policy target, so the spread is not zero.",
  [T("fed funds effective monthly + the BIS policy rate for the US, 2008-2023. quick",
     ["FEDFUNDS", "M.US"], SB, ("2008-01", "2023-12"), "M"),
   T("diff between them?", ["FEDFUNDS", "M.US"], ["derive"], ("2008-01", "2023-12"), "M",
     [("spread", [0, 1], "effective minus policy")]),
   T("ok add euro area and UK policy rates, chart all of them on one chart",
     ["FEDFUNDS", "M.US", "M.XM", "M.GB"], ["search", "build_table", "chart"], ("2008-01", "2023-12"), "M")])

S("b17-06", "Yield curve spreads, monthly, and the implied 10-year",
  "Trap: `T10Y2Y` (10y minus 2y) is the usual 'yield curve' twin; `T10Y3MM` is the monthly version of T10Y3M but has no "
  "observations here, so the daily series must be averaged to months.",
  [T("10y-3m and 10y-fed funds spreads, monthly averages, 1990 to 2019",
     ["T10Y3M", "T10YFF"], SBC, ("1990-01", "2019-12"), "M"),
   T("add monthly fed funds and back out the 10-year yield itself from the second spread",
     ["T10Y3M", "T10YFF", "FEDFUNDS"], ["search", "build_table", "derive", "convert"], ("1990-01", "2019-12"), "M",
     [("expression", [1, 2], "T10YFF + FEDFUNDS = 10-year yield")]),
   T("chart the 10y-3m one and mark where it broke", ["T10Y3M"], ["changepoints", "chart", "convert"],
     ("1990-01", "2019-12"), "M")])

w = ("2000-01", "2023-12")
S("b17-07", "GDP per head for India, China, Indonesia",
  "Trap: PPP GDP (`WEOApr2024|India|Gross domestic product, current prices|Purchasing power parity; international dollars`) "
  "instead of US-dollar GDP; Population is in millions and GDP in billions.",
  [T("I'd like dollar GDP and population for India, China and Indonesia, 2000-2023, so I can work out income per person myself",
     [W("India", GDPUSD), W("China", GDPUSD), W("Indonesia", GDPUSD),
      W("India", POP), W("China", POP), W("Indonesia", POP)], SB, w, "A"),
   T("Right, divide: GDP per capita for each country",
     [W("India", GDPUSD), W("China", GDPUSD), W("Indonesia", GDPUSD),
      W("India", POP), W("China", POP), W("Indonesia", POP)], ["derive"], w, "A",
     [("ratio", [0, 3], "India GDP/pop"), ("ratio", [1, 4], "China"), ("ratio", [2, 5], "Indonesia")]),
   T("Same thing for Vietnam and the Philippines, and put the IMF's own per-capita number next to mine for Vietnam as a check",
     [W("Vietnam", GDPUSD), W("Philippines", GDPUSD), W("Vietnam", POP), W("Philippines", POP),
      W("Vietnam", GDPPC)], ["search", "build_table", "derive"], w, "A",
     [("ratio", [0, 2], "Vietnam GDP/pop"), ("ratio", [1, 3], "Philippines GDP/pop")])])

S("b17-08", "Consumer vs business lending at US banks",
  "Trap: the not-seasonally-adjusted twins `BUSLOANSNSA` and `CONSUMERNSA`; delinquency `DRCCLACBS` is credit cards only "
  "whereas the analyst asks for all loans.",
  [T("C&I and consumer lending at US banks, SA, monthly 2000-2019",
     ["BUSLOANS", "CONSUMER"], SB, ("2000-01", "2019-12"), "M"),
   T("consumer share of the two combined + yoy growth of each",
     ["BUSLOANS", "CONSUMER"], ["derive"], ("2000-01", "2019-12"), "M",
     [("share", [1, 0], "CONSUMER / (CONSUMER + BUSLOANS)"),
      ("yoy_pct", [0], "C&I growth"), ("yoy_pct", [1], "consumer growth")]),
   T("put the delinquency rate on all loans next to them, quarterly",
     ["BUSLOANS", "CONSUMER", "DRALACBS"], SBC, ("2000-01", "2019-12"), "Q")])

S("b17-09", "Dollar-euro and the Fed-ECB rate gap",
  "Trap: `DEXUSUK` (dollars per pound) is the neighbouring H.10 rate; the euro rate is quoted dollars per euro.",
  [T("Monthly avg of the USD/EUR spot rate since the euro started (1999-2019), with the US and euro area policy rates",
     ["DEXUSEU", "M.US", "M.XM"], SBC, ("1999-01", "2019-12"), "M"),
   T("rate differential US minus euro area pls",
     ["DEXUSEU", "M.US", "M.XM"], ["derive", "convert"], ("1999-01", "2019-12"), "M",
     [("spread", [1, 2], "US minus euro area policy rate")]),
   T("where did the exchange rate break trend? just that series",
     ["DEXUSEU"], ["changepoints", "convert"], ("1999-01", "2019-12"), "M")])

w = ("2005-01", "2023-12")
S("b17-10", "Southern Europe interest burden from primary vs overall balance",
  "Trap: the structural balance (`WEOApr2024|Italy|General government structural balance|Percent of potential GDP`) "
  "is a different concept; interest is primary balance minus overall balance.",
  [T("Primary balance and headline balance (% of GDP) for Italy, Greece, Portugal and Spain, 2005-2023",
     [W("Italy", PBAL), W("Greece", PBAL), W("Portugal", PBAL), W("Spain", PBAL),
      W("Italy", BAL), W("Greece", BAL), W("Portugal", BAL), W("Spain", BAL)], SB, w, "A"),
   T("implied interest bill = primary minus overall, for each",
     [W("Italy", PBAL), W("Greece", PBAL), W("Portugal", PBAL), W("Spain", PBAL),
      W("Italy", BAL), W("Greece", BAL), W("Portugal", BAL), W("Spain", BAL)], ["derive"], w, "A",
     [("spread", [0, 4], "Italy"), ("spread", [1, 5], "Greece"), ("spread", [2, 6], "Portugal"),
      ("spread", [3, 7], "Spain")]),
   T("drop Portugal, add France, and chart the interest bills",
     [W("Italy", PBAL), W("Greece", PBAL), W("Spain", PBAL), W("France", PBAL),
      W("Italy", BAL), W("Greece", BAL), W("Spain", BAL), W("France", BAL)],
     ["search", "build_table", "derive", "chart"], w, "A",
     [("spread", [0, 4], "Italy"), ("spread", [1, 5], "Greece"), ("spread", [2, 6], "Spain"),
      ("spread", [3, 7], "France")])])

# ------------------------------------------------------------------ 11-20
S("b17-11", "Headline vs core US inflation and a real fed funds rate",
  "Trap: the unadjusted twins `CPIAUCNS` / `CPILFENS`; for a year-on-year change either works in principle, but the "
  "analyst asked for the seasonally adjusted ones and only those have observations here.",
  [T("US CPI all items and core (ex food & energy), seasonally adjusted, monthly 2000-2019, as 12-month % changes",
     ["CPIAUCSL", "CPILFESL"], SB, ("2000-01", "2019-12"), "M",
     None),
   T("ok so headline inflation minus core inflation - how big does that gap get?",
     ["CPIAUCSL", "CPILFESL"], ["derive"], ("2000-01", "2019-12"), "M",
     [("yoy_pct", [0], "headline yoy"), ("yoy_pct", [1], "core yoy"),
      ("expression", [0, 1], "yoy(CPIAUCSL) - yoy(CPILFESL)")]),
   T("keep the core one and add effective fed funds; real rate = fed funds minus core inflation",
     ["CPILFESL", "FEDFUNDS"], ["search", "build_table", "derive"], ("2000-01", "2019-12"), "M",
     [("yoy_pct", [0], "core yoy"), ("expression", [1, 0], "FEDFUNDS - yoy(CPILFESL)")])])
# b17-11 turn 1 asks for % changes: make it a derive turn
SCEN[-1][3][0]["actions"] = ["search", "build_table", "derive"]
SCEN[-1][3][0]["derives"] = [{"op": "yoy_pct", "inputs": [0], "note": "headline 12-month change"},
                             {"op": "yoy_pct", "inputs": [1], "note": "core 12-month change"}]

S("b17-12", "The 2020 labour-market break, and the annual IMF view",
  "Trap: `UNRATENSA` (not seasonally adjusted) and `PAYNSA`; the WEO unemployment rate for the United States is annual "
  "and must not be compared month by month.",
  [T("Unemployment rate and nonfarm payrolls, both SA, Jan 2019 to Dec 2021. Where are the breaks?",
     ["UNRATE", "PAYEMS"], ["search", "build_table", "changepoints"], ("2019-01", "2021-12"), "M"),
   T("Monthly change in payrolls, in thousands, for the same window",
     ["PAYEMS"], ["derive"], ("2019-01", "2021-12"), "M", [("diff", [0], "m/m change in payrolls")]),
   T("Now put the BLS rate as annual averages beside the IMF's unemployment rate for America, 2010-2023, and show the difference",
     ["UNRATE", W("United States", UNR)], ["search", "build_table", "derive", "convert"],
     ("2010-01", "2023-12"), "A", [("spread", [0, 1], "BLS annual average minus WEO")])])

w = ("2000-01", "2023-12")
w2 = ("2001-01", "2023-12")
n13 = [W("Korea", INF), W("Japan", INF), W("China", INF), W("Thailand", INF)]
n13b = [W("Korea", INF), W("China", INF), W("Thailand", INF), "M.KR", "M.CN", "M.TH"]
S("b17-13", "East Asian inflation and real policy rates",
  "Trap: the CPI level (`WEOApr2024|Korea|Inflation, average consumer prices|Index`) instead of the percent change; "
  "BIS `M.JP` has a long hole (1999-2016), so Japan is left out of the rate turns; M.TH starts 2000-05.",
  [T("annual CPI inflation, Korea, Japan, China, Thailand, 2000-2023. and Korea minus Japan",
     n13, ["search", "build_table", "derive"], w, "A", [("spread", [0, 1], "Korea minus Japan")]),
   T("add the central bank policy rates averaged per year, from 2001, for Korea, China and Thailand only (skip Japan, its BIS series has gaps)",
     n13b, SBC, w2, "A"),
   T("then real rate for each of those three (policy minus inflation)",
     n13b, ["derive", "convert"], w2, "A",
     [("spread", [3, 0], "Korea"), ("spread", [4, 1], "China"), ("spread", [5, 2], "Thailand")])])

w = ("2005-01", "2023-12")
n14 = ["M.BR", "M.CL", "M.CO", "M.MX", "M.PE"]
S("b17-14", "Latin American policy rates against the Fed",
  "Trap: FRED's `INTDSRBRM193N` is Brazil's discount rate from IFS, not the policy (Selic) rate; BIS M.PE starts only "
  "in 2003-09.",
  [T("Policy rates Brazil, Chile, Colombia, Mexico, Peru, monthly, 2005 through 2023",
     n14, SB, w, "M"),
   T("now each country's spread over the US policy rate",
     n14 + ["M.US"], ["search", "build_table", "derive"], w, "M",
     [("spread", [0, 5], "BR-US"), ("spread", [1, 5], "CL-US"), ("spread", [2, 5], "CO-US"),
      ("spread", [3, 5], "MX-US"), ("spread", [4, 5], "PE-US")]),
   T("where did Brazil's spread break?",
     ["M.BR", "M.US"], ["derive", "changepoints"], w, "M", [("spread", [0, 1], "BR-US")])])

w = ("2000-01", "2023-12")
S("b17-15", "Surplus economies: current account",
  "Trap: `WEOApr2024|Germany|Gross national savings|Percent of GDP` reads like 'external surplus' but is savings; "
  "turn 2 needs the dollar current account and dollar GDP, not the national-currency GDP.",
  [T("Current account as share of GDP for Germany, the Netherlands, Switzerland and Sweden, 2000 to 2023 please",
     [W("Germany", CA), W("Netherlands", CA), W("Switzerland", CA), W("Sweden", CA)], SB, w, "A"),
   T("For Germany, rebuild that number from the dollar current account and dollar GDP, to check",
     [W("Germany", CAUSD), W("Germany", GDPUSD), W("Germany", CA)], ["search", "build_table", "derive"], w, "A",
     [("ratio", [0, 1], "CA USD bn / GDP USD bn * 100")]),
   T("Swap Sweden for Norway in the first table and give each one's gap to Germany",
     [W("Germany", CA), W("Netherlands", CA), W("Switzerland", CA), W("Norway", CA)],
     ["search", "build_table", "derive"], w, "A",
     [("spread", [1, 0], "NL-DE"), ("spread", [2, 0], "CH-DE"), ("spread", [3, 0], "NO-DE")])])

w = ("2000-01", "2023-12")
S("b17-16", "Household saving rate vs national saving, then S-I gaps",
  "Trap: `PMSAVE` is personal saving in dollars, not the rate; national saving (WEO) is not the household rate.",
  [T("personal saving rate (monthly, average it by year) next to the IMF's gross national savings for the US, 2000-2023",
     ["PSAVERT", W("United States", SAV)], SBC, w, "A"),
   T("add total investment for the US and give me savings minus investment",
     ["PSAVERT", W("United States", SAV), W("United States", INV)], ["search", "build_table", "derive", "convert"],
     w, "A", [("spread", [1, 2], "S - I, % of GDP")]),
   T("same calc for Japan and Germany next to the US one, drop the personal saving rate",
     [W("United States", SAV), W("United States", INV), W("Japan", SAV), W("Japan", INV),
      W("Germany", SAV), W("Germany", INV)], ["search", "build_table", "derive"], w, "A",
     [("spread", [0, 1], "US"), ("spread", [2, 3], "Japan"), ("spread", [4, 5], "Germany")])])

S("b17-17", "Industrial production, GDP, and the IFS cross-check",
  "Trap: real GDP (`GDPC1` in FRED, `NGDP_R_SA_XDC` in IFS) instead of nominal; IFS quarterly values are not annualised "
  "and in millions, FRED GDP is SAAR in billions.",
  [T("industrial production and nominal GDP, quarterly (average the IP), 2000 to Q3 2023",
     ["INDPRO", "GDP"], SBC, ("2000-01", "2023-09"), "Q"),
   T("yoy % for both",
     ["INDPRO", "GDP"], ["derive", "convert"], ("2000-01", "2023-09"), "Q",
     [("yoy_pct", [0], "IP yoy"), ("yoy_pct", [1], "GDP yoy")]),
   T("bring in the IMF IFS nominal SA GDP for the US and take the ratio of FRED GDP to it",
     ["INDPRO", "GDP", "NGDP_SA_XDC"], ["search", "build_table", "derive", "convert"], ("2000-01", "2023-09"), "Q",
     [("ratio", [1, 2], "FRED GDP (bn SAAR) / IFS (mn, quarterly): about 4/1000")])])

w = ("2000-01", "2023-12")
S("b17-18", "Britain's real Bank Rate, then the States and Canada",
  "Trap: `WEOApr2024|United Kingdom|Inflation, end of period consumer prices|Percent change` next to the average one; "
  "BIS M.GB is monthly, averaged per year.",
  [T("I'm writing about Britain: Bank Rate averaged per year and UK CPI inflation, 2000-2023, and the real rate",
     ["M.GB", W("United Kingdom", INF)], ["search", "build_table", "derive", "convert"], w, "A",
     [("spread", [0, 1], "real Bank Rate")]),
   T("Same thing for the States and Canada",
     ["M.GB", W("United Kingdom", INF), "M.US", W("United States", INF), "M.CA", W("Canada", INF)],
     ["search", "build_table", "derive", "convert"], w, "A",
     [("spread", [0, 1], "UK"), ("spread", [2, 3], "US"), ("spread", [4, 5], "Canada")]),
   T("Chart all three real rates, one line each",
     ["M.GB", W("United Kingdom", INF), "M.US", W("United States", INF), "M.CA", W("Canada", INF)],
     ["derive", "chart", "convert"], w, "A",
     [("spread", [0, 1], "UK"), ("spread", [2, 3], "US"), ("spread", [4, 5], "Canada")])])

w = ("2000-01", "2023-12")
S("b17-19", "Nordic policy rates and the ECB",
  "Trap: `M.DE` (Germany) is easy to take for Denmark's `M.DK`, and it ends in 1998 anyway; `M.CH` (Switzerland) "
  "for Sweden.",
  [T("Policy rates of Sweden, Norway, Denmark and Iceland, monthly, 2000-2023.",
     ["M.SE", "M.NO", "M.DK", "M.IS"], SB, w, "M"),
   T("Compute each country's spread to the euro area policy rate.",
     ["M.SE", "M.NO", "M.DK", "M.IS", "M.XM"], ["search", "build_table", "derive"], w, "M",
     [("spread", [0, 4], "SE-XM"), ("spread", [1, 4], "NO-XM"), ("spread", [2, 4], "DK-XM"), ("spread", [3, 4], "IS-XM")]),
   T("For Sweden alone, identify structural breaks in the level; the negative-rate period should show up.",
     ["M.SE"], ["changepoints"], w, "M")])

w = ("2000-01", "2023-12")
S("b17-20", "Gross and net government debt: Japan, Italy, US, UK",
  "Trap: gross debt in national currency (`WEOApr2024|Japan|General government gross debt|National currency`); "
  "US WEO debt rows start 2001.",
  [T("gen. govt gross debt, % GDP: Japan, Italy, US, UK, 2001-2023",
     [W("Japan", DEBT), W("Italy", DEBT), W("United States", DEBT), W("United Kingdom", DEBT)], SB,
     ("2001-01", "2023-12"), "A"),
   T("net debt for those four as well",
     [W("Japan", DEBT), W("Italy", DEBT), W("United States", DEBT), W("United Kingdom", DEBT),
      W("Japan", NETDEBT), W("Italy", NETDEBT), W("United States", NETDEBT), W("United Kingdom", NETDEBT)],
     SB, ("2001-01", "2023-12"), "A"),
   T("gross minus net for each - the financial assets cushion",
     [W("Japan", DEBT), W("Italy", DEBT), W("United States", DEBT), W("United Kingdom", DEBT),
      W("Japan", NETDEBT), W("Italy", NETDEBT), W("United States", NETDEBT), W("United Kingdom", NETDEBT)],
     ["derive"], ("2001-01", "2023-12"), "A",
     [("spread", [0, 4], "JP"), ("spread", [1, 5], "IT"), ("spread", [2, 6], "US"), ("spread", [3, 7], "UK")])])

# ------------------------------------------------------------------ 21-30
w = ("2020-01", "2023-12")
S("b17-21", "Türkiye: monthly CPI index against the IMF annual inflation figures",
  "Trap: `TP.TUFE1YI.T1` is the domestic PPI from the same EVDS topic; WEO average inflation vs end-of-period: the "
  "December-on-December figure is `WEOApr2024|Türkiye|Inflation, end of period consumer prices|Percent change`, "
  "wanted only in turn 3.",
  [T("turkish CPI (2003=100), monthly, jan 2020 - dec 2023",
     ["TP.FG.J0"], SB, w, "M"),
   T("make it annual averages and compute the change year on year, then compare with IMF's average inflation for Turkey - the gap between the two",
     ["TP.FG.J0", W("Türkiye", INF)], ["search", "build_table", "derive", "convert"], w, "A",
     [("yoy_pct", [0], "change of the annual-average index"),
      ("expression", [0, 1], "yoy(annual avg TP.FG.J0) - WEO average inflation")]),
   T("and the december-to-december one from IMF too, next to those",
     ["TP.FG.J0", W("Türkiye", INF), W("Türkiye", INFE)], SBC, w, "A")])

w = ("2011-01", "2023-12")
n22 = ["M.KR", "M.TH", "M.MY", "M.PH", "M.ID"]
g22 = [W("Korea", GROWTH), W("Thailand", GROWTH), W("Malaysia", GROWTH), W("Philippines", GROWTH),
       W("Indonesia", GROWTH)]
S("b17-22", "Asian central banks and growth",
  "Trap: `M.JP` would be the obvious sixth series but has no data 1999-2016; growth must be real GDP percent change, "
  "not `WEOApr2024|Korea|Gross domestic product per capita, constant prices|National currency`.",
  [T("Korea, Thailand, Malaysia, Philippines, Indonesia: policy rates, monthly, 2011 onwards to 2023",
     n22, SB, w, "M"),
   T("average them by year and put real GDP growth for each next to it",
     n22 + g22, SBC, w, "A"),
   T("chart rates and growth for Korea and Indonesia only",
     ["M.KR", "M.ID", W("Korea", GROWTH), W("Indonesia", GROWTH)], ["build_table", "chart", "convert"], w, "A")])

w = ("2000-01", "2023-12")
S("b17-23", "Federal debt per American",
  "Trap: `GFDEGDQ188S` (debt as % of GDP) answers a different question; FRED `B230RC0A052NBEA` population has no "
  "observations here, WEO population (millions) does.",
  [T("Federal debt outstanding (FRED, take the Q4 value... or average, whatever) and US population from the IMF, annual 2000-2023",
     ["GFDEBTN", W("United States", POP)], SBC, w, "A"),
   T("debt per person in dollars",
     ["GFDEBTN", W("United States", POP)], ["derive", "convert"], w, "A",
     [("ratio", [0, 1], "GFDEBTN (USD mn) / population (mn) = dollars per person")]),
   T("also as a multiple of GDP per head, use IMF dollar GDP, and where does that ratio break?",
     ["GFDEBTN", W("United States", POP), W("United States", GDPUSD)],
     ["search", "build_table", "derive", "changepoints", "convert"], w, "A",
     [("expression", [0, 1, 2], "(GFDEBTN/POP) / (GDP USD bn*1000/POP)")])])

w = ("2005-01", "2019-12")
S("b17-24", "Home equity lines vs business loans",
  "Trap: `CCLACBW027SBOG` (credit cards and other revolving plans) is the neighbouring weekly H.8 revolving series; "
  "`RHEACBM027SBOG` is the monthly twin without observations.",
  [T("HELOC balances at commercial banks (weekly, SA) as monthly averages, plus C&I loans, 2005-2019",
     ["RHEACBW027SBOG", "BUSLOANS"], SBC, w, "M"),
   T("ratio of home equity to C&I",
     ["RHEACBW027SBOG", "BUSLOANS"], ["derive", "convert"], w, "M",
     [("ratio", [0, 1], "HELOC / C&I")]),
   T("where did that ratio break? I'd guess around 2009",
     ["RHEACBW027SBOG", "BUSLOANS"], ["derive", "changepoints", "convert"], w, "M",
     [("ratio", [0, 1], "HELOC / C&I")])])

w = ("1990-01", "2019-12")
S("b17-25", "Real money stock",
  "Trap: `WM2NS` is weekly M2 not seasonally adjusted; `M2SL` (monthly SA) has no observations here, so the weekly SA "
  "series is averaged to months.",
  [T("M2, seasonally adjusted, monthly avg, and CPI all items SA, 1990-2019",
     ["M2", "CPIAUCSL"], SBC, w, "M"),
   T("deflate it: real M2 = M2 / CPI, and its yoy growth",
     ["M2", "CPIAUCSL"], ["derive", "convert"], w, "M",
     [("ratio", [0, 1], "M2 / CPI * 100"), ("yoy_pct", [0], "nominal M2 growth")]),
   T("chart real M2 growth against nominal",
     ["M2", "CPIAUCSL"], ["derive", "chart", "convert"], w, "M",
     [("expression", [0, 1], "yoy(M2/CPI)"), ("yoy_pct", [0], "nominal M2 growth")])])

w = ("1990-01", "2019-12")
S("b17-26", "Prime rate markup over fed funds",
  "Trap: `MPRIME` is the monthly prime rate (no observations here); the daily `DPRIME` must be averaged. BIS M.US is the "
  "target, not the effective rate.",
  [T("bank prime loan rate (monthly avg of the daily) minus effective fed funds, 1990-2019",
     ["DPRIME", "FEDFUNDS"], ["search", "build_table", "derive", "convert"], w, "M",
     [("spread", [0, 1], "prime minus fed funds")]),
   T("breaks in that spraed?",
     ["DPRIME", "FEDFUNDS"], ["derive", "changepoints", "convert"], w, "M",
     [("spread", [0, 1], "prime minus fed funds")]),
   T("add the BIS US policy rate and do prime minus that instead",
     ["DPRIME", "FEDFUNDS", "M.US"], ["search", "build_table", "derive", "convert"], w, "M",
     [("spread", [0, 2], "prime minus BIS policy rate")])])

w = ("2001-01", "2023-12")
n27 = [W("Brazil", REV), W("Mexico", REV), W("Colombia", REV), W("Chile", REV),
       W("Brazil", EXP), W("Mexico", EXP), W("Colombia", EXP), W("Chile", EXP)]
S("b17-27", "Latin American budgets from revenue and spending",
  "Trap: the primary balance (`WEOApr2024|Brazil|General government primary net lending/borrowing|Percent of GDP`) "
  "is not revenue minus total expenditure; Brazil's fiscal rows start 2001.",
  [T("government revenue and total spending, % of GDP, Brazil Mexico Colombia Chile, 2001-2023",
     n27, SB, w, "A"),
   T("revenue minus spending for each",
     n27, ["derive"], w, "A",
     [("spread", [0, 4], "BR"), ("spread", [1, 5], "MX"), ("spread", [2, 6], "CO"), ("spread", [3, 7], "CL")]),
   T("check Brazil and Mexico against the IMF's own net lending figure; the difference should be ~0",
     [W("Brazil", REV), W("Brazil", EXP), W("Brazil", BAL), W("Mexico", REV), W("Mexico", EXP), W("Mexico", BAL)],
     ["search", "build_table", "derive"], w, "A",
     [("expression", [0, 1, 2], "BR: (rev - exp) - net lending"),
      ("expression", [3, 4, 5], "MX: (rev - exp) - net lending")])])

w = ("2005-01", "2023-12")
S("b17-28", "Growth gap of Türkiye and CEE against Germany",
  "Trap: `WEOApr2024|Poland|Gross domestic product per capita, constant prices|National currency` is a level, not growth.",
  [T("real GDP growth Turkiye, Poland, Hungary, Romania and Germany, 2005-2023",
     [W("Türkiye", GROWTH), W("Poland", GROWTH), W("Hungary", GROWTH), W("Romania", GROWTH), W("Germany", GROWTH)],
     SB, w, "A"),
   T("each one minus Germany",
     [W("Türkiye", GROWTH), W("Poland", GROWTH), W("Hungary", GROWTH), W("Romania", GROWTH), W("Germany", GROWTH)],
     ["derive"], w, "A",
     [("spread", [0, 4], "TR-DE"), ("spread", [1, 4], "PL-DE"), ("spread", [2, 4], "HU-DE"), ("spread", [3, 4], "RO-DE")]),
   T("chart those differentials",
     [W("Türkiye", GROWTH), W("Poland", GROWTH), W("Hungary", GROWTH), W("Romania", GROWTH), W("Germany", GROWTH)],
     ["derive", "chart"], w, "A",
     [("spread", [0, 4], "TR-DE"), ("spread", [1, 4], "PL-DE"), ("spread", [2, 4], "HU-DE"), ("spread", [3, 4], "RO-DE")])])

w = ("2000-01", "2022-12")
S("b17-29", "Mexico's quarterly GDP from IFS against the WEO annual figure",
  "Trap: `NGDP_XDC` is the non-seasonally-adjusted IFS twin and `NGDP_R_SA_XDC` is real; the IFS code is the same for "
  "US/CA/MX, the country is a dimension.",
  [T("Mexico nominal GDP, seasonally adjusted, quarterly, from IMF IFS, 2000-2022",
     ["NGDP_SA_XDC"], SB, w, "Q"),
   T("sum it to years and put the WEO current-price GDP in pesos next to it; ratio of the two",
     ["NGDP_SA_XDC", W("Mexico", GDPNC)], ["search", "build_table", "derive", "convert"], w, "A",
     [("ratio", [0, 1], "annual sum of IFS quarters (mn) / WEO (bn) / 1000")]),
   T("drop the IFS series; give me Mexico, Canada and US policy rates averaged by year with Mexico minus US",
     ["M.MX", "M.CA", "M.US"], ["search", "build_table", "derive", "convert"], w, "A",
     [("spread", [0, 2], "MX minus US")])])

w = ("2000-01", "2023-12")
n30 = [W("United States", GAP), W("United Kingdom", GAP), W("Germany", GAP), W("Japan", GAP), W("Canada", GAP)]
u30 = [W("United States", UNR), W("United Kingdom", UNR), W("Germany", UNR), W("Japan", UNR), W("Canada", UNR)]
S("b17-30", "Output gaps and unemployment in the G7 core",
  "Trap: the structural balance (`WEOApr2024|Germany|General government structural balance|Percent of potential GDP`) "
  "shares the 'percent of potential GDP' unit with the output gap.",
  [T("Dear assistant, could you give output gaps for US, UK, Germany, Japan, Canada, 2000-2023?",
     n30, SB, w, "A"),
   T("Please add the unemployment rate of each country.",
     n30 + u30, SB, w, "A"),
   T("Now drop Japan and compute the yearly change in unemployment for the remaining four.",
     [W("United States", GAP), W("United Kingdom", GAP), W("Germany", GAP), W("Canada", GAP),
      W("United States", UNR), W("United Kingdom", UNR), W("Germany", UNR), W("Canada", UNR)],
     ["build_table", "derive"], w, "A",
     [("diff", [4], "US"), ("diff", [5], "UK"), ("diff", [6], "DE"), ("diff", [7], "CA")])])

# ------------------------------------------------------------------ 31-40
w = ("2000-01", "2023-12")
n31 = [W("China", SAV), W("Korea", SAV), W("India", SAV), W("China", INV), W("Korea", INV), W("India", INV)]
S("b17-31", "Saving-investment gaps vs current accounts in Asia",
  "Trap: `WEOApr2024|China|Current account balance|U.S. dollars` (a dollar amount) instead of the % of GDP row "
  "that S - I should approximate.",
  [T("national savings and investment, % GDP, China / Korea / India, 2000-2023",
     n31, SB, w, "A"),
   T("S minus I for all three",
     n31, ["derive"], w, "A",
     [("spread", [0, 3], "China"), ("spread", [1, 4], "Korea"), ("spread", [2, 5], "India")]),
   T("put their current account (% of GDP) beside and show the statistical discrepancy, (S-I) - CA",
     n31 + [W("China", CA), W("Korea", CA), W("India", CA)], ["search", "build_table", "derive"], w, "A",
     [("expression", [0, 3, 6], "China (S-I)-CA"), ("expression", [1, 4, 7], "Korea"),
      ("expression", [2, 5, 8], "India")])])

w = ("1990-01", "2019-12")
S("b17-32", "Bank delinquencies and the jobless rate",
  "Trap: `DRALACBN` (not seasonally adjusted) and `DRCCLACBS` (credit cards only) sit next to the all-loans SA rate.",
  [T("bank delinquency rate on total loans (all banks, SA) + the jobless rate, quarterly 1990-2019",
     ["DRALACBS", "UNRATE"], SBC, w, "Q"),
   T("changepoints in the delinquency series",
     ["DRALACBS"], ["changepoints"], w, "Q"),
   T("chart both together, two axes is fine",
     ["DRALACBS", "UNRATE"], ["chart", "convert"], w, "Q")])

w = ("1990-01", "1998-12")
n33 = ["M.DE", "M.FR", "M.IT", "M.ES", "M.NL"]
S("b17-33", "Convergence before the euro",
  "Trap: `M.XM` (euro area) only starts in 1999 and has no observations for this window; Germany is `M.DE`, not "
  "`M.DK` (Denmark).",
  [T("An academic question: national policy rates of Germany, France, Italy, Spain and the Netherlands, monthly, 1990 to the end of 1998",
     n33, SB, w, "M"),
   T("Compute each country's spread over Germany, the anchor",
     n33, ["derive"], w, "M",
     [("spread", [1, 0], "FR-DE"), ("spread", [2, 0], "IT-DE"), ("spread", [3, 0], "ES-DE"), ("spread", [4, 0], "NL-DE")]),
   T("Where does the Italian spread break? I expect a convergence date in 1996-97",
     ["M.IT", "M.DE"], ["derive", "changepoints"], w, "M", [("spread", [0, 1], "IT-DE")])])

w = ("2005-01", "2023-12")
n34 = ["M.PL", "M.HU", "M.CZ", "M.RO", W("Poland", INF), W("Hungary", INF), W("Czech Republic", INF), W("Romania", INF)]
S("b17-34", "Central European real policy rates",
  "Trap: `WEOApr2024|Hungary|Inflation, end of period consumer prices|Percent change` next to the average; Czechia is "
  "'Czech Republic' in the WEO file.",
  [T("policy rates poland hungary czechia romania, yearly avg, with IMF avg cpi inflation, 2005-2023",
     n34, SBC, w, "A"),
   T("real rates each",
     n34, ["derive", "convert"], w, "A",
     [("spread", [0, 4], "PL"), ("spread", [1, 5], "HU"), ("spread", [2, 6], "CZ"), ("spread", [3, 7], "RO")]),
   T("swap Romania for Serbia, redo",
     ["M.PL", "M.HU", "M.CZ", "M.RS", W("Poland", INF), W("Hungary", INF), W("Czech Republic", INF), W("Serbia", INF)],
     ["search", "build_table", "derive", "convert"], w, "A",
     [("spread", [0, 4], "PL"), ("spread", [1, 5], "HU"), ("spread", [2, 6], "CZ"), ("spread", [3, 7], "RS")])])

w = ("2000-01", "2023-12")
n35 = ["M.AU", "M.NZ", "M.CA", "M.NO", "M.US"]
S("b17-35", "Commodity currencies' central banks vs the Fed",
  "Trap: `M.AR` (Argentina) is one letter from Australia's `M.AU`; `M.NL` (Netherlands) for Norway.",
  [T("Australia, NZ, Canada, Norway and US policy rates monthly 2000-2023",
     n35, SB, w, "M"),
   T("spread of each vs the US",
     n35, ["derive"], w, "M",
     [("spread", [0, 4], "AU-US"), ("spread", [1, 4], "NZ-US"), ("spread", [2, 4], "CA-US"), ("spread", [3, 4], "NO-US")]),
   T("chart those 4 spreds",
     n35, ["derive", "chart"], w, "M",
     [("spread", [0, 4], "AU-US"), ("spread", [1, 4], "NZ-US"), ("spread", [2, 4], "CA-US"), ("spread", [3, 4], "NO-US")])])

w = ("2000-01", "2023-12")
S("b17-36", "Shares of world output",
  "Trap: PPP GDP in international dollars (`WEOApr2024|China|Gross domestic product, current prices|Purchasing power parity; international dollars`) "
  "instead of the ready-made PPP share of world; turn 2 wants market-rate dollars.",
  [T("PPP share of world GDP for the US, China, Japan and Germany since 2000",
     [W("United States", PPPSH), W("China", PPPSH), W("Japan", PPPSH), W("Germany", PPPSH)], SB, w, "A"),
   T("and at market exchange rates: each one's share of the four's combined dollar GDP",
     [W("United States", GDPUSD), W("China", GDPUSD), W("Japan", GDPUSD), W("Germany", GDPUSD)],
     ["search", "build_table", "derive"], w, "A",
     [("share", [0, 1, 2, 3], "US share of the four"), ("share", [1, 0, 2, 3], "China share"),
      ("share", [2, 0, 1, 3], "Japan share"), ("share", [3, 0, 1, 2], "Germany share")]),
   T("swap Japan for India and redo the shares",
     [W("United States", GDPUSD), W("China", GDPUSD), W("India", GDPUSD), W("Germany", GDPUSD)],
     ["search", "build_table", "derive"], w, "A",
     [("share", [0, 1, 2, 3], "US"), ("share", [1, 0, 2, 3], "China"),
      ("share", [2, 0, 1, 3], "India"), ("share", [3, 0, 1, 2], "Germany")])])

w = ("2000-01", "2023-12")
S("b17-37", "Dollar pegs: Saudi Arabia and Hong Kong vs the Fed",
  "Trap: `M.ZA` (South Africa) for Saudi Arabia's `M.SA`; `M.HK` starts 1998-09.",
  [T("saudi policy rate vs US, monthly since 2000, and the spread",
     ["M.SA", "M.US"], ["search", "build_table", "derive"], w, "M", [("spread", [0, 1], "SA-US")]),
   T("add Hong Kong, its spread to the US too",
     ["M.SA", "M.US", "M.HK"], ["search", "build_table", "derive"], w, "M",
     [("spread", [0, 1], "SA-US"), ("spread", [2, 1], "HK-US")]),
   T("any breaks in either spread?",
     ["M.SA", "M.US", "M.HK"], ["derive", "changepoints"], w, "M",
     [("spread", [0, 1], "SA-US"), ("spread", [2, 1], "HK-US")])])

w = ("2000-01", "2023-12")
S("b17-38", "Payroll jobs per head of population",
  "Trap: `PAYNSA` (unadjusted payrolls) and `CE16OV` (household-survey employment) are near-twins; the FRED population "
  "series `POPTHM` has no observations here.",
  [T("nonfarm payrolls, annual average, and the IMF's US population, 2000-2023",
     ["PAYEMS", W("United States", POP)], SBC, w, "A"),
   T("payrolls per person",
     ["PAYEMS", W("United States", POP)], ["derive", "convert"], w, "A",
     [("ratio", [0, 1], "PAYEMS (thousands) / population (millions) / 1000")]),
   T("also the IMF employment count next to it, and the gap between its ratio and the payroll one",
     ["PAYEMS", W("United States", POP), W("United States", EMP)], ["search", "build_table", "derive", "convert"],
     w, "A",
     [("ratio", [0, 1], "payrolls per person"), ("ratio", [2, 1], "WEO employment per person"),
      ("expression", [2, 0, 1], "(EMP - PAYEMS/1000) / POP")])])

w = ("2006-01", "2023-12")
n39 = ["M.TR", "M.RU", "M.IN", "M.ID", W("Türkiye", INFE), W("Russia", INFE), W("India", INFE), W("Indonesia", INFE)]
S("b17-39", "Real rates with December-on-December inflation",
  "Trap: here the analyst wants end-of-period inflation, so the period-average row "
  "(`WEOApr2024|Russia|Inflation, average consumer prices|Percent change`) is the near-twin to avoid; M.ID starts 2005-07.",
  [T("Policy rate at year end vs end-of-year CPI inflation: Turkey, Russia, India, Indonesia, 2006-2023",
     n39, SBC, w, "A"),
   T("real rate for each country",
     n39, ["derive", "convert"], w, "A",
     [("spread", [0, 4], "TR"), ("spread", [1, 5], "RU"), ("spread", [2, 6], "IN"), ("spread", [3, 7], "ID")]),
   T("where did Russia's real rate break?",
     ["M.RU", W("Russia", INFE)], ["derive", "changepoints", "convert"], w, "A",
     [("spread", [0, 1], "RU real rate")])])

w = ("2001-01", "2023-12")
S("b17-40", "US budget from the IMF with a FRED debt ratio",
  "Trap: `GFDEGDQ188S` is the FRED ratio with no observations here; WEO `WEOApr2024|United States|General government net debt|Percent of GDP` "
  "is net, not gross; US WEO fiscal rows start 2001.",
  [T("US general government revenue & total expenditure, % of GDP, 2001-2023 (IMF)",
     [W("United States", REV), W("United States", EXP)], SB, w, "A"),
   T("the deficit = revenue minus spending",
     [W("United States", REV), W("United States", EXP)], ["derive"], w, "A",
     [("spread", [0, 1], "rev - exp")]),
   T("add federal debt over GDP built from FRED (annual, debt at year end over GDP), keep the deficit",
     [W("United States", REV), W("United States", EXP), "GFDEBTN", "GDP"], ["search", "build_table", "derive", "convert"],
     w, "A",
     [("spread", [0, 1], "rev - exp"), ("ratio", [2, 3], "GFDEBTN/(GDP*1000)*100")])])



# ------------------------------------------------------------------ write
def main():
    periods = {}
    with open(OUT, "w", encoding="utf-8") as f:
        for sid, title, notes, turns in SCEN:
            clean = []
            wins = []
            for t in turns:
                t = dict(t)
                wins.append(t.pop("_window"))
                clean.append(t)
            f.write(json.dumps({"id": sid, "title": title, "turns": clean, "notes": notes},
                               ensure_ascii=False) + "\n")
            periods[sid] = wins
    with open(PER, "w", encoding="utf-8") as f:
        json.dump(periods, f, ensure_ascii=False, indent=1)
    print("wrote %d scenarios" % len(SCEN))


if __name__ == "__main__":
    main()

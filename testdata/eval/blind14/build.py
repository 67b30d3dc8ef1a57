#!/usr/bin/env python3
"""Hand-written blind scenario set b14 -> scenarios-blind14.jsonl (+ meta-blind14.json).

Every user message below was written by hand for its scenario; nothing is templated.
Per-turn metadata that the jsonl schema has no room for (the span each turn asks for, the
IFS reference area of an IFS need, extra lead months, near-twin trap pairs, whether a turn
refers back) is written to meta-blind14.json and read by validate.py.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))


def w(country, subject, units):
    return f"WEOApr2024|{country}|{subject}|{units}"


# WEO subject/unit shorthands (file spellings)
INF_AVG = ("Inflation, average consumer prices", "Percent change")
INF_AVG_IX = ("Inflation, average consumer prices", "Index")
INF_EOP = ("Inflation, end of period consumer prices", "Percent change")
INF_EOP_IX = ("Inflation, end of period consumer prices", "Index")
GDEBT = ("General government gross debt", "Percent of GDP")
GDEBT_NC = ("General government gross debt", "National currency")
NDEBT = ("General government net debt", "Percent of GDP")
NDEBT_NC = ("General government net debt", "National currency")
NETLEND = ("General government net lending/borrowing", "Percent of GDP")
NETLEND_NC = ("General government net lending/borrowing", "National currency")
PRIMLEND = ("General government primary net lending/borrowing", "Percent of GDP")
REV = ("General government revenue", "Percent of GDP")
EXPD = ("General government total expenditure", "Percent of GDP")
STRUCT = ("General government structural balance", "Percent of potential GDP")
STRUCT_NC = ("General government structural balance", "National currency")
GDP_NC = ("Gross domestic product, current prices", "National currency")
GDP_USD = ("Gross domestic product, current prices", "U.S. dollars")
GDP_PPP = ("Gross domestic product, current prices", "Purchasing power parity; international dollars")
GDP_FY = ("Gross domestic product corresponding to fiscal year, current prices", "National currency")
RGDP_NC = ("Gross domestic product, constant prices", "National currency")
RGDP_PCH = ("Gross domestic product, constant prices", "Percent change")
DEFL = ("Gross domestic product, deflator", "Index")
PC_USD = ("Gross domestic product per capita, current prices", "U.S. dollars")
PC_PPP = ("Gross domestic product per capita, current prices", "Purchasing power parity; international dollars")
PC_NC = ("Gross domestic product per capita, current prices", "National currency")
PC_CONST_NC = ("Gross domestic product per capita, constant prices", "National currency")
PPPSH = ("Gross domestic product based on purchasing-power-parity (PPP) share of world total", "Percent")
PPPRATE = ("Implied PPP conversion rate", "National currency per current international dollar")
CA_PCT = ("Current account balance", "Percent of GDP")
CA_USD = ("Current account balance", "U.S. dollars")
SAV = ("Gross national savings", "Percent of GDP")
INV = ("Total investment", "Percent of GDP")
UNEMP = ("Unemployment rate", "Percent of total labor force")
EMPL = ("Employment", "Persons")
POP = ("Population", "Persons")
OGAP = ("Output gap in percent of potential GDP", "Percent of potential GDP")
XGS = ("Volume of exports of goods and services", "Percent change")
XG = ("Volume of exports of goods", "Percent change")
MGS = ("Volume of imports of goods and services", "Percent change")
MG = ("Volume of Imports of goods", "Percent change")


def W(c, su):
    return w(c, su[0], su[1])


def D(op, inputs, note):
    return {"op": op, "inputs": list(inputs), "note": note}


def T(user, needs, actions, span, freq=None, derives=None, ref=False, areas=None,
      lead=0, nspan=None):
    t = {"user": user, "needs": [[n] if isinstance(n, str) else list(n) for n in needs],
         "actions": list(actions)}
    if freq:
        t["frequency"] = freq
    if derives:
        t["derives"] = derives
    meta = {"span": list(span), "ref": ref}
    if areas:
        meta["areas"] = {str(k): v for k, v in areas.items()}
    if lead:
        meta["lead"] = lead
    if nspan:
        meta["nspan"] = {str(k): list(v) for k, v in nspan.items()}
    return t, meta


SC = []


def S(sid, title, turns, notes, traps=()):
    SC.append({"id": sid, "title": title, "turns": turns, "notes": notes, "traps": list(traps)})


US_POL = ["M.US", "FEDFUNDS"]   # "US policy rate" without a named source: either is right

# ---------------------------------------------------------------- b14-01
S("b14-01", "Türkiye: CPI inflation against the CBRT policy rate, real rate and its breaks", [
    T("TR: need TURKSTAT CPI (2003=100, headline index) and the CBRT policy rate side by side, "
      "monthly, Jan-21 to Dec-23. Add CPI y/y.",
      ["TP.FG.J0", "M.TR"], ["search", "build_table", "derive"], ("2021-01", "2023-12"), "M",
      [D("yoy_pct", [0], "12-month % change of the headline CPI index")]),
    T("ok. real policy rate = policy minus that y/y. chart it, nominal rate on the same axis",
      ["TP.FG.J0", "M.TR"], ["derive", "chart"], ("2021-01", "2023-12"), "M",
      [D("yoy_pct", [0], "CPI y/y kept from turn 1"),
       D("expression", [1, 0], "M.TR minus yoy_pct(TP.FG.J0): ex-post real policy rate")], ref=True),
    T("where are the regime breaks in the real rate? I'd expect one around mid-2023 when policy flipped",
      ["TP.FG.J0", "M.TR"], ["derive", "changepoints"], ("2021-01", "2023-12"), "M",
      [D("yoy_pct", [0], "CPI y/y"),
       D("expression", [1, 0], "real rate, the series the change points run on")], ref=True),
],
  "Two sources at the same frequency: TURKSTAT CPI index (EVDS code TP.FG.J0, observations in the "
  "TURKSTAT table, 2020-01..2025-10) and the BIS policy rate M.TR (to 2023-12). The y/y must be derived "
  "from the index; the TURKSTAT file also carries a ready-made y/y block that has no EVDS code. Wrong "
  "look-alikes: `TP.FG.J01` (food and non-alcoholic beverages), `TP.TUFE1YI.T1` (domestic PPI), "
  "`TP.FG.B01.95` (ICOC cost-of-living index, 1995=100). Note `TP.FE.OKTG01` carries the same headline "
  "index in the special-coverage table; it is not listed in needs because no observation file is keyed to it. "
  "Checked: M.TR 8.5 in May-2023, 42.5 in Dec-2023; CPI y/y peaks in late 2022.")

# ---------------------------------------------------------------- b14-02
S("b14-02", "US ex-post real funds rate with headline and core CPI", [
    T("Good morning. For a note on the stance of US monetary policy I would like a monthly table from "
      "January 2000 to December 2024 with the effective federal funds rate and the seasonally adjusted "
      "CPI for all urban consumers (headline, all items). Please add the twelve-month CPI inflation rate "
      "and an ex-post real rate, i.e. the funds rate minus that inflation rate. Thank you.",
      ["FEDFUNDS", "CPIAUCSL"], ["search", "build_table", "derive"], ("2000-01", "2024-12"), "M",
      [D("yoy_pct", [1], "headline CPI 12-month inflation"),
       D("expression", [0, 1], "FEDFUNDS minus yoy_pct(CPIAUCSL)")]),
    T("Many thanks. Could you redo the real rate using core CPI (all items less food and energy, "
      "seasonally adjusted) instead of the headline index? I understand the core data may end earlier, "
      "so please stop this version at December 2019.",
      ["FEDFUNDS", "CPILFESL"], ["search", "build_table", "derive"], ("2000-01", "2019-12"), "M",
      [D("yoy_pct", [1], "core CPI 12-month inflation"),
       D("expression", [0, 1], "FEDFUNDS minus yoy_pct(CPILFESL)")], ref=True),
    T("Finally, for January 2000 to December 2019, please put both real-rate measures in one table, chart "
      "them together and run a change-point analysis on each, so I can compare where the breaks fall.",
      ["FEDFUNDS", "CPIAUCSL", "CPILFESL"], ["build_table", "derive", "changepoints", "chart"],
      ("2000-01", "2019-12"), "M",
      [D("yoy_pct", [1], "headline inflation"), D("yoy_pct", [2], "core inflation"),
       D("expression", [0, 1], "headline real rate"), D("expression", [0, 2], "core real rate")], ref=True),
],
  "SA vs NSA twins share the exact title: `CPIAUCNS` (headline NSA) and `CPILFENS` (core NSA) are wrong "
  "because the analyst asked for SA. `DFF` is the daily twin of the effective funds rate and `EFFR` the "
  "daily NY Fed series; the monthly table wants FEDFUNDS. Checked: CPILFESL observations end 2020-01, so "
  "turn 2 stops at 2019-12; CPIAUCSL and FEDFUNDS run to 2025-03.",
  traps=[("CPIAUCSL", "CPIAUCNS", 0), ("CPILFESL", "CPILFENS", 1), ("FEDFUNDS", "DFF", 0)])

# ---------------------------------------------------------------- b14-03
S("b14-03", "US federal debt to GDP computed from levels, then against the IMF general-government ratio", [
    T("hi im doing a class project on us government debt. can u get total public debt and nominal GDP, "
      "quarterly from 1970 to 2024, and make debt as % of gdp? careful i think theyre in diffrent units",
      ["GFDEBTN", "GDP"], ["search", "build_table", "derive"], ("1970-01", "2024-12"), "Q",
      [D("expression", [0, 1], "GFDEBTN (millions $) / (GDP (billions $, SAAR) * 1000) * 100")]),
    T("cool thx. my prof says the IMF number is different bc its general government not just federal. can "
      "you put the IMF gross debt % of GDP for the US next to mine, yearly 2001-2023?",
      ["GFDEBTN", "GDP", W("United States", GDEBT)], ["search", "build_table", "derive", "convert"],
      ("2001-01", "2023-12"), "A",
      [D("expression", [0, 1], "annual: Q4 debt level / annual-average GDP * 1000 * 100, beside the WEO ratio")],
      ref=True),
    T("last thing - go back to the quarterly ratio and find the structural breaks, I want to say something "
      "about when debt started rising fast",
      ["GFDEBTN", "GDP"], ["build_table", "derive", "changepoints"], ("1970-01", "2024-12"), "Q",
      [D("expression", [0, 1], "quarterly debt/GDP from turn 1")], ref=True),
],
  "Unit scaling: GFDEBTN is millions of dollars (end of quarter), GDP billions at a seasonally adjusted "
  "annual rate, so the naive ratio is off by 1000. `GFDEGDQ188S` is FRED's precomputed ratio (no "
  "observations here, and the student asked to compute it); `FYGFD` is gross federal debt by fiscal year; "
  "`GDPA` is the annual NSA twin of GDP with the same title; `GDPC1` is real GDP. In turn 2 the WEO twin "
  "with the same subject but National currency units is wrong. Checked: GDP.csv 1962Q1-2025Q1, GFDEBTN "
  "1966Q1-2025Q1; the WEO US gross debt ratio is n/a for 2000, hence 2001-2023.",
  traps=[("GDP", "GDPA", 0), (W("United States", GDEBT), W("United States", GDEBT_NC), 1)])

# ---------------------------------------------------------------- b14-04
S("b14-04", "LatAm policy rates, spreads to the Fed, then annual ex-post real rates with WEO inflation", [
    T("LatAm policy rates pls - BRL, MXN, CLP, COP - monthly 2015 to end-23",
      ["M.BR", "M.MX", "M.CL", "M.CO"], ["search", "build_table"], ("2015-01", "2023-12"), "M"),
    T("add fed and show each one's spread over the fed",
      ["M.BR", "M.MX", "M.CL", "M.CO", US_POL], ["search", "build_table", "derive"], ("2015-01", "2023-12"), "M",
      [D("spread", [0, 4], "Brazil minus US"), D("spread", [1, 4], "Mexico minus US"),
       D("spread", [2, 4], "Chile minus US"), D("spread", [3, 4], "Colombia minus US")], ref=True),
    T("now yearly avgs and net them against IMF avg CPI inflation each yr -> ex-post real. drop the fed spreads",
      ["M.BR", "M.MX", "M.CL", "M.CO", W("Brazil", INF_AVG), W("Mexico", INF_AVG), W("Chile", INF_AVG),
       W("Colombia", INF_AVG)],
      ["search", "build_table", "derive", "convert"], ("2015-01", "2023-12"), "A",
      [D("spread", [0, 4], "Brazil annual-average policy rate minus WEO average inflation"),
       D("spread", [1, 5], "Mexico real"), D("spread", [2, 6], "Chile real"),
       D("spread", [3, 7], "Colombia real")], ref=True),
],
  "Currency codes stand for countries; four countries per turn. The Fed can be the BIS M.US or FEDFUNDS. "
  "Turn 3 mixes BIS monthly with WEO annual, so the table is annual with the rates averaged. WEO twins: "
  "the Index rows of the same subject (`WEOApr2024|Brazil|Inflation, average consumer prices|Index`) and "
  "the end-of-period rows (`WEOApr2024|Brazil|Inflation, end of period consumer prices|Percent change`) are "
  "wrong for 'avg CPI inflation'. Checked: M.CO 13.0 and M.BR 11.75 in Dec-2023; all four BIS series are "
  "complete over 2015-2023.",
  traps=[(W("Brazil", INF_AVG), W("Brazil", INF_AVG_IX), 2), (W("Mexico", INF_AVG), W("Mexico", INF_EOP), 2)])

# ---------------------------------------------------------------- b14-05
S("b14-05", "Pre-euro convergence of policy rates, continued with the single euro-area rate", [
    T("Hello - I'm writing about convergence before the euro. Could you give me the central bank policy rates "
      "for Germany, France, Italy and Spain, monthly from 1990 through 1998, plus each country's gap to the "
      "German rate?",
      ["M.DE", "M.FR", "M.IT", "M.ES"], ["search", "build_table", "derive"], ("1990-01", "1998-12"), "M",
      [D("spread", [1, 0], "France minus Germany"), D("spread", [2, 0], "Italy minus Germany"),
       D("spread", [3, 0], "Spain minus Germany")]),
    T("Thank you. I'd like to carry the table on to December 2007. I gather the national series stop when "
      "the ECB took over, so from January 1999 please continue with the single euro-area rate.",
      ["M.DE", "M.FR", "M.IT", "M.ES", "M.XM"], ["search", "build_table"], ("1990-01", "2007-12"), "M",
      ref=True, nspan={0: ("1990-01", "1998-12"), 1: ("1990-01", "1998-12"), 2: ("1990-01", "1998-12"),
                       3: ("1990-01", "1998-12"), 4: ("1999-01", "2007-12")}),
    T("Could you run a change-point test on the Italy-Germany gap for 1990-1998 only? I want to see whether "
      "convergence shows up as a break around 1996-97.",
      ["M.IT", "M.DE"], ["derive", "changepoints"], ("1990-01", "1998-12"), "M",
      [D("spread", [0, 1], "Italy minus Germany")], ref=True),
],
  "Trap by coverage rather than by name: BIS national series for DE, FR, IT, ES end 1998-12 (checked), so "
  "any post-1999 value must come from M.XM (starts 1999-01). A system that silently extends M.DE or "
  "treats `M.NL` or `M.BE` as 'euro area' is wrong. Four countries in turn 1.")

# ---------------------------------------------------------------- b14-06
S("b14-06", "North American nominal GDP from IFS, a unit check against FRED, then USD shares", [
    T("Hello, I need for Canada and Mexico the nominal GDP quarterly, seasonal adjusted, in national "
      "currency, from IMF IFS. Period 2000 until 2022. Please also the growth versus same quarter of last year.",
      ["NGDP_SA_XDC", "NGDP_SA_XDC"], ["search", "build_table", "derive"], ("2000-01", "2022-12"), "Q",
      [D("yoy_pct", [0], "Canada y/y"), D("yoy_pct", [1], "Mexico y/y")], areas={0: "CA", 1: "MX"}),
    T("Thanks. Please put also United States from same IFS source, and the FRED GDP series beside, I want "
      "check if the two US numbers are consistent. I think one is annual rate and other is not?",
      ["NGDP_SA_XDC", "NGDP_SA_XDC", "NGDP_SA_XDC", "GDP"], ["search", "build_table", "derive"],
      ("2000-01", "2022-12"), "Q",
      [D("yoy_pct", [0], "Canada y/y"), D("yoy_pct", [1], "Mexico y/y"),
       D("expression", [3, 2], "GDP (billions, SAAR) * 1000 / (IFS US millions, quarterly * 4); ~1 if consistent")],
      ref=True, areas={0: "CA", 1: "MX", 2: "US"}),
    T("Now for these three countries give me yearly 2000-2022 in US dollars from the WEO, and the part of each "
      "country in the total of the three.",
      [W("United States", GDP_USD), W("Canada", GDP_USD), W("Mexico", GDP_USD)],
      ["search", "build_table", "derive"], ("2000-01", "2022-12"), "A",
      [D("expression", [0, 1, 2], "US / (US+CA+MX) * 100"), D("expression", [1, 0, 2], "Canada share"),
       D("expression", [2, 0, 1], "Mexico share")], ref=True),
],
  "IFS ids are indicator codes only; the reference area is CA, MX, US (observations 1961Q1/1993Q1/1950Q1 "
  "onward; MX ends 2023Q3). IFS US is millions of dollars at a quarterly (not annualised) rate: 2023Q4 "
  "6,984,708 (x4 = 27.94 trillion) vs FRED GDP 28,297 billions SAAR in this vintage, so the ratio is ~1.01, not 1 (different vintages). Twins: `NGDP_NSA_XDC` (unadjusted), "
  "`NGDP_R_SA_XDC` (real), `NGDP_XDC`; in turn 3 the WEO PPP and national-currency rows of 'Gross domestic "
  "product, current prices' are wrong for 'in US dollars'.",
  traps=[("NGDP_SA_XDC", "NGDP_NSA_XDC", 0), ("NGDP_SA_XDC", "NGDP_R_SA_XDC", 1),
         (W("Canada", GDP_USD), W("Canada", GDP_PPP), 2)])

# ---------------------------------------------------------------- b14-07
S("b14-07", "Yield-curve recession signals: daily spreads, monthly averages, unemployment", [
    T("Writing a piece on recession signals. Pull me the daily 10-year minus 3-month Treasury spread, 2005 to "
      "end of 2019. Daily, not the monthly-average version.",
      ["T10Y3M"], ["search", "build_table", "chart"], ("2005-01", "2019-12"), "D"),
    T("Great. Add the 10-year minus fed funds spread too, but switch the table to monthly averages.",
      ["T10Y3M", "T10YFF"], ["search", "build_table", "convert"], ("2005-01", "2019-12"), "M", ref=True),
    T("Put the unemployment rate (seasonally adjusted) alongside those two and find change points in the "
      "10y-3m series. Chart all three.",
      ["T10Y3M", "T10YFF", "UNRATE"], ["search", "build_table", "convert", "changepoints", "chart"],
      ("2005-01", "2019-12"), "M", ref=True),
],
  "Frequency twins with identical titles: `T10Y3MM` and `T10YFFM` are the monthly versions; the journalist "
  "asked for daily in turn 1 and the table is converted from daily in turn 2. `UNRATENSA` is the NSA twin "
  "of UNRATE. Checked: T10Y3M daily ends 2020-03-13 with '.' holidays; inversion in 2019 and 2006-07.",
  traps=[("T10Y3M", "T10Y3MM", 0), ("T10YFF", "T10YFFM", 1), ("UNRATE", "UNRATENSA", 2)])

# ---------------------------------------------------------------- b14-08
S("b14-08", "Bank loan mix: C&I vs consumer credit, then delinquencies quarterly", [
    T("Need C&I loans and consumer loans at all commercial banks, SA, monthly 1990-2019, with y/y growth for both.",
      ["BUSLOANS", "CONSUMER"], ["search", "build_table", "derive"], ("1990-01", "2019-12"), "M",
      [D("yoy_pct", [0], "C&I y/y"), D("yoy_pct", [1], "consumer y/y")]),
    T("What's consumer's share of the two combined? add that column.",
      ["BUSLOANS", "CONSUMER"], ["derive"], ("1990-01", "2019-12"), "M",
      [D("yoy_pct", [0], "C&I y/y"), D("yoy_pct", [1], "consumer y/y"),
       D("expression", [1, 0], "CONSUMER / (CONSUMER + BUSLOANS) * 100")], ref=True),
    T("Bring in the delinquency rate on all loans (SA) and make the whole thing quarterly. Where does the "
      "delinquency series break?",
      ["BUSLOANS", "CONSUMER", "DRALACBS"], ["search", "build_table", "derive", "convert", "changepoints"],
      ("1990-01", "2019-12"), "Q",
      [D("yoy_pct", [0], "C&I y/y"), D("yoy_pct", [1], "consumer y/y"),
       D("expression", [1, 0], "consumer share of the two")], ref=True),
],
  "SA/NSA twins with identical titles: `BUSLOANSNSA`, `CONSUMERNSA`, `DRALACBN`. `TOTBKCR` (bank credit) "
  "is a plausible but wrong denominator for the share. Checked: BUSLOANS and CONSUMER end 2020-02, DRALACBS "
  "1985Q1-2019Q4 and peaks in 2010 after the crisis.",
  traps=[("BUSLOANS", "BUSLOANSNSA", 0), ("CONSUMER", "CONSUMERNSA", 0), ("DRALACBS", "DRALACBN", 2)])

# ---------------------------------------------------------------- b14-09
S("b14-09", "The 2022 hiking wave across seven economies", [
    T("I'm putting together a graphic on the 2022 rate-hike wave. Can I get the policy rates for the US, UK, "
      "euro area, Canada, Australia, New Zealand and Sweden, monthly from Jan 2021 to Dec 2023? One chart, all lines.",
      [US_POL, "M.GB", "M.XM", "M.CA", "M.AU", "M.NZ", "M.SE"], ["search", "build_table", "chart"],
      ("2021-01", "2023-12"), "M"),
    T("Nice. For 2022-2023, add the 12-month change in each rate, so readers see how many points were added "
      "in a year.",
      [US_POL, "M.GB", "M.XM", "M.CA", "M.AU", "M.NZ", "M.SE"], ["derive"], ("2022-01", "2023-12"), "M",
      [D("diff", [i], f"12-month change (t minus t-12), series {i}") for i in range(7)], ref=True, lead=12),
    T("Swap out Sweden and New Zealand for Norway and Switzerland, keep the 12-month changes, and tell me "
      "where each rate has its big breaks.",
      [US_POL, "M.GB", "M.XM", "M.CA", "M.AU", "M.NO", "M.CH"], ["search", "build_table", "derive", "changepoints"],
      ("2022-01", "2023-12"), "M",
      [D("diff", [i], f"12-month change, series {i}") for i in range(7)], ref=True, lead=12),
],
  "Seven economies in one turn, then a swap. 'Euro area' must be M.XM: `M.DE` and `M.FR` exist but stop "
  "in 1998. US may be M.US (BIS) or FEDFUNDS. Checked: M.US 0.125 Dec-2021 to 5.375 Dec-2023, M.GB 0.25 to "
  "5.25, M.CH negative until 2022-08.")

# ---------------------------------------------------------------- b14-10
S("b14-10", "Southern European interest bills from primary vs overall balances", [
    T("Southern Europe fiscal: Italy, Greece, Portugal, Spain - general government overall balance and "
      "primary balance, both % of GDP, annual 2000-2023. Derive primary minus overall for each (that's the "
      "interest bill).",
      [W("Italy", NETLEND), W("Italy", PRIMLEND), W("Greece", NETLEND), W("Greece", PRIMLEND),
       W("Portugal", NETLEND), W("Portugal", PRIMLEND), W("Spain", NETLEND), W("Spain", PRIMLEND)],
      ["search", "build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("spread", [1, 0], "Italy primary minus overall"), D("spread", [3, 2], "Greece"),
       D("spread", [5, 4], "Portugal"), D("spread", [7, 6], "Spain")]),
    T("Keep Italy and Greece only. Add their gross debt ratios and compute an implied average interest rate: "
      "interest bill divided by gross debt, times 100.",
      [W("Italy", NETLEND), W("Italy", PRIMLEND), W("Greece", NETLEND), W("Greece", PRIMLEND),
       W("Italy", GDEBT), W("Greece", GDEBT)], ["search", "build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("spread", [1, 0], "Italy interest bill"), D("spread", [3, 2], "Greece interest bill"),
       D("expression", [1, 0, 4], "(primary - overall) / gross debt * 100, Italy"),
       D("expression", [3, 2, 5], "same for Greece")], ref=True),
    T("Run change points on Greece's implied rate. I'm expecting a break after the 2012 debt exchange.",
      [W("Greece", NETLEND), W("Greece", PRIMLEND), W("Greece", GDEBT)], ["derive", "changepoints"],
      ("2000-01", "2023-12"), "A",
      [D("expression", [1, 0, 2], "Greece implied interest rate")], ref=True),
],
  "WEO has no interest-expenditure row, so the bill is derived. Near-twins: every subject comes in Percent "
  "of GDP and National currency (`WEOApr2024|Italy|General government net lending/borrowing|National currency` "
  "is wrong); 'net debt' (`WEOApr2024|Greece|General government net debt|Percent of GDP`) is wrong for "
  "gross. Checked: Greece gross debt 213% of GDP in 2020; all eight rows complete 2000-2023.",
  traps=[(W("Italy", NETLEND), W("Italy", NETLEND_NC), 0), (W("Greece", GDEBT), W("Greece", NDEBT), 1)])

# ---------------------------------------------------------------- b14-11
S("b14-11", "Gross vs net government debt; Japan's ratio rebuilt from yen levels", [
    T("gross vs net govt debt, % GDP, Japan / Canada / Norway, 2005-2023. and gross minus net",
      [W("Japan", GDEBT), W("Japan", NDEBT), W("Canada", GDEBT), W("Canada", NDEBT), W("Norway", GDEBT),
       W("Norway", NDEBT)], ["search", "build_table", "derive"], ("2005-01", "2023-12"), "A",
      [D("spread", [0, 1], "Japan gross minus net"), D("spread", [2, 3], "Canada"),
       D("spread", [4, 5], "Norway (net debt is negative)")]),
    T("Japan only now: pull gross debt in yen (billions) plus nominal GDP in yen and compute the ratio yourself",
      [W("Japan", GDEBT_NC), [W("Japan", GDP_NC), W("Japan", GDP_FY)]], ["search", "build_table", "derive"],
      ("2005-01", "2023-12"), "A",
      [D("ratio", [0, 1], "gross debt / nominal GDP * 100")], ref=True),
    T("and line your ratio up against the IMF's published gross debt % of GDP for Japan, difference column please",
      [W("Japan", GDEBT_NC), [W("Japan", GDP_NC), W("Japan", GDP_FY)], W("Japan", GDEBT)], ["build_table", "derive"],
      ("2005-01", "2023-12"), "A",
      [D("ratio", [0, 1], "computed ratio"), D("expression", [0, 1, 2], "computed ratio minus published ratio")],
      ref=True),
],
  "Net debt for Norway is strongly negative (-99.4% of GDP in 2023), which breaks naive 'debt is positive' "
  "checks. Turn 2 twins: net debt in yen (`WEOApr2024|Japan|General government net debt|National currency`), "
  "GDP in PPP dollars (`WEOApr2024|Japan|Gross domestic product, current prices|Purchasing power parity; "
  "international dollars`). The fiscal-year GDP row for Japan carries the same values as calendar GDP in "
  "this file (checked 2000-2023), so both are accepted in turns 2-3; contrast b14-12 (Thailand), where they differ.",
  traps=[(W("Japan", GDEBT_NC), W("Japan", NDEBT_NC), 1), (W("Japan", GDP_NC), W("Japan", GDP_PPP), 1),
         (W("Japan", GDEBT), W("Japan", GDEBT_NC), 0)])

# ---------------------------------------------------------------- b14-12
S("b14-12", "Thailand debt ratio: calendar vs fiscal-year GDP denominator", [
    T("Could you compute Thailand's public debt ratio from the levels? General government gross debt in baht "
      "and calendar-year nominal GDP in baht, annual 2005-2023, debt over GDP in percent.",
      [W("Thailand", GDEBT_NC), W("Thailand", GDP_NC)], ["search", "build_table", "derive"],
      ("2005-01", "2023-12"), "A", [D("ratio", [0, 1], "debt / calendar GDP * 100")]),
    T("Put the IMF's own debt-to-GDP figure for Thailand beside mine with a difference column. Why are they "
      "not the same?",
      [W("Thailand", GDEBT_NC), W("Thailand", GDP_NC), W("Thailand", GDEBT)], ["search", "build_table", "derive"],
      ("2005-01", "2023-12"), "A",
      [D("ratio", [0, 1], "my ratio"), D("expression", [0, 1, 2], "my ratio minus published")], ref=True),
    T("Try the fiscal-year GDP line as the denominator instead of the calendar one and recompute the gap "
      "against the published ratio.",
      [W("Thailand", GDEBT_NC), W("Thailand", GDP_FY), W("Thailand", GDEBT)], ["search", "build_table", "derive"],
      ("2005-01", "2023-12"), "A",
      [D("ratio", [0, 1], "debt / fiscal-year GDP * 100"),
       D("expression", [0, 1, 2], "fiscal-year ratio minus published (close to zero)")], ref=True),
],
  "The fiscal-year GDP row is the near-twin trap in turns 1-2 (the analyst asked for calendar-year GDP) and "
  "the right row in turn 3, where the calendar row becomes the wrong one. Checked: 2020 debt 7,848.156 bn "
  "baht, calendar GDP 15,661.291, FY GDP 15,880.623; 7848.156/15880.623 = 49.42 = the published ratio, "
  "while the calendar ratio is 50.11. Thailand net debt is empty in the file (`WEOApr2024|Thailand|General "
  "government net debt|Percent of GDP`).",
  traps=[(W("Thailand", GDP_NC), W("Thailand", GDP_FY), 0), (W("Thailand", GDP_FY), W("Thailand", GDP_NC), 2),
         (W("Thailand", GDEBT), W("Thailand", NDEBT), 1)])

# ---------------------------------------------------------------- b14-13
S("b14-13", "Current account ratios rebuilt from dollar levels and checked against WEO", [
    T("For Germany, China and Switzerland I'd like the current account balance in USD billions and nominal "
      "GDP in USD billions, 2010-2023, and the current account as a percentage of GDP computed from those two.",
      [W("Germany", CA_USD), W("Germany", GDP_USD), W("China", CA_USD), W("China", GDP_USD),
       W("Switzerland", CA_USD), W("Switzerland", GDP_USD)], ["search", "build_table", "derive"],
      ("2010-01", "2023-12"), "A",
      [D("ratio", [0, 1], "Germany CA/GDP*100"), D("ratio", [2, 3], "China"), D("ratio", [4, 5], "Switzerland")]),
    T("Add the WEO's reported current account in percent of GDP for the same three and show computed minus "
      "reported. It should be near zero; flag anything that isn't.",
      [W("Germany", CA_USD), W("Germany", GDP_USD), W("China", CA_USD), W("China", GDP_USD),
       W("Switzerland", CA_USD), W("Switzerland", GDP_USD), W("Germany", CA_PCT), W("China", CA_PCT),
       W("Switzerland", CA_PCT)], ["search", "build_table", "derive"], ("2010-01", "2023-12"), "A",
      [D("ratio", [0, 1], "Germany computed"), D("ratio", [2, 3], "China computed"),
       D("ratio", [4, 5], "Switzerland computed"),
       D("expression", [0, 1, 6], "Germany computed minus reported"),
       D("expression", [2, 3, 7], "China computed minus reported"),
       D("expression", [4, 5, 8], "Switzerland computed minus reported")], ref=True),
    T("Going back to 2000 for China only, reported ratio: where are the breaks? I'm thinking the 2007-08 peak "
      "and then the fall.",
      [W("China", CA_PCT)], ["build_table", "changepoints", "chart"], ("2000-01", "2023-12"), "A", ref=True),
],
  "Denominator trap: 'Gross domestic product, current prices' also exists in PPP international dollars and "
  "National currency; only U.S. dollars matches a USD current account. In turns 2-3 the USD row of "
  "'Current account balance' is the twin of the Percent-of-GDP row. Checked: China CA 9.93% of GDP in 2007, "
  "0.17% in 2018.",
  traps=[(W("Germany", GDP_USD), W("Germany", GDP_PPP), 0), (W("China", CA_PCT), W("China", CA_USD), 2)])

# ---------------------------------------------------------------- b14-14
S("b14-14", "Southern European unemployment gaps to the US (WEO annual vs BLS monthly)", [
    T("Quick one before my 3pm - unemployment rates for Spain, Greece, Italy and Portugal, IMF WEO, 2005-2023. "
      "Annual is fine.",
      [W("Spain", UNEMP), W("Greece", UNEMP), W("Italy", UNEMP), W("Portugal", UNEMP)],
      ["search", "build_table"], ("2005-01", "2023-12"), "A"),
    T("Can we get the US in there too, but from the BLS monthly series (seasonally adjusted), averaged to years?",
      [W("Spain", UNEMP), W("Greece", UNEMP), W("Italy", UNEMP), W("Portugal", UNEMP), "UNRATE"],
      ["search", "build_table", "convert"], ("2005-01", "2023-12"), "A", ref=True),
    T("For each of the four, the gap to the US in percentage points. Chart the gaps please.",
      [W("Spain", UNEMP), W("Greece", UNEMP), W("Italy", UNEMP), W("Portugal", UNEMP), "UNRATE"],
      ["build_table", "convert", "derive", "chart"], ("2005-01", "2023-12"), "A",
      [D("spread", [0, 4], "Spain minus US"), D("spread", [1, 4], "Greece minus US"),
       D("spread", [2, 4], "Italy minus US"), D("spread", [3, 4], "Portugal minus US")], ref=True),
],
  "Turn 2 mixes WEO annual with FRED monthly: annual table, UNRATE averaged. `UNRATENSA` is the NSA twin; "
  "`WEOApr2024|United States|Unemployment rate|Percent of total labor force` is wrong in turn 2 because the "
  "analyst asked for the BLS monthly series; `WEOApr2024|Spain|Employment|Persons` is a name look-alike. "
  "WDI `SL.UEM.TOTL.ZS` has no observations. Checked: Greece unemployment 27.5% in 2013.",
  traps=[("UNRATE", "UNRATENSA", 1)])

# ---------------------------------------------------------------- b14-15
S("b14-15", "Saving-investment gaps against the current account identity", [
    T("For my macro seminar: gross national savings and total investment, both in % of GDP, for China, Germany, "
      "Japan and the United States, 2000 to 2023. Then savings minus investment for each country.",
      [W("China", SAV), W("China", INV), W("Germany", SAV), W("Germany", INV), W("Japan", SAV), W("Japan", INV),
       W("United States", SAV), W("United States", INV)], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), "A",
      [D("spread", [0, 1], "China S-I"), D("spread", [2, 3], "Germany S-I"), D("spread", [4, 5], "Japan S-I"),
       D("spread", [6, 7], "US S-I")]),
    T("By the identity that S-I gap should equal the current account. Add each country's current account in % "
      "of GDP and a discrepancy column (S-I minus CA).",
      [W("China", SAV), W("China", INV), W("Germany", SAV), W("Germany", INV), W("Japan", SAV), W("Japan", INV),
       W("United States", SAV), W("United States", INV), W("China", CA_PCT), W("Germany", CA_PCT),
       W("Japan", CA_PCT), W("United States", CA_PCT)], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), "A",
      [D("expression", [0, 1, 8], "China S - I - CA"), D("expression", [2, 3, 9], "Germany"),
       D("expression", [4, 5, 10], "Japan"), D("expression", [6, 7, 11], "US")], ref=True),
    T("US only: chart S-I and the current account together, and find the breaks in the current account.",
      [W("United States", SAV), W("United States", INV), W("United States", CA_PCT)],
      ["build_table", "derive", "changepoints", "chart"], ("2000-01", "2023-12"), "A",
      [D("spread", [0, 1], "US S-I")], ref=True),
],
  "Current account in USD billions (`WEOApr2024|Japan|Current account balance|U.S. dollars`) is the twin of "
  "the Percent-of-GDP row and is wrong here. 'Total investment' is the WEO name for gross capital formation "
  "ratio; `NE.GDI.TOTL.ZS` in WDI is a look-alike without observations. Four countries per turn.",
  traps=[(W("Japan", CA_PCT), W("Japan", CA_USD), 1)])

# ---------------------------------------------------------------- b14-16
S("b14-16", "High-inflation EMs: annual-average vs December-on-December inflation", [
    T("pls give me average consumer price inflation from WEO for Türkiye, Egypt, Pakistan, Argentina; years 2017-2023",
      [W("Türkiye", INF_AVG), W("Egypt", INF_AVG), W("Pakistan", INF_AVG), W("Argentina", INF_AVG)],
      ["search", "build_table"], ("2017-01", "2023-12"), "A"),
    T("Actually I need the December-on-December numbers, not the yearly average. Same countries and years.",
      [W("Türkiye", INF_EOP), W("Egypt", INF_EOP), W("Pakistan", INF_EOP), W("Argentina", INF_EOP)],
      ["search", "build_table"], ("2017-01", "2023-12"), "A", ref=True),
    T("show both measures in one table and a column eop minus average for each country",
      [W("Türkiye", INF_AVG), W("Egypt", INF_AVG), W("Pakistan", INF_AVG), W("Argentina", INF_AVG),
       W("Türkiye", INF_EOP), W("Egypt", INF_EOP), W("Pakistan", INF_EOP), W("Argentina", INF_EOP)],
      ["build_table", "derive"], ("2017-01", "2023-12"), "A",
      [D("spread", [4, 0], "Türkiye eop minus avg"), D("spread", [5, 1], "Egypt"),
       D("spread", [6, 2], "Pakistan"), D("spread", [7, 3], "Argentina")], ref=True),
],
  "Twins: average vs end-of-period, and Percent change vs Index for both (`WEOApr2024|Argentina|Inflation, "
  "end of period consumer prices|Index`). Country spelling is 'Türkiye' in the file (Latin-1). Checked: "
  "Argentina inflation is n/a for 2014-2016 (average) and 2015-2016 (end of period), which is why the span "
  "starts in 2017; Türkiye average 72.3% in 2022.",
  traps=[(W("Türkiye", INF_EOP), W("Türkiye", INF_AVG), 1), (W("Argentina", INF_EOP), W("Argentina", INF_EOP_IX), 1),
         (W("Egypt", INF_AVG), W("Egypt", INF_AVG_IX), 0)])

# ---------------------------------------------------------------- b14-17
S("b14-17", "Price-level ratios from PPP conversion rates and implied market rates", [
    T("Implied PPP conversion rates: Switzerland, Norway, India. 2010-2023.",
      [W("Switzerland", PPPRATE), W("Norway", PPPRATE), W("India", PPPRATE)], ["search", "build_table"],
      ("2010-01", "2023-12"), "A"),
    T("Divide each by the market exchange rate. You can back the market rate out as GDP in local currency over "
      "GDP in dollars. I want the price-level ratio.",
      [W("Switzerland", PPPRATE), W("Norway", PPPRATE), W("India", PPPRATE), W("Switzerland", GDP_NC),
       W("Norway", GDP_NC), W("India", GDP_NC), W("Switzerland", GDP_USD), W("Norway", GDP_USD),
       W("India", GDP_USD)], ["search", "build_table", "derive"], ("2010-01", "2023-12"), "A",
      [D("expression", [0, 3, 6], "PPP rate / (GDP NC / GDP USD), Switzerland"),
       D("expression", [1, 4, 7], "Norway"), D("expression", [2, 5, 8], "India")], ref=True),
    T("Add Türkiye to that and run change points on the Turkish price-level ratio.",
      [W("Switzerland", PPPRATE), W("Norway", PPPRATE), W("India", PPPRATE), W("Türkiye", PPPRATE),
       W("Switzerland", GDP_NC), W("Norway", GDP_NC), W("India", GDP_NC), W("Türkiye", GDP_NC),
       W("Switzerland", GDP_USD), W("Norway", GDP_USD), W("India", GDP_USD), W("Türkiye", GDP_USD)],
      ["search", "build_table", "derive", "changepoints"], ("2010-01", "2023-12"), "A",
      [D("expression", [0, 4, 8], "Switzerland"), D("expression", [1, 5, 9], "Norway"),
       D("expression", [2, 6, 10], "India"), D("expression", [3, 7, 11], "Türkiye")], ref=True),
],
  "Three-input expression. Denominator twins: GDP in PPP international dollars (`WEOApr2024|Switzerland|Gross "
  "domestic product, current prices|Purchasing power parity; international dollars`) gives back the PPP rate "
  "itself and a ratio of 1; GDP per capita rows in national currency are wrong. WDI `PA.NUS.PPPC.RF` is the "
  "ready-made concept but has no observations. Checked: Swiss PPP rate 1.011 CHF per int'l $ in 2023.",
  traps=[(W("Switzerland", GDP_USD), W("Switzerland", GDP_PPP), 1), (W("India", GDP_NC), W("India", PC_NC), 1)])

# ---------------------------------------------------------------- b14-18
S("b14-18", "GDP deflator vs CPI inflation in Brazil, Mexico and South Africa, with policy rates", [
    T("Brazil, Mexico, South Africa: the GDP deflator (index) and the CPI index (period average), annual "
      "2005-2023. Compute the yearly % change of each index myself please, don't use the ready-made % change rows.",
      [W("Brazil", DEFL), W("Mexico", DEFL), W("South Africa", DEFL), W("Brazil", INF_AVG_IX),
       W("Mexico", INF_AVG_IX), W("South Africa", INF_AVG_IX)], ["search", "build_table", "derive"],
      ("2005-01", "2023-12"), "A", [D("yoy_pct", [i], f"annual % change of index {i}") for i in range(6)]),
    T("Gap between deflator inflation and CPI inflation for each of them, please.",
      [W("Brazil", DEFL), W("Mexico", DEFL), W("South Africa", DEFL), W("Brazil", INF_AVG_IX),
       W("Mexico", INF_AVG_IX), W("South Africa", INF_AVG_IX)], ["derive"], ("2005-01", "2023-12"), "A",
      [D("yoy_pct", [i], f"annual % change of index {i}") for i in range(6)]
      + [D("expression", [0, 3], "Brazil deflator inflation minus CPI inflation"),
         D("expression", [1, 4], "Mexico"), D("expression", [2, 5], "South Africa")], ref=True),
    T("Last step: bring in their central bank policy rates from BIS as annual averages, and keep the CPI "
      "inflation columns so I can eyeball real rates. Deflator can go.",
      [W("Brazil", INF_AVG_IX), W("Mexico", INF_AVG_IX), W("South Africa", INF_AVG_IX), "M.BR", "M.MX", "M.ZA"],
      ["search", "build_table", "derive", "convert"], ("2005-01", "2023-12"), "A",
      [D("yoy_pct", [0], "Brazil CPI inflation"), D("yoy_pct", [1], "Mexico"), D("yoy_pct", [2], "South Africa")],
      ref=True),
],
  "The analyst wants the Index rows and to compute changes; the Percent change twin of the same subject "
  "(`WEOApr2024|Brazil|Inflation, average consumer prices|Percent change`) is wrong, as is the end-of-period "
  "index (`WEOApr2024|Mexico|Inflation, end of period consumer prices|Index`). Turn 3 mixes WEO annual and "
  "BIS monthly. Checked: M.MX starts 1998-11, M.ZA 1980-12, M.BR 1986-06.",
  traps=[(W("Brazil", INF_AVG_IX), W("Brazil", INF_AVG), 0), (W("Mexico", INF_AVG_IX), W("Mexico", INF_EOP_IX), 0)])

# ---------------------------------------------------------------- b14-19
S("b14-19", "Employment-to-population shares in ageing economies", [
    T("Employment and population (both in millions of persons) for Japan, Korea and Germany, 2000-2023, and "
      "employment as a share of population for each.",
      [W("Japan", EMPL), W("Japan", POP), W("Korea", EMPL), W("Korea", POP), W("Germany", EMPL), W("Germany", POP)],
      ["search", "build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("share", [0, 1], "Japan employment / population * 100"), D("share", [2, 3], "Korea"),
       D("share", [4, 5], "Germany")]),
    T("add the unemployment rate for each of them next to it",
      [W("Japan", EMPL), W("Japan", POP), W("Korea", EMPL), W("Korea", POP), W("Germany", EMPL), W("Germany", POP),
       W("Japan", UNEMP), W("Korea", UNEMP), W("Germany", UNEMP)], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), "A",
      [D("share", [0, 1], "Japan"), D("share", [2, 3], "Korea"), D("share", [4, 5], "Germany")], ref=True),
    T("Korea: changepoints on the employment share. Anything around 2020?",
      [W("Korea", EMPL), W("Korea", POP)], ["derive", "changepoints"], ("2000-01", "2023-12"), "A",
      [D("share", [0, 1], "Korea employment share")], ref=True),
],
  "Both inputs are in millions so no scaling, but the share is of total population, not the 15+ "
  "population: WDI `SL.EMP.TOTL.SP.ZS` is a look-alike with no observations. 'Employment' vs 'Unemployment "
  "rate' are name look-alikes. Checked: rows complete 2000-2023 for the three countries.")

# ---------------------------------------------------------------- b14-20
S("b14-20", "Emerging Asia real growth computed from constant-price levels vs the published rate", [
    T("for india, indonesia, vietnam, philippines i want real GDP in local currency (constant prices), 2005 to "
      "2023, and compute annual growth from it",
      [W("India", RGDP_NC), W("Indonesia", RGDP_NC), W("Vietnam", RGDP_NC), W("Philippines", RGDP_NC)],
      ["search", "build_table", "derive"], ("2005-01", "2023-12"), "A",
      [D("yoy_pct", [i], f"growth of constant-price GDP {i}") for i in range(4)]),
    T("how far is my growth number from the IMF's published real growth rate? difference per country",
      [W("India", RGDP_NC), W("Indonesia", RGDP_NC), W("Vietnam", RGDP_NC), W("Philippines", RGDP_NC),
       W("India", RGDP_PCH), W("Indonesia", RGDP_PCH), W("Vietnam", RGDP_PCH), W("Philippines", RGDP_PCH)],
      ["search", "build_table", "derive"], ("2005-01", "2023-12"), "A",
      [D("yoy_pct", [i], f"computed growth {i}") for i in range(4)]
      + [D("expression", [i, i + 4], f"computed minus published, country {i}") for i in range(4)], ref=True),
    T("philippines only, find the break points in the growth series. covid obviously but anything else",
      [W("Philippines", RGDP_NC)], ["derive", "changepoints"], ("2005-01", "2023-12"), "A",
      [D("yoy_pct", [0], "Philippines computed growth")], ref=True),
],
  "Twins: the Percent change row of the same subject is wrong in turn 1 (the student wants levels); current "
  "prices (`WEOApr2024|India|Gross domestic product, current prices|National currency`) and per-capita "
  "constant prices are wrong. India's WEO data are on a fiscal-year basis. Checked: rows complete 2004-2023.",
  traps=[(W("India", RGDP_NC), W("India", RGDP_PCH), 0), (W("Vietnam", RGDP_NC), W("Vietnam", GDP_NC), 0),
         (W("Indonesia", RGDP_NC), W("Indonesia", PC_CONST_NC), 0)])

# ---------------------------------------------------------------- b14-21
S("b14-21", "Trade volumes: goods-and-services exports and imports", [
    T("export volumes, goods AND services, % change, Germany Korea Mexico, 2010-23",
      [W("Germany", XGS), W("Korea", XGS), W("Mexico", XGS)], ["search", "build_table"], ("2010-01", "2023-12"), "A"),
    T("imports, same basis",
      [W("Germany", XGS), W("Korea", XGS), W("Mexico", XGS), W("Germany", MGS), W("Korea", MGS), W("Mexico", MGS)],
      ["search", "build_table"], ("2010-01", "2023-12"), "A", ref=True),
    T("net it: export volume growth minus import volume growth per country, and chart the three nets",
      [W("Germany", XGS), W("Korea", XGS), W("Mexico", XGS), W("Germany", MGS), W("Korea", MGS), W("Mexico", MGS)],
      ["derive", "chart"], ("2010-01", "2023-12"), "A",
      [D("spread", [0, 3], "Germany"), D("spread", [1, 4], "Korea"), D("spread", [2, 5], "Mexico")], ref=True),
],
  "Goods-only twins: 'Volume of exports of goods' and 'Volume of Imports of goods' (capital I in the file) "
  "are wrong; the analyst stressed goods AND services. Turn 2 'same basis' means goods and services, percent "
  "change. Checked: all six rows complete 2010-2023.",
  traps=[(W("Germany", XGS), W("Germany", XG), 0), (W("Korea", MGS), W("Korea", MG), 1),
         (W("Mexico", MGS), W("Mexico", MG), 1)])

# ---------------------------------------------------------------- b14-22
S("b14-22", "Nordic budget balances: revenue minus spending vs reported net lending", [
    T("Dear colleague, for the Nordic comparison chapter I need general government revenue and total "
      "expenditure, in percent of GDP, for Norway, Sweden, Denmark and Finland, 2000-2023, with revenue minus "
      "expenditure for each country.",
      [W("Norway", REV), W("Norway", EXPD), W("Sweden", REV), W("Sweden", EXPD), W("Denmark", REV),
       W("Denmark", EXPD), W("Finland", REV), W("Finland", EXPD)], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), "A",
      [D("spread", [0, 1], "Norway"), D("spread", [2, 3], "Sweden"), D("spread", [4, 5], "Denmark"),
       D("spread", [6, 7], "Finland")]),
    T("Please compare your revenue-minus-expenditure with the WEO net lending/borrowing line; they ought to "
      "coincide. A discrepancy column per country would be ideal.",
      [W("Norway", REV), W("Norway", EXPD), W("Sweden", REV), W("Sweden", EXPD), W("Denmark", REV),
       W("Denmark", EXPD), W("Finland", REV), W("Finland", EXPD), W("Norway", NETLEND), W("Sweden", NETLEND),
       W("Denmark", NETLEND), W("Finland", NETLEND)], ["search", "build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("expression", [0, 1, 8], "Norway rev - exp - net lending"), D("expression", [2, 3, 9], "Sweden"),
       D("expression", [4, 5, 10], "Denmark"), D("expression", [6, 7, 11], "Finland")], ref=True),
    T("For Sweden and Finland only, chart net lending next to the structural balance (in percent of potential GDP).",
      [W("Sweden", NETLEND), W("Finland", NETLEND), W("Sweden", STRUCT), W("Finland", STRUCT)],
      ["search", "build_table", "chart"], ("2000-01", "2023-12"), "A", ref=True),
],
  "Twins: net lending and structural balance in National currency (`WEOApr2024|Sweden|General government "
  "structural balance|National currency`) are wrong; 'primary net lending/borrowing' is a name look-alike "
  "of net lending. Norway's revenue-expenditure gap is large and positive (oil fund income).",
  traps=[(W("Sweden", STRUCT), W("Sweden", STRUCT_NC), 2), (W("Norway", NETLEND), W("Norway", NETLEND_NC), 1),
         (W("Finland", NETLEND), W("Finland", PRIMLEND), 1)])

# ---------------------------------------------------------------- b14-23
S("b14-23", "US household saving, unemployment and payrolls through the pandemic", [
    T("personal saving rate, monthly, 2015 thru 2024 - where are the breaks?",
      ["PSAVERT"], ["search", "build_table", "changepoints"], ("2015-01", "2024-12"), "M"),
    T("throw the unemployment rate and total nonfarm payrolls on there too. seasonally adjusted both",
      ["PSAVERT", "UNRATE", "PAYEMS"], ["search", "build_table", "chart"], ("2015-01", "2024-12"), "M", ref=True),
    T("for payrolls show the monthly change (jobs added) and a 3-month moving average of that change",
      ["PSAVERT", "UNRATE", "PAYEMS"], ["derive"], ("2015-01", "2024-12"), "M",
      [D("diff", [2], "monthly change in PAYEMS, thousands of jobs"),
       D("rolling_mean", [2], "3-month moving average of the monthly change")], ref=True, lead=3),
],
  "NSA twins with identical titles: `UNRATENSA`, `PAYNSA`. PSAVERT is SAAR; its April-2020 spike is the "
  "obvious break. PAYEMS is in thousands, so the 2020-04 change is about -20 million.",
  traps=[("UNRATE", "UNRATENSA", 1), ("PAYEMS", "PAYNSA", 1)])

# ---------------------------------------------------------------- b14-24
S("b14-24", "A century of US industrial production", [
    T("I'm after the Fed's total industrial production index, seasonally adjusted, monthly from January 1919 to "
      "December 2019, in logs. Where does the trend break?",
      ["INDPRO"], ["search", "build_table", "derive", "changepoints"], ("1919-01", "2019-12"), "M",
      [D("log", [0], "natural log of INDPRO")]),
    T("Could you add the 12-month growth rate and smooth it with a 12-month rolling mean? Start that from 1921 so "
      "the smoothing has enough history.",
      ["INDPRO"], ["derive"], ("1921-01", "2019-12"), "M",
      [D("log", [0], "log level"), D("yoy_pct", [0], "12-month growth"),
       D("rolling_mean", [0], "12-month rolling mean of the 12-month growth")], ref=True, lead=24),
    T("Now quarterly from 1963 on, with nominal GDP alongside; year-on-year growth for both.",
      ["INDPRO", "GDP"], ["search", "build_table", "derive", "convert"], ("1963-01", "2019-12"), "Q",
      [D("yoy_pct", [0], "IP y/y, quarterly averages"), D("yoy_pct", [1], "GDP y/y")], ref=True),
],
  "INDPRO observations come from two files (1919-2020 and 1966-2025). `IPB50001N` is the NSA twin with the "
  "same title. GDP is quarterly from 1962, so y/y starts 1963. Known breaks: 1929-33, WWII, 2008-09.",
  traps=[("INDPRO", "IPB50001N", 0)])

# ---------------------------------------------------------------- b14-25
S("b14-25", "Prime rate spread over the funds rate and over the BIS US policy rate", [
    T("Daily bank prime loan rate, 2015-01-01 to 2019-12-31.",
      ["DPRIME"], ["search", "build_table"], ("2015-01", "2019-12"), "D"),
    T("Monthly now, and next to it the effective fed funds rate. Spread prime minus funds.",
      ["DPRIME", "FEDFUNDS"], ["search", "build_table", "derive", "convert"], ("2015-01", "2019-12"), "M",
      [D("spread", [0, 1], "prime minus effective funds rate (~3 pp)")], ref=True),
    T("Do the same spread but against the BIS policy rate for the US instead of the effective rate.",
      ["DPRIME", "M.US"], ["search", "build_table", "derive", "convert"], ("2015-01", "2019-12"), "M",
      [D("spread", [0, 1], "prime minus BIS US policy rate")], ref=True),
],
  "`MPRIME` is the monthly twin of DPRIME and wrong for the daily turn; `PRIME` lists change dates only. "
  "Turn 3 mixes FRED daily with BIS monthly (month-end values). Checked: DPRIME 3.25 through Dec-2015, "
  "5.50 late 2018; M.US 1.625 Dec-2019.",
  traps=[("DPRIME", "MPRIME", 0)])

# ---------------------------------------------------------------- b14-26
S("b14-26", "Home equity lines: weekly balances, growth and share of bank credit", [
    T("Risk committee wants background for our HELOC book review. Revolving home equity loans at all commercial "
      "banks, weekly, seasonally adjusted, 2005-2019 please.",
      ["RHEACBW027SBOG"], ["search", "build_table"], ("2005-01", "2019-12"), "W"),
    T("y/y growth on that, and changepoints on the growth",
      ["RHEACBW027SBOG"], ["derive", "changepoints"], ("2005-01", "2019-12"), "W",
      [D("yoy_pct", [0], "52-week growth")], ref=True),
    T("Monthly table with consumer loans and C&I loans (SA) as well; HELOCs as a share of the three combined.",
      ["RHEACBW027SBOG", "CONSUMER", "BUSLOANS"], ["search", "build_table", "derive", "convert"],
      ("2005-01", "2019-12"), "M",
      [D("expression", [0, 1, 2], "HELOC / (HELOC + consumer + C&I) * 100")], ref=True),
],
  "Three twins share the title: `RHEACBW027NBOG` (weekly NSA), `RHEACBM027SBOG` (monthly SA), and the "
  "right one RHEACBW027SBOG (weekly SA, ending Wednesday). HELOC balances peak around 2009 and decline "
  "after; the growth series turns negative.",
  traps=[("RHEACBW027SBOG", "RHEACBW027NBOG", 0), ("RHEACBW027SBOG", "RHEACBM027SBOG", 0),
         ("CONSUMER", "CONSUMERNSA", 2)])

# ---------------------------------------------------------------- b14-27
S("b14-27", "EUR/USD and the Fed-ECB policy differential", [
    T("EURUSD daily spot (H.10), 2010-2019, chart it",
      ["DEXUSEU"], ["search", "build_table", "chart"], ("2010-01", "2019-12"), "D"),
    T("monthly avg + ECB and Fed policy rates (BIS). rate diff US minus EA",
      ["DEXUSEU", "M.XM", "M.US"], ["search", "build_table", "derive", "convert"], ("2010-01", "2019-12"), "M",
      [D("spread", [2, 1], "US minus euro area policy rate")], ref=True),
    T("breaks in the differential and in the exchange rate?",
      ["DEXUSEU", "M.XM", "M.US"], ["build_table", "derive", "convert", "changepoints"], ("2010-01", "2019-12"), "M",
      [D("spread", [2, 1], "US minus euro area")], ref=True),
],
  "`EXUSEU` (monthly, G.5) and `AEXUSEU` (annual) share the DEXUSEU title; daily was asked. DEXUSEU is "
  "dollars per euro. The BIS is named, so FEDFUNDS is not accepted for the Fed in turn 2. Mixed sources "
  "and frequencies (FRED daily, BIS monthly).",
  traps=[("DEXUSEU", "EXUSEU", 0), ("DEXUSEU", "AEXUSEU", 0)])

# ---------------------------------------------------------------- b14-28
S("b14-28", "Canada: policy rate, IFS nominal GDP and WEO unemployment across frequencies", [
    T("Canada: BoC policy rate and nominal GDP (SA, IMF IFS), quarterly 2000-2023. GDP y/y please.",
      ["M.CA", "NGDP_SA_XDC"], ["search", "build_table", "derive", "convert"], ("2000-01", "2023-12"), "Q",
      [D("yoy_pct", [1], "GDP y/y")], areas={1: "CA"}),
    T("Make it annual and add Canada's unemployment rate from the WEO.",
      ["M.CA", "NGDP_SA_XDC", W("Canada", UNEMP)], ["search", "build_table", "derive", "convert"],
      ("2000-01", "2023-12"), "A", [D("yoy_pct", [1], "annual GDP growth (sum of quarters)")], ref=True,
      areas={1: "CA"}),
    T("Back to just the policy rate, monthly. Change points 2000-2023?",
      ["M.CA"], ["build_table", "changepoints"], ("2000-01", "2023-12"), "M", ref=True),
],
  "Three sources, three native frequencies (BIS M, IFS Q, WEO A). IFS id is the indicator code with area CA; "
  "`NGDP_NSA_XDC` (unadjusted) and `NGDP_D_SA_IX` (deflator) are twins. `WEOApr2024|Canada|Gross domestic "
  "product, current prices|National currency` is a plausible but wrong substitute for the IFS quarterly series. "
  "Checked: IFS CA 1961Q1-2023Q4; M.CA 0.25 in 2020-21, 5.0 Dec-2023.",
  traps=[("NGDP_SA_XDC", "NGDP_NSA_XDC", 0), ("NGDP_SA_XDC", "NGDP_D_SA_IX", 0)])

# ---------------------------------------------------------------- b14-29
S("b14-29", "Mexico: real policy rate and nominal GDP growth", [
    T("Hola, I need the Banxico policy rate (from BIS) as yearly average 2000-2023, with the average inflation "
      "of Mexico from WEO, and the real rate = rate minus inflation.",
      ["M.MX", W("Mexico", INF_AVG)], ["search", "build_table", "derive", "convert"], ("2000-01", "2023-12"), "A",
      [D("spread", [0, 1], "annual-average policy rate minus average inflation")]),
    T("Also the quarterly nominal GDP of Mexico from IFS, seasonally adjusted, with the growth year on year, "
      "2000 to 2022.",
      ["NGDP_SA_XDC"], ["search", "build_table", "derive"], ("2000-01", "2022-12"), "Q",
      [D("yoy_pct", [0], "y/y of quarterly nominal GDP")], areas={0: "MX"}),
    T("Please put everything in one yearly table 2000-2022: policy rate, inflation, real rate and the GDP growth.",
      ["M.MX", W("Mexico", INF_AVG), "NGDP_SA_XDC"], ["build_table", "derive", "convert"], ("2000-01", "2022-12"), "A",
      [D("spread", [0, 1], "real rate"), D("yoy_pct", [2], "annual nominal GDP growth")], ref=True,
      areas={2: "MX"}),
],
  "Three sources; IFS MX ends 2023Q3, so the joint table stops at 2022. Twins: `NGDP_R_SA_XDC` (real) vs "
  "nominal; WEO 'end of period' inflation (`WEOApr2024|Mexico|Inflation, end of period consumer prices|"
  "Percent change`) vs average. Checked: M.MX starts 1998-11.",
  traps=[(W("Mexico", INF_AVG), W("Mexico", INF_EOP), 0), ("NGDP_SA_XDC", "NGDP_R_SA_XDC", 1)])

# ---------------------------------------------------------------- b14-30
S("b14-30", "Velocity of M2 with the discontinued weekly series", [
    T("Velocity: nominal GDP over M2. Use the old weekly M2 (seasonally adjusted) that was discontinued, "
      "aggregated to quarters, 1981Q1 to 2019Q4.",
      ["GDP", "M2"], ["search", "build_table", "derive", "convert"], ("1981-01", "2019-12"), "Q",
      [D("ratio", [0, 1], "GDP (SAAR, billions) / M2 (billions), quarterly average of weekly M2")]),
    T("log of velocity, and where does it break?",
      ["GDP", "M2"], ["derive", "convert", "changepoints"], ("1981-01", "2019-12"), "Q",
      [D("ratio", [0, 1], "velocity"), D("expression", [0, 1], "ln(GDP / M2)")], ref=True),
    T("add fed funds as a quarterly average to the table and chart velocity against it",
      ["GDP", "M2", "FEDFUNDS"], ["search", "build_table", "derive", "convert", "chart"], ("1981-01", "2019-12"), "Q",
      [D("ratio", [0, 1], "velocity"), D("expression", [0, 1], "log velocity kept from turn 2")], ref=True),
],
  "Title twins: `M2SL` (monthly SA), `M2NS` (monthly NSA), `WM2NS` (weekly NSA); the analyst asked for the "
  "discontinued weekly SA series, which is M2 ('M2 (DISCONTINUED)'). Checked: M2 weekly 1980-11-03 to "
  "2020-02-24. Velocity falls after the late 1990s.",
  traps=[("M2", "WM2NS", 0), ("M2", "M2SL", 0)])

# ---------------------------------------------------------------- b14-31
S("b14-31", "Emerging Asia policy rates and spreads over the Fed", [
    T("Asia EM policy rates monthly 2016-2023: Korea, Thailand, Indoneisa, Philipines, Malaysia, India.",
      ["M.KR", "M.TH", "M.ID", "M.PH", "M.MY", "M.IN"], ["search", "build_table"], ("2016-01", "2023-12"), "M"),
    T("spreads over the Fed for Indonesia, India and the Philippines only",
      ["M.ID", "M.IN", "M.PH", US_POL], ["search", "build_table", "derive"], ("2016-01", "2023-12"), "M",
      [D("spread", [0, 3], "Indonesia minus US"), D("spread", [1, 3], "India minus US"),
       D("spread", [2, 3], "Philippines minus US")], ref=True),
    T("Indonesia: changepoints on its rate and on its spread",
      ["M.ID", US_POL], ["derive", "changepoints"], ("2016-01", "2023-12"), "M",
      [D("spread", [0, 1], "Indonesia minus US")], ref=True),
],
  "Six BIS series; the Philippines series has gaps only before 1993 and Indonesia starts 2005-07 (checked). "
  "'The Fed' can be M.US or FEDFUNDS. IFS `FPOLM_PA` is the policy-rate concept without per-country "
  "observations here.")

# ---------------------------------------------------------------- b14-32
S("b14-32", "CEE policy rates and December-basis real rates", [
    T("Hello, I work on the CEE desk of a bank in Warsaw. Please I need the policy rates monthly 2019-2023 of "
      "Poland, Hungary, Czechia and Romania.",
      ["M.PL", "M.HU", "M.CZ", "M.RO"], ["search", "build_table"], ("2019-01", "2023-12"), "M"),
    T("Annual table using the December value of each rate, next to WEO end-of-period inflation for each, and "
      "real rate on a December basis.",
      ["M.PL", "M.HU", "M.CZ", "M.RO", W("Poland", INF_EOP), W("Hungary", INF_EOP), W("Czech Republic", INF_EOP),
       W("Romania", INF_EOP)], ["search", "build_table", "derive", "convert"], ("2019-01", "2023-12"), "A",
      [D("spread", [0, 4], "Poland Dec rate minus Dec/Dec inflation"), D("spread", [1, 5], "Hungary"),
       D("spread", [2, 6], "Czech Republic"), D("spread", [3, 7], "Romania")], ref=True),
    T("Hungary on its own, monthly - where are the breaks 2019-2023?",
      ["M.HU"], ["build_table", "changepoints"], ("2019-01", "2023-12"), "M", ref=True),
],
  "Annual conversion by last value (December), matched with end-of-period inflation; the average-inflation "
  "twin (`WEOApr2024|Hungary|Inflation, average consumer prices|Percent change`) is wrong. WEO spells Czechia "
  "'Czech Republic'. Checked: M.HU 0.9 (Dec-2019) to 13.0 (Sep-2022 onwards), 10.75 Dec-2023.",
  traps=[(W("Hungary", INF_EOP), W("Hungary", INF_AVG), 1), (W("Poland", INF_EOP), W("Poland", INF_EOP_IX), 1)])

# ---------------------------------------------------------------- b14-33
S("b14-33", "Negative policy rates: Switzerland, Sweden, Denmark, Japan", [
    T("Which central banks went below zero, and when? Swiss, Swedish and Danish policy rates, monthly 2012-2023.",
      ["M.CH", "M.SE", "M.DK"], ["search", "build_table", "chart"], ("2012-01", "2023-12"), "M"),
    T("Add Japan - from September 2016, which is when the BIS series picks up again I think - and the euro-area "
      "rate for reference.",
      ["M.CH", "M.SE", "M.DK", "M.JP", "M.XM"], ["search", "build_table"], ("2012-01", "2023-12"), "M", ref=True,
      nspan={3: ("2016-09", "2023-12")}),
    T("Danish minus euro-area (the peg) and Swiss minus euro-area spreads; changepoints on both",
      ["M.DK", "M.CH", "M.XM"], ["derive", "changepoints"], ("2012-01", "2023-12"), "M",
      [D("spread", [0, 2], "Denmark minus euro area"), D("spread", [1, 2], "Switzerland minus euro area")], ref=True),
],
  "M.JP has gaps 2001-04..2006-02 and 2013-05..2016-08 (quantitative targeting), checked, so Japan is asked "
  "from 2016-09. Checked: M.DK negative 2012-07..2022-08, M.CH 2014-12..2022-08, M.SE 2015-02..2019-12, "
  "M.JP -0.1 from 2016-09. `M.DE` is a wrong stand-in for the euro area.")

# ---------------------------------------------------------------- b14-34
S("b14-34", "Real policy rates in Russia, Türkiye and Brazil", [
    T("Russia key rate monthly 2010-2023 - any breaks?",
      ["M.RU"], ["search", "build_table", "changepoints"], ("2010-01", "2023-12"), "M"),
    T("annual avg of it vs WEO Russian avg inflation, and the real rate",
      ["M.RU", W("Russia", INF_AVG)], ["search", "build_table", "derive", "convert"], ("2010-01", "2023-12"), "A",
      [D("spread", [0, 1], "annual-average key rate minus average inflation")], ref=True),
    T("same real-rate calc for Türkiye and Brazil alongside Russia",
      ["M.RU", "M.TR", "M.BR", W("Russia", INF_AVG), W("Türkiye", INF_AVG), W("Brazil", INF_AVG)],
      ["search", "build_table", "derive", "convert"], ("2010-01", "2023-12"), "A",
      [D("spread", [0, 3], "Russia"), D("spread", [1, 4], "Türkiye"), D("spread", [2, 5], "Brazil")], ref=True),
],
  "Mixed BIS monthly + WEO annual. Breaks expected Dec-2014 (17%) and Mar-2022 (20%). Türkiye's real rate is "
  "deeply negative in 2022 (avg inflation 72.3%). Twin: `WEOApr2024|Russia|Inflation, average consumer "
  "prices|Index`.",
  traps=[(W("Russia", INF_AVG), W("Russia", INF_AVG_IX), 1)])

# ---------------------------------------------------------------- b14-35
S("b14-35", "BRICS vs G3 shares of world GDP at PPP", [
    T("For a feature on BRICS: each member's share of world GDP at PPP - Brazil, Russia, India, China, South "
      "Africa - 2000 to 2023.",
      [W("Brazil", PPPSH), W("Russia", PPPSH), W("India", PPPSH), W("China", PPPSH), W("South Africa", PPPSH)],
      ["search", "build_table"], ("2000-01", "2023-12"), "A"),
    T("Sum them into a BRICS total, and put a US+Japan+Germany total next to it for comparison.",
      [W("Brazil", PPPSH), W("Russia", PPPSH), W("India", PPPSH), W("China", PPPSH), W("South Africa", PPPSH),
       W("United States", PPPSH), W("Japan", PPPSH), W("Germany", PPPSH)], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), "A",
      [D("expression", [0, 1, 2, 3, 4], "sum of the five BRICS shares"),
       D("expression", [5, 6, 7], "US + Japan + Germany")], ref=True),
    T("When did the BRICS total pass the three-country total? Chart just the two sums.",
      [W("Brazil", PPPSH), W("Russia", PPPSH), W("India", PPPSH), W("China", PPPSH), W("South Africa", PPPSH),
       W("United States", PPPSH), W("Japan", PPPSH), W("Germany", PPPSH)], ["derive", "chart"],
      ("2000-01", "2023-12"), "A",
      [D("expression", [0, 1, 2, 3, 4], "BRICS sum"), D("expression", [5, 6, 7], "G3 sum")], ref=True),
],
  "The share row is 'Gross domestic product based on purchasing-power-parity (PPP) share of world total'; "
  "`WEOApr2024|China|Gross domestic product, current prices|Purchasing power parity; international dollars` "
  "(billions) is a wrong look-alike for 'share'. Eight countries in turns 2-3.")

# ---------------------------------------------------------------- b14-36
S("b14-36", "Iceland's 2008 crisis: policy rate, growth and debt, with Ireland and Greece", [
    T("Hi! I'm studying the Icelandic banking crisis for my thesis. Could you show me the Central Bank of Iceland "
      "policy rate, monthly, 2005 to 2012, and find the change points?",
      ["M.IS"], ["search", "build_table", "changepoints"], ("2005-01", "2012-12"), "M"),
    T("Thanks so much! Now annual for 2005-2015: the policy rate averaged per year, real GDP growth and general "
      "government gross debt (% of GDP) from the IMF WEO.",
      ["M.IS", W("Iceland", RGDP_PCH), W("Iceland", GDEBT)], ["search", "build_table", "convert"],
      ("2005-01", "2015-12"), "A", ref=True),
    T("Could you add Ireland and Greece for the growth and debt columns? No policy rates needed for them.",
      ["M.IS", W("Iceland", RGDP_PCH), W("Iceland", GDEBT), W("Ireland", RGDP_PCH), W("Ireland", GDEBT),
       W("Greece", RGDP_PCH), W("Greece", GDEBT)], ["search", "build_table", "convert"], ("2005-01", "2015-12"), "A",
      ref=True),
],
  "BIS M.IS starts 1998-03, 18% in Dec-2008. 'Real GDP growth' is 'Gross domestic product, constant "
  "prices|Percent change'; the National currency row of that subject is the twin. Gross vs net debt twin. "
  "Ireland and Greece have no BIS national series after 1998 (`M.XM` would be the euro-area rate, not asked).",
  traps=[(W("Iceland", RGDP_PCH), W("Iceland", RGDP_NC), 1), (W("Greece", GDEBT), W("Greece", NDEBT), 2)])

# ---------------------------------------------------------------- b14-37
S("b14-37", "Currency pegs through the policy-rate lens", [
    T("hong kong and saudi both peg to the dollar right? show me their policy rates together with the US one, "
      "monthly 2005-2023, and the spread of each over the US",
      ["M.HK", "M.SA", US_POL], ["search", "build_table", "derive"], ("2005-01", "2023-12"), "M",
      [D("spread", [0, 2], "Hong Kong minus US"), D("spread", [1, 2], "Saudi Arabia minus US")]),
    T("find breaks in those two spreads",
      ["M.HK", "M.SA", US_POL], ["derive", "changepoints"], ("2005-01", "2023-12"), "M",
      [D("spread", [0, 2], "HK spread"), D("spread", [1, 2], "Saudi spread")], ref=True),
    T("and Denmark vs the euro area, same idea - add it to the table",
      ["M.HK", "M.SA", US_POL, "M.DK", "M.XM"], ["search", "build_table", "derive"], ("2005-01", "2023-12"), "M",
      [D("spread", [0, 2], "HK spread"), D("spread", [1, 2], "Saudi spread"),
       D("spread", [3, 4], "Denmark minus euro area")], ref=True),
],
  "Peg spreads hover near a fixed margin; HK base rate is set relative to the Fed funds target. M.HK starts "
  "1998-09, M.SA 2000-01 (checked). `M.DE` as 'euro area' is wrong. Four economies plus the euro area in "
  "turn 3.")

# ---------------------------------------------------------------- b14-38
S("b14-38", "GDP per person from levels: Türkiye, then Poland and Mexico", [
    T("Türkiye: nominal GDP in US dollars and population, 2000-2023. Work out GDP per person in dollars.",
      [W("Türkiye", GDP_USD), W("Türkiye", POP)], ["search", "build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("expression", [0, 1], "GDP (billions USD) / population (millions) * 1000 = USD per person")]),
    T("check it against the IMF's own per-capita dollar figure, with a difference column",
      [W("Türkiye", GDP_USD), W("Türkiye", POP), W("Türkiye", PC_USD)], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), "A",
      [D("expression", [0, 1], "computed per capita"), D("expression", [0, 1, 2], "computed minus published")],
      ref=True),
    T("Same three columns for Poland and Mexico as well.",
      [W("Türkiye", GDP_USD), W("Türkiye", POP), W("Türkiye", PC_USD), W("Poland", GDP_USD), W("Poland", POP),
       W("Poland", PC_USD), W("Mexico", GDP_USD), W("Mexico", POP), W("Mexico", PC_USD)],
      ["search", "build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("expression", [0, 1], "Türkiye computed"), D("expression", [0, 1, 2], "Türkiye difference"),
       D("expression", [3, 4], "Poland computed"), D("expression", [3, 4, 5], "Poland difference"),
       D("expression", [6, 7], "Mexico computed"), D("expression", [6, 7, 8], "Mexico difference")], ref=True),
],
  "Unit scaling: billions over millions gives thousands of dollars. Per-capita twins: PPP international "
  "dollars, national currency, constant prices (`WEOApr2024|Türkiye|Gross domestic product per capita, "
  "current prices|Purchasing power parity; international dollars`). Checked: Türkiye per capita USD 4,238 in "
  "2000; population 86.268 million in 2023.",
  traps=[(W("Türkiye", PC_USD), W("Türkiye", PC_PPP), 1), (W("Poland", PC_USD), W("Poland", PC_NC), 2),
         (W("Türkiye", GDP_USD), W("Türkiye", GDP_PPP), 0)])

# ---------------------------------------------------------------- b14-39
S("b14-39", "US consumer credit per person, nominal and real", [
    T("Pull the H.8 consumer loans line for US commercial banks (seasonally adjusted) from Jan 2000 through "
      "Dec 2019, monthly, with growth over the prior year.",
      ["CONSUMER"], ["search", "build_table", "derive"], ("2000-01", "2019-12"), "M",
      [D("yoy_pct", [0], "y/y growth")]),
    T("now per capita - annual, divide by US population from the WEO. dollars per person",
      ["CONSUMER", W("United States", POP)], ["search", "build_table", "derive", "convert"], ("2000-01", "2019-12"), "A",
      [D("expression", [0, 1], "annual-average CONSUMER (billions) / population (millions) * 1000")], ref=True),
    T("deflate that by CPI (all items, SA, annual average) into 2019 dollars",
      ["CONSUMER", W("United States", POP), "CPIAUCSL"], ["search", "build_table", "derive", "convert"],
      ("2000-01", "2019-12"), "A",
      [D("expression", [0, 1], "nominal per capita"),
       D("expression", [0, 1, 2], "per capita * CPI(2019) / CPI(t)")], ref=True),
],
  "Per-capita step mixes FRED monthly with WEO annual. Twins: `CONSUMERNSA`, `CPIAUCNS`; `CPILFESL` (core) "
  "is wrong for 'all items'. WEO US population 282.3 million (2000) to 328.5 million (2019).",
  traps=[("CONSUMER", "CONSUMERNSA", 0), ("CPIAUCSL", "CPIAUCNS", 2)])

# ---------------------------------------------------------------- b14-40
S("b14-40", "Turkish vs US inflation: monthly indices, rebasing and WEO annual check", [
    T("Compare the Turkish CPI (TURKSTAT index) with US CPI-U (the seasonally adjusted one), monthly Jan 2021 to Mar 2025 - "
      "annual inflation rate for each, and the differential.",
      ["TP.FG.J0", "CPIAUCSL"], ["search", "build_table", "derive"], ("2021-01", "2025-03"), "M",
      [D("yoy_pct", [0], "Turkish y/y"), D("yoy_pct", [1], "US y/y"),
       D("expression", [0, 1], "yoy_pct(TP.FG.J0) minus yoy_pct(CPIAUCSL)")]),
    T("rebase both indexes to January 2021 = 100 and chart them",
      ["TP.FG.J0", "CPIAUCSL"], ["derive", "chart"], ("2021-01", "2025-03"), "M",
      [D("yoy_pct", [0], "Turkish y/y kept"), D("yoy_pct", [1], "US y/y kept"),
       D("expression", [0, 1], "inflation differential kept"),
       D("index", [0], "TR CPI, Jan-2021=100"), D("index", [1], "US CPI, Jan-2021=100")], ref=True),
    T("now annual for 2021-2023 with the WEO average inflation for both countries next to my computed annual rates",
      ["TP.FG.J0", "CPIAUCSL", W("Türkiye", INF_AVG), W("United States", INF_AVG)],
      ["search", "build_table", "derive", "convert"], ("2021-01", "2023-12"), "A",
      [D("yoy_pct", [0], "annual-average index growth, TR"), D("yoy_pct", [1], "annual-average index growth, US")],
      ref=True),
],
  "Turkish CPI observations start 2020-01, so the first y/y is Jan-2021; US CPIAUCSL ends 2025-03. Twins: "
  "`CPIAUCNS` (NSA), WEO end-of-period inflation (`WEOApr2024|Türkiye|Inflation, end of period consumer "
  "prices|Percent change`). `TP.FG.J01` (food) is a wrong EVDS look-alike. Checked: Türkiye WEO average "
  "inflation 19.6 / 72.3 / 53.9 for 2021-23.",
  traps=[("CPIAUCSL", "CPIAUCNS", 0), (W("Türkiye", INF_AVG), W("Türkiye", INF_EOP), 2)])


# WEO-only scenarios whose analyst never states a table frequency: the turns carry no "frequency"
# (the data are annual anyway, so nothing is converted).
NO_FREQ = {"b14-13", "b14-15", "b14-16", "b14-17", "b14-19", "b14-20", "b14-21", "b14-35", "b14-38"}


def main():
    out, meta = [], {}
    for s in SC:
        turns, tmeta = [], []
        for t, m in s["turns"]:
            if s["id"] in NO_FREQ and all(i.startswith("WEOApr2024|") for n in t["needs"] for i in n):
                t.pop("frequency", None)
            turns.append(t)
            tmeta.append(m)
        out.append({"id": s["id"], "title": s["title"], "turns": turns, "notes": s["notes"]})
        meta[s["id"]] = {"turns": tmeta, "traps": [list(x) for x in s["traps"]]}
    with open(os.path.join(HERE, "scenarios-blind14.jsonl"), "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "meta-blind14.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, ensure_ascii=False, indent=1)
    print(f"wrote {len(out)} scenarios")


if __name__ == "__main__":
    main()

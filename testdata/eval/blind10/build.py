"""Builds scenarios-blind10.jsonl and spans.json (the span each turn asks for, and the
look-alike rows each scenario's notes name), blind, from the raw catalog files only.

Run: python3 build.py && python3 validate.py
"""
import json

S = []          # scenarios
SPANS = {}      # id -> [span turn1, span turn2, span turn3]
TRAPS = {}      # id -> {"noobs": [...], "other": [...]}  (look-alikes named in notes)


def weo(c, s, u):
    return f"WEOApr2024|{c}|{s}|{u}"


# WEO subject/unit pairs (spellings checked against WEOApr2024all.csv)
GDEBT_PCT = ("General government gross debt", "Percent of GDP")
GDEBT_NC = ("General government gross debt", "National currency")
NDEBT_PCT = ("General government net debt", "Percent of GDP")
NGDP_NC = ("Gross domestic product, current prices", "National currency")
NGDP_USD = ("Gross domestic product, current prices", "U.S. dollars")
NGDP_PPP = ("Gross domestic product, current prices", "Purchasing power parity; international dollars")
RGDP_NC = ("Gross domestic product, constant prices", "National currency")
RGDP_PCH = ("Gross domestic product, constant prices", "Percent change")
DEFL = ("Gross domestic product, deflator", "Index")
INF_AVG = ("Inflation, average consumer prices", "Percent change")
INF_AVG_IX = ("Inflation, average consumer prices", "Index")
INF_EOP = ("Inflation, end of period consumer prices", "Percent change")
INF_EOP_IX = ("Inflation, end of period consumer prices", "Index")
UNEMP = ("Unemployment rate", "Percent of total labor force")
SAV = ("Gross national savings", "Percent of GDP")
INV = ("Total investment", "Percent of GDP")
CA_PCT = ("Current account balance", "Percent of GDP")
CA_USD = ("Current account balance", "U.S. dollars")
PRIM_PCT = ("General government primary net lending/borrowing", "Percent of GDP")
PRIM_NC = ("General government primary net lending/borrowing", "National currency")
NLB_PCT = ("General government net lending/borrowing", "Percent of GDP")
NLB_NC = ("General government net lending/borrowing", "National currency")
REV_PCT = ("General government revenue", "Percent of GDP")
EXP_PCT = ("General government total expenditure", "Percent of GDP")
REV_NC = ("General government revenue", "National currency")
STRUCT = ("General government structural balance", "Percent of potential GDP")
GAP = ("Output gap in percent of potential GDP", "Percent of potential GDP")
PPPSH = ("Gross domestic product based on purchasing-power-parity (PPP) share of world total", "Percent")
PCAP_PPP17 = ("Gross domestic product per capita, constant prices", "Purchasing power parity; 2017 international dollar")
PCAP_PPPCUR = ("Gross domestic product per capita, current prices", "Purchasing power parity; international dollars")
PCAP_USD = ("Gross domestic product per capita, current prices", "U.S. dollars")
EMP = ("Employment", "Persons")
POP = ("Population", "Persons")
PPPRATE = ("Implied PPP conversion rate", "National currency per current international dollar")


def W(c, su):
    return [weo(c, *su)]


def ifs(cc):
    return [f"Q.{cc}.NGDP_SA_XDC", "NGDP_SA_XDC"]


def ilo(col):
    return [f"ILO|{col}", f"unemployment-ilo|{col}"]


def T(user, needs, actions, derives=None, frequency=None):
    t = {"user": user, "needs": needs, "actions": actions}
    if derives is not None:
        t["derives"] = [{"op": o, "inputs": i, "note": n} for o, i, n in derives]
    if frequency:
        t["frequency"] = frequency
    return t


def add(sid, title, turns, spans, notes, noobs=(), other=()):
    assert len(turns) == 3 and len(spans) == 3
    S.append({"id": sid, "title": title, "turns": turns, "notes": notes})
    SPANS[sid] = spans
    TRAPS[sid] = {"noobs": list(noobs), "other": list(other)}


# ============================================================== FRED (US)
ff, cpi = ["FEDFUNDS"], ["CPIAUCSL"]
add("b10-01", "US real fed funds rate since 2000", [
    T("Pull the effective fed funds rate and headline CPI for the US, monthly, January 2000 through December 2024.",
      [ff, cpi], ["search", "build_table"], frequency="M"),
    T("Turn CPI into a year-over-year inflation rate and subtract it from the funds rate. That's my real policy rate.",
      [ff, cpi], ["derive"],
      [("yoy_pct", [1], "CPI inflation, % change on the same month a year earlier"),
       ("expression", [0, 1], "real fed funds = FEDFUNDS minus CPI yoy %")]),
    T("Where did that real rate shift regime? Mark the breaks and chart it.",
      [ff, cpi], ["changepoints", "chart"]),
], [["2000-01", "2024-12"]] * 3,
    "Right rows: FEDFUNDS (monthly, NSA, percent) and CPIAUCSL (SA index 1982-84=100). Wrong near-duplicates: CPIAUCNS (NSA CPI), "
    "DFF (daily fed funds, no observations here), FF (weekly). The subtraction must use CPI inflation, not the CPI level (a level "
    "subtraction gives about -164 to -311). From the raw files: real rate +2.8 in 2000-06, about 0 at 2008-12, -3.7 in 2011-09, "
    "minimum about -8.3 in 2022-03 (FEDFUNDS 0.20, CPI yoy 8.5), back to about +2.0 by 2023-06 and +1.6 at 2024-12. Breaks expected "
    "around 2001-02, 2008, 2021-22 (deeply negative) and 2023 (positive again).",
    noobs=["DFF", "FF", "CPIAUCNS"])

add("b10-02", "Prime rate markup over fed funds", [
    T("Can you get me the bank prime loan rate and the fed funds rate? Monthly averages, 1990 to February 2020.",
      [["DPRIME"], ff], ["search", "build_table", "convert"], frequency="M"),
    T("ok now the spread, prime minus fed funds", [["DPRIME"], ff], ["derive"],
      [("spread", [0, 1], "prime rate minus effective fed funds, percentage points")], frequency="M"),
    T("Did the markup change level at some point? Run change points on it.", [["DPRIME"], ff], ["changepoints"], frequency="M"),
], [["1990-01", "2020-02"]] * 3,
    "The prime rate with observations is the daily DPRIME (file ends 2020-03-05, holidays are '.'); it must be averaged to months. "
    "MPRIME is the monthly twin in the catalog but has no observations here. FEDFUNDS is monthly. Spread from the raw files: about "
    "1.7 in mid-1990, 2.7 in mid-1992, exactly 3.0 from 1994 (prime = target + 3 convention), mean 3.06 over 1995-2020-02, 3.2 at "
    "the end. Expected break: a single level shift around 1993-94 from ~2.6 to ~3.0.",
    noobs=["MPRIME"])

add("b10-03", "US federal debt as a share of GDP", [
    T("Hey, I need total federal public debt and nominal GDP for the US, quarterly, 1970 to 2024.",
      [["GFDEBTN"], ["GDP"]], ["search", "build_table"], frequency="Q"),
    T("Compute debt as a percent of GDP. Careful with the units, they aren't the same.",
      [["GFDEBTN"], ["GDP"]], ["derive"],
      [("expression", [0, 1], "GFDEBTN (millions $) / (GDP billions $ SAAR x 1000) x 100")]),
    T("Chart that ratio and tell me where the big breaks are.", [["GFDEBTN"], ["GDP"]], ["chart", "changepoints"]),
], [["1970Q1", "2024Q4"]] * 3,
    "GFDEBTN is in millions of dollars (scale code M), GDP in billions at an annual rate (B, SAAR): ratio = GFDEBTN/(GDP*1000)*100. "
    "Without the x1000 the ratio comes out 1000 times too large (121,851 instead of 121.9 at 2024Q4). GFDEGDQ188S (the ready-made ratio) and "
    "FYGFGDQ188S (debt held by the public) are catalog rows without observations; GDPC1 (real GDP) is wrong. From the raw files: "
    "35.4% 1970Q1, low 30.6% 1981Q3, 57.7% 2000Q1, 62.7% 2007Q4, 84.0% 2009Q4, 105.8% 2019Q4, peak 132.8% 2020Q2, 121.9% 2024Q4. "
    "Breaks: early 1980s upturn, late 1990s decline, 2008-09 jump, 2020 jump.",
    noobs=["GFDEGDQ188S", "FYGFGDQ188S", "GDPC1"])

add("b10-04", "Velocity of M2", [
    T("Get M2 money stock and nominal GDP. Quarterly please, 1981 through 2019.",
      [["M2"], ["GDP"]], ["search", "build_table", "convert"], frequency="Q"),
    T("now velocity, GDP over M2", [["M2"], ["GDP"]], ["derive"],
      [("ratio", [1, 0], "velocity = nominal GDP (SAAR, $bn) / M2 quarterly average ($bn)")], frequency="Q"),
    T("Plot it and mark where velocity breaks trend.", [["M2"], ["GDP"]], ["chart", "changepoints"], frequency="Q"),
], [["1981Q1", "2019Q4"]] * 3,
    "The M2 with observations is the weekly, seasonally adjusted M2 (title 'M2 (DISCONTINUED)', file 1980-11-03 to 2020-02-24); it "
    "has to be averaged to quarters. M2SL (monthly SA) and M2V (ready-made velocity) are catalog rows without observations; WM2NS and "
    "M2NS are NSA. Both in billions, so no scale fix. Velocity from the raw files: 1.93 in 1981Q1, 2.19 in 1997Q4 (peak zone), 1.98 "
    "in 2007Q4, 1.44 in 2019Q4. Breaks: rise to 1997, fall from ~1998, steeper fall after 2008.",
    noobs=["M2SL", "M2V"], other=["WM2NS", "M2NS"])

add("b10-05", "Pandemic labour market", [
    T("unemployment rate and total nonfarm payrolls, monthly, Jan 2019 to Mar 2025", [["UNRATE"], ["PAYEMS"]],
      ["search", "build_table"], frequency="M"),
    T("Add the monthly job gains (change in payrolls), in thousands.", [["UNRATE"], ["PAYEMS"]], ["derive"],
      [("diff", [1], "month-on-month change in PAYEMS, thousands of jobs")]),
    T("Where are the breaks in the unemployment rate? Chart both series.", [["UNRATE"], ["PAYEMS"]], ["changepoints", "chart"]),
], [["2019-01", "2025-03"]] * 3,
    "Right rows: UNRATE (SA, %) and PAYEMS (SA, thousands). Near-duplicates UNRATENSA and PAYNSA are NSA; CES0000000001 is not in the "
    "catalog. From the raw files: payroll change -1,397k in 2020-03, -20,471k in 2020-04, +2,616k 2020-05, +4,631k 2020-06; 2024 "
    "total +2,012k; 2025-03 +120k. UNRATE 3.6 at end-2019, 14.8 peak 2020-04, 4.2 in 2025-03. Breaks in UNRATE: 2020-04 up, "
    "then a decline back through 2021-22.",
    noobs=["UNRATENSA", "PAYNSA"])

add("b10-06", "Headline minus core inflation", [
    T("Headline and core CPI inflation for the US, year over year, 1990 through 2019.", [cpi, ["CPILFESL"]],
      ["search", "build_table", "derive"],
      [("yoy_pct", [0], "headline CPI yoy %"), ("yoy_pct", [1], "core CPI (less food and energy) yoy %")], frequency="M"),
    T("What's the gap, headline minus core?", [cpi, ["CPILFESL"]], ["derive"],
      [("spread", [0, 1], "headline yoy minus core yoy, percentage points")]),
    T("That gap is noisy. Smooth it with a 12-month rolling mean and chart it.", [cpi, ["CPILFESL"]], ["derive", "chart"],
      [("rolling_mean", [0, 1], "12-month rolling mean of the headline-minus-core gap")]),
], [["1990-01", "2019-12"]] * 3,
    "Right rows: CPIAUCSL and CPILFESL, both SA. CPIAUCNS/CPILFENS are the NSA twins. The CPILFESL file ends 2020-01, so the span stops "
    "in 2019. From the raw files: 1990-10 headline 6.4 vs core 5.4 (+1.0); 2005-09 +2.8; 2008-07 +3.0 (5.5 vs 2.5); 2009-07 -3.5 "
    "(-2.0 vs 1.5); 2015-01 -1.9; 2019-12 +0.1. The rolling gap peaks mid-2008 and troughs late 2009 / 2015.",
    noobs=["CPILFENS"], other=["CPIAUCNS"])

add("b10-07", "Bank credit mix: business, consumer, home equity", [
    T("Show commercial & industrial loans and consumer loans at all commercial banks, monthly, Jan 2000 to Feb 2020.",
      [["BUSLOANS"], ["CONSUMER"]], ["search", "build_table"], frequency="M"),
    T("What share of the two combined is consumer lending?", [["BUSLOANS"], ["CONSUMER"]], ["derive"],
      [("share", [1, 0], "CONSUMER / (BUSLOANS + CONSUMER) x 100")]),
    T("Bring in revolving home equity loans too, as a monthly average, and give them as a ratio to consumer loans.",
      [["BUSLOANS"], ["CONSUMER"], ["RHEACBW027SBOG"]], ["search", "build_table", "convert", "derive"],
      [("ratio", [2, 1], "home equity revolving loans / consumer loans")], frequency="M"),
], [["2000-01", "2020-02"]] * 3,
    "BUSLOANS and CONSUMER are monthly SA billions (files end 2020-02). Home equity lines: RHEACBW027SBOG is weekly (Wednesdays, SA, "
    "billions) and must be averaged to months. Traps: BUSLOANSNSA/CONSUMERNSA (NSA), TOTCI (weekly C&I, no observations), "
    "RHEACBM027SBOG (monthly twin, no observations), RHEACBW027NBOG (NSA). From the raw files: consumer share 33.7% (2000-01), "
    "35.2% (2008-10), 39.2% (2015-06), 40.5% (2020-02). Home equity peaks ~611bn in 2009-05; ratio to consumer loans 20.5% (2000-01), "
    "~71% (2009-06), 19.7% (2020-02).",
    noobs=["TOTCI", "RHEACBM027SBOG"], other=["BUSLOANSNSA", "CONSUMERNSA", "RHEACBW027NBOG"])

add("b10-08", "Loan delinquencies and unemployment", [
    T("Delinquency rate on all loans at US commercial banks, 1985 through 2019.", [["DRALACBS"]], ["search", "build_table"], frequency="Q"),
    T("Put the unemployment rate next to it, as quarterly averages.", [["DRALACBS"], ["UNRATE"]],
      ["search", "build_table", "convert"], frequency="Q"),
    T("Change points for both. Did delinquency break before or after unemployment around the financial crisis?",
      [["DRALACBS"], ["UNRATE"]], ["changepoints", "chart"], frequency="Q"),
], [["1985Q1", "2019Q4"]] * 3,
    "DRALACBS is quarterly (end of period), SA, percent; file 1985Q1-2019Q4. DRALACBN is the NSA twin; DRCCLACBS is credit cards only. "
    "UNRATE monthly must be averaged to quarters. From the raw files: delinquency 4.61 (1985Q1), 6.13 (1991Q1), 1.69 (2006Q4), peak "
    "7.40 (2010Q1), 1.44 (2019Q4); UNRATE quarterly avg 9.83 in 2010Q1. Delinquency turns up first: 1.51 (2006Q2) -> 2.47 (2007Q4) -> 3.72 (2008Q3) while UNRATE is still 4.4-4.8 until 2007Q4.",
    noobs=["DRALACBN", "DRCCLACBS"])

add("b10-09", "Yield-curve spreads and the bill-funds gap", [
    T("Monthly averages of T10Y3M and T10YFF (10y minus 3m, 10y minus fed funds), 1982 to 2019.",
      [["T10Y3M"], ["T10YFF"]], ["search", "build_table", "convert"], frequency="M"),
    T("Subtract one from the other so I can see the 3-month bill against fed funds.", [["T10Y3M"], ["T10YFF"]], ["derive"],
      [("spread", [1, 0], "T10YFF minus T10Y3M = 3-month bill minus fed funds")], frequency="M"),
    T("In which months was 10y-3m inverted? Chart it with the breaks.", [["T10Y3M"], ["T10YFF"]], ["changepoints", "chart"], frequency="M"),
], [["1982-01", "2019-12"]] * 3,
    "Both are daily spread rows (T10Y3M file ends 2020-03-13, T10YFF 2025-03-31; blank holiday rows). T10Y2Y, DGS10, DTB3 are catalog "
    "rows without observations. The derived gap (T10YFF - T10Y3M) is the 3-month bill minus fed funds: about -0.3 in 1982-01, "
    "-1.1 in 1989-06, around 0 in 2013. Inverted months (monthly mean of T10Y3M < 0) from the raw files: 1989-06..08, 1989-11..12, "
    "2000-07..2001-01, 2006-08..2007-05, 2019-05..09.",
    noobs=["T10Y2Y", "DGS10", "DTB3"])

add("b10-10", "Personal saving rate since 2000", [
    T("personal saving rate, monthly, since 2000", [["PSAVERT"]], ["search", "build_table"], frequency="M"),
    T("Break points please.", [["PSAVERT"]], ["changepoints"]),
    T("Put unemployment next to it, add a 12-month moving average of the saving rate, then chart everything.",
      [["PSAVERT"], ["UNRATE"]], ["search", "build_table", "derive", "chart"],
      [("rolling_mean", [0], "12-month moving average of the saving rate")], frequency="M"),
], [["2000-01", "2025-03"]] * 3,
    "PSAVERT (percent of disposable income, SAAR, monthly, file to 2025-03). PSAVE is personal saving in billions (quarterly) - wrong. "
    "From the raw files: low 1.4% in 2005-07, 6.2% at 2019-12, spike to 32.0% in 2020-04, 25.9% in 2021-03, 2.0% in 2022-06, 4.3% in "
    "2025-03. Breaks: 2020-04 spike and the 2021-22 drop; the 12-month mean peaks in early 2021.",
    noobs=["PSAVE"])

add("b10-11", "Industrial production vs payrolls", [
    T("Let's look at US industrial production vs payroll jobs, both as year-on-year growth, 1970 to 2024.",
      [["INDPRO"], ["PAYEMS"]], ["search", "build_table", "derive"],
      [("yoy_pct", [0], "industrial production yoy %"), ("yoy_pct", [1], "nonfarm payrolls yoy %")], frequency="M"),
    T("Also rebase the IP index so the 2019 average is 100.", [["INDPRO"], ["PAYEMS"]], ["derive"],
      [("index", [0], "INDPRO rebased, 2019 average = 100")]),
    T("Show me the breaks in IP growth and chart it against job growth.", [["INDPRO"], ["PAYEMS"]], ["changepoints", "chart"]),
], [["1970-01", "2024-12"]] * 3,
    "INDPRO (SA index) and PAYEMS (SA thousands). IPB50001N is the NSA total index, IPMAN manufacturing only. The observation files hold "
    "two vintages of INDPRO (INDPRO.csv 1966-2025 and INDPRO_2020.csv 1919-2020 on another base, levels ~3-8% apart); growth rates "
    "nearly agree, levels do not. With INDPRO.csv: 2019 average 102.43, so 2020-04 (84.68) rebases to ~82.7 and 2025-03 (103.89) to "
    "~101.4. IP yoy: -12.4 (1975-05), -5.9 (1982-12), -15.2 (2009-06), -17.2 (2020-04), +16.1 (2021-04), +0.4 (2024-12). "
    "Payroll yoy: -4.9 (2009-06), -13.4 (2020-04).",
    other=["IPB50001N", "IPMAN"])

add("b10-12", "Euro-dollar rate and the ECB-Fed gap", [
    T("dollar-euro exchange rate, monthly average, 1999 through 2019", [["DEXUSEU"]], ["search", "build_table", "convert"], frequency="M"),
    T("Add the ECB and Fed policy rates, same months.", [["DEXUSEU"], ["M.XM"], ["M.US"]],
      ["search", "build_table", "convert"], frequency="M"),
    T("Compute the euro-area minus US rate differential and chart it against the exchange rate.",
      [["DEXUSEU"], ["M.XM"], ["M.US"]], ["derive", "chart"],
      [("spread", [1, 2], "euro-area policy rate minus US policy rate, pp")], frequency="M"),
], [["1999-01", "2019-12"]] * 3,
    "DEXUSEU is daily (USD per EUR, file 1999-01-04 to 2020-03-13, holiday rows '.'), averaged to months. EXUSEU (monthly) and "
    "AEXUSEU (annual) are catalog twins without observations. Policy rates from the BIS file: M.XM (euro area, main refinancing "
    "rate, from 1999-01) and M.US (US, target midpoint; 0.125 at the zero bound). Not M.DE (ends 1998-12). From the raw files: "
    "EUR/USD 1.159 (1999-01), 0.853 (2000-10 low), 1.575 (2008-04/07 high), 1.111 (2019-12). Differential: -1.75 (1999-01), "
    "+2.0 (2008-04), +0.875 (2010-06), -1.375 (2017-12), -1.625 (2019-12).",
    noobs=["EXUSEU", "AEXUSEU"], other=["M.DE"])

add("b10-13", "Where has the 10-year yield been?", [
    T("Roughly where has the 10-year Treasury yield been since 1990? If all you have is its spread over fed funds, add the funds "
      "rate back. Monthly, 1990 to 2024.", [["T10YFF"], ff], ["search", "build_table", "convert", "derive"],
      [("expression", [0, 1], "implied 10-year yield = monthly mean of T10YFF + FEDFUNDS")], frequency="M"),
    T("Now a real 10-year: take off CPI inflation, year over year.", [["T10YFF"], ff, cpi], ["search", "build_table", "derive"],
      [("yoy_pct", [2], "CPI yoy %"), ("expression", [0, 1, 2], "real 10-year = T10YFF + FEDFUNDS - CPI yoy")], frequency="M"),
    T("chart nominal and real together, and find the change points in the real one", [["T10YFF"], ff, cpi],
      ["chart", "changepoints"], frequency="M"),
], [["1990-01", "2024-12"]] * 3,
    "No 10-year yield has observations here: DGS10 (daily) and GS10 (monthly) are catalog rows without them. T10YFF (daily, to "
    "2025-03-31) plus FEDFUNDS reproduces it closely (T10YFF is built on the daily funds rate, so small differences). From the raw "
    "files: implied yield 8.18 (1990-01), 6.55 (2000-01), 5.10 (2007-06), 1.53 (2012-07), 0.62 (2020-07), 3.17 (2022-06), 4.80 "
    "(2023-10), 4.39 (2024-12). Real: +3.0 (1990-01), +5.5 max (2009-07, deflation), -6.4 min (2022-03), +1.5 (2024-12).",
    noobs=["DGS10", "GS10"])

add("b10-14", "US nominal GDP three ways", [
    T("US nominal GDP from BEA via FRED and from the IMF's IFS, quarterly, 2000 to 2022.", [["GDP"], ifs("US")],
      ["search", "build_table"], frequency="Q"),
    T("They're off by a big factor. Put them on the same basis and show the ratio.", [["GDP"], ifs("US")], ["derive"],
      [("expression", [0, 1], "FRED GDP (billions, SAAR) x 1000 / (IFS millions per quarter x 4)")]),
    T("Now make it annual and add the WEO number for US GDP in current dollars.",
      [["GDP"], ifs("US"), [weo("United States", *NGDP_USD), weo("United States", *NGDP_NC)]],
      ["search", "build_table", "convert"], frequency="A"),
], [["2000Q1", "2022Q4"], ["2000Q1", "2022Q4"], ["2000", "2022"]],
    "FRED GDP is billions at a seasonally adjusted annual rate; IFS NGDP_SA_XDC for the US is millions per quarter, not annualized "
    "(2000Q1: 10,002.2 vs 2,500,544.8). Same basis: GDP*1000/(IFS*4) = 1.000 in 2000Q1, 1.0014 in 2019Q4 (the FRED file is a later "
    "vintage). Annual: FRED must be averaged over quarters, IFS summed (averaging IFS gives a quarter of the level). IFS annual sums "
    "equal WEO exactly: 2000 10,251.0, 2019 21,521.4, 2022 25,744.1 ($bn); FRED's 2022 average is 26,006.9 (revised vintage). For "
    "the US, the WEO national-currency and U.S.-dollar GDP rows are identical, so either is right. Wrong: NGDP_R_SA_XDC (real), "
    "NGDP_NSA_XDC (unadjusted), GDPC1.",
    noobs=["GDPC1", "NGDP_R_SA_XDC", "NGDP_NSA_XDC"])

# ============================================================== BIS policy rates
LATAM = [["M.BR"], ["M.CL"], ["M.CO"], ["M.MX"], ["M.PE"]]
add("b10-15", "Latin American hiking cycle", [
    T("Policy rates for Brazil, Chile, Colombia, Mexico and Peru, monthly, 2019 through 2023.", LATAM,
      ["search", "build_table"], frequency="M"),
    T("When did each of them start hiking? Run change points.", LATAM, ["changepoints"]),
    T("Chart them against the Fed and give me each one's spread over the US rate.", LATAM + [["M.US"]],
      ["search", "build_table", "derive", "chart"],
      [("spread", [i, 5], f"{c} policy rate minus US policy rate") for i, c in
       enumerate(["Brazil", "Chile", "Colombia", "Mexico", "Peru"])], frequency="M"),
], [["2019-01", "2023-12"]] * 3,
    "BIS monthly policy rates (end of month). From the raw files, lows/first hike/peak: Brazil 2.0 (2020-08) / 2021-03 / 13.75 "
    "(2022-08); Chile 0.5 (2020-04) / 2021-07 / 11.25 (2022-10); Colombia 1.75 (2020-09) / 2021-10 / 13.25 (2023-05); Mexico 4.0 "
    "(2021-02) / 2021-06 / 11.25 (2023-03); Peru 0.25 (2020-04) / 2021-08 / 7.75 (2023-01). US: 0.125 through 2021, 5.375 at "
    "2023-12, so spreads at 2023-12: BR 6.375, CL 2.875, CO 7.625, MX 5.875, PE 1.375. Brazil hikes first (March 2021), ~a year "
    "before the Fed (2022-03). EVDS or FRED interest-rate rows for these countries are wrong.")

CEE_B = [["M.PL"], ["M.HU"], ["M.CZ"], ["M.RO"]]
CEE_W = [("Poland", "M.PL"), ("Hungary", "M.HU"), ("Czech Republic", "M.CZ"), ("Romania", "M.RO")]
add("b10-16", "Central Europe: real policy rates", [
    T("Policy rates in Poland, Hungary, Czechia and Romania, monthly, 2015 to 2023.", CEE_B, ["search", "build_table"], frequency="M"),
    T("Make those annual averages and put each country's average CPI inflation from the WEO next to it.",
      CEE_B + [W(c, INF_AVG) for c, _ in CEE_W], ["search", "build_table", "convert"], frequency="A"),
    T("real rate = policy minus inflation, for each of the four. chart them.",
      CEE_B + [W(c, INF_AVG) for c, _ in CEE_W], ["derive", "chart"],
      [("expression", [i, i + 4], f"{c} real policy rate = annual mean policy rate minus WEO average inflation")
       for i, (c, _) in enumerate(CEE_W)], frequency="A"),
], [["2015-01", "2023-12"], ["2015", "2023"], ["2015", "2023"]],
    "BIS rows M.PL, M.HU, M.CZ, M.RO (monthly) averaged per year; WEO spells Czechia 'Czech Republic'. Use 'Inflation, average "
    "consumer prices | Percent change', not the end-of-period row and not the Index rows. From the raw files (annual mean rate, WEO "
    "inflation, real): Poland 2022 5.35 / 14.36 / -9.0; Hungary 2022 8.65 / 14.62 / -6.0, 2023 12.62 / 17.14 / -4.5; Czechia 2022 "
    "6.04 / 15.10 / -9.1; Romania 2022 4.42 / 13.80 / -9.4. In 2015 (inflation near or below zero) real rates were positive except Czechia: PL +2.5, HU +1.7, "
    "CZ -0.3, RO +2.5. WEO 2023 values are estimates for some.",
    other=[weo("Poland", *INF_EOP), weo("Hungary", *INF_AVG_IX)])

NEG = [["M.CH"], ["M.SE"], ["M.DK"], ["M.XM"]]
add("b10-17", "Below-zero policy rates", [
    T("Which of Switzerland, Sweden, Denmark and the euro area had negative policy rates, and when? Monthly, 2012 to 2023.", NEG,
      ["search", "build_table"], frequency="M"),
    T("Find the breaks in each of those.", NEG, ["changepoints"]),
    T("Add Japan from 2017 on and chart all five together, 2017-2023.", NEG + [["M.JP"]], ["search", "build_table", "chart"],
      frequency="M"),
], [["2012-01", "2023-12"], ["2012-01", "2023-12"], ["2017-01", "2023-12"]],
    "From the BIS file: Switzerland negative 2014-12 to 2022-08 (-0.75 most of it), Sweden 2015-02 to 2019-12 (down to -0.5), "
    "Denmark 2012-07 to 2022-08 (down to -0.75), Japan -0.1 from 2016-09 to the end of 2023. The euro-area row M.XM is the main "
    "refinancing rate and never goes below 0.0 (the negative deposit rate is not in this file), so the right answer says the euro "
    "area 'hit zero' (2016-03 to 2022-06) rather than went negative. Japan's row has long gaps from 1999 to 2016-08, which is why "
    "the turn starts in 2017. Breaks: 2015 (CH, DK, SE cuts) and the 2022 hikes.",
    other=["M.DE"])

PRE = [["M.DE"], ["M.FR"], ["M.IT"], ["M.ES"]]
add("b10-18", "Pre-euro convergence of policy rates", [
    T("Germany, France, Italy, Spain policy rates, monthly, 1990 to 1998.", PRE, ["search", "build_table"], frequency="M"),
    T("Give me Italy's and Spain's spreads over Germany.", PRE, ["derive"],
      [("spread", [2, 0], "Italy minus Germany"), ("spread", [3, 0], "Spain minus Germany")]),
    T("And after they merged? Chart the euro-area policy rate next to the Fed's, 1999 to 2007.", [["M.XM"], ["M.US"]],
      ["search", "build_table", "chart"], frequency="M"),
], [["1990-01", "1998-12"], ["1990-01", "1998-12"], ["1999-01", "2007-12"]],
    "BIS rows M.DE, M.FR, M.IT, M.ES run 1970-01 to 1998-12 only; from 1999 the euro area is M.XM (so turn 3 must switch rows, not "
    "extend the national ones). From the raw files: 1990-01 DE 7.7, FR 10.0, IT 13.5, ES 14.5; 1992-09 DE 9.2, IT 15.0 (IT-DE spread "
    "max 5.8); all four at 3.0 in 1998-12. Euro area 3.0 (1999-01), 4.75 (2000-10), 2.0 (2003-06), 4.0 at 2007-12 vs US 1.0 (2003-06) "
    "and 4.25 (2007-12).")

add("b10-19", "Türkiye real policy rate 2021-2023", [
    T("Turkish CPI index, monthly, from January 2020 as far as it goes.", [["TP.FG.J0"]], ["search", "build_table"], frequency="M"),
    T("Annual inflation from it, and the central bank policy rate beside it, 2021 to 2023.", [["TP.FG.J0"], ["M.TR"]],
      ["search", "build_table", "derive"], [("yoy_pct", [0], "CPI inflation, yoy %")], frequency="M"),
    T("Real rate = policy minus that inflation. Where does it turn? chart it with change points",
      [["TP.FG.J0"], ["M.TR"]], ["derive", "changepoints", "chart"],
      [("expression", [1, 0], "M.TR minus CPI yoy %")], frequency="M"),
], [["2020-01", "2025-10"], ["2021-01", "2023-12"], ["2021-01", "2023-12"]],
    "CPI: EVDS TP.FG.J0 (TURKSTAT CPI 2003=100), observations 2020-01 to 2025-10 in the TURKSTAT file. TP.FE.OKTG01 ('Consumer "
    "Price Index' in the special-aggregates group) is a look-alike without observations; market-participant survey rows "
    "(TP.PKAUO...) are expectations, not the policy rate. Policy rate: BIS M.TR. From the raw files: inflation 14.97 (2021-01), "
    "36.08 (2021-12), peak 85.51 (2022-10), 38.21 (2023-06), 64.77 (2023-12); policy rate 19 (2021-03..08), cut to 14 by 2021-12, "
    "8.5 from 2023-02, then 15 (2023-06) to 42.5 (2023-12). Real rate about +2 (2021-01), -75.4 (2022-11 trough), -23.2 "
    "(2023-06), -22.3 (2023-12). Turning points: late 2021 collapse, 2022-11 trough, mid-2023 tightening.",
    noobs=["TP.FE.OKTG01"], other=["TP.PKAUO.S04.A.U"])

COM = [("Australia", "M.AU"), ("New Zealand", "M.NZ"), ("Canada", "M.CA"), ("Norway", "M.NO")]
add("b10-20", "Commodity-currency central banks", [
    T("Policy rates for Australia, New Zealand, Canada and Norway, monthly 2008-2023.", [[b] for _, b in COM],
      ["search", "build_table"], frequency="M"),
    T("and each one's spread over the US", [[b] for _, b in COM] + [["M.US"]], ["search", "build_table", "derive"],
      [("spread", [i, 4], f"{c} minus US") for i, (c, _) in enumerate(COM)], frequency="M"),
    T("Same four countries but yearly averages, with each country's unemployment rate from the WEO next to its rate.",
      [[b] for _, b in COM] + [W(c, UNEMP) for c, _ in COM], ["search", "build_table", "convert"], frequency="A"),
], [["2008-01", "2023-12"], ["2008-01", "2023-12"], ["2008", "2023"]],
    "BIS rows M.AU, M.NZ, M.CA, M.NO and M.US. Annual means from the raw files: AU 6.65 (2008), 0.31 (2020), 3.89 (2023); NZ 7.58, "
    "0.38, 5.25; CA 2.96, 0.50, 4.77; NO 5.19, 0.29, 3.62; US 1.86, 0.38, 5.10. WEO unemployment (percent of labour force) 2020: "
    "AU 6.5, NZ 4.6, CA 9.725, NO 4.595. Spread over the US (5.375) at 2023-12 is negative for Australia (4.35), Canada (5.0) and Norway (4.5), +0.125 for NZ (5.5). ILO "
    "quarterly unemployment would be a different source than asked.")

ASIA = [("Korea", "M.KR"), ("Thailand", "M.TH"), ("Malaysia", "M.MY"), ("Indonesia", "M.ID"), ("Philippines", "M.PH")]
add("b10-21", "Asian policy rates since 2010", [
    T("Doing a note on Asian central banks. Korea, Thailand, Malaysia, Indonesia, Philippines policy rates, monthly 2010-2023 please",
      [[b] for _, b in ASIA], ["search", "build_table"], frequency="M"),
    T("Breaks for each one?", [[b] for _, b in ASIA], ["changepoints"]),
    T("Make those annual and set each country's real GDP growth from the WEO beside its rate.",
      [[b] for _, b in ASIA] + [W(c, RGDP_PCH) for c, _ in ASIA], ["search", "build_table", "convert"], frequency="A"),
], [["2010-01", "2023-12"], ["2010-01", "2023-12"], ["2010", "2023"]],
    "BIS rows M.KR, M.TH, M.MY, M.ID, M.PH. Indonesia's row drops from 7.5 (BI rate) to 4.75 around 2016 when Bank Indonesia switched "
    "to the 7-day reverse repo rate: a change-point that is a definitional break, worth flagging. From the raw files (2019-12 / "
    "2020-12 / 2023-12): KR 1.25/0.5/3.5, TH 1.25/0.5/2.5, MY 3.0/1.75/3.0, ID 5.0/3.75/6.0, PH 4.0/2.0/6.5. WEO real GDP growth "
    "2020: KR -0.7, TH -6.05, MY -5.46, ID -2.07, PH -9.52. Growth must be the 'constant prices | Percent change' row, not the "
    "national-currency level.",
    other=[weo("Korea", *RGDP_NC)])

BRICS = [("Brazil", "M.BR"), ("Russia", "M.RU"), ("India", "M.IN"), ("China", "M.CN"), ("South Africa", "M.ZA")]
add("b10-22", "BRICS real policy rates, annual", [
    T("Annual average policy rates for Brazil, Russia, India, China and South Africa, 2005 to 2023.",
      [[b] for _, b in BRICS], ["search", "build_table", "convert"], frequency="A"),
    T("Put WEO average inflation next to each and compute the real rate.",
      [[b] for _, b in BRICS] + [W(c, INF_AVG) for c, _ in BRICS], ["search", "build_table", "derive", "convert"],
      [("expression", [i, i + 5], f"{c} real rate = mean policy rate minus WEO average inflation")
       for i, (c, _) in enumerate(BRICS)], frequency="A"),
    T("Which one had the highest real rate in 2023? Chart the five real rates.",
      [[b] for _, b in BRICS] + [W(c, INF_AVG) for c, _ in BRICS], ["chart"], frequency="A"),
], [["2005", "2023"]] * 3,
    "BIS monthly rows averaged to years; WEO 'Inflation, average consumer prices | Percent change'. WDI FR.INR.RINR ('Real interest "
    "rate (%)') is a catalog look-alike without observations (and is lending-rate based). From the raw files, real rates: Brazil "
    "12.3 (2005), -0.4 (2020), 8.66 (2023, highest); Russia 0.2, 1.6, 4.5; India 2.4, -1.9, 1.1; China 3.8, 1.4, 3.3; South Africa "
    "3.75, 0.9, 2.1. Mean policy rates 2023: BR 13.25, RU 10.38, IN 6.48, CN 3.55, ZA 8.0.",
    noobs=["FR.INR.RINR"])

# ============================================================== WEO
DEBT5 = ["Japan", "Italy", "Greece", "Portugal", "United States"]
add("b10-23", "Public debt: gross, recomputed, and net", [
    T("General government gross debt as % of GDP for Japan, Italy, Greece, Portugal and the US, 2001-2023.",
      [W(c, GDEBT_PCT) for c in DEBT5], ["search", "build_table"], frequency="A"),
    T("For Japan and Greece, recompute that from the debt and GDP levels in national currency to check.",
      [W("Japan", GDEBT_NC), W("Japan", NGDP_NC), W("Greece", GDEBT_NC), W("Greece", NGDP_NC)],
      ["search", "build_table", "derive"],
      [("ratio", [0, 1], "Japan gross debt / nominal GDP x 100"), ("ratio", [2, 3], "Greece gross debt / nominal GDP x 100")],
      frequency="A"),
    T("Now net debt: show gross minus net for Japan, Italy and Portugal.",
      [W(c, GDEBT_PCT) for c in ["Japan", "Italy", "Portugal"]] + [W(c, NDEBT_PCT) for c in ["Japan", "Italy", "Portugal"]],
      ["search", "build_table", "derive"],
      [("spread", [i, i + 3], f"{c} gross minus net debt, % of GDP") for i, c in enumerate(["Japan", "Italy", "Portugal"])],
      frequency="A"),
], [["2001", "2023"]] * 3,
    "WEO rows 'General government gross debt | Percent of GDP'. The US row has no 2000 value, hence 2001 start. Recomputed ratios "
    "match the % rows: Japan 2020 1,394,309.5/539,808.2 = 258.3% (row 258.297); Greece 2020 351.735/165.016 = 213.2%. Mixing "
    "the USD GDP row into the ratio is a unit error. Greece's 'net debt' row exists but is empty (n/a every year), so turn 3 leaves "
    "it out. Gross minus net 2023: Japan 252.4-155.9 = 96.5, Italy 137.3-126.6 = 10.7, Portugal 99.0-95.0 = 4.0. GC.DOD.TOTL.GD.ZS "
    "(WDI central government debt) has no observations. Peaks: Japan 258.3 (2020), Greece 213.2 (2020), Portugal 134.9 (2020).",
    noobs=[weo("Greece", *NDEBT_PCT), "GC.DOD.TOTL.GD.ZS"], other=[weo("Japan", *NGDP_USD)])

SI = ["Germany", "China", "Saudi Arabia", "Netherlands"]
add("b10-24", "Saving minus investment vs the current account", [
    T("Gross national savings and total investment, % of GDP, for Germany, China, Saudi Arabia and the Netherlands, 2000-2023.",
      [W(c, SAV) for c in SI] + [W(c, INV) for c in SI], ["search", "build_table"], frequency="A"),
    T("Savings minus investment for each, and put the current account balance (% of GDP) beside it.",
      [W(c, SAV) for c in SI] + [W(c, INV) for c in SI] + [W(c, CA_PCT) for c in SI], ["search", "build_table", "derive"],
      [("spread", [i, i + 4], f"{c} S minus I, % of GDP") for i, c in enumerate(SI)], frequency="A"),
    T("Where does Germany's surplus break? Chart S-I against the current account for Germany alone.",
      [W("Germany", SAV), W("Germany", INV), W("Germany", CA_PCT)], ["changepoints", "chart"], frequency="A"),
], [["2000", "2023"]] * 3,
    "Identity: S - I = current account (WEO rows match to rounding). Germany 2015: 28.327 - 19.743 = 8.584 = CA 8.584; Germany "
    "2000: 22.7 - 24.5 = -1.8 (CA -1.761); China 2008: 51.6 - 42.4 = 9.2 (CA 9.19); Saudi Arabia 2008 +26.9, 2015 -7.9; Netherlands "
    "2023 +10.2. Traps: 'Current account balance | U.S. dollars' (billions, not % of GDP); WDI NY.GNS.ICTR.ZS / NE.GDI.TOTL.ZS have "
    "no observations. Germany's break: the swing from deficit to surplus around 2002-2004, and the dip in 2022.",
    noobs=["NY.GNS.ICTR.ZS", "NE.GDI.TOTL.ZS"], other=[weo("Germany", *CA_USD)])

HI = ["Argentina", "Türkiye", "Egypt", "Nigeria", "Pakistan"]
add("b10-25", "High-inflation economies: average vs December", [
    T("average annual CPI inflation for Argentina, Türkiye, Egypt, Nigeria and Pakistan, 2017 to 2023",
      [W(c, INF_AVG) for c in HI], ["search", "build_table"], frequency="A"),
    T("Add the end-of-year inflation rates and the gap between the two measures.",
      [W(c, INF_AVG) for c in HI] + [W(c, INF_EOP) for c in HI], ["search", "build_table", "derive"],
      [("spread", [i + 5, i], f"{c} end-of-period minus average inflation") for i, c in enumerate(HI)], frequency="A"),
    T("Chart Argentina and Türkiye only, both measures.",
      [W("Argentina", INF_AVG), W("Argentina", INF_EOP), W("Türkiye", INF_AVG), W("Türkiye", INF_EOP)], ["chart"],
      frequency="A"),
], [["2017", "2023"]] * 3,
    "Right rows: 'Inflation, average consumer prices | Percent change' and 'Inflation, end of period consumer prices | Percent change'. "
    "The two 'Index' rows per country are traps (Argentina index 3,699.8 in 2023). Argentina's rows are empty for 2014-2016, hence "
    "2017. From the raw file, average / end-of-period: Argentina 2023 133.5 / 211.4 (gap +77.9), 2022 72.4 / 94.8; Türkiye 2021 19.6 "
    "/ 36.1, 2022 72.3 / 64.3 (gap negative), 2023 53.9 / 64.8; Egypt 2023 24.4 / 35.7; Nigeria 2023 24.7 / 28.9; Pakistan 2023 29.2 "
    "/ 29.4. Argentina 2023 is an IMF estimate (estimates start after 2022).",
    other=[weo("Argentina", *INF_AVG_IX), weo("Argentina", *INF_EOP_IX)])

SE4 = [("Spain", "Spain"), ("Greece", "Greece"), ("Italy", "Italy"), ("Portugal", "Portugal")]
add("b10-26", "Southern European unemployment: WEO vs ILO quarterly", [
    T("Unemployment rates for Spain, Greece, Italy and Portugal, annual, 2000-2023, from the WEO.",
      [W(c, UNEMP) for c, _ in SE4], ["search", "build_table"], frequency="A"),
    T("Now the ILO quarterly numbers for the same four, 2000 to 2022.", [ilo(c) for _, c in SE4],
      ["search", "build_table"], frequency="Q"),
    T("Average those quarters to years and compare with the WEO: WEO minus ILO for each.",
      [W(c, UNEMP) for c, _ in SE4] + [ilo(c) for _, c in SE4], ["build_table", "convert", "derive"],
      [("spread", [i, i + 4], f"{c}: WEO minus ILO annual average") for i, (c, _) in enumerate(SE4)], frequency="A"),
], [["2000", "2023"], ["2000Q1", "2022Q4"], ["2000", "2022"]],
    "WEO 'Unemployment rate | Percent of total labor force' (annual) and the ILO quarterly file (columns Spain, Greece, Italy, "
    "Portugal; no catalog row carries it, so the id is given as ILO|<country>). WDI SL.UEM.TOTL.ZS (modelled ILO) has no "
    "observations. From the raw files, ILO annual mean vs WEO: Spain 2013 26.10 vs 26.10; Greece 2013 27.70 vs 27.48, 2019 17.05 vs "
    "17.33; Italy 2000 10.60 vs 10.10; Portugal 2000 4.07 vs 4.72, 2013 16.45 vs 17.09 (the gap is largest for Portugal, up to ~0.6 "
    "pp). Peak: Greece 27.5 (WEO 2013).",
    noobs=["SL.UEM.TOTL.ZS"])

CATCH = ["India", "China", "Vietnam", "Bangladesh"]
add("b10-27", "Catch-up in GDP per head", [
    T("I'm writing something on convergence. GDP per head in PPP terms (constant 2017 dollars) for India, China, Vietnam, Bangladesh and the United States, 2000 to 2023?",
      [W(c, PCAP_PPP17) for c in CATCH + ["United States"]], ["search", "build_table"], frequency="A"),
    T("Each of the four as a percent of the US level.", [W(c, PCAP_PPP17) for c in CATCH + ["United States"]], ["derive"],
      [("ratio", [i, 4], f"{c} per-capita GDP / US per-capita GDP x 100") for i, c in enumerate(CATCH)]),
    T("And index all five to 2000 = 100, then chart.", [W(c, PCAP_PPP17) for c in CATCH + ["United States"]], ["derive", "chart"],
      [("index", [i], f"{c} per-capita GDP, 2000 = 100") for i, c in enumerate(CATCH + ["United States"])]),
], [["2000", "2023"]] * 3,
    "Right row: 'Gross domestic product per capita, constant prices | Purchasing power parity; 2017 international dollar'. Traps: the "
    "current-prices PPP row (international dollars, not constant), the U.S.-dollar per-capita row, and the national-currency "
    "constant-price row; WDI NY.GDP.PCAP.PP.KD (2011 dollars) has no observations. From the raw file, % of US: China 6.9 (2000) -> "
    "16.3 (2010) -> 28.6 (2023); India 5.1 -> 11.4; Vietnam 7.2 -> 17.6; Bangladesh 4.9 -> 10.6. Index 2023 (2000=100): China 556, "
    "Vietnam 326, India 297, Bangladesh 292, US 134.",
    noobs=["NY.GDP.PCAP.PP.KD"], other=[weo("China", *PCAP_PPPCUR), weo("China", *PCAP_USD)])

INT4 = ["Italy", "Brazil", "Egypt", "India"]
add("b10-28", "Interest bills from primary vs overall balances", [
    T("Primary balance and overall balance (net lending/borrowing), % of GDP, for Italy, Brazil, Egypt and India, 2001-2023.",
      [W(c, PRIM_PCT) for c in INT4] + [W(c, NLB_PCT) for c in INT4], ["search", "build_table"], frequency="A"),
    T("The difference between them is roughly net interest paid. Compute it for each.",
      [W(c, PRIM_PCT) for c in INT4] + [W(c, NLB_PCT) for c in INT4], ["derive"],
      [("spread", [i, i + 4], f"{c} primary minus overall balance = interest, % of GDP") for i, c in enumerate(INT4)]),
    T("Chart that interest bill for all four and find the breaks in Egypt's.",
      [W(c, PRIM_PCT) for c in INT4] + [W(c, NLB_PCT) for c in INT4], ["chart", "changepoints"]),
], [["2001", "2023"]] * 3,
    "WEO 'General government primary net lending/borrowing | Percent of GDP' and 'General government net lending/borrowing | Percent "
    "of GDP'. Brazil has no 2000 value, hence 2001. Traps: the National-currency versions of both rows, and the structural balance. "
    "From the raw file, interest (primary - overall): Egypt 2010 4.3, 2015 6.5, 2019 8.9, 2023 6.8; Brazil 2010 5.1, 2015 8.4, 2023 "
    "6.0; India 2010 4.3, 2023 5.3; Italy 2010 4.1, 2019 3.2, 2023 3.6.",
    other=[weo("Egypt", *PRIM_NC), weo("Egypt", *NLB_NC), weo("Egypt", *STRUCT)])

NORD = ["Norway", "Sweden", "Denmark", "Finland"]
add("b10-29", "Nordic budgets: revenue, spending, balance", [
    T("Government revenue and total expenditure as % of GDP in Norway, Sweden, Denmark and Finland, 2000-2023.",
      [W(c, REV_PCT) for c in NORD] + [W(c, EXP_PCT) for c in NORD], ["search", "build_table"], frequency="A"),
    T("Revenue minus spending for each; does it match the IMF's own net lending line?",
      [W(c, REV_PCT) for c in NORD] + [W(c, EXP_PCT) for c in NORD] + [W(c, NLB_PCT) for c in NORD],
      ["search", "build_table", "derive"],
      [("spread", [i, i + 4], f"{c} revenue minus expenditure, % of GDP") for i, c in enumerate(NORD)], frequency="A"),
    T("Norway only: chart that balance and mark the breaks.",
      [W("Norway", REV_PCT), W("Norway", EXP_PCT)], ["chart", "changepoints"], frequency="A"),
], [["2000", "2023"]] * 3,
    "Rows 'General government revenue | Percent of GDP', 'General government total expenditure | Percent of GDP', 'General "
    "government net lending/borrowing | Percent of GDP'; the National-currency rows are traps. Revenue - expenditure equals net "
    "lending: Norway 2023 59.15 - 44.97 = 14.18 (row 14.181), 2000 15.05, 2015 5.99, 2019 6.52; Finland 2010 -2.53; Denmark 2019 "
    "+4.13. Norway's balance breaks down after 2014 (oil price) and jumps in 2022.",
    other=[weo("Norway", *REV_NC)])

GR4 = ["Ireland", "Poland", "Korea", "Chile"]
add("b10-30", "Real growth from levels vs published rates", [
    T("Real GDP levels in national currency for Ireland, Poland, Korea and Chile, 2000 to 2023.",
      [W(c, RGDP_NC) for c in GR4], ["search", "build_table"], frequency="A"),
    T("Growth rates from those levels, and put the WEO's own percent-change series beside them.",
      [W(c, RGDP_NC) for c in GR4] + [W(c, RGDP_PCH) for c in GR4], ["search", "build_table", "derive"],
      [("yoy_pct", [i], f"{c} real GDP growth from levels, %") for i, c in enumerate(GR4)], frequency="A"),
    T("Index the levels to 2000=100 and chart them; flag Ireland's jump.", [W(c, RGDP_NC) for c in GR4],
      ["derive", "chart", "changepoints"],
      [("index", [i], f"{c} real GDP, 2000 = 100") for i, c in enumerate(GR4)], frequency="A"),
], [["2000", "2023"], ["2001", "2023"], ["2000", "2023"]],
    "Right rows: 'Gross domestic product, constant prices | National currency' (billions) and '... | Percent change'. The level file "
    "starts in 2000, so derived growth starts in 2001. Derived growth equals the published rate to rounding: Ireland 2015 +24.5, 2021 "
    "+15.1, 2023 -3.2; Chile 2020 -6.1, 2021 +11.3; Korea 2009 +0.8; Poland 2009 +2.8 (no recession). Index 2023: Ireland 302.8, "
    "Poland 223.3, Korea 220.9, Chile 213.1. Ireland's 2015 step is the largest single break. Current-prices rows are wrong.",
    other=[weo("Ireland", *NGDP_NC)])

DF4 = ["Türkiye", "Russia", "Brazil", "Argentina"]
add("b10-31", "GDP deflators: implied vs published", [
    T("Nominal and real GDP in national currency for Türkiye, Russia, Brazil and Argentina, 2000-2023.",
      [W(c, NGDP_NC) for c in DF4] + [W(c, RGDP_NC) for c in DF4], ["search", "build_table"], frequency="A"),
    T("Implied deflator = nominal over real x 100. Compare with the IMF's deflator index.",
      [W(c, NGDP_NC) for c in DF4] + [W(c, RGDP_NC) for c in DF4] + [W(c, DEFL) for c in DF4],
      ["search", "build_table", "derive"],
      [("ratio", [i, i + 4], f"{c} implied deflator = nominal / real x 100") for i, c in enumerate(DF4)], frequency="A"),
    T("Deflator inflation, year on year, for each. Chart it.", [W(c, DEFL) for c in DF4], ["derive", "chart"],
      [("yoy_pct", [i], f"{c} GDP deflator inflation, %") for i, c in enumerate(DF4)], frequency="A"),
], [["2000", "2023"], ["2000", "2023"], ["2001", "2023"]],
    "Rows 'Gross domestic product, current prices | National currency', '... constant prices | National currency', 'Gross domestic "
    "product, deflator | Index'. Base years differ (Türkiye 2009 = 100, Russia 2021 = 100), so compare ratios, not across countries. "
    "From the raw file: Türkiye 2023 26,276.3/2,217.9 x 100 = 1,184.7 (row 1,184.729); Brazil 2023 839.2 (row 839.248); Argentina "
    "2023 26,943 (estimate). Deflator inflation from the index rows: Türkiye 96.0 (2022), 67.5 (2023); Argentina 69.5, 137.2; Russia 15.8, 6.3; Brazil 8.6, 4.7. CPI "
    "inflation rows and WDI NY.GDP.DEFL.KD.ZG are the wrong concept/no observations.",
    noobs=["NY.GDP.DEFL.KD.ZG"], other=[weo("Türkiye", *INF_AVG)])

EP5 = ["Japan", "Germany", "United States", "Korea", "Italy"]
add("b10-32", "Employment relative to population", [
    T("Quick one: employment and population for Japan, Germany, the US, Korea and Italy, 2000 to 2023.",
      [W(c, EMP) for c in EP5] + [W(c, POP) for c in EP5], ["search", "build_table"], frequency="A"),
    T("employment as a % of population for each", [W(c, EMP) for c in EP5] + [W(c, POP) for c in EP5], ["derive"],
      [("ratio", [i, i + 5], f"{c} employment / population x 100") for i, c in enumerate(EP5)]),
    T("chart those ratios and find the breaks", [W(c, EMP) for c in EP5] + [W(c, POP) for c in EP5], ["chart", "changepoints"]),
], [["2000", "2023"]] * 3,
    "WEO 'Employment | Persons' and 'Population | Persons', both in millions, so the ratio needs no scale fix. It is per total "
    "population, not working-age: WDI SL.EMP.TOTL.SP.ZS (15+) is a different concept and has no observations. From the raw file: "
    "Japan 50.8 (2000) -> 54.1 (2023); Germany 44.3 -> 50.8; US 48.5 -> 44.9 (2010) -> 48.1; Korea 45.0 -> 55.1; Italy 37.8 -> 40.1. "
    "Breaks: US 2009-10 drop; Germany's steady rise from ~2006.",
    noobs=["SL.EMP.TOTL.SP.ZS"])

OG5 = ["United States", "United Kingdom", "France", "Canada", "Australia"]
add("b10-33", "Output gaps and structural balances", [
    T("IMF output gap estimates for the US, UK, France, Canada and Australia since 2001.",
      [W(c, GAP) for c in OG5], ["search", "build_table"], frequency="A"),
    T("Structural balance for the same five?", [W(c, GAP) for c in OG5] + [W(c, STRUCT) for c in OG5],
      ["search", "build_table"], frequency="A"),
    T("Change points in the output gaps, and chart the US gap against its structural balance.",
      [W(c, GAP) for c in OG5] + [W(c, STRUCT) for c in OG5], ["changepoints", "chart"], frequency="A"),
], [["2001", "2023"]] * 3,
    "Rows 'Output gap in percent of potential GDP' and 'General government structural balance | Percent of potential GDP' (the "
    "National-currency structural balance is a trap). The US structural balance has no 2000 value. From the raw file, gap 2009: "
    "US -7.2, UK -4.4, FR -2.5, CA -3.2, AU -0.6; 2020: US -2.5, UK -3.6, FR -4.5, CA -3.4, AU -3.8; 2023: US +0.7, AU +1.2. US "
    "structural balance -2.9 (2007), -6.6 (2009), -10.6 (2020), -8.6 (2023): it widens while the gap closes.",
    other=[weo("United States", "General government structural balance", "National currency")])

PS5 = ["China", "United States", "India", "Japan", "Germany"]
add("b10-34", "World GDP shares: PPP vs market rates", [
    T("Share of world GDP at PPP for China, the US, India, Japan and Germany, 2000-2023.",
      [W(c, PPPSH) for c in PS5], ["search", "build_table"], frequency="A"),
    T("When did China pass the US? Give me the ratio China/US.", [W("China", PPPSH), W("United States", PPPSH)], ["derive"],
      [("ratio", [0, 1], "China PPP share / US PPP share")], frequency="A"),
    T("Same comparison at market exchange rates: China's GDP in dollars over the US's.",
      [W("China", NGDP_USD), W("United States", NGDP_USD)], ["search", "build_table", "derive"],
      [("ratio", [0, 1], "China GDP USD / US GDP USD")], frequency="A"),
], [["2000", "2023"]] * 3,
    "Row 'Gross domestic product based on purchasing-power-parity (PPP) share of world total | Percent'. China passes the US in 2017 "
    "(ratio 1.010; 0.994 in 2016), 1.204 by 2023. At market rates (GDP current prices, U.S. dollars): 0.118 (2000), 0.401 (2010), "
    "peak 0.753 (2021), 0.646 (2023) - never crosses. Using 'Purchasing power parity; international dollars' GDP levels for turn 3 "
    "is the trap (China/US would be >1 from 2017).",
    other=[weo("China", *NGDP_PPP)])

GULF = ["Saudi Arabia", "Kuwait", "Qatar", "United Arab Emirates", "Oman"]
add("b10-35", "Gulf current-account surpluses", [
    T("current account balances in US dollars for Saudi Arabia, Kuwait, Qatar, the UAE and Oman, 2000-2023",
      [W(c, CA_USD) for c in GULF], ["search", "build_table"], frequency="A"),
    T("Total for the five, and also each one as % of GDP.", [W(c, CA_USD) for c in GULF] + [W(c, CA_PCT) for c in GULF],
      ["search", "build_table", "derive"],
      [("expression", [0, 1, 2, 3, 4], "sum of the five current-account balances, USD billions")], frequency="A"),
    T("Breaks in that combined surplus? chart it", [W(c, CA_USD) for c in GULF], ["changepoints", "chart"], frequency="A"),
], [["2000", "2023"]] * 3,
    "Row 'Current account balance | U.S. dollars' (billions). Combined from the raw file: 50.6 (2000), 253.9 (2008), 70.4 (2009), "
    "395.7 (2012 peak), -28.2 (2015), -37.0 (2016), -15.1 (2020), 342.5 (2022), 187.7 (2023). Saudi Arabia 2022 share of GDP 13.7%. "
    "Breaks: 2004-05 oil boom, 2009 drop, 2015 collapse, 2021-22 rebound. WEO spells 'United Arab Emirates'. WDI BN.CAB.XOKA.CD has "
    "no observations.",
    noobs=["BN.CAB.XOKA.CD"])

PL5 = ["Switzerland", "Norway", "India", "Mexico", "Japan"]
add("b10-36", "Price levels and implied exchange rates", [
    T("GDP in US dollars and GDP at PPP, current prices, for Switzerland, Norway, India, Mexico and Japan, 2000 to 2023.",
      [W(c, NGDP_USD) for c in PL5] + [W(c, NGDP_PPP) for c in PL5], ["search", "build_table"], frequency="A"),
    T("Price level = dollar GDP over PPP GDP. Do it for each.", [W(c, NGDP_USD) for c in PL5] + [W(c, NGDP_PPP) for c in PL5],
      ["derive"], [("ratio", [i, i + 5], f"{c} price level vs US = GDP USD / GDP PPP") for i, c in enumerate(PL5)]),
    T("Also back out the market exchange rate for Japan and Mexico: local-currency GDP over dollar GDP.",
      [W("Japan", NGDP_NC), W("Japan", NGDP_USD), W("Mexico", NGDP_NC), W("Mexico", NGDP_USD)],
      ["search", "build_table", "derive"],
      [("ratio", [0, 1], "yen per dollar = GDP NC / GDP USD"), ("ratio", [2, 3], "pesos per dollar = GDP NC / GDP USD")],
      frequency="A"),
], [["2000", "2023"]] * 3,
    "Rows 'Gross domestic product, current prices' in 'U.S. dollars' and in 'Purchasing power parity; international dollars' (both "
    "billions). WDI PA.NUS.PPPC.RF (price level ratio) and PA.NUS.FCRF (official exchange rate) have no observations. From the raw "
    "file, price level: Switzerland 0.94 (2000), 1.37 (2010), 1.13 (2023); Norway 0.82 / 1.44 / 1.10; India 0.21 / 0.32 / 0.27; "
    "Mexico 0.55 / 0.59 / 0.55; Japan 1.43 / 1.27 / 0.65. Implied yen per dollar 107.8 (2000), 87.8 (2010), 140.5 (2023); pesos 9.46, "
    "12.64, 17.76. The 'Implied PPP conversion rate' row is local currency per international dollar, not the market rate.",
    noobs=["PA.NUS.PPPC.RF", "PA.NUS.FCRF"], other=[weo("Japan", *PPPRATE)])

# ============================================================== IFS / ILO / mixed
NA3 = [("US", "United States"), ("CA", "Canada"), ("MX", "Mexico")]
add("b10-37", "North American quarterly GDP", [
    T("Quarterly nominal GDP, seasonally adjusted, local currency, for the US, Canada and Mexico, 2000Q1 to 2023Q3.",
      [ifs(cc) for cc, _ in NA3], ["search", "build_table"], frequency="Q"),
    T("yoy growth for each, and where are the breaks?", [ifs(cc) for cc, _ in NA3], ["derive", "changepoints"],
      [("yoy_pct", [i], f"{n} nominal GDP, % change on the same quarter a year earlier") for i, (_, n) in enumerate(NA3)]),
    T("Annualize to calendar years 2000-2022 and compare with the WEO's national-currency GDP, as a ratio.",
      [ifs(cc) for cc, _ in NA3] + [W(n, NGDP_NC) for _, n in NA3], ["search", "build_table", "convert", "derive"],
      [("ratio", [i, i + 3], f"{n}: IFS annual sum / WEO GDP (both local-currency)") for i, (_, n) in enumerate(NA3)],
      frequency="A"),
], [["2000Q1", "2023Q3"], ["2000Q1", "2023Q3"], ["2000", "2022"]],
    "IFS NGDP_SA_XDC (file: US 1950-2023Q4, CA 1961-2023Q4, MX 1993-2023Q3), millions of local currency per quarter, not "
    "annualized. Wrong codes: NGDP_XDC / NGDP_NSA_XDC (unadjusted), NGDP_R_SA_XDC (real), NGDP_SA_PU (PPP). Annual must be the SUM "
    "of quarters: then IFS/1000 matches WEO (billions) to ~0.1%: US 2022 25,744.1 both; CA 2022 2,813.3 vs 2,813.289; MX 2020 "
    "24,052.6 vs 24,081.8 (0.9988). An average gives ratios ~0.25. Nominal yoy: US -3.3 (2009Q2), -6.9 (2020Q2), +17.0 (2021Q2); "
    "CA -7.7, -12.8, +22.4; MX -4.4, -17.3, +27.1; 2023Q3 US 6.2, CA 2.1, MX 7.7.",
    noobs=["NGDP_R_SA_XDC", "NGDP_NSA_XDC", "NGDP_SA_PU"])

ILO4 = ["Canada", "Australia", "New Zealand", "Japan"]
add("b10-38", "Quarterly unemployment: Canada, Australia, NZ, Japan vs US", [
    T("Quarterly unemployment rates for Canada, Australia, New Zealand and Japan, 2000Q1 to 2023Q3.",
      [ilo(c) for c in ILO4], ["search", "build_table"], frequency="Q"),
    T("each of them minus the US rate", [ilo(c) for c in ILO4] + [ilo("United States")], ["search", "build_table", "derive"],
      [("spread", [i, 4], f"{c} minus US unemployment rate, pp") for i, c in enumerate(ILO4)], frequency="Q"),
    T("Find the breaks around Covid for all five and chart them.", [ilo(c) for c in ILO4] + [ilo("United States")],
      ["changepoints", "chart"], frequency="Q"),
], [["2000Q1", "2023Q3"]] * 3,
    "ILO quarterly file (columns Canada, Australia, New Zealand, Japan, United States; ids given as ILO|<column>); WEO's annual "
    "unemployment is a different frequency than asked; IFS LUR_PT is a codelist entry with no observations. From the raw file, 2020Q2: "
    "Canada 13.4, Australia 6.8, NZ 3.9, Japan 2.8, US 12.9; 2023Q3: CA 5.8, AU 3.6, NZ 3.8, JP 2.6, US 3.8. 2000Q1: CA 7.3, AU 7.2, "
    "NZ 6.8, JP 5.0, US 4.4. Spread NZ-US 2020Q2 = -9.0. The Covid break is sharp for the US and Canada and barely there for Japan. "
    "The US ILO series is not seasonally adjusted (see b10-39).",
    noobs=["LUR_PT"])

add("b10-39", "US unemployment from BLS, ILO and WEO", [
    T("US unemployment rate: the monthly BLS series and ILO's quarterly one, side by side as quarters, 1970-2023.",
      [["UNRATE"], ilo("United States")], ["search", "build_table", "convert"], frequency="Q"),
    T("difference, BLS minus ILO? why isn't it zero?", [["UNRATE"], ilo("United States")], ["derive"],
      [("spread", [0, 1], "UNRATE quarterly mean minus ILO quarterly rate")], frequency="Q"),
    T("Add the WEO annual rate and show all three annually for 2000-2023.",
      [["UNRATE"], ilo("United States"), W("United States", UNEMP)], ["search", "build_table", "convert"], frequency="A"),
], [["1970Q1", "2023Q4"], ["1970Q1", "2023Q4"], ["2000", "2023"]],
    "UNRATE is SA monthly; the ILO US column is not seasonally adjusted (2023Q4 ILO 3.5 vs UNRATE mean 3.8; 1982Q4 10.3 vs 10.67), "
    "so the quarterly difference swings seasonally (max |diff| ~0.83 in 1975Q1) but averages out over a year. The better twin would "
    "be UNRATENSA, which has no observations here. Annual: the three agree within 0.05 pp (2000 3.97/4.00/3.97, 2009 9.28/9.25/9.28, 2020 8.10/8.10/8.09, 2023 3.63/3.62/3.63). WEO row "
    "'Unemployment rate | Percent of total labor force'.",
    noobs=["UNRATENSA"])

add("b10-40", "Turkish monthly inflation and the WEO annual figures", [
    T("Turkish CPI, month-on-month % change, since early 2020.", [["TP.FG.J0"]], ["search", "build_table", "derive"],
      [("pct_change", [0], "CPI month-on-month % change")], frequency="M"),
    T("Annual average inflation 2021-2023 from the index, next to the WEO's average and end-of-period inflation for Türkiye.",
      [["TP.FG.J0"], W("Türkiye", INF_AVG), W("Türkiye", INF_EOP)], ["search", "build_table", "convert", "derive"],
      [("yoy_pct", [0], "annual-average CPI index, % change on the previous year")], frequency="A"),
    T("back to monthly: change points in the m/m inflation and a chart", [["TP.FG.J0"]],
      ["derive", "changepoints", "chart"], [("pct_change", [0], "CPI month-on-month % change")], frequency="M"),
], [["2020-02", "2025-10"], ["2021", "2023"], ["2020-02", "2025-10"]],
    "EVDS TP.FG.J0 observations come from the TURKSTAT file (2020-01 to 2025-10); TP.FE.OKTG01 is a twin without observations. "
    "Month-on-month from the raw file: peak 13.58% (2021-12), 11.10% (2022-01), 9.49% (2023-07), 6.70% (2024-01), 0.04% (2023-05). "
    "Annual-average inflation from the index: 19.60 (2021), 72.31 (2022), 53.86 (2023) = WEO average row 19.596 / 72.309 / 53.859; "
    "end-of-period row 36.08 / 64.27 / 64.77 (= December yoy). Using the end-of-period row for 'average' is the trap. Breaks: "
    "2021-12 jump, calmer 2022H2-2023H1, 2023-07 jump, gradual decline in 2024-25.",
    noobs=["TP.FE.OKTG01"])

if __name__ == "__main__":
    with open("/work/blind10/scenarios-blind10.jsonl", "w", encoding="utf-8") as f:
        for s in S:
            f.write(json.dumps(s, ensure_ascii=False) + "\n")
    with open("/work/blind10/spans.json", "w", encoding="utf-8") as f:
        json.dump({"spans": SPANS, "traps": TRAPS}, f, ensure_ascii=False, indent=1)
    print(len(S), "scenarios written")

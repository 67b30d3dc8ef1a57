#!/usr/bin/env python3
"""Build the blind21 scenario set.

The scenarios live in this file. Running it writes
  ../scenarios-blind21.jsonl          (one scenario a line)
  ./periods-blind21.json              (analysis window of every turn, YYYY-MM bounds)

Ids were checked against the raw catalogs and observation files under
/work/shared/catalogs; run validate.py afterwards.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_SCEN = os.path.join(HERE, "..", "scenarios-blind21.jsonl")
OUT_PER = os.path.join(HERE, "periods-blind21.json")


# ----------------------------------------------------------------------------- WEO ids
def W(country, subject, units):
    return "WEOApr2024|%s|%s|%s" % (country, subject, units)


INF = ("Inflation, average consumer prices", "Percent change")
INFE = ("Inflation, end of period consumer prices", "Percent change")
GROW = ("Gross domestic product, constant prices", "Percent change")
CAP = ("Current account balance", "Percent of GDP")
CAUSD = ("Current account balance", "U.S. dollars")
DEBT = ("General government gross debt", "Percent of GDP")
DEBTNC = ("General government gross debt", "National currency")
NETDEBT = ("General government net debt", "Percent of GDP")
NL = ("General government net lending/borrowing", "Percent of GDP")
PNL = ("General government primary net lending/borrowing", "Percent of GDP")
REV = ("General government revenue", "Percent of GDP")
EXP = ("General government total expenditure", "Percent of GDP")
STRUCT = ("General government structural balance", "Percent of potential GDP")
PPPSH = ("Gross domestic product based on purchasing-power-parity (PPP) share of world total", "Percent")
GDPNC = ("Gross domestic product, current prices", "National currency")
GDPUSD = ("Gross domestic product, current prices", "U.S. dollars")
GDPPCUSD = ("Gross domestic product per capita, current prices", "U.S. dollars")
GDPPCNC = ("Gross domestic product per capita, current prices", "National currency")
POP = ("Population", "Persons")
EMP = ("Employment", "Persons")
UNR = ("Unemployment rate", "Percent of total labor force")
SAV = ("Gross national savings", "Percent of GDP")
INV = ("Total investment", "Percent of GDP")
GAP = ("Output gap in percent of potential GDP", "Percent of potential GDP")


def w(country, concept):
    return W(country, concept[0], concept[1])


TR = "Türkiye"


# ----------------------------------------------------------------------------- builders
def D(op, inputs, note):
    return {"op": op, "inputs": list(inputs), "note": note}


def T(user, needs, actions, window, frequency=None, derives=None):
    t = {"user": user, "needs": [list(n) if isinstance(n, (list, tuple)) else [n] for n in needs],
         "actions": list(actions)}
    if frequency:
        t["frequency"] = frequency
    if derives:
        t["derives"] = list(derives)
    t["_window"] = list(window)
    return t


SCEN = []


def S(title, notes, *turns):
    SCEN.append({"title": title, "notes": notes, "turns": list(turns)})


SB = ["search", "build_table"]
SBD = ["search", "build_table", "derive"]

# ============================================================================ scenarios
# b21-01 ------------------------------------------------------------------------------
S("Türkiye ex-post real policy rate, 2021-2023",
  "BIS monthly policy rate for Türkiye next to the TURKSTAT headline CPI index (EVDS code). "
  "Trap: `TP.FG.J01` is the food sub-index and `TP.FE.OKTG01` a special-coverage CPI, not headline; "
  "an EVDS interbank quote such as `TP.PY.P01.ON` is not the policy rate.",
  T("need the CBRT policy rate (BIS has it) and the TÜİK headline CPI index off EVDS, monthly Jan-2021..Dec-2023. "
    "also compute twelve-month inflation from the index, pls",
    [["M.TR"], ["TP.FG.J0"]], SBD, ("2021-01", "2023-12"), "M",
    [D("yoy_pct", [1], "cpi_yoy = 100*(TP.FG.J0/TP.FG.J0[t-12] - 1)")]),
  T("Right, so the real rate = policy rate less that inflation print. How deep below zero did it go in 2022?",
    [["M.TR"], ["TP.FG.J0"]], ["derive"], ("2021-01", "2023-12"), "M",
    [D("expression", [0, 1], "real_rate = M.TR - yoy_pct(TP.FG.J0)")]),
  T("Run a break detection on the real rate and plot it together with both inputs.",
    [["M.TR"], ["TP.FG.J0"]], ["changepoints", "chart"], ("2021-01", "2023-12"), "M"))

# b21-02 ------------------------------------------------------------------------------
S("Fed, ECB, BoE policy rates and differentials",
  "Three central banks from the BIS policy-rate file, then the Bank of Canada. "
  "Trap: `M.DE` is the Bundesbank rate that stops in 1998, not the euro area; `FEDFUNDS` is the effective "
  "market rate, not the BIS policy series asked for.",
  T("Could you pull BIS policy rates — Fed, ECB, Bank of England — monthly over 2015–2023?",
    [["M.US"], ["M.XM"], ["M.GB"]], SB, ("2015-01", "2023-12")),
  T("how much wider than Frankfurt were Washington and London each month? pp difference for each pls",
    [["M.US"], ["M.XM"], ["M.GB"]], ["derive"], ("2015-01", "2023-12"), None,
    [D("spread", [0, 1], "us_minus_ea = M.US - M.XM"), D("spread", [2, 1], "uk_minus_ea = M.GB - M.XM")]),
  T("Add the BoC as a fourth and now give me quarterly averages rather than months.",
    [["M.US"], ["M.XM"], ["M.GB"], ["M.CA"]], ["search", "build_table", "convert"], ("2015-01", "2023-12"), "Q"))

# b21-03 ------------------------------------------------------------------------------
S("US federal debt ratio from levels vs the WEO ratio",
  "GFDEBTN is in millions of dollars at quarter end, GDP in billions at an annual rate: the ratio needs a factor of 1000. "
  "Trap: `GFDEGDQ188S` is FRED's ready-made ratio, `FYGFDPUN` is debt held by the public only, and the WEO net debt row "
  "`WEOApr2024|United States|General government net debt|Percent of GDP` is not gross debt.",
  T("For a fiscal note I'm drafting: Treasury's total public debt outstanding relative to nominal GDP, quarterly, "
    "2001Q1 to 2019Q4. Careful: the debt figure is in millions, the GDP one in billions (saar).",
    [["GFDEBTN"], ["GDP"]], SBD, ("2001-01", "2019-12"), "Q",
    [D("expression", [0, 1], "debt_gdp = 100 * GFDEBTN / (GDP * 1000)")]),
  T("Set that beside the Fund's WEO gross debt ratio for America (general govt, % of GDP). WEO is annual so average the quarters up.",
    [["GFDEBTN"], ["GDP"], [w("United States", DEBT)]], ["search", "build_table", "derive", "convert"],
    ("2001-01", "2019-12"), "A",
    [D("expression", [0, 1], "debt_gdp = 100 * GFDEBTN / (GDP * 1000)")]),
  T("year by year, by how many percentage points do the two measures differ?",
    [["GFDEBTN"], ["GDP"], [w("United States", DEBT)]], ["derive", "convert"], ("2001-01", "2019-12"), "A",
    [D("expression", [0, 1, 2], "gap_pp = WEO_debt_pct - 100 * GFDEBTN / (GDP * 1000)")]))

# b21-04 ------------------------------------------------------------------------------
S("Latin American real policy rates",
  "Five BIS policy rates, then WEO average inflation per country on an annual table. "
  "Trap: end-of-period inflation `WEOApr2024|Brazil|Inflation, end of period consumer prices|Percent change` is a near-twin "
  "of the average-inflation row; WDI `FR.INR.RINR` is a lending-rate based real rate with no observations.",
  T("LatAm CBs: Selic, plus the policy rates of Chile, Colombia, Peru and Banxico. BIS monthly, Jan 2019-Dec 2023.",
    [["M.BR"], ["M.CL"], ["M.CO"], ["M.PE"], ["M.MX"]], SB, ("2019-01", "2023-12")),
  T("deflate those with WEO avg CPI inflation country by country — annual table, real = yearly mean of the rate minus inflation",
    [["M.BR"], ["M.CL"], ["M.CO"], ["M.PE"], ["M.MX"],
     [w("Brazil", INF)], [w("Chile", INF)], [w("Colombia", INF)], [w("Peru", INF)], [w("Mexico", INF)]],
    ["search", "build_table", "derive", "convert"], ("2019-01", "2023-12"), "A",
    [D("spread", [0, 5], "br_real = M.BR - infl_BRA"), D("spread", [1, 6], "cl_real = M.CL - infl_CHL"),
     D("spread", [2, 7], "co_real = M.CO - infl_COL"), D("spread", [3, 8], "pe_real = M.PE - infl_PER"),
     D("spread", [4, 9], "mx_real = M.MX - infl_MEX")]),
  T("One panel, all five real rates, please.",
    [["M.BR"], ["M.CL"], ["M.CO"], ["M.PE"], ["M.MX"],
     [w("Brazil", INF)], [w("Chile", INF)], [w("Colombia", INF)], [w("Peru", INF)], [w("Mexico", INF)]],
    ["chart", "convert"], ("2019-01", "2023-12"), "A"))

# b21-05 ------------------------------------------------------------------------------
S("GDP per head in local currency: India, Indonesia, Philippines",
  "GDP in billions of national currency over population in millions gives thousands of currency units per person. "
  "Trap: the constant-price per-capita row `WEOApr2024|India|Gross domestic product per capita, constant prices|National currency` "
  "and the USD row are near-twins; WDI `NY.GDP.PCAP.CN` has no observations.",
  T("Fund data please (WEO) — nominal GDP, local currency units, plus population, India / Indonesia / Philippines, "
    "2005–2023. I'll want GDP per head worked out from those.",
    [[w("India", GDPNC)], [w("Indonesia", GDPNC)], [w("Philippines", GDPNC)],
     [w("India", POP)], [w("Indonesia", POP)], [w("Philippines", POP)]], SBD, ("2005-01", "2023-12"), None,
    [D("expression", [0, 3], "ind_pc = 1000 * GDP_IND_bn / POP_IND_mn"),
     D("expression", [1, 4], "idn_pc = 1000 * GDP_IDN_bn / POP_IDN_mn"),
     D("expression", [2, 5], "phl_pc = 1000 * GDP_PHL_bn / POP_PHL_mn")]),
  T("does that square with the per-capita figure IMF publishes (current prices, local currency)? show me the discrepancy",
    [[w("India", GDPNC)], [w("Indonesia", GDPNC)], [w("Philippines", GDPNC)],
     [w("India", POP)], [w("Indonesia", POP)], [w("Philippines", POP)],
     [w("India", GDPPCNC)], [w("Indonesia", GDPPCNC)], [w("Philippines", GDPPCNC)]], SBD, ("2005-01", "2023-12"), None,
    [D("expression", [0, 3, 6], "ind_diff = 1000 * GDP_IND / POP_IND - GDPPC_IND"),
     D("expression", [1, 4, 7], "idn_diff = 1000 * GDP_IDN / POP_IDN - GDPPC_IDN"),
     D("expression", [2, 5, 8], "phl_diff = 1000 * GDP_PHL / POP_PHL - GDPPC_PHL")]),
  T("ok, close enough. Keep only the published ones and rebase them to 2010 = 100.",
    [[w("India", GDPPCNC)], [w("Indonesia", GDPPCNC)], [w("Philippines", GDPPCNC)]], ["derive"], ("2005-01", "2023-12"), None,
    [D("index", [0], "ind_idx = 100 * GDPPC_IND / GDPPC_IND[2010]"),
     D("index", [1], "idn_idx = 100 * GDPPC_IDN / GDPPC_IDN[2010]"),
     D("index", [2], "phl_idx = 100 * GDPPC_PHL / GDPPC_PHL[2010]")]))

# b21-06 ------------------------------------------------------------------------------
S("US unemployment and payrolls, breaks in the jobless rate",
  "Single-source FRED monthly. Trap: `UNRATENSA` and `PAYNSA` are the unadjusted twins; `UNEMPLOY` is a level in thousands.",
  T("BLS unemployment rate + total nonfarm payrolls, monthly, 1990 thru 2019",
    [["UNRATE"], ["PAYEMS"]], SB, ("1990-01", "2019-12")),
  T("Payrolls as a twelve-month percent change now; leave the jobless rate in levels.",
    [["UNRATE"], ["PAYEMS"]], ["derive"], ("1990-01", "2019-12"), None,
    [D("yoy_pct", [1], "payrolls_yoy = 100 * (PAYEMS / PAYEMS[t-12] - 1)")]),
  T("Where are the regime shifts in unemployment over that stretch?",
    [["UNRATE"]], ["changepoints"], ("1990-01", "2019-12")))

# b21-07 ------------------------------------------------------------------------------
S("Two Treasury term spreads and the implied funds-bill gap",
  "Both spreads are daily in FRED and must be averaged to months. T10Y3M - T10YFF = FF - 3m bill. "
  "Trap: `T10Y2Y` is the 2-year spread; `T10Y3MM` and `T10YFFM` are monthly twins without observations here.",
  T("term spreads pls — 10y less 3m bill, and 10y less FF — monthly averages of the dailies, 1990-2019",
    [["T10Y3M"], ["T10YFF"]], ["search", "build_table", "convert"], ("1990-01", "2019-12"), "M"),
  T("Subtract one from the other and you get funds minus the 3-month bill, no? Do that as a column.",
    [["T10Y3M"], ["T10YFF"]], ["derive", "convert"], ("1990-01", "2019-12"), "M",
    [D("expression", [0, 1], "ff_minus_3m = T10Y3M - T10YFF")]),
  T("Now overlay unemployment too, one chart with both spreads.",
    [["T10Y3M"], ["T10YFF"], ["UNRATE"]], ["search", "build_table", "convert", "chart"], ("1990-01", "2019-12"), "M"))

# b21-08 ------------------------------------------------------------------------------
S("Southern European deficits and the implied interest bill",
  "WEO overall and primary net lending/borrowing; their difference approximates net interest. "
  "Trap: the national-currency rows, e.g. `WEOApr2024|Italy|General government net lending/borrowing|National currency`, "
  "and the structural balance `WEOApr2024|Italy|General government structural balance|Percent of potential GDP`.",
  T("Eurostat's EDP tables are a pain to navigate, so IMF numbers will do: headline govt net lending (+) / borrowing (−) "
    "in % of GDP; the four are Italy, Spain, Greece, Portugal; 2007-2023.",
    [[w("Italy", NL)], [w("Spain", NL)], [w("Greece", NL)], [w("Portugal", NL)]], SB, ("2007-01", "2023-12")),
  T("add the primary balance for each of them. primary minus headline ≈ the interest bill, so compute that too",
    [[w("Italy", NL)], [w("Spain", NL)], [w("Greece", NL)], [w("Portugal", NL)],
     [w("Italy", PNL)], [w("Spain", PNL)], [w("Greece", PNL)], [w("Portugal", PNL)]], SBD, ("2007-01", "2023-12"), None,
    [D("spread", [4, 0], "ita_interest = PNL_ITA - NL_ITA"), D("spread", [5, 1], "esp_interest = PNL_ESP - NL_ESP"),
     D("spread", [6, 2], "grc_interest = PNL_GRC - NL_GRC"), D("spread", [7, 3], "prt_interest = PNL_PRT - NL_PRT")]),
  T("Drop Greece and Portugal; same calc for France and Germany alongside Italy and Spain.",
    [[w("Italy", NL)], [w("Spain", NL)], [w("France", NL)], [w("Germany", NL)],
     [w("Italy", PNL)], [w("Spain", PNL)], [w("France", PNL)], [w("Germany", PNL)]], SBD, ("2007-01", "2023-12"), None,
    [D("spread", [4, 0], "ita_interest = PNL_ITA - NL_ITA"), D("spread", [5, 1], "esp_interest = PNL_ESP - NL_ESP"),
     D("spread", [6, 2], "fra_interest = PNL_FRA - NL_FRA"), D("spread", [7, 3], "deu_interest = PNL_DEU - NL_DEU")]))

# b21-09 ------------------------------------------------------------------------------
S("Canada: nominal growth net of the policy rate",
  "IFS area: CA. IFS quarterly SA nominal GDP next to the BIS Bank of Canada rate averaged to quarters. "
  "Trap: `NGDP_R_SA_XDC` is real GDP and `NGDP_NSA_XDC` unadjusted; the IFS policy-rate code `FPOLM_PA` has no observations here.",
  T("Canada — IFS nominal GDP (seasonally adj., C$) with the BoC overnight target from BIS, quarterly avg, 2000Q1-2019Q4",
    [["NGDP_SA_XDC"], ["M.CA"]], ["search", "build_table", "convert"], ("2000-01", "2019-12"), "Q"),
  T("then nominal GDP growth y/y net of the policy rate; call that g minus i",
    [["NGDP_SA_XDC"], ["M.CA"]], ["derive", "convert"], ("2000-01", "2019-12"), "Q",
    [D("expression", [0, 1], "g_minus_i = yoy_pct(NGDP_SA_XDC) - M.CA")]),
  T("Any structural breaks in that gap?",
    [["NGDP_SA_XDC"], ["M.CA"]], ["changepoints", "convert"], ("2000-01", "2019-12"), "Q"))

# b21-10 ------------------------------------------------------------------------------
S("Mexico: nominal vs real growth and a real Banxico rate",
  "IFS area: MX. IFS quarterly SA nominal GDP, annualised, against WEO real growth; then BIS Banxico rate net of WEO inflation. "
  "Trap: the WEO GDP deflator index `WEOApr2024|Mexico|Gross domestic product, deflator|Index` is not a growth rate; "
  "`NGDP_R_SA_XDC` is real GDP.",
  T("Mexico, IFS nominal GDP s.a., quarterly 1994-2022 — and its growth over the same quarter a year earlier",
    [["NGDP_SA_XDC"]], SBD, ("1994-01", "2022-12"), None,
    [D("yoy_pct", [0], "ngdp_yoy = 100 * (NGDP_SA_XDC / NGDP_SA_XDC[t-4] - 1)")]),
  T("Now aggregate it to calendar-year totals and set WEO real GDP growth for Mexico beside it; "
    "nominal growth less real growth is roughly the implied deflator.",
    [["NGDP_SA_XDC"], [w("Mexico", GROW)]], ["search", "build_table", "derive", "convert"], ("2000-01", "2022-12"), "A",
    [D("expression", [0, 1], "deflator_approx = yoy_pct(annual NGDP_SA_XDC) - GROW_MEX")]),
  T("alongside those, Banxico's rate (yearly mean) minus WEO average CPI inflation",
    [["NGDP_SA_XDC"], [w("Mexico", GROW)], ["M.MX"], [w("Mexico", INF)]],
    ["search", "build_table", "derive", "convert"], ("2000-01", "2022-12"), "A",
    [D("spread", [2, 3], "mx_real = M.MX - INF_MEX")]))

# b21-11 ------------------------------------------------------------------------------
S("Türkiye: EVDS inflation vs WEO, then real rates for three high-inflation EMs",
  "TURKSTAT index (EVDS TP.FG.J0) averaged to years, against the WEO average-inflation row; BIS rates for TR, AR, RU. "
  "Trap: `WEOApr2024|Türkiye|Inflation, end of period consumer prices|Percent change` is December-on-December; "
  "`TP.TUFE1YI.T1` is domestic PPI.",
  T("EVDS TÜFE index → yearly average inflation for 2021-23, set against what the WEO has for Türkiye (avg consumer prices, % change).",
    [["TP.FG.J0"], [w(TR, INF)]], ["search", "build_table", "derive", "convert"], ("2021-01", "2023-12"), "A",
    [D("yoy_pct", [0], "evds_infl = 100 * (avgCPI_t / avgCPI_t-1 - 1)")]),
  T("What's the pp distance between those two? Also the CBRT rate as an annual mean, minus the IMF's inflation number.",
    [["TP.FG.J0"], [w(TR, INF)], ["M.TR"]], ["search", "build_table", "derive", "convert"], ("2021-01", "2023-12"), "A",
    [D("expression", [0, 1], "gap_pp = yoy_pct(TP.FG.J0) - INF_TUR"), D("spread", [2, 1], "tr_real = M.TR - INF_TUR")]),
  T("same for Argentina and Russia, real-rate bit only, next to Türkiye",
    [["M.TR"], [w(TR, INF)], ["M.AR"], [w("Argentina", INF)], ["M.RU"], [w("Russia", INF)]],
    ["search", "build_table", "derive", "convert"], ("2021-01", "2023-12"), "A",
    [D("spread", [0, 1], "tr_real = M.TR - INF_TUR"), D("spread", [2, 3], "ar_real = M.AR - INF_ARG"),
     D("spread", [4, 5], "ru_real = M.RU - INF_RUS")]))

# b21-12 ------------------------------------------------------------------------------
S("Nordic policy rates against the ECB",
  "Four Nordic BIS policy rates, then differentials over the euro area. "
  "Trap: `M.DE` (pre-1999 Bundesbank) is not the euro-area rate; `M.NL` likewise ends in 1998.",
  T("Riksbank, Norges Bank, Nationalbanken (DK) and Seðlabanki Íslands policy rates, monthly, 2008 to 2023",
    [["M.SE"], ["M.NO"], ["M.DK"], ["M.IS"]], SB, ("2008-01", "2023-12")),
  T("Express each relative to the ECB — i.e. minus the euro area rate.",
    [["M.SE"], ["M.NO"], ["M.DK"], ["M.IS"], ["M.XM"]], SBD, ("2008-01", "2023-12"), None,
    [D("spread", [0, 4], "se_ea = M.SE - M.XM"), D("spread", [1, 4], "no_ea = M.NO - M.XM"),
     D("spread", [2, 4], "dk_ea = M.DK - M.XM"), D("spread", [3, 4], "is_ea = M.IS - M.XM")]),
  T("iceland's differential jumps around a lot. changepoints on that one only",
    [["M.IS"], ["M.XM"]], ["changepoints"], ("2008-01", "2023-12")))

# b21-13 ------------------------------------------------------------------------------
S("East Asian current accounts: Korea's share",
  "WEO current account in USD billions; Korea's share of the four-country sum (the sum can be small when Vietnam is in deficit). "
  "Trap: the % of GDP rows such as `WEOApr2024|Korea|Current account balance|Percent of GDP` are not dollar amounts; "
  "WDI `BN.CAB.XOKA.GD.ZS` has no observations.",
  T("WEO current-account balances, US$ billions — Korea, Thailand, Malaysia, Vietnam — 2000 to 2023.",
    [[w("Korea", CAUSD)], [w("Thailand", CAUSD)], [w("Malaysia", CAUSD)], [w("Vietnam", CAUSD)]], SB,
    ("2000-01", "2023-12")),
  T("what share of the combined four-country surplus is Korea's, each year?",
    [[w("Korea", CAUSD)], [w("Thailand", CAUSD)], [w("Malaysia", CAUSD)], [w("Vietnam", CAUSD)]], ["derive"],
    ("2000-01", "2023-12"), None,
    [D("share", [0, 1, 2, 3], "kor_share = 100 * CA_KOR / (CA_KOR + CA_THA + CA_MYS + CA_VNM)")]),
  T("Chart them, both in dollars and scaled by GDP — get the % of GDP rows too.",
    [[w("Korea", CAUSD)], [w("Thailand", CAUSD)], [w("Malaysia", CAUSD)], [w("Vietnam", CAUSD)],
     [w("Korea", CAP)], [w("Thailand", CAP)], [w("Malaysia", CAP)], [w("Vietnam", CAP)]],
    ["search", "build_table", "chart"], ("2000-01", "2023-12")))

# b21-14 ------------------------------------------------------------------------------
S("US bank credit mix and loans relative to M2",
  "H.8 monthly loans plus the weekly home-equity series, then weekly M2; weeklies averaged to months. "
  "Trap: `BUSLOANSNSA`, `CONSUMERNSA` and `RHEACBW027NBOG` are unadjusted twins; `M2SL` is the monthly M2 with no observations here.",
  T("H.8 stuff: C&I loans, consumer loans, revolving home equity (weekly — take monthly means), Jan 2000–Dec 2019.",
    [["BUSLOANS"], ["CONSUMER"], ["RHEACBW027SBOG"]], ["search", "build_table", "convert"], ("2000-01", "2019-12"), "M"),
  T("what slice of the three lines combined is consumer loans?",
    [["BUSLOANS"], ["CONSUMER"], ["RHEACBW027SBOG"]], ["derive", "convert"], ("2000-01", "2019-12"), "M",
    [D("share", [1, 0, 2], "consumer_share = 100 * CONSUMER / (BUSLOANS + CONSUMER + RHEACBW027SBOG)")]),
  T("Drop home equity. Pull in M2 (also weekly) and show C&I plus consumer as a multiple of M2.",
    [["BUSLOANS"], ["CONSUMER"], ["M2"]], ["search", "build_table", "derive", "convert"], ("2000-01", "2019-12"), "M",
    [D("expression", [0, 1, 2], "loans_to_m2 = (BUSLOANS + CONSUMER) / M2")]))

# b21-15 ------------------------------------------------------------------------------
S("National saving, household saving and the S-I gap",
  "WEO gross national savings for four economies; the BEA personal saving rate averaged to years; then WEO total investment. "
  "Trap: FRED `PSAVE` is the dollar level of personal saving, quarterly; WDI `NY.GNS.ICTR.ZS` has no observations.",
  T("WEO gross national savings, % GDP: US, Japan, Germany, China. 2000–2023.",
    [[w("United States", SAV)], [w("Japan", SAV)], [w("Germany", SAV)], [w("China", SAV)]], SB, ("2000-01", "2023-12")),
  T("For the US row of those, get the BEA's personal saving rate onto calendar years and tell me how much national "
    "saving exceeds it.",
    [[w("United States", SAV)], ["PSAVERT"]], ["search", "build_table", "derive", "convert"], ("2000-01", "2023-12"), "A",
    [D("spread", [0, 1], "sav_gap = SAV_USA - PSAVERT")]),
  T("now total investment (% GDP) for all four, then S minus I per country — should track the current account",
    [[w("United States", SAV)], [w("Japan", SAV)], [w("Germany", SAV)], [w("China", SAV)],
     [w("United States", INV)], [w("Japan", INV)], [w("Germany", INV)], [w("China", INV)]], SBD,
    ("2000-01", "2023-12"), None,
    [D("spread", [0, 4], "usa_si = SAV_USA - INV_USA"), D("spread", [1, 5], "jpn_si = SAV_JPN - INV_JPN"),
     D("spread", [2, 6], "deu_si = SAV_DEU - INV_DEU"), D("spread", [3, 7], "chn_si = SAV_CHN - INV_CHN")]))

# b21-16 ------------------------------------------------------------------------------
S("Central European real policy rates on a Dec/Dec inflation basis",
  "BIS monthly rates for HU, PL, CZ, RO; then WEO end-of-period inflation (WEO spells Czechia 'Czech Republic'). "
  "Trap: the average-inflation row `WEOApr2024|Hungary|Inflation, average consumer prices|Percent change` is the near-twin "
  "the user did not ask for.",
  T("MNB, NBP, ČNB and BNR policy rates, BIS, monthly, Jan 2020 - Dec 2023",
    [["M.HU"], ["M.PL"], ["M.CZ"], ["M.RO"]], SB, ("2020-01", "2023-12")),
  T("Against end-of-period CPI inflation from the WEO: the yearly average of each rate net of Dec-on-Dec inflation.",
    [["M.HU"], ["M.PL"], ["M.CZ"], ["M.RO"],
     [w("Hungary", INFE)], [w("Poland", INFE)], [w("Czech Republic", INFE)], [w("Romania", INFE)]],
    ["search", "build_table", "derive", "convert"], ("2020-01", "2023-12"), "A",
    [D("spread", [0, 4], "hu_real = M.HU - INFE_HUN"), D("spread", [1, 5], "pl_real = M.PL - INFE_POL"),
     D("spread", [2, 6], "cz_real = M.CZ - INFE_CZE"), D("spread", [3, 7], "ro_real = M.RO - INFE_ROU")]),
  T("chart those four real rates",
    [["M.HU"], ["M.PL"], ["M.CZ"], ["M.RO"],
     [w("Hungary", INFE)], [w("Poland", INFE)], [w("Czech Republic", INFE)], [w("Romania", INFE)]],
    ["chart", "convert"], ("2020-01", "2023-12"), "A"))

# b21-17 ------------------------------------------------------------------------------
S("Gross minus net government debt: Japan, Canada, Norway",
  "WEO gross and net debt, % of GDP; the difference proxies government financial assets. "
  "Trap: national-currency debt `WEOApr2024|Japan|General government gross debt|National currency` is a level, not a ratio.",
  T("japan gen gov gross and net debt (net = gross less fin. asssets), % of GDP (WEO), 2000-2023",
    [[w("Japan", DEBT)], [w("Japan", NETDEBT)]], SB, ("2000-01", "2023-12")),
  T("The difference between them is more or less the government's financial assets. Compute it, and add Japan's output gap.",
    [[w("Japan", DEBT)], [w("Japan", NETDEBT)], [w("Japan", GAP)]], SBD, ("2000-01", "2023-12"), None,
    [D("spread", [0, 1], "jpn_assets = DEBT_JPN - NETDEBT_JPN")]),
  T("Same for Canada and Norway (Norway's net debt is negative, expected). Gross-minus-net for all three, skip the gap.",
    [[w("Japan", DEBT)], [w("Japan", NETDEBT)], [w("Canada", DEBT)], [w("Canada", NETDEBT)],
     [w("Norway", DEBT)], [w("Norway", NETDEBT)]], SBD, ("2000-01", "2023-12"), None,
    [D("spread", [0, 1], "jpn_assets = DEBT_JPN - NETDEBT_JPN"), D("spread", [2, 3], "can_assets = DEBT_CAN - NETDEBT_CAN"),
     D("spread", [4, 5], "nor_assets = DEBT_NOR - NETDEBT_NOR")]))

# b21-18 ------------------------------------------------------------------------------
S("SARB repo rate breaks, then real rates for ZA, MA, SA",
  "BIS monthly rate with change points, then annual means net of WEO average inflation. "
  "Trap: WDI `FR.INR.LEND` is a lending rate without observations; the end-of-period row "
  "`WEOApr2024|South Africa|Inflation, end of period consumer prices|Percent change` is a near-twin.",
  T("SARB repo rate — BIS series — monthly from 2005 to 2023, and look for breaks",
    [["M.ZA"]], ["search", "build_table", "changepoints"], ("2005-01", "2023-12")),
  T("Annualise that rate and take off the WEO's average inflation for South Africa.",
    [["M.ZA"], [w("South Africa", INF)]], ["search", "build_table", "derive", "convert"], ("2005-01", "2023-12"), "A",
    [D("spread", [0, 1], "za_real = M.ZA - INF_ZAF")]),
  T("do the same thing for Morocco and Saudi, all three in one table",
    [["M.ZA"], [w("South Africa", INF)], ["M.MA"], [w("Morocco", INF)], ["M.SA"], [w("Saudi Arabia", INF)]],
    ["search", "build_table", "derive", "convert"], ("2005-01", "2023-12"), "A",
    [D("spread", [0, 1], "za_real = M.ZA - INF_ZAF"), D("spread", [2, 3], "ma_real = M.MA - INF_MAR"),
     D("spread", [4, 5], "sa_real = M.SA - INF_SAU")]))

# b21-19 ------------------------------------------------------------------------------
S("Headline vs core CPI and a core-based real funds rate",
  "FRED monthly CPI-U SA, core SA, effective fed funds. "
  "Trap: `CPIAUCNS` and `CPILFENS` are unadjusted; `CPIULFSL` excludes food only.",
  T("Headline CPI-U plus the core index that strips out food & energy, SA, monthly 1990-2019; y/y % for both",
    [["CPIAUCSL"], ["CPILFESL"]], SBD, ("1990-01", "2019-12"), None,
    [D("yoy_pct", [0], "headline_yoy = 100 * (CPIAUCSL / CPIAUCSL[t-12] - 1)"),
     D("yoy_pct", [1], "core_yoy = 100 * (CPILFESL / CPILFESL[t-12] - 1)")]),
  T("Headline minus core, in points — how much of those swings is food & energy?",
    [["CPIAUCSL"], ["CPILFESL"]], ["derive"], ("1990-01", "2019-12"), None,
    [D("expression", [0, 1], "fe_gap = yoy_pct(CPIAUCSL) - yoy_pct(CPILFESL)")]),
  T("bring in effective fed funds and use the core measure from earlier to get a real funds rate",
    [["FEDFUNDS"], ["CPILFESL"]], SBD, ("1990-01", "2019-12"), None,
    [D("expression", [0, 1], "real_ff = FEDFUNDS - yoy_pct(CPILFESL)")]))

# b21-20 ------------------------------------------------------------------------------
S("EUR/USD and the Fed-ECB rate differential",
  "Daily H.10 rate averaged to months; FRED effective funds and the BIS euro-area rate. "
  "Trap: `EXUSEU` is the monthly twin without observations here; `DEXUSUK` is sterling.",
  T("Dollars per euro, the H.10 daily noon rate, as monthly averages, 2000–2019.",
    [["DEXUSEU"]], ["search", "build_table", "convert"], ("2000-01", "2019-12"), "M"),
  T("alongside that: effective FF and the ECB rate (BIS). I want US minus euro area",
    [["DEXUSEU"], ["FEDFUNDS"], ["M.XM"]], ["search", "build_table", "derive", "convert"], ("2000-01", "2019-12"), "M",
    [D("spread", [1, 2], "us_ea_diff = FEDFUNDS - M.XM")]),
  T("Chart the spread against the euro's year-over-year % move vs the dollar.",
    [["DEXUSEU"], ["FEDFUNDS"], ["M.XM"]], ["derive", "chart", "convert"], ("2000-01", "2019-12"), "M",
    [D("yoy_pct", [0], "eurusd_yoy = 100 * (DEXUSEU / DEXUSEU[t-12] - 1)")]))

# b21-21 ------------------------------------------------------------------------------
S("GCC GDP per person in dollars",
  "WEO GDP in USD billions over population in millions = thousands of dollars per person. "
  "Trap: the PPP per-capita row `WEOApr2024|Qatar|Gross domestic product per capita, current prices|Purchasing power parity; international dollars` "
  "and WDI `NY.GDP.PCAP.CD` are near-twins.",
  T("GCC check for tomorrow's briefing — GDP in current USD bn and population mn: Saudi, Emirates, Qatar, "
    "Kuwait, 2010 to 2023; derive dollars per head.",
    [[w("Saudi Arabia", GDPUSD)], [w("United Arab Emirates", GDPUSD)], [w("Qatar", GDPUSD)], [w("Kuwait", GDPUSD)],
     [w("Saudi Arabia", POP)], [w("United Arab Emirates", POP)], [w("Qatar", POP)], [w("Kuwait", POP)]], SBD,
    ("2010-01", "2023-12"), None,
    [D("expression", [0, 4], "sau_pc = 1e3 * GDP_SAU / POP_SAU"), D("expression", [1, 5], "are_pc = 1e3 * GDP_ARE / POP_ARE"),
     D("expression", [2, 6], "qat_pc = 1e3 * GDP_QAT / POP_QAT"), D("expression", [3, 7], "kwt_pc = 1e3 * GDP_KWT / POP_KWT")]),
  T("cross-check those against the per-capita USD figures the IMF publishes itself",
    [[w("Saudi Arabia", GDPUSD)], [w("United Arab Emirates", GDPUSD)], [w("Qatar", GDPUSD)], [w("Kuwait", GDPUSD)],
     [w("Saudi Arabia", POP)], [w("United Arab Emirates", POP)], [w("Qatar", POP)], [w("Kuwait", POP)],
     [w("Saudi Arabia", GDPPCUSD)], [w("United Arab Emirates", GDPPCUSD)], [w("Qatar", GDPPCUSD)], [w("Kuwait", GDPPCUSD)]],
    SBD, ("2010-01", "2023-12"), None,
    [D("expression", [0, 4, 8], "sau_chk = 1e3 * GDP_SAU / POP_SAU - GDPPC_SAU"),
     D("expression", [1, 5, 9], "are_chk = 1e3 * GDP_ARE / POP_ARE - GDPPC_ARE"),
     D("expression", [2, 6, 10], "qat_chk = 1e3 * GDP_QAT / POP_QAT - GDPPC_QAT"),
     D("expression", [3, 7, 11], "kwt_chk = 1e3 * GDP_KWT / POP_KWT - GDPPC_KWT")]),
  T("Drop Kuwait, add Oman, published per-capita only, indexed 2015=100",
    [[w("Saudi Arabia", GDPPCUSD)], [w("United Arab Emirates", GDPPCUSD)], [w("Qatar", GDPPCUSD)], [w("Oman", GDPPCUSD)]],
    SBD, ("2010-01", "2023-12"), None,
    [D("index", [0], "sau_idx = 100 * GDPPC_SAU / GDPPC_SAU[2015]"), D("index", [1], "are_idx = 100 * GDPPC_ARE / GDPPC_ARE[2015]"),
     D("index", [2], "qat_idx = 100 * GDPPC_QAT / GDPPC_QAT[2015]"), D("index", [3], "omn_idx = 100 * GDPPC_OMN / GDPPC_OMN[2015]")]))

# b21-22 ------------------------------------------------------------------------------
S("Nordic government size: spending less revenue",
  "WEO revenue and total expenditure, % of GDP; expenditure minus revenue should mirror net lending with the sign flipped. "
  "Trap: the national-currency rows such as `WEOApr2024|Sweden|General government revenue|National currency`.",
  T("Gen gov revenue & total spending, percent of GDP, for DK, SE, NO and FI — WEO, 2000 to 2023",
    [[w("Denmark", REV)], [w("Sweden", REV)], [w("Norway", REV)], [w("Finland", REV)],
     [w("Denmark", EXP)], [w("Sweden", EXP)], [w("Norway", EXP)], [w("Finland", EXP)]], SB, ("2000-01", "2023-12")),
  T("Spending less revenue for each, positive = deficit.",
    [[w("Denmark", REV)], [w("Sweden", REV)], [w("Norway", REV)], [w("Finland", REV)],
     [w("Denmark", EXP)], [w("Sweden", EXP)], [w("Norway", EXP)], [w("Finland", EXP)]], ["derive"], ("2000-01", "2023-12"), None,
    [D("spread", [4, 0], "dnk_def = EXP_DNK - REV_DNK"), D("spread", [5, 1], "swe_def = EXP_SWE - REV_SWE"),
     D("spread", [6, 2], "nor_def = EXP_NOR - REV_NOR"), D("spread", [7, 3], "fin_def = EXP_FIN - REV_FIN")]),
  T("compare that with WEO's net lending/borrowing; in principle it's a mirror image, so show me whatever's left over",
    [[w("Denmark", REV)], [w("Sweden", REV)], [w("Norway", REV)], [w("Finland", REV)],
     [w("Denmark", EXP)], [w("Sweden", EXP)], [w("Norway", EXP)], [w("Finland", EXP)],
     [w("Denmark", NL)], [w("Sweden", NL)], [w("Norway", NL)], [w("Finland", NL)]], SBD, ("2000-01", "2023-12"), None,
    [D("expression", [0, 4, 8], "dnk_res = (REV_DNK - EXP_DNK) - NL_DNK"),
     D("expression", [1, 5, 9], "swe_res = (REV_SWE - EXP_SWE) - NL_SWE"),
     D("expression", [2, 6, 10], "nor_res = (REV_NOR - EXP_NOR) - NL_NOR"),
     D("expression", [3, 7, 11], "fin_res = (REV_FIN - EXP_FIN) - NL_FIN")]))

# b21-23 ------------------------------------------------------------------------------
S("US nominal GDP: BEA via FRED vs IFS, then vs WEO",
  "IFS area: US. FRED GDP is $bn at an annual rate; IFS NGDP_SA_XDC for the US is in millions at a quarterly rate. "
  "Trap: `NGDPSAXDCUSQ` is FRED's copy of the IFS series (no observations here); `GDPC1` is real GDP.",
  T("US nominal GDP two ways, BEA through FRED and the IFS seasonally adjusted one, quarterly 2000Q1-2019Q4",
    [["GDP"], ["NGDP_SA_XDC"]], SB, ("2000-01", "2019-12"), "Q"),
  T("ratio of them — FRED over 4× IFS in billions. should sit at ~1 if IFS is a quarterly flow in millions",
    [["GDP"], ["NGDP_SA_XDC"]], ["derive"], ("2000-01", "2019-12"), "Q",
    [D("ratio", [0, 1], "ratio = GDP / (4 * NGDP_SA_XDC / 1000)")]),
  T("Now average the BEA series to calendar years and set it beside the WEO's US nominal GDP "
    "(national currency, current prices). Difference in $bn.",
    [["GDP"], [w("United States", GDPNC)]], ["search", "build_table", "derive", "convert"], ("2000-01", "2019-12"), "A",
    [D("spread", [0, 1], "diff_bn = GDP_annual_avg - WEO_GDP_USA")]))

# b21-24 ------------------------------------------------------------------------------
S("China plus India vs the US in PPP world shares",
  "WEO PPP share of world GDP. Trap: the PPP level `WEOApr2024|China|Gross domestic product, current prices|Purchasing power parity; international dollars` "
  "is in billions, not a share; WDI `NY.GDP.MKTP.PP.CD` has no observations.",
  T("PPP share of world GDP, WEO: China, India, United States, Japan, 2000-2023.",
    [[w("China", PPPSH)], [w("India", PPPSH)], [w("United States", PPPSH)], [w("Japan", PPPSH)]], SB, ("2000-01", "2023-12")),
  T("from those shares: China and India together as a multiple of the US",
    [[w("China", PPPSH)], [w("India", PPPSH)], [w("United States", PPPSH)]], ["derive"], ("2000-01", "2023-12"), None,
    [D("expression", [0, 1, 2], "ci_over_us = (PPP_CHN + PPP_IND) / PPP_USA")]),
  T("Is there a break in that ratio? And separately in Japan's share.",
    [[w("China", PPPSH)], [w("India", PPPSH)], [w("United States", PPPSH)], [w("Japan", PPPSH)]], ["changepoints"],
    ("2000-01", "2023-12")))

# b21-25 ------------------------------------------------------------------------------
S("US industrial production regimes and IP vs jobs growth",
  "FRED monthly INDPRO and PAYEMS. Trap: `IPMAN` is manufacturing only; `PAYNSA` is unadjusted.",
  T("total IP index (Fed G.17), monthly, 1970-2019, yoy growth, and find where its growth regime changes",
    [["INDPRO"]], ["search", "build_table", "derive", "changepoints"], ("1970-01", "2019-12"), None,
    [D("yoy_pct", [0], "ip_yoy = 100 * (INDPRO / INDPRO[t-12] - 1)")]),
  T("Compare that yoy with nonfarm payroll growth over the same window.",
    [["INDPRO"], ["PAYEMS"]], SBD, ("1970-01", "2019-12"), None,
    [D("yoy_pct", [0], "ip_yoy = 100 * (INDPRO / INDPRO[t-12] - 1)"),
     D("yoy_pct", [1], "jobs_yoy = 100 * (PAYEMS / PAYEMS[t-12] - 1)")]),
  T("how much faster or slower did IP grow than jobs? gap between the two in pp, charted",
    [["INDPRO"], ["PAYEMS"]], ["derive", "chart"], ("1970-01", "2019-12"), None,
    [D("expression", [0, 1], "ip_minus_jobs = yoy_pct(INDPRO) - yoy_pct(PAYEMS)")]))

# b21-26 ------------------------------------------------------------------------------
S("Andean/Southern Cone debt ratios from levels",
  "WEO gross debt and GDP, both billions of national currency; then published ratios for five countries. "
  "Trap: net debt `WEOApr2024|Brazil|General government net debt|Percent of GDP`; WDI `GC.DOD.TOTL.GD.ZS` is central government.",
  T("I want to rebuild debt-to-GDP from scratch: gross goverment debt and nominal GDP, both in local-currency "
    "billions, Brazil, Colombia, Chile. WEO, 2005-2023.",
    [[w("Brazil", DEBTNC)], [w("Colombia", DEBTNC)], [w("Chile", DEBTNC)],
     [w("Brazil", GDPNC)], [w("Colombia", GDPNC)], [w("Chile", GDPNC)]], SBD, ("2005-01", "2023-12"), None,
    [D("ratio", [0, 3], "bra_debt = 100 * DEBTNC_BRA / GDPNC_BRA"), D("ratio", [1, 4], "col_debt = 100 * DEBTNC_COL / GDPNC_COL"),
     D("ratio", [2, 5], "chl_debt = 100 * DEBTNC_CHL / GDPNC_CHL")]),
  T("Do those computed ratios match the published percent-of-GDP ones? Difference please.",
    [[w("Brazil", DEBTNC)], [w("Colombia", DEBTNC)], [w("Chile", DEBTNC)],
     [w("Brazil", GDPNC)], [w("Colombia", GDPNC)], [w("Chile", GDPNC)],
     [w("Brazil", DEBT)], [w("Colombia", DEBT)], [w("Chile", DEBT)]], SBD, ("2005-01", "2023-12"), None,
    [D("expression", [0, 3, 6], "bra_d = 100 * DEBTNC_BRA / GDPNC_BRA - DEBT_BRA"),
     D("expression", [1, 4, 7], "col_d = 100 * DEBTNC_COL / GDPNC_COL - DEBT_COL"),
     D("expression", [2, 5, 8], "chl_d = 100 * DEBTNC_CHL / GDPNC_CHL - DEBT_CHL")]),
  T("fine. now just the published ratios, plus Mexico and Peru",
    [[w("Brazil", DEBT)], [w("Colombia", DEBT)], [w("Chile", DEBT)], [w("Mexico", DEBT)], [w("Peru", DEBT)]], SB,
    ("2005-01", "2023-12")))

# b21-27 ------------------------------------------------------------------------------
S("ASEAN-plus-Korea policy rates over the Fed",
  "Five BIS rates, quarterly averages, then each minus the US rate (BIS or FRED effective accepted). "
  "Trap: `M.CN` is China, not in the request; `DFF` is the daily funds rate without observations.",
  T("BOK, BOT, BNM, Bank Indonesia, BSP — policy rates from the BIS dataset, monthly, 2011-2023",
    [["M.KR"], ["M.TH"], ["M.MY"], ["M.ID"], ["M.PH"]], SB, ("2011-01", "2023-12")),
  T("Make those quarterly (simple average).",
    [["M.KR"], ["M.TH"], ["M.MY"], ["M.ID"], ["M.PH"]], ["convert"], ("2011-01", "2023-12"), "Q"),
  T("and then every one of them less the Fed rate",
    [["M.KR"], ["M.TH"], ["M.MY"], ["M.ID"], ["M.PH"], ["M.US", "FEDFUNDS"]],
    ["search", "build_table", "derive", "convert"], ("2011-01", "2023-12"), "Q",
    [D("spread", [0, 5], "kr_us = M.KR - US"), D("spread", [1, 5], "th_us = M.TH - US"),
     D("spread", [2, 5], "my_us = M.MY - US"), D("spread", [3, 5], "id_us = M.ID - US"),
     D("spread", [4, 5], "ph_us = M.PH - US")]))

# b21-28 ------------------------------------------------------------------------------
S("Bank loan delinquency relative to unemployment",
  "Quarterly FRED delinquency with the monthly unemployment rate averaged to quarters. "
  "Trap: `DRALACBN` is the unadjusted twin; `DRBLACBS` and `DRCLACBS` cover business and consumer loans only.",
  T("Commercial banks' delinquency rate, all loans, plus unemployment (monthly → quarterly mean), 1990Q1-2019Q4.",
    [["DRALACBS"], ["UNRATE"]], ["search", "build_table", "convert"], ("1990-01", "2019-12"), "Q"),
  T("now delinquency relative to unemployment, as a ratio",
    [["DRALACBS"], ["UNRATE"]], ["derive", "convert"], ("1990-01", "2019-12"), "Q",
    [D("ratio", [0, 1], "delinq_per_ur = DRALACBS / UNRATE")]),
  T("Change points in that delinquency series alone, same window.",
    [["DRALACBS"]], ["changepoints"], ("1990-01", "2019-12"), "Q"))

# b21-29 ------------------------------------------------------------------------------
S("Prime rate markup over fed funds",
  "Daily prime averaged to months with monthly effective funds. "
  "Trap: `MPRIME` and `WPRIME` are monthly/weekly prime twins with no observations here.",
  T("Prime (H.15, daily, average it to months) and effective fed funds, 1990–2019. prime minus FF?",
    [["DPRIME"], ["FEDFUNDS"]], ["search", "build_table", "derive", "convert"], ("1990-01", "2019-12"), "M",
    [D("spread", [0, 1], "prime_markup = DPRIME - FEDFUNDS")]),
  T("search for breaks in that markup",
    [["DPRIME"], ["FEDFUNDS"]], ["changepoints", "convert"], ("1990-01", "2019-12"), "M"),
  T("Add the 10y-minus-FF term spread and chart all three",
    [["DPRIME"], ["FEDFUNDS"], ["T10YFF"]], ["search", "build_table", "convert", "chart"], ("1990-01", "2019-12"), "M"))

# b21-30 ------------------------------------------------------------------------------
S("Output gaps, policy rates and a rough Taylor residual",
  "WEO output gaps for five inflation targeters; BIS rates averaged to years; WEO average inflation. "
  "Trap: the structural balance `WEOApr2024|Australia|General government structural balance|Percent of potential GDP` "
  "also says 'potential GDP' but is fiscal.",
  T("ouput gaps (% of potential) from WEO for the US, UK, Canada, Australia and New Zealand, 2005 through 2023",
    [[w("United States", GAP)], [w("United Kingdom", GAP)], [w("Canada", GAP)], [w("Australia", GAP)],
     [w("New Zealand", GAP)]], SB, ("2005-01", "2023-12")),
  T("Pair each with its central bank's policy rate (BIS), annual means.",
    [[w("United States", GAP)], [w("United Kingdom", GAP)], [w("Canada", GAP)], [w("Australia", GAP)],
     [w("New Zealand", GAP)], ["M.US"], ["M.GB"], ["M.CA"], ["M.AU"], ["M.NZ"]],
    ["search", "build_table", "convert"], ("2005-01", "2023-12"), "A"),
  T("Rough Taylor residual for those five: rate minus (2 + inflation + 0.5*(inflation-2) + 0.5*gap), WEO avg inflation",
    [[w("United States", GAP)], [w("United Kingdom", GAP)], [w("Canada", GAP)], [w("Australia", GAP)],
     [w("New Zealand", GAP)], ["M.US"], ["M.GB"], ["M.CA"], ["M.AU"], ["M.NZ"],
     [w("United States", INF)], [w("United Kingdom", INF)], [w("Canada", INF)], [w("Australia", INF)],
     [w("New Zealand", INF)]], ["search", "build_table", "derive", "convert"], ("2005-01", "2023-12"), "A",
    [D("expression", [5, 10, 0], "us_res = M.US - (2 + INF + 0.5*(INF - 2) + 0.5*GAP)"),
     D("expression", [6, 11, 1], "uk_res = M.GB - (2 + INF + 0.5*(INF - 2) + 0.5*GAP)"),
     D("expression", [7, 12, 2], "ca_res = M.CA - (2 + INF + 0.5*(INF - 2) + 0.5*GAP)"),
     D("expression", [8, 13, 3], "au_res = M.AU - (2 + INF + 0.5*(INF - 2) + 0.5*GAP)"),
     D("expression", [9, 14, 4], "nz_res = M.NZ - (2 + INF + 0.5*(INF - 2) + 0.5*GAP)")]))

# b21-31 ------------------------------------------------------------------------------
S("Hong Kong peg, Switzerland and Israel against the Fed",
  "BIS policy rates; the HKMA base rate should track the US rate closely. US rate: BIS or FRED effective accepted. "
  "Trap: `M.CN` (mainland China) is not Hong Kong; `DEXUSEU` is unrelated FX.",
  T("HKMA base rate, SNB and Bank of Israel policy rates (BIS), monthly 2010-2023, with the Fed's rate as the anchor.",
    [["M.HK"], ["M.CH"], ["M.IL"], ["M.US", "FEDFUNDS"]], SB, ("2010-01", "2023-12"), "M"),
  T("how far is each from the US? HK should hug it given the peg",
    [["M.HK"], ["M.CH"], ["M.IL"], ["M.US", "FEDFUNDS"]], ["derive"], ("2010-01", "2023-12"), "M",
    [D("spread", [0, 3], "hk_us = M.HK - US"), D("spread", [1, 3], "ch_us = M.CH - US"),
     D("spread", [2, 3], "il_us = M.IL - US")]),
  T("plot the three differentials",
    [["M.HK"], ["M.CH"], ["M.IL"], ["M.US", "FEDFUNDS"]], ["chart"], ("2010-01", "2023-12"), "M"))

# b21-32 ------------------------------------------------------------------------------
S("Türkiye monthly CPI momentum and regime shifts",
  "Only the TURKSTAT headline index (EVDS TP.FG.J0). "
  "Trap: `TP.FE.OKTG01` is a special-coverage CPI, `TP.FG.J01` food, `TP.TUFE1YI.T1` producer prices.",
  T("TÜİK headline CPI (EVDS), monthly, Jan 2021 to Oct 2025 — m/m and y/y %.",
    [["TP.FG.J0"]], SBD, ("2021-01", "2025-10"), None,
    [D("pct_change", [0], "mom = 100 * (TP.FG.J0 / TP.FG.J0[t-1] - 1)"),
     D("yoy_pct", [0], "yoy = 100 * (TP.FG.J0 / TP.FG.J0[t-12] - 1)")]),
  T("Now smooth the monthly rate with a 3-mo rolling mean",
    [["TP.FG.J0"]], ["derive"], ("2021-01", "2025-10"), None,
    [D("rolling_mean", [0], "mom_3m = mean(mom[t-2..t])")]),
  T("where does the inflation regime shift? changepoints on the y/y from earlier",
    [["TP.FG.J0"]], ["changepoints"], ("2021-01", "2025-10")))

# b21-33 ------------------------------------------------------------------------------
S("Employment-to-population ratios in the big euro economies",
  "WEO employment (millions) over population (millions). "
  "Trap: the ratio uses total population, not working age; WDI `SL.EMP.TOTL.SP.ZS` (15+) has no observations.",
  T("employment ÷ population from WEO, DE/FR/IT/ES, 2000–2023, as a %",
    [[w("Germany", EMP)], [w("France", EMP)], [w("Italy", EMP)], [w("Spain", EMP)],
     [w("Germany", POP)], [w("France", POP)], [w("Italy", POP)], [w("Spain", POP)]], SBD, ("2000-01", "2023-12"), None,
    [D("ratio", [0, 4], "deu_ep = 100 * EMP_DEU / POP_DEU"), D("ratio", [1, 5], "fra_ep = 100 * EMP_FRA / POP_FRA"),
     D("ratio", [2, 6], "ita_ep = 100 * EMP_ITA / POP_ITA"), D("ratio", [3, 7], "esp_ep = 100 * EMP_ESP / POP_ESP")]),
  T("and the unemployment rates next to those",
    [[w("Germany", EMP)], [w("France", EMP)], [w("Italy", EMP)], [w("Spain", EMP)],
     [w("Germany", POP)], [w("France", POP)], [w("Italy", POP)], [w("Spain", POP)],
     [w("Germany", UNR)], [w("France", UNR)], [w("Italy", UNR)], [w("Spain", UNR)]], SB, ("2000-01", "2023-12")),
  T("Drop Italy, add the Netherlands; keep the ratio and the jobless rate.",
    [[w("Germany", EMP)], [w("France", EMP)], [w("Spain", EMP)], [w("Netherlands", EMP)],
     [w("Germany", POP)], [w("France", POP)], [w("Spain", POP)], [w("Netherlands", POP)],
     [w("Germany", UNR)], [w("France", UNR)], [w("Spain", UNR)], [w("Netherlands", UNR)]], SBD, ("2000-01", "2023-12"), None,
    [D("ratio", [0, 4], "deu_ep = 100 * EMP_DEU / POP_DEU"), D("ratio", [1, 5], "fra_ep = 100 * EMP_FRA / POP_FRA"),
     D("ratio", [2, 6], "esp_ep = 100 * EMP_ESP / POP_ESP"), D("ratio", [3, 7], "nld_ep = 100 * EMP_NLD / POP_NLD")]))

# b21-34 ------------------------------------------------------------------------------
S("US nominal output per payroll job, nominal and real growth",
  "Quarterly GDP ($bn SAAR) over quarterly-average payrolls (thousands): dollars per job = GDP*1e6/PAYEMS. "
  "Trap: `GDPC1` is real GDP; `PAYNSA` unadjusted.",
  T("nominal GDP per nonfarm job, in dollars — GDP is $bn saar, payrolls in thousands, so average payrolls to quarters. 1990-2019",
    [["GDP"], ["PAYEMS"]], ["search", "build_table", "derive", "convert"], ("1990-01", "2019-12"), "Q",
    [D("expression", [0, 1], "gdp_per_job = GDP * 1e6 / PAYEMS")]),
  T("Growth of that over four quarters?",
    [["GDP"], ["PAYEMS"]], ["derive", "convert"], ("1990-01", "2019-12"), "Q",
    [D("expression", [0, 1], "gpj_yoy = yoy_pct(GDP * 1e6 / PAYEMS)")]),
  T("deflate it with CPI-U: real per-job growth = nominal per-job growth less CPI inflation y/y",
    [["GDP"], ["PAYEMS"], ["CPIAUCSL"]], ["search", "build_table", "derive", "convert"], ("1990-01", "2019-12"), "Q",
    [D("expression", [0, 1, 2], "real_gpj = yoy_pct(GDP * 1e6 / PAYEMS) - yoy_pct(CPIAUCSL)")]))

# b21-35 ------------------------------------------------------------------------------
S("CIS inflation and the Bank of Russia key rate",
  "WEO average inflation for four economies; BIS Russia rate annualised; then monthly change points. "
  "Trap: the end-of-period twin `WEOApr2024|Russia|Inflation, end of period consumer prices|Percent change`; "
  "the CPI index row `WEOApr2024|Russia|Inflation, average consumer prices|Index` is a level.",
  T("avg CPI inflation per WEO — Russia, Kazakstan, Ukraine, Belarus — 2010 to 2023",
    [[w("Russia", INF)], [w("Kazakhstan", INF)], [w("Ukraine", INF)], [w("Belarus", INF)]], SB, ("2010-01", "2023-12")),
  T("Bank of Russia key rate from BIS as a yearly mean, net of Russian inflation; keep those other three columns",
    [[w("Russia", INF)], [w("Kazakhstan", INF)], [w("Ukraine", INF)], [w("Belarus", INF)], ["M.RU"]],
    ["search", "build_table", "derive", "convert"], ("2010-01", "2023-12"), "A",
    [D("spread", [4, 0], "ru_real = M.RU - INF_RUS")]),
  T("monthly breaks in that key rate itself, 2010–2023",
    [["M.RU"]], ["build_table", "changepoints"], ("2010-01", "2023-12"), "M"))

# b21-36 ------------------------------------------------------------------------------
S("Per-capita growth in four African economies",
  "WEO real GDP growth less population growth computed from the WEO population level. "
  "Trap: the per-capita constant-price level `WEOApr2024|Nigeria|Gross domestic product per capita, constant prices|National currency` "
  "is a level; WDI `NY.GDP.PCAP.KD.ZG` and `SP.POP.GROW` have no observations.",
  T("Real GDP growth from the April 2024 WEO: Nigeria, Kenya, Ghana, Ethiopia, 2005-2023.",
    [[w("Nigeria", GROW)], [w("Kenya", GROW)], [w("Ghana", GROW)], [w("Ethiopia", GROW)]], SB, ("2005-01", "2023-12")),
  T("take population growth off those (compute it from the WEO population series) → per-capita growth",
    [[w("Nigeria", GROW)], [w("Kenya", GROW)], [w("Ghana", GROW)], [w("Ethiopia", GROW)],
     [w("Nigeria", POP)], [w("Kenya", POP)], [w("Ghana", POP)], [w("Ethiopia", POP)]], SBD, ("2005-01", "2023-12"), None,
    [D("expression", [0, 4], "nga_pc = GROW_NGA - yoy_pct(POP_NGA)"), D("expression", [1, 5], "ken_pc = GROW_KEN - yoy_pct(POP_KEN)"),
     D("expression", [2, 6], "gha_pc = GROW_GHA - yoy_pct(POP_GHA)"), D("expression", [3, 7], "eth_pc = GROW_ETH - yoy_pct(POP_ETH)")]),
  T("Plot per-capita growth for all four.",
    [[w("Nigeria", GROW)], [w("Kenya", GROW)], [w("Ghana", GROW)], [w("Ethiopia", GROW)],
     [w("Nigeria", POP)], [w("Kenya", POP)], [w("Ghana", POP)], [w("Ethiopia", POP)]], ["chart"], ("2005-01", "2023-12")))

# b21-37 ------------------------------------------------------------------------------
S("Real M2 and M2 velocity",
  "Weekly discontinued M2 averaged to months, deflated by CPI-U; velocity = quarterly GDP / M2. "
  "Trap: `M2SL`, `M2NS` and `M2REAL` are monthly twins without observations here.",
  T("M2 (weekly H.6 vintage, averaged per month) deflated by CPI-U, 1990 to 2019",
    [["M2"], ["CPIAUCSL"]], ["search", "build_table", "derive", "convert"], ("1990-01", "2019-12"), "M",
    [D("ratio", [0, 1], "real_m2 = 100 * M2 / CPIAUCSL")]),
  T("Y/Y of that real money stock?",
    [["M2"], ["CPIAUCSL"]], ["derive", "convert"], ("1990-01", "2019-12"), "M",
    [D("expression", [0, 1], "real_m2_yoy = yoy_pct(M2 / CPIAUCSL)")]),
  T("velocity now: nominal GDP over M2, quarterly",
    [["GDP"], ["M2"]], ["search", "build_table", "derive", "convert"], ("1990-01", "2019-12"), "Q",
    [D("ratio", [0, 1], "velocity = GDP / M2")]))

# b21-38 ------------------------------------------------------------------------------
S("Cyclical component of budget balances and the output gap",
  "WEO structural balance (% of potential GDP) vs headline net lending (% of GDP) for four advanced economies. "
  "Trap: the primary balance `WEOApr2024|Canada|General government primary net lending/borrowing|Percent of GDP` is a near-twin "
  "of headline net lending.",
  T("structural balance (% potential GDP) + headline net lending/borrowing (% GDP), WEO: UK, US, Japan, Canada, 2005-2023",
    [[w("United Kingdom", STRUCT)], [w("United States", STRUCT)], [w("Japan", STRUCT)], [w("Canada", STRUCT)],
     [w("United Kingdom", NL)], [w("United States", NL)], [w("Japan", NL)], [w("Canada", NL)]], SB, ("2005-01", "2023-12")),
  T("Headline net of structural for each country = cyclical plus one-offs.",
    [[w("United Kingdom", STRUCT)], [w("United States", STRUCT)], [w("Japan", STRUCT)], [w("Canada", STRUCT)],
     [w("United Kingdom", NL)], [w("United States", NL)], [w("Japan", NL)], [w("Canada", NL)]], ["derive"],
    ("2005-01", "2023-12"), None,
    [D("spread", [4, 0], "gbr_cyc = NL_GBR - STRUCT_GBR"), D("spread", [5, 1], "usa_cyc = NL_USA - STRUCT_USA"),
     D("spread", [6, 2], "jpn_cyc = NL_JPN - STRUCT_JPN"), D("spread", [7, 3], "can_cyc = NL_CAN - STRUCT_CAN")]),
  T("set that cyclical bit against the output gap — cyclical divided by the gap, a crude budget semi-elasticity",
    [[w("United Kingdom", STRUCT)], [w("United States", STRUCT)], [w("Japan", STRUCT)], [w("Canada", STRUCT)],
     [w("United Kingdom", NL)], [w("United States", NL)], [w("Japan", NL)], [w("Canada", NL)],
     [w("United Kingdom", GAP)], [w("United States", GAP)], [w("Japan", GAP)], [w("Canada", GAP)]], SBD,
    ("2005-01", "2023-12"), None,
    [D("expression", [4, 0, 8], "gbr_el = (NL_GBR - STRUCT_GBR) / GAP_GBR"),
     D("expression", [5, 1, 9], "usa_el = (NL_USA - STRUCT_USA) / GAP_USA"),
     D("expression", [6, 2, 10], "jpn_el = (NL_JPN - STRUCT_JPN) / GAP_JPN"),
     D("expression", [7, 3, 11], "can_el = (NL_CAN - STRUCT_CAN) / GAP_CAN")]))

# b21-39 ------------------------------------------------------------------------------
S("Pre-EMU policy-rate convergence",
  "Legacy national BIS series end in December 1998. "
  "Trap: `M.XM` (euro area, from 1999) does not cover the window; `M.PT` and `M.NL` are other legacy rates not asked for.",
  T("Legacy pre-euro policy rates from BIS — Bundesbank, Banque de France, Banca d'Italia, Banco de España — 1990 to 1998, monthly.",
    [["M.DE"], ["M.FR"], ["M.IT"], ["M.ES"]], SB, ("1990-01", "1998-12")),
  T("Spreads over Germany for each of the other three.",
    [["M.DE"], ["M.FR"], ["M.IT"], ["M.ES"]], ["derive"], ("1990-01", "1998-12"), None,
    [D("spread", [1, 0], "fr_de = M.FR - M.DE"), D("spread", [2, 0], "it_de = M.IT - M.DE"),
     D("spread", [3, 0], "es_de = M.ES - M.DE")]),
  T("date the convergence: changepoints in the spread for Italy vs Germany, then chart it",
    [["M.IT"], ["M.DE"]], ["changepoints", "chart"], ("1990-01", "1998-12")))

# b21-40 ------------------------------------------------------------------------------
S("CBRT vs Fed: rate gap net of the inflation gap",
  "BIS Türkiye rate against FRED effective funds; EVDS and FRED CPI; then WEO average inflation on an annual table. "
  "Trap: `TP.FE.OKTG01` is a special-coverage CPI; `CPIAUCNS` unadjusted; `DFF` daily funds without observations.",
  T("CBRT one-week repo (BIS) minus effective fed funds, monthly, 2021 to 2023",
    [["M.TR"], ["FEDFUNDS"]], SBD, ("2021-01", "2023-12"), "M",
    [D("spread", [0, 1], "tr_us = M.TR - FEDFUNDS")]),
  T("Now add TÜFE y/y from EVDS and US CPI-U y/y — the inflation differential, Türkiye minus US",
    [["M.TR"], ["FEDFUNDS"], ["TP.FG.J0"], ["CPIAUCSL"]], SBD, ("2021-01", "2023-12"), "M",
    [D("expression", [2, 3], "infl_diff = yoy_pct(TP.FG.J0) - yoy_pct(CPIAUCSL)")]),
  T("annual version: swap both CPIs for WEO average inflation for the two countries, and give the rate gap net of the inflation gap",
    [["M.TR"], ["FEDFUNDS"], [w(TR, INF)], [w("United States", INF)]],
    ["search", "build_table", "derive", "convert"], ("2021-01", "2023-12"), "A",
    [D("expression", [0, 1, 2, 3], "real_gap = (M.TR - FEDFUNDS) - (INF_TUR - INF_USA)")]))


# ============================================================================ write
def main():
    assert len(SCEN) == 40, len(SCEN)
    periods = {}
    lines = []
    for n, s in enumerate(SCEN, 1):
        sid = "b21-%02d" % n
        turns = []
        periods[sid] = {}
        for ti, t in enumerate(s["turns"]):
            t = dict(t)
            periods[sid][str(ti)] = t.pop("_window")
            turns.append(t)
        lines.append(json.dumps({"id": sid, "title": s["title"], "turns": turns, "notes": s["notes"]},
                                ensure_ascii=False))
    with open(OUT_SCEN, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    with open(OUT_PER, "w", encoding="utf-8") as f:
        json.dump(periods, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("wrote %d scenarios to %s and windows to %s" % (len(SCEN), OUT_SCEN, OUT_PER))


if __name__ == "__main__":
    main()

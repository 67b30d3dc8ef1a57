#!/usr/bin/env python3
"""Build the blind18 scenario set.

Writes ../scenarios-blind18.jsonl (one scenario a line) and periods-blind18.json
({scenario id: {turn index: [start YYYY-MM, end YYYY-MM]}}) next to this file.
Written blind: only the raw files under /work/shared/catalogs and the format notes in
/work/shared/eval/README.md were consulted. Run validate.py afterwards.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "scenarios-blind18.jsonl")
PER = os.path.join(HERE, "periods-blind18.json")

# WEO subject shorthands: (Subject Descriptor, Units)
S = {
    "gdp_usd": ("Gross domestic product, current prices", "U.S. dollars"),
    "gdp_ppp": ("Gross domestic product, current prices", "Purchasing power parity; international dollars"),
    "gdp_nc": ("Gross domestic product, current prices", "National currency"),
    "gdp_fy": ("Gross domestic product corresponding to fiscal year, current prices", "National currency"),
    "gdp_real_g": ("Gross domestic product, constant prices", "Percent change"),
    "gdppc_usd": ("Gross domestic product per capita, current prices", "U.S. dollars"),
    "deflator": ("Gross domestic product, deflator", "Index"),
    "cpi_avg_idx": ("Inflation, average consumer prices", "Index"),
    "cpi_avg": ("Inflation, average consumer prices", "Percent change"),
    "cpi_eop": ("Inflation, end of period consumer prices", "Percent change"),
    "unemp": ("Unemployment rate", "Percent of total labor force"),
    "empl": ("Employment", "Persons"),
    "pop": ("Population", "Persons"),
    "gap": ("Output gap in percent of potential GDP", "Percent of potential GDP"),
    "rev_pct": ("General government revenue", "Percent of GDP"),
    "rev_nc": ("General government revenue", "National currency"),
    "exp_pct": ("General government total expenditure", "Percent of GDP"),
    "nlb_pct": ("General government net lending/borrowing", "Percent of GDP"),
    "pnlb_pct": ("General government primary net lending/borrowing", "Percent of GDP"),
    "gdebt_pct": ("General government gross debt", "Percent of GDP"),
    "gdebt_nc": ("General government gross debt", "National currency"),
    "ndebt_pct": ("General government net debt", "Percent of GDP"),
    "ca_pct": ("Current account balance", "Percent of GDP"),
    "ca_usd": ("Current account balance", "U.S. dollars"),
    "savings": ("Gross national savings", "Percent of GDP"),
    "invest": ("Total investment", "Percent of GDP"),
    "xvol_gs": ("Volume of exports of goods and services", "Percent change"),
    "xvol_g": ("Volume of exports of goods", "Percent change"),
    "ppp_share": ("Gross domestic product based on purchasing-power-parity (PPP) share of world total", "Percent"),
}


def W(country, key):
    s, u = S[key]
    return "WEOApr2024|%s|%s|%s" % (country, s, u)


def D(op, inputs, note):
    return {"op": op, "inputs": inputs, "note": note}


def T(user, needs, actions, win, freq=None, derives=None):
    t = {"user": user, "needs": [n if isinstance(n, list) else [n] for n in needs], "actions": actions}
    if freq:
        t["frequency"] = freq
    if derives:
        t["derives"] = derives
    return t, win


SCEN = []


def add(title, turns, notes):
    sid = "b18-%02d" % (len(SCEN) + 1)
    SCEN.append((sid, title, turns, notes))


# ---------------------------------------------------------------------------- 01
add("US federal debt against nominal GDP, with a units mismatch", [
    T("need total US public debt and nominal GDP, quarterly, 2000 through 2024.",
      ["GFDEBTN", "GDP"], ["search", "build_table"], ("2000-01", "2024-12")),
    T("express the debt as % of GDP. careful: one of them is in millions, the other in billions.",
      ["GFDEBTN", "GDP"], ["derive"], ("2000-01", "2024-12"),
      derives=[D("ratio", [0, 1], "debt_pct_gdp = (GFDEBTN / 1000) / GDP * 100; GFDEBTN is millions of USD (end of quarter), GDP billions SAAR")]),
    T("where does that ratio jump? run changepoints and chart it.",
      ["GFDEBTN", "GDP"], ["changepoints", "chart"], ("2000-01", "2024-12")),
], "Trap: `GFDEGDQ188S` is FRED's ready-made debt/GDP ratio (SA, no observations here) and `GDPC1` is real GDP; `GDPA` is the annual twin. Forgetting the /1000 gives ratios near 100,000%. Expected level shifts around 2008-09 and 2020Q2.")

# ---------------------------------------------------------------------------- 02
add("Euro area, US and UK policy rates and their gaps", [
    T("Policy rates for the euro area, the US and the UK, monthly, Jan 2008 to Dec 2023. Quick pls, board pack due.",
      ["M.XM", "M.US", "M.GB"], ["search", "build_table"], ("2008-01", "2023-12")),
    T("Now the gap of each of the other two against the Fed.",
      ["M.XM", "M.US", "M.GB"], ["derive"], ("2008-01", "2023-12"),
      derives=[D("spread", [0, 1], "xm_minus_us = M.XM - M.US (percentage points)"),
               D("spread", [2, 1], "gb_minus_us = M.GB - M.US (percentage points)")]),
    T("now yearly averages of all three rates, and a chart.",
      ["M.XM", "M.US", "M.GB"], ["convert", "build_table", "chart"], ("2008-01", "2023-12"), freq="A"),
], "Trap: `FEDFUNDS` is the effective federal funds rate from FRED, not the BIS policy-rate series; `M.DE` is pre-euro Germany and stops in 1998. BIS euro-area series is the main refinancing rate (never negative).")

# ---------------------------------------------------------------------------- 03
add("Türkiye CPI rebased, annual inflation and the policy-rate gap", [
    T("Hello, I would like the Turkish consumer price index from TURKSTAT (base 2003=100), monthly, January 2020 until October 2025, please.",
      ["TP.FG.J0"], ["search", "build_table"], ("2020-01", "2025-10")),
    T("Could you rebase it so that January 2020 is 100, and also give me the change over twelve months?",
      ["TP.FG.J0"], ["derive"], ("2020-01", "2025-10"),
      derives=[D("index", [0], "cpi_2020m1 = TP.FG.J0 / TP.FG.J0[2020-01] * 100"),
               D("yoy_pct", [0], "infl_yoy = (TP.FG.J0_t / TP.FG.J0_{t-12} - 1) * 100")]),
    T("Thank you. Now please put the central bank policy rate beside it and show the rate minus that annual inflation, only 2021 to 2023.",
      ["TP.FG.J0", "M.TR"], ["search", "build_table", "derive"], ("2021-01", "2023-12"), freq="M",
      derives=[D("expression", [1, 0], "real_gap = M.TR - (TP.FG.J0_t / TP.FG.J0_{t-12} - 1) * 100, in percentage points")]),
], "Trap: `TP.FG.J01` is the food and non-alcoholic beverages sub-index, not the headline; `TP.FE.OKTG02` is CPI excluding seasonal products. TP.FG.J0 observations come from observations/turkstat (2020-01..2025-10); M.TR ends 2023-12. The gap bottoms near -75pp in Oct-Nov 2022 and narrows to about -22pp by Dec 2023.")

# ---------------------------------------------------------------------------- 04
add("Weight of the US, China and India in their combined GDP", [
    T("For a piece on shifting economic weight: IMF nominal GDP in US dollars for the United States, China and India, 2000-2023.",
      [W("United States", "gdp_usd"), W("China", "gdp_usd"), W("India", "gdp_usd")], ["search", "build_table"], ("2000-01", "2023-12")),
    T("What share of the three-country total does each have, year by year?",
      [W("United States", "gdp_usd"), W("China", "gdp_usd"), W("India", "gdp_usd")], ["derive"], ("2000-01", "2023-12"),
      derives=[D("share", [0, 1, 2], "share_us = US / (US + CN + IN) * 100"),
               D("share", [1, 0, 2], "share_cn = CN / (US + CN + IN) * 100"),
               D("share", [2, 0, 1], "share_in = IN / (US + CN + IN) * 100")]),
    T("Same exercise with PPP GDP in international dollars - does China pass the US on that measure?",
      [W("United States", "gdp_ppp"), W("China", "gdp_ppp"), W("India", "gdp_ppp")], ["search", "build_table", "derive"], ("2000-01", "2023-12"),
      derives=[D("share", [1, 0, 2], "share_cn_ppp = CN_ppp / (US_ppp + CN_ppp + IN_ppp) * 100")]),
], "Trap: `WEOApr2024|China|Gross domestic product based on purchasing-power-parity (PPP) share of world total|Percent` is a share of the world, not of the three; `WEOApr2024|China|Gross domestic product, current prices|National currency` is in yuan. China's PPP GDP exceeds the US from 2017.")

# ---------------------------------------------------------------------------- 05
add("Canada: IFS quarterly GDP, Bank of Canada rate, and a WEO cross-check", [
    T("I need Canadian nominal GDP, seasonally adjusted, quarterly, from IMF IFS, 2005Q1-2023Q4, together with the Bank of Canada policy rate averaged to quarters.",
      ["NGDP_SA_XDC", "M.CA"], ["search", "build_table", "convert"], ("2005-01", "2023-12"), freq="Q"),
    T("Add annualised quarter-on-quarter growth of GDP.",
      ["NGDP_SA_XDC"], ["derive"], ("2005-01", "2023-12"),
      derives=[D("pct_change", [0], "gdp_qoq_ann = ((NGDP_SA_XDC_t / NGDP_SA_XDC_{t-1})^4 - 1) * 100")]),
    T("Now go yearly: sum the IFS quarters and set them against the WEO figure for Canadian GDP in national currency. IFS is in millions, WEO in billions, so the ratio should be close to 1.",
      ["NGDP_SA_XDC", W("Canada", "gdp_nc")], ["search", "build_table", "convert", "derive"], ("2005-01", "2023-12"), freq="A",
      derives=[D("ratio", [0, 1], "check = (sum of 4 quarters of NGDP_SA_XDC / 1000) / WEO_CA_gdp_nc; IFS quarterly levels in millions CAD, WEO billions CAD")]),
], "IFS area: CA. Trap: `NGDP_XDC` is the unadjusted twin and `NGDP_R_SA_XDC` is real GDP; `WEOApr2024|Canada|Gross domestic product, current prices|U.S. dollars` is in USD. IFS quarterly values are not annualised (about 567,000 million CAD in 2019Q1).")

# ---------------------------------------------------------------------------- 06
add("Unemployment: BLS monthly against the IMF for North America", [
    T("jobless rates pls: US monthly from BLS, plus IMF annual unemplyment for the US, Canada and Mexico. 2000-2019, one annual table.",
      ["UNRATE", W("United States", "unemp"), W("Canada", "unemp"), W("Mexico", "unemp")],
      ["search", "build_table", "convert"], ("2000-01", "2019-12"), freq="A"),
    T("diff between the BLS annual average and the IMF US number. should be ~0, right?",
      ["UNRATE", W("United States", "unemp")], ["convert", "derive"], ("2000-01", "2019-12"), freq="A",
      derives=[D("spread", [0, 1], "bls_minus_imf = mean_year(UNRATE) - WEO_US_unemp (pp)")]),
    T("ok drop the US. chart Canada minus Mexico.",
      [W("Canada", "unemp"), W("Mexico", "unemp")], ["derive", "chart"], ("2000-01", "2019-12"),
      derives=[D("spread", [0, 1], "ca_minus_mx = WEO_CA_unemp - WEO_MX_unemp (pp)")]),
], "Trap: `UNRATENSA` is the not-seasonally-adjusted twin; `WEOApr2024|Mexico|Employment|Persons` is a level in millions, not a rate. The BLS annual mean and WEO US figure should agree to within about 0.1pp.")

# ---------------------------------------------------------------------------- 07
add("Treasury curve spreads and the implied 10-year yield", [
    T("10y-3m and 10y-minus-fed-funds spreads, monthly avgs, 1990-2019.",
      ["T10Y3M", "T10YFF"], ["search", "build_table", "convert"], ("1990-01", "2019-12"), freq="M"),
    T("add effective FF (monthly) and back out the 10y yield itself = FF + the 10y-FF spread",
      ["T10YFF", "FEDFUNDS"], ["search", "build_table", "convert", "derive"], ("1990-01", "2019-12"), freq="M",
      derives=[D("expression", [0, 1], "ten_year = mean_month(T10YFF) + FEDFUNDS (percent)")]),
    T("changepoints in the 10y-3m, chart it w/ the implied 10y",
      ["T10Y3M", "T10YFF", "FEDFUNDS"], ["convert", "changepoints", "chart"], ("1990-01", "2019-12"), freq="M"),
], "Trap: `T10Y2Y` is the 10y-2y spread; `T10Y3MM` and `T10YFFM` are monthly twins with no observations here (daily series must be averaged); `DFF` is the daily funds rate. The 10y-3m spread inverts in 2000, 2006-07 and 2019.")

# ---------------------------------------------------------------------------- 08
add("Mix of US bank lending: business, consumer, home equity", [
    T("C&I loans, consumer loans and revolving home-equity loans at all US commercial banks, seasonally adjusted, monthly 2000-2019.",
      ["BUSLOANS", "CONSUMER", "RHEACBW027SBOG"], ["search", "build_table", "convert"], ("2000-01", "2019-12"), freq="M"),
    T("What share of the three-way total is home equity each month?",
      ["BUSLOANS", "CONSUMER", "RHEACBW027SBOG"], ["convert", "derive"], ("2000-01", "2019-12"), freq="M",
      derives=[D("share", [2, 0, 1], "heloc_share = RHEACBW027SBOG / (BUSLOANS + CONSUMER + RHEACBW027SBOG) * 100; all billions USD, weekly series averaged to months")]),
    T("and consumer loan growth y/y — where does it break?",
      ["CONSUMER"], ["derive", "changepoints"], ("2000-01", "2019-12"),
      derives=[D("yoy_pct", [0], "consumer_yoy = (CONSUMER_t / CONSUMER_{t-12} - 1) * 100")]),
], "Trap: `RHEACBW027NBOG` and `CONSUMERNSA` are the not-seasonally-adjusted twins; `BUSLOANSNSA` likewise. RHEACBW027SBOG is weekly (Wednesdays) and must be averaged to months. Home-equity share rises from about 6.5% (2000) to a peak near 23% in early 2010, then declines.")

# ---------------------------------------------------------------------------- 09
add("Real money: M2 deflated by CPI", [
    T("Pull M2 (the weekly H.6 one) and headline CPI, monthly averages, 1990 to 2019.",
      ["M2", "CPIAUCSL"], ["search", "build_table", "convert"], ("1990-01", "2019-12"), freq="M"),
    T("Deflate M2 by the CPI so I get real money in 1982-84 dollars.",
      ["M2", "CPIAUCSL"], ["convert", "derive"], ("1990-01", "2019-12"), freq="M",
      derives=[D("ratio", [0, 1], "real_m2 = mean_month(M2) / CPIAUCSL * 100, billions of 1982-84 USD")]),
    T("Then year-on-year growth of both, and the gap between them.",
      ["M2", "CPIAUCSL"], ["convert", "derive"], ("1990-01", "2019-12"), freq="M",
      derives=[D("yoy_pct", [0], "m2_yoy = (M2_t / M2_{t-12} - 1) * 100"),
               D("yoy_pct", [1], "cpi_yoy = (CPIAUCSL_t / CPIAUCSL_{t-12} - 1) * 100"),
               D("expression", [0, 1], "excess_money = m2_yoy - cpi_yoy (pp)")]),
], "Trap: `M2REAL` is FRED's ready-made real M2 (no observations here); `WM2NS` is the weekly unadjusted twin and `CPIAUCNS` the unadjusted CPI. M2 here is the discontinued weekly SA series, observations to 2020-02.")

# ---------------------------------------------------------------------------- 10
add("Latin American policy rates", [
    T("Policy rates for Brazil, Chile, Colombia, Mexico and Peru — monthly, Jan 2010 to Dec 2023.",
      ["M.BR", "M.CL", "M.CO", "M.MX", "M.PE"], ["search", "build_table"], ("2010-01", "2023-12")),
    T("drop Peru. changepoints for each of the other four",
      ["M.BR", "M.CL", "M.CO", "M.MX"], ["changepoints"], ("2010-01", "2023-12")),
    T("chart those four plus their simple average",
      ["M.BR", "M.CL", "M.CO", "M.MX"], ["derive", "chart"], ("2010-01", "2023-12"),
      derives=[D("expression", [0, 1, 2, 3], "avg4 = (M.BR + M.CL + M.CO + M.MX) / 4 (percent)")]),
], "Trap: `M.AR` is Argentina (a neighbour, with a missing month in 2001); `WEOApr2024|Brazil|Inflation, average consumer prices|Percent change` is inflation, not a rate. Hiking cycles start 2021 in all four.")

# ---------------------------------------------------------------------------- 11
add("Big euro-area budgets: revenue, spending and the balance", [
    T("General government revenue and total expenditure, both in % of GDP, for France, Italy, Spain and Germany, 2000-2023 (IMF WEO).",
      [W("France", "rev_pct"), W("France", "exp_pct"), W("Italy", "rev_pct"), W("Italy", "exp_pct"),
       W("Spain", "rev_pct"), W("Spain", "exp_pct"), W("Germany", "rev_pct"), W("Germany", "exp_pct")],
      ["search", "build_table"], ("2000-01", "2023-12")),
    T("compute each country's balance as revenue minus spending",
      [W("France", "rev_pct"), W("France", "exp_pct"), W("Italy", "rev_pct"), W("Italy", "exp_pct"),
       W("Spain", "rev_pct"), W("Spain", "exp_pct"), W("Germany", "rev_pct"), W("Germany", "exp_pct")],
      ["derive"], ("2000-01", "2023-12"),
      derives=[D("spread", [0, 1], "bal_fr = rev - exp (% of GDP)"), D("spread", [2, 3], "bal_it = rev - exp"),
               D("spread", [4, 5], "bal_es = rev - exp"), D("spread", [6, 7], "bal_de = rev - exp")]),
    T("does that match the IMF's own net lending/borrowing? add it for Italy and Spain only and show the discrepancy",
      [W("Italy", "rev_pct"), W("Italy", "exp_pct"), W("Italy", "nlb_pct"),
       W("Spain", "rev_pct"), W("Spain", "exp_pct"), W("Spain", "nlb_pct")],
      ["search", "build_table", "derive"], ("2000-01", "2023-12"),
      derives=[D("expression", [0, 1, 2], "disc_it = (rev - exp) - net_lending (pp of GDP)"),
               D("expression", [3, 4, 5], "disc_es = (rev - exp) - net_lending (pp of GDP)")]),
], "Trap: `WEOApr2024|Italy|General government primary net lending/borrowing|Percent of GDP` excludes interest; `WEOApr2024|Spain|General government revenue|National currency` is in billions of euros. The discrepancy should be near zero.")

# ---------------------------------------------------------------------------- 12
add("EUR/USD and the transatlantic rate differential", [
    T("EUR/USD spot (daily) as monthly average, 2000-2019, alongside ECB and Fed policy rates.",
      ["DEXUSEU", "M.XM", "M.US"], ["search", "build_table", "convert"], ("2000-01", "2019-12"), freq="M"),
    T("rate differential, US minus euro area",
      ["M.XM", "M.US"], ["derive"], ("2000-01", "2019-12"),
      derives=[D("spread", [1, 0], "diff_us_xm = M.US - M.XM (pp)")]),
    T("quarterly instead — average EUR/USD and the differential, chart both",
      ["DEXUSEU", "M.XM", "M.US"], ["convert", "build_table", "derive", "chart"], ("2000-01", "2019-12"), freq="Q",
      derives=[D("spread", [2, 1], "diff_us_xm_q = mean_q(M.US) - mean_q(M.XM) (pp)")]),
], "Trap: `DEXJPUS` is yen per dollar; `DEXUSEU` is dollars per euro so a rise is a weaker dollar. The monthly FRED twin has no observations here, so the daily series must be averaged.")

# ---------------------------------------------------------------------------- 13
add("Commodity-currency central banks against the Fed", [
    T("RBA, RBNZ, Bank of Canada, Norges Bank — policy rates, monthly, 2000 to end-2023",
      ["M.AU", "M.NZ", "M.CA", "M.NO"], ["search", "build_table"], ("2000-01", "2023-12")),
    T("each one's spread over the US policy rate (BIS series, not effective FF)",
      ["M.AU", "M.NZ", "M.CA", "M.NO", "M.US"], ["search", "build_table", "derive"], ("2000-01", "2023-12"),
      derives=[D("spread", [0, 4], "au_us = M.AU - M.US"), D("spread", [1, 4], "nz_us = M.NZ - M.US"),
               D("spread", [2, 4], "ca_us = M.CA - M.US"), D("spread", [3, 4], "no_us = M.NO - M.US")]),
    T("quartely averages of the NZ minus AU gap, with changepoints",
      ["M.NZ", "M.AU"], ["convert", "build_table", "derive", "changepoints"], ("2000-01", "2023-12"), freq="Q",
      derives=[D("spread", [0, 1], "nz_au = mean_q(M.NZ) - mean_q(M.AU) (pp)")]),
], "Trap: `FEDFUNDS` is the effective rate, explicitly excluded by the user; `M.SE` is Sweden, a neighbour of Norway. NZ ran 1 to 1.75pp above Australia in 2006-08.")

# ---------------------------------------------------------------------------- 14
add("GDP per head in four African economies, built from levels", [
    T("GDP in current US dollars and population for Nigeria, Egypt, South Africa and Kenya, 2000-2023.",
      [W("Nigeria", "gdp_usd"), W("Nigeria", "pop"), W("Egypt", "gdp_usd"), W("Egypt", "pop"),
       W("South Africa", "gdp_usd"), W("South Africa", "pop"), W("Kenya", "gdp_usd"), W("Kenya", "pop")],
      ["search", "build_table"], ("2000-01", "2023-12")),
    T("divide to get GDP per person in dollars — the first is in billions and the second in millions, so mind the factor",
      [W("Nigeria", "gdp_usd"), W("Nigeria", "pop"), W("Egypt", "gdp_usd"), W("Egypt", "pop"),
       W("South Africa", "gdp_usd"), W("South Africa", "pop"), W("Kenya", "gdp_usd"), W("Kenya", "pop")],
      ["derive"], ("2000-01", "2023-12"),
      derives=[D("ratio", [0, 1], "pc_ng = GDP_bn / POP_mn * 1000 (USD per person)"),
               D("ratio", [2, 3], "pc_eg = GDP_bn / POP_mn * 1000"),
               D("ratio", [4, 5], "pc_za = GDP_bn / POP_mn * 1000"),
               D("ratio", [6, 7], "pc_ke = GDP_bn / POP_mn * 1000")]),
    T("check those against the IMF's own per-capita dollar series for Nigeria and Kenya; ratio should be 1",
      [W("Nigeria", "gdp_usd"), W("Nigeria", "pop"), W("Nigeria", "gdppc_usd"),
       W("Kenya", "gdp_usd"), W("Kenya", "pop"), W("Kenya", "gdppc_usd")],
      ["search", "build_table", "derive"], ("2000-01", "2023-12"),
      derives=[D("expression", [0, 1, 2], "chk_ng = (GDP_bn * 1000 / POP_mn) / GDPPC_usd"),
               D("expression", [3, 4, 5], "chk_ke = (GDP_bn * 1000 / POP_mn) / GDPPC_usd")]),
], "Trap: `WEOApr2024|Nigeria|Gross domestic product per capita, current prices|Purchasing power parity; international dollars` is PPP, not USD; `WEOApr2024|Kenya|Gross domestic product per capita, constant prices|National currency` is real local currency.")

# ---------------------------------------------------------------------------- 15
add("Industrial output per payroll job", [
    T("Industrial production index and total nonfarm payrolls, monthly, SA, 1990-2019.",
      ["INDPRO", "PAYEMS"], ["search", "build_table"], ("1990-01", "2019-12")),
    T("Ratio of IP to payrolls, rebased so Jan 2000 = 100.",
      ["INDPRO", "PAYEMS"], ["derive"], ("1990-01", "2019-12"),
      derives=[D("ratio", [0, 1], "ip_per_job = (INDPRO / PAYEMS) / (INDPRO / PAYEMS)[2000-01] * 100; PAYEMS in thousands")]),
    T("now annual averages, and chart it",
      ["INDPRO", "PAYEMS"], ["convert", "build_table", "chart"], ("1990-01", "2019-12"), freq="A"),
], "Trap: `IPB50001N` is unadjusted industrial production and `PAYNSA` unadjusted payrolls; `CPIAUCSL` is not an output index. INDPRO observations come from two files (INDPRO.csv and INDPRO_2020.csv) that overlap.")

# ---------------------------------------------------------------------------- 16
add("Southeast Asia and Korea: policy rates net of inflation", [
    T("Policy rates for Indonesia, Malaysia, Thailand, the Philippines and Korea, yearly averages, 2006-2023.",
      ["M.ID", "M.MY", "M.TH", "M.PH", "M.KR"], ["search", "build_table", "convert"], ("2006-01", "2023-12"), freq="A"),
    T("add IMF average consumer-price inflation for the same five, and take rate minus inflation for each",
      ["M.ID", "M.MY", "M.TH", "M.PH", "M.KR",
       W("Indonesia", "cpi_avg"), W("Malaysia", "cpi_avg"), W("Thailand", "cpi_avg"), W("Philippines", "cpi_avg"), W("Korea", "cpi_avg")],
      ["search", "build_table", "convert", "derive"], ("2006-01", "2023-12"), freq="A",
      derives=[D("spread", [0, 5], "real_id = mean_year(M.ID) - WEO_ID_cpi_avg"), D("spread", [1, 6], "real_my = mean_year(M.MY) - WEO_MY_cpi_avg"),
               D("spread", [2, 7], "real_th = mean_year(M.TH) - WEO_TH_cpi_avg"), D("spread", [3, 8], "real_ph = mean_year(M.PH) - WEO_PH_cpi_avg"),
               D("spread", [4, 9], "real_kr = mean_year(M.KR) - WEO_KR_cpi_avg")]),
    T("drop Korea and chart the remaining four real rates",
      ["M.ID", "M.MY", "M.TH", "M.PH",
       W("Indonesia", "cpi_avg"), W("Malaysia", "cpi_avg"), W("Thailand", "cpi_avg"), W("Philippines", "cpi_avg")],
      ["convert", "chart"], ("2006-01", "2023-12"), freq="A"),
], "Trap: `WEOApr2024|Indonesia|Inflation, end of period consumer prices|Percent change` is December-on-December, not the average; `M.CN` is a neighbouring economy. M.ID starts 2005-07 so the window starts 2006.")

# ---------------------------------------------------------------------------- 17
add("Global current-account imbalances", [
    T("current account balance as % of GDP: Germany, China, US. 2000-2023",
      [W("Germany", "ca_pct"), W("China", "ca_pct"), W("United States", "ca_pct")], ["search", "build_table"], ("2000-01", "2023-12")),
    T("and the same in US$ bn. How much of the US deficit do the German plus Chinese surpluses cover?",
      [W("Germany", "ca_usd"), W("China", "ca_usd"), W("United States", "ca_usd")], ["search", "build_table", "derive"], ("2000-01", "2023-12"),
      derives=[D("expression", [0, 1, 2], "cover = (DE_ca + CN_ca) / (-US_ca) * 100, all billions USD")]),
    T("any breaks in China's ratio? chart that one",
      [W("China", "ca_pct")], ["changepoints", "chart"], ("2000-01", "2023-12")),
], "Trap: `WEOApr2024|China|Gross national savings|Percent of GDP` is saving, not the balance; `WEOApr2024|Germany|Current account balance|Percent of GDP` appears in turn 1 only. China's surplus peaks near 10% of GDP in 2007.")

# ---------------------------------------------------------------------------- 18
add("Mexico: quarterly GDP, Banxico, and a rough real-growth check", [
    T("Mexico — seasonally adjusted nominal GDP from IFS (quarterly) plus Banxico's policy rate as quarterly averages, 2000 to 2022.",
      ["NGDP_SA_XDC", "M.MX"], ["search", "build_table", "convert"], ("2000-01", "2022-12"), freq="Q"),
    T("year-on-year growth of that GDP from the quarterly numbers",
      ["NGDP_SA_XDC"], ["derive"], ("2000-01", "2022-12"),
      derives=[D("yoy_pct", [0], "gdp_yoy = (NGDP_SA_XDC_t / NGDP_SA_XDC_{t-4} - 1) * 100")]),
    T("annual now: IFS GDP summed to years, with IMF average inflation for Mexico; nominal growth minus inflation as a rough real growth",
      ["NGDP_SA_XDC", W("Mexico", "cpi_avg")], ["search", "build_table", "convert", "derive"], ("2000-01", "2022-12"), freq="A",
      derives=[D("expression", [0, 1], "rough_real = pct_change(sum_year(NGDP_SA_XDC)) - WEO_MX_cpi_avg (pp)")]),
], "IFS area: MX. Trap: `WEOApr2024|Mexico|Gross domestic product, constant prices|Percent change` is the proper real growth rate (not asked for); `NGDP_NSA_XDC` is unadjusted. IFS Mexico ends 2023Q3, so the window stops in 2022.")

# ---------------------------------------------------------------------------- 19
add("Bank loan delinquencies and unemployment", [
    T("delinquency rate on all loans at commercial banks (SA) and the unemployment rate, quarterly, 1990-2019",
      ["DRALACBS", "UNRATE"], ["search", "build_table", "convert"], ("1990-01", "2019-12"), freq="Q"),
    T("ratio of delinquency to unemployment",
      ["DRALACBS", "UNRATE"], ["convert", "derive"], ("1990-01", "2019-12"), freq="Q",
      derives=[D("ratio", [0, 1], "delinq_per_unemp = DRALACBS / mean_q(UNRATE)")]),
    T("breaks in the delinquency rate, and chart both",
      ["DRALACBS", "UNRATE"], ["convert", "changepoints", "chart"], ("1990-01", "2019-12"), freq="Q"),
], "Trap: `DRALACBN` is the unadjusted delinquency rate; `UNRATENSA` the unadjusted unemployment rate. Delinquency peaks in 2010 near 7.5%.")

# ---------------------------------------------------------------------------- 20
add("Türkiye: December inflation from the index against the IMF end-of-period figure", [
    T("Türkiye CPI index and the policy rate, monthly, Jan 2020 - Dec 2023",
      ["TP.FG.J0", "M.TR"], ["search", "build_table"], ("2020-01", "2023-12"), freq="M"),
    T("Make it annual: December-over-December inflation from the index, next to the IMF's end-of-period inflation for Türkiye, and the difference.",
      ["TP.FG.J0", W("Türkiye", "cpi_eop")], ["search", "build_table", "convert", "derive"], ("2020-01", "2023-12"), freq="A",
      derives=[D("expression", [0, 1], "gap = (TP.FG.J0[Dec] / TP.FG.J0[Dec-1] - 1) * 100 - WEO_TR_cpi_eop (pp)")]),
    T("same for the policy rate: year-end rate minus that end-of-period inflation",
      ["M.TR", W("Türkiye", "cpi_eop")], ["convert", "build_table", "derive"], ("2020-01", "2023-12"), freq="A",
      derives=[D("spread", [0, 1], "real_dec = M.TR[Dec] - WEO_TR_cpi_eop (pp)")]),
], "Trap: `WEOApr2024|Türkiye|Inflation, average consumer prices|Percent change` is the annual average, not end of period; `TP.FG.J01` is the food sub-index. Conversion to annual must take December (end of period), not the mean. 2020 has no prior December in the observations.")

# ---------------------------------------------------------------------------- 21
add("Gross versus net government debt", [
    T("gross and net general government debt, % of GDP, for Japan, Italy, the UK and the US, 2001-2023",
      [W("Japan", "gdebt_pct"), W("Japan", "ndebt_pct"), W("Italy", "gdebt_pct"), W("Italy", "ndebt_pct"),
       W("United Kingdom", "gdebt_pct"), W("United Kingdom", "ndebt_pct"), W("United States", "gdebt_pct"), W("United States", "ndebt_pct")],
      ["search", "build_table"], ("2001-01", "2023-12")),
    T("gap gross minus net for each",
      [W("Japan", "gdebt_pct"), W("Japan", "ndebt_pct"), W("Italy", "gdebt_pct"), W("Italy", "ndebt_pct"),
       W("United Kingdom", "gdebt_pct"), W("United Kingdom", "ndebt_pct"), W("United States", "gdebt_pct"), W("United States", "ndebt_pct")],
      ["derive"], ("2001-01", "2023-12"),
      derives=[D("spread", [0, 1], "jp = gross - net (pp of GDP)"), D("spread", [2, 3], "it = gross - net"),
               D("spread", [4, 5], "gb = gross - net"), D("spread", [6, 7], "us = gross - net")]),
    T("drop the US, add Portugal, same gap",
      [W("Japan", "gdebt_pct"), W("Japan", "ndebt_pct"), W("Italy", "gdebt_pct"), W("Italy", "ndebt_pct"),
       W("United Kingdom", "gdebt_pct"), W("United Kingdom", "ndebt_pct"), W("Portugal", "gdebt_pct"), W("Portugal", "ndebt_pct")],
      ["search", "build_table", "derive"], ("2001-01", "2023-12"),
      derives=[D("spread", [6, 7], "pt = gross - net (pp of GDP)")]),
], "Trap: `WEOApr2024|Japan|General government gross debt|National currency` is yen billions; `WEOApr2024|Greece|General government net debt|Percent of GDP` is all n/a, so Greece cannot be used. US WEO debt starts 2001. Japan's gap is the largest (about 70pp in 2001, about 97pp in 2023).")

# ---------------------------------------------------------------------------- 22
add("Saving rates: US households against national saving abroad", [
    T("US personal saving rate — it's monthly — as annual averages, 2000-2023",
      ["PSAVERT"], ["search", "build_table", "convert"], ("2000-01", "2023-12"), freq="A"),
    T("put IMF gross national saving (% of GDP) for the US, China and Germany next to it",
      ["PSAVERT", W("United States", "savings"), W("China", "savings"), W("Germany", "savings")],
      ["search", "build_table", "convert"], ("2000-01", "2023-12"), freq="A"),
    T("gap between China's and the US national saving rates, chart it",
      [W("China", "savings"), W("United States", "savings")], ["derive", "chart"], ("2000-01", "2023-12"),
      derives=[D("spread", [0, 1], "cn_minus_us = WEO_CN_savings - WEO_US_savings (pp of GDP)")]),
], "Trap: `WEOApr2024|United States|Total investment|Percent of GDP` is investment, not saving; PSAVERT is percent of disposable income, not of GDP, so the two US measures differ in level. The 2020 spike in PSAVERT averages to about 15%.")

# ---------------------------------------------------------------------------- 23
add("Central Europe's hiking cycle", [
    T("NBP, CNB, MNB and BNR policy rates, monthly, 2019 through 2023",
      ["M.PL", "M.CZ", "M.HU", "M.RO"], ["search", "build_table"], ("2019-01", "2023-12")),
    T("changepoints in each - when did the hiking actually start?",
      ["M.PL", "M.CZ", "M.HU", "M.RO"], ["changepoints"], ("2019-01", "2023-12")),
    T("spread of each over the ECB rate, and a chart of the four spreads",
      ["M.PL", "M.CZ", "M.HU", "M.RO", "M.XM"], ["search", "build_table", "derive", "chart"], ("2019-01", "2023-12"),
      derives=[D("spread", [0, 4], "pl_xm = M.PL - M.XM"), D("spread", [1, 4], "cz_xm = M.CZ - M.XM"),
               D("spread", [2, 4], "hu_xm = M.HU - M.XM"), D("spread", [3, 4], "ro_xm = M.RO - M.XM")]),
], "Trap: `M.HR` is Croatia (gaps from 2017 and stops 2022-07); `M.RS` is Serbia. Hikes begin mid-2021 (CZ 2021-06, HU 2021-06, PL 2021-10, RO 2021-10); the Hungarian base rate peaks at 13%.")

# ---------------------------------------------------------------------------- 24
add("Output gaps and an Okun check", [
    T("IMF output gaps (% of potential) for the US, UK, Japan and Canada, 2000-2023. For a lecture.",
      [W("United States", "gap"), W("United Kingdom", "gap"), W("Japan", "gap"), W("Canada", "gap")], ["search", "build_table"], ("2000-01", "2023-12")),
    T("Add their unemployment rates and the year-to-year change in each.",
      [W("United States", "gap"), W("United Kingdom", "gap"), W("Japan", "gap"), W("Canada", "gap"),
       W("United States", "unemp"), W("United Kingdom", "unemp"), W("Japan", "unemp"), W("Canada", "unemp")],
      ["search", "build_table", "derive"], ("2000-01", "2023-12"),
      derives=[D("diff", [4], "du_us = U_t - U_{t-1} (pp)"), D("diff", [5], "du_gb = U_t - U_{t-1}"),
               D("diff", [6], "du_jp = U_t - U_{t-1}"), D("diff", [7], "du_ca = U_t - U_{t-1}")]),
    T("For each country: output gap plus 2 times the change in unemployment, a crude Okun residual.",
      [W("United States", "gap"), W("United Kingdom", "gap"), W("Japan", "gap"), W("Canada", "gap"),
       W("United States", "unemp"), W("United Kingdom", "unemp"), W("Japan", "unemp"), W("Canada", "unemp")],
      ["derive"], ("2000-01", "2023-12"),
      derives=[D("expression", [0, 4], "okun_us = gap + 2 * diff(U)"), D("expression", [1, 5], "okun_gb = gap + 2 * diff(U)"),
               D("expression", [2, 6], "okun_jp = gap + 2 * diff(U)"), D("expression", [3, 7], "okun_ca = gap + 2 * diff(U)")]),
], "Trap: `WEOApr2024|Japan|Gross domestic product, constant prices|Percent change` is growth, not the gap; `WEOApr2024|Canada|General government structural balance|Percent of potential GDP` shares the unit but is fiscal.")

# ---------------------------------------------------------------------------- 25
add("Headline versus core US inflation", [
    T("Writing about US inflation: headline and core consumer price indexes, monthly, 2000 to 2019.",
      ["CPIAUCSL", "CPILFESL"], ["search", "build_table"], ("2000-01", "2019-12")),
    T("Give me annual inflation for both and the gap, headline minus core.",
      ["CPIAUCSL", "CPILFESL"], ["derive"], ("2000-01", "2019-12"),
      derives=[D("yoy_pct", [0], "head = (CPIAUCSL_t / CPIAUCSL_{t-12} - 1) * 100"),
               D("yoy_pct", [1], "core = (CPILFESL_t / CPILFESL_{t-12} - 1) * 100"),
               D("expression", [0, 1], "gap = head - core (pp)")]),
    T("Where did that gap shift regime? Changepoints and a chart for the readers.",
      ["CPIAUCSL", "CPILFESL"], ["changepoints", "chart"], ("2000-01", "2019-12")),
], "Trap: `CPIAUCNS` and `CPILFENS` are the unadjusted twins; `PCEPI` is the PCE price index. CPILFESL observations end 2020-01. The gap swings with energy, most in 2008-09 and 2014-15.")

# ---------------------------------------------------------------------------- 26
add("Consumer prices relative to the GDP deflator", [
    T("GDP deflator and average CPI index from the IMF for Brazil, India and South Africa, 2005 to 2023",
      [W("Brazil", "deflator"), W("Brazil", "cpi_avg_idx"), W("India", "deflator"), W("India", "cpi_avg_idx"),
       W("South Africa", "deflator"), W("South Africa", "cpi_avg_idx")], ["search", "build_table"], ("2005-01", "2023-12")),
    T("rebase all six to 2010 = 100",
      [W("Brazil", "deflator"), W("Brazil", "cpi_avg_idx"), W("India", "deflator"), W("India", "cpi_avg_idx"),
       W("South Africa", "deflator"), W("South Africa", "cpi_avg_idx")], ["derive"], ("2005-01", "2023-12"),
      derives=[D("index", [i], "rebased = X / X[2010] * 100") for i in range(6)]),
    T("then per country the ratio of rebased CPI to rebased deflator",
      [W("Brazil", "deflator"), W("Brazil", "cpi_avg_idx"), W("India", "deflator"), W("India", "cpi_avg_idx"),
       W("South Africa", "deflator"), W("South Africa", "cpi_avg_idx")], ["derive"], ("2005-01", "2023-12"),
      derives=[D("ratio", [1, 0], "br = (CPI/CPI[2010]) / (DEF/DEF[2010]) * 100"),
               D("ratio", [3, 2], "in = (CPI/CPI[2010]) / (DEF/DEF[2010]) * 100"),
               D("ratio", [5, 4], "za = (CPI/CPI[2010]) / (DEF/DEF[2010]) * 100")]),
], "Trap: `WEOApr2024|India|Inflation, end of period consumer prices|Index` is the December index, not the average; `WEOApr2024|Brazil|Inflation, average consumer prices|Percent change` is a rate, not an index. Base years differ by country, hence the rebase.")

# ---------------------------------------------------------------------------- 27
add("US nominal GDP: FRED against IFS, and a WEO dollar check", [
    T("US nominal GDP from FRED and from IMF IFS (seasonally adjusted), quarterly 2010-2023, side by side",
      ["GDP", "NGDP_SA_XDC"], ["search", "build_table"], ("2010-01", "2023-12"), freq="Q"),
    T("they don't line up. FRED is SAAR billions, IFS is a quarterly level in millions. Show FRED*1000 over 4*IFS.",
      ["GDP", "NGDP_SA_XDC"], ["derive"], ("2010-01", "2023-12"), freq="Q",
      derives=[D("ratio", [0, 1], "check = GDP * 1000 / (4 * NGDP_SA_XDC); ~1 if only units differ")]),
    T("yearly now: add WEO US GDP in current dollars and the ratio of the summed IFS quarters (in billions) to it",
      ["NGDP_SA_XDC", W("United States", "gdp_usd")], ["search", "build_table", "convert", "derive"], ("2010-01", "2023-12"), freq="A",
      derives=[D("ratio", [0, 1], "ifs_vs_weo = sum_year(NGDP_SA_XDC) / 1000 / WEO_US_gdp_usd")]),
], "IFS area: US. Trap: `GDPC1` is real GDP, `NGDP_R_SA_XDC` real IFS GDP, `GDPA` the annual FRED series. Mixing SAAR and quarterly levels is the scaling trap (factor 4000); the turn-2 ratio is 1.00 except about 1.01 in late 2023 (vintage difference).")

# ---------------------------------------------------------------------------- 28
add("Prime rate minus fed funds", [
    T("prime rate (it's daily) and effective fed funds (monthly), 1985-2019, monthly table",
      ["DPRIME", "FEDFUNDS"], ["search", "build_table", "convert"], ("1985-01", "2019-12"), freq="M"),
    T("prime minus FF spread",
      ["DPRIME", "FEDFUNDS"], ["convert", "derive"], ("1985-01", "2019-12"), freq="M",
      derives=[D("spread", [0, 1], "prime_ff = mean_month(DPRIME) - FEDFUNDS (pp)")]),
    T("changepoints on the spread + chart",
      ["DPRIME", "FEDFUNDS"], ["convert", "changepoints", "chart"], ("1985-01", "2019-12"), freq="M"),
], "Trap: `DFF` is the daily effective funds rate and `T10YFF` a Treasury spread over funds; `DPCREDIT` is the discount window primary credit rate. The spread settles at 3pp from the mid-1990s.")

# ---------------------------------------------------------------------------- 29
add("Asian export volumes as chained indices", [
    T("real export growth — volume of goods and services — for Korea, Taiwan, Singapore and Vietnam, 2000-2023, IMF",
      [W("Korea", "xvol_gs"), W("Taiwan Province of China", "xvol_gs"), W("Singapore", "xvol_gs"), W("Vietnam", "xvol_gs")],
      ["search", "build_table"], ("2000-01", "2023-12")),
    T("turn each into a volume index, 2000 = 100, by chaining the growth rates",
      [W("Korea", "xvol_gs"), W("Taiwan Province of China", "xvol_gs"), W("Singapore", "xvol_gs"), W("Vietnam", "xvol_gs")],
      ["derive"], ("2000-01", "2023-12"),
      derives=[D("index", [i], "idx_2000 = 100; idx_t = idx_{t-1} * (1 + g_t / 100)") for i in range(4)]),
    T("changepoints in Vietnam's and Taiwan's growth, then chart all four indices",
      [W("Korea", "xvol_gs"), W("Taiwan Province of China", "xvol_gs"), W("Singapore", "xvol_gs"), W("Vietnam", "xvol_gs")],
      ["changepoints", "chart"], ("2000-01", "2023-12")),
], "Trap: `WEOApr2024|Korea|Volume of exports of goods|Percent change` covers goods only; `WEOApr2024|Vietnam|Volume of imports of goods and services|Percent change` is imports. Growth rates chain into an index; they must not be summed.")

# ---------------------------------------------------------------------------- 30
add("Saudi Arabia's dollar peg in policy rates", [
    T("Saudi central bank rate and the US policy rate, monthly, 2005-2023",
      ["M.SA", "M.US"], ["search", "build_table"], ("2005-01", "2023-12")),
    T("spread Saudi minus US — does the peg show?",
      ["M.SA", "M.US"], ["derive"], ("2005-01", "2023-12"),
      derives=[D("spread", [0, 1], "sa_us = M.SA - M.US (pp)")]),
    T("yearly: that average spread next to IMF real GDP growth for Saudi Arabia. chart.",
      ["M.SA", "M.US", W("Saudi Arabia", "gdp_real_g")], ["search", "build_table", "convert", "derive", "chart"], ("2005-01", "2023-12"), freq="A",
      derives=[D("spread", [0, 1], "sa_us_year = mean_year(M.SA) - mean_year(M.US) (pp)")]),
], "Trap: `WEOApr2024|Saudi Arabia|Gross domestic product, current prices|National currency` is nominal riyal GDP, not real growth; `M.MA` is Morocco. The spread is wide after 2008 when the Fed went to zero and narrows to under 1pp by 2023.")

# ---------------------------------------------------------------------------- 31
add("Canada and the US: rates and joblessness", [
    T("BoC and Fed policy rates plus the US unemployment rate, monthly, 2000-2023",
      ["M.CA", "M.US", "UNRATE"], ["search", "build_table"], ("2000-01", "2023-12"), freq="M"),
    T("Canada minus US rate gap please",
      ["M.CA", "M.US"], ["derive"], ("2000-01", "2023-12"),
      derives=[D("spread", [0, 1], "ca_us = M.CA - M.US (pp)")]),
    T("annual: IMF unemployment for Canada vs the BLS US yearly average, and the unemployment gap between them",
      ["UNRATE", W("Canada", "unemp")], ["search", "build_table", "convert", "derive"], ("2000-01", "2023-12"), freq="A",
      derives=[D("spread", [1, 0], "ca_minus_us_u = WEO_CA_unemp - mean_year(UNRATE) (pp)")]),
], "Trap: `UNRATENSA` is the unadjusted rate; `M.MX` is Mexico. The US rate is the BIS policy-rate series, not `FEDFUNDS`.")

# ---------------------------------------------------------------------------- 32
add("US bank loans per person", [
    T("consumer loans at US commercial banks, monthly, seasonally adjusted, 2000-2019",
      ["CONSUMER"], ["search", "build_table"], ("2000-01", "2019-12")),
    T("annual average, divided by the IMF's US population, so dollars per person",
      ["CONSUMER", W("United States", "pop")], ["search", "build_table", "convert", "derive"], ("2000-01", "2019-12"), freq="A",
      derives=[D("ratio", [0, 1], "per_person = mean_year(CONSUMER) [bn] * 1e9 / (POP [mn] * 1e6) = CONSUMER / POP * 1000 USD")]),
    T("same for business (C&I) loans",
      ["BUSLOANS", W("United States", "pop")], ["search", "build_table", "convert", "derive"], ("2000-01", "2019-12"), freq="A",
      derives=[D("ratio", [0, 1], "ci_per_person = mean_year(BUSLOANS) / POP * 1000 USD")]),
], "Trap: `CONSUMERNSA` is the unadjusted twin; `WEOApr2024|United States|Employment|Persons` is employment, not population. Consumer loans rise from about 1,900 USD per person (2000) to about 4,700 (2019).")

# ---------------------------------------------------------------------------- 33
add("China: r minus g", [
    T("China, IMF: real GDP growth and average CPI inflation, 2000-2023",
      [W("China", "gdp_real_g"), W("China", "cpi_avg")], ["search", "build_table"], ("2000-01", "2023-12")),
    T("add the PBoC policy rate as annual averages and nominal GDP in yuan; then policy rate minus nominal GDP growth",
      ["M.CN", W("China", "gdp_nc")], ["search", "build_table", "convert", "derive"], ("2000-01", "2023-12"), freq="A",
      derives=[D("pct_change", [1], "g_nom = (GDP_t / GDP_{t-1} - 1) * 100"),
               D("expression", [0, 1], "r_minus_g = mean_year(M.CN) - g_nom (pp)")]),
    T("changepoints in the real growth series",
      [W("China", "gdp_real_g")], ["changepoints"], ("2000-01", "2023-12")),
], "Trap: `WEOApr2024|China|Gross domestic product, current prices|U.S. dollars` mixes in the exchange rate; `WEOApr2024|Hong Kong SAR|Gross domestic product, constant prices|Percent change` is a neighbour. Growth slows in steps after 2010.")

# ---------------------------------------------------------------------------- 34
add("Saving minus investment against the current account", [
    T("gross national savings and total investment (% GDP) for India, Indonesia and the Philippines, 2000-2023",
      [W("India", "savings"), W("India", "invest"), W("Indonesia", "savings"), W("Indonesia", "invest"),
       W("Philippines", "savings"), W("Philippines", "invest")], ["search", "build_table"], ("2000-01", "2023-12")),
    T("savings minus investment for each of them",
      [W("India", "savings"), W("India", "invest"), W("Indonesia", "savings"), W("Indonesia", "invest"),
       W("Philippines", "savings"), W("Philippines", "invest")], ["derive"], ("2000-01", "2023-12"),
      derives=[D("spread", [0, 1], "si_in = S - I (pp of GDP)"), D("spread", [2, 3], "si_id = S - I"), D("spread", [4, 5], "si_ph = S - I")]),
    T("compare with each country's current account in % of GDP: the residual (S-I) minus CA",
      [W("India", "savings"), W("India", "invest"), W("Indonesia", "savings"), W("Indonesia", "invest"),
       W("Philippines", "savings"), W("Philippines", "invest"),
       W("India", "ca_pct"), W("Indonesia", "ca_pct"), W("Philippines", "ca_pct")], ["search", "build_table", "derive"], ("2000-01", "2023-12"),
      derives=[D("expression", [0, 1, 6], "res_in = (S - I) - CA"), D("expression", [2, 3, 7], "res_id = (S - I) - CA"),
               D("expression", [4, 5, 8], "res_ph = (S - I) - CA")]),
], "Trap: `WEOApr2024|India|Current account balance|U.S. dollars` is in billions of USD, not % of GDP; `WEOApr2024|Philippines|General government net lending/borrowing|Percent of GDP` is the fiscal balance. The residual is near zero except Indonesia 2000 (about -4.6pp).")

# ---------------------------------------------------------------------------- 35
add("The negative-rate club", [
    T("Policy rates for Switzerland, Japan, Denmark, Sweden and the euro area, Sep 2016 to Dec 2023.",
      ["M.CH", "M.JP", "M.DK", "M.SE", "M.XM"], ["search", "build_table"], ("2016-09", "2023-12")),
    T("changepoints for each — who left negative territory first?",
      ["M.CH", "M.JP", "M.DK", "M.SE", "M.XM"], ["changepoints"], ("2016-09", "2023-12")),
    T("chart Switzerland against Japan only, with the gap CH minus JP",
      ["M.CH", "M.JP"], ["derive", "chart"], ("2016-09", "2023-12"),
      derives=[D("spread", [0, 1], "ch_jp = M.CH - M.JP (pp)")]),
], "Trap: `M.NO` is Norway (never negative); `M.IS` Iceland. M.JP has gaps before 2016-09, hence the window. Sweden exits negative at end-2019; Switzerland and Denmark in 2022; Japan stays at -0.1 through 2023.")

# ---------------------------------------------------------------------------- 36
add("Employment-to-population in ageing economies", [
    T("IMF employment (millions) and population for Japan, Germany, Korea, Italy, 2000-2023",
      [W("Japan", "empl"), W("Japan", "pop"), W("Germany", "empl"), W("Germany", "pop"),
       W("Korea", "empl"), W("Korea", "pop"), W("Italy", "empl"), W("Italy", "pop")], ["search", "build_table"], ("2000-01", "2023-12")),
    T("employment divided by population, in percent, for each",
      [W("Japan", "empl"), W("Japan", "pop"), W("Germany", "empl"), W("Germany", "pop"),
       W("Korea", "empl"), W("Korea", "pop"), W("Italy", "empl"), W("Italy", "pop")], ["derive"], ("2000-01", "2023-12"),
      derives=[D("ratio", [0, 1], "ep_jp = EMPL_mn / POP_mn * 100"), D("ratio", [2, 3], "ep_de = EMPL / POP * 100"),
               D("ratio", [4, 5], "ep_kr = EMPL / POP * 100"), D("ratio", [6, 7], "ep_it = EMPL / POP * 100")]),
    T("rebase Japan's and Korea's employment to 2000 = 100 and chart those two",
      [W("Japan", "empl"), W("Korea", "empl")], ["derive", "chart"], ("2000-01", "2023-12"),
      derives=[D("index", [0], "jp_idx = EMPL / EMPL[2000] * 100"), D("index", [1], "kr_idx = EMPL / EMPL[2000] * 100")]),
], "Trap: `WEOApr2024|Japan|Unemployment rate|Percent of total labor force` is a rate, not a head count; `WEOApr2024|Korea|Gross domestic product per capita, constant prices|National currency` divides GDP, not jobs.")

# ---------------------------------------------------------------------------- 37
add("Russia, Brazil, Türkiye: policy rates and inflation", [
    T("Bank of Russia key rate, monthly 2010-2023, and the change points in it",
      ["M.RU"], ["search", "build_table", "changepoints"], ("2010-01", "2023-12")),
    T("yearly average of that rate versus the IMF's average inflation for Russia, and the difference",
      ["M.RU", W("Russia", "cpi_avg")], ["search", "build_table", "convert", "derive"], ("2010-01", "2023-12"), freq="A",
      derives=[D("spread", [0, 1], "ru_real = mean_year(M.RU) - WEO_RU_cpi_avg (pp)")]),
    T("add Brazil and Türkiye, same rate-minus-inflation for each, annual",
      ["M.RU", W("Russia", "cpi_avg"), "M.BR", W("Brazil", "cpi_avg"), "M.TR", W("Türkiye", "cpi_avg")],
      ["search", "build_table", "convert", "derive"], ("2010-01", "2023-12"), freq="A",
      derives=[D("spread", [2, 3], "br_real = mean_year(M.BR) - WEO_BR_cpi_avg"),
               D("spread", [4, 5], "tr_real = mean_year(M.TR) - WEO_TR_cpi_avg")]),
], "Trap: `WEOApr2024|Russia|Inflation, end of period consumer prices|Percent change` is December-on-December; `M.RS` is Serbia, not Russia. Breaks: Dec 2014 (to 17%) and Feb 2022 (to 20%).")

# ---------------------------------------------------------------------------- 38
add("North American nominal growth: Canada, the US, then Mexico", [
    T("Canada's SA nominal GDP from IFS next to US nominal GDP from FRED, quarterly, 2000-2023",
      ["NGDP_SA_XDC", "GDP"], ["search", "build_table"], ("2000-01", "2023-12"), freq="Q"),
    T("q/q growth of both and the gap Canada minus US",
      ["NGDP_SA_XDC", "GDP"], ["derive"], ("2000-01", "2023-12"), freq="Q",
      derives=[D("pct_change", [0], "ca_qoq = (NGDP_SA_XDC_t / NGDP_SA_XDC_{t-1} - 1) * 100"),
               D("pct_change", [1], "us_qoq = (GDP_t / GDP_{t-1} - 1) * 100"),
               D("expression", [0, 1], "gap = ca_qoq - us_qoq (pp; units cancel in growth rates)")]),
    T("now yearly, and bring in Mexico from the IMF (nominal GDP in pesos) — annual growth of all three",
      ["NGDP_SA_XDC", "GDP", W("Mexico", "gdp_nc")], ["search", "build_table", "convert", "derive"], ("2000-01", "2023-12"), freq="A",
      derives=[D("pct_change", [0], "ca_g = pct_change(sum_year(NGDP_SA_XDC))"),
               D("pct_change", [1], "us_g = pct_change(mean_year(GDP))"),
               D("pct_change", [2], "mx_g = pct_change(WEO_MX_gdp_nc)")]),
], "IFS area: CA. Trap: `NGDP_R_SA_XDC` and `GDPC1` are real GDP; `WEOApr2024|Mexico|Gross domestic product, current prices|U.S. dollars` is in dollars. FRED GDP is SAAR, so annual = mean of quarters, while IFS quarters are summed.")

# ---------------------------------------------------------------------------- 39
add("A US misery index through the pandemic", [
    T("unemployment, CPI and the personal saving rate — monthly, Jan 2015 to Mar 2025",
      ["UNRATE", "CPIAUCSL", "PSAVERT"], ["search", "build_table"], ("2015-01", "2025-03")),
    T("misery index = unemployment + CPI inflaton y/y",
      ["UNRATE", "CPIAUCSL"], ["derive"], ("2015-01", "2025-03"),
      derives=[D("yoy_pct", [1], "cpi_yoy = (CPIAUCSL_t / CPIAUCSL_{t-12} - 1) * 100"),
               D("expression", [0, 1], "misery = UNRATE + cpi_yoy (percent)")]),
    T("changepoints in the saving rate, and chart it with the misery index",
      ["UNRATE", "CPIAUCSL", "PSAVERT"], ["changepoints", "chart"], ("2015-01", "2025-03")),
], "Trap: `UNRATENSA` is unadjusted; `CPILFESL` is core CPI and ends 2020-01 in the observations. PSAVERT jumps in April 2020 (above 30%) and again in early 2021.")

# ---------------------------------------------------------------------------- 40
add("Revenue ratios on a fiscal-year basis", [
    T("General government revenue in national currency, plus GDP on a fiscal-year basis, for Thailand, Hong Kong and Singapore, 2000-2023.",
      [W("Thailand", "rev_nc"), W("Thailand", "gdp_fy"), W("Hong Kong SAR", "rev_nc"), W("Hong Kong SAR", "gdp_fy"),
       W("Singapore", "rev_nc"), W("Singapore", "gdp_fy")], ["search", "build_table"], ("2000-01", "2023-12")),
    T("revenue over that GDP, in %, for all three",
      [W("Thailand", "rev_nc"), W("Thailand", "gdp_fy"), W("Hong Kong SAR", "rev_nc"), W("Hong Kong SAR", "gdp_fy"),
       W("Singapore", "rev_nc"), W("Singapore", "gdp_fy")], ["derive"], ("2000-01", "2023-12"),
      derives=[D("ratio", [0, 1], "th = REV_bn / GDP_fy_bn * 100"), D("ratio", [2, 3], "hk = REV / GDP_fy * 100"),
               D("ratio", [4, 5], "sg = REV / GDP_fy * 100")]),
    T("and the difference from the IMF's published revenue-to-GDP for each; should be ~0",
      [W("Thailand", "rev_nc"), W("Thailand", "gdp_fy"), W("Hong Kong SAR", "rev_nc"), W("Hong Kong SAR", "gdp_fy"),
       W("Singapore", "rev_nc"), W("Singapore", "gdp_fy"),
       W("Thailand", "rev_pct"), W("Hong Kong SAR", "rev_pct"), W("Singapore", "rev_pct")], ["search", "build_table", "derive"], ("2000-01", "2023-12"),
      derives=[D("expression", [0, 1, 6], "d_th = REV / GDP_fy * 100 - REV_pct"),
               D("expression", [2, 3, 7], "d_hk = REV / GDP_fy * 100 - REV_pct"),
               D("expression", [4, 5, 8], "d_sg = REV / GDP_fy * 100 - REV_pct")]),
], "Trap: `WEOApr2024|Thailand|Gross domestic product, current prices|National currency` is calendar-year GDP and gives ratios off by up to about 1.4pp; `WEOApr2024|Singapore|General government total expenditure|National currency` is spending.")


def main():
    periods = {}
    with open(OUT, "w", encoding="utf-8") as f:
        for sid, title, turns, notes in SCEN:
            ts = []
            periods[sid] = {}
            for i, (t, win) in enumerate(turns):
                ts.append(t)
                periods[sid][str(i)] = list(win)
            f.write(json.dumps({"id": sid, "title": title, "turns": ts, "notes": notes}, ensure_ascii=False) + "\n")
    with open(PER, "w", encoding="utf-8") as f:
        json.dump(periods, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("wrote %d scenarios to %s and %s" % (len(SCEN), os.path.normpath(OUT), os.path.normpath(PER)))


if __name__ == "__main__":
    main()

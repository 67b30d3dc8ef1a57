#!/usr/bin/env python3
"""Build the blind20 scenario set.

The 40 scenarios live in this file. Running it writes
  ../scenarios-blind20.jsonl      (one scenario per line)
  periods-blind20.json            (analysis window of every turn, YYYY-MM bounds)

    cd testdata/eval/blind20 && python3 build.py && python3 validate.py

Expected values quoted in the notes were computed by hand-run python over the raw
files under /work/shared/catalogs (observation CSVs and the WEO April 2024 table);
they are stated in the notes as text and are not recomputed here.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------- WEO ids
SUBJ = {
    "UR": ("Unemployment rate", "Percent of total labor force"),
    "EMP": ("Employment", "Persons"),
    "POP": ("Population", "Persons"),
    "NGDP_N": ("Gross domestic product, current prices", "National currency"),
    "NGDP_USD": ("Gross domestic product, current prices", "U.S. dollars"),
    "NGDP_PPP": ("Gross domestic product, current prices", "Purchasing power parity; international dollars"),
    "RGDP_N": ("Gross domestic product, constant prices", "National currency"),
    "RGDP_G": ("Gross domestic product, constant prices", "Percent change"),
    "PCAP_USD": ("Gross domestic product per capita, current prices", "U.S. dollars"),
    "PCAP_PPP": ("Gross domestic product per capita, current prices", "Purchasing power parity; international dollars"),
    "GAP": ("Output gap in percent of potential GDP", "Percent of potential GDP"),
    "PPPSH": ("Gross domestic product based on purchasing-power-parity (PPP) share of world total", "Percent"),
    "PPPEX": ("Implied PPP conversion rate", "National currency per current international dollar"),
    "INV": ("Total investment", "Percent of GDP"),
    "SAV": ("Gross national savings", "Percent of GDP"),
    "CPI": ("Inflation, average consumer prices", "Percent change"),
    "CPI_EOP": ("Inflation, end of period consumer prices", "Percent change"),
    "XVOL": ("Volume of exports of goods and services", "Percent change"),
    "MVOL": ("Volume of imports of goods and services", "Percent change"),
    "XGVOL": ("Volume of exports of goods", "Percent change"),
    "REV": ("General government revenue", "Percent of GDP"),
    "EXP": ("General government total expenditure", "Percent of GDP"),
    "NL": ("General government net lending/borrowing", "Percent of GDP"),
    "SB": ("General government structural balance", "Percent of potential GDP"),
    "PB": ("General government primary net lending/borrowing", "Percent of GDP"),
    "NDEBT": ("General government net debt", "Percent of GDP"),
    "GDEBT": ("General government gross debt", "Percent of GDP"),
    "GDEBT_N": ("General government gross debt", "National currency"),
    "CA_USD": ("Current account balance", "U.S. dollars"),
    "CA": ("Current account balance", "Percent of GDP"),
}


def W(country, key):
    s, u = SUBJ[key]
    return "WEOApr2024|%s|%s|%s" % (country, s, u)


def T(user, needs, actions, win, freq=None, derives=None):
    t = {"user": user, "needs": [n if isinstance(n, list) else [n] for n in needs], "actions": actions}
    if freq:
        t["frequency"] = freq
    if derives:
        t["derives"] = derives
    t["_win"] = list(win)
    return t


def D(op, inputs, note):
    return {"op": op, "inputs": inputs, "note": note}


S = []


def scen(sid, title, turns, notes):
    S.append({"id": sid, "title": title, "turns": turns, "notes": notes})


# =========================================================================== 01
scen("b20-01", "US jobs desk: unemployment, payrolls, WEO cross-check", [
    T("US unemp rate + nonfarm payrolls, monthly, Jan-15 to Dec-19. SA both.",
      ["UNRATE", "PAYEMS"], ["search", "build_table"], ("2015-01", "2019-12"), "M"),
    T("add payrolls y/y %",
      ["UNRATE", "PAYEMS"], ["derive"], ("2016-01", "2019-12"), "M",
      [D("yoy_pct", [1], "payrolls_yoy = (PAYEMS / PAYEMS[t-12] - 1) * 100")]),
    T("now annual avg of the u-rate vs WEO's US number, same yrs, diff in pp",
      ["UNRATE", W("United States", "UR")], ["search", "build_table", "convert", "derive"],
      ("2015-01", "2019-12"), "A",
      [D("spread", [0, 1], "diff_pp = mean(UNRATE over calendar year) - WEO unemployment rate")]),
], "NOTES01")

# =========================================================================== 02
scen("b20-02", "Yield-curve piece: 10y-3m spread, its breaks, and fed funds", [
    T("I'm writing a piece on the US yield curve. Could you get me the gap between ten-year and three-month "
      "Treasuries (not the 10y-2y one), with the daily prints averaged to months, 2004 through 2019?",
      ["T10Y3M"], ["search", "build_table", "convert"], ("2004-01", "2019-12"), "M"),
    T("Where did the spread break? I mean shifts in its average level, not just the months it went negative.",
      ["T10Y3M"], ["convert", "changepoints"], ("2004-01", "2019-12"), "M"),
    T("Add effective fed funds alongside and draw the two lines on one chart.",
      ["T10Y3M", "FEDFUNDS"], ["search", "build_table", "convert", "chart"], ("2004-01", "2019-12"), "M"),
], "NOTES02")

# =========================================================================== 03
scen("b20-03", "Fed, BoE and BoC policy rates, gaps and rough real rates", [
    T("Hi! Could you pull the policy rates for the Fed, the Bank of England and the Bank of Canada, "
      "monthly from 2015 to 2023? BIS numbers are fine by me.",
      ["M.US", "M.GB", "M.CA"], ["search", "build_table"], ("2015-01", "2023-12"), "M"),
    T("Lovely. Now how far above or below the Fed were the other two each month, in basis points?",
      ["M.US", "M.GB", "M.CA"], ["derive"], ("2015-01", "2023-12"), "M",
      [D("spread", [1, 0], "uk_minus_us_bps = (M.GB - M.US) * 100"),
       D("spread", [2, 0], "ca_minus_us_bps = (M.CA - M.US) * 100")]),
    T("Last bit: turn all three into calendar-year averages and knock off the WEO average-CPI "
      "inflation number for every one of them, so I get rough real rates.",
      ["M.US", "M.GB", "M.CA", W("United States", "CPI"), W("United Kingdom", "CPI"), W("Canada", "CPI")],
      ["search", "build_table", "convert", "derive"], ("2015-01", "2023-12"), "A",
      [D("spread", [0, 3], "real_us = annual mean(M.US) - WEO US CPI inflation"),
       D("spread", [1, 4], "real_uk = annual mean(M.GB) - WEO UK CPI inflation"),
       D("spread", [2, 5], "real_ca = annual mean(M.CA) - WEO Canada CPI inflation")]),
], "NOTES03")

# =========================================================================== 04
scen("b20-04", "Turkish CPI, annual inflation and the CBRT real rate", [
    T("I need Turkish CPI index (TÜFE, 2003=100) monthly from 2020 January until the last available month, "
      "and please calculate annual inflation from it.",
      ["TP.FG.J0"], ["search", "build_table", "derive"], ("2020-01", "2025-10"), "M",
      [D("yoy_pct", [0], "annual_inflation = (TP.FG.J0 / TP.FG.J0[t-12] - 1) * 100")]),
    T("Now add the CBRT policy rate for 2021 to 2023 and make a real rate out of it: CBRT rate less this yearly inflation.",
      ["TP.FG.J0", "M.TR"], ["search", "build_table", "derive"], ("2021-01", "2023-12"), "M",
      [D("expression", [1, 0], "real_rate = M.TR - (TP.FG.J0 / TP.FG.J0[t-12] - 1) * 100")]),
    T("Policy rate again: in which month it is breaking? I think there is more than one break.",
      ["M.TR"], ["changepoints"], ("2021-01", "2023-12"), "M"),
], "NOTES04")

# =========================================================================== 05
scen("b20-05", "Thesis on the euro crisis: overall, primary balance and debt", [
    T("for my thesis on the euro crisis i need the overall fiscal balance (general govt net lending/borrowing in pct of GDP) "
      "for Italy, Spain, Greece and Portugal, 2005-2019, IMF WEO",
      [W("Italy", "NL"), W("Spain", "NL"), W("Greece", "NL"), W("Portugal", "NL")],
      ["search", "build_table"], ("2005-01", "2019-12")),
    T("can you add primary balances for those same four and work out primary minus overall? my supervisor "
      "says thats basically the interest bill",
      [W("Italy", "NL"), W("Spain", "NL"), W("Greece", "NL"), W("Portugal", "NL"),
       W("Italy", "PB"), W("Spain", "PB"), W("Greece", "PB"), W("Portugal", "PB")],
      ["search", "build_table", "derive"], ("2005-01", "2019-12"), None,
      [D("spread", [4, 0], "interest_it = primary balance - overall balance (Italy)"),
       D("spread", [5, 1], "interest_es = primary balance - overall balance (Spain)"),
       D("spread", [6, 2], "interest_gr = primary balance - overall balance (Greece)"),
       D("spread", [7, 3], "interest_pt = primary balance - overall balance (Portugal)")]),
    T("and gross debt in % of gdp for all four, as a chart pls",
      [W("Italy", "GDEBT"), W("Spain", "GDEBT"), W("Greece", "GDEBT"), W("Portugal", "GDEBT")],
      ["search", "build_table", "chart"], ("2005-01", "2019-12")),
], "NOTES05")

# =========================================================================== 06
CA6 = ["Germany", "China", "United States", "Japan"]
scen("b20-06", "Manager wants current-account balances, own ratio vs IMF ratio", [
    T("Current account balances in USD bn. Germany, China, US, Japan. 2010-2023. Quick.",
      [W(c, "CA_USD") for c in CA6], ["search", "build_table"], ("2010-01", "2023-12")),
    T("Need them as % of GDP. Divide by nominal GDP in dollars yourself, don't grab the ready-made ratio.",
      [W(c, "CA_USD") for c in CA6] + [W(c, "NGDP_USD") for c in CA6],
      ["search", "build_table", "derive"], ("2010-01", "2023-12"), None,
      [D("ratio", [i, i + 4], "ca_share_%s = CA_USD / NGDP_USD * 100" % c.split()[-1].lower()) for i, c in enumerate(CA6)]),
    T("ok, chart the IMF's published CA/GDP for those four next to yours so I can eyeball it",
      [W(c, "CA_USD") for c in CA6] + [W(c, "NGDP_USD") for c in CA6] + [W(c, "CA") for c in CA6],
      ["search", "build_table", "chart"], ("2010-01", "2023-12")),
], "NOTES06")

# =========================================================================== 07
A7 = ["India", "Indonesia", "Vietnam", "Bangladesh"]
scen("b20-07", "Feature on Asian catch-up: dollars per head, then PPP", [
    T("Working on a magazine story about South and Southeast Asia catching up. I want GDP in current dollars and "
      "population for India, Indonesia, Vietnam and Bangladesh, 2000-2023, and dollars per person worked out from those two.",
      [W(c, "NGDP_USD") for c in A7] + [W(c, "POP") for c in A7], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), None,
      [D("ratio", [i, i + 4], "usd_per_head_%s = NGDP_USD (bn) * 1000 / POP (mn)" % c.lower()) for i, c in enumerate(A7)]),
    T("Does your per-person figure match the IMF's published GDP per capita in dollars? Line them up.",
      [W(c, "NGDP_USD") for c in A7] + [W(c, "POP") for c in A7] + [W(c, "PCAP_USD") for c in A7],
      ["search", "build_table", "derive"], ("2000-01", "2023-12"), None,
      [D("expression", [i, i + 4, i + 8], "check_%s = (NGDP_USD * 1000 / POP) / PCAP_USD" % c.lower()) for i, c in enumerate(A7)]),
    T("Same for purchasing power parity please: PPP GDP over population, same countries and years.",
      [W(c, "NGDP_PPP") for c in A7] + [W(c, "POP") for c in A7], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), None,
      [D("ratio", [i, i + 4], "ppp_per_head_%s = NGDP_PPP (bn) * 1000 / POP (mn)" % c.lower()) for i, c in enumerate(A7)]),
], "NOTES07")

# =========================================================================== 08
scen("b20-08", "Output per worker in Korea, Japan, Taiwan, then Germany", [
    T("Please, I want to compare labour productivity of Korea, Japan and Taiwan. Real GDP in national currency "
      "divided with number of employed persons, from 2000 to 2023.",
      [W("Korea", "RGDP_N"), W("Japan", "RGDP_N"), W("Taiwan Province of China", "RGDP_N"),
       W("Korea", "EMP"), W("Japan", "EMP"), W("Taiwan Province of China", "EMP")],
      ["search", "build_table", "derive"], ("2000-01", "2023-12"), None,
      [D("ratio", [0, 3], "gdp_per_worker_kr = RGDP_N (bn) / EMP (mn), thousand won per worker"),
       D("ratio", [1, 4], "gdp_per_worker_jp = RGDP_N (bn) / EMP (mn), thousand yen per worker"),
       D("ratio", [2, 5], "gdp_per_worker_tw = RGDP_N (bn) / EMP (mn), thousand NT$ per worker")]),
    T("Also make the employment into an index with 2000 = 100 for these three countries.",
      [W("Korea", "EMP"), W("Japan", "EMP"), W("Taiwan Province of China", "EMP")],
      ["derive"], ("2000-01", "2023-12"), None,
      [D("index", [0], "emp_idx_kr = EMP / EMP[2000] * 100"),
       D("index", [1], "emp_idx_jp = EMP / EMP[2000] * 100"),
       D("index", [2], "emp_idx_tw = EMP / EMP[2000] * 100")]),
    T("Drop Taiwan and take Germany in its place, and please show me a chart of output per worker.",
      [W("Korea", "RGDP_N"), W("Japan", "RGDP_N"), W("Germany", "RGDP_N"),
       W("Korea", "EMP"), W("Japan", "EMP"), W("Germany", "EMP")],
      ["search", "build_table", "derive", "chart"], ("2000-01", "2023-12"), None,
      [D("ratio", [0, 3], "gdp_per_worker_kr = RGDP_N / EMP"),
       D("ratio", [1, 4], "gdp_per_worker_jp = RGDP_N / EMP"),
       D("ratio", [2, 5], "gdp_per_worker_de = RGDP_N / EMP, thousand euro per worker")]),
], "NOTES08")

# =========================================================================== 09
scen("b20-09", "Bank credit mix, credit-to-GDP and delinquency breaks", [
    T("C&I loans + consumer loans, all comm banks, SA not NSA, mthly 2010-2019. Consumer loans as % of (C&I + consumer).",
      ["BUSLOANS", "CONSUMER"], ["search", "build_table", "derive"], ("2010-01", "2019-12"), "M",
      [D("share", [1, 0], "consumer_share = CONSUMER / (BUSLOANS + CONSUMER) * 100")]),
    T("scale both to nominal GDP: qtrly avg of the loan stocks over SAAR GDP, in %",
      ["BUSLOANS", "CONSUMER", "GDP"], ["search", "build_table", "convert", "derive"], ("2010-01", "2019-12"), "Q",
      [D("ratio", [0, 2], "ci_to_gdp = quarterly mean(BUSLOANS) / GDP * 100"),
       D("ratio", [1, 2], "consumer_to_gdp = quarterly mean(CONSUMER) / GDP * 100")]),
    T("separate q: all-loan delinqency rate (SA) at commercial banks, qtrly 2005-2019, where did it break?",
      ["DRALACBS"], ["search", "build_table", "changepoints"], ("2005-01", "2019-12"), "Q"),
], "NOTES09")

# =========================================================================== 10
scen("b20-10", "Student assignment: M2 growth and the velocity of money", [
    T("Hello, I'm doing an econ assignment about money. Can I get US M2 as monthly averages (it's a weekly "
      "series I think) from 2000 to 2019, and how much it grew compared with a year before?",
      ["M2"], ["search", "build_table", "convert", "derive"], ("2000-01", "2019-12"), "M",
      [D("yoy_pct", [0], "m2_growth = (M2 / M2[t-12] - 1) * 100 on monthly means")]),
    T("My textbook says velocity is nominal GDP divided by the money stock. Can you do that by quarter?",
      ["M2", "GDP"], ["search", "build_table", "convert", "derive"], ("2000-01", "2019-12"), "Q",
      [D("ratio", [1, 0], "velocity = GDP (SAAR, bn) / quarterly mean(M2) (bn)")]),
    T("When did velocity change regime? like a break in its average",
      ["M2", "GDP"], ["convert", "changepoints"], ("2000-01", "2019-12"), "Q"),
], "NOTES10")

# =========================================================================== 11
scen("b20-11", "EUR/USD: monthly means, December closes, and the policy gap", [
    T("hey, can you grab EUR/USD off the Fed's H.10 daily data and give me monthly averages, Jan 2010 to Dec 2019?",
      ["DEXUSEU"], ["search", "build_table", "convert"], ("2010-01", "2019-12"), "M"),
    T("cool. now year-end levels instead, i.e. the last trading day of each December",
      ["DEXUSEU"], ["convert"], ("2010-01", "2019-12"), "A"),
    T("and line the monthly euro up against the ECB-minus-Fed policy rate gap over that decade",
      ["DEXUSEU", "M.XM", "M.US"], ["search", "build_table", "convert", "derive"], ("2010-01", "2019-12"), "M",
      [D("spread", [1, 2], "policy_gap = M.XM - M.US")]),
], "NOTES11")

# =========================================================================== 12
EM12 = ["Argentina", "Türkiye", "Egypt", "Nigeria"]
scen("b20-12", "Implied ARS/TRY/EGP/NGN rates and price levels from WEO", [
    T("ARS, TRY, EGP, NGN per USD 2015-23, backed out of WEO: nominal GDP in LCU / nominal GDP in USD.",
      [W(c, "NGDP_N") for c in EM12] + [W(c, "NGDP_USD") for c in EM12], ["search", "build_table", "derive"],
      ("2015-01", "2023-12"), None,
      [D("ratio", [i, i + 4], "implied_fx_%d = NGDP_N / NGDP_USD (LCU per USD)" % i) for i in range(4)]),
    T("next to each: WEO implied PPP conversion rate. price level = PPP rate / implied market rate.",
      [W(c, "NGDP_N") for c in EM12] + [W(c, "NGDP_USD") for c in EM12] + [W(c, "PPPEX") for c in EM12],
      ["search", "build_table", "derive"], ("2015-01", "2023-12"), None,
      [D("expression", [i + 8, i, i + 4], "price_level_%d = PPPEX / (NGDP_N / NGDP_USD)" % i) for i in range(4)]),
    T("TR and EG avg CPI inflation 2000-2023. breaks?",
      [W("Türkiye", "CPI"), W("Egypt", "CPI")], ["search", "build_table", "changepoints"], ("2000-01", "2023-12")),
], "NOTES12")

# =========================================================================== 13
scen("b20-13", "Canada: IFS quarterly GDP reconciled with WEO, then the BoC", [
    T("Please retrieve Canada's nominal GDP, seasonally adjusted, in national currency, quarterly, from IFS, "
      "for 2010Q1 to 2023Q4.",
      ["NGDP_SA_XDC"], ["search", "build_table"], ("2010-01", "2023-12"), "Q"),
    T("Aggregate those quarters to calendar years (a sum, not a mean), express the totals in billions so they "
      "are comparable with the WEO current-price GDP for Canada, and report the ratio of the two.",
      ["NGDP_SA_XDC", W("Canada", "NGDP_N")], ["search", "build_table", "convert", "derive"],
      ("2010-01", "2023-12"), "A",
      [D("ratio", [0, 1], "ratio = (sum of four quarters of NGDP_SA_XDC, mn) / 1000 / WEO NGDP_N (bn)")]),
    T("Finally, set the BoC's policy rate, averaged over each quarter, against the year-on-year growth "
      "of the quarterly GDP.",
      ["NGDP_SA_XDC", "M.CA"], ["search", "build_table", "convert", "derive"], ("2011-01", "2023-12"), "Q",
      [D("yoy_pct", [0], "ngdp_yoy = (NGDP_SA_XDC / NGDP_SA_XDC[t-4] - 1) * 100")]),
], "NOTES13")

# =========================================================================== 14
LA = [("M.BR", "Brazil"), ("M.CL", "Chile"), ("M.CO", "Colombia"), ("M.PE", "Peru"), ("M.MX", "Mexico")]
scen("b20-14", "Latin American hiking cycle and December real rates", [
    T("Hola, I need the policy rates of Brasil, Chile, Colombia, Perú and México, monthly, since 2019 until the end of 2023.",
      [k for k, _ in LA], ["search", "build_table"], ("2019-01", "2023-12"), "M"),
    T("Where each one begin to hike? Please detect the breaks.",
      [k for k, _ in LA], ["changepoints"], ("2019-01", "2023-12"), "M"),
    T("For the five, take the december value of every year and compare with end-of-period inflation from WEO; "
      "real rate is rate minus inflation.",
      [k for k, _ in LA] + [W(c, "CPI_EOP") for _, c in LA], ["search", "build_table", "convert", "derive"],
      ("2019-01", "2023-12"), "A",
      [D("spread", [i, i + 5], "real_%s = December %s - WEO end-of-period inflation" % (k[2:].lower(), k)) for i, (k, _) in enumerate(LA)]),
], "NOTES14")

# =========================================================================== 15
scen("b20-15", "Central European policy rates over the ECB", [
    T("Please give me policy rates of NBP, MNB, ČNB and BNR, monthly 2020-2023, and the ECB main rate also.",
      ["M.PL", "M.HU", "M.CZ", "M.RO", "M.XM"], ["search", "build_table"], ("2020-01", "2023-12"), "M"),
    T("Make the spread of every of them over ECB, in basis points.",
      ["M.PL", "M.HU", "M.CZ", "M.RO", "M.XM"], ["derive"], ("2020-01", "2023-12"), "M",
      [D("spread", [i, 4], "%s_over_ecb_bps = (%s - M.XM) * 100" % (k[2:].lower(), k)) for i, k in enumerate(["M.PL", "M.HU", "M.CZ", "M.RO"])]),
    T("Now drop Romania, put Serbia instead, and chart the spreads.",
      ["M.PL", "M.HU", "M.CZ", "M.RS", "M.XM"], ["search", "build_table", "derive", "chart"], ("2020-01", "2023-12"), "M",
      [D("spread", [i, 4], "%s_over_ecb_bps = (%s - M.XM) * 100" % (k[2:].lower(), k)) for i, k in enumerate(["M.PL", "M.HU", "M.CZ", "M.RS"])]),
], "NOTES15")

# =========================================================================== 16
AS = [("M.KR", "Korea"), ("M.TH", "Thailand"), ("M.MY", "Malaysia"), ("M.ID", "Indonesia"), ("M.PH", "Philippines")]
scen("b20-16", "ASEAN+Korea policy rates against WEO inflation", [
    T("BOK / BOT / BNM / BI / BSP policy rates, mthly, 2018-23. pls asap",
      [k for k, _ in AS], ["search", "build_table"], ("2018-01", "2023-12"), "M"),
    T("ann avgs of each, minus WEO avg CPI infl = real rates. same 6 yrs",
      [k for k, _ in AS] + [W(c, "CPI") for _, c in AS], ["search", "build_table", "convert", "derive"],
      ("2018-01", "2023-12"), "A",
      [D("spread", [i, i + 5], "real_%s = annual mean(%s) - WEO avg CPI inflation" % (k[2:].lower(), k)) for i, (k, _) in enumerate(AS)]),
    T("which of those 5 moved most in 2022-23? chart the monthly rates, that window only",
      [k for k, _ in AS], ["chart"], ("2022-01", "2023-12"), "M"),
], "NOTES16")

# =========================================================================== 17
scen("b20-17", "Copenhagen reporter on the negative-rate decade", [
    T("I'm a reporter in Copenhagen looking back at the negative-rate years. Monthly policy rates for Denmark, "
      "Sweden, Switzerland and the euro area, 2014 to 2023, please.",
      ["M.DK", "M.SE", "M.CH", "M.XM"], ["search", "build_table"], ("2014-01", "2023-12"), "M"),
    T("How closely did Nationalbanken shadow Frankfurt? Give me Denmark minus the ECB, and the Swiss minus the ECB as well.",
      ["M.DK", "M.CH", "M.XM"], ["derive"], ("2014-01", "2023-12"), "M",
      [D("spread", [0, 2], "dk_minus_ecb = M.DK - M.XM"), D("spread", [1, 2], "ch_minus_ecb = M.CH - M.XM")]),
    T("Then the December reading of each year for the Danes, the Swedes and the Swiss, minus WEO end-of-year inflation.",
      ["M.DK", "M.SE", "M.CH", W("Denmark", "CPI_EOP"), W("Sweden", "CPI_EOP"), W("Switzerland", "CPI_EOP")],
      ["search", "build_table", "convert", "derive"], ("2014-01", "2023-12"), "A",
      [D("spread", [0, 3], "real_dk = December M.DK - WEO end-of-period inflation"),
       D("spread", [1, 4], "real_se = December M.SE - WEO end-of-period inflation"),
       D("spread", [2, 5], "real_ch = December M.CH - WEO end-of-period inflation")]),
], "NOTES17")

# =========================================================================== 18
scen("b20-18", "Treasurer's check on prime minus fed funds", [
    T("Prime rate (daily, H.15) as monthly avgs alongside effective fed funds, Jan 2000 to Dec 2019. Spread prime minus FF.",
      ["DPRIME", "FEDFUNDS"], ["search", "build_table", "convert", "derive"], ("2000-01", "2019-12"), "M",
      [D("spread", [0, 1], "prime_minus_ff = monthly mean(DPRIME) - FEDFUNDS")]),
    T("Has that spread ever wandered off 300 bps for long? Run a break test on it.",
      ["DPRIME", "FEDFUNDS"], ["convert", "changepoints"], ("2000-01", "2019-12"), "M"),
    T("Bolt on the 10y-minus-FF spread too (monthly avg), back out the 10y yield as (10y-FF) + FF, and chart FF, 10y and prime.",
      ["DPRIME", "FEDFUNDS", "T10YFF"], ["search", "build_table", "convert", "derive", "chart"], ("2000-01", "2019-12"), "M",
      [D("expression", [2, 1], "ten_year = monthly mean(T10YFF) + FEDFUNDS")]),
], "NOTES18")

# =========================================================================== 19
scen("b20-19", "Think-tank note on federal debt to GDP", [
    T("Federal debt outstanding (Treasury, total public debt) against nominal GDP, quarterly 2000-2024. Mind the "
      "units: debt comes in $mn, GDP in $bn SAAR.",
      ["GFDEBTN", "GDP"], ["search", "build_table", "derive"], ("2000-01", "2024-12"), "Q",
      [D("ratio", [0, 1], "debt_to_gdp = GFDEBTN / 1000 / GDP * 100")]),
    T("Set that against the IMF/WEO gross debt ratio (general govt, all levels) for the US. Calendar years "
      "2001-2023, taking Q4 of our ratio.",
      ["GFDEBTN", "GDP", W("United States", "GDEBT")], ["search", "build_table", "convert", "derive"],
      ("2001-01", "2023-12"), "A",
      [D("expression", [0, 1, 2], "gap_pp = (Q4 GFDEBTN / 1000 / Q4 GDP * 100) - WEO gross debt % of GDP")]),
    T("Any structural breaks in the quarterly federal ratio?",
      ["GFDEBTN", "GDP"], ["changepoints"], ("2000-01", "2024-12"), "Q"),
], "NOTES19")

# =========================================================================== 20
SI = ["United States", "China", "Germany", "Japan"]
scen("b20-20", "Class presentation on saving and investment", [
    T("hi, for a class presentation: US personal saving rate as yearly averages 2000-2023, plus national saving as a share of GDP from "
      "the WEO (their gross national savings line), US only, beside it",
      ["PSAVERT", W("United States", "SAV")], ["search", "build_table", "convert"], ("2000-01", "2023-12"), "A"),
    T("ok and now national saving minus total investment for the US, China, Germany and Japan, same years",
      [W(c, "SAV") for c in SI] + [W(c, "INV") for c in SI], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), None,
      [D("spread", [i, i + 4], "s_minus_i_%d = SAV - INV" % i) for i in range(4)]),
    T("chart those gaps together with the current account % of GDP for every country, they should be close right?",
      [W(c, "SAV") for c in SI] + [W(c, "INV") for c in SI] + [W(c, "CA") for c in SI],
      ["search", "build_table", "chart"], ("2000-01", "2023-12")),
], "NOTES20")

# =========================================================================== 21
scen("b20-21", "Newsletter: headline vs core CPI and the WEO annual figure", [
    T("For this week's newsletter: headline CPI and core CPI (ex food and energy), both SA, 2000 to 2019, with 12-month % changes.",
      ["CPIAUCSL", "CPILFESL"], ["search", "build_table", "derive"], ("2000-01", "2019-12"), "M",
      [D("yoy_pct", [0], "headline_yoy = (CPIAUCSL / CPIAUCSL[t-12] - 1) * 100"),
       D("yoy_pct", [1], "core_yoy = (CPILFESL / CPILFESL[t-12] - 1) * 100")]),
    T("What's the gap between headline and core y/y each month, in percentage points?",
      ["CPIAUCSL", "CPILFESL"], ["derive"], ("2001-01", "2019-12"), "M",
      [D("expression", [0, 1], "gap_pp = yoy(CPIAUCSL) - yoy(CPILFESL)")]),
    T("And take calendar-year averages of the headline index, turn them into annual inflation, and set that "
      "against the WEO figure for US inflation (average CPI).",
      ["CPIAUCSL", W("United States", "CPI")], ["search", "build_table", "convert", "derive"],
      ("2001-01", "2019-12"), "A",
      [D("yoy_pct", [0], "cpi_annual = (mean CPIAUCSL in year / mean in previous year - 1) * 100"),
       D("spread", [0, 1], "diff = cpi_annual - WEO average CPI inflation")]),
], "NOTES21")

# =========================================================================== 22
TR22 = ["Germany", "Korea", "China", "Japan"]
scen("b20-22", "Trade-volume tracker for four exporters", [
    T("Export volume growth, goods and services, for Germany, South Korea, China and Japan, 2000-2023, WEO please.",
      [W(c, "XVOL") for c in TR22], ["search", "build_table"], ("2000-01", "2023-12")),
    T("Add import volume growth for the same four and give me exports minus imports for each.",
      [W(c, "XVOL") for c in TR22] + [W(c, "MVOL") for c in TR22], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), None,
      [D("spread", [i, i + 4], "net_volume_%d = XVOL - MVOL" % i) for i in range(4)]),
    T("Back to exports for the Germans and the Koreans: did their average growth rate shift at some point?",
      [W("Germany", "XVOL"), W("Korea", "XVOL")], ["changepoints"], ("2000-01", "2023-12")),
], "NOTES22")

# =========================================================================== 23
G5 = ["United States", "United Kingdom", "Germany", "Japan", "Canada"]
scen("b20-23", "Research note on output gaps and structural balances", [
    T("Please assemble the WEO output gap estimates (percent of potential GDP) for the United States, the United "
      "Kingdom, Germany, Japan and Canada over 2005-2023.",
      [W(c, "GAP") for c in G5], ["search", "build_table"], ("2005-01", "2023-12")),
    T("Run a mean-shift change-point search on each of these series.",
      [W(c, "GAP") for c in G5], ["changepoints"], ("2005-01", "2023-12")),
    T("Add the structural balance (percent of potential GDP) for the same economies and chart both measures.",
      [W(c, "GAP") for c in G5] + [W(c, "SB") for c in G5], ["search", "build_table", "chart"], ("2005-01", "2023-12")),
], "NOTES23")

# =========================================================================== 24
AU = ["Australia", "New Zealand", "Canada"]
scen("b20-24", "Savings-investment gaps down under and in Canada", [
    T("G'day. Investment and national savings, both % of GDP, for Australia, NZ and Canada, 2000-2023, and "
      "savings minus investment for each.",
      [W(c, "INV") for c in AU] + [W(c, "SAV") for c in AU], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), None,
      [D("spread", [i + 3, i], "s_minus_i_%d = SAV - INV" % i) for i in range(3)]),
    T("Righto, line that up against the current account % of GDP, should be near enough the same thing.",
      [W(c, "INV") for c in AU] + [W(c, "SAV") for c in AU] + [W(c, "CA") for c in AU],
      ["search", "build_table", "derive"], ("2000-01", "2023-12"), None,
      [D("expression", [i + 3, i, i + 6], "discrepancy_%d = (SAV - INV) - CA" % i) for i in range(3)]),
    T("Chuck Norway in as well and chart the lot, savigns, investment and CA.",
      [W(c, k) for k in ("INV", "SAV", "CA") for c in AU + ["Norway"]], ["search", "build_table", "chart"],
      ("2000-01", "2023-12")),
], "NOTES24")

# =========================================================================== 25
BA = ["Latvia", "Lithuania", "Estonia", "Ireland"]
scen("b20-25", "Baltic and Irish jobless rates through the bust", [
    T("Doing a feature on the Baltic bust and the Celtic Tiger hangover: jobless rates in Latvia, Lithuania, Estonia and Ireland, 2005 to 2019, WEO annual figures.",
      [W(c, "UR") for c in BA], ["search", "build_table"], ("2005-01", "2019-12")),
    T("Where are the breaks in those?",
      [W(c, "UR") for c in BA], ["changepoints"], ("2005-01", "2019-12")),
    T("Employment in persons, y/y %, for the four, plus a chart of the jobless rates.",
      [W(c, "UR") for c in BA] + [W(c, "EMP") for c in BA], ["search", "build_table", "derive", "chart"],
      ("2005-01", "2019-12"), None,
      [D("yoy_pct", [i + 4], "emp_yoy_%d = (EMP / EMP[t-1] - 1) * 100" % i) for i in range(4)]),
], "NOTES25")

# =========================================================================== 26
E26 = ["Germany", "France", "United Kingdom", "Italy"]
E26b = ["Germany", "France", "United Kingdom", "Spain", "Netherlands"]
scen("b20-26", "Employment-to-population in large European economies", [
    T("I'd like employment (millions of persons) and total population for Germany, France, the UK and Italy, "
      "2000-2023, with employment divided by population.",
      [W(c, "EMP") for c in E26] + [W(c, "POP") for c in E26], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), None,
      [D("ratio", [i, i + 4], "emp_pop_%d = EMP / POP * 100" % i) for i in range(4)]),
    T("Now the same ratio with Spain and the Netherlands added, dropping Italy.",
      [W(c, "EMP") for c in E26b] + [W(c, "POP") for c in E26b], ["search", "build_table", "derive"],
      ("2000-01", "2023-12"), None,
      [D("ratio", [i, i + 5], "emp_pop_%d = EMP / POP * 100" % i) for i in range(5)]),
    T("Overlay unemployment rates for all five on a chart.",
      [W(c, "EMP") for c in E26b] + [W(c, "POP") for c in E26b] + [W(c, "UR") for c in E26b],
      ["search", "build_table", "chart"], ("2000-01", "2023-12")),
], "NOTES26")

# =========================================================================== 27
scen("b20-27", "Podcast prep: the shifting centre of world output", [
    T("For an episode on the world's economic centre of gravity: China, India and the US as shares of world GDP at PPP, 2000-2023.",
      [W("China", "PPPSH"), W("India", "PPPSH"), W("United States", "PPPSH")], ["search", "build_table"], ("2000-01", "2023-12")),
    T("Add China and India together and set that sum against the American share.",
      [W("China", "PPPSH"), W("India", "PPPSH"), W("United States", "PPPSH")], ["derive"], ("2000-01", "2023-12"), None,
      [D("expression", [0, 1, 2], "asia_minus_us = (PPPSH_CN + PPPSH_IN) - PPPSH_US")]),
    T("Market exchange rates instead: China's dollar GDP as a percent of America's, same period, and chart it.",
      [W("China", "NGDP_USD"), W("United States", "NGDP_USD")], ["search", "build_table", "derive", "chart"],
      ("2000-01", "2023-12"), None,
      [D("ratio", [0, 1], "cn_pct_of_us = NGDP_USD_CN / NGDP_USD_US * 100")]),
], "NOTES27")

# =========================================================================== 28
GCC = ["Saudi Arabia", "United Arab Emirates", "Qatar", "Kuwait"]
scen("b20-28", "Gulf fiscal and external balances, then the dollar pegs", [
    T("Gulf fiscal check: general government net lending, % GDP, for KSA, UAE, Qatar and Kuwait, 2010-2023.",
      [W(c, "NL") for c in GCC], ["search", "build_table"], ("2010-01", "2023-12")),
    T("Current account % of GDP next to them.",
      [W(c, "NL") for c in GCC] + [W(c, "CA") for c in GCC], ["search", "build_table"], ("2010-01", "2023-12")),
    T("Pegs: SAMA and HKMA rates less the Fed's, monthly 2010-2023.",
      ["M.SA", "M.HK", "M.US"], ["search", "build_table", "derive"], ("2010-01", "2023-12"), "M",
      [D("spread", [0, 2], "sama_minus_fed = M.SA - M.US"), D("spread", [1, 2], "hkma_minus_fed = M.HK - M.US")]),
], "NOTES28")

# =========================================================================== 29
D29 = ["Japan", "Italy", "United States", "Canada"]
scen("b20-29", "Gross versus net general government debt", [
    T("Sorry to trouble you. I would like the general government gross debt and the net debt, in percent of GDP, "
      "for Japan, Italy, United States and Canada, 2005 to 2023.",
      [W(c, "GDEBT") for c in D29] + [W(c, "NDEBT") for c in D29], ["search", "build_table"], ("2005-01", "2023-12")),
    T("Could you kindly take net away from gross in every country? I believe it shows the financial assets.",
      [W(c, "GDEBT") for c in D29] + [W(c, "NDEBT") for c in D29], ["derive"], ("2005-01", "2023-12"), None,
      [D("spread", [i, i + 4], "assets_%d = GDEBT - NDEBT" % i) for i in range(4)]),
    T("Thank you. Additionally the primary balance, for Japan only, and a chart of Japan's three lines please.",
      [W("Japan", "GDEBT"), W("Japan", "NDEBT"), W("Japan", "PB")], ["search", "build_table", "chart"], ("2005-01", "2023-12")),
], "NOTES29")

# =========================================================================== 30
scen("b20-30", "Board deck: industrial production and jobs through 2008", [
    T("Need IP + payrols, monthly 2006-2012, board meeting at 3. Where did IP break?",
      ["INDPRO", "PAYEMS"], ["search", "build_table", "changepoints"], ("2006-01", "2012-12"), "M"),
    T("rebase both, Dec 2007 = 100",
      ["INDPRO", "PAYEMS"], ["derive"], ("2006-01", "2012-12"), "M",
      [D("index", [0], "ip_idx = INDPRO / INDPRO[2007-12] * 100"), D("index", [1], "pay_idx = PAYEMS / PAYEMS[2007-12] * 100")]),
    T("y/y for both + chart. fast pls",
      ["INDPRO", "PAYEMS"], ["derive", "chart"], ("2007-01", "2012-12"), "M",
      [D("yoy_pct", [0], "ip_yoy = (INDPRO / INDPRO[t-12] - 1) * 100"), D("yoy_pct", [1], "pay_yoy = (PAYEMS / PAYEMS[t-12] - 1) * 100")]),
], "NOTES30")

# =========================================================================== 31
scen("b20-31", "Housing desk: home-equity lines at commercial banks", [
    T("HELOC balances (revolving home equity, all commercial banks), SA weekly, as monthly averages 2003-2019. "
      "Where's the regime shift? Run a break search.",
      ["RHEACBW027SBOG"], ["search", "build_table", "convert", "changepoints"], ("2003-01", "2019-12"), "M"),
    T("Set that against H.8 consumer loans: HELOCs as % of consumer loans.",
      ["RHEACBW027SBOG", "CONSUMER"], ["search", "build_table", "convert", "derive"], ("2003-01", "2019-12"), "M",
      [D("ratio", [0, 1], "heloc_pct_consumer = monthly mean(RHEACBW027SBOG) / CONSUMER * 100")]),
    T("HELOC year-end values please (last weekly print of each Dec), annual table",
      ["RHEACBW027SBOG"], ["convert"], ("2003-01", "2019-12"), "A"),
], "NOTES31")

# =========================================================================== 32
AF = ["South Africa", "Nigeria", "Kenya", "Ghana"]
scen("b20-32", "African inflation and the real repo rate", [
    T("Average CPI inflation for South Africa, Nigeria, Kenya and Ghana, 2010-2023, WEO.",
      [W(c, "CPI") for c in AF], ["search", "build_table"], ("2010-01", "2023-12")),
    T("Now the SARB repo rate, annual average, less SA inflation: real repo.",
      ["M.ZA", W("South Africa", "CPI")], ["search", "build_table", "convert", "derive"], ("2010-01", "2023-12"), "A",
      [D("spread", [0, 1], "real_repo = annual mean(M.ZA) - WEO South Africa CPI inflation")]),
    T("Same for Morocco with Bank Al-Maghrib's rate, keep SA alongside.",
      ["M.ZA", W("South Africa", "CPI"), "M.MA", W("Morocco", "CPI")], ["search", "build_table", "convert", "derive"],
      ("2010-01", "2023-12"), "A",
      [D("spread", [0, 1], "real_za = annual mean(M.ZA) - WEO ZA inflation"),
       D("spread", [2, 3], "real_ma = annual mean(M.MA) - WEO Morocco inflation")]),
], "NOTES32")

# =========================================================================== 33
scen("b20-33", "Student research on China's growth model", [
    T("I am student, researching China growth model. Please show real GDP growth, total investment % of GDP "
      "and gross national savings (in % of GDP too) of China, 2000 until 2023.",
      [W("China", "RGDP_G"), W("China", "INV"), W("China", "SAV")], ["search", "build_table"], ("2000-01", "2023-12")),
    T("Also the PBoC policy rate as year average, put together with these, and savings minus investmant.",
      [W("China", "RGDP_G"), W("China", "INV"), W("China", "SAV"), "M.CN"],
      ["search", "build_table", "convert", "derive"], ("2000-01", "2023-12"), "A",
      [D("spread", [2, 1], "s_minus_i = SAV - INV")]),
    T("Investment share: where it changes the level? breaking points please",
      [W("China", "INV")], ["changepoints"], ("2000-01", "2023-12")),
], "NOTES33")

# =========================================================================== 34
EM34 = ["India", "Brazil", "South Africa", "Indonesia"]
scen("b20-34", "Fiscal desk: revenue, spending and net lending in four EMs", [
    T("Revenue and total expenditure of general government, % of GDP, for India, Brazil, South Africa and "
      "Indonesia, 2010-2023.",
      [W(c, "REV") for c in EM34] + [W(c, "EXP") for c in EM34], ["search", "build_table"], ("2010-01", "2023-12")),
    T("Revenue minus expenditure for each; check it against the WEO net lending line.",
      [W(c, "REV") for c in EM34] + [W(c, "EXP") for c in EM34] + [W(c, "NL") for c in EM34],
      ["search", "build_table", "derive"], ("2010-01", "2023-12"), None,
      [D("spread", [i, i + 4], "balance_%d = REV - EXP" % i) for i in range(4)]),
    T("Chart the four balances you computed.",
      [W(c, "REV") for c in EM34] + [W(c, "EXP") for c in EM34], ["chart"], ("2010-01", "2023-12")),
], "NOTES34")

# =========================================================================== 35
scen("b20-35", "Russia: key rate breaks, implied rouble, real key rate", [
    T("CBR key rate, monthly, 2010-2023. Breaks?",
      ["M.RU"], ["search", "build_table", "changepoints"], ("2010-01", "2023-12"), "M"),
    T("Implied RUB/USD from WEO (GDP in roubles / GDP in USD), 2010-23, next to the annual average key rate.",
      ["M.RU", W("Russia", "NGDP_N"), W("Russia", "NGDP_USD")], ["search", "build_table", "convert", "derive"],
      ("2010-01", "2023-12"), "A",
      [D("ratio", [1, 2], "rub_per_usd = NGDP_N / NGDP_USD")]),
    T("Add WEO avg CPI for Russia and compute the real key rate again on annual data.",
      ["M.RU", W("Russia", "CPI")], ["search", "build_table", "convert", "derive"], ("2010-01", "2023-12"), "A",
      [D("spread", [0, 1], "real_key = annual mean(M.RU) - WEO Russia CPI inflation")]),
], "NOTES35")

# =========================================================================== 36
CE = ["Poland", "Hungary", "Czech Republic", "Romania"]
scen("b20-36", "Fiscal council: debt in local currency over GDP", [
    T("General government gross debt in national currency, plus nominal GDP in national currency, for Poland, "
      "Hungary, Czechia and Romania, 2010-2023. Debt over GDP from those, please.",
      [W(c, "GDEBT_N") for c in CE] + [W(c, "NGDP_N") for c in CE], ["search", "build_table", "derive"],
      ("2010-01", "2023-12"), None,
      [D("ratio", [i, i + 4], "debt_ratio_%d = GDEBT_N / NGDP_N * 100" % i) for i in range(4)]),
    T("Check those against the gross debt ratio the WEO publishes.",
      [W(c, "GDEBT_N") for c in CE] + [W(c, "NGDP_N") for c in CE] + [W(c, "GDEBT") for c in CE],
      ["search", "build_table", "derive"], ("2010-01", "2023-12"), None,
      [D("expression", [i, i + 4, i + 8], "diff_%d = GDEBT_N / NGDP_N * 100 - GDEBT" % i) for i in range(4)]),
    T("Structural balance for the same four, charted.",
      [W(c, "SB") for c in CE], ["search", "build_table", "chart"], ("2010-01", "2023-12")),
], "NOTES36")

# =========================================================================== 37
AN = [("Chile", "M.CL"), ("Peru", "M.PE"), ("Colombia", "M.CO")]
scen("b20-37", "Commodity strategist: Andean external balances and rates", [
    T("Chile, Peru, Colombia: current account, % GDP, 2005-2023.",
      [W(c, "CA") for c, _ in AN], ["search", "build_table"], ("2005-01", "2023-12")),
    T("add goods export volume growth (goods only, not G&S) for the three",
      [W(c, "CA") for c, _ in AN] + [W(c, "XGVOL") for c, _ in AN], ["search", "build_table"], ("2005-01", "2023-12")),
    T("plus BCCh, BCRP and BanRep policy rates as annual avgs, same window",
      [W(c, "CA") for c, _ in AN] + [W(c, "XGVOL") for c, _ in AN] + [k for _, k in AN],
      ["search", "build_table", "convert"], ("2005-01", "2023-12"), "A"),
], "NOTES37")

# =========================================================================== 38
scen("b20-38", "BoE watcher: Bank Rate regimes and the real rate", [
    T("The Old Lady's Bank Rate, monthly, 2007-2023 please, and where it broke.",
      ["M.GB"], ["search", "build_table", "changepoints"], ("2007-01", "2023-12"), "M"),
    T("Annual average Bank Rate against WEO average CPI inflation for the UK; real Bank Rate = the difference.",
      ["M.GB", W("United Kingdom", "CPI")], ["search", "build_table", "convert", "derive"], ("2007-01", "2023-12"), "A",
      [D("spread", [0, 1], "real_bank_rate = annual mean(M.GB) - WEO UK CPI inflation")]),
    T("And the UK current account % of GDP alongside that real rate, with a chart.",
      ["M.GB", W("United Kingdom", "CPI"), W("United Kingdom", "CA")], ["search", "build_table", "convert", "chart"],
      ("2007-01", "2023-12"), "A"),
], "NOTES38")

# =========================================================================== 39
scen("b20-39", "Reconciling FRED and IFS nominal GDP for the US", [
    T("Reconciliation job: FRED GDP (SAAR, $bn) and IFS NGDP_SA_XDC for the US, quarterly 2000Q1-2023Q4.",
      ["GDP", "NGDP_SA_XDC"], ["search", "build_table"], ("2000-01", "2023-12"), "Q"),
    T("Put them on one basis: IFS quarterly millions x4 / 1000 gives annualised bn; then ratio to FRED.",
      ["GDP", "NGDP_SA_XDC"], ["derive"], ("2000-01", "2023-12"), "Q",
      [D("expression", [1, 0], "ratio = (NGDP_SA_XDC * 4 / 1000) / GDP")]),
    T("Annual now: yearly mean of FRED GDP vs WEO US GDP at current prices (USD bn).",
      ["GDP", W("United States", "NGDP_USD")], ["search", "build_table", "convert", "derive"], ("2000-01", "2023-12"), "A",
      [D("ratio", [0, 1], "ratio = annual mean(GDP) / WEO NGDP_USD")]),
], "NOTES39")

# =========================================================================== 40
scen("b20-40", "Mexican analyst: nominal GDP growth, Banxico, real rate", [
    T("Necesito Mexico nominal GDP, quarterly and seasonally adjusted, from IFS, 2010 to 2023 Q3, with the growth "
      "versus the same quarter of last year (y/y, no q/q).",
      ["NGDP_SA_XDC"], ["search", "build_table", "derive"], ("2010-01", "2023-09"), "Q",
      [D("yoy_pct", [0], "ngdp_yoy = (NGDP_SA_XDC / NGDP_SA_XDC[t-4] - 1) * 100")]),
    T("Put the Banxico objective rate, as quarter average, beside it.",
      ["NGDP_SA_XDC", "M.MX"], ["search", "build_table", "convert"], ("2010-01", "2023-09"), "Q"),
    T("Now for 2010-2022 the Banxico rate by year average, minus WEO Mexico average inflation.",
      ["M.MX", W("Mexico", "CPI")], ["search", "build_table", "convert", "derive"], ("2010-01", "2022-12"), "A",
      [D("spread", [0, 1], "real_rate = annual mean(M.MX) - WEO Mexico CPI inflation")]),
], "NOTES40")


# --------------------------------------------------------------------------- notes

NOTES = {
    "b20-01": "UNRATE 5.7 (2015-01) -> 3.6 (2019-12), low 3.5 in 2019-09; PAYEMS 140,568k -> 151,795k. Payrolls y/y 1.88% in 2016-01, "
              "peak 1.94% (2016-03), trough 1.26% (2019-06), 1.33% in 2019-12. Annual means of UNRATE equal the WEO US unemployment "
              "rate to three decimals (2015 5.275, 2016 4.875, 2017 4.358, 2018 3.892, 2019 3.675), so every diff is 0.00 pp. "
              "Trap: the unadjusted twins `UNRATENSA` and `PAYNSA`; the unemployment level `UNEMPLOY` is not a rate.",
    "b20-02": "Monthly means of daily T10Y3M: 3.25 pp (2004-01), 0.30 (2019-12); low -0.52 (2007-03), high 3.68 (2010-04). Negative months: "
              "2006-08..2007-05 and 2019-05..2019-09. Least-squares single mean shift over 2004-01..2019-12: break at 2017-06 (mean 1.94 before, "
              "0.64 from then); searching 2004-01..2017-05 again gives 2008-03 (1.02 -> 2.36). FEDFUNDS 1.00 (2004-01), 5.26 peak (2007-02), "
              "1.55 (2019-12). Trap: the monthly twin `T10Y3MM` (already averaged, would skip the conversion) and the 10y-2y spread `T10Y2Y`.",
    "b20-03": "BIS monthly: Fed 0.125 (2015-01) -> 5.375 (2023-12), BoE 0.50 -> 5.25, BoC 0.75 -> 5.00. BoE minus Fed: +37.5 bps in 2015-01, "
              "-162.5 bps low in 2018-12, -12.5 bps in 2023-12. BoC minus Fed: +62.5 bps (2015-01), -62.5 low (2017-06), -37.5 (2023-12). "
              "Annual-mean rate minus WEO average CPI inflation: US 0.02 (2015), -4.56 (2021), -6.10 (2022), +0.98 (2023); UK 0.46, -2.48, -7.53, -2.58; "
              "Canada -0.50, -3.15, -4.76, +0.89. Trap: `FEDFUNDS` is the market rate, not the BIS policy series; IFS discount-rate mirrors "
              "`INTDSRGBM193N` and `INTDSRCAM193N` stop in 2013.",
    "b20-04": "TP.FG.J0 (TURKSTAT table, 2003=100) 446.45 in 2020-01, 3453.09 in 2025-10. Computed y/y equals TURKSTAT's published annual rate: "
              "14.97% (2021-01), peak 85.51% (2022-10), 32.87% (2025-10). M.TR 17.0 (2021-01), 19.0 in 2021-03..08, cut to 8.5 (2023-02..05), "
              "42.5 (2023-12). Real rate 2.03 (2021-01), low -75.39 (2022-11), -22.27 (2023-12). Single mean-shift break in M.TR 2021-01..2023-12 at "
              "2023-08 (14.13 -> 34.50); re-searching each side gives 2021-11 (18.2 -> 12.19) and 2023-10 (27.5 -> 39.17). "
              "Trap: the food sub-index `TP.FG.J01` and the IFS discount-rate mirror `INTDSRTRM193N`.",
    "b20-05": "WEO net lending % GDP: Italy low -5.12 (2009), -1.50 (2019); Spain low -11.55 (2012), -3.06 (2019); Greece low -15.22 (2009), -0.06 (2019); "
              "Portugal low -11.40 (2010), +0.08 (2019). Primary minus overall (interest bill): Italy 4.98 in 2012 (its max), 3.17 in 2019; Spain 2.55 (2012), "
              "max 3.00 (2014); Greece max 7.67 (2011), 3.00 (2019); Portugal max 4.35 (2014). Gross debt % GDP 2005 -> 2019: Italy 106.6 -> 134.2, "
              "Spain 42.4 -> 98.2, Greece 107.4 -> 185.5 (peak 190.7 in 2018), Portugal 72.2 -> 116.6. "
              "Trap: the national-currency twin `WEOApr2024|Greece|General government net lending/borrowing|National currency` and WDI "
              "`GC.NLD.TOTL.GD.ZS` (central government only, no observations).",
    "b20-06": "WEO current account USD bn and own ratio CA/NGDP_USD*100 (WEO's published % in brackets): Germany 195.4 -> 5.74% (5.744) in 2010, "
              "303.2 -> 6.80% in 2023; China 237.8 -> 3.94% (2010), 264.2 -> 1.50% (2023); US -432.0 -> -2.87% (2010), -971.6 -> -3.77% (2022), "
              "-812.7 -> -2.97% (2023); Japan 221.1 -> 3.84% (2010), 84.5 -> 1.99% (2022), 144.7 -> 3.43% (2023). Own and published ratios agree to "
              "rounding. Trap: WDI `BN.CAB.XOKA.CD` (no observations) and a neighbouring surplus economy `WEOApr2024|Korea|Current account balance|U.S. dollars`.",
    "b20-07": "USD per head = NGDP_USD*1000/POP: India 442 (2000) -> 2,500 (2023); Indonesia 870 -> 4,942; Vietnam 499 -> 4,324; Bangladesh 483 -> 2,621. "
              "All match WEO GDP per capita USD to four decimals (ratio 1.0000). PPP per head: India 2,087 -> 9,339; Indonesia 4,785 -> 15,829; "
              "Vietnam 2,490 -> 14,342; Bangladesh 1,703 -> 8,663 (same as WEO's PPP per-capita line). Population 2023: 1,428.6 mn, 277.4, 100.3, 170.3. "
              "Trap: WDI `NY.GDP.PCAP.CD` and the constant-price PPP line "
              "`WEOApr2024|India|Gross domestic product per capita, constant prices|Purchasing power parity; 2017 international dollar`.",
    "b20-08": "Real GDP per worker (bn / mn = thousand NCU): Korea 42,675 (2000) -> 70,226 (2023), +64.6%; Japan 7,487 -> 8,284, +10.6%; "
              "Taiwan 1,039 -> 1,930, +85.8%; Germany 70.86 -> 76.03 thousand euro, +7.3%. Employment index 2023 (2000=100): Korea 134.2 "
              "(21.17 -> 28.42 mn), Japan 104.7, Taiwan 120.2. Trap: per-capita instead of per-worker "
              "`WEOApr2024|Korea|Gross domestic product per capita, constant prices|National currency`, and WDI `SL.GDP.PCAP.EM.KD` (no observations).",
    "b20-09": "BUSLOANS 1,238.7 bn (2010-01) -> 2,355.8 (2019-12); CONSUMER 820.0 -> 1,589.2 with a level jump 886.5 -> 1,158.3 in 2010-04 "
              "(consolidation of securitised card loans). Consumer share 39.83% (2010-01), max 48.97% (2010-05), min 38.81% (2016-05), 40.28% (2019-12). "
              "Quarterly means over SAAR GDP: C&I 8.29% (2010Q1) -> 10.75% (2019Q4); consumer 5.69% -> 7.21%. DRALACBS 1.60 (2005Q1), peak 7.40 "
              "(2010Q1), 1.44 (2019Q4); single break at 2014Q3 (4.08 -> 1.96), left segment breaks at 2008Q3 (1.93 -> 5.34). "
              "Trap: unadjusted `BUSLOANSNSA`, `CONSUMERNSA`, `DRALACBN`, and consumer-only delinquency `DRCLACBS`.",
    "b20-10": "Weekly M2 averaged to months: 4,661.0 bn (2000-01), 15,314.7 (2019-12). Y/y 6.42% (2001-01), max 10.48% (2001-12), min 1.68% (2010-03), "
              "6.75% (2019-12). Velocity GDP / quarterly mean M2: 2.140 (2000Q1), max 2.157 (2000Q2), min 1.438 (2017Q2), 1.439 (2019Q4); single mean "
              "shift at 2009Q1 (1.99 -> 1.57). Trap: FRED's own velocity `M2V`, the monthly `M2SL` and the weekly unadjusted `WM2NS`.",
    "b20-11": "Monthly means of DEXUSEU: 1.4266 (2010-01), max 1.4460 (2011-04), min 1.0545 (2016-12), 1.1114 (2019-12). Year-end (last December print): "
              "2010 1.3269 (12-30), 2013 1.3779, 2014 1.2101, 2015 1.0859, 2016 1.0552 (12-30), 2017 1.2022 (12-29), 2019 1.1227 (12-31). ECB minus Fed "
              "(BIS): +0.875 (2010-01), -0.325 (2015-12), low -2.375 (2018-12), -1.625 (2019-12). Trap: the monthly `EXUSEU` and annual `AEXUSEU` twins, "
              "and sterling `DEXUSUK`.",
    "b20-12": "Implied LCU per USD = NGDP_N/NGDP_USD, with price level = PPP rate / implied rate: Argentina 9.27 / 0.741 (2015), 48.26 / 0.433 (2019), "
              "293.92 / 0.524 (2023); Türkiye 2.72 / 0.427, 5.68 / 0.308, 23.71 / 0.305; Egypt 7.36 / 0.312, 17.60 / 0.246, 25.79 / 0.219; Nigeria "
              "193.28 / 0.501, 325.00 / 0.417, 625.22 / 0.275. Average CPI inflation: Türkiye 55.0 (2000), 72.3 peak (2022), 53.9 (2023), single break "
              "at 2022 (16.45 -> 63.08); Egypt 2.8 (2000), 24.4 (2023), break at 2007 (4.58 -> 12.34). Trap: WDI `PA.NUS.FCRF`, IFS `ENDA_XDC_USD_RATE`, "
              "and `WEOApr2024|Argentina|Inflation, average consumer prices|Percent change`, which has no values for 2014-2016.",
    "b20-13": "IFS area: CA. NGDP_SA_XDC Canada 411,008 mn CAD (2010Q1), 738,095 (2023Q4), quarterly levels not annualised. Four-quarter sums / 1000 "
              "equal WEO Canada GDP current prices exactly: 2010 1,666.048 bn, 2019 2,313.563, 2020 2,220.527, 2023 2,888.920 (ratio 1.0000 every year). "
              "Y/y: -12.83% (2020Q2), +22.37% (2021Q2), +3.97% (2023Q4). BoC quarterly mean 1.00 (2011Q1), 0.25 (2020Q2), 5.00 (2023Q4). "
              "Trap: FRED's mirror `NGDPSAXDCCAQ` (no observations here), the unadjusted `NGDP_NSA_XDC` and real `NGDP_R_SA_XDC`.",
    "b20-14": "BIS 2019-01 -> low -> first hike -> peak -> 2023-12: Brazil 6.50, 2.00 (2020-08), 2021-03, 13.75 (2022-08), 11.75; Chile 3.00, 0.50 (2020-04), "
              "2021-07, 11.25 (2022-10), 8.25; Colombia 4.25, 1.75 (2020-09), 2021-10, 13.25 (2023-05), 13.00; Peru 2.75, 0.25 (2020-04), 2021-08, 7.75 "
              "(2023-01), 6.75; Mexico 8.25, 4.00 (2021-02), 2021-06, 11.25 (2023-03), 11.25. Mean-shift breaks: BR 2021-12 (4.39 -> 12.79), CL 2022-03 "
              "(1.72 -> 9.96), CO 2022-08 (3.36 -> 12.37), PE 2022-04 (1.51 -> 6.98), MX 2022-08 (6.04 -> 10.68). December rate minus WEO end-of-period "
              "inflation, 2022 / 2023: BR 7.96 / 7.13, CL -1.52 / 4.32, CO -1.19 / 3.69, PE -0.96 / 3.51, MX 2.68 / 6.83. Trap: IFS mirror `INTDSRBRM193N` "
              "and average (not end-of-period) inflation `WEOApr2024|Brazil|Inflation, average consumer prices|Percent change`.",
    "b20-15": "ECB (M.XM) 0.00 in 2020-01, 4.50 in 2023-12. Spreads over ECB, bps, 2020-01 / max / 2023-12: Poland 150 / 600 (2022-06) / 125; Hungary "
              "90 / 1175 (2022-09) / 625; Czechia 200 / 700 (2022-06) / 225; Romania 250 / 500 (2022-08) / 250; Serbia 225 / 275 (2022-10) / 200, min 100 "
              "(2020-12). Trap: Croatia `M.HR` (series stops in 2022-07), the IFS mirror `INTDSRPLM193N`, and FRED's daily `ECBMRRFR`.",
    "b20-16": "Annual-mean policy rate minus WEO average CPI inflation, 2018 / 2020 / 2022 / 2023: Korea 0.07 / 0.13 / -2.96 / -0.09; Thailand 0.46 / 1.49 "
              "/ -5.35 / 0.81; Malaysia 2.28 / 3.22 / -1.21 / 0.43; Indonesia 1.81 / 2.22 / -0.14 / 2.10; Philippines -1.58 / 0.25 / -2.59 / 0.25. "
              "Move from 2022-01 to 2023-12: Philippines +4.50 pp (2.00 -> 6.50) is largest, then Indonesia +2.50, Korea +2.25, Thailand +2.00, "
              "Malaysia +1.25. Trap: Hong Kong `M.HK`, `WEOApr2024|Singapore|Inflation, average consumer prices|Percent change` (no BIS rate for "
              "Singapore), and the IFS mirror `INTDSRKRM193N`.",
    "b20-17": "Months below zero, 2014-01..2023-12: Denmark 99 (2014-01..2022-08, low -0.75 in 2015-02), Switzerland 93 (2014-12..2022-08, low -0.75), "
              "Sweden 59 (2015-02..2019-12, low -0.50). Denmark minus ECB: mean -0.62, 0.00 at most (2022-10), -0.90 (2023-12); Switzerland minus "
              "ECB: -2.75 by 2023-12. December rate minus WEO end-of-period inflation, 2019 / 2022 / 2023: DK -1.63 / -7.96 / 3.09; SE -1.96 / -7.73 / 0.98; "
              "CH -0.94 / -1.88 / 0.01. Trap: Norway `M.NO`, average inflation `WEOApr2024|Denmark|Inflation, average consumer prices|Percent change`, "
              "and the deposit rate `ECBDFR`.",
    "b20-18": "Monthly mean DPRIME 8.50 (2000-01), 4.75 (2019-12). Prime minus FEDFUNDS averages 3.07 pp; min 2.93 (2005-08), max 3.61 (2008-11); only "
              "2008-10..2008-12 sit more than 25 bps off 3.00. Single break at 2008-09 (3.00 -> 3.13), a small shift. Implied 10y = mean T10YFF + FEDFUNDS: "
              "6.55 (2000-01), low 1.50 (2016-07), 1.86 (2019-12). Trap: monthly `MPRIME`, daily `DFF`, the yield itself `DGS10`, and the monthly spread `T10YFFM`.",
    "b20-19": "GFDEBTN/1000/GDP*100: 57.72% (2000Q1; 5,773,392 mn vs 10,002.2 bn), min 54.03% (2001Q2), 105.78% (2019Q4), max 132.81% (2020Q2), 121.85% "
              "(2024Q4; 36,218,605 mn vs 29,723.9 bn). Q4 ratio minus WEO general government gross debt: 2001 +2.61 pp (55.75 vs 53.15), 2008 -0.18, 2012 "
              "-2.98, 2020 -6.26 (125.73 vs 131.99), 2023 -1.99 (120.16 vs 122.15). WEO has no 2000 value, hence the window from 2001. Quarterly breaks: "
              "2009Q4 (61.28 -> 106.18); within each side 2008Q4 (59.34 -> 78.26) and 2020Q2 (99.51 -> 120.92). Trap: FRED's ready-made `GFDEGDQ188S`, "
              "debt held by the public `FYGFDPUN`, and `WEOApr2024|United States|General government net debt|Percent of GDP`.",
    "b20-20": "PSAVERT annual means vs WEO US gross national savings % GDP: 2000 4.29 vs 20.74, 2005 2.25 vs 18.05, 2012 7.86 vs 18.29, 2020 15.09 vs "
              "18.46, 2023 4.71 vs 16.58 (different concepts: household saving / disposable income vs national saving / GDP). Saving minus investment: "
              "US -2.94 (2000), -4.75 (2023); China 1.70, 9.19 (2008), 1.50; Germany -1.76, 8.62 (2016), 6.80; Japan 2.63, 3.43. For China, Germany and "
              "Japan S-I equals the WEO current account % GDP to rounding; the US differs by up to 1.78 pp (statistical discrepancy). Trap: "
              "`A072RC1Q156SBEA` (quarterly personal saving rate) and WDI `NY.GNS.ICTR.ZS`.",
    "b20-21": "CPIAUCSL 169.3 (2000-01) -> 258.63 (2019-12); CPILFESL 179.3 -> 265.83. Headline y/y 3.72% (2001-01), 5.50 (2008-07), -1.96 (2009-07), "
              "2.32 (2019-12); core 1.53 (2009-07), 2.25 (2019-12). Headline minus core: max +3.03 pp (2008-07), min -3.49 pp (2009-07). Annual-average "
              "index inflation equals the WEO US average CPI inflation to three decimals (2001 2.817, 2008 3.815, 2009 -0.320, 2015 0.121, 2019 1.813). "
              "Trap: unadjusted `CPIAUCNS` and `CPILFENS`, and the PCE price index `PCEPI`.",
    "b20-22": "WEO export / import volume growth and net (X minus M), 2009 and 2010: Germany -14.27 / -9.72 / -4.55 then 14.03 / 12.63 / 1.40; Korea -0.46 "
              "/ -6.91 / 6.45 then 13.03 / 17.51 / -4.48; China -10.56 / 3.12 / -13.68 then 28.46 / 23.09 / 5.37; Japan -23.38 / -15.56 / -7.82 then 24.86 "
              "/ 11.29 / 13.58. Export-growth breaks 2000-2023: Germany 2008 (8.26 -> 2.35), Korea 2012 (10.89 -> 3.08). Trap: goods-only "
              "`WEOApr2024|Germany|Volume of exports of goods|Percent change` and WDI `NE.EXP.GNFS.KD.ZG`.",
    "b20-23": "WEO output gaps 2009 / 2020 / 2023: US -7.24 / -2.51 / 0.71; UK -4.44 / -3.59 / -0.26; Germany -3.87 / -3.14 / -0.47; Japan -4.48 / -2.94 / "
              "0.16; Canada -3.21 / -3.36 / -0.04. Mean-shift breaks: US 2017 (-3.69 -> 0.04); UK 2009 (1.47 -> -1.66); Germany 2009 (0.83 -> -0.44); "
              "Japan 2009 (2.17 -> -0.58); Canada 2009 (1.38 -> -0.57). Structural balance 2009 / 2023: US -6.56 / -8.59, UK -7.70 / -4.67, Germany "
              "-1.04 / -1.87, Japan -6.94 / -5.83, Canada -2.04 / -0.65. Trap: the headline balance "
              "`WEOApr2024|United States|General government net lending/borrowing|Percent of GDP` and the currency-unit twin "
              "`WEOApr2024|Japan|General government structural balance|National currency`.",
    "b20-24": "Savings minus investment vs WEO current account % GDP: Australia -3.74 vs -4.09 (2000), 1.23 vs 1.06 (2022); New Zealand -3.32 vs -3.34 "
              "(2000), -8.77 vs -8.78 (2022), but 2010 shows +5.01 vs -2.29, a 7.3 pp discrepancy in WEO's savings figure; Canada identical every year "
              "(2.55 in 2000, -0.61 in 2023); Norway 14.64 (2000), 30.17 (2022), 17.73 (2023), within 0.02 of its CA. Trap: WDI `BN.CAB.XOKA.GD.ZS` "
              "and the dollar twin `WEOApr2024|Australia|Current account balance|U.S. dollars`.",
    "b20-25": "WEO unemployment 2007 / peak / 2019: Latvia 6.08 / 19.48 (2010) / 6.31; Lithuania 4.25 / 17.81 (2010) / 6.25; Estonia 4.59 / 16.71 (2010) "
              "/ 4.45; Ireland 5.00 / 15.49 (2012) / 5.00. Mean-shift breaks: Latvia 2009 (7.73 -> 12.09), Lithuania 2009 (6.04 -> 10.84), Estonia "
              "2014 (9.47 -> 5.98), Ireland 2009 (5.30 -> 10.88). Employment y/y 2009: LV -13.61, LT -7.71, EE -9.45, IE -8.33; 2019: 0.11, 0.22, 0.90, "
              "3.13. Trap: WDI `SL.UEM.TOTL.ZS` and neighbour `WEOApr2024|Finland|Unemployment rate|Percent of total labor force`.",
    "b20-26": "Employment / population *100, 2000 -> 2023: Germany 44.27 -> 50.80; France 41.61 -> 42.86; UK 46.67 -> 48.68; Italy 37.85 -> 40.07; "
              "Spain 38.58 -> 43.94; Netherlands 48.61 -> 54.66 (whole population as denominator, not working age). Unemployment peaks: Germany "
              "11.01 (2005), France 10.34 (2015), UK 8.10 (2011), Spain 26.10 (2013), Netherlands 8.34 (2014). Trap: WDI `SL.EMP.TOTL.SP.ZS` and "
              "`WEOApr2024|Poland|Employment|Persons`, which resolves but has no values at all.",
    "b20-27": "WEO PPP shares of world (China, India, US): 2000 7.20 / 4.35 / 20.18; 2010 13.59 / 5.79 / 16.65; 2023 18.73 / 7.59 / 15.56. China+India "
              "minus US: -8.63 (2000), first positive in 2009, +10.76 (2023). China's dollar GDP as % of US: 11.76 (2000), 40.09 (2010), peak 75.27 "
              "(2021), 64.56 (2023). Trap: WDI `NY.GDP.MKTP.PP.CD` and the PPP level "
              "`WEOApr2024|China|Gross domestic product, current prices|Purchasing power parity; international dollars` instead of the share.",
    "b20-28": "WEO net lending % GDP, 2016 / 2022 / 2023: Saudi Arabia -13.66 / 2.49 / -2.00; UAE -3.05 / 9.89 / 6.25; Qatar -9.20 / 10.35 / 5.39; Kuwait "
              "13.31 / 30.60 / 29.44. Current account % GDP same years: -3.67 / 13.67 / 3.94; 3.58 / 11.64 / 9.28; -5.45 / 26.72 / 18.73; -4.63 / 34.53 / "
              "32.78. SAMA minus Fed: 1.875 (2010-01), min 0.375 (2019-07), 0.625 (2023-12), mean 1.30; HKMA minus Fed: 0.375 (2010-01 and 2023-12), "
              "max 1.525 (2020-03), mean 0.39. Trap: `WEOApr2024|Oman|General government net lending/borrowing|Percent of GDP` and the riyal-unit twin "
              "`WEOApr2024|Saudi Arabia|General government net lending/borrowing|National currency`.",
    "b20-29": "WEO gross / net debt % GDP and gross minus net: Japan 2005 174.60 / 94.06 / 80.54, 2023 252.36 / 155.90 / 96.46; Italy 2005 106.56 / 97.52 / "
              "9.04, 2023 137.28 / 126.56 / 10.72; US 2005 65.45 / 47.20 / 18.25, 2020 131.99 / 97.99 / 34.00, 2023 122.15 / 96.28 / 25.87; Canada 2005 "
              "70.64 / 29.32 / 41.33, 2020 118.20 / 16.10 / 102.11, 2023 107.13 / 12.78 / 94.35. Japan primary balance -3.61 (2005), -8.68 (2009), "
              "-8.41 (2020), -5.64 (2023). Trap: WDI `GC.DOD.TOTL.GD.ZS` (central government) and `WEOApr2024|Japan|General government gross debt|National currency`.",
    "b20-30": "INDPRO (INDPRO.csv vintage) 98.13 (2006-01), 102.28 (2007-12), trough 84.67 (2009-06), 98.19 (2012-12); single mean shift at 2008-09 "
              "(100.25 -> 92.60). Rebased to 2007-12 = 100: IP low 82.79 (2009-06), 96.00 in 2012-12; payrolls low 93.72 (2010-02), 97.60 in 2012-12. "
              "The older INDPRO_2020.csv vintage has 105.35 in 2007-12 and 87.07 in 2009-06 (rebased 82.66), so rebasing removes most of the vintage "
              "gap. Y/y lows: IP -15.22% (2009-06), payrolls -4.97% (2009-07). Trap: unadjusted `IPB50001N`, manufacturing-only `IPMAN`, and `PAYNSA`.",
    "b20-31": "Weekly RHEACBW027SBOG averaged to months: 216.95 bn (2003-01), peak 611.42 (2009-05), 321.03 (2019-12). Single mean shift at 2004-10 "
              "(280.37 -> 471.85); the later segment breaks again at 2015-08 (507.0 -> 385.6). HELOCs as % of CONSUMER: 35.52 (2003-01), max 73.74 "
              "(2010-02), 67.57 (2010-03) then 51.98 (2010-04) when consumer loans jump, 20.20 (2019-12). Year-end (last December week): 2003 283.94, "
              "2008 589.59, 2009 602.07, 2014 457.30, 2019 319.83 (2019-12-25). Trap: the unadjusted `RHEACBW027NBOG` and the monthly `RHEACBM027SBOG`.",
    "b20-32": "WEO average CPI inflation 2010 / 2023 (max): South Africa 4.21 / 5.90 (6.87 in 2022); Nigeria 13.74 / 24.66; Kenya 4.08 / 7.68 (14.02 in "
              "2011); Ghana 6.70 / 37.53. Real repo (annual mean M.ZA minus WEO): 2.12 (2010), 1.33 (2015), -1.01 (2021), -1.58 (2022, low), 2.10 (2023; "
              "repo mean 8.00). Morocco: 2.26 (2010), 0.94 (2015), -4.93 (2022, low), -3.22 (2023). Trap: end-of-period "
              "`WEOApr2024|South Africa|Inflation, end of period consumer prices|Percent change`, WDI `FP.CPI.TOTL.ZG`, and the IFS mirror `INTDSRZAM193N`.",
    "b20-33": "China WEO: real growth 8.47 (2000), 14.25 (2007), 2.24 (2020), 5.24 (2023); investment 33.74, 40.42, 42.86, 42.15 (max 47.03 in 2011); "
              "savings 35.43, 50.35, 44.53, 43.64; S-I 1.70, 9.93 (2007), 1.67, 1.50. BIS M.CN annual mean 5.85 (2000), 7.04 (2008), 4.91 (2015), 3.91 "
              "(2020), 3.55 (2023). Investment-share break: 2008 (38.49 -> 44.20); within segments 2003 (35.23 -> 40.45) and 2015 (45.69 -> 43.05). "
              "Trap: WDI `NE.GDI.TOTL.ZS` and `WEOApr2024|Hong Kong SAR|Total investment|Percent of GDP`.",
    "b20-34": "WEO revenue / expenditure / rev-exp, % GDP: India 2010 19.19 / 27.99 / -8.79, 2020 18.16 / 31.02 / -12.86, 2023 20.16 / 28.78 / -8.62; "
              "Brazil -3.11, -11.87, -7.89; South Africa -4.51, -9.61, -5.95; Indonesia -1.24, -6.07, -1.65 (same years). Rev-exp equals WEO net "
              "lending within 0.001 pp everywhere; 2020 is the low for all four. Trap: WDI `GC.REV.XGRT.GD.ZS` and `GC.XPN.TOTL.GD.ZS` (central "
              "government, no observations) and the rupee twin `WEOApr2024|India|General government revenue|National currency`.",
    "b20-35": "M.RU 8.75 (2010-01), 9.5 (2014-11) -> 17.0 (2014-12), low 4.25 (2020-07), 20.0 (2022-02..03), 7.5 (2022-09), 16.0 (2023-12). Single "
              "mean-shift break 2010-01..2023-12 at 2023-08 (8.31 -> 14.20); left side breaks again at 2017-12 (9.00 -> 7.36). Implied RUB/USD: 30.38 "
              "(2010), 38.57 (2014), 61.24 (2015), 72.35 (2020), 68.37 (2022), 85.65 (2023). Real key rate (annual mean minus WEO average CPI): 1.11 "
              "(2010), -2.99 (2015), 1.56 (2020), -2.75 (2022), 4.52 (2023). Trap: IFS mirror `INTDSRRUM193N`, WDI `PA.NUS.FCRF`, and "
              "`WEOApr2024|Russia|Inflation, end of period consumer prices|Percent change`.",
    "b20-36": "Gross debt (NCU bn) / GDP (NCU bn) *100, 2010 / 2020 / 2023: Poland 54.01 / 57.17 / 50.83; Hungary 80.01 / 79.25 / 73.40; Czechia 37.07 / "
              "37.66 / 44.18; Romania 30.17 / 49.39 / 50.66. They match WEO's % of GDP line within 0.001 pp. Structural balance 2010 / 2019 / 2023: Poland "
              "-6.99 / -1.32 / -5.51; Hungary -3.26 / -3.66 / -6.31; Czechia -4.19 / -0.79 / -3.08; Romania -4.67 / -5.18 / -5.61. WEO names Czechia "
              "\"Czech Republic\" in its ids, BIS says Czechia. Trap: WDI `GC.DOD.TOTL.CN` and net instead of gross "
              "`WEOApr2024|Czech Republic|General government net debt|National currency`.",
    "b20-37": "WEO current account % GDP 2005 / 2023 (low): Chile 1.91 / -3.55 (-8.66 in 2022); Peru 1.56 / 0.63 (-4.74 in 2013); Colombia -1.34 / -2.67 "
              "(-6.37 in 2015). Goods export volume growth 2009 / 2020 / 2021: Chile -3.12 / 2.88 / -1.06; Peru 0.20 / -13.88 / 12.53; Colombia 5.87 / "
              "-6.04 / 0.56. Annual-mean policy rates 2005 / 2020 / 2023: Chile 3.50 / 0.75 / 10.31; Peru 3.02 / 0.67 / 7.54; Colombia 6.33 / 2.81 / 13.10. "
              "Trap: goods-and-services `WEOApr2024|Chile|Volume of exports of goods and services|Percent change` and Brazil's `M.BR`.",
    "b20-38": "Bank Rate 5.25 (2007-01), max 5.75 (2007-07), low 0.10 (2020-03..), 5.25 (2023-12). Single break at 2008-11 (5.31 -> 0.84); the later "
              "segment breaks at 2022-11 (0.53 -> 4.52). Real Bank Rate (annual mean minus WEO average CPI): 3.20 (2007), -1.54 (2009), 0.46 (2015), -2.48 "
              "(2021), -7.53 (2022, low), -2.58 (2023). UK current account % GDP: -3.73 (2007), -4.95 (2015), -3.08 (2022), -2.20 (2023). Trap: IFS mirror "
              "`INTDSRGBM193N`, `WEOApr2024|United Kingdom|Inflation, end of period consumer prices|Percent change`, and the ECB rate `M.XM`.",
    "b20-39": "IFS area: US. FRED GDP 10,002.2 bn SAAR (2000Q1) vs IFS 2,500,544.8 mn per quarter: ratio IFS*4/1000/GDP = 1.0000; 2023Q4 28,297.0 vs "
              "6,984,707.8 gives 0.9873, min 0.9858 (2023Q2); the drift is vintage (FRED file runs to 2025, IFS extract is older). Annual mean of FRED GDP "
              "vs WEO US NGDP_USD: 2000 10,250.95 (1.0000), 2010 15,048.97 (1.0000), 2019 21,539.98 vs 21,521.40 (1.0009), 2023 27,720.71 vs 27,357.83 "
              "(1.0133, the largest). Trap: FRED's mirror `NGDPSAXDCUSQ`, annual `GDPA`, and real `GDPC1`.",
    "b20-40": "IFS area: MX. NGDP_SA_XDC Mexico 3,393,172.7 mn MXN (2010Q1), 8,049,161.9 (2023Q3, last value). Y/y 8.21% (2011Q1), -17.32% (2020Q2), "
              "+27.13% (2021Q2), 7.74% (2023Q3). Banxico quarterly means: 4.50 (2010Q1), 5.25 (2016Q4), 5.50 (2020Q2), 4.08 (2021Q1), 11.25 (2023Q3). "
              "Annual-mean rate minus WEO average inflation: 0.34 (2010), 0.30 (2015), 4.37 (2019), -1.28 (2021, low), -0.02 (2022). Trap: FRED's "
              "mirror `NGDPSAXDCMXQ`, the IFS discount-rate mirror `INTDSRMXM193N`, and real `NGDP_R_SA_XDC`.",
}


def main():
    scen_out, periods = [], {}
    for s in S:
        notes = NOTES.get(s["id"], s["notes"])
        turns = []
        periods[s["id"]] = {}
        for i, t in enumerate(s["turns"]):
            periods[s["id"]][str(i)] = t["_win"]
            turns.append({k: v for k, v in t.items() if k != "_win"})
        scen_out.append({"id": s["id"], "title": s["title"], "turns": turns, "notes": notes})
    with open(os.path.join(HERE, "..", "scenarios-blind20.jsonl"), "w", encoding="utf-8") as f:
        for s in scen_out:
            f.write(json.dumps(s, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "periods-blind20.json"), "w", encoding="utf-8") as f:
        f.write("{\n")
        for n, sid in enumerate(sorted(periods)):
            f.write("  %s: %s%s\n" % (json.dumps(sid), json.dumps(periods[sid], ensure_ascii=False),
                                      "," if n < len(periods) - 1 else ""))
        f.write("}\n")
    print("wrote %d scenarios" % len(scen_out))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Build the blind19 scenario set: 40 three-turn analyst sessions.

Writes ../scenarios-blind19.jsonl and periods-blind19.json next to this file.
Scenarios live in this source; expected values in the notes were computed from the raw
observation files under /work/shared/catalogs (FRED, BIS, TURKSTAT, IFS, WEO).

    python3 build.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "scenarios-blind19.jsonl")
PERIODS = os.path.join(HERE, "periods-blind19.json")


def W(country, subject, units):
    """WEO composite id."""
    return "WEOApr2024|%s|%s|%s" % (country, subject, units)


# WEO subject/unit pairs used below
INF_AVG = ("Inflation, average consumer prices", "Percent change")
INF_EOP = ("Inflation, end of period consumer prices", "Percent change")
DEBT = ("General government gross debt", "Percent of GDP")
NETDEBT = ("General government net debt", "Percent of GDP")
NLB = ("General government net lending/borrowing", "Percent of GDP")
PNLB = ("General government primary net lending/borrowing", "Percent of GDP")
REV = ("General government revenue", "Percent of GDP")
EXP = ("General government total expenditure", "Percent of GDP")
CA = ("Current account balance", "Percent of GDP")
SAV = ("Gross national savings", "Percent of GDP")
INV = ("Total investment", "Percent of GDP")
UNEMP = ("Unemployment rate", "Percent of total labor force")
GAP = ("Output gap in percent of potential GDP", "Percent of potential GDP")
PCPPP = ("Gross domestic product per capita, current prices", "Purchasing power parity; international dollars")
PCUSD = ("Gross domestic product per capita, current prices", "U.S. dollars")
PPPSH = ("Gross domestic product based on purchasing-power-parity (PPP) share of world total", "Percent")
GDPUSD = ("Gross domestic product, current prices", "U.S. dollars")
GDPNC = ("Gross domestic product, current prices", "National currency")
RGDP = ("Gross domestic product, constant prices", "Percent change")
DEFL = ("Gross domestic product, deflator", "Index")
POP = ("Population", "Persons")
PPPRATE = ("Implied PPP conversion rate", "National currency per current international dollar")
XVOL = ("Volume of exports of goods and services", "Percent change")
MVOL = ("Volume of imports of goods and services", "Percent change")


def w(country, pair):
    return W(country, pair[0], pair[1])


def T(user, needs, actions, win, freq=None, derives=None):
    t = {"user": user, "needs": needs, "actions": actions}
    if freq:
        t["frequency"] = freq
    if derives:
        t["derives"] = derives
    t["_win"] = win
    return t


def D(op, inputs, note):
    return {"op": op, "inputs": inputs, "note": note}


S = []


def scen(title, turns, notes):
    S.append({"title": title, "turns": turns, "notes": notes})


US_RATE = ["M.US", "FEDFUNDS"]  # BIS US policy rate or the effective fed funds rate; both monthly

# ----------------------------------------------------------------------------------------- 01
scen("Backing the 10-year yield out of the 10y-minus-fed-funds spread",
     [T("FF effective and the 10y-minus-FF spread, monthly avgs, Jan 2004 through Dec 2019. "
        "Add the two together so I get the 10y yield level itself.",
        [["FEDFUNDS"], ["T10YFF"]], ["search", "build_table", "convert", "derive"],
        ["2004-01", "2019-12"], "M",
        [D("expression", [0, 1], "ten_year = FEDFUNDS + mean_month(T10YFF)")]),
      T("where does that implied 10y shift regime? break dates pls",
        [["FEDFUNDS"], ["T10YFF"]], ["convert", "changepoints"], ["2004-01", "2019-12"], "M"),
      T("ok, bring in the 10y minus 3m spread too and chart the 3m bill rate it implies next to FF",
        [["FEDFUNDS"], ["T10YFF"], ["T10Y3M"]], ["search", "build_table", "convert", "derive", "chart"],
        ["2004-01", "2019-12"], "M",
        [D("expression", [0, 1, 2], "bill_3m = FEDFUNDS + T10YFF - T10Y3M (monthly means)")])],
     "Implied 10y (FF + spread) averages about 4.3-4.8% in 2004-2007, falls to ~1.8% in 2012 and 2016, "
     "back to ~2.9% in 2018; range 1.5-5.1, mean ~3.06. A least-squares mean-shift search puts breaks "
     "near 2008-01 and 2010-06. The implied 3m bill tracks FF within a few tenths (3m-FF mean about -0.10 "
     "over 2004-2019, low of -1.35 in the 2008 stress). Trap: the spread is daily and must be averaged to months; `DGS10` (the 10y yield "
     "itself) and `T10Y2Y` (a different spread) have no observations here; `DFF` is the daily FF twin.")

# ----------------------------------------------------------------------------------------- 02
scen("Latin American policy rates over the Fed",
     [T("Central bank rates in Brasil, Mexico, Chile, Colombia - monthly, 2010 thru 2023 - and the Fed's rate; "
        "I'm after how many points each sits above the Fed, month by month.",
        [["M.BR"], ["M.MX"], ["M.CL"], ["M.CO"], US_RATE], ["search", "build_table", "derive"],
        ["2010-01", "2023-12"], "M",
        [D("spread", [0, 4], "br_gap = M.BR - US"), D("spread", [1, 4], "mx_gap = M.MX - US"),
         D("spread", [2, 4], "cl_gap = M.CL - US"), D("spread", [3, 4], "co_gap = M.CO - US")]),
      T("add Peru to those, same treatment",
        [["M.BR"], ["M.MX"], ["M.CL"], ["M.CO"], US_RATE, ["M.PE"]], ["search", "build_table", "derive"],
        ["2010-01", "2023-12"], "M",
        [D("spread", [5, 4], "pe_gap = M.PE - US")]),
      T("chart all five gaps on one panel",
        [["M.BR"], ["M.MX"], ["M.CL"], ["M.CO"], US_RATE, ["M.PE"]], ["chart"],
        ["2010-01", "2023-12"], "M")],
     "Average spread over the US 2010-2023 (BIS US rate is the target-range midpoint): Brazil ~8.6 pp "
     "(max ~14.1 in 2016), Mexico ~4.7, Colombia ~4.1, Chile ~3.0, Peru ~2.6; Chile and Peru come close to "
     "zero in 2020-21 (0.5 and 0.25 vs US 0.125). FEDFUNDS (effective) differs from the BIS midpoint by "
     "a few bp, so either counts. Trap: `FPOLM_PA` is the IFS policy-rate code with no observations; "
     "`M.AR` (Argentina) is a neighbour that was not asked for.")

# ----------------------------------------------------------------------------------------- 03
scen("Turkish real policy rate, 2021-2023",
     [T("I want the CBRT policy rate against headline CPI inflation (y/y, from the TURKSTAT index), "
        "Jan-2021..Dec-2023 at monthly frequency, and the real policy rate = policy minus inflation.",
        [["M.TR"], ["TP.FG.J0"]], ["search", "build_table", "derive"], ["2021-01", "2023-12"], "M",
        [D("yoy_pct", [1], "cpi_yoy = 100*(TP.FG.J0/TP.FG.J0[t-12] - 1)"),
         D("expression", [0, 1], "real = M.TR - 100*(TP.FG.J0/TP.FG.J0[t-12] - 1)")]),
      T("Does that real rate have regime shifts? Date them.",
        [["M.TR"], ["TP.FG.J0"]], ["changepoints"], ["2021-01", "2023-12"], "M"),
      T("Now annual please, and put the IMF WEO average-inflation figure next to my computed one; "
        "real rate again but on the WEO number.",
        [["M.TR"], ["TP.FG.J0"], [w("Türkiye", INF_AVG)]], ["search", "build_table", "convert", "derive"],
        ["2021-01", "2023-12"], "A",
        [D("spread", [0, 2], "real_weo = mean_year(M.TR) - WEO avg inflation")])],
     "Policy rate 17-19% in 2021, cut to 14 (Dec 2021) and 8.5 (Feb-May 2023), then 15 (Jun 2023) up to "
     "42.5 (Dec 2023). CPI y/y 36.1 Dec 2021, 64.3 Dec 2022, 64.8 Dec 2023; real rate ~+2 in early 2021, "
     "trough ~-75 in Nov 2022, ~-22 in Dec 2023; breaks near 2022-01 and 2023-03. WEO average inflation "
     "19.6 / 72.3 / 53.9 for 2021-23 (equals the growth of the annual-average index); annual mean policy "
     "17.6 / 12.6 / 20.7 so WEO-based real -2.0 / -59.7 / -33.2. Trap: `TP.BEK.S04.D.A` is the survey "
     "expectation of the policy rate; `TP.FG.J01` is food CPI; "
     "`WEOApr2024|Türkiye|Inflation, end of period consumer prices|Percent change` is the Dec/Dec twin.")

# ----------------------------------------------------------------------------------------- 04
scen("Southern European debt ratios and deficits",
     [T("For a briefing note: Italian, Greek, Portuguese and Spanish gross public debt "
        "(general gov, % of GDP), 2005 to 2023, IMF WEO numbers. Also show how far each sits above Germany.",
        [[w("Italy", DEBT)], [w("Greece", DEBT)], [w("Portugal", DEBT)], [w("Spain", DEBT)], [w("Germany", DEBT)]],
        ["search", "build_table", "derive"], ["2005-01", "2023-12"], None,
        [D("spread", [0, 4], "it_excess = IT debt - DE debt"), D("spread", [1, 4], "gr_excess = GR debt - DE debt"),
         D("spread", [2, 4], "pt_excess = PT debt - DE debt"), D("spread", [3, 4], "es_excess = ES debt - DE debt")]),
      T("now the headline deficits for those four (net lending/borrowing, % of GDP), same years",
        [[w("Italy", NLB)], [w("Greece", NLB)], [w("Portugal", NLB)], [w("Spain", NLB)]],
        ["search", "build_table"], ["2005-01", "2023-12"]),
      T("run a break test on the four debt ratios from the first table",
        [[w("Italy", DEBT)], [w("Greece", DEBT)], [w("Portugal", DEBT)], [w("Spain", DEBT)]],
        ["changepoints"], ["2005-01", "2023-12"])],
     "Debt/GDP 2005 -> 2013 -> 2020 -> 2023: Italy 107/132/155/137, Greece 107/179/213/169, Portugal "
     "72/131/135/99, Spain 42/100/120/107; Germany 68/78/69/64. Deficits: Greece -15.2 in 2009, Spain -11.3 "
     "in 2009, Portugal -11.4 in 2010, all four -6 to -10.5 in 2020; Portugal +1.0 in 2023. Single mean-shift "
     "breaks land around 2010 (GR, PT) and 2012 (IT, ES). Trap: "
     "`WEOApr2024|Italy|General government net debt|Percent of GDP` is net not gross; "
     "`WEOApr2024|Italy|General government gross debt|National currency` is the level; `GC.DOD.TOTL.GD.ZS` "
     "is WDI central-government debt with no observations.")

# ----------------------------------------------------------------------------------------- 05
scen("US federal debt relative to GDP, two GDP sources",
     [T("US federal debt-to-GDP ratio, quarterly 2000Q1..2024Q4, in percent. Careful with units: debt comes in "
        "millions of dollars while GDP is a SAAR in billions.",
        [["GFDEBTN"], ["GDP"]], ["search", "build_table", "derive"], ["2000-01", "2024-12"], None,
        [D("expression", [0, 1], "debt_gdp = 100 * (GFDEBTN/1000) / GDP")]),
      T("Swap the BEA GDP for the IMF IFS quarterly nominal GDP (SA) instead and redo the ratio, through 2023.",
        [["GFDEBTN"], ["NGDP_SA_XDC"]], ["search", "build_table", "derive"], ["2000-01", "2023-12"], "Q",
        [D("expression", [0, 1], "debt_gdp_ifs = 100 * GFDEBTN / (4 * NGDP_SA_XDC)")]),
      T("chart both versions of the ratio together",
        [["GFDEBTN"], ["GDP"], ["NGDP_SA_XDC"]], ["chart"], ["2000-01", "2023-12"], "Q")],
     "IFS area: US. Debt/GDP ~57.7% in 2000Q1, 64 in 2008Q1, 100.7 in 2013Q1, 106.9 in 2020Q1, 124 in "
     "2021Q1, ~121 in 2024Q1; jumps at 2009 and 2020. IFS US nominal GDP is quarterly, not annualized, in "
     "millions (1950Q1 70,207 vs FRED 280bn SAAR): 4*IFS/1000 matches FRED GDP to 1.000 through 2018 and "
     "drifts to ~0.987 by 2023 (vintage). Trap: `GFDEGDQ188S` is FRED's ready-made ratio (no observations "
     "here); `NGDP_XDC` is the IFS unadjusted twin and `NGDP_R_SA_XDC` the real one; `GDPC1` is real GDP.")

# ----------------------------------------------------------------------------------------- 06
scen("Canada: nominal GDP growth, Bank of Canada rate, and a WEO cross-check",
     [T("canadian nominal gdp, SA, the IMF quarterly one, y/y growth, next to the BoC policy rate averaged to "
        "quarters. 2000Q1-2023Q4",
        [["NGDP_SA_XDC"], ["M.CA"]], ["search", "build_table", "convert", "derive"], ["2000-01", "2023-12"], "Q",
        [D("yoy_pct", [0], "gdp_yoy = 100*(NGDP_SA_XDC/NGDP_SA_XDC[t-4] - 1)")]),
      T("now annual, add Canada's nominal GDP in Canadian dollars from the WEO, and give me the IFS annual total "
        "divided by WEO so I can see they agree",
        [["NGDP_SA_XDC"], ["M.CA"], [w("Canada", GDPNC)]], ["search", "build_table", "convert", "derive"],
        ["2000-01", "2023-12"], "A",
        [D("ratio", [0, 2], "agree = (sum_year(NGDP_SA_XDC)/1000) / WEO GDP NC")]),
      T("back to quarterly: changepoints on the policy rate only",
        [["M.CA"]], ["convert", "changepoints"], ["2000-01", "2023-12"], "Q")],
     "IFS area: CA. IFS Canada GDP is quarterly (not annualized) in millions CAD, 2019Q4 587,546; four "
     "quarters summed /1000 equal the WEO billions figure to ratio 1.000 in every year 2000-2023. GDP y/y: "
     "-0.4 in 2009Q4, -0.8 in 2020Q4, 13.2 in 2021Q4. Policy rate quarterly mean 1.75 in 2019, 0.25 "
     "2020Q2-2021Q4, 5.0 by 2023Q3; breaks near 2001, 2008Q4 and 2022Q3. Trap: `NGDP_R_SA_XDC` is real; "
     "`NGDP_XDC` unadjusted; `WEOApr2024|Canada|Gross domestic product, current prices|U.S. dollars` is the "
     "USD twin, which would give a ratio far from 1.")

# ----------------------------------------------------------------------------------------- 07
scen("Mexico nominal growth and real rates, then two Latin neighbours",
     [T("Mexican GDP, nominal seasonally adjusted from IFS, year-over-year, with Banxico's policy rate as a "
        "quarterly average. 2001Q1 to 2023Q3.",
        [["NGDP_SA_XDC"], ["M.MX"]], ["search", "build_table", "convert", "derive"], ["2001-01", "2023-09"], "Q",
        [D("yoy_pct", [0], "gdp_yoy = 100*(NGDP_SA_XDC/NGDP_SA_XDC[t-4] - 1)")]),
      T("Now make that annual through 2022 and subtract the WEO average CPI inflation from the policy rate to "
        "get a real rate.",
        [["NGDP_SA_XDC"], ["M.MX"], [w("Mexico", INF_AVG)]], ["search", "build_table", "convert", "derive"],
        ["2001-01", "2022-12"], "A",
        [D("spread", [1, 2], "mx_real = mean_year(M.MX) - WEO MX inflation")]),
      T("Same real-rate calc for Brazil and Chile alongside Mexico, 2005-2022, drop the GDP column.",
        [["M.MX"], [w("Mexico", INF_AVG)], ["M.BR"], [w("Brazil", INF_AVG)], ["M.CL"], [w("Chile", INF_AVG)]],
        ["search", "build_table", "convert", "derive"], ["2005-01", "2022-12"], "A",
        [D("spread", [0, 1], "mx_real = M.MX - MX infl"), D("spread", [2, 3], "br_real = M.BR - BR infl"),
         D("spread", [4, 5], "cl_real = M.CL - CL infl")])],
     "IFS area: MX. IFS Mexico quarterly GDP ends 2023Q3 (so the first window stops there); annual sums "
     "/1000 match WEO national-currency GDP within 0.2%. Nominal GDP y/y Q4: 3.0 (2008), 11.4 (2011), 0.9 "
     "(2020), 10.7 (2022). Mexico real rate 2015-2022: 0.3, 1.5, 0.7, 2.8, 4.4, 1.9, -1.3, 0.0; Brazil 4.6, "
     "5.4, 6.5, 2.9, 2.2, -0.4, -3.5, 3.3; Chile -1.3 ... -2.8 in 2022 (inflation 11.6). Trap: "
     "`WEOApr2024|Mexico|Inflation, end of period consumer prices|Percent change` is Dec/Dec; `NGDP_XDC` is "
     "the unadjusted IFS twin; `FR.INR.RINR` is WDI's real rate with no observations.")

# ----------------------------------------------------------------------------------------- 08
scen("Euro-dollar and the Fed-ECB rate gap",
     [T("EURUSD spot (monthly average of the daily fix) with the Fed and ECB policy rates, Jan 2000 to Dec 2019, "
        "and the Fed-less-ECB differential.",
        [["DEXUSEU"], US_RATE, ["M.XM"]], ["search", "build_table", "convert", "derive"],
        ["2000-01", "2019-12"], "M",
        [D("spread", [1, 2], "diff = US - M.XM")]),
      T("Any breaks in the exchange rate over that window?",
        [["DEXUSEU"]], ["convert", "changepoints"], ["2000-01", "2019-12"], "M"),
      T("add the Bank of England rate and the UK-minus-euro-area differential as well",
        [["DEXUSEU"], US_RATE, ["M.XM"], ["M.GB"]], ["search", "build_table", "convert", "derive"],
        ["2000-01", "2019-12"], "M",
        [D("spread", [3, 2], "uk_diff = M.GB - M.XM")])],
     "EURUSD monthly mean 0.85 (Oct 2000) to 1.58 (Jul 2008), mean ~1.21, 1.11 in Dec 2019; mean-shift breaks "
     "near 2003-05 and 2015-01. US-EA differential ranges -2.75 to +2.75 pp: +2.2 (2000), -1.5 (2002), +2.2 "
     "(2006), -2.0 (2008), ~0 in 2014-15, +2.1 (2019). UK-EA +2.6 in 2005, about -0.75 in 2011, +0.75 in "
     "2019. Trap: `EXUSEU` is the monthly twin with no observations; `DEXUSUK` is sterling; `M.DE` (Bundesbank) "
     "stops in 1998 and is not the euro-area rate.")

# ----------------------------------------------------------------------------------------- 09
scen("Current-account surpluses and the savings-investment identity",
     [T("Current account balance, % of GDP: Germany, Netherlands, China, United States. 2000-2023 annual, WEO.",
        [[w("Germany", CA)], [w("Netherlands", CA)], [w("China", CA)], [w("United States", CA)]],
        ["search", "build_table"], ["2000-01", "2023-12"]),
      T("For each of those get gross national saving and investment, % of GDP, and S minus I, so I can hold it "
        "up against the current account.",
        [[w("Germany", CA)], [w("Netherlands", CA)], [w("China", CA)], [w("United States", CA)],
         [w("Germany", SAV)], [w("Germany", INV)], [w("Netherlands", SAV)], [w("Netherlands", INV)],
         [w("China", SAV)], [w("China", INV)], [w("United States", SAV)], [w("United States", INV)]],
        ["search", "build_table", "derive"], ["2000-01", "2023-12"], None,
        [D("spread", [4, 5], "de_si = DE savings - DE investment"),
         D("spread", [6, 7], "nl_si = NL savings - NL investment"),
         D("spread", [8, 9], "cn_si = CN savings - CN investment"),
         D("spread", [10, 11], "us_si = US savings - US investment")]),
      T("keep only Germany and China, plot their S-I next to the current-account line",
        [[w("Germany", CA)], [w("China", CA)], [w("Germany", SAV)], [w("Germany", INV)],
         [w("China", SAV)], [w("China", INV)]], ["chart"], ["2000-01", "2023-12"])],
     "CA % GDP 2000/2007/2015/2023: Germany -1.8/6.9/8.6/6.8, Netherlands 1.7/6.9/5.2/10.2, China "
     "1.7/9.9/2.6/1.5, US -3.9/-5.1/-2.2/-3.0. S-I equals CA to one decimal for Germany, Netherlands and "
     "China; for the US the gap is up to ~1.7 pp (2023: S-I -4.7 vs CA -3.0) because of the statistical "
     "discrepancy. Trap: `WEOApr2024|Germany|Current account balance|U.S. dollars` is the level; "
     "`BN.CAB.XOKA.GD.ZS` and `NY.GNS.ICTR.ZS` are WDI twins with no observations.")

# ----------------------------------------------------------------------------------------- 10
scen("US unemployment, payrolls, and the WEO annual figure",
     [T("unemployment rate + total nonfarm payrolls, SA, monthly 2000-2024. also the monthly change in "
        "payrolls (thousands).",
        [["UNRATE"], ["PAYEMS"]], ["search", "build_table", "derive"], ["2000-01", "2024-12"], None,
        [D("diff", [1], "payroll_change = PAYEMS - PAYEMS[t-1]")]),
      T("changepoints on the jobless rate",
        [["UNRATE"]], ["changepoints"], ["2000-01", "2024-12"]),
      T("now annual 2000-2023, put the IMF WEO US unemployment rate beside the BLS annual average and "
        "subtract them",
        [["UNRATE"], [w("United States", UNEMP)]], ["search", "build_table", "convert", "derive"],
        ["2000-01", "2023-12"], "A",
        [D("spread", [0, 1], "gap = mean_year(UNRATE) - WEO US unemployment")])],
     "UNRATE 3.4 to 14.8 (Apr 2020), mean ~5.7; breaks near 2008-11, 2012-09, 2015-02 by a 3-cut mean-shift "
     "search (2020 is a spike not a level shift). Payroll change about -20.5 million in Apr 2020. The "
     "annual mean of UNRATE equals WEO's US rate within 0.01 pp in every year (2009 9.28, 2020 8.1), so the "
     "gap is ~0. Trap: `UNRATENSA` is the unadjusted twin; `PAYNSA` unadjusted payrolls; "
     "`SL.UEM.TOTL.ZS` is WDI's modeled ILO rate with no observations.")

# ----------------------------------------------------------------------------------------- 11
scen("Bank loan mix and delinquencies",
     [T("Commercial & industrial lending plus consumer lending by US commercial banks, monthly 1990-2019 - what "
        "fraction of the sum is the business (C&I) piece?",
        [["BUSLOANS"], ["CONSUMER"]], ["search", "build_table", "derive"], ["1990-01", "2019-12"], None,
        [D("share", [0, 1], "ci_share = 100 * BUSLOANS / (BUSLOANS + CONSUMER)")]),
      T("now bring in the all-loans delinquency rate too - it only comes quarterly, so move everything to quarters",
        [["BUSLOANS"], ["CONSUMER"], ["DRALACBS"]], ["search", "build_table", "convert"],
        ["1990-01", "2019-12"], "Q"),
      T("changepoints for delinquency and for consumer loans on that quarterly table",
        [["CONSUMER"], ["DRALACBS"]], ["convert", "changepoints"], ["1990-01", "2019-12"], "Q")],
     "C&I share ~63% in 1992, 65 in 1998, 64 in 2007, drops to ~52 by end-2010, ~60 in 2019 (C&I 2,356bn vs "
     "consumer 1,589bn in Dec 2019). Consumer loans jump from 886 to 1,158bn in Apr 2010 when securitized "
     "card loans came on balance sheet (FAS 166/167): a reporting break, not credit growth. Delinquency "
     "5.0-6.1 in 1990-91, ~1.5-2.1 in 2005-07, peak ~7.4 in 2010Q1, 1.5 in 2019; breaks near 1993, 2008 and "
     "2013. Trap: `DRALACBN` is the unadjusted twin; `BUSLOANSNSA`, `CONSUMERNSA` unadjusted; `TOTALSL` is "
     "total consumer credit, not bank loans.")

# ----------------------------------------------------------------------------------------- 12
scen("Real money balances",
     [T("M2 (weekly, average it to months) deflated by headline CPI, 1991 to 2019. So real M2 = M2 / CPI x 100.",
        [["M2"], ["CPIAUCSL"]], ["search", "build_table", "convert", "derive"], ["1991-01", "2019-12"], "M",
        [D("ratio", [0, 1], "real_m2 = 100 * M2 / CPIAUCSL")]),
      T("y/y % for M2 and for CPI, then money growth minus inflation",
        [["M2"], ["CPIAUCSL"]], ["convert", "derive"], ["1992-01", "2019-12"], "M",
        [D("yoy_pct", [0], "m2_yoy = 100*(M2/M2[t-12]-1)"), D("yoy_pct", [1], "cpi_yoy = 100*(CPIAUCSL/CPIAUCSL[t-12]-1)"),
         D("expression", [0, 1], "excess = m2_yoy - cpi_yoy")]),
      T("where does M2 growth shift? changepoints on it",
        [["M2"]], ["convert", "changepoints"], ["1992-01", "2019-12"], "M")],
     "M2 monthly mean 3,287bn (Jan 1991) to 15,315bn (Dec 2019). Real M2 (M2/CPI*100) about 24 in 1992-96, "
     "28 in 2000, 35 in 2008, 44 in 2012, 53 in 2016. M2 y/y ~1-2% in 1992-95, 7-8% in 1998-99, 9.3% mid-2009, "
     "2.0% mid-2010, 9.5% mid-2012, ~4-5% in 2018-19; mean-shift breaks near 1996, 1998 and 2017. Trap: `M2SL` "
     "is the monthly twin and `WM2NS` the weekly unadjusted one, neither has observations; `CPIAUCNS` is "
     "unadjusted CPI.")

# ----------------------------------------------------------------------------------------- 13
scen("Prime rate markup over fed funds",
     [T("Bank prime loan rate minus effective fed funds, monthly averages, 1980-2007. Prime is daily, "
        "average it.",
        [["DPRIME"], ["FEDFUNDS"]], ["search", "build_table", "convert", "derive"], ["1980-01", "2007-12"], "M",
        [D("spread", [0, 1], "markup = mean_month(DPRIME) - FEDFUNDS")]),
      T("when did that markup lock in at 3 points? find the break",
        [["DPRIME"], ["FEDFUNDS"]], ["convert", "changepoints"], ["1980-01", "2007-12"], "M"),
      T("chart the markup together with the 10-year-over-FF term spread",
        [["DPRIME"], ["FEDFUNDS"], ["T10YFF"]], ["search", "build_table", "convert", "chart"],
        ["1980-01", "2007-12"], "M")],
     "Prime minus FF averages ~1.5-2.6 pp in the 1980s (2.5-2.6 in 1981-82, ~1.5 in 1986-87), ~1.9 in 1990, "
     "then ~2.7 in 1991-92 and 2.94-3.03 every year from 1993 (the prime = target + 3 convention). A mean-shift "
     "search puts the break around 1990-12/1991 (a second candidate near 1980-04 is the volatile 1980 "
     "episode). Trap: `MPRIME` is the monthly prime twin and `PRIME` the change-dates table, no observations "
     "for either; `FF` is the weekly fed funds twin.")

# ----------------------------------------------------------------------------------------- 14
scen("Emerging Asia policy rates",
     [T("policy rates korea, thailand, malaysia, indonesia, philipines. monthly 2012-2023",
        [["M.KR"], ["M.TH"], ["M.MY"], ["M.ID"], ["M.PH"]], ["search", "build_table"], ["2012-01", "2023-12"]),
      T("add India to those",
        [["M.KR"], ["M.TH"], ["M.MY"], ["M.ID"], ["M.PH"], ["M.IN"]], ["search", "build_table"],
        ["2012-01", "2023-12"]),
      T("and now each of the six relative to the US policy rate, as spreads in pp",
        [["M.KR"], ["M.TH"], ["M.MY"], ["M.ID"], ["M.PH"], ["M.IN"], US_RATE], ["search", "build_table", "derive"],
        ["2012-01", "2023-12"], "M",
        [D("spread", [0, 6], "kr = M.KR - US"), D("spread", [1, 6], "th = M.TH - US"),
         D("spread", [2, 6], "my = M.MY - US"), D("spread", [3, 6], "id = M.ID - US"),
         D("spread", [4, 6], "ph = M.PH - US"), D("spread", [5, 6], "in = M.IN - US")])],
     "Ranges 2012-2023: Korea 0.5-3.5, Thailand 0.5-3.0, Malaysia 1.75-3.25, Indonesia 3.5-7.75, Philippines "
     "2.0-6.5, India 4.0-8.5. Mean spread over US: India ~5.2, Indonesia ~4.4, Philippines ~2.5, Malaysia "
     "~1.7, Korea ~0.7, Thailand ~0.5 (the typo 'philipines' is deliberate); by Dec 2023 Korea -1.9, Thailand -2.9, Malaysia -2.4 (US 5.375 "
     "midpoint). Trap: `M.CN` and `M.HK` are neighbouring Asian rates not asked for; `FR.INR.LEND` is a WDI "
     "lending rate with no observations.")

# ----------------------------------------------------------------------------------------- 15
scen("Nordic rates, then Swiss franc vs euro policy",
     [T("Please I need to have the policy interest of Sweden, Norway, Denmark and also Iceland, monthly, from "
        "2008 until end of 2023.",
        [["M.SE"], ["M.NO"], ["M.DK"], ["M.IS"]], ["search", "build_table"], ["2008-01", "2023-12"]),
      T("Instead of Iceland take the Swiss rate and the ECB rate, and compute Swiss minus ECB.",
        [["M.SE"], ["M.NO"], ["M.DK"], ["M.CH"], ["M.XM"]], ["search", "build_table", "derive"],
        ["2008-01", "2023-12"], None,
        [D("spread", [3, 4], "ch_minus_ea = M.CH - M.XM")]),
      T("Is there structural break in this Swiss minus ECB difference?",
        [["M.CH"], ["M.XM"]], ["changepoints"], ["2008-01", "2023-12"])],
     "2008-2023: Sweden -0.5 to 4.75 (negative 2015-2019), Norway 0-5.75, Denmark -0.75 to 5.5, Iceland "
     "0.75-18.0 (18 in late 2008), Switzerland -0.75 to 2.75, euro area 0-4.5 (the BIS euro series is the "
     "main refinancing rate, which never went below zero). Swiss minus ECB mean ~-0.85, a flat -0.75 from "
     "2015 to mid-2022, widening to -2.75 by Dec 2023; breaks near 2009-04 and late 2022/early 2023. Trap: "
     "the ECB deposit rate was negative but is not this series; `M.DE` is the pre-1999 Bundesbank rate; "
     "`FPOLM_PA` is IFS with no observations.")

# ----------------------------------------------------------------------------------------- 16
scen("Central European real policy rates",
     [T("Poland, Czechia, Hungary, Romania: policy rates, monthly 2015-2023.",
        [["M.PL"], ["M.CZ"], ["M.HU"], ["M.RO"]], ["search", "build_table"], ["2015-01", "2023-12"]),
      T("go annual and net out the WEO average CPI inflation for those four to get ex-post real rates",
        [["M.PL"], ["M.CZ"], ["M.HU"], ["M.RO"], [w("Poland", INF_AVG)], [w("Czech Republic", INF_AVG)],
         [w("Hungary", INF_AVG)], [w("Romania", INF_AVG)]], ["search", "build_table", "convert", "derive"],
        ["2015-01", "2023-12"], "A",
        [D("spread", [0, 4], "pl_real = PL rate - PL infl"), D("spread", [1, 5], "cz_real = CZ rate - CZ infl"),
         D("spread", [2, 6], "hu_real = HU rate - HU infl"), D("spread", [3, 7], "ro_real = RO rate - RO infl")]),
      T("keep only Hungary and Poland, and use end-of-period inflation this time instead of the average",
        [["M.PL"], ["M.HU"], [w("Poland", INF_EOP)], [w("Hungary", INF_EOP)]],
        ["search", "build_table", "convert", "derive"], ["2015-01", "2023-12"], "A",
        [D("spread", [0, 2], "pl_real_eop = PL rate - PL Dec/Dec infl"),
         D("spread", [1, 3], "hu_real_eop = HU rate - HU Dec/Dec infl")])],
     "Policy rates 2015-2023: Poland 0.1-6.75, Czechia 0.05-7.0, Hungary 0.6-13.0 (13 from Sep 2022 to Sep 2023), "
     "Romania 1.25-7.0. Real rates on average CPI (annual mean rate minus WEO inflation), 2022: Poland -9.0, "
     "Czechia -9.1, Hungary -6.0, Romania -9.4; 2015: +2.5, -0.3, +1.7, +2.5. WEO lists Czechia as 'Czech "
     "Republic'. Trap: `WEOApr2024|Poland|Inflation, average consumer prices|Index` is the index level not "
     "the rate; `FP.CPI.TOTL.ZG` is WDI inflation with no observations; `M.HR` (Croatia) has gaps in "
     "2017-2022.")

# ----------------------------------------------------------------------------------------- 17
scen("BRICS income per head relative to the US",
     [T("GDP per capita at PPP (current international dollars) for the five BRICS economies "
        "(Brazil, Russia, India, China, S. Africa), 2000-2023, each relative to America (US = 100).",
        [[w("Brazil", PCPPP)], [w("Russia", PCPPP)], [w("India", PCPPP)], [w("China", PCPPP)],
         [w("South Africa", PCPPP)], [w("United States", PCPPP)]], ["search", "build_table", "derive"],
        ["2000-01", "2023-12"], None,
        [D("ratio", [0, 5], "br_rel = 100*BR/US"), D("ratio", [1, 5], "ru_rel = 100*RU/US"),
         D("ratio", [2, 5], "in_rel = 100*IN/US"), D("ratio", [3, 5], "cn_rel = 100*CN/US"),
         D("ratio", [4, 5], "za_rel = 100*ZA/US")]),
      T("drop Russia, add Indonesia, same relative-to-US measure",
        [[w("Brazil", PCPPP)], [w("India", PCPPP)], [w("China", PCPPP)], [w("South Africa", PCPPP)],
         [w("United States", PCPPP)], [w("Indonesia", PCPPP)]], ["search", "build_table", "derive"],
        ["2000-01", "2023-12"], None,
        [D("ratio", [5, 4], "id_rel = 100*ID/US")]),
      T("chart the five relative lines",
        [[w("Brazil", PCPPP)], [w("India", PCPPP)], [w("China", PCPPP)], [w("South Africa", PCPPP)],
         [w("United States", PCPPP)], [w("Indonesia", PCPPP)]], ["chart"], ["2000-01", "2023-12"])],
     "Percent of US per-capita PPP income 2000/2010/2023: Brazil 25.7/30.2/24.5, Russia 29.2/44.3/43.4, "
     "India 5.7/8.7/11.4, China 7.9/18.9/28.6, South Africa 23.4/26.5/19.8, Indonesia 13.2/17.8/19.4. Trap: "
     "`WEOApr2024|China|Gross domestic product per capita, constant prices|Purchasing power parity; 2017 "
     "international dollar` is the constant-price twin; `WEOApr2024|China|Gross domestic product per capita, "
     "current prices|U.S. dollars` is at market rates; `NY.GDP.PCAP.PP.CD` is WDI with no observations.")

# ----------------------------------------------------------------------------------------- 18
scen("Shares of world PPP output",
     [T("journalist here, on deadline: what % of world output at purchasing-power parity goes to China, the US "
        "and India, every year 2000 to 2023, plus China's share divided by the US share",
        [[w("China", PPPSH)], [w("United States", PPPSH)], [w("India", PPPSH)]], ["search", "build_table", "derive"],
        ["2000-01", "2023-12"], None,
        [D("ratio", [0, 1], "cn_over_us = CN share / US share")]),
      T("when does that ratio change trend? changepoints",
        [[w("China", PPPSH)], [w("United States", PPPSH)]], ["changepoints"], ["2000-01", "2023-12"]),
      T("add Japan and Germany and give me the combined share of all five",
        [[w("China", PPPSH)], [w("United States", PPPSH)], [w("India", PPPSH)], [w("Japan", PPPSH)],
         [w("Germany", PPPSH)]], ["search", "build_table", "derive"], ["2000-01", "2023-12"], None,
        [D("expression", [0, 1, 2, 3, 4], "big5 = CN + US + IN + JP + DE")])],
     "PPP share of world 2000 -> 2023: China 7.2 -> 18.7, US 20.2 -> 15.6, India 4.35 -> 7.6, Japan 6.8 -> 3.7, "
     "Germany 4.7 -> 3.15. China passes the US in 2017 (16.15 vs 15.98), so the ratio crosses 1 then; a "
     "single mean-shift split of the ratio lands near 2010. Combined five ~43% in 2000 and ~49% in 2023. "
     "Trap: `WEOApr2024|China|Gross domestic product, current prices|U.S. dollars` is market-rate GDP (China "
     "still below the US there); `WEOApr2024|China|Gross domestic product, current prices|Purchasing power "
     "parity; international dollars` is the PPP level, not the share.")

# ----------------------------------------------------------------------------------------- 19
scen("Baltic inflation against Germany",
     [T("Dec-over-Dec CPI inflation for Estonia, Latvia, Lithuania and Germany, annual 2000-2023 (IMF WEO). "
        "How far above Germany is each Baltic state?",
        [[w("Estonia", INF_EOP)], [w("Latvia", INF_EOP)], [w("Lithuania", INF_EOP)], [w("Germany", INF_EOP)]],
        ["search", "build_table", "derive"], ["2000-01", "2023-12"], None,
        [D("spread", [0, 3], "ee_gap = EE - DE"), D("spread", [1, 3], "lv_gap = LV - DE"),
         D("spread", [2, 3], "lt_gap = LT - DE")]),
      T("for 2021-23 only, how many times Germany's rate is each of them?",
        [[w("Estonia", INF_EOP)], [w("Latvia", INF_EOP)], [w("Lithuania", INF_EOP)], [w("Germany", INF_EOP)]],
        ["derive"], ["2021-01", "2023-12"], None,
        [D("ratio", [0, 3], "ee_x = EE / DE"), D("ratio", [1, 3], "lv_x = LV / DE"),
         D("ratio", [2, 3], "lt_x = LT / DE")]),
      T("same gaps as before but on annual-average inflation",
        [[w("Estonia", INF_AVG)], [w("Latvia", INF_AVG)], [w("Lithuania", INF_AVG)], [w("Germany", INF_AVG)]],
        ["search", "build_table", "derive"], ["2000-01", "2023-12"], None,
        [D("spread", [0, 3], "ee_gap_avg = EE - DE"), D("spread", [1, 3], "lv_gap_avg = LV - DE"),
         D("spread", [2, 3], "lt_gap_avg = LT - DE")])],
     "End-of-period inflation 2022: Estonia 17.5, Latvia 20.7, Lithuania 20.0, Germany 10.8; 2023: 4.3, 0.9, "
     "0.6 vs 3.0. Gap over Germany 2022: +6.7, +9.9, +9.2; 2008: +6.5, +9.4, +7.5. Ratios 2021/22/23: Estonia "
     "2.22/1.62/1.43, Latvia 1.45/1.92/0.29, Lithuania 1.97/1.85/0.21 (ratios are fragile whenever Germany's "
     "rate is near zero, hence the short window). Average inflation 2022: 19.4, 17.2, 18.9 vs 8.7. Trap: "
     "`WEOApr2024|Estonia|Inflation, end of period consumer prices|Index` is the index level; "
     "`WEOApr2024|Lithuania|Inflation, end of period consumer prices|Index` likewise; the average-inflation "
     "rows are right only for the last turn.")

# ----------------------------------------------------------------------------------------- 20
scen("Turkish CPI momentum, breaks, and the gap to US inflation",
     [T("turkish cpi index monthly jan 2021 - oct 2025, with m/m % and y/y %",
        [["TP.FG.J0"]], ["search", "build_table", "derive"], ["2021-01", "2025-10"], None,
        [D("pct_change", [0], "mom = 100*(TP.FG.J0/TP.FG.J0[t-1]-1)"),
         D("yoy_pct", [0], "yoy = 100*(TP.FG.J0/TP.FG.J0[t-12]-1)")]),
      T("run changepoints on the y/y rate",
        [["TP.FG.J0"]], ["changepoints"], ["2021-01", "2025-10"]),
      T("now compare with US headline CPI y/y through March 2025 - the differnce, Turkey minus US",
        [["TP.FG.J0"], ["CPIAUCSL"]], ["search", "build_table", "derive"], ["2021-01", "2025-03"], "M",
        [D("expression", [0, 1], "gap = yoy(TP.FG.J0) - yoy(CPIAUCSL)")])],
     "TURKSTAT index (2003=100) 446.45 in Jan 2020; y/y 17.5 (Jun 2021), 36.1 (Dec 2021), peak ~85 (Oct 2022), "
     "64.3 (Dec 2022), 38.2 (Jun 2023), 64.8 (Dec 2023), 71.6 (Jun 2024), 44.4 (Dec 2024), 35.0 (Jun 2025). "
     "Peak 85.5 in Oct 2022; 32.9 in Oct 2025. Mean-shift breaks in y/y near 2022-01 and 2024-09 (a third "
     "near 2022-12); the peak-and-retrace shape means several regimes, not one. US CPI y/y peaks at 9.0 in "
     "Jun 2022, so the gap tops ~78 pp in Oct 2022. The m/m spike in Jan of each year (wage/price resets) is seasonal, not a break. Typo "
     "'differnce' is deliberate. Trap: `TP.FG.J01` is the food sub-index; `TP.TUFE1YI.T1` is domestic PPI; "
     "`CPIAUCNS` is unadjusted US CPI.")

# ----------------------------------------------------------------------------------------- 21
scen("Argentina's real policy rate among its neighbours",
     [T("Argentina, Brazil, Chile: policy rate annual average minus the IMF's average CPI inflation, "
        "2017-2023. Need the real rate per country.",
        [["M.AR"], ["M.BR"], ["M.CL"], [w("Argentina", INF_AVG)], [w("Brazil", INF_AVG)], [w("Chile", INF_AVG)]],
        ["search", "build_table", "convert", "derive"], ["2017-01", "2023-12"], "A",
        [D("spread", [0, 3], "ar_real = AR rate - AR infl"), D("spread", [1, 4], "br_real = BR rate - BR infl"),
         D("spread", [2, 5], "cl_real = CL rate - CL infl")]),
      T("redo it with end-of-year inflation instead",
        [["M.AR"], ["M.BR"], ["M.CL"], [w("Argentina", INF_EOP)], [w("Brazil", INF_EOP)], [w("Chile", INF_EOP)]],
        ["search", "build_table", "convert", "derive"], ["2017-01", "2023-12"], "A",
        [D("spread", [0, 3], "ar_real_eop = AR - AR eop infl"), D("spread", [1, 4], "br_real_eop = BR - BR eop infl"),
         D("spread", [2, 5], "cl_real_eop = CL - CL eop infl")]),
      T("monthly Argentine policy rate alone, same years, where are the breaks",
        [["M.AR"]], ["changepoints"], ["2017-01", "2023-12"])],
     "WEO Argentina average inflation is missing for 2014-2016, which is why the window starts in 2017; "
     "values 25.7 (2017), 34.3, 53.5, 42.0, 48.4, 72.4, 133.5 (2023); end-of-period 24.8 ... 94.8 (2022), "
     "211.4 (2023). Argentine policy rate 24.75-133% over 2017-2023, 100 in Dec 2023; mean-shift breaks near "
     "2018-05, 2022-08 and 2023-08. Brazil real rate on average CPI 6.5 (2017), -3.5 (2021), 8.7 (2023); Chile 0.5, -3.2, 2.7. "
     "Trap: `M.CO` (Colombia) and `M.PE` (Peru) are neighbours not asked for; "
     "`FR.INR.RINR` is WDI with no observations.")

# ----------------------------------------------------------------------------------------- 22
scen("Money-market vs bill rates from the two Treasury spreads",
     [T("both treasury spreads (10y less 3m bill, 10y less fed funds), daily, month avg, 1990-2019. bill minus "
        "FF is just one minus the other, compute it",
        [["T10Y3M"], ["T10YFF"]], ["search", "build_table", "convert", "derive"], ["1990-01", "2019-12"], "M",
        [D("expression", [0, 1], "bill_minus_ff = T10YFF - T10Y3M")]),
      T("changepoints on the 10y-3m curve",
        [["T10Y3M"]], ["convert", "changepoints"], ["1990-01", "2019-12"], "M"),
      T("now bring the unemployment rate in and chart it against the curve",
        [["T10Y3M"], ["UNRATE"]], ["search", "build_table", "convert", "chart"], ["1990-01", "2019-12"], "M")],
     "10y-3m monthly mean ~1.73 over 1990-2019 (range -0.70 to 3.69); inverted months: Jul 2000-Jan 2001, "
     "Aug 2006-May 2007, May-Sep 2019. 10y-FF mean ~1.6. Implied 3m bill minus FF averages ~-0.14 (range "
     "-1.35 to +0.37). Mean-shift breaks in 10y-3m near 2005, 2008 and 2017. Trap: `T10Y2Y` is the 10y-2y "
     "curve; `TB3MS` and `DGS3MO` are bill yields with no observations; `UNRATENSA` unadjusted unemployment.")

# ----------------------------------------------------------------------------------------- 23
scen("Convergence to the Bundesbank before the euro",
     [T("Pre-EMU: French, Italian, Spanish and Portuguese central bank rates vs the Bundesbank, monthly "
        "1992-1998. Spread of each over Germany.",
        [["M.FR"], ["M.IT"], ["M.ES"], ["M.PT"], ["M.DE"]], ["search", "build_table", "derive"],
        ["1992-01", "1998-12"], None,
        [D("spread", [0, 4], "fr = M.FR - M.DE"), D("spread", [1, 4], "it = M.IT - M.DE"),
         D("spread", [2, 4], "es = M.ES - M.DE"), D("spread", [3, 4], "pt = M.PT - M.DE")]),
      T("when did each of those spreads break down toward zero?",
        [["M.FR"], ["M.IT"], ["M.ES"], ["M.PT"], ["M.DE"]], ["changepoints"], ["1992-01", "1998-12"]),
      T("add the Dutch and Belgian rates, same spread over Germany",
        [["M.FR"], ["M.IT"], ["M.ES"], ["M.PT"], ["M.DE"], ["M.NL"], ["M.BE"]], ["search", "build_table", "derive"],
        ["1992-01", "1998-12"], None,
        [D("spread", [5, 4], "nl = M.NL - M.DE"), D("spread", [6, 4], "be = M.BE - M.DE")])],
     "Bundesbank rate 9.4-9.7 in 1992, 3.0-3.3 in 1997-98. Annual mean spread over Germany 1992 -> 1998: "
     "France 0.17 -> 0.0, Italy 3.4 (5.2 in 1996) -> 1.5, Spain 3.5 (4.4 in 1995) -> 0.9, Portugal 5.2 (6.4 in "
     "1993-94) -> 1.6; single breaks late 1996 (FR, PT), spring 1997 (ES), end-1997 (IT). Netherlands runs "
     "below Germany (-0.35 to -1.0), Belgium +0.3 to +2.4. All these BIS national series stop in Dec 1998. "
     "Trap: `M.XM` starts only in Jan 1999; `M.CH` is a non-EMU neighbour; `FPOLM_PA` is IFS with no observations.")

# ----------------------------------------------------------------------------------------- 24
scen("The negative-rate club",
     [T("SNB, Danmarks Nationalbank, Riksbank, ECB and BoJ policy rates, monthly Sep 2016 to Dec 2023.",
        [["M.CH"], ["M.DK"], ["M.SE"], ["M.XM"], ["M.JP"]], ["search", "build_table"], ["2016-09", "2023-12"]),
      T("simple average of the five each month",
        [["M.CH"], ["M.DK"], ["M.SE"], ["M.XM"], ["M.JP"]], ["derive"], ["2016-09", "2023-12"], None,
        [D("expression", [0, 1, 2, 3, 4], "avg5 = (CH + DK + SE + XM + JP) / 5")]),
      T("changepoints on that average",
        [["M.CH"], ["M.DK"], ["M.SE"], ["M.XM"], ["M.JP"]], ["changepoints"], ["2016-09", "2023-12"])],
     "Window starts Sep 2016 because the BIS Japan series has a hole from Mar 1999 to Aug 2016 (apart from "
     "2000-01 and 2006-2013). Negative months in the window: Japan 88 of 88 (-0.1 throughout), Switzerland "
     "and Denmark 72, Sweden 40, euro area 0 (the BIS euro series is the refi rate, 0.0 not the -0.5 deposit "
     "rate). Five-way average about -0.40 in 2016-19, -0.29 in 2020-21, +1.5 in Dec 2022, +2.75 in Dec 2023; "
     "breaks around late 2022 / early 2023. Trap: `M.DE` ended in 1998; `FPOLM_PA` IFS no observations; "
     "`M.NO` (Norway) never went negative and was not asked for.")

# ----------------------------------------------------------------------------------------- 25
scen("Fiscal balances built from revenue and spending",
     [T("General goverment revenue and total expenditure, % GDP, for France, Germany, UK and US, 2001-2023; "
        "revenue minus expenditure for each.",
        [[w("France", REV)], [w("France", EXP)], [w("Germany", REV)], [w("Germany", EXP)],
         [w("United Kingdom", REV)], [w("United Kingdom", EXP)], [w("United States", REV)], [w("United States", EXP)]],
        ["search", "build_table", "derive"], ["2001-01", "2023-12"], None,
        [D("spread", [0, 1], "fr_bal = FR rev - FR exp"), D("spread", [2, 3], "de_bal = DE rev - DE exp"),
         D("spread", [4, 5], "uk_bal = UK rev - UK exp"), D("spread", [6, 7], "us_bal = US rev - US exp")]),
      T("check those balances against the IMF's headline net lending figure for each of the four",
        [[w("France", REV)], [w("France", EXP)], [w("Germany", REV)], [w("Germany", EXP)],
         [w("United Kingdom", REV)], [w("United Kingdom", EXP)], [w("United States", REV)], [w("United States", EXP)],
         [w("France", NLB)], [w("Germany", NLB)], [w("United Kingdom", NLB)], [w("United States", NLB)]],
        ["search", "build_table"], ["2001-01", "2023-12"]),
      T("and primary minus overall balance, which is roughly net interest, for each",
        [[w("France", NLB)], [w("Germany", NLB)], [w("United Kingdom", NLB)], [w("United States", NLB)],
         [w("France", PNLB)], [w("Germany", PNLB)], [w("United Kingdom", PNLB)], [w("United States", PNLB)]],
        ["search", "build_table", "derive"], ["2001-01", "2023-12"], None,
        [D("spread", [4, 0], "fr_int = FR primary - FR overall"), D("spread", [5, 1], "de_int = DE primary - DE overall"),
         D("spread", [6, 2], "uk_int = UK primary - UK overall"), D("spread", [7, 3], "us_int = US primary - US overall")])],
     "WEO US fiscal rows start in 2001 (hence the window). Revenue minus expenditure reproduces net "
     "lending/borrowing to 0.01 pp: 2009 FR -7.2, DE -3.2, UK -10.1, US -13.2; 2020 -9.0, -4.3, -13.1, -14.0; "
     "2023 -5.5, -2.1, -6.0, -8.8. Primary minus overall 2023: FR 1.7, DE 0.7, UK 2.5, US 3.0 (US 2.3 in 2001). "
     "One typo ('goverment') is deliberate. Trap: `WEOApr2024|France|General government structural "
     "balance|Percent of potential GDP` is cyclically adjusted; `WEOApr2024|France|General government "
     "revenue|National currency` is the level; `GC.NLD.TOTL.GD.ZS` is WDI with no observations.")

# ----------------------------------------------------------------------------------------- 26
scen("Household saving vs national saving",
     [T("Personal saving rate, monthly, averaged per year, alongside WEO national saving and investment "
        "ratios (% of GDP), US 2000-2023.",
        [["PSAVERT"], [w("United States", SAV)], [w("United States", INV)]],
        ["search", "build_table", "convert"], ["2000-01", "2023-12"], "A"),
      T("then S minus I, and beside it the US external (current-account) balance relative to GDP",
        [["PSAVERT"], [w("United States", SAV)], [w("United States", INV)], [w("United States", CA)]],
        ["search", "build_table", "convert", "derive"], ["2000-01", "2023-12"], "A",
        [D("spread", [1, 2], "s_minus_i = national savings - investment")]),
      T("back to monthly, only the personal saving rate, 2000-2024: break dates",
        [["PSAVERT"]], ["changepoints"], ["2000-01", "2024-12"])],
     "PSAVERT annual mean 4.3 (2000), 2.8 (2006), 5.7 (2009), 7.9 (2012), 10.9 (2021); monthly peak 32.0 in "
     "Apr 2020; breaks near 2008-11, 2020-03 and 2022-01 (the 2020-21 hump). National savings 20.7% of GDP "
     "in 2000, 13.8 in 2009, ~18-20 since; investment 23.7 (2000), 17.8 (2009), ~21.5. S-I -2.9 (2000), -6.1 "
     "(2008) vs CA -3.9, -4.7: the difference is the statistical discrepancy. Personal saving is a share of "
     "disposable income, not GDP. Trap: `PSAVE` is the dollar level (quarterly); `NY.GNS.ICTR.ZS` and "
     "`NE.GDI.TOTL.ZS` are WDI twins without observations.")

# ----------------------------------------------------------------------------------------- 27
scen("Factory output, jobs and real GDP",
     [T("industrial production index and nonfarm payrolls, y/y % changes, monthly 2005-2024",
        [["INDPRO"], ["PAYEMS"]], ["search", "build_table", "derive"], ["2005-01", "2024-12"], None,
        [D("yoy_pct", [0], "ip_yoy = 100*(INDPRO/INDPRO[t-12]-1)"), D("yoy_pct", [1], "jobs_yoy = 100*(PAYEMS/PAYEMS[t-12]-1)")]),
      T("breaks in both growth rates",
        [["INDPRO"], ["PAYEMS"]], ["changepoints"], ["2005-01", "2024-12"]),
      T("now annual 2006-2023 with the WEO real GDP growth for the US, and industrial growth net of GDP growth",
        [["INDPRO"], ["PAYEMS"], [w("United States", RGDP)]], ["search", "build_table", "convert", "derive"],
        ["2006-01", "2023-12"], "A",
        [D("yoy_pct", [0], "ip_growth = 100*(mean_year(INDPRO)/mean_year(INDPRO)[y-1]-1)"),
         D("expression", [0, 2], "ip_minus_gdp = ip_growth - WEO real GDP growth")])],
     "IP y/y -15 to -17 at mid-2009 and Apr 2020, +8.5 mid-2010 and mid-2021; payrolls y/y -4.9 mid-2009, "
     "-13.4 in Apr 2020. Mean-shift breaks in IP growth near 2008-09, 2010-01 and 2015-02; in payroll growth "
     "near 2010-12, 2020-04 and 2021-04. Annual IP growth minus real GDP growth: 2009 -11.4 vs -2.6, 2015 "
     "-1.4 vs 2.9, 2020 -7.1 vs -2.2. Two stored IP vintages exist (2017=100 and an older 2012=100 copy "
     "to Feb 2020): levels differ by ~7% but growth rates agree within ~0.5 pp, so use growth. Trap: "
     "`IPB50001N` is unadjusted IP; `PAYNSA` unadjusted payrolls; "
     "`WEOApr2024|United States|Gross domestic product, current prices|U.S. dollars` is nominal.")

# ----------------------------------------------------------------------------------------- 28
scen("Home-equity lines in the consumer-credit mix",
     [T("HELOC balances at US banks (weekly, seasonally adjusted) versus bank consumer loans, month averages "
        "1995-2019; HELOCs as % of consumer loans.",
        [["RHEACBW027SBOG"], ["CONSUMER"]], ["search", "build_table", "convert", "derive"], ["1995-01", "2019-12"], "M",
        [D("ratio", [0, 1], "heloc_rel = 100 * RHEACBW027SBOG / CONSUMER")]),
      T("changepoints on the HELOC balance",
        [["RHEACBW027SBOG"]], ["convert", "changepoints"], ["1995-01", "2019-12"], "M"),
      T("add C&I loans and give me HELOC + consumer + C&I as one total",
        [["RHEACBW027SBOG"], ["CONSUMER"], ["BUSLOANS"]], ["search", "build_table", "convert", "derive"],
        ["1995-01", "2019-12"], "M",
        [D("expression", [0, 1, 2], "total = RHEACBW027SBOG + CONSUMER + BUSLOANS")])],
     "HELOC balances ~76bn (Jan 1995), 105bn (2000), 289bn (2004), peak ~611bn (May 2009), 471bn (2014), 321bn "
     "(Dec 2019); relative to consumer loans 17% (1995) -> ~73% (Jan 2010) -> ~23% (2019), with the April "
     "2010 consumer-loan reporting jump pulling the ratio down. Breaks near 2004 and 2016. Trap: "
     "`RHEACBW027NBOG` is the unadjusted weekly twin; `RHEACBM027SBOG` the monthly twin, no observations; "
     "`CCLACBW027SBOG` is credit cards.")

# ----------------------------------------------------------------------------------------- 29
scen("Oil exporters: external and fiscal balances",
     [T("external balances (CA as % of GDP) - Saudi, Norway, Russia - 2000 to 2023",
        [[w("Saudi Arabia", CA)], [w("Norway", CA)], [w("Russia", CA)]], ["search", "build_table"],
        ["2000-01", "2023-12"]),
      T("add Kuwait and Qatar to that",
        [[w("Saudi Arabia", CA)], [w("Norway", CA)], [w("Russia", CA)], [w("Kuwait", CA)], [w("Qatar", CA)]],
        ["search", "build_table"], ["2000-01", "2023-12"]),
      T("ok so for the same five I also want the general government net lending in % of GDP because the idea "
        "is that if you take the current account and subtract the government balance what is left is the "
        "private sector balance and my hunch is that the private sector turns net borrower in these oil "
        "economies while the state is saving, so compute that difference for each one",
        [[w("Saudi Arabia", CA)], [w("Norway", CA)], [w("Russia", CA)], [w("Kuwait", CA)], [w("Qatar", CA)],
         [w("Saudi Arabia", NLB)], [w("Norway", NLB)], [w("Russia", NLB)], [w("Kuwait", NLB)], [w("Qatar", NLB)]],
        ["search", "build_table", "derive"], ["2000-01", "2023-12"], None,
        [D("spread", [0, 5], "sa_priv = SA CA - SA fiscal"), D("spread", [1, 6], "no_priv = NO CA - NO fiscal"),
         D("spread", [2, 7], "ru_priv = RU CA - RU fiscal"), D("spread", [3, 8], "kw_priv = KW CA - KW fiscal"),
         D("spread", [4, 9], "qa_priv = QA CA - QA fiscal")])],
     "CA % GDP 2000/2015/2022/2023: Saudi 7.6/-7.9/13.7/3.9, Norway 14.6/9.0/30.2/17.7, Russia "
     "16.3/5.0/10.5/2.5, Kuwait 38.9/3.5/34.5/32.8, Qatar 9.2/8.5/26.7/18.7. Fiscal balance 2015: Saudi "
     "-15.5, Kuwait +16.7, Qatar +18.4 (Kuwait private balance strongly negative then). Trap: "
     "`WEOApr2024|Saudi Arabia|Current account balance|U.S. dollars` is the dollar level; `M.SA` is the "
     "Saudi policy rate, not needed here; `BN.CAB.XOKA.GD.ZS` WDI no observations.")

# ----------------------------------------------------------------------------------------- 30
scen("Currency pegs seen through policy-rate spreads",
     [T("KSA and HK policy rates minus the Fed's, and Denmark minus the ECB, monthly 2008-2023, spreads in bps",
        [["M.SA"], ["M.HK"], US_RATE, ["M.DK"], ["M.XM"]], ["search", "build_table", "derive"],
        ["2008-01", "2023-12"], "M",
        [D("spread", [0, 2], "sa_us_bp = 100 * (M.SA - US)"), D("spread", [1, 2], "hk_us_bp = 100 * (M.HK - US)"),
         D("spread", [3, 4], "dk_ea_bp = 100 * (M.DK - M.XM)")]),
      T("changepoints on the Saudi spread",
        [["M.SA"], US_RATE], ["changepoints"], ["2008-01", "2023-12"], "M"),
      T("chart all three spreads",
        [["M.SA"], ["M.HK"], US_RATE, ["M.DK"], ["M.XM"]], ["chart"], ["2008-01", "2023-12"], "M")],
     "Spreads asked in basis points (x100). Hong Kong base rate sits a constant 0.375 pp (37.5 bp) above the BIS US midpoint from 2009 (base = upper bound + "
     "0.5), 1.26 in 2008. Saudi minus US ~1.9 in 2009-2015, ~1.0 in 2017, ~0.6 from 2018 (0.625 in Dec 2023); "
     "breaks near 2008-11 and 2017-03. Denmark minus euro area mostly -0.4 to -0.9 since 2010 (-0.9 Dec 2023). With "
     "FEDFUNDS instead of the midpoint the spreads shift by a few bp. Trap: `M.MY` (Malaysia) is not a peg "
     "and was not asked for; `M.CN` is not a peg either; `DEXUSEU` is an exchange rate, not a rate spread.")

# ----------------------------------------------------------------------------------------- 31
scen("The fragile five, ten years on",
     [T("need this before the 3pm call: Turkey, South Africa, Brazil, India, Indonesia policy rates, monthly, "
        "2013 to 2023, nothing fancy",
        [["M.TR"], ["M.ZA"], ["M.BR"], ["M.IN"], ["M.ID"]], ["search", "build_table"], ["2013-01", "2023-12"]),
      T("annualise and take off average inflation (WEO) for each to get real rates",
        [["M.TR"], ["M.ZA"], ["M.BR"], ["M.IN"], ["M.ID"], [w("Türkiye", INF_AVG)], [w("South Africa", INF_AVG)],
         [w("Brazil", INF_AVG)], [w("India", INF_AVG)], [w("Indonesia", INF_AVG)]],
        ["search", "build_table", "convert", "derive"], ["2013-01", "2023-12"], "A",
        [D("spread", [0, 5], "tr = TR - TR infl"), D("spread", [1, 6], "za = ZA - ZA infl"),
         D("spread", [2, 7], "br = BR - BR infl"), D("spread", [3, 8], "in = IN - IN infl"),
         D("spread", [4, 9], "id = ID - ID infl")]),
      T("keep only Turkey and South Africa and chart those two real rates",
        [["M.TR"], ["M.ZA"], [w("Türkiye", INF_AVG)], [w("South Africa", INF_AVG)]], ["convert", "chart"],
        ["2013-01", "2023-12"], "A")],
     "Policy rate ranges 2013-2023: Türkiye 4.5-42.5, South Africa 3.5-8.25, Brazil 2.0-14.25, India 4.0-8.0, "
     "Indonesia 3.5-7.75. Real rates on WEO average CPI: Türkiye -2.7 (2013), +4.8 (2019), -59.7 (2022), "
     "-33.2 (2023); South Africa -0.7 .. +2.5, 2.1 in 2023; Brazil 2.2 .. 6.5 (2017), -3.5 (2021), 8.7 "
     "(2023); India -1.9 .. 2.8; Indonesia -0.1 .. 2.8. Trap: `TP.BEK.S04.D.A` is the Turkish survey "
     "expectation, not the rate; `WEOApr2024|Türkiye|Inflation, average consumer prices|Index` is a level; "
     "`M.RU` is not in the five.")

# ----------------------------------------------------------------------------------------- 32
scen("Anglosphere inflation and real policy rates",
     [T("CPI inflation (annual avg, IMF) for the US, UK, Canada and Australia, 2000-2023",
        [[w("United States", INF_AVG)], [w("United Kingdom", INF_AVG)], [w("Canada", INF_AVG)],
         [w("Australia", INF_AVG)]], ["search", "build_table"], ["2000-01", "2023-12"]),
      T("now add each central bank's policy rate (yearly mean) and subtract inflation from it",
        [[w("United States", INF_AVG)], [w("United Kingdom", INF_AVG)], [w("Canada", INF_AVG)],
         [w("Australia", INF_AVG)], US_RATE, ["M.GB"], ["M.CA"], ["M.AU"]],
        ["search", "build_table", "convert", "derive"], ["2000-01", "2023-12"], "A",
        [D("spread", [4, 0], "us_real = US rate - US infl"), D("spread", [5, 1], "uk_real = GB rate - UK infl"),
         D("spread", [6, 2], "ca_real = CA rate - CA infl"), D("spread", [7, 3], "au_real = AU rate - AU infl")]),
      T("breaks in the four real rates?",
        [[w("United States", INF_AVG)], [w("United Kingdom", INF_AVG)], [w("Canada", INF_AVG)],
         [w("Australia", INF_AVG)], US_RATE, ["M.GB"], ["M.CA"], ["M.AU"]], ["convert", "changepoints"],
        ["2000-01", "2023-12"], "A")],
     "Average CPI 2022: US 8.0, UK 9.1, Canada 6.8, Australia 6.6; 2015: 0.1, 0.0, 1.1, 1.5. Real policy "
     "rates 2022: US -6.1, UK -7.5, Canada -4.8, Australia -5.3; 2000: +2.9, +5.2, +2.8, +1.5; all four "
     "back near or above zero in 2023 except the UK (-2.6) and Australia (-1.7). Single-split mean shifts "
     "near 2008-2010 and a second around 2020 (US, UK, CA). Trap: `WEOApr2024|United Kingdom|Inflation, end "
     "of period consumer prices|Percent change` is Dec/Dec; `M.NZ` is a neighbour not asked for; `CPIAUCSL` "
     "monthly CPI is not the WEO annual rate.")

# ----------------------------------------------------------------------------------------- 33
scen("Price levels: PPP conversion rate against the market exchange rate",
     [T("implied PPP conversion rate (LCU per intl dollar) for Switzerland, Norway, India, Türkiye, 2000-2023",
        [[w("Switzerland", PPPRATE)], [w("Norway", PPPRATE)], [w("India", PPPRATE)], [w("Türkiye", PPPRATE)]],
        ["search", "build_table"], ["2000-01", "2023-12"]),
      T("I also need the market rate. get GDP in national currency and in USD for those four, NC/USD is the "
        "average exchange rate; then PPP rate divided by that is the price level vs the US",
        [[w("Switzerland", PPPRATE)], [w("Norway", PPPRATE)], [w("India", PPPRATE)], [w("Türkiye", PPPRATE)],
         [w("Switzerland", GDPNC)], [w("Switzerland", GDPUSD)], [w("Norway", GDPNC)], [w("Norway", GDPUSD)],
         [w("India", GDPNC)], [w("India", GDPUSD)], [w("Türkiye", GDPNC)], [w("Türkiye", GDPUSD)]],
        ["search", "build_table", "derive"], ["2000-01", "2023-12"], None,
        [D("expression", [0, 4, 5], "ch_pl = CH ppp_rate / (CH gdp_nc / CH gdp_usd)"),
         D("expression", [1, 6, 7], "no_pl = NO ppp_rate / (NO gdp_nc / NO gdp_usd)"),
         D("expression", [2, 8, 9], "in_pl = IN ppp_rate / (IN gdp_nc / IN gdp_usd)"),
         D("expression", [3, 10, 11], "tr_pl = TR ppp_rate / (TR gdp_nc / TR gdp_usd)")]),
      T("swap India for Japan, same price-level calculation",
        [[w("Switzerland", PPPRATE)], [w("Norway", PPPRATE)], [w("Türkiye", PPPRATE)],
         [w("Switzerland", GDPNC)], [w("Switzerland", GDPUSD)], [w("Norway", GDPNC)], [w("Norway", GDPUSD)],
         [w("Türkiye", GDPNC)], [w("Türkiye", GDPUSD)],
         [w("Japan", PPPRATE)], [w("Japan", GDPNC)], [w("Japan", GDPUSD)]],
        ["search", "build_table", "derive"], ["2000-01", "2023-12"], None,
        [D("expression", [9, 10, 11], "jp_pl = JP ppp_rate / (JP gdp_nc / JP gdp_usd)")])],
     "Implied market rate NC/USD and price level (PPP/market) 2000/2010/2023: Switzerland 1.69/1.04/0.90 "
     "and 0.94/1.37/1.13; Norway 8.80/6.04/10.56 and 0.82/1.44/1.09; India 45.7/45.6/82.8 and 0.21/0.32/0.27; "
     "Türkiye 0.63/1.50/23.7 and 0.39/0.61/0.31; Japan 108/88/140 and 1.43/1.27/0.65 (the yen's slide). "
     "Trap: `PA.NUS.PPPC.RF` is WDI's ready-made price-level ratio and `PA.NUS.FCRF` the official rate, "
     "no observations; `WEOApr2024|India|Gross domestic product, current prices|Purchasing power parity; "
     "international dollars` is GDP at PPP, not the conversion rate.")

# ----------------------------------------------------------------------------------------- 34
scen("Two US inflation measures: CPI and the GDP deflator",
     [T("US GDP deflator (WEO index) and CPI-U (monthly, take yearly averages), levels 2000-2023. Inflation rate "
        "of each from 2001 and the wedge between them.",
        [[w("United States", DEFL)], ["CPIAUCSL"]], ["search", "build_table", "convert", "derive"],
        ["2000-01", "2023-12"], "A",
        [D("yoy_pct", [0], "defl_infl = 100*(DEFL/DEFL[y-1]-1)"), D("yoy_pct", [1], "cpi_infl = 100*(CPI/CPI[y-1]-1)"),
         D("expression", [1, 0], "wedge = cpi_infl - defl_infl")]),
      T("put the IMF's own average CPI inflation for the US next to my CPI-based number",
        [[w("United States", DEFL)], ["CPIAUCSL"], [w("United States", INF_AVG)]],
        ["search", "build_table", "convert", "derive"], ["2001-01", "2023-12"], "A",
        [D("expression", [1, 2], "check = cpi_infl - WEO US avg inflation")]),
      T("core CPI too (yearly avg growth), 2001-2019 only, and core minus headline",
        [["CPIAUCSL"], ["CPILFESL"]], ["search", "build_table", "convert", "derive"], ["2001-01", "2019-12"], "A",
        [D("expression", [1, 0], "core_minus_headline = core_infl - headline_infl")])],
     "Growth of annual-average CPI equals WEO US average inflation to ~0.01 (2008 3.81, 2009 -0.32, 2015 0.12, "
     "2022 7.99, 2023 4.13). Deflator inflation 2008 1.93, 2009 0.62, 2015 0.93, 2022 7.04; wedge CPI minus "
     "deflator +1.9 in 2008, -0.9 in 2009, -0.8 in 2015. Core CPI observations stop in Jan 2020, hence the "
     "2019 end of the last window. Trap: `CPIAUCNS` is unadjusted; `NY.GDP.DEFL.KD.ZG` is WDI; "
     "`WEOApr2024|United States|Inflation, end of period consumer prices|Percent change` is Dec/Dec.")

# ----------------------------------------------------------------------------------------- 35
scen("Rebuilding GDP per head from GDP and population",
     [T("For my development econ assignment: nominal GDP in US dollars plus population, India/China/Indonesia, "
        "2000-2023; divide to get USD per person (mind the billions vs millions).",
        [[w("India", GDPUSD)], [w("India", POP)], [w("China", GDPUSD)], [w("China", POP)],
         [w("Indonesia", GDPUSD)], [w("Indonesia", POP)]], ["search", "build_table", "derive"],
        ["2000-01", "2023-12"], None,
        [D("ratio", [0, 1], "in_pc = 1000 * IN gdp_usd_bn / IN pop_mn"),
         D("ratio", [2, 3], "cn_pc = 1000 * CN gdp_usd_bn / CN pop_mn"),
         D("ratio", [4, 5], "id_pc = 1000 * ID gdp_usd_bn / ID pop_mn")]),
      T("compare those with WEO's published per-capita USD figure: ratio of mine to theirs",
        [[w("India", GDPUSD)], [w("India", POP)], [w("China", GDPUSD)], [w("China", POP)],
         [w("Indonesia", GDPUSD)], [w("Indonesia", POP)],
         [w("India", PCUSD)], [w("China", PCUSD)], [w("Indonesia", PCUSD)]],
        ["search", "build_table", "derive"], ["2000-01", "2023-12"], None,
        [D("expression", [0, 1, 6], "in_check = (1000*IN gdp/IN pop) / IN pc_published"),
         D("expression", [2, 3, 7], "cn_check = (1000*CN gdp/CN pop) / CN pc_published"),
         D("expression", [4, 5, 8], "id_check = (1000*ID gdp/ID pop) / ID pc_published")]),
      T("add Nigeria and Brazil to the published per-capita column only, and chart the five",
        [[w("India", PCUSD)], [w("China", PCUSD)], [w("Indonesia", PCUSD)], [w("Nigeria", PCUSD)],
         [w("Brazil", PCUSD)]], ["search", "build_table", "chart"], ["2000-01", "2023-12"])],
     "1000*GDP(bn USD)/population(mn) reproduces WEO per-capita USD exactly (ratio 1.000): India 442 (2000) "
     "-> 2,500 (2023), China 951 -> 12,514, Indonesia 870 -> 4,942, Nigeria 555 -> 1,688, Brazil 3,865 -> "
     "10,642. Trap: `WEOApr2024|India|Gross domestic product per capita, current prices|Purchasing power "
     "parity; international dollars` is the PPP twin; `SP.POP.TOTL` and `NY.GDP.PCAP.CD` are WDI, no "
     "observations.")

# ----------------------------------------------------------------------------------------- 36
scen("Net versus gross government debt",
     [T("gov gross debt and net debt, % of GDP, Canada, Australia, New Zealand, Norway; 2000-2023",
        [[w("Canada", DEBT)], [w("Canada", NETDEBT)], [w("Australia", DEBT)], [w("Australia", NETDEBT)],
         [w("New Zealand", DEBT)], [w("New Zealand", NETDEBT)], [w("Norway", DEBT)], [w("Norway", NETDEBT)]],
        ["search", "build_table"], ["2000-01", "2023-12"]),
      T("subtract net from gross for every country (roughly the financial assets held, % GDP)",
        [[w("Canada", DEBT)], [w("Canada", NETDEBT)], [w("Australia", DEBT)], [w("Australia", NETDEBT)],
         [w("New Zealand", DEBT)], [w("New Zealand", NETDEBT)], [w("Norway", DEBT)], [w("Norway", NETDEBT)]],
        ["derive"], ["2000-01", "2023-12"], None,
        [D("spread", [0, 1], "ca_assets = CA gross - CA net"), D("spread", [2, 3], "au_assets = AU gross - AU net"),
         D("spread", [4, 5], "nz_assets = NZ gross - NZ net"), D("spread", [6, 7], "no_assets = NO gross - NO net")]),
      T("swap Norway for Japan and show net as a share of gross",
        [[w("Canada", DEBT)], [w("Canada", NETDEBT)], [w("Australia", DEBT)], [w("Australia", NETDEBT)],
         [w("New Zealand", DEBT)], [w("New Zealand", NETDEBT)], [w("Japan", DEBT)], [w("Japan", NETDEBT)]],
        ["search", "build_table", "derive"], ["2000-01", "2023-12"], None,
        [D("ratio", [1, 0], "ca_net_share = 100*CA net/CA gross"), D("ratio", [3, 2], "au_net_share = 100*AU net/AU gross"),
         D("ratio", [5, 4], "nz_net_share = 100*NZ net/NZ gross"), D("ratio", [7, 6], "jp_net_share = 100*JP net/JP gross")])],
     "Gross / net 2005, 2015, 2023: Canada 70.6/29.3, 92.0/18.5, 107.1/12.8; Australia 10.9/-3.8, 37.7/22.1, "
     "49.4/28.3; New Zealand 20.8/7.5, 34.2/7.3, 45.9/20.5; Norway 42.3/-44.7, 34.3/-85.1, 41.8/-99.4 (net "
     "negative: the oil fund), so gross minus net for Norway is ~140 pp in 2023; Japan 174.6/94.1 (2005), "
     "252.4/155.9 (2023), net ~54-63% of gross. Net-as-share is meaningless where net is negative (Norway, "
     "Australia 2005), one reason Norway is swapped out. Trap: `WEOApr2024|Canada|General government net "
     "debt|National currency` is the level; `GC.DOD.TOTL.GD.ZS` WDI central-government debt, no observations.")

# ----------------------------------------------------------------------------------------- 37
scen("US GDP and debt: FRED against the WEO annual figures",
     [T("Quick sanity check for the model team: BEA nominal GDP (quarterly SAAR, average to years) vs WEO's "
        "US GDP in current dollars, 2000-2023. Ratio FRED/WEO please.",
        [["GDP"], [w("United States", GDPUSD)]], ["search", "build_table", "convert", "derive"],
        ["2000-01", "2023-12"], "A",
        [D("ratio", [0, 1], "fred_over_weo = mean_year(GDP) / WEO US GDP USD")]),
      T("now federal total public debt (year-end) over that GDP, and next to it the IMF general government "
        "gross debt ratio, 2001 on",
        [["GDP"], [w("United States", GDPUSD)], ["GFDEBTN"], [w("United States", DEBT)]],
        ["search", "build_table", "convert", "derive"], ["2001-01", "2023-12"], "A",
        [D("expression", [2, 0], "fed_debt_gdp = 100 * (last_year(GFDEBTN)/1000) / mean_year(GDP)")]),
      T("gap between the two debt ratios",
        [["GDP"], ["GFDEBTN"], [w("United States", DEBT)]], ["convert", "derive"], ["2001-01", "2023-12"], "A",
        [D("expression", [1, 0, 2], "gap = 100*(GFDEBTN/1000)/GDP - WEO general government gross debt")])],
     "Annual mean of FRED GDP / WEO US GDP = 1.000 for 2000-2018, then 1.001 (2019) rising to 1.013 (2023) as "
     "the stored FRED copy is a later vintage than the April 2024 WEO. Federal debt / GDP "
     "(year-end debt) 56.2 (2001), 63.8 (2007), 85.0 (2009), 107.7 (2019), 125.1 (2021), 122.7 (2023); WEO "
     "general government gross debt 53.1, 64.6, 86.6, 108.1, 125.0, 122.1: within ~3 pp, different coverage "
     "(federal incl. intragovernmental holdings vs general government). WEO US debt starts 2001. Trap: "
     "`GFDEGDQ188S` is FRED's own ratio (no observations); `GDPA` annual GDP twin has no observations; "
     "`WEOApr2024|United States|General government net debt|Percent of GDP` is net.")

# ----------------------------------------------------------------------------------------- 38
scen("Asian export volumes",
     [T("real export growth (volume of exports of goods & services) for Korea, Taiwan, Singapore, Vietnam, "
        "2000-2023",
        [[w("Korea", XVOL)], [w("Taiwan Province of China", XVOL)], [w("Singapore", XVOL)], [w("Vietnam", XVOL)]],
        ["search", "build_table"], ["2000-01", "2023-12"]),
      T("also import volumes and exports minus imports growth for each of the four",
        [[w("Korea", XVOL)], [w("Taiwan Province of China", XVOL)], [w("Singapore", XVOL)], [w("Vietnam", XVOL)],
         [w("Korea", MVOL)], [w("Taiwan Province of China", MVOL)], [w("Singapore", MVOL)], [w("Vietnam", MVOL)]],
        ["search", "build_table", "derive"], ["2000-01", "2023-12"], None,
        [D("spread", [0, 4], "kr = KR x - KR m"), D("spread", [1, 5], "tw = TW x - TW m"),
         D("spread", [2, 6], "sg = SG x - SG m"), D("spread", [3, 7], "vn = VN x - VN m")]),
      T("do the export growth rates have level shifts? test the four export columns",
        [[w("Korea", XVOL)], [w("Taiwan Province of China", XVOL)], [w("Singapore", XVOL)], [w("Vietnam", XVOL)]],
        ["changepoints"], ["2000-01", "2023-12"])],
     "Export volume growth 2009 / 2010: Korea -0.5 / 13.0, Taiwan -10.1 / 27.6, Singapore -7.2 / 17.8, Vietnam "
     "5.4 / 6.6; 2023 3.1, -2.7, 2.4, -3.9. Means 2000-23 ~7.0, 5.9, 6.4, 9.9. Exports minus imports 2009 "
     "+6.5 (KR), +4.6 (TW), +10.9 (VN). The series are noisy growth rates: the 2009 dip / 2010 rebound are "
     "outliers and any 'break' (e.g. a drift down after ~2008-2012 for Korea and Singapore) should be weak. "
     "WEO calls Taiwan 'Taiwan Province of China'. Trap: `WEOApr2024|Korea|Volume of exports of goods|Percent "
     "change` is goods only; `NE.EXP.GNFS.KD.ZG` WDI, no observations.")

# ----------------------------------------------------------------------------------------- 39
scen("Turkish inflation: monthly index vs the IMF's annual numbers",
     [T("Turkey CPI, yearly. Dec-on-Dec change from the TURKSTAT index (year-end value) beside the IMF's "
        "year-end inflation number, 2021 to 2024? If 2024 WEO is only a projection stop at 2023.",
        [["TP.FG.J0"], [w("Türkiye", INF_EOP)]], ["search", "build_table", "convert", "derive"],
        ["2021-01", "2023-12"], "A",
        [D("yoy_pct", [0], "dec_dec = 100*(TP.FG.J0[Dec]/TP.FG.J0[Dec-1]-1)"),
         D("expression", [0, 1], "diff = dec_dec - WEO eop inflation")]),
      T("same but with annual average index growth vs WEO average inflation",
        [["TP.FG.J0"], [w("Türkiye", INF_AVG)]], ["search", "build_table", "convert", "derive"],
        ["2021-01", "2023-12"], "A",
        [D("yoy_pct", [0], "avg_growth = 100*(mean_year(TP.FG.J0)/mean_year(TP.FG.J0)[y-1]-1)"),
         D("expression", [0, 1], "diff = avg_growth - WEO avg inflation")]),
      T("add the policy rate yearly mean and show it relative to both inflation measures",
        [["TP.FG.J0"], [w("Türkiye", INF_AVG)], [w("Türkiye", INF_EOP)], ["M.TR"]],
        ["search", "build_table", "convert", "derive"], ["2021-01", "2023-12"], "A",
        [D("spread", [3, 1], "real_avg = M.TR - WEO avg"), D("spread", [3, 2], "real_eop = M.TR - WEO eop")])],
     "Index year-end: Dec 2020 504.81 -> Dec-on-Dec 36.08 (2021), 64.27 (2022), 64.77 (2023), matching WEO "
     "end-of-period 36.081 / 64.27 / 64.773 to rounding. Annual-average index 469.6 / 561.6 / 967.7 / 1488.9 "
     "for 2020-23 gives 19.6 / 72.3 / 53.9, matching WEO average inflation. Policy-rate yearly mean 17.6 / "
     "12.6 / 20.7. The WEO file holds values only to 2023, so 2024 cannot be compared. Trap: "
     "`TP.FE.OKTG01` is the CPI from the specified-coverage table, an alternative presentation not used "
     "here; `TP.FG.J01` food; `WEOApr2024|Türkiye|Inflation, end of period consumer prices|Index` is the level.")

# ----------------------------------------------------------------------------------------- 40
scen("Output gaps and unemployment in the big advanced economies",
     [T("output gaps (% of potential), US, UK, Germany, Japan, 2000-2023",
        [[w("United States", GAP)], [w("United Kingdom", GAP)], [w("Germany", GAP)], [w("Japan", GAP)]],
        ["search", "build_table"], ["2000-01", "2023-12"]),
      T("put their unemployment rates alongside, then a crude slack index for each: unemployment minus the "
        "output gap, so a bigger negative gap pushes it up",
        [[w("United States", GAP)], [w("United Kingdom", GAP)], [w("Germany", GAP)], [w("Japan", GAP)],
         [w("United States", UNEMP)], [w("United Kingdom", UNEMP)], [w("Germany", UNEMP)], [w("Japan", UNEMP)]],
        ["search", "build_table", "derive"], ["2000-01", "2023-12"], None,
        [D("expression", [4, 0], "us_idx = US unemp - US gap"), D("expression", [5, 1], "uk_idx = UK unemp - UK gap"),
         D("expression", [6, 2], "de_idx = DE unemp - DE gap"), D("expression", [7, 3], "jp_idx = JP unemp - JP gap")]),
      T("chart the four gaps from the first table again, only 2007-2023",
        [[w("United States", GAP)], [w("United Kingdom", GAP)], [w("Germany", GAP)], [w("Japan", GAP)]],
        ["chart"], ["2007-01", "2023-12"])],
     "Output gap 2009: US -7.2, UK -4.4, Germany -3.9, Japan -4.5; 2020: -2.5, -3.6, -3.1, -2.9; 2023: 0.7, "
     "-0.3, -0.5, 0.2. Unemployment 2009: 9.3, 7.6, 7.2, 5.1; 2023: 3.6, 4.0, 3.0, 2.6. Slack index = "
     "unemployment minus gap: US 2009 9.3-(-7.2) = 16.5, 2023 3.6-0.7 = 2.9; Germany 2009 11.1. "
     "Trap: `WEOApr2024|United States|General government structural balance|Percent of potential GDP` also "
     "uses potential GDP but is fiscal; `SL.UEM.TOTL.ZS` WDI, no observations.")


# ----------------------------------------------------------------------------------------- write
def main():
    assert len(S) == 40, len(S)
    periods = {}
    with open(OUT, "w", encoding="utf-8") as f:
        for n, s in enumerate(S, 1):
            sid = "b19-%02d" % n
            pw = {}
            turns = []
            for ti, t in enumerate(s["turns"]):
                t = dict(t)
                pw[str(ti)] = list(t.pop("_win"))
                turns.append(t)
            periods[sid] = pw
            rec = {"id": sid, "title": s["title"], "turns": turns, "notes": s["notes"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open(PERIODS, "w", encoding="utf-8") as f:
        f.write("{\n" + ",\n".join("  %s: %s" % (json.dumps(k), json.dumps(v)) for k, v in periods.items())
                + "\n}\n")
    print("wrote %d scenarios" % len(S))


if __name__ == "__main__":
    main()

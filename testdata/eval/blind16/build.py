#!/usr/bin/env python3
"""Writes scenarios-blind16.jsonl (40 scenarios x 3 turns) and periods-blind16.json.

periods-blind16.json records, per scenario and turn, the window the analyst asks for
(validate.py checks observation coverage against it); it is not part of the scenario schema.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

def W(country, subj, units):
    return "WEOApr2024|%s|%s|%s" % (country, subj, units)

INF = ("Inflation, average consumer prices", "Percent change")
INFE = ("Inflation, end of period consumer prices", "Percent change")
GDPG = ("Gross domestic product, constant prices", "Percent change")
GDPUSD = ("Gross domestic product, current prices", "U.S. dollars")
GDPNC = ("Gross domestic product, current prices", "National currency")
DEBT = ("General government gross debt", "Percent of GDP")
DEBTNC = ("General government gross debt", "National currency")
UNR = ("Unemployment rate", "Percent of total labor force")
CA = ("Current account balance", "Percent of GDP")
CAUSD = ("Current account balance", "U.S. dollars")
POP = ("Population", "Persons")
EMP = ("Employment", "Persons")
PCUSD = ("Gross domestic product per capita, current prices", "U.S. dollars")
PCPPP = ("Gross domestic product per capita, current prices", "Purchasing power parity; international dollars")
PPPSH = ("Gross domestic product based on purchasing-power-parity (PPP) share of world total", "Percent")
SAV = ("Gross national savings", "Percent of GDP")
INV = ("Total investment", "Percent of GDP")
REV = ("General government revenue", "Percent of GDP")
EXP = ("General government total expenditure", "Percent of GDP")
NLB = ("General government net lending/borrowing", "Percent of GDP")
PNLB = ("General government primary net lending/borrowing", "Percent of GDP")
GAP = ("Output gap in percent of potential GDP", "Percent of potential GDP")
DEFL = ("Gross domestic product, deflator", "Index")

def w(c, s):
    return W(c, s[0], s[1])

def D(op, inputs, note):
    return {"op": op, "inputs": inputs, "note": note}

def T(user, needs, actions, period, freq=None, derives=None):
    t = {"user": user, "needs": [n if isinstance(n, list) else [n] for n in needs], "actions": actions}
    if freq:
        t["frequency"] = freq
    if derives:
        t["derives"] = derives
    return t, period

S = []
def add(title, turns, notes):
    S.append((title, turns, notes))

# 01
add("US real policy rate, monthly", [
    T("fed funds vs cpi inflation, monthly since 2000", ["FEDFUNDS", "CPIAUCSL"], ["search", "build_table"], ("2000-01", "2024-12"), "M"),
    T("ok now real rate = ffr minus y/y cpi", ["FEDFUNDS", "CPIAUCSL"], ["build_table", "derive"], ("2000-01", "2024-12"), "M",
      [D("yoy_pct", [1], "12-month % change of CPI"), D("expression", [0, 1], "FEDFUNDS - yoy(CPIAUCSL)")]),
    T("chart that real rate + breaks. did the big break come before or after covid?", ["FEDFUNDS", "CPIAUCSL"], ["derive", "changepoints", "chart"], ("2000-01", "2024-12"), "M",
      [D("yoy_pct", [1], "CPI y/y"), D("expression", [0, 1], "real rate")]),
], "Traps: CPIAUCNS (NSA twin) instead of CPIAUCSL; DFF (daily, 7-day) instead of monthly FEDFUNDS; using the CPI index level rather than its y/y change.")

# 02
add("Türkiye vs US policy rates, then Turkish CPI", [
    T("Hello, I would like to see the policy rate of Türkiye and of United States, monthly, from 2010 please.", ["M.TR", "M.US"], ["search", "build_table"], ("2010-01", "2023-12"), "M"),
    T("Thank you. Can you add the spread between both, Turkey minus US, in percentage points?", ["M.TR", "M.US"], ["build_table", "derive"], ("2010-01", "2023-12"), "M",
      [D("spread", [0, 1], "M.TR - M.US, pp")]),
    T("Also please put Turkish consumer price (TÜİK general index) next to it, from 2021 to 2023, and show the annual change of it.", ["M.TR", "M.US", "TP.FG.J0"], ["search", "build_table", "derive"], ("2020-01", "2023-12"), "M",
      [D("spread", [0, 1], "TR - US policy"), D("yoy_pct", [2], "CPI y/y, 2020 used as base year")]),
], "Traps: TP.FG.J01 (food and non-alcoholic beverages, neighbouring EVDS code) or TP.FE.OKTG01 instead of the general index TP.FG.J0; FEDFUNDS (FRED) instead of BIS M.US is arguably fine but not what 'policy rate' from one source means.")

# 03
add("US federal debt to GDP with unit scaling", [
    T("need federal debt + nominal gdp, quarterly, 1990 on", ["GFDEBTN", "GDP"], ["search", "build_table"], ("1990-01", "2024-12"), "Q"),
    T("debt/gdp ratio pls. careful, debt is in millions and gdp is billions saar", ["GFDEBTN", "GDP"], ["build_table", "derive"], ("1990-01", "2024-12"), "Q",
      [D("ratio", [0, 1], "(GFDEBTN/1000)/GDP*100")]),
    T("now annual, 2001-2023, and put the imf's general govt gross debt % of gdp for the US alongside. chart both", ["GFDEBTN", "GDP", w("United States", DEBT)], ["search", "build_table", "derive", "chart", "convert"], ("2001-01", "2023-12"), "A",
      [D("ratio", [0, 1], "federal debt/GDP %, annual")]),
], "Traps: GFDEGDQ188S (ready-made debt/GDP ratio, no local observations); in turn 3 WEO 'General government gross debt|National currency' instead of Percent of GDP (and general government is not federal debt); GDPC1 (real GDP) instead of nominal GDP; forgetting the millions vs billions scaling gives a ratio 1000x too big.")

# 04
add("WEO inflation, four advanced economies", [
    T("cpi inflation germany, france, italy, japan – annual 2000-2023, imf weo", [w("Germany", INF), w("France", INF), w("Italy", INF), w("Japan", INF)], ["search", "build_table"], ("2000-01", "2023-12"), "A"),
    T("which one spiked most in 2022? add the simple average of those four", [w("Germany", INF), w("France", INF), w("Italy", INF), w("Japan", INF)], ["build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("expression", [0, 1, 2, 3], "mean of the four")]),
    T("swap italy for spain. and actually use end-of-period inflation, not average", [w("Germany", INFE), w("France", INFE), w("Spain", INFE), w("Japan", INFE)], ["search", "build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("expression", [0, 1, 2, 3], "mean of the four")]),
], "Traps: 'Inflation, average consumer prices|Index' (level) instead of Percent change; in turn 3 staying on average inflation instead of end of period.")

# 05
add("ECB vs Fed, then BoE and SNB", [
    T("euro area policy rate (ecb) vs the fed, monthly since 2005 - ecb polcy rate i mean", ["M.XM", "M.US"], ["search", "build_table"], ("2005-01", "2023-12"), "M"),
    T("spread in bps pls", ["M.XM", "M.US"], ["build_table", "derive"], ("2005-01", "2023-12"), "M",
      [D("spread", [0, 1], "(M.XM - M.US)*100 bps")]),
    T("add boe and snb, same window, keep the ecb-fed spread", ["M.XM", "M.US", "M.GB", "M.CH"], ["search", "build_table", "derive"], ("2005-01", "2023-12"), "M",
      [D("spread", [0, 1], "ECB - Fed, bps")]),
], "Trap: M.DE (Bundesbank rate, ends 1998-12) or M.FR instead of the euro-area M.XM; FEDFUNDS instead of BIS M.US is a cross-source near-twin.")

# 06
add("Yield curve and fed funds, monthly averages", [
    T("10y-3m and fed funds, monthly avg, 1990-2019", ["T10Y3M", "FEDFUNDS"], ["search", "build_table", "convert"], ("1990-01", "2019-12"), "M"),
    T("run changepoints on the curve", ["T10Y3M"], ["changepoints", "convert"], ("1990-01", "2019-12"), "M"),
    T("chart both. did the inversions come before the end of the hiking cycles?", ["T10Y3M", "FEDFUNDS"], ["chart", "convert"], ("1990-01", "2019-12"), "M"),
], "Traps: T10Y3MM (monthly twin, no local observations) and T10YFF (10y minus fed funds, a different spread); the table must average the daily T10Y3M to months.")

# 07
add("US unemployment: BLS monthly vs IMF annual", [
    T("US unemployment, the monthly BLS one and the IMF annual number, 2000-2023, annual table", ["UNRATE", w("United States", UNR)], ["search", "build_table", "convert"], ("2000-01", "2023-12"), "A"),
    T("difference between the two?", ["UNRATE", w("United States", UNR)], ["build_table", "derive", "convert"], ("2000-01", "2023-12"), "A",
      [D("spread", [0, 1], "annual mean UNRATE - WEO")]),
    T("now add canada and the uk from the imf, same years", ["UNRATE", w("United States", UNR), w("Canada", UNR), w("United Kingdom", UNR)], ["search", "build_table", "convert"], ("2000-01", "2023-12"), "A"),
], "Traps: UNRATENSA (NSA twin); WEO 'Employment|Persons' instead of the unemployment rate.")

# 08
add("Turkish real policy rate 2021-2023", [
    T("turkey policy rate and cpi index (2003=100), 2021 to 2023", ["M.TR", "TP.FG.J0"], ["search", "build_table"], ("2021-01", "2023-12"), "M"),
    T("cpi yoy then real rate = policy minus yoy", ["M.TR", "TP.FG.J0"], ["build_table", "derive"], ("2021-01", "2023-12"), "M",
      [D("yoy_pct", [1], "CPI y/y"), D("expression", [0, 1], "M.TR - yoy(TP.FG.J0)")]),
    T("breaks? was it before or after the june 2023 turnaround", ["M.TR", "TP.FG.J0"], ["derive", "changepoints", "chart"], ("2021-01", "2023-12"), "M",
      [D("yoy_pct", [1], "CPI y/y"), D("expression", [0, 1], "real rate")]),
], "Traps: TP.FG.J01 (food) neighbouring code; the WEO annual Türkiye inflation is the wrong frequency here.")

# 09
add("Debt/GDP computed from national-currency levels", [
    T("gross govt debt in national currency and nominal GDP (nat ccy) for Japan, Italy and the US, 2001-2023",
      [w("Japan", DEBTNC), w("Japan", GDPNC), w("Italy", DEBTNC), w("Italy", GDPNC), w("United States", DEBTNC), w("United States", GDPNC)], ["search", "build_table"], ("2001-01", "2023-12"), "A"),
    T("compute debt/gdp myself from those and put the IMF's own % of GDP line next to each",
      [w("Japan", DEBTNC), w("Japan", GDPNC), w("Italy", DEBTNC), w("Italy", GDPNC), w("United States", DEBTNC), w("United States", GDPNC),
       w("Japan", DEBT), w("Italy", DEBT), w("United States", DEBT)], ["search", "build_table", "derive"], ("2001-01", "2023-12"), "A",
      [D("ratio", [0, 1], "JP debt/GDP*100"), D("ratio", [2, 3], "IT"), D("ratio", [4, 5], "US")]),
    T("only japan now, chart my ratio vs theirs with breaks", [w("Japan", DEBTNC), w("Japan", GDPNC), w("Japan", DEBT)], ["derive", "changepoints", "chart"], ("2001-01", "2023-12"), "A",
      [D("ratio", [0, 1], "JP debt/GDP*100")]),
], "Traps: 'General government net debt' instead of gross; 'Gross domestic product, current prices|U.S. dollars' instead of national currency (unit mismatch with the debt level).")

# 10
add("Saving-investment balance vs current account", [
    T("gross national savings and total investment, % of gdp, china germany and the US, 2000-2023",
      [w("China", SAV), w("China", INV), w("Germany", SAV), w("Germany", INV), w("United States", SAV), w("United States", INV)], ["search", "build_table"], ("2000-01", "2023-12"), "A"),
    T("S minus I for each one", [w("China", SAV), w("China", INV), w("Germany", SAV), w("Germany", INV), w("United States", SAV), w("United States", INV)], ["build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("spread", [0, 1], "CN S-I"), D("spread", [2, 3], "DE S-I"), D("spread", [4, 5], "US S-I")]),
    T("compare each of those with the current account as % of gdp, shoud be close right?",
      [w("China", SAV), w("China", INV), w("Germany", SAV), w("Germany", INV), w("United States", SAV), w("United States", INV),
       w("China", CA), w("Germany", CA), w("United States", CA)], ["search", "build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("spread", [0, 1], "CN"), D("spread", [2, 3], "DE"), D("spread", [4, 5], "US")]),
], "Trap: 'Current account balance|U.S. dollars' (billions) instead of Percent of GDP.")

# 11
add("IFS vs FRED US nominal GDP, then GDP per worker", [
    T("America's nominal gdp from IFS, seasonally adjusted, quarterly 2000-2022", ["NGDP_SA_XDC"], ["search", "build_table"], ("2000-01", "2022-12"), "Q"),
    T("and FREDs GDP next to it - ratio of the two pls, to see the annualisation", ["NGDP_SA_XDC", "GDP"], ["search", "build_table", "derive"], ("2000-01", "2022-12"), "Q",
      [D("ratio", [1, 0], "GDP (bn SAAR) / IFS")]),
    T("add nonfarm payrolls as quarterly avg, and fred gdp per payroll job", ["NGDP_SA_XDC", "GDP", "PAYEMS"], ["search", "build_table", "derive", "convert"], ("2000-01", "2022-12"), "Q",
      [D("ratio", [1, 2], "GDP bn*1e9 / (PAYEMS thousands*1e3)")]),
], "Traps: NGDP_XDC (not seasonally adjusted) or NGDP_R_SA_XDC (real) in IFS; PAYNSA (NSA payrolls); GDPC1 real GDP.")

# 12
add("Bank loan mix and delinquencies", [
    T("C&I loans and consumer loans, all commercial banks, monthly 2000 thru 2019", ["BUSLOANS", "CONSUMER"], ["search", "build_table"], ("2000-01", "2019-12"), "M"),
    T("share of C&I in the sum of both", ["BUSLOANS", "CONSUMER"], ["build_table", "derive"], ("2000-01", "2019-12"), "M",
      [D("share", [0, 1], "BUSLOANS/(BUSLOANS+CONSUMER)*100")]),
    T("make it quarterly and add the delinquncy rate on all loans", ["BUSLOANS", "CONSUMER", "DRALACBS"], ["search", "build_table", "derive", "convert"], ("2000-01", "2019-12"), "Q",
      [D("share", [0, 1], "C&I share")]),
], "Traps: BUSLOANSNSA / CONSUMERNSA (NSA twins); a delinquency rate on a single loan category instead of DRALACBS (all loans).")

# 13
add("EUR/USD and the rate differential", [
    T("eur/usd monthly avg 2000-2019", ["DEXUSEU"], ["search", "build_table", "convert"], ("2000-01", "2019-12"), "M"),
    T("add fed funds + the ECB rate and the differential (fed minus ecb)", ["DEXUSEU", "FEDFUNDS", "M.XM"], ["search", "build_table", "derive", "convert"], ("2000-01", "2019-12"), "M",
      [D("spread", [1, 2], "FEDFUNDS - M.XM")]),
    T("does the differential break around the same time as the fx rate? changepoints on both", ["DEXUSEU", "FEDFUNDS", "M.XM"], ["derive", "changepoints", "chart", "convert"], ("2000-01", "2019-12"), "M",
      [D("spread", [1, 2], "rate differential")]),
], "Traps: EXUSEU (monthly twin, no local observations) vs daily DEXUSEU which must be averaged; M.DE (ends 1998) instead of M.XM.")

# 14
add("LatAm policy rates, with a swap", [
    T("policy rates brazil, mexico, colombia – monthly since 2008", ["M.BR", "M.MX", "M.CO"], ["search", "build_table"], ("2008-01", "2023-12"), "M"),
    T("drop brazil, add chile and peru insted", ["M.MX", "M.CO", "M.CL", "M.PE"], ["search", "build_table"], ("2008-01", "2023-12"), "M"),
    T("avg of the four, and each one minus that avg", ["M.MX", "M.CO", "M.CL", "M.PE"], ["build_table", "derive"], ("2008-01", "2023-12"), "M",
      [D("expression", [0, 1, 2, 3], "mean"), D("expression", [0, 1, 2, 3], "each minus mean")]),
], "Trap: M.CH (Switzerland) for Chile (CL); M.CN (China) for Colombia (CO).")

# 15
add("Korea and neighbours: real policy rates, annual", [
    T("South Korea policy rate, annual average, 2001-2023", ["M.KR"], ["search", "build_table", "convert"], ("2001-01", "2023-12"), "A"),
    T("subtract the IMF avg CPI inflation for Korea -> real rate", ["M.KR", w("Korea", INF)], ["search", "build_table", "derive", "convert"], ("2001-01", "2023-12"), "A",
      [D("spread", [0, 1], "policy - inflation")]),
    T("same thing for malaysia and thailand pls", ["M.KR", w("Korea", INF), "M.MY", w("Malaysia", INF), "M.TH", w("Thailand", INF)], ["search", "build_table", "derive", "convert"], ("2001-01", "2023-12"), "A",
      [D("spread", [0, 1], "KR"), D("spread", [2, 3], "MY"), D("spread", [4, 5], "TH")]),
], "Traps: WEO end-of-period inflation instead of average; WEO spells the country 'Korea', not 'South Korea'; inflation Index instead of Percent change.")

# 16
add("Southern Europe unemployment", [
    T("unemployment rates spain greece portugal italy 2000-2023", [w("Spain", UNR), w("Greece", UNR), w("Portugal", UNR), w("Italy", UNR)], ["search", "build_table"], ("2000-01", "2023-12"), "A"),
    T("gap between spain and the avg of the other three", [w("Spain", UNR), w("Greece", UNR), w("Portugal", UNR), w("Italy", UNR)], ["build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("expression", [0, 1, 2, 3], "ES - mean(GR,PT,IT)")]),
    T("I'm writing a piece - why did Greece peak so much later than the others? show me the breaks for greece", [w("Greece", UNR)], ["changepoints", "chart"], ("2000-01", "2023-12"), "A"),
], "Trap: 'Employment|Persons' (millions) instead of the unemployment rate.")

# 17
add("US core vs headline CPI", [
    T("core vs headline cpi yoy 1990-2019", ["CPILFESL", "CPIAUCSL"], ["search", "build_table", "derive"], ("1990-01", "2019-12"), "M",
      [D("yoy_pct", [0], "core y/y"), D("yoy_pct", [1], "headline y/y")]),
    T("the gap between them, headline minus core", ["CPILFESL", "CPIAUCSL"], ["build_table", "derive"], ("1990-01", "2019-12"), "M",
      [D("expression", [0, 1], "yoy(CPIAUCSL) - yoy(CPILFESL)")]),
    T("should I use NSA? no, keep SA, but make it quartely", ["CPILFESL", "CPIAUCSL"], ["build_table", "derive", "convert"], ("1990-01", "2019-12"), "Q",
      [D("expression", [0, 1], "headline - core y/y")]),
], "Traps: CPILFENS / CPIAUCNS (NSA twins), explicitly rejected in turn 3.")

# 18
add("Money growth vs inflation", [
    T("m2 yoy, monthly, 1990-2019", ["M2"], ["search", "build_table", "derive", "convert"], ("1989-01", "2019-12"), "M",
      [D("yoy_pct", [0], "M2 y/y after monthly averaging")]),
    T("vs cpi yoy", ["M2", "CPIAUCSL"], ["search", "build_table", "derive", "convert"], ("1989-01", "2019-12"), "M",
      [D("yoy_pct", [0], "M2 y/y"), D("yoy_pct", [1], "CPI y/y")]),
    T("breaks in the money growth one?", ["M2"], ["derive", "changepoints", "convert"], ("1989-01", "2019-12"), "M",
      [D("yoy_pct", [0], "M2 y/y")]),
], "Traps: M2SL (monthly twin, no local observations) and WM2NS (weekly NSA); M2 here is weekly and must be averaged to months.")

# 19
add("Asian GDP per capita relative to China", [
    T("GDP per head in dollars, India China Indonesia Vietnam, 2000-2023", [w("India", PCUSD), w("China", PCUSD), w("Indonesia", PCUSD), w("Vietnam", PCUSD)], ["search", "build_table"], ("2000-01", "2023-12"), "A"),
    T("each one as a ratio to china", [w("India", PCUSD), w("China", PCUSD), w("Indonesia", PCUSD), w("Vietnam", PCUSD)], ["build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("ratio", [0, 1], "IN/CN"), D("ratio", [2, 1], "ID/CN"), D("ratio", [3, 1], "VN/CN")]),
    T("hmm, swtich those to PPP", [w("India", PCPPP), w("China", PCPPP), w("Indonesia", PCPPP), w("Vietnam", PCPPP)], ["search", "build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("ratio", [0, 1], "IN/CN"), D("ratio", [2, 1], "ID/CN"), D("ratio", [3, 1], "VN/CN")]),
], "Traps: per-capita constant prices in national currency; in turn 3 'Purchasing power parity; 2017 international dollar' (constant PPP) vs current PPP international dollars.")

# 20
add("Turkish CPI: TÜİK monthly vs IMF annual", [
    T("need turkey cpi monthly 2020-2024 asap", ["TP.FG.J0"], ["search", "build_table"], ("2020-01", "2024-12"), "M"),
    T("annual avg, yoy, vs the IMF inflation number, 2021-23", ["TP.FG.J0", w("Türkiye", INF)], ["search", "build_table", "derive", "convert"], ("2020-01", "2023-12"), "A",
      [D("yoy_pct", [0], "annual-average index y/y (2020 as base)")]),
    T("diff in pp between the two", ["TP.FG.J0", w("Türkiye", INF)], ["build_table", "derive", "convert"], ("2020-01", "2023-12"), "A",
      [D("yoy_pct", [0], "y/y"), D("spread", [0, 1], "TÜİK y/y - WEO")]),
], "Traps: WEO end-of-period inflation instead of average; TP.FG.J01 (food) neighbouring EVDS code.")

# 21
add("Prime minus fed funds", [
    T("prime minus fed funds, monthly, 1995-2019", ["DPRIME", "FEDFUNDS"], ["search", "build_table", "derive", "convert"], ("1995-01", "2019-12"), "M",
      [D("spread", [0, 1], "DPRIME monthly avg - FEDFUNDS")]),
    T("chart it", ["DPRIME", "FEDFUNDS"], ["derive", "chart", "convert"], ("1995-01", "2019-12"), "M",
      [D("spread", [0, 1], "prime - ffr")]),
    T("has that spread ever actually moved? run changepoints", ["DPRIME", "FEDFUNDS"], ["derive", "changepoints", "convert"], ("1995-01", "2019-12"), "M",
      [D("spread", [0, 1], "prime - ffr")]),
], "Traps: MPRIME (monthly twin, no local observations); DFF daily fed funds.")

# 22
add("Home equity lines vs consumer loans", [
    T("revolving home equity loans at commercial banks, monthly, 2000-2019", ["RHEACBW027SBOG"], ["search", "build_table", "convert"], ("2000-01", "2019-12"), "M"),
    T("relative to consumer loans", ["RHEACBW027SBOG", "CONSUMER"], ["search", "build_table", "derive", "convert"], ("2000-01", "2019-12"), "M",
      [D("ratio", [0, 1], "HELOC/consumer")]),
    T("idnex both to 2007 = 100", ["RHEACBW027SBOG", "CONSUMER"], ["build_table", "derive", "convert"], ("2000-01", "2019-12"), "M",
      [D("index", [0], "2007=100"), D("index", [1], "2007=100")]),
], "Trap: RHEACBW027NBOG (NSA weekly twin); the SA weekly series must be averaged to months.")

# 23
add("Fiscal arithmetic: UK, France, Germany", [
    T("gen gov revenue and expenditure % GDP for Britain, France and Germany 2000-2023",
      [w("United Kingdom", REV), w("United Kingdom", EXP), w("France", REV), w("France", EXP), w("Germany", REV), w("Germany", EXP)], ["search", "build_table"], ("2000-01", "2023-12"), "A"),
    T("revenue minus spending for each one; should match net lending/borrowing, add that too",
      [w("United Kingdom", REV), w("United Kingdom", EXP), w("France", REV), w("France", EXP), w("Germany", REV), w("Germany", EXP),
       w("United Kingdom", NLB), w("France", NLB), w("Germany", NLB)], ["search", "build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("spread", [0, 1], "UK"), D("spread", [2, 3], "FR"), D("spread", [4, 5], "DE")]),
    T("for the second country only, add the primary balance", [w("France", REV), w("France", EXP), w("France", NLB), w("France", PNLB)], ["search", "build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("spread", [0, 1], "FR rev - exp")]),
], "Traps: 'General government structural balance|Percent of potential GDP' instead of net lending/borrowing; National currency rows instead of Percent of GDP.")

# 24
add("Asian central banks vs the Fed", [
    T("rbi, bank indonesia and bsp policy rates since 2006", ["M.IN", "M.ID", "M.PH"], ["search", "build_table"], ("2006-01", "2023-12"), "M"),
    T("add malaysia, and each one minus the fed", ["M.IN", "M.ID", "M.PH", "M.MY", "M.US"], ["search", "build_table", "derive"], ("2006-01", "2023-12"), "M",
      [D("spread", [0, 4], "IN-US"), D("spread", [1, 4], "ID-US"), D("spread", [2, 4], "PH-US"), D("spread", [3, 4], "MY-US")]),
    T("just the india gap now, as yearly avgs, and put india's IMF cpi inflation (avg) next to it", ["M.IN", "M.US", w("India", INF)], ["search", "build_table", "derive", "chart", "convert"], ("2006-01", "2023-12"), "A",
      [D("spread", [0, 1], "IN-US")]),
], "Traps: M.IL (Israel) for India or M.IS (Iceland) for Indonesia; FEDFUNDS instead of BIS M.US; WEO end-of-period inflation in turn 3.")

# 25
add("Saving rate, unemployment and GDP growth", [
    T("personal saving rate and the jobless rate, monthly 2000-2024", ["PSAVERT", "UNRATE"], ["search", "build_table"], ("2000-01", "2024-12"), "M"),
    T("did both jump at covid? changepoints on the saving rate", ["PSAVERT"], ["changepoints", "chart"], ("2000-01", "2024-12"), "M"),
    T("go quarterly and put gdp growth q/q next to them", ["PSAVERT", "UNRATE", "GDP"], ["search", "build_table", "derive", "convert"], ("2000-01", "2024-12"), "Q",
      [D("pct_change", [2], "GDP q/q %")]),
], "Traps: PSAVE (personal saving in dollars, quarterly) instead of the rate PSAVERT; UNRATENSA; GDPC1 real vs nominal GDP (user says gdp growth; nominal GDP is the one available).")

# 26
add("Industrial production vs payrolls", [
    T("IP index y/y and payroll growth y/y, 1980-2019", ["INDPRO", "PAYEMS"], ["search", "build_table", "derive"], ("1979-01", "2019-12"), "M",
      [D("yoy_pct", [0], "IP y/y"), D("yoy_pct", [1], "payrolls y/y")]),
    T("drop payrolls, put the unemployement rate in instead", ["INDPRO", "UNRATE"], ["search", "build_table", "derive"], ("1979-01", "2019-12"), "M",
      [D("yoy_pct", [0], "IP y/y")]),
    T("breaks in IP growth - were they all recessions?", ["INDPRO"], ["derive", "changepoints", "chart"], ("1979-01", "2019-12"), "M",
      [D("yoy_pct", [0], "IP y/y")]),
], "Traps: IPB50001N (NSA twin) and IPB50001SQ (quarterly); PAYNSA.")

# 27
add("Shares of world output, big five", [
    T("need nominal gdp in usd for USA, china, japan, germany, india, 2000-2023 - board deck tmrw",
      [w("United States", GDPUSD), w("China", GDPUSD), w("Japan", GDPUSD), w("Germany", GDPUSD), w("India", GDPUSD)], ["search", "build_table"], ("2000-01", "2023-12"), "A"),
    T("each ones share of the five combined", [w("United States", GDPUSD), w("China", GDPUSD), w("Japan", GDPUSD), w("Germany", GDPUSD), w("India", GDPUSD)], ["build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("share", [0, 1, 2, 3, 4], "each / sum of five")]),
    T("and compare with the IMF's PPP share of world total for those", [w("United States", PPPSH), w("China", PPPSH), w("Japan", PPPSH), w("Germany", PPPSH), w("India", PPPSH)], ["search", "build_table"], ("2000-01", "2023-12"), "A"),
], "Traps: 'Gross domestic product, current prices|Purchasing power parity; international dollars' (PPP level) vs the PPP share; national currency GDP.")

# 28
add("External balances: Türkiye, Argentina, Egypt", [
    T("current acount balance in billions of dollars, Turkey, Argentina, Egypt, 2005-2023", [w("Türkiye", CAUSD), w("Argentina", CAUSD), w("Egypt", CAUSD)], ["search", "build_table"], ("2005-01", "2023-12"), "A"),
    T("as % of gdp instead", [w("Türkiye", CA), w("Argentina", CA), w("Egypt", CA)], ["search", "build_table"], ("2005-01", "2023-12"), "A"),
    T("for turkey add the policy rate as annual average - does the deficit widen when rates are low?", [w("Türkiye", CA), "M.TR"], ["search", "build_table", "convert", "chart"], ("2005-01", "2023-12"), "A"),
], "Traps: CA in U.S. dollars vs Percent of GDP (switch in turn 2); EVDS interest-rate codes instead of BIS M.TR.")

# 29
add("Nordic policy rates and negative territory", [
    T("Riksbank, Norges Bank, Danmarks Nationalbank, Icleand policy rates monthly 2000-2023", ["M.SE", "M.NO", "M.DK", "M.IS"], ["search", "build_table"], ("2000-01", "2023-12"), "M"),
    T("which of those went negative? add the ECB for reference", ["M.SE", "M.NO", "M.DK", "M.IS", "M.XM"], ["search", "build_table"], ("2000-01", "2023-12"), "M"),
    T("denmark minus ecb - the peg spread", ["M.DK", "M.XM"], ["build_table", "derive", "chart"], ("2000-01", "2023-12"), "M",
      [D("spread", [0, 1], "DK - XM")]),
], "Traps: M.IS (Iceland) vs M.ID (Indonesia); M.DE (ends 1998) instead of M.XM.")

# 30
add("Output gap vs unemployment, Anglo economies", [
    T("IMF output gap for the States, UK and Canada, 2000-2023", [w("United States", GAP), w("United Kingdom", GAP), w("Canada", GAP)], ["search", "build_table"], ("2000-01", "2023-12"), "A"),
    T("now their unemployment rates too", [w("United States", GAP), w("United Kingdom", GAP), w("Canada", GAP), w("United States", UNR), w("United Kingdom", UNR), w("Canada", UNR)], ["search", "build_table"], ("2000-01", "2023-12"), "A"),
    T("okun-style: change in unemployment for each one vs the gap", [w("United States", GAP), w("United Kingdom", GAP), w("Canada", GAP), w("United States", UNR), w("United Kingdom", UNR), w("Canada", UNR)], ["build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("diff", [3], "US d(u)"), D("diff", [4], "UK d(u)"), D("diff", [5], "CA d(u)")]),
], "Traps: 'General government structural balance|Percent of potential GDP' (same unit wording as the output gap); FRED UNRATE vs WEO US unemployment.")

# 31
add("Employment-to-population ratios", [
    T("Dear colleague, for Japan, Korea and Germany I need employment and population (IMF), 2000 to 2023, annual.",
      [w("Japan", EMP), w("Japan", POP), w("Korea", EMP), w("Korea", POP), w("Germany", EMP), w("Germany", POP)], ["search", "build_table"], ("2000-01", "2023-12"), "A"),
    T("Please compute employed persons divided by population for each of them, in percent.",
      [w("Japan", EMP), w("Japan", POP), w("Korea", EMP), w("Korea", POP), w("Germany", EMP), w("Germany", POP)], ["build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("ratio", [0, 1], "JP"), D("ratio", [2, 3], "KR"), D("ratio", [4, 5], "DE")]),
    T("Thank you. Is there a structural break for Korea's ratio? A chart would be kind.", [w("Korea", EMP), w("Korea", POP)], ["derive", "changepoints", "chart"], ("2000-01", "2023-12"), "A",
      [D("ratio", [0, 1], "KR emp/pop")]),
], "Traps: unemployment rate instead of employment persons; ratio of all-population includes children (note, not a series trap); 'Korea' is the WEO name.")

# 32
add("US federal debt over IFS GDP", [
    T("federal debt outstanding, quarterly, 2000 to 2022Q3", ["GFDEBTN"], ["search", "build_table"], ("2000-01", "2022-09"), "Q"),
    T("divide by US nominal GDP but take the IMF IFS seasonally adjusted one", ["GFDEBTN", "NGDP_SA_XDC"], ["search", "build_table", "derive"], ("2000-01", "2022-09"), "Q",
      [D("ratio", [0, 1], "GFDEBTN (millions) / IFS GDP, scaled")]),
    T("vs the same ratio with FRED GDP (saar, billions) - are both close after scaling?", ["GFDEBTN", "NGDP_SA_XDC", "GDP"], ["search", "build_table", "derive"], ("2000-01", "2022-09"), "Q",
      [D("ratio", [0, 1], "with IFS"), D("ratio", [0, 2], "with FRED, GFDEBTN/1000/GDP*100")]),
], "Traps: NGDP_XDC (NSA) or NGDP_R_SA_XDC (real) in IFS; GFDEGDQ188S ready-made ratio.")

# 33
add("Deflator vs CPI inflation in EMs, then real rates", [
    T("gdp deflator and avg cpi inflation for brazil, mexico and south afirca, 2001-2023",
      [w("Brazil", DEFL), w("Brazil", INF), w("Mexico", DEFL), w("Mexico", INF), w("South Africa", DEFL), w("South Africa", INF)], ["search", "build_table"], ("2000-01", "2023-12"), "A"),
    T("turn the deflator into % change so it's comparable, and the gap to cpi for each",
      [w("Brazil", DEFL), w("Brazil", INF), w("Mexico", DEFL), w("Mexico", INF), w("South Africa", DEFL), w("South Africa", INF)], ["build_table", "derive"], ("2000-01", "2023-12"), "A",
      [D("pct_change", [0], "BR deflator %"), D("pct_change", [2], "MX"), D("pct_change", [4], "ZA"),
       D("expression", [0, 1], "BR defl% - cpi"), D("expression", [2, 3], "MX"), D("expression", [4, 5], "ZA")]),
    T("add the three policy rates (annual avg) and real rate = policy minus cpi for each one",
      [w("Brazil", INF), w("Mexico", INF), w("South Africa", INF), "M.BR", "M.MX", "M.ZA"], ["search", "build_table", "derive", "convert"], ("2000-01", "2023-12"), "A",
      [D("spread", [3, 0], "BR"), D("spread", [4, 1], "MX"), D("spread", [5, 2], "ZA")]),
], "Traps: deflator is an Index, CPI inflation is Percent change (must convert one); 'Inflation, average consumer prices|Index' instead of Percent change; M.MX starts 1998-11 (fine), M.MA (Morocco) for Mexico.")

# 34
add("Central Europe: policy rates vs inflation", [
    T("NBP, MNB, CNB, BNR policy rates - monthly, 2004 onwards", ["M.PL", "M.HU", "M.CZ", "M.RO"], ["search", "build_table"], ("2004-01", "2023-12"), "M"),
    T("annual avgs, next to IMF average inflation for each country", ["M.PL", "M.HU", "M.CZ", "M.RO", w("Poland", INF), w("Hungary", INF), w("Czech Republic", INF), w("Romania", INF)], ["search", "build_table", "convert"], ("2004-01", "2023-12"), "A"),
    T("real rates for all 4, and which one had the most negative real rate in 2022?", ["M.PL", "M.HU", "M.CZ", "M.RO", w("Poland", INF), w("Hungary", INF), w("Czech Republic", INF), w("Romania", INF)], ["build_table", "derive", "convert"], ("2004-01", "2023-12"), "A",
      [D("spread", [0, 4], "PL"), D("spread", [1, 5], "HU"), D("spread", [2, 6], "CZ"), D("spread", [3, 7], "RO")]),
], "Traps: M.HR (Croatia, ends 2022-07) for Hungary; WEO end-of-period inflation; WEO names Czechia 'Czech Republic'.")

# 35
add("Implied 10-year yield from the 10y-FF spread", [
    T("10y minus fed funds spread, monthly averages, 1970-2024", ["T10YFF"], ["search", "build_table", "convert"], ("1970-01", "2024-12"), "M"),
    T("add the fed funds rate itself and back out the 10y yield (spread + ffr)", ["T10YFF", "FEDFUNDS"], ["search", "build_table", "derive", "convert"], ("1970-01", "2024-12"), "M",
      [D("expression", [0, 1], "T10YFF + FEDFUNDS")]),
    T("changepoints on that implied yield. the volcker period shd show up", ["T10YFF", "FEDFUNDS"], ["derive", "changepoints", "chart", "convert"], ("1970-01", "2024-12"), "M",
      [D("expression", [0, 1], "implied 10y")]),
], "Traps: T10YFFM (monthly twin, no local observations) and T10Y3M (different short leg); DFF daily.")

# 36
add("A simple Taylor-rule comparison", [
    T("For a teaching note I would like the effective federal funds rate, headline CPI inflation (year over year, seasonally adjusted index) and the civilian unemployment rate, monthly, 1987 through 2019 — the Greenspan-to-Powell era.",
      ["FEDFUNDS", "CPIAUCSL", "UNRATE"], ["search", "build_table", "derive"], ("1986-01", "2019-12"), "M",
      [D("yoy_pct", [1], "CPI y/y")]),
    T("Now construct a rule: 1 + 1.5*inflation - 1.0*(unemployment - 5). I realise the constants are crude.", ["FEDFUNDS", "CPIAUCSL", "UNRATE"], ["build_table", "derive"], ("1986-01", "2019-12"), "M",
      [D("yoy_pct", [1], "CPI y/y"), D("expression", [1, 2], "1 + 1.5*yoy(CPI) - (UNRATE-5)")]),
    T("And the deviation of the actual rate from that rule; are there breaks in the deviation, and do they line up with 2001 and 2008?", ["FEDFUNDS", "CPIAUCSL", "UNRATE"], ["derive", "changepoints", "chart"], ("1986-01", "2019-12"), "M",
      [D("yoy_pct", [1], "CPI y/y"), D("expression", [0, 1, 2], "FEDFUNDS - rule")]),
], "Traps: CPIAUCNS (NSA); UNRATENSA; DFF daily; using CPILFESL core when headline was asked.")

# 37
add("US GDP: IFS quarterly vs WEO annual", [
    T("us gdp nominal from IFS (SA) quarterly 2000-2022", ["NGDP_SA_XDC"], ["search", "build_table"], ("2000-01", "2022-12"), "Q"),
    T("sum it to annual and put it next to IMF WEO nominal GDP in national currency", ["NGDP_SA_XDC", w("United States", GDPNC)], ["search", "build_table", "convert"], ("2000-01", "2022-12"), "A"),
    T("ratio of the two? if it's ~1 we're fine, if ~4 it was annualised already", ["NGDP_SA_XDC", w("United States", GDPNC)], ["build_table", "derive", "convert"], ("2000-01", "2022-12"), "A",
      [D("ratio", [0, 1], "IFS annual sum / WEO")]),
], "Traps: WEO 'Gross domestic product, current prices|U.S. dollars' (same number for the US but a different unit row) or constant-price GDP; IFS NGDP_XDC (NSA).")

# 38
add("BRICS-ish real policy rates, annual", [
    T("policy rates russia, turkey, brazil, south africa - yearly averages 2003-2023", ["M.RU", "M.TR", "M.BR", "M.ZA"], ["search", "build_table", "convert"], ("2003-01", "2023-12"), "A"),
    T("minus each country's IMF inflaiton (annual avg)", ["M.RU", "M.TR", "M.BR", "M.ZA", w("Russia", INF), w("Türkiye", INF), w("Brazil", INF), w("South Africa", INF)], ["search", "build_table", "derive", "convert"], ("2003-01", "2023-12"), "A",
      [D("spread", [0, 4], "RU"), D("spread", [1, 5], "TR"), D("spread", [2, 6], "BR"), D("spread", [3, 7], "ZA")]),
    T("why was turkey so much more negative than the rest, and when? chart all four real rates", ["M.RU", "M.TR", "M.BR", "M.ZA", w("Russia", INF), w("Türkiye", INF), w("Brazil", INF), w("South Africa", INF)], ["derive", "chart", "convert"], ("2003-01", "2023-12"), "A",
      [D("spread", [0, 4], "RU"), D("spread", [1, 5], "TR"), D("spread", [2, 6], "BR"), D("spread", [3, 7], "ZA")]),
], "Traps: M.SA (Saudi Arabia) for South Africa (ZA); WEO end-of-period inflation; M.TR starts 2002-02 so annual 2002 would be partial.")

# 39
add("Commodity-currency central banks vs the Fed", [
    T("RBA, RBNZ and BoC policy rates, monthly 1990-2023", ["M.AU", "M.NZ", "M.CA"], ["search", "build_table"], ("1990-01", "2023-12"), "M"),
    T("each one minus the fed's rate", ["M.AU", "M.NZ", "M.CA", "M.US"], ["search", "build_table", "derive"], ("1990-01", "2023-12"), "M",
      [D("spread", [0, 3], "AU-US"), D("spread", [1, 3], "NZ-US"), D("spread", [2, 3], "CA-US")]),
    T("just the second country's gap, quarterly, and check for breaks", ["M.NZ", "M.US"], ["build_table", "derive", "changepoints", "convert"], ("1990-01", "2023-12"), "Q",
      [D("spread", [0, 1], "NZ-US")]),
], "Traps: M.CH (Switzerland) or M.CN (China) confused with Canada (CA); M.NL for New Zealand; FEDFUNDS instead of BIS M.US.")

# 40
add("Pegged rates: Hong Kong and Saudi vs the Fed", [
    T("HKMA base rate and SAMA policy rate vs the US, montly 2001-2023", ["M.HK", "M.SA", "M.US"], ["search", "build_table"], ("2001-01", "2023-12"), "M"),
    T("spreads vs the US for both, in bps", ["M.HK", "M.SA", "M.US"], ["build_table", "derive"], ("2001-01", "2023-12"), "M",
      [D("spread", [0, 2], "HK-US bps"), D("spread", [1, 2], "SA-US bps")]),
    T("add china for contrast (no peg), and chart the three spreads", ["M.HK", "M.SA", "M.CN", "M.US"], ["search", "build_table", "derive", "chart"], ("2001-01", "2023-12"), "M",
      [D("spread", [0, 3], "HK"), D("spread", [1, 3], "SA"), D("spread", [2, 3], "CN")]),
], "Traps: M.ZA (South Africa) for Saudi Arabia (SA); FEDFUNDS vs BIS M.US; M.HK starts 1998-09.")

def main():
    assert len(S) == 40, len(S)
    periods = {}
    with open(os.path.join(HERE, "scenarios-blind16.jsonl"), "w", encoding="utf-8") as f:
        for i, (title, turns, notes) in enumerate(S, 1):
            sid = "b16-%02d" % i
            obj = {"id": sid, "title": title, "turns": [t for t, _ in turns], "notes": notes}
            periods[sid] = [list(p) for _, p in turns]
            f.write(json.dumps(obj, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "periods-blind16.json"), "w", encoding="utf-8") as f:
        json.dump(periods, f, indent=1)
    print("wrote", len(S), "scenarios")

if __name__ == "__main__":
    main()

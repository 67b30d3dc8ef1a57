#!/usr/bin/env python3
"""Validate scenarios-blind17.jsonl against the schema, the raw catalogues and
the raw observation files.  Standard library only.  Exit 0 when all checks pass.

Usage: python3 validate.py [scenarios.jsonl] [periods.json]
"""
import csv
import json
import os
import re
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
CAT = "/work/shared/catalogs"
OBS = os.path.join(CAT, "observations")
SCEN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "scenarios-blind17.jsonl")
PERIODS = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "periods-blind17.json")

ACTIONS = {"search", "build_table", "derive", "changepoints", "chart", "convert"}
TURN_KEYS_REQ = {"user", "needs", "actions"}
TURN_KEYS_OPT = {"frequency", "derives"}
SCEN_KEYS = {"id", "title", "turns", "notes"}
FREQS = {"A": 0, "Q": 1, "M": 2, "W": 3, "D": 4}
UNARY = {"yoy_pct", "pct_change", "diff", "log", "rolling_mean", "index"}
NARY = {"spread", "ratio", "share", "expression"}
MINIMUMS = {"arithmetic": 20, "three_countries": 15, "mixed_sources_freqs": 10,
            "back_reference": 15, "changepoints": 3, "chart": 3}
BACKREF = re.compile(
    r"\b(both|them|they|those|these|each country|each one|each of|the ratio|the spread|"
    r"the gap|the difference|same (thing|again|table|chart|for|way|exercise|calc)|swap|drop|"
    r"instead|replace|keep|that table|that chart|this table|the table|the chart|previous|"
    r"above|earlier|the real rate|the three|all three|all four|all of them|its|their)\b",
    re.I)

errors = []


def err(msg):
    errors.append(msg)


# ---------------------------------------------------------------- catalogues
def fred_freq(s):
    s = s.strip().lower()
    if s.startswith("daily"):
        return "D"
    if s.startswith("weekly") or s.startswith("biweekly"):
        return "W"
    if s.startswith("monthly"):
        return "M"
    if s.startswith("quarterly"):
        return "Q"
    if s.startswith("annual") or s.startswith("semiannual"):
        return "A"
    return None


FRED = {}
with open(os.path.join(CAT, "fred", "fred_release_series.csv"), newline="", encoding="utf-8") as f:
    for r in csv.DictReader(f):
        FRED[r["series_id"]] = fred_freq(r["frequency"])

EVDS = {}
EVDS_FREQ = {"Month": "M", "Week": "W", "Day": "D", "Quarter": "Q", "Year": "A",
             "Business": "D", "Semiannual": "A"}
with open(os.path.join(CAT, "evds", "cbrt_allseries.csv"), newline="", encoding="utf-8") as f:
    for r in csv.DictReader(f):
        fq = None
        for k, v in EVDS_FREQ.items():
            if r["freqname"].startswith(k):
                fq = v
        EVDS[r["seriesCode"]] = fq

IFS = set()
with open(os.path.join(CAT, "imf", "IFS_Indicators.csv"), newline="", encoding="utf-8") as f:
    for r in csv.reader(f, delimiter=";"):
        if r and r[0] != "parameter_value":
            IFS.add(r[0].strip())

WEO = {}
WEO_YEARS = []
with open(os.path.join(CAT, "imf", "WEOApr2024all.csv"), encoding="latin-1", newline="") as f:
    rd = csv.reader(f, delimiter=";")
    head = next(rd)
    WEO_YEARS = [int(h) for h in head[4:28]]
    for x in rd:
        if len(x) < 28:
            continue
        key = "WEOApr2024|%s|%s|%s" % (x[0], x[1], x[2])
        yrs = set()
        for i, y in enumerate(WEO_YEARS):
            v = x[4 + i].strip().replace(",", "")
            try:
                float(v)
                yrs.add(y)
            except ValueError:
                pass
        WEO[key] = (x[0], yrs)

# ---------------------------------------------------------------- observations
OBSM = defaultdict(set)   # id -> set of (year, month) with a value
BIS_AREA = {}
with open(os.path.join(OBS, "bis", "policy_rates_monthly.csv"), newline="") as f:
    for r in csv.DictReader(f):
        try:
            float(r["value"])
        except ValueError:
            continue
        y, m = int(r["date"][:4]), int(r["date"][5:7])
        OBSM[r["series_key"]].add((y, m))
        BIS_AREA[r["series_key"]] = r["ref_area"]

for fn in os.listdir(os.path.join(OBS, "fred")):
    if not fn.endswith(".csv"):
        continue
    with open(os.path.join(OBS, "fred", fn), newline="") as f:
        rd = csv.reader(f)
        h = next(rd)
        sid = h[1].strip()
        for row in rd:
            if len(row) < 2:
                continue
            try:
                float(row[1])
            except ValueError:
                continue
            OBSM[sid].add((int(row[0][:4]), int(row[0][5:7])))

with open(os.path.join(OBS, "turkstat", "tr_cpi_tuik_2020_2025_long.csv"), newline="") as f:
    for r in csv.DictReader(f):
        if r.get("evds_equivalent") and r["measure"] == "cpi_index_2003_100":
            OBSM[r["evds_equivalent"]].add((int(r["date"][:4]), int(r["date"][5:7])))

ifs_by_c = defaultdict(set)
with open(os.path.join(OBS, "imf", "IFS_NGDP_SA_XDC_US_CA_MX.csv"), newline="") as f:
    for r in csv.DictReader(f, delimiter=";"):
        try:
            float(r["value"])
        except ValueError:
            continue
        ifs_by_c[(r["indicator"], r["country"])].add((int(r["date"][:4]), int(r["date"][5:7])))
IFS_FREQ = {}
IFS_COUNTRIES = defaultdict(list)
for (ind, c), s in ifs_by_c.items():
    IFS_COUNTRIES[ind].append(c)
    IFS_FREQ[ind] = "Q"
for ind, cs in IFS_COUNTRIES.items():
    # conservative: a quarter counts only when every country in the file has it
    qs = None
    for c in cs:
        cq = {(y, (m - 1) // 3) for (y, m) in ifs_by_c[(ind, c)]}
        qs = cq if qs is None else qs & cq
    OBSM["IFS:" + ind] = {(y, q * 3 + 1) for (y, q) in qs}

BIS_NAME_TO_CODE = {v.split(":", 1)[1]: v.split(":", 1)[0] for v in BIS_AREA.values()}
BIS_NAME_TO_CODE["Czech Republic"] = "CZ"


def resolve(i):
    """-> (source, native freq, country key) or None"""
    if i.startswith("WEOApr2024|"):
        if i in WEO:
            c = WEO[i][0]
            return ("weo", "A", BIS_NAME_TO_CODE.get(c, c))
        return None
    if i in BIS_AREA:
        return ("bis", "M", BIS_AREA[i].split(":")[0])
    if i in EVDS:
        return ("evds", EVDS[i], "TR")
    if i in IFS:
        return ("ifs", IFS_FREQ.get(i, "Q"), None)
    if i in FRED:
        return ("fred", FRED[i], "US")
    return None


def months(a, b):
    y, m = int(a[:4]), int(a[5:7])
    y2, m2 = int(b[:4]), int(b[5:7])
    while (y, m) <= (y2, m2):
        yield (y, m)
        m += 1
        if m == 13:
            y, m = y + 1, 1


def covered(i, src, fq, win):
    a, b = win
    if src == "weo":
        yrs = WEO[i][1]
        need = set(range(int(a[:4]), int(b[:4]) + 1))
        miss = sorted(need - yrs)
        return miss
    key = "IFS:" + i if src == "ifs" else i
    have = OBSM.get(key, set())
    miss = []
    if fq in ("M", "W", "D"):
        for ym in months(a, b):
            if ym not in have:
                miss.append("%d-%02d" % ym)
    elif fq == "Q":
        hq = {(y, (m - 1) // 3) for (y, m) in have}
        for (y, m) in months(a, b):
            if (y, (m - 1) // 3) not in hq:
                miss.append("%dQ%d" % (y, (m - 1) // 3 + 1))
    elif fq == "A":
        hy = {y for (y, m) in have}
        for (y, m) in months(a, b):
            if y not in hy:
                miss.append(str(y))
    return sorted(set(miss))


def all_catalog_id(i):
    return resolve(i) is not None


# ---------------------------------------------------------------- scenarios
with open(SCEN, encoding="utf-8") as f:
    lines = [l for l in f.read().splitlines() if l.strip()]
with open(PERIODS, encoding="utf-8") as f:
    periods = json.load(f)

scens = []
for n, l in enumerate(lines, 1):
    try:
        scens.append(json.loads(l))
    except ValueError as e:
        err("line %d: bad JSON %s" % (n, e))

expected = ["b17-%02d" % k for k in range(1, 41)]
got = [s.get("id") for s in scens]
if got != expected:
    err("ids not exactly b17-01..b17-40 in order: %s" % got)

cls = defaultdict(list)
n_turns = 0
for s in scens:
    sid = s.get("id")
    keys = set(s)
    if keys != SCEN_KEYS:
        err("%s: keys %s" % (sid, sorted(keys)))
    if not isinstance(s.get("title"), str) or not s["title"].strip():
        err("%s: empty title" % sid)
    turns = s.get("turns", [])
    if len(turns) != 3:
        err("%s: %d turns" % (sid, len(turns)))
    wins = periods.get(sid)
    if not isinstance(wins, list) or len(wins) != len(turns):
        err("%s: periods missing or wrong length" % sid)
        wins = [None] * len(turns)
    all_needed = set()
    flags = set()
    for t_i, t in enumerate(turns):
        tag = "%s t%d" % (sid, t_i + 1)
        n_turns += 1
        tk = set(t)
        if not TURN_KEYS_REQ <= tk or not tk <= TURN_KEYS_REQ | TURN_KEYS_OPT:
            err("%s: turn keys %s" % (tag, sorted(tk)))
        if not isinstance(t.get("user"), str) or len(t["user"].strip()) < 5:
            err("%s: empty user text" % tag)
        acts = t.get("actions", [])
        if not acts or not set(acts) <= ACTIONS or len(set(acts)) != len(acts):
            err("%s: bad actions %s" % (tag, acts))
        needs = t.get("needs", [])
        if not isinstance(needs, list) or not needs:
            err("%s: needs empty" % tag)
            needs = []
        win = wins[t_i]
        if not (isinstance(win, list) and len(win) == 2 and all(
                isinstance(w, str) and re.fullmatch(r"\d{4}-(0[1-9]|1[0-2])", w) for w in win)
                and win[0] <= win[1]):
            err("%s: bad window %s" % (tag, win))
            win = None
        srcs, fqs, ctry = set(), set(), set()
        for k, alts in enumerate(needs):
            if not isinstance(alts, list) or not alts:
                err("%s: need %d empty" % (tag, k))
                continue
            for i in alts:
                all_needed.add(i)
                r = resolve(i)
                if r is None:
                    err("%s: id not in any catalogue: %r" % (tag, i))
                    continue
                src, fq, c = r
                if fq is None:
                    err("%s: no native frequency for %s" % (tag, i))
                    continue
                if win:
                    miss = covered(i, src, fq, win)
                    if miss:
                        err("%s: %s lacks observations for %d periods of %s..%s (first %s)"
                            % (tag, i, len(miss), win[0], win[1], miss[0]))
                if alts.index(i) == 0:
                    srcs.add(src)
                    fqs.add(fq)
                    if c:
                        ctry.add(c)
        mixes = len(srcs) > 1 or len(fqs) > 1
        tf = t.get("frequency")
        if tf is not None and tf not in FREQS:
            err("%s: bad frequency %s" % (tag, tf))
            tf = None
        if mixes and tf is None:
            err("%s: mixes sources/frequencies but no frequency" % tag)
        if tf is None and len(fqs) == 1:
            tf = next(iter(fqs))
        if tf is not None and fqs:
            need_conv = any(FREQS[f] > FREQS[tf] for f in fqs)
            if need_conv != ("convert" in acts):
                err("%s: convert rule broken (table %s, native %s, actions %s)"
                    % (tag, tf, sorted(fqs), acts))
            if any(FREQS[f] < FREQS[tf] for f in fqs):
                err("%s: table frequency %s higher than a native frequency %s" % (tag, tf, sorted(fqs)))
        has_d = "derive" in acts
        if has_d != ("derives" in t):
            err("%s: derives present iff derive action" % tag)
        if "derives" in t:
            ds = t["derives"]
            if not isinstance(ds, list) or not ds:
                err("%s: derives empty" % tag)
                ds = []
            for d in ds:
                if set(d) != {"op", "inputs", "note"}:
                    err("%s: derive keys %s" % (tag, sorted(d)))
                op, inp = d.get("op"), d.get("inputs", [])
                if not isinstance(d.get("note"), str) or not d["note"].strip():
                    err("%s: derive without note" % tag)
                if not isinstance(inp, list) or not all(isinstance(x, int) and 0 <= x < len(needs) for x in inp):
                    err("%s: derive inputs out of range %s" % (tag, inp))
                    continue
                if op in UNARY:
                    if len(inp) != 1:
                        err("%s: %s needs exactly 1 input" % (tag, op))
                elif op in NARY:
                    if len(inp) < 2 or len(set(inp)) != len(inp):
                        err("%s: %s needs 2+ distinct inputs" % (tag, op))
                    flags.add("arithmetic")
                else:
                    err("%s: unknown op %s" % (tag, op))
        if len(ctry) >= 3:
            flags.add("three_countries")
        if len(srcs) >= 2 and len(fqs) >= 2:
            flags.add("mixed_sources_freqs")
        if "changepoints" in acts:
            flags.add("changepoints")
        if "chart" in acts:
            flags.add("chart")
        if t_i > 0 and BACKREF.search(t.get("user", "")):
            flags.add("back_reference")
    notes = s.get("notes", "")
    if not isinstance(notes, str) or "trap" not in notes.lower():
        err("%s: notes do not name a trap" % sid)
    else:
        named = re.findall(r"`([^`]+)`", notes)
        twins = [x for x in named if x not in all_needed and all_catalog_id(x)]
        if not twins:
            err("%s: notes name no near-twin catalogue id (in backticks) outside the needs" % sid)
    for fl in flags:
        cls[fl].append(sid)

print("scenarios: %d, turns: %d" % (len(scens), n_turns))
ok_cls = True
for k, mn in MINIMUMS.items():
    c = len(cls[k])
    flag = "ok" if c >= mn else "BELOW MINIMUM"
    if c < mn:
        ok_cls = False
        err("class %s: %d < %d" % (k, c, mn))
    print("class %-20s %2d (min %2d) %s" % (k, c, mn, flag))
    print("    " + " ".join(x[4:] for x in cls[k]))
if errors:
    print("\n%d error(s):" % len(errors))
    for e in errors:
        print("  " + e)
    sys.exit(1)
print("\nALL CHECKS PASSED")
sys.exit(0)

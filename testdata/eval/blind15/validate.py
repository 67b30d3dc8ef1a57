#!/usr/bin/env python3
"""Self-contained validator for scenarios-blind15.jsonl. Reads only the raw catalog and observation
files under /work/shared/catalogs plus this folder's jsonl and spans sidecar (written by build.py)."""
import csv, json, os, sys, glob, collections
C = "/work/shared/catalogs"
HERE = os.path.dirname(os.path.abspath(__file__))
errs, info = [], []

# ---- catalogs ----
fred_cat = {}
with open(f"{C}/fred/fred_release_series.csv", encoding="utf-8", errors="replace") as f:
    for r in csv.DictReader(f):
        fred_cat[r["series_id"]] = r["frequency"]
evds = set(json.load(open(f"{C}/evds/evds_index_en.json", encoding="utf-8")))
with open(f"{C}/evds/cbrt_allseries.csv", encoding="utf-8", errors="replace") as f:
    for r in csv.DictReader(f): evds.add(r["seriesCode"])
ifs = set()
with open(f"{C}/imf/IFS_Indicators.csv", encoding="utf-8", errors="replace") as f:
    for line in f:
        p = line.strip().split(";")
        if p and p[0] and p[0] != "parameter_value": ifs.add(p[0])
weo = {}
rows = list(csv.reader(open(f"{C}/imf/WEOApr2024all.csv", encoding="latin-1"), delimiter=";"))
hdr = rows[0]
ycols = [(i, int(h)) for i, h in enumerate(hdr) if h.strip().isdigit()]
for r in rows[1:]:
    if len(r) < len(hdr) - 1: continue
    key = f"WEOApr2024|{r[0]}|{r[1]}|{r[2]}"
    vals = {}
    for i, y in ycols:
        v = r[i].strip().replace(",", "")
        if v and v != "n/a":
            try: vals[y] = float(v)
            except ValueError: pass
    weo[key] = vals

# ---- observations: id -> set of periods at native frequency ----
def month(d): return d[:7]
obs = collections.defaultdict(set)    # id -> set of 'YYYY-MM' months with data
bis_area = {}
for path in glob.glob(f"{C}/observations/fred/*.csv"):
    with open(path, encoding="utf-8-sig") as f:
        rd = csv.reader(f); h = next(rd); sid = h[1].strip()
        for r in rd:
            if len(r) > 1 and r[1].strip() not in ("", "."):
                obs[sid].add(month(r[0]))
with open(f"{C}/observations/bis/policy_rates_monthly.csv", encoding="utf-8") as f:
    for r in csv.DictReader(f):
        if r["value"].strip():
            obs[r["series_key"]].add(month(r["date"])); bis_area[r["series_key"]] = r["ref_area"]
with open(f"{C}/observations/turkstat/tr_cpi_tuik_2020_2025_long.csv", encoding="utf-8") as f:
    for r in csv.DictReader(f):
        if r["evds_equivalent"] == "TP.FG.J0" and r["measure"] == "cpi_index_2003_100" and r["value"].strip():
            obs["TP.FG.J0"].add(month(r["date"]))
ifs_obs = collections.defaultdict(set)
with open(f"{C}/observations/imf/IFS_NGDP_SA_XDC_US_CA_MX.csv", encoding="utf-8") as f:
    for r in csv.DictReader(f, delimiter=";"):
        if r["value"].strip(): ifs_obs[r["indicator"]].add(month(r["date"]))   # US, CA, MX; scenarios use it for US only
for k, v in ifs_obs.items(): obs[k] |= v

def source(i):
    if i.startswith("WEOApr2024|"): return "WEO"
    if i in bis_area: return "BIS"
    if i.startswith("TP."): return "EVDS"
    if i in ifs and i not in fred_cat: return "IFS"
    if i in fred_cat: return "FRED"
    return None

def native(i):
    s = source(i)
    if s == "WEO": return "A"
    if s in ("BIS", "EVDS"): return "M"
    if s == "IFS": return "Q"
    if s == "FRED":
        return {"Daily": "D", "Weekly": "W", "Monthly": "M", "Quarterly": "Q", "Annual": "A", "Semiannual": "A"}.get(fred_cat[i].split(",")[0].strip(), "?")
    return None

ISO = {"United States": "US", "United Kingdom": "GB", "Japan": "JP", "Germany": "DE", "France": "FR", "Italy": "IT",
       "China": "CN", "India": "IN", "Brazil": "BR", "Russia": "RU", "South Africa": "ZA", "Türkiye": "TR",
       "Argentina": "AR", "Chile": "CL", "Mexico": "MX", "Canada": "CA", "Australia": "AU", "New Zealand": "NZ",
       "Hungary": "HU", "Poland": "PL", "Czech Republic": "CZ", "Romania": "RO", "Korea": "KR", "Sweden": "SE",
       "Denmark": "DK", "Spain": "ES", "Vietnam": "VN", "Indonesia": "ID", "Slovak Republic": "SK"}
def country(i):
    s = source(i)
    if s == "WEO": n = i.split("|")[1]; return ISO.get(n, n)
    if s == "BIS": return i.split(".")[1]   # M.XM = euro area counts as its own economy
    if s == "EVDS": return "TR"
    return "US"   # FRED and (here) IFS US

def exists(i):
    s = source(i)
    if s == "WEO": return i in weo
    if s == "BIS": return True
    if s == "EVDS": return i in evds
    if s == "IFS": return i in ifs
    if s == "FRED": return i in fred_cat
    return False

def ym_add(ym, k):
    y, m = int(ym[:4]), int(ym[5:7]); t = y * 12 + m - 1 + k
    return f"{t // 12:04d}-{t % 12 + 1:02d}"
def months(a, b):
    out, x = [], a
    while x <= b: out.append(x); x = ym_add(x, 1)
    return out

def covers(i, start, end, back):
    """start/end 'YYYY' or 'YYYY-MM'; back = earlier months required (yoy)."""
    if len(start) == 4: start = start + "-01"
    if len(end) == 4: end = end + "-12"
    start = ym_add(start, -back)
    if source(i) == "WEO":
        ys = range(int(start[:4]), int(end[:4]) + 1)
        miss = [y for y in ys if y not in weo.get(i, {})]
        return not miss, f"missing years {miss[:5]}"
    have = obs.get(i)
    if not have: return False, "no observation file"
    nf = native(i)
    need = months(start, end)
    if nf == "Q":   # one observation per quarter (FRED dates quarters by first month, IFS by last)
        q = lambda m: f"{m[:4]}Q{(int(m[5:7]) - 1) // 3 + 1}"
        need = sorted({q(m) for m in need}); have = {q(m) for m in have}
    miss = [m for m in need if m not in have]
    return not miss, f"missing {len(miss)} periods, first {miss[:3]}"

# ---- scenarios ----
ALLOWED_TOP = {"id", "title", "turns", "notes"}
ALLOWED_TURN = {"user", "needs", "actions", "frequency", "derives"}
ACTIONS = {"search", "build_table", "derive", "changepoints", "chart", "convert"}
ONE = {"yoy_pct", "pct_change", "diff", "log", "rolling_mean", "index"}
TWO = {"spread", "ratio", "share"}
ORDER = {"D": 0, "W": 1, "M": 2, "Q": 3, "A": 4}
side = json.load(open(os.path.join(HERE, "spans-blind15.json"), encoding="utf-8"))
sc = [json.loads(l) for l in open(os.path.join(HERE, "scenarios-blind15.jsonl"), encoding="utf-8") if l.strip()]
users = collections.Counter()
cls = collections.defaultdict(set)
if [s["id"] for s in sc] != [f"b15-{i:02d}" for i in range(1, 41)]: errs.append("ids are not b15-01..b15-40 in order")
nids = 0
for s in sc:
    sid = s["id"]
    if set(s) - ALLOWED_TOP or not ALLOWED_TOP <= set(s): errs.append(f"{sid}: top keys {sorted(s)}")
    if len(s["turns"]) != 3: errs.append(f"{sid}: {len(s['turns'])} turns")
    sd = side[sid]
    allneeds = set()
    for ti, t in enumerate(s["turns"]):
        tag = f"{sid} t{ti + 1}"
        if set(t) - ALLOWED_TURN: errs.append(f"{tag}: keys {sorted(set(t) - ALLOWED_TURN)}")
        users[t["user"].strip().lower()] += 1
        acts = t["actions"]
        if not acts or set(acts) - ACTIONS or len(set(acts)) != len(acts): errs.append(f"{tag}: actions {acts}")
        if "frequency" in t and t["frequency"] not in ORDER: errs.append(f"{tag}: frequency {t['frequency']}")
        if ("derive" in acts) != ("derives" in t): errs.append(f"{tag}: derive action vs derives key mismatch")
        needs = t["needs"]
        if not needs or any(not isinstance(n, list) or not n for n in needs): errs.append(f"{tag}: bad needs")
        back = collections.defaultdict(int)
        for d in t.get("derives", []):
            op, inp = d.get("op"), d.get("inputs", [])
            if set(d) != {"op", "inputs", "note"}: errs.append(f"{tag}: derive keys {sorted(d)}")
            if any(not isinstance(k, int) or k < 0 or k >= len(needs) for k in inp): errs.append(f"{tag}: derive index out of range {inp}")
            if op in ONE: ok = len(inp) == 1
            elif op in TWO: ok = len(inp) == 2 and inp[0] != inp[1]
            elif op == "expression": ok = len(inp) >= 2 and len(set(inp)) == len(inp)
            else: ok = False
            if not ok: errs.append(f"{tag}: op {op} with inputs {inp}")
            if op == "yoy_pct":
                for k in inp: back[k] = 12
            if op in TWO | {"expression"}: cls["arithmetic"].add(sid)
        span = sd["spans"][ti]
        for k, alts in enumerate(needs):
            for i in alts:
                nids += 1; allneeds.add(i)
                if not exists(i): errs.append(f"{tag}: id not in catalog: {i}"); continue
                ok, why = covers(i, span[0], span[1], back[k])
                if not ok: errs.append(f"{tag}: {i} does not cover {span} (+{back[k]}m back): {why}")
        firsts = [a[0] for a in needs]
        srcs = {source(i) for i in firsts}; nats = {native(i) for i in firsts}
        ctry = {country(i) for i in firsts}
        if len(ctry) >= 3: cls["3+countries"].add(sid)
        if len(srcs) >= 2 and len(nats) >= 2:
            cls["mixed source+freq"].add(sid)
            if "frequency" not in t: errs.append(f"{tag}: mixed frequencies but no frequency set")
        if "frequency" in t:
            finer = any(ORDER[n] < ORDER[t["frequency"]] for n in nats)
            if finer and "convert" not in acts: errs.append(f"{tag}: table {t['frequency']} below native {nats} but no convert")
            if "convert" in acts and not finer: errs.append(f"{tag}: convert without a finer native series {nats}")
        elif "convert" in acts: errs.append(f"{tag}: convert without frequency")
    if sd["refback"]: cls["refers back"].add(sid)
    turn_needs = [{i for a in t["needs"] for i in a} for t in s["turns"]]
    # a trap must exist and be wrong in at least one turn (a later turn may legitimately ask for the twin)
    good_traps = [x for x in sd["traps"] if exists(x) and any(x not in tn for tn in turn_needs)]
    bad = [x for x in sd["traps"] if x not in good_traps]
    if bad: errs.append(f"{sid}: trap ids missing from catalogs or among needs: {bad}")
    if good_traps: cls["near-twin trap"].add(sid)
    for x in sd["traps"]:
        if not x.startswith("WEO") and x not in s["notes"]: errs.append(f"{sid}: trap {x} not named in notes")
dups = [u for u, c in users.items() if c > 1]
if dups: errs.append(f"duplicate user messages: {dups}")
MIN = {"arithmetic": 15, "3+countries": 12, "mixed source+freq": 10, "refers back": 15, "near-twin trap": 12}
print(f"scenarios: {len(sc)}, turns: {sum(len(s['turns']) for s in sc)}, needed ids checked: {nids}, unique user messages: {len(users)}")
for k, m in MIN.items():
    n = len(cls[k]); print(f"class {k}: {n} (min {m}) {'OK' if n >= m else 'FAIL'}")
    if n < m: errs.append(f"class {k} below minimum")
    print("   ", " ".join(sorted(cls[k])))
srcs = collections.Counter(source(a[0]) for s in sc for t in s["turns"] for a in t["needs"])
print("need slots by source:", dict(srcs))
print("ERRORS:" if errs else "ALL CHECKS PASSED")
for e in errs: print("  ", e)
sys.exit(1 if errs else 0)

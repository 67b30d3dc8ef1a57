#!/usr/bin/env python3
"""Self-contained validator for scenarios-blind16.jsonl.

Reads only the raw files under /work/shared/catalogs plus this folder's scenario and period files.
Prints every problem found and the class counts; exit code 1 if any problem.
"""
import csv, json, os, re, sys, collections

HERE = os.path.dirname(os.path.abspath(__file__))
CAT = "/work/shared/catalogs"
OBS = os.path.join(CAT, "observations")
SCEN = os.path.join(HERE, "scenarios-blind16.jsonl")
PER = os.path.join(HERE, "periods-blind16.json")

ACTIONS = {"search", "build_table", "derive", "changepoints", "chart", "convert"}
ONE = {"yoy_pct", "pct_change", "diff", "log", "rolling_mean", "index"}
MANY = {"spread", "ratio", "share", "expression"}
FREQS = "DWMQSA"            # high -> low
TOP_KEYS = {"id", "title", "turns", "notes"}
TURN_KEYS = {"user", "needs", "actions", "frequency", "derives"}
DERIVE_KEYS = {"op", "inputs", "note"}

problems = []
def bad(msg):
    problems.append(msg)

# ---------------------------------------------------------------- catalogs
def load_fred():
    cat = {}
    with open(os.path.join(CAT, "fred", "fred_release_series.csv"), newline="", encoding="utf-8", errors="replace") as f:
        for r in csv.DictReader(f):
            cat[r["series_id"]] = r["frequency"]
    return cat

def fred_freq(s):
    s = s.lower()
    for k, v in (("daily", "D"), ("weekly", "W"), ("biweekly", "W"), ("monthly", "M"), ("quarterly", "Q"),
                 ("semiannual", "S"), ("annual", "A")):
        if s.startswith(k):
            return v
    return None

def load_evds():
    codes = set()
    with open(os.path.join(CAT, "evds", "cbrt_allseries.csv"), newline="", encoding="utf-8", errors="replace") as f:
        for r in csv.DictReader(f):
            codes.add(r["seriesCode"])
    with open(os.path.join(CAT, "evds", "cbrt_meta_data_2020.csv"), newline="", encoding="utf-8", errors="replace") as f:
        for r in csv.DictReader(f):
            codes.add(r["SERIE_CODE"])
    for fn in ("evds_index_en.json", "evds_index_tr.json"):
        with open(os.path.join(CAT, "evds", fn), encoding="utf-8") as f:
            codes.update(json.load(f).keys())
    return codes

def load_ifs():
    with open(os.path.join(CAT, "imf", "IFS_Indicators.csv"), encoding="utf-8", errors="replace") as f:
        rows = [l.rstrip("\r\n").split(";")[0] for l in f]
    return set(rows[1:])

def load_weo():
    """composite id -> {year: value or None}"""
    out = {}
    with open(os.path.join(CAT, "imf", "WEOApr2024all.csv"), newline="", encoding="latin-1") as f:
        rd = csv.reader(f, delimiter=";")
        head = next(rd)
        years = [(i, int(h)) for i, h in enumerate(head) if h.strip().isdigit()]
        for r in rd:
            if len(r) < 4:
                continue
            key = "WEOApr2024|%s|%s|%s" % (r[0], r[1], r[2])
            vals = {}
            for i, y in years:
                v = r[i].strip() if i < len(r) else ""
                vals[y] = None if v in ("", "n/a", "--") else v
            out[key] = vals
    return out

# ---------------------------------------------------------------- observations -> covered months
def mi(datestr):
    y, m = int(datestr[0:4]), int(datestr[5:7])
    return y * 12 + m - 1

def load_obs(fredcat):
    cov = collections.defaultdict(set)   # id -> set of month indices with data
    native = {}
    fdir = os.path.join(OBS, "fred")
    for fn in sorted(os.listdir(fdir)):
        if not fn.endswith(".csv"):
            continue
        with open(os.path.join(fdir, fn), newline="") as f:
            rd = csv.reader(f)
            head = next(rd)
            sid = head[1].strip()
            fq = fred_freq(fredcat.get(sid, "")) or "M"
            for r in rd:
                if len(r) < 2 or r[1].strip() in ("", "."):
                    continue
                m = mi(r[0])
                if fq in "QSA":
                    span = {"Q": 3, "S": 6, "A": 12}[fq]
                    start = m - (m % 12) % span
                    cov[sid].update(range(start, start + span))
                else:
                    cov[sid].add(m)
    with open(os.path.join(OBS, "bis", "policy_rates_monthly.csv"), newline="") as f:
        for r in csv.DictReader(f):
            if r["value"].strip():
                cov[r["series_key"]].add(mi(r["date"]))
                native[r["series_key"]] = "M"
    with open(os.path.join(OBS, "turkstat", "tr_cpi_tuik_2020_2025_long.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["measure"] == "cpi_index_2003_100" and r["value"].strip():
                cov[r.get("evds_equivalent") or "TP.FG.J0"].add(mi(r["date"]))
    native["TP.FG.J0"] = "M"
    with open(os.path.join(OBS, "imf", "IFS_NGDP_SA_XDC_US_CA_MX.csv"), newline="") as f:
        for r in csv.DictReader(f, delimiter=";"):
            if r["country"] == "US" and r["indicator"] == "NGDP_SA_XDC" and r["value"].strip():
                m = mi(r["date"])
                start = m - (m % 12) % 3
                cov["NGDP_SA_XDC"].update(range(start, start + 3))
    native["NGDP_SA_XDC"] = "Q"
    return cov, native

# ---------------------------------------------------------------- helpers
def source_of(i, fred, evds, ifs, weo, bis):
    if i.startswith("WEOApr2024|"):
        return "weo" if i in weo else None
    if i in bis:
        return "bis"
    if i in fred:
        return "fred"
    if i in ifs:
        return "ifs"
    if i in evds:
        return "evds"
    return None

def country_of(i, src):
    if src == "weo":
        return i.split("|")[1]
    if src == "bis":
        return i.split(".", 1)[1]
    if src == "evds":
        return "TR"
    return "US"   # fred, ifs (US only here)

# --- crude back-reference detector for turns 2 and 3
BACKREF = re.compile(r"\b(both|those|these|them|each one|each of|for each|the gap|the two|the four|the three|the five|"
                     r"the second|that ratio|that spread|that real rate|that implied|same thing|same window|same years|"
                     r"their|the differential|the curve|my ratio|next to it|chart it|of it)\b", re.I)

def main():
    fredcat = load_fred()
    evds = load_evds()
    ifs = load_ifs()
    weo = load_weo()
    cov, native = load_obs(fredcat)
    bis = {k for k in native if re.match(r"^M\.[A-Z]{2}$", k)}
    periods = json.load(open(PER, encoding="utf-8"))

    lines = [l for l in open(SCEN, encoding="utf-8").read().splitlines() if l.strip()]
    scen = []
    for n, l in enumerate(lines, 1):
        try:
            scen.append(json.loads(l))
        except Exception as e:
            bad("line %d: not JSON (%s)" % (n, e))
    want = ["b16-%02d" % k for k in range(1, 41)]
    ids = [s.get("id") for s in scen]
    if ids != want:
        bad("ids are not exactly b16-01..b16-40 in order: %s" % ids)

    cls = collections.defaultdict(set)
    ids_used = set()
    for s in scen:
        sid = s.get("id", "?")
        if set(s) != TOP_KEYS:
            bad("%s: top-level keys %s" % (sid, sorted(s)))
        if not isinstance(s.get("title"), str) or not s["title"].strip():
            bad("%s: empty title" % sid)
        notes = s.get("notes", "")
        if not isinstance(notes, str) or "trap" not in notes.lower():
            bad("%s: notes must name the near-twin trap" % sid)
        turns = s.get("turns", [])
        if not isinstance(turns, list) or len(turns) != 3:
            bad("%s: needs exactly 3 turns" % sid)
            continue
        pers = periods.get(sid)
        if not pers or len(pers) != 3:
            bad("%s: no period for every turn in %s" % (sid, os.path.basename(PER)))
            pers = [None] * 3
        for ti, t in enumerate(turns):
            tag = "%s turn %d" % (sid, ti + 1)
            keys = set(t)
            if not keys <= TURN_KEYS or not {"user", "needs", "actions"} <= keys:
                bad("%s: keys %s" % (tag, sorted(keys)))
            if not isinstance(t.get("user"), str) or not t["user"].strip():
                bad("%s: empty user text" % tag)
            acts = t.get("actions", [])
            if not acts or not set(acts) <= ACTIONS or len(set(acts)) != len(acts):
                bad("%s: bad actions %s" % (tag, acts))
            needs = t.get("needs", [])
            if not isinstance(needs, list) or not needs or not all(isinstance(n, list) and n and all(isinstance(x, str) for x in n) for n in needs):
                bad("%s: needs must be a non-empty list of non-empty id lists" % tag)
                continue
            fq = t.get("frequency")
            if fq is not None and fq not in FREQS:
                bad("%s: frequency %r" % (tag, fq))
            # derives
            ders = t.get("derives")
            if ("derive" in acts) != (ders is not None):
                bad("%s: derives present iff action derive" % tag)
            multi_input = False
            for d in ders or []:
                if not isinstance(d, dict) or set(d) - DERIVE_KEYS or not {"op", "inputs"} <= set(d):
                    bad("%s: derive keys %s" % (tag, d))
                    continue
                op, inp = d["op"], d["inputs"]
                if op not in ONE | MANY:
                    bad("%s: op %r" % (tag, op))
                if not isinstance(inp, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in inp):
                    bad("%s: inputs %r" % (tag, inp))
                    continue
                if op in ONE and len(inp) != 1:
                    bad("%s: %s takes one input, got %r" % (tag, op, inp))
                if op in MANY and len(inp) < 2:
                    bad("%s: %s takes two or more inputs, got %r" % (tag, op, inp))
                if len(set(inp)) != len(inp) or any(x < 0 or x >= len(needs) for x in inp):
                    bad("%s: inputs %r out of range / repeated for %d needs" % (tag, inp, len(needs)))
                if op in MANY:
                    multi_input = True
            # ids, sources, native frequencies, coverage
            srcs, nfreqs, countries = set(), set(), set()
            per = pers[ti]
            for alts in needs:
                for i in alts:
                    ids_used.add(i)
                    src = source_of(i, fredcat, evds, ifs, weo, bis)
                    if src is None:
                        bad("%s: id %r not in any catalog" % (tag, i))
                        continue
                    srcs.add(src)
                    countries.add(country_of(i, src))
                    if src == "weo":
                        nf = "A"
                    elif src == "fred":
                        nf = fred_freq(fredcat[i])
                    else:
                        nf = native.get(i)
                    if nf is None:
                        bad("%s: %s has no observations file (no native frequency known)" % (tag, i))
                        continue
                    nfreqs.add(nf)
                    if per is None:
                        continue
                    a, b = mi(per[0] + "-01"), mi(per[1] + "-01")
                    if src == "weo":
                        miss = [y for y in range(a // 12, b // 12 + 1) if weo[i].get(y) is None]
                    else:
                        have = cov.get(i)
                        if not have:
                            bad("%s: %s has no observations" % (tag, i))
                            continue
                        miss = [m for m in range(a, b + 1) if m not in have]
                        miss = ["%d-%02d" % (m // 12, m % 12 + 1) for m in miss]
                    if miss:
                        bad("%s: %s lacks observations for %d periods in %s..%s (first %s)" % (tag, i, len(miss), per[0], per[1], miss[0]))
            mixes = len(srcs) > 1 or len(nfreqs) > 1
            if mixes and fq is None:
                bad("%s: mixes sources/frequencies but sets no frequency" % tag)
            table = fq or (min(nfreqs, key=FREQS.index) if nfreqs else None)
            lower = table is not None and any(FREQS.index(table) > FREQS.index(n) for n in nfreqs)
            if lower != ("convert" in acts):
                bad("%s: convert=%s but table %s vs native %s" % (tag, "convert" in acts, table, sorted(nfreqs)))
            # classes
            if multi_input:
                cls["arithmetic"].add(sid)
            if len(countries) >= 3:
                cls["three_plus_countries"].add(sid)
            if len(srcs) > 1 and len(nfreqs) > 1:
                cls["mixed_source_and_frequency"].add(sid)
            if len(srcs) > 1 or len(nfreqs) > 1:
                cls["mixed_source_or_frequency"].add(sid)
            if ti > 0 and BACKREF.search(t.get("user", "")):
                cls["refers_back"].add(sid)
            if "changepoints" in acts:
                cls["changepoints"].add(sid)
        cls["near_twin_named"].add(sid) if "trap" in notes.lower() else None

    print("scenarios: %d, turns: %d, distinct ids used: %d" % (len(scen), sum(len(s.get("turns", [])) for s in scen), len(ids_used)))
    mins = {"arithmetic": 20, "three_plus_countries": 15, "mixed_source_and_frequency": 10, "refers_back": 15, "near_twin_named": 40}
    for k in ("arithmetic", "three_plus_countries", "mixed_source_and_frequency", "mixed_source_or_frequency", "refers_back", "changepoints", "near_twin_named"):
        n = len(cls[k])
        m = mins.get(k)
        flag = "" if m is None else ("  (min %d: %s)" % (m, "ok" if n >= m else "SHORT"))
        print("class %-28s %2d%s" % (k, n, flag))
        if m is not None and n < m:
            bad("class %s has %d < %d" % (k, n, m))
    for k in ("arithmetic", "three_plus_countries", "mixed_source_and_frequency", "refers_back"):
        print("  %s: %s" % (k, " ".join(sorted(cls[k]))))
    if problems:
        print("\nPROBLEMS (%d):" % len(problems))
        for p in problems:
            print(" -", p)
        return 1
    print("\nOK: no problems")
    return 0

if __name__ == "__main__":
    sys.exit(main())

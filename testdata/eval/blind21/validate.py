#!/usr/bin/env python3
"""Validate the blind21 scenario set against the raw catalog and observation files.

Reads only /work/shared/catalogs (raw files) and the two files written by build.py.
Exit status is non-zero on any failure.

    python3 validate.py [--quiet]
"""
import csv
import json
import os
import re
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
CAT = os.environ.get("CATALOGS", "/work/shared/catalogs")
SCEN = os.path.join(HERE, "..", "scenarios-blind21.jsonl")
PERIODS = os.path.join(HERE, "periods-blind21.json")
OLD_SCEN = "/work/shared/eval/scenarios.jsonl"

ACTIONS = {"search", "build_table", "derive", "convert", "changepoints", "chart"}
UNARY = {"yoy_pct", "pct_change", "diff", "log", "rolling_mean", "index"}
MULTI = {"spread", "ratio", "share", "expression"}
ARITH = MULTI
FREQ_RANK = {"A": 0, "Q": 1, "M": 2, "W": 3, "D": 4}

errors = []


def err(msg):
    errors.append(msg)


# --------------------------------------------------------------------------- catalogs
def load_catalogs():
    cat = {}  # id -> dict(source, freq, country?)
    # FRED
    fmap = {"Monthly": "M", "Quarterly": "Q", "Annual": "A", "Daily": "D", "Weekly": "W",
            "Semiannual": "S", "Biweekly": "W"}
    with open(os.path.join(CAT, "fred/fred_release_series.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            fr = r["frequency"].split(",")[0].strip()
            cat.setdefault(r["series_id"], {"source": "fred", "freq": fmap.get(fr, fr),
                                            "title": r["title"], "sa": r["seasonal_adjustment"],
                                            "scale": r["scale_code"]})
    # EVDS (three vintages)
    efreq = {"Month": "M", "MONTHLY": "M", "AYLIK": "M"}
    with open(os.path.join(CAT, "evds/cbrt_allseries.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            cat.setdefault(r["seriesCode"], {"source": "evds", "freq": efreq.get(r["freqname"], r["freqname"]),
                                             "title": r["seriesName"]})
    with open(os.path.join(CAT, "evds/cbrt_meta_data_2020.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            cat.setdefault(r["SERIE_CODE"], {"source": "evds", "freq": efreq.get(r["FREQUENCY_STR"], r["FREQUENCY_STR"]),
                                             "title": r["SERIE_NAME_ENG"]})
    with open(os.path.join(CAT, "evds/evds_index_en.json"), encoding="utf-8") as f:
        for k, v in json.load(f).items():
            cat.setdefault(k, {"source": "evds", "freq": efreq.get(v[1], v[1]), "title": v[0]})
    # IFS codelist
    with open(os.path.join(CAT, "imf/IFS_Indicators.csv"), newline="", encoding="utf-8") as f:
        r = csv.reader(f, delimiter=";")
        next(r)
        for row in r:
            if row:
                cat.setdefault(row[0], {"source": "ifs", "freq": None, "title": row[1]})
    # WDI (catalog only, no observations)
    with open(os.path.join(CAT, "wdi/WDISeries.csv"), newline="", encoding="utf-8-sig") as f:
        for r in csv.DictReader(f):
            cat.setdefault(r["Series Code"], {"source": "wdi", "freq": "A", "title": r["Indicator Name"]})
    return cat


def load_weo():
    weo = {}
    with open(os.path.join(CAT, "imf/WEOApr2024all.csv"), encoding="latin-1", newline="") as f:
        r = csv.reader(f, delimiter=";")
        h = next(r)
        years = [int(y) for y in h[4:28]]
        for row in r:
            if len(row) < 28:
                continue
            key = "WEOApr2024|%s|%s|%s" % (row[0], row[1], row[2])
            vals = {}
            for y, v in zip(years, row[4:28]):
                v = v.strip()
                if v and v != "n/a" and v != "--":
                    vals[y] = float(v.replace(",", ""))
            weo[key] = {"country": row[0], "scale": row[3], "values": vals}
    return weo


def ym(d):
    return d[:7]


def load_obs():
    """Return id -> {periods: set of YYYY-MM}, plus IFS by (indicator, area)."""
    obs = defaultdict(set)
    d = os.path.join(CAT, "observations/fred")
    for fn in sorted(os.listdir(d)):
        if not fn.endswith(".csv"):
            continue
        with open(os.path.join(d, fn), newline="") as f:
            r = csv.reader(f)
            h = next(r)
            sid = h[1].strip()
            for row in r:
                if len(row) > 1 and row[1].strip() not in ("", "."):
                    obs[sid].add(ym(row[0]))
    bis = {}
    with open(os.path.join(CAT, "observations/bis/policy_rates_monthly.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            bis[r["series_key"]] = r["ref_area"].split(":", 1)[1]
            if r["value"].strip():
                obs[r["series_key"]].add(ym(r["date"]))
    with open(os.path.join(CAT, "observations/turkstat/tr_cpi_tuik_2020_2025_long.csv"), newline="") as f:
        for r in csv.DictReader(f):
            if r["evds_equivalent"] and r["value"].strip():
                obs[r["evds_equivalent"]].add(ym(r["date"]))
    ifs = defaultdict(set)
    with open(os.path.join(CAT, "observations/imf/IFS_NGDP_SA_XDC_US_CA_MX.csv"), newline="") as f:
        r = csv.reader(f, delimiter=";")
        next(r)
        for row in r:
            if row and row[1].strip():
                ifs[(row[3], row[2])].add(ym(row[0]))
    return obs, bis, ifs


def load_ifs_areas():
    areas = {}
    with open(os.path.join(CAT, "imf/IFS_Countries.csv"), newline="", encoding="utf-8") as f:
        r = csv.reader(f, delimiter=";")
        next(r)
        for row in r:
            if row:
                areas[row[0]] = row[1]
    return areas


# --------------------------------------------------------------------------- helpers
def months(a, b):
    y, m = int(a[:4]), int(a[5:7])
    y2, m2 = int(b[:4]), int(b[5:7])
    out = []
    while (y, m) <= (y2, m2):
        out.append("%04d-%02d" % (y, m))
        m += 1
        if m > 12:
            y, m = y + 1, 1
    return out


def quarter(p):
    return (int(p[:4]), (int(p[5:7]) - 1) // 3)


ALIAS = {"Czech Republic": "Czechia", "Hong Kong SAR": "Hong Kong SAR"}


def norm_country(name):
    return ALIAS.get(name, name)


def main():
    quiet = "--quiet" in sys.argv
    cat = load_catalogs()
    weo = load_weo()
    obs, bis, ifs = load_obs()
    ifs_areas = load_ifs_areas()
    for k in bis:
        cat.setdefault(k, {"source": "bis", "freq": "M", "title": "BIS policy rate " + bis[k]})
    for k in weo:
        cat.setdefault(k, {"source": "weo", "freq": "A", "title": k})

    def source_of(i):
        if i in weo:
            return "weo"
        if i in bis:
            return "bis"
        c = cat.get(i)
        return c["source"] if c else None

    def native_freq(i):
        s = source_of(i)
        if s == "weo":
            return "A"
        if s == "bis":
            return "M"
        if s == "ifs":
            return "Q"
        return cat[i]["freq"]

    def country_of(i, ifs_area):
        s = source_of(i)
        if s == "weo":
            return norm_country(weo[i]["country"])
        if s == "bis":
            return norm_country(bis[i])
        if s == "fred":
            return "United States"
        if s == "evds":
            return "Türkiye"
        if s == "ifs":
            return norm_country(ifs_areas.get(ifs_area, ifs_area or "?"))
        return None

    def covered(i, win, ifs_area):
        """Return list of missing periods in window [a,b]."""
        a, b = win
        s = source_of(i)
        f = native_freq(i)
        if s == "weo":
            have = weo[i]["values"]
            return [str(y) for y in range(int(a[:4]), int(b[:4]) + 1) if y not in have]
        if s == "ifs":
            have = ifs.get((i, ifs_area), set())
        else:
            have = obs.get(i, set())
        if not have:
            return ["no observations at all"]
        ms = months(a, b)
        if f == "Q":
            hq = {quarter(p) for p in have}
            qs = sorted({quarter(p) for p in ms})
            return ["%dQ%d" % (y, q + 1) for (y, q) in qs if (y, q) not in hq]
        if f == "A":
            hy = {p[:4] for p in have}
            return [y for y in sorted({p[:4] for p in ms}) if y not in hy]
        return [p for p in ms if p not in have]

    # ----------------------------------------------------------------------- load set
    with open(SCEN, encoding="utf-8") as f:
        scen = [json.loads(l) for l in f if l.strip()]
    with open(PERIODS, encoding="utf-8") as f:
        periods = json.load(f)

    old_text = []
    import glob
    olds = [OLD_SCEN] + [p for p in glob.glob("/work/main/testdata/eval/scenarios-*.jsonl")
                         if not p.endswith(("-dev.jsonl", "-blind.jsonl")) and "blind21" not in p]
    for old in olds:
        if not os.path.exists(old):
            continue
        with open(old, encoding="utf-8") as f:
            for l in f:
                if l.strip():
                    for t in json.loads(l)["turns"]:
                        old_text.append(t["user"].lower())
    old_grams = set()
    for t in old_text:
        w = re.findall(r"[a-zçğıöşü0-9]+", t)
        for k in range(len(w) - 5):
            old_grams.add(tuple(w[k:k + 6]))

    want_ids = ["b21-%02d" % n for n in range(1, 41)]
    got_ids = [s.get("id") for s in scen]
    if got_ids != want_ids:
        err("scenario ids must be exactly b21-01..b21-40 in order; got %s" % got_ids)
    if set(periods) != set(want_ids):
        err("periods file keys differ from scenario ids")

    BACKREF = re.compile(r"\b(both|those|these|them|the gap|gaps|each|same for|same thing|same three|same four|"
                         r"drop|now|that|the spread|the ratio|the share|earlier|above|previous|again|"
                         r"instead|as before|the two|all three|all four|all five|the three|the four)\b", re.I)
    counts = defaultdict(list)
    seen_users = set()
    rows = []
    for s in scen:
        sid = s.get("id", "?")
        keys = set(s.keys())
        if keys != {"id", "title", "turns", "notes"}:
            err("%s: keys must be id,title,turns,notes (got %s)" % (sid, sorted(keys)))
        if not s.get("title"):
            err("%s: empty title" % sid)
        turns = s.get("turns", [])
        if len(turns) != 3:
            err("%s: must have exactly 3 turns" % sid)
        notes = s.get("notes", "")
        m = re.search(r"IFS area: ([A-Z]{2})", notes)
        ifs_area = m.group(1) if m else None
        pw = periods.get(sid, {})
        all_need_ids = set()
        cls = {"arith": False, "3country": False, "mix": False, "backref": False,
               "changepoints": False, "chart": False}
        prev_ids = set()
        srcs_all = set()
        for ti, t in enumerate(turns):
            tag = "%s turn %d" % (sid, ti)
            tk = set(t.keys())
            if not tk <= {"user", "needs", "actions", "frequency", "derives"} or not {"user", "needs", "actions"} <= tk:
                err("%s: bad keys %s" % (tag, sorted(tk)))
            u = t.get("user", "")
            if not u.strip():
                err("%s: empty user text" % tag)
            if u.lower() in seen_users:
                err("%s: duplicate user text" % tag)
            seen_users.add(u.lower())
            w = re.findall(r"[a-zçğıöşü0-9]+", u.lower())
            for k in range(len(w) - 5):
                if tuple(w[k:k + 6]) in old_grams:
                    err("%s: shares a 6-word run with an earlier scenario set: %s" % (tag, " ".join(w[k:k + 6])))
                    break
            win = pw.get(str(ti))
            if not (isinstance(win, list) and len(win) == 2 and all(re.fullmatch(r"\d{4}-\d{2}", x) for x in win)
                    and win[0] <= win[1]):
                err("%s: bad or missing window %r" % (tag, win))
                win = None
            needs = t.get("needs", [])
            if not needs:
                err("%s: no needs" % tag)
            ids_here = []
            natives = []
            sources = set()
            countries = set()
            for ni, alts in enumerate(needs):
                if not isinstance(alts, list) or not alts:
                    err("%s need %d: must be a non-empty list" % (tag, ni))
                    continue
                nf = set()
                for i in alts:
                    ids_here.append(i)
                    src = source_of(i)
                    if src is None:
                        err("%s: id %s does not resolve in any catalog" % (tag, i))
                        continue
                    if src == "wdi":
                        err("%s: id %s is WDI (no observations)" % (tag, i))
                        continue
                    if src == "ifs" and not ifs_area:
                        err("%s: IFS id %s but notes give no 'IFS area: XX'" % (tag, i))
                    if src == "ifs" and ifs_area and ifs_area not in ifs_areas:
                        err("%s: IFS area %s not in IFS_Countries.csv" % (tag, ifs_area))
                    nf.add(native_freq(i))
                    sources.add(src)
                    countries.add(country_of(i, ifs_area))
                    if win:
                        miss = covered(i, win, ifs_area)
                        if miss:
                            err("%s: %s lacks observations in %s..%s: %s" % (tag, i, win[0], win[1],
                                                                           ", ".join(miss[:6]) + (" ..." if len(miss) > 6 else "")))
                if len(nf) > 1:
                    err("%s need %d: alternatives have different native frequencies %s" % (tag, ni, nf))
                natives.extend(nf)
            if len(ids_here) != len(set(ids_here)):
                err("%s: an id appears twice in needs" % tag)
            all_need_ids.update(ids_here)
            srcs_all |= sources
            acts = t.get("actions", [])
            if not acts or not set(acts) <= ACTIONS or len(acts) != len(set(acts)):
                err("%s: bad actions %s" % (tag, acts))
            new_ids = [i for i in ids_here if i not in prev_ids]
            if new_ids and "search" not in acts:
                err("%s: introduces %s but has no 'search'" % (tag, new_ids))
            if ti == 0 and "build_table" not in acts:
                err("%s: first turn must build a table" % tag)
            freqs = set(natives)
            mixing = len(sources) > 1 or len(freqs) > 1 or bool(freqs & {"D", "W"})
            tf = t.get("frequency")
            if tf is not None and tf not in ("A", "Q", "M"):
                err("%s: frequency must be A, Q or M" % tag)
                tf = None
            if mixing and tf is None:
                err("%s: mixes sources/frequencies (or has daily/weekly data) but sets no frequency" % tag)
            table = tf if tf else (next(iter(freqs)) if len(freqs) == 1 else None)
            if table and freqs:
                lo = min(FREQ_RANK[x] for x in freqs)
                hi = max(FREQ_RANK[x] for x in freqs)
                if FREQ_RANK[table] > lo:
                    err("%s: table frequency %s is above a needed series' native frequency (no disaggregation)" % (tag, table))
                need_convert = hi > FREQ_RANK[table]
                if need_convert != ("convert" in acts):
                    err("%s: 'convert' must be listed exactly when table frequency %s is below a native frequency (%s)"
                        % (tag, table, sorted(freqs)))
            if win and table:
                if table == "Q" and not (int(win[0][5:7]) % 3 == 1 and int(win[1][5:7]) % 3 == 0):
                    err("%s: quarterly window should start/end on quarter boundaries" % tag)
                if table == "A" and not (win[0][5:7] == "01" and win[1][5:7] == "12"):
                    err("%s: annual window should run Jan..Dec" % tag)
            dv = t.get("derives")
            if ("derive" in acts) != (dv is not None and len(dv) > 0):
                err("%s: 'derive' action and 'derives' list must go together" % tag)
            for d in dv or []:
                op = d.get("op")
                inp = d.get("inputs", [])
                if set(d.keys()) != {"op", "inputs", "note"}:
                    err("%s: derive keys must be op,inputs,note" % tag)
                if op not in UNARY | MULTI:
                    err("%s: unknown derive op %s" % (tag, op))
                if not all(isinstance(x, int) and 0 <= x < len(needs) for x in inp):
                    err("%s: derive inputs %s out of range" % (tag, inp))
                if op in UNARY and len(inp) != 1:
                    err("%s: unary op %s takes exactly 1 input" % (tag, op))
                if op in MULTI and (len(inp) < 2 or len(set(inp)) != len(inp)):
                    err("%s: op %s takes 2+ distinct inputs" % (tag, op))
                if "=" not in d.get("note", ""):
                    err("%s: derive note must state a formula with '='" % tag)
                if op in ARITH:
                    cls["arith"] = True
            if len(countries) >= 3:
                cls["3country"] = True
            if len(sources) >= 2 and len(freqs) >= 2:
                cls["mix"] = True
            if ti > 0 and BACKREF.search(u) and (set(ids_here) & prev_ids):
                cls["backref"] = True
            if "changepoints" in acts:
                cls["changepoints"] = True
            if "chart" in acts:
                cls["chart"] = True
            if "build_table" not in acts and new_ids:
                err("%s: new series without build_table" % tag)
            prev_ids |= set(ids_here)
            rows.append((tag, sorted(sources), sorted(freqs), tf, len(countries)))
        # notes
        if "Trap" not in notes:
            err("%s: notes lack 'Trap'" % sid)
        ticks = re.findall(r"`([^`]+)`", notes)
        if not ticks:
            err("%s: notes name no backticked near-twin id" % sid)
        good_trap = False
        for tkn in ticks:
            if source_of(tkn) is None:
                err("%s: backticked %s does not resolve in any catalog" % (sid, tkn))
            elif tkn not in all_need_ids:
                good_trap = True
        if ticks and not good_trap:
            err("%s: every backticked id is among the needs; need a near-twin that is not" % sid)
        for k, v in cls.items():
            if v:
                counts[k].append(sid)
        counts["sources:" + "+".join(sorted(srcs_all))].append(sid)

    minimums = {"arith": 20, "3country": 15, "mix": 10, "backref": 15, "changepoints": 3, "chart": 3}
    labels = {"arith": "arithmetic between series (spread/ratio/share/expression)",
              "3country": "three or more countries in one turn",
              "mix": "mixes sources AND native frequencies in one turn",
              "backref": "later turn refers back to earlier columns",
              "changepoints": "changepoints", "chart": "chart"}
    print("class counts (scenarios):")
    print("| class | count | minimum | ok |")
    print("|---|---|---|---|")
    for k, mn in minimums.items():
        n = len(counts[k])
        ok = n >= mn
        if not ok:
            err("class %s has %d < %d" % (k, n, mn))
        print("| %s | %d | %d | %s |" % (labels[k], n, mn, "yes" if ok else "NO"))
    src_use = defaultdict(int)
    for s in scen:
        ss = set()
        for t in s["turns"]:
            for alts in t["needs"]:
                for i in alts:
                    ss.add(source_of(i))
        for x in ss:
            src_use[x] += 1
    print("\nscenarios touching each source: " + ", ".join("%s %d" % (k, v) for k, v in sorted(src_use.items(), key=lambda x: str(x[0]))))
    nturn = sum(len(s["turns"]) for s in scen)
    print("scenarios %d, turns %d" % (len(scen), nturn))
    if not quiet:
        for k in minimums:
            print("  %s: %s" % (k, " ".join(counts[k])))
    if errors:
        print("\nFAILURES (%d):" % len(errors))
        for e in errors:
            print("  - " + e)
        return 1
    print("\nall checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Self-contained validator for scenarios-blind14.jsonl.

Reads only: this folder's scenarios-blind14.jsonl and meta-blind14.json (spans, IFS areas, lead months,
trap pairs, refer-back flags written by build.py) and the raw files under /work/shared/catalogs.
Checks schema, id existence, observation coverage of each turn's span (with 12 earlier months for
yoy_pct inputs), derive arity/indices, convert/frequency consistency, unique messages, look-alike ids
in notes, near-twin trap pairs, and counts the coverage classes. Writes validate_output.txt.
"""
import csv, datetime as dt, glob, json, os, re, sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
CAT = "/work/shared/catalogs"
OBS = os.path.join(CAT, "observations")
LINES = []


def say(s=""):
    LINES.append(s)
    print(s)


# ------------------------------------------------------------------ catalogs
def load_fred_catalog():
    cat = {}
    with open(os.path.join(CAT, "fred/fred_release_series.csv"), newline="", encoding="utf-8", errors="replace") as f:
        for r in csv.DictReader(f):
            cat[r["series_id"]] = r
    return cat


def fred_freq(s):
    s = (s or "").lower()
    for k, v in (("daily", "D"), ("weekly", "W"), ("biweekly", "W"), ("monthly", "M"), ("quarterly", "Q"),
                 ("semiannual", "A"), ("annual", "A")):
        if s.startswith(k):
            return v
    return None


def load_evds_codes():
    codes = set()
    with open(os.path.join(CAT, "evds/cbrt_allseries.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            codes.add(r["seriesCode"])
    with open(os.path.join(CAT, "evds/cbrt_meta_data_2020.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            codes.add(r["SERIE_CODE"])
    codes |= set(json.load(open(os.path.join(CAT, "evds/evds_index_en.json"), encoding="utf-8")))
    return codes


def load_weo():
    rows = {}
    with open(os.path.join(CAT, "imf/WEOApr2024all.csv"), encoding="latin-1", newline="") as f:
        rd = csv.reader(f, delimiter=";")
        head = next(rd)
        years = [(i, int(h)) for i, h in enumerate(head) if h.strip().isdigit()]
        for r in rd:
            if len(r) < 4:
                continue
            vals = {}
            for i, y in years:
                v = r[i].strip().replace(",", "") if i < len(r) else ""
                if v and v not in ("n/a", "--"):
                    try:
                        vals[y] = float(v)
                    except ValueError:
                        pass
            rows[f"WEOApr2024|{r[0]}|{r[1]}|{r[2]}"] = (r[0], r[1], r[2], vals)
    return rows


def load_ifs_codes():
    d = {}
    with open(os.path.join(CAT, "imf/IFS_Indicators.csv"), encoding="utf-8-sig", errors="replace") as f:
        for line in f:
            if ";" in line:
                k, v = line.rstrip("\r\n").split(";", 1)
                d[k] = v
    d.pop("parameter_value", None)
    return d


def load_wdi_codes():
    with open(os.path.join(CAT, "wdi/WDISeries.csv"), encoding="utf-8-sig", newline="") as f:
        return {r["Series Code"] for r in csv.DictReader(f)}


# ------------------------------------------------------------------ observations
def load_fred_obs():
    obs = defaultdict(dict)
    for p in glob.glob(os.path.join(OBS, "fred/*.csv")):
        with open(p, newline="") as f:
            rd = csv.reader(f)
            head = next(rd)
            sid = head[1].strip()
            for r in rd:
                if len(r) < 2 or r[1].strip() in ("", "."):
                    continue
                obs[sid][dt.date.fromisoformat(r[0].strip())] = float(r[1])
    return obs


def load_bis_obs():
    obs, area = defaultdict(dict), {}
    with open(os.path.join(OBS, "bis/policy_rates_monthly.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["value"].strip():
                obs[r["series_key"]][dt.date.fromisoformat(r["date"])] = float(r["value"])
                area[r["series_key"]] = r["ref_area"].split(":", 1)[1]
    return obs, area


def load_evds_obs():
    obs = defaultdict(dict)
    with open(os.path.join(OBS, "turkstat/tr_cpi_tuik_2020_2025_long.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["evds_equivalent"].strip() and r["value"].strip():
                obs[r["evds_equivalent"].strip()][dt.date.fromisoformat(r["date"])] = float(r["value"])
    return obs


def load_ifs_obs():
    obs = defaultdict(dict)
    with open(os.path.join(OBS, "imf/IFS_NGDP_SA_XDC_US_CA_MX.csv"), newline="") as f:
        for r in csv.DictReader(f, delimiter=";"):
            if r["value"].strip():
                obs[(r["indicator"], r["country"])][dt.date.fromisoformat(r["date"])] = float(r["value"])
    return obs


# ------------------------------------------------------------------ helpers
ORDER = {"D": 5, "W": 4, "M": 3, "Q": 2, "A": 1}
PERIOD_MONTHS = {"D": 1, "W": 1, "M": 1, "Q": 3, "A": 12}
ALLOWED_ACTIONS = {"search", "build_table", "derive", "changepoints", "chart", "convert"}
ONE = {"yoy_pct", "pct_change", "diff", "log", "rolling_mean", "index"}
TWO = {"spread", "ratio", "share"}
ARITH = {"spread", "ratio", "share", "expression"}
IFS_AREA_NAME = {"US": "United States", "CA": "Canada", "MX": "Mexico"}
COUNTRY_ALIAS = {"Czechia": "Czech Republic"}


def ym(s):
    y, m = s.split("-")
    return int(y), int(m)


def add_months(y, m, k):
    i = y * 12 + (m - 1) + k
    return i // 12, i % 12 + 1


def eom(y, m):
    ny, nm = add_months(y, m, 1)
    return dt.date(ny, nm, 1) - dt.timedelta(days=1)


def toks(s):
    return set(t for t in re.split(r"[^a-z0-9]+", s.lower()) if t)


def jacc(a, b):
    a, b = toks(a), toks(b)
    return len(a & b) / max(1, len(a | b))


def main():
    fred_cat = load_fred_catalog()
    evds_codes = load_evds_codes()
    weo = load_weo()
    ifs_codes = load_ifs_codes()
    wdi_codes = load_wdi_codes()
    fred_obs = load_fred_obs()
    bis_obs, bis_area = load_bis_obs()
    evds_obs = load_evds_obs()
    ifs_obs = load_ifs_obs()

    def source(i):
        if i.startswith("WEOApr2024|"):
            return "weo" if i in weo else None
        if i in bis_obs:
            return "bis"
        if i in ifs_codes:
            return "ifs"
        if i in evds_codes:
            return "evds"
        if i in fred_cat:
            return "fred"
        if i in wdi_codes:
            return "wdi"
        return None

    def native(i):
        s = source(i)
        return {"weo": "A", "bis": "M", "ifs": "Q", "evds": "M"}.get(s) or (fred_freq(fred_cat[i]["frequency"]) if s == "fred" else None)

    def country(i, area):
        s = source(i)
        if s == "weo":
            return weo[i][0]
        if s == "bis":
            n = bis_area[i]
            return None if n == "Euro area" else COUNTRY_ALIAS.get(n, n)
        if s == "fred":
            return "United States"
        if s == "evds":
            return "Türkiye"
        if s == "ifs":
            return IFS_AREA_NAME.get(area)
        return None

    def series_obs(i, area):
        s = source(i)
        if s == "fred":
            return fred_obs.get(i)
        if s == "bis":
            return bis_obs.get(i)
        if s == "evds":
            return evds_obs.get(i)
        if s == "ifs":
            return ifs_obs.get((i, area))
        if s == "weo":
            return weo[i][3]
        return None

    def covers(i, area, start, end):
        """start/end = (y, m). Returns None if covered else a reason string."""
        o = series_obs(i, area)
        if not o:
            return "no observations"
        f = native(i)
        if f == "A":
            need = list(range(start[0], end[0] + 1))
            miss = [y for y in need if y not in o]
            return f"missing years {miss[:6]}" if miss else None
        dates = sorted(o)
        if f == "M":
            have = {(d.year, d.month) for d in dates}
            miss, (y, m) = [], start
            while (y, m) <= end:
                if (y, m) not in have:
                    miss.append(f"{y}-{m:02d}")
                y, m = add_months(y, m, 1)
            return f"missing months {miss[:6]} ({len(miss)})" if miss else None
        if f == "Q":
            have = {(d.year, (d.month - 1) // 3) for d in dates}
            miss, q, qe = [], (start[0], (start[1] - 1) // 3), (end[0], (end[1] - 1) // 3)
            while q <= qe:
                if q not in have:
                    miss.append(f"{q[0]}Q{q[1] + 1}")
                q = (q[0] + (q[1] + 1) // 4, (q[1] + 1) % 4)
            return f"missing quarters {miss[:6]} ({len(miss)})" if miss else None
        # D / W
        tol, gap = (7, 14) if f == "W" else (5, 10)
        s0, e0 = dt.date(start[0], start[1], 1), eom(*end)
        inside = [d for d in dates if s0 - dt.timedelta(days=tol) <= d <= e0 + dt.timedelta(days=tol)]
        if not inside or inside[0] > s0 + dt.timedelta(days=tol) or inside[-1] < e0 - dt.timedelta(days=tol):
            return f"span {s0}..{e0} not covered (have {dates[0]}..{dates[-1]})"
        g = max((b - a).days for a, b in zip(inside, inside[1:])) if len(inside) > 1 else 0
        return f"gap of {g} days" if g > gap else None

    errors, warns = [], []
    path = os.path.join(HERE, "scenarios-blind14.jsonl")
    meta = json.load(open(os.path.join(HERE, "meta-blind14.json"), encoding="utf-8"))
    scen = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    say(f"scenarios: {len(scen)}")
    if len(scen) != 40:
        errors.append(f"expected 40 scenarios, got {len(scen)}")
    ids = [s.get("id") for s in scen]
    if ids != [f"b14-{k:02d}" for k in range(1, 41)]:
        errors.append("ids are not b14-01..b14-40 in order")

    users, titles = {}, set()
    cls = {k: [] for k in ("arith", "multi3", "mix", "refback", "twin")}
    n_turns = n_needs = n_checks = 0
    for s in scen:
        sid = s.get("id")
        E = lambda msg: errors.append(f"{sid}: {msg}")
        if set(s) != {"id", "title", "turns", "notes"}:
            E(f"keys {sorted(s)}")
        if not s.get("title") or s["title"] in titles:
            E("missing or duplicate title")
        titles.add(s.get("title"))
        if not str(s.get("notes", "")).strip():
            E("empty notes")
        turns = s.get("turns", [])
        m = meta.get(sid)
        if m is None or len(m["turns"]) != len(turns):
            E("meta missing or turn count mismatch")
            continue
        if len(turns) != 3:
            E(f"{len(turns)} turns (want 3)")
        accepted_all, flags = set(), set()
        earlier, earlier_c = set(), set()
        for ti, (t, tm) in enumerate(zip(turns, m["turns"])):
            n_turns += 1
            TE = lambda msg: E(f"turn {ti + 1}: {msg}")
            extra = set(t) - {"user", "needs", "actions", "frequency", "derives"}
            if extra or not {"user", "needs", "actions"} <= set(t):
                TE(f"keys {sorted(t)}")
            u = t.get("user", "")
            norm = " ".join(u.lower().split())
            if not norm:
                TE("empty user message")
            if norm in users:
                TE(f"duplicate user message (also {users[norm]})")
            users[norm] = f"{sid} t{ti + 1}"
            acts = t.get("actions", [])
            if not acts or not set(acts) <= ALLOWED_ACTIONS or len(set(acts)) != len(acts):
                TE(f"bad actions {acts}")
            freq = t.get("frequency")
            if freq is not None and freq not in ORDER:
                TE(f"bad frequency {freq}")
            needs = t.get("needs", [])
            if not needs or not all(isinstance(n, list) and n and all(isinstance(x, str) for x in n) for n in needs):
                TE("needs must be a non-empty list of non-empty id lists")
                continue
            areas = tm.get("areas", {})
            # derives
            ders = t.get("derives")
            if ("derive" in acts) != (ders is not None):
                TE("derives present iff 'derive' in actions")
            ders = ders or []
            if "derive" in acts and not ders:
                TE("derive action without derives")
            for d in ders:
                if set(d) != {"op", "inputs", "note"}:
                    TE(f"derive keys {sorted(d)}")
                op, inp = d.get("op"), d.get("inputs", [])
                if not all(isinstance(k, int) and 0 <= k < len(needs) for k in inp):
                    TE(f"derive {op} index out of range {inp}")
                if op in ONE:
                    if len(inp) != 1:
                        TE(f"{op} needs exactly one input")
                elif op in TWO:
                    if len(inp) != 2 or inp[0] == inp[1]:
                        TE(f"{op} needs two distinct inputs")
                elif op == "expression":
                    if len(inp) < 2 or len(set(inp)) != len(inp):
                        TE("expression needs two or more distinct inputs")
                else:
                    TE(f"unknown op {op}")
                if not str(d.get("note", "")).strip():
                    TE("derive without note")
                if op in ARITH:
                    flags.add("arith")
            # needs: existence, coverage
            span = tm["span"]
            natives, sources, countries = set(), set(), set()
            for ni, alts in enumerate(needs):
                n_needs += 1
                area = areas.get(str(ni))
                lead = 0
                for d in ders:
                    if ni in d.get("inputs", []):
                        if d["op"] == "yoy_pct":
                            lead = max(lead, 12)
                        elif d["op"] in ("diff", "pct_change"):
                            lead = max(lead, PERIOD_MONTHS.get(freq or native(alts[0]) or "M", 1))
                        if d["op"] in ONE and tm.get("lead"):
                            lead = max(lead, tm["lead"])
                s0, e0 = tm.get("nspan", {}).get(str(ni), span)
                start, end = add_months(*ym(s0), -lead), ym(e0)
                for i in alts:
                    src = source(i)
                    if src is None:
                        TE(f"need {ni}: id {i!r} not found in any catalog")
                        continue
                    if src == "wdi":
                        TE(f"need {ni}: WDI id {i} has no observations")
                        continue
                    if src == "ifs" and area not in IFS_AREA_NAME:
                        TE(f"need {ni}: IFS id {i} without an observed area")
                        continue
                    n_checks += 1
                    why = covers(i, area, start, end)
                    if why:
                        TE(f"need {ni}: {i} [{area or ''}] over {start[0]}-{start[1]:02d}..{end[0]}-{end[1]:02d}: {why}")
                    accepted_all.add(i)
                natives.add(native(alts[0]))
                sources.add(source(alts[0]))
                c = country(alts[0], area)
                if c:
                    countries.add(c)
            # convert / frequency consistency
            higher = [n for n in natives if n and freq and ORDER[n] > ORDER[freq]]
            if "convert" in acts and not higher:
                TE("convert listed but no need is above the table frequency")
            if higher and "convert" not in acts and ({"build_table", "derive", "changepoints", "chart"} & set(acts)):
                TE(f"table at {freq} below native {higher} but no convert")
            if len(natives) > 1 and "build_table" in acts and not freq:
                TE("mixed native frequencies but no frequency set")
            if len(countries) >= 3:
                flags.add("multi3")
            if len(sources) >= 2 and len(natives) >= 2 and freq:
                flags.add("mix")
            ids_here = {i for alts in needs for i in alts}
            if tm.get("ref"):
                if ti == 0:
                    TE("turn 1 cannot refer back")
                elif not (ids_here & earlier) and not (countries & earlier_c):
                    TE("refers back but shares no series or country with earlier turns")
                else:
                    flags.add("refback")
            earlier |= ids_here
            earlier_c |= countries
        # notes: look-alike ids in backticks must exist and must be wrong everywhere in the scenario
        for tok in re.findall(r"`([^`]+)`", s.get("notes", "")):
            if source(tok) is None:
                E(f"notes look-alike {tok!r} does not exist")
            elif tok in accepted_all:
                E(f"notes look-alike {tok!r} is accepted in some turn")
        # traps
        good = 0
        for right, wrong, ti in m.get("traps", []):
            acc = {i for alts in turns[ti]["needs"] for i in alts}
            if right not in acc:
                E(f"trap: {right} not needed in turn {ti + 1}")
                continue
            if wrong in acc or source(wrong) is None:
                E(f"trap: look-alike {wrong} missing or accepted in turn {ti + 1}")
                continue
            sr, sw = source(right), source(wrong)
            twin = False
            if sr == sw == "fred":
                clean = lambda x: re.sub(r"\s*\(discontinued\)\s*", " ", x, flags=re.I).strip().lower()
                twin = clean(fred_cat[right]["title"]) == clean(fred_cat[wrong]["title"])
            elif sr == sw == "weo":
                a, b = weo[right], weo[wrong]
                twin = a[0] == b[0] and ((a[1] == b[1] and a[2] != b[2]) or (a[2] == b[2] and jacc(a[1], b[1]) >= 0.4))
            elif sr == sw == "ifs":
                twin = jacc(ifs_codes[right], ifs_codes[wrong]) >= 0.5
            if twin:
                good += 1
            else:
                E(f"trap {right} / {wrong} is not a near-twin by the validator's rule")
        if good:
            flags.add("twin")
        for k in flags:
            cls[k].append(sid)

    # near-duplicate user messages (word-set overlap)
    ulist = list(users.items())
    for a in range(len(ulist)):
        for b in range(a + 1, len(ulist)):
            if jacc(ulist[a][0], ulist[b][0]) > 0.75:
                warns.append(f"similar messages: {ulist[a][1]} ~ {ulist[b][1]}")

    say(f"turns: {n_turns}, needs: {n_needs}, id coverage checks: {n_checks}, unique user messages: {len(users)}")
    need = {"arith": 15, "multi3": 12, "mix": 10, "refback": 15, "twin": 12}
    label = {"arith": "arithmetic between series (spread/ratio/share/expression)",
             "multi3": "three or more countries in one turn",
             "mix": "mixed sources and native frequencies in one turn",
             "refback": "refers back to earlier turns",
             "twin": "near-twin trap (validated pair)"}
    say("coverage classes (scenarios):")
    for k in need:
        ok = len(cls[k]) >= need[k]
        say(f"  {label[k]}: {len(cls[k])} (need >= {need[k]}) {'OK' if ok else 'FAIL'}")
        if not ok:
            errors.append(f"class {k}: {len(cls[k])} < {need[k]}")
    for k in need:
        say(f"  {k}: {' '.join(x[4:] for x in cls[k])}")
    acts = defaultdict(int)
    freqs = defaultdict(int)
    srcs = defaultdict(int)
    for s in scen:
        for t in s["turns"]:
            for a in t["actions"]:
                acts[a] += 1
            freqs[t.get("frequency", "-")] += 1
            for alts in t["needs"]:
                for i in alts:
                    srcs[source(i) or "unknown"] += 1
    say("actions per turn: " + ", ".join(f"{k}={v}" for k, v in sorted(acts.items())))
    say("table frequency: " + ", ".join(f"{k}={v}" for k, v in sorted(freqs.items())))
    say("ids by source (with repeats): " + ", ".join(f"{k}={v}" for k, v in sorted(srcs.items())))
    for w_ in warns:
        say("WARN " + w_)
    for e in errors:
        say("ERROR " + e)
    say("RESULT: " + ("PASS" if not errors else f"FAIL ({len(errors)} errors)"))
    with open(os.path.join(HERE, "validate_output.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(LINES) + "\n")
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())

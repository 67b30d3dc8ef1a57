"""Loader for the raw catalog and observation files under /work/shared/catalogs.

Used by validate.py (and by build.py to work out the figures in the notes).
Only raw files are read; nothing from the product.

Id forms (see /work/shared/eval/README.md and SOURCES.md):
  FRED   series_id                         e.g. CPIAUCSL
  BIS    series_key                        e.g. M.TR
  WEO    WEOApr2024|Country|Subject Descriptor|Units
  EVDS   seriesCode                        e.g. TP.FG.J0 (observations from the TURKSTAT file)
  IFS    parameter_value (NGDP_SA_XDC) and, per country, Q.<ISO2>.NGDP_SA_XDC
  ILO    ILO|<country column of unemployment-ilo.csv>  (no catalog row carries it)
"""
import csv
import glob
import json
import os
import datetime as dt
from collections import defaultdict

ROOT = "/work/shared/catalogs"
OBS = os.path.join(ROOT, "observations")


# ---------------------------------------------------------------- periods
def month_key(d):  # 'YYYY-MM-DD' -> 'YYYY-MM'
    return d[:7]


def quarter_key(d):
    y, m = int(d[:4]), int(d[5:7])
    return f"{y}Q{(m - 1) // 3 + 1}"


def period_range(start, end, freq):
    """All periods from start to end inclusive, in freq ('A','Q','M')."""
    out = []
    if freq == "A":
        return [str(y) for y in range(int(start[:4]), int(end[:4]) + 1)]
    if freq == "Q":
        y, q = int(start[:4]), int(start[-1])
        ye, qe = int(end[:4]), int(end[-1])
        while (y, q) <= (ye, qe):
            out.append(f"{y}Q{q}")
            q += 1
            if q == 5:
                y, q = y + 1, 1
        return out
    if freq == "M":
        y, m = int(start[:4]), int(start[5:7])
        ye, me = int(end[:4]), int(end[5:7])
        while (y, m) <= (ye, me):
            out.append(f"{y}-{m:02d}")
            m += 1
            if m == 13:
                y, m = y + 1, 1
        return out
    raise ValueError(freq)


def to_freq(period, freq):
    """Map a span bound given at some frequency onto another representation.
    period may be 'YYYY', 'YYYYQn', 'YYYY-MM', 'YYYY-MM-DD'."""
    p = period
    if freq == "A":
        return p[:4]
    if freq == "Q":
        if "Q" in p:
            return p
        if len(p) == 4:
            raise ValueError("need explicit bound side")
        return quarter_key(p if len(p) == 10 else p + "-01")
    if freq == "M":
        if len(p) >= 7 and "Q" not in p:
            return p[:7]
        raise ValueError("need explicit bound side")
    return p


def expand_bound(p, side, freq):
    """Turn a span bound of any granularity into the first/last period at freq."""
    if freq == "A":
        return p[:4]
    if freq == "Q":
        if len(p) == 4:
            return f"{p}Q1" if side == "start" else f"{p}Q4"
        if "Q" in p:
            return p
        return quarter_key(p[:7] + "-01")
    if freq == "M":
        if len(p) == 4:
            return f"{p}-01" if side == "start" else f"{p}-12"
        if "Q" in p:
            y, q = int(p[:4]), int(p[-1])
            m = 3 * (q - 1) + 1 if side == "start" else 3 * q
            return f"{y}-{m:02d}"
        return p[:7]
    # D / W: return a date
    if len(p) == 4:
        return f"{p}-01-01" if side == "start" else f"{p}-12-31"
    if "Q" in p:
        y, q = int(p[:4]), int(p[-1])
        if side == "start":
            return f"{y}-{3*(q-1)+1:02d}-01"
        m = 3 * q
        last = (dt.date(y + (m == 12), (m % 12) + 1, 1) - dt.timedelta(days=1))
        return last.isoformat()
    if len(p) == 7:
        if side == "start":
            return p + "-01"
        y, m = int(p[:4]), int(p[5:7])
        last = (dt.date(y + (m == 12), (m % 12) + 1, 1) - dt.timedelta(days=1))
        return last.isoformat()
    return p


# ---------------------------------------------------------------- catalogs
def load_catalog_ids():
    ids = {}
    # FRED
    fred = {}
    with open(os.path.join(ROOT, "fred/fred_release_series.csv"), newline="") as f:
        for r in csv.DictReader(f):
            fred[r["series_id"]] = r
    ids["fred"] = fred
    # EVDS
    evds = set()
    with open(os.path.join(ROOT, "evds/cbrt_allseries.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            evds.add(r["seriesCode"])
    with open(os.path.join(ROOT, "evds/cbrt_meta_data_2020.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            evds.add(r["SERIE_CODE"])
    evds |= set(json.load(open(os.path.join(ROOT, "evds/evds_index_en.json"))).keys())
    ids["evds"] = evds
    # IFS codelist
    ifs = set()
    with open(os.path.join(ROOT, "imf/IFS_Indicators.csv"), newline="", encoding="utf-8", errors="replace") as f:
        for r in csv.reader(f, delimiter=";"):
            if r and r[0] != "parameter_value":
                ifs.add(r[0])
    ids["ifs"] = ifs
    # WDI
    wdi = set()
    with open(os.path.join(ROOT, "wdi/WDISeries.csv"), newline="", encoding="utf-8", errors="replace") as f:
        for r in csv.DictReader(f):
            wdi.add(r["Series Code"])
    ids["wdi"] = wdi
    return ids


# ---------------------------------------------------------------- observations
def _num(s):
    s = s.strip().replace(",", "")
    if s in ("", ".", "n/a", "--", "NA"):
        return None
    try:
        return float(s)
    except ValueError:
        return None


def load_observations():
    """Return dict id -> {'freq': F, 'values': {period: float}, 'source': ...}."""
    obs = {}
    fredcat = {}
    with open(os.path.join(ROOT, "fred/fred_release_series.csv"), newline="") as f:
        for r in csv.DictReader(f):
            fredcat[r["series_id"]] = r["frequency"]
    # FRED: INDPRO.csv (newer vintage, 1966-2025) is preferred; INDPRO_2020.csv
    # (older vintage, other base) is only used for periods INDPRO.csv lacks.
    files = sorted(glob.glob(os.path.join(OBS, "fred/*.csv")))
    files.sort(key=lambda p: p.endswith("INDPRO_2020.csv"))
    for path in files:
        with open(path, newline="") as f:
            rd = csv.reader(f)
            hdr = next(rd)
            sid = hdr[1]
            fq = fredcat.get(sid, "")
            F = {"Daily": "D", "Monthly": "M"}.get(fq.split(",")[0].split(" ")[0], None)
            if fq.startswith("Weekly"):
                F = "W"
            elif fq.startswith("Quarterly"):
                F = "Q"
            elif fq.startswith("Daily"):
                F = "D"
            elif fq.startswith("Monthly"):
                F = "M"
            ent = obs.setdefault(sid, {"freq": F, "values": {}, "source": "fred", "blank": set()})
            for row in rd:
                d, v = row[0], _num(row[1])
                if F == "M":
                    k = month_key(d)
                elif F == "Q":
                    k = quarter_key(d)
                else:
                    k = d
                if v is None:
                    ent["blank"].add(k)
                    continue
                if k not in ent["values"]:
                    ent["values"][k] = v
    # BIS
    with open(os.path.join(OBS, "bis/policy_rates_monthly.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            ent = obs.setdefault(r["series_key"], {"freq": "M", "values": {}, "source": "bis",
                                                   "area": r["ref_area"], "blank": set()})
            v = _num(r["value"])
            if v is not None:
                ent["values"][month_key(r["date"])] = v
    # WEO
    with open(os.path.join(ROOT, "imf/WEOApr2024all.csv"), newline="", encoding="latin-1") as f:
        rd = csv.reader(f, delimiter=";")
        hdr = next(rd)
        years = hdr[4:28]
        est = hdr.index("Estimates Start After")
        for r in rd:
            if len(r) < 28:
                continue
            key = f"WEOApr2024|{r[0]}|{r[1]}|{r[2]}"
            vals = {}
            for y, s in zip(years, r[4:28]):
                v = _num(s)
                if v is not None:
                    vals[y] = v
            obs[key] = {"freq": "A", "values": vals, "source": "weo", "scale": r[3],
                        "est_after": r[est] if est < len(r) else "", "blank": set()}
    # ILO
    with open(os.path.join(OBS, "ilo/unemployment-ilo.csv"), newline="", encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    hdr = rows[0]
    for j, c in enumerate(hdr[3:], 3):
        vals = {}
        for r in rows[1:]:
            v = _num(r[j])
            if v is not None:
                vals[r[2]] = v
        obs[f"ILO|{c}"] = {"freq": "Q", "values": vals, "source": "ilo", "blank": set()}
    # IFS quarterly nominal GDP
    with open(os.path.join(OBS, "imf/IFS_NGDP_SA_XDC_US_CA_MX.csv"), newline="") as f:
        for r in csv.DictReader(f, delimiter=";"):
            k = f"Q.{r['country']}.{r['indicator']}"
            ent = obs.setdefault(k, {"freq": "Q", "values": {}, "source": "ifs", "blank": set()})
            ent["values"][quarter_key(r["date"])] = float(r["value"])
    # TURKSTAT CPI (index = EVDS TP.FG.J0)
    with open(os.path.join(OBS, "turkstat/tr_cpi_tuik_2020_2025_long.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            v = _num(r["value"])
            if r["evds_equivalent"]:
                k = r["evds_equivalent"]
            else:
                k = "TURKSTAT|" + r["measure"]
            ent = obs.setdefault(k, {"freq": "M", "values": {}, "source": "turkstat", "blank": set()})
            if v is not None:
                ent["values"][month_key(r["date"])] = v
    return obs


def catalog_has(cat, obs, i):
    """True if id i is a row of some catalog file (or, for BIS/ILO/IFS-by-country,
    of the observation file that is that source's only listing)."""
    if i in cat["fred"] or i in cat["evds"] or i in cat["ifs"] or i in cat["wdi"]:
        return True
    if i.startswith("WEOApr2024|"):
        return i in obs
    if i in obs and obs[i]["source"] in ("bis", "ilo", "ifs", "turkstat"):
        return True
    return False


# ================================================================ validation
import re
import sys

HERE = os.environ.get("BLIND10_DIR", os.path.dirname(os.path.abspath(__file__)))
ALLOWED_ACTIONS = {"search", "build_table", "derive", "changepoints", "chart", "convert"}
ALLOWED_OPS = {"yoy_pct", "pct_change", "diff", "log", "rolling_mean", "index", "spread", "ratio", "share", "expression"}
ALLOWED_FREQ = {"D", "W", "M", "Q", "S", "A"}
FINE = {"D": 6, "W": 5, "M": 4, "Q": 3, "S": 2, "A": 1}
ARITH_OPS = {"spread", "ratio", "share", "expression"}
REFER = re.compile(r"\b(both|them|those|that|these|it|its|same|each of them|each one|the two|too|also|again|back to|"
                   r"the gap|that ratio|the four|the five|all five|all four|for each|each|beside it|next to it)\b", re.I)
ALIASES = {"unemployment-ilo|": "ILO|"}
ISO = {"US": "United States", "CA": "Canada", "MX": "Mexico"}


def resolve(i):
    for a, b in ALIASES.items():
        if i.startswith(a):
            return b + i[len(a):]
    return i


def country_of(i, obs):
    i = resolve(i)
    e = obs.get(i)
    if i.startswith("WEOApr2024|"):
        return i.split("|")[1]
    if e is None:
        return None
    s = e["source"]
    if s == "fred":
        return "United States"
    if s == "bis":
        return e["area"].split(":", 1)[1]
    if s == "ilo":
        return i.split("|", 1)[1]
    if s == "ifs":
        return ISO.get(i.split(".")[1], i.split(".")[1])
    if s == "turkstat":
        return "Türkiye"
    return None


def norm_country(c):
    m = {"Korea, Republic of": "Korea", "Czech Republic": "Czechia", "Russian Federation": "Russia"}
    return m.get(c, c)


def gran(p):
    if len(p) == 4:
        return "A"
    if "Q" in p:
        return "Q"
    if len(p) == 7:
        return "M"
    return "D"


def shift_back(p, n_periods, freq):
    """Move period-bound p (at granularity freq) back n periods."""
    if freq == "A":
        return str(int(p[:4]) - n_periods)
    if freq == "Q":
        y, q = int(p[:4]), int(p[-1])
        k = y * 4 + q - 1 - n_periods
        return f"{k // 4}Q{k % 4 + 1}"
    if freq == "M":
        y, m = int(p[:4]), int(p[5:7])
        k = y * 12 + m - 1 - n_periods
        return f"{k // 12}-{k % 12 + 1:02d}"
    raise ValueError(freq)


def covers(e, start, end):
    """Does observation entry e have a value in every native period of [start, end]? Returns (ok, why)."""
    F = e["freq"]
    vals = e["values"]
    if not vals:
        return False, "no observations"
    if F in ("A", "Q", "M"):
        s, t = expand_bound(start, "start", F), expand_bound(end, "end", F)
        missing = [p for p in period_range(s, t, F) if p not in vals]
        if missing:
            return False, f"{len(missing)} missing {F} periods, first {missing[0]}, last {missing[-1]}"
        return True, ""
    # D / W: dated observations
    s, t = expand_bound(start, "start", F), expand_bound(end, "end", F)
    ds = sorted(d for d in vals)
    sd, td = dt.date.fromisoformat(s), dt.date.fromisoformat(t)
    inside = [dt.date.fromisoformat(d) for d in ds if s <= d <= t]
    if not inside:
        return False, "no observations in span"
    maxgap = 7 if F == "D" else 8
    if (inside[0] - sd).days > maxgap or (td - inside[-1]).days > maxgap:
        return False, f"span not covered: {inside[0]}..{inside[-1]}"
    for a, b in zip(inside, inside[1:]):
        if (b - a).days > maxgap:
            return False, f"gap {a}..{b}"
    per_month = defaultdict(int)
    for d in inside:
        per_month[d.isoformat()[:7]] += 1
    need = 10 if F == "D" else 3
    for mth in period_range(s[:7], t[:7], "M"):
        if per_month.get(mth, 0) < need:
            return False, f"month {mth} has {per_month.get(mth, 0)} values"
    return True, ""


def main():
    problems = []
    cat = load_catalog_ids()
    obs = load_observations()
    side = json.load(open(os.path.join(HERE, "spans.json"), encoding="utf-8"))
    spans, traps = side["spans"], side["traps"]
    scen = [json.loads(l) for l in open(os.path.join(HERE, "scenarios-blind10.jsonl"), encoding="utf-8") if l.strip()]

    def P(sid, k, msg):
        problems.append(f"{sid} turn {k}: {msg}" if k else f"{sid}: {msg}")

    expected = [f"b10-{i:02d}" for i in range(1, 41)]
    if [s.get("id") for s in scen] != expected:
        P("set", 0, f"ids are not b10-01..b10-40 in order: {[s.get('id') for s in scen]}")
    classes = defaultdict(set)
    per_source = defaultdict(set)
    n_turns = n_needs = 0
    for s in scen:
        sid = s.get("id")
        if set(s) != {"id", "title", "turns", "notes"}:
            P(sid, 0, f"keys {sorted(s)}")
        if not isinstance(s.get("title"), str) or not s["title"].strip():
            P(sid, 0, "title missing")
        if not isinstance(s.get("notes"), str) or len(s["notes"]) < 40:
            P(sid, 0, "notes missing or too short")
        turns = s.get("turns", [])
        if len(turns) != 3:
            P(sid, 0, f"{len(turns)} turns")
        sp = spans.get(sid)
        if not sp or len(sp) != len(turns):
            P(sid, 0, "no span for every turn in spans.json")
            sp = [None] * len(turns)
        for k, t in enumerate(turns, 1):
            n_turns += 1
            allowed_keys = {"user", "needs", "actions", "derives", "frequency"}
            if not set(t) <= allowed_keys or not {"user", "needs", "actions"} <= set(t):
                P(sid, k, f"turn keys {sorted(t)}")
            if not isinstance(t.get("user"), str) or len(t["user"].strip()) < 5:
                P(sid, k, "user text missing")
            acts = t.get("actions", [])
            if not acts or not set(acts) <= ALLOWED_ACTIONS or len(set(acts)) != len(acts):
                P(sid, k, f"bad actions {acts}")
            needs = t.get("needs", [])
            if not needs or not all(isinstance(n, list) and n and all(isinstance(x, str) for x in n) for n in needs):
                P(sid, k, "needs must be a non-empty list of non-empty lists of ids")
                continue
            n_needs += len(needs)
            fr = t.get("frequency")
            if fr is not None and fr not in ALLOWED_FREQ:
                P(sid, k, f"bad frequency {fr}")
            has_derive = "derive" in acts
            if has_derive != ("derives" in t):
                P(sid, k, "derives present iff derive in actions")
            ders = t.get("derives", [])
            if has_derive and not ders:
                P(sid, k, "derive without derives")
            for d in ders:
                if d.get("op") not in ALLOWED_OPS:
                    P(sid, k, f"bad op {d.get('op')}")
                ins = d.get("inputs", [])
                if not ins or not all(isinstance(i, int) and 0 <= i < len(needs) for i in ins):
                    P(sid, k, f"derive inputs {ins} do not index needs (n={len(needs)})")
                if d.get("op") in ("spread", "ratio", "share") and len(set(ins)) != 2:
                    P(sid, k, f"{d.get('op')} needs two distinct inputs: {ins}")
                if not isinstance(d.get("note"), str) or not d["note"].strip():
                    P(sid, k, "derive note missing")
            # span
            span = sp[k - 1]
            if not span or len(span) != 2:
                P(sid, k, "span missing")
                continue
            tf = fr or gran(span[0])
            lookback = defaultdict(int)  # need index -> periods back, at table frequency
            for d in ders:
                back = {"yoy_pct": {"A": 1, "S": 2, "Q": 4, "M": 12}.get(tf, 0), "pct_change": 1, "diff": 1}.get(d.get("op"), 0)
                for i in d.get("inputs", []):
                    lookback[i] = max(lookback[i], back)
            # ids
            natives, sources, countries = set(), set(), set()
            for j, alts in enumerate(needs):
                good = None
                whys = []
                for a in alts:
                    r = resolve(a)
                    if not catalog_has(cat, obs, r):
                        P(sid, k, f"id {a!r} not found in any catalog file")
                        continue
                    e = obs.get(r)
                    if e is None:
                        continue
                    st_ = span[0]
                    if lookback.get(j):
                        g = gran(st_) if tf not in ("A", "Q", "M") else tf
                        st_ = shift_back(expand_bound(st_, "start", g), lookback[j], g)
                    ok, why = covers(e, st_, span[1])
                    if ok and good is None:
                        good = (r, e)
                    elif not ok:
                        whys.append(f"{a}: {why}")
                if good is None:
                    P(sid, k, f"need {alts} has no alternative with observations over {span}"
                              f"{' (lookback)' if lookback.get(j) else ''}: {whys}")
                    continue
                r, e = good
                natives.add(e["freq"])
                sources.add(e["source"])
                per_source[{"turkstat": "evds"}.get(e["source"], e["source"])].add(sid)
                c = country_of(r, obs)
                if c:
                    countries.add(norm_country(c))
            if len(natives) > 1 and not ("convert" in acts or fr):
                P(sid, k, f"mixes native frequencies {sorted(natives)} without convert or frequency")
            if "convert" in acts:
                if not fr:
                    P(sid, k, "convert without a target frequency")
                elif natives and not any(FINE[n] > FINE[fr] for n in natives):
                    P(sid, k, f"convert to {fr} but no need is finer ({sorted(natives)})")
            if fr and natives and FINE[fr] > min(FINE[n] for n in natives):
                P(sid, k, f"frequency {fr} is finer than a native frequency {sorted(natives)} (upsampling)")
            # classes
            for d in ders:
                ins = d.get("inputs", [])
                if d.get("op") in ARITH_OPS and len(set(ins)) >= 2:
                    classes["arithmetic between series"].add(sid)
            if len(countries) >= 3:
                classes["3+ countries in one request"].add(sid)
            if len(sources) >= 2 and len(natives) >= 2:
                classes["mixed sources and native frequencies"].add(sid)
            if k >= 2 and REFER.search(t.get("user", "")):
                classes["refers back to earlier turns"].add(sid)
            if "changepoints" in acts:
                classes["change points"].add(sid)
            if "chart" in acts:
                classes["chart"].add(sid)
            if "convert" in acts:
                classes["frequency conversion"].add(sid)
        # traps named in notes
        tr = traps.get(sid, {"noobs": [], "other": []})
        for x in tr.get("noobs", []):
            if not catalog_has(cat, obs, x):
                P(sid, 0, f"trap {x!r} not in any catalog")
            e = obs.get(x)
            if e and e["values"]:
                P(sid, 0, f"trap {x!r} said to have no observations but has")
            if not x.startswith("WEOApr2024|") and x not in s["notes"]:
                P(sid, 0, f"trap {x!r} not named in notes")
        for x in tr.get("other", []):
            if not catalog_has(cat, obs, x):
                P(sid, 0, f"trap {x!r} not in any catalog")
        if tr.get("noobs") or tr.get("other"):
            classes["look-alike traps checked"].add(sid)

    print(f"scenarios: {len(scen)}  turns: {n_turns}  needs: {n_needs}")
    print("class counts (scenarios):")
    for name in ["arithmetic between series", "3+ countries in one request", "mixed sources and native frequencies",
                 "refers back to earlier turns", "change points", "chart", "frequency conversion",
                 "look-alike traps checked"]:
        print(f"  {name}: {len(classes[name])}")
    print("per-source counts (scenarios using a source):")
    for src in sorted(per_source):
        print(f"  {src}: {len(per_source[src])}")
    mins = {"arithmetic between series": 14, "3+ countries in one request": 10,
            "mixed sources and native frequencies": 8, "refers back to earlier turns": 12}
    for name, m in mins.items():
        if len(classes[name]) < m:
            problems.append(f"coverage: {name} = {len(classes[name])} < {m}")
    for p in problems:
        print("PROBLEM", p)
    print(f"problems: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

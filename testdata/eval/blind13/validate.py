#!/usr/bin/env python3
"""Self-contained validator for scenarios-blind13.jsonl.

Loads only the raw files under /work/shared/catalogs, checks structure, id existence,
observation coverage of each turn's span (side file spans-blind13.json), frequency rules,
derive inputs, trap ids, and prints class counts and "problems: N".
"""
import csv, json, os, re, sys, datetime as dt, calendar, collections

CAT = "/work/shared/catalogs"
OBS = CAT + "/observations"
HERE = os.path.dirname(os.path.abspath(__file__))
JSONL = os.path.join(HERE, "scenarios-blind13.jsonl")
SPANS = os.path.join(HERE, "spans-blind13.json")

FREQ_ORDER = {"D": 0, "W": 1, "M": 2, "Q": 3, "S": 4, "A": 5}
ACTIONS = {"search", "build_table", "derive", "changepoints", "chart", "convert"}
UNARY = {"yoy_pct", "pct_change", "diff", "log", "rolling_mean", "index"}
BINARY = {"spread", "ratio", "share"}
ARITH = {"spread", "ratio", "share", "expression"}
ILO_ISO3 = {  # ILO column name -> ISO3 (names the WDI country list spells differently)
    "Czechia": "CZE", "Egypt": "EGY", "Iran, Islamic Republic of": "IRN", "Korea, Republic of": "KOR",
    "Kyrgyzstan": "KGZ", "Saint Lucia": "LCA", "Macau, China": "MAC", "Moldova, Republic of": "MDA",
    "North Macedonia": "MKD", "Occupied Palestinian Territory": "PSE", "Russian Federation": "RUS",
    "Slovakia": "SVK", "Türkiye": "TUR", "Taiwan, China": "TWN", "Venezuela, Bolivarian Republic of": "VEN",
    "Viet Nam": "VNM", "Yemen": "YEM", "Bahamas": "BHS", "Gambia": "GMB", "Congo": "COG",
}

problems = []
def prob(msg):
    problems.append(msg)
    print("PROBLEM:", msg)

# ---------------------------------------------------------------- period helpers
def month_end(y, m):
    return dt.date(y, m, calendar.monthrange(y, m)[1])

def period_bounds(p):
    """'2015' | '2015-Q2' | '2015-03' | '2015-03-17' -> (first_day, last_day, freq)"""
    if re.fullmatch(r"\d{4}", p):
        y = int(p); return dt.date(y, 1, 1), dt.date(y, 12, 31), "A"
    m = re.fullmatch(r"(\d{4})-Q([1-4])", p)
    if m:
        y, q = int(m.group(1)), int(m.group(2))
        return dt.date(y, 3 * q - 2, 1), month_end(y, 3 * q), "Q"
    m = re.fullmatch(r"(\d{4})-(\d{2})", p)
    if m:
        y, mo = int(m.group(1)), int(m.group(2)); return dt.date(y, mo, 1), month_end(y, mo), "M"
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", p)
    if m:
        d = dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))); return d, d, "D"
    raise ValueError("bad period " + p)

def shift_months(d, k):
    y, m = d.year, d.month + k
    while m < 1: m += 12; y -= 1
    while m > 12: m -= 12; y += 1
    return dt.date(y, m, 1)

def native_period(d, f):
    """obs date -> (period_start, period_end) at native frequency f"""
    if f == "A": return dt.date(d.year, 1, 1), dt.date(d.year, 12, 31)
    if f == "Q":
        q = (d.month - 1) // 3
        return dt.date(d.year, 3 * q + 1, 1), month_end(d.year, 3 * q + 3)
    if f == "M": return dt.date(d.year, d.month, 1), month_end(d.year, d.month)
    return d, d

# ---------------------------------------------------------------- catalogs
fred_cat = {}
with open(CAT + "/fred/fred_release_series.csv", newline="", encoding="utf-8", errors="replace") as fh:
    for r in csv.DictReader(fh):
        fred_cat[r["series_id"]] = r
def fred_freq(sid):
    f = fred_cat[sid]["frequency"].lower()
    for k, v in (("daily", "D"), ("weekly", "W"), ("biweekly", "W"), ("monthly", "M"), ("quarterly", "Q"),
                 ("semiannual", "S"), ("annual", "A")):
        if f.startswith(k): return v
    return None

evds_cat = set()
with open(CAT + "/evds/cbrt_allseries.csv", newline="", encoding="utf-8", errors="replace") as fh:
    for r in csv.DictReader(fh): evds_cat.add(r["seriesCode"])
with open(CAT + "/evds/cbrt_meta_data_2020.csv", newline="", encoding="utf-8", errors="replace") as fh:
    for r in csv.DictReader(fh): evds_cat.add(r["SERIE_CODE"])
evds_cat |= set(json.load(open(CAT + "/evds/evds_index_en.json", encoding="utf-8")).keys())

ifs_ind = set()
with open(CAT + "/imf/IFS_Indicators.csv", encoding="utf-8", errors="replace") as fh:
    for line in fh.read().splitlines()[1:]:
        if ";" in line: ifs_ind.add(line.split(";")[0].strip())
ifs_areas = set()
with open(CAT + "/imf/IFS_Countries.csv", encoding="utf-8", errors="replace") as fh:
    for line in fh.read().splitlines()[1:]:
        if ";" in line: ifs_areas.add(line.split(";")[0].strip())

wdi_codes = set()
wdi_iso = {}
with open(CAT + "/wdi/WDISeries.csv", newline="", encoding="utf-8-sig", errors="replace") as fh:
    for r in csv.DictReader(fh): wdi_codes.add(r["Series Code"])
with open(CAT + "/wdi/WDICountry.csv", newline="", encoding="utf-8-sig", errors="replace") as fh:
    for r in csv.DictReader(fh):
        for k in ("Short Name", "Table Name", "Long Name"):
            wdi_iso.setdefault(r[k], r["Country Code"])

# ---------------------------------------------------------------- observations
# obs[id] = {"freq": F, "periods": {period_start: (period_start, period_end)}, "source": S, "country": C}
obs = {}
def add_obs(sid, f, d, src, country):
    e = obs.setdefault(sid, {"freq": f, "periods": {}, "source": src, "country": country})
    ps, pe = native_period(d, f)
    e["periods"][ps] = pe

for fn in sorted(os.listdir(OBS + "/fred")):
    with open(OBS + "/fred/" + fn, newline="") as fh:
        rd = csv.reader(fh); head = next(rd); sid = head[1]
        f = fred_freq(sid)
        for row in rd:
            if len(row) < 2 or row[1].strip() in ("", "."): continue
            add_obs(sid, f, dt.date.fromisoformat(row[0]), "FRED", "USA")

bis_country = {}
with open(OBS + "/bis/policy_rates_monthly.csv", newline="", encoding="utf-8") as fh:
    for r in csv.DictReader(fh):
        if r["value"].strip() == "": continue
        add_obs(r["series_key"], "M", dt.date.fromisoformat(r["date"]), "BIS", r["ref_area"].split(":")[0])

with open(OBS + "/turkstat/tr_cpi_tuik_2020_2025_long.csv", newline="", encoding="utf-8") as fh:
    for r in csv.DictReader(fh):
        if r["evds_equivalent"].strip() and r["value"].strip():
            add_obs(r["evds_equivalent"].strip(), "M", dt.date.fromisoformat(r["date"]), "EVDS", "TR")

ilo_ids = {}
with open(OBS + "/ilo/unemployment-ilo.csv", newline="", encoding="utf-8-sig") as fh:
    rows = list(csv.reader(fh))
for j, name in enumerate(rows[0][3:], 3):
    iso = ILO_ISO3.get(name) or wdi_iso.get(name)
    if not iso:
        prob("ILO column without ISO3 mapping: " + name); continue
    sid = "ilo:" + iso; ilo_ids[sid] = name
    for row in rows[1:]:
        if j < len(row) and row[j].strip():
            y, q = row[2].split("Q")
            add_obs(sid, "Q", dt.date(int(y), 3 * int(q) - 2, 1), "ILO", iso)

with open(OBS + "/imf/IFS_NGDP_SA_XDC_US_CA_MX.csv", encoding="utf-8") as fh:
    for line in fh.read().splitlines()[1:]:
        d, v, c, ind, f = line.split(";")
        if v.strip():
            add_obs(ind + "." + c, "Q", dt.date.fromisoformat(d), "IFS", c)

weo_rows = {}
with open(CAT + "/imf/WEOApr2024all.csv", newline="", encoding="latin-1") as fh:
    rd = csv.reader(fh, delimiter=";"); head = next(rd)
    years = [(i, int(h)) for i, h in enumerate(head) if re.fullmatch(r"\d{4}", h)]
    for r in rd:
        if len(r) < 4: continue
        sid = "WEOApr2024|%s|%s|%s" % (r[0], r[1], r[2])
        weo_rows[sid] = r
        for i, y in years:
            if i < len(r) and r[i].strip() not in ("", "n/a", "--"):
                add_obs(sid, "A", dt.date(y, 1, 1), "WEO", r[0])
        if sid not in obs:
            obs[sid] = {"freq": "A", "periods": {}, "source": "WEO", "country": r[0]}

def id_kind(sid):
    if sid.startswith("WEOApr2024|"): return "WEO" if sid in weo_rows else None
    if sid.startswith("ilo:"): return "ILO" if sid in ilo_ids else None
    if re.fullmatch(r"M\.[A-Z]{2}", sid): return "BIS" if sid in obs else None
    m = re.fullmatch(r"([A-Z0-9_]+)\.([A-Z]{2})", sid)
    if m and m.group(1) in ifs_ind and m.group(2) in ifs_areas: return "IFS"
    if sid in evds_cat: return "EVDS"
    if sid in fred_cat: return "FRED"
    if sid in wdi_codes: return "WDI"
    return None

def country_of(sid):
    k = id_kind(sid)
    if k == "FRED": return "US"
    if k == "EVDS": return "TR"
    if k == "BIS": return sid[2:]
    if k == "IFS": return sid.split(".")[-1]
    if k == "ILO": return {"USA": "US", "TUR": "TR"}.get(sid[4:], sid[4:])
    if k == "WEO": return sid.split("|")[1]
    return sid

# canonical country keys so that M.TR, ilo:TUR, WEO Türkiye count as one country
CANON = {"United States": "US", "USA": "US", "Türkiye": "TR", "TUR": "TR", "Korea": "KR", "KOR": "KR",
         "Japan": "JP", "JPN": "JP", "Canada": "CA", "CAN": "CA", "Mexico": "MX", "MEX": "MX",
         "United Kingdom": "GB", "GBR": "GB", "Brazil": "BR", "BRA": "BR", "South Africa": "ZA", "ZAF": "ZA",
         "Germany": "DE", "DEU": "DE", "France": "FR", "FRA": "FR", "Italy": "IT", "ITA": "IT",
         "Spain": "ES", "ESP": "ES", "Australia": "AU", "AUS": "AU", "New Zealand": "NZ", "NZL": "NZ",
         "Sweden": "SE", "SWE": "SE", "Norway": "NO", "NOR": "NO", "Poland": "PL", "POL": "PL",
         "Hungary": "HU", "HUN": "HU", "Czech Republic": "CZ", "CZE": "CZ", "Chile": "CL", "CHL": "CL",
         "Colombia": "CO", "COL": "CO", "Peru": "PE", "PER": "PE", "India": "IN", "IND": "IN",
         "Indonesia": "ID", "IDN": "ID", "Switzerland": "CH", "CHE": "CH", "Israel": "IL", "ISR": "IL",
         "Philippines": "PH", "PHL": "PH", "Thailand": "TH", "THA": "TH", "Malaysia": "MY", "Russia": "RU",
         "RUS": "RU", "China": "CN", "Argentina": "AR", "ARG": "AR", "Romania": "RO", "ROU": "RO",
         "Iceland": "IS", "ISL": "IS", "Denmark": "DK", "DNK": "DK", "Greece": "GR", "GRC": "GR",
         "Portugal": "PT", "PRT": "PT", "Ireland": "IE", "IRL": "IE", "Netherlands": "NL", "NLD": "NL",
         "Egypt": "EG", "EGY": "EG", "Morocco": "MA", "Saudi Arabia": "SA", "Serbia": "RS", "SRB": "RS",
         "Croatia": "HR", "HRV": "HR", "North Macedonia": "MK", "MKD": "MK", "Hong Kong SAR": "HK",
         "Vietnam": "VN", "VNM": "VN", "Bulgaria": "BG", "BGR": "BG", "Finland": "FI", "FIN": "FI",
         "Slovak Republic": "SK", "SVK": "SK", "Austria": "AT", "AUT": "AT", "Belgium": "BE", "BEL": "BE",
         "Lithuania": "LT", "Latvia": "LV", "Estonia": "EE", "Slovenia": "SI", "Uruguay": "UY", "URY": "UY",
         "Costa Rica": "CR", "CRI": "CR", "Kenya": "KE", "Nigeria": "NG", "Pakistan": "PK", "Ghana": "GH",
         "Zambia": "ZM", "Bangladesh": "BD", "Sri Lanka": "LK", "LKA": "LK", "Ukraine": "UA", "Kazakhstan": "KZ"}
def canon(c): return CANON.get(c, c)

# ---------------------------------------------------------------- coverage
def missing_in(sid, start, end):
    """list of native periods in [start,end] with no value; None if fine"""
    e = obs[sid]; f = e["freq"]; per = e["periods"]
    if not per: return ["no observations"]
    first, last = min(per), max(per.values())
    out = []
    if first > start: out.append("starts %s after %s" % (first, start))
    tol = dt.timedelta(days=7) if f in ("D", "W") else dt.timedelta(0)
    if last + tol < end: out.append("ends %s before %s" % (last, end))
    if f in ("M", "Q", "A") and not out:
        step = {"M": 1, "Q": 3, "A": 12}[f]
        d = native_period(start, f)[0]
        while d <= end:
            if d not in per: out.append("gap at %s" % d)
            d = shift_months(d, step)
    return out

# ---------------------------------------------------------------- load scenarios
if not os.path.exists(JSONL) or not os.path.exists(SPANS):
    print("missing jsonl or spans file"); print("problems: 1"); sys.exit(1)
scen = []
for n, line in enumerate(open(JSONL, encoding="utf-8"), 1):
    try: scen.append(json.loads(line))
    except Exception as ex: prob("line %d not JSON: %s" % (n, ex))
side = json.load(open(SPANS, encoding="utf-8"))

counts = collections.Counter()
ids_seen = set(); users_seen = set(); used_ids = collections.Counter(); used_src = collections.Counter()
for s in scen:
    sid = s.get("id", "?")
    if not re.fullmatch(r"b13-\d{2}", sid): prob(sid + ": bad id")
    if sid in ids_seen: prob(sid + ": duplicate id")
    ids_seen.add(sid)
    if set(s) - {"id", "title", "turns", "notes"}: prob(sid + ": unexpected keys %s" % (set(s) - {"id", "title", "turns", "notes"}))
    for k in ("title", "notes"):
        if not isinstance(s.get(k), str) or len(s.get(k, "")) < 10: prob(sid + ": missing " + k)
    turns = s.get("turns", [])
    if len(turns) != 3: prob(sid + ": %d turns, want 3" % len(turns))
    sd = side.get(sid)
    if not sd: prob(sid + ": no side entry"); continue
    if len(sd.get("spans", [])) != len(turns): prob(sid + ": spans count != turns")
    cls = set(); prev_ids = set()
    for ti, t in enumerate(turns):
        where = "%s turn %d" % (sid, ti + 1)
        if set(t) - {"user", "needs", "actions", "frequency", "derives"}: prob(where + ": unexpected keys")
        u = t.get("user", "")
        if len(u) < 8: prob(where + ": empty user")
        if u in users_seen: prob(where + ": duplicated user text")
        users_seen.add(u)
        acts = t.get("actions", [])
        if not acts or set(acts) - ACTIONS: prob(where + ": bad actions %s" % acts)
        if len(set(acts)) != len(acts): prob(where + ": repeated action")
        needs = t.get("needs", [])
        if not needs: prob(where + ": no needs")
        span = sd["spans"][ti] if ti < len(sd.get("spans", [])) else None
        try:
            s0, _, _ = period_bounds(span[0]); _, s1, _ = period_bounds(span[1])
            if s0 > s1: prob(where + ": span reversed")
        except Exception as ex:
            prob(where + ": bad span %s %s" % (span, ex)); continue
        freqs = set(); srcs = set(); countries = set(); turn_ids = set()
        derives = t.get("derives")
        if ("derive" in acts) != bool(derives): prob(where + ": derive action/derives mismatch")
        lag_need = {}  # need index -> months back required
        tf = t.get("frequency")
        if tf is not None and tf not in FREQ_ORDER: prob(where + ": bad frequency " + str(tf))
        for d in derives or []:
            op, inp = d.get("op"), d.get("inputs", [])
            if not isinstance(d.get("note"), str) or not d.get("note"): prob(where + ": derive without note")
            if any((not isinstance(i, int)) or i < 0 or i >= len(needs) for i in inp):
                prob(where + ": derive inputs out of range %s" % inp); continue
            if op in UNARY:
                if len(inp) != 1: prob(where + ": %s wants 1 input" % op)
            elif op in BINARY:
                if len(inp) != 2 or inp[0] == inp[1]: prob(where + ": %s wants 2 distinct inputs" % op)
            elif op == "expression":
                if len(set(inp)) < 2: prob(where + ": expression wants 2+ inputs")
            else:
                prob(where + ": unknown op %s" % op)
            if op in ARITH: cls.add("arith")
            if op in ("yoy_pct", "pct_change", "diff"):
                for i in inp:
                    if op == "yoy_pct": back = 12
                    else:
                        f0 = tf or (obs.get(needs[i][0], {}).get("freq") if needs[i] else None) or "M"
                        back = {"D": 0, "W": 0, "M": 1, "Q": 3, "S": 6, "A": 12}[f0]
                    lag_need[i] = max(lag_need.get(i, 0), back)
        for ni, alts in enumerate(needs):
            if not alts or not isinstance(alts, list): prob(where + ": empty need"); continue
            nf = set()
            for a in alts:
                k = id_kind(a)
                if k is None: prob(where + ": unknown id " + a); continue
                if k == "WDI": prob(where + ": WDI id used as a need " + a); continue
                if a not in obs: prob(where + ": no observations for " + a); continue
                start = s0
                if lag_need.get(ni):
                    start = shift_months(s0, -lag_need[ni])
                miss = missing_in(a, start, s1)
                if miss: prob(where + ": %s does not cover %s..%s: %s" % (a, start, s1, miss[:3]))
                nf.add(obs[a]["freq"]); srcs.add(k); countries.add(canon(country_of(a)))
                turn_ids.add(a); used_ids[a] += 1; used_src[k] += 1
            if len(nf) > 1: prob(where + ": alternatives differ in frequency %s" % nf)
            freqs |= nf
        if len(freqs) > 1 and not (tf or "convert" in acts):
            prob(where + ": mixes native frequencies %s without frequency/convert" % freqs)
        if tf and freqs and FREQ_ORDER[tf] < max(FREQ_ORDER[f] for f in freqs):
            prob(where + ": asks frequency %s finer than a series (%s)" % (tf, freqs))
        if tf and freqs and FREQ_ORDER[tf] > min(FREQ_ORDER[f] for f in freqs) and "convert" not in acts:
            prob(where + ": table frequency %s is coarser than a native series (%s) but no convert action" % (tf, freqs))
        if "convert" in acts:
            if not tf: prob(where + ": convert without frequency")
            elif not any(FREQ_ORDER[tf] > FREQ_ORDER[f] for f in freqs): prob(where + ": convert but nothing is finer than " + tf)
        if len(freqs) > 1 and len(srcs) > 1: cls.add("mixed_src_freq")
        if len(countries) >= 3: cls.add("3plus_countries")
        if "changepoints" in acts: cls.add("changepoints")
        if "chart" in acts: cls.add("chart")
        if ti > 0 and turn_ids & prev_ids: cls.add("carries_forward")
        prev_ids |= turn_ids
    tags = set(sd.get("tags", []))
    if "refer_back" in tags:
        if "carries_forward" not in cls: prob(sid + ": tagged refer_back but no later turn carries a series")
        cls.add("refer_back")
    if "twin" in tags:
        traps = sd.get("traps", [])
        if not traps: prob(sid + ": twin tag without traps")
        all_need_ids = {a for t in turns for alts in t.get("needs", []) for a in alts}
        for tr in traps:
            if id_kind(tr) is None: prob(sid + ": trap id unknown " + tr)
            if tr in all_need_ids: prob(sid + ": trap id is also a right answer " + tr)
            if tr not in s.get("notes", ""): prob(sid + ": trap %s not mentioned in notes" % tr)
        cls.add("twin")
    for tr in sd.get("wdi_traps", []):
        if tr not in wdi_codes: prob(sid + ": WDI trap not in WDISeries " + tr)
        if tr not in s.get("notes", ""): prob(sid + ": WDI trap %s not in notes" % tr)
    for c in cls: counts[c] += 1

want = ["b13-%02d" % i for i in range(1, 41)]
missing = [w for w in want if w not in ids_seen]
print("scenarios:", len(scen), "missing ids:", missing if missing else "none")
print("class counts:")
targets = {"arith": 16, "3plus_countries": 11, "mixed_src_freq": 8, "refer_back": 13, "twin": 15}
for k in ["arith", "3plus_countries", "mixed_src_freq", "refer_back", "twin", "carries_forward", "changepoints", "chart"]:
    tgt = targets.get(k)
    print("  %-16s %3d%s" % (k, counts[k], ("  (target >= %d)" % tgt) if tgt else ""))
    if tgt and len(scen) == 40 and counts[k] < tgt: prob("class %s below target: %d < %d" % (k, counts[k], tgt))
print("sources used (need-id occurrences):", dict(used_src))
print("distinct ids used:", len(used_ids))
fred_files = {f[:-4] for f in os.listdir(OBS + "/fred")} - {"INDPRO_2020"}
unused = sorted(fred_files - set(used_ids))
print("FRED observation files not used:", unused if unused else "none")
print("problems: %d" % len(problems))

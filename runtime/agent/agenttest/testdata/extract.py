#!/usr/bin/env python3
"""Writes catalog.jsonl: a small real subset of ../shared/catalogs for agent
tests. Run from the repository root: python3 runtime/agent/agenttest/testdata/extract.py
Rows keep their real ids, titles, headings and heading sizes (counted over the
full source); only the selection is small. See README.md."""
import csv, json, os, collections, datetime

SH = os.environ.get("SHARED", "../shared/catalogs")
OUT = os.path.join(os.path.dirname(__file__), "catalog.jsonl")
FREQ = {"Monthly": "M", "Daily": "D", "Weekly": "W", "Quarterly": "Q", "Annual": "A", "Semiannual": "S",
        "Month": "M", "Day": "D", "Week": "W", "Quarter": "Q", "Year": "A", "Annual ": "A"}
SCALE = {"P": "Percent", "T": "Thousands", "B": "Billions of Dollars", "M": "Millions of Dollars", "R": "Rate"}
rows = []

def dmy(s):
    d, m, y = s.split("-")
    return f"{y}-{m}-{d}"

# FRED
fred = list(csv.DictReader(open(f"{SH}/fred/fred_release_series.csv", encoding="utf-8")))
rel_size = collections.Counter(r["release_name"] for r in fred)
with_obs = {f[:-4] for f in os.listdir(f"{SH}/observations/fred") if f.endswith(".csv")}
picks = collections.OrderedDict()
def pick(pred, limit):
    n = 0
    for r in fred:
        if n >= limit:
            break
        if r["series_id"] not in picks and pred(r):
            picks[r["series_id"]] = r
            n += 1
pick(lambda r: r["series_id"] in with_obs, 100)
pick(lambda r: r["release_name"] == "Employment Situation" and "Unemployment Rate" in r["title"], 70)
pick(lambda r: r["release_name"] == "Employment Situation" and "All Employees" in r["title"], 50)
pick(lambda r: r["release_name"] == "H.15 Selected Interest Rates" and ("Prime" in r["title"] or "Federal Funds" in r["title"]), 40)
pick(lambda r: "Loans" in r["title"] and "Commercial" in r["title"], 60)
pick(lambda r: "Consumer Price" in r["title"], 50)
pick(lambda r: "Turkey" in r["title"], 30)
for r in picks.values():
    mo = datetime.datetime.strptime(r["last_observation"], "%d-%b-%Y").date().isoformat() if r["last_observation"] else ""
    rows.append({"id": "fred:" + r["series_id"], "title": r["title"], "unit": SCALE.get(r["scale_code"], ""),
                 "frequency": FREQ.get(r["frequency"], r["frequency"][:1]), "seasonal_adjustment": r["seasonal_adjustment"],
                 # The selection is US series but for the rows naming Turkey.
                 "country": "TUR" if "Turkey" in r["title"] else "USA",
                 "start": "", "end": mo, "heading_path": ["FRED", r["release_name"]],
                 "heading_size": rel_size[r["release_name"]], "has_data": r["series_id"] in with_obs})

# EVDS
evds = list(csv.DictReader(open(f"{SH}/evds/cbrt_allseries.csv", encoding="utf-8")))
grp_size = collections.Counter(r["groupCode"] for r in evds)
seen = set()
def epick(pred, limit):
    n = 0
    for r in evds:
        if n >= limit:
            break
        if r["seriesCode"] not in seen and pred(r):
            seen.add(r["seriesCode"])
            n += 1
            rows.append({"id": "evds:" + r["seriesCode"], "title": r["seriesName"], "unit": "",
                         "frequency": FREQ.get(r["freqname"], ""), "country": "TUR",
                         "start": dmy(r["start"]), "end": dmy(r["end"]),
                         "heading_path": ["EVDS", r["topic"], r["groupName"]], "heading_size": grp_size[r["groupCode"]],
                         "has_data": r["seriesCode"] == "TP.FG.J0"})
epick(lambda r: r["groupCode"] in ("bie_tukfiy4", "bie_feoktg"), 80)
epick(lambda r: "Interest" in r["groupName"] or "INTEREST" in r["topic"], 60)
epick(lambda r: "Consumer Price" in r["groupName"], 40)

# IMF WEO
weo = list(csv.reader(open(f"{SH}/imf/WEOApr2024all.csv", encoding="latin-1"), delimiter=";"))[1:]
weo = [w for w in weo if len(w) > 4 and w[0]]
subj_size = collections.Counter((w[1], w[2]) for w in weo)
ISO = {"Türkiye": "TUR", "Argentina": "ARG", "Brazil": "BRA", "Mexico": "MEX", "United States": "USA"}
for w in weo:
    if w[0] in ISO:
        unit = w[2] + ("" if w[3] in ("", "Units") else " (" + w[3] + ")")
        rows.append({"id": f"weo:WEOApr2024|{w[0]}|{w[1]}|{w[2]}", "title": f"{w[1]} · {w[0]}", "unit": unit,
                     "frequency": "A", "country": ISO[w[0]], "start": "2000", "end": "2023",
                     "heading_path": ["IMF World Economic Outlook (April 2024)", w[1], w[2]],
                     "heading_size": subj_size[(w[1], w[2])], "has_data": True})

# BIS policy rates: ISO3 for the economies the tests name.
BIS_ISO3 = {"TR": "TUR", "US": "USA", "AR": "ARG", "BR": "BRA", "MX": "MEX", "DE": "DEU", "GB": "GBR", "JP": "JPN"}
bis = collections.OrderedDict()
for r in csv.DictReader(open(f"{SH}/observations/bis/policy_rates_monthly.csv", encoding="utf-8")):
    k = r["series_key"]
    if k not in bis:
        bis[k] = {"area": r["ref_area"].split(":", 1)[1], "unit": r["unit"], "start": r["date"], "end": r["date"]}
    bis[k]["end"] = r["date"]
for k, b in bis.items():
    rows.append({"id": "bis:" + k, "title": "Central bank policy rate · " + b["area"], "unit": b["unit"], "frequency": "M",
                 "country": BIS_ISO3.get(k[2:], ""),
                 "start": b["start"], "end": b["end"], "heading_path": ["BIS", "Central bank policy rates"],
                 "heading_size": len(bis), "has_data": True})

with open(OUT, "w", encoding="utf-8") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(rows), "rows")

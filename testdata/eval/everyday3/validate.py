#!/usr/bin/env python3
"""Checks questions-everyday3.jsonl against the raw catalog files in /work/shared/catalogs.
Prints per-row problems, counts by kind and source, and finally 'problems: N'."""
import csv, json, collections, re, sys
C = "/work/shared/catalogs/"
def load():
    ids = {}
    e = set()
    for r in csv.DictReader(open(C + "evds/cbrt_allseries.csv", encoding="utf-8")): e.add(r["seriesCode"])
    for r in csv.DictReader(open(C + "evds/cbrt_meta_data_2020.csv", encoding="utf-8")): e.add(r["SERIE_CODE"])
    e |= set(json.load(open(C + "evds/evds_index_en.json", encoding="utf-8")))
    ids["evds"] = e
    ids["fred"] = {r["series_id"] for r in csv.DictReader(open(C + "fred/fred_release_series.csv", encoding="utf-8", errors="replace"))}
    ids["weo"] = {"WEOApr2024|%s|%s|%s" % (r["Country"], r["Subject Descriptor"], r["Units"])
                  for r in csv.DictReader(open(C + "imf/WEOApr2024all.csv", encoding="latin-1", newline=""), delimiter=";")}
    ids["ifs"] = {r["parameter_value"] for r in csv.DictReader(open(C + "imf/IFS_Indicators.csv", encoding="utf-8", errors="replace"), delimiter=";")}
    ids["wdi"] = {r["Series Code"] for r in csv.DictReader(open(C + "wdi/WDISeries.csv", encoding="utf-8-sig", errors="replace"))}
    ids["eurostat"] = {r["code"].strip() for r in csv.DictReader(open(C + "eurostat/table_of_contents_en.txt", encoding="utf-8"), delimiter="\t")}
    ids["bis"] = {r["series_key"] for r in csv.DictReader(open(C + "observations/bis/policy_rates_monthly.csv", encoding="utf-8"))}
    return ids
def titles():
    t = set()
    for r in csv.DictReader(open(C + "evds/cbrt_allseries.csv", encoding="utf-8")): t.add(r["seriesName"].strip().lower())
    for r in csv.DictReader(open(C + "fred/fred_release_series.csv", encoding="utf-8", errors="replace")): t.add(r["title"].strip().lower())
    for r in csv.DictReader(open(C + "wdi/WDISeries.csv", encoding="utf-8-sig", errors="replace")): t.add(r["Indicator Name"].strip().lower())
    for r in csv.DictReader(open(C + "eurostat/table_of_contents_en.txt", encoding="utf-8"), delimiter="\t"): t.add(r["title"].strip().lower())
    for r in csv.DictReader(open(C + "imf/WEOApr2024all.csv", encoding="latin-1", newline=""), delimiter=";"): t.add(r["Subject Descriptor"].strip().lower())
    return t
TARGET = {"typo": 20, "acronym": 15, "abbreviation": 15, "turkish": 15, "one-word": 15, "two-word": 15, "short-phrase": 15}
KEYS = ["id", "question", "kind", "source", "gold_ids", "id_field", "notes"]
def main(path="questions-everyday3.jsonl"):
    ids = load(); tt = titles(); probs = []
    seen_id, seen_q = set(), set()
    kinds, srcs, ngold = collections.Counter(), collections.Counter(), collections.Counter()
    rows = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    for n, r in enumerate(rows, 1):
        tag = r.get("id", f"line{n}")
        if list(r.keys()) != KEYS: probs.append(f"{tag}: keys {list(r.keys())}")
        if not re.fullmatch(r"e3-\d{3}", r["id"]): probs.append(f"{tag}: bad id format")
        if r["id"] in seen_id: probs.append(f"{tag}: duplicate id")
        seen_id.add(r["id"])
        ql = r["question"].strip().lower()
        if ql in seen_q: probs.append(f"{tag}: duplicate question")
        seen_q.add(ql)
        # single words inevitably coincide with some folder/title; check only multi-word queries
        if len(ql.split()) > 1 and ql in tt: probs.append(f"{tag}: question copies a catalog title verbatim")
        if r["kind"] not in TARGET: probs.append(f"{tag}: bad kind {r['kind']}")
        if r["source"] not in ids: probs.append(f"{tag}: bad source {r['source']}")
        kinds[r["kind"]] += 1; srcs[r["source"]] += 1
        if not r["gold_ids"]: probs.append(f"{tag}: no gold ids")
        if len(set(r["gold_ids"])) != len(r["gold_ids"]): probs.append(f"{tag}: duplicate gold id in row")
        nw = len(r["question"].split())
        if r["kind"] == "one-word" and nw != 1: probs.append(f"{tag}: one-word has {nw} words")
        if r["kind"] == "two-word" and nw != 2: probs.append(f"{tag}: two-word has {nw} words")
        if r["kind"] == "short-phrase" and not 3 <= nw <= 5: probs.append(f"{tag}: short-phrase has {nw} words")
        for g in r["gold_ids"]:
            ns, sep, bare = g.partition(":")
            if sep and ns in ids:
                if ns == r["source"]: probs.append(f"{tag}: primary-source id should be bare: {g}")
                src = ns
            else:
                src, bare = r["source"], g
            ngold[src] += 1
            if bare not in ids[src]: probs.append(f"{tag}: {g} not found in {src} raw file")
    for k, v in TARGET.items():
        if kinds[k] != v: probs.append(f"kind {k}: {kinds[k]} rows, target {v}")
    if len(rows) != 110: probs.append(f"{len(rows)} rows, target 110")
    for p in probs: print("PROBLEM", p)
    print("rows:", len(rows))
    print("by kind:", dict(sorted(kinds.items())))
    print("by source:", dict(sorted(srcs.items())))
    print("gold ids checked, by the source file they resolve to:", dict(sorted(ngold.items())), "total", sum(ngold.values()))
    print(f"problems: {len(probs)}")
    return len(probs)
if __name__ == "__main__":
    sys.exit(1 if main(*sys.argv[1:]) else 0)

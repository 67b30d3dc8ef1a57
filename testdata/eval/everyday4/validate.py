#!/usr/bin/env python3
"""Self-contained validator for questions-everyday4.jsonl.

Checks: JSON shape; unique ids and questions; kinds and their counts; word counts per kind; source and id_field;
every gold id (with or without a namespace prefix) exists in the raw catalog file its namespace names; no duplicate
gold id within a record; no multi-word query repeats a catalog title verbatim (case-, space- and punctuation-
insensitive). Prints counts and "problems: N" as its last line.
"""
import csv, json, os, re, sys, unicodedata
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
CAT = "/work/shared/catalogs/"
QFILE = os.path.join(HERE, "questions-everyday4.jsonl")

KINDS = ["typo", "acronym", "abbreviation", "turkish", "one-word", "two-word", "short-phrase"]
SOURCES = ["evds", "fred", "weo", "ifs", "wdi", "eurostat", "bis"]
ID_FIELD_FILE = {
    "evds": "evds/cbrt_allseries.csv", "fred": "fred/fred_release_series.csv", "weo": "imf/WEOApr2024all.csv",
    "ifs": "imf/IFS_Indicators.csv", "wdi": "wdi/WDISeries.csv", "eurostat": "eurostat/table_of_contents_en.txt",
    "bis": "observations/bis/policy_rates_monthly.csv",
}
TOTAL = 110
KIND_MIN, KIND_MAX = 15, 16

csv.field_size_limit(10 ** 9)


def load_ids_and_titles():
    ids = {s: set() for s in SOURCES}
    titles = set()
    # EVDS: three vintages
    for r in csv.DictReader(open(CAT + "evds/cbrt_allseries.csv", encoding="utf-8")):
        ids["evds"].add(r["seriesCode"]); titles.add(r["seriesName"]); titles.add(r["groupName"]); titles.add(r["topic"])
    for r in csv.DictReader(open(CAT + "evds/cbrt_meta_data_2020.csv", encoding="utf-8")):
        ids["evds"].add(r["SERIE_CODE"]); titles.add(r["SERIE_NAME_ENG"]); titles.add(r["SERIE_NAME"])
    for fn in ("evds_index_en.json", "evds_index_tr.json"):
        for k, v in json.load(open(CAT + "evds/" + fn, encoding="utf-8")).items():
            ids["evds"].add(k); titles.add(v[0])
    for r in csv.DictReader(open(CAT + "evds/cbrt_groups.csv", encoding="utf-8")):
        titles.add(r["groupName"])
    # FRED
    for r in csv.DictReader(open(CAT + "fred/fred_release_series.csv", encoding="utf-8")):
        ids["fred"].add(r["series_id"]); titles.add(r["title"]); titles.add(r["release_name"])
    # WEO (Latin-1, ';')
    for r in csv.reader(open(CAT + "imf/WEOApr2024all.csv", encoding="latin-1"), delimiter=";"):
        if len(r) > 3 and r[0] != "Country":
            ids["weo"].add("WEOApr2024|%s|%s|%s" % (r[0], r[1], r[2])); titles.add(r[1])
    # IFS
    for r in csv.reader(open(CAT + "imf/IFS_Indicators.csv", encoding="utf-8", errors="replace"), delimiter=";"):
        if r and r[0] != "parameter_value":
            ids["ifs"].add(r[0])
            if len(r) > 1:
                titles.add(r[1])
                for part in r[1].split(","):
                    titles.add(part)
    # WDI
    for r in csv.DictReader(open(CAT + "wdi/WDISeries.csv", encoding="utf-8-sig", errors="replace")):
        ids["wdi"].add(r["Series Code"]); titles.add(r["Indicator Name"])
    # Eurostat
    for r in csv.reader(open(CAT + "eurostat/table_of_contents_en.txt", encoding="utf-8"), delimiter="\t"):
        if len(r) > 2 and r[1] != "code":
            ids["eurostat"].add(r[1]); titles.add(r[0])
    # BIS
    for r in csv.DictReader(open(CAT + "observations/bis/policy_rates_monthly.csv", encoding="utf-8")):
        ids["bis"].add(r["series_key"])
    return ids, titles


def norm(s):
    s = unicodedata.normalize("NFKC", s).lower()
    s = re.sub(r"[^\w%]+", " ", s)
    return " ".join(s.split())


def main():
    problems = []
    ids, titles = load_ids_and_titles()
    ntitles = {norm(t) for t in titles if t and t.strip()}
    recs = []
    for ln, line in enumerate(open(QFILE, encoding="utf-8"), 1):
        line = line.strip()
        if not line:
            continue
        try:
            recs.append(json.loads(line))
        except Exception as e:
            problems.append("line %d: bad JSON (%s)" % (ln, e))
    kinds, sources, seen_ids, seen_q = Counter(), Counter(), set(), set()
    gold_total, cross = 0, 0
    for r in recs:
        rid = r.get("id", "?")
        for f in ("id", "question", "kind", "source", "gold_ids", "id_field", "notes"):
            if f not in r:
                problems.append("%s: missing field %s" % (rid, f))
        if set(r) - {"id", "question", "kind", "source", "gold_ids", "id_field", "notes"}:
            problems.append("%s: unexpected fields %s" % (rid, set(r) - {"id", "question", "kind", "source", "gold_ids", "id_field", "notes"}))
        if not re.fullmatch(r"e4-\d{3}", rid):
            problems.append("%s: id form" % rid)
        if rid in seen_ids:
            problems.append("%s: duplicate id" % rid)
        seen_ids.add(rid)
        qtext = r.get("question", "")
        nq = norm(qtext)
        if not nq:
            problems.append("%s: empty question" % rid)
        if nq in seen_q:
            problems.append("%s: duplicate question %r" % (rid, qtext))
        seen_q.add(nq)
        if qtext != qtext.strip() or "  " in qtext:
            problems.append("%s: stray whitespace in question" % rid)
        kind, src = r.get("kind"), r.get("source")
        if kind not in KINDS:
            problems.append("%s: bad kind %r" % (rid, kind))
        if src not in SOURCES:
            problems.append("%s: bad source %r" % (rid, src))
            continue
        kinds[kind] += 1
        sources[src] += 1
        nwords = len(qtext.split())
        if kind == "one-word" and nwords != 1:
            problems.append("%s: one-word query has %d words" % (rid, nwords))
        if kind == "two-word" and nwords != 2:
            problems.append("%s: two-word query has %d words" % (rid, nwords))
        if kind == "short-phrase" and not 3 <= nwords <= 6:
            problems.append("%s: short-phrase query has %d words" % (rid, nwords))
        if nwords > 6:
            problems.append("%s: query longer than 6 words" % rid)
        if not r.get("id_field", "").startswith(ID_FIELD_FILE[src]):
            problems.append("%s: id_field %r does not name %s" % (rid, r.get("id_field"), ID_FIELD_FILE[src]))
        if nwords >= 2 and nq in ntitles:
            problems.append("%s: multi-word query repeats a catalog title verbatim: %r" % (rid, qtext))
        gold = r.get("gold_ids") or []
        if not gold:
            problems.append("%s: empty gold_ids" % rid)
        if len(set(gold)) != len(gold):
            problems.append("%s: duplicate gold id" % rid)
        own = 0
        for g in gold:
            gold_total += 1
            m = re.match(r"^(evds|fred|weo|ifs|wdi|eurostat|bis):(.+)$", g)
            if m:
                ns, gid = m.group(1), m.group(2)
                if ns == src:
                    problems.append("%s: gold %r carries its own source's prefix" % (rid, g))
                cross += 1
            else:
                ns, gid = src, g
                own += 1
            if gid not in ids[ns]:
                problems.append("%s: gold id %r not found in %s (%s)" % (rid, g, ns, ID_FIELD_FILE[ns]))
            if ns == "weo" and not gid.startswith("WEOApr2024|"):
                problems.append("%s: WEO id form %r" % (rid, g))
        if own == 0:
            problems.append("%s: no gold id from the primary source %s" % (rid, src))
        if len(r.get("notes", "")) < 20:
            problems.append("%s: notes too short" % rid)
    if len(recs) != TOTAL:
        problems.append("total %d, expected %d" % (len(recs), TOTAL))
    for k in KINDS:
        if not KIND_MIN <= kinds[k] <= KIND_MAX:
            problems.append("kind %s count %d outside %d-%d" % (k, kinds[k], KIND_MIN, KIND_MAX))
    print("file:", QFILE)
    print("queries:", len(recs))
    print("by kind:", ", ".join("%s %d" % (k, kinds[k]) for k in KINDS))
    print("by source:", ", ".join("%s %d" % (s, sources[s]) for s in SOURCES))
    print("gold ids: %d (cross-source prefixed: %d)" % (gold_total, cross))
    print("queries naming no country: counted by hand in README")
    for p in problems:
        print("PROBLEM:", p)
    print("problems: %d" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

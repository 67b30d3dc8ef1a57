#!/usr/bin/env python3
"""Self-contained validator for questions-everyday5.jsonl.

Checks, using only the raw files under /work/shared/catalogs:
  1. schema: 110 rows, ids e5-001..e5-110, required keys, allowed kinds/sources,
     question 1-6 words, no duplicate questions, non-empty gold;
  2. every gold id exists in the raw file of its source (bare id = row's
     `source`; `pre:` prefix = that source);
  3. no multi-word question equals a catalog title word for word (after
     case-folding, Turkish-letter folding and punctuation removal);
  4. rough kind checks (one-word has one token, two-word two tokens,
     turkish questions contain Turkish words).
Prints a report; exit status 1 on any failure.
"""
import csv
import json
import os
import re
import sys
import unicodedata

C = "/work/shared/catalogs/"
HERE = os.path.dirname(os.path.abspath(__file__))
QFILE = os.path.join(HERE, "questions-everyday5.jsonl")

KINDS = {"typo", "acronym", "abbreviation", "turkish", "one-word", "two-word",
         "short-phrase", "country-first", "misordered/odd"}
SOURCES = {"evds", "fred", "weo", "ifs", "wdi", "bis", "eurostat"}
KEYS = ["id", "question", "kind", "source", "gold_ids", "id_field", "notes"]

csv.field_size_limit(10 ** 9)

TR_FOLD = str.maketrans({"ı": "i", "İ": "i", "ş": "s", "Ş": "s", "ğ": "g", "Ğ": "g",
                         "ü": "u", "Ü": "u", "ö": "o", "Ö": "o", "ç": "c", "Ç": "c"})


def norm(s):
    s = s.translate(TR_FOLD).casefold()
    s = unicodedata.normalize("NFKD", s)
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    s = re.sub(r"[^0-9a-z]+", " ", s)
    return " ".join(s.split())


def load():
    ids = {k: set() for k in SOURCES}
    titles = set()

    # FRED
    with open(C + "fred/fred_release_series.csv", newline="", encoding="utf-8", errors="replace") as f:
        for r in csv.DictReader(f):
            ids["fred"].add(r["series_id"])
            titles.add(norm(r["title"]))
    # EVDS: three vintages
    with open(C + "evds/cbrt_allseries.csv", newline="", encoding="utf-8", errors="replace") as f:
        for r in csv.DictReader(f):
            ids["evds"].add(r["seriesCode"])
            titles.add(norm(r["seriesName"]))
            titles.add(norm(r["groupName"]))
            titles.add(norm(r["topic"]))
    with open(C + "evds/cbrt_meta_data_2020.csv", newline="", encoding="utf-8", errors="replace") as f:
        for r in csv.DictReader(f):
            ids["evds"].add(r["SERIE_CODE"])
            titles.add(norm(r["SERIE_NAME_ENG"]))
            titles.add(norm(r["SERIE_NAME"]))
    for fn in ("evds_index_en.json", "evds_index_tr.json"):
        with open(C + "evds/" + fn, encoding="utf-8") as f:
            for k, v in json.load(f).items():
                ids["evds"].add(k)
                titles.add(norm(v[0]))
    with open(C + "evds/cbrt_groups.csv", newline="", encoding="utf-8", errors="replace") as f:
        for r in csv.DictReader(f):
            titles.add(norm(r["groupName"]))
    # WEO (Latin-1, ';', quoted multi-line units)
    with open(C + "imf/WEOApr2024all.csv", newline="", encoding="latin-1") as f:
        rd = csv.reader(f, delimiter=";")
        next(rd)
        for row in rd:
            if len(row) < 3:
                continue
            ids["weo"].add("WEOApr2024|%s|%s|%s" % (row[0], row[1], row[2]))
            titles.add(norm(row[1]))
            titles.add(norm(row[1] + " " + row[2]))
    # IFS
    with open(C + "imf/IFS_Indicators.csv", newline="", encoding="utf-8", errors="replace") as f:
        rd = csv.reader(f, delimiter=";")
        next(rd)
        for row in rd:
            if row:
                ids["ifs"].add(row[0])
                titles.add(norm(row[1]))
    # WDI
    with open(C + "wdi/WDISeries.csv", newline="", encoding="utf-8-sig", errors="replace") as f:
        for r in csv.DictReader(f):
            ids["wdi"].add(r["Series Code"])
            titles.add(norm(r["Indicator Name"]))
    # Eurostat
    with open(C + "eurostat/table_of_contents_en.txt", newline="", encoding="utf-8", errors="replace") as f:
        rd = csv.reader(f, delimiter="\t")
        next(rd)
        for row in rd:
            if len(row) > 1:
                ids["eurostat"].add(row[1])
                titles.add(norm(row[0]))
    # BIS policy rates
    with open(C + "observations/bis/policy_rates_monthly.csv", newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            ids["bis"].add(r["series_key"])
    titles.discard("")
    return ids, titles


TURKISH_HINT = re.compile(r"[çğıöşüİ]|\b(orani|kuru|fiyat\w*|uretim\w*|kredi\w*|faiz\w*|"
                          r"mevduat\w*|borc\w*|satis\w*|butce|dengesi|guven\w*|kullanim|"
                          r"harcama\w*|enflasyon|beklenti\w*|konut|sanayi|cari|ihtiyac|altin)\b",
                          re.I)


def main():
    out = []
    fail = 0

    def bad(msg):
        nonlocal fail
        fail += 1
        out.append("FAIL " + msg)

    ids, titles = load()
    out.append("catalog ids loaded: " + ", ".join("%s=%d" % (k, len(v)) for k, v in sorted(ids.items())))
    out.append("catalog titles loaded (normalised, unique): %d" % len(titles))

    rows = [json.loads(l) for l in open(QFILE, encoding="utf-8") if l.strip()]
    out.append("rows: %d" % len(rows))
    if len(rows) != 110:
        bad("expected 110 rows, got %d" % len(rows))
    want = ["e5-%03d" % i for i in range(1, 111)]
    if [r.get("id") for r in rows] != want:
        bad("ids are not e5-001..e5-110 in order")

    seenq = {}
    ngold = 0
    kinds, sources = {}, {}
    for r in rows:
        rid = r.get("id")
        for k in KEYS:
            if k not in r:
                bad("%s missing key %s" % (rid, k))
        if set(r) - set(KEYS):
            bad("%s extra keys %s" % (rid, set(r) - set(KEYS)))
        q = r["question"]
        words = q.split()
        if not 1 <= len(words) <= 6:
            bad("%s question has %d words" % (rid, len(words)))
        if q != q.strip() or "  " in q:
            bad("%s question whitespace" % rid)
        nq = norm(q)
        if nq in seenq:
            bad("%s duplicates question of %s" % (rid, seenq[nq]))
        seenq[nq] = rid
        if q != q.lower():
            bad("%s question not lowercase: %r" % (rid, q))
        if not r.get("id_field") or not r.get("notes"):
            bad("%s empty id_field or notes" % rid)
        if r["kind"] not in KINDS:
            bad("%s bad kind %r" % (rid, r["kind"]))
        if r["source"] not in SOURCES:
            bad("%s bad source %r" % (rid, r["source"]))
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
        sources[r["source"]] = sources.get(r["source"], 0) + 1
        if r["kind"] == "one-word" and len(words) != 1:
            bad("%s one-word has %d words" % (rid, len(words)))
        if r["kind"] == "two-word" and len(words) != 2:
            bad("%s two-word has %d words" % (rid, len(words)))
        if r["kind"] == "turkish" and not TURKISH_HINT.search(q):
            bad("%s turkish question has no Turkish word" % rid)
        if not r["gold_ids"]:
            bad("%s empty gold" % rid)
        if len(set(r["gold_ids"])) != len(r["gold_ids"]):
            bad("%s duplicate gold ids" % rid)
        prim = 0
        for g in r["gold_ids"]:
            ngold += 1
            src, gid = r["source"], g
            head = g.split("|")[0]
            if ":" in head:
                pre, rest = g.split(":", 1)
                if pre not in SOURCES:
                    bad("%s unknown prefix in %r" % (rid, g))
                    continue
                if pre == r["source"]:
                    bad("%s primary-source id carries a prefix: %r" % (rid, g))
                src, gid = pre, rest
            else:
                prim += 1
            if gid not in ids[src]:
                bad("%s gold id not found in %s raw files: %r" % (rid, src, gid))
        if prim == 0:
            bad("%s has no bare primary-source gold id" % rid)
        # word-for-word title check for multi-word queries
        if len(words) > 1 and nq in titles:
            bad("%s multi-word question equals a catalog title: %r" % (rid, q))

    out.append("gold ids checked: %d" % ngold)
    out.append("kinds: " + ", ".join("%s=%d" % kv for kv in sorted(kinds.items())))
    out.append("sources: " + ", ".join("%s=%d" % kv for kv in sorted(sources.items())))
    out.append("RESULT: %s (%d failure%s)" % ("PASS" if not fail else "FAIL", fail, "" if fail == 1 else "s"))
    print("\n".join(out))
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())

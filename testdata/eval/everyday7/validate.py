#!/usr/bin/env python3
"""Validator for questions-everyday7.jsonl (standard library only).

Reads only /work/shared/catalogs/ and the jsonl.  Exits 0 when no problems.
Checks: schema and id sequence (exactly e7-001..e7-110); every source is a
primary source at least once; each kind has about 15 queries; typo queries
contain a word found in no catalogue title; 1-6 words, lowercase, no
duplicates; word count of one-word/two-word kinds; Turkish queries contain Turkish words; every
gold id exists in the raw file of its source (bare ids = primary source,
prefixed ids = other sources); no multi-word query equals a catalogue title
(ignoring case, Turkish letters and punctuation).
"""
import csv, json, os, re, sys, unicodedata

CAT = "/work/shared/catalogs"
HERE = os.path.dirname(os.path.abspath(__file__))
JSONL = os.path.normpath(os.path.join(HERE, "..", "questions-everyday7.jsonl"))
SOURCES = ("evds", "fred", "weo", "ifs", "wdi", "eurostat", "bis")
KINDS = ("typo", "acronym", "abbreviation", "turkish", "one-word", "two-word",
         "short-phrase")
KEYS = ["id", "question", "kind", "source", "gold_ids", "id_field", "notes"]
ID_FIELD_FILE = {"evds": "evds/", "fred": "fred/fred_release_series.csv", "weo": "imf/WEOApr2024all.csv",
                 "ifs": "imf/IFS_Indicators.csv", "wdi": "wdi/WDISeries.csv",
                 "eurostat": "eurostat/table_of_contents_en.txt", "bis": "observations/bis/policy_rates_monthly.csv"}
TURKISH_WORDS = set("""
genc rakamlari rakam fiyatlari satis alis stoku arzi buyume buyumesi bankasi
enflasyon tufe ufe yi ufe issizlik orani oran faiz faizi faizleri politika doviz kuru kur dolar euro sterlin
sanayi uretimi uretim endeksi endeks cari acik acigi fiyat fiyatlari fiyati konut mevduat kredi kredileri
tuketici guven guveni kapasite kullanim para arzi rezerv rezervleri rezervi merkez bankasi brut net ihracat
ithalat dis ticaret butce dengesi gsyh buyume buyumesi altin yillik aylik degisim istihdam isgucu
katilma ticari bireysel ihtiyac tasit tl lira hazine borc borcu kamu gelir gider vergi odemeler dengesi
reel efektif haftalik gunluk ceyreklik ekonomik guven yurt ici disi cekirdek gida enerji kira mal hizmet
""".split())
TR_LETTERS = set("çğıöşüÇĞİÖŞÜ")
VOCAB = set()  # every word of every indexed title (filled by load())

def fold(s):
    s = s.replace("İ", "i").replace("I", "i").replace("ı", "i")
    s = s.lower()
    for a, b in (("ş", "s"), ("ğ", "g"), ("ü", "u"), ("ö", "o"), ("ç", "c"), ("â", "a"), ("î", "i"), ("û", "u")):
        s = s.replace(a, b)
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c))
    return s

def norm(s):
    s = fold(s)
    s = re.sub(r"[^0-9a-z]+", " ", s)
    return " ".join(s.split())

def load():
    ids = {k: set() for k in SOURCES}
    titles = set()
    def t(x):
        if x:
            n = norm(x)
            if n:
                titles.add(n)
                VOCAB.update(n.split())
    # FRED
    with open(os.path.join(CAT, "fred/fred_release_series.csv"), encoding="utf-8", errors="replace", newline="") as f:
        for r in csv.DictReader(f):
            ids["fred"].add(r["series_id"]); t(r["title"])
    with open(os.path.join(CAT, "fred/fred-series-info.txt"), encoding="utf-8", errors="replace") as f:
        for i, line in enumerate(f):
            p = line.rstrip("\n").split("\t")
            if i and len(p) > 1:
                t(p[1])
    # EVDS: three vintages plus groups and categories
    with open(os.path.join(CAT, "evds/cbrt_allseries.csv"), encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            ids["evds"].add(r["seriesCode"]); t(r["seriesName"]); t(r["groupName"]); t(r["topic"])
    with open(os.path.join(CAT, "evds/cbrt_meta_data_2020.csv"), encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            ids["evds"].add(r["SERIE_CODE"]); t(r["SERIE_NAME_ENG"]); t(r["SERIE_NAME"])
    for fn in ("evds_index_en.json", "evds_index_tr.json"):
        with open(os.path.join(CAT, "evds", fn), encoding="utf-8") as f:
            for k, v in json.load(f).items():
                ids["evds"].add(k); t(v[0])
    with open(os.path.join(CAT, "evds/cbrt_groups.csv"), encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            t(r["groupName"])
    with open(os.path.join(CAT, "evds/cbrt_categories.csv"), encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            t(r["topic"])
    # WEO (Latin-1, ';', quoted units containing ';')
    with open(os.path.join(CAT, "imf/WEOApr2024all.csv"), encoding="latin-1", newline="") as f:
        rd = csv.reader(f, delimiter=";")
        next(rd)
        for p in rd:
            if len(p) < 3:
                continue
            ids["weo"].add("WEOApr2024|%s|%s|%s" % (p[0], p[1], p[2]))
            t(p[1]); t(p[1] + " " + p[2]); t(p[1] + ", " + p[2])
    # IFS
    with open(os.path.join(CAT, "imf/IFS_Indicators.csv"), encoding="utf-8", errors="replace") as f:
        for i, line in enumerate(f):
            if i == 0:
                continue
            code, _, desc = line.rstrip("\r\n").partition(";")
            ids["ifs"].add(code); t(desc)
    # WDI
    with open(os.path.join(CAT, "wdi/WDISeries.csv"), encoding="utf-8", errors="replace", newline="") as f:
        for r in csv.DictReader(f):
            ids["wdi"].add(r["Series Code"]); t(r["Indicator Name"])
    # Eurostat
    with open(os.path.join(CAT, "eurostat/table_of_contents_en.txt"), encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i == 0:
                continue
            p = line.rstrip("\n").split("\t")
            if len(p) > 1:
                ids["eurostat"].add(p[1].strip().strip('"')); t(p[0].strip().strip('"'))
    # BIS policy rates
    with open(os.path.join(CAT, "observations/bis/policy_rates_monthly.csv"), encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            ids["bis"].add(r["series_key"])
    return ids, titles

def main():
    probs = []
    ids, titles = load()
    recs = []
    with open(JSONL, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            try:
                recs.append(json.loads(line))
            except Exception as e:
                probs.append("line %d: bad json: %s" % (ln, e))
    seen = {}
    import glob
    earlier = set()
    for old in glob.glob("/work/main/testdata/eval/questions-*.jsonl"):
        if "everyday7" in old:
            continue
        with open(old, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    earlier.add(norm(json.loads(line).get("question", "")))
    counts_kind, counts_src = {}, {}
    nid = 0
    for n, r in enumerate(recs, 1):
        rid = r.get("id", "?")
        if list(r.keys()) != KEYS:
            probs.append("%s: keys %s != %s" % (rid, list(r.keys()), KEYS))
        if rid != "e7-%03d" % n:
            probs.append("%s: id out of sequence (expected e7-%03d)" % (rid, n))
        q = r.get("question", "")
        kind, src, gold = r.get("kind"), r.get("source"), r.get("gold_ids")
        if not isinstance(q, str) or not q.strip():
            probs.append("%s: empty question" % rid); continue
        words = q.split()
        if q != q.lower():
            probs.append("%s: not lowercase: %r" % (rid, q))
        if q != q.strip() or "  " in q:
            probs.append("%s: stray whitespace: %r" % (rid, q))
        if not 1 <= len(words) <= 6:
            probs.append("%s: %d words: %r" % (rid, len(words), q))
        key = norm(q)
        if key in seen:
            probs.append("%s: duplicate of %s: %r" % (rid, seen[key], q))
        seen[key] = rid
        if key in earlier:
            probs.append("%s: same as a query of an earlier set: %r" % (rid, q))
        if kind not in KINDS:
            probs.append("%s: bad kind %r" % (rid, kind))
        if kind == "one-word" and len(words) != 1:
            probs.append("%s: one-word kind has %d words" % (rid, len(words)))
        if kind == "two-word" and len(words) != 2:
            probs.append("%s: two-word kind has %d words" % (rid, len(words)))
        if kind == "short-phrase" and len(words) < 3:
            probs.append("%s: short-phrase has fewer than 3 words" % rid)
        if kind == "typo":
            oov = [w for w in norm(q).split() if w not in VOCAB]
            if not oov:
                probs.append("%s: typo query has no misspelt (out-of-catalogue) word: %r" % (rid, q))
        if kind == "turkish":
            tw = [w for w in norm(q).split() if w in TURKISH_WORDS]
            if not tw:
                probs.append("%s: turkish query has no Turkish word: %r" % (rid, q))
        if src not in SOURCES:
            probs.append("%s: bad source %r" % (rid, src))
        else:
            idf = r.get("id_field", "")
            if not isinstance(idf, str) or ID_FIELD_FILE[src] not in idf:
                probs.append("%s: id_field %r does not name %s" % (rid, idf, ID_FIELD_FILE[src]))
        if not isinstance(r.get("notes"), str) or not r["notes"].strip():
            probs.append("%s: empty notes" % rid)
        if not isinstance(gold, list) or not gold:
            probs.append("%s: gold_ids empty or not a list" % rid); gold = []
        if len(set(gold)) != len(gold):
            probs.append("%s: duplicate gold ids" % rid)
        has_primary = False
        for g in gold:
            if not isinstance(g, str):
                probs.append("%s: non-string gold id %r" % (rid, g)); continue
            pre, sep, rest = g.partition(":")
            if sep and pre in SOURCES:
                if pre == src:
                    probs.append("%s: primary-source id carries prefix: %s" % (rid, g))
                gs, gid = pre, rest
            else:
                gs, gid = src, g
                has_primary = True
            if gs in ids and gid not in ids[gs]:
                probs.append("%s: gold id not found in %s: %s" % (rid, gs, gid))
        if gold and not has_primary:
            probs.append("%s: no bare gold id from primary source %s" % (rid, src))
        if len(words) > 1 and key in titles:
            probs.append("%s: multi-word query equals a catalogue title: %r" % (rid, q))
        counts_kind[kind] = counts_kind.get(kind, 0) + 1
        counts_src[src] = counts_src.get(src, 0) + 1
    print("queries:", len(recs))
    print("by kind:", json.dumps(dict(sorted(counts_kind.items()))))
    print("by source:", json.dumps(dict(sorted(counts_src.items()))))
    print("titles indexed:", len(titles), "| ids indexed:", {k: len(v) for k, v in ids.items()})
    if len(recs) != 110:
        probs.append("%d queries (need exactly 110)" % len(recs))
    for s_ in SOURCES:
        if counts_src.get(s_, 0) == 0:
            probs.append("no query has primary source %s" % s_)
    for k_ in KINDS[:7]:
        if not 10 <= counts_kind.get(k_, 0) <= 20:
            probs.append("kind %s has %d queries (want about 15)" % (k_, counts_kind.get(k_, 0)))
    for p in probs:
        print("PROBLEM:", p)
    print("RESULT:", "PASS (0 problems)" if not probs else "FAIL (%d problem(s))" % len(probs))
    return 0 if not probs else 1

if __name__ == "__main__":
    sys.exit(main())

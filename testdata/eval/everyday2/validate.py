#!/usr/bin/env python3
"""Validate questions-everyday2.jsonl against the raw catalogs.

Checks structure (fields, id sequence, kinds, sources), that every gold id
exists in one of the catalog columns named by id_field, that each named
column is actually used, and that the primary source has a gold id.
Prints counts per kind and per source and "problems: N".

usage: python3 validate.py [path.jsonl] [--notes]
  --notes  also list id-like tokens quoted in notes that are not in any catalog
           (informational only; not counted as problems)
"""
import csv, io, json, os, re, sys, collections

CAT = '/work/shared/catalogs'
HERE = os.path.dirname(os.path.abspath(__file__))

KINDS = {'typo', 'acronym', 'abbreviation', 'turkish', 'one-word', 'two-word', 'short'}
SOURCES = {'evds', 'fred', 'weo', 'ifs', 'wdi', 'eurostat', 'bis'}
KEYS = ['id', 'question', 'kind', 'source', 'gold_ids', 'id_field', 'notes']

def load():
    f = {}
    # EVDS
    with open(os.path.join(CAT, 'evds/cbrt_allseries.csv'), encoding='utf-8') as fh:
        f['evds/cbrt_allseries.csv:seriesCode'] = ('evds', {r['seriesCode'] for r in csv.DictReader(fh)})
    with open(os.path.join(CAT, 'evds/cbrt_meta_data_2020.csv'), encoding='utf-8') as fh:
        f['evds/cbrt_meta_data_2020.csv:SERIE_CODE'] = ('evds', {r['SERIE_CODE'] for r in csv.DictReader(fh)})
    with open(os.path.join(CAT, 'evds/evds_index_en.json'), encoding='utf-8') as fh:
        f['evds/evds_index_en.json:key'] = ('evds', set(json.load(fh)))
    # FRED
    with open(os.path.join(CAT, 'fred/fred_release_series.csv'), encoding='utf-8', errors='replace') as fh:
        f['fred/fred_release_series.csv:series_id'] = ('fred', {r['series_id'] for r in csv.DictReader(fh)})
    # WEO (latin-1, ';', CRLF)
    with open(os.path.join(CAT, 'imf/WEOApr2024all.csv'), encoding='latin-1', newline='') as fh:
        rows = list(csv.reader(fh, delimiter=';'))
    hdr = rows[0]
    ci, si, ui = hdr.index('Country'), hdr.index('Subject Descriptor'), hdr.index('Units')
    f['imf/WEOApr2024all.csv:WEOApr2024|Country|Subject Descriptor|Units'] = (
        'weo', {'WEOApr2024|%s|%s|%s' % (r[ci], r[si], r[ui]) for r in rows[1:] if len(r) > ui})
    # IFS
    with open(os.path.join(CAT, 'imf/IFS_Indicators.csv'), encoding='utf-8', errors='replace') as fh:
        f['imf/IFS_Indicators.csv:parameter_value'] = ('ifs', {r['parameter_value'] for r in csv.DictReader(fh, delimiter=';')})
    # WDI
    with open(os.path.join(CAT, 'wdi/WDISeries.csv'), encoding='utf-8-sig') as fh:
        f['wdi/WDISeries.csv:Series Code'] = ('wdi', {r['Series Code'] for r in csv.DictReader(fh)})
    # Eurostat
    with open(os.path.join(CAT, 'eurostat/table_of_contents_en.txt'), encoding='utf-8') as fh:
        f['eurostat/table_of_contents_en.txt:code'] = ('eurostat', {r['code'] for r in csv.DictReader(fh, delimiter='\t')})
    # BIS
    with open(os.path.join(CAT, 'observations/bis/policy_rates_monthly.csv'), encoding='utf-8') as fh:
        f['observations/bis/policy_rates_monthly.csv:series_key'] = ('bis', {r['series_key'] for r in csv.DictReader(fh)})
    return f

def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    path = args[0] if args else os.path.join(HERE, 'questions-everyday2.jsonl')
    check_notes = '--notes' in sys.argv
    fields = load()
    allids = set().union(*(s for _, s in fields.values()))
    problems = []
    kinds = collections.Counter(); sources = collections.Counter()
    gold_src = collections.Counter()
    seen_q = {}; n = 0
    note_unknown = []
    with open(path, encoding='utf-8') as fh:
        lines = fh.read().split('\n')
    if lines and lines[-1] == '':
        lines = lines[:-1]
    for ln, line in enumerate(lines, 1):
        def bad(msg):
            problems.append('line %d: %s' % (ln, msg))
        try:
            o = json.loads(line)
        except Exception as e:
            bad('not JSON: %s' % e); continue
        n += 1
        if list(o.keys()) != KEYS:
            bad('keys %s, want %s' % (list(o.keys()), KEYS))
        if o.get('id') != 'e2-%03d' % n:
            bad('id %r, want e2-%03d' % (o.get('id'), n))
        q = o.get('question', '')
        if not isinstance(q, str) or not q.strip():
            bad('empty question')
        else:
            if q != q.strip() or '  ' in q:
                bad('stray whitespace in question')
            if q != q.lower():
                bad('question not lowercase: %r' % q)
            if q in seen_q:
                bad('duplicate question %r (also line %d)' % (q, seen_q[q]))
            seen_q[q] = ln
        k = o.get('kind'); s = o.get('source')
        if k not in KINDS: bad('kind %r' % k)
        if s not in SOURCES: bad('source %r' % s)
        kinds[k] += 1; sources[s] += 1
        if k == 'one-word' and isinstance(q, str) and len(q.split()) != 1:
            bad('one-word question has %d words' % len(q.split()))
        if k == 'two-word' and isinstance(q, str) and len(q.split()) != 2:
            bad('two-word question has %d words' % len(q.split()))
        if k == 'short' and isinstance(q, str) and not (2 <= len(q.split()) <= 4):
            bad('short question has %d words' % len(q.split()))
        if not isinstance(o.get('notes'), str) or len(o['notes']) < 20:
            bad('notes missing or too short')
        gold = o.get('gold_ids')
        if not isinstance(gold, list) or not gold or not all(isinstance(g, str) and g for g in gold):
            bad('gold_ids must be a non-empty list of strings'); continue
        if len(set(gold)) != len(gold):
            bad('duplicate gold ids')
        flist = [x.strip() for x in str(o.get('id_field', '')).split(' + ')]
        unknown = [x for x in flist if x not in fields]
        if unknown:
            bad('unknown id_field part(s) %s' % unknown); continue
        used = collections.Counter()
        for g in gold:
            hit = [x for x in flist if g in fields[x][1]]
            if not hit:
                where = [x for x in fields if g in fields[x][1]]
                bad('gold id %r not in %s%s' % (g, flist, (' (found in %s)' % where) if where else ''))
            for x in hit:
                used[x] += 1
            if hit:
                gold_src[fields[hit[0]][0]] += 1
        for x in flist:
            if not used[x]:
                bad('id_field part %r not used by any gold id' % x)
        if s in SOURCES and not any(fields[x][0] == s and used[x] for x in flist):
            bad('no gold id from primary source %r' % s)
        if check_notes:
            for tok in re.findall(r"[A-Za-z0-9][A-Za-z0-9_.]*[A-Za-z0-9]", o.get('notes', '')):
                looks = (re.fullmatch(r'TP\.[A-Z0-9.]+', tok) or re.fullmatch(r'M\.[A-Z]{2}', tok)
                         or re.fullmatch(r'[A-Z][A-Z0-9]{4,}', tok) or re.fullmatch(r'[A-Z]{2}\.[A-Z0-9.]+', tok)
                         or re.fullmatch(r'[A-Z0-9]+_[A-Z0-9_]+', tok) or re.fullmatch(r'[a-z]+_[a-z0-9_]+', tok))
                if looks and tok not in allids and '*' not in tok:
                    note_unknown.append((o.get('id'), tok))
    if n != 120:
        problems.append('expected 120 questions, found %d' % n)
    print('file:', path)
    print('questions:', n)
    print('by kind:')
    for k in ['typo', 'acronym', 'abbreviation', 'turkish', 'one-word', 'two-word', 'short']:
        print('  %-13s %3d' % (k, kinds[k]))
    print('by primary source:')
    for s in ['evds', 'fred', 'weo', 'ifs', 'wdi', 'eurostat', 'bis']:
        print('  %-13s %3d' % (s, sources[s]))
    print('gold ids by catalog:', ', '.join('%s %d' % (s, gold_src[s]) for s in ['evds', 'fred', 'weo', 'ifs', 'wdi', 'eurostat', 'bis']))
    if check_notes:
        print('id-like tokens in notes not found in any catalog (informational): %d' % len(note_unknown))
        for i, t in note_unknown:
            print('  ', i, t)
    for p in problems:
        print('PROBLEM', p)
    print('problems: %d' % len(problems))
    return 1 if problems else 0

if __name__ == '__main__':
    sys.exit(main())

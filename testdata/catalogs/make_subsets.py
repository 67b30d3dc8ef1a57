#!/usr/bin/env python3
"""Rebuild the small real subsets in testdata/catalogs from ../shared/catalogs.

Rows are copied byte for byte (same encoding, delimiters and line endings);
only the choice of rows is ours, by the rules stated in README.md. Run from
the repository root: python3 testdata/catalogs/make_subsets.py
"""
import csv, io, json, os

SRC = os.path.join('..', 'shared', 'catalogs')
DST = os.path.join('testdata', 'catalogs')


def lines(path, encoding='utf-8'):
    with open(os.path.join(SRC, path), 'rb') as f:
        return f.read().decode(encoding).splitlines(keepends=True)


def write(path, text_lines, encoding='utf-8'):
    os.makedirs(os.path.dirname(os.path.join(DST, path)), exist_ok=True)
    with open(os.path.join(DST, path), 'wb') as f:
        f.write(''.join(text_lines).encode(encoding))


def row(line, delim=','):
    return next(csv.reader(io.StringIO(line), delimiter=delim))


# EVDS: whole topics (prices, exchange rates, labour force) and two archive
# groups that hold the file's oddities (an empty name, duplicate codes);
# other vintages: the same codes, plus every TP.FG.* and TP.BEK.* code.
topics = {'PRICE INDICES', 'EXCHANGE RATES (CBRT)', 'LABOR FORCE STATISTICS (TURKSTAT)'}
groups = {'bie_urkisi10', 'bie_abmbbil1'}
src = lines('evds/cbrt_allseries.csv')
keep = [src[0]] + [l for l in src[1:] if row(l)[1] in topics or row(l)[2] in groups]
codes = {row(l)[5] for l in keep[1:]}
write('evds/cbrt_allseries.csv', keep)
want = lambda c: c in codes or c.startswith('TP.FG.') or c.startswith('TP.BEK.')
src = lines('evds/cbrt_meta_data_2020.csv')
write('evds/cbrt_meta_data_2020.csv', [src[0]] + [l for l in src[1:] if want(row(l)[1])])
for lang in ('en', 'tr'):
    with open(os.path.join(SRC, 'evds', 'evds_index_%s.json' % lang), encoding='utf-8') as f:
        idx = json.load(f)
    sub = {k: v for k, v in idx.items() if want(k)}
    write('evds/evds_index_%s.json' % lang, [json.dumps(sub, ensure_ascii=False)])
for name in ('cbrt_groups.csv', 'cbrt_categories.csv'):
    write('evds/' + name, lines('evds/' + name))

# FRED: for UNRATE, PAYEMS, CPIAUCSL and FEDFUNDS, the 100 rows before and
# after each in its release (file order); the info rows of those series.
src = lines('fred/fred_release_series.csv')
rows = [row(l) for l in src[1:]]
pick = set()
for target in ('UNRATE', 'PAYEMS', 'CPIAUCSL', 'FEDFUNDS'):
    i = next(i for i, r in enumerate(rows) if r[0] == target)
    rel = rows[i][7]
    for j in range(max(0, i - 100), min(len(rows), i + 101)):
        if rows[j][7] == rel:
            pick.add(j)
write('fred/fred_release_series.csv', [src[0]] + [src[1 + j] for j in sorted(pick)])
ids = {rows[j][0] for j in pick}
src = lines('fred/fred-series-info.txt')
write('fred/fred-series-info.txt', [src[0]] + [l for l in src[1:] if l.split('\t')[0] in ids])

# WEO: every row of seven economies.
src = lines('imf/WEOApr2024all.csv', 'latin-1')
econ = {'Türkiye', 'United States', 'Germany', 'China', 'Brazil', 'India', "Côte d'Ivoire"}
write('imf/WEOApr2024all.csv', [src[0]] + [l for l in src[1:] if l.split(';')[0] in econ], 'latin-1')

# IFS: the Prices, Exchange Rates, Financial and Economic Activity branches.
src = lines('imf/IFS_Indicators.csv')
br = ('Prices', 'Exchange Rates', 'Financial,', 'Economic Activity')
write('imf/IFS_Indicators.csv', [src[0]] + [l for l in src[1:] if l.split(';', 1)[1].startswith(br)])

# WDI: the Financial Sector topic.
src = lines('wdi/WDISeries.csv')
text = ''.join(src)
rdr = csv.reader(io.StringIO(text))
out = io.StringIO()
w = csv.writer(out, lineterminator='\n', quoting=csv.QUOTE_ALL)
for i, r in enumerate(rdr):
    if i == 0 or r[1].startswith('Financial Sector'):
        w.writerow(r)
write('wdi/WDISeries.csv', [out.getvalue()])

# Eurostat: header and theme lines, the short-term indicators folder and
# the Economy and finance theme.
src = lines('eurostat/table_of_contents_en.txt')
keep = src[0:3] + src[3:66] + src[1198:1498]
write('eurostat/table_of_contents_en.txt', keep)

# BIS: per economy, the first row and every row from 2019 on.
src = lines('observations/bis/policy_rates_monthly.csv')
seen, keep = set(), [src[0]]
for l in src[1:]:
    k = l.split(',')[0]
    if k not in seen or l.split(',')[3] >= '2019':
        keep.append(l)
    seen.add(k)
write('bis/policy_rates_monthly.csv', keep)

#!/usr/bin/env python3
"""Self-contained validator for scenarios-blind12.jsonl.
Loads raw catalog/observation files under /work/shared/catalogs, checks structure, ids, span coverage,
frequency rules and derive inputs. Spans per turn come from build.py (SCENARIOS, key "span", stripped from the jsonl)."""
import csv, io, json, re, sys, os, datetime as dt
C='/work/shared/catalogs'; O=C+'/observations'
HERE=os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0,HERE)
from build import SCENARIOS
D=dt.date
FREQ_ORDER={'D':0,'W':1,'M':2,'Q':3,'S':4,'A':5}
PLEN={'D':4,'W':7,'M':31,'Q':92,'S':183,'A':366}
OPS1={'yoy_pct','pct_change','diff','log','rolling_mean','index'}; OPS2={'spread','ratio','share'}
ACTIONS={'search','build_table','derive','changepoints','chart','convert'}
ARITH={'spread','ratio','share','expression'}
obs={}   # id -> dict(freq, dates(sorted non-missing), source, country)
def add(i,dates,freq,src,ctry):
    o=obs.setdefault(i,{'dates':set(),'freq':freq,'src':src,'ctry':ctry}); o['dates'].update(dates)
def pdate(s): y,m,d=map(int,s[:10].split('-')); return D(y,m,d)
# FRED
import glob
for f in glob.glob(O+'/fred/*.csv'):
    r=list(csv.reader(open(f))); i=r[0][1]
    ds=[pdate(x[0]) for x in r[1:] if len(x)>1 and x[1] not in ('','.')]
    ds.sort(); gaps=sorted((b-a).days for a,b in zip(ds,ds[1:])); g=gaps[len(gaps)//2]
    fq='D' if g<=3 else 'W' if g<=8 else 'M' if g<=31 else 'Q' if g<=92 else 'A'
    add(i,ds,fq,'fred','USA')
# BIS
for x in csv.DictReader(open(O+'/bis/policy_rates_monthly.csv')):
    if x['value']!='': add(x['series_key'],[pdate(x['date'])],'M','bis',x['ref_area'][:2])
# TURKSTAT -> EVDS
for x in csv.DictReader(open(O+'/turkstat/tr_cpi_tuik_2020_2025_long.csv')):
    if x['evds_equivalent'] and x['value']!='': add(x['evds_equivalent'],[pdate(x['date'])],'M','evds','TUR')
# ILO
ILO_ISO={'Türkiye':'TUR','United States':'USA','Germany':'DEU','France':'FRA','Italy':'ITA','Spain':'ESP','Japan':'JPN',
 'Korea, Republic of':'KOR','Canada':'CAN','Mexico':'MEX','Brazil':'BRA','United Kingdom':'GBR','Sweden':'SWE','Poland':'POL',
 'Australia':'AUS','Greece':'GRC','Portugal':'PRT','Ireland':'IRL','South Africa':'ZAF','Chile':'CHL','Colombia':'COL',
 'Netherlands':'NLD','Norway':'NOR','Russian Federation':'RUS','New Zealand':'NZL','Switzerland':'CHE','Austria':'AUT',
 'Belgium':'BEL','Denmark':'DNK','Finland':'FIN','Hungary':'HUN','Czechia':'CZE','Israel':'ISR','Philippines':'PHL','Thailand':'THA',
 'Indonesia':'IDN','Peru':'PER','Romania':'ROU','Iceland':'ISL','Estonia':'EST','Latvia':'LVA','Lithuania':'LTU','Slovakia':'SVK','Slovenia':'SVN'}
r=list(csv.reader(open(O+'/ilo/unemployment-ilo.csv',encoding='utf-8-sig'))); hdr=r[0]
for j,name in enumerate(hdr[3:],3):
    if name not in ILO_ISO: continue
    ds=[]
    for x in r[1:]:
        if x[0]=='Total' and x[1]=='Total' and j<len(x) and x[j]!='':
            y,q=x[2].split('Q'); ds.append(D(int(y),3*int(q)-2,1))
    add('ilo:'+ILO_ISO[name],ds,'Q','ilo',ILO_ISO[name])
# IFS
for x in csv.DictReader(open(O+'/imf/IFS_NGDP_SA_XDC_US_CA_MX.csv'),delimiter=';'):
    if x['value']: add('%s.%s'%(x['indicator'],x['country']),[pdate(x['date'])],'Q','ifs',x['country'])
# WEO (catalog + annual values)
t=open(C+'/imf/WEOApr2024all.csv',encoding='latin-1').read(); wr=list(csv.reader(io.StringIO(t),delimiter=';'))
yrs=[(k,int(h)) for k,h in enumerate(wr[0]) if h.isdigit()]
WEO={}
for x in wr[1:]:
    if len(x)<5: continue
    i='WEOApr2024|%s|%s|%s'%(x[0],x[1],x[2]); WEO[i]=x
    add(i,[D(y,1,1) for k,y in yrs if x[k].strip() not in ('','n/a','--')],'A','weo',x[0])
# catalogs (existence)
FRED={x['series_id'] for x in csv.DictReader(open(C+'/fred/fred_release_series.csv'))}
EVDS={x['seriesCode'] for x in csv.DictReader(open(C+'/evds/cbrt_allseries.csv'))}
IFSI={l.split(';')[0] for l in open(C+'/imf/IFS_Indicators.csv',encoding='utf-8-sig')}
def in_catalog(i):
    o=obs.get(i)
    if i.startswith('WEOApr2024|'): return i in WEO
    if i.startswith('M.') and o and o['src']=='bis': return True
    if i.startswith('ilo:'): return i in obs
    if re.match(r'^[A-Z_]+\.[A-Z]{2}$',i) and i.split('.')[0] in IFSI: return True
    return i in FRED or i in EVDS
def period(s,end=False):
    s=str(s)
    m=re.fullmatch(r'(\d{4})Q([1-4])',s)
    if m:
        y,q=int(m[1]),int(m[2])
        if not end: return D(y,3*q-2,1)
        return (D(y+1,1,1) if q==4 else D(y,3*q+1,1))-dt.timedelta(1)
    m=re.fullmatch(r'(\d{4})-(\d{2})',s)
    if m:
        y,mo=int(m[1]),int(m[2])
        if not end: return D(y,mo,1)
        return (D(y+1,1,1) if mo==12 else D(y,mo+1,1))-dt.timedelta(1)
    m=re.fullmatch(r'(\d{4})-(\d{2})-(\d{2})',s)
    if m: return D(int(m[1]),int(m[2]),int(m[3]))
    m=re.fullmatch(r'(\d{4})',s)
    if m: return D(int(m[1]),1,1) if not end else D(int(m[1]),12,31)
    raise ValueError(s)
problems=[]
def P(sid,msg): problems.append('%s: %s'%(sid,msg))
def covers(i,a,b,lag):
    o=obs[i]; L=PLEN[o['freq']]; ds=sorted(o['dates'])
    a2=a-dt.timedelta(days=lag) if lag else a
    if not ds or ds[0]>a2+dt.timedelta(days=L-1) or ds[-1]<b-dt.timedelta(days=L): return 'span %s..%s (lag %d) not covered: obs %s..%s'%(a,b,lag,ds[0] if ds else None,ds[-1] if ds else None)
    inside=[d for d in ds if a2-dt.timedelta(days=L)<=d<=b]
    for x,y in zip(inside,inside[1:]):
        if (y-x).days>1.6*L+ (3 if o['freq']=='D' else 0): return 'gap %s..%s inside span'%(x,y)
    return None
cls={'arithmetic':0,'three_plus_countries':0,'mixed_source_freq':0,'refer_back':0,'changepoints':0,'chart':0,'derive':0,'convert':0}
REFER=re.compile(r"\b(both|them|those|these|that (ratio|real rate|index|share|gap|spread)|same|each (one|of them|of the)|its|their|the (two|three|four|five|4)|all (three|four|five|of them))\b",re.I)
ids_seen=set(); srcs=set()
out=[]
for n,s in enumerate(SCENARIOS,1):
    sid=s.get('id'); exp='b12-%02d'%n
    if sid!=exp: P(sid,'id should be '+exp)
    if not s.get('title') or not s.get('notes'): P(sid,'title/notes missing')
    T=s.get('turns',[])
    if len(T)!=3: P(sid,'needs 3 turns')
    flags=set()
    for k,t in enumerate(T):
        tag='%s t%d'%(sid,k+1)
        if not t.get('user'): P(tag,'empty user')
        acts=t.get('actions',[])
        if not acts or set(acts)-ACTIONS: P(tag,'bad actions %s'%acts)
        needs=t.get('needs',[])
        if 'build_table' in acts and not needs: P(tag,'build_table with no needs')
        sp=t.get('span')
        if needs and not sp: P(tag,'no span')
        a,b=(period(sp[0]),period(sp[1],True)) if sp else (None,None)
        drv=t.get('derives',[])
        if ('derive' in acts)!=bool(drv): P(tag,'derive action/derives mismatch')
        lagset={}
        for d in drv:
            op=d.get('op'); inp=d.get('inputs',[])
            if any((not isinstance(x,int)) or x<0 or x>=len(needs) for x in inp): P(tag,'derive input out of range %s'%inp); continue
            if op in OPS1:
                if len(inp)!=1: P(tag,'%s needs 1 input'%op)
            elif op in OPS2:
                if len(inp)!=2 or inp[0]==inp[1]: P(tag,'%s needs 2 distinct inputs'%op)
            elif op=='expression':
                if len(set(inp))<2: P(tag,'expression needs >=2 inputs')
            else: P(tag,'bad op %s'%op)
            if op in ARITH: flags.add('arithmetic')
            for x in inp:
                if op=='yoy_pct': lagset[x]=max(lagset.get(x,0),366)
                if op in ('pct_change','diff'): lagset[x]=max(lagset.get(x,0),1)
        freqs=set(); tsrc=set(); ctry=set()
        for gi,g in enumerate(needs):
            if not g: P(tag,'empty need group')
            for i in g:
                ids_seen.add(i)
                if not in_catalog(i): P(tag,'id not in any catalog: %s'%i); continue
                if i not in obs: P(tag,'no observations: %s'%i); continue
                o=obs[i]
                lag=lagset.get(gi,0)
                if lag==1: lag=PLEN[o['freq']]
                if sp:
                    e=covers(i,a,b,lag)
                    if e: P(tag,'%s %s'%(i,e))
            if g and g[0] in obs:
                o=obs[g[0]]; freqs.add(o['freq']); tsrc.add(o['src']); ctry.add(o['ctry']); srcs.add(o['src'])
        fq=t.get('frequency')
        if fq is not None and fq not in FREQ_ORDER: P(tag,'bad frequency %s'%fq)
        if len(freqs)>1 and not ('convert' in acts or fq): P(tag,'mixed native freqs %s without convert/frequency'%freqs)
        if fq and freqs:
            fin=[f for f in freqs if FREQ_ORDER[fq]<FREQ_ORDER[f]]
            if fin: P(tag,'frequency %s finer than native %s'%(fq,fin))
            if any(FREQ_ORDER[fq]>FREQ_ORDER[f] for f in freqs) and 'convert' not in acts: P(tag,'coarser table freq needs convert')
        if 'convert' in acts and not fq: P(tag,'convert without frequency')
        if len(ctry)>=3: flags.add('three_plus_countries')
        if len(tsrc)>=2 and len(freqs)>=2: flags.add('mixed_source_freq')
        if 'changepoints' in acts: flags.add('changepoints')
        if 'chart' in acts: flags.add('chart')
        if 'derive' in acts: flags.add('derive')
        if 'convert' in acts: flags.add('convert')
        if k>0 and REFER.search(t.get('user','')): flags.add('refer_back')
        # carried-over needs: a turn referring back should still include prior series
    for f in flags: cls[f]+=1
    out.append(s)
if len(SCENARIOS)<20: P('set','fewer than 20 scenarios')
# jsonl consistency
try:
    J=[json.loads(l) for l in open(os.path.join(HERE,'scenarios-blind12.jsonl'))]
    if len(J)!=len(SCENARIOS): P('jsonl','line count %d != %d'%(len(J),len(SCENARIOS)))
    for j,s in zip(J,SCENARIOS):
        if j['id']!=s['id']: P('jsonl','order mismatch')
        if any('span' in t for t in j['turns']): P(j['id'],'span leaked into jsonl')
except Exception as e: P('jsonl','cannot read: %s'%e)
for p in problems: print('PROBLEM',p)
print('scenarios:',len(SCENARIOS))
print('distinct ids:',len(ids_seen),' sources used:',sorted(srcs))
for k,v in cls.items(): print('class %-22s %d'%(k,v))
print('problems: %d'%len(problems))

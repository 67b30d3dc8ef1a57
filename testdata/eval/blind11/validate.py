import json,csv,re,collections
C="/work/shared/catalogs/"
obs=collections.defaultdict(list)  # id -> list of (date, value)
import glob,os
for f in glob.glob(C+"observations/fred/*.csv"):
    sid=os.path.basename(f)[:-4]
    for r in list(csv.reader(open(f)))[1:]:
        if len(r)>1 and r[1] not in (".",""): obs[sid].append(r[0][:7])
for r in csv.DictReader(open(C+"observations/bis/policy_rates_monthly.csv")):
    if r["value"] not in ("","NaN"): obs[r["series_key"]].append(r["date"][:7])
for r in csv.DictReader(open(C+"observations/turkstat/tr_cpi_tuik_2020_2025_long.csv")):
    if r["value"]: obs[r["evds_equivalent"]].append(r["date"][:7])
for r in csv.DictReader(open(C+"observations/imf/IFS_NGDP_SA_XDC_US_CA_MX.csv"),delimiter=";"):
    if r["value"]: obs[r["indicator"]+"."+r["country"]].append(r["date"][:7])
ISO={"CAN":"Canada","DEU":"Germany","FRA":"France","ITA":"Italy","ESP":"Spain","BRA":"Brazil","MEX":"Mexico","CHL":"Chile","COL":"Colombia","POL":"Poland","HUN":"Hungary","SWE":"Sweden","NOR":"Norway","AUS":"Australia","USA":"United States","TUR":"Türkiye","CHE":"Switzerland","PER":"Peru","ISR":"Israel"}
rows=list(csv.reader(open(C+"observations/ilo/unemployment-ilo.csv",encoding="utf-8-sig")))
hdr=rows[0]
for iso,name in ISO.items():
    cands=[i for i,h in enumerate(hdr) if h==name or (iso=="TUR" and h in("Turkey","Türkiye")) or (iso=="USA" and h in("United States","United States of America"))]
    for i in cands:
        for r in rows[1:]:
            if r[0]=="Total" and r[1]=="Total" and r[i]:
                y,q=r[2].split("Q"); obs["ilo:"+iso].append("%s-%02d"%(y,3*int(q)-2)); obs["ilo:"+iso].append("%s-%02d"%(y,3*int(q)))
W={}
for r in list(csv.reader(open(C+"imf/WEOApr2024all.csv",encoding="latin-1"),delimiter=";"))[1:]:
    if len(r)>28:
        k="WEOApr2024|%s|%s|%s"%(r[0],r[1],r[2]); yrs=[str(2000+i)+"-01" for i,v in enumerate(r[4:28]) if v not in("n/a","")]
        obs[k]+=yrs
# check also WEO in latin-1 vs utf8 country names: Türkiye
fredcat=set(r[0] for r in csv.reader(open(C+"fred/fred_release_series.csv")))
spans=json.load(open("scratch/spans.json"))
P=[];cls=collections.Counter()
def cov(i,a,b,pre):
    d=sorted(set(obs.get(i,[])))
    if not d: return False
    if i.startswith("WEO"):
        ya,yb=int(a[:4])-(1 if pre else 0),int(b[:4]); return all("%d-01"%y in d for y in range(ya,yb+1))
    lo=a if len(a)>4 else a+"-01"; hi=b if len(b)>4 else b+"-12"
    if pre: y,m=int(lo[:4]),int(lo[5:7]); lo="%d-%02d"%(y-1,m)
    return d[0]<=lo and d[-1]>=hi
OPS1={"yoy_pct","pct_change","diff","log","rolling_mean","index"};OPS2={"spread","ratio","share"}
FR="DWMQSA"; NAT={}
for i in obs:
    NAT[i]="A" if i.startswith("WEO") else "Q" if i.startswith(("ilo:","NGDP")) else "M"
for i in ["DEXUSEU","DPRIME","T10Y3M","T10YFF"]: NAT[i]="D"
for i in ["M2","RHEACBW027SBOG"]: NAT[i]="W"
for i in ["GDP","GFDEBTN","DRALACBS"]: NAT[i]="Q"
L=[json.loads(l) for l in open("scenarios-blind11.jsonl")]
ids=[s["id"] for s in L]
if ids!=["b11-%02d"%i for i in range(1,len(L)+1)]: P.append("ids")
for s in L:
    a,b=spans[s["id"]]; tt=s["turns"]
    if len(tt)!=3: P.append(s["id"]+" turns")
    ar=mc=ref=ch=False;cn=set()
    for t in tt:
        if not t["user"] or not t["needs"]: P.append(s["id"]+" empty")
        acts=set(t["actions"])
        if not acts<= {"search","build_table","derive","changepoints","chart","convert"}: P.append(s["id"]+" acts")
        if ("derive" in acts)!=bool(t.get("derives")): P.append(s["id"]+" derive mismatch")
        pre=any(d["op"] in("yoy_pct","pct_change","diff") for d in t.get("derives",[]))
        for n in t["needs"]:
            if not any(cov(i,a,b,pre) for i in n): P.append("%s coverage %s %s-%s"%(s["id"],n,a,b))
        for d in t.get("derives",[]):
            k=len(d["inputs"]); ok=all(0<=x<len(t["needs"]) for x in d["inputs"])
            if d["op"] in OPS1: ok&=k==1
            elif d["op"] in OPS2: ok&=k==2 and d["inputs"][0]!=d["inputs"][1]
            elif d["op"]=="expression": ok&=k>=2
            else: ok=False
            if not ok: P.append(s["id"]+" derive "+str(d))
            if k>=2: ar=True
        nats=set(NAT.get(n[0],"M") for n in t["needs"])
        f=t.get("frequency")
        if len(nats)>1 and not (f or "convert" in acts): P.append(s["id"]+" mixed freq")
        if f and any(FR.index(f)<FR.index(x) for x in nats): P.append(s["id"]+" too fine "+f)
        if len(nats)>1 or "convert" in acts: mc=True
        if "changepoints" in acts or "chart" in acts: ch=True
        cs=set()
        for n in t["needs"]:
            i=n[0]; cs.add(i.split("|")[1] if i.startswith("WEO") else i.split(":")[1] if i.startswith("ilo") else i.split(".")[-1] if "." in i else "US")
        if len(cs)>=3: cn.add(1)
    if re.search(r"\b(both|them|those|that|each|same|all three)\b",tt[1]["user"]+tt[2]["user"],re.I): ref=True
    for k,v in [("arithmetic",ar),("3+countries",bool(cn)),("mixed/convert",mc),("refer-back",ref),("changepoints/chart",ch)]:
        if v: cls[k]+=1
print("scenarios:",len(L)); print(dict(cls)); 
for p in P[:40]: print(p)
print("problems:",len(P))

import json, random
random.seed(11)
W="WEOApr2024|%s|%s|%s"
def w(c,s,u): return W%(c,s,u)
GDPG=("Gross domestic product, constant prices","Percent change")
CPI=("Inflation, average consumer prices","Percent change")
UR=("Unemployment rate","Percent of total labor force")
DEBT=("General government gross debt","Percent of GDP")
CA=("Current account balance","Percent of GDP")
NL=("General government net lending/borrowing","Percent of GDP")
GDPUSD=("Gross domestic product, current prices","U.S. dollars")
POP=("Population","Persons")
INV=("Total investment","Percent of GDP")
SAV=("Gross national savings","Percent of GDP")
REV=("General government revenue","Percent of GDP")
EXP=("General government total expenditure","Percent of GDP")
CTRY=[("Germany","DE"),("France","FR"),("Italy","IT"),("Spain","ES"),("Japan","JP"),("Korea","KR"),("Brazil","BR"),("Mexico","MX"),("Chile","CL"),("Colombia","CO"),("India","IN"),("Indonesia","ID"),("South Africa","ZA"),("Poland","PL"),("Hungary","HU"),("Czech Republic","CZ"),("Sweden","SE"),("Norway","NO"),("Canada","CA"),("Australia","AU"),("Thailand","TH"),("Malaysia","MY"),("Philippines","PH"),("Peru","PE"),("Israel","IL"),("Switzerland","CH"),("United Kingdom","GB"),("Türkiye","TR"),("United States","US"),("New Zealand","NZ")]
ALIAS={"Korea":"South Korea","Türkiye":"Turkey","United States":"the US","United Kingdom":"UK","Czech Republic":"Czechia"}
ILO={"Canada":"CAN","Germany":"DEU","France":"FRA","Italy":"ITA","Spain":"ESP","Brazil":"BRA","Mexico":"MEX","Chile":"CHL","Colombia":"COL","Poland":"POL","Hungary":"HUN","Sweden":"SWE","Norway":"NOR","Australia":"AUS","United States":"USA","Türkiye":"TUR","Switzerland":"CHE","Peru":"PER","Israel":"ISR"}
def nm(c): return ALIAS.get(c,c) if random.random()<0.5 else c
S=[]
SP=[None]
def add(title,turns,notes): S.append(dict(title=title,turns=turns,notes=notes,span=SP[0]))
def T(user,needs,actions,freq=None,derives=None):
    d=dict(user=user,needs=needs,actions=actions)
    if freq: d["frequency"]=freq
    if derives: d["derives"]=derives
    return d
# A: WEO three-country pair arithmetic (ratio/spread) then carry-over
pairs=[(INV,SAV,"investment minus savings","spread"),(REV,EXP,"revenue vs expenditure gap","spread"),(DEBT,NL,"debt and deficit","expression"),(GDPG,CPI,"growth less inflation","spread"),(UR,GDPG,"unemployment and growth","spread")]
openers=["pull {s1} and {s2} for {cs}, {p}","can you get me {s1} + {s2} for {cs} ({p})?","I need {s1} alongside {s2} – {cs}, {p} pls","{cs}: {s1} & {s2}, {p}","hi - could you pull together {s1} and {s2} for {cs}? {p} would be ideal, annual is fine","need {s1} / {s2} {p} for {cs}, annualy"]
periods=[("2010-2019",2010,2019),("since 2015",2015,2023),("from the GFC on",2008,2023),("2000 to 2012",2000,2012),("over the last decade of data",2014,2023)]
lbl={INV:"total investment % GDP",SAV:"gross national saving (% of GDP)",REV:"govt revenue share of GDP",EXP:"total govt expenditure % GDP",DEBT:"gross govt debt/GDP",NL:"net lending/borrowing % GDP",GDPG:"real GDP growth",CPI:"avg CPI inflation",UR:"unemployment rate",CA:"current account % GDP"}
ci=0
for k in range(24):
    a,b,desc,op=pairs[k%5]
    cs=[CTRY[(ci+j)%len(CTRY)][0] for j in range(3)]; ci+=3
    per=periods[k%5]
    n1=[[w(c,*a)] for c in cs]; n2=[[w(c,*b)] for c in cs]
    needs=[]
    for x,y in zip(n1,n2): needs+= [x,y]
    SP[0]=[str(per[1]),str(per[2])]
    u1=openers[k%6].format(s1=lbl[a],s2=lbl[b],cs=", ".join(nm(c) for c in cs[:2])+" and "+nm(cs[2]),p=per[0])
    t1=T(u1,needs,["search","build_table"],"A")
    der=[dict(op=op if op!="expression" else "expression",inputs=[2*i,2*i+1],note=desc+" for "+cs[i]) for i in range(3)]
    t2=T(random.choice(["now the %s for each country","right, what's the %s for each of those, colour-code by country if poss","ok compute %s for all three","and %s for each of them?"])%desc,needs,["derive","build_table"],"A",der)
    t3=T(random.choice(["chart those and flag any breaks","plot that for them + changepoints pls","any structural breaks in those? chart it too"]),needs,["derive","changepoints","chart"],"A",der)
    add("%s: %s"%("/".join(cs),desc),[t1,t2,t3],"WEO Apr2024 rows, %d-%d; exact country spellings (%s). Trap: National currency variants of same subject; WDI look-alikes have no observations."%(per[1],per[2],"; ".join(cs)))
# B: BIS policy rates 3+ economies spread vs US
bis=[("M.BR","Brazil"),("M.MX","Mexico"),("M.CL","Chile"),("M.CO","Colombia"),("M.PL","Poland"),("M.HU","Hungary"),("M.CZ","Czech"),("M.ZA","South Africa"),("M.KR","Korea"),("M.IN","India"),("M.ID","Indonesia"),("M.TH","Thailand"),("M.GB","UK"),("M.CA","Canada"),("M.AU","Australia"),("M.NZ","New Zealand"),("M.SE","Sweden"),("M.NO","Norway"),("M.JP","Japan"),("M.CH","Swiss"),("M.IL","Israel"),("M.PE","Peru"),("M.PH","Philippines"),("M.MY","Malaysia")]
bp=[("since 2012","2012-01","2019-12"),("2010-2019","2010-01","2019-12"),("from 2005","2005-01","2019-12"),("2015 through 2019","2015-01","2019-12")]
for k in range(18):
    cs=[bis[(2*k+j)%len(bis)] for j in range(3)]
    per=bp[k%4]
    needs=[[c[0]] for c in cs]
    SP[0]=[per[1],per[2]]
    u1=random.choice(["policy rates for {c} {p}, monthly","BIS policy rate – {c}, {p}","get central bank rates of {c} {p}"]).format(c=", ".join(x[1] for x in cs),p=per[0])
    needs2=needs+[["M.US","FEDFUNDS"]]
    der=[dict(op="spread",inputs=[i,3],note=cs[i][1]+" minus US") for i in range(3)]
    add("Policy rates "+"/".join(x[1] for x in cs),[T(u1,needs,["search","build_table"],"M"),
        T(random.choice(["add the US and show each one's spread over it","spread of each vs the Fed?","now each minus the US rate"]),needs2,["search","derive","build_table"],"M",der),
        T(random.choice(["changepoints in those spreads + chart","chart the spreads, mark breaks","where do the spreads break? plot"]),needs2,["derive","changepoints","chart"],"M",der)],
      "BIS monthly policy rates %s..%s; US may be M.US or FEDFUNDS (effective rate, not target)."%(per[1],per[2]))
# C: mixed source/frequency: ILO quarterly + BIS monthly -> Q
ilo_c=[c for c in ILO if c not in ("Germany","France","Italy","Spain")]
bmap={"Canada":"M.CA","Germany":"M.DE","France":"M.FR","Italy":"M.IT","Spain":"M.ES","Brazil":"M.BR","Mexico":"M.MX","Chile":"M.CL","Colombia":"M.CO","Poland":"M.PL","Hungary":"M.HU","Sweden":"M.SE","Norway":"M.NO","Australia":"M.AU","United States":"M.US","Türkiye":"M.TR","Switzerland":"M.CH","Peru":"M.PE","Israel":"M.IL"}
for k in range(12):
    cs=[ilo_c[(3*k+j)%len(ilo_c)] for j in range(3)]
    needs=[]
    for c in cs: needs+=[["ilo:"+ILO[c]],[bmap[c]]]
    SP[0]=["2012-01","2019-12"]
    der=[dict(op="spread",inputs=[2*i+1,2*i],note="policy rate minus unemployment, "+c) for i,c in enumerate(cs)]
    u1=random.choice(["quarterly unemployment (ILO) with policy rates for {c}, 2012-2019, on a quarterly table","{c}: ILO jobless rate vs policy rate 2012–2019 quarterly pls"]).format(c=", ".join(nm(c) for c in cs))
    add("ILO unemployment vs policy rate "+"/".join(cs),[T(u1,needs,["search","build_table","convert"],"Q"),
        T("rate minus unemployment for each country",needs,["derive","convert","build_table"],"Q",der),
        T(random.choice(["same but chart it and look for breaks","breaks? and a chart"]),needs,["derive","convert","changepoints","chart"],"Q",der)],
      "ILO quarterly (ilo:ISO3) mixed with BIS monthly -> convert to Q, 2012Q1-2019Q4. Trap: WEO annual unemployment.")
# D: FRED/IFS/EVDS
SP[0]=["2000-01","2019-12"]
add("US credit and GDP",[T("US GDP and total federal debt 2000-2019",[["GDP"],["GFDEBTN"]],["search","build_table"],"Q"),
  T("debt to GDP ratio - note debt is in millions, GDP billions SAAR",[["GDP"],["GFDEBTN"]],["derive","build_table"],"Q",[dict(op="expression",inputs=[1,0],note="GFDEBTN/1000/GDP*100")]),
  T("chart that ratio, breaks?",[["GDP"],["GFDEBTN"]],["derive","chart","changepoints"],"Q",[dict(op="expression",inputs=[1,0],note="ratio")])],"Unit scaling millions vs billions SAAR; trap GFDEBTN vs FYGFD.")
SP[0]=["2005-01","2019-12"]
add("Loans mix",[T("business loans and consumer loans at commercial banks, 2005-2019 monthly",[["BUSLOANS"],["CONSUMER"]],["search","build_table"],"M"),
  T("share of business in the sum of both",[["BUSLOANS"],["CONSUMER"]],["derive","build_table"],"M",[dict(op="share",inputs=[0,1],note="BUSLOANS/(BUSLOANS+CONSUMER)")]),
  T("add the prime rate, monthly, and chart all",[["BUSLOANS"],["CONSUMER"],["DPRIME"]],["search","convert","chart"],"M")],"DPRIME daily -> monthly convert. Trap NSA versions.")
SP[0]=["2000-01","2019-12"]
add("US GDP vs Canada/Mexico IFS",[T("quarterly nominal GDP SA for US, Canada, Mexico 2000-2019 (IFS)",[["NGDP_SA_XDC.US"],["NGDP_SA_XDC.CA"],["NGDP_SA_XDC.MX"]],["search","build_table"],"Q"),
  T("yoy growth for them",[["NGDP_SA_XDC.US"],["NGDP_SA_XDC.CA"],["NGDP_SA_XDC.MX"]],["derive","build_table"],"Q",[dict(op="yoy_pct",inputs=[i],note="yoy") for i in range(3)]),
  T("breaks in each + chart",[["NGDP_SA_XDC.US"],["NGDP_SA_XDC.CA"],["NGDP_SA_XDC.MX"]],["derive","changepoints","chart"],"Q",[dict(op="yoy_pct",inputs=[i],note="yoy") for i in range(3)])],"IFS national currency, not comparable levels; yoy needs 1999.")
SP[0]=["2021-01","2023-12"]
add("Turkey CPI vs policy rate",[T("Türkiye CPI index 2003=100 monthly 2021-2023",[["TP.FG.J0"]],["search","build_table"],"M"),
  T("yoy inflation and add the CBRT policy rate",[["TP.FG.J0"],["M.TR"]],["search","derive","build_table"],"M",[dict(op="yoy_pct",inputs=[0],note="yoy")]),
  T("real rate = policy minus yoy inflation, chart + breaks",[["TP.FG.J0"],["M.TR"]],["derive","chart","changepoints"],"M",[dict(op="expression",inputs=[1,0],note="M.TR - yoy(TP.FG.J0)")])],"TURKSTAT file evds_equivalent TP.FG.J0; yoy needs 2020.")
SP[0]=["2010-01","2019-12"]
add("US labour",[T("unemployment rate and payrolls since 2010",[["UNRATE"],["PAYEMS"]],["search","build_table"],"M"),
  T("mom change in payrolls",[["UNRATE"],["PAYEMS"]],["derive","build_table"],"M",[dict(op="diff",inputs=[1],note="diff")]),
  T("and the savings rate with core and headline CPI; chart",[["UNRATE"],["PAYEMS"],["PSAVERT"],["CPIAUCSL"],["CPILFESL"]],["search","chart"],"M")],"CPILFESL ends 2020-01; span 2010-01..2019-12.")
SP[0]=["2000-01","2019-12"]
add("Yield curve",[T("10y-3m and 10y-FF spreads, 2000-2019, monthly",[["T10Y3M"],["T10YFF"]],["search","build_table","convert"],"M"),
  T("add fed funds and IP",[["T10Y3M"],["T10YFF"],["FEDFUNDS"],["INDPRO"]],["search","build_table","convert"],"M"),
  T("breaks in the spreads",[["T10Y3M"],["T10YFF"]],["changepoints","chart","convert"],"M")],"Daily to monthly. Trap INDPRO_2020 vintage.")
for i,s in enumerate(S[:60]): s["id"]="b11-%02d"%(i+1)
with open("/work/blind11/scenarios-blind11.jsonl","w") as f:
    for s in S[:60]: f.write(json.dumps(dict(id=s["id"],title=s["title"],turns=s["turns"],notes=s["notes"]),ensure_ascii=False)+"\n")
import json as J
J.dump({x["id"]:x["span"] for x in S[:60]},open("/work/blind11/scratch/spans.json","w"))
print(len(S))

package sim

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
)

// Policy is the simulated analyst's deterministic decision rule. For each
// request it reads the messages (nothing else) and takes one step:
//
//  1. Understand the latest analyst message: the series it asks for (one
//     subject per phrase and country) and the analysis steps it asks for.
//  2. For each subject not already a column of the table, look through every
//     candidate the request shows (results, compact results, shortlist). A
//     candidate is decidable when its title, heading and unit cover the
//     subject's words (directly or through a common synonym), its country
//     does not contradict the subject's, and it has data. Take the best;
//     break exact ties with the seed.
//  3. If a subject has no decidable candidate, search again, rewording:
//     the analyst's words, then synonyms, then a country/frequency filter,
//     then the two longest words (the seed orders the last three). A search
//     counts toward a subject only while its result is still readable. After
//     the wordings run out, take the best visible candidate, or give up.
//  4. With every subject settled, build the table (existing columns kept),
//     then derive, find change points and chart as asked, then answer.
//
// What a request says beyond its subjects narrows the choice: a unit named
// ("in US dollars", "at PPP") or a publisher named ("from the ILO") makes
// only rows in that unit or from that publisher decidable, and the
// publisher's namespaces go into the searches' sources filter; rows alike
// but for their unit are decided by the units the table already uses. When
// every fitting row shown has no observations, the next search asks for
// rows with data. A request naming no economy continues the table's. A rate
// asked for ("CPI inflation") and settled on a level (a price index) is
// derived as its year-on-year change, and so is the level in a difference
// with a rate.
//
// It never sees gold answers. Seeds change query wording order and tie
// breaks only.
type Policy struct {
	Seed uint64
}

// Step is one decision: reasoning, and either tool calls or an answer.
type Step struct {
	Reasoning string
	Calls     []Call
	Answer    string
}

// Call is a tool call to make.
type Call struct {
	Name string
	Args map[string]any
}

const tableName = "main"

// Decide takes one step for a conversation. It never repeats a call that
// already failed this request: it answers with what it has instead.
func (p Policy) Decide(msgs []Message) Step {
	v := readView(msgs)
	st := p.decide(v)
	for _, c := range st.Calls {
		for _, pc := range v.calls {
			if pc.failed && pc.name == c.Name && sameArgs(pc.args, c.Args) {
				first, _, _ := strings.Cut(pc.result, "\n")
				return Step{Reasoning: st.Reasoning + "\nThis exact call already failed (" + first + "); answering with what I have.",
					Answer: v.summary([]string{"what the failed " + c.Name + " call asked for"})}
			}
		}
	}
	return st
}

func (p Policy) decide(v view) Step {
	in := understand(v.user, v.earlier)
	var why []string
	note := func(f string, a ...any) { why = append(why, fmt.Sprintf(f, a...)) }
	step := func(calls ...Call) Step { return Step{Reasoning: strings.Join(why, "\n"), Calls: calls} }
	multi := countriesIn(in.subjects) > 1 || len(in.countries) > 1 || v.multiCountry()
	// Operands of derivations that no column holds are series to find too.
	subjects := slices.Clone(in.subjects)
	derives := in.derives[:0:0]
	for _, d := range in.derives {
		if len(d.asSeries) > 0 && namedOperands(d) && !v.operandsResolve(d, multi) {
			// What the analyst describes may be published as one series
			// (words only, no verb; or a share, ratio or spread): look for
			// that first; compute it from its operands only when no such
			// series turns up.
			if single(d.op) || v.seriesFirst(d.asSeries, in.freq, multi, p) {
				for _, s := range d.asSeries {
					if !slices.ContainsFunc(subjects, func(x subject) bool { return x.key() == s.key() }) {
						subjects = append(subjects, s)
					}
				}
				continue
			}
		}
		derives = append(derives, d)
		for _, o := range d.operands {
			if o.back != 0 || o.sum != 0 || o.phrase == "*" || (o.phrase == "" && o.country.iso3 == "") {
				continue
			}
			if _, ok := v.resolve(o, multi); ok {
				continue
			}
			if len(o.terms) == 0 && o.country.iso3 != "" {
				// "Fed minus ECB", "China as a share of the US": an
				// economy without a concept means the concept the table
				// already holds for other economies.
				o.terms = v.tableConcept()
			}
			s := subject{phrase: strings.Join(o.terms, " "), terms: o.terms, country: o.country}
			if base, ok := conceptBase(o); ok {
				s.phrase, s.terms = strings.Join(base, " "), base
			}
			if len(s.terms) > 0 && !slices.ContainsFunc(subjects, func(x subject) bool { return x.key() == s.key() }) {
				subjects = append(subjects, s)
			}
		}
	}
	in.derives = derives
	// A request that names no economy continues the conversation's: when
	// every series column of the table belongs to one, a subject naming
	// none is that economy's ("put CPI inflation next to it").
	if len(in.countries) == 0 && countriesIn(subjects) <= 1 {
		if home, ok := v.tableCountry(); ok {
			for i := range subjects {
				if subjects[i].country.iso3 == "" {
					subjects[i].country = home
				}
			}
		}
	}
	note("Understood: %s", in.describe(subjects))
	if v.contextNote {
		note("A context note says some results were removed; I can only use what is still shown.")
	}

	// Settle subjects. A series settles one subject only: two subjects
	// never share a column's series.
	var done []settled
	var missing []string
	used := map[string]bool{}
	for _, s := range subjects {
		if c, ok := v.column(columnName(s, multi)); ok {
			used[c.SeriesID] = true
		}
	}
	freq := p.tableFrequency(v, in, subjects, multi)
	if freq != in.freq && freq != "" {
		note("No frequency was asked, but a %s series fits one subject: one table aligns best at that frequency, so coarser candidates need a search with it as a filter first.", freqNames[freq])
	}
	for _, s := range subjects {
		name := columnName(s, multi)
		if c, ok := v.column(name); ok {
			note("%q is already column %s (%s).", s.phrase, name, c.SeriesID)
			done = append(done, settled{s, name, c.SeriesID, true})
			continue
		}
		best, decidable, n := p.best(v, s, freq, used)
		if decidable {
			note("For %q%s I see %d fitting candidates; %s (%s) covers it.", s.phrase, forCountry(s), n, best.ID, best.Title)
			done = append(done, settled{s, name, best.ID, false})
			used[best.ID] = true
			continue
		}
		if b, ok := v.browseFor(s, freq); ok {
			note("For %q%s the heading %q holds the right family (%d rows) but no row for this country is shown; listing it.", s.phrase, forCountry(s), b.heading, b.size)
			return step(Call{Name: "browse_heading", Args: b.args})
		}
		noData := v.fitsOnlyWithoutData(s)
		wordings := p.wordings(s, freq, peersOf(s, subjects), v.needsFilters(s, best, freq) || noData, noData)
		w, tried := v.nextWording(wordings)
		if w != nil {
			if best.ID != "" {
				note("For %q%s nothing shown is decidable (closest: %s, %s); searching again%s.", s.phrase, forCountry(s), best.ID, best.Title, howSearched(w))
			} else {
				note("For %q%s I see no candidate yet; searching (attempt %d%s).", s.phrase, forCountry(s), tried+1, howSearched(w))
			}
			return step(Call{Name: "search_catalog", Args: w})
		}
		if best.ID != "" && coverage(s, best) >= 0.5 {
			note("For %q%s no wording found a clear match; taking the closest, %s (%s).", s.phrase, forCountry(s), best.ID, best.Title)
			done = append(done, settled{s, name, best.ID, false})
			used[best.ID] = true
			continue
		}
		if best.ID != "" {
			note("For %q%s the closest candidate, %s (%s), covers under half of what was asked; I will not pass it off as the series.", s.phrase, forCountry(s), best.ID, best.Title)
		}
		note("For %q%s I found nothing usable after %d searches.", s.phrase, forCountry(s), tried)
		missing = append(missing, s.phrase+forCountry(s))
	}

	// Build the table when new series are settled and this request has not
	// built one with them.
	var cols []map[string]string
	fresh := false
	for _, c := range v.columns {
		if c.Derived == "" {
			cols = append(cols, map[string]string{"name": c.Name, "series_id": c.SeriesID})
		}
	}
	for _, d := range done {
		if !d.exists && !slices.ContainsFunc(cols, func(m map[string]string) bool { return m["series_id"] == d.id }) {
			fresh = true
			cols = append(cols, map[string]string{"name": d.col, "series_id": d.id})
		}
	}
	if fresh && len(cols) <= 24 {
		note("Building table %s with %d columns.", tableName, len(cols))
		args := map[string]any{"name": tableName, "columns": cols}
		if f := in.freq; f != "" && f != "S" {
			args["frequency"] = f
		} else if in.convert != "" {
			args["frequency"] = in.convert
		}
		if in.from != "" {
			args["from"] = in.from
		}
		if in.to != "" {
			args["to"] = in.to
		}
		return step(Call{Name: "build_table", Args: args})
	}

	// A table at a lower frequency, once.
	if in.convert != "" && v.table != "" && v.tableFreq != "" && finer(v.tableFreq, in.convert) && !v.did("convert_table", nil) {
		args := map[string]any{"table": v.tableOr(), "frequency": in.convert}
		if in.convertMethod != "" {
			args["method"] = in.convertMethod
		}
		note("Converting table %s from %s to %s.", v.tableOr(), freqNames[v.tableFreq], freqNames[in.convert])
		return step(Call{Name: "convert_table", Args: args})
	}

	// A rate of change asked for ("CPI inflation") and settled on a level
	// (a price index): its year-on-year change is what was asked.
	for _, d := range done {
		if !asksRate(d.s) || !isLevel(v.cands[d.id]) {
			continue
		}
		name := d.col + "_yoy"
		if _, ok := v.column(name); ok {
			continue
		}
		if _, ok := v.column(d.col); ok {
			note("%q asks for a rate of change and %s is a level; deriving its year-on-year change.", d.s.phrase, d.id)
			return step(Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "column": d.col, "op": "yoy_pct", "name": name}})
		}
	}

	// Derivations, in the order asked; each once.
	var made []string // columns this request derived or will act on
	for _, d := range derives {
		call, cols, problem := v.deriveCall(d, multi)
		switch {
		case problem != "":
			note("%s", problem)
		case call != nil:
			note("Deriving %s.", call.Args["name"])
			return step(*call)
		}
		made = append(made, cols...)
	}
	var cpCols []string
	cpTargets := in.cpTargets
	if in.cpAll {
		cpTargets = nil
		cols := made
		if len(cols) == 0 {
			for _, c := range v.seriesColumns() {
				cols = append(cols, c.Name)
			}
		}
		for _, n := range cols {
			if c, ok := v.column(n); ok {
				cpCols = append(cpCols, c.Name)
				if !v.did("find_change_points", map[string]any{"column": c.Name}) {
					note("Looking for breaks in %s (every column asked).", c.Name)
					return step(Call{Name: "find_change_points", Args: map[string]any{"table": v.tableOr(), "column": c.Name}})
				}
			}
		}
	}
	for _, t := range cpTargets {
		for _, c := range v.matchTarget(t, true, made) {
			cpCols = append(cpCols, c.Name)
			if !v.did("find_change_points", map[string]any{"column": c.Name}) {
				note("Looking for breaks in %s.", c.Name)
				return step(Call{Name: "find_change_points", Args: map[string]any{"table": v.tableOr(), "column": c.Name}})
			}
		}
	}
	if in.chart && !v.did("draw_chart", nil) {
		var chart []string
		add := func(n string) {
			if !slices.Contains(chart, n) && len(chart) < 8 {
				chart = append(chart, n)
			}
		}
		if in.chartAll {
			if len(made) > 0 {
				for _, c := range made {
					add(c)
				}
			} else {
				for _, c := range v.columns {
					if c.Derived == "" {
						add(c.Name)
					}
				}
			}
		}
		for _, t := range in.chartTargets {
			if t.phrase == "" && t.country.iso3 == "" {
				for _, c := range cpCols {
					add(c)
				}
				if len(cpCols) == 0 {
					for _, c := range v.matchTarget(t, true, made) {
						add(c.Name)
					}
				}
				continue
			}
			for _, c := range v.matchTarget(t, len(made) > 0, made) {
				add(c.Name)
			}
		}
		if len(chart) == 0 && len(v.columns) > 0 {
			for _, c := range v.columns {
				if c.Derived == "" {
					add(c.Name)
				}
			}
		}
		if len(chart) > 0 {
			note("Charting %s.", strings.Join(chart, ", "))
			return step(Call{Name: "draw_chart", Args: map[string]any{"table": v.tableOr(), "columns": chart, "mark_breaks": len(cpCols) > 0}})
		}
	}
	note("Everything asked is done; answering.")
	return Step{Reasoning: strings.Join(why, "\n"), Answer: v.summary(missing)}
}

func forCountry(s subject) string {
	if s.country.name == "" {
		return ""
	}
	return " (" + s.country.name + ")"
}

func countriesIn(ss []subject) int {
	seen := map[string]bool{}
	for _, s := range ss {
		seen[s.country.iso3] = true
	}
	return len(seen)
}

// columnName is a subject's column: up to four words, and the country when
// the request spans several.
func columnName(s subject, multi bool) string {
	var parts []string
	for _, t := range s.terms {
		t = asciiWord(t)
		if t != "" && len(parts) < 4 {
			parts = append(parts, t)
		}
	}
	if len(parts) == 0 {
		parts = []string{"series"}
	}
	if multi && s.country.iso3 != "" {
		parts = append(parts, strings.ToLower(s.country.iso3))
	}
	return strings.Join(parts, "_")
}

func asciiWord(w string) string {
	var b strings.Builder
	for _, r := range w {
		if r >= 'a' && r <= 'z' || (b.Len() > 0 && r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func opSuffix(op string, n int) string {
	switch op {
	case "yoy_pct":
		return "yoy"
	case "diff", "pct_change":
		if n > 0 {
			return fmt.Sprintf("%s%d", strings.TrimSuffix(op, "_change"), n)
		}
	}
	return op
}

// score rates a candidate for a subject. matched counts subject words the
// candidate's title, heading and unit hold (with synonyms); extra counts
// title words the subject did not ask for.
func score(s subject, c Candidate, freq string) (float64, bool) {
	text := map[string]bool{}
	for _, t := range terms(c.Title + " " + c.Heading + " " + c.Unit) {
		for _, e := range expand(t) {
			text[e] = true
		}
	}
	want := map[string]bool{}
	matched := 0
	for _, t := range s.terms {
		hit := false
		for _, e := range expand(t) {
			want[e] = true
			hit = hit || text[e]
		}
		if hit {
			matched++
		}
	}
	if matched == 0 || !countryFits(s, c) {
		return 0, false
	}
	// A unit asked for decides among rows alike but for their unit, and a
	// publisher asked for among rows of several publishers.
	unitOK := s.unit == "" || strings.Contains(strings.ToLower(c.Unit), s.unit)
	if ns, _, _ := strings.Cut(c.ID, ":"); len(s.sources) > 0 && !slices.Contains(s.sources, ns) {
		unitOK = false
	}
	extra := 0
	for _, t := range terms(c.Title) {
		if !want[t] && !isCountryWord(t) {
			extra++
		}
	}
	cov := float64(matched) / float64(len(s.terms))
	sc := cov - 0.03*float64(extra)
	// A rate of change asked for ("inflation", "growth") is not an index
	// level, and a level asked for is not its rate of change.
	unit := strings.ToLower(c.Unit)
	switch {
	case asksRate(s) && strings.HasPrefix(unit, "index"):
		sc -= 0.2
	case asksRate(s) && strings.Contains(unit, "percent change"):
		sc += 0.05
	case asksLevel(s) && strings.Contains(unit, "percent change"):
		sc -= 0.2
	}
	decidable := (cov >= 0.999 || (matched >= 2 && cov >= 0.66)) && unitOK
	if !unitOK {
		sc -= 0.3
	}
	if freq == "" {
		sc -= 0.01 * float64(freqRank[c.Freq]) // unasked, the finer series serves more uses
	}
	if freq != "" && c.Freq != "" && c.Freq != freq {
		if finer(c.Freq, freq) {
			sc -= 0.05 // can be aggregated
		} else {
			sc -= 0.3 // too coarse: a last resort, never a clear match
			decidable = false
		}
	}
	return sc, decidable
}

// asksRate: the subject names a rate of change.
func asksRate(s subject) bool {
	return slices.ContainsFunc(s.terms, func(t string) bool { return vocab.rateWords[t] })
}

// isLevel: the candidate is an index or a stock, not a rate of change.
func isLevel(c Candidate) bool {
	text := strings.ToLower(c.Unit)
	if text == "" { // no unit given: the title says what it is
		text = strings.ToLower(c.Title)
		return strings.Contains(text, "index") && !strings.Contains(text, "percent") && !strings.Contains(text, "change") && !strings.Contains(text, "rate")
	}
	return strings.HasPrefix(text, "index") && !strings.Contains(text, "percent") && !strings.Contains(text, "change")
}

// asksLevel: the subject names a level (an index, a stock).
func asksLevel(s subject) bool {
	return slices.ContainsFunc(s.terms, func(t string) bool { return vocab.levelWords[t] })
}

var freqNames = map[string]string{"D": "daily", "W": "weekly", "M": "monthly", "Q": "quarterly", "S": "semiannual", "A": "annual"}

// tableFrequency is the frequency the request's table should have: the one
// asked for, or, when none was, the finest frequency among the clear
// matches in view (and the table's columns), so that a monthly series is not
// forced down to annual by a subject that settled on an annual row before a
// monthly one was looked for.
func (p Policy) tableFrequency(v view, in intent, subjects []subject, multi bool) string {
	if in.freq != "" {
		return in.freq
	}
	finest := ""
	consider := func(f string) {
		if f != "" && f != "D" && f != "W" && (finest == "" || finer(f, finest)) {
			finest = f
		}
	}
	for _, c := range v.columns {
		if c.Derived == "" {
			consider(v.cands[c.SeriesID].Freq)
		}
	}
	consider(v.tableFreq) // the table built earlier keeps its frequency
	for _, s := range subjects {
		if _, ok := v.column(columnName(s, multi)); ok {
			continue
		}
		if best, decidable, _ := p.best(v, s, "", nil); decidable {
			consider(best.Freq)
		}
	}
	return finest
}

// coverage is the share of a subject's words a candidate's title, heading
// and unit hold (with synonyms).
func coverage(s subject, c Candidate) float64 {
	if len(s.terms) == 0 {
		return 0
	}
	text := map[string]bool{}
	for _, t := range terms(c.Title + " " + c.Heading + " " + c.Unit) {
		for _, e := range expand(t) {
			text[e] = true
		}
	}
	matched := 0
	for _, t := range s.terms {
		if slices.ContainsFunc(expand(t), func(e string) bool { return text[e] }) {
			matched++
		}
	}
	return float64(matched) / float64(len(s.terms))
}

var freqRank = map[string]int{"D": 0, "W": 1, "M": 2, "Q": 3, "S": 4, "A": 5}

func finer(have, want string) bool { return freqRank[have] < freqRank[want] }

func isCountryWord(t string) bool {
	cs, _ := findCountries(t)
	return len(cs) > 0
}

// countryFits: the candidate's country field, or a country named in its
// text, or its source's home country must not contradict the subject's.
func countryFits(s subject, c Candidate) bool {
	if s.country.iso3 == "" {
		return true
	}
	if c.Country != "" {
		return strings.EqualFold(c.Country, s.country.iso3)
	}
	named, _ := findCountries(strings.ToLower(c.Title + " " + c.Heading))
	if len(named) > 0 {
		return slices.ContainsFunc(named, func(x country) bool { return x.iso3 == s.country.iso3 })
	}
	src, _, _ := strings.Cut(c.ID, ":")
	if home, ok := vocab.sourceHome[src]; ok {
		return home == s.country.iso3
	}
	return true
}

// best returns the best usable candidate for a subject, whether it is
// decidable, and how many candidates fit at all. Candidates in used (settled
// for another subject of the request) are passed over.
func (p Policy) best(v view, s subject, freq string, used map[string]bool) (Candidate, bool, int) {
	type sc struct {
		c Candidate
		v float64
		d bool
	}
	var all []sc
	for _, id := range v.order {
		c := v.cands[id]
		if c.NoData || v.rejected[id] != "" || used[id] {
			continue
		}
		if val, dec := score(s, c, freq); val > 0 {
			all = append(all, sc{c, val, dec})
		}
	}
	if len(all) == 0 {
		return Candidate{}, false, 0
	}
	slices.SortStableFunc(all, func(a, b sc) int {
		switch {
		case a.v > b.v:
			return -1
		case a.v < b.v:
			return 1
		}
		return 0
	})
	top := 1
	for top < len(all) && all[top].v == all[0].v {
		top++
	}
	// Rows alike but for their unit: the one in a unit the table already
	// uses keeps the table comparable ("and net debt for the same
	// countries" after debt in percent of GDP).
	units := map[string]bool{}
	for _, c := range v.seriesColumns() {
		if u := v.cands[c.SeriesID].Unit; u != "" {
			units[u] = true
		}
	}
	ties := all[:top]
	if same := slices.DeleteFunc(slices.Clone(ties), func(x sc) bool { return !units[x.c.Unit] }); len(same) > 0 {
		ties = same
	}
	pick := p.rng(s.key() + "|tie").IntN(len(ties))
	return ties[pick].c, ties[pick].d, len(all)
}

func (p Policy) rng(key string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(key))
	return rand.New(rand.NewPCG(p.Seed, h.Sum64()))
}

// wordings are the searches tried for a subject, in order:
//
//  1. When several subjects ask for one concept in several countries, one
//     search for the concept with the countries filter listing them all:
//     the tool gives each country its share of the page.
//  2. The analyst's words with the country's name.
//  3. Then, in an order the seed chooses: the words with common synonyms
//     swapped in; the same with the search tool's filters (country,
//     frequency) and a wider page (widePage rows); the two longest words with the
//     country; and the words (synonyms swapped in) with "general all
//     items", the labels statistical offices give a headline aggregate
//     ("0. General", "All items"), filtered and with a full page.
//
// With filters promoted (the candidates in view are of the wrong frequency,
// or fit nothing while searches did list rows), the filtered search comes
// right after the analyst's words: a competent analyst narrows a search
// with the tool's filters before rewording it.
func (p Policy) wordings(s subject, freq string, peers []country, promoteFilters, hasDataOnly bool) []map[string]any {
	var syn []string
	for _, t := range s.terms {
		if e := vocab.synonyms[t]; len(e) > 0 {
			syn = append(syn, e...)
		} else {
			syn = append(syn, t)
		}
	}
	longest := slices.Clone(s.terms)
	slices.SortStableFunc(longest, func(a, b string) int { return len(b) - len(a) })
	longest = longest[:min(2, len(longest))]
	withCountry := func(q string) string {
		if s.unit != "" {
			q += " " + s.unit
		}
		if s.country.name != "" {
			return q + " " + s.country.name
		}
		return q
	}
	var out []map[string]any
	add := func(w map[string]any) {
		if len(s.sources) > 0 {
			w["sources"] = s.sources // the publisher asked for
		}
		if !slices.ContainsFunc(out, func(o map[string]any) bool { return sameArgs(o, w) }) {
			out = append(out, w)
		}
	}
	if len(peers) > 1 {
		// One search for the concept in every country asked, each
		// country's rows side by side.
		var codes []string
		for _, c := range peers {
			codes = append(codes, c.iso3)
		}
		q := s.phrase
		if s.unit != "" {
			q += " " + s.unit
		}
		add(map[string]any{"query": q, "countries": codes})
	}
	add(map[string]any{"query": withCountry(s.phrase)})
	var filtered map[string]any
	if s.country.iso3 != "" || freq != "" || hasDataOnly {
		filtered = map[string]any{"query": strings.Join(syn, " "), "limit": widePage}
		if hasDataOnly {
			filtered["has_data"] = true
		}
		if s.country.iso3 != "" {
			filtered["country"] = s.country.iso3
		}
		if freq != "" && freq != "S" {
			filtered["frequency"] = freq
		}
	}
	if filtered != nil && promoteFilters {
		add(filtered)
	}
	rest := []map[string]any{
		{"query": withCountry(strings.Join(syn, " "))},
		{"query": withCountry(strings.Join(longest, " "))},
	}
	if filtered != nil {
		rest = append(rest, filtered)
	}
	general := map[string]any{"query": strings.Join(syn, " ") + " general all items", "limit": widePage}
	for k, v := range filtered {
		if k != "query" && k != "limit" {
			general[k] = v
		}
	}
	rest = append(rest, general)
	r := p.rng(s.key() + "|wording")
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for _, w := range rest {
		add(w)
	}
	return out[:min(len(out), maxWordings)]
}

// maxWordings is how many searches an analyst tries for one series before
// taking the closest row shown or saying it found none.
const maxWordings = 3

// widePage is the page size of the filtered and headline searches: wider
// than the tool's default so a headline row ranked below its components
// shows, narrow enough that a turn's searches stay in a 32k window.
const widePage = 50

// peersOf are the countries of the subjects asking for s's concept.
func peersOf(s subject, all []subject) []country {
	var out []country
	for _, o := range all {
		if o.phrase == s.phrase && o.country.iso3 != "" && !slices.Contains(out, o.country) {
			out = append(out, o.country)
		}
	}
	return out
}

// fitsOnlyWithoutData: rows that fit the subject were shown, but none of
// them has observations, so the next search asks for rows with data.
func (v view) fitsOnlyWithoutData(s subject) bool {
	fit := false
	for _, id := range v.order {
		c := v.cands[id]
		if _, dec := score(s, c, ""); !dec {
			continue
		}
		if !c.NoData {
			return false
		}
		fit = true
	}
	return fit
}

// needsFilters: the closest candidate is of a coarser frequency than asked,
// or nothing fits while this request's searches did list rows.
func (v view) needsFilters(s subject, best Candidate, freq string) bool {
	if best.ID != "" {
		return freq != "" && best.Freq != "" && best.Freq != freq && !finer(best.Freq, freq)
	}
	for _, c := range v.calls {
		if c.name == "search_catalog" && c.seen && !strings.Contains(c.result, "no rows matched") {
			return true
		}
	}
	return false
}

// nextWording is the first wording no readable search of this request used
// (a search the context note names as removed counts as used: its rows are
// in the shortlist),
// and how many were used.
func (v view) nextWording(ws []map[string]any) (map[string]any, int) {
	var next map[string]any
	tried := 0
	for _, w := range ws {
		done := slices.ContainsFunc(v.calls, func(c pastCall) bool {
			return c.name == "search_catalog" && c.seen && sameArgs(w, c.args)
		}) || strings.Contains(v.noteText, searchLabel(w)+";") || strings.Contains(v.noteText, searchLabel(w)+" (")
		switch {
		case done:
			tried++
		case next == nil:
			next = w
		}
	}
	return next, tried
}

// searchLabel names a search the way results and context notes do:
// search_catalog "q" [frequency=M country=TUR].
func searchLabel(w map[string]any) string {
	l := fmt.Sprintf("search_catalog %q", fmt.Sprint(w["query"]))
	var f []string
	if v, ok := w["frequency"]; ok {
		f = append(f, fmt.Sprintf("frequency=%v", v))
	}
	if v, ok := w["country"]; ok {
		f = append(f, fmt.Sprintf("country=%v", v))
	}
	if len(f) > 0 {
		l += " [" + strings.Join(f, " ") + "]"
	}
	return l
}

func howSearched(w map[string]any) string {
	var f []string
	for _, k := range []string{"country", "frequency"} {
		if v, ok := w[k]; ok {
			f = append(f, fmt.Sprintf("%s=%v", k, v))
		}
	}
	if len(f) > 0 {
		return " with the search filters " + strings.Join(f, ", ")
	}
	return ""
}

func sameArgs(a, b map[string]any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// did reports a successful call of this request with these arguments.
func (v view) did(name string, args map[string]any) bool {
	for _, c := range v.calls {
		if c.name != name || c.failed {
			continue
		}
		ok := true
		for k, want := range args {
			ok = ok && fmt.Sprint(c.args[k]) == fmt.Sprint(want)
		}
		if ok {
			return true
		}
	}
	return false
}

func (v view) column(name string) (Column, bool) {
	for _, c := range v.columns {
		if c.Name == name {
			return c, true
		}
	}
	return Column{}, false
}

func (v view) tableOr() string {
	if v.table != "" {
		return v.table
	}
	return tableName
}

// match finds the columns a phrase means: those sharing the most words
// with it (synonyms included). With preferDerived, a derived column wins a
// tie with its source.
func (v view) match(target string, preferDerived bool) []Column {
	want := terms(target)
	best, bestScore := []Column(nil), 0.0
	for _, c := range v.columns {
		have := map[string]bool{}
		for _, t := range terms(strings.ReplaceAll(c.Name, "_", " ")) {
			for _, e := range expand(t) {
				have[e] = true
			}
		}
		n := 0.0
		for _, t := range want {
			if slices.ContainsFunc(expand(t), func(e string) bool { return have[e] }) {
				n++
			}
		}
		if c.Derived != "" {
			if preferDerived {
				n += 0.1
			} else {
				n -= 0.1
			}
		}
		switch {
		case n <= 0.5:
		case n > bestScore:
			best, bestScore = []Column{c}, n
		case n == bestScore:
			best = append(best, c)
		}
	}
	if len(best) == 0 && len(v.columns) == 1 {
		return v.columns
	}
	return best
}

// settled is a subject with the series chosen for it.
type settled struct {
	s      subject
	col    string
	id     string
	exists bool
}

// summary is the answer: what was used and what the results said.
func (v view) summary(missing []string) string {
	var b strings.Builder
	if len(v.columns) > 0 {
		fmt.Fprintf(&b, "Table %s:\n", v.tableOr())
		for _, c := range v.columns {
			title := v.cands[c.SeriesID].Title
			if c.Derived != "" {
				title = c.Derived
			}
			fmt.Fprintf(&b, "- %s = %s %s\n", c.Name, c.SeriesID, title)
		}
	}
	for _, c := range v.calls {
		if c.failed || (c.name != "find_change_points" && c.name != "draw_chart") {
			continue
		}
		first, _, _ := strings.Cut(c.result, "\n")
		b.WriteString(first + "\n")
		if c.name == "find_change_points" {
			for _, l := range strings.Split(c.result, "\n")[1:] {
				if strings.HasPrefix(l, "break ") {
					b.WriteString("  " + l + "\n")
				}
			}
		}
	}
	for _, m := range missing {
		fmt.Fprintf(&b, "I could not find a series for %s.\n", m)
	}
	if b.Len() == 0 {
		return "I found nothing to report for this request."
	}
	return strings.TrimSpace(b.String())
}

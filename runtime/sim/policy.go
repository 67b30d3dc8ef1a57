package sim

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
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
	// A word a search corrected is read as corrected, in this message
	// and the earlier ones it refers to.
	earlier := make([]string, len(v.earlier))
	for i, e := range v.earlier {
		earlier[i] = v.respell(e)
	}
	in := understand(v.respell(v.user), earlier)
	v.span = [2]string{in.from, in.to}
	if in.from == "" && in.to == "" && !in.wholeSpan {
		if from, to := spanAsked(earlier); from != "" || to != "" {
			v.span = [2]string{from, to}
		}
	}
	var why []string
	note := func(f string, a ...any) { why = append(why, fmt.Sprintf(f, a...)) }
	step := func(calls ...Call) Step { return Step{Reasoning: strings.Join(why, "\n"), Calls: calls} }
	// Several economies: named, held, or asked through the series a
	// derivation may be published as ("GDP per capita … for the five
	// BRICS economies").
	asked := slices.Clone(in.subjects)
	for _, d := range in.derives {
		asked = append(asked, d.asSeries...)
	}
	multi := countriesIn(asked) > 1 || len(in.countries) > 1 || v.multiCountry()
	// Operands of derivations that no column holds are series to find too.
	subjects := slices.Clone(in.subjects)
	derives := in.derives[:0:0]
	for _, d := range in.derives {
		if d.fromConcept && v.conceptMade(d) {
			// "chart that real rate line": the concept the table holds a
			// column for is that column; nothing is made or found again.
			continue
		}
		if !single(d.op) && countriesIn(d.asSeries) == len(d.asSeries) && slices.ContainsFunc(d.asSeries, func(s subject) bool {
			_, c, ok := v.columnFor(s, multi)
			if !ok {
				// A column this request built whose row says every word
				// of it ("10-Year Treasury … Minus Federal Funds Rate").
				c, ok = v.columnWithRow(s)
			}
			return ok && c.Derived == "" && !v.before[c.Name] && v.rowSaysEach(c, d.operands) && !slices.ContainsFunc(d.operands, func(o operand) bool {
				return len(o.terms) > 0 && wordsWithin(o.terms, s.terms) && wordsWithin(s.terms, o.terms)
			})
		}) {
			// The published series this request found for the arithmetic
			// read as one series ("the 10y-minus-fed-funds spread", one per
			// economy) is the answer; its
			// operands are not computed with again.
			for _, s := range d.asSeries {
				if !slices.ContainsFunc(subjects, func(x subject) bool { return x.key() == s.key() }) {
					subjects = append(subjects, s)
				}
			}
			continue
		}
		if len(d.asSeries) > 0 && namedOperands(d) && !v.operandsResolve(d, multi) && !operandsAsked(d, in.subjects) {
			// What the analyst describes may be published as one series
			// (words only, no verb; or a share, ratio or spread): look for
			// that first; compute it from its operands only when no such
			// series turns up.
			if single(d.op) || v.seriesFirst(describing(d), d.operands, in.freq, multi, p) {
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
			// "savings and investment for China and Japan, then savings
			// minus investment": an operand naming a series the request
			// asks for is that series, once it is a column.
			if operandsAsked(derivation{operands: []operand{o}}, in.subjects) {
				continue
			}
			if len(o.terms) == 0 && o.country.iso3 != "" && slices.ContainsFunc(in.subjects, func(x subject) bool { return x.country == o.country }) {
				// "Add Greece and give me Greece minus Germany": the
				// economy's series is the one the request asks for.
				continue
			}
			if o.country.iso3 != "" && len(o.terms) > 0 && vocab.weakOnly(o.terms) {
				if ws := v.conceptWith(o.terms); ws != nil {
					o.terms = ws
				}
			}
			if len(o.terms) == 0 && o.country.iso3 != "" {
				// "Fed minus ECB", "China as a share of the US", "the same
				// rate for Brazil": an economy without a concept (or with
				// only a weak word of it) means the concept the table
				// already holds for other economies.
				o.terms = v.tableConcept()
			}
			// "minus the IMF avg CPI inflation": the series as the
			// analyst names it, from the publisher named; a price index
			// it could be computed from serves when the table holds one.
			s := subject{phrase: strings.Join(o.terms, " "), terms: o.terms, country: o.country, sources: o.sources, unit: o.unit}
			if len(s.terms) > 0 && !slices.ContainsFunc(subjects, func(x subject) bool { return x.key() == s.key() }) {
				subjects = append(subjects, s)
			}
		}
	}
	in.derives = derives
	// "annual inflation for both", "GDP growth": a rate of change of what
	// the table holds is computed from it, not searched for.
	subjects = slices.DeleteFunc(subjects, func(s subject) bool {
		ds := v.changeOfColumns(s, v.user)
		if len(ds) > 0 {
			note("%q is a change of what the table holds; deriving it.", s.phrase)
			// A column's own change comes before arithmetic that may use it.
			in.derives = append(ds, in.derives...)
		}
		return len(ds) > 0
	})
	derives = in.derives
	subjects = append(subjects, v.analysedNotHeld(in, subjects)...)
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
		if _, c, ok := v.columnFor(s, multi); ok {
			used[c.SeriesID] = true
		}
	}
	freq := p.tableFrequency(v, in, subjects, multi)
	if in.oneSource {
		subjects = p.fromOnePublisher(v, subjects, freq, used)
	}
	if freq != in.freq && freq != "" {
		note("No frequency was asked, but a %s series fits one subject: one table aligns best at that frequency, so coarser candidates need a search with it as a filter first.", freqNames[freq])
	}
	for _, s := range subjects {
		name, c, ok := v.columnFor(s, multi)
		if ok {
			note("%q is already column %s (%s).", s.phrase, name, c.SeriesID)
			done = append(done, settled{s, name, c.SeriesID, true})
			continue
		}
		best, decidable, n := p.best(v, s, freq, used)
		if w, home, ok := v.homeSearch(p, s, best, decidable, freq, used); ok {
			note("For %q the request's other series are of %s, and the row that fits best, %s (%s), is not; searching in %s%s.", s.phrase, home.name, best.ID, best.Title, home.name, howSearched(w))
			return step(Call{Name: "search_catalog", Args: w})
		}
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
		wordings := v.withoutRefusedFilters(p.wordings(s, freq, peersOf(s, subjects), v.needsFilters(s, best, freq) || noData, noData))
		w, tried := v.nextWording(wordings)
		if v.noRoom && w != nil {
			note("A search said no new row fits the context window; I decide from what is shown.")
			w = nil
		}
		if w != nil {
			if best.ID != "" {
				note("For %q%s nothing shown is decidable (closest: %s, %s); searching again%s.", s.phrase, forCountry(s), best.ID, best.Title, howSearched(w))
			} else {
				note("For %q%s I see no candidate yet; searching (attempt %d%s).", s.phrase, forCountry(s), tried+1, howSearched(w))
			}
			return step(Call{Name: "search_catalog", Args: w})
		}
		if best.ID != "" && coverage(s, best) >= 0.5 && !contradicts(s, best) {
			note("For %q%s no wording found a clear match; taking the closest, %s (%s).", s.phrase, forCountry(s), best.ID, best.Title)
			done = append(done, settled{s, name, best.ID, false})
			used[best.ID] = true
			continue
		}
		switch {
		case best.ID != "" && contradicts(s, best):
			note("For %q%s the closest candidate, %s (%s), is the other side of what was asked; I will not pass it off as the series.", s.phrase, forCountry(s), best.ID, best.Title)
		case best.ID != "":
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
		if c.Derived != "" {
			continue
		}
		if in.removes(v, c, done) {
			fresh = true
			continue
		}
		cols = append(cols, map[string]string{"name": c.Name, "series_id": c.SeriesID})
	}
	for _, d := range done {
		if !d.exists && !slices.ContainsFunc(cols, func(m map[string]string) bool { return m["series_id"] == d.id }) {
			fresh = true
			// Two subjects alike in their first words ("WEO general govt
			// gross debt % GDP" and "federal debt/GDP") still make two
			// columns.
			name := d.col
			for k := 2; slices.ContainsFunc(cols, func(m map[string]string) bool { return m["name"] == name }); k++ {
				name = fmt.Sprintf("%s_%d", d.col, k)
			}
			cols = append(cols, map[string]string{"name": name, "series_id": d.id})
		}
	}
	if fresh && len(cols) > 0 && len(cols) <= 24 && v.builtBefore(cols) {
		// A reading that flips between two tables would build them in
		// turn until the step limit: a table this request built once
		// and replaced is not built again.
		note("This request already built and replaced a table of these columns; keeping the one there is.")
		fresh = false
	}
	if fresh && len(cols) > 0 && len(cols) <= 24 {
		note("Building table %s with %d columns.", tableName, len(cols))
		args := map[string]any{"name": tableName, "columns": cols}
		switch f := in.freq; {
		case f != "" && f != "S":
			args["frequency"] = f
		case in.convert != "" && in.convertMethod != "":
			// "at year end", "annual averages": the table is built at
			// its finest series' frequency, then converted by the method
			// asked (convert_table), which building does not take.
			args["frequency"] = in.convert
			if fine := v.finestOf(cols); fine != "" && finer(fine, in.convert) {
				args["frequency"] = fine
			}
		case in.convert != "":
			args["frequency"] = in.convert
		}
		if in.from != "" {
			args["from"] = in.from
		}
		if in.to != "" {
			args["to"] = in.to
		}
		switch {
		case in.from != "" || in.to != "":
		case in.sameSpan && v.tableSpan[0] != "":
			args["from"], args["to"] = v.tableSpan[0], v.tableSpan[1]
		case !in.wholeSpan && v.extends(cols):
			// "bring in the 10y minus 3m spread too": the table grows,
			// and the span the analyst set for it holds until restated.
			if from, to := spanAsked(earlier); from != "" || to != "" {
				if from != "" {
					args["from"] = from
				}
				if to != "" {
					args["to"] = to
				}
				note("Keeping the span asked for earlier (%s..%s).", from, to)
			}
		}
		return step(Call{Name: "build_table", Args: args})
	}

	// A table at a lower frequency, once.
	if in.convert != "" && v.table != "" && v.tableFreq != "" && finer(v.tableFreq, in.convert) && !v.did("convert_table", nil) {
		args := map[string]any{"table": v.tableOr(), "frequency": in.convert}
		if by := v.lastValueColumns(in, done, multi); in.convertMethod == "last" && len(by) > 0 {
			// "federal debt (year-end) over that GDP": the period's last
			// value of the series it follows; the others by their own.
			args["by_column"] = by
		} else if in.convertMethod != "" {
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
		name := suffixed(d.col, "_yoy")
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
		cols := v.matchTarget(t, true, made)
		if len(cols) == 0 && t.phrase != "" && t.phrase != "*" {
			// "where the big breaks are": words that name no column ask
			// about what the request made or found last.
			cols = v.matchTarget(target{country: t.country}, true, made)
		}
		for _, c := range cols {
			if slices.Contains(cpCols, c.Name) {
				continue // two phrases of the message for one column
			}
			cpCols = append(cpCols, c.Name)
			if !v.did("find_change_points", map[string]any{"column": c.Name}) {
				note("Looking for breaks in %s.", c.Name)
				return step(Call{Name: "find_change_points", Args: map[string]any{"table": v.tableOr(), "column": c.Name}})
			}
		}
	}
	// Breaks are read off a chart: the columns searched for breaks are
	// charted with them marked, asked or not.
	if !in.chart && len(cpCols) > 0 && !v.did("draw_chart", nil) {
		note("Charting %s with the breaks marked.", strings.Join(cpCols, ", "))
		return step(Call{Name: "draw_chart", Args: map[string]any{"table": v.tableOr(), "columns": cpCols[:min(len(cpCols), chartColumns)], "mark_breaks": true}})
	}
	if in.chart && !v.did("draw_chart", nil) {
		var chart []string
		add := func(n string) {
			if !slices.Contains(chart, n) && len(chart) < chartColumns {
				chart = append(chart, n)
			}
		}
		// "chart both versions of the ratio": "both" is of the columns the
		// noun names, when it names an arithmetic's.
		named := len(in.chartTargets) == 1 && len(v.opColumns(terms(in.chartTargets[0].phrase))) > 0
		if in.chartAll && !named {
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
			cols := v.matchTarget(t, len(made) > 0, made)
			if len(cols) == 0 && t.phrase != "*" {
				// "chart the markup": words that name no column and no
				// row found mean what was made last, as for breaks.
				cols = v.matchTarget(target{country: t.country}, true, made)
			}
			for _, c := range cols {
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

// wordsWithin: every word of a (or a synonym of it) is among b's.
func wordsWithin(a, b []string) bool {
	return !slices.ContainsFunc(wordMatch(a, strings.Join(b, " ")), func(hit bool) bool { return !hit })
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

// columnFor is the column name a subject's series takes and, when a column
// of that name holds it, that column. A column of the name in another unit
// than the one asked for ("them in US dollars" after percent of GDP) does
// not hold it: the subject's column then carries its unit in its name.
func (v view) columnFor(s subject, multi bool) (string, Column, bool) {
	name := columnName(s, multi)
	c, ok := v.column(name)
	if !ok || s.unit == "" {
		return name, c, ok
	}
	unit := c.Unit
	if cand, seen := v.cands[c.SeriesID]; seen && cand.Unit != "" {
		unit = cand.Unit
	}
	if unit == "" || strings.Contains(strings.ToLower(unit), s.unit) {
		return name, c, true
	}
	name += "_" + strings.ReplaceAll(asciiWords(s.unit), " ", "_")
	c, ok = v.column(name)
	return name, c, ok
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
	if len(s.sources) > 0 { // "the BLS one and the IMF one": a version each
		parts = append(parts, s.sources[0])
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

// columnWithRow is a series column this request built whose row's title
// and heading hold every word of s.
func (v view) columnWithRow(s subject) (Column, bool) {
	for _, c := range v.columns {
		if c.Derived != "" || v.before[c.Name] || len(s.terms) == 0 {
			continue
		}
		r := v.row(c)
		if s.country.iso3 != "" && v.colCountry(c) != "" && v.colCountry(c) != s.country.iso3 {
			continue
		}
		if !slices.Contains(wordMatch(s.terms, r.Title+" "+r.Heading), false) {
			return c, true
		}
	}
	return Column{}, false
}

// rowSaysEach: the column's row holds a word of every named operand, as
// a published arithmetic does ("Bank Prime Loan Rate" says nothing of the
// fed funds it would be less).
func (v view) rowSaysEach(c Column, operands []operand) bool {
	r := v.row(c)
	for _, o := range operands {
		if len(o.terms) > 0 && !slices.Contains(wordMatch(o.terms, r.Title+" "+r.Heading), true) {
			return false
		}
	}
	return true
}

// conceptMade: a column derived earlier carries every word of the
// concept's name ("real_federal_fund_rate" for "that real rate").
func (v view) conceptMade(d derivation) bool {
	ts := terms(d.label)
	if len(ts) == 0 {
		return false
	}
	return slices.ContainsFunc(v.columns, func(c Column) bool {
		return c.Derived != "" && v.before[c.Name] && wordsWithin(ts, terms(strings.ReplaceAll(c.Name, "_", " "))) && fromSources(c, d.sources)
	})
}

// fromSources: one of the column's inputs is from the namespaces named,
// or none were.
func fromSources(c Column, sources []string) bool {
	if len(sources) == 0 {
		return true
	}
	return slices.ContainsFunc(append(slices.Clone(c.From), c.SeriesID), func(id string) bool {
		ns, _, _ := strings.Cut(id, ":")
		return slices.Contains(sources, ns)
	})
}

// describing are the series read from an arithmetic's clause that
// describe the arithmetic itself: their words hold a word of every
// operand ("effective ff headline cpi inflation" for "effective FF minus
// headline CPI inflation"), not a series named beside it ("SA cpi pls").
func describing(d derivation) []subject {
	var out []subject
	for _, s := range d.asSeries {
		all := true
		for _, o := range d.operands {
			if len(o.terms) > 0 && !slices.ContainsFunc(o.terms, func(t string) bool { return slices.Contains(s.terms, t) }) {
				all = false
			}
		}
		if all {
			out = append(out, s)
		}
	}
	return out
}

// operandsAsked: every operand of d names a series this request asks for
// ("CPI (headline index) … add CPI y/y"), which is a column once the
// table is built; d needs no series of its own.
func operandsAsked(d derivation, subjects []subject) bool {
	for _, o := range d.operands {
		if len(o.terms) == 0 || !slices.ContainsFunc(subjects, func(x subject) bool {
			// "GDP in current dollars and population, and dollars per
			// person": the words of a subject's unit name it too.
			return (o.country.iso3 == "" || x.country == o.country) && wordsWithin(o.terms, append(slices.Clone(x.terms), terms(x.unit)...))
		}) {
			return false
		}
	}
	return len(d.operands) > 0
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

// lastValueColumns are the columns of the series asked at their period's
// end, when the request asks so of some of its series and not of all.
func (v view) lastValueColumns(in intent, done []settled, multi bool) []map[string]any {
	var names []string
	for _, d := range done {
		if d.s.eop && !slices.Contains(names, d.col) {
			names = append(names, d.col)
		}
	}
	for _, d := range in.derives {
		for _, o := range d.operands {
			if c, ok := v.resolve(o, multi); ok && o.eop && !slices.Contains(names, c.Name) {
				names = append(names, c.Name)
			}
		}
	}
	if len(names) == 0 || len(names) == len(v.seriesColumns()) {
		return nil
	}
	var out []map[string]any
	for _, n := range names {
		out = append(out, map[string]any{"column": n, "method": "last"})
	}
	return out
}

// builtBefore: a build_table call of this request had exactly these
// series, and a later one replaced it.
func (v view) builtBefore(cols []map[string]string) bool {
	want := make([]string, 0, len(cols))
	for _, c := range cols {
		want = append(want, c["series_id"])
	}
	slices.Sort(want)
	var builds [][]string
	for _, c := range v.calls {
		if c.name != "build_table" || c.failed {
			continue
		}
		var ids []string
		if list, ok := c.args["columns"].([]any); ok {
			for _, x := range list {
				if m, ok := x.(map[string]any); ok {
					ids = append(ids, fmt.Sprint(m["series_id"]))
				}
			}
		}
		slices.Sort(ids)
		builds = append(builds, ids)
	}
	for i := 0; i+1 < len(builds); i++ {
		if slices.Equal(builds[i], want) {
			return true
		}
	}
	return false
}

// extends: the columns to build keep most series of the table standing
// (at least half), so the new table is the old one grown or edited
// ("instead of Iceland take the Swiss rate"), not a new one.
func (v view) extends(cols []map[string]string) bool {
	series := v.seriesColumns()
	if v.table == "" || len(series) == 0 {
		return false
	}
	kept := 0
	for _, c := range series {
		if slices.ContainsFunc(cols, func(m map[string]string) bool { return m["series_id"] == c.SeriesID }) {
			kept++
		}
	}
	return 2*kept >= len(series)
}

// spanAsked is the span the latest earlier message that set one asked for.
func spanAsked(earlier []string) (from, to string) {
	for i := len(earlier) - 1; i >= 0; i-- {
		if e := understand(earlier[i], earlier[:i]); e.from != "" || e.to != "" {
			return e.from, e.to
		}
	}
	return "", ""
}

// analysedNotHeld are series that breaks or a chart are asked of and that
// the table does not hold ("changepoints on those ratios plus the
// unemployment rates"): they are found first, one per economy of the table
// when the target names none.
func (v view) analysedNotHeld(in intent, have []subject) []subject {
	if v.table == "" {
		return nil
	}
	var out []subject
	for _, t := range append(slices.Clone(in.cpTargets), in.chartTargets...) {
		ts := terms(t.phrase)
		if t.phrase == "" || t.phrase == "*" || t.back || len(ts) == 0 || vocab.weakOnly(ts) || v.holds(t) || in.derivesInto(ts) || len(v.opColumns(ts)) > 0 {
			continue
		}
		cs := []country{t.country}
		if t.country.iso3 == "" {
			cs = v.tableCountries()
		}
		for _, c := range cs {
			s := subject{phrase: strings.Join(ts, " "), terms: ts, country: c}
			if !slices.ContainsFunc(append(have, out...), func(x subject) bool { return x.key() == s.key() }) {
				out = append(out, s)
			}
		}
	}
	return out
}

// holds: a column of the table says at least half the words of the
// target ("the 10-year-over-FF term spread" is not the fed funds column).
func (v view) holds(t target) bool {
	ts := terms(t.phrase)
	return slices.ContainsFunc(v.matchTarget(t, false, nil), func(c Column) bool { return v.columnScore(ts, c) >= 0.5 })
}

// derivesInto: a derivation of the request makes what the words name (its
// label, or its operands' words).
func (in intent) derivesInto(ts []string) bool {
	for _, d := range in.derives {
		words := terms(d.label)
		for _, o := range d.operands {
			words = append(words, o.terms...)
		}
		if !slices.ContainsFunc(ts, func(t string) bool { return !slices.Contains(words, t) }) {
			return true
		}
	}
	return false
}

// tableCountries are the economies of the table's series columns, in
// table order; one country-less entry when none is known.
func (v view) tableCountries() []country {
	var out []country
	for _, c := range v.seriesColumns() {
		if cc := v.colCountry(c); cc != "" && !slices.ContainsFunc(out, func(x country) bool { return x.iso3 == cc }) {
			if r, ok := vocab.region(cc); ok {
				out = append(out, r)
			}
		}
	}
	if len(out) == 0 {
		return []country{{}}
	}
	return out
}

// withoutRefusedFilters drops from searches the country filter the tool has
// refused this request ("bad filter: country \"EMU\""): the country stays in
// the words, and a search the tool refused is not sent again.
func (v view) withoutRefusedFilters(ws []map[string]any) []map[string]any {
	refused := map[string]bool{}
	for _, c := range v.calls {
		if m := refusedCountry.FindStringSubmatch(c.result); c.failed && m != nil {
			refused[m[1]] = true
		}
	}
	if len(refused) == 0 {
		return ws
	}
	var out []map[string]any
	for _, w := range ws {
		w = maps.Clone(w)
		if c, ok := w["country"].(string); ok && refused[c] {
			delete(w, "country")
		}
		if cs, ok := w["countries"].([]string); ok {
			cs = slices.DeleteFunc(slices.Clone(cs), func(c string) bool { return refused[c] })
			if len(cs) == 0 {
				delete(w, "countries")
			} else {
				w["countries"] = cs
			}
		}
		if !slices.ContainsFunc(out, func(o map[string]any) bool { return sameArgs(o, w) }) {
			out = append(out, w)
		}
	}
	return out
}

var refusedCountry = regexp.MustCompile(`bad filter: country "([^"]+)"`)

// finestOf is the finest frequency, daily and weekly aside, of the series
// the columns hold, as their rows were shown.
func (v view) finestOf(cols []map[string]string) string {
	finest := ""
	for _, c := range cols {
		f := v.cands[c["series_id"]].Freq
		if f == "" && slices.ContainsFunc(v.columns, func(col Column) bool { return col.SeriesID == c["series_id"] }) {
			f = v.tableFreq // a column already there stands at the table's frequency
		}
		if f != "" && f != "D" && f != "W" && (finest == "" || finer(f, finest)) {
			finest = f
		}
	}
	return finest
}

// chartColumns is the most lines the analyst asks for on one chart: past
// it a chart is unreadable, whatever the table holds.
const chartColumns = 8

// changeOfColumns reads a subject that asks for a rate of change ("annual
// inflation", "GDP growth") as a derivation of the table's columns: the
// words left once the change and period words are gone name a column (or,
// when none is left, the table's level columns: all of them when the
// request says "both" or "each", else its only one). Inflation is the
// change of a price index; growth the change of any level, never of a
// rate.
func (v view) changeOfColumns(s subject, text string) []derivation {
	if len(v.columns) == 0 || !asksRate(s) {
		return nil
	}
	if _, _, ok := v.columnFor(s, false); ok {
		return nil
	}
	var rest []string
	inflation := false
	for _, t := range s.terms {
		switch {
		case t == "inflation":
			inflation = true
		case vocab.rateWords[t] || periodWords[t] || strings.HasPrefix(t, "annuali"):
		default:
			rest = append(rest, t)
		}
	}
	fits := func(c Column) bool {
		if c.Derived != "" || v.columnIsChange(c) || v.columnIsRate(c) {
			return false
		}
		return !inflation || v.columnIsLevel(c)
	}
	op, n := deriveOp(s.phrase)
	if op == "diff" && !slices.Contains(s.terms, "change") && !slices.Contains(s.terms, "changes") {
		op, n = "yoy_pct", 0 // growth or inflation named by its word alone is the year-on-year rate
	}
	op, n, annualize := annualised(s.phrase, op, n)
	of := func(cs ...Column) []derivation {
		var ds []derivation
		for _, c := range cs {
			ds = append(ds, derivation{op: op, periods: n, annualize: annualize, operands: []operand{{phrase: c.Name, terms: terms(strings.ReplaceAll(c.Name, "_", " ")), country: s.country}}})
		}
		return ds
	}
	if len(rest) > 0 {
		if c, ok := v.bestColumn(rest, s.country, fits); ok {
			return of(c)
		}
		return nil
	}
	var cols []Column
	for _, c := range v.seriesColumns() {
		if fits(c) && (s.country.iso3 == "" || v.colCountry(c) == "" || v.colCountry(c) == s.country.iso3) {
			cols = append(cols, c)
		}
	}
	if len(cols) == 1 || len(cols) > 1 && chartAllWords.MatchString(strings.ToLower(text)) {
		return of(cols...)
	}
	return nil
}

// periodWords name a period a change is measured over ("annual
// inflation", "monthly growth").
var periodWords = map[string]bool{"annual": true, "yearly": true, "year": true, "monthly": true, "month": true, "quarterly": true,
	"quarter": true, "weekly": true, "week": true, "annualised": true, "annualized": true, "rate": true, "percent": true}

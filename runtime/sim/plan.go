package sim

import (
	"fmt"
	"slices"
	"strings"
)

// How the sim turns what it understood into calls once series are in the
// table: which columns a derivation's operands are, which derivations must
// come first (inflation from a price index), what a chart or break search
// acts on, and when a heading is worth listing.

// describe is the reasoning line the evaluation reads: the series the
// request needs, then the derivations.
func (in intent) describe(subjects []subject) string {
	var parts []string
	for _, s := range subjects {
		parts = append(parts, s.phrase+forCountry(s))
	}
	line := strings.Join(parts, "; ")
	var ds []string
	for _, d := range in.derives {
		var ops []string
		for _, o := range d.operands {
			p := o.phrase
			if o.back != 0 {
				p = fmt.Sprintf("(column %d back)", o.back)
			}
			ops = append(ops, p+forCountry(subject{country: o.country}))
		}
		ds = append(ds, d.op+"("+strings.Join(ops, ", ")+")")
	}
	if len(ds) > 0 {
		line += "\nDerivations: " + strings.Join(ds, "; ")
	}
	if in.convert != "" {
		line += "\nConvert the table to " + freqNames[in.convert]
	}
	return line
}

// multiCountry: the table already holds columns of several countries.
func (v view) multiCountry() bool {
	seen := map[string]bool{}
	for _, c := range v.columns {
		if c.Derived == "" {
			if cc := v.colCountry(c); cc != "" {
				seen[cc] = true
			}
		}
	}
	return len(seen) > 1
}

// conceptBase is the series a derived concept is computed from, when the
// operand names one: "inflation" → price index, "core CPI inflation" →
// core CPI price index (the operand's other words kept, the words of the
// change itself dropped).
func conceptBase(o operand) ([]string, bool) {
	phrase := strings.Join(o.terms, " ")
	for _, c := range vocab.concepts {
		if c.op != "yoy_pct" || len(c.operands) != 1 {
			continue
		}
		loc := c.re.FindStringIndex(phrase)
		if loc == nil {
			continue
		}
		rest := terms(actionless(phrase[:loc[0]] + " " + phrase[loc[1]:]))
		return appendNew(rest, terms(c.operands[0])...), true
	}
	return nil, false
}

func appendNew(list []string, items ...string) []string {
	for _, it := range items {
		if !slices.Contains(list, it) {
			list = append(list, it)
		}
	}
	return list
}

// namedOperands: every operand names what it is (no "them", "each").
func namedOperands(d derivation) bool {
	for _, o := range d.operands {
		if o.phrase == "*" || o.back != 0 || len(o.terms) == 0 {
			return false
		}
	}
	return true
}

// colCountry is the country a column's series belongs to.
func (v view) colCountry(c Column) string {
	if cc := v.row(c).Country; cc != "" {
		return strings.ToUpper(cc)
	}
	if i := strings.LastIndexByte(c.Name, '_'); i > 0 && len(c.Name)-i == 4 {
		if _, ok := vocab.region(strings.ToUpper(c.Name[i+1:])); ok {
			return strings.ToUpper(c.Name[i+1:])
		}
	}
	// A source about one economy says whose series it is.
	src, _, _ := strings.Cut(c.SeriesID, ":")
	return vocab.sourceHome[src]
}

// tableCountry is the one economy every series column of the table
// belongs to, if there is one.
func (v view) tableCountry() (country, bool) {
	home := ""
	for _, c := range v.seriesColumns() {
		cc := v.colCountry(c)
		if cc == "" || (home != "" && cc != home) {
			return country{}, false
		}
		home = cc
	}
	if home == "" {
		return country{}, false
	}
	return vocab.region(home)
}

// tableConcept is the concept of the newest series column that belongs
// to an economy, read from its name (columnName: the subject's words,
// then the economy's code when the table spans several).
func (v view) tableConcept() []string { return v.conceptWith(nil) }

// conceptWith is the concept of the newest series column whose concept
// holds every one of words ("the same rate": the policy rate).
func (v view) conceptWith(words []string) []string {
	cols := v.seriesColumns()
	for i := len(cols) - 1; i >= 0; i-- {
		cc := strings.ToLower(v.colCountry(cols[i]))
		if cc == "" && len(words) == 0 {
			continue
		}
		name := strings.TrimSuffix(cols[i].Name, "_"+cc)
		// The publisher a column's name carries (unemployment_rate_weo_deu)
		// is no word of its concept.
		ns, _, _ := strings.Cut(cols[i].SeriesID, ":")
		if ws := slices.DeleteFunc(strings.Split(name, "_"), func(w string) bool { return w == ns }); len(ws) > 0 && name != "" && (len(words) == 0 || wordsWithin(words, ws)) {
			return ws
		}
	}
	return nil
}

// twoEconomies: a derivation of two operands that differ only by their
// economy; want is the concept words they share, without the words of the
// arithmetic ("rate differential": rate).
func twoEconomies(d derivation) (string, string, []string, bool) {
	if len(d.operands) != 2 {
		return "", "", nil, false
	}
	x, y := d.operands[0], d.operands[1]
	for _, o := range d.operands {
		if o.back != 0 || o.sum != 0 || o.phrase == "*" || o.change != "" || o.country.iso3 == "" {
			return "", "", nil, false
		}
	}
	if x.country.iso3 == y.country.iso3 || !slices.Equal(x.terms, y.terms) {
		return "", "", nil, false
	}
	want := slices.DeleteFunc(slices.Clone(x.terms), func(t string) bool {
		return opNoun.MatchString(t) || slices.Contains(vocab.synonyms[t], "spread")
	})
	return x.country.iso3, y.country.iso3, want, true
}

// conceptWords are the words of a series column's name without its
// economy and its publisher (unemployment_rate_weo_deu: unemployment rate).
func (v view) conceptWords(c Column) []string {
	cc := strings.ToLower(v.colCountry(c))
	ns, _, _ := strings.Cut(c.SeriesID, ":")
	return slices.DeleteFunc(strings.Split(c.Name, "_"), func(w string) bool { return w == cc || w == ns || w == "" })
}

// sharedConcept is the concept (holding the words wanted) of the newest
// series column of economy a that economy b also has a column of, if
// there is one.
func (v view) sharedConcept(a, b string, want []string) []string {
	cols := v.seriesColumns()
	for i := len(cols) - 1; i >= 0; i-- {
		if v.colCountry(cols[i]) != a {
			continue
		}
		ws := v.conceptWords(cols[i])
		if len(want) > 0 && !wordsWithin(want, ws) {
			continue
		}
		for _, o := range cols {
			if v.colCountry(o) == b && slices.Equal(v.conceptWords(o), ws) && len(ws) > 0 {
				return ws
			}
		}
	}
	return nil
}

// columnScore is the share of words a column's name, its unit as the
// table shows it, and its series' title and heading hold ("the index" is
// the column in index points).
func (v view) columnScore(want []string, c Column) float64 {
	if len(want) == 0 {
		return 0
	}
	cand := v.cands[c.SeriesID]
	have, exact := map[string]bool{}, map[string]bool{}
	text := strings.ReplaceAll(c.Name, "_", " ")
	if c.Derived == "" {
		text += " " + cand.Title + " " + cand.Heading + " " + c.Unit + " " + cand.Unit
	}
	for _, t := range terms(text) {
		exact[t] = true
		for _, e := range expand(t) {
			have[e] = true
		}
	}
	// A word the column holds counts over one it holds only through a
	// synonym ("gdp" is nominal_gdp before gross_government_debt).
	n := 0.0
	for _, t := range want {
		switch {
		case exact[t]:
			n++
		case slices.ContainsFunc(expand(t), func(e string) bool { return have[e] }):
			n += 0.9
		case vocab.wholeVersions[t] && len(want) > 1 && !slices.ContainsFunc(terms(text), func(w string) bool { return vocab.variants[w] && !vocab.wholeVersions[w] }):
			// "overall balance": the column of the concept that names no
			// other version of it. The version alone names no column.
			n += 0.9
		case initialsOf(terms(text), t):
			// "IP to payrolls": among the few columns of a table, a short
			// word spelling the initials of a column's words is that
			// column's name abbreviated.
			n += 0.9
		}
	}
	return n / float64(len(want))
}

// resolvesApart: a, resolved first, and b, among the other columns, both
// name a column.
func (v view) resolvesApart(a, b operand, multi bool) bool {
	ca, ok := v.resolve(a, multi)
	if !ok {
		return false
	}
	other := v
	other.columns = slices.DeleteFunc(slices.Clone(v.columns), func(x Column) bool { return x.Name == ca.Name })
	_, ok = other.resolve(b, multi)
	return ok
}

// levelOfChange reads an operand naming a rate of change of a level the
// table holds ("policy rate minus nominal GDP growth", the table holding
// nominal GDP and real GDP growth) as that level's year-on-year change,
// when no column is named by all of its words.
func (v view) levelOfChange(o operand, multi bool) (operand, bool) {
	if o.back != 0 || o.change != "" || o.phrase == "*" || !slices.ContainsFunc(o.terms, func(t string) bool { return vocab.rateWords[t] }) {
		return o, false
	}
	var rest []string
	for _, t := range o.terms {
		if !vocab.rateWords[t] && !periodWords[t] {
			rest = append(rest, t)
		}
	}
	if len(rest) == 0 {
		return o, false
	}
	for _, c := range v.columns {
		if v.columnScore(o.terms, c) >= 0.99 {
			return o, false // a column is the rate itself
		}
	}
	level := func(c Column) bool { return c.Derived == "" && !v.columnIsChange(c) && !v.columnIsRate(c) }
	if c, ok := v.bestColumn(rest, o.country, level); !ok || v.columnScore(rest, c) < 0.99 {
		return o, false
	}
	lo := o
	lo.terms, lo.phrase, lo.change = rest, strings.Join(rest, " "), "yoy_pct"
	return lo, true
}

// isChangeOp: the op (or a column's derivation, op first) is a change
// over periods. A change asked for with no column named is of what the
// request made, but never of a change it made ("rebase it and give me the
// change over 12 months").
func isChangeOp(op string) bool {
	op, _, _ = strings.Cut(op, " ")
	return op == "yoy_pct" || op == "pct_change" || op == "diff"
}

// initialsOf: w (two to four letters) is the initials of consecutive words
// of ws ("ip" of industrial production).
func initialsOf(ws []string, w string) bool {
	if len(w) < 2 || len(w) > 4 {
		return false
	}
	for i := 0; i+len(w) <= len(ws); i++ {
		ok := true
		for k := 0; k < len(w) && ok; k++ {
			ok = ws[i+k] != "" && ws[i+k][0] == w[k]
		}
		if ok {
			return true
		}
	}
	return false
}

// resolve finds the column an operand names: by its words and country, by
// position for "them", or — for a derived concept — the derived column
// already made from its base.
func (v view) resolve(o operand, multi bool) (Column, bool) {
	shown := v.latestColumns()
	if o.back > 0 && o.change != "" {
		// "policy minus that y/y": the newest column that is that change.
		for i := len(shown) - 1; i >= 0; i-- {
			if strings.HasPrefix(shown[i].Derived, o.change) {
				return shown[i], true
			}
		}
	}
	// "… and then the 3-month bill as that minus T10Y3M": "that" after a
	// combination this request made is that combination.
	if o.back == 1 && len(v.columns) > 0 {
		if c := v.columns[len(v.columns)-1]; len(c.From) > 1 && !v.before[c.Name] {
			return c, true
		}
	}
	if o.whose != "" {
		// "mine": the newest column the analyst derived; "theirs": the
		// newest published series; each of the operand's economy.
		for i := len(v.columns) - 1; i >= 0; i-- {
			c := v.columns[i]
			if (c.Derived != "") == (o.whose == "mine") && (o.country.iso3 == "" || v.colCountry(c) == o.country.iso3) {
				return c, true
			}
		}
		return Column{}, false
	}
	if o.back > 0 && len(o.terms) > 0 {
		// "the two debt ratios": of every column, derived ones too, the
		// newest the words describe.
		var fit []Column
		for i := len(v.columns) - 1; i >= 0; i-- {
			if v.describedBy(o.terms, v.columns[i]) {
				fit = append(fit, v.columns[i])
			}
		}
		if o.back <= len(fit) {
			return fit[o.back-1], true
		}
	}
	if o.back == 2 && len(shown) >= 2 && v.columnIsRate(shown[len(shown)-1]) != v.columnIsRate(shown[len(shown)-2]) {
		// "by how many points do the two measures differ", after a debt
		// ratio made from levels and the published ratio beside them: the
		// two are the newest columns alike in unit, a made one too, not a
		// level and a percent no arithmetic between "the two" compares.
		newest := shown[len(shown)-1]
		for i := len(v.columns) - 1; i >= 0; i-- {
			if c := v.columns[i]; c.Name != newest.Name && v.columnIsRate(c) == v.columnIsRate(newest) {
				return c, true
			}
		}
	}
	if o.back > 0 {
		if o.back <= len(shown) {
			return shown[len(shown)-o.back], true
		}
		return Column{}, false
	}
	if len(o.terms) == 0 && len(o.sources) > 0 && o.phrase != "*" {
		// "ILO minus WEO": the newest column from the publisher named, of
		// the operand's economy.
		for i := len(shown) - 1; i >= 0; i-- {
			ns, _, _ := strings.Cut(shown[i].SeriesID, ":")
			if slices.Contains(o.sources, ns) && (o.country.iso3 == "" || v.colCountry(shown[i]) == o.country.iso3) {
				return shown[i], true
			}
		}
		return Column{}, false
	}
	if len(o.terms) == 0 && o.unit != "" && o.phrase != "*" {
		// "dollars per person": the newest column in the unit named, of
		// the operand's economy.
		for i := len(shown) - 1; i >= 0; i-- {
			if strings.Contains(strings.ToLower(v.row(shown[i]).Unit+" "+shown[i].Unit), o.unit) && (o.country.iso3 == "" || v.colCountry(shown[i]) == o.country.iso3) {
				return shown[i], true
			}
		}
		return Column{}, false
	}
	if len(o.terms) == 0 && o.country.iso3 != "" && o.phrase != "*" {
		// "Spain minus Germany": the country's newest column.
		for i := len(shown) - 1; i >= 0; i-- {
			if v.colCountry(shown[i]) == o.country.iso3 {
				return shown[i], true
			}
		}
		return Column{}, false
	}
	if o.eop {
		// "end-of-year inflation": of the columns the words fit, the
		// end-of-period version.
		if c, ok := v.bestColumn(o.terms, o.country, func(c Column) bool {
			t := strings.ToLower(v.row(c).Title + " " + v.row(c).Unit)
			return strings.Contains(t, "end of period") || strings.Contains(t, "end-of-period") || strings.Contains(t, "end of year")
		}); ok {
			return c, true
		}
	}
	if base, ok := conceptBase(o); ok {
		// A column that is already the concept (an inflation rate), or the
		// base's derivation when it has been made.
		if c, ok := v.bestColumn(o.terms, o.country, func(c Column) bool { return c.Derived == "" && v.columnIsChange(c) }); ok {
			return c, true
		}
		b, ok := v.bestColumn(base, o.country, func(c Column) bool { return c.Derived == "" })
		if !ok {
			return Column{}, false
		}
		if d, ok := v.column(suffixed(b.Name, "_yoy")); ok {
			return d, true
		}
		return b, true // the caller derives its yoy first
	}
	// "fred gdp per payroll job": of the columns the words fit, the one
	// from the publisher named.
	if len(o.sources) > 0 {
		if c, ok := v.bestColumn(o.terms, o.country, func(c Column) bool {
			ns, _, _ := strings.Cut(c.SeriesID, ":")
			return slices.Contains(o.sources, ns)
		}); ok {
			return c, true
		}
	}
	if o.unit != "" {
		// "PPP GDP over population": of the columns the words fit, the
		// one in the unit named; a column in another unit is not it.
		return v.bestColumn(o.terms, o.country, func(c Column) bool {
			return strings.Contains(strings.ToLower(v.row(c).Unit+" "+c.Unit), o.unit)
		})
	}
	return v.bestColumn(o.terms, o.country, nil)
}

// sameInputs: a derived column was made from the columns ins, as its
// derivation names them.
func sameInputs(c Column, ins []Column) bool {
	words := derivationWords(c)
	for _, in := range ins {
		if !slices.Contains(words, in.Name) {
			return false
		}
	}
	return true
}

// derivationWords are the names a derived column's derivation is written
// with (its input columns among them).
func derivationWords(c Column) []string {
	return strings.FieldsFunc(c.Derived, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
}

// madeBy: a derived column was made by op, as its name or its
// derivation says.
func madeBy(c Column, op string) bool {
	return c.Derived != "" && (strings.HasPrefix(c.Name, op+"_") || strings.HasPrefix(c.Derived, op))
}

// describedBy: every word names the column, as its name and row say or,
// for a derived column, its arithmetic and the rows it was made from; a
// series in percent of another ("% of GDP") is a ratio too.
func (v view) describedBy(ts []string, c Column) bool {
	text := strings.ReplaceAll(c.Name, "_", " ")
	rowText := func(id string) string {
		r := v.row(Column{SeriesID: id})
		return " " + r.Title + " " + r.Heading + " " + r.Unit
	}
	if c.Derived == "" {
		text += rowText(c.SeriesID)
		if u := strings.ToLower(v.row(c).Unit); strings.Contains(u, "percent of") || strings.Contains(u, "% of") {
			text += " ratio share"
		}
	} else {
		for _, id := range append(slices.Clone(c.From), c.SeriesID) {
			text += rowText(id)
		}
		switch {
		case madeBy(c, "ratio") || madeBy(c, "share"):
			text += " ratio share"
		case madeBy(c, "spread"):
			text += " spread gap difference"
		}
	}
	return wordsWithin(ts, terms(text))
}

// isRate: a candidate measured as a rate of change, not a level.
func isRate(c Candidate) bool {
	u := strings.ToLower(c.Unit + " " + c.Title)
	return strings.Contains(u, "percent change") || strings.Contains(u, "inflation") || strings.Contains(u, "% change")
}

// columnIsChange: the column is a series measured as a rate of change,
// by its candidate row or, for a row shown in an earlier turn, by its unit
// as the table shows it.
func (v view) columnIsChange(c Column) bool {
	return isRate(v.row(c))
}

// row is a column's series as its row was shown: in this request, else
// in an earlier one, with the unit the table shows when the row said none.
func (v view) row(c Column) Candidate {
	cand, ok := v.cands[c.SeriesID]
	if !ok {
		cand = v.known[c.SeriesID]
	}
	if cand.Unit == "" {
		cand.Unit = c.Unit
	}
	return cand
}

// columnIsLevel: the column is a series in an index unit (a price index),
// not a rate.
func (v view) columnIsLevel(c Column) bool {
	if c.Derived != "" {
		return false
	}
	return isLevel(v.row(c))
}

// columnIsRate: the column is in percent (a rate, a rate of change).
func (v view) columnIsRate(c Column) bool {
	u := strings.ToLower(c.Unit)
	if u == "" {
		u = strings.ToLower(v.cands[c.SeriesID].Unit)
	}
	return strings.Contains(u, "percent") || strings.Contains(u, "per cent") || u == "%" || strings.HasPrefix(u, "% ")
}

// latestColumns are the columns as the analyst last saw them: a series
// with a column derived from it is replaced by that column ("the two" after
// "deflator growth next to CPI inflation" are the growth and the
// inflation), in table order.
func (v view) latestColumns() []Column {
	var out []Column
	for _, c := range v.columns {
		if c.Derived != "" {
			continue
		}
		cur := c
		for _, d := range v.columns {
			if d.Derived != "" && d.SeriesID == c.SeriesID && len(d.From) <= 1 {
				cur = d
			}
		}
		out = append(out, cur)
	}
	return out
}

// seriesColumn is the series column a column was derived from, or the
// column itself.
func (v view) seriesColumn(c Column) Column {
	if c.Derived == "" {
		return c
	}
	for _, s := range v.columns {
		if s.Derived == "" && s.SeriesID == c.SeriesID {
			return s
		}
	}
	return c
}

func (v view) seriesColumns() []Column {
	var out []Column
	for _, c := range v.columns {
		if c.Derived == "" {
			out = append(out, c)
		}
	}
	return out
}

// bestColumn is the column covering most of want (at least half), of the
// country when one is given.
func (v view) bestColumn(want []string, c country, keep func(Column) bool) (Column, bool) {
	var best Column
	bestScore := 0.0
	for _, col := range v.columns {
		if keep != nil && !keep(col) {
			continue
		}
		if c.iso3 != "" {
			if cc := v.colCountry(col); cc != "" && cc != c.iso3 {
				continue
			}
		}
		sc := v.columnScore(want, col)
		if col.Derived == "" {
			sc += 0.01 // a series over a derived column of the same words
		}
		if sc > bestScore {
			best, bestScore = col, sc
		}
	}
	return best, bestScore >= 0.5
}

// deriveCall is the next call a derivation needs (its own, or a
// prerequisite's), or nil when its column exists; cols are the columns it
// stands for once made.
func (v view) deriveCall(d derivation, multi bool) (*Call, []string, string) {
	if a, b, want, ok := twoEconomies(d); ok {
		// "US minus euro area", "the rate differential US minus euro
		// area": two economies named by one concept, or none, mean the
		// concept the table holds for both.
		if ws := v.sharedConcept(a, b, want); ws != nil {
			d.operands = slices.Clone(d.operands)
			for i := range d.operands {
				d.operands[i].terms = ws
			}
		}
	}
	if i := slices.IndexFunc(d.operands, func(o operand) bool { return o.sum != 0 }); i >= 0 && len(d.operands) == 2 {
		return v.sumCall(d, i, multi)
	}
	if slices.Contains([]string{"spread", "ratio", "share", "sum", "deflate", "expression"}, d.op) {
		if i := slices.IndexFunc(d.operands, func(o operand) bool { return o.phrase == "*" }); i >= 0 && len(d.operands) == 2 {
			// "each one's spread over the Fed": every other column against
			// the named one.
			other, ok := v.resolve(d.operands[1-i], multi)
			if !ok {
				return nil, nil, fmt.Sprintf("I cannot tell which column %q is.", d.operands[1-i].phrase)
			}
			var names []string
			for _, c := range v.seriesColumns() {
				if c.Name == other.Name {
					continue
				}
				// "spreads over the Fed for Indonesia only": every column
				// of the economy named for this side, when it is not the
				// other side's ("spread of each vs the US" is every one).
				if ec := d.operands[i].country.iso3; ec != "" && ec != d.operands[1-i].country.iso3 && v.colCountry(c) != "" && v.colCountry(c) != ec {
					continue
				}
				// "each minus its own inflation": per economy when the
				// other operand belongs to one and the column to another.
				if oc, cc := d.operands[1-i].country.iso3, v.colCountry(c); oc != "" && cc != "" && cc != oc && v.multiCountry() && v.colCountry(other) == oc && len(v.tableCountries()) > 1 && !v.sharedAcrossCountries(other) {
					continue
				}
				dd := d
				dd.operands = slices.Clone(d.operands)
				dd.operands[i] = operand{phrase: c.Name, terms: terms(strings.ReplaceAll(c.Name, "_", " "))}
				ins := []Column{c, other}
				if i == 1 {
					ins = []Column{other, c}
				}
				name := derivedName(dd, ins)
				// A name asked for serves each pair that shares an
				// economy ("real rates": real_rate_tur, real_rate_zaf).
				if d.label == "" || len(v.seriesColumns()) > 2 && commonSuffix(ins) == "" {
					name = derivedName(derivation{op: d.op, bps: d.bps}, ins)
				}
				names = append(names, name)
				if _, ok := v.column(name); ok {
					continue
				}
				if d.op == "sum" {
					return &Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "op": "expression",
						"expression": ins[0].Name + " + " + ins[1].Name, "name": name}}, nil, ""
				}
				if d.op == "spread" && d.bps {
					// "each one's gap over the Fed, in basis points".
					return &Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "op": "expression",
						"expression": "100 * (" + ins[0].Name + " - " + ins[1].Name + ")", "name": name}}, nil, ""
				}
				return &Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "op": d.op,
					"columns": []string{ins[0].Name, ins[1].Name}, "name": name}}, nil, ""
			}
			return nil, names, ""
		}
		var ins []Column
		rv := v
		if !slices.ContainsFunc(d.operands, func(o operand) bool { return o.back == 0 }) {
			// "the spread of them": the columns the analyst had, not a
			// combination this request made (its own result among them).
			rv.columns = slices.DeleteFunc(slices.Clone(v.columns), func(c Column) bool { return len(c.From) > 1 && !v.before[c.Name] })
		}
		// "rate minus unemployment": the operand named by a weak word
		// alone is resolved last, among the columns the other left, when
		// resolving it first leaves the other none.
		swapped := len(d.operands) == 2 && len(d.operands[0].terms) > 0 && vocab.weakOnly(d.operands[0].terms) && !vocab.weakOnly(d.operands[1].terms) &&
			!rv.resolvesApart(d.operands[0], d.operands[1], multi)
		if swapped {
			d.operands = []operand{d.operands[1], d.operands[0]}
		}
		for _, o := range d.operands {
			if lo, ok := rv.levelOfChange(o, multi); ok {
				o = lo
			}
			c, ok := rv.resolve(o, multi)
			if ok && o.back == 0 && slices.ContainsFunc(ins, func(x Column) bool { return x.Name == c.Name }) {
				// "the spread + ffr": two operands are two columns; one
				// taken already is no answer for the other.
				other := rv
				other.columns = slices.DeleteFunc(slices.Clone(rv.columns), func(x Column) bool { return x.Name == c.Name })
				c, ok = other.resolve(o, multi)
			}
			if !ok {
				return nil, nil, fmt.Sprintf("I cannot tell which column %q%s is; skipping %s.", o.phrase, forCountry(subject{country: o.country}), d.op)
			}
			if o.back == 0 && o.change == "" && c.Derived == "" {
				// "annual inflation for both and the gap, headline minus
				// core": a series this request has just changed is named
				// in its changed form.
				for _, x := range v.columns {
					if x.Derived != "" && x.SeriesID == c.SeriesID && len(x.From) <= 1 && !v.before[x.Name] && !strings.HasPrefix(x.Derived, "index") {
						c = x
					}
				}
			}
			if o.change != "" && !strings.HasPrefix(c.Derived, o.change) && !(c.Derived == "" && v.columnIsChange(c)) {
				// "minus y/y cpi": the named change of the column first.
				name := suffixed(c.Name, map[string]string{"yoy_pct": "_yoy", "pct_change": "_pct"}[o.change])
				if made, ok := v.column(name); ok {
					ins = append(ins, made)
					continue
				}
				return &Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "column": c.Name, "op": o.change, "name": name}}, nil, ""
			}
			if _, base := conceptBase(o); base && c.Derived == "" && !v.columnIsChange(c) {
				// Inflation from its price index first.
				name := suffixed(c.Name, "_yoy")
				return &Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "column": c.Name, "op": "yoy_pct", "name": name}}, nil, ""
			}
			ins = append(ins, c)
		}
		if len(ins) != 2 || ins[0].Name == ins[1].Name {
			return nil, nil, fmt.Sprintf("The %s needs two different columns; I found %d.", d.op, len(ins))
		}
		if swapped {
			ins[0], ins[1] = ins[1], ins[0]
			d.operands = []operand{d.operands[1], d.operands[0]}
		}
		for k := range ins {
			// "deflate that by CPI": "that" is never the column this
			// arithmetic made from the same other input a step ago.
			if !v.before[ins[k].Name] && len(ins[k].From) > 1 && slices.Contains(derivationWords(ins[k]), ins[1-k].Name) {
				return nil, []string{ins[k].Name}, ""
			}
		}
		// A difference between a rate and an index level ("the fed funds
		// rate minus CPI inflation", the CPI an index) is a difference of
		// rates: the level's year-on-year change stands in for it.
		if d.op == "spread" {
			for k := range ins {
				if !v.columnIsLevel(ins[k]) || !v.columnIsRate(ins[1-k]) {
					continue
				}
				yoy := suffixed(ins[k].Name, "_yoy")
				c, ok := v.column(yoy)
				if !ok {
					return &Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "column": ins[k].Name, "op": "yoy_pct", "name": yoy}}, nil, ""
				}
				ins[k] = c
			}
		}
		name := derivedName(d, ins)
		if c, ok := v.column(name); ok {
			if (len(d.sources) == 0 || fromSources(c, d.sources)) && (c.Derived == "" || sameInputs(c, ins)) {
				return nil, []string{name}, ""
			}
			// "real rate again but on the WEO number", "redo it with
			// end-of-year inflation": the concept on other inputs is a
			// column of its own.
			suffix := "2"
			if len(d.sources) > 0 {
				suffix = d.sources[0]
			} else if ns, _, _ := strings.Cut(ins[1].SeriesID, ":"); ns != "" {
				suffix = ns + "_" + shortName(ins[1].Name)
			}
			name += "_" + suffix
			if _, ok := v.column(name); ok {
				return nil, []string{name}, ""
			}
		}
		if d.op == "sum" { // the tool adds through an expression
			return &Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "op": "expression",
				"expression": ins[0].Name + " + " + ins[1].Name, "name": name}}, []string{name}, ""
		}
		if d.op == "deflate" { // in the prices of the index's base period
			return &Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "op": "expression",
				"expression": "100 * " + ins[0].Name + " / " + ins[1].Name, "name": name}}, []string{name}, ""
		}
		if d.bps { // a difference of percents, in basis points
			return &Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "op": "expression",
				"expression": "100 * (" + ins[0].Name + " - " + ins[1].Name + ")", "name": name}}, []string{name}, ""
		}
		return &Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "op": d.op,
			"columns": []string{ins[0].Name, ins[1].Name}, "name": name}}, []string{name}, ""
	}
	// A one-column op, on each column it names.
	var targets []Column
	o := d.operands[0]
	switch {
	case o.phrase == "*":
		targets = v.seriesColumns()
	case len(o.terms) == 0:
		// "real M2 = M2 / CPI, and its yoy growth": "it" is the column
		// this request made last; in a table of one series, that series.
		for i := len(v.columns) - 1; i >= 0 && len(targets) == 0; i-- {
			c := v.columns[i]
			if c.Derived != "" && !v.before[c.Name] && !strings.HasPrefix(c.Derived, d.op) && !(isChangeOp(d.op) && isChangeOp(c.Derived)) {
				targets = []Column{c}
			}
		}
		if s := v.seriesColumns(); len(targets) == 0 && len(s) == 1 {
			targets = s
		}
	default:
		if o.country.iso3 == "" && multi {
			// "yoy growth of the policy rate" in a table of several
			// countries: every country's.
			for _, c := range v.seriesColumns() {
				if v.columnScore(o.terms, c) >= 0.5 {
					targets = append(targets, c)
				}
			}
		} else if c, ok := v.bestColumn(o.terms, o.country, func(c Column) bool { return c.Derived == "" }); ok {
			targets = []Column{c}
		}
	}
	if len(targets) == 0 {
		return nil, nil, fmt.Sprintf("I cannot tell which column %q means.", o.phrase)
	}
	var names []string
	for _, c := range targets {
		d := d
		if d.op == "diff" && v.columnIsLevel(v.seriesColumn(c)) && (c.Derived == "" || strings.HasPrefix(c.Derived, "index")) {
			// "the change over 12 months" of a price index: an index's
			// points mean nothing on their own, so its change is a
			// percent change, over a year the year-on-year rate.
			d.op = "pct_change"
			if d.periods > 0 && d.periods == map[string]int{"M": 12, "Q": 4, "W": 52}[v.tableFreq] {
				d.op, d.periods = "yoy_pct", 0
			}
		}
		suffix := "_" + opSuffix(d.op, d.periods)
		if d.annualize && d.op == "pct_change" {
			suffix += "_ann"
		}
		name := suffixed(c.Name, suffix)
		// An index of a rate in percent is the rate chained: a growth
		// rate has no level of its own to set to 100.
		chain := d.op == "index" && v.columnIsRate(c)
		if chain {
			name = suffixed(c.Name, "_idx")
		}
		names = append(names, name)
		if _, ok := v.column(name); ok {
			continue
		}
		args := map[string]any{"table": v.tableOr(), "column": c.Name, "op": d.op, "name": name}
		if d.periods > 0 {
			args["periods"] = d.periods
		}
		if d.base != "" {
			args["base"] = d.base
		}
		if d.annualize && d.op == "pct_change" {
			args["annualize"] = true
		}
		if chain {
			args["chain"] = true
		}
		return &Call{Name: "derive_column", Args: args}, nil, ""
	}
	return nil, names, ""
}

// sumCall derives arithmetic against the total of several columns ("consumer
// credit as a share of the two combined"): an expression over the columns.
func (v view) sumCall(d derivation, i int, multi bool) (*Call, []string, string) {
	cols := v.latestColumns()
	// "The two combined" are columns the analyst saw when writing, not
	// the ones this request has added since.
	if old := slices.DeleteFunc(slices.Clone(cols), func(c Column) bool { return !v.before[c.Name] && !v.before[v.seriesColumn(c).Name] }); len(old) >= 2 {
		cols = old
	}
	if n := d.operands[i].sum; n > 0 && n < len(cols) {
		cols = cols[len(cols)-n:]
	}
	if len(cols) < 2 {
		return nil, nil, fmt.Sprintf("%q needs at least two columns to add up; the table has %d.", d.operands[i].phrase, len(cols))
	}
	other, ok := v.resolve(d.operands[1-i], multi)
	if !ok {
		return nil, nil, fmt.Sprintf("I cannot tell which column %q%s is; skipping %s.", d.operands[1-i].phrase, forCountry(subject{country: d.operands[1-i].country}), d.op)
	}
	var names []string
	for _, c := range cols {
		names = append(names, c.Name)
	}
	total := "(" + strings.Join(names, " + ") + ")"
	a, b := other.Name, total
	if i == 0 {
		a, b = total, other.Name
	}
	var expr string
	switch d.op {
	case "share":
		expr = "100 * " + a + " / " + b
	case "ratio":
		expr = a + " / " + b
	default:
		expr = a + " - " + b
	}
	name := d.op + "_" + shortName(other.Name) + "_of_total"
	if base := strings.Join(strings.Fields(asciiWords(d.label)), "_"); base != "" {
		name = base
	}
	if len(name) > 48 {
		name = strings.TrimRight(name[:48], "_")
	}
	if _, ok := v.column(name); ok {
		return nil, []string{name}, ""
	}
	return &Call{Name: "derive_column", Args: map[string]any{"table": v.tableOr(), "op": "expression", "expression": expr, "name": name}}, []string{name}, ""
}

// derivedName names a combination: the analyst's label, or the op and its
// inputs, within the 48 characters a column name may have.
func derivedName(d derivation, ins []Column) string {
	base := strings.Join(strings.Fields(asciiWords(d.label)), "_")
	switch {
	case base == "" && d.op == "deflate":
		base = "real_" + shortName(ins[0].Name)
	case base == "":
		base = d.op + "_" + shortName(ins[0].Name) + "_" + shortName(ins[1].Name)
	default:
		if cc := commonSuffix(ins); cc != "" {
			base += "_" + cc
		}
	}
	if d.bps {
		return suffixed(base, "_bps")
	}
	return suffixed(base, "")
}

// maxColumnName is the longest column name the tools take.
const maxColumnName = 48

// suffixed is a column's name with a suffix saying what was made of it
// ("_yoy"), the name cut so that the whole stays within maxColumnName.
func suffixed(name, suffix string) string {
	if len(name)+len(suffix) > maxColumnName {
		name = strings.TrimRight(name[:maxColumnName-len(suffix)], "_")
	}
	return name + suffix
}

// shortName is a column's first two words and its country part, which
// a unit's words may follow (gdp_capita_ind_purchasing_power_parity).
func shortName(n string) string {
	parts := strings.Split(n, "_")
	suffix := ""
	for i := len(parts) - 1; i > 0; i-- {
		if _, ok := vocab.region(strings.ToUpper(parts[i])); len(parts[i]) == 3 && (ok || i == len(parts)-1) {
			suffix = parts[i]
			parts = parts[:i]
			break
		}
	}
	parts = parts[:min(2, len(parts))]
	if suffix != "" {
		parts = append(parts, suffix)
	}
	return strings.Join(parts, "_")
}

func asciiWords(s string) string {
	var out []string
	for _, w := range strings.Fields(s) {
		if a := asciiWord(w); a != "" {
			out = append(out, a)
		}
	}
	return strings.Join(out, " ")
}

// commonSuffix is the country suffix both inputs share ("tur"), if any.
func commonSuffix(ins []Column) string {
	suffix := func(n string) string {
		if i := strings.LastIndexByte(n, '_'); i > 0 && len(n)-i == 4 {
			return n[i+1:]
		}
		return ""
	}
	if a, b := suffix(ins[0].Name), suffix(ins[1].Name); a != "" && a == b {
		return a
	}
	return ""
}

// matchTarget finds the columns a change-point or chart target means:
// "it" (no phrase) is what this request made, a phrase is matched by its
// words (derived columns first with preferDerived), within the country.
func (v view) matchTarget(t target, preferDerived bool, made []string) []Column {
	if t.phrase == "" {
		// Of the economy named, if one is.
		of := func(c Column) bool {
			cc := v.colCountry(c)
			return t.country.iso3 == "" || cc == "" || cc == t.country.iso3
		}
		var out []Column
		for _, n := range made {
			if c, ok := v.column(n); ok && of(c) {
				out = append(out, c)
			}
		}
		if len(out) > 0 {
			return out[len(out)-1:]
		}
		// What the table gained last: its newest derived column, else its
		// newest column.
		for i := len(v.columns) - 1; i >= 0; i-- {
			if v.columns[i].Derived != "" && of(v.columns[i]) {
				return v.columns[i : i+1]
			}
		}
		for i := len(v.columns) - 1; i >= 0; i-- {
			if of(v.columns[i]) {
				return v.columns[i : i+1]
			}
		}
		return nil
	}
	if t.phrase == "*" {
		// "Breaks for Sweden and Norway": the country's derived columns
		// when asked to prefer them and it has any, else its series.
		var derived, series []Column
		for _, c := range v.columns {
			if v.colCountry(c) != t.country.iso3 {
				continue
			}
			if c.Derived != "" {
				derived = append(derived, c)
			} else {
				series = append(series, c)
			}
		}
		if preferDerived && len(derived) > 0 || len(series) == 0 {
			return derived
		}
		return series
	}
	if cs := v.opColumns(terms(t.phrase)); len(cs) > 0 {
		// "chart the five relative lines": the columns made by the
		// arithmetic the words name.
		return cs
	}
	cs := v.match(t.phrase, preferDerived)
	if t.country.iso3 != "" {
		cs = slices.DeleteFunc(cs, func(c Column) bool { cc := v.colCountry(c); return cc != "" && cc != t.country.iso3 })
	}
	return cs
}

// opColumns are the derived columns an arithmetic made, when every word
// names that arithmetic ("relative lines" after shares of the US).
func (v view) opColumns(ts []string) []Column {
	op := ""
	for _, t := range ts {
		if vocab.resultFiller[t] {
			continue
		}
		o, ok := vocab.resultOps[t]
		if !ok {
			o, ok = vocab.resultOps[strings.TrimSuffix(t, "s")]
		}
		if !ok || (op != "" && o != op) {
			return nil
		}
		op = o
	}
	if op == "" {
		return nil
	}
	ops := []string{op}
	if op == "ratio" {
		ops = append(ops, "share") // a share is a ratio in percent
	}
	var out []Column
	for _, c := range v.columns {
		if slices.ContainsFunc(ops, func(op string) bool { return madeBy(c, op) }) {
			out = append(out, c)
		}
	}
	return out
}

// browseArgs is a heading worth listing for a subject.
type browseArgs struct {
	heading string
	size    int
	args    map[string]any
}

// browseFor: a candidate shown fits the subject in everything but its
// country, and its heading holds more rows than were shown; list that
// heading's rows of the subject's country (with data), once.
func (v view) browseFor(s subject, freq string) (browseArgs, bool) {
	if s.country.iso3 == "" {
		return browseArgs{}, false
	}
	free := subject{phrase: s.phrase, terms: s.terms}
	for _, id := range v.order {
		c := v.cands[id]
		if c.HeadingID == "" || c.HeadingSize < 2 {
			continue
		}
		if _, dec := score(free, c, freq); !dec || countryFits(s, c) {
			continue
		}
		// A source about one economy (EVDS is Türkiye's) holds no row of
		// another under any heading.
		src, _, _ := strings.Cut(c.ID, ":")
		if home, ok := vocab.sourceHome[src]; ok && home != s.country.iso3 {
			continue
		}
		args := map[string]any{"heading": c.HeadingID, "country": s.country.iso3, "has_data": true}
		if v.did("browse_heading", map[string]any{"heading": c.HeadingID, "country": s.country.iso3}) ||
			slices.ContainsFunc(v.calls, func(pc pastCall) bool {
				return pc.name == "browse_heading" && fmt.Sprint(pc.args["heading"]) == c.HeadingID && fmt.Sprint(pc.args["country"]) == s.country.iso3
			}) {
			continue
		}
		return browseArgs{heading: c.Heading, size: c.HeadingSize, args: args}, true
	}
	return browseArgs{}, false
}

// single: a one-column op.
func single(op string) bool {
	return !slices.Contains([]string{"spread", "ratio", "share", "sum", "expression"}, op)
}

// operandsResolve: every operand of a derivation is a column already.
func (v view) operandsResolve(d derivation, multi bool) bool {
	for _, o := range d.operands {
		if o.phrase == "*" || len(o.terms) == 0 && o.back == 0 {
			if len(v.seriesColumns()) == 0 {
				return false
			}
			continue
		}
		if _, ok := v.resolve(o, multi); !ok {
			return false
		}
	}
	return true
}

// seriesFirst: the subjects a combination's words name are still worth
// looking for as published series — one of them is a column or has a
// clear candidate in view, or none has been searched for yet.
func (v view) seriesFirst(ss []subject, operands []operand, freq string, multi bool, p Policy) bool {
	searched := false
	for _, s := range ss {
		if _, c, ok := v.columnFor(s, multi); ok && v.rowSaysEach(c, operands) {
			return true
		}
		// One published row stands in for arithmetic only when it holds
		// every word of it ("prime minus fed funds" is no federal funds row).
		if c, dec, _ := p.best(v, s, freq, nil); dec && !slices.Contains(wordMatch(s.terms, c.Title+" "+c.Heading+" "+c.Unit), false) {
			return true
		}
		searched = searched || slices.ContainsFunc(v.calls, func(c pastCall) bool {
			q, _ := c.args["query"].(string)
			return c.name == "search_catalog" && c.seen && strings.HasPrefix(q, s.phrase)
		})
	}
	return !searched
}

// sharedAcrossCountries: a column that stands against every economy of the
// table ("each one's spread over the Fed"): the only column of its
// economy.
func (v view) sharedAcrossCountries(c Column) bool {
	cc := v.colCountry(c)
	n := 0
	for _, s := range v.seriesColumns() {
		if v.colCountry(s) == cc {
			n++
		}
	}
	return n == 1
}

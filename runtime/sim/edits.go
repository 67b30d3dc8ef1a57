package sim

import (
	"regexp"
	"slices"
	"strings"
)

// Edits are what a message takes out of the table it builds on. The
// analyst's table holds every series column it had unless the message
// removes economies ("drop brazil, add chile"), gives one up for another
// ("swap italy for spain", "spain instead of italy"), or asks for the
// same series in another unit in place of the old ones ("switch those to
// PPP").
var (
	removeClause = regexp.MustCompile(`^(?:(?:please|pls|and|but|just|also|now|ok|okay)\s+)*(?:drop|remove|delete|exclude|take out|get rid of|lose)\b`)
	swapFor      = regexp.MustCompile(`\b(?:swap|switch|replace|substitute)\s+(?:out\s+)?(.+?)\s+(?:for|with|by)\s+`)
	keepOnly     = regexp.MustCompile(`\b(?:keep|retain|leave)\s+(?:only|just)\s+(.+?)(?:\s+and\s+(?:chart|plot|show|draw|graph|then|find|look)\b|[,;.?!]|$)|\b(?:only|just)\s+keep\s+(.+?)(?:\s+and\s+(?:chart|plot|show|draw|graph|then|find|look)\b|[,;.?!]|$)`)
	insteadOf    = regexp.MustCompile(`\binstead of\s+(.+?)(?:\s+(?:take|use|add|put|bring|give|get|show|include|pick|choose|swap in)\b|[,.;:!?]|$)`)
	switchWords  = regexp.MustCompile(`\b(?:switch|swap|change|replace|instead|rather|convert|make)\b`)
)

// readEdits reads the economies a message removes from the table, and
// the series it gives up for others; it returns the message without the
// series given up ("swap the BEA GDP for the IFS nominal GDP" asks for
// the IFS one).
func (in *intent) readEdits(low string) string {
	var gone []string
	for _, p := range clauseBreak.Split(low, -1) {
		if removeClause.MatchString(strings.TrimSpace(p)) {
			gone = append(gone, p)
		}
	}
	rest := low
	for _, m := range swapFor.FindAllStringSubmatch(low, -1) {
		// "swap italy for spain" swaps economies; "swap the BEA GDP for
		// …" a series, whatever economy its publisher says.
		if cs, named := findCountries(m[1]); len(cs) <= 1 {
			if ts := terms(withoutPublishers(named)); len(ts) > 0 {
				s := subject{phrase: strings.Join(ts, " "), terms: ts}
				if len(cs) == 1 {
					s.country = cs[0]
				}
				if ns, groups := vocab.publishersIn(m[1]); groups == 1 {
					s.sources = ns
				}
				in.droppedSeries = append(in.droppedSeries, s)
				rest = strings.Replace(rest, m[0], " ", 1)
				continue
			}
		}
		gone = append(gone, m[1])
	}
	// "keep only Turkey and South Africa": every other economy goes.
	for _, m := range keepOnly.FindAllStringSubmatch(low, -1) {
		if cs, rest := findCountries(m[1] + m[2]); len(cs) > 0 && len(terms(rest)) == 0 {
			in.kept = append(in.kept, cs...)
		}
	}
	for _, m := range insteadOf.FindAllStringSubmatch(low, -1) {
		gone = append(gone, m[1])
	}
	for _, g := range gone {
		cs, _ := findCountries(g)
		for _, c := range cs {
			if !slices.Contains(in.dropped, c) {
				in.dropped = append(in.dropped, c)
			}
		}
	}
	return rest
}

// withoutDropped is cs without the economies the message removes.
func (in *intent) withoutDropped(cs []country) []country {
	if len(in.dropped) == 0 {
		return cs
	}
	var out []country
	for _, c := range cs {
		if !slices.Contains(in.dropped, c) {
			out = append(out, c)
		}
	}
	return out
}

// removes says whether the table built now leaves out series column c:
// its economy was removed, or a series settled now stands in for it (the
// same concept of the same economy, asked for in another unit).
func (in *intent) removes(v view, c Column, done []settled) bool {
	cc := v.colCountry(c)
	if cc != "" && slices.ContainsFunc(in.dropped, func(d country) bool { return d.iso3 == cc }) {
		return true
	}
	if cc != "" && len(in.kept) > 0 && !slices.ContainsFunc(in.kept, func(k country) bool { return k.iso3 == cc }) {
		return true
	}
	// "swap the BEA GDP for the IFS one and redo the ratio": the ratio
	// made from the BEA GDP stays as a version, and so does its series.
	if in.redo == "" && slices.ContainsFunc(in.droppedSeries, func(s subject) bool { return v.givenUp(s, c) }) {
		return true
	}
	if !in.replace {
		return false
	}
	return slices.ContainsFunc(done, func(d settled) bool {
		return !d.exists && d.id != c.SeriesID && d.s.country.iso3 == cc && v.columnScore(d.s.terms, c) >= 0.5
	})
}

// givenUp: column c is the series a swap gives up: its words and, when
// named, its publisher ("the BEA GDP").
func (v view) givenUp(s subject, c Column) bool {
	if c.Derived != "" || v.columnScore(s.terms, c) < 1 {
		return false
	}
	if cc := v.colCountry(c); s.country.iso3 != "" && cc != "" && cc != s.country.iso3 {
		return false
	}
	ns, _, _ := strings.Cut(c.SeriesID, ":")
	return len(s.sources) == 0 || slices.Contains(s.sources, ns)
}

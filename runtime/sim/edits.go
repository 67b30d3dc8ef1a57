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
	swapFor      = regexp.MustCompile(`\b(?:swap|switch|replace|exchange|trade|substitute)\s+(?:out\s+)?(.+?)\s+(?:for|with|by)\s+`)
	insteadOf    = regexp.MustCompile(`\binstead of\s+([^,.;:!?]+)`)
	switchWords  = regexp.MustCompile(`\b(?:switch|swap|change|replace|instead|rather|convert|make)\b`)
)

// readEdits reads the economies a message removes from the table.
func (in *intent) readEdits(low string) {
	var gone []string
	for _, p := range clauseBreak.Split(low, -1) {
		if removeClause.MatchString(strings.TrimSpace(p)) {
			gone = append(gone, p)
		}
	}
	for _, m := range swapFor.FindAllStringSubmatch(low, -1) {
		gone = append(gone, m[1])
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
	if !in.replace {
		return false
	}
	return slices.ContainsFunc(done, func(d settled) bool {
		return !d.exists && d.id != c.SeriesID && d.s.country.iso3 == cc && v.columnScore(d.s.terms, c) >= 0.5
	})
}

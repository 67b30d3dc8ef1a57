package sim

import (
	"regexp"
	"slices"
	"strings"
)

// repeatInUnit reads "now the same on a PPP basis": the series the
// conversation asked for last, in the unit now named, and the
// derivations it asked for last.
func (in *intent) repeatInUnit(unit string, earlier []string) {
	gotSubjects, gotDerives := false, false
	for i := len(earlier) - 1; i >= 0 && !(gotSubjects && gotDerives); i-- {
		prev := understand(earlier[i], earlier[:i]).seriesAsked()
		if !gotSubjects && len(prev.subjects) > 0 {
			gotSubjects = true
			for _, s := range prev.subjects {
				s.unit = unit
				in.subjects = append(in.subjects, s)
			}
			if len(in.countries) == 0 {
				in.countries = prev.countries
			}
		}
		if !gotDerives && len(prev.derives) > 0 {
			gotDerives = true
			in.derives = append(in.derives, prev.derives...)
		}
	}
}

// repeatFor reads a message that names only countries ("throw Germany in
// too", "do the same for Brazil and Mexico") as the previous request's
// series and derivations for those countries.
func (in *intent) repeatFor(cs []country, earlier []string, derivations bool) {
	// The series come from the latest turn that named some, the
	// derivations from the latest turn that asked for some ("do the same
	// for Brazil" after "deflator growth next to CPI inflation" and then
	// "the gap between the two").
	var subjects []subject
	var derives []derivation
	for i := len(earlier) - 1; i >= 0 && (subjects == nil || (derivations && derives == nil)); i-- {
		prev := understand(earlier[i], earlier[:i]).seriesAsked()
		if subjects == nil && len(prev.subjects) > 0 {
			seen := map[string]bool{}
			subjects = []subject{}
			for _, s := range prev.subjects {
				if !seen[s.phrase] {
					seen[s.phrase] = true
					subjects = append(subjects, s)
				}
			}
		}
		if derives == nil && len(prev.derives) > 0 {
			derives = prev.derives
		}
	}
	for _, s := range subjects {
		for _, c := range cs {
			// "add Canada from the IMF": the publisher this message names
			// decides for every series it repeats.
			n := subject{phrase: s.phrase, terms: s.terms, country: c, unit: s.unit, sources: s.sources}
			if len(in.sources) > 0 {
				n.sources = in.sources
			}
			if !slices.ContainsFunc(in.subjects, func(o subject) bool { return o.key() == n.key() }) {
				in.subjects = append(in.subjects, n)
			}
		}
	}
	if !derivations || len(derives) == 0 {
		return
	}
	in.countries = cs
	dseen := map[string]bool{}
	for _, d := range derives {
		d.operands = slices.Clone(d.operands)
		for i, o := range d.operands {
			// "the two" meant the series named then: the back-th most
			// recent of them.
			if o.back > 0 && o.back <= len(subjects) {
				named := subjects[len(subjects)-o.back]
				o = operand{phrase: named.phrase, terms: named.terms}
			}
			// "each relative to America": a side that is only an
			// economy is the fixed one, and stays; the others take the
			// economies now named.
			if len(o.terms) > 0 || o.phrase == "*" || o.back > 0 {
				o.country = country{}
			}
			d.operands[i] = o
		}
		// "the spread" of two economies' columns is no series of one
		// economy: it is not repeated for others.
		if slices.ContainsFunc(d.operands, func(o operand) bool { return o.back > 0 }) {
			continue
		}
		key := d.op
		for _, o := range d.operands {
			key += "|" + o.phrase
		}
		if dseen[key] {
			continue
		}
		dseen[key] = true
		in.addDerivation(d)
	}
}

func lastCountries(earlier []string) []country {
	for i := len(earlier) - 1; i >= 0; i-- {
		if cs, _ := findCountries(strings.ToLower(canonicalCountries(earlier[i]))); len(cs) > 0 {
			return cs
		}
	}
	return nil
}

// seriesAsked is the request as its series: "GDP per head in dollars" asks
// for a ratio a published series may stand in for; a later "switch those
// to PPP" or "same for Brazil" repeats that series, not the arithmetic.
func (in intent) seriesAsked() intent {
	if len(in.subjects) > 0 {
		return in
	}
	out := in
	out.derives = nil
	for _, d := range in.derives {
		// Only arithmetic of named series has a published stand-in; "each
		// minus inflation" acts on the table.
		if len(d.asSeries) == 0 || !namedOperands(d) {
			out.derives = append(out.derives, d)
			continue
		}
		for _, s := range d.asSeries {
			if !slices.ContainsFunc(out.subjects, func(o subject) bool { return o.key() == s.key() }) {
				out.subjects = append(out.subjects, s)
			}
		}
	}
	return out
}

// sameButOn is "same gaps as before but on annual-average inflation": the
// arithmetic asked earlier (of the kind named, if one is), computed on
// another concept.
var sameButOn = regexp.MustCompile(`\bsame\s+(?:([a-z]+)\s+)?(?:as\s+(?:before|above|earlier|last time)\s+)?(?:but\s+)?(?:on|with|using|in terms of|based on)\s+(?:the\s+)?([^,;.?!]+)`)

// repeatOnConcept reads sameButOn: the concept named, for the economies
// of the conversation, and the latest earlier derivations of the kind
// named, each side that held the earlier concept (or stood for each
// economy) now holding the new one; a side that was only an economy
// ("above Germany") stays that economy's.
func (in *intent) repeatOnConcept(noun, concept string, earlier []string) {
	ts := terms(concept)
	if len(ts) == 0 || len(in.derives) > 0 {
		return
	}
	op := opNouns[strings.TrimSuffix(noun, "s")]
	derives, prev := latestDerivations(earlier, func(d derivation) bool { return op == "" || d.op == op })
	if derives == nil {
		return
	}
	// The economies are those of the request repeated.
	var cs []country
	for _, s := range prev.seriesAsked().subjects {
		if s.country.iso3 != "" && !slices.Contains(cs, s.country) {
			cs = append(cs, s.country)
		}
	}
	phrase := strings.Join(ts, " ")
	in.subjects = slices.DeleteFunc(in.subjects, func(s subject) bool { return wordsWithin(ts, s.terms) })
	for _, c := range cs {
		in.subjects = append(in.subjects, subject{phrase: phrase, terms: ts, country: c})
	}
	in.countries = cs
	seen := map[string]bool{}
	add := func(d derivation) {
		key := d.op
		for _, o := range d.operands {
			key += "|" + o.country.iso3
		}
		if !seen[key] {
			seen[key] = true
			in.addDerivation(d)
		}
	}
	for _, d := range derives {
		d.operands = slices.Clone(d.operands)
		d.asSeries, d.label, d.fromConcept = nil, "", false
		each, fixed := -1, map[string]bool{}
		for k, o := range d.operands {
			n := operand{phrase: phrase, terms: ts}
			switch {
			case o.phrase == "*":
				each = k
			case len(o.terms) == 0 && o.country.iso3 != "":
				n.country = o.country
				fixed[o.country.iso3] = true
			}
			d.operands[k] = n
		}
		if each < 0 {
			add(d)
			continue
		}
		// "how far above Germany is each": one for each other economy.
		for _, c := range cs {
			if !fixed[c.iso3] {
				dc := d
				dc.operands = slices.Clone(d.operands)
				dc.operands[each].country = c
				add(dc)
			}
		}
	}
}

// redoOp is "redo the ratio": arithmetic asked earlier, asked again on
// what the table holds now.
var redoOp = regexp.MustCompile(`\b(?:redo|recompute|recalculate|rerun|re-run|repeat|refresh|update)\s+(?:the\s+|that\s+|those\s+|my\s+)?(ratios?|spreads?|shares?|gaps?|differences?)\b`)

// redoEarlier adds the latest earlier derivations of the op to redo (a
// ratio in percent, a share, is a ratio too), unless this message asks
// for one of its own; they are computed, not looked up.
func (in *intent) redoEarlier(earlier []string) {
	fits := func(d derivation) bool {
		return d.op == in.redo || in.redo == "ratio" && d.op == "share" || in.redo == "share" && d.op == "ratio"
	}
	if slices.ContainsFunc(in.derives, fits) {
		return
	}
	found, _ := latestDerivations(earlier, fits)
	for _, d := range found {
		d.asSeries = nil
		d.operands = slices.Clone(d.operands)
		for k, o := range d.operands {
			// The side that was the series swapped out is the one
			// swapped in.
			if n, ok := in.swappedIn(o); ok {
				d.operands[k] = n
			}
		}
		in.derives = append(in.derives, d)
	}
}

// latestDerivations are the derivations keep accepts of the latest earlier
// message that has any, with that message as read.
func latestDerivations(earlier []string, keep func(derivation) bool) ([]derivation, intent) {
	for i := len(earlier) - 1; i >= 0; i-- {
		prev := understand(earlier[i], earlier[:i])
		var found []derivation
		for _, d := range prev.derives {
			if keep(d) {
				found = append(found, d)
			}
		}
		if len(found) > 0 {
			return found, prev
		}
	}
	return nil, intent{}
}

// swappedIn is the operand that stands where o named a series this
// message gives up: the series it asks for in its place, whose words hold
// the old one's ("the BEA GDP" for "the IFS nominal GDP").
func (in *intent) swappedIn(o operand) (operand, bool) {
	if len(o.terms) == 0 || !slices.ContainsFunc(in.droppedSeries, func(s subject) bool { return wordsWithin(o.terms, s.terms) }) {
		return o, false
	}
	for _, s := range in.subjects {
		if wordsWithin(o.terms, s.terms) {
			return operand{phrase: s.phrase, terms: s.terms, country: o.country, sources: s.sources}, true
		}
	}
	return o, false
}

// redoWith is "redo it with end-of-year inflation instead": the latest
// arithmetic again, the side the new words replace taking them.
var redoWith = regexp.MustCompile(`\b(?:redo|recompute|recalculate|repeat|rerun|re-run|do)\s+(?:it|that|this|them|those|the same|the lot)\s+(?:but\s+)?(?:with|using|on|based on)\s+(?:the\s+)?([^,;.?!]+?)(?:\s+instead)?\s*(?:[,;.?!]|$)`)

// redoEarlierWith reads redoWith: each derivation of the latest earlier
// request that asked for some, its operand that shares the new concept's
// head word (inflation for end-of-year inflation) replaced by the subject
// this message names for it.
func (in *intent) redoEarlierWith(earlier []string) {
	if len(in.derives) > 0 || len(in.subjects) == 0 {
		return
	}
	derives, _ := latestDerivations(earlier, func(derivation) bool { return true })
	for _, d := range derives {
		d.asSeries, d.label = nil, ""
		d.operands = slices.Clone(d.operands)
		replaced := false
		for k, o := range d.operands {
			for j, s := range in.subjects {
				if len(o.terms) > 0 && slices.Contains(s.terms, o.terms[len(o.terms)-1]) && (s.country.iso3 == "" || s.country == o.country || o.country.iso3 == "") {
					// Still the publisher the side was asked from.
					if len(s.sources) == 0 {
						in.subjects[j].sources = o.sources
						s.sources = o.sources
					}
					d.operands[k] = operand{phrase: s.phrase, terms: s.terms, country: o.country, sources: s.sources, eop: s.eop}
					replaced = true
					break
				}
			}
		}
		if replaced {
			in.derives = append(in.derives, d)
		}
	}
}

// backToNamed reads "nominal GDP plus population for India, China and
// Indonesia; divide": arithmetic of "the two" in a request that names two
// concepts for several economies is of those concepts, the first named
// first, for each economy; the newest two columns would be one economy's
// at best.
func (in *intent) backToNamed() {
	var concepts []subject
	var cs []country
	for _, s := range in.subjects {
		if !slices.ContainsFunc(concepts, func(c subject) bool { return c.phrase == s.phrase }) {
			concepts = append(concepts, s)
		}
		if s.country.iso3 != "" && !slices.Contains(cs, s.country) {
			cs = append(cs, s.country)
		}
	}
	if len(concepts) != 2 || len(cs) < 2 {
		return
	}
	kept := in.derives[:0:0]
	var redo []derivation
	for _, d := range in.derives {
		if len(d.operands) == 2 && d.operands[0].back == 2 && d.operands[1].back == 1 && len(d.operands[0].terms) == 0 {
			d.operands = []operand{{phrase: concepts[0].phrase, terms: concepts[0].terms}, {phrase: concepts[1].phrase, terms: concepts[1].terms}}
			redo = append(redo, d)
			continue
		}
		kept = append(kept, d)
	}
	if len(redo) == 0 {
		return
	}
	in.derives = kept
	saved := in.countries
	in.countries = cs
	for _, d := range redo {
		in.addDerivation(d)
	}
	in.countries = saved
}

package query

// A place inside an institution's name ("University of Michigan",
// "Federal Reserve Bank of Kansas City", "Dallas Fed") is not a place
// whose figures a row holds, nor one a query asks about. The phrases that
// say so are data (data/institutions.tsv).

func (v *Vocabulary) loadInstitution(l line) error {
	k := v.phrase(l.cells[1])
	if len(k.words) == 0 {
		return l.errf(1, "empty phrase")
	}
	switch l.cells[0] {
	case "before":
		v.instBefore = append(v.instBefore, k)
	case "after":
		v.instAfter.add(k, true)
	default:
		return l.errf(0, "want before or after, got %q", l.cells[0])
	}
	return nil
}

// stateSpans returns the US states named in toks, leaving out those
// named as part of an institution's name.
func (v *Vocabulary) stateSpans(toks []qtoken) []span[string] {
	spans := v.states.scan(toks)
	out := spans[:0]
	for _, s := range spans {
		if !v.inInstitution(toks, s.start, s.end) {
			out = append(out, s)
		}
	}
	return out
}

// inInstitution reports whether toks[start:end], a place, is part of an
// institution's name.
func (v *Vocabulary) inInstitution(toks []qtoken, start, end int) bool {
	for _, k := range v.instBefore {
		e := phraseEntry[bool]{key: k}
		if i := start - len(k.words); i >= 0 && e.matchesAt(toks, i) {
			return true
		}
	}
	if end < len(toks) {
		if n, _ := v.instAfter.longestAt(toks, end); n > 0 {
			return true
		}
	}
	return false
}

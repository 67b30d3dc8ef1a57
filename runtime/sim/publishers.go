package sim

import (
	"regexp"
	"slices"
	"strings"
)

// bracket is a parenthesis and what it holds.
var bracket = regexp.MustCompile(`\(([^()]*)\)`)

// readBracketedPublishers gives a publisher named alone in brackets
// ("policy rates, next to each one's CPI inflation (IMF WEO)") to the
// series the phrase before the brackets names — the last phrase of the
// sentence before — and returns the request without those brackets. A
// parenthesis attaches to the phrase it follows, not to the whole request.
func (in *intent) readBracketedPublishers(low string, sentenceOf map[string]int) string {
	sentences := sentenceSplit.Split(low, -1)
	rest := low
	for _, m := range bracket.FindAllStringSubmatchIndex(low, -1) {
		inner := low[m[2]:m[3]]
		ns, groups := vocab.publishersIn(inner)
		if groups != 1 || len(terms(withoutPublishers(inner))) > 0 {
			continue
		}
		// The sentence the brackets split off, and the one before it.
		n := -1
		for i, s := range sentences {
			if strings.TrimSpace(s) == strings.TrimSpace(inner) {
				n = i
				break
			}
		}
		if n <= 0 {
			continue
		}
		last := ""
		for _, s := range in.subjects {
			if sentenceOf[s.key()] == n-1 {
				last = s.phrase
			}
		}
		if last == "" {
			continue
		}
		for i := range in.subjects {
			if s := in.subjects[i]; s.phrase == last && sentenceOf[s.key()] == n-1 && len(s.sources) == 0 {
				in.subjects[i].sources = ns
			}
		}
		rest = strings.Replace(rest, low[m[0]:m[1]], " ", 1)
	}
	return rest
}

// withoutPublishers is s without the publishers it names, also when they
// follow each other ("imf weo"): each match takes the separator after it.
func withoutPublishers(s string) string {
	for {
		t := vocab.publisherRe.ReplaceAllString(s, " ")
		if t == s {
			return t
		}
		s = t
	}
}

// fromOnePublisher reads "one source so they're comparable": the
// publisher shown with a clear row for the most subjects (at least two)
// is the source of all of them; the subjects it has shown no row for are
// searched within it. Until one is shown, the subjects are left as asked.
func (p Policy) fromOnePublisher(v view, subjects []subject, freq string, used map[string]bool) []subject {
	if slices.ContainsFunc(subjects, func(s subject) bool { return len(s.sources) > 0 }) {
		return subjects
	}
	var order []string
	for _, id := range v.order {
		if ns, _, ok := strings.Cut(id, ":"); ok && !slices.Contains(order, ns) {
			order = append(order, ns)
		}
	}
	best, most := "", 1
	for _, ns := range order {
		n := 0
		for _, s := range subjects {
			s.sources = []string{ns}
			if _, ok, _ := p.bestOf(v, s, freq, used); ok {
				n++
			}
		}
		if n > most {
			best, most = ns, n
		}
	}
	if best == "" {
		return subjects
	}
	out := slices.Clone(subjects)
	for i := range out {
		out[i].sources, out[i].onePublisher = []string{best}, true
	}
	return out
}

package sim

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/sextant-dev/sextant/internal/countries"
)

// canonicalCountries writes every country mention by its name, so that
// abbreviations read only in capitals ("US", "UK") survive lowercasing,
// and drops possessive endings ("Brazil's" → "Brazil").
func canonicalCountries(text string) string {
	text = respellCountries(strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`).Replace(text))
	// "TR: need CPI…": a code in capitals labelling the message names
	// its economy.
	text = codeLabel.ReplaceAllStringFunc(text, func(m string) string {
		code := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(m), ":"))
		if c, ok := countries.Lookup(code); ok {
			return c.Name + ":"
		}
		return m
	})
	text = possessive.ReplaceAllString(text, "$1")
	// "S. Africa", "N. Macedonia": a compass point cut to its initial,
	// when the name it then makes is an economy's.
	text = compassInitial.ReplaceAllStringFunc(text, func(m string) string {
		g := compassInitial.FindStringSubmatch(m)
		full := map[string]string{"N": "North", "S": "South", "E": "East", "W": "West"}[g[2]] + " " + g[3]
		if _, ok := countries.Lookup(full); ok {
			return g[1] + full
		}
		return m
	})
	var b strings.Builder
	last := 0
	for _, m := range countries.FindAll(text) {
		b.WriteString(text[last:m.Start])
		b.WriteString(m.Name)
		last = m.End
	}
	b.WriteString(text[last:])
	return b.String()
}

var compassInitial = regexp.MustCompile(`(^|[\s(,])([NSEW])\.\s*(\p{Lu}\p{Ll}+)`)

var codeLabel = regexp.MustCompile(`^\s*[A-Z]{2,3}\s*:`)

var possessive = regexp.MustCompile(`(\p{L})'s\b`)

func countriesNamed(s string) []country { cs, _ := findCountries(s); return cs }

// words splits text into lowercase words, keeping dots inside (u.s.). An
// outline number before a title's word ("0.GENERAL", "2.3.1.Clothing") is
// a word of its own.
func words(s string) []string {
	ws := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != '\'' && r != '%'
	})
	for i := 0; i < len(ws); i++ {
		if m := outlineNumber.FindStringSubmatchIndex(ws[i]); m != nil {
			ws = slices.Insert(ws, i+1, ws[i][m[2]:])
			ws[i] = ws[i][:m[2]-1]
			i++
		}
	}
	return ws
}

var outlineNumber = regexp.MustCompile(`^[0-9]+(?:\.[0-9]+)*\.(\pL)`)

// stem folds a word: possessive and plural endings dropped.
func stem(w string) string {
	w = strings.Trim(w, ".'")
	w = strings.TrimSuffix(w, "'s")
	if len(w) > 4 && strings.HasSuffix(w, "ies") {
		return w[:len(w)-3] + "y"
	}
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") {
		w = w[:len(w)-1]
	}
	return w
}

// terms are a phrase's content words, stemmed.
func terms(s string) []string {
	var out []string
	for _, w := range words(s) {
		if w == "%" {
			out = append(out, "percent")
			continue
		}
		w = stem(w)
		if w != "" && !vocab.stopwords[w] && !isYear(w) {
			out = append(out, w)
		}
	}
	return out
}

func isYear(w string) bool {
	n, err := strconv.Atoi(w)
	return err == nil && n >= 1800 && n <= 2100
}

// expand returns a term with its synonyms.
func expand(t string) []string { return append([]string{t}, vocab.synonyms[t]...) }

// findCountries takes the countries and regions named in text out of it,
// returning them in order of mention and the text without them.
func findCountries(text string) ([]country, string) {
	var found []country
	type hit struct {
		pos int
		c   country
	}
	var hits []hit
	// Institutions and informal names first: "Bank of Canada" is one
	// name, not the word "bank" and Canada.
	padded := " " + text + " "
	for _, a := range vocab.aliases {
		for {
			i := indexWord(padded, a[0])
			if i < 0 {
				break
			}
			c, _ := vocab.region(a[1])
			hits = append(hits, hit{i - 1, c})
			padded = padded[:i] + strings.Repeat(" ", len(a[0])) + padded[i+len(a[0]):]
		}
	}
	b := []byte(padded[1 : len(padded)-1])
	for _, m := range countries.FindAll(string(b)) {
		hits = append(hits, hit{m.Start, country{m.ISO3, m.Name}})
		for i := m.Start; i < m.End; i++ {
			b[i] = ' '
		}
	}
	padded = " " + string(b) + " "
	for _, g := range vocab.groups {
		for {
			i := indexWord(padded, g.name)
			if i < 0 {
				break
			}
			for _, c := range g.members {
				hits = append(hits, hit{i - 1, c})
			}
			padded = padded[:i] + strings.Repeat(" ", len(g.name)) + padded[i+len(g.name):]
		}
	}
	// "fed funds": the name of a series that says its economy, when the
	// text names none ("Turkish treasury bills" are Türkiye's); the words
	// stay, for they are what to search for.
	if len(hits) == 0 {
		marked := padded
		for _, mk := range vocab.markets {
			for {
				i := indexWord(marked, mk[0])
				if i < 0 {
					break
				}
				if c, ok := vocab.region(mk[1]); ok {
					hits = append(hits, hit{i - 1, c})
				}
				marked = marked[:i] + strings.Repeat(" ", len(mk[0])) + marked[i+len(mk[0]):]
			}
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return a.pos - b.pos })
	for _, h := range hits {
		if !slices.Contains(found, h.c) {
			found = append(found, h.c)
		}
	}
	rest := strings.ReplaceAll(padded, "'s ", " ")
	return found, rest
}

// indexWord finds w in s at word boundaries.
func indexWord(s, w string) int {
	from := 0
	for {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return -1
		}
		i += from
		before := i == 0 || !isWordByte(s[i-1])
		after := i+len(w) >= len(s) || !isWordByte(s[i+len(w)])
		if before && after {
			return i
		}
		from = i + 1
	}
}

func isWordByte(b byte) bool { return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80 }

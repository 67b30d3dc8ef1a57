package query

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// ErrBadData is returned when a vocabulary file is malformed.
var ErrBadData = errors.New("query: bad vocabulary data")

//go:embed data/*.tsv data/*.txt
var embedded embed.FS

// Vocabulary is the data query understanding works from: word lists and
// phrase tables read from the files of data/ (see each file's header).
type Vocabulary struct {
	stop         map[string]bool
	keepPlural   map[string]bool
	joinPrefixes map[string]bool
	spelling     map[string]string
	variants     map[string][]string // canonical spelling → its variants

	synonyms     *phraseSet[synonym]
	frequency    *phraseSet[frequencyHint]
	seasonal     *phraseSet[string]
	saWords      map[string]bool // words of the phrases that ask for adjusted data
	seasonalRows *phraseSet[string]
	unitQuery    *phraseSet[string]
	unitRows     *phraseSet[string]
	unitGroup    map[string]string // hint -> group
	sourceQuery  *phraseSet[sourceHint]
	sourceRows   *phraseSet[string]
	archivedRows *phraseSet[bool]
	archivedAsk  *phraseSet[bool]
	archivedNot  map[string]bool // words that turn an ask for archived rows around ("not", "excluding")
	states       *phraseSet[string]
	implied      *phraseSet[string] // phrase -> ISO3 it implies
	stateCodes   map[string]bool
	subnational  *phraseSet[bool]
	instBefore   []phraseKey // phrases before a place that make it an institution's name
	instAfter    *phraseSet[bool]
	totals       *phraseSet[bool] // a row title's words for its heading's total
	reserved     map[string]bool  // single words that name a facet: never country codes
	exclusion    exclusionWords   // clauses of what a text leaves out (exclusion.go)

	abbreviations *rewriteTable // spelt out before a query is parsed (rewrite.go)
	glossaryTR    *rewriteTable // Turkish terms → English, likewise
}

type synonym struct {
	expansion phraseKey
	weight    float64
	countries []string
}

type frequencyHint struct {
	freq   catalogsrc.Frequency // Unknown for a phrase that is not a frequency
	weight float64
}

type sourceHint struct {
	namespaces []string
	weight     float64
	countries  []string
}

// LoadVocabulary reads the vocabulary files from fsys (laid out like the
// embedded data/ directory). Errors name the file, line and field.
func LoadVocabulary(fsys fs.FS) (*Vocabulary, error) {
	v := &Vocabulary{
		spelling:     map[string]string{},
		variants:     map[string][]string{},
		synonyms:     newPhraseSet[synonym](),
		frequency:    newPhraseSet[frequencyHint](),
		seasonal:     newPhraseSet[string](),
		seasonalRows: newPhraseSet[string](),
		unitQuery:    newPhraseSet[string](),
		unitRows:     newPhraseSet[string](),
		unitGroup:    map[string]string{},
		sourceQuery:  newPhraseSet[sourceHint](),
		sourceRows:   newPhraseSet[string](),
		archivedRows: newPhraseSet[bool](),
		archivedAsk:  newPhraseSet[bool](),
		states:       newPhraseSet[string](),
		implied:      newPhraseSet[string](),
		stateCodes:   map[string]bool{},
		subnational:  newPhraseSet[bool](),
		instAfter:    newPhraseSet[bool](),
		totals:       newPhraseSet[bool](),
		reserved:     map[string]bool{},
		exclusion:    exclusionWords{open: map[string]bool{}, compare: map[string]bool{}, end: map[string]bool{}},

		abbreviations: newRewriteTable(),
		glossaryTR:    newRewriteTable(),
	}
	var err error
	// Word lists first: phrases of the tables are analysed with them.
	if v.keepPlural, err = readWordSet(fsys, "data/keep_plural.txt", nil); err != nil {
		return nil, err
	}
	if v.joinPrefixes, err = readWordSet(fsys, "data/join_prefixes.txt", nil); err != nil {
		return nil, err
	}
	if err := readTable(fsys, "data/spelling.tsv", 2, 2, func(l line) error {
		from, to := foldWord(l.cells[0]), foldWord(l.cells[1])
		if from == to || strings.ContainsRune(from, ' ') || strings.ContainsRune(to, ' ') {
			return l.errf(0, "want two different single words")
		}
		if _, dup := v.spelling[from]; dup {
			return l.errf(0, "duplicate variant %q", from)
		}
		v.spelling[from] = to
		v.variants[to] = append(v.variants[to], from)
		return nil
	}); err != nil {
		return nil, err
	}
	if v.stop, err = readWordSet(fsys, "data/stopwords.txt", v); err != nil {
		return nil, err
	}
	loaders := []struct {
		file     string
		min, max int
		fn       func(line) error
	}{
		{"data/synonyms.tsv", 3, 4, v.loadSynonym},
		{"data/frequency.tsv", 3, 3, v.loadFrequency},
		{"data/seasonal.tsv", 2, 2, func(l line) error { return v.loadSeasonal(l, v.seasonal) }},
		{"data/seasonal_rows.tsv", 2, 2, func(l line) error { return v.loadSeasonal(l, v.seasonalRows) }},
		{"data/units.tsv", 3, 4, v.loadUnit},
		{"data/sources.tsv", 3, 5, v.loadSource},
		{"data/archived.tsv", 2, 2, v.loadArchived},
		{"data/us_states.tsv", 2, 2, v.loadState},
		{"data/implied_countries.tsv", 2, 2, v.loadImplied},
		{"data/subnational.tsv", 1, 1, func(l line) error { v.subnational.add(v.phrase(l.cells[0]), true); return nil }},
		{"data/institutions.tsv", 2, 2, v.loadInstitution},
		{"data/totals.tsv", 1, 2, v.loadTotal},
		{"data/exclusions.tsv", 2, 2, v.loadExclusion},
		{"data/abbreviations.tsv", 2, 2, v.abbreviations.load},
		{"data/glossary_tr.tsv", 2, 2, v.glossaryTR.load},
	}
	for _, ld := range loaders {
		if err := readTable(fsys, ld.file, ld.min, ld.max, ld.fn); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// DefaultVocabulary returns the vocabulary embedded in the binary.
func DefaultVocabulary() *Vocabulary {
	v, err := LoadVocabulary(embedded)
	if err != nil {
		panic(err) // the embedded files are checked by the package tests
	}
	return v
}

// line is one data line split into cells.
type line struct {
	file  string
	num   int
	cells []string
}

var fieldNames = map[string][]string{
	"data/synonyms.tsv":          {"phrase", "expansion", "weight", "countries"},
	"data/frequency.tsv":         {"phrase", "frequency", "weight"},
	"data/seasonal.tsv":          {"phrase", "adjustment"},
	"data/seasonal_rows.tsv":     {"phrase", "adjustment"},
	"data/units.tsv":             {"kind", "phrase or hint", "hint or group", "phrase"},
	"data/sources.tsv":           {"kind", "phrase or namespace", "namespaces or phrase", "weight", "countries"},
	"data/archived.tsv":          {"kind", "phrase"},
	"data/us_states.tsv":         {"code", "name"},
	"data/institutions.tsv":      {"kind", "phrase"},
	"data/spelling.tsv":          {"variant", "canonical"},
	"data/implied_countries.tsv": {"phrase", "country"},
	"data/abbreviations.tsv":     {"abbreviation", "spelt out"},
	"data/glossary_tr.tsv":       {"turkish", "english"},
}

func (l line) errf(cell int, format string, args ...any) error {
	field := strconv.Itoa(cell + 1)
	if names := fieldNames[l.file]; cell < len(names) {
		field = names[cell]
	}
	return fmt.Errorf("%w: %s:%d: field %s: %s", ErrBadData, l.file, l.num, field, fmt.Sprintf(format, args...))
}

// readTable calls fn for every non-blank, non-comment line of a TSV file
// with between min and max cells.
func readTable(fsys fs.FS, file string, min, max int, fn func(line) error) error {
	b, err := fs.ReadFile(fsys, file)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadData, err)
	}
	for i, text := range strings.Split(string(b), "\n") {
		text = strings.TrimRight(text, "\r")
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cells := strings.Split(text, "\t")
		for j := range cells {
			cells[j] = strings.TrimSpace(cells[j])
		}
		l := line{file: file, num: i + 1, cells: cells}
		if len(cells) < min || len(cells) > max {
			return l.errf(0, "want %d to %d tab-separated cells, got %d", min, max, len(cells))
		}
		for j, c := range cells[:min] {
			if c == "" {
				return l.errf(j, "empty")
			}
		}
		if err := fn(l); err != nil {
			return err
		}
	}
	return nil
}

// readWordSet reads a one-word-a-line list; with v set, words are analysed
// like query words, otherwise only folded.
func readWordSet(fsys fs.FS, file string, v *Vocabulary) (map[string]bool, error) {
	set := map[string]bool{}
	err := readTable(fsys, file, 1, 1, func(l line) error {
		w := foldWord(l.cells[0])
		if v != nil {
			k := v.phrase(l.cells[0])
			if len(k.words) != 1 {
				return l.errf(0, "want one word, got %q", l.cells[0])
			}
			w = k.words[0]
		}
		if set[w] {
			return l.errf(0, "duplicate word %q", l.cells[0])
		}
		set[w] = true
		return nil
	})
	return set, err
}

// phrase analyses a data phrase like query text. A phrase whose words are
// all written in capitals only matches capitals.
func (v *Vocabulary) phrase(text string) phraseKey {
	toks := v.analyze(text)
	k := phraseKey{caps: len(toks) > 0}
	for _, t := range toks {
		k.words = append(k.words, t.norm)
		if !t.upper {
			k.caps = false
		}
	}
	return k
}

func parseWeight(l line, cell int) (float64, error) {
	w, err := strconv.ParseFloat(l.cells[cell], 64)
	if err != nil || !(w > 0 && w <= 1) {
		return 0, l.errf(cell, "weight %q not in (0, 1]", l.cells[cell])
	}
	return w, nil
}

func parseCountries(l line, cell int) ([]string, error) {
	if cell >= len(l.cells) || l.cells[cell] == "" {
		return nil, nil
	}
	var out []string
	for _, c := range strings.Split(l.cells[cell], ",") {
		c = strings.TrimSpace(c)
		if len(c) != 3 || strings.ToUpper(c) != c {
			return nil, l.errf(cell, "want ISO3 codes, got %q", c)
		}
		out = append(out, c)
	}
	return out, nil
}

func (v *Vocabulary) reserve(k phraseKey) {
	if len(k.words) == 1 {
		v.reserved[k.words[0]] = true
	}
}

func (v *Vocabulary) loadSynonym(l line) error {
	from, to := v.phrase(l.cells[0]), v.phrase(l.cells[1])
	if len(from.words) == 0 || len(to.words) == 0 {
		return l.errf(0, "phrase or expansion has no words")
	}
	if from.String() == to.String() {
		return l.errf(1, "expansion %q equals its phrase", l.cells[1])
	}
	w, err := parseWeight(l, 2)
	if err != nil {
		return err
	}
	cs, err := parseCountries(l, 3)
	if err != nil {
		return err
	}
	if n, vals := v.synonyms.exact(from); n {
		for _, s := range vals {
			if s.expansion.String() == to.String() && strings.Join(s.countries, ",") == strings.Join(cs, ",") {
				return l.errf(1, "duplicate expansion %q of %q", l.cells[1], l.cells[0])
			}
		}
	}
	v.synonyms.add(from, synonym{expansion: to, weight: w, countries: cs})
	v.reserve(from)
	return nil
}

// exact returns the values stored for exactly phrase k.
func (s *phraseSet[T]) exact(k phraseKey) (bool, []T) {
	e := s.byKey[k.String()]
	if e == nil {
		return false, nil
	}
	return true, e.values
}

func (v *Vocabulary) loadFrequency(l line) error {
	k := v.phrase(l.cells[0])
	var f catalogsrc.Frequency
	if l.cells[1] != "-" {
		f = catalogsrc.Frequency(l.cells[1])
		switch f {
		case catalogsrc.Daily, catalogsrc.Weekly, catalogsrc.Biweekly, catalogsrc.Monthly, catalogsrc.Quarterly, catalogsrc.Semiannual, catalogsrc.Annual:
		default:
			return l.errf(1, "unknown frequency %q (want D, W, BW, M, Q, S, A or -)", l.cells[1])
		}
	}
	w, err := parseWeight(l, 2)
	if err != nil {
		return err
	}
	if ok, _ := v.frequency.exact(k); ok {
		return l.errf(0, "duplicate phrase %q", l.cells[0])
	}
	v.frequency.add(k, frequencyHint{freq: f, weight: w})
	if f != catalogsrc.Unknown {
		v.reserve(k)
	}
	return nil
}

func (v *Vocabulary) loadSeasonal(l line, set *phraseSet[string]) error {
	k := v.phrase(l.cells[0])
	if l.cells[1] != "SA" && l.cells[1] != "NSA" {
		return l.errf(1, "want SA or NSA, got %q", l.cells[1])
	}
	if ok, _ := set.exact(k); ok {
		return l.errf(0, "duplicate phrase %q", l.cells[0])
	}
	set.add(k, l.cells[1])
	if set == v.seasonal {
		v.reserve(k)
		if l.cells[1] == "SA" {
			if v.saWords == nil {
				v.saWords = map[string]bool{}
			}
			for _, w := range k.words {
				v.saWords[w] = true
			}
		}
	}
	return nil
}

func (v *Vocabulary) loadUnit(l line) error {
	switch l.cells[0] {
	case "q":
		if len(l.cells) != 3 {
			return l.errf(0, "q lines have 3 cells: q, phrase, hint")
		}
		k := v.phrase(l.cells[1])
		if ok, _ := v.unitQuery.exact(k); ok {
			return l.errf(1, "duplicate phrase %q", l.cells[1])
		}
		v.unitQuery.add(k, l.cells[2])
		v.reserve(k)
	case "row":
		if len(l.cells) != 4 || l.cells[3] == "" {
			return l.errf(0, "row lines have 4 cells: row, hint, group, phrase")
		}
		hint, group := l.cells[1], l.cells[2]
		if g, ok := v.unitGroup[hint]; ok && g != group {
			return l.errf(2, "hint %q is in group %q elsewhere", hint, g)
		}
		v.unitGroup[hint] = group
		v.unitRows.add(v.phrase(l.cells[3]), hint)
	default:
		return l.errf(0, "kind %q is neither q nor row", l.cells[0])
	}
	return nil
}

func (v *Vocabulary) loadSource(l line) error {
	switch l.cells[0] {
	case "q":
		if len(l.cells) < 4 {
			return l.errf(0, "q lines have 4 or 5 cells: q, phrase, namespaces, weight[, countries]")
		}
		w, err := parseWeight(l, 3)
		if err != nil {
			return err
		}
		cs, err := parseCountries(l, 4)
		if err != nil {
			return err
		}
		var ns []string
		for _, n := range strings.Split(l.cells[2], ",") {
			if n = strings.TrimSpace(n); n == "" || strings.ToLower(n) != n {
				return l.errf(2, "bad namespace %q", n)
			}
			ns = append(ns, n)
		}
		k := v.phrase(l.cells[1])
		v.sourceQuery.add(k, sourceHint{namespaces: ns, weight: w, countries: cs})
		v.reserve(k)
	case "row":
		if len(l.cells) != 3 {
			return l.errf(0, "row lines have 3 cells: row, namespace, phrase")
		}
		v.sourceRows.add(v.phrase(l.cells[2]), l.cells[1])
	default:
		return l.errf(0, "kind %q is neither q nor row", l.cells[0])
	}
	return nil
}

func (v *Vocabulary) loadTotal(l line) error {
	switch {
	case len(l.cells) == 1:
		v.totals.add(v.phrase(l.cells[0]), true)
	case l.cells[1] == "not":
		v.totals.add(v.phrase(l.cells[0]), false)
	default:
		return l.errf(1, "want \"not\" or nothing, got %q", l.cells[1])
	}
	return nil
}

func (v *Vocabulary) loadArchived(l line) error {
	switch l.cells[0] {
	case "q":
		v.archivedAsk.add(v.phrase(l.cells[1]), true)
	case "row":
		v.archivedRows.add(v.phrase(l.cells[1]), true)
	case "not":
		k := v.phrase(l.cells[1])
		if len(k.words) != 1 {
			return l.errf(1, "want one word, got %q", l.cells[1])
		}
		if v.archivedNot == nil {
			v.archivedNot = map[string]bool{}
		}
		v.archivedNot[k.words[0]] = true
	default:
		return l.errf(0, "kind %q is not q, row or not", l.cells[0])
	}
	return nil
}

func (v *Vocabulary) loadState(l line) error {
	code := l.cells[0]
	if len(code) != 2 || strings.ToUpper(code) != code {
		return l.errf(0, "want a two-letter USPS code, got %q", code)
	}
	if v.stateCodes[code] {
		return l.errf(0, "duplicate code %q", code)
	}
	v.stateCodes[code] = true
	v.states.add(v.phrase(l.cells[1]), code)
	return nil
}

// analyze turns text into analysed tokens: symbols and dotted
// abbreviations rewritten, words folded (case, accents), spelling variants
// mapped, "non"/"semi"/"bi" joined to the next word, plurals folded.
// Stop words are kept (phrases such as "not seasonally adjusted" need them).
func (v *Vocabulary) analyze(text string) []qtoken {
	raw := tokenize(prepare(text))
	out := make([]qtoken, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		t := raw[i]
		if isCode(t.raw) {
			out = append(out, qtoken{raw: t.raw, norm: t.folded, upper: isUpperWord(strings.NewReplacer(".", "", "_", "").Replace(t.raw)), code: true})
			continue
		}
		q := qtoken{raw: t.raw, norm: v.spell(t.folded), upper: isUpperWord(t.raw)}
		if v.joinPrefixes[q.norm] && i+1 < len(raw) && !isCode(raw[i+1].raw) {
			next := raw[i+1]
			q = qtoken{raw: t.raw + " " + next.raw, norm: q.norm + v.spell(next.folded)}
			i++
		}
		q.norm = v.spell(foldPlural(q.norm, v.keepPlural))
		out = append(out, q)
	}
	return out
}

// Unjoin returns a word the query may have joined to its prefix split
// again ("nonperforming" → "non performing"), as labels may write it
// ("NON_PERFORMING LOANS", "Non-performing"), or "". Prefixes of two
// letters are left alone ("billion" is no "bi llion"), and so are words
// whose rest is shorter than three letters.
func (v *Vocabulary) Unjoin(w string) string {
	for p := range v.joinPrefixes {
		if len(p) >= 3 && len(w) >= len(p)+3 && strings.HasPrefix(w, p) {
			return p + " " + w[len(p):]
		}
	}
	return ""
}

// Variants returns the other spellings a query word's canonical form
// stands for ("labor": "labour"; "check": "cheque"): the text index holds
// labels as written, so a search for the word looks for them too.
func (v *Vocabulary) Variants(w string) []string { return v.variants[w] }

func (v *Vocabulary) spell(w string) string {
	if c, ok := v.spelling[w]; ok {
		return c
	}
	return w
}

// Terms analyses text the way queries are analysed and returns its content
// words (stop words and series codes left out). The index should analyse
// catalog labels with it so that both sides fold the same way.
func (v *Vocabulary) Terms(text string) []string {
	var out []string
	for _, t := range v.analyze(text) {
		if !t.code && !v.stop[t.norm] {
			out = append(out, t.norm)
		}
	}
	return out
}

// LabelTerms returns a catalog label's content words as Terms does, with
// outline numbering taken apart first: "0.GENERAL" and "I.A.HOUSING" are
// series codes to Terms, and their words ("general", "housing") are the
// label's.
func (v *Vocabulary) LabelTerms(label string) []string {
	var out []string
	for _, t := range v.analyze(label) {
		out = v.appendLabelTerm(out, t)
	}
	return out
}

// appendLabelTerm appends what LabelTerms keeps of token t.
func (v *Vocabulary) appendLabelTerm(out []string, t qtoken) []string {
	switch {
	case t.code && strings.ContainsAny(t.raw, "._"):
		for _, w := range v.analyze(numberingApart(t.raw)) {
			if !w.code && !v.stop[w.norm] && !isNumbering(w.norm) {
				out = append(out, w.norm)
			}
		}
	case !t.code && !v.stop[t.norm]:
		out = append(out, t.norm)
	}
	return out
}

// ExclusiveUnit reports whether a unit hint belongs to a group whose
// hints exclude each other (a measure such as "index" or "percent", a
// currency, a scale), rather than group "none" ("rate", which an index
// row's title may also say).
func (v *Vocabulary) ExclusiveUnit(hint string) bool {
	g, ok := v.unitGroup[hint]
	return ok && g != "none"
}

// PartTerms splits a title's LabelTerms, less outline numbering and
// numbers, into the words with which it names its heading's total
// ("Total", "All Items", "GENEL") and the rest, the words that say which
// part of its family a row is.
func (v *Vocabulary) PartTerms(title string) (part, total []string) {
	toks := v.analyze(numberingApart(title))
	covered := make([]bool, len(toks))
	for _, s := range v.totals.scan(toks) {
		if s.values[0] {
			for i := s.start; i < s.end; i++ {
				covered[i] = true
			}
		}
	}
	for i, t := range toks {
		switch {
		case isNumbering(t.norm):
		case covered[i]:
			total = v.appendLabelTerm(total, t)
		default:
			part = v.appendLabelTerm(part, t)
		}
	}
	return part, total
}

func (v *Vocabulary) loadImplied(l line) error {
	cs, err := parseCountries(l, 1)
	if err != nil {
		return err
	}
	if len(cs) != 1 {
		return l.errf(1, "want one ISO3 code")
	}
	k := v.phrase(l.cells[0])
	if ok, _ := v.implied.exact(k); ok {
		return l.errf(0, "duplicate phrase %q", l.cells[0])
	}
	v.implied.add(k, cs[0])
	return nil
}

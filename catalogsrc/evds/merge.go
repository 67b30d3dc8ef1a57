package evds

import (
	"context"
	"strings"
	"unicode"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
)

// unclassified is the path of a series no vintage or sibling places.
var unclassified = []string{"Unclassified"}

// merger collects every vintage's entries by code, in first-seen order.
type merger struct {
	byCode     map[string]*series
	order      []string
	prefixPath map[string][]string // code prefix -> path of the first placed series under it
}

func (m *merger) get(code string) *series {
	s := m.byCode[code]
	if s == nil {
		s = &series{code: code}
		m.byCode[code] = s
		m.order = append(m.order, code)
	}
	return s
}

// prefixes returns a code's dotted prefixes, longest first, without the
// code itself: TP.FG.J0 gives TP.FG, TP.
func prefixes(code string) []string {
	var out []string
	for i := strings.LastIndexByte(code, '.'); i > 0; i = strings.LastIndexByte(code[:i], '.') {
		out = append(out, code[:i])
	}
	return out
}

// notePath remembers a placed series' path for its code prefixes (except
// the bare "TP" every code shares), so unplaced siblings can borrow it.
func (m *merger) notePath(code string, path []string) {
	if len(path) == 0 {
		return
	}
	for _, p := range prefixes(code) {
		if strings.Contains(p, ".") {
			if _, ok := m.prefixPath[p]; !ok {
				m.prefixPath[p] = path
			}
		}
	}
}

// emit merges each code's vintages into one record and sends it.
func (m *merger) emit(ctx context.Context, ns string, groups map[string][]string, sink catalogsrc.Sink) error {
	// Paths for 2020-only codes, so that 2025-only siblings can borrow them.
	for _, code := range m.order {
		s := m.byCode[code]
		if s.v2024 == nil && s.v2020 != nil {
			if p := groups[s.v2020.groupCode]; len(p) > 0 {
				s.v2020.path = p
				m.notePath(code, p)
			}
		}
	}
	for n, code := range m.order {
		if n%generic.CheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		rec, prob := m.merge(ns, m.byCode[code])
		if prob != nil {
			sink.Reject(*prob)
			continue
		}
		if err := sink.Add(rec); err != nil {
			return err
		}
	}
	return nil
}

// merge builds one record: the newest vintage wins field by field (2025 >
// 2024 > 2020); the other names become AltTitles.
func (m *merger) merge(ns string, s *series) (catalogsrc.Record, *catalogsrc.Problem) {
	vintages := []struct {
		e    *entry
		name string
	}{{s.v2025, "2025"}, {s.v2024, "2024"}, {s.v2020, "2020"}}
	rec := catalogsrc.Record{ID: ns + ":" + s.code, NativeID: s.code, Source: ns, Country: Country}
	var oldest *entry
	for _, v := range vintages {
		e := v.e
		if e == nil {
			continue
		}
		oldest = e
		if rec.Title == "" && e.name != "" {
			rec.Title, rec.Vintage, rec.Pos = e.name, v.name, e.pos
		}
		if rec.Frequency == catalogsrc.Unknown && e.freq != catalogsrc.Unknown {
			rec.Frequency, rec.FrequencyText = e.freq, e.freqText
		}
		if rec.Start == "" && rec.End == "" && (e.start != "" || e.end != "") {
			rec.Start, rec.End = e.start, e.end
		}
		if rec.Aggregation == "" {
			rec.Aggregation = e.agg
		}
		if len(rec.Path) == 0 {
			rec.Path = e.path
		}
		if rec.Description == "" && e.source != "" {
			rec.Description = "Source: " + e.source
		}
	}
	if rec.Title == "" {
		// No English name anywhere: fall back to a Turkish one.
		for _, e := range []*entry{s.tr2025, s.v2020} {
			if e != nil && e.nameTR+e.name != "" && rec.Title == "" {
				rec.Title = firstNonEmpty(e.nameTR, e.name)
				rec.Vintage, rec.Pos = "tr", e.pos
			}
		}
	}
	if rec.Title == "" {
		e := oldest
		if e == nil {
			e = s.tr2025
		}
		return rec, &catalogsrc.Problem{Pos: e.pos, Field: "seriesName", Reason: "series " + s.code + " has no name in any vintage"}
	}
	if rec.Pos.File == "" {
		rec.Pos = oldest.pos
	}
	var alts []string
	for _, name := range []string{nameOf(s.v2025), nameOf(s.v2024), nameOf(s.v2020), nameTR(s.tr2025), trOf(s.v2020)} {
		alts = appendDistinct(alts, rec.Title, name)
	}
	rec.AltTitles = alts
	if len(rec.Path) == 0 {
		for _, p := range prefixes(s.code) {
			if path, ok := m.prefixPath[p]; ok {
				rec.Path = path
				break
			}
		}
	}
	if len(rec.Path) == 0 {
		rec.Path = unclassified
	}
	rec.Path = append([]string(nil), rec.Path...)
	rec.Unit = UnitFromName(rec.Title)
	if rec.Unit == "" && len(rec.Path) > 0 {
		rec.Unit = UnitFromName(rec.Path[len(rec.Path)-1])
	}
	generic.CleanRecord(&rec)
	return rec, nil
}

func nameOf(e *entry) string {
	if e == nil {
		return ""
	}
	return e.name
}

func nameTR(e *entry) string { return nameOf(e) }

func trOf(e *entry) string {
	if e == nil {
		return ""
	}
	return e.nameTR
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// appendDistinct adds name unless it is empty or says the same as the
// title or one already kept: the same letters and digits, ignoring case,
// spaces and punctuation ("non_residential" against "non-residential").
// A name that differs only in spelling adds no words to search, and kept
// as an alternative title it would count the row's words twice, ranking
// it above look-alikes whose vintages happen to agree.
func appendDistinct(alts []string, title, name string) []string {
	if name == "" || sameText(name, title) {
		return alts
	}
	for _, a := range alts {
		if sameText(a, name) {
			return alts
		}
	}
	return append(alts, name)
}

// sameText reports whether a and b hold the same letters and digits in the
// same order, ignoring case and everything else.
func sameText(a, b string) bool {
	return textKey(a) == textKey(b)
}

func textKey(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

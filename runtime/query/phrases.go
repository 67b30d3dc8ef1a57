package query

import (
	"sort"
	"strings"
)

// qtoken is one analysed word of a query or label.
type qtoken struct {
	raw   string // as written, symbols replaced ("US", "Türkiye", "TP.FG.J0")
	norm  string // folded, spelling-mapped, prefix-joined, plural-folded
	upper bool   // written in capitals
	code  bool   // a series code such as "TP.FG.J0": kept out of terms
}

// phraseKey is one phrase of a data file as analysed words.
type phraseKey struct {
	words []string
	caps  bool // the data wrote it in capitals: only capitals match
}

func (k phraseKey) String() string {
	s := strings.Join(k.words, " ")
	if k.caps {
		return strings.ToUpper(s)
	}
	return s
}

// phraseSet maps phrases (sequences of analysed words) to values and finds
// the longest phrase starting at a position of a token sequence.
type phraseSet[T any] struct {
	byFirst map[string][]*phraseEntry[T] // first word -> entries, longest first
	byKey   map[string]*phraseEntry[T]
}

type phraseEntry[T any] struct {
	key    phraseKey
	values []T
}

func newPhraseSet[T any]() *phraseSet[T] {
	return &phraseSet[T]{byFirst: map[string][]*phraseEntry[T]{}, byKey: map[string]*phraseEntry[T]{}}
}

// add records value v for phrase k; several values may share one phrase.
func (s *phraseSet[T]) add(k phraseKey, v T) {
	if len(k.words) == 0 {
		return
	}
	id := k.String()
	e := s.byKey[id]
	if e == nil {
		e = &phraseEntry[T]{key: k}
		s.byKey[id] = e
		first := k.words[0]
		list := append(s.byFirst[first], e)
		sort.SliceStable(list, func(i, j int) bool { return len(list[i].key.words) > len(list[j].key.words) })
		s.byFirst[first] = list
	}
	e.values = append(e.values, v)
}

// longestAt returns the longest phrase that starts at toks[i], with its
// length in tokens, or n == 0 when none does.
func (s *phraseSet[T]) longestAt(toks []qtoken, i int) (n int, values []T) {
	if toks[i].code {
		return 0, nil
	}
	for _, e := range s.byFirst[toks[i].norm] {
		if e.matchesAt(toks, i) {
			return len(e.key.words), e.values
		}
	}
	return 0, nil
}

func (e *phraseEntry[T]) matchesAt(toks []qtoken, i int) bool {
	if i+len(e.key.words) > len(toks) {
		return false
	}
	for k, w := range e.key.words {
		t := toks[i+k]
		if t.code || t.norm != w || e.key.caps && !t.upper {
			return false
		}
	}
	return true
}

// span is a matched phrase: tokens [start, end) and the values it carries.
type span[T any] struct {
	start, end int
	values     []T
}

// scan matches phrases left to right, longest first, without overlap.
func (s *phraseSet[T]) scan(toks []qtoken) []span[T] {
	var out []span[T]
	for i := 0; i < len(toks); {
		n, vals := s.longestAt(toks, i)
		if n == 0 {
			i++
			continue
		}
		out = append(out, span[T]{start: i, end: i + n, values: vals})
		i += n
	}
	return out
}

// contains reports whether any phrase of s occurs in toks.
func (s *phraseSet[T]) contains(toks []qtoken) bool {
	for i := range toks {
		if n, _ := s.longestAt(toks, i); n > 0 {
			return true
		}
	}
	return false
}

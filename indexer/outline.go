package indexer

import (
	"regexp"
	"slices"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// Outline parents: the part of a row's meaning that sits in another row.
//
// Many EVDS tables number their rows as an outline, and a row's own label
// says only what it adds to the row its number hangs under: in the
// balance of payments, "I_B.5.a.Credit" is the credit side of
// "I_B.5.Construction", "I_B.6.a.Credit" of "I_B.6.Insurance and pension
// services"; in the weekly consumer loans, "I.A.HOUSING" is the housing
// loans of "I. DEPOSIT MONEY BANKS". Neither the title nor the heading
// says "construction" or "deposit money banks", so no query finds them.
// outlineParents gives such a row its nearest outline ancestor's label
// (without the number) as one more alternative title: the ancestor is
// the row of the same heading whose number is the longest proper prefix
// of its own. Numbers met twice under one heading (a table restarting its
// numbering) are ambiguous and left alone.

// outlineNumber matches a title's leading outline number: segments such as
// "I", "III_2", "A", "ab", "10", each followed by a dot ("I_B.5.a.",
// "3.19.1. ", "I.A."), then the label.
var outlineNumber = regexp.MustCompile(`^((?:(?:[IVX]{1,4}|[A-Za-z]{1,2}|[0-9]{1,3})(?:_(?:[IVX]{1,4}|[A-Za-z]{1,2}|[0-9]{1,3}))?\.)+)\s*(\S.*)$`)

// splitOutline returns a title's outline number as segments and its
// label; nil segments when the title is not numbered.
func splitOutline(title string) (segs []string, label string) {
	m := outlineNumber.FindStringSubmatch(strings.TrimSpace(title))
	if m == nil {
		return nil, title
	}
	return strings.Split(strings.TrimSuffix(m[1], "."), "."), m[2]
}

// outlineParents appends to each record's alternative titles the label of
// its nearest outline ancestor under the same heading (headIDs[i] is
// record i's heading), and returns how many records got one.
func outlineParents(recs []catalogsrc.Record, headIDs []string) int {
	type key struct{ head, number string }
	label := map[key]string{}
	twice := map[key]bool{}
	segsOf := make([][]string, len(recs))
	for i := range recs {
		segs, l := splitOutline(recs[i].Title)
		if segs == nil {
			continue
		}
		segsOf[i] = segs
		k := key{headIDs[i], strings.Join(segs, ".")}
		if _, ok := label[k]; ok {
			twice[k] = true
		}
		label[k] = l
	}
	// How often each label recurs under its heading: only a label met
	// more than once ("Credit", "HOUSING") needs its parent to be told
	// apart; a label of its own ("General purpose machinery") already
	// says what the row is, and its parent's words would let it compete
	// with the parent for the parent's own question.
	seen := map[key]int{}
	labels := make([]string, len(recs))
	for i, segs := range segsOf {
		if segs != nil {
			_, l := splitOutline(recs[i].Title)
			labels[i] = strings.ToLower(strings.Join(strings.Fields(l), " "))
			seen[key{headIDs[i], labels[i]}]++
		}
	}
	added := 0
	for i, segs := range segsOf {
		if len(segs) < 2 || twice[key{headIDs[i], strings.Join(segs, ".")}] || seen[key{headIDs[i], labels[i]}] < 2 {
			continue
		}
		for n := len(segs) - 1; n >= 1; n-- {
			k := key{headIDs[i], strings.Join(segs[:n], ".")}
			l, ok := label[k]
			if !ok {
				continue
			}
			if !twice[k] {
				recs[i].AltTitles = append(slices.Clip(recs[i].AltTitles), l)
				added++
			}
			break
		}
	}
	return added
}

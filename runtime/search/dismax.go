package search

import (
	"cmp"
	"context"
	"slices"

	"github.com/sextant-dev/sextant/internal/textindex"
)

// The keyword score's field dis-max.
//
// The text query asks every query word in the title, alternative-title,
// heading and unit fields, and BM25 sums the clauses a row matches. A
// row that restates its words in every field then earns a word two or
// three times: FRED's "Life Expectancy at Birth, Total for Bermuda" has
// the words in its title and again in its heading ("… > Life Expectancy
// at Birth, Total"), WEO's rows in the title, the alternative title and
// the heading, while the World Bank's "Life expectancy at birth, total
// (years)" sits under "Health > Mortality" and earns them once. The sum
// measures how often a row repeats itself, not how well it answers.
//
// bleve's coordination factor then multiplies the sum by the share of
// clauses matched, so restating doubles a word's reward a second time.
//
// A word should count by the field that matches it best. After the text
// pass, each candidate's keyword score is computed again from the same
// postings and term weights the pass used: per query word (and per
// synonym expansion), the best field's clause score plus restatedShare of
// the others', summed over the words and times the share of words
// matched in any field. The candidates' keyword scores are scaled so the
// best is 1, as before. Which rows become candidates does not change;
// only their order. A candidate none of the words match in these fields
// (its text score came from elsewhere) keeps its score.

// restatedShare is the share of a word's score in its other matching
// fields that still counts besides its best field's: 0 is pure dis-max,
// 1 the plain sum. A little above 0 keeps a row that has the word in its
// title and heading ahead of one that has it in its title only, all else
// equal (measured in docs/ranking.md).
var restatedShare = 0.1

// scoreByBestField says whether the keyword score is the field dis-max
// (off: the text pass's summed score). On: it lifts retrieval, and end to
// end it is even once the analyst searches a series asked with no economy
// in the request's one (docs/evaluation.md, 2026-12-07 seventh session).
var scoreByBestField = true

// fieldDisMax scores the candidates in cs again by the field dis-max of
// the query's words (lex.words), the best scaled to 1. It needs the fields' postings in memory; without them the
// scores stay summed.
func (e *Engine) fieldDisMax(ctx context.Context, cs []*candidate, words [][]memClause) {
	if !scoreByBestField || e.memFields == nil || e.headField == nil || len(words) == 0 || e.rowDoc == nil {
		return
	}
	// Postings are read once, before the candidates are visited.
	lists := make([][][]*titlePostings, len(words))
	for i, w := range words {
		lists[i] = make([][]*titlePostings, len(w))
		for j, c := range w {
			if c.field == textindex.FieldHeading {
				continue
			}
			fp := e.memFields[c.field]
			if fp == nil {
				return
			}
			for _, t := range c.toks {
				p, err := fp.postings(ctx, t)
				if err != nil {
					return
				}
				lists[i][j] = append(lists[i][j], p)
			}
		}
	}
	// The candidates are visited in document order, each clause's
	// postings walked once by a cursor; a heading's clause scores are
	// computed once for all its rows.
	order := make([]*candidate, 0, len(cs))
	for _, c := range cs {
		if c.kw > 0 {
			order = append(order, c)
		}
	}
	slices.SortFunc(order, func(a, b *candidate) int { return cmp.Compare(e.rowDoc[a.row], e.rowDoc[b.row]) })
	at := make([][][]int, len(words))
	flat := 0 // heading clause scores are kept flat: one per clause of every word
	for i, w := range words {
		at[i] = make([][]int, len(w))
		for j := range w {
			at[i][j] = make([]int, len(lists[i][j]))
		}
		flat += len(w)
	}
	headScores := map[int32][]float64{}
	raw := make([]float64, len(order))
	var top float64
	for k, c := range order {
		doc := e.rowDoc[c.row]
		head := e.rowHead[c.row]
		hs, ok := headScores[head]
		if !ok {
			hs = make([]float64, 0, flat)
			for _, w := range words {
				for _, cl := range w {
					v := 0.0
					if cl.field == textindex.FieldHeading {
						v = e.headField.clauseScore(cl, head)
					}
					hs = append(hs, v)
				}
			}
			headScores[head] = hs
		}
		var score float64
		matched, n := 0, 0
		for i, w := range words {
			var wordSum, wordMax float64
			for j, cl := range w {
				v := hs[n]
				n++
				if cl.field != textindex.FieldHeading {
					v = postedScore(cl, lists[i][j], at[i][j], doc)
				}
				wordSum += v
				wordMax = max(wordMax, v)
			}
			if wordMax > 0 {
				matched++
				score += wordMax + restatedShare*(wordSum-wordMax)
			}
		}
		if matched > 0 {
			raw[k] = score * float64(matched) / float64(len(words))
			top = max(top, raw[k])
		}
	}
	if top == 0 {
		return
	}
	for k, c := range order {
		if raw[k] > 0 {
			c.kw = raw[k] / top
		}
	}
}

// postedScore is clause cl's score for document doc, from its tokens'
// postings in one field: bleve's term scores (boost·idf²·saturation)
// summed, times the share of tokens matched for a clause of any of them,
// 0 for a clause of all of them that misses one. at holds each list's
// cursor; documents must come in ascending order.
func postedScore(cl memClause, lists []*titlePostings, at []int, doc uint32) float64 {
	var s float64
	matched := 0
	for k, p := range lists {
		i := seek(p.docs, at[k], doc)
		at[k] = i
		if i == len(p.docs) || p.docs[i] != doc {
			continue
		}
		matched++
		s += cl.idf2[k] * p.sat[i]
	}
	switch {
	case matched == 0:
		return 0
	case cl.all && matched < len(lists):
		return 0
	case !cl.all:
		s *= float64(matched) / float64(len(lists))
	}
	return cl.boost * s
}

// clauseScore is clause cl's heading-field score for a row under heading
// h, as postedScore computes it for the other fields.
func (hf *headingField) clauseScore(cl memClause, h int32) float64 {
	if h < 0 {
		return 0
	}
	var s float64
	matched := 0
	for k, t := range cl.toks {
		ps := hf.postings[t]
		i, ok := slices.BinarySearchFunc(ps, h, func(p headTF, h int32) int { return int(p.head - h) })
		if !ok {
			continue
		}
		matched++
		s += cl.idf2[k] * hf.saturation(ps[i])
	}
	switch {
	case matched == 0:
		return 0
	case cl.all && matched < len(cl.toks):
		return 0
	case !cl.all:
		s *= float64(matched) / float64(len(cl.toks))
	}
	return cl.boost * s
}

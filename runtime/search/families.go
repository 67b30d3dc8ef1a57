package search

import (
	"strings"
	"sync"

	"github.com/sextant-dev/sextant/runtime/query"
)

// Family heads: a heading whose label is what the query asks for, once
// its acronyms are spelt out ("cpi" → "consumer price index", the label
// of FRED's heading of some 4,600 consumer price indices), is the family of
// the concept, and its headline rows (isHeadline: the total, the
// national row, the row named as the heading) are what a short query
// means. The text stage may never gather them: BM25 prefers short
// titles, and a heading of thousands of look-alikes gives the text pass
// its 64 shortest, not "Consumer Price Index for All Urban Consumers:
// All Items in U.S. City Average". So the heads of the families the
// query names are made candidates from catalog structure alone (heading
// labels and title marks), and the ranking decides among them as among
// any others.
const (
	familyMostHeadings = 16  // headings named by the query whose heads become candidates
	familyMostRows     = 256 // headline rows taken from one heading, in catalog order
	familyMinWeight    = 0.8 // expansions at least this safe name a family
)

// familyIndex maps a heading label's analysed words, joined by spaces,
// to the headings so labelled, and keeps each heading's children; built
// on the first query that needs it.
type familyIndex struct {
	once     sync.Once
	byName   map[string][]int32
	children [][]int32 // heading → its child headings
}

func (e *Engine) familyHeadings() map[string][]int32 {
	e.families.once.Do(func() {
		v := e.parser.Vocabulary()
		m := make(map[string][]int32)
		for h, hd := range e.cat.Headings {
			k := strings.Join(v.LabelTerms(hd.Label), " ")
			if k != "" {
				m[k] = append(m[k], int32(h))
			}
		}
		e.families.byName = m
		e.families.children = make([][]int32, len(e.cat.Headings))
		for h, p := range e.parent {
			if p >= 0 {
				e.families.children[p] = append(e.families.children[p], int32(h))
			}
		}
	})
	return e.families.byName
}

// familyPhrase is a phrase a query may name a family by, with how
// safely it stands for the query (1 for its own words, an expansion's
// weight).
type familyPhrase struct {
	words  string
	weight float64
}

// familyPhrases returns what query u may name a family by: its topic
// words, and the same with one phrase replaced by a safe expansion
// ("core pce" → "core personal consumption expenditures").
func familyPhrases(u query.Understanding) []familyPhrase {
	if len(u.TopicTerms) == 0 {
		return nil
	}
	base := u.TopicTerms
	out := []familyPhrase{{strings.Join(base, " "), 1}}
	for _, x := range u.Expansions {
		if x.Weight < familyMinWeight || len(x.Terms) == 0 {
			continue
		}
		from := strings.Fields(x.From)
		i := indexOfRun(base, from)
		if i < 0 {
			continue
		}
		words := append(append(append([]string(nil), base[:i]...), x.Terms...), base[i+len(from):]...)
		p := strings.Join(words, " ")
		dup := false
		for _, q := range out {
			dup = dup || q.words == p
		}
		if !dup {
			out = append(out, familyPhrase{p, x.Weight})
		}
	}
	return out
}

// indexOfRun returns where run starts in words, or -1.
func indexOfRun(words, run []string) int {
	if len(run) == 0 {
		return -1
	}
	for i := 0; i+len(run) <= len(words); i++ {
		ok := true
		for j, w := range run {
			if words[i+j] != w {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}

// addFamilyHeads makes candidates of the headline rows of the headings
// query u names by their label, each marked with the weight of the
// phrase that named it (candidate.family): such a row answers the query
// as its heading's label does, whatever its own title's length, and it
// scores (score) as a title match of familyTitleTrust of the best row's
// times that weight. The text pass may not have scored it at all: it
// leaves out expansions made of words in tens of thousands of titles
// ("consumer price index").
const familyTitleTrust = 0.8

func (e *Engine) addFamilyHeads(p *pool, u query.Understanding, keep func(int32) bool) {
	idx := e.familyHeadings()
	n := 0
	for _, ph := range familyPhrases(u) {
		for _, h := range idx[ph.words] {
			if n == familyMostHeadings {
				return
			}
			n++
			heads := e.familyHeadsOf(h, u, keep)
			if len(heads) == 0 {
				// A heading of families ("Producer Price Index" over
				// "… by Commodity" and "… by Industry"): the heads of
				// its child headings.
				for _, ch := range e.families.children[h] {
					heads = append(heads, e.familyHeadsOf(ch, u, keep)...)
				}
			}
			for _, r := range heads {
				c := p.get(r)
				c.family = max(c.family, ph.weight)
			}
		}
	}
}

// familyHeadsOf returns heading h's purest headline rows: of its
// headline rows (national ones unless the query names a level below the
// nation), those whose titles say fewest words beside the heading's
// label and their total phrases ("Industrial Production: Total Index",
// not "Industrial Production: Energy, Total", though both name a total),
// at most familyMostRows in catalog order.
func (e *Engine) familyHeadsOf(h int32, u query.Understanding, keep func(int32) bool) []int32 {
	v := e.parser.Vocabulary()
	label := map[string]bool{}
	for _, w := range v.LabelTerms(e.cat.Headings[h].Label) {
		label[w] = true
	}
	e.totalShare(h) // reads every row's marks once
	var out []int32
	fewest := -1
	for _, r := range e.headRows[h] {
		if !e.isHeadline(r) || keep != nil && !keep(r) {
			continue
		}
		if !u.WantsSubnational && len(u.States) == 0 && e.prepared(r).BelowNation() {
			continue
		}
		part, _ := v.PartTerms(e.cat.RowTitle(int(r)))
		extra := 0
		for _, w := range part {
			if !label[w] {
				extra++
			}
		}
		switch {
		case fewest < 0 || extra < fewest:
			fewest, out = extra, append(out[:0], r)
		case extra == fewest && len(out) < familyMostRows:
			out = append(out, r)
		}
	}
	return out
}

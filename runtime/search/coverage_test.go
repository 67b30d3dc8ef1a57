package search

import (
	"math"
	"testing"
)

// TestCoverageCountsTopicWordsAnswered checks a row's coverage: the share
// of the query's topic words its title, heading path or unit holds, a
// word counting when a synonym expansion of it is held whole.
func TestCoverageCountsTopicWordsAnswered(t *testing.T) {
	e := labourEngine(t)
	row := func(id string) int32 {
		for i := range e.cat.Rows {
			if e.cat.Rows[i].ID == id {
				return int32(i)
			}
		}
		t.Fatalf("no row %s", id)
		return -1
	}
	for _, c := range []struct {
		query, id string
		want      float64
	}{
		// every topic word in the title or the heading path
		{"consumer price index all urban consumers food", "fred:CPIUFDSL", 1},
		// "items" is not in the food row: 6 of 7 words
		{"consumer price index all urban consumers items", "fred:CPIUFDSL", 6.0 / 7},
		// "housing" is in neither the food row nor its heading
		{"housing prices", "fred:CPIUFDSL", 1.0 / 2},
		// "jobless" is answered through its expansion "unemployment"
		{"jobless rate", "evds:TP.TIG08", 1},
		// the heading path answers words the title lacks ("0.GENERAL")
		{"consumer price index general", "evds:TP.FG.J0", 1},
		{"producer price index mining", "evds:TP.FG.J0", 2.0 / 4},
		// outline numbering taken apart: "B.MINING AND QUARRYING"
		{"producer price index mining", "evds:TP.TUFE1YI.T2", 1},
	} {
		u := e.parser.Parse(c.query)
		if got := e.coverage(u, row(c.id)); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%q on %s: coverage %.3f, want %.3f (topic words %v)", c.query, c.id, got, c.want, u.TopicTerms)
		}
	}
}

// TestCoverageLiftsTheRowAnsweringEveryWord checks the second stage: with
// coverage on, the row holding every topic word ranks above a sibling
// holding fewer, and switching the signal off leaves the scores of the
// other signals alone.
func TestCoverageLiftsTheRowAnsweringEveryWord(t *testing.T) {
	e := labourEngine(t)
	q := "consumer price index all urban consumers all items"
	on := flatten(search(t, e, Request{Query: q, Mode: Keyword}))
	if len(on) == 0 || on[0] != "fred:CPIAUCSL" {
		t.Fatalf("coverage on: top %v, want fred:CPIAUCSL first", on[:min(3, len(on))])
	}
	off := WithWeights(e, e.w, Signals{Coverage: true})
	if off.active(Keyword).Coverage {
		t.Fatal("coverage still active when disabled")
	}
}

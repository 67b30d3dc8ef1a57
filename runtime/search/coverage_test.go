package search

import (
	"math"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/query"
)

// TestCoverageCountsTopicWordsAnswered checks a row's coverage: the share
// of the query's topic words its title, heading path or unit holds, a
// word counting when a synonym expansion of it is held whole.
func TestCoverageCountsTopicWordsAnswered(t *testing.T) {
	e := labourEngine(t)
	row := func(id string) int32 { return rowOf(t, e, id) }
	for _, c := range []struct {
		query, id string
		want      float64
	}{
		// every topic word in the title or the heading path
		{"consumer price index all urban consumers food", "fred:CPIUFDSL", 1},
		// "items" is not in the food row: 5 of 6 words ("consumer"
		// and "consumers" are one word, counted once)
		{"consumer price index all urban consumers items", "fred:CPIUFDSL", 5.0 / 6},
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

// TestCoverageStageAddsToScores checks the second stage: each returned
// hit's score holds Weights.Coverage times its coverage (1 for the row
// answering every topic word, 5/6 for a sibling lacking "items"), and
// with the signal switched off the same hits score exactly that much
// less.
func TestCoverageStageAddsToScores(t *testing.T) {
	e := labourEngine(t)
	req := Request{Query: "consumer price index all urban consumers items", Mode: Keyword, Explain: true}
	hits := func(e *Engine) map[string]Hit {
		out := map[string]Hit{}
		for _, g := range search(t, e, req).Groups {
			for _, h := range g.Hits {
				out[h.ID] = h
			}
		}
		return out
	}
	on := hits(e)
	w := e.w.Coverage
	if w <= 0 {
		t.Fatalf("coverage weight %v: the stage is off by default", w)
	}
	for id, want := range map[string]float64{"fred:CPIAUCSL": w, "fred:CPIUFDSL": w * 5 / 6} {
		h, ok := on[id]
		if !ok || math.Abs(h.Explain.Coverage-want) > 1e-9 {
			t.Errorf("%s: coverage %v (found %v), want %v", id, h.Explain, ok, want)
		}
	}
	off := WithWeights(e, e.w, Signals{Coverage: true})
	if off.active(Keyword).Coverage {
		t.Fatal("coverage still active when disabled")
	}
	for id, h := range hits(off) {
		if h.Explain.Coverage != 0 {
			t.Errorf("%s: coverage %v with the signal off", id, h.Explain.Coverage)
		}
		if o, ok := on[id]; ok && math.Abs(o.Score-o.Explain.Coverage-h.Score) > 1e-9 {
			t.Errorf("%s: score %v with coverage %v, %v without", id, o.Score, o.Explain.Coverage, h.Score)
		}
	}
}

// TestCoverageUnitUnknownIsNotMissing: a row whose catalog gives no unit
// answers an exclusive unit the query names ("index"); a row whose unit
// is another does not, and "rate" (said of rates and their series alike)
// is never taken for granted.
func TestCoverageUnitUnknownIsNotMissing(t *testing.T) {
	f := &fixture{}
	ip := []string{"fred", "Industrial Production"}
	f.add(bundle.SeriesRow{NativeID: "IPMAN", Title: "Industrial Production: Manufacturing (NAICS)", Country: "USA", Frequency: "M", SeasonalAdjustment: "SA", Start: "1972-01-01", End: "2022-11-01"}, ip...)
	f.add(bundle.SeriesRow{NativeID: "IPMANPCT", Title: "Industrial Production: Manufacturing (NAICS)", Unit: "Percent", Country: "USA", Frequency: "M", SeasonalAdjustment: "SA", Start: "1972-01-01", End: "2022-11-01"}, ip...)
	e := newEngine(t, f, true, Options{})
	for _, c := range []struct {
		query, id string
		want      float64
	}{
		{"industrial production index manufacturing", "fred:IPMAN", 1},
		{"industrial production index manufacturing", "fred:IPMANPCT", 3.0 / 4},
		{"manufacturing production rate", "fred:IPMAN", 2.0 / 3},
	} {
		u := e.parser.Parse(c.query)
		if got := e.coverage(u, rowOf(t, e, c.id)); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%q on %s: coverage %.3f, want %.3f", c.query, c.id, got, c.want)
		}
	}
}

// TestNarrowingExpansionAnswersNoMissingWord checks that an expansion
// made only of its phrase's own words ("gold reserves" → "gold") does not
// answer the words it leaves out, while a rewording ("jobless rate" →
// "unemployment rate") still answers its phrase's words.
func TestNarrowingExpansionAnswersNoMissingWord(t *testing.T) {
	xs := []query.Expansion{
		{From: "gold reserve", Terms: []string{"gold"}, Weight: 0.7},
		{From: "jobless rate", Terms: []string{"unemployment", "rate"}, Weight: 1},
	}
	row := map[string]bool{"gold": true, "coin": true, "unemployment": true, "rate": true}
	has := func(w string) bool { return row[w] }
	for _, c := range []struct {
		word string
		want bool
	}{
		{"reserve", false}, // only "gold" is held: the reserves are not
		{"jobless", true},  // "unemployment rate" is held whole
	} {
		if got := expandedIn(xs, c.word, has, has, query.Default().Vocabulary()); got != c.want {
			t.Errorf("%q answered through an expansion: %v, want %v", c.word, got, c.want)
		}
	}
	if !narrows(xs[0]) || narrows(xs[1]) {
		t.Errorf("narrows: %v, %v; want true, false", narrows(xs[0]), narrows(xs[1]))
	}
}

// TestCoverageExcludedWordsAnswerNoAsk checks that a word a row names
// only in what it leaves out ("CPI excluding alcoholic beverages and
// tobacco") does not answer a query asking for that thing, and does answer
// one that leaves it out too, in its own words or through an expansion.
func TestCoverageExcludedWordsAnswerNoAsk(t *testing.T) {
	f := &fixture{}
	cpi := []string{"evds", "Consumer Price Index"}
	f.add(bundle.SeriesRow{NativeID: "TP.FE.OKTG27", Title: "E_ CPI excluding alcoholic beverages and tobacco", Country: "TUR", Frequency: "M", Start: "2003-01-01", End: "2025-08-01"}, cpi...)
	f.add(bundle.SeriesRow{NativeID: "TP.FG.J02", Title: "02.ALCOHOLIC BEVERAGES AND TOBACCO", Country: "TUR", Frequency: "M", Start: "2003-01-01", End: "2025-08-01"}, cpi...)
	f.add(bundle.SeriesRow{NativeID: "CPILFESL", Title: "Consumer Price Index for All Urban Consumers: All Items Less Food and Energy in U.S. City Average", Country: "USA", Frequency: "M", Start: "1957-01-01", End: "2022-11-01"}, "fred", "Consumer Price Index")
	e := newEngine(t, f, true, Options{})
	for _, c := range []struct {
		query, id string
		want      float64
	}{
		{"CPI alcoholic beverages and tobacco", "evds:TP.FE.OKTG27", 1.0 / 4},
		{"CPI alcoholic beverages and tobacco", "evds:TP.FG.J02", 1},
		{"CPI excluding alcoholic beverages and tobacco", "evds:TP.FE.OKTG27", 1},
		{"food and energy prices", "fred:CPILFESL", 1.0 / 3},
		// "core inflation" expands to "less food and energy", which leaves out too
		{"core inflation", "fred:CPILFESL", 1},
		// words after the clause's end ("in") are the row's own
		{"consumer price index city average", "fred:CPILFESL", 1},
	} {
		u := e.parser.Parse(c.query)
		if got := e.coverage(u, rowOf(t, e, c.id)); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%q on %s: coverage %.3f, want %.3f (topic words %v, excluded %v)", c.query, c.id, got, c.want, u.TopicTerms, u.ExcludedTerms)
		}
	}
}

// TestExpansionAnswersOnlyWithWordsTheRowSays checks that an expansion is
// found in a row only through words the row says outright, unless the
// expansion itself leaves something out ("excluding food and energy").
func TestExpansionAnswersOnlyWithWordsTheRowSays(t *testing.T) {
	voc := query.Default().Vocabulary()
	row := map[string]bool{"excluding": true, "food": true, "energy": true, "unemployment": true, "rate": true}
	said := map[string]bool{"excluding": true, "rate": true} // food, energy, unemployment only in what the row leaves out
	has := func(w string) bool { return row[w] }
	says := func(w string) bool { return said[w] }
	xs := []query.Expansion{
		{From: "jobless rate", Terms: []string{"unemployment", "rate"}, Weight: 1},
		{From: "core inflation", Terms: []string{"excluding", "food", "energy"}, Weight: 0.8},
	}
	if expandedIn(xs, "jobless", has, says, voc) {
		t.Error("jobless answered through words the row names only in what it leaves out")
	}
	if !expandedIn(xs, "core", has, says, voc) {
		t.Error("core not answered through an expansion that leaves out the same things as the row")
	}
}

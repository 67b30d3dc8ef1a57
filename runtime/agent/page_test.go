package agent

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/search"
)

func rankedIDs(n int) []candidate {
	out := make([]candidate, n)
	for i := range out {
		out[i] = candidate{ID: fmt.Sprintf("r%02d", i)}
	}
	return out
}

func TestPageTakesTheBestUnseenRowsAndCountsTheSkippedOnes(t *testing.T) {
	ranked := rankedIDs(12)
	seen := map[string]bool{"r00": true, "r01": true, "r03": true, "r06": true, "r11": true}
	p := pageOf(ranked, 4, seen)
	if got := idsOf(p.fresh); !slices.Equal(got, []string{"r02", "r04", "r05", "r07"}) {
		t.Errorf("fresh = %v", got)
	}
	// Seen rows ranked above the last fresh row are counted; r11, below it, is not.
	if got := idsOf(p.again); !slices.Equal(got, []string{"r00", "r01", "r03", "r06"}) {
		t.Errorf("again = %v", got)
	}
	if p.short {
		t.Error("a full page reported short")
	}
	// The ranking runs out: every seen row fetched is counted.
	p = pageOf(ranked, 10, seen)
	if len(p.fresh) != 7 || len(p.again) != 5 || !p.short {
		t.Errorf("exhausted ranking: %d fresh, %d again, short %v; want 7, 5, true", len(p.fresh), len(p.again), p.short)
	}
	// Without a seen set (the naive policy) every row is listed.
	p = pageOf(ranked, 12, nil)
	if len(p.fresh) != 12 || len(p.again) != 0 {
		t.Errorf("no seen set: %d fresh, %d again", len(p.fresh), len(p.again))
	}
}

func TestFetchLimitCoversEveryShownRowUpToTheCap(t *testing.T) {
	for _, c := range []struct{ page, shown, want int }{
		{20, 0, 20}, {20, 35, 55}, {50, 358_000, MaxSearchFetch}, {DefaultSearchRows, MaxSearchFetch, MaxSearchFetch},
	} {
		if got := fetchLimit(c.page, c.shown); got != c.want {
			t.Errorf("fetchLimit(%d, %d) = %d, want %d", c.page, c.shown, got, c.want)
		}
	}
	if MaxSearchFetch > search.MaxLimit {
		t.Errorf("MaxSearchFetch %d exceeds what the search engine returns (%d)", MaxSearchFetch, search.MaxLimit)
	}
}

func TestRankedCandidatesFollowHitScoresAcrossGroups(t *testing.T) {
	res := search.Result{Groups: []search.Group{
		{HeadingPath: []string{"A"}, Hits: []search.Hit{{ID: "a1", Score: 9}, {ID: "a2", Score: 3}}},
		{HeadingPath: []string{"B"}, Hits: []search.Hit{{ID: "b1", Score: 5}, {ID: "b2", Score: 3}}},
	}}
	if got := idsOf(rankedCandidates(res)); !slices.Equal(got, []string{"a1", "b1", "a2", "b2"}) {
		t.Errorf("ranked = %v", got)
	}
}

func TestNoteSearchPutsNewRowsThenRematchedRowsFirstAndKeepsEveryRow(t *testing.T) {
	tn := &turn{}
	tn.noteSearch(rankedIDs(5), nil) // r00..r04
	tn.noteSearch([]candidate{{ID: "n1"}, {ID: "n2"}}, []candidate{{ID: "r03"}, {ID: "r01"}})
	want := []string{"n1", "n2", "r03", "r01", "r00", "r02", "r04"}
	if got := idsOf(tn.shortlist); !slices.Equal(got, want) {
		t.Errorf("shortlist = %v, want %v", got, want)
	}
}

// A page whose every new row was cut to fit the window says that rows
// matched and did not fit, never that none matched.
func TestAPageCutToNothingSaysRowsDidNotFit(t *testing.T) {
	req := search.Request{Query: "treasury spread"}
	p := searchPage{cut: 5}
	full, compact := renderSearchPage(req, 9857, p, true)
	for _, text := range []string{full, compact} {
		if strings.Contains(text, "no rows matched") || !strings.Contains(text, "9857 rows matched, but not one new row fits") {
			t.Errorf("cut page: %q", text)
		}
	}
	if full, _ := renderSearchPage(req, 0, searchPage{}, true); !strings.Contains(full, "no rows matched") {
		t.Errorf("empty page: %q", full)
	}
}

// A row line says the span of the observations held when it is not the
// coverage the source states, to the month.
func TestRowLineSaysWhatIsObserved(t *testing.T) {
	c := candidate{ID: "evds:TP.FG.J0", Title: "0.GENERAL", Frequency: "M", Start: "2003-01-01", End: "2025-08-01",
		HasData: true, ObsStart: "2020-01-01", ObsEnd: "2025-10-01"}
	if got := c.lineFull(); !strings.HasSuffix(got, " | data: yes | observed: 2020-01-01..2025-10-01") {
		t.Errorf("line %q does not say what is observed", got)
	}
	c.ObsStart, c.ObsEnd = "2003-01-15", "2025-08-01"
	if got := c.lineFull(); strings.Contains(got, "observed") {
		t.Errorf("line %q restates the coverage", got)
	}
	c.HasData, c.ObsStart, c.ObsEnd = false, "", ""
	if got := c.lineFull(); !strings.HasSuffix(got, " | data: no") {
		t.Errorf("line %q", got)
	}
}

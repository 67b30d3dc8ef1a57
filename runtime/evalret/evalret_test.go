package evalret

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/search"
)

// fakeSearcher answers each query with a prepared ranking: a list of
// groups, each a list of namespaced hit ids.
type fakeSearcher struct {
	answers map[string][][]string
	fail    map[string]bool
	asked   []search.Request
}

func (f *fakeSearcher) Search(ctx context.Context, req search.Request) (search.Result, error) {
	f.asked = append(f.asked, req)
	if f.fail[req.Query] {
		return search.Result{}, errors.New("index unavailable")
	}
	var res search.Result
	for gi, g := range f.answers[req.Query] {
		grp := search.Group{HeadingID: string(rune('a' + gi))}
		for _, id := range g {
			_, native := SplitID(id)
			grp.Hits = append(grp.Hits, search.Hit{ID: id, NativeID: native})
		}
		res.Groups = append(res.Groups, grp)
	}
	return res, nil
}

// ids returns n filler hit ids.
func ids(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = prefix + string(rune('A'+i%26)) + strings.Repeat("x", i/26)
	}
	return out
}

func TestRunMetricsOnKnownRankings(t *testing.T) {
	// Five questions whose gold ranks are known by construction:
	// q1 rank 1 (group 1), q2 rank 3 (group 2), q3 rank 7 (group 3),
	// q4 rank 25 (beyond 20), q5 not returned.
	fs := &fakeSearcher{answers: map[string][][]string{
		"q1": {{"evds:G1", "evds:X1"}},
		"q2": {{"fred:A", "fred:B"}, {"fred:G2"}},
		"q3": {{"wdi:A", "wdi:B"}, {"wdi:C", "wdi:D"}, {"wdi:E", "wdi:F", "wdi:G3"}},
		"q4": {ids("fred:F", 24), {"fred:G4"}},
		"q5": {{"fred:A"}},
	}}
	qs := []Question{
		{Question: "q1", Source: "evds", GoldIDs: []string{"G1"}},
		{Question: "q2", Source: "fred", GoldIDs: []string{"NOPE", "G2"}},
		{Question: "q3", Source: "wdi", GoldIDs: []string{"G3"}},
		{Question: "q4", Source: "fred", GoldIDs: []string{"G4"}},
		{Question: "q5", Source: "fred", GoldIDs: []string{"G5"}},
	}
	rep, err := Run(context.Background(), fs, qs, Options{Limit: 30})
	if err != nil {
		t.Fatal(err)
	}
	wantRanks := []int{1, 3, 7, 25, 0}
	wantHeads := []int{1, 2, 3, 2, 0}
	for i, q := range rep.Questions {
		if q.Rank != wantRanks[i] || q.HeadingRank != wantHeads[i] {
			t.Errorf("%s: rank %d heading %d; want %d, %d", q.Question, q.Rank, q.HeadingRank, wantRanks[i], wantHeads[i])
		}
	}
	check := func(name string, got, want float64) {
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("%s = %v; want %v", name, got, want)
		}
	}
	check("R@1", rep.RecallAt1, 1.0/5)
	check("R@5", rep.RecallAt5, 2.0/5)
	check("R@20", rep.RecallAt20, 3.0/5)
	check("MRR", rep.MRR, (1+1.0/3+1.0/7+1.0/25)/5)
	check("HR@5", rep.HeadingRecallAt5, 4.0/5)
	if rep.N != 5 || rep.InCatalog != 5 {
		t.Errorf("n=%d in_catalog=%d; want 5, 5", rep.N, rep.InCatalog)
	}
	if fs.asked[0].Limit != 30 {
		t.Errorf("limit passed %d; want 30", fs.asked[0].Limit)
	}
}

func TestGoldFromAnotherSourceDoesNotCount(t *testing.T) {
	// A hit whose namespace differs from the question's source must not
	// count, even when its native id equals a gold id.
	res := search.Result{Groups: []search.Group{
		{Hits: []search.Hit{{ID: "fred:M.TR", NativeID: "M.TR"}}},
		{Hits: []search.Hit{{ID: "bis:M.TR", NativeID: "M.TR"}}},
	}}
	rank, head, _ := Ranks(res, "bis", []string{"M.TR"})
	if rank != 2 || head != 2 {
		t.Errorf("rank %d head %d; want 2, 2", rank, head)
	}
}

func TestRepeatedHitCountedOnce(t *testing.T) {
	res := search.Result{Groups: []search.Group{
		{Hits: []search.Hit{{ID: "evds:A"}, {ID: "evds:B"}}},
		{Hits: []search.Hit{{ID: "evds:A"}, {ID: "evds:G"}}},
	}}
	if rank, head, _ := Ranks(res, "evds", []string{"G"}); rank != 3 || head != 2 {
		t.Errorf("rank %d head %d; want 3, 2", rank, head)
	}
}

func TestWEONativeIDWithSeparators(t *testing.T) {
	id := "WEOApr2024|Türkiye|Gross domestic product, current prices|U.S. dollars"
	src, native := SplitID("weo:" + id)
	if src != "weo" || native != id {
		t.Fatalf("SplitID = %q, %q", src, native)
	}
	// A hit without NativeID is mapped back through its namespaced id.
	res := search.Result{Groups: []search.Group{{Hits: []search.Hit{{ID: "weo:" + id}}}}}
	if rank, _, _ := Ranks(res, "weo", []string{id}); rank != 1 {
		t.Errorf("rank %d; want 1", rank)
	}
}

func TestInCatalogAndErrors(t *testing.T) {
	fs := &fakeSearcher{
		answers: map[string][][]string{"a": {{"evds:X"}}},
		fail:    map[string]bool{"b": true},
	}
	qs := []Question{
		{Question: "a", Source: "evds", GoldIDs: []string{"X"}},
		{Question: "b", Source: "evds", GoldIDs: []string{"MISSING"}},
	}
	has := func(source, id string) bool { return source == "evds" && id == "X" }
	rep, err := Run(context.Background(), fs, qs, Options{HasNativeID: has})
	if err != nil {
		t.Fatal(err)
	}
	if rep.InCatalog != 1 || !rep.Questions[0].InCatalog || rep.Questions[1].InCatalog {
		t.Errorf("in_catalog %d (%v, %v); want 1 (true, false)", rep.InCatalog, rep.Questions[0].InCatalog, rep.Questions[1].InCatalog)
	}
	if rep.Errors != 1 || rep.Questions[1].Error == "" || rep.Questions[1].Rank != 0 {
		t.Errorf("errors %d, question error %q; want the failure recorded", rep.Errors, rep.Questions[1].Error)
	}
	if rep.RecallAt1 != 0.5 {
		t.Errorf("R@1 %v; want 0.5 (a failed question counts as a miss)", rep.RecallAt1)
	}
	if fs.asked[0].Limit != 20 {
		t.Errorf("default limit %d; want 20", fs.asked[0].Limit)
	}
}

func TestCancelledRunStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, &fakeSearcher{}, []Question{{Question: "a", Source: "x", GoldIDs: []string{"y"}}}, Options{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err %v; want context.Canceled", err)
	}
}

func TestReportJSONFieldNames(t *testing.T) {
	b, err := json.Marshal(Report{Questions: []QuestionResult{{Question: "q", Gold: []string{"g"}, Rank: 2, HeadingRank: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"n", "in_catalog", "recall_at_1", "recall_at_5", "recall_at_20", "mrr", "heading_recall_at_5", "gold_heading_at_5", "questions"} {
		if _, ok := m[k]; !ok {
			t.Errorf("report JSON lacks %q: %s", k, b)
		}
	}
	q := m["questions"].([]any)[0].(map[string]any)
	for _, k := range []string{"question", "gold", "rank", "heading_rank"} {
		if _, ok := q[k]; !ok {
			t.Errorf("question JSON lacks %q", k)
		}
	}
}

func TestDecodeQuestionsErrorsNameLineAndField(t *testing.T) {
	in := `{"question": "ok", "source": "evds", "gold_ids": ["A"], "id_field": "x", "notes": ""}

{"question": "no gold", "source": "evds", "gold_ids": []}
`
	_, err := DecodeQuestions(strings.NewReader(in), "q.jsonl")
	if !errors.Is(err, ErrBadQuestion) || !strings.Contains(err.Error(), "q.jsonl:3") || !strings.Contains(err.Error(), "gold_ids") {
		t.Errorf("err %v; want ErrBadQuestion naming q.jsonl:3 and gold_ids", err)
	}
	_, err = DecodeQuestions(strings.NewReader(`{"question": "x", "source": "a", "gold_ids": ["b"], "extra": 1}`), "q.jsonl")
	if !errors.Is(err, ErrBadQuestion) || !strings.Contains(err.Error(), "extra") {
		t.Errorf("unknown field: err %v", err)
	}
	qs, err := DecodeQuestions(strings.NewReader(strings.SplitN(in, "\n", 2)[0]), "q.jsonl")
	if err != nil || len(qs) != 1 || qs[0].GoldIDs[0] != "A" {
		t.Errorf("good line: %v, %v", qs, err)
	}
}

func TestWriteTextShowsMissesWithTopHits(t *testing.T) {
	rep := Report{Questions: []QuestionResult{
		{Question: "found", Source: "evds", Gold: []string{"A"}, InCatalog: true, Rank: 1, HeadingRank: 1, Top: []string{"evds:A"}},
		{Question: "missed", Source: "fred", Gold: []string{"B"}, InCatalog: false, Top: []string{"fred:Z"}},
	}}
	rep.summarise()
	var buf bytes.Buffer
	if err := WriteText(&buf, rep); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"n=2", "R@1=0.500", "gold B; top fred:Z", "! rank –"} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "gold A") {
		t.Errorf("a question found at rank 1 should not list its hits:\n%s", out)
	}
}

func TestRanksFollowScoreOrder(t *testing.T) {
	// A big first group (its heading matched well) holds rows scoring
	// below the second group's best: the gold row, best of group 2, is
	// ranked where the agent is shown it, second, not fourth.
	res := search.Result{Groups: []search.Group{
		{Hits: []search.Hit{{ID: "fred:A", Score: 3}, {ID: "fred:B", Score: 1.5}, {ID: "fred:C", Score: 1}}},
		{Hits: []search.Hit{{ID: "fred:G", Score: 2}}},
	}}
	rank, head, top := Ranks(res, "fred", []string{"G"})
	if rank != 2 || head != 2 {
		t.Errorf("rank %d head %d; want 2, 2", rank, head)
	}
	if want := []string{"fred:A", "fred:G", "fred:B", "fred:C"}; !slices.Equal(top, want) {
		t.Errorf("top %v; want %v", top, want)
	}
}

func TestSummaryBySource(t *testing.T) {
	fs := &fakeSearcher{answers: map[string][][]string{
		"a": {{"evds:X"}},
		"b": {{"evds:O", "evds:P"}, {"evds:Y"}},
		"c": {{"fred:Z"}},
	}}
	qs := []Question{
		{Question: "a", Source: "evds", GoldIDs: []string{"X"}}, // rank 1
		{Question: "b", Source: "evds", GoldIDs: []string{"Y"}}, // rank 3, heading 2
		{Question: "c", Source: "fred", GoldIDs: []string{"W"}}, // missed
	}
	rep, err := Run(context.Background(), fs, qs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]SourceSummary{
		"evds": {N: 2, RecallAt1: 0.5, RecallAt5: 1, RecallAt20: 1, HeadingRecallAt5: 1},
		"fred": {N: 1},
	}
	if len(rep.BySource) != len(want) {
		t.Fatalf("by source %+v; want %+v", rep.BySource, want)
	}
	for k, w := range want {
		if got := rep.BySource[k]; got != w {
			t.Errorf("%s: %+v; want %+v", k, got, w)
		}
	}
	var b bytes.Buffer
	if err := WriteText(&b, rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "evds      n=2   R@1=0.500 R@5=1.000") {
		t.Errorf("text lacks the evds line:\n%s", b.String())
	}
}

func TestSummaryBySet(t *testing.T) {
	fs := &fakeSearcher{answers: map[string][][]string{
		"a": {{"evds:X"}},
		"b": {{"evds:O", "evds:P"}, {"evds:Y"}},
		"c": {{"fred:Z"}},
	}}
	qs := []Question{
		{Question: "a", Source: "evds", GoldIDs: []string{"X"}, Set: "one"}, // rank 1
		{Question: "b", Source: "evds", GoldIDs: []string{"Y"}, Set: "two"}, // rank 3, heading 2
		{Question: "c", Source: "fred", GoldIDs: []string{"W"}, Set: "two"}, // missed
	}
	rep, err := Run(context.Background(), fs, qs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]SourceSummary{
		"one": {N: 1, RecallAt1: 1, RecallAt5: 1, RecallAt20: 1, HeadingRecallAt5: 1},
		"two": {N: 2, RecallAt5: 0.5, RecallAt20: 0.5, HeadingRecallAt5: 0.5},
	}
	if len(rep.BySet) != len(want) {
		t.Fatalf("by set %+v; want %+v", rep.BySet, want)
	}
	for k, w := range want {
		if got := rep.BySet[k]; got != w {
			t.Errorf("%s: %+v; want %+v", k, got, w)
		}
	}
	// The pool's figures are over all three questions.
	if rep.N != 3 || rep.RecallAt5 != 2.0/3 || rep.MRR != (1+1.0/3)/3 {
		t.Errorf("pool n=%d R@5=%v MRR=%v; want 3, 2/3, 4/9", rep.N, rep.RecallAt5, rep.MRR)
	}
	if rep.Questions[1].Set != "two" {
		t.Errorf("question 2 set %q; want two", rep.Questions[1].Set)
	}
	// One file: no per-set figures.
	for i := range qs {
		qs[i].Set = "one"
	}
	if rep, err = Run(context.Background(), fs, qs, Options{}); err != nil || rep.BySet != nil {
		t.Errorf("one set: by set %+v (err %v); want none", rep.BySet, err)
	}
}

func TestGoldHeadingCountsAGroupThatDoesNotShowTheGoldRow(t *testing.T) {
	// Groups are headed "a", "b", "c", ... in order (fakeSearcher). The
	// gold row G sits under heading "c": the third group shows only a
	// sibling, so the strict heading rank finds nothing while the gold
	// heading's group is third. A gold row outside the catalog (no
	// heading) and an unknown heading count for nothing, unless a group
	// shows the gold row itself.
	fs := &fakeSearcher{answers: map[string][][]string{
		"sibling": {{"evds:A"}, {"evds:B"}, {"evds:S"}},
		"shown":   {{"evds:A"}, {"evds:G"}},
		"beyond":  {{"evds:A"}, {"evds:B"}, {"evds:C"}, {"evds:D"}, {"evds:E"}, {"evds:F"}},
		"none":    {{"evds:A"}},
		"loose":   {{"evds:A"}, {"evds:L"}},
	}}
	heads := map[string]string{"G": "c", "H": "b", "K": "f"}
	headingOf := func(source, native string) string {
		if source != "evds" {
			return ""
		}
		return heads[native]
	}
	qs := []Question{
		{Question: "sibling", Source: "evds", GoldIDs: []string{"G"}},
		{Question: "shown", Source: "evds", GoldIDs: []string{"MISSING", "H"}},
		{Question: "beyond", Source: "evds", GoldIDs: []string{"K"}},
		{Question: "none", Source: "evds", GoldIDs: []string{"MISSING"}},
		{Question: "loose", Source: "evds", GoldIDs: []string{"L"}}, // shown, no heading known
	}
	rep, err := Run(context.Background(), fs, qs, Options{HeadingOf: headingOf})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ strict, gold int }{{0, 3}, {0, 2}, {0, 6}, {0, 0}, {2, 2}}
	for i, q := range rep.Questions {
		if q.HeadingRank != want[i].strict || q.GoldHeadingRank != want[i].gold {
			t.Errorf("%s: heading rank %d, gold heading rank %d; want %d, %d", q.Question, q.HeadingRank, q.GoldHeadingRank, want[i].strict, want[i].gold)
		}
	}
	if math.Abs(rep.HeadingRecallAt5-1.0/5) > 1e-12 || math.Abs(rep.GoldHeadingAt5-3.0/5) > 1e-12 {
		t.Errorf("HR@5 %v, GH@5 %v; want 0.2, 0.6", rep.HeadingRecallAt5, rep.GoldHeadingAt5)
	}
	if rep.BySource["evds"].GoldHeadingAt5 != rep.GoldHeadingAt5 {
		t.Errorf("per-source GH@5 %v; want %v", rep.BySource["evds"].GoldHeadingAt5, rep.GoldHeadingAt5)
	}
}

// A gold id may name its own source: a question about Türkiye's policy
// rate, sourced to EVDS, also accepts BIS's row.
func TestGoldIDsNamingTheirSource(t *testing.T) {
	res := search.Result{Groups: []search.Group{
		{Hits: []search.Hit{{ID: "evds:TP.X", Score: 3}}},
		{Hits: []search.Hit{{ID: "bis:M.TR", Score: 2}}},
	}}
	if rank, _, _ := Ranks(res, "evds", []string{"bis:M.TR"}); rank != 2 {
		t.Errorf("bis:M.TR ranked %d, want 2", rank)
	}
	if rank, _, _ := Ranks(res, "evds", []string{"M.TR"}); rank != 0 {
		t.Errorf("a bare gold id matched another source's row (rank %d)", rank)
	}
	var asked []string
	rep, err := Run(context.Background(), &fakeSearcher{answers: map[string][][]string{"q": {{"bis:M.TR"}}}},
		[]Question{{Question: "q", Source: "evds", GoldIDs: []string{"bis:M.TR"}}},
		Options{HasNativeID: func(src, id string) bool { asked = append(asked, src+"|"+id); return src == "bis" }})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Questions[0].InCatalog || rep.RecallAt1 != 1 || !slices.Equal(asked, []string{"bis|M.TR"}) {
		t.Errorf("in catalog %v, R@1 %v, looked up %v", rep.Questions[0].InCatalog, rep.RecallAt1, asked)
	}
}

package search

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sextant-dev/sextant/bundle"
)

// labourFixture is a small catalog whose right answers are known by
// construction: one FRED heading of six near-duplicate unemployment rates
// that differ only by country (and one by frequency), CBRT price indices
// whose rows are bare labels ("0.GENERAL") that only their heading
// explains, a current and an archived CBRT unemployment rate, and a few
// unrelated rows.
func labourFixture() *fixture {
	f := &fixture{}
	intl := []string{"fred", "International Labor", "Unemployment Rate"}
	for _, c := range []struct{ name, iso3, freq string }{
		{"Turkey", "TUR", "M"}, {"Germany", "DEU", "Q"}, {"France", "FRA", "M"},
		{"Japan", "JPN", "M"}, {"Canada", "CAN", "M"}, {"Mexico", "MEX", "M"},
	} {
		f.add(bundle.SeriesRow{NativeID: "UR" + c.iso3, Title: "Unemployment Rate for " + c.name, Unit: "Percent", Country: c.iso3, Frequency: c.freq,
			SeasonalAdjustment: "SA", Start: "1990-01-01", End: "2023-12-01"}, intl...)
	}
	emp := []string{"fred", "Employment Situation"}
	f.add(bundle.SeriesRow{NativeID: "PAYEMS", Title: "All Employees, Total Nonfarm", Unit: "Thousands of Persons", Country: "USA", SeasonalAdjustment: "SA", Start: "1939-01-01", End: "2023-12-01", ObsCount: 1000}, emp...)
	f.add(bundle.SeriesRow{NativeID: "AHETPI", Title: "Average Hourly Earnings of Production Employees", Unit: "Dollars per Hour", Country: "USA", SeasonalAdjustment: "SA", Start: "1964-01-01", End: "2023-12-01"}, emp...)
	cpi := []string{"fred", "Consumer Price Index"}
	f.add(bundle.SeriesRow{NativeID: "CPIAUCSL", Title: "Consumer Price Index for All Urban Consumers: All Items", Unit: "Index 1982-1984=100", Country: "USA", SeasonalAdjustment: "SA", Start: "1947-01-01", End: "2023-12-01"}, cpi...)
	f.add(bundle.SeriesRow{NativeID: "CPIUFDSL", Title: "Consumer Price Index for All Urban Consumers: Food", Unit: "Index 1982-1984=100", Country: "USA", SeasonalAdjustment: "SA", Start: "1947-01-01", End: "2023-12-01"}, cpi...)
	f.add(bundle.SeriesRow{NativeID: "EXPGS", Title: "Exports of Goods and Services", Unit: "Billions of Dollars", Country: "USA", Frequency: "Q", Start: "1947-01-01", End: "2023-10-01"}, "fred", "National Accounts")

	tcpi := []string{"evds", "PRICE INDICES", "Consumer Price Index (2003=100)"}
	f.add(bundle.SeriesRow{NativeID: "TP.FG.J0", Title: "0.GENERAL", Unit: "Index", Country: "TUR", Start: "2004-01-01", End: "2024-10-01"}, tcpi...)
	f.add(bundle.SeriesRow{NativeID: "TP.FG.J01", Title: "1.FOOD AND NON-ALCOHOLIC BEVERAGES", Unit: "Index", Country: "TUR", Start: "2004-01-01", End: "2024-10-01"}, tcpi...)
	f.add(bundle.SeriesRow{NativeID: "TP.FG.J04", Title: "4.HOUSING", Unit: "Index", Country: "TUR", Start: "2004-01-01", End: "2024-10-01"}, tcpi...)
	ppi := []string{"evds", "PRICE INDICES", "Producer Price Index (2003=100)"}
	f.add(bundle.SeriesRow{NativeID: "TP.TUFE1YI.T1", Title: "0.GENERAL", Unit: "Index", Country: "TUR", Start: "2004-01-01", End: "2024-10-01"}, ppi...)
	f.add(bundle.SeriesRow{NativeID: "TP.TUFE1YI.T2", Title: "B.MINING AND QUARRYING", Unit: "Index", Country: "TUR", Start: "2004-01-01", End: "2024-10-01"}, ppi...)
	lab := []string{"evds", "LABOUR STATISTICS", "Labour Force Statistics"}
	f.add(bundle.SeriesRow{NativeID: "TP.TIG08", Title: "Unemployment rate (%)", Unit: "Percent", Country: "TUR", SeasonalAdjustment: "SA", Start: "2005-01-01", End: "2024-09-01"}, lab...)
	f.add(bundle.SeriesRow{NativeID: "TP.TIG06", Title: "Labour force participation rate (%)", Unit: "Percent", Country: "TUR", SeasonalAdjustment: "SA", Start: "2005-01-01", End: "2024-09-01"}, lab...)
	f.add(bundle.SeriesRow{NativeID: "TP.ISGUCARSIV.G7", Title: "Unemployment rate (%)", Unit: "Percent", Country: "TUR", Frequency: "Q", Start: "1988-01-01", End: "2004-10-01"},
		"evds", "Archived data", "Household Labour Force Survey (old)")
	return f
}

var (
	labourOnce sync.Once
	labourEng  *Engine
)

// labourEngine shares one engine (and one bundle) across tests that do not
// change options.
func labourEngine(t *testing.T) *Engine {
	t.Helper()
	labourOnce.Do(func() {
		e, err := New(context.Background(), labourFixture().build(t, false), Options{})
		if err != nil {
			t.Fatal(err)
		}
		labourEng = e
	})
	if labourEng == nil {
		t.Fatal("labour engine failed to build")
	}
	return labourEng
}

var allModes = []Mode{Keyword, Semantic, Hybrid}

func TestCountryPicksRowAmongNearDuplicates(t *testing.T) {
	e := labourEngine(t)
	for _, mode := range allModes {
		for _, c := range []struct{ query, want string }{
			{"unemployment rate in Germany", "fred:URDEU"},
			{"Japanese unemployment rate", "fred:URJPN"},
			{"Mexico unemployment", "fred:URMEX"},
		} {
			res := search(t, e, Request{Query: c.query, Mode: mode})
			got := flatten(res)
			if len(got) == 0 || got[0] != c.want {
				t.Errorf("%s %q: top %v, want %s first", mode, c.query, got[:min(3, len(got))], c.want)
			}
		}
	}
}

func TestTurkishQueryFindsTurkishRow(t *testing.T) {
	e := labourEngine(t)
	for _, mode := range allModes {
		res := search(t, e, Request{Query: "TÜRKİYE unemployment rate", Mode: mode})
		if len(res.Groups) == 0 || res.Groups[0].Hits[0].Country != "TUR" {
			t.Errorf("%s: first hit %+v, want a TUR row", mode, firstHit(res))
		}
	}
}

func firstHit(r Result) Hit {
	if len(r.Groups) == 0 || len(r.Groups[0].Hits) == 0 {
		return Hit{}
	}
	return r.Groups[0].Hits[0]
}

func TestFiltersExclude(t *testing.T) {
	e := labourEngine(t)
	base := search(t, e, Request{Query: "unemployment rate", Limit: 50})
	if !slices.Contains(flatten(base), "evds:TP.ISGUCARSIV.G7") {
		t.Fatalf("unfiltered query misses the archived row: %v", flatten(base))
	}
	cases := []struct {
		name string
		req  Request
		ok   func(h Hit) bool
	}{
		{"frequency", Request{Frequency: "Q"}, func(h Hit) bool { return h.Frequency == "Q" }},
		{"frequency word", Request{Frequency: "quarterly"}, func(h Hit) bool { return h.Frequency == "Q" }},
		{"source", Request{Sources: []string{"evds"}}, func(h Hit) bool { return strings.HasPrefix(h.ID, "evds:") }},
		{"country", Request{Country: "DEU"}, func(h Hit) bool { return h.Country == "DEU" }},
		{"coverage", Request{From: "2010", To: "2012-06"}, func(h Hit) bool { return h.End >= "2010" && h.Start <= "2012-06-31" }},
	}
	for _, mode := range allModes {
		for _, c := range cases {
			req := c.req
			req.Query, req.Mode, req.Limit = "unemployment rate", mode, 50
			res := search(t, e, req)
			hits := 0
			for _, g := range res.Groups {
				for _, h := range g.Hits {
					hits++
					if !c.ok(h) {
						t.Errorf("%s %s filter let %s through", mode, c.name, h.ID)
					}
				}
			}
			if hits == 0 {
				t.Errorf("%s %s filter left nothing", mode, c.name)
			}
		}
	}
}

func TestBadFiltersAndModeAreErrors(t *testing.T) {
	e := labourEngine(t)
	for _, req := range []Request{
		{Query: "x", Frequency: "now and then"},
		{Query: "x", Sources: []string{"nope"}},
		{Query: "x", Country: "Atlantis"},
		{Query: "x", From: "20x0"},
		{Query: "x", From: "2020", To: "2019"},
	} {
		_, err := e.Search(context.Background(), req)
		if !errors.Is(err, ErrBadFilter) {
			t.Errorf("%+v: err %v, want ErrBadFilter", req, err)
		}
	}
	if _, err := e.Search(context.Background(), Request{Query: "x", Mode: "fuzzy"}); !errors.Is(err, ErrBadMode) {
		t.Errorf("mode fuzzy: err %v, want ErrBadMode", err)
	}
}

func TestGroupsCarrySizesAndOrder(t *testing.T) {
	e := labourEngine(t)
	res := search(t, e, Request{Query: "unemployment rate", Limit: 20, Mode: Keyword})
	var intl *Group
	total := 0
	for i := range res.Groups {
		g := &res.Groups[i]
		total += len(g.Hits)
		if i > 0 && g.Score > res.Groups[i-1].Score {
			t.Errorf("group %d (%s) scores %.3f above group %d's %.3f", i, g.Heading, g.Score, i-1, res.Groups[i-1].Score)
		}
		if g.Score != g.Hits[0].Score {
			t.Errorf("group %s score %.3f is not its best hit's %.3f", g.Heading, g.Score, g.Hits[0].Score)
		}
		for j := 1; j < len(g.Hits); j++ {
			if g.Hits[j].Score > g.Hits[j-1].Score {
				t.Errorf("group %s hits out of order at %d", g.Heading, j)
			}
		}
		if g.Heading == "Unemployment Rate" {
			intl = g
		}
	}
	if intl == nil {
		t.Fatalf("no group for the FRED unemployment heading: %+v", res.Groups)
	}
	if intl.Size != 6 || len(intl.Hits) != 6 {
		t.Errorf("FRED unemployment group: size %d, %d hits, want 6 and 6", intl.Size, len(intl.Hits))
	}
	if want := []string{"fred", "International Labor", "Unemployment Rate"}; !slices.Equal(intl.HeadingPath, want) {
		t.Errorf("path %v, want %v", intl.HeadingPath, want)
	}
	countries := map[string]bool{}
	for _, h := range intl.Hits {
		countries[h.Country] = true
		if h.Unit != "Percent" || h.Start == "" || h.End == "" {
			t.Errorf("hit %s lacks what tells it apart: %+v", h.ID, h)
		}
	}
	if len(countries) != 6 {
		t.Errorf("group members' countries %v, want six different", countries)
	}
	if total > 20 {
		t.Errorf("%d hits over a limit of 20", total)
	}
	if res.Total < total {
		t.Errorf("total %d below the %d hits shown", res.Total, total)
	}
	three := search(t, e, Request{Query: "unemployment rate", Limit: 3})
	if n := len(flatten(three)); n != 3 {
		t.Errorf("limit 3 gave %d hits", n)
	}
}

func TestHasDataFlag(t *testing.T) {
	e := labourEngine(t)
	res := search(t, e, Request{Query: "all employees total nonfarm", Mode: Keyword})
	h := firstHit(res)
	if h.ID != "fred:PAYEMS" || !h.HasData {
		t.Errorf("first hit %+v, want fred:PAYEMS with has_data", h)
	}
	for _, g := range res.Groups {
		for _, x := range g.Hits {
			if x.ID != "fred:PAYEMS" && x.HasData {
				t.Errorf("%s has no observations but has_data is set", x.ID)
			}
		}
	}
}

func TestModesSwitchSignals(t *testing.T) {
	e := labourEngine(t)
	for _, mode := range allModes {
		res := search(t, e, Request{Query: "unemployment rate in France", Mode: mode, Explain: true})
		if len(res.Groups) == 0 {
			t.Fatalf("%s: no hits", mode)
		}
		lexical, semantic := 0.0, 0.0
		for _, g := range res.Groups {
			for _, h := range g.Hits {
				x := h.Explain
				if x == nil {
					t.Fatalf("%s: hit %s without explanation", mode, h.ID)
				}
				sum := x.Keyword + x.Heading + x.Semantic + x.SemanticHeading + x.Boost + x.ID + x.Headline + x.Coverage + x.Focus + x.Prior
				if d := sum - h.Score; d > 1e-9 || d < -1e-9 {
					t.Errorf("%s %s: signals sum to %.4f, score %.4f", mode, h.ID, sum, h.Score)
				}
				lexical += x.Keyword + x.Heading
				semantic += x.Semantic + x.SemanticHeading
			}
		}
		switch mode {
		case Keyword:
			if semantic != 0 || lexical == 0 {
				t.Errorf("keyword mode: lexical %.3f, semantic %.3f", lexical, semantic)
			}
		case Semantic:
			if lexical != 0 || semantic == 0 {
				t.Errorf("semantic mode: lexical %.3f, semantic %.3f", lexical, semantic)
			}
		case Hybrid:
			if lexical == 0 || semantic == 0 {
				t.Errorf("hybrid mode: lexical %.3f, semantic %.3f", lexical, semantic)
			}
		}
	}
}

// No label in the catalog says "jobless": with synonyms off, keyword
// search finds nothing, while the embedding (GloVe neighbours) finds the
// unemployment rows.
func TestSemanticFindsWhatWordsMiss(t *testing.T) {
	e := newEngine(t, labourFixture(), false, Options{Disable: Signals{Synonyms: true}})
	kw := search(t, e, Request{Query: "jobless", Mode: Keyword})
	if len(kw.Groups) != 0 {
		t.Errorf("keyword mode found %v for a word no label has", flatten(kw))
	}
	for _, mode := range []Mode{Semantic, Hybrid} {
		res := search(t, e, Request{Query: "jobless", Mode: mode})
		if h := firstHit(res); !strings.Contains(strings.ToLower(h.Title), "unemployment") {
			t.Errorf("%s: first hit %q, want an unemployment rate", mode, h.Title)
		}
	}
}

func TestHeadingDocumentsSignal(t *testing.T) {
	w := DefaultWeights()
	w.Heading = 0.5 // off by default (see DefaultWeights)
	on := newEngine(t, labourFixture(), false, Options{Weights: &w})
	off := newEngine(t, labourFixture(), false, Options{Weights: &w, Disable: Signals{Headings: true}})
	q := Request{Query: "consumer price index general", Mode: Keyword, Explain: true, Limit: 50}
	headOf := func(res Result, id string) (float64, bool) {
		for _, g := range res.Groups {
			for _, h := range g.Hits {
				if h.ID == id {
					return h.Explain.Heading, true
				}
			}
		}
		return 0, false
	}
	hOn, ok := headOf(search(t, on, q), "evds:TP.FG.J0")
	if !ok || hOn <= 0 {
		t.Errorf("headings on: TP.FG.J0 found %v, heading signal %.3f (want > 0)", ok, hOn)
	}
	hOff, ok := headOf(search(t, off, q), "evds:TP.FG.J0")
	if !ok || hOff != 0 {
		t.Errorf("headings off: TP.FG.J0 found %v, heading signal %.3f (want 0)", ok, hOff)
	}
	// The CPI heading's bare "0.GENERAL" outranks the PPI heading's.
	for _, e := range []*Engine{on, off} {
		got := flatten(search(t, e, q))
		cpi, ppi := slices.Index(got, "evds:TP.FG.J0"), slices.Index(got, "evds:TP.TUFE1YI.T1")
		if cpi < 0 || (ppi >= 0 && ppi < cpi) {
			t.Errorf("CPI 0.GENERAL at %d, PPI 0.GENERAL at %d", cpi, ppi)
		}
	}
}

func TestSeriesIDInQuery(t *testing.T) {
	e := labourEngine(t)
	// Codes typed in lower case name the same rows.
	want := map[string]string{"TP.FG.J0": "evds:TP.FG.J0", "what is evds:TP.TIG08?": "evds:TP.TIG08", "plot CPIAUCSL.": "fred:CPIAUCSL",
		"tp.fg.j0": "evds:TP.FG.J0", "plot cpiaucsl and more": "fred:CPIAUCSL", "evds:tp.tig08": "evds:TP.TIG08"}
	for q := range want {
		res := search(t, e, Request{Query: q})
		want := want[q]
		if h := firstHit(res); h.ID != want {
			t.Errorf("%q: first hit %s, want %s", q, h.ID, want)
		}
	}
	off := newEngine(t, labourFixture(), false, Options{Disable: Signals{IDs: true}})
	res := search(t, off, Request{Query: "TP.FG.J0", Explain: true})
	for _, g := range res.Groups {
		for _, h := range g.Hits {
			if h.Explain.ID != 0 {
				t.Errorf("ids off: %s has id signal %.2f", h.ID, h.Explain.ID)
			}
		}
	}
}

func TestBoostsSwitch(t *testing.T) {
	off := newEngine(t, labourFixture(), false, Options{Disable: Signals{Boosts: true}})
	res := search(t, off, Request{Query: "unemployment rate in Germany", Explain: true})
	for _, g := range res.Groups {
		for _, h := range g.Hits {
			if h.Explain.Boost != 0 {
				t.Errorf("boosts off: %s has boost %.2f", h.ID, h.Explain.Boost)
			}
		}
	}
	on := search(t, labourEngine(t), Request{Query: "unemployment rate in Germany", Explain: true})
	if h := firstHit(on); h.Explain == nil || h.Explain.Boost <= 0 {
		t.Errorf("boosts on: first hit %+v has no positive boost", h)
	}
}

func TestWithoutEmbeddings(t *testing.T) {
	e := newEngine(t, labourFixture(), true, Options{})
	if e.HasEmbeddings() {
		t.Fatal("engine reports embeddings for a bundle without them")
	}
	if _, err := e.Search(context.Background(), Request{Query: "unemployment", Mode: Semantic}); !errors.Is(err, ErrNoEmbeddings) {
		t.Errorf("semantic mode without vectors: err %v, want ErrNoEmbeddings", err)
	}
	res := search(t, e, Request{Query: "unemployment rate in Germany"})
	if h := firstHit(res); h.ID != "fred:URDEU" {
		t.Errorf("hybrid without vectors: first hit %s, want fred:URDEU", h.ID)
	}
}

func TestAwkwardInputNeverFails(t *testing.T) {
	e := labourEngine(t)
	long := strings.Repeat("unemployment rate Turkey inflation ", 3000)
	inputs := []string{
		"", "   ", "\t\n", "?!#$%^&*()", "....", "'''\"\"", "0", "a",
		"TÜRKİYE İŞSİZLİK ORANI", "işsizlik oranı, mevsimsellikten arındırılmış", "ẞ Ⱥ ǅ",
		"\x00\x01\x02", "\xff\xfe invalid utf8 \xc3\x28", "中文 查询", "🙂🙂🙂", long,
		"AND OR NOT +-&&|| title:foo *? ~2 ^3", "h:fred/Employment Situation",
	}
	for _, mode := range allModes {
		for _, q := range inputs {
			res, err := e.Search(context.Background(), Request{Query: q, Mode: mode})
			if err != nil {
				t.Errorf("%s %.40q: %v", mode, q, err)
				continue
			}
			if res.Query != q {
				t.Errorf("%s: result query %.40q, want the input", mode, res.Query)
			}
			if n := len(flatten(res)); n > DefaultLimit {
				t.Errorf("%s %.40q: %d hits over the default limit", mode, q, n)
			}
		}
	}
	if res := search(t, e, Request{Query: long}); len(res.Groups) == 0 {
		t.Error("a long query of real words found nothing")
	}
}

func TestCancelledContext(t *testing.T) {
	e := labourEngine(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Search(ctx, Request{Query: "unemployment"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v, want context.Canceled", err)
	}
}

func TestConcurrentSearchesAgree(t *testing.T) {
	e := labourEngine(t)
	queries := []string{"unemployment rate in Germany", "consumer prices", "jobless", "exports", "TP.FG.J0", "Turkey inflation"}
	want := map[string]string{}
	for _, q := range queries {
		want[q] = fmt.Sprint(flatten(search(t, e, Request{Query: q})))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				q := queries[(g+i)%len(queries)]
				res, err := e.Search(context.Background(), Request{Query: q})
				if err != nil {
					errs <- err.Error()
					return
				}
				if got := fmt.Sprint(flatten(res)); got != want[q] {
					errs <- q + ": " + got + " != " + want[q]
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

package analysis_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/changepoint"
	"github.com/sextant-dev/sextant/runtime/analysis/internal/testseries"
)

// The Nile flow has one shift in mean: 1898 is the last high year, 1899 the
// first low one; FindBreaks dates a break by the first period of the new regime.
func TestNileBreakIs1899(t *testing.T) {
	nile := testseries.Nile(t)
	for _, m := range []string{analysis.MethodPELT, analysis.MethodBinSeg} {
		for _, c := range []changepoint.Cost{changepoint.Mean, changepoint.MeanVar} {
			b, err := analysis.FindBreaks(nile, analysis.BreakOptions{Method: m, Options: changepoint.Options{Cost: c, Penalty: changepoint.MBIC}})
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Items) != 1 || b.Items[0].Date.Year() != 1899 || b.Items[0].LastBefore.Year() != 1898 {
				t.Fatalf("%s %v: breaks %+v, want one in 1899", m, c, b.Items)
			}
			it := b.Items[0]
			if it.Before.Mean < 1050 || it.After.Mean > 900 {
				t.Errorf("means %g → %g, want about 1098 → 850", it.Before.Mean, it.After.Mean)
			}
			s := b.Summary()
			for _, want := range []string{"1 break", "1899", "mean 1098 → 850", "first period of the new regime"} {
				if !strings.Contains(s, want) {
					t.Errorf("summary %q lacks %q", s, want)
				}
			}
		}
	}
}

func hasBreakIn(b analysis.Breaks, from, to time.Time) bool {
	for _, it := range b.Items {
		if !it.Date.Before(from) && !it.Date.After(to) {
			return true
		}
	}
	return false
}

// countIn counts the breaks dated within [from, to].
func countIn(b analysis.Breaks, from, to time.Time) int {
	n := 0
	for _, it := range b.Items {
		if !it.Date.Before(from) && !it.Date.After(to) {
			n++
		}
	}
	return n
}

// The unemployment rate is persistent: with independent noise every slow
// swing is a break (85 of them in 711 months); the default AR(1) noise leaves
// a handful of regimes, among them the Great Recession and COVID.
func TestUnemploymentBreaks(t *testing.T) {
	un := testseries.FRED(t, "UNRATE", analysis.Monthly, "Percent")
	un.Title = "Unemployment Rate"
	for _, m := range []string{analysis.MethodPELT, analysis.MethodBinSeg} {
		b, err := analysis.FindBreaks(un, analysis.BreakOptions{Method: m})
		if err != nil {
			t.Fatal(err)
		}
		s := b.Summary()
		if len(b.Items) == 0 || len(b.Items) > 8 {
			t.Errorf("%s: %d breaks, want 1 to 8: %s", m, len(b.Items), s)
		}
		if !hasBreakIn(b, date(2008, 1, 1), date(2009, 12, 1)) || !hasBreakIn(b, date(2020, 3, 1), date(2020, 4, 1)) {
			t.Errorf("%s: no break in 2008–09 or in 2020-03/04: %s", m, s)
		}
		for _, want := range []string{"2020-04 (mean", "AR(1) φ=", "regimes of at least 6 values"} {
			if !strings.Contains(s, want) {
				t.Errorf("%s: summary lacks %q: %s", m, want, s)
			}
		}
	}
	// The independent-noise cost is still there on request, and shows why
	// it is not the default.
	ind, err := analysis.FindBreaks(un, analysis.BreakOptions{Options: changepoint.Options{Noise: changepoint.Independent, MinSegment: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ind.Items) < 40 || !strings.Contains(ind.Summary(), "independent noise") {
		t.Errorf("independent noise: %d breaks, expected the dozens it finds on a persistent series: %s", len(ind.Items), ind.Summary())
	}
	// Binary segmentation limited to a few breaks finds the big regimes.
	bs, err := analysis.FindBreaks(un, analysis.BreakOptions{Method: analysis.MethodBinSeg, Options: changepoint.Options{MaxBreaks: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if len(bs.Items) != 2 || !hasBreakIn(bs, date(2020, 3, 1), date(2020, 4, 1)) {
		t.Errorf("BinSeg(2): %s", bs.Summary())
	}
}

// The Turkish policy rate was cut to 8.5% by 2023 and raised to 42.5% from
// June 2023: the tightening is the last regime change.
func TestTurkishPolicyRateBreaks(t *testing.T) {
	tr := testseries.BIS(t, "M.TR")
	b, err := analysis.FindBreaks(tr, analysis.BreakOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Items) == 0 || len(b.Items) > 8 || !hasBreakIn(b, date(2021, 1, 1), date(2023, 12, 1)) {
		t.Fatalf("M.TR: want 1 to 8 breaks, one in 2021–2023: %s", b.Summary())
	}
	last := b.Items[len(b.Items)-1]
	if last.Date.Year() != 2023 || last.After.Mean < 25 || last.After.Mean-last.Before.Mean < 10 {
		t.Errorf("last break %s, mean %g → %g: want the 2023 tightening to a mean above 25%%", last.Date.Format("2006-01"), last.Before.Mean, last.After.Mean)
	}
}

func TestFedFundsBreaks(t *testing.T) {
	ff := testseries.FRED(t, "FEDFUNDS", analysis.Monthly, "Percent")
	b, err := analysis.FindBreaks(ff, analysis.BreakOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Items) == 0 || len(b.Items) > 10 {
		t.Errorf("FEDFUNDS: %d breaks, want 1 to 10: %s", len(b.Items), b.Summary())
	}
	// The Volcker tightening is the largest regime change in the sample.
	if countIn(b, date(1979, 1, 1), date(1982, 12, 1)) == 0 {
		t.Errorf("FEDFUNDS: no break in 1979–82: %s", b.Summary())
	}
}

// ar1Series is a monthly AR(1) series with no break, seeded.
func ar1Series(seed uint64, n int, phi float64) analysis.Series {
	r := rand.New(rand.NewPCG(seed, 1))
	s := analysis.Series{ID: "sim:ar1", Frequency: analysis.Monthly}
	x := r.NormFloat64() / math.Sqrt(1-phi*phi)
	for i := range n {
		s.Points = append(s.Points, analysis.Point{Date: date(1960+i/12, time.Month(1+i%12), 1), Value: 5 + x})
		x = phi*x + r.NormFloat64()
	}
	return s
}

func TestNoBreakInPersistentNoise(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		s := ar1Series(seed, 600, 0.9)
		for _, m := range []string{analysis.MethodPELT, analysis.MethodBinSeg} {
			b, err := analysis.FindBreaks(s, analysis.BreakOptions{Method: m})
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Items) != 0 {
				t.Errorf("seed %d %s: %d spurious breaks: %s", seed, m, len(b.Items), b.Summary())
			}
		}
	}
}

func TestBreakDefaults(t *testing.T) {
	for _, tc := range []struct {
		f      analysis.Frequency
		cost   changepoint.Cost
		minSeg int
		memory float64
	}{
		{analysis.Monthly, changepoint.Mean, 6, 12},
		{analysis.Quarterly, changepoint.Mean, 2, 4},
		{analysis.Annual, changepoint.Mean, 2, 1},
		{analysis.Annual, changepoint.MeanVar, 3, 1},
		{analysis.Weekly, changepoint.Mean, 26, 52},
		{analysis.Daily, changepoint.Mean, 130, 260},
	} {
		o := analysis.BreakDefaults(analysis.BreakOptions{Options: changepoint.Options{Cost: tc.cost}}, tc.f)
		if o.MinSegment != tc.minSeg || math.Abs(o.MaxAR-math.Exp(-1/tc.memory)) > 1e-12 {
			t.Errorf("%s %v: min segment %d, MaxAR %g; want %d and exp(-1/%g)", tc.f, tc.cost, o.MinSegment, o.MaxAR, tc.minSeg, tc.memory)
		}
	}
	set := analysis.BreakDefaults(analysis.BreakOptions{Options: changepoint.Options{MinSegment: 3, MaxAR: 0.5}}, analysis.Monthly)
	if set.MinSegment != 3 || set.MaxAR != 0.5 {
		t.Errorf("defaults overrode set options: %+v", set.Options)
	}
	if o := analysis.BreakDefaults(analysis.BreakOptions{}, ""); o.MinSegment != 0 || o.MaxAR != 0 {
		t.Errorf("unknown frequency got defaults %+v", o.Options)
	}
}

func TestFindBreaksErrors(t *testing.T) {
	short := analysis.Series{ID: "x:short", Frequency: analysis.Annual, Points: []analysis.Point{{Date: date(2000, 1, 1), Value: 1}, {Date: date(2001, 1, 1), Value: 2}, {Date: date(2002, 1, 1), Value: 3}}}
	_, err := analysis.FindBreaks(short, analysis.BreakOptions{})
	if !errors.Is(err, changepoint.ErrTooShort) || !strings.Contains(err.Error(), "x:short") {
		t.Errorf("short series: err %v, want ErrTooShort naming the series", err)
	}
	if _, err := analysis.FindBreaks(testseries.Nile(t), analysis.BreakOptions{Method: "magic"}); !errors.Is(err, analysis.ErrBadSpec) {
		t.Errorf("unknown method: err %v", err)
	}
}

func TestFormatNumber(t *testing.T) {
	for v, want := range map[float64]string{4.9: "4.9", 1097.75: "1098", 0.012345: "0.01235", -8.125: "-8.125", 36214310: "3.621e+07", 0: "0", 13.333333: "13.33"} {
		if got := analysis.FormatNumber(v); got != want {
			t.Errorf("FormatNumber(%g) = %q, want %q", v, got, want)
		}
	}
}

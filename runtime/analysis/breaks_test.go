package analysis_test

import (
	"errors"
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

func TestUnemploymentBreaks(t *testing.T) {
	un := testseries.FRED(t, "UNRATE", analysis.Monthly, "Percent")
	un.Title = "Unemployment Rate"
	b, err := analysis.FindBreaks(un, analysis.BreakOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !hasBreakIn(b, date(2008, 1, 1), date(2009, 12, 1)) || !hasBreakIn(b, date(2020, 3, 1), date(2020, 5, 1)) {
		t.Errorf("PELT: no break in 2008–09 or in spring 2020: %s", b.Summary())
	}
	// The COVID jump dominates: it is among the breaks the summary shows.
	if s := b.Summary(); !strings.Contains(s, "2020-04 (mean") || !strings.Contains(s, "the 6 largest") {
		t.Errorf("summary should show the largest breaks including 2020-04: %s", s)
	}
	// Binary segmentation limited to a few breaks finds the big regimes.
	bs, err := analysis.FindBreaks(un, analysis.BreakOptions{Method: analysis.MethodBinSeg, Options: changepoint.Options{MaxBreaks: 6}})
	if err != nil {
		t.Fatal(err)
	}
	if len(bs.Items) != 6 || !hasBreakIn(bs, date(2008, 1, 1), date(2009, 12, 1)) {
		t.Errorf("BinSeg(6): %s", bs.Summary())
	}
}

func TestTurkishPolicyRateBreaks(t *testing.T) {
	tr := testseries.BIS(t, "M.TR")
	b, err := analysis.FindBreaks(tr, analysis.BreakOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !hasBreakIn(b, date(2021, 1, 1), date(2022, 12, 1)) || !hasBreakIn(b, date(2023, 5, 1), date(2023, 12, 1)) {
		t.Errorf("M.TR: want breaks in the 2021–22 easing and the mid-2023 tightening: %s", b.Summary())
	}
	// The last regime is the high one of late 2023.
	last := b.Items[len(b.Items)-1]
	if last.After.Mean < 30 || last.Date.Year() != 2023 {
		t.Errorf("last break %s with mean after %g, want a 2023 break to a rate above 30%%", last.Date, last.After.Mean)
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

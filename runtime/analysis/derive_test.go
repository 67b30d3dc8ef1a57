package analysis_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/analysis"
)

func monthlyTable(t *testing.T, ids ...string) *analysis.Table {
	t.Helper()
	st, _ := realStore(t)
	tb, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{IDs: ids, Frequency: analysis.Monthly, From: date(2000, 1, 1), To: date(2019, 12, 1)})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestPercentChanges(t *testing.T) {
	tb := monthlyTable(t, "fred:PAYEMS", "fred:UNRATE")
	yoy, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpYoY, Column: "PAYEMS"})
	if err != nil {
		t.Fatal(err)
	}
	cur, prev := at(t, tb, "PAYEMS", date(2009, 6, 1)), at(t, tb, "PAYEMS", date(2008, 6, 1))
	if got, want := at(t, tb, yoy.Name, date(2009, 6, 1)), 100*(cur/prev-1); math.Abs(got-want) > 1e-12 || want > -3 {
		t.Errorf("PAYEMS yoy 2009-06 = %g, want %g (a fall of several percent)", got, want)
	}
	if yoy.Count != len(tb.Dates)-12 || yoy.Unit != "Percent" {
		t.Errorf("yoy: %d values (want %d), unit %q", yoy.Count, len(tb.Dates)-12, yoy.Unit)
	}
	if yoy.Derivation == nil || !strings.Contains(yoy.Derivation.Formula, "t-12") || !strings.Contains(yoy.Derivation.Description, "Year-on-year") {
		t.Errorf("yoy derivation %+v", yoy.Derivation)
	}
	if len(yoy.Derivation.Warnings) != 0 {
		t.Errorf("yoy of employment should carry no warning: %v", yoy.Derivation.Warnings)
	}
	mom, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpMoM, Column: "PAYEMS"})
	if err != nil {
		t.Fatal(err)
	}
	if got := at(t, tb, mom.Name, date(2000, 1, 1)); !math.IsNaN(got) {
		t.Errorf("mom in the first row = %g, want missing", got)
	}
	// A percent change of a percent is computed but flagged.
	u, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpPctChange, Column: "UNRATE", Periods: 12})
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Derivation.Warnings) == 0 || !strings.Contains(u.Derivation.Warnings[0], "percentage points") {
		t.Errorf("pct_change of a rate should warn about percentage points, got %v", u.Derivation.Warnings)
	}
	if !strings.Contains(tb.Summary(), "percentage points") {
		t.Error("the warning should reach the table summary")
	}
	d, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpDiff, Column: "UNRATE", Periods: 12})
	if err != nil {
		t.Fatal(err)
	}
	if d.Unit != "Percentage points" {
		t.Errorf("diff of a percent has unit %q, want Percentage points", d.Unit)
	}
	if got, want := at(t, tb, d.Name, date(2009, 10, 1)), at(t, tb, "UNRATE", date(2009, 10, 1))-at(t, tb, "UNRATE", date(2008, 10, 1)); got != want {
		t.Errorf("diff = %g, want %g", got, want)
	}
}

func TestRatioSpreadShareUnits(t *testing.T) {
	st, _ := realStore(t)
	idx := analysis.Series{ID: "x:cpi", Unit: "Index 1982-1984=100", Frequency: analysis.Monthly}
	bil := analysis.Series{ID: "x:part", Unit: "Millions of Dollars", Frequency: analysis.Monthly}
	tot := analysis.Series{ID: "x:total", Unit: "Billions of Dollars", Frequency: analysis.Monthly}
	for m := 1; m <= 24; m++ {
		d := date(2018, time.Month(m), 1)
		idx.Points = append(idx.Points, analysis.Point{Date: d, Value: 250 + float64(m)})
		bil.Points = append(bil.Points, analysis.Point{Date: d, Value: 500})
		tot.Points = append(tot.Points, analysis.Point{Date: d, Value: 2})
	}
	st[idx.ID], st[bil.ID], st[tot.ID] = idx, bil, tot
	tb, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{IDs: []string{"x:cpi", "x:part", "x:total", "fred:UNRATE", "fred:DPRIME"}, Frequency: analysis.Monthly, From: date(2018, 1, 1), To: date(2019, 12, 1)})
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range []string{analysis.OpRatio, analysis.OpSpread} {
		_, err := analysis.Derive(tb, analysis.DeriveSpec{Op: op, Column: "x:cpi", Other: "UNRATE"})
		if !errors.Is(err, analysis.ErrIncompatible) || !strings.Contains(err.Error(), "differ in kind") {
			t.Errorf("%s of an index and a percent: err %v, want ErrIncompatible", op, err)
		}
	}
	sp, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpSpread, Column: "DPRIME", Other: "UNRATE"})
	if err != nil {
		t.Fatal(err)
	}
	if sp.Unit != "Percentage points" || at(t, tb, sp.Name, date(2019, 3, 1)) != at(t, tb, "DPRIME", date(2019, 3, 1))-at(t, tb, "UNRATE", date(2019, 3, 1)) {
		t.Errorf("spread unit %q or value wrong", sp.Unit)
	}
	// 500 million over 2 billion: a share of 25 %, a ratio of 0.25.
	sh, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpShare, Column: "x:part", Other: "x:total"})
	if err != nil {
		t.Fatal(err)
	}
	if got := at(t, tb, sh.Name, date(2018, 5, 1)); math.Abs(got-25) > 1e-9 {
		t.Errorf("share = %g, want 25 (units in millions and billions)", got)
	}
	r, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpRatio, Column: "x:part", Other: "x:total", Name: "part_to_total"})
	if err != nil {
		t.Fatal(err)
	}
	if got := at(t, tb, "part_to_total", date(2018, 5, 1)); math.Abs(got-0.25) > 1e-12 || r.Unit != "Ratio" {
		t.Errorf("ratio = %g (%s), want 0.25 Ratio", got, r.Unit)
	}
	if _, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpShare, Column: "x:part", Other: "x:cpi"}); !errors.Is(err, analysis.ErrIncompatible) {
		t.Errorf("share of dollars in an index: err %v", err)
	}
	if _, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpRatio, Column: "x:part", Other: "x:total", Name: "part_to_total"}); !errors.Is(err, analysis.ErrBadSpec) {
		t.Errorf("duplicate name: err %v", err)
	}
}

func TestLogRebaseRolling(t *testing.T) {
	s := analysis.Series{ID: "x:v", Unit: "Units", Frequency: analysis.Quarterly}
	vals := []float64{-1, 0, 2, 4, 8, math.NaN(), 16, 32}
	for i, v := range vals {
		s.Points = append(s.Points, analysis.Point{Date: date(2020, time.Month(1+3*i), 1), Value: v})
	}
	neg := analysis.Series{ID: "x:neg", Unit: "Units", Frequency: analysis.Quarterly}
	for i := range vals {
		neg.Points = append(neg.Points, analysis.Point{Date: date(2020, time.Month(1+3*i), 1), Value: -float64(i)})
	}
	tb, err := analysis.Align(context.Background(), []analysis.Series{s, neg}, "", time.Time{}, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	lg, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpLog, Column: "x:v"})
	if err != nil {
		t.Fatal(err)
	}
	if lg.Count != 5 || math.Abs(at(t, tb, lg.Name, date(2020, 10, 1))-math.Log(4)) > 1e-12 {
		t.Errorf("log: %d values, want 5 (2 non-positive, 1 missing)", lg.Count)
	}
	if !strings.Contains(strings.Join(lg.Notes, " "), "2 of 7 values") {
		t.Errorf("log notes %q should count the 2 non-positive values", lg.Notes)
	}
	if _, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpLog, Column: "x:neg"}); !errors.Is(err, analysis.ErrIncompatible) {
		t.Errorf("log of all non-positive: err %v", err)
	}
	rb, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpRebase, Column: "x:v", BaseDate: date(2020, 11, 20)})
	if err != nil {
		t.Fatal(err)
	}
	if at(t, tb, rb.Name, date(2020, 10, 1)) != 100 || at(t, tb, rb.Name, date(2021, 10, 1)) != 800 || rb.Unit != "Index 2020Q4=100" {
		t.Errorf("rebase: base %g, 2021Q4 %g, unit %q", at(t, tb, rb.Name, date(2020, 10, 1)), at(t, tb, rb.Name, date(2021, 10, 1)), rb.Unit)
	}
	if _, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpRebase, Column: "x:v", BaseDate: date(2021, 4, 1)}); !errors.Is(err, analysis.ErrNoData) {
		t.Errorf("rebase at a missing value: err %v, want ErrNoData", err)
	}
	if _, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpRebase, Column: "x:v", BaseDate: date(1990, 1, 1)}); !errors.Is(err, analysis.ErrNoData) {
		t.Errorf("rebase outside the table: err %v, want ErrNoData", err)
	}
	ma, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpRollingMean, Column: "x:v", Window: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := at(t, tb, ma.Name, date(2020, 10, 1)); got != 3 {
		t.Errorf("rolling mean at 2020Q4 = %g, want (2+4)/2", got)
	}
	if got := at(t, tb, ma.Name, date(2021, 7, 1)); !math.IsNaN(got) {
		t.Errorf("rolling mean over a missing value = %g, want missing", got)
	}
}

func TestDeriveRefusals(t *testing.T) {
	tb := monthlyTable(t, "fred:UNRATE", "fred:GDP")
	cases := []struct {
		spec analysis.DeriveSpec
		want error
	}{
		{analysis.DeriveSpec{Op: analysis.OpYoY, Column: "GDP"}, analysis.ErrBadSpec},      // quarterly column in a monthly table
		{analysis.DeriveSpec{Op: "cumsum", Column: "UNRATE"}, analysis.ErrBadSpec},         // unknown op
		{analysis.DeriveSpec{Op: analysis.OpYoY, Column: "NOPE"}, analysis.ErrBadSpec},     // unknown column
		{analysis.DeriveSpec{Op: analysis.OpRatio, Column: "UNRATE"}, analysis.ErrBadSpec}, // no Other
		{analysis.DeriveSpec{Op: analysis.OpRebase, Column: "UNRATE", BaseDate: date(2010, 1, 1)}, analysis.ErrIncompatible},
		{analysis.DeriveSpec{Op: analysis.OpRollingMean, Column: "UNRATE", Window: 1}, analysis.ErrBadSpec},
	}
	for _, tc := range cases {
		if _, err := analysis.Derive(tb, tc.spec); !errors.Is(err, tc.want) {
			t.Errorf("%+v: err %v, want %v", tc.spec, err, tc.want)
		}
	}
	q, err := analysis.Align(context.Background(), nil, analysis.Quarterly, time.Time{}, time.Time{})
	if err == nil {
		t.Errorf("empty table built: %+v", q)
	}
}

package obs

import (
	"errors"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/catalogsrc"
)

func TestParsePeriod(t *testing.T) {
	for _, c := range []struct {
		in    string
		grain catalogsrc.Frequency
		start map[catalogsrc.Frequency]string
	}{
		{"2023-06-30", catalogsrc.Daily, map[catalogsrc.Frequency]string{catalogsrc.Daily: "2023-06-30", catalogsrc.Monthly: "2023-06-01", catalogsrc.Quarterly: "2023-04-01", catalogsrc.Semiannual: "2023-01-01", catalogsrc.Annual: "2023-01-01"}},
		{"2023Q2", catalogsrc.Quarterly, map[catalogsrc.Frequency]string{catalogsrc.Quarterly: "2023-04-01", catalogsrc.Annual: "2023-01-01"}},
		{"2023-q4", catalogsrc.Quarterly, map[catalogsrc.Frequency]string{catalogsrc.Quarterly: "2023-10-01"}},
		{"2023 Q3", catalogsrc.Quarterly, map[catalogsrc.Frequency]string{catalogsrc.Quarterly: "2023-07-01"}},
		{"2023M11", catalogsrc.Monthly, map[catalogsrc.Frequency]string{catalogsrc.Monthly: "2023-11-01", catalogsrc.Semiannual: "2023-07-01"}},
		{"2023-12", catalogsrc.Monthly, map[catalogsrc.Frequency]string{catalogsrc.Quarterly: "2023-10-01"}},
		{" 1871 ", catalogsrc.Annual, map[catalogsrc.Frequency]string{catalogsrc.Annual: "1871-01-01", catalogsrc.Daily: "1871-01-01"}},
		{"2024/02/29", catalogsrc.Daily, map[catalogsrc.Frequency]string{catalogsrc.Daily: "2024-02-29"}},
	} {
		p, err := ParsePeriod(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if p.Grain != c.grain {
			t.Errorf("%q: grain %q, want %q", c.in, p.Grain, c.grain)
		}
		for f, want := range c.start {
			if got := p.Start(f); got != want {
				t.Errorf("%q at %q: %s, want %s", c.in, f, got, want)
			}
		}
	}
	for _, bad := range []string{"", "23", "2023-02-29", "2023-13", "2023Q5", "2023Q", "2023-1-5", "0999", "3000-01-01", "abcd", "2023-06-30T00:00", "2023-06-30-1", "2023/06-30", "２０２３"} {
		if p, err := ParsePeriod(bad); !errors.Is(err, ErrBadDate) {
			t.Errorf("%q: got %+v, %v; want ErrBadDate", bad, p, err)
		}
	}
}

func TestParseValue(t *testing.T) {
	plain := ValueSyntax{Missing: []string{"."}}
	grouped := ValueSyntax{Missing: []string{"n/a"}, Grouped: true}
	for _, c := range []struct {
		vs      ValueSyntax
		in      string
		want    float64
		present bool
	}{
		{plain, "4.2", 4.2, true},
		{plain, " -0.10 ", -0.1, true},
		{plain, "7.6801478e6", 7680147.8, true},
		{plain, "+5", 5, true},
		{plain, ".5", 0.5, true},
		{plain, "5.", 5, true},
		{plain, ".", 0, false},
		{plain, "", 0, false},
		{grouped, "1,234.5", 1234.5, true},
		{grouped, "-12,345,678", -12345678, true},
		{grouped, "N/A", 0, false},
		{grouped, "999", 999, true},
	} {
		v, ok, err := c.vs.ParseValue(c.in)
		if err != nil || ok != c.present || v != c.want {
			t.Errorf("%q: %v %v %v; want %v %v", c.in, v, ok, err, c.want, c.present)
		}
	}
	for _, c := range []struct {
		vs ValueSyntax
		in string
	}{
		{plain, "1,234.5"}, {plain, "NaN"}, {plain, "Inf"}, {plain, "0x1p3"}, {plain, "1_000"}, {plain, "1e"}, {plain, "e5"},
		{plain, "1e400"}, {plain, "--1"}, {plain, "4.2%"}, {grouped, "1,23.4"}, {grouped, "1234,567"}, {grouped, "1,234.5,6"}, {grouped, ",123"},
	} {
		if v, ok, err := c.vs.ParseValue(c.in); !errors.Is(err, ErrBadValue) {
			t.Errorf("%q: %v %v %v; want ErrBadValue", c.in, v, ok, err)
		}
	}
}

func dailyDates(start string, n, stepDays int, skipWeekends bool) []string {
	t0, _ := time.Parse(time.DateOnly, start)
	var out []string
	for t := t0; len(out) < n; t = t.AddDate(0, 0, stepDays) {
		if skipWeekends && (t.Weekday() == time.Saturday || t.Weekday() == time.Sunday) {
			continue
		}
		out = append(out, t.Format(time.DateOnly))
	}
	return out
}

func TestInferFrequency(t *testing.T) {
	monthly := []string{"2020-03-01", "2020-01-01", "2020-02-01", "2020-04-01", "2020-04-01"}
	for name, c := range map[string]struct {
		dates []string
		want  catalogsrc.Frequency
	}{
		"business days": {dailyDates("2020-01-01", 60, 1, true), catalogsrc.Daily},
		"weekly":        {dailyDates("2020-01-01", 20, 7, false), catalogsrc.Weekly},
		"biweekly":      {dailyDates("2020-01-01", 20, 14, false), catalogsrc.Biweekly},
		"monthly":       {monthly, catalogsrc.Monthly},
		"quarterly":     {[]string{"2020-01-01", "2020-04-01", "2020-07-01", "2020-10-01", "2021-01-01"}, catalogsrc.Quarterly},
		"semiannual":    {[]string{"2020-01-01", "2020-07-01", "2021-01-01"}, catalogsrc.Semiannual},
		"annual":        {[]string{"1871-01-01", "1872-01-01", "1873-01-01", "1875-01-01"}, catalogsrc.Annual},
		"one date":      {[]string{"2020-01-01"}, catalogsrc.Unknown},
		"irregular":     {[]string{"2020-01-01", "2020-03-15", "2020-05-29"}, catalogsrc.Unknown},
	} {
		if got := InferFrequency(c.dates); got != c.want {
			t.Errorf("%s: %q, want %q", name, got, c.want)
		}
	}
}

type problems []catalogsrc.Problem

func (p *problems) Reject(x catalogsrc.Problem) { *p = append(*p, x) }

func TestBuilderSortsAndRejectsDuplicates(t *testing.T) {
	b := Builder{ID: "x:y", Pos: catalogsrc.Pos{File: "f.csv", Line: 1}, DateField: "date"}
	b.Add("2020-03-01", 3, 4)
	b.Add("2020-01-01", 1, 2)
	b.Add("2020-03-01", 30, 7)
	b.Add("2020-02-01", 2, 3)
	var ps problems
	sd, ok := b.Finish(&ps)
	if !ok || len(sd.Points) != 3 || sd.Points[0].Date != "2020-01-01" || sd.Points[2].Value != 3 {
		t.Fatalf("%+v", sd)
	}
	if len(ps) != 1 || ps[0].Pos.Line != 7 || ps[0].Field != "date" || !strings.Contains(ps[0].Reason, "first at line 4") {
		t.Errorf("problems %+v", ps)
	}
	empty := Builder{ID: "x:z"}
	if _, ok := empty.Finish(&ps); ok {
		t.Error("a series without points must not be emitted")
	}
}

func TestDecoders(t *testing.T) {
	for name, c := range map[string]struct{ enc, in, want string }{
		"utf-8 with BOM": {"", "\xEF\xBB\xBFyear,flow", "year,flow"},
		"latin1":         {"latin1", "T\xfcrkiye", "Türkiye"},
		"windows-1252":   {"cp1252", "\x80 1", "€ 1"},
	} {
		dec, err := NewDecoder(c.enc)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(dec(strings.NewReader(c.in)))
		if err != nil || string(got) != c.want {
			t.Errorf("%s: %q %v, want %q", name, got, err, c.want)
		}
	}
	if _, err := NewDecoder("shift-jis"); !errors.Is(err, catalogsrc.ErrBadSpec) {
		t.Errorf("unknown encoding: %v", err)
	}
}

func TestTruncateKeepsRunes(t *testing.T) {
	s := strings.Repeat("ü", MaxRaw)
	got := Truncate(s)
	if len(got) > MaxRaw+len("…") || !strings.HasSuffix(got, "…") || strings.ContainsRune(got, '\uFFFD') {
		t.Errorf("truncated to %d bytes: %q…", len(got), got[:10])
	}
}

func FuzzParsePeriod(f *testing.F) {
	for _, s := range []string{"2023-06-30", "2023Q2", "2023M05", "1871", "2023-02-29", "2023/1/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePeriod(s)
		if err != nil {
			return
		}
		for _, fr := range []catalogsrc.Frequency{catalogsrc.Daily, catalogsrc.Monthly, catalogsrc.Quarterly, catalogsrc.Semiannual, catalogsrc.Annual} {
			d := p.Start(fr)
			tm, err := time.Parse(time.DateOnly, d)
			if err != nil {
				t.Fatalf("%q at %s gave invalid date %q", s, fr, d)
			}
			if fr != catalogsrc.Daily && tm.Day() != 1 {
				t.Fatalf("%q at %s gave %s, not a period start", s, fr, d)
			}
		}
	})
}

func FuzzParseValue(f *testing.F) {
	for _, s := range []string{"1,234.5", "-0.10", "n/a", "7.6801478e6", "1e400", "NaN", "."} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, grouped bool) {
		v, ok, err := ValueSyntax{Missing: []string{"n/a", "."}, Grouped: grouped}.ParseValue(s)
		if err != nil && (ok || !errors.Is(err, ErrBadValue)) {
			t.Fatalf("%q: ok %v with error %v", s, ok, err)
		}
		if ok && (math.IsNaN(v) || math.IsInf(v, 0)) {
			t.Fatalf("%q gave %v", s, v)
		}
	})
}

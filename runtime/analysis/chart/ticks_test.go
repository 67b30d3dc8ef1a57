package chart

import (
	"testing"
	"time"
)

func TestDateTicksAreRoundAndFew(t *testing.T) {
	cases := []struct {
		from, to time.Time
		format   string
	}{
		{time.Date(1871, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), "2006"},
		{time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC), "2006"},
		{time.Date(2022, 11, 1, 0, 0, 0, 0, time.UTC), time.Date(2023, 12, 1, 0, 0, 0, 0, time.UTC), "2006-01"},
		{time.Date(2023, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2023, 3, 31, 0, 0, 0, 0, time.UTC), "2006-01-02"},
	}
	for _, tc := range cases {
		ticks := dateTicks{}.Ticks(unix(tc.from), unix(tc.to))
		labelled := 0
		for _, tk := range ticks {
			if tk.Value < unix(tc.from) || tk.Value > unix(tc.to) {
				t.Errorf("%s–%s: tick %v outside the range", tc.from, tc.to, tk)
			}
			if tk.Label == "" {
				continue
			}
			labelled++
			d := time.Unix(int64(tk.Value), 0).UTC()
			if d.Hour() != 0 || d.Minute() != 0 {
				t.Errorf("tick %q not at midnight", tk.Label)
			}
			if tc.format == "2006" && (d.Month() != time.January || d.Day() != 1 || tk.Label != d.Format("2006")) {
				t.Errorf("year tick %q at %s", tk.Label, d)
			}
		}
		if labelled < 2 || labelled > maxDateTicks {
			t.Errorf("%s–%s: %d labelled ticks, want 2..%d", tc.from, tc.to, labelled, maxDateTicks)
		}
	}
}

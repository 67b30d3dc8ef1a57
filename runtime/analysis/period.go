package analysis

import (
	"fmt"
	"time"
)

// freqRank orders frequencies from finest (0) to coarsest.
var freqRank = map[Frequency]int{
	Daily: 0, Weekly: 1, Biweekly: 2, Monthly: 3, Quarterly: 4, Semiannual: 5, Annual: 6,
}

// monthsIn is the length in months of the calendar-based frequencies.
var monthsIn = map[Frequency]int{Monthly: 1, Quarterly: 3, Semiannual: 6, Annual: 12}

// Coarser reports whether a is a coarser frequency than b.
func Coarser(a, b Frequency) bool { return freqRank[a] > freqRank[b] }

// FrequencyName is the English adjective for f ("monthly").
func FrequencyName(f Frequency) string {
	switch f {
	case Daily:
		return "daily"
	case Weekly:
		return "weekly"
	case Biweekly:
		return "biweekly"
	case Monthly:
		return "monthly"
	case Quarterly:
		return "quarterly"
	case Semiannual:
		return "semiannual"
	case Annual:
		return "annual"
	}
	return "unknown-frequency"
}

// periodNoun names one period of f ("month").
func periodNoun(f Frequency) string {
	switch f {
	case Daily:
		return "day"
	case Weekly:
		return "week"
	case Biweekly:
		return "fortnight"
	case Monthly:
		return "month"
	case Quarterly:
		return "quarter"
	case Semiannual:
		return "half-year"
	case Annual:
		return "year"
	}
	return "period"
}

// PeriodsPerYear is how many periods of f make a year: 12 for monthly, 4 for
// quarterly, 52 for weekly. Daily data has no fixed count and gives 0.
func PeriodsPerYear(f Frequency) int {
	switch f {
	case Weekly:
		return 52
	case Biweekly:
		return 26
	case Monthly:
		return 12
	case Quarterly:
		return 4
	case Semiannual:
		return 2
	case Annual:
		return 1
	}
	return 0
}

// PeriodStart returns the start of the period of frequency f holding t, in
// UTC: the day for daily data, the Monday of the ISO week for weekly and
// biweekly data, the first day of the month, quarter, half-year or year.
func PeriodStart(t time.Time, f Frequency) time.Time {
	y, m, d := t.Date()
	switch f {
	case Daily:
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	case Weekly, Biweekly:
		day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
		back := (int(day.Weekday()) + 6) % 7 // Monday = 0
		return day.AddDate(0, 0, -back)
	case Monthly:
		return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	case Quarterly:
		return time.Date(y, time.Month((int(m)-1)/3*3+1), 1, 0, 0, 0, 0, time.UTC)
	case Semiannual:
		return time.Date(y, time.Month((int(m)-1)/6*6+1), 1, 0, 0, 0, 0, time.UTC)
	case Annual:
		return time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// NextPeriod returns the start of the period after the one starting at start.
func NextPeriod(start time.Time, f Frequency) time.Time {
	switch f {
	case Daily:
		return start.AddDate(0, 0, 1)
	case Weekly:
		return start.AddDate(0, 0, 7)
	case Biweekly:
		return start.AddDate(0, 0, 14)
	}
	return start.AddDate(0, monthsIn[f], 0)
}

// FormatPeriod writes the period starting at t the way people write it for f:
// "2008-10-03" (daily, weekly), "2008-10" (monthly), "2008Q4", "2008H2", "2008".
func FormatPeriod(t time.Time, f Frequency) string {
	switch f {
	case Monthly:
		return t.Format("2006-01")
	case Quarterly:
		return fmt.Sprintf("%dQ%d", t.Year(), (int(t.Month())-1)/3+1)
	case Semiannual:
		return fmt.Sprintf("%dH%d", t.Year(), (int(t.Month())-1)/6+1)
	case Annual:
		return t.Format("2006")
	}
	return t.Format(time.DateOnly)
}

// subPeriods is how many periods of the finer calendar frequency src fit in
// one period of dst (3 months in a quarter), or 0 when src has no fixed count
// (daily, weekly).
func subPeriods(src, dst Frequency) int {
	ms, okS := monthsIn[src]
	md, okD := monthsIn[dst]
	if !okS || !okD || ms == 0 {
		return 0
	}
	return md / ms
}

package chart

import (
	"time"

	"gonum.org/v1/plot"
)

// maxDateTicks is the most labelled ticks on a time axis.
const maxDateTicks = 10

// dateTicks labels a time axis whose values are Unix seconds with round
// calendar dates: years (every 1, 2, 5, 10, 20, 25, 50 or 100), months
// (every 1, 2, 3 or 6) or days (every 1, 2, 7 or 14), whichever step gives
// at most maxDateTicks labels. Unlabelled minor ticks mark the finer unit
// when there is room.
type dateTicks struct{}

// Ticks implements plot.Ticker.
func (dateTicks) Ticks(lo, hi float64) []plot.Tick {
	from := time.Unix(int64(lo), 0).UTC()
	to := time.Unix(int64(hi), 0).UTC()
	years := to.Sub(from).Hours() / (24 * 365.25)
	switch {
	case years >= 3:
		for _, step := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 500} {
			if years/float64(step) <= maxDateTicks {
				return yearTicks(from, to, step)
			}
		}
		return yearTicks(from, to, 1000)
	case years*12 >= 3:
		months := years * 12
		for _, step := range []int{1, 2, 3, 6, 12} {
			if months/float64(step) <= maxDateTicks {
				return monthTicks(from, to, step)
			}
		}
	}
	days := to.Sub(from).Hours() / 24
	for _, step := range []int{1, 2, 7, 14, 28} {
		if days/float64(step) <= maxDateTicks {
			return dayTicks(from, to, step)
		}
	}
	return dayTicks(from, to, 28)
}

func unix(t time.Time) float64 { return float64(t.Unix()) }

func yearTicks(from, to time.Time, step int) []plot.Tick {
	var ticks []plot.Tick
	first := (from.Year() + step - 1) / step * step
	if from.Year() < 0 {
		first = from.Year()
	}
	minor := 1
	if step >= 10 {
		minor = step / 5
	} else if step == 1 {
		minor = 0
	}
	for y := first - step; y <= to.Year(); y += step {
		t := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
		if !t.Before(from) && !t.After(to) {
			ticks = append(ticks, plot.Tick{Value: unix(t), Label: t.Format("2006")})
		}
		for m := minor; minor > 0 && m < step; m += minor {
			mt := time.Date(y+m, 1, 1, 0, 0, 0, 0, time.UTC)
			if !mt.Before(from) && !mt.After(to) {
				ticks = append(ticks, plot.Tick{Value: unix(mt)})
			}
		}
	}
	return ticks
}

func monthTicks(from, to time.Time, step int) []plot.Tick {
	var ticks []plot.Tick
	t := time.Date(from.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	for ; !t.After(to); t = t.AddDate(0, step, 0) {
		if t.Before(from) {
			continue
		}
		label := t.Format("2006-01")
		if t.Month() == time.January && step < 12 {
			label = t.Format("2006")
		}
		ticks = append(ticks, plot.Tick{Value: unix(t), Label: label})
	}
	return ticks
}

func dayTicks(from, to time.Time, step int) []plot.Tick {
	var ticks []plot.Tick
	t := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, time.UTC)
	if step == 7 || step == 14 || step == 28 { // align on Mondays
		t = t.AddDate(0, 0, (8-int(t.Weekday()))%7)
	}
	for ; !t.After(to); t = t.AddDate(0, 0, step) {
		if !t.Before(from) {
			ticks = append(ticks, plot.Tick{Value: unix(t), Label: t.Format("2006-01-02")})
		}
	}
	return ticks
}

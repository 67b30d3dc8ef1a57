package obs

import (
	"slices"
	"time"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// InferFrequency guesses a series' frequency from the spacing of its ISO
// dates (in any order; duplicates and unparsable dates are ignored): the
// median gap between consecutive dates decides. Business-daily data (gaps of
// 1 and 3 days) is Daily. Fewer than two dates, or a median gap that fits no
// frequency, gives Unknown.
func InferFrequency(dates []string) catalogsrc.Frequency {
	days := make([]int64, 0, len(dates))
	for _, d := range dates {
		t, err := time.Parse(time.DateOnly, d)
		if err != nil {
			continue
		}
		days = append(days, t.Unix()/86400)
	}
	slices.Sort(days)
	days = slices.Compact(days)
	if len(days) < 2 {
		return catalogsrc.Unknown
	}
	gaps := make([]int64, len(days)-1)
	for i := 1; i < len(days); i++ {
		gaps[i-1] = days[i] - days[i-1]
	}
	slices.Sort(gaps)
	return frequencyOfGap(gaps[len(gaps)/2])
}

func frequencyOfGap(g int64) catalogsrc.Frequency {
	switch {
	case g <= 4:
		return catalogsrc.Daily
	case g >= 6 && g <= 8:
		return catalogsrc.Weekly
	case g >= 13 && g <= 16:
		return catalogsrc.Biweekly
	case g >= 28 && g <= 31:
		return catalogsrc.Monthly
	case g >= 89 && g <= 92:
		return catalogsrc.Quarterly
	case g >= 181 && g <= 184:
		return catalogsrc.Semiannual
	case g >= 365 && g <= 366:
		return catalogsrc.Annual
	}
	return catalogsrc.Unknown
}

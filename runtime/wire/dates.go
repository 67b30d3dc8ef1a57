package wire

import (
	"fmt"
	"strings"
	"time"
)

// ParseFrom reads the start of a range: "2005", "2005-03" or "2005-03-15",
// each taken at its first day. "" gives the zero time (open).
func ParseFrom(s string) (time.Time, error) {
	t, _, err := parseDate(s)
	return t, err
}

// ParseTo reads the end of a range: "2020" means the whole of 2020 and
// "2020-06" the whole of June, so each is taken at its last day. "" gives
// the zero time (open).
func ParseTo(s string) (time.Time, error) {
	t, layout, err := parseDate(s)
	if err != nil || t.IsZero() {
		return t, err
	}
	switch layout {
	case "2006":
		return t.AddDate(1, 0, -1), nil
	case "2006-01":
		return t.AddDate(0, 1, -1), nil
	}
	return t, nil
}

func parseDate(s string) (time.Time, string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, "", nil
	}
	for _, layout := range []string{time.DateOnly, "2006-01", "2006"} {
		if len(s) == len(layout) {
			if t, err := time.Parse(layout, s); err == nil {
				return t, layout, nil
			}
		}
	}
	return time.Time{}, "", fmt.Errorf("%w: date %q is not YYYY, YYYY-MM or YYYY-MM-DD", ErrBadRequest, s)
}

// ParseBase reads the base period of an index: a year ("2015"), a quarter
// ("2019Q4", "2019-Q4"), a month ("2019-10", "2019M10") or a day
// ("2019-10-01"). It returns the period's first day and the first day
// after it (the same day for a day).
func ParseBase(s string) (start, end time.Time, err error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	var y, n int
	switch {
	case len(s) == 6 && s[4] == 'Q', len(s) == 7 && s[4] == '-' && s[5] == 'Q':
		if _, err := fmt.Sscanf(s[:4]+" "+s[len(s)-1:], "%d %d", &y, &n); err == nil && n >= 1 && n <= 4 {
			start = time.Date(y, time.Month(3*n-2), 1, 0, 0, 0, 0, time.UTC)
			return start, start.AddDate(0, 3, 0), nil
		}
	case len(s) >= 6 && len(s) <= 7 && s[4] == 'M':
		if _, err := fmt.Sscanf(s[:4]+" "+s[5:], "%d %d", &y, &n); err == nil && n >= 1 && n <= 12 {
			start = time.Date(y, time.Month(n), 1, 0, 0, 0, 0, time.UTC)
			return start, start.AddDate(0, 1, 0), nil
		}
	default:
		t, layout, perr := parseDate(s)
		if perr == nil && !t.IsZero() {
			switch layout {
			case "2006":
				return t, t.AddDate(1, 0, 0), nil
			case "2006-01":
				return t, t.AddDate(0, 1, 0), nil
			}
			return t, t, nil
		}
	}
	return time.Time{}, time.Time{}, fmt.Errorf("%w: base %q is not a year (2015), quarter (2019Q4), month (2019-10) or date (2019-10-01)", ErrBadRequest, s)
}

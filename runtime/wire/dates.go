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

package generic

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ErrBadDate is returned by ParseDate for text that is not a date it knows.
var ErrBadDate = errors.New("generic: not a recognised date")

var months = map[string]int{
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
	"jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}

// ParseDate turns a date or period as catalogs write it into an ISO date
// "YYYY-MM-DD"; periods give their first day. Accepted: 2024-03-15,
// 2024-03-15T00:00:00Z, 2024-03, 2024, 15-03-2024 and 15.03.2024 (day
// first), 15-Mar-2024, 2024Q1 and 2024-Q1, 2024M03 and 2024-M03, 2024S2,
// 2024W05 (Monday of ISO week 5), 2024M03D15. Empty text gives "", nil.
func ParseDate(text string) (string, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return "", nil
	}
	bad := badDate(s)
	if len(s) > 10 && (s[10] == 'T' || s[10] == ' ') {
		s = s[:10]
	}
	up := strings.ToUpper(s)
	switch {
	case len(s) == 10 && s[4] == '-' && s[7] == '-':
		return ymd(s[0:4], s[5:7], s[8:10], bad)
	case len(s) == 7 && s[4] == '-' && s[5] >= '0' && s[5] <= '9':
		return ymd(s[0:4], s[5:7], "01", bad)
	case len(s) == 4:
		return ymd(s, "01", "01", bad)
	case len(s) == 10 && (s[2] == '-' || s[2] == '.' || s[2] == '/') && s[5] == s[2]:
		return ymd(s[6:10], s[3:5], s[0:2], bad)
	case len(s) == 11 && s[2] == '-' && s[6] == '-':
		m, ok := months[strings.ToLower(s[3:6])]
		if !ok {
			return "", bad
		}
		return ymd(s[7:11], strconv.Itoa(m), s[0:2], bad)
	}
	// Period codes: YYYY[-]Qn, YYYY[-]Mnn, YYYY[-]Sn, YYYY[-]Wnn, YYYYMnnDnn.
	if len(up) < 6 {
		return "", bad
	}
	year, rest := up[:4], strings.TrimPrefix(up[4:], "-")
	if rest == "" {
		return "", bad
	}
	kind, num := rest[0], rest[1:]
	if kind == 'M' {
		if i := strings.IndexByte(num, 'D'); i > 0 {
			return ymd(year, num[:i], num[i+1:], bad)
		}
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return "", bad
	}
	switch kind {
	case 'Q':
		if n < 1 || n > 4 {
			return "", bad
		}
		return ymd(year, strconv.Itoa(3*n-2), "01", bad)
	case 'M':
		return ymd(year, num, "01", bad)
	case 'S', 'H':
		if n < 1 || n > 2 {
			return "", bad
		}
		return ymd(year, strconv.Itoa(6*n-5), "01", bad)
	case 'W':
		y, err := strconv.Atoi(year)
		if err != nil || y < 1000 || n < 1 || n > 53 {
			return "", bad
		}
		// Monday of ISO week n: week 1 holds January 4th.
		jan4 := time.Date(y, 1, 4, 0, 0, 0, 0, time.UTC)
		monday := jan4.AddDate(0, 0, -((int(jan4.Weekday())+6)%7)+7*(n-1))
		if monday.Year() < 1000 {
			return "", bad // week 1 of year 1000 starts in 999, which no reader accepts back
		}
		return monday.Format("2006-01-02"), nil
	}
	return "", bad
}

// badDate is the error for text that is not a date; it formats lazily,
// since most calls succeed.
type badDate string

func (b badDate) Error() string { return fmt.Sprintf("%v: %q", ErrBadDate, string(b)) }
func (b badDate) Unwrap() error { return ErrBadDate }

// ymd validates and formats a date from its parts.
func ymd(y, m, d string, bad error) (string, error) {
	yi, err1 := strconv.Atoi(y)
	mi, err2 := strconv.Atoi(m)
	di, err3 := strconv.Atoi(d)
	if err1 != nil || err2 != nil || err3 != nil || yi < 1000 || yi > 9999 || mi < 1 || mi > 12 || di < 1 {
		return "", bad
	}
	t := time.Date(yi, time.Month(mi), di, 0, 0, 0, 0, time.UTC)
	if t.Day() != di {
		return "", bad // e.g. 31 February
	}
	return t.Format("2006-01-02"), nil
}

package obs

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// ErrBadDate is wrapped by ParsePeriod's errors.
var ErrBadDate = errors.New("obs: bad date")

// Years outside [MinYear, MaxYear] are rejected as typos or junk.
const (
	MinYear = 1000
	MaxYear = 2999
)

// Period is a parsed date text. Grain says how precise the text was: Daily
// for a full date, Monthly for "2023-05", Quarterly for "2023Q2", Annual for
// "2023". Month and Day are 1 when the text did not give them (a quarter's
// Month is its first month).
type Period struct {
	Year, Month, Day int
	Grain            catalogsrc.Frequency
}

// ParsePeriod reads the date forms observation files use: "2023-05-31",
// "2023/05/31", "2023-05", "2023M05", "2023Q2", "2023-Q2", "2023 Q2" and
// "2023". Calendar validity is checked (no 2023-02-30).
func ParsePeriod(text string) (Period, error) {
	s := strings.TrimSpace(text)
	bad := func(why string) (Period, error) {
		return Period{}, fmt.Errorf("%w %q: %s", ErrBadDate, Truncate(text), why)
	}
	if len(s) < 4 {
		return bad("too short")
	}
	year, ok := digits(s[:4])
	if !ok {
		return bad("does not start with a 4-digit year")
	}
	if year < MinYear || year > MaxYear {
		return bad(fmt.Sprintf("year outside %d–%d", MinYear, MaxYear))
	}
	rest := s[4:]
	switch {
	case rest == "":
		return Period{year, 1, 1, catalogsrc.Annual}, nil
	case len(rest) >= 2 && (rest[0] == 'Q' || rest[0] == 'q' || ((rest[0] == '-' || rest[0] == ' ') && (rest[1] == 'Q' || rest[1] == 'q'))):
		q := strings.TrimLeft(rest, "- ")
		if len(q) != 2 || q[1] < '1' || q[1] > '4' {
			return bad("quarter must be Q1–Q4")
		}
		return Period{year, int(q[1]-'1')*3 + 1, 1, catalogsrc.Quarterly}, nil
	case rest[0] == 'M' || rest[0] == 'm':
		m, ok := digits(rest[1:])
		if !ok || len(rest) != 3 || m < 1 || m > 12 {
			return bad("month must be M01–M12")
		}
		return Period{year, m, 1, catalogsrc.Monthly}, nil
	case rest[0] == '-' || rest[0] == '/':
		sep := rest[:1]
		parts := strings.Split(rest[1:], sep)
		if len(parts) > 2 {
			return bad("too many parts")
		}
		m, ok := digits(parts[0])
		if !ok || len(parts[0]) != 2 || m < 1 || m > 12 {
			return bad("month must be 01–12")
		}
		if len(parts) == 1 {
			return Period{year, m, 1, catalogsrc.Monthly}, nil
		}
		d, ok := digits(parts[1])
		if !ok || len(parts[1]) != 2 || d < 1 || d > daysIn(year, m) {
			return bad("day out of range for the month")
		}
		return Period{year, m, d, catalogsrc.Daily}, nil
	}
	return bad("unrecognised date form")
}

func digits(s string) (int, bool) {
	if s == "" || len(s) > 4 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// Start returns the ISO date that stands for p at frequency f: the first day
// of its month, quarter, half-year or year for M, Q, S and A; the date itself
// for finer or unknown frequencies. 2023-06-30 at Q gives "2023-04-01".
func (p Period) Start(f catalogsrc.Frequency) string {
	y, m, d := p.Year, p.Month, p.Day
	switch f {
	case catalogsrc.Monthly:
		d = 1
	case catalogsrc.Quarterly:
		m, d = (m-1)/3*3+1, 1
	case catalogsrc.Semiannual:
		m, d = (m-1)/6*6+1, 1
	case catalogsrc.Annual:
		m, d = 1, 1
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d)
}

package search

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/internal/countries"
)

// Filter errors.
var (
	ErrBadFilter = errors.New("search: bad filter")
	ErrBadMode   = errors.New("search: unknown mode")
)

// filter is a Request's filters, checked and normalised.
type filter struct {
	sources   []string // namespaces; empty: any
	frequency string   // catalogsrc frequency code; "": any
	country   string   // ISO3; "": any
	from, to  string   // ISO dates; "": open
	hasData   bool     // only rows whose observations are in the bundle
}

func (f filter) empty() bool {
	return len(f.sources) == 0 && f.frequency == "" && f.country == "" && f.from == "" && f.to == "" && !f.hasData
}

// onlyIndexed reports whether every active filter is one the text index
// can apply (coverage dates and data availability are not indexed).
func (f filter) onlyIndexed() bool { return f.from == "" && f.to == "" && !f.hasData }

// keepRowDoc reports whether a row's index document passes the filter's
// indexed fields (source, frequency, country), as indexFilter asks.
func (f filter) keepRowDoc(r *bundle.SeriesRow) bool {
	return (len(f.sources) == 0 || slices.Contains(f.sources, r.Source)) &&
		(f.frequency == "" || r.Frequency == f.frequency) &&
		(f.country == "" || r.Country == f.country)
}

// keepHeadingDoc reports whether a heading's index document (which holds
// a source, and no frequency or country) passes the indexed fields.
func (f filter) keepHeadingDoc(source string) bool {
	return f.frequency == "" && f.country == "" && (len(f.sources) == 0 || slices.Contains(f.sources, source))
}

// isoDate reports whether s is YYYY, YYYY-MM or YYYY-MM-DD (digits only
// checked, cheaply: it runs for every row a date filter sees).
func isoDate(s string) bool {
	if len(s) != 4 && len(s) != 7 && len(s) != 10 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i == 4 || i == 7 {
			if c != '-' {
				return false
			}
		} else if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// compileFilter checks a request's filters against the catalog's sources.
func compileFilter(req Request, known []string) (filter, error) {
	f := filter{hasData: req.HasData}
	for _, s := range req.Sources {
		s = strings.ToLower(strings.TrimSpace(s))
		if s == "" {
			continue
		}
		if !slices.Contains(known, s) {
			return filter{}, fmt.Errorf("%w: source %q is not in this catalog (sources: %s)", ErrBadFilter, s, strings.Join(known, ", "))
		}
		if !slices.Contains(f.sources, s) {
			f.sources = append(f.sources, s)
		}
	}
	if fr := strings.TrimSpace(req.Frequency); fr != "" {
		code := catalogsrc.Frequency(strings.ToUpper(fr))
		switch code {
		case catalogsrc.Daily, catalogsrc.Weekly, catalogsrc.Biweekly, catalogsrc.Monthly, catalogsrc.Quarterly, catalogsrc.Semiannual, catalogsrc.Annual:
		default:
			code = catalogsrc.ParseFrequency(fr)
		}
		if code == catalogsrc.Unknown {
			return filter{}, fmt.Errorf("%w: frequency %q (want D, W, BW, M, Q, S or A)", ErrBadFilter, fr)
		}
		f.frequency = string(code)
	}
	if c := strings.TrimSpace(req.Country); c != "" {
		found, ok := countries.Lookup(c)
		if !ok {
			return filter{}, fmt.Errorf("%w: country %q (want an ISO3 code such as TUR)", ErrBadFilter, c)
		}
		f.country = found.ISO3
	}
	var err error
	if f.from, err = periodBound(req.From, "from", false); err != nil {
		return filter{}, err
	}
	if f.to, err = periodBound(req.To, "to", true); err != nil {
		return filter{}, err
	}
	if f.from != "" && f.to != "" && f.from > f.to {
		return filter{}, fmt.Errorf("%w: from %s is after to %s", ErrBadFilter, req.From, req.To)
	}
	return f, nil
}

// periodBound turns "2020", "2020-03" or "2020-03-15" into a comparable
// ISO date: the period's first day, or with end its last ("2020" →
// "2020-12-31"; days are compared as text, so "31" closes any month).
func periodBound(s, field string, end bool) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	if !isoDate(s) {
		return "", fmt.Errorf("%w: %s %q (want an ISO date: 2020, 2020-03 or 2020-03-15)", ErrBadFilter, field, s)
	}
	return padDate(s, end), nil
}

func padDate(s string, end bool) string {
	switch len(s) {
	case 4:
		if end {
			return s + "-12-31"
		}
		return s + "-01-01"
	case 7:
		if end {
			return s + "-31"
		}
		return s + "-01"
	}
	return s
}

// keepRow reports whether a row passes the filter. A row with unknown
// coverage passes the date filters: it is not known to miss the period.
func (f filter) keepRow(r *bundle.SeriesRow) bool {
	if len(f.sources) > 0 && !slices.Contains(f.sources, r.Source) {
		return false
	}
	if f.frequency != "" && r.Frequency != f.frequency {
		return false
	}
	if f.country != "" && r.Country != f.country {
		return false
	}
	if f.hasData && r.ObsCount == 0 {
		return false
	}
	if f.from != "" && r.End != "" && isoDate(r.End) && padDate(r.End, true) < f.from {
		return false
	}
	if f.to != "" && r.Start != "" && isoDate(r.Start) && padDate(r.Start, false) > f.to {
		return false
	}
	return true
}

// ptr returns a pointer to a row built on demand (for helpers that take
// rows by pointer).
func ptr(r bundle.SeriesRow) *bundle.SeriesRow { return &r }

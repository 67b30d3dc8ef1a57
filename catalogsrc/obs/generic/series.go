package generic

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/catalogsrc"
	catgeneric "github.com/sextant-dev/sextant/catalogsrc/generic"
	"github.com/sextant-dev/sextant/catalogsrc/obs"
)

// date is a parsed date text: the ISO date it stands for and the
// frequency its form implies (Daily for a full date).
type date struct {
	t     time.Time
	grain catalogsrc.Frequency
	text  string
}

// parseDate reads the forms the package doc lists.
func parseDate(text string) (date, error) {
	s := strings.TrimSpace(text)
	if len(s) >= 7 && (s[4] == 'W' || s[4] == 'w' || (s[4] == '-' && (s[5] == 'W' || s[5] == 'w'))) {
		wk := strings.TrimLeft(s[4:], "-Ww")
		year, ok1 := atoi(s[:4])
		week, ok2 := atoi(wk)
		if !ok1 || !ok2 || len(wk) != 2 || week < 1 || week > isoWeeks(year) || year < obs.MinYear || year > obs.MaxYear {
			return date{}, fmt.Errorf("%w %q: week must be W01–W%02d", obs.ErrBadDate, obs.Truncate(text), isoWeeks(year))
		}
		monday := isoMonday(year, week)
		if monday.Year() < obs.MinYear {
			return date{}, fmt.Errorf("%w %q: the week starts before %d", obs.ErrBadDate, obs.Truncate(text), obs.MinYear)
		}
		return date{t: monday, grain: catalogsrc.Weekly, text: s}, nil
	}
	p, err := obs.ParsePeriod(s)
	if err != nil {
		return date{}, err
	}
	return date{t: time.Date(p.Year, time.Month(p.Month), p.Day, 0, 0, 0, 0, time.UTC), grain: p.Grain, text: s}, nil
}

func atoi(s string) (int, bool) {
	if s == "" || len(s) > 4 {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// isoMonday is the Monday of ISO week w of year y.
func isoMonday(y, w int) time.Time {
	jan4 := time.Date(y, 1, 4, 0, 0, 0, 0, time.UTC)
	back := (int(jan4.Weekday()) + 6) % 7
	return jan4.AddDate(0, 0, -back+7*(w-1))
}

// isoWeeks is 52 or 53: the ISO weeks of year y.
func isoWeeks(y int) int {
	_, w := time.Date(y, 12, 28, 0, 0, 0, 0, time.UTC).ISOWeek()
	return w
}

// periodStart is the start of t's period at f (a week's Monday; a day is itself).
func periodStart(t time.Time, f catalogsrc.Frequency) time.Time {
	y, m, _ := t.Date()
	switch f {
	case catalogsrc.Weekly, catalogsrc.Biweekly:
		return t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7))
	case catalogsrc.Monthly:
		return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	case catalogsrc.Quarterly:
		return time.Date(y, (m-1)/3*3+1, 1, 0, 0, 0, 0, time.UTC)
	case catalogsrc.Semiannual:
		return time.Date(y, (m-1)/6*6+1, 1, 0, 0, 0, 0, time.UTC)
	case catalogsrc.Annual:
		return time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	return t
}

// rank orders frequencies from finest to coarsest.
var rank = map[catalogsrc.Frequency]int{catalogsrc.Daily: 0, catalogsrc.Weekly: 1, catalogsrc.Biweekly: 2,
	catalogsrc.Monthly: 3, catalogsrc.Quarterly: 4, catalogsrc.Semiannual: 5, catalogsrc.Annual: 6}

// entry is one row's contribution to a series.
type entry struct {
	d       date
	value   float64
	present bool
	line    int
	raw     string
}

type series struct {
	id             string
	pos            catalogsrc.Pos
	freq           catalogsrc.Frequency // declared (option or column), or Unknown
	freqLine       int
	dateField      string
	freqField      string
	entries        []entry
	disagreeReport *catalogsrc.Problem
}

// seriesSet gathers the series of one file in order of first appearance.
type seriesSet struct {
	src   *Source
	order []string
	byID  map[string]*series
}

func newSeriesSet(s *Source) *seriesSet { return &seriesSet{src: s, byID: map[string]*series{}} }

func (set *seriesSet) add(id string, freq catalogsrc.Frequency, d date, v float64, present bool, row catgeneric.InputRow, dateField, freqField string, sink catalogsrc.ObservationSink) {
	sr := set.byID[id]
	if sr == nil {
		sr = &series{id: id, pos: row.Pos, freq: freq, freqLine: row.Pos.Line, dateField: dateField, freqField: freqField}
		set.byID[id] = sr
		set.order = append(set.order, id)
	} else if freq != sr.freq && sr.disagreeReport == nil {
		p := problem(row, freqField, fmt.Sprintf("series %s: frequency %s here, %s at line %d", id, freq, sr.freq, sr.freqLine))
		sr.disagreeReport = &p
	}
	sr.entries = append(sr.entries, entry{d: d, value: v, present: present, line: row.Pos.Line, raw: obs.Truncate(row.Raw)})
}

// finish checks each series' dates against its frequency and emits the
// ones that agree.
func (set *seriesSet) finish(ctx context.Context, sink catalogsrc.ObservationSink) error {
	for _, id := range set.order {
		if err := ctx.Err(); err != nil {
			return err
		}
		sr := set.byID[id]
		delete(set.byID, id)
		sd, ok, p := set.src.build(sr, sink)
		if p != nil {
			sink.Reject(*p)
			continue
		}
		if !ok {
			continue
		}
		if err := sink.AddSeries(sd); err != nil {
			return err
		}
	}
	return nil
}

// build settles a series' frequency and points, or reports why its dates
// disagree with it.
func (s *Source) build(sr *series, rej obs.Rejecter) (catalogsrc.SeriesData, bool, *catalogsrc.Problem) {
	if sr.disagreeReport != nil {
		return catalogsrc.SeriesData{}, false, sr.disagreeReport
	}
	reject := func(e entry, field, reason string) (catalogsrc.SeriesData, bool, *catalogsrc.Problem) {
		return catalogsrc.SeriesData{}, false, &catalogsrc.Problem{Pos: catalogsrc.Pos{File: sr.pos.File, Line: e.line}, Field: field,
			Reason: fmt.Sprintf("series %s left out: %s", sr.id, reason), Raw: e.raw}
	}
	grain := sr.entries[0].d.grain
	for _, e := range sr.entries[1:] {
		if e.d.grain != grain {
			return reject(e, sr.dateField, fmt.Sprintf("dates mix forms: %q (%s) and %q (%s, line %d)", e.d.text, name(e.d.grain), sr.entries[0].d.text, name(grain), sr.entries[0].line))
		}
	}
	freq := sr.freq
	if freq == catalogsrc.Unknown {
		freq = grain
		if grain == catalogsrc.Daily {
			dates := make([]string, len(sr.entries))
			for i, e := range sr.entries {
				dates[i] = e.d.t.Format(time.DateOnly)
			}
			freq = obs.InferFrequency(dates)
			if freq == catalogsrc.Unknown && len(sr.entries) > 1 {
				return reject(sr.entries[0], sr.dateField, "the spacing of its dates fits no frequency (give options.frequency or a frequency column)")
			}
		}
	}
	if freq != catalogsrc.Unknown && rank[grain] > rank[freq] {
		return reject(sr.entries[0], sr.dateField, fmt.Sprintf("date %q is %s, coarser than the series' frequency (%s)", sr.entries[0].d.text, name(grain), name(freq)))
	}
	b := &obs.Builder{ID: s.namespace + ":" + sr.id, Frequency: freq, Pos: sr.pos, DateField: sr.dateField}
	seen := make(map[time.Time]int, len(sr.entries)) // period start → first entry
	for i, e := range sr.entries {
		start := e.d.t
		if freq != catalogsrc.Unknown && freq != catalogsrc.Daily {
			start = periodStart(e.d.t, freq)
		}
		if prev, dup := seen[start]; dup && freq != catalogsrc.Daily && e.d.t != sr.entries[prev].d.t {
			return reject(e, sr.dateField, fmt.Sprintf("dates %q and %q (line %d) fall in the same %s period: the dates disagree with the frequency", e.d.text, sr.entries[prev].d.text, sr.entries[prev].line, name(freq)))
		}
		if _, dup := seen[start]; !dup {
			seen[start] = i
		}
		iso := e.d.t.Format(time.DateOnly)
		if freq != catalogsrc.Daily && freq != catalogsrc.Weekly && freq != catalogsrc.Biweekly && freq != catalogsrc.Unknown {
			iso = start.Format(time.DateOnly)
		}
		if e.present {
			b.Add(iso, e.value, e.line)
		} else {
			b.AddMissing(iso)
		}
	}
	sd, ok := b.Finish(rej) // the same date twice: the later rows are reported and dropped
	return sd, ok, nil
}

func name(f catalogsrc.Frequency) string {
	switch f {
	case catalogsrc.Daily:
		return "daily"
	case catalogsrc.Weekly:
		return "weekly"
	case catalogsrc.Biweekly:
		return "biweekly"
	case catalogsrc.Monthly:
		return "monthly"
	case catalogsrc.Quarterly:
		return "quarterly"
	case catalogsrc.Semiannual:
		return "semiannual"
	case catalogsrc.Annual:
		return "annual"
	}
	return "unknown"
}

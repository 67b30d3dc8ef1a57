// Package generic reads a user's own observation file as observation kind
// "generic": CSV, TSV, JSON Lines or Parquet, in long layout (a series, a
// date and a value column, any other columns ignored) or wide layout (a date
// column and one column per series, named by its id). Ids become
// <namespace>:<id> so that they meet the catalog rows of that source.
//
// Dates may be written YYYY, YYYY-MM, YYYY-MM-DD (or YYYY/MM/DD), YYYY-Qn
// (or YYYYQn), YYYYMmm and YYYY-Www (ISO week, or YYYYWww); they are stored
// at period start (a week at its Monday). A series' frequency is the one its
// frequency column or options.frequency gives, else the one its date form
// says, else (full dates) the one their spacing says. A series whose dates
// disagree with its frequency (mixed forms, a coarser form than the
// frequency, two dates in one period, spacing that fits no frequency) is
// reported at the first row that shows it and left out; bad rows are
// reported with file, line and field and skipped, as in the catalog readers
// (a --strict build fails on them).
//
// Spec: files.file (required); layout (long, default, or wide); columns
// (series, date, value, and optional frequency; defaults are those names;
// wide uses only date); namespace (default: the entry's name); format
// (csv|tsv|jsonl|parquet, else from the extension); options.frequency (D, W,
// M, Q, S, A), options.missing (comma-separated texts meaning no value,
// besides "", ".", NA, NaN, n/a, null), options.delimiter, options.encoding.
// In Parquet files dates may be text, DATE or TIMESTAMP columns.
package generic

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/catalogsrc"
	catgeneric "github.com/sextant-dev/sextant/catalogsrc/generic"
	"github.com/sextant-dev/sextant/catalogsrc/obs"
)

// Kind is the registered observation kind.
const Kind = "generic"

func init() { catalogsrc.RegisterObservations(Kind, New) }

// Layouts.
const (
	Long = "long"
	Wide = "wide"
)

// Source reads one mapped observation file.
type Source struct {
	path, format, layout, namespace string
	cols                            map[string]string // series, date, value, frequency
	freq                            catalogsrc.Frequency
	values                          obs.ValueSyntax
	opt                             catgeneric.TableOptions
}

var mappable = []string{"series", "date", "value", "frequency"}

// New builds a Source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.ObservationSource, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: observations %q (kind generic): %s", catalogsrc.ErrBadSpec, spec.Name, fmt.Sprintf(format, args...))
	}
	path, err := spec.RequireFile("file")
	if err != nil {
		return nil, err
	}
	s := &Source{path: path, layout: strings.ToLower(spec.Options["layout"]), namespace: obs.Namespace(spec, spec.Name),
		cols: map[string]string{"series": "series", "date": "date", "value": "value"}}
	if s.layout == "" {
		s.layout = Long
	}
	if s.layout != Long && s.layout != Wide {
		return nil, bad("layout %q: want long or wide", s.layout)
	}
	if s.namespace == "" || strings.ContainsAny(s.namespace, ": \t") {
		return nil, bad("namespace %q: want a catalog source name such as fred", s.namespace)
	}
	for k, v := range spec.Columns {
		if !slices.Contains(mappable, k) {
			return nil, bad("columns.%s: want series, date, value or frequency", k)
		}
		if strings.TrimSpace(v) == "" {
			return nil, bad("columns.%s names no column", k)
		}
		if s.layout == Wide && k != "date" {
			return nil, bad("columns.%s: a wide file maps only its date column (every other column is a series)", k)
		}
		s.cols[k] = strings.TrimSpace(v)
	}
	s.format = catgeneric.FormatOf(path, spec.Options["format"])
	switch s.format {
	case "csv", "tsv", "jsonl", "parquet":
	default:
		return nil, bad("format %q: want csv, tsv, jsonl or parquet", s.format)
	}
	if f := spec.Options["frequency"]; f != "" {
		s.freq = catalogsrc.ParseFrequency(f)
		if s.freq == catalogsrc.Unknown {
			return nil, bad("options.frequency %q: want D, W, M, Q, S or A", f)
		}
	}
	s.values = obs.ValueSyntax{Missing: []string{".", "NA", "NaN", "n/a", "null", "#N/A"}}
	for _, m := range strings.Split(spec.Options["missing"], ",") {
		if m = strings.TrimSpace(m); m != "" {
			s.values.Missing = append(s.values.Missing, m)
		}
	}
	if d := spec.Options["delimiter"]; d != "" {
		r, size := utf8.DecodeRuneInString(d)
		if d == `\t` {
			r, size = '\t', 2
		}
		if size != len(d) {
			return nil, bad("delimiter %q must be one character", d)
		}
		s.opt.Comma = r
	}
	s.opt.Encoding = spec.Options["encoding"]
	return s, nil
}

// Name implements catalogsrc.ObservationSource.
func (s *Source) Name() string { return s.namespace }

// Files implements catalogsrc.ObservationSource.
func (s *Source) Files() []string { return []string{s.path} }

// ReadObservations implements catalogsrc.ObservationSource.
func (s *Source) ReadObservations(ctx context.Context, sink catalogsrc.ObservationSink) error {
	rows, err := catgeneric.OpenRows(s.path, s.format, s.opt)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols := rows.Columns()
	need := []string{s.cols["date"]}
	if s.layout == Long {
		need = append(need, s.cols["series"], s.cols["value"])
		if c, ok := s.cols["frequency"]; ok {
			need = append(need, c)
		}
	}
	if s.format != "jsonl" { // JSON Lines keys are known only row by row
		for _, c := range need {
			if !slices.Contains(cols, c) {
				return obs.Unreadable(s.path, fmt.Errorf("missing column %s (columns: %s)", c, obs.Truncate(strings.Join(cols, ","))))
			}
		}
	}
	set := newSeriesSet(s)
	var seriesCols []string
	if s.layout == Wide {
		for _, c := range cols {
			if c != s.cols["date"] && strings.TrimSpace(c) != "" {
				seriesCols = append(seriesCols, c)
			}
		}
		if len(seriesCols) == 0 {
			return obs.Unreadable(s.path, errors.New("wide layout: no series column beside the date column"))
		}
	}
	for n := 0; ; n++ {
		if err := obs.Canceled(ctx, n); err != nil {
			return err
		}
		row, err := rows.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		var p *catalogsrc.Problem
		if errors.As(err, &p) {
			sink.Reject(*p)
			continue
		}
		if err != nil {
			return err
		}
		if s.layout == Long {
			set.addLong(row, sink)
		} else {
			set.addWide(row, seriesCols, sink)
		}
	}
	if s.format == "jsonl" { // the keys are known now
		seen := rows.Columns()
		for _, c := range need {
			if !slices.Contains(seen, c) {
				return obs.Unreadable(s.path, fmt.Errorf("no record has key %s (keys: %s)", c, obs.Truncate(strings.Join(seen, ","))))
			}
		}
	}
	return set.finish(ctx, sink)
}

func first(row catgeneric.InputRow, col string) string {
	if v := row.Values[col]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func problem(row catgeneric.InputRow, field, reason string) catalogsrc.Problem {
	return catalogsrc.Problem{Pos: row.Pos, Field: field, Reason: reason, Raw: obs.Truncate(row.Raw)}
}

func (set *seriesSet) addLong(row catgeneric.InputRow, sink catalogsrc.ObservationSink) {
	s := set.src
	id := strings.TrimSpace(first(row, s.cols["series"]))
	if reason := badID(id); reason != "" {
		sink.Reject(problem(row, s.cols["series"], reason))
		return
	}
	d, err := parseDate(first(row, s.cols["date"]))
	if err != nil {
		sink.Reject(problem(row, s.cols["date"], err.Error()))
		return
	}
	freq := s.freq
	if c, ok := s.cols["frequency"]; ok {
		if text := strings.TrimSpace(first(row, c)); text != "" {
			if freq = catalogsrc.ParseFrequency(text); freq == catalogsrc.Unknown {
				sink.Reject(problem(row, c, fmt.Sprintf("unknown frequency %q (want D, W, M, Q, S or A)", obs.Truncate(text))))
				return
			}
		}
	}
	v, ok, err := s.values.ParseValue(first(row, s.cols["value"]))
	if err != nil {
		sink.Reject(problem(row, s.cols["value"], err.Error()))
		return
	}
	set.add(id, freq, d, v, ok, row, s.cols["date"], s.cols["frequency"], sink)
}

func (set *seriesSet) addWide(row catgeneric.InputRow, seriesCols []string, sink catalogsrc.ObservationSink) {
	s := set.src
	d, err := parseDate(first(row, s.cols["date"]))
	if err != nil {
		sink.Reject(problem(row, s.cols["date"], err.Error()))
		return
	}
	for _, c := range seriesCols {
		v, ok, err := s.values.ParseValue(first(row, c))
		if err != nil {
			sink.Reject(problem(row, c, err.Error()))
			continue
		}
		set.add(strings.TrimSpace(c), s.freq, d, v, ok, row, s.cols["date"], "", sink)
	}
}

// badID says what is wrong with a series id, or "".
func badID(id string) string {
	if id == "" {
		return "empty series id"
	}
	for _, r := range id {
		if r < 0x20 || r == 0x7f {
			return fmt.Sprintf("series id %q has control characters", obs.Truncate(id))
		}
	}
	return ""
}

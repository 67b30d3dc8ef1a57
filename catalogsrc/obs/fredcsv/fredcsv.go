// Package fredcsv reads FRED CSV downloads (header "observation_date,<ID>"
// or "DATE,<ID>", one date and one value per row) as observation kind
// "fred-csv". The id is "fred:"+<ID> from the header, so a renamed file such
// as INDPRO_2020.csv still links to fred:INDPRO. Values "." or empty are
// missing and left out; the frequency is inferred from the date spacing.
//
// When two files give the same id, the one whose data ends later is kept (on
// a tie, the one with more points, then the first in path order); the other
// is rejected with a Problem naming both files. Vintages are never spliced.
//
// Spec: files.dir (a folder whose *.csv files are read, not recursively),
// any other files.<role> (one CSV each), and/or options.files (comma-separated
// paths, relative to files.dir when that is set). options.encoding (default
// utf-8), options.namespace (id prefix, default "fred").
package fredcsv

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs"
)

// Kind is the registered observation kind.
const Kind = "fred-csv"

func init() {
	catalogsrc.RegisterObservations(Kind, New)
}

// Source reads a set of FRED CSV files.
type Source struct {
	dir       string
	files     []string // explicit files, resolved
	encoding  string
	namespace string
}

// New builds a Source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.ObservationSource, error) {
	s := &Source{dir: spec.Files["dir"], encoding: spec.Options["encoding"], namespace: obs.Namespace(spec, "fred")}
	if _, err := obs.NewDecoder(s.encoding); err != nil {
		return nil, fmt.Errorf("source %q: %w", spec.Name, err)
	}
	roles := make([]string, 0, len(spec.Files))
	for role := range spec.Files {
		roles = append(roles, role)
	}
	sort.Strings(roles)
	for _, role := range roles {
		if role != "dir" && spec.Files[role] != "" {
			s.files = append(s.files, spec.Files[role])
		}
	}
	for _, p := range strings.Split(spec.Options["files"], ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if s.dir != "" && !filepath.IsAbs(p) {
			p = filepath.Join(s.dir, p)
		}
		s.files = append(s.files, p)
	}
	if s.dir == "" && len(s.files) == 0 {
		return nil, fmt.Errorf("%w: source %q (kind %s) needs files.dir, another files.<role> or options.files", catalogsrc.ErrBadSpec, spec.Name, spec.Kind)
	}
	return s, nil
}

// Name implements catalogsrc.ObservationSource.
func (s *Source) Name() string { return s.namespace }

// Files implements catalogsrc.ObservationSource: the folder's CSV files (or
// the folder itself when it cannot be listed) and the explicit files.
func (s *Source) Files() []string {
	files, err := s.resolve()
	if err != nil {
		return append([]string{s.dir}, s.files...)
	}
	return files
}

// resolve lists the input files: explicit files win over the folder's when
// both name the same path; duplicates are dropped; folder files are sorted.
func (s *Source) resolve() ([]string, error) {
	var out []string
	if s.dir != "" {
		entries, err := os.ReadDir(s.dir)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %w", catalogsrc.ErrUnreadable, s.dir, err)
		}
		for _, e := range entries {
			if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".csv") {
				out = append(out, filepath.Join(s.dir, e.Name()))
			}
		}
	}
	for _, f := range s.files {
		if !slices.Contains(out, filepath.Clean(f)) {
			out = append(out, filepath.Clean(f))
		}
	}
	return out, nil
}

// ReadObservations implements catalogsrc.ObservationSource.
func (s *Source) ReadObservations(ctx context.Context, sink catalogsrc.ObservationSink) error {
	files, err := s.resolve()
	if err != nil {
		return err
	}
	// First pass: header ids only, to find files that share an id.
	ids := make([]string, len(files))
	byID := map[string][]int{}
	for i, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		id, err := s.headerID(f)
		if err != nil {
			return err
		}
		ids[i] = id
		byID[id] = append(byID[id], i)
	}
	kept := map[string]parsed{} // id -> winner, for ids given by several files
	for id, group := range byID {
		if len(group) > 1 {
			w, err := s.pickNewest(ctx, files, group, sink)
			if err != nil {
				return err
			}
			kept[id] = w
		}
	}
	for i, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		var p parsed
		if w, dup := kept[ids[i]]; dup {
			if w.file != f {
				continue
			}
			p = w
			for _, prob := range p.problems {
				sink.Reject(prob)
			}
		} else if p, err = s.parseFile(ctx, f, sink); err != nil {
			return err
		}
		if !p.ok {
			continue
		}
		if err := sink.AddSeries(p.series); err != nil {
			return err
		}
	}
	return nil
}

type parsed struct {
	file     string
	series   catalogsrc.SeriesData
	ok       bool // series has points
	problems []catalogsrc.Problem
	raw      string // header line
}

type collect struct{ ps []catalogsrc.Problem }

func (c *collect) Reject(p catalogsrc.Problem) { c.ps = append(c.ps, p) }

// pickNewest parses every file of a same-id group, rejects all but the one
// whose data ends last (then the longest, then the first), and returns it
// with its row problems held back for the caller to forward.
func (s *Source) pickNewest(ctx context.Context, files []string, group []int, sink catalogsrc.ObservationSink) (parsed, error) {
	cands := make([]parsed, 0, len(group))
	for _, i := range group {
		var c collect
		p, err := s.parseFile(ctx, files[i], &c)
		if err != nil {
			return parsed{}, err
		}
		p.problems = c.ps
		cands = append(cands, p)
	}
	best := 0
	for i := 1; i < len(cands); i++ {
		if newer(cands[i], cands[best]) {
			best = i
		}
	}
	w := cands[best]
	for i, c := range cands {
		if i == best {
			continue
		}
		sink.Reject(catalogsrc.Problem{
			Pos:    catalogsrc.Pos{File: c.file, Line: 1},
			Field:  headerField(c.raw),
			Reason: fmt.Sprintf("series id %s also in %s (%s); kept that file, whose data ends later or is longer, and dropped this one (%s)", w.series.ID, w.file, span(w), span(c)),
			Raw:    c.raw,
		})
	}
	return w, nil
}

func newer(a, b parsed) bool {
	if a.ok != b.ok {
		return a.ok
	}
	if !a.ok {
		return false
	}
	la, lb := a.series.Points[len(a.series.Points)-1].Date, b.series.Points[len(b.series.Points)-1].Date
	if la != lb {
		return la > lb
	}
	return len(a.series.Points) > len(b.series.Points)
}

func span(p parsed) string {
	if !p.ok {
		return "no values"
	}
	pts := p.series.Points
	return fmt.Sprintf("%s to %s, %d values", pts[0].Date, pts[len(pts)-1].Date, len(pts))
}

func headerField(raw string) string {
	_, id, _ := strings.Cut(raw, ",")
	return strings.TrimSpace(id)
}

// headerID reads only the header of file and returns the namespaced id.
func (s *Source) headerID(file string) (string, error) {
	f, err := obs.Open(file, s.encoding)
	if err != nil {
		return "", err
	}
	defer f.Close()
	in := obs.NewCSV(f, file, ',')
	header, err := in.Header(&collect{})
	if err != nil {
		return "", err
	}
	return s.idFromHeader(file, header)
}

var dateColumns = []string{"observation_date", "date"}

func (s *Source) idFromHeader(file string, header []string) (string, error) {
	if len(header) != 2 || !slices.Contains(dateColumns, strings.ToLower(header[0])) {
		return "", obs.Unreadable(file, fmt.Errorf("header %q is not \"observation_date,<ID>\" or \"DATE,<ID>\"", obs.Raw(header, ",")))
	}
	id := header[1]
	if id == "" || strings.ContainsAny(id, " \t:|\"") {
		return "", obs.Unreadable(file, fmt.Errorf("header names no usable series id: %q", id))
	}
	return s.namespace + ":" + id, nil
}

func (s *Source) parseFile(ctx context.Context, file string, rej obs.Rejecter) (parsed, error) {
	f, err := obs.Open(file, s.encoding)
	if err != nil {
		return parsed{}, err
	}
	defer f.Close()
	return s.read(ctx, f, file, rej)
}

var valueSyntax = obs.ValueSyntax{Missing: []string{"."}}

// read parses one FRED CSV.
func (s *Source) read(ctx context.Context, r io.Reader, file string, rej obs.Rejecter) (parsed, error) {
	in := obs.NewCSV(r, file, ',')
	header, err := in.Header(rej)
	if err != nil {
		return parsed{}, err
	}
	id, err := s.idFromHeader(file, header)
	if err != nil {
		return parsed{}, err
	}
	b := &obs.Builder{ID: id, Pos: catalogsrc.Pos{File: file, Line: 1}, DateField: header[0]}
	err = in.Each(ctx, rej, 0, func(r obs.Row) error {
		date, v, ok, p := parseRow(r.Fields, header)
		switch {
		case p != nil:
			return r.Reject(rej, p.Field, p.Reason)
		case ok:
			b.Add(date, v, r.Line)
		default:
			b.AddMissing(date)
		}
		return nil
	})
	if err != nil {
		return parsed{}, err
	}
	b.Frequency = obs.InferFrequency(b.Dates())
	sd, ok := b.Finish(rej)
	return parsed{file: file, series: sd, ok: ok, raw: obs.Raw(header, ",")}, nil
}

// parseRow reads "date,value"; ok is false for a missing value.
func parseRow(rec, header []string) (date string, v float64, ok bool, p *catalogsrc.Problem) {
	if len(rec) != 2 {
		return "", 0, false, &catalogsrc.Problem{Reason: fmt.Sprintf("row has %d fields, want 2 (date, value)", len(rec))}
	}
	per, err := obs.ParsePeriod(rec[0])
	if err != nil {
		return "", 0, false, &catalogsrc.Problem{Field: header[0], Reason: err.Error()}
	}
	v, ok, err = valueSyntax.ParseValue(rec[1])
	if err != nil {
		return "", 0, false, &catalogsrc.Problem{Field: header[1], Reason: err.Error()}
	}
	return per.Start(catalogsrc.Daily), v, ok, nil
}

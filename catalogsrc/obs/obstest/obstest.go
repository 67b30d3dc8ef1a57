// Package obstest holds test helpers for the observation readers: sinks that
// collect output, a structural check every emitted series must pass, and the
// location of the observation test files (shared real data is located with
// internal/testenv).
package obstest

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/internal/testenv"
)

// Sink collects series and problems.
type Sink struct {
	Series   []catalogsrc.SeriesData
	Problems []catalogsrc.Problem
}

// AddSeries implements catalogsrc.ObservationSink.
func (s *Sink) AddSeries(sd catalogsrc.SeriesData) error {
	s.Series = append(s.Series, sd)
	return nil
}

// Reject implements catalogsrc.ObservationSink.
func (s *Sink) Reject(p catalogsrc.Problem) { s.Problems = append(s.Problems, p) }

// ByID returns the series with id, or nil.
func (s *Sink) ByID(id string) *catalogsrc.SeriesData {
	for i := range s.Series {
		if s.Series[i].ID == id {
			return &s.Series[i]
		}
	}
	return nil
}

// RecordSink collects catalog records and problems.
type RecordSink struct {
	Records  []catalogsrc.Record
	Problems []catalogsrc.Problem
}

// Add implements catalogsrc.Sink.
func (s *RecordSink) Add(r catalogsrc.Record) error {
	s.Records = append(s.Records, r)
	return nil
}

// Reject implements catalogsrc.Sink.
func (s *RecordSink) Reject(p catalogsrc.Problem) { s.Problems = append(s.Problems, p) }

// Value returns the value at date and whether there is one.
func Value(sd *catalogsrc.SeriesData, date string) (float64, bool) {
	for _, p := range sd.Points {
		if p.Date == date {
			return p.Value, true
		}
	}
	return 0, false
}

// CheckSeries fails t unless sd keeps the ObservationSource contract: an id,
// valid ISO dates in strictly increasing order, finite values, at least one
// point, and a position naming a file.
func CheckSeries(t testing.TB, sd catalogsrc.SeriesData) {
	t.Helper()
	if sd.ID == "" {
		t.Errorf("series with empty id at %s", sd.Pos)
	}
	if sd.Pos.File == "" {
		t.Errorf("series %s: no file in Pos", sd.ID)
	}
	if len(sd.Points) == 0 {
		t.Errorf("series %s: no points", sd.ID)
	}
	for i, p := range sd.Points {
		if _, err := time.Parse(time.DateOnly, p.Date); err != nil {
			t.Errorf("series %s: point %d: bad date %q", sd.ID, i, p.Date)
		}
		if math.IsNaN(p.Value) || math.IsInf(p.Value, 0) {
			t.Errorf("series %s: point %d (%s): value %v", sd.ID, i, p.Date, p.Value)
		}
		if i > 0 && sd.Points[i-1].Date >= p.Date {
			t.Errorf("series %s: dates not strictly increasing: %s then %s", sd.ID, sd.Points[i-1].Date, p.Date)
		}
	}
}

// CheckProblem fails t unless p names a file and a line.
func CheckProblem(t testing.TB, p catalogsrc.Problem) {
	t.Helper()
	if p.Pos.File == "" || p.Pos.Line <= 0 || p.Reason == "" {
		t.Errorf("problem lacks file, line or reason: %+v", p)
	}
}

// Testdata returns the path of a file under the repository's
// testdata/observations folder.
func Testdata(t testing.TB, rel ...string) string {
	t.Helper()
	return testenv.RepoPath(t, append([]string{"testdata", "observations"}, rel...)...)
}

// WriteFile writes content to a new file in a temporary folder and returns
// its path.
func WriteFile(t testing.TB, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// HasProblem reports whether some problem's line, field and reason match.
func HasProblem(ps []catalogsrc.Problem, line int, field, reasonPart string) bool {
	for _, p := range ps {
		if p.Pos.Line == line && p.Field == field && strings.Contains(p.Reason, reasonPart) {
			return true
		}
	}
	return false
}

// WantProblem is a problem a test expects: its line, field and part of its reason.
type WantProblem struct {
	Line         int
	Field, Cause string
}

// ExpectProblems checks that every problem names its file, line and reason,
// that each wanted problem was reported, and that nothing else was.
func ExpectProblems(t testing.TB, ps []catalogsrc.Problem, want []WantProblem) {
	t.Helper()
	for _, p := range ps {
		CheckProblem(t, p)
	}
	for _, w := range want {
		if !HasProblem(ps, w.Line, w.Field, w.Cause) {
			t.Errorf("no problem at line %d field %q (%s): %v", w.Line, w.Field, w.Cause, ps)
		}
	}
	if len(ps) != len(want) {
		t.Errorf("%d problems, want %d: %v", len(ps), len(want), ps)
	}
}

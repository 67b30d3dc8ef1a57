// Package sourcetest is the conformance suite every catalog source passes,
// plus a collecting sink for reader tests. Test data is located with
// internal/testenv.
package sourcetest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// Expect says what a source under test must produce.
type Expect struct {
	// Spec is the spec src was opened from; the broken-copy check copies
	// its files, corrupts one and opens the copy with catalogsrc.Open.
	Spec catalogsrc.Spec
	// MinRecords and MaxRecords bound the record count (0: no bound).
	MinRecords, MaxRecords int
	// BreakRole names the file role to corrupt ("" skips the check).
	// The corruption inserts, after the header line, a line holding no
	// delimiter: readers must reject it naming line 2, or (for formats
	// where a line cannot be skipped, like one JSON document) fail with
	// ErrUnreadable naming the file.
	BreakRole string
	// HeaderLines is how many lines precede the first data row (default 1).
	HeaderLines int
	// Encoding is the BreakRole file's text encoding: "" (UTF-8) or
	// "latin-1"; it chooses which wrong-encoding damage the file gets.
	Encoding string
}

// Collector is a Sink that keeps everything it gets.
type Collector struct {
	Records  []catalogsrc.Record
	Problems []catalogsrc.Problem
	// StopAfter, when >0, makes Add fail with ErrStop after that many records.
	StopAfter int
	// OnAdd, when set, runs after each record is kept.
	OnAdd func(n int)
}

// ErrStop is what a Collector's Add returns once StopAfter records arrived.
var ErrStop = errors.New("sourcetest: stop")

// Add implements catalogsrc.Sink.
func (c *Collector) Add(r catalogsrc.Record) error {
	if c.StopAfter > 0 && len(c.Records) >= c.StopAfter {
		return ErrStop
	}
	c.Records = append(c.Records, r)
	if c.OnAdd != nil {
		c.OnAdd(len(c.Records))
	}
	return nil
}

// Reject implements catalogsrc.Sink.
func (c *Collector) Reject(p catalogsrc.Problem) { c.Problems = append(c.Problems, p) }

// ByID indexes the collected records by ID.
func (c *Collector) ByID() map[string]catalogsrc.Record {
	m := make(map[string]catalogsrc.Record, len(c.Records))
	for _, r := range c.Records {
		m[r.ID] = r
	}
	return m
}

// ReadAll reads src into a new Collector, failing the test on error.
func ReadAll(t testing.TB, src catalogsrc.Source) *Collector {
	t.Helper()
	c := &Collector{}
	if err := src.Read(context.Background(), c); err != nil {
		t.Fatalf("%s: Read: %v", src.Name(), err)
	}
	return c
}

var isoDate = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

var validFreq = map[catalogsrc.Frequency]bool{
	catalogsrc.Unknown: true, catalogsrc.Daily: true, catalogsrc.Weekly: true, catalogsrc.Biweekly: true,
	catalogsrc.Monthly: true, catalogsrc.Quarterly: true, catalogsrc.Semiannual: true, catalogsrc.Annual: true,
}

// Run checks src against the contract every catalog source keeps, and
// returns what it read so the caller can assert source-specific facts.
func Run(t *testing.T, src catalogsrc.Source, want Expect) *Collector {
	t.Helper()
	got := ReadAll(t, src)
	t.Run("records", func(t *testing.T) { CheckRecords(t, src.Name(), got.Records, want) })
	t.Run("problems", func(t *testing.T) { checkProblems(t, got.Problems) })
	t.Run("files", func(t *testing.T) {
		if len(src.Files()) == 0 {
			t.Error("Files() is empty")
		}
		for _, f := range src.Files() {
			if _, err := os.Stat(f); err != nil {
				t.Errorf("Files() lists %s: %v", f, err)
			}
		}
	})
	t.Run("cancelled", func(t *testing.T) { checkCancel(t, src) })
	t.Run("sink error stops", func(t *testing.T) {
		c := &Collector{StopAfter: 1}
		err := src.Read(context.Background(), c)
		if len(got.Records) > 1 && !errors.Is(err, ErrStop) {
			t.Errorf("Read returned %v after Add failed; want the sink's error", err)
		}
		if len(c.Records) > 1 {
			t.Errorf("Add called %d times after it failed", len(c.Records)-1)
		}
	})
	if want.BreakRole != "" {
		t.Run("broken copy", func(t *testing.T) { checkBroken(t, want) })
		for _, d := range damages(want) {
			t.Run("damage/"+d.name, func(t *testing.T) { checkDamage(t, want, d) })
		}
	}
	return got
}

// CheckRecords asserts the per-record contract on recs.
func CheckRecords(t *testing.T, name string, recs []catalogsrc.Record, want Expect) {
	t.Helper()
	if want.MinRecords > 0 && len(recs) < want.MinRecords {
		t.Errorf("%d records; want at least %d", len(recs), want.MinRecords)
	}
	if want.MaxRecords > 0 && len(recs) > want.MaxRecords {
		t.Errorf("%d records; want at most %d", len(recs), want.MaxRecords)
	}
	ids := make(map[string]bool, len(recs))
	bad := 0
	fail := func(format string, args ...any) {
		if bad++; bad <= 20 {
			t.Errorf(format, args...)
		}
	}
	for _, r := range recs {
		if ids[r.ID] {
			fail("duplicate id %q", r.ID)
		}
		ids[r.ID] = true
		if r.Source != name || r.ID != name+":"+r.NativeID || r.NativeID == "" {
			fail("%s: id %q, native %q, source %q not namespaced by %q", r.Pos, r.ID, r.NativeID, r.Source, name)
		}
		if r.Pos.File == "" || r.Pos.Line <= 0 {
			fail("%s: Pos %+v not set", r.ID, r.Pos)
		}
		for _, d := range []string{r.Start, r.End} {
			if d != "" && !isoDate.MatchString(d) {
				fail("%s: date %q not ISO", r.ID, d)
			}
		}
		if r.Start != "" && r.End != "" && r.Start > r.End {
			fail("%s: start %s after end %s", r.ID, r.Start, r.End)
		}
		if !validFreq[r.Frequency] {
			fail("%s: frequency %q not a catalogsrc.Frequency", r.ID, r.Frequency)
		}
		if strings.TrimSpace(r.Title) == "" {
			fail("%s: empty title", r.ID)
		}
		if r.Country != "" && (len(r.Country) != 3 || strings.ToUpper(r.Country) != r.Country) {
			fail("%s: country %q not ISO3", r.ID, r.Country)
		}
		texts := append([]string{r.ID, r.Title, r.Unit, r.Description, r.FrequencyText}, r.AltTitles...)
		texts = append(texts, r.Path...)
		for _, s := range texts {
			if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
				fail("%s: text %q not clean UTF-8", r.ID, s)
			}
		}
		for _, p := range r.Path {
			if strings.TrimSpace(p) == "" {
				fail("%s: empty path element in %q", r.ID, r.Path)
			}
		}
	}
}

func checkProblems(t *testing.T, ps []catalogsrc.Problem) {
	for i, p := range ps {
		if i >= 20 {
			break
		}
		if p.Pos.File == "" || p.Reason == "" {
			t.Errorf("problem without file or reason: %+v", p)
		}
		if len(p.Raw) > 1024 {
			t.Errorf("%s: Raw not truncated (%d bytes)", p.Pos, len(p.Raw))
		}
	}
}

func checkCancel(t *testing.T, src catalogsrc.Source) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := &Collector{}
	if err := src.Read(ctx, c); !errors.Is(err, context.Canceled) {
		t.Errorf("Read with a cancelled context returned %v; want context.Canceled", err)
	}
	if len(c.Records) > 0 {
		t.Errorf("Read with a cancelled context added %d records", len(c.Records))
	}
	// Cancelled mid-way: the reader must stop soon after.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	c = &Collector{OnAdd: func(n int) {
		if n == 1 {
			cancel()
		}
	}}
	err := src.Read(ctx, c)
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Errorf("Read cancelled mid-way returned %v; want context.Canceled", err)
	}
	if len(c.Records) > 1+1024 {
		t.Errorf("Read added %d records after cancellation; want it to stop within 1024", len(c.Records)-1)
	}
}

func checkBroken(t *testing.T, want Expect) {
	header := headerLines(want)
	lines := roleLines(t, want)
	var b strings.Builder
	for _, l := range lines[:header] {
		b.WriteString(l)
	}
	b.WriteString("broken\x00row\n")
	for _, l := range lines[header:] {
		b.WriteString(l)
	}
	broken, c, err := readBrokenCopy(t, want, b.String())
	if err != nil {
		if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), broken) {
			t.Errorf("broken copy: Read error %v; want ErrUnreadable naming %s", err, broken)
		}
		return
	}
	wantLine := header + 1
	for _, p := range c.Problems {
		if p.Pos.File == broken && p.Pos.Line == wantLine {
			return
		}
	}
	t.Errorf("broken copy: no problem names %s:%d; got %v", broken, wantLine, c.Problems)
}

func headerLines(want Expect) int {
	if want.HeaderLines == 0 {
		return 1
	}
	return want.HeaderLines
}

// roleLines reads the BreakRole file as lines, each with its newline.
func roleLines(t *testing.T, want Expect) []string {
	t.Helper()
	orig, ok := want.Spec.Files[want.BreakRole]
	if !ok {
		t.Fatalf("spec has no file for role %q", want.BreakRole)
	}
	data, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) <= headerLines(want)+1 {
		t.Fatalf("%s too short to break", orig)
	}
	return lines
}

// readBrokenCopy writes text as the BreakRole file of a copy of the spec
// and reads the copy with catalogsrc.Open, returning the copy's path, what
// it read and Read's error.
func readBrokenCopy(t *testing.T, want Expect, text string) (string, *Collector, error) {
	t.Helper()
	broken, spec := brokenSpec(t, want, text)
	src, err := catalogsrc.Open(spec)
	if err != nil {
		t.Fatalf("Open broken copy: %v", err)
	}
	c := &Collector{}
	return broken, c, src.Read(context.Background(), c)
}

// brokenSpec writes text as the BreakRole file of a copy of want.Spec.
func brokenSpec(t *testing.T, want Expect, text string) (string, catalogsrc.Spec) {
	t.Helper()
	orig := want.Spec.Files[want.BreakRole]
	broken := filepath.Join(t.TempDir(), filepath.Base(orig))
	if err := os.WriteFile(broken, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := want.Spec
	spec.Files = map[string]string{}
	for k, v := range want.Spec.Files {
		spec.Files[k] = v
	}
	spec.Files[want.BreakRole] = broken
	return broken, spec
}

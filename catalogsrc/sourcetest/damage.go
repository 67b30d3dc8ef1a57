package sourcetest

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// damage is one way a real file gets broken: make turns the BreakRole
// file's lines into the damaged text; line is the line a Problem must
// name (0: any line after the header).
type damage struct {
	name string
	make func(lines []string, header int) string
	line func(header int) int
}

// damages lists the damage every reader must notice, reporting a Problem
// that names the broken file (and the line where one is known) or failing
// with ErrUnreadable naming it:
//   - header only: the file keeps its header and loses every data row;
//   - cut short: the file ends halfway through its last record's last field;
//   - long field: a field of the first record holds 20,000 bytes more;
//   - stray quote: a quote opens the last unquoted field of the first record
//     and never closes;
//   - invalid UTF-8 (UTF-8 files): a Latin-1 "é" in the first record;
//   - replacement character (UTF-8 files): a U+FFFD in the first record;
//   - UTF-8 read as Latin-1 (Latin-1 files): a UTF-8 "é" in the first record.
func damages(want Expect) []damage {
	first := func(header int) int { return header + 1 }
	insert := func(text string) func([]string, int) string {
		return func(lines []string, header int) string {
			l := lines[header]
			at := 0
			if strings.HasPrefix(l, `"`) {
				at = 1
			}
			return join(lines[:header]) + l[:at] + text + l[at:] + join(lines[header+1:])
		}
	}
	var ds []damage
	if !isJSONLines(want) { // JSON Lines have no header
		ds = append(ds, damage{name: "header only", make: func(lines []string, header int) string { return join(lines[:header]) }})
	}
	ds = append(ds,
		damage{name: "cut short", make: cutShort},
		damage{name: "long field", make: insert(strings.Repeat("x", 20000)), line: first},
		damage{name: "stray quote", make: strayQuote, line: first},
	)
	if strings.HasPrefix(strings.ToLower(want.Encoding), "latin") {
		ds = append(ds, damage{name: "utf-8 read as latin-1", make: insert("caf\xc3\xa9 "), line: first})
	} else {
		ds = append(ds,
			damage{name: "invalid utf-8", make: insert("caf\xe9 "), line: first},
			damage{name: "replacement character", make: insert("caf\uFFFD "), line: first},
		)
	}
	return ds
}

func isJSONLines(want Expect) bool {
	f := strings.ToLower(want.Spec.Files[want.BreakRole])
	return strings.HasSuffix(f, ".jsonl") || strings.HasSuffix(f, ".json") || want.Spec.Options["format"] == "jsonl"
}

func join(lines []string) string { return strings.Join(lines, "") }

// cutShort drops the final newline and half of the last record's last field.
func cutShort(lines []string, header int) string {
	last := strings.TrimRight(lines[len(lines)-1], "\r\n")
	sep := strings.LastIndexByte(last, separator(lines[max(0, header-1)]))
	cut := sep + 1 + (len(last)-sep-1)/2
	if len(last)-sep-1 < 2 {
		cut = len(last) / 2
	}
	return join(lines[:len(lines)-1]) + last[:cut]
}

// strayQuote opens a quote at the start of the last unquoted field of the
// first record (the quote then runs on through the records after it, and
// the merged record keeps its width when it runs to the end), or (when every field is quoted) removes the quote that
// closes its last field.
func strayQuote(lines []string, header int) string {
	l := lines[header]
	body := strings.TrimRight(l, "\r\n")
	sep := separator(lines[max(0, header-1)])
	starts := []int{0}
	inQuote := false
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '"':
			inQuote = !inQuote
		case !inQuote && c == sep:
			starts = append(starts, i+1)
		}
	}
	for i := len(starts) - 1; i >= 0; i-- {
		s := starts[i]
		if s < len(body) && body[s] != '"' && body[s] != sep {
			return join(lines[:header]) + l[:s] + `"` + l[s:] + join(lines[header+1:])
		}
	}
	if i := strings.LastIndex(body, `"`); i >= 0 {
		return join(lines[:header]) + body[:i] + body[i+1:] + l[len(body):] + join(lines[header+1:])
	}
	return join(lines[:header]) + `"` + l + join(lines[header+1:])
}

// separator guesses a delimited file's separator from its header line.
func separator(header string) byte {
	best, n := byte(','), 0
	for _, c := range []byte{',', ';', '\t'} {
		if k := strings.Count(header, string(c)); k > n {
			best, n = c, k
		}
	}
	return best
}

func checkDamage(t *testing.T, want Expect, d damage) {
	broken, c, err := readBrokenCopy(t, want, d.make(roleLines(t, want), headerLines(want)))
	expectNoticed(t, want, d, broken, len(c.Records), c.Problems, err)
}

// expectNoticed fails the test unless err is ErrUnreadable naming broken,
// or a problem names broken (at d's line when it has one).
func expectNoticed(t *testing.T, want Expect, d damage, broken string, n int, problems []catalogsrc.Problem, err error) {
	t.Helper()
	header := headerLines(want)
	if err != nil {
		if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), broken) {
			t.Errorf("%s: Read error %v; want ErrUnreadable naming %s", d.name, err, broken)
		}
		return
	}
	for _, p := range problems {
		if p.Pos.File != broken {
			continue
		}
		if d.line == nil && p.Pos.Line > header || d.line != nil && p.Pos.Line == d.line(header) {
			return
		}
	}
	where := broken
	if d.line != nil {
		where += ":" + strconv.Itoa(d.line(header))
	}
	t.Errorf("%s: read %d records and no problem names %s; got %v", d.name, n, where, problems)
}

// obsCollector keeps what an observation source gives.
type obsCollector struct {
	series   int
	problems []catalogsrc.Problem
}

func (c *obsCollector) AddSeries(catalogsrc.SeriesData) error { c.series++; return nil }
func (c *obsCollector) Reject(p catalogsrc.Problem)           { c.problems = append(c.problems, p) }

// RunObservationDamage checks that the observation source want.Spec opens
// (with catalogsrc.OpenObservations) notices each damage done to its
// want.BreakRole file, as Run checks catalog sources: a Problem naming the
// file (and line), or an ErrUnreadable error naming it.
func RunObservationDamage(t *testing.T, want Expect) {
	t.Helper()
	for _, d := range damages(want) {
		t.Run("damage/"+d.name, func(t *testing.T) {
			broken, spec := brokenSpec(t, want, d.make(roleLines(t, want), headerLines(want)))
			src, err := catalogsrc.OpenObservations(spec)
			if err != nil {
				t.Fatalf("OpenObservations broken copy: %v", err)
			}
			c := &obsCollector{}
			err = src.ReadObservations(context.Background(), c)
			expectNoticed(t, want, d, broken, c.series, c.problems, err)
		})
	}
}

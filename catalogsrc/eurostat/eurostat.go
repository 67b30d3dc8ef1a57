// Package eurostat reads Eurostat's table of contents
// (table_of_contents_en.txt, tab-separated): folders nest by four leading
// spaces per level in the title; datasets and tables become records with
// the folder titles above them as path, "eurostat:"+code as id and the
// data start/end as coverage. A code listed in several folders is kept
// once, at its first place; a later listing with a different title is
// rejected as a duplicate. Its datasets break down by the EU, the euro
// area and their members (Covers).
//
// Role: toc.
package eurostat

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
	"github.com/sextant-dev/sextant/internal/countries"
)

// Kind is the registered source kind.
const Kind = "eurostat"

// Indent is the number of leading spaces per folder level.
const Indent = 4

func init() { catalogsrc.Register(Kind, New) }

// Source reads a table of contents.
type Source struct{ generic.OneFile }

// Covers lists the places Eurostat's datasets break down by: the European
// Union, the euro area and the EU's members (ISO3, from the country
// table). A dataset row names no place of its own; its geographies are
// these (and others, such as candidate and EFTA countries, that not every
// dataset holds and that are left out).
func (s *Source) Covers() []string {
	var out []string
	for _, area := range []string{"EUU", "EMU"} {
		c, ok := countries.Lookup(area)
		if !ok {
			continue
		}
		out = append(out, c.ISO3)
		for _, m := range c.Members {
			if !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// New builds a Eurostat source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.Source, error) {
	f, err := generic.NewOneFile(spec, "toc")
	if err != nil {
		return nil, err
	}
	return &Source{f}, nil
}

// Level returns a title's nesting level and the title without its indent.
func Level(title string) (int, string) {
	trimmed := strings.TrimLeft(title, " ")
	return (len(title) - len(trimmed)) / Indent, strings.TrimSpace(trimmed)
}

// coverage parses a data start or end; Eurostat's non-dates ("LTAA",
// a long-term annual average) and blanks give "".
func coverage(text string) (string, error) {
	t := strings.TrimSpace(text)
	if t == "" || strings.EqualFold(t, "LTAA") {
		return "", nil
	}
	return generic.ParseDate(t)
}

// PeriodFrequency reads a dataset's frequency from how its first period
// is written: "1983M01" monthly, "1990Q1" quarterly, "2001S1"
// half-yearly, "2010W01" weekly, "2000M01D01" daily, a bare year annual.
// Anything else (empty, "LTAA") gives Unknown. A dataset published at
// several frequencies lists its finest.
func PeriodFrequency(text string) catalogsrc.Frequency {
	t := strings.TrimSpace(text)
	if len(t) < 4 || !allDigits(t[:4]) {
		return catalogsrc.Unknown
	}
	rest := t[4:]
	switch {
	case rest == "":
		return catalogsrc.Annual
	case len(rest) == 2 && rest[0] == 'Q' && allDigits(rest[1:]):
		return catalogsrc.Quarterly
	case len(rest) == 2 && rest[0] == 'S' && allDigits(rest[1:]):
		return catalogsrc.Semiannual
	case len(rest) == 3 && rest[0] == 'M' && allDigits(rest[1:]):
		return catalogsrc.Monthly
	case len(rest) == 3 && rest[0] == 'W' && allDigits(rest[1:]):
		return catalogsrc.Weekly
	case len(rest) == 6 && rest[0] == 'M' && rest[3] == 'D' && allDigits(rest[1:3]) && allDigits(rest[4:]):
		return catalogsrc.Daily
	}
	return catalogsrc.Unknown
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

type placed struct {
	title string
	line  int
}

// Read implements catalogsrc.Source.
func (s *Source) Read(ctx context.Context, sink catalogsrc.Sink) error {
	var folders []string // folder titles by level; index 0 is the root ("Database by themes")
	seen := map[string]placed{}
	columns := []string{"title", "code", "type", "data start", "data end"}
	return generic.ReadTable(ctx, s.Path, generic.TableOptions{Comma: '\t'}, columns, sink, func(row generic.Row) error {
		level, title := Level(row.Get("title"))
		title = generic.CleanText(title)
		code := strings.TrimSpace(row.Get("code"))
		kind := strings.TrimSpace(row.Get("type"))
		if kind == "folder" {
			if level > len(folders) {
				return row.Reject(sink, "title", fmt.Sprintf("folder indented to level %d under level %d", level, len(folders)-1))
			}
			folders = append(folders[:level], title)
			return nil
		}
		switch {
		case kind != "dataset" && kind != "table":
			return row.Reject(sink, "type", fmt.Sprintf("type %q is not folder, dataset or table", kind))
		case !generic.ValidID(code):
			return row.Reject(sink, "code", "empty or unprintable code")
		case title == "":
			return row.Reject(sink, "title", "empty title")
		case level > len(folders):
			return row.Reject(sink, "title", fmt.Sprintf("entry indented to level %d under level %d", level, len(folders)-1))
		}
		start, err := coverage(row.Get("data start"))
		if err != nil {
			return row.Reject(sink, "data start", err.Error())
		}
		end, err := coverage(row.Get("data end"))
		if err != nil {
			return row.Reject(sink, "data end", err.Error())
		}
		if start != "" && end != "" && start > end {
			return row.Reject(sink, "data end", fmt.Sprintf("data end %s before data start %s", end, start))
		}
		if first, dup := seen[code]; dup {
			if first.title != title {
				return row.Reject(sink, "code", fmt.Sprintf("code listed at line %d with another title", first.line))
			}
			return nil // the same dataset listed in another folder
		}
		seen[code] = placed{title, row.Line}
		var path []string
		if level > 0 {
			path = append(path, folders[1:level]...) // below the root, above the entry
		}
		rec := catalogsrc.Record{
			ID: s.Namespace + ":" + code, NativeID: code, Source: s.Namespace, Title: title,
			Start: start, End: end, Path: path, Pos: row.Pos(), Description: "Eurostat " + kind,
			Frequency: PeriodFrequency(row.Get("data start")),
		}
		generic.CleanRecord(&rec)
		return sink.Add(rec)
	})
}

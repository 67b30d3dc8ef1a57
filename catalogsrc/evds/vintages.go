package evds

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
)

// dates parses a DD-MM-YYYY pair into ISO dates, swapping a pair the
// source wrote end-first (64 series in every vintage are).
func dates(startText, endText string) (start, end, field string, err error) {
	if start, err = generic.ParseDate(startText); err != nil {
		return "", "", "start", err
	}
	if end, err = generic.ParseDate(endText); err != nil {
		return "", "", "end", err
	}
	if start != "" && end != "" && start > end {
		start, end = end, start
	}
	return start, end, "", nil
}

// read2024 reads cbrt_allseries.csv (2024 vintage, topic > group hierarchy).
func read2024(ctx context.Context, path string, m *merger, sink catalogsrc.Sink) error {
	cols := []string{"topic", "groupCode", "groupName", "freq", "seriesCode", "seriesName", "start", "end", "aggMethod", "freqname"}
	return generic.ReadTable(ctx, path, generic.TableOptions{}, cols, sink, func(r generic.Row) error {
		code := strings.TrimSpace(r.Get("seriesCode"))
		if !generic.ValidID(code) {
			return r.Reject(sink, "seriesCode", "empty or unprintable series code")
		}
		start, end, field, err := dates(r.Get("start"), r.Get("end"))
		if err != nil {
			return r.Reject(sink, field, err.Error())
		}
		ser := m.get(code)
		if ser.v2024 != nil {
			return r.Reject(sink, "seriesCode", fmt.Sprintf("duplicate series code %s, first at %s", code, ser.v2024.pos))
		}
		e := &entry{
			name: generic.CleanText(r.Get("seriesName")), freqText: r.Get("freqname"),
			start: start, end: end, agg: strings.ToLower(r.Get("aggMethod")),
			path: cleanPath(r.Get("topic"), r.Get("groupName")), groupCode: r.Get("groupCode"), pos: r.Pos(),
		}
		e.freq = catalogsrc.ParseFrequency(e.freqText)
		if e.freq == catalogsrc.Unknown {
			e.freq = freqCodes[r.Get("freq")]
		}
		if e.freqText == "NA" {
			e.freqText = ""
		}
		ser.v2024 = e
		m.notePath(code, e.path)
		return nil
	})
}

// read2020 reads cbrt_meta_data_2020.csv (2020 vintage, English and Turkish names).
func read2020(ctx context.Context, path string, m *merger, sink catalogsrc.Sink) error {
	cols := []string{"DATAGROUP_CODE", "SERIE_CODE", "SERIE_NAME_ENG", "SERIE_NAME", "FREQUENCY_STR", "START_DATE", "END_DATE", "DEFAULT_AGG_METHOD"}
	return generic.ReadTable(ctx, path, generic.TableOptions{}, cols, sink, func(r generic.Row) error {
		code := strings.TrimSpace(r.Get("SERIE_CODE"))
		if !generic.ValidID(code) {
			return r.Reject(sink, "SERIE_CODE", "empty or unprintable series code")
		}
		start, end, field, err := dates(r.Get("START_DATE"), r.Get("END_DATE"))
		if err != nil {
			return r.Reject(sink, map[string]string{"start": "START_DATE", "end": "END_DATE"}[field], err.Error())
		}
		ser := m.get(code)
		if ser.v2020 != nil {
			return r.Reject(sink, "SERIE_CODE", fmt.Sprintf("duplicate series code %s, first at %s", code, ser.v2020.pos))
		}
		e := &entry{
			name: generic.CleanText(r.Get("SERIE_NAME_ENG")), nameTR: generic.CleanText(r.Get("SERIE_NAME")),
			freqText: r.Get("FREQUENCY_STR"), start: start, end: end, agg: strings.ToLower(r.Get("DEFAULT_AGG_METHOD")),
			groupCode: r.Get("DATAGROUP_CODE"), source: generic.CleanText(r.Get("DATASOURCE_ENG")), pos: r.Pos(),
		}
		e.freq = catalogsrc.ParseFrequency(e.freqText)
		ser.v2020 = e
		return nil
	})
}

// readIndex reads a 2025 JSON index {code: [name, frequency, start, end]},
// streaming its members. A value that is not four strings is rejected;
// JSON that cannot be parsed makes the file unreadable.
func readIndex(ctx context.Context, path string, turkish bool, m *merger, sink catalogsrc.Sink) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%w: %w", catalogsrc.ErrUnreadable, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	lines := &lineCounter{data: data}
	lineAt := func(_ []byte, off int64) int { return lines.at(off) }
	unreadable := func(err error) error {
		off := dec.InputOffset()
		return fmt.Errorf("%w: %s:%d: %w", catalogsrc.ErrUnreadable, path, lineAt(data, off), err)
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		if err == nil {
			err = fmt.Errorf("want a JSON object, got %v", tok)
		}
		return unreadable(err)
	}
	seen := map[string]bool{}
	for n := 0; dec.More(); n++ {
		if n%generic.CheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		tok, err := dec.Token()
		if err != nil {
			return unreadable(err)
		}
		code, _ := tok.(string)
		pos := catalogsrc.Pos{File: path, Line: lineAt(data, dec.InputOffset())}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return unreadable(err)
		}
		var vals []string
		problem := func(field, reason string) {
			sink.Reject(catalogsrc.Problem{Pos: pos, Field: field, Reason: reason, Raw: generic.Truncate(code+": "+string(raw), generic.MaxRaw)})
		}
		code = strings.TrimSpace(code)
		switch {
		case !generic.ValidID(code):
			problem("code", "empty or unprintable series code")
			continue
		case seen[code]:
			problem("code", "duplicate series code "+code)
			continue
		case json.Unmarshal(raw, &vals) != nil || len(vals) != 4:
			problem(code, "want [name, frequency, start, end]")
			continue
		}
		seen[code] = true
		start, end, field, err := dates(vals[2], vals[3])
		if err != nil {
			problem(code+"."+field, err.Error())
			continue
		}
		e := &entry{name: generic.CleanText(vals[0]), freqText: vals[1], freq: catalogsrc.ParseFrequency(vals[1]), start: start, end: end, pos: pos}
		ser := m.get(code)
		if turkish {
			ser.tr2025 = e
		} else {
			ser.v2025 = e
		}
	}
	if _, err := dec.Token(); err != nil {
		return unreadable(err)
	}
	return nil
}

// lineCounter turns increasing byte offsets into 1-based line numbers,
// counting each byte once.
type lineCounter struct {
	data []byte
	off  int64
	line int
}

func (c *lineCounter) at(off int64) int {
	if off > int64(len(c.data)) {
		off = int64(len(c.data))
	}
	if off > c.off {
		c.line += bytes.Count(c.data[c.off:off], []byte{'\n'})
		c.off = off
	}
	return c.line + 1
}

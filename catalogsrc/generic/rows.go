package generic

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// rowReader yields input rows of one format as column -> values.
type rowReader interface {
	// columns lists the input's column names (for checking the mapping).
	columns() []string
	// next returns the next row; a *catalogsrc.Problem error rejects one
	// row and reading goes on; io.EOF ends the input.
	next() (inputRow, error)
	close() error
}

// inputRow is one row: its position, its raw text for messages and its
// values by column. Arrays (JSON) have several values.
type inputRow struct {
	pos    catalogsrc.Pos
	raw    string
	values map[string][]string
}

// --- CSV / TSV ---

type tableRows struct{ t *Table }

func (r tableRows) columns() []string { return r.t.Header }
func (r tableRows) close() error      { return r.t.Close() }
func (r tableRows) next() (inputRow, error) {
	row, err := r.t.Next()
	if err != nil {
		return inputRow{}, err
	}
	vals := make(map[string][]string, len(row.Fields))
	for i, h := range r.t.Header {
		if _, dup := vals[h]; !dup && i < len(row.Fields) {
			vals[h] = []string{row.Fields[i]}
		}
	}
	return inputRow{pos: row.Pos(), raw: row.Raw(), values: vals}, nil
}

// --- JSON Lines ---

// maxJSONLine caps one JSON Lines record; longer lines make the file unreadable.
const maxJSONLine = 16 << 20

type jsonRows struct {
	file string
	f    *os.File
	sc   *bufio.Scanner
	line int
	seen map[string]bool // keys met so far, for columns()
	head inputRow        // first row, read ahead to learn the keys
	err  error
	used bool
}

func openJSONRows(path string) (*jsonRows, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", catalogsrc.ErrUnreadable, err)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), maxJSONLine)
	r := &jsonRows{file: path, f: f, sc: sc, seen: map[string]bool{}}
	r.head, r.err = r.read()
	return r, nil
}

func (r *jsonRows) columns() []string {
	var out []string
	for k := range r.seen {
		out = append(out, k)
	}
	return out
}

func (r *jsonRows) close() error { return r.f.Close() }

func (r *jsonRows) next() (inputRow, error) {
	if !r.used {
		r.used = true
		return r.head, r.err
	}
	return r.read()
}

func (r *jsonRows) read() (inputRow, error) {
	for r.sc.Scan() {
		r.line++
		text := strings.TrimSpace(r.sc.Text())
		if text == "" {
			continue
		}
		pos := catalogsrc.Pos{File: r.file, Line: r.line}
		var obj map[string]any
		if err := json.Unmarshal([]byte(text), &obj); err != nil {
			return inputRow{}, &catalogsrc.Problem{Pos: pos, Reason: "not a JSON object: " + err.Error(), Raw: Truncate(text, MaxRaw)}
		}
		vals := make(map[string][]string, len(obj))
		for k, v := range obj {
			r.seen[k] = true
			vals[k] = jsonStrings(v)
		}
		return inputRow{pos: pos, raw: Truncate(text, MaxRaw), values: vals}, nil
	}
	if err := r.sc.Err(); err != nil {
		return inputRow{}, fmt.Errorf("%w: %s:%d: %w", catalogsrc.ErrUnreadable, r.file, r.line+1, err)
	}
	return inputRow{}, io.EOF
}

// jsonStrings renders a JSON value as strings: arrays give one per element.
func jsonStrings(v any) []string {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		return []string{x}
	case float64:
		return []string{strconv.FormatFloat(x, 'f', -1, 64)}
	case bool:
		return []string{strconv.FormatBool(x)}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, jsonStrings(e)...)
		}
		return out
	default:
		b, _ := json.Marshal(x)
		return []string{string(b)}
	}
}

// --- Parquet ---

// parquetBatch is how many rows are read from a Parquet file at a time.
const parquetBatch = 512

type parquetRows struct {
	file  string
	f     *os.File
	r     *parquet.Reader
	names []string   // leaf column index -> dotted path
	dates []dateUnit // leaf column index -> how a DATE or TIMESTAMP column counts
	buf   []parquet.Row
	n, i  int
	rowNo int
}

func openParquetRows(path string) (rr *parquetRows, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", catalogsrc.ErrUnreadable, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%w: %w", catalogsrc.ErrUnreadable, err)
	}
	defer func() {
		// parquet-go panics on some corrupt files; report them as unreadable.
		if p := recover(); p != nil {
			f.Close()
			rr, err = nil, fmt.Errorf("%w: %s: not a parquet file: %v", catalogsrc.ErrUnreadable, path, p)
		}
	}()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%w: %s: %w", catalogsrc.ErrUnreadable, path, err)
	}
	var names []string
	var dates []dateUnit
	for _, p := range pf.Schema().Columns() {
		names = append(names, strings.Join(p, "."))
		var u dateUnit
		if leaf, ok := pf.Schema().Lookup(p...); ok {
			u = dateUnitOf(leaf.Node.Type().LogicalType())
		}
		dates = append(dates, u)
	}
	return &parquetRows{file: path, f: f, r: parquet.NewReader(pf), names: names, dates: dates, buf: make([]parquet.Row, parquetBatch)}, nil
}

func (r *parquetRows) columns() []string { return r.names }
func (r *parquetRows) close() error {
	r.r.Close()
	return r.f.Close()
}

func (r *parquetRows) next() (inputRow, error) {
	if r.i >= r.n {
		n, err := r.r.ReadRows(r.buf)
		if n == 0 {
			if err == nil || errors.Is(err, io.EOF) {
				return inputRow{}, io.EOF
			}
			return inputRow{}, fmt.Errorf("%w: %s: row %d: %w", catalogsrc.ErrUnreadable, r.file, r.rowNo+1, err)
		}
		r.n, r.i = n, 0
	}
	row := r.buf[r.i]
	r.i++
	r.rowNo++
	vals := map[string][]string{}
	var raw []string
	for _, v := range row {
		c := v.Column()
		if c < 0 || c >= len(r.names) || v.IsNull() {
			continue
		}
		s := r.dates[c].render(v)
		vals[r.names[c]] = append(vals[r.names[c]], s)
		raw = append(raw, s)
	}
	return inputRow{pos: catalogsrc.Pos{File: r.file, Line: r.rowNo}, raw: Truncate(strings.Join(raw, ","), MaxRaw), values: vals}, nil
}

// dateUnit says how a Parquet DATE or TIMESTAMP column counts time, so that
// its values read as ISO dates ("2023-05-31") like text columns: days since
// 1970 (DATE), or milli-, micro- or nanoseconds (TIMESTAMP). Zero: not a
// date column.
type dateUnit int64

const (
	notDate   dateUnit = 0
	dateDays  dateUnit = -1
	perMilli  dateUnit = 1_000
	perMicro  dateUnit = 1_000_000
	perNano   dateUnit = 1_000_000_000
	secPerDay          = 86400
)

func dateUnitOf(lt *format.LogicalType) dateUnit {
	if lt == nil {
		return notDate
	}
	switch t := lt.Value.(type) {
	case *format.DateType:
		return dateDays
	case *format.TimestampType:
		switch t.Unit.Value.(type) {
		case *format.MilliSeconds:
			return perMilli
		case *format.MicroSeconds:
			return perMicro
		case *format.NanoSeconds:
			return perNano
		}
	}
	return notDate
}

// render is a value's text; dates and timestamps as ISO dates (UTC), a
// timestamp with a time of day as RFC 3339.
func (u dateUnit) render(v parquet.Value) string {
	switch u {
	case dateDays:
		if v.Kind() == parquet.Int32 {
			return time.Unix(int64(v.Int32())*secPerDay, 0).UTC().Format(time.DateOnly)
		}
	case perMilli, perMicro, perNano:
		if v.Kind() == parquet.Int64 {
			n := v.Int64()
			t := time.Unix(n/int64(u), n%int64(u)*(1_000_000_000/int64(u))).UTC()
			if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0 {
				return t.Format(time.DateOnly)
			}
			return t.Format(time.RFC3339Nano)
		}
	}
	return v.String()
}

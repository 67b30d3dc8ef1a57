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

	"github.com/parquet-go/parquet-go"

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
	names []string // leaf column index -> dotted path
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
	for _, p := range pf.Schema().Columns() {
		names = append(names, strings.Join(p, "."))
	}
	return &parquetRows{file: path, f: f, r: parquet.NewReader(pf), names: names, buf: make([]parquet.Row, parquetBatch)}, nil
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
		s := v.String()
		vals[r.names[c]] = append(vals[r.names[c]], s)
		raw = append(raw, s)
	}
	return inputRow{pos: catalogsrc.Pos{File: r.file, Line: r.rowNo}, raw: Truncate(strings.Join(raw, ","), MaxRaw), values: vals}, nil
}

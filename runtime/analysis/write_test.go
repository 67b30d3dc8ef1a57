package analysis_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/internal/testseries"
)

func writtenTable(t *testing.T) *analysis.Table {
	tb := monthlyTable(t, "fred:UNRATE", "fred:GDP", "bis:M.TR")
	if _, err := analysis.Derive(tb, analysis.DeriveSpec{Op: analysis.OpDiff, Column: "UNRATE", Periods: 12}); err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestWriteCSV(t *testing.T) {
	tb := writtenTable(t)
	var buf bytes.Buffer
	if err := tb.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(tb.Dates)+1 {
		t.Fatalf("%d CSV rows, want header + %d", len(rows), len(tb.Dates))
	}
	header := rows[0]
	if header[0] != "date" || len(header) != 1+len(tb.Columns) {
		t.Fatalf("header %v", header)
	}
	for r, row := range rows[1:] {
		if row[0] != tb.Dates[r].Format(time.DateOnly) {
			t.Fatalf("row %d date %q, want %s", r+1, row[0], tb.Dates[r].Format(time.DateOnly))
		}
		for i, c := range tb.Columns {
			if header[i+1] != c.Name {
				t.Fatalf("column %d header %q, want %q", i, header[i+1], c.Name)
			}
			v := c.Values[r]
			if math.IsNaN(v) {
				if row[i+1] != "" {
					t.Fatalf("row %d %s: %q for a missing value", r+1, c.Name, row[i+1])
				}
				continue
			}
			got, err := strconv.ParseFloat(row[i+1], 64)
			if err != nil || got != v {
				t.Fatalf("row %d %s: %q, want %v", r+1, c.Name, row[i+1], v)
			}
		}
	}
}

func TestWriteParquetRoundTrip(t *testing.T) {
	tb := writtenTable(t)
	var buf bytes.Buffer
	if err := tb.WriteParquet(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	fields := f.Schema().Fields()
	if len(fields) != 1+len(tb.Columns) || fields[0].Name() != "date" {
		t.Fatalf("schema %v", f.Schema())
	}
	for i, c := range tb.Columns {
		if fields[i+1].Name() != c.Name || !fields[i+1].Optional() {
			t.Errorf("field %d = %q (optional %v), want optional %q in table order", i+1, fields[i+1].Name(), fields[i+1].Optional(), c.Name)
		}
	}
	if f.NumRows() != int64(len(tb.Dates)) {
		t.Fatalf("%d rows, want %d", f.NumRows(), len(tb.Dates))
	}
	raw, ok := f.Lookup(analysis.ParquetMetadataKey)
	if !ok {
		t.Fatal("no column metadata")
	}
	var meta []analysis.ColumnMeta
	if err := json.Unmarshal([]byte(raw), &meta); err != nil {
		t.Fatal(err)
	}
	if meta[1].Unit != "Billions of Dollars" || meta[3].Formula == "" || meta[2].SourceFrequency != "M" {
		t.Errorf("metadata %+v", meta)
	}
	r := parquet.NewReader(bytes.NewReader(buf.Bytes()))
	defer r.Close()
	rows := make([]parquet.Row, len(tb.Dates))
	n, _ := r.ReadRows(rows)
	if n != len(tb.Dates) {
		t.Fatalf("read %d rows, want %d", n, len(tb.Dates))
	}
	epoch := time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)
	for ri, row := range rows {
		if d := epoch.AddDate(0, 0, int(row[0].Int32())); !d.Equal(tb.Dates[ri]) {
			t.Fatalf("row %d date %s, want %s", ri, d, tb.Dates[ri])
		}
		for ci, c := range tb.Columns {
			v := row[ci+1]
			if want := c.Values[ri]; math.IsNaN(want) != v.IsNull() || (!v.IsNull() && v.Double() != want) {
				t.Fatalf("row %d column %s: %v, want %v", ri, c.Name, v, want)
			}
		}
	}
}

func TestWriteParquetRejectsDuplicateNames(t *testing.T) {
	s := testseries.Nile(t)
	tb, err := analysis.Align(t.Context(), []analysis.Series{s}, "", time.Time{}, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	tb.Columns = append(tb.Columns, tb.Columns[0])
	if err := tb.WriteParquet(&bytes.Buffer{}); err == nil {
		t.Error("two columns with one name written")
	}
}

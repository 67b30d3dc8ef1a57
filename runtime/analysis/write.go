package analysis

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/encoding"
)

// WriteCSV writes the table as CSV: a "date" column (ISO period start) then
// one column per table column, headed by its name; missing values are empty.
func (t *Table) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	rec := make([]string, 1+len(t.Columns))
	rec[0] = "date"
	for i, c := range t.Columns {
		rec[i+1] = c.Name
	}
	if err := cw.Write(rec); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	for r, d := range t.Dates {
		rec[0] = d.Format(time.DateOnly)
		for i, c := range t.Columns {
			rec[i+1] = formatValue(c.Values[r])
		}
		if err := cw.Write(rec); err != nil {
			return fmt.Errorf("write csv: row %d: %w", r+1, err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	return nil
}

func formatValue(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// ParquetMetadataKey is the key-value metadata entry holding the columns'
// descriptions (JSON array of ColumnMeta) in files written by WriteParquet.
const ParquetMetadataKey = "sextant.table.columns"

// ColumnMeta is the description of one column stored in Parquet metadata.
type ColumnMeta struct {
	Name            string   `json:"name"`
	ID              string   `json:"id,omitempty"`
	Title           string   `json:"title,omitempty"`
	Unit            string   `json:"unit,omitempty"`
	Source          string   `json:"source,omitempty"`
	SourceFrequency string   `json:"source_frequency,omitempty"`
	Method          string   `json:"method,omitempty"`
	Formula         string   `json:"formula,omitempty"`
	SeriesIDs       []string `json:"series_ids,omitempty"` // every series behind the column
	Notes           []string `json:"notes,omitempty"`
}

// WriteParquet writes the table as Parquet: a required DATE column "date"
// then one optional DOUBLE column per table column, in table order, named as
// the columns are; missing values are nulls. Column metadata (title, unit,
// method, notes) is stored as JSON under ParquetMetadataKey.
func (t *Table) WriteParquet(w io.Writer) error {
	fields := make([]orderedField, 0, 1+len(t.Columns))
	fields = append(fields, orderedField{name: "date", Node: parquet.Date()})
	meta := make([]ColumnMeta, len(t.Columns))
	seen := map[string]bool{"date": true}
	for i, c := range t.Columns {
		if seen[c.Name] {
			return fmt.Errorf("%w: write parquet: two columns named %q", ErrBadSpec, c.Name)
		}
		seen[c.Name] = true
		fields = append(fields, orderedField{name: c.Name, Node: parquet.Optional(parquet.Leaf(parquet.DoubleType))})
		meta[i] = ColumnMeta{Name: c.Name, ID: c.ID, Title: c.Title, Unit: c.Unit, Source: c.Source,
			SourceFrequency: string(c.SourceFrequency), Method: c.Method, Notes: c.Notes}
		if c.Derivation != nil {
			meta[i].Formula = c.Derivation.Formula
			meta[i].SeriesIDs = c.SeriesIDs()
		}
	}
	metaJSON, err := json.Marshal(meta)
	if err != nil {
		return fmt.Errorf("write parquet: %w", err)
	}
	schema := parquet.NewSchema("table", orderedGroup(fields))
	pw := parquet.NewWriter(w, schema, parquet.KeyValueMetadata(ParquetMetadataKey, string(metaJSON)),
		parquet.KeyValueMetadata("sextant.table.frequency", string(t.Frequency)))
	const batch = 1024
	rows := make([]parquet.Row, 0, batch)
	epoch := time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)
	for r, d := range t.Dates {
		row := make(parquet.Row, 0, 1+len(t.Columns))
		days := int32(d.Sub(epoch).Hours() / 24)
		row = append(row, parquet.Int32Value(days).Level(0, 0, 0))
		for i, c := range t.Columns {
			v := c.Values[r]
			if math.IsNaN(v) {
				row = append(row, parquet.NullValue().Level(0, 0, i+1))
			} else {
				row = append(row, parquet.DoubleValue(v).Level(0, 1, i+1))
			}
		}
		rows = append(rows, row)
		if len(rows) == batch || r == len(t.Dates)-1 {
			if _, err := pw.WriteRows(rows); err != nil {
				return fmt.Errorf("write parquet: row %d: %w", r+1, err)
			}
			rows = rows[:0]
		}
	}
	if err := pw.Close(); err != nil {
		return fmt.Errorf("write parquet: %w", err)
	}
	return nil
}

// orderedGroup is a Parquet group node whose fields keep the given order
// (parquet.Group sorts them by name, which would scatter the date column).
type orderedGroup []orderedField

type orderedField struct {
	parquet.Node
	name string
}

func (f orderedField) Name() string { return f.name }

func (f orderedField) Value(base reflect.Value) reflect.Value {
	if base.Kind() == reflect.Map {
		return base.MapIndex(reflect.ValueOf(f.name))
	}
	return reflect.Value{}
}

func (g orderedGroup) asGroup() parquet.Group {
	m := make(parquet.Group, len(g))
	for _, f := range g {
		m[f.name] = f.Node
	}
	return m
}

func (g orderedGroup) ID() int                     { return 0 }
func (g orderedGroup) String() string              { return g.asGroup().String() }
func (g orderedGroup) Type() parquet.Type          { return g.asGroup().Type() }
func (g orderedGroup) Optional() bool              { return false }
func (g orderedGroup) Repeated() bool              { return false }
func (g orderedGroup) Required() bool              { return true }
func (g orderedGroup) Leaf() bool                  { return false }
func (g orderedGroup) GoType() reflect.Type        { return reflect.TypeFor[map[string]any]() }
func (g orderedGroup) Encoding() encoding.Encoding { return nil }
func (g orderedGroup) Compression() compress.Codec { return nil }

func (g orderedGroup) Fields() []parquet.Field {
	out := make([]parquet.Field, len(g))
	for i := range g {
		out[i] = g[i]
	}
	return out
}

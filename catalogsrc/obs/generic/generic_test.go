package generic

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs/fredcsv"
	"github.com/sextant-dev/sextant/catalogsrc/obs/obstest"
	"github.com/sextant-dev/sextant/internal/testenv"
)

func read(t *testing.T, spec catalogsrc.Spec) *obstest.Sink {
	t.Helper()
	spec.Kind = Kind
	if spec.Name == "" {
		spec.Name = "mine"
	}
	src, err := catalogsrc.OpenObservations(spec)
	if err != nil {
		t.Fatal(err)
	}
	var sink obstest.Sink
	if err := src.ReadObservations(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	for _, sd := range sink.Series {
		obstest.CheckSeries(t, sd)
	}
	return &sink
}

var longColumns = map[string]string{"series": "series_id", "date": "period", "value": "value"}

func longSpec(file string) catalogsrc.Spec {
	return catalogsrc.Spec{Files: map[string]string{"file": file}, Columns: longColumns,
		Options: map[string]string{"namespace": "fred", "layout": "long"}}
}

// fredSeries reads the FRED CSVs the long file was made from.
func fredSeries(t *testing.T) *obstest.Sink {
	t.Helper()
	dir := testenv.RepoPath(t, "testdata", "analysis")
	files := map[string]string{}
	for _, id := range []string{"UNRATE", "CPIAUCSL", "FEDFUNDS", "PAYEMS", "DPRIME_2000_2020"} {
		files[id] = filepath.Join(dir, id+".csv")
	}
	src, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: fredcsv.Kind, Name: "fred", Files: files})
	if err != nil {
		t.Fatal(err)
	}
	var sink obstest.Sink
	if err := src.ReadObservations(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	return &sink
}

func sameSeries(t *testing.T, got, want *obstest.Sink, ids ...string) {
	t.Helper()
	for _, id := range ids {
		g, w := got.ByID(id), want.ByID(id)
		if g == nil || w == nil {
			t.Fatalf("%s: got %v, want %v", id, g != nil, w != nil)
		}
		if g.Frequency != w.Frequency {
			t.Errorf("%s: frequency %s, want %s", id, g.Frequency, w.Frequency)
		}
		if len(g.Points) != len(w.Points) {
			t.Errorf("%s: %d points, want %d", id, len(g.Points), len(w.Points))
			continue
		}
		for i := range g.Points {
			if g.Points[i] != w.Points[i] {
				t.Errorf("%s: point %d = %v, want %v", id, i, g.Points[i], w.Points[i])
				break
			}
		}
	}
}

// The user's long file (FRED data written with YYYY-MM months, a daily
// series among them, an extra column) reads as the FRED files do.
func TestLongFileMatchesFRED(t *testing.T) {
	got := read(t, longSpec(obstest.Testdata(t, "generic", "us_macro_long.csv")))
	if len(got.Problems) != 0 {
		t.Errorf("problems: %v", got.Problems)
	}
	if len(got.Series) != 5 {
		t.Errorf("%d series, want 5", len(got.Series))
	}
	sameSeries(t, got, fredSeries(t), "fred:UNRATE", "fred:CPIAUCSL", "fred:FEDFUNDS", "fred:PAYEMS", "fred:DPRIME")
	if f := got.ByID("fred:DPRIME").Frequency; f != catalogsrc.Daily {
		t.Errorf("DPRIME frequency %s, want D", f)
	}
}

func TestWideTSV(t *testing.T) {
	spec := catalogsrc.Spec{Files: map[string]string{"file": obstest.Testdata(t, "generic", "us_rates_wide.tsv")},
		Columns: map[string]string{"date": "month"}, Options: map[string]string{"namespace": "fred", "layout": "wide"}}
	got := read(t, spec)
	if len(got.Problems) != 0 || len(got.Series) != 2 {
		t.Fatalf("%d series, problems %v", len(got.Series), got.Problems)
	}
	sameSeries(t, got, fredSeries(t), "fred:UNRATE", "fred:FEDFUNDS")
}

// loadLong reads the long test file's rows.
func loadLong(t *testing.T) [][]string {
	t.Helper()
	f, err := os.Open(obstest.Testdata(t, "generic", "us_macro_long.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs[1:]
}

type parquetObs struct {
	Series string   `parquet:"series_id"`
	Period string   `parquet:"period"`
	Value  *float64 `parquet:"value,optional"`
}

// The same rows as JSON Lines (numbers as JSON numbers, missing as null)
// and as Parquet give the same series.
func TestJSONLinesAndParquet(t *testing.T) {
	recs := loadLong(t)
	dir := t.TempDir()
	var jl strings.Builder
	var pq []parquetObs
	for _, r := range recs {
		row := map[string]any{"series_id": r[0], "period": r[1], "value": nil}
		o := parquetObs{Series: r[0], Period: r[1]}
		if r[2] != "" {
			v, err := strconv.ParseFloat(r[2], 64)
			if err != nil {
				t.Fatal(err)
			}
			row["value"], o.Value = v, &v
		}
		b, _ := json.Marshal(row)
		jl.Write(append(b, '\n'))
		pq = append(pq, o)
	}
	jsonl := filepath.Join(dir, "obs.jsonl")
	if err := os.WriteFile(jsonl, []byte(jl.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	pqf := filepath.Join(dir, "obs.parquet")
	f, err := os.Create(pqf)
	if err != nil {
		t.Fatal(err)
	}
	if err := parquet.Write(f, pq); err != nil {
		t.Fatal(err)
	}
	f.Close()
	want := fredSeries(t)
	for _, file := range []string{jsonl, pqf} {
		got := read(t, longSpec(file))
		if len(got.Problems) != 0 {
			t.Errorf("%s: problems %v", file, got.Problems)
		}
		sameSeries(t, got, want, "fred:UNRATE", "fred:CPIAUCSL", "fred:FEDFUNDS", "fred:PAYEMS", "fred:DPRIME")
	}
}

func TestDateForms(t *testing.T) {
	cases := []struct {
		text, want string
		grain      catalogsrc.Frequency
	}{
		{"2023", "2023-01-01", catalogsrc.Annual},
		{"2023-05", "2023-05-01", catalogsrc.Monthly},
		{"2023M05", "2023-05-01", catalogsrc.Monthly},
		{"2023-05-31", "2023-05-31", catalogsrc.Daily},
		{"2023-Q3", "2023-07-01", catalogsrc.Quarterly},
		{"2023Q4", "2023-10-01", catalogsrc.Quarterly},
		{"2021-W01", "2021-01-04", catalogsrc.Weekly},
		{"2020-W53", "2020-12-28", catalogsrc.Weekly},
		{"2024W10", "2024-03-04", catalogsrc.Weekly},
	}
	for _, c := range cases {
		d, err := parseDate(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		if got := d.t.Format("2006-01-02"); got != c.want || d.grain != c.grain {
			t.Errorf("%s = %s %s, want %s %s", c.text, got, d.grain, c.want, c.grain)
		}
	}
	for _, bad := range []string{"2021-W53", "2021-W00", "2023-13", "2023-02-30", "23-05", "2023Q5", "May 2023", ""} {
		if _, err := parseDate(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// Bad rows are reported with line and field and skipped; series whose dates
// disagree with their frequency are reported and left out; the rest is kept.
func TestBadInput(t *testing.T) {
	p := obstest.WriteFile(t, "obs.csv", strings.Join([]string{
		"id,date,value,frequency",
		"A,2020-01,1.5,M",     // 2
		"A,2020-02,x,M",       // 3 bad value
		"A,2020-13,2,M",       // 4 bad date
		",2020-03,2,M",        // 5 empty id
		"A,2020-03,2.5,M",     // 6
		"B,2020,1,",           // 7
		"B,2021-06,2,",        // 8 mixed forms: B left out
		"C,2020-01-05,1,M",    // 9
		"C,2020-01-20,2,M",    // 10 two dates in one month: C left out
		"D,2020-Q1,1,Q",       // 11
		"D,2020-Q2,2,Z",       // 12 unknown frequency
		"E,2020-01,1,M",       // 13
		"E,2020-02,2,M,extra", // 14 wrong field count
		"E,2020-02,3,M",       // 15
		"F,2020,1,M",          // 16 annual date, monthly frequency: F left out
		"G,2020-01-01,1,",     // 17
		"G,2020-01-14,1,",     // 18
		"G,2020-03-01,1,",     // 19 spacing fits no frequency (median gap 47 days): G left out
	}, "\n")+"\n")
	spec := catalogsrc.Spec{Files: map[string]string{"file": p}, Columns: map[string]string{"series": "id", "frequency": "frequency"},
		Options: map[string]string{"namespace": "x"}}
	got := read(t, spec)
	obstest.ExpectProblems(t, got.Problems, []obstest.WantProblem{
		{Line: 3, Field: "value", Cause: "not a decimal"},
		{Line: 4, Field: "date", Cause: "month"},
		{Line: 5, Field: "id", Cause: "empty series id"},
		{Line: 8, Field: "date", Cause: "mix forms"},
		{Line: 10, Field: "date", Cause: "same monthly period"},
		{Line: 12, Field: "frequency", Cause: "unknown frequency"},
		{Line: 14, Field: "", Cause: "column count"},
		{Line: 16, Field: "date", Cause: "coarser than the series' frequency"},
		{Line: 17, Field: "date", Cause: "fits no frequency"},
	})
	for id, n := range map[string]int{"x:A": 2, "x:D": 1, "x:E": 2} {
		sd := got.ByID(id)
		if sd == nil || len(sd.Points) != n {
			t.Errorf("%s: %v, want %d points", id, sd, n)
		}
	}
	for _, id := range []string{"x:B", "x:C", "x:F", "x:G"} {
		if got.ByID(id) != nil {
			t.Errorf("%s kept", id)
		}
	}
	if sd := got.ByID("x:E"); sd != nil && sd.Frequency != catalogsrc.Monthly {
		t.Errorf("E frequency %s", sd.Frequency)
	}
}

func TestMissingColumnAndBadSpec(t *testing.T) {
	p := obstest.WriteFile(t, "obs.csv", "series,when,value\nA,2020,1\n")
	src, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Name: "m", Files: map[string]string{"file": p}})
	if err != nil {
		t.Fatal(err)
	}
	err = src.ReadObservations(context.Background(), &obstest.Sink{})
	if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), "missing column date") || !strings.Contains(err.Error(), p) {
		t.Errorf("missing column: %v", err)
	}
	jl := obstest.WriteFile(t, "obs.jsonl", `{"series":"A","when":"2020","value":1}`+"\n")
	src, err = catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Name: "m", Files: map[string]string{"file": jl}})
	if err != nil {
		t.Fatal(err)
	}
	err = src.ReadObservations(context.Background(), &obstest.Sink{})
	if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), "no record has key date") {
		t.Errorf("JSON Lines without the date key: %v", err)
	}
	for _, spec := range []catalogsrc.Spec{
		{Options: map[string]string{"layout": "diagonal"}},
		{Columns: map[string]string{"title": "x"}},
		{Options: map[string]string{"layout": "wide"}, Columns: map[string]string{"series": "x"}},
		{Options: map[string]string{"frequency": "fortnightly"}},
		{Options: map[string]string{"namespace": "a:b"}},
	} {
		spec.Kind, spec.Name, spec.Files = Kind, "m", map[string]string{"file": p}
		if _, err := catalogsrc.OpenObservations(spec); !errors.Is(err, catalogsrc.ErrBadSpec) {
			t.Errorf("%+v: %v, want ErrBadSpec", spec, err)
		}
	}
}

// Any text parses to a valid date at a known grain, or fails; it never panics.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2023", "2023-05", "2023M05", "2023-05-31", "2023-Q3", "2021-W01", "2020W53", "2023-W", "9999-W99", "1000-W01", "2999-W52", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := parseDate(s)
		if err != nil {
			return
		}
		if rank[d.grain] == 0 && d.grain != catalogsrc.Daily {
			t.Errorf("%q: grain %q", s, d.grain)
		}
		if d.grain == catalogsrc.Weekly && d.t.Weekday() != 1 {
			t.Errorf("%q: week starts %s", s, d.t.Weekday())
		}
		if y := d.t.Year(); y < 1000 || y > 2999 {
			t.Errorf("%q: year %d", s, y)
		}
	})
}

type parquetDated struct {
	Series string    `parquet:"series_id"`
	Day    int32     `parquet:"day,date"` // days since 1970 (parquet-go v0.32 writes time.Time date fields wrong)
	Stamp  time.Time `parquet:"stamp,timestamp(microsecond)"`
	Value  float64   `parquet:"value"`
}

// Parquet DATE and TIMESTAMP columns read as ISO dates.
func TestParquetDateColumns(t *testing.T) {
	want := fredSeries(t)
	un := want.ByID("fred:UNRATE")
	var rows []parquetDated
	for _, p := range un.Points {
		d, _ := time.Parse(time.DateOnly, p.Date)
		rows = append(rows, parquetDated{Series: "UNRATE", Day: int32(d.Unix() / 86400), Stamp: d, Value: p.Value})
	}
	file := filepath.Join(t.TempDir(), "dated.parquet")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := parquet.Write(f, rows); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, col := range []string{"day", "stamp"} {
		spec := longSpec(file)
		spec.Columns = map[string]string{"series": "series_id", "date": col, "value": "value"}
		got := read(t, spec)
		if len(got.Problems) != 0 {
			t.Errorf("%s: problems %v", col, got.Problems)
		}
		sameSeries(t, got, want, "fred:UNRATE")
	}
}

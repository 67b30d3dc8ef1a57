package generic_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
)

var mapping = map[string]string{
	"id": "code", "title": "name", "unit": "unit", "frequency": "freq", "start": "from",
	"end": "to", "country": "area", "path": "topic", "alt_titles": "other",
}

const csvText = "code,name,unit,freq,from,to,area,topic,other\n" +
	"A1,Policy rate,Percent,Monthly,2001-01,2023-12,Türkiye,Money > Rates,Politika faizi|Repo\n" +
	"A2,Broad money,Billions TRY,Q,2001Q1,2023Q4,TUR,Money > Aggregates,\n" +
	"A3,Bad dates,Percent,M,2023-13,2024-01,,Money,\n" +
	",No id,Percent,M,,,,Money,\n" +
	"A1,Duplicate,Percent,M,,,,Money,\n" +
	"A4,\"Quoted, name\",Index,A,1990,2020,United States,Prices,\n"

func write(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func open(t *testing.T, spec catalogsrc.Spec) catalogsrc.Source {
	t.Helper()
	src, err := catalogsrc.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func TestCSV(t *testing.T) {
	spec := catalogsrc.Spec{Kind: "generic", Name: "mine", Files: map[string]string{"file": write(t, "c.csv", csvText)}, Columns: mapping}
	got := sourcetest.Run(t, open(t, spec), sourcetest.Expect{Spec: spec, MinRecords: 3, MaxRecords: 3, BreakRole: "file"})
	by := got.ByID()
	a1 := by["mine:A1"]
	if a1.Title != "Policy rate" || a1.Country != "TUR" || a1.Start != "2001-01-01" || a1.End != "2023-12-01" ||
		a1.Frequency != catalogsrc.Monthly || strings.Join(a1.Path, "/") != "Money/Rates" ||
		strings.Join(a1.AltTitles, "/") != "Politika faizi/Repo" || a1.Pos.Line != 2 {
		t.Errorf("A1 = %+v", a1)
	}
	if a2 := by["mine:A2"]; a2.Start != "2001-01-01" || a2.End != "2023-10-01" || a2.Frequency != catalogsrc.Quarterly {
		t.Errorf("A2 = %+v", a2)
	}
	if a4 := by["mine:A4"]; a4.Title != "Quoted, name" || a4.Country != "USA" || a4.Pos.Line != 7 {
		t.Errorf("A4 = %+v", a4)
	}
	want := map[int]string{4: "from", 5: "code", 6: "code"}
	if len(got.Problems) != len(want) {
		t.Fatalf("problems %v; want lines 4,5,6", got.Problems)
	}
	for _, p := range got.Problems {
		if want[p.Pos.Line] != p.Field {
			t.Errorf("problem %v; want field %q at line %d", p, want[p.Pos.Line], p.Pos.Line)
		}
	}
}

func TestLatin1TSV(t *testing.T) {
	text := "code\tname\tfrom\tto\tarea\n" + "X\tT\xfcrkiye inflation\t2000\t2020\tT\xfcrkiye\n"
	spec := catalogsrc.Spec{Kind: "generic", Name: "l1", Files: map[string]string{"file": write(t, "x.tsv", text)},
		Columns: map[string]string{"id": "code", "title": "name", "start": "from", "end": "to", "country": "area"}, Options: map[string]string{"encoding": "latin-1"}}
	got := sourcetest.ReadAll(t, open(t, spec))
	if len(got.Records) != 1 || got.Records[0].Title != "Türkiye inflation" || got.Records[0].Country != "TUR" {
		t.Errorf("latin-1 record %+v", got.Records)
	}
}

func TestJSONLines(t *testing.T) {
	text := `{"code":"J1","name":"Jobs","from":"2020-01-01","topic":["Labour","Employment"],"other":["Emploi"]}` + "\n\n" +
		`not json` + "\n" +
		`{"code":"J2","name":"Wages","to":"15-Mar-2022"}` + "\n"
	spec := catalogsrc.Spec{Kind: "generic", Name: "js", Files: map[string]string{"file": write(t, "x.jsonl", text)}, Columns: mapping}
	got := sourcetest.Run(t, open(t, spec), sourcetest.Expect{Spec: spec, MinRecords: 2, MaxRecords: 2, BreakRole: "file", HeaderLines: 0})
	j1 := got.ByID()["js:J1"]
	if strings.Join(j1.Path, "/") != "Labour/Employment" || len(j1.AltTitles) != 1 || j1.Pos.Line != 1 {
		t.Errorf("J1 = %+v", j1)
	}
	if j2 := got.ByID()["js:J2"]; j2.End != "2022-03-15" || j2.Pos.Line != 4 {
		t.Errorf("J2 = %+v", j2)
	}
	if len(got.Problems) != 1 || got.Problems[0].Pos.Line != 3 {
		t.Errorf("problems %v; want line 3", got.Problems)
	}
}

type pqRow struct {
	Code string `parquet:"code"`
	Name string `parquet:"name"`
	Unit string `parquet:"unit,optional"`
	From string `parquet:"from"`
}

func TestParquet(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.parquet")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	rows := []pqRow{{"P1", "Exports", "USD", "2001"}, {"P2", "Imports", "", "2002-02"}, {"", "No id", "", ""}}
	if err := parquet.Write(f, rows); err != nil {
		t.Fatal(err)
	}
	f.Close()
	spec := catalogsrc.Spec{Kind: "generic", Name: "pq", Files: map[string]string{"file": p},
		Columns: map[string]string{"id": "code", "title": "name", "unit": "unit", "start": "from"}}
	got := sourcetest.Run(t, open(t, spec), sourcetest.Expect{Spec: spec, MinRecords: 2, MaxRecords: 2})
	if r := got.ByID()["pq:P1"]; r.Unit != "USD" || r.Start != "2001-01-01" || r.Pos.Line != 1 {
		t.Errorf("P1 = %+v", r)
	}
	if len(got.Problems) != 1 || got.Problems[0].Pos.Line != 3 || got.Problems[0].Field != "code" {
		t.Errorf("problems %v", got.Problems)
	}
	// A text file with a .parquet name is unreadable, not a crash.
	spec.Files = map[string]string{"file": write(t, "bad.parquet", "not parquet")}
	if err := open(t, spec).Read(context.Background(), &sourcetest.Collector{}); !errors.Is(err, catalogsrc.ErrUnreadable) {
		t.Errorf("bad parquet: %v", err)
	}
}

func TestSpecErrors(t *testing.T) {
	file := write(t, "c.csv", csvText)
	for name, spec := range map[string]catalogsrc.Spec{
		"no file":          {Kind: "generic", Columns: mapping},
		"no id":            {Kind: "generic", Files: map[string]string{"file": file}, Columns: map[string]string{"title": "name"}},
		"unknown field":    {Kind: "generic", Files: map[string]string{"file": file}, Columns: map[string]string{"id": "code", "title": "name", "colour": "x"}},
		"unknown encoding": {Kind: "generic", Files: map[string]string{"file": file}, Columns: mapping, Options: map[string]string{"encoding": "ebcdic"}},
		"long delimiter":   {Kind: "generic", Files: map[string]string{"file": file}, Columns: mapping, Options: map[string]string{"delimiter": ";;"}},
	} {
		if _, err := catalogsrc.Open(spec); !errors.Is(err, catalogsrc.ErrBadSpec) {
			t.Errorf("%s: Open error %v; want ErrBadSpec", name, err)
		}
	}
	// A mapped column the file lacks is named in the error.
	spec := catalogsrc.Spec{Kind: "generic", Files: map[string]string{"file": file}, Columns: map[string]string{"id": "code", "title": "label"}}
	err := open(t, spec).Read(context.Background(), &sourcetest.Collector{})
	if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), `"label"`) || !strings.Contains(err.Error(), file) {
		t.Errorf("missing column: %v", err)
	}
	spec.Files["file"] = filepath.Join(t.TempDir(), "absent.csv")
	if err := open(t, spec).Read(context.Background(), &sourcetest.Collector{}); !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), "absent.csv") {
		t.Errorf("missing file: %v", err)
	}
}

func TestParseDate(t *testing.T) {
	for in, want := range map[string]string{
		"2024-03-15": "2024-03-15", "2024-03-15T10:00:00Z": "2024-03-15", "2024-03": "2024-03-01", "2024": "2024-01-01",
		"15-03-2024": "2024-03-15", "15.03.2024": "2024-03-15", "15-Dec-2022": "2022-12-15", "2024Q3": "2024-07-01",
		"2024-Q1": "2024-01-01", "2024M11": "2024-11-01", "2024S2": "2024-07-01", "2024W01": "2024-01-01",
		"2021W01": "2021-01-04", "2024M03D15": "2024-03-15", "": "",
	} {
		got, err := generic.ParseDate(in)
		if err != nil || got != want {
			t.Errorf("ParseDate(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"2024-13", "31-02-2024", "2024Q5", "LTAA", "15-Foo-2022", "20x4", "2024M"} {
		if got, err := generic.ParseDate(in); !errors.Is(err, generic.ErrBadDate) {
			t.Errorf("ParseDate(%q) = %q, %v; want ErrBadDate", in, got, err)
		}
	}
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2024-03-15", "15-Dec-2022", "2024Q3", "2024W53", "2024M03D15", "01-10-2020", "LTAA"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := generic.ParseDate(s)
		if err == nil && got != "" {
			again, err2 := generic.ParseDate(got)
			if err2 != nil || again != got || len(got) != 10 {
				t.Fatalf("ParseDate(%q) = %q, not a stable ISO date (%q, %v)", s, got, again, err2)
			}
		}
	})
}

func FuzzCSVRow(f *testing.F) {
	for _, l := range strings.Split(csvText, "\n")[1:] {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line string) {
		p := filepath.Join(t.TempDir(), "f.csv")
		if err := os.WriteFile(p, []byte("code,name,unit,freq,from,to,area,topic,other\n"+line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		src, err := catalogsrc.Open(catalogsrc.Spec{Kind: "generic", Name: "f", Files: map[string]string{"file": p}, Columns: mapping})
		if err != nil {
			t.Fatal(err)
		}
		c := &sourcetest.Collector{}
		err = src.Read(context.Background(), c)
		if err != nil {
			// A damaged row (a blank line, an unterminated quote that
			// swallows the rest of the file) may be refused, but only as an
			// unreadable source whose message names the file.
			if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), "f.csv") {
				t.Fatalf("row %q: refused without naming the file as unreadable: %v", line, err)
			}
			return
		}
		sourcetest.CheckRecords(t, "f", c.Records, sourcetest.Expect{})
	})
}

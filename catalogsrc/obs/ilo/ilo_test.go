package ilo

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs"
	"github.com/sextant-dev/sextant/catalogsrc/obs/obstest"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
)

func spec(file string) catalogsrc.Spec {
	return catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": file}}
}

func readObs(t *testing.T, file string) *obstest.Sink {
	t.Helper()
	src, err := catalogsrc.OpenObservations(spec(file))
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

func TestObservations(t *testing.T) {
	sink := readObs(t, obstest.Testdata(t, "ilo", "unemployment-ilo.csv"))
	if len(sink.Problems) != 0 {
		t.Fatalf("problems: %v", sink.Problems)
	}
	if len(sink.Series) != 101 {
		t.Errorf("%d series, want 101 countries", len(sink.Series))
	}
	for _, sd := range sink.Series {
		if len(sd.ID) != len("ilo:TUR") {
			t.Errorf("%s: country name not mapped to ISO3", sd.ID)
		}
		if sd.Frequency != catalogsrc.Quarterly {
			t.Errorf("%s: frequency %q", sd.ID, sd.Frequency)
		}
	}
	tr := sink.ByID("ilo:TUR")
	if tr == nil {
		t.Fatal("ilo:TUR (Türkiye) missing")
	}
	if len(tr.Points) != 60 || tr.Points[0].Date != "2006-01-01" || tr.Points[0].Value != 10.6 {
		t.Errorf("Türkiye: %d points starting %+v; want 60 from 2006Q1 = 10.6", len(tr.Points), tr.Points[0])
	}
	if v, _ := obstest.Value(tr, "2019-10-01"); v != 13.3 {
		t.Errorf("Türkiye 2019Q4 = %v, want 13.3", v)
	}
	us := sink.ByID("ilo:USA")
	if us == nil || us.Points[0].Date != "1948-01-01" || us.Points[0].Value != 4.4 {
		t.Errorf("United States should start 1948Q1 = 4.4: %+v", us)
	}
	for _, id := range []string{"ilo:KOR", "ilo:IRN", "ilo:MAC", "ilo:TWN", "ilo:PSE", "ilo:VEN", "ilo:MDA", "ilo:VNM", "ilo:RUS", "ilo:XKX"} {
		if sink.ByID(id) == nil {
			t.Errorf("%s missing: agency spelling not mapped", id)
		}
	}
}

func TestCatalogRecords(t *testing.T) {
	src, err := catalogsrc.Open(spec(obstest.Testdata(t, "ilo", "unemployment-ilo.csv")))
	if err != nil {
		t.Fatal(err)
	}
	if src.Name() != "ilo" {
		t.Errorf("name %q, want the id prefix ilo", src.Name())
	}
	var sink obstest.RecordSink
	if err := src.Read(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	if len(sink.Records) != 101 {
		t.Fatalf("%d records, want 101", len(sink.Records))
	}
	var tr *catalogsrc.Record
	for i := range sink.Records {
		if sink.Records[i].ID == "ilo:TUR" {
			tr = &sink.Records[i]
		}
	}
	if tr == nil {
		t.Fatal("no record ilo:TUR")
	}
	if tr.Title != "Unemployment rate (ILO) — Türkiye" || tr.Unit != "%" || tr.Country != "TUR" || tr.Frequency != catalogsrc.Quarterly {
		t.Errorf("record %+v", tr)
	}
	if tr.Start != "2006-01-01" || tr.End != "2020-10-01" || len(tr.Path) != 1 || tr.Path[0] != Topic {
		t.Errorf("coverage %s..%s path %v", tr.Start, tr.End, tr.Path)
	}
}

func TestBadRows(t *testing.T) {
	file := obstest.WriteFile(t, "u.csv", strings.Join([]string{
		`"Sex","Age","Quarter","Türkiye","Narnia","Turkey"`,
		`"Total","Total","2019Q4","13.3","1",`,
		`"Total","Total","2019-12","13","2",`,
		`"Total","Total","2019Q3","x","3",`,
		`"Male","Total","2019Q2","12","4",`,
		`"Total","Total","2019Q1","12.5",`,
		`"Total","Total","2019Q4","14","5",`,
	}, "\n")+"\n")
	sink := readObs(t, file)
	obstest.ExpectProblems(t, sink.Problems, []obstest.WantProblem{
		{Line: 1, Field: "Turkey", Cause: "same country"},
		{Line: 3, Field: "Quarter", Cause: "not a quarter"},
		{Line: 4, Field: "Türkiye", Cause: "not a decimal"},
		{Line: 6, Field: "", Cause: "5 fields"},
		{Line: 7, Field: "Quarter", Cause: "duplicate date 2019-10-01 for series ilo:TUR"},
		{Line: 7, Field: "Quarter", Cause: "duplicate date 2019-10-01 for series ilo:Narnia"},
	})
	tr := sink.ByID("ilo:TUR")
	if tr == nil || len(tr.Points) != 1 || tr.Points[0].Value != 13.3 {
		t.Errorf("Türkiye %+v: want only 2019Q4 = 13.3 (male row skipped)", tr)
	}
	if sink.ByID("ilo:Narnia") == nil {
		t.Error("unknown country should keep its name as id")
	}
}

func TestMissingFile(t *testing.T) {
	src, _ := catalogsrc.Open(spec("/nonexistent/u.csv"))
	err := src.Read(context.Background(), &obstest.RecordSink{})
	if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), "/nonexistent/u.csv") {
		t.Errorf("%v", err)
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte("\"Sex\",\"Age\",\"Quarter\",\"Türkiye\"\n\"Total\",\"Total\",\"2019Q4\",\"13.3\"\n"))
	f.Add([]byte("Sex,Age,Quarter,A,A\nTotal,Total,2019q1,1,\nTotal,Total,2019Q1,,2\n"))
	s := &Source{File: obs.File{Namespace: "ilo"}, sex: "Total", age: "Total"}
	f.Fuzz(func(t *testing.T, data []byte) {
		var sink obstest.Sink
		out, err := s.read(context.Background(), bytes.NewReader(data), "fuzz.csv", &sink)
		if err != nil && !errors.Is(err, catalogsrc.ErrUnreadable) {
			t.Fatalf("error not wrapping ErrUnreadable: %v", err)
		}
		for _, c := range out {
			obstest.CheckSeries(t, c.data)
		}
		for _, p := range sink.Problems {
			obstest.CheckProblem(t, p)
		}
	})
}

// TestCatalogConformance runs the suite every catalog source passes,
// damage cases included, on the catalog side of the reader.
func TestCatalogConformance(t *testing.T) {
	s := spec(obstest.Testdata(t, "ilo", "unemployment-ilo.csv"))
	src, err := catalogsrc.Open(s)
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.Run(t, src, sourcetest.Expect{Spec: s, MinRecords: 101, MaxRecords: 101, BreakRole: "file"})
}

func TestObservationDamageNoticed(t *testing.T) {
	sourcetest.RunObservationDamage(t, sourcetest.Expect{BreakRole: "file", Spec: spec(obstest.Testdata(t, "ilo", "unemployment-ilo.csv"))})
}

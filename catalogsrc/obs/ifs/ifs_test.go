package ifs

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs"
	"github.com/sextant-dev/sextant/catalogsrc/obs/obstest"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
)

func spec(t *testing.T, withCodelists bool) catalogsrc.Spec {
	files := map[string]string{"file": obstest.Testdata(t, "imf", "IFS_NGDP_SA_XDC_US_CA_MX.csv")}
	if withCodelists {
		files["indicators"] = obstest.Testdata(t, "imf", "IFS_Indicators_ngdp.csv")
		files["countries"] = obstest.Testdata(t, "imf", "IFS_Countries_subset.csv")
	}
	return catalogsrc.Spec{Kind: Kind, Files: files}
}

func TestObservations(t *testing.T) {
	src, err := catalogsrc.OpenObservations(spec(t, false))
	if err != nil {
		t.Fatal(err)
	}
	var sink obstest.Sink
	if err := src.ReadObservations(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	if len(sink.Problems) != 0 {
		t.Fatalf("problems: %v", sink.Problems)
	}
	if len(sink.Series) != 3 {
		t.Fatalf("%d series, want US, CA, MX", len(sink.Series))
	}
	for _, sd := range sink.Series {
		obstest.CheckSeries(t, sd)
		if sd.Frequency != catalogsrc.Quarterly {
			t.Errorf("%s: frequency %q", sd.ID, sd.Frequency)
		}
	}
	us := sink.ByID("ifs:NGDP_SA_XDC.US")
	if us == nil || len(us.Points) != 296 {
		t.Fatalf("US: %+v, want 296 quarters", us)
	}
	if us.Points[0].Date != "1950-01-01" || us.Points[0].Value != 70207.0 {
		t.Errorf("US starts %+v, want 1950Q1 (file date 1950-03-01) = 70207", us.Points[0])
	}
	if v, _ := obstest.Value(us, "1962-01-01"); v != 148503.3 {
		t.Errorf("US 1962Q1 = %v", v)
	}
	mx := sink.ByID("ifs:NGDP_SA_XDC.MX")
	if last := mx.Points[len(mx.Points)-1]; last.Date != "2023-07-01" || last.Value != 8049161.9 {
		t.Errorf("MX ends %+v, want 2023Q3 = 8.0491619e6", last)
	}
}

func readRecords(t *testing.T, sp catalogsrc.Spec) []catalogsrc.Record {
	t.Helper()
	src, err := catalogsrc.Open(sp)
	if err != nil {
		t.Fatal(err)
	}
	var sink obstest.RecordSink
	if err := src.Read(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	if len(sink.Problems) != 0 {
		t.Fatalf("problems: %v", sink.Problems)
	}
	return sink.Records
}

func TestCatalogRecords(t *testing.T) {
	recs := readRecords(t, spec(t, true))
	if len(recs) != 3 {
		t.Fatalf("%d records", len(recs))
	}
	us := recs[slices.IndexFunc(recs, func(r catalogsrc.Record) bool { return r.ID == "ifs:NGDP_SA_XDC.US" })]
	if us.Title != "Gross Domestic Product, Nominal, Seasonally Adjusted, Domestic Currency — United States" {
		t.Errorf("title %q", us.Title)
	}
	if !slices.Equal(us.Path, []string{"Gross Domestic Product", "Nominal", "Seasonally Adjusted", "Domestic Currency"}) {
		t.Errorf("path %q", us.Path)
	}
	if us.Unit != "Domestic Currency" || us.SeasonalAdjustment != "SA" || us.Country != "USA" || us.Source != "ifs" {
		t.Errorf("record %+v", us)
	}
	if us.Start != "1950-01-01" || us.End != "2023-10-01" || us.Frequency != catalogsrc.Quarterly {
		t.Errorf("coverage %s..%s %s", us.Start, us.End, us.Frequency)
	}
	sp := spec(t, false)
	sp.Options = map[string]string{"unit": "Millions of domestic currency"}
	for _, r := range readRecords(t, sp) {
		if r.ID == "ifs:NGDP_SA_XDC.MX" && (r.Title != "NGDP_SA_XDC — Mexico" || r.Unit != "Millions of domestic currency" || r.Country != "MEX") {
			t.Errorf("without codelists: %+v", r)
		}
	}
}

func TestBadRows(t *testing.T) {
	file := obstest.WriteFile(t, "ifs.csv", strings.Join([]string{
		"date;value;country;indicator;frequency",
		"2023-03-01;1.5;US;X_XDC;Q",
		"2023-06-01;abc;US;X_XDC;Q",
		"2023-09-01;2;US;X_XDC;Fortnightly",
		"2023-09-01;2;US;X_XDC;M",
		"2023-02-01;3;US;X_XDC;Q", // same quarter as line 2
		"2023-12-01;4;U S;X_XDC;Q",
		"2023-12-01;4;US;X_XDC",
	}, "\n")+"\n")
	src, _ := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": file}})
	var sink obstest.Sink
	if err := src.ReadObservations(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	obstest.ExpectProblems(t, sink.Problems, []obstest.WantProblem{
		{Line: 3, Field: "value", Cause: "not a decimal"},
		{Line: 4, Field: "frequency", Cause: "unknown frequency"},
		{Line: 5, Field: "frequency", Cause: "differs"},
		{Line: 6, Field: "date", Cause: "duplicate date 2023-01-01"},
		{Line: 7, Field: "country", Cause: "spaces"},
		{Line: 8, Field: "", Cause: "4 fields"},
	})
	if len(sink.Series) != 1 || len(sink.Series[0].Points) != 1 {
		t.Errorf("series %+v", sink.Series)
	}
}

func TestMissingCodelist(t *testing.T) {
	sp := spec(t, false)
	sp.Files["indicators"] = "/nonexistent/IFS_Indicators.csv"
	src, _ := catalogsrc.Open(sp)
	err := src.Read(context.Background(), &obstest.RecordSink{})
	if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), "IFS_Indicators.csv") {
		t.Errorf("%v", err)
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte("date;value;country;indicator;frequency\n1950-03-01;70207.0;US;NGDP_SA_XDC;Q\n"))
	f.Add([]byte("date;value;country;indicator;frequency\n2023;7.68e6;MX;N;A\n2023-01;;MX;N;A\n"))
	s := &Source{File: obs.File{Namespace: "ifs"}}
	f.Fuzz(func(t *testing.T, data []byte) {
		var sink obstest.Sink
		out, err := s.read(context.Background(), bytes.NewReader(data), "fuzz.csv", &sink)
		if err != nil && !errors.Is(err, catalogsrc.ErrUnreadable) {
			t.Fatalf("error not wrapping ErrUnreadable: %v", err)
		}
		for _, sr := range out {
			obstest.CheckSeries(t, sr.data)
		}
		for _, p := range sink.Problems {
			obstest.CheckProblem(t, p)
		}
	})
}

// TestCatalogConformance runs the suite every catalog source passes,
// damage cases included, on the catalog side of the reader.
func TestCatalogConformance(t *testing.T) {
	s := spec(t, true)
	src, err := catalogsrc.Open(s)
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.Run(t, src, sourcetest.Expect{Spec: s, MinRecords: 3, MaxRecords: 3, BreakRole: "file"})
}

func TestObservationDamageNoticed(t *testing.T) {
	sourcetest.RunObservationDamage(t, sourcetest.Expect{BreakRole: "file", Spec: spec(t, false)})
}

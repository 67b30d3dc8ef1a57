package reference

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

func nileSpec(t *testing.T) catalogsrc.Spec {
	return catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": obstest.Testdata(t, "reference", "nile_flow_annual.csv")},
		Options: map[string]string{"id": "ref:nile", "title": "Annual flow of the Nile at Aswan", "unit": "10^8 m^3", "path": "Reference > Hydrology"}}
}

func TestNile(t *testing.T) {
	src, err := catalogsrc.OpenObservations(nileSpec(t))
	if err != nil {
		t.Fatal(err)
	}
	var sink obstest.Sink
	if err := src.ReadObservations(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	if len(sink.Problems) != 0 || len(sink.Series) != 1 {
		t.Fatalf("series %d, problems %v", len(sink.Series), sink.Problems)
	}
	nile := sink.Series[0]
	obstest.CheckSeries(t, nile)
	if nile.ID != "ref:nile" || nile.Frequency != catalogsrc.Annual || len(nile.Points) != 100 {
		t.Fatalf("%s %q with %d points, want ref:nile A 100", nile.ID, nile.Frequency, len(nile.Points))
	}
	if nile.Points[0] != (catalogsrc.Point{Date: "1871-01-01", Value: 1120}) || nile.Points[99].Date != "1970-01-01" {
		t.Errorf("from %+v to %+v", nile.Points[0], nile.Points[99])
	}
	// The classic change point: mean flow drops by about a quarter after 1898.
	var before, after float64
	for _, p := range nile.Points {
		if p.Date <= "1898-01-01" {
			before += p.Value / 28
		} else {
			after += p.Value / 72
		}
	}
	if before-after < 200 {
		t.Errorf("mean %0.1f before 1899 and %0.1f after: the 1898 shift is gone", before, after)
	}
}

func TestNileRecord(t *testing.T) {
	src, err := catalogsrc.Open(nileSpec(t))
	if err != nil {
		t.Fatal(err)
	}
	var sink obstest.RecordSink
	if err := src.Read(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	if len(sink.Records) != 1 {
		t.Fatalf("%d records", len(sink.Records))
	}
	r := sink.Records[0]
	if r.ID != "ref:nile" || r.NativeID != "nile" || r.Source != "ref" || src.Name() != "ref" {
		t.Errorf("ids: %+v (name %s)", r, src.Name())
	}
	if r.Title != "Annual flow of the Nile at Aswan" || r.Unit != "10^8 m^3" || r.Start != "1871-01-01" || r.End != "1970-01-01" || r.Frequency != catalogsrc.Annual {
		t.Errorf("record %+v", r)
	}
	if len(r.Path) != 2 || r.Path[0] != "Reference" || r.Path[1] != "Hydrology" {
		t.Errorf("path %q", r.Path)
	}
}

func TestOtherForms(t *testing.T) {
	file := obstest.WriteFile(t, "rates.csv", "quarter;note;rate\n2020Q1;a;1.5\n2020Q2;b;NA\n2020Q3;c;2\n2020-08-15;d;3\n20x0;e;1\n2020Q4;f;x\n")
	src, err := New(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": file}, Options: map[string]string{"separator": ";", "column": "rate", "frequency": "Q"}})
	if err != nil {
		t.Fatal(err)
	}
	var sink obstest.Sink
	if err := src.ReadObservations(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	if sink.Series[0].ID != "ref:rates" || len(sink.Series[0].Points) != 2 {
		t.Errorf("series %+v", sink.Series[0])
	}
	obstest.ExpectProblems(t, sink.Problems, []obstest.WantProblem{
		{Line: 5, Field: "quarter", Cause: "duplicate date 2020-07-01"},
		{Line: 6, Field: "quarter", Cause: "4-digit year"},
		{Line: 7, Field: "rate", Cause: "not a decimal"},
	})
	// Three columns and no options.column: ambiguous.
	src, _ = New(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": file}, Options: map[string]string{"separator": ";"}})
	if err := src.ReadObservations(context.Background(), &obstest.Sink{}); !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), "options.column") {
		t.Errorf("ambiguous value column: %v", err)
	}
}

func TestBadSpec(t *testing.T) {
	for name, opts := range map[string]map[string]string{
		"id without namespace": {"id": "nile"},
		"unknown frequency":    {"frequency": "fortnightly-ish"},
		"long separator":       {"separator": ";;"},
		"country not alpha-3":  {"country": "EG"},
		"unknown encoding":     {"encoding": "klingon"},
	} {
		if _, err := New(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": "x.csv"}, Options: opts}); !errors.Is(err, catalogsrc.ErrBadSpec) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte("year,flow\n1871,1120\n1872,1160\n"))
	f.Add([]byte("d,v\n2020-01,1\n2020M02,2\n2020Q1,\"3\n"))
	s := &Source{File: obs.File{Namespace: "ref"}, id: "ref:x", sep: ','}
	f.Fuzz(func(t *testing.T, data []byte) {
		var sink obstest.Sink
		sd, ok, err := s.read(context.Background(), bytes.NewReader(data), "fuzz.csv", &sink)
		if err != nil && !errors.Is(err, catalogsrc.ErrUnreadable) {
			t.Fatalf("error not wrapping ErrUnreadable: %v", err)
		}
		if ok {
			obstest.CheckSeries(t, sd)
		}
		for _, p := range sink.Problems {
			obstest.CheckProblem(t, p)
		}
	})
}

// TestCatalogConformance runs the suite every catalog source passes,
// damage cases included, on the catalog side of the reader.
func TestCatalogConformance(t *testing.T) {
	s := nileSpec(t)
	src, err := catalogsrc.Open(s)
	if err != nil {
		t.Fatal(err)
	}
	sourcetest.Run(t, src, sourcetest.Expect{Spec: s, MinRecords: 1, MaxRecords: 1, BreakRole: "file"})
}

func TestObservationDamageNoticed(t *testing.T) {
	sourcetest.RunObservationDamage(t, sourcetest.Expect{BreakRole: "file", Spec: nileSpec(t)})
}

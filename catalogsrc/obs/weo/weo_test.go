package weo

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
	"github.com/sextant-dev/sextant/internal/testenv"
)

const (
	inflationTR = "weo:WEOApr2024|Türkiye|Inflation, average consumer prices|Percent change"
	gdpUS       = "weo:WEOApr2024|United States|Gross domestic product, current prices|U.S. dollars"
	pppTR       = "weo:WEOApr2024|Türkiye|Gross domestic product, current prices|Purchasing power parity; international dollars"
)

func read(t *testing.T, spec catalogsrc.Spec) *obstest.Sink {
	t.Helper()
	spec.Kind = Kind
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

func subset(t *testing.T) *obstest.Sink {
	return read(t, catalogsrc.Spec{Files: map[string]string{"file": obstest.Testdata(t, "weo", "WEOApr2024_tur_usa_civ.csv")}, Options: map[string]string{"vintage": "WEOApr2024"}})
}

func TestTurkishInflationAndUSGDP(t *testing.T) {
	sink := subset(t)
	if len(sink.Problems) != 0 {
		t.Fatalf("problems on real rows: %v", sink.Problems)
	}
	inf := sink.ByID(inflationTR)
	if inf == nil {
		t.Fatalf("%s missing (Latin-1 ü decoded?)", inflationTR)
	}
	if inf.Frequency != catalogsrc.Annual || len(inf.Points) != 24 {
		t.Errorf("frequency %q, %d points; want A and 2000–2023", inf.Frequency, len(inf.Points))
	}
	if inf.Points[0].Date != "2000-01-01" || inf.Points[23].Date != "2023-01-01" {
		t.Errorf("dates %s..%s", inf.Points[0].Date, inf.Points[23].Date)
	}
	if v, _ := obstest.Value(inf, "2022-01-01"); v != 72.309 {
		t.Errorf("Türkiye inflation 2022 = %v, want 72.309", v)
	}
	gdp := sink.ByID(gdpUS)
	if v, _ := obstest.Value(gdp, "2023-01-01"); v != 27357.825 {
		t.Errorf("US GDP 2023 = %v, want 27,357.825 with the thousands comma removed", v)
	}
	if sink.ByID(pppTR) == nil {
		t.Errorf("quoted units with ';' inside: %s missing", pppTR)
	}
	civ := 0
	for _, sd := range sink.Series {
		if strings.Contains(sd.ID, "|Côte d'Ivoire|") {
			civ++
		}
	}
	if civ == 0 {
		t.Error("no Côte d'Ivoire series: Latin-1 ô not decoded")
	}
}

func TestVintageFromFileName(t *testing.T) {
	file := obstest.WriteFile(t, "WEOOct2023all.csv", "Country;Subject Descriptor;Units;Scale;2022;2023\r\nMalta;Population;Persons;Millions;0.5;n/a\r\n")
	sink := read(t, catalogsrc.Spec{Files: map[string]string{"file": file}})
	if len(sink.Series) != 1 || sink.Series[0].ID != "weo:WEOOct2023|Malta|Population|Persons" || len(sink.Series[0].Points) != 1 {
		t.Errorf("got %+v", sink.Series)
	}
	other := obstest.WriteFile(t, "values.csv", "Country;Subject Descriptor;Units;2023\n")
	_, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": other}})
	if !errors.Is(err, catalogsrc.ErrBadSpec) || !strings.Contains(err.Error(), "vintage") {
		t.Errorf("no vintage: %v", err)
	}
}

func TestBadRows(t *testing.T) {
	file := obstest.WriteFile(t, "WEOApr2024all.csv", strings.Join([]string{
		"Country;Subject Descriptor;Units;Scale;2000;2001;2002;Estimates Start After",
		"Malta;Population;Persons;Millions;0.4;n/a;0.41;2022",
		"Malta;Unemployment rate;Percent;Units;6.7;x7;1,23.4;2022", // two bad values
		";Unemployment rate;Percent;Units;1;2;3;2022",              // no country
		"Malta;Population;Persons;Millions;1;2;3;2022",             // duplicate id
		"Malta;Employment;Persons;Millions;1;2",                    // short row
		"Malta;Output gap;Percent;Units;;;;",                       // no values
	}, "\r\n")+"\r\n")
	sink := read(t, catalogsrc.Spec{Files: map[string]string{"file": file}})
	obstest.ExpectProblems(t, sink.Problems, []obstest.WantProblem{
		{Line: 3, Field: "2001", Cause: "not a decimal"},
		{Line: 3, Field: "2002", Cause: "thousands separator"},
		{Line: 4, Field: "Country", Cause: "empty"},
		{Line: 5, Field: "", Cause: "duplicate series"},
		{Line: 6, Field: "", Cause: "has 6 fields"},
	})
	if len(sink.Series) != 2 {
		t.Fatalf("%d series, want population and unemployment (the output-gap row has no values)", len(sink.Series))
	}
	un := sink.ByID("weo:WEOApr2024|Malta|Unemployment rate|Percent")
	if un == nil || len(un.Points) != 1 || un.Points[0].Value != 6.7 {
		t.Errorf("unemployment %+v, want only 2000's 6.7", un)
	}
	if pop := sink.ByID("weo:WEOApr2024|Malta|Population|Persons"); pop == nil || pop.Points[0].Value != 0.4 {
		t.Errorf("population %+v: the first row must be kept", pop)
	}
}

func TestEncodingOption(t *testing.T) {
	file := obstest.Testdata(t, "weo", "WEOApr2024_tur_usa_civ.csv")
	sink := read(t, catalogsrc.Spec{Files: map[string]string{"file": file}, Options: map[string]string{"encoding": "windows-1252"}})
	if sink.ByID(inflationTR) == nil {
		t.Error("windows-1252 should decode ü like Latin-1")
	}
	_, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": file}, Options: map[string]string{"encoding": "utf-16"}})
	if !errors.Is(err, catalogsrc.ErrBadSpec) || !strings.Contains(err.Error(), "utf-16") {
		t.Errorf("unknown encoding: %v", err)
	}
}

func TestFullFile(t *testing.T) {
	sink := read(t, catalogsrc.Spec{Files: map[string]string{"file": testenv.SharedPath(t, "catalogs", "imf", "WEOApr2024all.csv")}})
	if len(sink.Problems) != 0 {
		t.Errorf("%d problems, first %v", len(sink.Problems), sink.Problems[0])
	}
	t.Logf("%d series with values from 8,624 rows", len(sink.Series))
	// 8,624 rows; rows with no value at all are not emitted.
	if len(sink.Series) < 7000 || len(sink.Series) > 8624 {
		t.Errorf("%d series from 8,624 rows", len(sink.Series))
	}
	inf := sink.ByID(inflationTR)
	if inf == nil || len(inf.Points) != 24 {
		t.Fatalf("%s: %+v", inflationTR, inf)
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte("Country;Subject Descriptor;Units;Scale;2000;2001\nMalta;Population;Persons;Millions;1,234.5;n/a\n"))
	f.Add([]byte("Country;Subject Descriptor;Units;2001;2000\nA;\"B; C\";D;-1e3;,1\n"))
	s := &Source{File: obs.File{Namespace: "weo"}, vintage: "WEOApr2024"}
	f.Fuzz(func(t *testing.T, data []byte) {
		var sink obstest.Sink
		err := s.read(context.Background(), bytes.NewReader(data), "fuzz.csv", &sink)
		if err != nil && !errors.Is(err, catalogsrc.ErrUnreadable) {
			t.Fatalf("error not wrapping ErrUnreadable: %v", err)
		}
		for _, sd := range sink.Series {
			obstest.CheckSeries(t, sd)
		}
		for _, p := range sink.Problems {
			obstest.CheckProblem(t, p)
		}
	})
}

func BenchmarkFullFile(b *testing.B) {
	src, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": testenv.SharedPath(b, "catalogs", "imf", "WEOApr2024all.csv")}})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := src.ReadObservations(context.Background(), &obstest.Sink{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestDamageNoticed(t *testing.T) {
	sourcetest.RunObservationDamage(t, sourcetest.Expect{BreakRole: "file", Encoding: "latin-1",
		Spec: catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": obstest.Testdata(t, "weo", "WEOApr2024_tur_usa_civ.csv")}, Options: map[string]string{"vintage": "WEOApr2024"}}})
}

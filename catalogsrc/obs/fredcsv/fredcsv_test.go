package fredcsv

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs/obstest"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
	"github.com/sextant-dev/sextant/internal/testenv"
)

func readSpec(t *testing.T, spec catalogsrc.Spec) *obstest.Sink {
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

func TestFolder(t *testing.T) {
	dir := obstest.Testdata(t, "fred")
	sink := readSpec(t, catalogsrc.Spec{Files: map[string]string{"dir": dir}})
	want := map[string]catalogsrc.Frequency{
		"fred:UNRATE":   catalogsrc.Monthly,
		"fred:INDPRO":   catalogsrc.Monthly,
		"fred:DRALACBS": catalogsrc.Quarterly,
		"fred:M2":       catalogsrc.Weekly,
		"fred:DEXUSEU":  catalogsrc.Daily,
	}
	if len(sink.Series) != len(want) {
		t.Errorf("got %d series, want %d", len(sink.Series), len(want))
	}
	for id, f := range want {
		sd := sink.ByID(id)
		if sd == nil {
			t.Errorf("%s missing", id)
			continue
		}
		if sd.Frequency != f {
			t.Errorf("%s: frequency %q, want %q", id, sd.Frequency, f)
		}
	}
	un := sink.ByID("fred:UNRATE")
	if v, ok := obstest.Value(un, "1966-01-01"); !ok || v != 4.0 {
		t.Errorf("UNRATE 1966-01 = %v %v, want 4.0", v, ok)
	}
	if v, ok := obstest.Value(un, "2025-03-01"); !ok || v != 4.2 {
		t.Errorf("UNRATE 2025-03 = %v %v, want 4.2", v, ok)
	}
	if len(un.Points) != 711 {
		t.Errorf("UNRATE has %d points, want 711 (1966-01 to 2025-03)", len(un.Points))
	}
	// DEXUSEU: 300 rows of which those with "." are missing and left out.
	eu := sink.ByID("fred:DEXUSEU")
	if _, ok := obstest.Value(eu, "1999-01-18"); ok {
		t.Error("DEXUSEU 1999-01-18 is \".\" in the file but has a point")
	}
	if len(eu.Points) >= 300 || len(eu.Points) < 280 {
		t.Errorf("DEXUSEU has %d points from 300 rows", len(eu.Points))
	}
}

func TestSameIDKeepsNewerFile(t *testing.T) {
	dir := obstest.Testdata(t, "fred")
	sink := readSpec(t, catalogsrc.Spec{Files: map[string]string{"dir": dir}})
	ind := sink.ByID("fred:INDPRO")
	if ind == nil {
		t.Fatal("fred:INDPRO missing")
	}
	if ind.Pos.File != filepath.Join(dir, "INDPRO.csv") {
		t.Errorf("kept %s, want INDPRO.csv (ends 2025-03, the other 2020-02)", ind.Pos.File)
	}
	if last := ind.Points[len(ind.Points)-1].Date; last != "2025-03-01" {
		t.Errorf("INDPRO ends %s", last)
	}
	if len(sink.Problems) != 1 {
		t.Fatalf("problems: %v, want one for INDPRO_2020.csv", sink.Problems)
	}
	p := sink.Problems[0]
	if p.Pos.File != filepath.Join(dir, "INDPRO_2020.csv") || p.Pos.Line != 1 || p.Field != "INDPRO" || !strings.Contains(p.Reason, "INDPRO.csv") {
		t.Errorf("duplicate problem %+v does not name the dropped file, its header and the kept file", p)
	}
}

func TestExplicitFiles(t *testing.T) {
	dir := obstest.Testdata(t, "fred")
	// Only the 2020 vintage, by role and by option: no duplicate then.
	sink := readSpec(t, catalogsrc.Spec{Files: map[string]string{"indpro": filepath.Join(dir, "INDPRO_2020.csv")}})
	if len(sink.Series) != 1 || sink.Series[0].ID != "fred:INDPRO" || len(sink.Problems) != 0 {
		t.Fatalf("series %v problems %v", len(sink.Series), sink.Problems)
	}
	if first := sink.Series[0].Points[0].Date; first != "1919-01-01" {
		t.Errorf("INDPRO_2020 starts %s, want 1919-01-01", first)
	}
	sink = readSpec(t, catalogsrc.Spec{Files: map[string]string{}, Options: map[string]string{"files": filepath.Join(dir, "UNRATE.csv") + ", " + filepath.Join(dir, "M2.csv")}})
	if len(sink.Series) != 2 || sink.Series[0].ID != "fred:UNRATE" || sink.Series[1].ID != "fred:M2" {
		t.Errorf("options.files: got %d series", len(sink.Series))
	}
}

func TestBadRows(t *testing.T) {
	file := obstest.WriteFile(t, "X.csv", strings.Join([]string{
		"observation_date,XRATE",
		"2020-01-01,1.5",
		"2020-02-01,abc",
		"2020-02-30,2",
		"2020-03-01,.",
		"2020-04-01,",
		"2020-05-01,3,4",
		"2020-05-01,3",
		"2020-06-01,4",
		"2020-05-01,5",
	}, "\n")+"\n")
	sink := readSpec(t, catalogsrc.Spec{Files: map[string]string{"file": file}})
	obstest.ExpectProblems(t, sink.Problems, []obstest.WantProblem{
		{Line: 3, Field: "XRATE", Cause: "not a decimal"},
		{Line: 4, Field: "observation_date", Cause: "day out of range"},
		{Line: 7, Field: "", Cause: "3 fields"},
		{Line: 10, Field: "observation_date", Cause: "duplicate date 2020-05-01"},
	})
	sd := sink.ByID("fred:XRATE")
	if sd == nil || len(sd.Points) != 3 {
		t.Fatalf("XRATE = %+v, want points for 2020-01, -05, -06", sd)
	}
	if v, _ := obstest.Value(sd, "2020-05-01"); v != 3 {
		t.Errorf("kept %v for 2020-05, want the first row's 3", v)
	}
	if sd.Frequency != catalogsrc.Monthly {
		t.Errorf("frequency %q: missing months must still count as monthly spacing", sd.Frequency)
	}
}

func TestFileErrors(t *testing.T) {
	if _, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind}); !errors.Is(err, catalogsrc.ErrBadSpec) {
		t.Errorf("empty spec: %v", err)
	}
	notFred := obstest.WriteFile(t, "other.csv", "year,flow\n1871,1120\n")
	for name, file := range map[string]string{"missing file": "/nonexistent/UNRATE.csv", "wrong header": notFred} {
		src, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": file}})
		if err != nil {
			t.Fatal(err)
		}
		err = src.ReadObservations(context.Background(), &obstest.Sink{})
		if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), file) {
			t.Errorf("%s: %v", name, err)
		}
	}
	src, _ := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"dir": "/nonexistent"}})
	if err := src.ReadObservations(context.Background(), &obstest.Sink{}); !errors.Is(err, catalogsrc.ErrUnreadable) {
		t.Errorf("missing folder: %v", err)
	}
}

func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	src, _ := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"dir": obstest.Testdata(t, "fred")}})
	if err := src.ReadObservations(ctx, &obstest.Sink{}); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want context.Canceled", err)
	}
}

func TestSharedFolder(t *testing.T) {
	dir := testenv.SharedPath(t, "catalogs", "observations", "fred")
	sink := readSpec(t, catalogsrc.Spec{Files: map[string]string{"dir": dir}})
	entries, _ := os.ReadDir(dir)
	if len(sink.Series) != len(entries)-1 {
		t.Errorf("%d series from %d files, want one less (INDPRO twice)", len(sink.Series), len(entries))
	}
	if len(sink.Problems) != 1 {
		t.Errorf("problems %v, want only the INDPRO duplicate", sink.Problems)
	}
	for id, f := range map[string]catalogsrc.Frequency{"fred:GDP": catalogsrc.Quarterly, "fred:T10YFF": catalogsrc.Daily, "fred:RHEACBW027SBOG": catalogsrc.Weekly, "fred:CPIAUCSL": catalogsrc.Monthly} {
		if sd := sink.ByID(id); sd == nil || sd.Frequency != f {
			t.Errorf("%s: %+v, want frequency %s", id, sd, f)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte("observation_date,UNRATE\n2020-01-01,3.5\n2020-02-01,.\n2020-01-01,4\n"))
	f.Add([]byte("DATE,X\n1999-01-04,1.1812\n1999-13-01,\"1\n"))
	s := &Source{namespace: "fred"}
	f.Fuzz(func(t *testing.T, data []byte) {
		var sink obstest.Sink
		p, err := s.read(context.Background(), bytes.NewReader(data), "fuzz.csv", &sink)
		if err != nil {
			if !errors.Is(err, catalogsrc.ErrUnreadable) {
				t.Fatalf("error not wrapping ErrUnreadable: %v", err)
			}
			return
		}
		if p.ok {
			obstest.CheckSeries(t, p.series)
		}
		for _, pr := range sink.Problems {
			obstest.CheckProblem(t, pr)
		}
	})
}

func BenchmarkSharedFolder(b *testing.B) {
	src, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"dir": testenv.SharedPath(b, "catalogs", "observations", "fred")}})
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
	sourcetest.RunObservationDamage(t, sourcetest.Expect{BreakRole: "unrate",
		Spec: catalogsrc.Spec{Kind: Kind, Files: map[string]string{"unrate": obstest.Testdata(t, "fred", "UNRATE.csv")}}})
}

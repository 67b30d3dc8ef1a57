package bis

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs/obstest"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
	"github.com/sextant-dev/sextant/internal/testenv"
)

func open(t *testing.T, file string) catalogsrc.ObservationSource {
	t.Helper()
	src, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": file}})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func readAll(t *testing.T, file string) *obstest.Sink {
	t.Helper()
	var sink obstest.Sink
	if err := open(t, file).ReadObservations(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	for _, sd := range sink.Series {
		obstest.CheckSeries(t, sd)
	}
	return &sink
}

func TestTurkishPolicyRateSubset(t *testing.T) {
	sink := readAll(t, obstest.Testdata(t, "bis", "policy_rates_monthly_tr_us.csv"))
	if len(sink.Problems) != 0 {
		t.Fatalf("problems on a clean file: %v", sink.Problems)
	}
	if len(sink.Series) != 2 {
		t.Fatalf("got %d series, want 2 (M.TR, M.US)", len(sink.Series))
	}
	tr := sink.ByID("bis:M.TR")
	if tr == nil {
		t.Fatal("bis:M.TR missing")
	}
	if tr.Frequency != catalogsrc.Monthly {
		t.Errorf("frequency %q, want M", tr.Frequency)
	}
	for date, want := range map[string]float64{"2023-05-01": 8.5, "2023-06-01": 15, "2023-12-01": 42.5} {
		if v, ok := obstest.Value(tr, date); !ok || v != want {
			t.Errorf("M.TR at %s = %v (present %v), want %v", date, v, ok, want)
		}
	}
	for _, p := range tr.Points {
		if !strings.HasSuffix(p.Date, "-01") {
			t.Fatalf("date %s not normalised to the month's first day", p.Date)
		}
	}
	if tr.Pos.Line < 2 {
		t.Errorf("series position %v lacks its first line", tr.Pos)
	}
}

func TestBadRowsAreRejectedAndReadingGoesOn(t *testing.T) {
	file := obstest.WriteFile(t, "rates.csv", strings.Join([]string{
		"series_key,ref_area,unit,date,value",
		"M.TR,TR:Türkiye,Per cent per year,2023-11-30,40",
		"M.TR,TR:Türkiye,Per cent per year,2023-13-31,41", // bad month
		"M.TR,TR:Türkiye,Per cent per year,2023-12-31,4x", // bad value
		"M.TR,TR:Türkiye,Per cent per year,2023-12-15,42", // same month as next row after normalising
		"M.TR,TR:Türkiye,Per cent per year,2023-12-31,42.5",
		"TR,TR:Türkiye,Per cent per year,2023-12-31,1",  // key without frequency
		"M.TR,TR:Türkiye,Per cent per year,2024-01-31,", // missing value
	}, "\n")+"\n")
	var sink obstest.Sink
	if err := open(t, file).ReadObservations(context.Background(), &sink); err != nil {
		t.Fatal(err)
	}
	for _, p := range sink.Problems {
		obstest.CheckProblem(t, p)
	}
	if !obstest.HasProblem(sink.Problems, 3, "date", "month") {
		t.Errorf("no date problem at line 3: %v", sink.Problems)
	}
	if !obstest.HasProblem(sink.Problems, 4, "value", "not a decimal") {
		t.Errorf("no value problem at line 4: %v", sink.Problems)
	}
	if !obstest.HasProblem(sink.Problems, 6, "date", "duplicate date 2023-12-01") {
		t.Errorf("no duplicate problem at line 6: %v", sink.Problems)
	}
	if !obstest.HasProblem(sink.Problems, 7, "series_key", "frequency") {
		t.Errorf("no key problem at line 7: %v", sink.Problems)
	}
	if len(sink.Problems) != 4 {
		t.Errorf("got %d problems, want 4: %v", len(sink.Problems), sink.Problems)
	}
	tr := sink.ByID("bis:M.TR")
	if tr == nil || len(tr.Points) != 2 {
		t.Fatalf("M.TR = %+v, want 2 points", tr)
	}
	if v, _ := obstest.Value(tr, "2023-12-01"); v != 42 {
		t.Errorf("kept %v for 2023-12, want the first row's 42", v)
	}
}

func TestFileErrors(t *testing.T) {
	var sink obstest.Sink
	err := open(t, "/nonexistent/rates.csv").ReadObservations(context.Background(), &sink)
	if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), "/nonexistent/rates.csv") {
		t.Errorf("missing file: %v", err)
	}
	noValue := obstest.WriteFile(t, "r.csv", "series_key,date\nM.TR,2023-01-31\n")
	err = open(t, noValue).ReadObservations(context.Background(), &sink)
	if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), "value") {
		t.Errorf("missing column: %v", err)
	}
	if _, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind}); !errors.Is(err, catalogsrc.ErrBadSpec) {
		t.Errorf("spec without file: %v", err)
	}
	_, err = catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": noValue}, Options: map[string]string{"encoding": "ebcdic"}})
	if !errors.Is(err, catalogsrc.ErrBadSpec) || !strings.Contains(err.Error(), "ebcdic") {
		t.Errorf("unknown encoding: %v", err)
	}
}

func TestCanceledContextStopsReading(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var sink obstest.Sink
	err := open(t, obstest.Testdata(t, "bis", "policy_rates_monthly_tr_us.csv")).ReadObservations(ctx, &sink)
	if !errors.Is(err, context.Canceled) || len(sink.Series) != 0 {
		t.Errorf("err %v, %d series; want context.Canceled and none", err, len(sink.Series))
	}
}

type stopSink struct{ obstest.Sink }

var errStop = errors.New("stop")

func (s *stopSink) AddSeries(catalogsrc.SeriesData) error { return errStop }

func TestSinkErrorStopsReading(t *testing.T) {
	var sink stopSink
	err := open(t, obstest.Testdata(t, "bis", "policy_rates_monthly_tr_us.csv")).ReadObservations(context.Background(), &sink)
	if !errors.Is(err, errStop) {
		t.Errorf("err %v, want the sink's error", err)
	}
}

func TestFullFile(t *testing.T) {
	sink := readAll(t, testenv.SharedPath(t, "catalogs", "observations", "bis", "policy_rates_monthly.csv"))
	if len(sink.Problems) != 0 {
		t.Errorf("%d problems, first %v", len(sink.Problems), sink.Problems[0])
	}
	if len(sink.Series) != 46 {
		t.Errorf("%d series, want 46 economies", len(sink.Series))
	}
	n := 0
	for _, sd := range sink.Series {
		n += len(sd.Points)
	}
	if n != 18231 {
		t.Errorf("%d values, want 18,231", n)
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte("series_key,ref_area,unit,date,value\nM.TR,TR,p,2023-12-31,42.5\nM.TR,TR,p,2023-12-01,1\n"))
	f.Add([]byte("series_key,date,value\nQ.US,2023Q2,1e3\n\"M.X,1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var sink obstest.Sink
		err := read(context.Background(), bytes.NewReader(data), "fuzz.csv", "bis", &sink)
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
	src, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": testenv.SharedPath(b, "catalogs", "observations", "bis", "policy_rates_monthly.csv")}})
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
	sourcetest.RunObservationDamage(t, sourcetest.Expect{BreakRole: "file",
		Spec: catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": obstest.Testdata(t, "bis", "policy_rates_monthly_tr_us.csv")}}})
}

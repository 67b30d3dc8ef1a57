package turkstat

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/obs/obstest"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
)

func read(t *testing.T, file string, opts map[string]string) *obstest.Sink {
	t.Helper()
	src, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": file}, Options: opts})
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

func longFile(t *testing.T) string {
	return obstest.Testdata(t, "turkstat", "tr_cpi_tuik_2020_2025_long.csv")
}

func TestIndexBecomesEVDSSeries(t *testing.T) {
	sink := read(t, longFile(t), nil)
	if len(sink.Problems) != 0 {
		t.Fatalf("problems: %v", sink.Problems)
	}
	if len(sink.Series) != 1 {
		t.Fatalf("%d series, want only the index by default", len(sink.Series))
	}
	idx := sink.ByID("evds:TP.FG.J0")
	if idx == nil {
		t.Fatal("evds:TP.FG.J0 missing")
	}
	if idx.Frequency != catalogsrc.Monthly || len(idx.Points) != 70 {
		t.Errorf("frequency %q with %d points, want M and 70 (2020-01..2025-10)", idx.Frequency, len(idx.Points))
	}
	if v, _ := obstest.Value(idx, "2023-12-01"); v != 1859.38 {
		t.Errorf("index Dec 2023 = %v, want 1859.38", v)
	}
}

func TestOtherMeasuresByOption(t *testing.T) {
	sink := read(t, longFile(t), map[string]string{"index_id": "tuik:cpi", "yoy_pct_id": "tuik:cpi_yoy", "12m_avg_pct_id": "tuik:cpi_12m"})
	if len(sink.Series) != 3 || sink.ByID("evds:TP.FG.J0") != nil {
		t.Fatalf("got %d series; index_id must replace the default id", len(sink.Series))
	}
	yoy := sink.ByID("tuik:cpi_yoy")
	if v, _ := obstest.Value(yoy, "2022-10-01"); v != 85.51 {
		t.Errorf("yoy Oct 2022 = %v, want 85.51", v)
	}
	sink = read(t, longFile(t), map[string]string{"index_id": "-", "mom_pct_id": "tuik:cpi_mom"})
	if len(sink.Series) != 1 || sink.Series[0].ID != "tuik:cpi_mom" {
		t.Errorf("index_id \"-\" must skip the index: %d series", len(sink.Series))
	}
}

func TestMisspeltMeasureIsReported(t *testing.T) {
	sink := read(t, longFile(t), map[string]string{"yoy_pcnt_id": "tuik:x"})
	if len(sink.Problems) != 1 || !strings.Contains(sink.Problems[0].Reason, "yoy_pcnt") {
		t.Errorf("problems %v, want one naming yoy_pcnt", sink.Problems)
	}
	if _, err := catalogsrc.OpenObservations(catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": "x"}, Options: map[string]string{"index_id": "TP.FG.J0"}}); !errors.Is(err, catalogsrc.ErrBadSpec) {
		t.Errorf("id without namespace: %v", err)
	}
}

// The long file is the wide TURKSTAT table converted: its first block (the
// index) must hold the same numbers month by month.
func TestAgreesWithWideTable(t *testing.T) {
	sink := read(t, longFile(t), nil)
	idx := sink.ByID("evds:TP.FG.J0")
	f, err := os.Open(obstest.Testdata(t, "turkstat", "tufe_tablo2_2020_2025.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, row := range rows[1:7] { // block 1: the index, 2020..2025
		for m, cell := range row[1:] {
			if cell == "" {
				continue
			}
			want, err := strconv.ParseFloat(cell, 64)
			if err != nil {
				t.Fatal(err)
			}
			date := fmt.Sprintf("%s-%02d-01", row[0], m+1)
			if got, ok := obstest.Value(idx, date); !ok || got != want {
				t.Errorf("%s: long file gives %v (%v), table %v", date, got, ok, want)
			}
			checked++
		}
	}
	if checked != len(idx.Points) {
		t.Errorf("table has %d index values, series %d", checked, len(idx.Points))
	}
}

func TestBadRows(t *testing.T) {
	file := obstest.WriteFile(t, "cpi.csv", "date,measure,value\n2023-11-01,cpi_index_2003_100,1806.5\n2023-12-01,cpi_index_2003_100,1.859,38\n2023-13-01,cpi_index_2003_100,1\n2023-12-01,cpi_index_2003_100,1859.38\n2024-01-01,,5\n")
	sink := read(t, file, nil)
	if !obstest.HasProblem(sink.Problems, 3, "", "4 fields, header has 3") {
		t.Errorf("line 3: %v", sink.Problems)
	}
	if !obstest.HasProblem(sink.Problems, 4, "date", "month") || !obstest.HasProblem(sink.Problems, 6, "measure", "empty") {
		t.Errorf("lines 4, 6: %v", sink.Problems)
	}
	idx := sink.ByID(DefaultIndexID)
	if idx == nil || len(idx.Points) != 2 {
		t.Fatalf("index %+v, want Nov and Dec 2023", idx)
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte("date,measure,value,evds_equivalent\n2020-01-01,cpi_index_2003_100,446.45,TP.FG.J0\n"))
	f.Add([]byte("date,measure,value\n2020-01,yoy_pct,1\n2020Q1,cpi_index_2003_100,x\n"))
	s := &Source{ids: map[string]string{IndexMeasure: DefaultIndexID, "yoy_pct": "t:y"}}
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

func TestDamageNoticed(t *testing.T) {
	sourcetest.RunObservationDamage(t, sourcetest.Expect{BreakRole: "file",
		Spec: catalogsrc.Spec{Kind: Kind, Files: map[string]string{"file": obstest.Testdata(t, "turkstat", "tr_cpi_tuik_2020_2025_long.csv")}}})
}

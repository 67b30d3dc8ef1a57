package analysis_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/internal/testseries"
)

func TestScratchTable(t *testing.T) {
	st := testseries.NewStore(
		testseries.FRED(t, "UNRATE", analysis.Monthly, "Percent"),
		testseries.FRED(t, "GDP", analysis.Quarterly, "Billions of Dollars"),
		testseries.FREDFile(t, "DPRIME_2000_2020", "DPRIME", analysis.Daily, "Percent"),
		testseries.FRED(t, "M2", analysis.Weekly, "Billions of Dollars"),
		testseries.FRED(t, "PAYEMS", analysis.Monthly, "Thousands of Persons"),
		testseries.BIS(t, "M.TR"),
	)
	for _, f := range []analysis.Frequency{"", analysis.Monthly, analysis.Annual, analysis.Weekly} {
		tb, err := analysis.BuildTable(context.Background(), st, analysis.TableSpec{IDs: []string{"fred:UNRATE", "fred:GDP", "fred:DPRIME", "fred:M2", "fred:PAYEMS", "bis:M.TR"}, Frequency: f, From: time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Println(tb.Summary())
		for _, c := range tb.Columns {
			fmt.Println("   ", c.Notes)
		}
		if f == analysis.Monthly {
			for _, d := range []analysis.DeriveSpec{{Op: "yoy", Column: "PAYEMS"}, {Op: "spread", Column: "DPRIME", Other: "UNRATE"}, {Op: "ratio", Column: "M2", Other: "GDP"}, {Op: "yoy", Column: "UNRATE"}, {Op: "rebase", Column: "PAYEMS", BaseDate: time.Date(2015, 6, 1, 0, 0, 0, 0, time.UTC)}, {Op: "rolling_mean", Column: "UNRATE", Window: 12}, {Op: "share", Column: "PAYEMS", Other: "GDP"}, {Op: "log", Column: "M2"}} {
				c, err := analysis.Derive(tb, d)
				fmt.Println(d.Op, err)
				if c != nil {
					fmt.Println("   ", c.Name, c.Unit, c.Count, c.Missing, c.Notes)
				}
			}
			fmt.Println(tb.Summary())
			f, _ := os.Create("/tmp/scratch.csv")
			tb.WriteCSV(f)
			f.Close()
			f, _ = os.Create("/tmp/scratch.parquet")
			fmt.Println(tb.WriteParquet(f))
			f.Close()
		}
	}
}

package wire_test

import (
	"context"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

// BenchmarkAnalysisTurn is the engine's share of a typical turn: a monthly
// table from a daily and a monthly series, a derived column, a change-point
// search and a chart.
func BenchmarkAnalysisTurn(b *testing.B) {
	cat := openTestCatalog(b)
	ctx := context.Background()
	out := b.TempDir()
	spec := agent.TableSpec{Name: "main", Frequency: "M", Columns: []agent.ColumnSpec{{Name: "prime", SeriesID: wiretest.Dprime}, {Name: "unrate", SeriesID: wiretest.Unrate}}}
	b.ResetTimer()
	for b.Loop() {
		e := wire.NewEngine(cat, out)
		if _, err := e.BuildTable(ctx, spec); err != nil {
			b.Fatal(err)
		}
		if _, err := e.DeriveColumn(ctx, agent.DeriveSpec{Table: "main", Column: "unrate", Op: "yoy_pct"}); err != nil {
			b.Fatal(err)
		}
		if _, err := e.FindChangePoints(ctx, agent.ChangePointSpec{Table: "main", Column: "prime"}); err != nil {
			b.Fatal(err)
		}
		if _, err := e.DrawChart(ctx, agent.ChartSpec{Table: "main", Columns: []string{"prime", "unrate"}, Breaks: true}); err != nil {
			b.Fatal(err)
		}
	}
}

package embed_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/sextant-dev/sextant/internal/embed"
)

// catalogLabels returns n catalog-like labels (real label shapes from FRED,
// EVDS, WEO and WDI, varied so they are not all identical).
func catalogLabels(n int) []string {
	shapes := []string{
		"Consumer Price Index for All Urban Consumers: All Items in U.S. City Average",
		"Unemployment Rate - %d Yrs. & over, Seasonally Adjusted",
		"(USD) Exchange Rate, Central Bank Buying Rate, %d",
		"Gross domestic product, constant prices, National currency, %d",
		"Real Gross Domestic Product per Capita in Türkiye (Thousand TRY)",
		"All Employees, Manufacturing, Total Private %d",
		"Deposit interest rate (%%) for households, maturity up to %d months",
		"Government gross debt, Percent of GDP",
	}
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf(shapes[i%len(shapes)], 16+i%50)
	}
	return out
}

func benchmarkThroughput(b *testing.B, dir string) {
	e := mustOpen(b, dir)
	labels := catalogLabels(2048)
	if _, err := e.Embed(context.Background(), labels[:64]); err != nil { // compile shapes
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.Embed(context.Background(), labels); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(labels)*b.N)/b.Elapsed().Seconds(), "texts/s")
}

func benchmarkQuery(b *testing.B, dir string) {
	e := mustOpen(b, dir)
	q := []string{"turkish inflation consumer prices"}
	if _, err := e.Embed(context.Background(), q); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.Embed(context.Background(), q); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkThroughputTiny: 2,048 catalog-like labels through hugot with the
// 1,000-word test model.
func BenchmarkThroughputTiny(b *testing.B) { benchmarkThroughput(b, tinyModel(b, false)) }

// BenchmarkThroughputFull: the same with the full default model (skipped
// when not built).
func BenchmarkThroughputFull(b *testing.B) { benchmarkThroughput(b, fullModelDir(b)) }

// BenchmarkQueryFull: one short query, the runtime's per-question cost.
func BenchmarkQueryFull(b *testing.B) { benchmarkQuery(b, fullModelDir(b)) }

func BenchmarkQueryTiny(b *testing.B) { benchmarkQuery(b, tinyModel(b, false)) }

func BenchmarkClean(b *testing.B) {
	labels := catalogLabels(1024)
	b.ResetTimer()
	for b.Loop() {
		for _, l := range labels {
			embed.Clean(l)
		}
	}
	b.ReportMetric(float64(len(labels)*b.N)/b.Elapsed().Seconds(), "texts/s")
}

package chart_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/plot/plotutil"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/chart"
	"github.com/sextant-dev/sextant/runtime/analysis/internal/testseries"
)

var update = flag.Bool("update", false, "write the rendered charts to testdata/analysis/charts for a person to look at")

func fixture(t testing.TB) (chart.Spec, analysis.Breaks) {
	un := testseries.FRED(t, "UNRATE", analysis.Monthly, "Percent")
	un.Title = "Unemployment Rate"
	ff := testseries.FRED(t, "FEDFUNDS", analysis.Monthly, "Percent")
	ff.Title = "Federal Funds Effective Rate"
	gdp := testseries.FRED(t, "GDP", analysis.Quarterly, "Billions of Dollars")
	gdp.Title = "Gross Domestic Product"
	tb, err := analysis.Align(context.Background(), []analysis.Series{un, ff, gdp}, analysis.Monthly, time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	br, err := analysis.FindBreaks(un, analysis.BreakOptions{Method: analysis.MethodBinSeg})
	if err != nil {
		t.Fatal(err)
	}
	// Keep the breaks inside the chart's range plus one outside it.
	var items []analysis.DatedBreak
	for _, it := range br.Items {
		if it.Date.Year() == 1975 || it.Date.Year() >= 2008 && len(items) < 4 {
			items = append(items, it)
		}
	}
	br.Items = items
	return chart.Spec{Table: tb, Breaks: []analysis.Breaks{br}, Title: "US unemployment, policy rate and GDP since 2000"}, br
}

func hexColor(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02X%02X%02X", r>>8, g>>8, b>>8)
}

func TestSVGHasTitleSeriesBreaksAndSources(t *testing.T) {
	spec, br := fixture(t)
	var buf bytes.Buffer
	if err := chart.Render(spec, "svg", &buf); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	inRange := 0
	for _, it := range br.Items {
		label := analysis.FormatPeriod(it.Date, analysis.Monthly)
		if it.Date.Year() < 2000 {
			if strings.Contains(svg, ">"+label+"<") {
				t.Errorf("break %s outside the chart's range is drawn", label)
			}
			continue
		}
		inRange++
		if !strings.Contains(svg, ">"+label+"<") {
			t.Errorf("break label %s missing", label)
		}
	}
	if inRange == 0 {
		t.Fatal("fixture has no break inside the range")
	}
	if got := strings.Count(svg, "stroke-dasharray"); got != inRange {
		t.Errorf("%d dashed lines, want one per break in range (%d)", got, inRange)
	}
	for _, want := range []string{spec.Title, "UNRATE: Unemployment Rate", "FEDFUNDS: Federal Funds Effective Rate", "GDP: Gross Domestic Product",
		">Percent<", ">Billions of Dollars<", "Source: FRED", ">2010<", ">2020<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	for i := range 3 { // each series is drawn in its own colour
		if c := hexColor(plotutil.Color(i)); !strings.Contains(strings.ToUpper(svg), "STROKE:"+c) {
			t.Errorf("no line in colour %s for series %d", c, i)
		}
	}
	writeUpdate(t, "table_breaks.svg", buf.Bytes())
}

func TestPNGSize(t *testing.T) {
	spec, _ := fixture(t)
	var buf bytes.Buffer
	if err := chart.Render(spec, "png", &buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	// Two units (Percent, Billions of Dollars): two panels.
	w, h := chart.DefaultWidth, 2*chart.DefaultPanelHeight+80
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Errorf("PNG %dx%d, want %dx%d", b.Dx(), b.Dy(), w, h)
	}
	writeUpdate(t, "table_breaks.png", buf.Bytes())

	nile := testseries.Nile(t)
	nb, err := analysis.FindBreaks(nile, analysis.BreakOptions{})
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := chart.Render(chart.Spec{Series: []analysis.Series{nile}, Breaks: []analysis.Breaks{nb}, Title: "Nile flow", Width: 640, Height: 360}, "png", &buf); err != nil {
		t.Fatal(err)
	}
	img, err = png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 360 {
		t.Errorf("PNG %dx%d, want 640x360", b.Dx(), b.Dy())
	}
	writeUpdate(t, "nile.png", buf.Bytes())
}

func TestRenderErrors(t *testing.T) {
	spec, _ := fixture(t)
	if err := chart.Render(spec, "gif", &bytes.Buffer{}); !errors.Is(err, chart.ErrBadSpec) {
		t.Errorf("gif: err %v", err)
	}
	if err := chart.Render(chart.Spec{}, "svg", &bytes.Buffer{}); !errors.Is(err, chart.ErrBadSpec) {
		t.Errorf("empty spec: err %v", err)
	}
	var many []analysis.Series
	for i := range chart.MaxPanels + 1 {
		many = append(many, analysis.Series{ID: fmt.Sprint("x:", i), Unit: fmt.Sprint("unit ", i), Frequency: analysis.Annual,
			Points: []analysis.Point{{Date: time.Date(2000+i, 1, 1, 0, 0, 0, 0, time.UTC), Value: 1}}})
	}
	if err := chart.Render(chart.Spec{Series: many}, "svg", &bytes.Buffer{}); !errors.Is(err, chart.ErrBadSpec) {
		t.Errorf("%d units: err %v", len(many), err)
	}
}

func writeUpdate(t *testing.T, name string, data []byte) {
	if !*update {
		return
	}
	dir := filepath.Join(testseries.Dir(t), "charts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkRender(b *testing.B) {
	spec, _ := fixture(b)
	for _, f := range []string{"svg", "png"} {
		b.Run(f, func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := chart.Render(spec, f, &buf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

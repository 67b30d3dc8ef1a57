// Package chart draws time-series charts of analysis tables and series, with
// change points, as SVG or PNG. Series whose units differ go to separate
// panels stacked vertically on a shared time axis (small multiples); each
// panel's y axis is labelled with its unit, breaks are dashed vertical lines
// labelled with their date, and the sources are written in a footer line.
package chart

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/sextant-dev/sextant/runtime/analysis"
)

// ErrBadSpec is returned for a chart that cannot be drawn as asked.
var ErrBadSpec = errors.New("chart: bad spec")

// Limits that keep a chart readable.
const (
	MaxSeries = 12 // lines in one chart
	MaxPanels = 6  // distinct units, one panel each
)

// Default size in pixels (PNG at 96 dpi; SVG uses the same size in points
// scaled by 72/96).
const (
	DefaultWidth       = 960
	DefaultPanelHeight = 300
	dpi                = 96
)

// Spec describes a chart. Give a Table (all its columns are drawn) or
// Series, or both.
type Spec struct {
	Table   *analysis.Table
	Series  []analysis.Series
	Breaks  []analysis.Breaks // drawn in the panel of the series they belong to
	Title   string
	Sources []string // footer; empty = the sources named by the series and columns
	Width   int      // pixels; 0 = DefaultWidth
	Height  int      // pixels; 0 = DefaultPanelHeight per panel plus title and footer
}

// trace is one line to draw.
type trace struct {
	id, name, label, unit, source string
	xs, ys                        []float64 // Unix seconds; NaN = missing
	connect                       bool      // join across missing values (coarser column in a finer table)
}

// panel is one unit's plot.
type panel struct {
	unit   string
	traces []int
}

// Render draws the chart in format "svg" or "png" to w.
func Render(spec Spec, format string, w io.Writer) error {
	format = strings.ToLower(format)
	if format != "svg" && format != "png" {
		return fmt.Errorf("%w: format %q (use svg or png)", ErrBadSpec, format)
	}
	spec.Title = cleanText(spec.Title)
	sources := make([]string, len(spec.Sources))
	for i, src := range spec.Sources {
		sources[i] = cleanText(src)
	}
	spec.Sources = sources
	traces, err := collect(spec)
	if err != nil {
		return err
	}
	panels := groupByUnit(traces)
	if len(panels) > MaxPanels {
		return fmt.Errorf("%w: %d different units, more than %d panels; chart fewer series", ErrBadSpec, len(panels), MaxPanels)
	}
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for _, t := range traces {
		for i, x := range t.xs {
			if !math.IsNaN(t.ys[i]) {
				xmin, xmax = math.Min(xmin, x), math.Max(xmax, x)
			}
		}
	}
	if math.IsInf(xmin, 0) {
		return fmt.Errorf("%w: nothing to draw: no values", ErrBadSpec)
	}
	if xmax == xmin {
		xmin, xmax = xmin-86400*15, xmax+86400*15
	}
	width, height := spec.Width, spec.Height
	if width <= 0 {
		width = DefaultWidth
	}
	if height <= 0 {
		height = DefaultPanelHeight*len(panels) + 80
	}
	// Approximate plotting area of one panel, in points, without axes.
	area := vg.Point{X: vg.Length(width-110) * 72 / dpi, Y: vg.Length((height-80)/len(panels)-50) * 72 / dpi}
	area.X, area.Y = max(area.X, 50), max(area.Y, 50)
	plots := make([][]*plot.Plot, len(panels))
	marked := 0
	for i, pn := range panels {
		p, n, err := drawPanel(pn, traces, spec.Breaks, xmin, xmax, area)
		if err != nil {
			return err
		}
		plots[i] = []*plot.Plot{p}
		marked += n
	}

	wl := vg.Length(width) * vg.Inch / dpi
	hl := vg.Length(height) * vg.Inch / dpi
	var canvas vg.CanvasWriterTo
	if format == "png" {
		canvas = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(wl, hl), vgimg.UseDPI(dpi))}
	} else {
		canvas = vgsvg.New(wl, hl)
	}
	dc := draw.New(canvas)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())

	titleStyle := textStyle(13, draw.XCenter, draw.YTop)
	footStyle := textStyle(8, draw.XLeft, draw.YBottom)
	top := dc.Max.Y - 6
	if spec.Title != "" {
		dc.FillText(titleStyle, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: top}, spec.Title)
		top -= titleStyle.Height(spec.Title) + 4
	}
	footer := footerLines(spec, traces, marked, footStyle, dc.Max.X-dc.Min.X-16)
	bottom := dc.Min.Y + 4
	for i := len(footer) - 1; i >= 0; i-- {
		dc.FillText(footStyle, vg.Point{X: dc.Min.X + 8, Y: bottom}, footer[i])
		bottom += footStyle.Height(footer[i]) + 1
	}
	bottom += 3

	inner := dc
	inner.Min.Y, inner.Max.Y = bottom, top
	tiles := draw.Tiles{Rows: len(panels), Cols: 1, PadX: 0, PadY: 12, PadLeft: 4, PadRight: 12}
	canvases := plot.Align(plots, tiles, inner)
	for i := range plots {
		plots[i][0].Draw(canvases[i][0])
	}
	if _, err := canvas.WriteTo(w); err != nil {
		return fmt.Errorf("chart: write %s: %w", format, err)
	}
	return nil
}

func textStyle(size vg.Length, xa draw.XAlignment, ya draw.YAlignment) text.Style {
	return text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, size), XAlign: xa, YAlign: ya, Handler: plot.DefaultTextHandler}
}

// collect turns the table columns and series into traces.
func collect(spec Spec) ([]trace, error) {
	var out []trace
	if t := spec.Table; t != nil {
		for _, c := range t.Columns {
			tr := trace{id: c.ID, name: c.Name, label: cleanText(legendLabel(c.Name, c.Title)), unit: cleanText(c.Unit), source: cleanText(c.Source),
				connect: analysis.Coarser(c.SourceFrequency, t.Frequency)}
			if tr.id == "" {
				tr.id = c.Name
			}
			for i, d := range t.Dates {
				tr.xs = append(tr.xs, float64(d.Unix()))
				tr.ys = append(tr.ys, c.Values[i])
			}
			out = append(out, tr)
		}
	}
	for _, s := range spec.Series {
		tr := trace{id: s.ID, name: s.ID, label: cleanText(legendLabel(s.ID, s.Title)), unit: cleanText(s.Unit), source: cleanText(s.Source)}
		for _, p := range s.Points {
			tr.xs = append(tr.xs, float64(p.Date.Unix()))
			tr.ys = append(tr.ys, p.Value)
		}
		out = append(out, tr)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no table and no series to draw", ErrBadSpec)
	}
	if len(out) > MaxSeries {
		return nil, fmt.Errorf("%w: %d series, more than %d in one chart", ErrBadSpec, len(out), MaxSeries)
	}
	return out, nil
}

// legendLabel is "UNRATE: Unemployment Rate", shortened to stay on one line.
func legendLabel(name, title string) string {
	short := name
	if i := strings.IndexByte(name, ':'); i >= 0 {
		short = name[i+1:]
	}
	label := short
	if title != "" && title != short && title != name {
		label = short + ": " + title
	}
	const maxRunes = 60
	if r := []rune(label); len(r) > maxRunes {
		label = string(r[:maxRunes-1]) + "…"
	}
	return label
}

// groupByUnit puts traces with the same unit (ignoring case and spacing)
// in one panel, in order of first appearance.
func groupByUnit(traces []trace) []panel {
	var panels []panel
	index := map[string]int{}
	for i, t := range traces {
		key := strings.Join(strings.Fields(strings.ToLower(t.unit)), " ")
		k, ok := index[key]
		if !ok {
			k = len(panels)
			index[key] = k
			panels = append(panels, panel{unit: t.unit})
		}
		panels[k].traces = append(panels[k].traces, i)
	}
	return panels
}

// footerLines names the sources and, when breaks are drawn, how they were
// found: one line when it fits in width, else one line each.
func footerLines(spec Spec, traces []trace, marked int, sty text.Style, width vg.Length) []string {
	sources := spec.Sources
	if len(sources) == 0 {
		seen := map[string]bool{}
		for _, t := range traces {
			for _, s := range strings.Split(t.source, ", ") {
				if s != "" && !seen[s] {
					seen[s] = true
					sources = append(sources, s)
				}
			}
		}
	}
	lines := []string{"Source: unknown"}
	if len(sources) > 0 {
		lines[0] = "Source: " + strings.Join(sources, "; ")
	}
	if marked > 0 {
		b := spec.Breaks[0]
		lines = append(lines, fmt.Sprintf("Dashed lines: change points (%s, change in %s, %s penalty), dated at the first period of the new regime", b.Method, b.Cost, b.Penalty))
		if one := lines[0] + ". " + lines[1]; sty.Width(one) <= width {
			return []string{one}
		}
	}
	return lines
}

package chart

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sextant-dev/sextant/runtime/analysis"
)

// breakColor draws change-point markers.
var breakColor = color.RGBA{R: 200, G: 30, B: 30, A: 255}

// drawPanel builds the plot of one unit's traces, with the breaks of those
// traces, over the shared time range [xmin, xmax].
// size is the panel's approximate plotting area in points, used to keep
// break labels apart.
func drawPanel(pn panel, traces []trace, breaks []analysis.Breaks, xmin, xmax float64, size vg.Point) (*plot.Plot, int, error) {
	p := plot.New()
	p.X.Min, p.X.Max = xmin, xmax
	p.X.Tick.Marker = dateTicks{}
	p.Y.Label.Text = pn.unit
	p.Add(plotter.NewGrid())
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = 9
	p.Legend.ThumbnailWidth = 18
	ymin, ymax := math.Inf(1), math.Inf(-1)
	for _, ti := range pn.traces {
		t := traces[ti]
		style := plotter.DefaultLineStyle
		style.Color = plotutil.Color(ti)
		style.Width = vg.Points(1.4)
		first := true
		for _, seg := range segments(t) {
			for _, xy := range seg {
				ymin, ymax = math.Min(ymin, xy.Y), math.Max(ymax, xy.Y)
			}
			var thumb plot.Thumbnailer
			if len(seg) == 1 {
				sc, err := plotter.NewScatter(seg)
				if err != nil {
					return nil, 0, err
				}
				sc.GlyphStyle.Color = style.Color
				sc.GlyphStyle.Radius = vg.Points(1.5)
				p.Add(sc)
				thumb = sc
			} else {
				l, err := plotter.NewLine(seg)
				if err != nil {
					return nil, 0, err
				}
				l.LineStyle = style
				p.Add(l)
				thumb = l
			}
			if first {
				p.Legend.Add(t.label, thumb)
				first = false
			}
		}
	}
	if math.IsInf(ymin, 0) {
		ymin, ymax = 0, 1
	}
	if ymin == ymax {
		ymin, ymax = ymin-1, ymax+1
	}
	span := ymax - ymin
	ylo, yhi := ymin-span*0.1, ymax+span*(0.04+0.07*float64(len(pn.traces))) // room above for the legend, below for break labels
	marked, err := addBreaks(p, pn, traces, breaks, ylo, yhi, xmin, xmax, size)
	if err != nil {
		return nil, 0, err
	}
	// Adding plotters widens the axes to their data; fix the ranges last.
	p.X.Min, p.X.Max = xmin, xmax
	p.Y.Min, p.Y.Max = ylo, yhi
	return p, marked, nil
}

// segments splits a trace into runs of present values: a gap ends a line,
// except for traces that join their sparse points.
func segments(t trace) []plotter.XYs {
	var out []plotter.XYs
	var cur plotter.XYs
	for i, y := range t.ys {
		if math.IsNaN(y) {
			if !t.connect && len(cur) > 0 {
				out = append(out, cur)
				cur = nil
			}
			continue
		}
		cur = append(cur, plotter.XY{X: t.xs[i], Y: y})
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// addBreaks draws the breaks of the panel's traces as dashed vertical lines
// labelled with their date, and returns how many it drew.
func addBreaks(p *plot.Plot, pn panel, traces []trace, breaks []analysis.Breaks, ylo, yhi, xmin, xmax float64, size vg.Point) (int, error) {
	var labels plotter.XYLabels
	rows := labelRows{
		charWidth: (xmax - xmin) * 4.6 / float64(size.X),
		height:    (yhi - ylo) * 14 / float64(size.Y),
		last:      make([]float64, labelRowCount),
	}
	for i := range rows.last {
		rows.last[i] = math.Inf(-1)
	}
	marked := 0
	for _, b := range breaks {
		if !inPanel(b, pn, traces) {
			continue
		}
		for _, it := range b.Items {
			x := float64(it.Date.Unix())
			if x < xmin || x > xmax {
				continue
			}
			l, err := plotter.NewLine(plotter.XYs{{X: x, Y: ylo}, {X: x, Y: yhi}})
			if err != nil {
				return 0, err
			}
			l.LineStyle.Color = breakColor
			l.LineStyle.Width = vg.Points(1)
			l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			p.Add(l)
			marked++
			label := analysis.FormatPeriod(it.Date, b.Frequency)
			if row := rows.place(x, len(label)); row >= 0 {
				labels.XYs = append(labels.XYs, plotter.XY{X: x, Y: ylo + float64(row)*rows.height})
				labels.Labels = append(labels.Labels, label)
			}
		}
	}
	if len(labels.XYs) == 0 {
		return marked, nil
	}
	lab, err := plotter.NewLabels(labels)
	if err != nil {
		return 0, err
	}
	for i := range lab.TextStyle {
		lab.TextStyle[i].Color = breakColor
		lab.TextStyle[i].Font.Size = 8
		lab.TextStyle[i].YAlign = draw.YBottom
		lab.TextStyle[i].XAlign = draw.XLeft
	}
	lab.Offset = vg.Point{X: vg.Points(2), Y: vg.Points(2)}
	p.Add(lab)
	return marked, nil
}

// labelRowCount is how many rows of break labels are stacked before labels
// that would overlap are left out (their dashed lines stay).
const labelRowCount = 3

// labelRows places break labels in the first row where they do not overlap
// the previous label, working in data units.
type labelRows struct {
	charWidth float64 // x data units per character
	height    float64 // y data units per row
	last      []float64
}

func (r *labelRows) place(x float64, chars int) int {
	for i, end := range r.last {
		if x >= end {
			r.last[i] = x + r.charWidth*float64(chars+1)
			return i
		}
	}
	return -1
}

// inPanel reports whether the breaks belong to a series drawn in the panel.
func inPanel(b analysis.Breaks, pn panel, traces []trace) bool {
	for _, ti := range pn.traces {
		t := traces[ti]
		if b.SeriesID == t.id || b.SeriesID == t.name {
			return true
		}
	}
	return false
}

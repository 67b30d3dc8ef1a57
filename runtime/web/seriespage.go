package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/chart"
	"github.com/sextant-dev/sextant/runtime/wire"
)

// recentObservations is how many of the last observations the page lists
// under the chart (all of them are in the downloads).
const recentObservations = 12

type field struct{ Name, Value string }

type breakView struct {
	Date, LastBefore string
	MeanBefore       string
	MeanAfter        string
}

type seriesView struct {
	Row      bundle.SeriesRow
	Path     []crumb
	Fields   []field
	HasData  bool
	Chart    template.HTML
	ChartErr string
	Breaks   bool // asked for
	BreakErr string
	Found    []breakView
	Method   string
	Recent   []field // date, value
	Count    int
	URL      string
}

func (s *Server) handleSeries(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	row, err := s.cat.Resolve(id)
	if err != nil {
		s.pages.fail(w, r, http.StatusNotFound, "No such series", fmt.Sprintf("This bundle has no series %q. Search for it instead.", id))
		return
	}
	if row.ID != id { // a bare native id: send the browser to the series' own address
		http.Redirect(w, r, "/series/"+escapeID(row.ID)+queryOf(r), http.StatusSeeOther)
		return
	}
	switch dl := r.URL.Query().Get("download"); dl {
	case "":
	case "csv", "parquet":
		s.downloadSeries(w, r, row, dl)
		return
	default:
		s.pages.fail(w, r, http.StatusBadRequest, "Unknown download", fmt.Sprintf("Download %q: this page offers csv and parquet.", dl))
		return
	}
	v := seriesView{Row: row, Path: s.tree.crumbs(row.HeadingID), Fields: seriesFields(row), HasData: row.ObsCount > 0,
		Breaks: r.URL.Query().Get("breaks") != "", URL: "/series/" + escapeID(row.ID)}
	if v.HasData {
		s.seriesChart(r.Context(), row, &v)
	}
	s.pages.render(w, http.StatusOK, "series", "", s.page(r, row.Title, "search", v))
}

func queryOf(r *http.Request) string {
	if r.URL.RawQuery == "" {
		return ""
	}
	return "?" + r.URL.RawQuery
}

// seriesFields lists every field of a catalog row, in the bundle's words.
func seriesFields(r bundle.SeriesRow) []field {
	freq := r.Frequency
	if r.FrequencyText != "" && r.FrequencyText != r.Frequency {
		freq += " (" + r.FrequencyText + ")"
	}
	f := []field{
		{"Id", r.ID}, {"Native id", r.NativeID}, {"Source", r.Source}, {"Title", r.Title},
		{"Other titles", strings.Join(r.AltTitles, " · ")}, {"Unit", r.Unit}, {"Frequency", freq},
		{"Seasonal adjustment", r.SeasonalAdjustment}, {"Country", r.Country},
		{"Coverage (source)", spanText(r.Start, r.End)}, {"Observations in bundle", strconv.Itoa(int(r.ObsCount))},
		{"Observed", spanText(r.ObsStart, r.ObsEnd)}, {"Aggregation", r.Aggregation}, {"Vintage", r.Vintage},
		{"Description", r.Description}, {"Heading id", r.HeadingID}, {"Content hash", r.ContentHash},
	}
	return f
}

func spanText(a, b string) string {
	if a == "" && b == "" {
		return ""
	}
	return funcs["span"].(func(a, b string) string)(a, b)
}

// svgHead matches what precedes the root element of an SVG file.
var svgHead = regexp.MustCompile(`(?s)^.*?<svg\s`)

// svgSize matches the root element's fixed width and height.
var svgSize = regexp.MustCompile(`^<svg width="[^"]*" height="[^"]*"`)

// seriesChart draws the series (and its breaks when asked) as SVG to
// inline in the page.
func (s *Server) seriesChart(ctx context.Context, row bundle.SeriesRow, v *seriesView) {
	se, err := s.cat.Series(ctx, row.ID)
	if err != nil {
		v.ChartErr = err.Error()
		return
	}
	v.Count = len(se.Points)
	for _, p := range se.Points[max(0, len(se.Points)-recentObservations):] {
		v.Recent = append(v.Recent, field{analysis.FormatPeriod(p.Date, se.Frequency), analysis.FormatNumber(p.Value)})
	}
	spec := chart.Spec{Series: []analysis.Series{se}, Title: row.Title}
	if v.Breaks {
		b, err := wire.FindBreaks(se, 0)
		if err != nil {
			v.BreakErr = err.Error()
		} else {
			spec.Breaks = []analysis.Breaks{b}
			v.Method = fmt.Sprintf("%s, change in %s, %s penalty, %s noise, %d values", b.Method, b.Cost, b.Penalty, b.Noise, b.N)
			for _, it := range b.Items {
				v.Found = append(v.Found, breakView{Date: analysis.FormatPeriod(it.Date, se.Frequency), LastBefore: analysis.FormatPeriod(it.LastBefore, se.Frequency),
					MeanBefore: analysis.FormatNumber(it.Before.Mean), MeanAfter: analysis.FormatNumber(it.After.Mean)})
			}
		}
	}
	var buf bytes.Buffer
	if err := chart.Render(spec, "svg", &buf); err != nil {
		v.ChartErr = err.Error()
		return
	}
	v.Chart = inlineSVG(buf.String(), "Chart of "+row.Title)
}

// inlineSVG turns a rendered SVG file into an element to place in a page:
// the XML prologue dropped, the fixed size replaced by the page's width
// (the viewBox keeps the proportions), and a label for screen readers.
// The SVG is the chart package's output, whose text is escaped.
func inlineSVG(svg, label string) template.HTML {
	svg = svgHead.ReplaceAllString(svg, "<svg ")
	svg = svgSize.ReplaceAllString(svg, `<svg class="chart" width="100%"`)
	svg = strings.Replace(svg, "<svg ", `<svg role="img" aria-label="`+template.HTMLEscapeString(label)+`" `, 1)
	return template.HTML(svg)
}

// downloadSeries writes the series' observations as CSV or Parquet, in the
// same layout as a session table's download: a date column and one value
// column named after the series.
func (s *Server) downloadSeries(w http.ResponseWriter, r *http.Request, row bundle.SeriesRow, format string) {
	se, err := s.cat.Series(r.Context(), row.ID)
	if err != nil {
		status := http.StatusInternalServerError
		if errors.Is(err, analysis.ErrNoData) {
			status = http.StatusNotFound
		}
		s.pages.fail(w, r, status, "No observations", err.Error())
		return
	}
	t, err := analysis.Align(r.Context(), []analysis.Series{se}, se.Frequency, time.Time{}, time.Time{})
	if err != nil {
		s.pages.fail(w, r, http.StatusInternalServerError, "Download failed", err.Error())
		return
	}
	writeTable(w, r, s.pages, t, fileStem(row.ID), format)
}

var unsafeFileChars = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// fileStem is a download's file name without extension.
func fileStem(id string) string {
	st := strings.Trim(unsafeFileChars.ReplaceAllString(id, "_"), "_.")
	if len(st) > 80 {
		st = st[:80]
	}
	if st == "" {
		st = "series"
	}
	return st
}

// writeTable sends a table as a CSV or Parquet attachment, built in memory
// first so that a failure is reported as a page, not a cut file.
func writeTable(w http.ResponseWriter, r *http.Request, p *pages, t *analysis.Table, stem, format string) {
	var buf bytes.Buffer
	var err error
	ctype := "text/csv; charset=utf-8"
	if format == "parquet" {
		ctype = "application/vnd.apache.parquet"
		err = t.WriteParquet(&buf)
	} else {
		err = t.WriteCSV(&buf)
	}
	if err != nil {
		p.fail(w, r, http.StatusInternalServerError, "Download failed", err.Error())
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.%s"`, stem, format))
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	_, _ = w.Write(buf.Bytes())
}

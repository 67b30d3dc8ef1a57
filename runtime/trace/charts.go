package trace

import (
	"encoding/base64"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// maxChartBytes bounds one embedded SVG; a plot of a few long series from
// gonum/plot is well under 1 MB.
const maxChartBytes = 4 << 20

var (
	inlineSVG = regexp.MustCompile(`(?is)<svg\b.*?</svg>`)
	svgPath   = regexp.MustCompile(`[^\s"'<>()\[\]{},;|` + "`" + `]+\.svg\b`)
)

// chart is an SVG to embed, or the reason it cannot be.
type chart struct {
	Label   string
	Src     template.URL // data: URI; empty when Missing is set
	Missing string
}

// findCharts collects the SVGs a tool result produced: inline <svg>
// elements and paths of .svg files (relative paths resolve against dir).
// SVGs are embedded as data: URIs in <img>, where scripts they might hold
// do not run.
func findCharts(texts []string, dir string) []chart {
	var out []chart
	seen := map[string]bool{}
	for _, text := range texts {
		for _, svg := range inlineSVG.FindAllString(text, -1) {
			if seen[svg] {
				continue
			}
			seen[svg] = true
			out = append(out, chart{Label: "inline chart", Src: svgURI([]byte(svg))})
		}
		for _, p := range svgPath.FindAllString(inlineSVG.ReplaceAllString(text, ""), -1) {
			if seen[p] {
				continue
			}
			seen[p] = true
			out = append(out, loadChart(p, dir))
		}
	}
	return out
}

func loadChart(p, dir string) chart {
	full := p
	if !filepath.IsAbs(full) {
		full = filepath.Join(dir, p)
	}
	c := chart{Label: p}
	info, err := os.Stat(full)
	switch {
	case err != nil:
		c.Missing = "chart file not found"
		return c
	case info.Size() > maxChartBytes:
		c.Missing = fmt.Sprintf("chart file too large to embed (%d bytes)", info.Size())
		return c
	}
	b, err := os.ReadFile(full)
	if err != nil {
		c.Missing = "chart file unreadable: " + err.Error()
		return c
	}
	if !strings.Contains(strings.ToLower(string(b[:min(len(b), 4096)])), "<svg") {
		c.Missing = "file is not an SVG"
		return c
	}
	c.Src = svgURI(b)
	return c
}

func svgURI(b []byte) template.URL {
	// The URI is built here from base64 text only, so marking it safe
	// cannot let markup through.
	return template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(b))
}

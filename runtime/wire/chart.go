package wire

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/chart"
)

// maxChartFiles bounds the numbered names tried for one chart file name.
const maxChartFiles = 10_000

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// DrawChart implements agent.Engine: the columns are drawn from their
// table as an SVG file in the engine's output directory (never
// overwriting an earlier chart); with Breaks, the change points found for
// them are marked, searching columns not yet searched.
func (e *Engine) DrawChart(ctx context.Context, spec agent.ChartSpec) (agent.ChartSummary, error) {
	if err := ctx.Err(); err != nil {
		return agent.ChartSummary{}, err
	}
	if len(spec.Columns) == 0 {
		return agent.ChartSummary{}, fmt.Errorf("%w: chart of table %q names no columns", ErrBadRequest, spec.Table)
	}
	st, _, err := e.lookup(spec.Table, "")
	if err != nil {
		return agent.ChartSummary{}, err
	}
	sub := &analysis.Table{}
	var breaks []analysis.Breaks
	for _, name := range spec.Columns {
		_, c, err := e.lookup(spec.Table, name)
		if err != nil {
			return agent.ChartSummary{}, err
		}
		sub.Columns = append(sub.Columns, c)
	}
	e.mu.Lock()
	sub.Frequency, sub.Dates, sub.Notes = st.t.Frequency, st.t.Dates, st.t.Notes
	if spec.Breaks {
		for _, c := range sub.Columns {
			b, ok := st.breaks[c.Name]
			if !ok {
				s, err := st.t.Series(c.Name)
				if err == nil {
					b, err = FindBreaks(s, 0)
				}
				if err != nil {
					continue // too short or empty: drawn without breaks
				}
				st.breaks[c.Name] = b
			}
			breaks = append(breaks, b)
		}
	}
	e.mu.Unlock()
	title := spec.Title
	if title == "" {
		title = strings.Join(spec.Columns, ", ")
	}
	path, err := e.writeChart(spec.Table+"_"+strings.Join(spec.Columns, "_"), chart.Spec{Table: sub, Breaks: breaks, Title: title})
	if err != nil {
		return agent.ChartSummary{}, fmt.Errorf("chart of table %q: %w", spec.Table, err)
	}
	return agent.ChartSummary{Path: path, Columns: spec.Columns}, nil
}

// writeChart renders an SVG to a new file named after base in the output
// directory and returns its absolute path.
func (e *Engine) writeChart(base string, cs chart.Spec) (string, error) {
	dir, err := filepath.Abs(e.outDir)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base = unsafeName.ReplaceAllString(base, "_")
	if len(base) > 80 {
		base = base[:80]
	}
	f, err := CreateNew(dir, base, ".svg")
	if err != nil {
		return "", err
	}
	if err := chart.Render(cs, "svg", f); err != nil {
		f.Close()
		os.Remove(f.Name())
		return "", err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// CreateNew creates dir/base+ext, or dir/base-2+ext, -3... when taken; it
// never opens an existing file.
func CreateNew(dir, base, ext string) (*os.File, error) {
	for n := 1; n <= maxChartFiles; n++ {
		name := base + ext
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", base, n, ext)
		}
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("%w: %d files named %s-N%s already exist in %s", ErrBadRequest, maxChartFiles, base, ext, dir)
}

package wire

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/changepoint"
)

// FindChangePoints implements agent.Engine: breaks in the column's mean,
// by PELT with the MBIC penalty, or by binary segmentation when MaxBreaks
// caps their number or the column is longer than PELT allows. At most
// agent.MaxBreaks breaks are reported, the largest by cost saved.
func (e *Engine) FindChangePoints(ctx context.Context, spec agent.ChangePointSpec) (agent.ChangePointSummary, error) {
	if err := ctx.Err(); err != nil {
		return agent.ChangePointSummary{}, err
	}
	st, c, err := e.lookup(spec.Table, spec.Column)
	if err != nil {
		return agent.ChangePointSummary{}, err
	}
	if spec.MaxBreaks < 0 {
		return agent.ChangePointSummary{}, fmt.Errorf("%w: max breaks %d is negative", ErrBadRequest, spec.MaxBreaks)
	}
	e.mu.Lock()
	s, err := st.t.Series(c.Name)
	e.mu.Unlock()
	if err != nil {
		return agent.ChangePointSummary{}, err
	}
	b, err := FindBreaks(s, spec.MaxBreaks)
	if err != nil {
		return agent.ChangePointSummary{}, fmt.Errorf("table %q column %q: %w", spec.Table, spec.Column, err)
	}
	e.mu.Lock()
	st.breaks[c.Name] = b
	seriesID := st.seriesOf[c.Name]
	e.mu.Unlock()
	return SummarizeBreaks(spec.Table, spec.Column, seriesID, s, b, agent.MaxBreaks), nil
}

// FindBreaks searches s for changes in mean with the engine's defaults:
// PELT and MBIC, or binary segmentation capped at maxBreaks when maxBreaks
// is positive or s is too long for PELT.
func FindBreaks(s analysis.Series, maxBreaks int) (analysis.Breaks, error) {
	o := analysis.BreakOptions{Method: analysis.MethodPELT}
	if maxBreaks > 0 || len(s.Observed()) > changepoint.MaxPELTValues {
		o.Method, o.MaxBreaks = analysis.MethodBinSeg, maxBreaks
	}
	return analysis.FindBreaks(s, o)
}

// SummarizeBreaks turns breaks found in s into the agent's compact finding:
// each break's first period of the new regime, with the mean and span of
// the segments either side. Beyond limit breaks, the largest by cost saved
// are kept (in date order) and Method says how many there were.
func SummarizeBreaks(table, column, seriesID string, s analysis.Series, b analysis.Breaks, limit int) agent.ChangePointSummary {
	pts := s.Observed()
	sum := agent.ChangePointSummary{Table: table, Column: column, SeriesID: seriesID,
		Method: fmt.Sprintf("%s, change in %s, %s penalty, %d values", b.Method, b.Cost, b.Penalty, b.N)}
	items := b.Items
	if limit > 0 && len(items) > limit {
		sum.Method += fmt.Sprintf("; the %d largest of %d breaks", limit, len(items))
		items = slices.Clone(items)
		slices.SortStableFunc(items, func(x, y analysis.DatedBreak) int { return cmp.Compare(y.Gain, x.Gain) })
		items = items[:limit]
		slices.SortFunc(items, func(x, y analysis.DatedBreak) int { return x.Date.Compare(y.Date) })
	}
	span := func(seg changepoint.Segment) string {
		if seg.Len() == 0 || seg.End > len(pts) {
			return ""
		}
		return analysis.FormatPeriod(pts[seg.Start].Date, s.Frequency) + ".." + analysis.FormatPeriod(pts[seg.End-1].Date, s.Frequency)
	}
	for _, it := range items {
		sum.Breaks = append(sum.Breaks, agent.Break{Date: analysis.FormatPeriod(it.Date, s.Frequency),
			MeanBefore: it.Before.Mean, MeanAfter: it.After.Mean, SegmentBefore: span(it.Before), SegmentAfter: span(it.After)})
	}
	return sum
}

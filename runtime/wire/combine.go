package wire

import (
	"context"
	"strconv"
	"strings"

	"github.com/sextant-dev/sextant/runtime/agent"
)

// combination writes the agent's combinations of columns as the
// expression DeriveExpr evaluates: spread(a, b), ratio(a, b), share(a, b),
// or the expression as given.
func combination(spec agent.DeriveSpec) (string, bool) {
	switch spec.Op {
	case "expression":
		return spec.Expression, true
	case "spread", "ratio", "share":
		var cols []string
		for _, c := range spec.Columns {
			cols = append(cols, quoteColumn(c))
		}
		return spec.Op + "(" + strings.Join(cols, ", ") + ")", true
	}
	return "", false
}

// quoteColumn writes a column name as an expression reads it: bare when it
// is an identifier, quoted otherwise.
func quoteColumn(name string) string {
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return strconv.Quote(name)
		}
	}
	return name
}

// ConvertTable implements agent.Engine (see Convert).
func (e *Engine) ConvertTable(ctx context.Context, spec agent.ConvertSpec) (agent.TableSummary, error) {
	return e.Convert(ctx, spec.Table, spec.Frequency, spec.Method, spec.ByColumn, spec.Name)
}

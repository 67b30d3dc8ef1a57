package wire

import (
	"context"
	"fmt"

	"github.com/sextant-dev/sextant/runtime/agent"
)

// ConvertTable implements agent.Engine. (Replaced by the analysis engine's
// conversion when it lands.)
func (e *Engine) ConvertTable(_ context.Context, spec agent.ConvertSpec) (agent.TableSummary, error) {
	return agent.TableSummary{}, fmt.Errorf("%w: converting table %q to %s is not available in this build", ErrBadRequest, spec.Table, spec.Frequency)
}

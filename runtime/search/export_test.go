package search

// WithWeights returns a copy of e ranking with other weights and options
// (sharing e's index, vectors and model: close only e). For tuning tests.
func WithWeights(e *Engine, w Weights, disable Signals) *Engine {
	c := *e
	c.w = w
	c.opts.Disable = disable
	return &c
}

// SetSemFloorRank changes the semantic rescaling floor (tuning tests).
func SetSemFloorRank(n int) { semFloorRank = n }

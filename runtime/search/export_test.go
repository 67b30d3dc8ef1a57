package search

import "context"

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

// ProbeRecall embeds each text and reports which share of the exact top k
// rows (a scan of every row vector) the partition probe finds.
func ProbeRecall(e *Engine, texts []string, k int) (float64, error) {
	hit, total := 0, 0
	for _, t := range texts {
		vs, err := e.embedder.Embed(context.Background(), []string{t})
		if err != nil {
			return 0, err
		}
		exact := e.vec.scan(vs[0], k, nil)
		got, _ := e.vec.probe(vs[0], DefaultSemanticBudget, k, nil, nil)
		for _, s := range exact {
			total++
			for _, g := range got {
				if g.idx == s.idx {
					hit++
					break
				}
			}
		}
	}
	if total == 0 {
		return 0, nil
	}
	return float64(hit) / float64(total), nil
}

// WaitPrepared waits until the engine has read every row's
// query-understanding facts (timing runs measure queries, not warm-up).
func WaitPrepared(e *Engine) {
	if e.prep.done != nil {
		<-e.prep.done
	}
}

package agent

import "github.com/sextant-dev/sextant/runtime/llm"

// room is how many bytes the next tool result may take in full: the
// history budget less what the current request cannot do without — the
// analyst's message, this turn's results in compact form, the shortlist
// and the step being run — with earlier turns assumed dropped, shared
// among the calls of the step still to run. A result rendered within it
// fits the window once the assembler has collapsed and dropped what it
// may; tools page the rest. No result takes more than a sixth of the
// history budget.
func (s *Session) room() int {
	a := s.asm
	if len(s.turns) == 0 {
		return 0
	}
	cur := s.turns[len(s.turns)-1]
	need := a.est.perMessage + a.est.tokens(cur.user)
	for _, st := range cur.steps {
		need += a.est.perMessage + a.est.bytes(messageBytes(st.assistant)-len(st.assistant.Reasoning))
		for _, r := range st.results {
			need += a.est.perMessage + a.est.bytes(len(r.compact)+len(r.name)+len(r.callID))
		}
	}
	left := 1
	if ps := s.pending; ps != nil {
		need += a.est.perMessage + a.est.bytes(messageBytes(ps.assistant)-len(ps.assistant.Reasoning))
		for _, r := range ps.done {
			need += a.est.perMessage + a.est.bytes(len(r.compact)+len(r.name)+len(r.callID))
		}
		left = max(ps.left, 1)
	}
	for _, c := range cur.shortlist {
		need += a.est.bytes(len(c.lineShortlist()) + 1)
	}
	need += a.est.perMessage + a.est.tokens(noticeText([]string{"x", "y", "z"})) // room for a context note
	tokens := (a.budget() - need) / left
	// One result takes at most a share of the history budget, so that a
	// turn that needs several searches has room for the later ones: in a
	// small window the first result would otherwise take it all.
	tokens = min(tokens, a.budget()/resultShare)
	return max(0, int(float64(tokens)*a.est.ratio)-roomSlack)
}

// resultShare: a single tool result takes at most 1/resultShare of the
// history budget. What a result leaves behind (its compact form and its
// rows in the shortlist) is most of its size, so a share of a sixth lets
// a turn run about five searches before the window is full, at any window
// size; a 32k window's share still holds a default page of 20 rows.
const resultShare = 6

// roomSlack keeps a result's rendering clear of the estimate's rounding.
const roomSlack = 64

// pendingStep is the assistant message whose calls are being run, with
// the results produced so far.
type pendingStep struct {
	assistant llm.Message
	done      []*toolRecord
	left      int // calls still to run, the current one included
}

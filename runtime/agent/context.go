package agent

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// Policy selects how the history is fitted into the model's window.
type Policy int

const (
	// PolicyFit keeps every tool result in full while the budget allows,
	// collapses the oldest to their compact form (ids and titles kept) only
	// when it must, re-states the turn's shortlist in the newest search
	// result, and drops oldest-first with a plain notice as a last resort.
	PolicyFit Policy = iota
	// PolicyNaive reproduces a known failure: the last three tool results
	// are kept, all but the newest cut to their first line, no shortlist.
	PolicyNaive
)

func (p Policy) String() string {
	if p == PolicyNaive {
		return "naive"
	}
	return "fit"
}

// toolRecord is one tool call's result in its full and compact forms.
type toolRecord struct {
	callID     string
	name       string
	label      string // how a notice names it: `search_catalog "cpi"`
	full       string
	compact    string
	fullIDs    []string // candidate ids the full form shows
	compactIDs []string // candidate ids the compact form shows
	isSearch   bool
}

// step is one assistant message and the results of its tool calls, in order.
type step struct {
	assistant llm.Message
	results   []*toolRecord
}

// turn is one user message and what followed it.
type turn struct {
	user      string
	steps     []step
	shortlist []candidate // every candidate shown this turn, newest first
}

// form of a tool result in an assembled request.
type form int

const (
	formFull form = iota
	formCompact
	formFirstLine
)

// Assembly reports what a request contains.
type Assembly struct {
	Messages        []llm.Message
	EstimatedTokens int             // of the whole request, system prompt and tools included
	Budget          int             // tokens available for the history
	Collapsed       int             // tool results shown in compact form
	Dropped         []string        // what was removed, as told to the model
	VisibleIDs      map[string]bool // candidate ids present in the request
}

// assembler fits a session's history into a request.
type assembler struct {
	policy Policy
	system string
	// state is the session's tables as they stand (tablesText), shown
	// with a context note: when the results that built them are dropped,
	// the model still sees what it is working on.
	state       string
	toolTokens  int // measured size of the tool schemas
	window      int
	replyTokens int
	est         *estimator
}

// plan is the state of one assembly: which form each record takes and what
// is dropped.
type plan struct {
	form          map[*toolRecord]form
	dropStep      map[*step]bool
	dropTurn      map[int]bool // whole earlier turns (user message and all)
	shortlistKeep int          // entries of the current shortlist kept
	notices       []string
	lineEnds      []int               // cumulative shortlist line lengths, filled on first use
	cut           map[*toolRecord]int // records cut to this many bytes of their text
	userCut       int                 // the current analyst message cut to this many bytes (0: whole)
}

// budget is the history's share of the window: the window less the reply
// reserve and the measured size of the system prompt and tool schemas.
func (a *assembler) budget() int {
	return a.window - a.replyTokens - a.est.tokens(a.system+stateText(a.state)) - a.toolTokens - a.est.perMessage
}

// stateText is how the tables as they stand follow a context note.
func stateText(state string) string {
	if state == "" {
		return ""
	}
	return "\n" + tablesHeading + "\n" + state
}

// tablesHeading opens the list of the tables as they stand.
const tablesHeading = "The tables as they stand now (what the removed results built):"

// tablesText lists tables one per line: name, frequency, span, rows and
// every column with its series, or its derivation.
func tablesText(tables []TableSummary) string {
	var b strings.Builder
	for _, t := range tables {
		fmt.Fprintf(&b, "- %s: frequency %s, %s..%s, %d rows; columns: ", t.Name, t.Frequency, t.From, t.To, t.Rows)
		for i, c := range t.Columns {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(c.Name + " = " + c.SeriesID)
			if c.Derived != "" {
				b.WriteString(" (derived: " + c.Derived + ")")
			}
		}
		b.WriteString("\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// assemble builds the request messages for the current (last) turn.
func (a *assembler) assemble(turns []*turn) (Assembly, error) {
	if len(turns) == 0 {
		return Assembly{}, fmt.Errorf("agent: assemble: no turn")
	}
	if a.policy == PolicyNaive {
		return a.assembleNaive(turns), nil
	}
	cur := turns[len(turns)-1]
	p := &plan{form: map[*toolRecord]form{}, dropStep: map[*step]bool{}, dropTurn: map[int]bool{}, shortlistKeep: len(cur.shortlist)}
	budget := a.budget()
	if budget <= 0 {
		return Assembly{}, fmt.Errorf("%w: window %d tokens leaves nothing after the reply reserve (%d) and the system prompt and tools (%d)",
			llm.ErrContextWindow, a.window, a.replyTokens, a.window-a.replyTokens-budget)
	}
	newest := newestRecord(cur)
	fits := func() bool { return a.historyTokens(turns, p) <= budget }

	// 1. Collapse to compact form, oldest first: earlier turns, then this
	//    turn's older results. The newest result stays full.
	for _, r := range recordsOldestFirst(turns) {
		if fits() {
			break
		}
		if r != newest {
			p.form[r] = formCompact
		}
	}
	// 2. Drop earlier turns' tool steps, oldest first, then the turns.
	for ti := 0; ti < len(turns)-1 && !fits(); ti++ {
		var labels []string
		for si := range turns[ti].steps {
			s := &turns[ti].steps[si]
			p.dropStep[s] = true
			for _, r := range s.results {
				labels = append(labels, r.label)
			}
		}
		if len(labels) > 0 {
			p.notices = append(p.notices, fmt.Sprintf("the tool results of earlier turn %d (%s)", ti+1, strings.Join(labels, "; ")))
		}
	}
	for ti := 0; ti < len(turns)-1 && !fits(); ti++ {
		p.dropTurn[ti] = true
		p.notices = append(p.notices, fmt.Sprintf("earlier turn %d (the analyst's message and the answer)", ti+1))
	}
	// 3. Drop this turn's older steps, oldest first; their candidates stay
	//    in the shortlist.
	carrier := newestSearch(cur)
	var dropped []string
	for si := range cur.steps {
		s := &cur.steps[si]
		if fits() || slices.Contains(s.results, newest) {
			break
		}
		if slices.Contains(s.results, carrier) {
			continue // it carries the shortlist
		}
		p.dropStep[s] = true
		for _, r := range s.results {
			dropped = append(dropped, r.label)
		}
	}
	if len(dropped) > 0 {
		p.notices = append(p.notices, "this request's earlier results "+strings.Join(dropped, "; ")+" (their candidates remain in the shortlist)")
	}
	// 4. Trim the shortlist, oldest entries first.
	if !fits() && len(cur.shortlist) > 0 {
		lo, hi := 0, len(cur.shortlist)
		for lo < hi { // largest keep that fits
			mid := (lo + hi + 1) / 2
			p.shortlistKeep = mid
			if fits() {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		p.shortlistKeep = lo
		if n := len(cur.shortlist) - lo; n > 0 {
			p.notices = append(p.notices, fmt.Sprintf("the %d oldest shortlist entries of this request", n))
		}
	}
	// 5. The newest result in compact form.
	if !fits() && newest != nil {
		p.form[newest] = formCompact
	}
	// 6. Every other step of this turn, the one carrying the shortlist too.
	if !fits() {
		var labels []string
		for si := range cur.steps {
			s := &cur.steps[si]
			if p.dropStep[s] || slices.Contains(s.results, newest) {
				continue
			}
			p.dropStep[s] = true
			for _, r := range s.results {
				labels = append(labels, r.label)
			}
		}
		if len(labels) > 0 {
			p.notices = append(p.notices, "this request's earlier results "+strings.Join(labels, "; ")+" and the shortlist they carried")
		}
	}
	// 7. The newest result cut to what fits, and at the very last the
	//    analyst's message: the request always goes out, and says what
	//    it lacks.
	if !fits() && newest != nil {
		p.notices = append(p.notices, "most of the newest result ("+newest.label+"): ask for less (a narrower search, fewer ids or rows)")
		text, _ := p.formText(newest)
		p.cut = map[*toolRecord]int{newest: len(text)}
		for range 4 { // the cut shortens the estimate by about what it removes
			over := a.historyTokens(turns, p) - budget
			if over <= 0 {
				break
			}
			p.cut[newest] = max(0, p.cut[newest]-int(float64(over+8)*a.est.ratio)-len(cutNote(0)))
		}
	}
	if !fits() {
		p.notices = append(p.notices, "the end of the analyst's message")
		p.userCut = len(cur.user)
		for range 4 {
			over := a.historyTokens(turns, p) - budget
			if over <= 0 || p.userCut == 0 {
				break
			}
			p.userCut = max(1, p.userCut-int(float64(over+8)*a.est.ratio))
		}
	}
	asm := a.render(turns, p)
	asm.Budget = budget
	return asm, nil
}

// cutNote ends a result cut to fit the window.
func cutNote(lines int) string {
	return fmt.Sprintf("\n(cut to fit the context window: %d more lines not shown)\n", lines)
}

// cutText keeps the lines of text that fit in n bytes and says how many
// were left out.
func cutText(text string, n int) string {
	if n >= len(text) {
		return text
	}
	keep := text[:max(n, 0)]
	if i := strings.LastIndexByte(keep, '\n'); i >= 0 {
		keep = keep[:i]
	} else {
		keep = ""
	}
	rest := strings.Count(text[len(keep):], "\n")
	return keep + cutNote(rest)
}

// assembleNaive keeps the last three tool results, all but the newest cut to
// their first line, and drops everything older without a word.
func (a *assembler) assembleNaive(turns []*turn) Assembly {
	const keep = 3
	p := &plan{form: map[*toolRecord]form{}, dropStep: map[*step]bool{}, dropTurn: map[int]bool{}}
	recs := recordsOldestFirst(turns)
	kept := map[*toolRecord]bool{}
	for i, r := range recs {
		switch {
		case i >= len(recs)-keep && i == len(recs)-1:
			kept[r] = true
		case i >= len(recs)-keep:
			kept[r] = true
			p.form[r] = formFirstLine
		}
	}
	for _, t := range turns {
		for si := range t.steps {
			s := &t.steps[si]
			drop := true
			for _, r := range s.results {
				drop = drop && !kept[r]
			}
			p.dropStep[s] = drop
		}
	}
	asm := a.render(turns, p)
	asm.Budget = a.budget()
	return asm
}

func newestRecord(t *turn) *toolRecord {
	for si := len(t.steps) - 1; si >= 0; si-- {
		if rs := t.steps[si].results; len(rs) > 0 {
			return rs[len(rs)-1]
		}
	}
	return nil
}

// newestSearch is the record that carries the shortlist.
func newestSearch(t *turn) *toolRecord {
	for si := len(t.steps) - 1; si >= 0; si-- {
		rs := t.steps[si].results
		for ri := len(rs) - 1; ri >= 0; ri-- {
			if rs[ri].isSearch {
				return rs[ri]
			}
		}
	}
	return nil
}

func recordsOldestFirst(turns []*turn) []*toolRecord {
	var out []*toolRecord
	for _, t := range turns {
		for _, s := range t.steps {
			out = append(out, s.results...)
		}
	}
	return out
}

func (p *plan) text(r *toolRecord) (string, []string) {
	if n, ok := p.cut[r]; ok {
		text, ids := p.formText(r)
		cut := cutText(text, n)
		var kept []string
		for _, id := range ids {
			if strings.Contains(cut, "- "+clean(id)+" | ") {
				kept = append(kept, id)
			}
		}
		return cut, kept
	}
	return p.formText(r)
}

func (p *plan) formText(r *toolRecord) (string, []string) {
	switch p.form[r] {
	case formCompact:
		return r.compact, r.compactIDs
	case formFirstLine:
		line, _, _ := strings.Cut(r.full, "\n")
		return line, nil
	default:
		return r.full, r.fullIDs
	}
}

// historyTokens estimates the history's size under a plan — what render
// would produce, the context note included — from lengths alone, without
// building the messages.
func (a *assembler) historyTokens(turns []*turn, p *plan) int {
	cur := turns[len(turns)-1]
	carrier := newestSearch(cur)
	total := 0
	if len(p.notices) > 0 {
		total += a.est.tokens(a.system+noticeText(p.notices)) - a.est.tokens(a.system)
	}
	for ti, t := range turns {
		if p.dropTurn[ti] {
			continue
		}
		total += a.est.perMessage + a.est.bytes(len(p.userText(t, t == cur)))
		for si := range t.steps {
			s := &t.steps[si]
			if p.dropStep[s] {
				continue
			}
			total += a.est.perMessage + a.est.bytes(messageBytes(s.assistant)-len(s.assistant.Reasoning))
			for _, r := range s.results {
				text, _ := p.text(r)
				n := len(text) + len(r.name) + len(r.callID)
				if r == carrier && a.policy == PolicyFit && len(cur.shortlist) > 0 {
					n += 1 + p.shortlistBytes(cur)
				}
				total += a.est.perMessage + a.est.bytes(n)
			}
		}
	}
	return total
}

// userText is a turn's analyst message as the plan shows it.
func (p *plan) userText(t *turn, current bool) string {
	if !current || p.userCut <= 0 || p.userCut >= len(t.user) {
		return t.user
	}
	n := p.userCut
	for n > 0 && !utf8.RuneStart(t.user[n]) {
		n--
	}
	return t.user[:n] + " […]"
}

// shortlistBytes is the length of the shortlist as render writes it with
// p.shortlistKeep entries.
func (p *plan) shortlistBytes(t *turn) int {
	if p.lineEnds == nil {
		p.lineEnds = make([]int, len(t.shortlist)+1)
		for i, c := range t.shortlist {
			p.lineEnds[i+1] = p.lineEnds[i] + len(c.lineShortlist()) + 1
		}
	}
	return len(renderShortlist(nil, len(t.shortlist)-p.shortlistKeep)) + p.lineEnds[p.shortlistKeep] +
		len(fmt.Sprint(p.shortlistKeep)) - len("0")
}

func noticeText(notices []string) string {
	return "\n\nContext note: to fit the model's context window, these were removed from the conversation:\n- " +
		strings.Join(notices, "\n- ") + "\nWhat they showed is no longer visible; search again if you need it."
}

// render builds the messages of a plan. The first message is the system
// prompt, followed by a context note when something was dropped.
func (a *assembler) render(turns []*turn, p *plan) Assembly {
	asm := Assembly{VisibleIDs: map[string]bool{}}
	sys := a.system
	if len(p.notices) > 0 {
		sys += noticeText(p.notices) + stateText(a.state)
		asm.Dropped = p.notices
	}
	msgs := []llm.Message{{Role: llm.System, Content: sys}}
	cur := turns[len(turns)-1]
	carrier := newestSearch(cur)
	for ti, t := range turns {
		if p.dropTurn[ti] {
			continue
		}
		msgs = append(msgs, llm.Message{Role: llm.User, Content: p.userText(t, t == cur)})
		for si := range t.steps {
			s := &t.steps[si]
			if p.dropStep[s] {
				continue
			}
			am := s.assistant
			am.Reasoning = "" // reasoning is traced, never sent back
			msgs = append(msgs, am)
			for _, r := range s.results {
				text, ids := p.text(r)
				if p.form[r] != formFull {
					asm.Collapsed++
				}
				for _, id := range ids {
					asm.VisibleIDs[id] = true
				}
				if r == carrier && a.policy == PolicyFit && len(cur.shortlist) > 0 {
					keep := cur.shortlist[:p.shortlistKeep]
					text += "\n" + renderShortlist(keep, len(cur.shortlist)-len(keep))
					for _, c := range keep {
						asm.VisibleIDs[c.ID] = true
					}
				}
				msgs = append(msgs, llm.Message{Role: llm.Tool, ToolCallID: r.callID, Name: r.name, Content: text})
			}
		}
	}
	asm.Messages = msgs
	return asm
}

// shownIDs are the candidate ids a turn's discovery results showed in full.
func (t *turn) shownIDs() []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range t.steps {
		for _, r := range s.results {
			for _, id := range r.fullIDs {
				if !seen[id] {
					seen[id] = true
					out = append(out, id)
				}
			}
		}
	}
	return out
}

// addToShortlist puts a result's candidates at the front of the shortlist,
// best first, moving any already listed.
func (t *turn) addToShortlist(cs []candidate) { t.noteSearch(cs, nil) }

// noteSearch puts a result's listed candidates at the front of the
// shortlist, best first, and the rows it matched again without listing them
// right after, moving any already listed. Nothing is ever removed.
func (t *turn) noteSearch(listed, again []candidate) {
	front := slices.Concat(listed, again)
	fresh := map[string]bool{}
	for _, c := range front {
		fresh[c.ID] = true
	}
	rest := slices.DeleteFunc(t.shortlist, func(c candidate) bool { return fresh[c.ID] })
	var head []candidate
	for _, c := range front {
		if !fresh[c.ID] {
			continue
		}
		delete(fresh, c.ID)
		head = append(head, c)
	}
	t.shortlist = append(head, rest...)
}

// shown is the set of ids the turn has shown.
func (t *turn) shown() map[string]bool {
	out := make(map[string]bool, len(t.shortlist))
	for _, c := range t.shortlist {
		out[c.ID] = true
	}
	return out
}

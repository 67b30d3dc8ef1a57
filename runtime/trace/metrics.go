package trace

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// DefaultDiscoveryTools are the tools that search the catalog for candidates.
var DefaultDiscoveryTools = []string{"search_catalog"}

// MetricsConfig configures Metrics.
type MetricsConfig struct {
	// DiscoveryTools names the tools whose results are catalog discoveries
	// (nil: DefaultDiscoveryTools).
	DiscoveryTools []string
}

// TurnMetrics summarises one turn.
type TurnMetrics struct {
	Turn       int    `json:"turn"`
	User       string `json:"user"`
	ModelCalls int    `json:"model_calls"`
	ToolCalls  int    `json:"tool_calls"`
	ToolErrors int    `json:"tool_errors"`
	// DiscoveryCalls counts results of discovery tools.
	DiscoveryCalls int `json:"discovery_calls"`
	// RepeatDiscoveries counts ids a discovery result showed that an earlier
	// tool result of the same turn had already shown (each id once per result).
	RepeatDiscoveries int `json:"repeat_discoveries"`
	// IDsShown counts distinct ids shown by the turn's tool results.
	IDsShown int `json:"ids_shown"`
	// ShortenedResults counts tool results the model saw shortened.
	ShortenedResults int `json:"shortened_results"`
	Errors           int `json:"errors"`
	// PromptTokens and CompletionTokens sum the usage the server reported.
	PromptTokens     int           `json:"prompt_tokens"`
	CompletionTokens int           `json:"completion_tokens"`
	Calls            []CallMetrics `json:"calls"`
}

// CallMetrics describes the prompt of one model call.
type CallMetrics struct {
	Call int `json:"call"`
	// PromptChars counts the characters sent: message text, tool call
	// names and arguments, and the tool declarations.
	PromptChars int `json:"prompt_chars"`
	// ToolResultChars counts the characters of tool-result messages;
	// ToolShare is their share of PromptChars.
	ToolResultChars int     `json:"tool_result_chars"`
	ToolShare       float64 `json:"tool_share"`
	// PromptTokens is the server's count, 0 when unknown.
	PromptTokens     int     `json:"prompt_tokens"`
	CompletionTokens int     `json:"completion_tokens"`
	LatencyMS        float64 `json:"latency_ms"`
	// ShownInTurn counts distinct ids shown by this turn's tool results
	// before the call; VisibleInTurn how many of them still appear in the
	// call's messages. The session counts are the same over all turns so far.
	ShownInTurn      int `json:"shown_in_turn"`
	VisibleInTurn    int `json:"visible_in_turn"`
	ShownInSession   int `json:"shown_in_session"`
	VisibleInSession int `json:"visible_in_session"`
}

// Metrics computes per-turn metrics from a trace.
func Metrics(tr *Trace, cfg MetricsConfig) []TurnMetrics {
	discovery := map[string]bool{}
	names := cfg.DiscoveryTools
	if names == nil {
		names = DefaultDiscoveryTools
	}
	for _, n := range names {
		discovery[n] = true
	}
	vis := newVisibility()
	sessionShown := 0
	sessionSeen := map[string]bool{}
	var out []TurnMetrics
	for _, turn := range tr.Turns() {
		m := TurnMetrics{Turn: turn.Number, User: turn.User}
		var turnShown []string
		turnSeen := map[string]bool{}
		byCall := map[int]int{} // call number -> index in m.Calls
		for _, e := range turn.Events {
			switch e.Kind {
			case KindRequest:
				if e.Request == nil {
					continue
				}
				m.ModelCalls++
				cm := promptSize(*e.Request)
				cm.Call = e.Call
				visible := vis.visible(messageTexts(e.Request.Messages))
				cm.ShownInTurn, cm.ShownInSession = len(turnShown), sessionShown
				cm.VisibleInSession = len(visible)
				for id := range visible {
					if turnSeen[id] {
						cm.VisibleInTurn++
					}
				}
				byCall[e.Call] = len(m.Calls)
				m.Calls = append(m.Calls, cm)
			case KindResponse:
				if e.Response == nil {
					continue
				}
				m.PromptTokens += e.Response.Usage.PromptTokens
				m.CompletionTokens += e.Response.Usage.CompletionTokens
				if i, ok := byCall[e.Call]; ok {
					m.Calls[i].PromptTokens = e.Response.Usage.PromptTokens
					m.Calls[i].CompletionTokens = e.Response.Usage.CompletionTokens
					m.Calls[i].LatencyMS = e.LatencyMS
				}
			case KindToolResult:
				if e.Tool == nil {
					continue
				}
				t := e.Tool
				m.ToolCalls++
				if t.Error != "" {
					m.ToolErrors++
				}
				if t.Shortened() {
					m.ShortenedResults++
				}
				isDiscovery := discovery[t.Name]
				if isDiscovery {
					m.DiscoveryCalls++
				}
				inResult := map[string]bool{}
				for _, id := range t.ShownIDs {
					if id == "" || inResult[id] {
						continue
					}
					inResult[id] = true
					if turnSeen[id] {
						if isDiscovery {
							m.RepeatDiscoveries++
						}
					} else {
						turnSeen[id] = true
						turnShown = append(turnShown, id)
					}
					if !sessionSeen[id] {
						sessionSeen[id] = true
						sessionShown++
						vis.add(id)
					}
				}
			case KindError:
				m.Errors++
			}
		}
		m.IDsShown = len(turnShown)
		out = append(out, m)
	}
	return out
}

// promptSize measures a request's prompt.
func promptSize(req llm.Request) CallMetrics {
	var cm CallMetrics
	for _, msg := range req.Messages {
		n := utf8.RuneCountInString(msg.Content) + utf8.RuneCountInString(msg.Reasoning)
		for _, tc := range msg.ToolCalls {
			n += utf8.RuneCountInString(tc.Name) + utf8.RuneCountInString(tc.Arguments)
		}
		cm.PromptChars += n
		if msg.Role == llm.Tool {
			cm.ToolResultChars += utf8.RuneCountInString(msg.Content)
		}
	}
	for _, t := range req.Tools {
		b, _ := json.Marshal(t)
		cm.PromptChars += utf8.RuneCount(b)
	}
	if cm.PromptChars > 0 {
		cm.ToolShare = float64(cm.ToolResultChars) / float64(cm.PromptChars)
	}
	return cm
}

// messageTexts lists every text of a request's messages in which an id can
// appear.
func messageTexts(msgs []llm.Message) []string {
	var texts []string
	for _, m := range msgs {
		for _, s := range []string{m.Content, m.Reasoning} {
			if s != "" {
				texts = append(texts, s)
			}
		}
		for _, tc := range m.ToolCalls {
			texts = append(texts, tc.Arguments)
		}
	}
	return texts
}

// visibility answers "which shown ids appear in these texts". Ids are only
// ever added, and a conversation resends the same messages on every call, so
// each distinct text remembers how many ids it was checked against and which
// it contains: every (text, id) pair is searched once per session.
type visibility struct {
	ids   []string
	texts map[string]*textIDs
}

type textIDs struct {
	checked int
	found   []string
}

func newVisibility() *visibility { return &visibility{texts: map[string]*textIDs{}} }

// add registers a newly shown id.
func (v *visibility) add(id string) { v.ids = append(v.ids, id) }

// visible returns the set of registered ids appearing in at least one text.
func (v *visibility) visible(texts []string) map[string]bool {
	out := map[string]bool{}
	for _, t := range texts {
		c, ok := v.texts[t]
		if !ok {
			c = &textIDs{}
			v.texts[t] = c
		}
		for _, id := range v.ids[c.checked:] {
			if strings.Contains(t, id) {
				c.found = append(c.found, id)
			}
		}
		c.checked = len(v.ids)
		for _, id := range c.found {
			out[id] = true
		}
	}
	return out
}

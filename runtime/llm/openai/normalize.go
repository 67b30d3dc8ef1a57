package openai

import (
	"bytes"
	"encoding/json"
	"strings"
)

// normalizeBody rewrites the shapes of a chat completion that go-openai
// cannot decode into ones it can, leaving every other byte alone:
// function.arguments given as a JSON object or list (some proxies) becomes
// its JSON text, a null becomes "", and message content given as a list of
// parts becomes their text. A body it cannot read is returned unchanged.
func normalizeBody(body []byte) []byte { return normalizeChoices(body, "message") }

// normalizeChoices applies normalizeBody's rewrites to choices[].<field>
// ("message" in a reply, "delta" in a streamed chunk).
func normalizeChoices(body []byte, field string) []byte {
	if !bytes.Contains(body, []byte(`"arguments"`)) && !bytes.Contains(body, []byte(`"content":[`)) && !bytes.Contains(body, []byte(`"content": [`)) {
		return body
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(body, &top) != nil {
		return body
	}
	var choices []map[string]json.RawMessage
	if json.Unmarshal(top["choices"], &choices) != nil {
		return body
	}
	changed := false
	for _, ch := range choices {
		var msg map[string]json.RawMessage
		if json.Unmarshal(ch[field], &msg) != nil {
			continue
		}
		msgChanged := false
		if c := bytes.TrimSpace(msg["content"]); len(c) > 0 && c[0] == '[' {
			var parts []struct {
				Text string `json:"text"`
			}
			if json.Unmarshal(c, &parts) == nil {
				var b strings.Builder
				for _, p := range parts {
					b.WriteString(p.Text)
				}
				msg["content"], _ = json.Marshal(b.String())
				msgChanged = true
			}
		}
		var calls []map[string]json.RawMessage
		if json.Unmarshal(msg["tool_calls"], &calls) == nil {
			for _, call := range calls {
				var fn map[string]json.RawMessage
				if json.Unmarshal(call["function"], &fn) != nil {
					continue
				}
				args := bytes.TrimSpace(fn["arguments"])
				switch {
				case len(args) == 0:
					continue
				case args[0] == '{' || args[0] == '[':
					var compact bytes.Buffer
					if json.Compact(&compact, args) != nil {
						continue
					}
					fn["arguments"], _ = json.Marshal(compact.String())
				case string(args) == "null":
					fn["arguments"] = json.RawMessage(`""`)
				default:
					continue
				}
				call["function"], _ = json.Marshal(fn)
				msgChanged = true
			}
			if msgChanged {
				msg["tool_calls"], _ = json.Marshal(calls)
			}
		}
		if msgChanged {
			ch[field], _ = json.Marshal(msg)
			changed = true
		}
	}
	if !changed {
		return body
	}
	top["choices"], _ = json.Marshal(choices)
	out, err := json.Marshal(top)
	if err != nil {
		return body
	}
	return out
}

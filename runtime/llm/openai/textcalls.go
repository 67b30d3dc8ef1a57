package openai

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// Tool calls written as text, left in the content when the server's tool
// parser is off, is the wrong one for the model, or failed (vLLM's hermes
// parser returns the raw output as content on any exception). Five formats
// are read:
//
//   - Hermes/Qwen: <tool_call>{"name": …, "arguments": {…}}</tool_call>, one
//     block per call;
//   - Qwen3-Coder/Qwen3.5 XML: <function=NAME><parameter=P>V</parameter></function>,
//     bare or inside <tool_call> blocks;
//   - Mistral: [TOOL_CALLS][{"name": …, "arguments": {…}}], or
//     [TOOL_CALLS]NAME[ARGS]{…} (newer tokenizers);
//   - gpt-oss harmony: <|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{…}<|call|>;
//   - Llama 3: the whole reply is {"name": …, "parameters": {…}} (optionally
//     after <|python_tag|>, or a list of such objects).
//
// Reading is strict: every block whole, valid JSON or XML, a tool the
// request declared, nothing after the calls. Prose may come before the
// calls (it is kept as the message text) except in the Llama 3 form, which
// must be the whole reply. Anything else stays text.

// toolSet is the request's tools by name, with each parameter's JSON type.
type toolSet map[string]map[string]string

func newToolSet(tools []llm.ToolSpec) toolSet {
	ts := toolSet{}
	for _, t := range tools {
		var schema struct {
			Properties map[string]struct {
				Type json.RawMessage `json:"type"`
			} `json:"properties"`
		}
		_ = json.Unmarshal(t.Parameters, &schema) // a tool without a readable schema has untyped parameters
		types := map[string]string{}
		for p, def := range schema.Properties {
			var s string
			if json.Unmarshal(def.Type, &s) == nil {
				types[p] = s
				continue
			}
			var list []string
			if json.Unmarshal(def.Type, &list) == nil {
				for _, s := range list {
					if s != "null" {
						types[p] = s
						break
					}
				}
			}
		}
		ts[t.Name] = types
	}
	return ts
}

// parseTextToolCalls returns the calls content writes and the prose before
// them, or ok false when content is not, strictly, tool calls.
func parseTextToolCalls(content string, tools []llm.ToolSpec) (calls []llm.ToolCall, prose string, ok bool) {
	text := strings.TrimSpace(content)
	if text == "" {
		return nil, "", false
	}
	ts := newToolSet(tools)
	for _, parse := range []func(string, toolSet) ([]llm.ToolCall, string, bool){hermesCalls, bareXMLCalls, mistralCalls, harmonyCalls, llamaCalls} {
		if calls, prose, ok := parse(text, ts); ok && len(calls) > 0 {
			for i := range calls {
				calls[i].ID = newCallID()
			}
			return calls, prose, true
		}
	}
	return nil, "", false
}

const (
	toolCallOpen, toolCallClose = "<tool_call>", "</tool_call>"
	functionOpen, functionClose = "<function=", "</function>"
	paramOpen, paramClose       = "<parameter=", "</parameter>"
	mistralTag, mistralArgs     = "[TOOL_CALLS]", "[ARGS]"
	mistralCallID               = "[CALL_ID]"
	pythonTag                   = "<|python_tag|>"
)

func hermesCalls(text string, ts toolSet) ([]llm.ToolCall, string, bool) {
	i := strings.Index(text, toolCallOpen)
	if i < 0 {
		return nil, "", false
	}
	prose, rest := strings.TrimSpace(text[:i]), text[i:]
	var calls []llm.ToolCall
	for {
		rest = strings.TrimSpace(rest)
		if rest == "" {
			return calls, prose, true
		}
		if !strings.HasPrefix(rest, toolCallOpen) {
			return nil, "", false
		}
		rest = rest[len(toolCallOpen):]
		end := strings.Index(rest, toolCallClose)
		if end < 0 {
			return nil, "", false
		}
		inner := strings.TrimSpace(rest[:end])
		rest = rest[end+len(toolCallClose):]
		var got []llm.ToolCall
		var ok bool
		if strings.HasPrefix(inner, functionOpen) {
			got, ok = xmlFunctions(inner, ts)
		} else {
			var call llm.ToolCall
			call, ok = jsonCall([]byte(inner), ts, false)
			got = []llm.ToolCall{call}
		}
		if !ok {
			return nil, "", false
		}
		calls = append(calls, got...)
	}
}

func bareXMLCalls(text string, ts toolSet) ([]llm.ToolCall, string, bool) {
	i := strings.Index(text, functionOpen)
	if i < 0 {
		return nil, "", false
	}
	calls, ok := xmlFunctions(text[i:], ts)
	return calls, strings.TrimSpace(text[:i]), ok
}

// xmlFunctions reads one or more <function=…>…</function> blocks that make
// up all of s.
func xmlFunctions(s string, ts toolSet) ([]llm.ToolCall, bool) {
	var calls []llm.ToolCall
	rest := s
	for {
		rest = strings.TrimSpace(rest)
		if rest == "" {
			return calls, len(calls) > 0
		}
		if !strings.HasPrefix(rest, functionOpen) {
			return nil, false
		}
		rest = rest[len(functionOpen):]
		gt := strings.Index(rest, ">")
		if gt < 0 {
			return nil, false
		}
		name := strings.TrimSpace(rest[:gt])
		types, known := ts[name]
		if !known {
			return nil, false
		}
		rest = rest[gt+1:]
		end := strings.Index(rest, functionClose)
		if end < 0 {
			return nil, false
		}
		body := rest[:end]
		rest = rest[end+len(functionClose):]
		args, ok := xmlParameters(body, types)
		if !ok {
			return nil, false
		}
		calls = append(calls, llm.ToolCall{Name: name, Arguments: args})
	}
}

// xmlParameters reads <parameter=P>V</parameter> elements, all of body,
// into a JSON object; values are typed by the tool's schema (a string
// parameter keeps its text, others are read as JSON when they parse).
func xmlParameters(body string, types map[string]string) (string, bool) {
	args := map[string]any{}
	rest := body
	for {
		rest = strings.TrimSpace(rest)
		if rest == "" {
			break
		}
		if !strings.HasPrefix(rest, paramOpen) {
			return "", false
		}
		rest = rest[len(paramOpen):]
		gt := strings.Index(rest, ">")
		if gt < 0 {
			return "", false
		}
		name := strings.TrimSpace(rest[:gt])
		rest = rest[gt+1:]
		end := strings.Index(rest, paramClose)
		if end < 0 || name == "" {
			return "", false
		}
		raw := strings.TrimSuffix(strings.TrimPrefix(rest[:end], "\n"), "\n")
		rest = rest[end+len(paramClose):]
		if _, dup := args[name]; dup {
			return "", false
		}
		args[name] = typedValue(raw, types[name])
	}
	b, err := json.Marshal(args)
	if err != nil {
		return "", false
	}
	return string(b), true
}

func typedValue(raw, typ string) any {
	switch typ {
	case "integer", "number", "boolean", "array", "object":
		dec := json.NewDecoder(strings.NewReader(raw))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) == nil && !dec.More() {
			return v
		}
	}
	return raw
}

func mistralCalls(text string, ts toolSet) ([]llm.ToolCall, string, bool) {
	i := strings.Index(text, mistralTag)
	if i < 0 {
		return nil, "", false
	}
	prose, rest := strings.TrimSpace(text[:i]), strings.TrimSpace(text[i+len(mistralTag):])
	if strings.HasPrefix(rest, "[") || strings.HasPrefix(rest, "{") {
		calls, ok := jsonCalls([]byte(rest), ts, false)
		return calls, prose, ok
	}
	// NAME[ARGS]{…}, optionally NAME[CALL_ID]id[ARGS]{…}, each call after
	// its own [TOOL_CALLS].
	var calls []llm.ToolCall
	for _, seg := range strings.Split(rest, mistralTag) {
		seg = strings.TrimSpace(seg)
		a := strings.Index(seg, mistralArgs)
		if a < 0 {
			return nil, "", false
		}
		name := seg[:a]
		if c := strings.Index(name, mistralCallID); c >= 0 {
			name = name[:c]
		}
		name = strings.TrimSpace(name)
		if _, known := ts[name]; !known {
			return nil, "", false
		}
		args, ok := objectText([]byte(strings.TrimSpace(seg[a+len(mistralArgs):])))
		if !ok {
			return nil, "", false
		}
		calls = append(calls, llm.ToolCall{Name: name, Arguments: args})
	}
	return calls, prose, true
}

func llamaCalls(text string, ts toolSet) ([]llm.ToolCall, string, bool) {
	s := strings.TrimSpace(strings.TrimPrefix(text, pythonTag))
	if strings.HasPrefix(s, "```") {
		s = strings.TrimPrefix(strings.TrimPrefix(s, "```json"), "```")
		if !strings.HasSuffix(s, "```") {
			return nil, "", false
		}
		s = strings.TrimSpace(strings.TrimSuffix(s, "```"))
	}
	if !strings.HasPrefix(s, "{") && !strings.HasPrefix(s, "[") {
		return nil, "", false
	}
	calls, ok := jsonCalls([]byte(s), ts, true)
	return calls, "", ok
}

// jsonCalls reads one call object or a list of them.
func jsonCalls(b []byte, ts toolSet, needArgs bool) ([]llm.ToolCall, bool) {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		var list []json.RawMessage
		if json.Unmarshal(b, &list) != nil || len(list) == 0 {
			return nil, false
		}
		calls := make([]llm.ToolCall, 0, len(list))
		for _, raw := range list {
			c, ok := jsonCall(raw, ts, needArgs)
			if !ok {
				return nil, false
			}
			calls = append(calls, c)
		}
		return calls, true
	}
	c, ok := jsonCall(b, ts, needArgs)
	return []llm.ToolCall{c}, ok
}

// jsonCall reads {"name": …, "arguments"|"parameters": {…}} with no other
// keys than type and id; arguments may also be a string holding an object.
func jsonCall(b []byte, ts toolSet, needArgs bool) (llm.ToolCall, bool) {
	var obj map[string]json.RawMessage
	if json.Unmarshal(b, &obj) != nil {
		return llm.ToolCall{}, false
	}
	var name string
	if json.Unmarshal(obj["name"], &name) != nil {
		return llm.ToolCall{}, false
	}
	if _, known := ts[name]; !known {
		return llm.ToolCall{}, false
	}
	var args json.RawMessage
	for k, v := range obj {
		switch k {
		case "name", "type", "id":
		case "arguments", "parameters":
			if args != nil {
				return llm.ToolCall{}, false
			}
			args = v
		default:
			return llm.ToolCall{}, false
		}
	}
	if args == nil {
		if needArgs {
			return llm.ToolCall{}, false
		}
		args = json.RawMessage("{}")
	}
	var s string
	if json.Unmarshal(args, &s) == nil {
		args = json.RawMessage(s)
	}
	text, ok := objectText(args)
	if !ok {
		return llm.ToolCall{}, false
	}
	return llm.ToolCall{Name: name, Arguments: text}, true
}

// objectText is b compacted when it is exactly one JSON object.
func objectText(b []byte) (string, bool) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' || !json.Valid(b) {
		return "", false
	}
	var out bytes.Buffer
	if json.Compact(&out, b) != nil {
		return "", false
	}
	return out.String(), true
}

// harmonyCalls reads gpt-oss tool-call messages that make up all of the
// text after any prose.
func harmonyCalls(text string, ts toolSet) ([]llm.ToolCall, string, bool) {
	matches := harmonySegment.FindAllStringSubmatchIndex(text, -1)
	if len(matches) == 0 {
		return nil, "", false
	}
	prose := strings.TrimSpace(text[:matches[0][0]])
	var calls []llm.ToolCall
	end := matches[0][0]
	for _, m := range matches {
		if strings.TrimSpace(text[end:m[0]]) != "" {
			return nil, "", false
		}
		end = m[1]
		header := text[m[4]:m[5]]
		if !strings.HasSuffix(text[:m[1]], "<|call|>") {
			return nil, "", false // cut, or not a call
		}
		i := strings.Index(header, "to=functions.")
		if i < 0 {
			return nil, "", false
		}
		name := strings.Fields(header[i+len("to=functions."):])
		if len(name) == 0 {
			return nil, "", false
		}
		if _, known := ts[name[0]]; !known {
			return nil, "", false
		}
		args, ok := objectText([]byte(text[m[6]:m[7]]))
		if !ok {
			return nil, "", false
		}
		calls = append(calls, llm.ToolCall{Name: name[0], Arguments: args})
	}
	if strings.TrimSpace(text[end:]) != "" {
		return nil, "", false
	}
	return calls, prose, true
}

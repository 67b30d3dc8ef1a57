package agent_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
)

// The system prompt names no series id and no catalog heading: a model
// that saw one invents variants of it. Checked against every id (namespaced
// and native) and heading label of the real catalog subset, and of the full
// shared catalogs' ids when the test data is grown from them.
func TestSystemPromptHasNoIDsOrHeadings(t *testing.T) {
	prompt := agent.SystemPrompt()
	specs, err := agent.ToolSpecs()
	if err != nil {
		t.Fatal(err)
	}
	shown := prompt
	for _, s := range specs {
		shown += "\n" + s.Description + "\n" + string(s.Parameters)
	}
	low := strings.ToLower(shown)
	word := func(s string) bool {
		re := regexp.MustCompile(`(?i)(^|[^\pL\pN])` + regexp.QuoteMeta(s) + `($|[^\pL\pN])`)
		return re.MatchString(shown)
	}
	checked := 0
	for _, r := range loadRows(t) {
		native := r.ID
		if _, rest, ok := strings.Cut(r.ID, ":"); ok {
			native = rest
		}
		for _, id := range []string{r.ID, native} {
			if word(id) {
				t.Errorf("system prompt or tool schemas contain series id %q", id)
			}
			checked++
		}
		for _, h := range r.HeadingPath {
			// Every heading label against the prompt; against the tool
			// schemas, labels of more than one word (single-word unit
			// headings such as "Index" name the derive operations too).
			if strings.Contains(strings.ToLower(prompt), strings.ToLower(h)) {
				t.Errorf("system prompt contains heading %q", h)
			}
			if strings.Contains(h, " ") && strings.Contains(low, strings.ToLower(h)) {
				t.Errorf("tool schemas contain heading %q", h)
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d ids checked", checked)
	}
}

package main

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/sextant-dev/sextant/runtime/catalog"
)

// The system prompt the agent sends names no series id and no heading of
// the bundle it runs on: a model that saw an id invents variants of it.
func TestSystemPromptNamesNothingFromTheBundle(t *testing.T) {
	cat, err := catalog.Open(context.Background(), demoBundle(t), catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	prompt := agent.SystemPrompt()
	low := strings.ToLower(prompt)
	has := func(s string) bool {
		return regexp.MustCompile(`(?i)(^|[^\pL\pN])` + regexp.QuoteMeta(s) + `($|[^\pL\pN])`).MatchString(prompt)
	}
	for _, r := range cat.AllRows() {
		if strings.Contains(prompt, r.ID) || (len(r.NativeID) > 2 && has(r.NativeID)) {
			t.Errorf("system prompt names series %s", r.ID)
		}
	}
	for _, h := range cat.Headings {
		if strings.Contains(h.Label, " ") && strings.Contains(low, strings.ToLower(h.Label)) {
			t.Errorf("system prompt names heading %q", h.Label)
		}
	}
	if cat.Len() < 2000 || len(cat.Headings) < 100 {
		t.Fatalf("checked only %d rows and %d headings", cat.Len(), len(cat.Headings))
	}
}

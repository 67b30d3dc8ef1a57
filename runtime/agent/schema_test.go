package agent

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

type schemaProbe struct {
	Name  string   `json:"name" desc:"the name"`
	Kind  string   `json:"kind,omitempty" enum:"a|b"`
	Tags  []string `json:"tags,omitempty" enum:"x|y"`
	Count int      `json:"count,omitempty"`
	Ratio float64  `json:"ratio,omitempty"`
	On    bool     `json:"on,omitempty"`
	Items []struct {
		ID string `json:"id"`
	} `json:"items,omitempty"`
	hidden string //nolint:unused // unexported fields are not in the schema
}

func TestSchemaOfDerivesPropertiesFromTags(t *testing.T) {
	raw, err := SchemaOf(schemaProbe{})
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Type       string                    `json:"type"`
		Required   []string                  `json:"required"`
		Properties map[string]map[string]any `json:"properties"`
		Additional bool                      `json:"additionalProperties"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	if s.Type != "object" || s.Additional {
		t.Errorf("type %q additionalProperties %v, want object and false", s.Type, s.Additional)
	}
	if !slices.Equal(s.Required, []string{"name"}) {
		t.Errorf("required = %v, want [name]", s.Required)
	}
	want := map[string]string{"name": "string", "kind": "string", "tags": "array", "count": "integer", "ratio": "number", "on": "boolean", "items": "array"}
	for k, typ := range want {
		if got := s.Properties[k]["type"]; got != typ {
			t.Errorf("property %s type = %v, want %s", k, got, typ)
		}
	}
	if len(s.Properties) != len(want) {
		t.Errorf("properties %v: unexported or extra fields leaked", s.Properties)
	}
	if s.Properties["name"]["description"] != "the name" {
		t.Errorf("name description = %v", s.Properties["name"]["description"])
	}
	if e, _ := s.Properties["kind"]["enum"].([]any); len(e) != 2 {
		t.Errorf("kind enum = %v", s.Properties["kind"]["enum"])
	}
	items, _ := s.Properties["tags"]["items"].(map[string]any)
	if e, _ := items["enum"].([]any); len(e) != 2 {
		t.Errorf("tags items enum = %v", items)
	}
	nested, _ := s.Properties["items"]["items"].(map[string]any)
	if req, _ := nested["required"].([]any); len(req) != 1 || req[0] != "id" {
		t.Errorf("nested required = %v", nested["required"])
	}
}

func TestSchemaOfRejectsNonStructsAndMaps(t *testing.T) {
	if _, err := SchemaOf(3); err == nil {
		t.Error("schema of an int: no error")
	}
	if _, err := SchemaOf(struct {
		M map[string]int `json:"m"`
	}{}); err == nil || !strings.Contains(err.Error(), "m") {
		t.Errorf("schema with a map field: err = %v, want one naming the field", err)
	}
}

func TestDecodeArgs(t *testing.T) {
	cases := []struct {
		raw, wantErr string
	}{
		{`{"name":"n"}`, ""},
		{``, `missing required property "name"`},
		{`{"name":"n","kind":"b","tags":["x","y"]}`, ""},
		{`{"name": "n"`, "not a JSON object"},
		{`["name"]`, "not a JSON object"},
		{`{"name":"n","bogus":1}`, "bogus"},
		{`{"name":null}`, `missing required property "name"`},
		{`{"name":"n","kind":"c"}`, `property "kind" is "c", want one of a, b`},
		{`{"name":"n","tags":["x","z"]}`, `property "tags" is "z"`},
		{`{"name":"n","count":"three"}`, "count"},
	}
	for _, c := range cases {
		var p schemaProbe
		err := decodeArgs(c.raw, &p)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("decode %s: %v", c.raw, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("decode %s: err = %v, want it to mention %q", c.raw, err, c.wantErr)
		case err != nil && !errors.Is(err, ErrBadArguments):
			t.Errorf("decode %s: %v does not wrap ErrBadArguments", c.raw, err)
		}
	}
}

func TestEveryToolHasAValidSchema(t *testing.T) {
	specs, err := ToolSpecs()
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) != 9 {
		t.Fatalf("%d tools, want 9", len(specs))
	}
	for _, s := range specs {
		var m map[string]any
		if err := json.Unmarshal(s.Parameters, &m); err != nil || m["type"] != "object" {
			t.Errorf("tool %s: schema %s is not an object schema (%v)", s.Name, s.Parameters, err)
		}
		if s.Description == "" {
			t.Errorf("tool %s has no description", s.Name)
		}
	}
}

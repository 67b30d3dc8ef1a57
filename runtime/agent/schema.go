package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// Tool argument structs describe themselves with struct tags:
//
//	json:"name,omitempty"  the property name; omitempty marks it optional
//	desc:"..."             the property's description for the model
//	enum:"a|b|c"           allowed values of a string (or []string) field
//
// SchemaOf turns such a struct type into a JSON schema, and decodeArgs checks
// a model's raw arguments against the same tags, so the schema the model is
// shown and the validation it meets cannot drift apart.

// ErrBadArguments is wrapped by every argument validation failure.
var ErrBadArguments = errors.New("agent: bad tool arguments")

// SchemaOf returns the JSON schema of a struct value's type.
func SchemaOf(v any) (json.RawMessage, error) {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("agent: schema of %T: not a struct", v)
	}
	s, err := schemaOfType(t, "")
	if err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

type field struct {
	name     string
	index    int
	required bool
	desc     string
	enum     []string
}

func fieldsOf(t reflect.Type) []field {
	var out []field
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		fd := field{name: name, index: i, required: !strings.Contains(opts, "omitempty"), desc: f.Tag.Get("desc")}
		if e := f.Tag.Get("enum"); e != "" {
			fd.enum = strings.Split(e, "|")
		}
		out = append(out, fd)
	}
	return out
}

func schemaOfType(t reflect.Type, where string) (map[string]any, error) {
	switch t.Kind() {
	case reflect.Pointer:
		return schemaOfType(t.Elem(), where)
	case reflect.String:
		return map[string]any{"type": "string"}, nil
	case reflect.Bool:
		return map[string]any{"type": "boolean"}, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}, nil
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}, nil
	case reflect.Slice, reflect.Array:
		items, err := schemaOfType(t.Elem(), where+"[]")
		if err != nil {
			return nil, err
		}
		return map[string]any{"type": "array", "items": items}, nil
	case reflect.Struct:
		props := map[string]any{}
		required := []string{}
		for _, f := range fieldsOf(t) {
			ps, err := schemaOfType(t.Field(f.index).Type, where+"."+f.name)
			if err != nil {
				return nil, err
			}
			if f.desc != "" {
				ps["description"] = f.desc
			}
			if len(f.enum) > 0 {
				if items, ok := ps["items"].(map[string]any); ok {
					items["enum"] = f.enum
				} else {
					ps["enum"] = f.enum
				}
			}
			props[f.name] = ps
			if f.required {
				required = append(required, f.name)
			}
		}
		return map[string]any{
			"type":                 "object",
			"properties":           props,
			"required":             required,
			"additionalProperties": false,
		}, nil
	default:
		return nil, fmt.Errorf("agent: schema of field %s: unsupported kind %s", strings.TrimPrefix(where, "."), t.Kind())
	}
}

// decodeArgs decodes a model's raw JSON arguments into dst (a pointer to an
// argument struct), rejecting malformed JSON, unknown properties, missing
// required properties and values outside an enum. Errors name the property.
func decodeArgs(raw string, dst any) error {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		raw = "{}"
	}
	var present map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &present); err != nil {
		return fmt.Errorf("%w: arguments are not a JSON object: %v", ErrBadArguments, err)
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("%w: %v", ErrBadArguments, err)
	}
	v := reflect.ValueOf(dst).Elem()
	for _, f := range fieldsOf(v.Type()) {
		val, ok := present[f.name]
		if f.required && (!ok || string(val) == "null") {
			return fmt.Errorf("%w: missing required property %q", ErrBadArguments, f.name)
		}
		if len(f.enum) == 0 || !ok {
			continue
		}
		fv := v.Field(f.index)
		var values []string
		switch fv.Kind() {
		case reflect.String:
			values = []string{fv.String()}
		case reflect.Slice:
			if fv.Type().Elem().Kind() == reflect.String {
				for i := range fv.Len() {
					values = append(values, fv.Index(i).String())
				}
			}
		}
		for _, s := range values {
			if (s != "" || f.required) && !slices.Contains(f.enum, s) {
				return fmt.Errorf("%w: property %q is %q, want one of %s", ErrBadArguments, f.name, s, strings.Join(f.enum, ", "))
			}
		}
	}
	return nil
}

package catalogsrc

import (
	"context"
	"fmt"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc/internal/textcheck"
)

// checked is what Open returns: the reader's Source, with every record it
// adds checked for damage whatever format it came from (JSON, Parquet and
// text alike; the delimited-text readers also check every field of every
// line, see package textcheck). A damaged record is rejected, not added.
type checked struct{ Source }

// Covers passes on the places the reader says its rows break down by
// (nil when it says none), so that the check hides nothing of the reader.
func (c checked) Covers() []string {
	if cv, ok := c.Source.(interface{ Covers() []string }); ok {
		return cv.Covers()
	}
	return nil
}

func (c checked) Read(ctx context.Context, sink Sink) error {
	return c.Source.Read(ctx, checkingSink{sink})
}

type checkingSink struct{ Sink }

func (s checkingSink) Add(r Record) error {
	if field, value, reason := damage(&r); reason != "" {
		s.Reject(Problem{Pos: r.Pos, Field: field, Reason: field + " " + reason, Raw: rawText(value)})
		return nil
	}
	return s.Sink.Add(r)
}

// damage finds the first field of r that is too long or shows a wrong or
// invalid encoding, and says why.
func damage(r *Record) (field, value, reason string) {
	labels := []struct {
		name  string
		value string
	}{{"id", r.NativeID}, {"title", r.Title}, {"unit", r.Unit}, {"frequency", r.FrequencyText}}
	for i, a := range r.AltTitles {
		labels = append(labels, struct{ name, value string }{fmt.Sprintf("alt_titles[%d]", i), a})
	}
	for i, p := range r.Path {
		labels = append(labels, struct{ name, value string }{fmt.Sprintf("path[%d]", i), p})
	}
	for _, l := range labels {
		if reason := textcheck.Label(l.value); reason != "" {
			return l.name, l.value, reason
		}
	}
	if len(r.Description) > textcheck.MaxField {
		return "description", r.Description, fmt.Sprintf("is %d bytes long, over the %d-byte limit for a field", len(r.Description), textcheck.MaxField)
	}
	if reason := textcheck.Encoding(r.Description); reason != "" {
		return "description", r.Description, reason
	}
	return "", "", ""
}

// rawText keeps the start of a damaged value for Problem.Raw.
func rawText(s string) string {
	const max = 300
	if len(s) <= max {
		return s
	}
	return strings.ToValidUTF8(s[:max], "") + "…"
}

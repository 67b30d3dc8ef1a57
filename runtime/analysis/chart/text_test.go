package chart_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/analysis/chart"
	"github.com/sextant-dev/sextant/runtime/analysis/internal/testseries"
)

// A title, legend, unit and source with markup, control characters and
// invalid UTF-8 still give an SVG that an XML parser reads, with the text
// kept as words.
func TestSVGTextIsEscaped(t *testing.T) {
	un := testseries.FRED(t, "UNRATE", analysis.Monthly, "Percent <of> labour & \x1b[31mforce\x7f")
	un.Title = "Unemployment\tRate \"U-3\" \x00\xff"
	un.Source = "FRED & <BLS>\x0c"
	spec := chart.Spec{Series: []analysis.Series{un}, Title: "Rates < 5 & rising\x01\x02\nsecond line \uFFFE", Sources: []string{"St. Louis Fed\x08 & co"}}
	var buf bytes.Buffer
	if err := chart.Render(spec, "svg", &buf); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	var text strings.Builder
	inText := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				text.Write(tok)
				text.WriteByte('|')
			}
		}
	}
	got := text.String()
	for _, want := range []string{"Rates < 5 & rising second line", "Percent <of> labour & [31mforce", `UNRATE: Unemployment Rate "U-3"`, "St. Louis Fed & co"} {
		if !strings.Contains(got, want) {
			t.Errorf("the chart's text lacks %q:\n%s", want, got)
		}
	}
}

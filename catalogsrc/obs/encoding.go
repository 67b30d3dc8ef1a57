package obs

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"golang.org/x/text/encoding/charmap"
)

// Encodings accepted by NewDecoder (option "encoding").
var Encodings = []string{"utf-8", "latin1", "windows-1252"}

// NewDecoder returns a function that turns raw file bytes into UTF-8 text for
// the named encoding: "" or "utf-8" (a leading byte-order mark is dropped),
// "latin1" / "iso-8859-1", or "windows-1252" / "cp1252". An unknown name gives
// an error wrapping catalogsrc.ErrBadSpec.
func NewDecoder(name string) (func(io.Reader) io.Reader, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "utf-8", "utf8":
		return skipBOM, nil
	case "latin1", "latin-1", "iso-8859-1", "iso8859-1":
		return func(r io.Reader) io.Reader { return charmap.ISO8859_1.NewDecoder().Reader(r) }, nil
	case "windows-1252", "cp1252":
		return func(r io.Reader) io.Reader { return charmap.Windows1252.NewDecoder().Reader(r) }, nil
	}
	return nil, fmt.Errorf("%w: unknown encoding %q (known: %s)", catalogsrc.ErrBadSpec, name, strings.Join(Encodings, ", "))
}

var bom = []byte{0xEF, 0xBB, 0xBF}

func skipBOM(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	if head, err := br.Peek(3); err == nil && bytes.Equal(head, bom) {
		_, _ = br.Discard(3)
	}
	return br
}

// Package textcheck finds the damage a catalog or observation file shows
// in its text: bytes that are not UTF-8 or were decoded with the wrong
// encoding, fields far longer than any real catalog's, a field that
// swallowed the records after it (a stray quote), and a last record the
// file cut short. The delimited-text readers every source uses
// (catalogsrc/generic.Table, catalogsrc/obs.CSV) run each record through
// Fields and watch the input's end with Tail; catalogsrc.Open runs every
// record's labels through Label, whatever format it came from.
package textcheck

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// MaxField is the longest field a delimited file may hold, in bytes. The
// longest field in the real catalogs (/work/shared/catalogs, 365,000 rows)
// is 3,948 bytes (WDISeries.csv, "Statistical concept and methodology");
// the limit leaves four times that. Longer is a merged or binary record.
const MaxField = 16 << 10

// MaxLabel is the longest title, unit, alternative title or heading a
// record may have, in bytes. The longest real titles are 274-276 bytes
// (EVDS series names, Eurostat table titles; FRED's longest is 120, units
// and heading labels stay under 200); the limit leaves more than three
// times that. The stray quote that merged 123 IFS rows made a 12,206-byte
// title.
const MaxLabel = 1000

// mergedLines is how many lines of one field must look like records of
// the file before the field counts as records merged by a stray quote. In
// the real catalogs a multi-line field (1,362 of them, all in WDI) holds
// at most one line with as many separators as a record.
const mergedLines = 3

// Fields checks one record's fields (sep-separated; width is the header's
// field count, 0 when unknown). It returns the index of the first damaged
// field and why, or -1.
func Fields(fields []string, sep rune, width int) (int, string) {
	for i, f := range fields {
		if reason := field(f, sep, width); reason != "" {
			return i, reason
		}
	}
	return -1, ""
}

func field(s string, sep rune, width int) string {
	if width >= 2 && strings.IndexByte(s, '\n') >= 0 {
		lines := strings.Split(s, "\n")
		like := 0
		for _, l := range lines[1:] {
			if strings.Count(l, string(sep)) >= width-1 {
				like++
			}
		}
		if like >= mergedLines {
			return fmt.Sprintf("spans %d lines, %d of which look like records of this file: a stray quote merged the records after it into this field", len(lines), like)
		}
	}
	if len(s) > MaxField {
		return fmt.Sprintf("is %d bytes long, over the %d-byte limit for a field (a merged or binary record?)", len(s), MaxField)
	}
	return Encoding(s)
}

// Encoding says what in s shows a wrong or invalid encoding, or "".
func Encoding(s string) string {
	if isASCII(s) {
		return "" // most fields of most catalogs
	}
	if !utf8.ValidString(s) {
		i := invalidAt(s)
		return fmt.Sprintf("is not valid UTF-8 (byte 0x%02X at offset %d): the file is in another encoding; set options.encoding (utf-8, latin1 or windows-1252)", s[i], i)
	}
	if strings.ContainsRune(s, utf8.RuneError) {
		return "holds U+FFFD replacement characters: the text was damaged by a wrong or invalid encoding before it got here"
	}
	if m := mojibake(s); m != "" {
		return fmt.Sprintf("holds %q, UTF-8 text decoded as Latin-1: the file is UTF-8, read it as such (options.encoding)", m)
	}
	return ""
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func invalidAt(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return 0
}

// mojibake finds a two-byte UTF-8 sequence read as two Latin-1 letters
// ("Ã©" for "é", "Ã¼" for "ü"): a lead letter U+00C2-U+00F4 followed by a
// character U+0080-U+00BF, which Latin-1 text of real names never has.
func mojibake(s string) string {
	var prev rune
	prevAt := -1
	for i, r := range s {
		if prevAt >= 0 && r >= 0x80 && r <= 0xBF && prev >= 0xC2 && prev <= 0xF4 {
			return s[prevAt : i+utf8.RuneLen(r)]
		}
		prev, prevAt = r, i
	}
	return ""
}

// Label checks a record's label (title, unit, heading): its length and
// its encoding. It returns why it is damaged, or "".
func Label(s string) string {
	if len(s) > MaxLabel {
		return fmt.Sprintf("is %d bytes long, over the %d-byte limit for a label (a merged record?)", len(s), MaxLabel)
	}
	return Encoding(s)
}

// Tail passes a reader through, remembering how many bytes it gave and
// the last one, so that a reader can tell a record that ends the input
// without a newline: the mark of a file cut short.
type Tail struct {
	r    io.Reader
	n    int64
	last byte
	eof  bool
}

// NewTail wraps r.
func NewTail(r io.Reader) *Tail { return &Tail{r: r} }

// Read implements io.Reader.
func (t *Tail) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if n > 0 {
		t.n += int64(n)
		t.last = p[n-1]
	}
	if err == io.EOF {
		t.eof = true
	}
	return n, err
}

// CutShort reports whether a record that ends at offset (bytes from the
// start of the input) is the input's last and has no newline after it.
// Every real catalog and observation file ends with a newline.
func (t *Tail) CutShort(offset int64) bool {
	return t.eof && offset >= t.n && t.n > 0 && t.last != '\n' && t.last != '\r'
}

// CutShortReason is the Problem reason for a record CutShort finds.
const CutShortReason = "the file ends inside this record, without a newline: the file was cut short (if the record is complete, end the file with a newline)"

// HeaderOnlyReason is the error text for a file with a header and no data.
const HeaderOnlyReason = "header but no data rows: the file is empty or was cut short after its header"

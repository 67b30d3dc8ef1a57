package textcheck

import (
	"bytes"
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestFields(t *testing.T) {
	merged := "Economic Activity\nA1;Prices, CPI\nA2;Prices, PPI\nA3;Trade, Exports\n"
	prose := "Line one, with commas, many, of, them, here\nLine two\nLine three, also, with, commas"
	for _, c := range []struct {
		name   string
		fields []string
		sep    rune
		width  int
		at     int
		reason string
	}{
		{"clean", []string{"TUR", "Türkiye", "Côte d'Ivoire", "São Tomé and Príncipe"}, ',', 4, -1, ""},
		{"multi-line prose", []string{"ID", prose}, ',', 21, -1, ""},
		{"stray quote", []string{"X", merged}, ';', 2, 1, "stray quote"},
		{"long", []string{"X", strings.Repeat("y", MaxField+1)}, ',', 2, 1, "over the"},
		{"invalid utf-8", []string{"X", "caf\xe9"}, ',', 2, 1, "not valid UTF-8 (byte 0xE9 at offset 3)"},
		{"replacement", []string{"caf\uFFFD", "X"}, ',', 2, 0, "U+FFFD"},
		{"mojibake", []string{"X", "Y", "CafÃ©"}, ',', 3, 2, `"Ã©"`},
	} {
		at, reason := Fields(c.fields, c.sep, c.width)
		if at != c.at || !strings.Contains(reason, c.reason) || (c.reason == "") != (reason == "") {
			t.Errorf("%s: Fields = %d, %q; want %d, %q", c.name, at, reason, c.at, c.reason)
		}
	}
}

func TestLabel(t *testing.T) {
	if r := Label(strings.Repeat("a", MaxLabel)); r != "" {
		t.Errorf("label of %d bytes: %q", MaxLabel, r)
	}
	if r := Label(strings.Repeat("a", MaxLabel+1)); !strings.Contains(r, "limit") {
		t.Errorf("label of %d bytes: %q", MaxLabel+1, r)
	}
}

func TestTailCutShort(t *testing.T) {
	for _, c := range []struct {
		text string
		cut  []bool // per record
	}{
		{"a,b\n1,2\n3,4\n", []bool{false, false, false}},
		{"a,b\r\n1,2\r\n3,4\r\n", []bool{false, false, false}},
		{"a,b\n1,2\n3,4", []bool{false, false, true}},
		{"a,b\n1,2\n3,\"fo", []bool{false, false, true}},
	} {
		tail := NewTail(strings.NewReader(c.text))
		r := csv.NewReader(tail)
		r.LazyQuotes = true
		for i := 0; ; i++ {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := tail.CutShort(r.InputOffset()); got != c.cut[i] {
				t.Errorf("%q record %d: CutShort %v, want %v", c.text, i, got, c.cut[i])
			}
		}
	}
}

// BenchmarkChecks reads the demo FRED catalog with encoding/csv alone and
// with every record run through Fields and Tail, for the ratio of the two.
func BenchmarkChecks(b *testing.B) {
	_, file, _, _ := runtime.Caller(0)
	data, err := os.ReadFile(filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata", "catalogs", "fred", "fred_release_series.csv"))
	if err != nil {
		b.Skip(err)
	}
	read := func(b *testing.B, check bool) {
		b.SetBytes(int64(len(data)))
		for i := 0; i < b.N; i++ {
			tail := NewTail(bytes.NewReader(data))
			r := csv.NewReader(tail)
			r.ReuseRecord = true
			width := 0
			for {
				rec, err := r.Read()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				if width == 0 {
					width = len(rec)
				}
				if check {
					if at, reason := Fields(rec, ',', width); at >= 0 {
						b.Fatal(reason)
					}
					_ = tail.CutShort(r.InputOffset())
				}
			}
		}
	}
	b.Run("csv", func(b *testing.B) { read(b, false) })
	b.Run("csv+checks", func(b *testing.B) { read(b, true) })
}

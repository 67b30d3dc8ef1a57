package embed_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/sextant-dev/sextant/internal/embed"
)

func TestClean(t *testing.T) {
	cases := []struct{ in, want string }{
		{"TÜRKİYE", "turkiye"},
		{"Türkiye", "turkiye"},
		{"ıIİi", "iiii"},
		{"Straße ẞ", "straße ß"},
		{"Ⱥ", "ⱥ"},
		{"Café  au\u00a0lait\u3000bar", "cafe au lait bar"},
		{"\tline\none\r\n", "line one"},
		{"\x00\x01\x7f", ""},
		{"   ", ""},
		{"", ""},
		{"a\xffb", "a b"},
		{"Consumer Price Index (CPI), %", "consumer price index (cpi), %"},
		{"zero\u200bwidth\ufeff", "zerowidth"},
		{"ПРИВЕТ", "привет"},
		{"東京 📈", "東京 📈"},
	}
	for _, c := range cases {
		if got := embed.Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
		checkCleanInvariants(t, c.in)
	}
}

// checkCleanInvariants asserts the properties that keep hugot's Go tokenizer
// safe: valid UTF-8, idempotent, unchanged by lowercasing and NFD, no
// control characters or non-ASCII spaces, no leading/trailing/double space.
func checkCleanInvariants(t *testing.T, in string) {
	out := embed.Clean(in)
	switch {
	case !utf8.ValidString(out):
		t.Fatalf("Clean(%q) = %q is not valid UTF-8", in, out)
	case embed.Clean(out) != out:
		t.Fatalf("Clean not idempotent on %q: %q then %q", in, out, embed.Clean(out))
	case strings.ToLower(out) != out:
		t.Fatalf("Clean(%q) = %q changes under ToLower", in, out)
	case !norm.NFD.IsNormalString(out):
		t.Fatalf("Clean(%q) = %q is not NFD", in, out)
	case strings.HasPrefix(out, " ") || strings.HasSuffix(out, " ") || strings.Contains(out, "  "):
		t.Fatalf("Clean(%q) = %q has untidy spaces", in, out)
	}
	for _, r := range out {
		if r < 0x20 || r == 0x7f || (r != ' ' && (r == '\u00a0' || r == '\u3000' || r == '\u2028')) {
			t.Fatalf("Clean(%q) = %q keeps %U", in, out, r)
		}
	}
}

// FuzzEmbed feeds arbitrary strings through Clean and the tiny model: no
// input may panic, end the process or produce a vector that is neither
// zero nor unit length.
func FuzzEmbed(f *testing.F) {
	for _, s := range []string{"", " ", "TÜRKİYE", "ẞ", "Ⱥ", "\xff", "inflation rate", "日本 📈", "\u0130\u0131", "a\u0301", "[UNK]", "##ing", "İstanbul'da enflasyon %"} {
		f.Add(s)
	}
	e, err := embed.Open(context.Background(), tinyModel(f, false))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { e.Close() })
	f.Fuzz(func(t *testing.T, s string) {
		checkCleanInvariants(t, s)
		v, err := e.Embed(context.Background(), []string{s, "inflation " + s})
		var failed *embed.FailedTextsError
		if errors.As(err, &failed) {
			t.Fatalf("Embed(%q) failed: %v", s, err)
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, vec := range v {
			if n := l2norm(vec); n != 0 && (n < 1-1e-5 || n > 1+1e-5) {
				t.Fatalf("Embed(%q): norm %g", s, n)
			}
		}
	})
}

package textdist

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"unemployment", "unemployment", 2, 0},
		{"unemplyment", "unemployment", 2, 1},  // a dropped letter
		{"unemlpoyment", "unemployment", 2, 1}, // a swap is one edit
		{"inflaton", "inflation", 2, 1},
		{"ab", "ba", 1, 1},
		{"kitten", "sitting", 3, 3},
		{"kitten", "sitting", 2, 3}, // over the limit: limit+1
		{"abcdef", "uvwxyz", 1, 2},
		{"", "abc", 5, 3},
	} {
		if got := Distance([]byte(c.a), []byte(c.b), c.limit); got != c.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
		if got := Distance([]rune(c.a), []rune(c.b), c.limit); got != c.want {
			t.Errorf("runes: Distance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
	}
	// Letters, not bytes: "ı" and "i" differ by one substitution.
	if got := Distance([]rune("işsizlik"), []rune("issizlik"), 2); got != 1 {
		t.Errorf("Turkish letters: %d, want 1", got)
	}
	long := make([]byte, 100)
	if got := Distance(long, long, 1); got != 0 {
		t.Errorf("a long word against itself: %d", got)
	}
}

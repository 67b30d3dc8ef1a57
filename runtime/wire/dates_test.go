package wire_test

import (
	"errors"
	"testing"
	"time"

	"github.com/sextant-dev/sextant/runtime/wire"
)

func TestRangeDates(t *testing.T) {
	cases := []struct{ in, from, to string }{
		{"2020", "2020-01-01", "2020-12-31"},
		{"2020-02", "2020-02-01", "2020-02-29"},
		{"2021-02-13", "2021-02-13", "2021-02-13"},
		{" 1999-12 ", "1999-12-01", "1999-12-31"},
	}
	for _, c := range cases {
		f, err1 := wire.ParseFrom(c.in)
		to, err2 := wire.ParseTo(c.in)
		if err1 != nil || err2 != nil || f.Format(time.DateOnly) != c.from || to.Format(time.DateOnly) != c.to {
			t.Errorf("%q: from %s to %s (%v %v), want %s..%s", c.in, f.Format(time.DateOnly), to.Format(time.DateOnly), err1, err2, c.from, c.to)
		}
	}
	if f, err := wire.ParseFrom(""); err != nil || !f.IsZero() {
		t.Errorf("empty: %v %v", f, err)
	}
	for _, bad := range []string{"20201", "2020-13", "2020/01/01", "yesterday"} {
		if _, err := wire.ParseTo(bad); !errors.Is(err, wire.ErrBadRequest) {
			t.Errorf("%q: error %v", bad, err)
		}
	}
}

package obs

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestCSVEach(t *testing.T) {
	text := "date;value\n2020-01;1\n2020-02;2;extra\n2020-03;\"bad\"quote\n2020-04;4\n"
	in := NewCSV(strings.NewReader(text), "f.csv", ';')
	var ps problems
	header, cols, err := in.HeaderColumns(&ps, "value", "date")
	if err != nil || len(header) != 2 || cols[0] != 1 || cols[1] != 0 {
		t.Fatalf("HeaderColumns: %q %v %v", header, cols, err)
	}
	var lines []int
	err = in.Each(context.Background(), &ps, len(header), func(r Row) error {
		lines = append(lines, r.Line)
		if r.Fields[1] == "4" {
			return r.Reject(&ps, "value", "four is rejected")
		}
		return nil
	})
	if err != nil || len(lines) != 2 || lines[0] != 2 || lines[1] != 5 {
		t.Fatalf("rows on lines %v (%v); want 2 and 5", lines, err)
	}
	want := []struct {
		line         int
		field, cause string
	}{{3, "", "row has 3 fields, header has 2"}, {4, "", "malformed CSV row"}, {5, "value", "four is rejected"}}
	if len(ps) != len(want) {
		t.Fatalf("problems %+v", ps)
	}
	for i, w := range want {
		if p := ps[i]; p.Pos.File != "f.csv" || p.Pos.Line != w.line || p.Field != w.field || !strings.Contains(p.Reason, w.cause) {
			t.Errorf("problem %d: %+v; want line %d field %q %q", i, p, w.line, w.field, w.cause)
		}
	}
	if ps[2].Raw != "2020-04;4" {
		t.Errorf("raw text %q; want the row joined by its separator", ps[2].Raw)
	}

	in = NewCSV(strings.NewReader(text), "f.csv", ';')
	if _, _, err := in.HeaderColumns(&ps, "date", "country"); err == nil || !strings.Contains(err.Error(), "country") {
		t.Errorf("missing column: %v", err)
	}

	boom := errors.New("boom")
	in = NewCSV(strings.NewReader(text), "f.csv", ';')
	n := 0
	if err := in.Each(context.Background(), &ps, 0, func(Row) error { n++; return boom }); !errors.Is(err, boom) || n != 1 {
		t.Errorf("callback error: %v after %d rows", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := in.Each(ctx, &ps, 0, func(Row) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

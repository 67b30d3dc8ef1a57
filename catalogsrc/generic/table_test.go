package generic_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
)

const eachText = "code,name\n" +
	"a,first\n" +
	"b,second,extra\n" + // wrong column count: rejected at line 3
	"c,third\n" +
	"\n" +
	"d,\"two\nlines\"\n" +
	"e,fifth\n"

func TestReadTableEach(t *testing.T) {
	path := write(t, "each.csv", eachText)
	sink := &sourcetest.Collector{}
	var codes []string
	var lines []int
	err := generic.ReadTable(context.Background(), path, generic.TableOptions{}, []string{"code", "name"}, sink, func(row generic.Row) error {
		codes = append(codes, row.Get("code"))
		lines = append(lines, row.Line)
		if row.Get("code") == "c" {
			return row.Reject(sink, "name", "third is rejected")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(codes, "") != "acde" || len(lines) != 4 || lines[0] != 2 || lines[2] != 6 || lines[3] != 8 {
		t.Errorf("rows %q on lines %v; want a c d e on 2 4 6 8", codes, lines)
	}
	if len(sink.Problems) != 2 {
		t.Fatalf("problems %v; want the wrong column count and the callback's", sink.Problems)
	}
	if p := sink.Problems[0]; p.Pos.Line != 3 || p.Pos.File != path || !strings.Contains(p.Reason, "column count") {
		t.Errorf("first problem %+v; want %s:3 wrong column count", p, path)
	}
	if p := sink.Problems[1]; p.Pos.Line != 4 || p.Field != "name" || p.Raw != "c,third" {
		t.Errorf("rejected row %+v; want line 4, field name, raw c,third", p)
	}
}

func TestReadTableStops(t *testing.T) {
	path := write(t, "each.csv", eachText)
	n := 0
	count := func(generic.Row) error {
		if n++; n == 2 {
			return generic.ErrStopRows
		}
		return nil
	}
	// A nil Rejecter drops rejected rows.
	if err := generic.ReadTable(context.Background(), path, generic.TableOptions{}, nil, nil, count); err != nil || n != 2 {
		t.Errorf("ErrStopRows: err %v after %d rows; want nil after 2", err, n)
	}
	boom := errors.New("boom")
	n = 0
	err := generic.ReadTable(context.Background(), path, generic.TableOptions{}, nil, nil, func(generic.Row) error { n++; return boom })
	if !errors.Is(err, boom) || n != 1 {
		t.Errorf("callback error: got %v after %d rows; want boom after 1", err, n)
	}
	err = generic.ReadTable(context.Background(), path, generic.TableOptions{}, []string{"code", "unit"}, nil, count)
	if !errors.Is(err, catalogsrc.ErrUnreadable) || !strings.Contains(err.Error(), `"unit"`) || !strings.Contains(err.Error(), path) {
		t.Errorf("missing column: %v; want ErrUnreadable naming the file and the column", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n = 0
	if err := generic.ReadTable(ctx, path, generic.TableOptions{}, nil, nil, count); !errors.Is(err, context.Canceled) || n != 0 {
		t.Errorf("cancelled: %v after %d rows", err, n)
	}
}

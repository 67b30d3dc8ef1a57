package obsql

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/analysis"
	"github.com/sextant-dev/sextant/runtime/obsql/pgtest"
)

func TestCheckRefusesPasswords(t *testing.T) {
	base := Config{Name: "lake", Namespace: "fred", Table: "obs", Columns: Columns{"s", "d", "v"}}
	for dsn, refused := range map[string]bool{
		"postgres://analyst:s3cret@db.bank:5432/lake":   true,
		"postgresql://analyst@db.bank/lake?password=s3": true,
		"host=db.bank user=analyst password=s3cret":     true,
		"host=db.bank user=analyst PASSWORD = s3cret":   true,
		"postgres://analyst@db.bank:5432/lake":          false,
		"host=/tmp port=5432 user=analyst dbname=lake":  false,
	} {
		c := base
		c.DSN = dsn
		err := c.Check()
		if refused != (err != nil) {
			t.Errorf("%q: %v, refused=%v", dsn, err, refused)
		}
		if err != nil && strings.Contains(err.Error(), "s3") {
			t.Errorf("the error repeats the secret: %v", err)
		}
	}
	for _, c := range []Config{
		{Name: "x", Namespace: "fred", Table: "t", Query: "SELECT 1", DSNEnv: "E", Columns: base.Columns},
		{Name: "x", Namespace: "fred", DSNEnv: "E", Columns: base.Columns},
		{Name: "x", Namespace: "fred", Table: "t", Columns: base.Columns},
		{Name: "x", Namespace: "fred", Table: "t", DSN: "host=h", DSNEnv: "E", Columns: base.Columns},
		{Name: "x", Namespace: "fred", Query: "DELETE FROM t", DSNEnv: "E", Columns: base.Columns},
		{Name: "x", Namespace: "fred", Query: "SELECT 1; DROP TABLE t", DSNEnv: "E", Columns: base.Columns},
		{Name: "x", Namespace: "fred", Table: "t", DSNEnv: "E", Columns: Columns{Series: "s"}},
	} {
		if err := c.Check(); !errors.Is(err, ErrConfig) {
			t.Errorf("%+v: %v, want ErrConfig", c, err)
		}
	}
}

// Identifiers are quoted; a hostile table name stays one identifier.
func TestStatementsQuoteNames(t *testing.T) {
	st := newStatements(Config{Table: `lake.obs"; DROP TABLE x; --`, Columns: Columns{"series id", "date", "value"}})
	if !strings.HasPrefix(st.from, `FROM "lake"."obs""; DROP TABLE x; --" AS o`) {
		t.Errorf("from: %s", st.from)
	}
	sql, ok := st.periods(analysis.Daily, analysis.Annual, analysis.AggLast, hasFrom|hasTo)
	if !ok {
		t.Fatal("no statement for daily to annual")
	}
	for _, want := range []string{`o."series id" = $1`, `o."date" >= $2`, `o."date" < $3`, "GROUP BY 1", "ORDER BY o.\"date\" DESC"} {
		if !strings.Contains(sql, want) {
			t.Errorf("statement lacks %q: %s", want, sql)
		}
	}
	if sql := st.points(analysis.Monthly, hasTo); !strings.Contains(sql, `o."date" < $2::date + interval '1 month'`) || strings.Contains(sql, "$3") {
		t.Errorf("to-only bounds numbered wrong: %s", sql)
	}
}

type rowsMap map[string]bundle.SeriesRow

func (m rowsMap) Resolve(id string) (bundle.SeriesRow, error) {
	if r, ok := m[id]; ok {
		return r, nil
	}
	return bundle.SeriesRow{}, fmt.Errorf("unknown %s", id)
}

func testServer(t *testing.T) *pgtest.Server {
	t.Helper()
	s := pgtest.Start(t)
	var rows []pgtest.Row
	day := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 366; i++ { // a daily series through 2020, with one NULL and one NaN
		v := float64(i)
		switch i {
		case 40:
			v = math.NaN()
		}
		rows = append(rows, pgtest.Row{Series: "DAILY", Date: day.AddDate(0, 0, i), Value: v})
	}
	for m := 0; m < 24; m++ {
		rows = append(rows, pgtest.Row{Series: "MONTHLY", Date: time.Date(2020, time.Month(m+1), 1, 0, 0, 0, 0, time.UTC), Value: float64(m + 1)})
	}
	s.Load(t, "obs", rows)
	return s
}

func newStore(t *testing.T, s *pgtest.Server, logf func(string, ...any)) *Store {
	t.Helper()
	rows := rowsMap{
		"x:DAILY":   {ID: "x:DAILY", Source: "x", Title: "daily", Frequency: "D", Aggregation: "sum"},
		"x:MONTHLY": {ID: "x:MONTHLY", Source: "x", Title: "monthly", Frequency: "M", Aggregation: "last"},
		"y:OTHER":   {ID: "y:OTHER", Source: "y", Title: "other", Frequency: "M"},
	}
	st, err := New(Config{Name: "lake", Namespace: "x", DSN: s.DSN, Table: "obs", Columns: Columns{"series_id", "obs_date", "value"}}, rows, Options{Logf: logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	return st
}

func TestPostgres(t *testing.T) {
	s := testServer(t)
	ctx := context.Background()
	var mu sync.Mutex
	var logged []string
	st := newStore(t, s, func(f string, a ...any) {
		mu.Lock()
		logged = append(logged, fmt.Sprintf(f, a...))
		mu.Unlock()
	})

	t.Run("series", func(t *testing.T) {
		sr, err := st.Series(ctx, "x:DAILY")
		if err != nil {
			t.Fatal(err)
		}
		if len(sr.Points) != 365 { // NaN left out
			t.Errorf("%d points, want 365", len(sr.Points))
		}
		if _, err := st.Series(ctx, "y:OTHER"); !errors.Is(err, analysis.ErrUnknownSeries) {
			t.Errorf("other namespace: %v", err)
		}
	})

	t.Run("aggregation runs in the database", func(t *testing.T) {
		before := st.Stats()
		tab, err := analysis.BuildTable(ctx, st, analysis.TableSpec{IDs: []string{"x:DAILY"}, Frequency: analysis.Monthly,
			From: time.Date(2020, 3, 1, 0, 0, 0, 0, time.UTC), To: time.Date(2020, 6, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		after := st.Stats()
		if got := after.Rows - before.Rows; got != 4 {
			t.Errorf("%d rows crossed the wire for a 4-month table of a daily series, want 4", got)
		}
		// March 2020 is days 60..90 (0-based from 1 January): the sum is in SQL.
		want := 0.0
		for i := 60; i <= 90; i++ {
			want += float64(i)
		}
		if got := tab.Columns[0].Values[0]; got != want {
			t.Errorf("March sum %v, want %v", got, want)
		}
		mu.Lock()
		last := logged[len(logged)-1]
		mu.Unlock()
		if !strings.Contains(last, "GROUP BY") || !strings.Contains(last, "sum(") {
			t.Errorf("last statement is not an aggregation: %s", last)
		}
	})

	t.Run("configured query with a comment", func(t *testing.T) {
		q, err := New(Config{Name: "q", Namespace: "x", DSN: s.DSN, Columns: Columns{"k", "d", "v"},
			Query: "SELECT series_id AS k, obs_date AS d, value AS v FROM obs -- the bank's view"}, st.rows, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer q.Close()
		sr, err := q.Series(ctx, "x:MONTHLY")
		if err != nil || len(sr.Points) != 24 {
			t.Errorf("series through a query: %d points, %v", len(sr.Points), err)
		}
	})

	t.Run("read-only", func(t *testing.T) {
		err := st.query(ctx, "INSERT INTO obs VALUES ('X', '2020-01-01', 1)", nil, func(pgx.Rows) error { return nil })
		if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "read-only") {
			t.Errorf("write in the store's transaction: %v", err)
		}
	})

	t.Run("statement timeout", func(t *testing.T) {
		slow, err := New(Config{Name: "slow", Namespace: "x", DSN: s.DSN, Table: "obs", Columns: Columns{"series_id", "obs_date", "value"}, StatementTimeoutMS: 100}, nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer slow.Close()
		err = slow.query(ctx, "SELECT pg_sleep(5)", nil, func(pgx.Rows) error { return nil })
		if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "statement timeout") {
			t.Errorf("slow statement: %v", err)
		}
	})

	t.Run("inventory", func(t *testing.T) {
		have, err := st.Inventory(ctx, []string{"DAILY", "MONTHLY", "ABSENT"})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]Coverage{"DAILY": {365, "2020-01-01", "2020-12-31"}, "MONTHLY": {24, "2020-01-01", "2021-12-01"}}
		if len(have) != 2 || have["DAILY"] != want["DAILY"] || have["MONTHLY"] != want["MONTHLY"] {
			t.Errorf("inventory %v, want %v", have, want)
		}
	})
}

// A database that cannot be reached gives ErrUnavailable, saying so, and no
// secret from the DSN.
func TestUnreachable(t *testing.T) {
	t.Setenv("SEXTANT_TEST_DSN", "host=/nonexistent/socket port=5432 user=analyst password=hunter2 dbname=lake connect_timeout=2")
	st, err := New(Config{Name: "lake", Namespace: "x", DSNEnv: "SEXTANT_TEST_DSN", Table: "obs", Columns: Columns{"s", "d", "v"}},
		rowsMap{"x:A": {ID: "x:A", Source: "x", Frequency: "M"}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, err = st.Series(context.Background(), "x:A")
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "cannot be reached") {
		t.Errorf("unreachable: %v", err)
	}
	if err != nil && strings.Contains(err.Error(), "hunter2") {
		t.Errorf("the error shows the password: %v", err)
	}
	t.Setenv("SEXTANT_TEST_DSN", "")
	st2, _ := New(Config{Name: "lake", Namespace: "x", DSNEnv: "SEXTANT_TEST_DSN", Table: "obs", Columns: Columns{"s", "d", "v"}}, nil, Options{})
	if err := st2.Ping(context.Background()); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "SEXTANT_TEST_DSN is not set") {
		t.Errorf("unset variable: %v", err)
	}
}

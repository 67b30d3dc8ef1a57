package obsql

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/runtime/analysis"
)

// Rows is what a Store needs from the bundle's catalog: a series' row by id
// (catalog or native id), for its metadata.
type Rows interface {
	Resolve(id string) (bundle.SeriesRow, error)
}

// Options tune a Store.
type Options struct {
	// Logf, when set, receives each statement's text and the rows it
	// returned (never the DSN).
	Logf func(format string, args ...any)
}

// Stats count what a Store asked and received.
type Stats struct {
	Statements int64 // statements run
	Rows       int64 // result rows received
}

// Store reads one backend's observations. It connects on first use and is
// safe for concurrent use; Close releases the pool.
type Store struct {
	cfg  Config
	st   *statements
	rows Rows
	logf func(string, ...any)

	mu       sync.Mutex
	pool     *pgxpool.Pool
	password string // of the resolved DSN, scrubbed from errors

	statements, received atomic.Int64
}

var _ analysis.PushdownStore = (*Store)(nil)

// New returns a Store over cfg; rows gives the catalog metadata (nil for
// Inventory only). It does not connect yet.
func New(cfg Config, rows Rows, opts Options) (*Store, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	logf := opts.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	return &Store{cfg: cfg, st: newStatements(cfg), rows: rows, logf: logf}, nil
}

// Name is the backend's configured name.
func (s *Store) Name() string { return s.cfg.Name }

// Namespace is the catalog source whose ids the backend serves.
func (s *Store) Namespace() string { return s.cfg.Namespace }

// Stats returns the counts so far.
func (s *Store) Stats() Stats {
	return Stats{Statements: s.statements.Load(), Rows: s.received.Load()}
}

// Close releases the connections.
func (s *Store) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pool != nil {
		s.pool.Close()
		s.pool = nil
	}
}

// connect opens the pool on first use: read-only transactions by default,
// the statement timeout and UTC dates set for every session.
func (s *Store) connect() (*pgxpool.Pool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pool != nil {
		return s.pool, nil
	}
	dsn, err := s.cfg.ResolveDSN()
	if err != nil {
		return nil, err
	}
	pc, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("%w: %q: the DSN cannot be parsed", ErrUnavailable, s.cfg.Name)
	}
	s.password = pc.ConnConfig.Password
	pc.MaxConns = s.cfg.maxConns()
	pc.MinConns = 0
	pc.MaxConnIdleTime = 5 * time.Minute
	pc.ConnConfig.ConnectTimeout = DefaultConnectTimeout
	rp := pc.ConnConfig.RuntimeParams
	rp["default_transaction_read_only"] = "on"
	rp["statement_timeout"] = strconv.FormatInt(s.cfg.statementTimeout().Milliseconds(), 10)
	rp["TimeZone"] = "UTC"
	if rp["application_name"] == "" {
		rp["application_name"] = "sextant"
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), pc)
	if err != nil {
		return nil, s.unavailable(err)
	}
	s.pool = pool
	return pool, nil
}

// unavailable wraps a database failure in ErrUnavailable, saying plainly
// whether the server could not be reached or refused the statement, with
// any password scrubbed from the text.
func (s *Store) unavailable(err error) error {
	msg := err.Error()
	if s.password != "" {
		msg = strings.ReplaceAll(msg, s.password, "********")
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return fmt.Errorf("%w: %q refused the query: %s", ErrUnavailable, s.cfg.Name, msg)
	}
	return fmt.Errorf("%w: %q cannot be reached: %s", ErrUnavailable, s.cfg.Name, msg)
}

// query runs one parameterised statement in a read-only transaction and
// calls scan for every row. BEGIN READ ONLY, the statement and COMMIT go
// in one pipelined batch: one round trip to the server.
func (s *Store) query(ctx context.Context, sql string, args []any, scan func(pgx.Rows) error) (err error) {
	pool, err := s.connect()
	if err != nil {
		return err
	}
	fail := func(err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return s.unavailable(err)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fail(err)
	}
	defer conn.Release()
	s.statements.Add(1)
	var b pgx.Batch
	b.Queue("BEGIN READ ONLY")
	b.Queue(sql, args...)
	b.Queue("COMMIT")
	br := conn.SendBatch(ctx, &b)
	defer func() {
		if cerr := br.Close(); cerr != nil && err == nil {
			err = fail(cerr)
		}
	}()
	if _, err := br.Exec(); err != nil {
		return fail(err)
	}
	rows, err := br.Query()
	if err != nil {
		return fail(err)
	}
	n := 0
	for rows.Next() {
		n++
		if err := scan(rows); err != nil {
			rows.Close()
			return fail(err)
		}
	}
	rows.Close()
	s.received.Add(int64(n))
	if err := rows.Err(); err != nil {
		return fail(err)
	}
	s.logf("obsql %s: %s [%d rows]", s.cfg.Name, sql, n)
	if _, err := br.Exec(); err != nil {
		return fail(err)
	}
	return nil
}

// Ping checks that the database answers a read-only statement.
func (s *Store) Ping(ctx context.Context) error {
	return s.query(ctx, "SELECT 1", nil, func(pgx.Rows) error { return nil })
}

// describe is the series' metadata from its catalog row, and the id the
// database knows it by.
func (s *Store) describe(id string) (analysis.Series, string, error) {
	if s.rows == nil {
		return analysis.Series{}, "", fmt.Errorf("%w: %s: no catalog", analysis.ErrUnknownSeries, id)
	}
	r, err := s.rows.Resolve(id)
	if err != nil {
		return analysis.Series{}, "", fmt.Errorf("%w: %v", analysis.ErrUnknownSeries, err)
	}
	native, ok := strings.CutPrefix(r.ID, s.cfg.Namespace+":")
	if !ok {
		return analysis.Series{}, "", fmt.Errorf("%w: %s is not in namespace %s of observations database %q", analysis.ErrUnknownSeries, r.ID, s.cfg.Namespace, s.cfg.Name)
	}
	sr := analysis.Series{ID: r.ID, Title: r.Title, Unit: r.Unit, Frequency: catalogsrc.Frequency(r.Frequency), Aggregation: r.Aggregation, Source: r.Source}
	return sr, native, nil
}

func (s *Store) noData(sr analysis.Series) error {
	return fmt.Errorf("%w: %s (%s) has no observations in database %q", analysis.ErrNoData, sr.ID, sr.Title, s.cfg.Name)
}

// Series implements analysis.Store: the whole series from the database.
func (s *Store) Series(ctx context.Context, id string) (analysis.Series, error) {
	sr, native, err := s.describe(id)
	if err != nil {
		return analysis.Series{}, err
	}
	sr.Points, err = s.points(ctx, sr, native, time.Time{}, time.Time{})
	if err != nil {
		return analysis.Series{}, err
	}
	if len(sr.Points) == 0 {
		return analysis.Series{}, s.noData(sr)
	}
	return sr, nil
}

// Pushdown implements analysis.PushdownStore: every series of the
// backend's namespace is filtered and aggregated in the database.
func (s *Store) Pushdown(_ context.Context, id string) (analysis.Series, bool, error) {
	sr, _, err := s.describe(id)
	return sr, err == nil, err
}

// Points implements analysis.PushdownStore.
func (s *Store) Points(ctx context.Context, sr analysis.Series, from, to time.Time) ([]analysis.Point, error) {
	_, native, err := s.describe(sr.ID)
	if err != nil {
		return nil, err
	}
	return s.points(ctx, sr, native, from, to)
}

func (s *Store) points(ctx context.Context, sr analysis.Series, native string, from, to time.Time) ([]analysis.Point, error) {
	mask, args := boundArgs(native, from, to)
	var out []analysis.Point
	err := s.query(ctx, s.st.points(sr.Frequency, mask), args, func(r pgx.Rows) error {
		var p analysis.Point
		if err := r.Scan(&p.Date, &p.Value); err != nil {
			return err
		}
		p.Date = periodDate(p.Date, sr.Frequency)
		out = append(out, p)
		return nil
	})
	return out, err
}

// Periods implements analysis.PushdownStore: one row per period, grouped
// and aggregated by the database.
func (s *Store) Periods(ctx context.Context, sr analysis.Series, q analysis.PeriodQuery) ([]analysis.Period, error) {
	_, native, err := s.describe(sr.ID)
	if err != nil {
		return nil, err
	}
	mask, args := boundArgs(native, q.From, q.To)
	sql, ok := s.st.periods(sr.Frequency, q.Frequency, q.Method, mask)
	if !ok {
		return nil, fmt.Errorf("%w: cannot aggregate to frequency %q with method %q in SQL", analysis.ErrBadSpec, q.Frequency, q.Method)
	}
	var out []analysis.Period
	err = s.query(ctx, sql, args, func(r pgx.Rows) error {
		var p analysis.Period
		var n int64
		if err := r.Scan(&p.Start, &p.Value, &n, &p.First, &p.Last); err != nil {
			return err
		}
		p.Count = int(n)
		p.Start = p.Start.UTC()
		p.First, p.Last = periodDate(p.First, sr.Frequency), periodDate(p.Last, sr.Frequency)
		out = append(out, p)
		return nil
	})
	return out, err
}

// boundArgs picks the statement variant for the bounds given and its
// arguments.
func boundArgs(native string, from, to time.Time) (int, []any) {
	mask, args := 0, []any{native}
	if !from.IsZero() {
		mask |= hasFrom
		args = append(args, from)
	}
	if !to.IsZero() {
		mask |= hasTo
		args = append(args, to)
	}
	return mask, args
}

// periodDate puts a database date at its period start, as the bundle's
// store does.
func periodDate(t time.Time, f analysis.Frequency) time.Time {
	t = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	if f != catalogsrc.Unknown {
		t = analysis.PeriodStart(t, f)
	}
	return t
}

// Coverage is what the database holds for one series.
type Coverage struct {
	Count      int
	Start, End string // ISO dates
}

// InventoryBatch is how many ids one inventory statement asks about.
const InventoryBatch = 2000

// Inventory asks the database which of the native ids it has values for,
// with their counts and date ranges, InventoryBatch ids per statement (each
// id is an index probe on (series, date) when that index exists).
func (s *Store) Inventory(ctx context.Context, natives []string) (map[string]Coverage, error) {
	out := map[string]Coverage{}
	for lo := 0; lo < len(natives); lo += InventoryBatch {
		batch := natives[lo:min(lo+InventoryBatch, len(natives))]
		err := s.query(ctx, s.st.inventory, []any{batch}, func(r pgx.Rows) error {
			var id string
			var n int64
			var first, last time.Time
			if err := r.Scan(&id, &n, &first, &last); err != nil {
				return err
			}
			out[id] = Coverage{Count: int(n), Start: first.Format(time.DateOnly), End: last.Format(time.DateOnly)}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

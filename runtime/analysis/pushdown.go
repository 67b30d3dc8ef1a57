package analysis

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// PushdownStore is a Store whose observations live in an engine that can
// filter and aggregate them itself (a SQL database). BuildTable uses it when
// the store it is given has it: it reads each series' metadata first, then
// only the observations in the table's range, already aggregated to the table
// frequency when the series is finer, so that one value per table period
// leaves the engine. The table is the one BuildTable makes from whole series.
type PushdownStore interface {
	Store
	// Pushdown returns series id's metadata (Points nil) and true when the
	// store filters and aggregates that series itself; false (with a nil
	// error) when BuildTable should read the series whole with Series.
	Pushdown(ctx context.Context, id string) (Series, bool, error)
	// Points returns the series' observations dated in [from, to) (a zero
	// bound is open), in date order, dates at the series' period starts.
	Points(ctx context.Context, s Series, from, to time.Time) ([]Point, error)
	// Periods aggregates the series' observations dated in [q.From, q.To)
	// to periods of q.Frequency with q.Method, in date order.
	Periods(ctx context.Context, s Series, q PeriodQuery) ([]Period, error)
}

// PeriodQuery asks a PushdownStore for a series aggregated to a coarser
// frequency.
type PeriodQuery struct {
	Frequency Frequency // the table's; coarser than the series'
	Method    string    // AggAverage, AggSum, AggLast or AggFirst
	From, To  time.Time // observation dates in [From, To); zero = open
}

// Period is one aggregated period of a series: its start at the table
// frequency, the method's value, how many observations it holds, and the
// dates of its first and last observations at the series' period starts
// (BuildTable decides from them whether the period is complete).
type Period struct {
	Start       time.Time
	Value       float64
	Count       int
	First, Last time.Time
}

// tableInput is one series as the table build gets it: whole, or (from a
// PushdownStore) its metadata with points in range or periods.
type tableInput struct {
	s          Series
	periods    []Period
	aggregated bool // periods hold the series at the table frequency
}

// pushdownInputs reads the series of spec through a PushdownStore: the
// ones it aggregates come filtered to the table range and, when finer than
// the table, aggregated in the store's engine; the others are read whole.
func pushdownInputs(ctx context.Context, ps PushdownStore, spec TableSpec) ([]tableInput, error) {
	in := make([]tableInput, len(spec.IDs))
	remote := make([]bool, len(spec.IDs))
	for i, id := range spec.IDs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s, ok, err := ps.Pushdown(ctx, id)
		if err == nil && !ok {
			s, err = ps.Series(ctx, id)
		}
		if err != nil {
			return nil, fmt.Errorf("table: series %s: %w", id, err)
		}
		if s.ID == "" {
			s.ID = id
		}
		if err := s.Validate(); err != nil {
			return nil, err
		}
		in[i], remote[i] = tableInput{s: s}, ok
	}
	tf := spec.Frequency
	if tf == "" {
		for _, x := range in {
			if tf == "" || Coarser(x.s.Frequency, tf) {
				tf = x.s.Frequency
			}
		}
	}
	if _, ok := freqRank[tf]; !ok || tf == Biweekly {
		return in, nil // Align reports the bad frequency
	}
	var lo, end time.Time // observation dates in [lo, end) can reach the table
	if !spec.From.IsZero() {
		lo = PeriodStart(spec.From, tf)
	}
	if !spec.To.IsZero() {
		end = NextPeriod(PeriodStart(spec.To, tf), tf)
	}
	// The series are asked for side by side (the store bounds its own
	// connections); the first error, in column order, is returned.
	errs := make([]error, len(in))
	sem := make(chan struct{}, PushdownParallel)
	var wg sync.WaitGroup
	for i := range in {
		if !remote[i] {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = fetchPushed(ctx, ps, &in[i], tf, lo, end)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("table: series %s: %w", in[i].s.ID, err)
		}
	}
	return in, nil
}

// PushdownParallel is how many series of one table BuildTable asks a
// PushdownStore for at once: enough to overlap a remote database's round
// trips for a table of a few dozen series; the store's own pool bounds
// the connections.
const PushdownParallel = 8

// fetchPushed reads one series of the table from the store: aggregated to
// tf when it is finer, else its points in range.
func fetchPushed(ctx context.Context, ps PushdownStore, x *tableInput, tf Frequency, lo, end time.Time) error {
	s := x.s
	if Coarser(tf, s.Frequency) {
		method := s.Aggregation
		if method == "" {
			method = AggAverage
		}
		periods, err := ps.Periods(ctx, s, PeriodQuery{Frequency: tf, Method: method, From: lo, To: end})
		if err != nil {
			return err
		}
		x.periods, x.aggregated = periods, true
		return nil
	}
	from := lo
	if !from.IsZero() {
		// A coarser value sits at the first table row on or after its
		// period start, up to a week later in a weekly table.
		from = from.AddDate(0, 0, -7)
	}
	pts, err := ps.Points(ctx, s, from, end)
	if err != nil {
		return err
	}
	x.s.Points = pts
	return nil
}

package search

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/runtime/query"
)

// preparedRows holds each row's query-understanding facts (what its
// title, heading, unit and seasonal adjustment say). Reading them costs
// about 11 µs of CPU a row (the heading path is read once per heading),
// scoring a prepared row about 50 ns: the engine reads every row in the
// background once it is open (about 4 s of CPU at 365,000 rows, which
// would more than double the open time if waited for), and a query that
// meets a row not yet read reads it itself.
type preparedRows struct {
	parser *query.Parser
	stored *bundle.Records // the builder's facts (preparedstore.go), nil when the bundle has none
	rows   []atomic.Pointer[query.PreparedRow]
	heads  []atomic.Pointer[query.PreparedHeading]
	stop   context.CancelFunc
	done   chan struct{} // closed when the background reading ends
}

// startPreparing reads every row in the background until done or stopped.
func (e *Engine) startPreparing() {
	ctx, cancel := context.WithCancel(context.Background())
	e.prep.stop, e.prep.done = cancel, make(chan struct{})
	go func() {
		defer close(e.prep.done)
		e.prepareAll(ctx) //nolint:errcheck // stopped: rows are read on use
	}()
}

// stopPreparing stops the background reading and waits for it.
func (e *Engine) stopPreparing() {
	if e.prep == nil || e.prep.stop == nil {
		return
	}
	e.prep.stop()
	<-e.prep.done
}

func newPreparedRows(p *query.Parser, rows, headings int) *preparedRows {
	return &preparedRows{
		parser: p,
		rows:   make([]atomic.Pointer[query.PreparedRow], rows),
		heads:  make([]atomic.Pointer[query.PreparedHeading], headings),
	}
}

// prepareAll prepares every row, on all cores.
func (e *Engine) prepareAll(ctx context.Context) error {
	n := e.cat.Len()
	workers := max(1, min(runtime.GOMAXPROCS(0), n/4096))
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := n * w / workers; i < n*(w+1)/workers; i++ {
				if i%4096 == 0 && ctx.Err() != nil {
					return
				}
				e.prepared(int32(i))
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// prepared returns row i prepared (two goroutines may prepare the same
// row or heading at once; both results are equal and either is kept).
func (e *Engine) prepared(i int32) *query.PreparedRow {
	if p := e.prep.rows[i].Load(); p != nil {
		return p
	}
	r := ptr(e.cat.RowAt(int(i)))
	meta := query.RowMeta{
		Source:             r.Source,
		Country:            r.Country,
		Frequency:          catalogsrc.Frequency(r.Frequency),
		SeasonalAdjustment: r.SeasonalAdjustment,
		Unit:               r.Unit,
		Title:              r.Title,
		SourceHome:         e.sourceHome[e.rowSource[i]],
	}
	if int(e.rowSource[i]) < len(e.sourceCovers) {
		meta.SourceCovers = e.sourceCovers[e.rowSource[i]]
	}
	if cut := e.staleBefore[e.rowSource[i]]; cut != "" && r.End != "" && r.End < cut {
		meta.Stale = true
	}
	var p query.PreparedRow
	if s := e.prep.stored; s != nil {
		if h := e.rowHead[i]; h >= 0 {
			meta.Heading = e.cat.Headings[h].Path
		}
		f, err := decodeFacts(s.Record(int(i)), s.Strings)
		if err == nil {
			p = query.PreparedFromStored(meta, f)
			e.prep.rows[i].Store(&p)
			return &p
		}
		// A damaged record (the file passed its checksum): read the row.
	}
	var ph query.PreparedHeading
	if h := e.rowHead[i]; h >= 0 {
		meta.Heading = e.cat.Headings[h].Path
		ph = *e.preparedHeading(h)
	}
	p = e.prep.parser.PrepareRowUnder(meta, ph)
	e.prep.rows[i].Store(&p)
	return &p
}

func (e *Engine) preparedHeading(h int32) *query.PreparedHeading {
	if p := e.prep.heads[h].Load(); p != nil {
		return p
	}
	p := e.prep.parser.PrepareHeading(e.cat.Headings[h].Path)
	e.prep.heads[h].Store(&p)
	return &p
}

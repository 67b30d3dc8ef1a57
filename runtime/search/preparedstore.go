package search

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/query"
)

// Stored prepared rows: every row's query-understanding facts
// (query.StoredFacts) read by the builder and stored in the bundle
// (search/rows.prepared), so that an engine neither reads every row in
// the background after it opens (about 4 s of CPU at 365,000 rows) nor
// analyses a candidate's text on a query's path: a stored row's facts
// are decoded (well under a microsecond) when a query first meets it.
//
// A record is: one byte of flags (subnational, archived, change), then
// uvarints: the seasonal adjustment's string number + 1 (0: none), and for
// each of countries, states, units, unit groups and mirrors its count and
// its strings' numbers.

const (
	storedSubnational = 1 << iota
	storedArchived
	storedChange
)

var errBadRecord = errors.New("search: damaged prepared-row record")

func encodeFacts(f query.StoredFacts, intern func(string) uint64) []byte {
	var flags byte
	if f.Subnational {
		flags |= storedSubnational
	}
	if f.Archived {
		flags |= storedArchived
	}
	if f.Change {
		flags |= storedChange
	}
	b := []byte{flags}
	seasonal := uint64(0)
	if f.Seasonal != "" {
		seasonal = intern(f.Seasonal) + 1
	}
	b = binary.AppendUvarint(b, seasonal)
	for _, list := range [][]string{f.Countries, f.States, f.Units, f.UnitGroups, f.Mirrors} {
		b = binary.AppendUvarint(b, uint64(len(list)))
		for _, s := range list {
			b = binary.AppendUvarint(b, intern(s))
		}
	}
	return b
}

func decodeFacts(rec []byte, strs []string) (query.StoredFacts, error) {
	var f query.StoredFacts
	if len(rec) == 0 {
		return f, errBadRecord
	}
	flags := rec[0]
	f.Subnational, f.Archived, f.Change = flags&storedSubnational != 0, flags&storedArchived != 0, flags&storedChange != 0
	rec = rec[1:]
	next := func() (uint64, error) {
		v, n := binary.Uvarint(rec)
		if n <= 0 {
			return 0, errBadRecord
		}
		rec = rec[n:]
		return v, nil
	}
	str := func() (string, error) {
		v, err := next()
		if err != nil || v >= uint64(len(strs)) {
			return "", errBadRecord
		}
		return strs[v], nil
	}
	s, err := next()
	if err != nil || s > uint64(len(strs)) {
		return f, errBadRecord
	}
	if s > 0 {
		f.Seasonal = strs[s-1]
	}
	for _, list := range []*[]string{&f.Countries, &f.States, &f.Units, &f.UnitGroups, &f.Mirrors} {
		n, err := next()
		if err != nil || n > uint64(len(rec)) {
			return f, errBadRecord
		}
		if n == 0 {
			continue
		}
		*list = make([]string, n)
		for i := range *list {
			if (*list)[i], err = str(); err != nil {
				return f, err
			}
		}
	}
	if len(rec) != 0 {
		return f, errBadRecord
	}
	return f, nil
}

// PreparedRowsOf reads every row's query-understanding facts as an engine
// would (rows and headings in bundle order, facts their row facts) and
// returns them encoded for bundle.Writer.WriteRecords.
func PreparedRowsOf(rows []bundle.SeriesRow, heads []bundle.HeadingRow, facts *bundle.RowFacts) (recipe string, strs []string, records [][]byte) {
	e := &Engine{cat: &catalog.Catalog{Rows: rows, Headings: heads}, parser: query.Default()}
	e.rowHead, e.rowSource = facts.Head, facts.Source
	e.sourceHome, e.staleBefore = facts.Tables.SourceHome, facts.Tables.StaleBefore
	e.prep = newPreparedRows(e.parser, len(rows), len(heads))
	ids := map[string]uint64{}
	intern := func(s string) uint64 {
		id, ok := ids[s]
		if !ok {
			id = uint64(len(strs))
			ids[s] = id
			strs = append(strs, s)
		}
		return id
	}
	// Rows are read on every core (about 11 µs each), then encoded in
	// row order so that string numbers do not depend on scheduling.
	stored := make([]query.StoredFacts, len(rows))
	workers := max(1, min(runtime.GOMAXPROCS(0), len(rows)/4096))
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := len(rows) * w / workers; i < len(rows)*(w+1)/workers; i++ {
				stored[i] = e.prepared(int32(i)).Stored()
				e.prep.rows[i].Store(nil) // keep the builder's memory flat
			}
		}()
	}
	wg.Wait()
	records = make([][]byte, len(rows))
	for i := range stored {
		records[i] = encodeFacts(stored[i], intern)
	}
	return e.parser.PreparedRecipe(), strs, records
}

// storedPrepared returns the bundle's prepared rows when this engine's
// parser made them (nil otherwise: rows are read from their text).
func (e *Engine) storedPrepared() (*bundle.Records, error) {
	recipe := e.parser.PreparedRecipe()
	if recipe == "" || e.boostCustomised() {
		return nil, nil
	}
	r, err := e.cat.Bundle.ReadRecords(bundle.PreparedRowsFile)
	if err != nil || r == nil || r.Recipe != recipe {
		return nil, err
	}
	if r.Len() != e.cat.Len() {
		return nil, fmt.Errorf("search: %s holds %d rows, the catalog %d", bundle.PreparedRowsFile, r.Len(), e.cat.Len())
	}
	return r, nil
}

// boostCustomised reports whether the engine's parser is not the default
// one (facts stored by the default parser then do not apply).
func (e *Engine) boostCustomised() bool { return e.parser != query.Default() }

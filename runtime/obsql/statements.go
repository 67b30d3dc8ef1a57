package obsql

import (
	"fmt"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/sextant-dev/sextant/runtime/analysis"
)

// statements builds the SQL texts of one backend from fixed fragments and
// the configured names (quoted as identifiers) or query (used as a
// subquery); everything a caller varies is a $n argument. Texts are made
// once per shape and kept.
type statements struct {
	from              string // FROM … AS o
	series, date, val string // quoted column references
	observed          string // the value is present
	inventory         string

	mu    sync.Mutex
	cache map[string]string
}

// bound masks which of the date bounds a statement has (from, then to,
// numbered from $2).
const (
	hasFrom = 1 << iota
	hasTo
)

// truncSQL moves a date to the start of its period at a frequency (ISO
// weeks start on Monday, as in analysis).
var truncSQL = map[analysis.Frequency]string{
	analysis.Weekly:     "date_trunc('week', %s::timestamp)::date",
	analysis.Biweekly:   "date_trunc('week', %s::timestamp)::date",
	analysis.Monthly:    "date_trunc('month', %s::timestamp)::date",
	analysis.Quarterly:  "date_trunc('quarter', %s::timestamp)::date",
	analysis.Semiannual: "(date_trunc('year', %[1]s::timestamp) + ((extract(month from %[1]s::timestamp)::int - 1) / 6) * interval '6 months')::date",
	analysis.Annual:     "date_trunc('year', %s::timestamp)::date",
}

// spanSQL is how far after its period start a date of each frequency may
// lie: the raw-date bound that keeps an index range scan.
var spanSQL = map[analysis.Frequency]string{
	analysis.Weekly: "7 days", analysis.Biweekly: "7 days", analysis.Monthly: "1 month",
	analysis.Quarterly: "3 months", analysis.Semiannual: "6 months", analysis.Annual: "1 year",
}

// methodSQL is each aggregation method over the value column.
var methodSQL = map[string]string{
	analysis.AggAverage: "avg(%[1]s::float8)",
	analysis.AggSum:     "sum(%[1]s::float8)",
	analysis.AggLast:    "(array_agg(%[1]s::float8 ORDER BY %[2]s DESC))[1]",
	analysis.AggFirst:   "(array_agg(%[1]s::float8 ORDER BY %[2]s))[1]",
}

// quoteName quotes a possibly schema-qualified name ("lake.obs") as an
// identifier, part by part.
func quoteName(name string) string {
	return pgx.Identifier(strings.Split(name, ".")).Sanitize()
}

func newStatements(c Config) *statements {
	st := &statements{cache: map[string]string{}}
	if c.Table != "" {
		st.from = "FROM " + quoteName(c.Table) + " AS o"
	} else {
		st.from = "FROM (\n" + c.Query + "\n) AS o" // own lines: a trailing -- comment in the query ends there
	}
	col := func(name string) string { return "o." + pgx.Identifier{name}.Sanitize() }
	st.series, st.date, st.val = col(c.Columns.Series), col(c.Columns.Date), col(c.Columns.Value)
	st.observed = fmt.Sprintf("%[1]s IS NOT NULL AND %[1]s <> 'NaN'", st.val)
	st.inventory = fmt.Sprintf(
		"SELECT k.id, c.n, c.lo, c.hi FROM unnest($1::text[]) AS k(id) CROSS JOIN LATERAL "+
			"(SELECT count(*) AS n, min(%[1]s)::date AS lo, max(%[1]s)::date AS hi %[2]s WHERE %[3]s = k.id AND %[4]s) AS c WHERE c.n > 0",
		st.date, st.from, st.series, st.observed)
	return st
}

// dateAt is the observation date at the start of its period at the series'
// frequency sf, as the bundle's store dates points.
func (st *statements) dateAt(sf analysis.Frequency) string {
	if t, ok := truncSQL[sf]; ok {
		return fmt.Sprintf(t, st.date)
	}
	return st.date + "::date"
}

// where selects the series' present values whose period-start dates lie in
// the bounds; the raw date is bounded too, so an index on (series, date)
// serves the scan.
func (st *statements) where(sf analysis.Frequency, mask int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "WHERE %s = $1 AND %s", st.series, st.observed)
	d, n := st.dateAt(sf), 2
	if mask&hasFrom != 0 {
		fmt.Fprintf(&b, " AND %s >= $%d AND %s >= $%d", st.date, n, d, n)
		n++
	}
	if mask&hasTo != 0 {
		fmt.Fprintf(&b, " AND %s < $%d", d, n)
		if span, ok := spanSQL[sf]; ok {
			fmt.Fprintf(&b, " AND %s < $%d::date + interval '%s'", st.date, n, span)
		} else {
			fmt.Fprintf(&b, " AND %s < $%d", st.date, n)
		}
	}
	return b.String()
}

func (st *statements) cached(key string, build func() string) string {
	st.mu.Lock()
	defer st.mu.Unlock()
	s, ok := st.cache[key]
	if !ok {
		s = build()
		st.cache[key] = s
	}
	return s
}

// points selects a series' dates (at period start) and values in order.
func (st *statements) points(sf analysis.Frequency, mask int) string {
	return st.cached(fmt.Sprintf("points/%s/%d", sf, mask), func() string {
		d := st.dateAt(sf)
		return fmt.Sprintf("SELECT %s AS day, %s::float8 %s %s ORDER BY 1", d, st.val, st.from, st.where(sf, mask))
	})
}

// periods groups a series by period of tf and applies method: one row per
// period with the value, the count and the first and last dates. ok is
// false for a frequency or method SQL is not given here.
func (st *statements) periods(sf, tf analysis.Frequency, method string, mask int) (string, bool) {
	bucket, ok1 := truncSQL[tf]
	agg, ok2 := methodSQL[method]
	if !ok1 || !ok2 {
		return "", false
	}
	return st.cached(fmt.Sprintf("periods/%s/%s/%s/%d", sf, tf, method, mask), func() string {
		d := st.dateAt(sf)
		return fmt.Sprintf("SELECT %s AS period, %s AS value, count(*) AS n, min(%s), max(%s) %s %s GROUP BY 1 ORDER BY 1",
			fmt.Sprintf(bucket, d), fmt.Sprintf(agg, st.val, st.date), d, d, st.from, st.where(sf, mask))
	}), true
}

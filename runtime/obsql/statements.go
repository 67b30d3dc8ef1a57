package obsql

import (
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/sextant-dev/sextant/runtime/analysis"
)

// statements holds the SQL texts of one backend. They are built once from
// fixed fragments and the configured names (quoted as identifiers) or query
// (used as a subquery); everything a caller varies is a $n argument.
type statements struct {
	from              string            // FROM … AS o
	series, date, val string            // quoted column references
	observed          string            // the value is present
	points            [4]string         // by bound mask
	periods           map[string]string // by periodKey
	inventory         string
}

// bound masks which of the date bounds a statement has (from, then to,
// numbered from $2).
const (
	hasFrom = 1 << iota
	hasTo
)

// bucketSQL moves a date to the start of its period at each frequency a
// table can aggregate to (ISO weeks start on Monday, as in analysis).
var bucketSQL = map[analysis.Frequency]string{
	analysis.Weekly:     "date_trunc('week', %s::timestamp)::date",
	analysis.Monthly:    "date_trunc('month', %s::timestamp)::date",
	analysis.Quarterly:  "date_trunc('quarter', %s::timestamp)::date",
	analysis.Semiannual: "(date_trunc('year', %[1]s::timestamp) + ((extract(month from %[1]s::timestamp)::int - 1) / 6) * interval '6 months')::date",
	analysis.Annual:     "date_trunc('year', %s::timestamp)::date",
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

func newStatements(c Config) statements {
	var st statements
	if c.Table != "" {
		st.from = "FROM " + quoteName(c.Table) + " AS o"
	} else {
		st.from = "FROM (" + c.Query + ") AS o"
	}
	col := func(name string) string { return "o." + pgx.Identifier{name}.Sanitize() }
	st.series, st.date, st.val = col(c.Columns.Series), col(c.Columns.Date), col(c.Columns.Value)
	st.observed = fmt.Sprintf("%[1]s IS NOT NULL AND %[1]s <> 'NaN'", st.val)
	for mask := range st.points {
		st.points[mask] = fmt.Sprintf("SELECT %s::date, %s::float8 %s WHERE %s = $1 AND %s%s ORDER BY 1",
			st.date, st.val, st.from, st.series, st.observed, st.bounds(mask))
	}
	st.periods = map[string]string{}
	for f, bucket := range bucketSQL {
		for m, agg := range methodSQL {
			for mask := 0; mask < 4; mask++ {
				st.periods[periodKey(f, m, mask)] = fmt.Sprintf(
					"SELECT %s AS period, %s AS value, count(*) AS n, min(%s)::date, max(%s)::date %s WHERE %s = $1 AND %s%s GROUP BY 1 ORDER BY 1",
					fmt.Sprintf(bucket, st.date), fmt.Sprintf(agg, st.val, st.date), st.date, st.date,
					st.from, st.series, st.observed, st.bounds(mask))
			}
		}
	}
	st.inventory = fmt.Sprintf(
		"SELECT k.id, c.n, c.lo, c.hi FROM unnest($1::text[]) AS k(id) CROSS JOIN LATERAL "+
			"(SELECT count(*) AS n, min(%[1]s)::date AS lo, max(%[1]s)::date AS hi %[2]s WHERE %[3]s = k.id AND %[4]s) AS c WHERE c.n > 0",
		st.date, st.from, st.series, st.observed)
	return st
}

func (st statements) bounds(mask int) string {
	var b strings.Builder
	n := 2
	if mask&hasFrom != 0 {
		fmt.Fprintf(&b, " AND %s >= $%d", st.date, n)
		n++
	}
	if mask&hasTo != 0 {
		fmt.Fprintf(&b, " AND %s < $%d", st.date, n)
	}
	return b.String()
}

func periodKey(f analysis.Frequency, method string, mask int) string {
	return fmt.Sprintf("%s/%s/%d", f, method, mask)
}

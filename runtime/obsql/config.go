// Package obsql reads observations at query time from a database that speaks
// the PostgreSQL protocol (PostgreSQL, TimescaleDB, Citus, Greenplum,
// CockroachDB, YugabyteDB, Amazon Redshift), through pgx. The bundle keeps the
// catalog; the database keeps the values. A Store serves analysis.Store and
// analysis.PushdownStore: a table's date range is filtered in SQL and a finer
// series is aggregated to the table's frequency there (GROUP BY the period,
// with the series' own method), so only one row per period crosses the wire.
//
// Every statement is parameterised: ids and dates are arguments; the only
// text spliced into SQL is fixed fragments, the configured table and column
// names quoted as identifiers, and a configured query used as a subquery.
// Statements run in read-only transactions with a statement timeout over a
// bounded pool. The DSN comes from the configuration (refused when it holds
// a password) or from an environment variable the configuration names; no
// secret is written into the bundle, and errors are scrubbed of the DSN's
// password. Routed picks, per series, the bundle or the database.
package obsql

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"
	"time"
)

// Kind is the observation kind of a SQL backend in the build configuration.
const Kind = "sql"

// Defaults for the connection limits.
const (
	DefaultStatementTimeout = 30 * time.Second
	DefaultConnectTimeout   = 10 * time.Second
	DefaultMaxConns         = 4
)

// Sentinel errors.
var (
	// ErrConfig is returned for a backend configuration that cannot be used.
	ErrConfig = errors.New("obsql: bad configuration")
	// ErrUnavailable is returned when the database cannot be reached or
	// refuses a statement; the rest of a session goes on without it.
	ErrUnavailable = errors.New("observations database unavailable")
)

// Columns names the three columns the table or query must have.
type Columns struct {
	Series string `json:"series" yaml:"series"` // text: the id without the namespace ("UNRATE")
	Date   string `json:"date" yaml:"date"`     // date or timestamp
	Value  string `json:"value" yaml:"value"`   // double precision or numeric
}

// Config is one SQL observation backend. It is written into the bundle's
// manifest as is, so it holds no secret: DSN is refused when it carries a
// password (put such a DSN in the variable DSNEnv names).
type Config struct {
	Name      string  `json:"name"`
	Namespace string  `json:"namespace"`         // catalog ids are Namespace + ":" + series
	DSN       string  `json:"dsn,omitempty"`     // without a password
	DSNEnv    string  `json:"dsn_env,omitempty"` // environment variable holding the DSN
	Table     string  `json:"table,omitempty"`   // [schema.]table
	Query     string  `json:"query,omitempty"`   // or a SELECT giving the three columns
	Columns   Columns `json:"columns"`
	// StatementTimeoutMS bounds each statement (0: DefaultStatementTimeout).
	StatementTimeoutMS int `json:"statement_timeout_ms,omitempty"`
	// MaxConns bounds the pool (0: DefaultMaxConns).
	MaxConns int `json:"max_conns,omitempty"`
}

// Check validates the configuration: a name, a namespace, exactly one of
// table and query, the three columns, a DSN or a DSN variable (not both),
// and no password in DSN.
func (c Config) Check() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: sql observations %q: %s", ErrConfig, c.Name, fmt.Sprintf(format, args...))
	}
	switch {
	case c.Name == "":
		return bad("no name")
	case c.Namespace == "" || strings.ContainsAny(c.Namespace, ": \t"):
		return bad("namespace %q: want a catalog source name such as fred", c.Namespace)
	case (c.Table == "") == (c.Query == ""):
		return bad("give exactly one of table and query")
	case c.Columns.Series == "" || c.Columns.Date == "" || c.Columns.Value == "":
		return bad("columns needs series, date and value")
	case (c.DSN == "") == (c.DSNEnv == ""):
		return bad("give exactly one of dsn and dsn_env")
	case c.StatementTimeoutMS < 0 || c.MaxConns < 0:
		return bad("statement_timeout_ms and max_conns must not be negative")
	}
	if c.DSN != "" && HasPassword(c.DSN) {
		return bad("dsn holds a password: the configuration is copied into the bundle; put the DSN in an environment variable and name it in dsn_env")
	}
	if c.Query != "" {
		q := strings.TrimSpace(strings.ToLower(c.Query))
		if !strings.HasPrefix(q, "select") && !strings.HasPrefix(q, "with") {
			return bad("query must be a SELECT")
		}
		if strings.Contains(c.Query, ";") {
			return bad("query must be one statement, without ';'")
		}
	}
	return nil
}

var passwordKey = regexp.MustCompile(`(?i)(^|\s)password\s*=`)

// HasPassword reports whether a DSN (URL or key=value form) carries a
// password.
func HasPassword(dsn string) bool {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			return true // unparsable: do not risk keeping it
		}
		if _, ok := u.User.Password(); ok {
			return true
		}
		return u.Query().Has("password")
	}
	return passwordKey.MatchString(dsn)
}

// ResolveDSN returns the DSN to connect with: DSN, or the value of the
// variable DSNEnv names (an error when it is unset).
func (c Config) ResolveDSN() (string, error) {
	if c.DSN != "" {
		return c.DSN, nil
	}
	v := os.Getenv(c.DSNEnv)
	if v == "" {
		return "", fmt.Errorf("%w: %q: environment variable %s is not set (it should hold the database's DSN)", ErrUnavailable, c.Name, c.DSNEnv)
	}
	return v, nil
}

// Marshal is the configuration as the bundle's manifest records it.
func (c Config) Marshal() (json.RawMessage, error) {
	if c.DSN != "" && HasPassword(c.DSN) {
		return nil, fmt.Errorf("%w: %q: refusing to record a DSN with a password", ErrConfig, c.Name)
	}
	return json.Marshal(c)
}

// Unmarshal reads a configuration the manifest recorded.
func Unmarshal(raw json.RawMessage) (Config, error) {
	var c Config
	if err := json.Unmarshal(raw, &c); err != nil {
		return Config{}, fmt.Errorf("%w: manifest backend: %v", ErrConfig, err)
	}
	return c, c.Check()
}

func (c Config) statementTimeout() time.Duration {
	if c.StatementTimeoutMS > 0 {
		return time.Duration(c.StatementTimeoutMS) * time.Millisecond
	}
	return DefaultStatementTimeout
}

func (c Config) maxConns() int32 {
	if c.MaxConns > 0 {
		return int32(c.MaxConns)
	}
	return DefaultMaxConns
}

package indexer

import (
	"fmt"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/runtime/obsql"
)

// ObservationEntry is one entry of the configuration's observations list: a
// file source (any registered kind: fred-csv, bis, generic, ...) or, with
// kind sql, a database read at query time. The generic reader's keys
// (layout, namespace, format) and the database's (dsn, dsn_env, table,
// query, statement_timeout_ms, max_conns) sit beside kind and name; columns
// maps the series, date and value columns for both.
type ObservationEntry struct {
	catalogsrc.Spec `yaml:",inline"`

	Layout    string `yaml:"layout"`    // generic: long or wide
	Namespace string `yaml:"namespace"` // ids become <namespace>:<id>
	Format    string `yaml:"format"`    // generic: csv, tsv, jsonl or parquet (default: from the extension)

	DSN                string `yaml:"dsn"`     // sql: without a password
	DSNEnv             string `yaml:"dsn_env"` // sql: environment variable holding the DSN
	Table              string `yaml:"table"`   // sql: [schema.]table
	Query              string `yaml:"query"`   // sql: or a SELECT with the three columns
	StatementTimeoutMS int    `yaml:"statement_timeout_ms"`
	MaxConns           int    `yaml:"max_conns"`
}

// addObservations files entry i under Observations (file sources) or SQL.
func (c *Config) addObservations(i int, e ObservationEntry) error {
	s := e.Spec
	if s.Kind == "" {
		return fmt.Errorf("observations[%d] has no kind", i)
	}
	if s.Name == "" {
		s.Name = s.Kind
	}
	if s.Kind == obsql.Kind {
		return c.addSQL(i, e, s)
	}
	if e.DSN != "" || e.DSNEnv != "" || e.Table != "" || e.Query != "" || e.StatementTimeoutMS != 0 || e.MaxConns != 0 {
		return fmt.Errorf("observations[%d] (%s): dsn, dsn_env, table, query, statement_timeout_ms and max_conns are for kind sql", i, s.Name)
	}
	opts := map[string]string{}
	for k, v := range s.Options {
		opts[k] = v
	}
	for key, v := range map[string]string{"layout": e.Layout, "namespace": e.Namespace, "format": e.Format} {
		if v == "" {
			continue
		}
		if old, ok := opts[key]; ok && old != v {
			return fmt.Errorf("observations[%d] (%s): %s %q and options.%s %q disagree", i, s.Name, key, v, key, old)
		}
		opts[key] = v
	}
	s.Options = opts
	c.Observations = append(c.Observations, s)
	return nil
}

func (c *Config) addSQL(i int, e ObservationEntry, s catalogsrc.Spec) error {
	if len(s.Files) > 0 || e.Layout != "" || e.Format != "" {
		return fmt.Errorf("observations[%d] (%s): kind sql reads no files (files, layout and format are for file sources)", i, s.Name)
	}
	for k := range s.Columns {
		switch k {
		case "series", "date", "value":
		default:
			return fmt.Errorf("observations[%d] (%s): columns.%s: kind sql maps only series, date and value", i, s.Name, k)
		}
	}
	ns := e.Namespace
	if ns == "" {
		ns = s.Options["namespace"]
	}
	sc := obsql.Config{
		Name: s.Name, Namespace: ns, DSN: strings.TrimSpace(e.DSN), DSNEnv: strings.TrimSpace(e.DSNEnv),
		Table: strings.TrimSpace(e.Table), Query: strings.TrimSpace(e.Query),
		Columns:            obsql.Columns{Series: s.Columns["series"], Date: s.Columns["date"], Value: s.Columns["value"]},
		StatementTimeoutMS: e.StatementTimeoutMS, MaxConns: e.MaxConns,
	}
	if err := sc.Check(); err != nil {
		return fmt.Errorf("observations[%d]: %w", i, err)
	}
	for _, o := range c.SQL {
		if o.Name == sc.Name || o.Namespace == sc.Namespace {
			return fmt.Errorf("observations[%d] (%s): another sql entry (%s) has the same name or namespace", i, s.Name, o.Name)
		}
	}
	c.SQL = append(c.SQL, sc)
	return nil
}

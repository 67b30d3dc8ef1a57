package main

import (
	"fmt"
	"os"

	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/obsql"
	"github.com/urfave/cli/v2"
)

// sqlLogEnv names the variable that, set to 1, prints every statement sent
// to an observations database on stderr.
const sqlLogEnv = "SEXTANT_SQL_LOG"

// openStore opens the bundle named by -b and the store its observations are
// read from: the bundle's own, and the SQL databases its manifest names for
// the rows the bundle holds no values of. Close the store when done.
func openStore(c *cli.Context) (*catalog.Catalog, *obsql.Routed, error) {
	cat, err := openBundle(c)
	if err != nil {
		return nil, nil, err
	}
	var opts obsql.Options
	if os.Getenv(sqlLogEnv) == "1" {
		errw := c.App.ErrWriter
		if errw == nil {
			errw = os.Stderr
		}
		opts.Logf = func(format string, args ...any) { fmt.Fprintf(errw, format+"\n", args...) }
	}
	store, err := obsql.Route(cat.Bundle, cat, opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", errBadData, err)
	}
	return cat, store, nil
}

var _ obsql.Bundled = (*catalog.Catalog)(nil)

package main

import (
	"fmt"
	"time"

	"github.com/sextant-dev/sextant/runtime/wire"
	"github.com/urfave/cli/v2"
)

// checkDateRange validates --from and --to: each a real calendar date (or
// year, or month), and from not after to.
func checkDateRange(c *cli.Context) error {
	from, err := parseDateFlag(c, "from", wire.ParseFrom)
	if err != nil {
		return err
	}
	to, err := parseDateFlag(c, "to", wire.ParseTo)
	if err != nil {
		return err
	}
	if !from.IsZero() && !to.IsZero() && from.After(to) {
		return usageError("--from %s is after --to %s", c.String("from"), c.String("to"))
	}
	return nil
}

// parseDateFlag reads a date flag with parse, saying what is wrong with a
// date that is shaped right but not on the calendar (2020-13-45).
func parseDateFlag(c *cli.Context, name string, parse func(string) (time.Time, error)) (time.Time, error) {
	v := c.String(name)
	t, err := parse(v)
	if err == nil {
		return t, nil
	}
	var y, m, d int
	if n, _ := fmt.Sscanf(v, "%4d-%2d-%2d", &y, &m, &d); n >= 2 && (m < 1 || m > 12) {
		return t, usageError("--%s %s: there is no month %d", name, v, m)
	} else if n == 3 {
		return t, usageError("--%s %s: %04d-%02d has no day %d", name, v, y, m, d)
	}
	return t, usageError("--%s %q: want YYYY, YYYY-MM or YYYY-MM-DD", name, v)
}

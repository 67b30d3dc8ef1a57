// Command sextant builds catalog bundles offline and answers questions over
// them: search, tables, change points, charts and agent sessions.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
	exitBadData = 3 // --strict build with quarantined rows, or a bundle that fails verification
)

// errUsage marks errors in how the command was called.
var errUsage = errors.New("usage")

// errBadData marks input or bundle damage.
var errBadData = errors.New("bad data")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newApp().RunContext(ctx, os.Args)
	stop()
	os.Exit(exitCode(err))
}

// isMissingFlag recognises urfave/cli's error for a required flag left out,
// which it does not route through OnUsageError.
func isMissingFlag(err error) bool {
	return strings.HasPrefix(err.Error(), "Required flag") || strings.HasPrefix(err.Error(), "Required flags")
}

func exitCode(err error) int {
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errUsage), isMissingFlag(err):
		fmt.Fprintln(os.Stderr, "sextant:", err)
		return exitUsage
	case errors.Is(err, errBadData):
		fmt.Fprintln(os.Stderr, "sextant:", err)
		return exitBadData
	default:
		fmt.Fprintln(os.Stderr, "sextant:", err)
		return exitFailure
	}
}

package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// version is set at link time (-ldflags "-X main.version=...").
var version = "dev"

func newApp() *cli.App {
	return &cli.App{
		Name:    "sextant",
		Usage:   "ask plain-language questions of a large catalog of economic time series, offline",
		Version: version,
		// Each command lives in its own file.
		Commands: []*cli.Command{
			buildCommand(),
			verifyCommand(),
			inspectCommand(),
			packCommand(),
			askCommand(),
			chatCommand(),
			evalCommand(),
			traceCommand(),
			tableCommand(),
			deriveCommand(),
			changepointsCommand(),
			chartCommand(),
			searchCommand(),
			serveCommand(),
		},
		HideHelpCommand: false,
		ExitErrHandler:  func(*cli.Context, error) {}, // main maps errors to exit codes
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return fmt.Errorf("%w: %v", errUsage, err)
		},
	}
}

// usageError reports a bad invocation.
func usageError(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errUsage}, args...)...)
}

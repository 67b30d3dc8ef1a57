package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// version is set at link time (-ldflags "-X main.version=...").
var version = "dev"

func newApp() *sextantApp {
	app := &cli.App{
		Name:    "sextant",
		Usage:   "ask plain-language questions of a large catalog of economic time series, offline",
		Version: version,
		Description: `Flags may come before or after the arguments; "--" ends the flags.
Series ids are catalog ids (fred:UNRATE) or unambiguous native ids (UNRATE),
in any case. Run 'sextant help exit-codes' for the exit codes.`,
		// Each command lives in its own file.
		Commands: []*cli.Command{
			buildCommand(),
			verifyCommand(),
			inspectCommand(),
			packCommand(),
			searchCommand(),
			describeCommand(),
			tableCommand(),
			deriveCommand(),
			changepointsCommand(),
			chartCommand(),
			serveCommand(),
			askCommand(),
			chatCommand(),
			traceCommand(),
			evalCommand(),
			versionCommand(),
			completionCommand(),
			manCommand(),
			helpCommand(),
		},
		Action:         unknownCommand,
		ExitErrHandler: func(*cli.Context, error) {}, // main maps errors to exit codes
		OnUsageError:   flagError,
	}
	decorate("sextant", app.Commands)
	return &sextantApp{App: app}
}

// helpCommand replaces urfave/cli's help: it knows the exit-codes topic and
// suggests a command for a mistyped one.
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Aliases:   []string{"h"},
		Usage:     "show the commands, one command's help, or a topic (exit-codes)",
		ArgsUsage: "[COMMAND [SUBCOMMAND] | exit-codes]",
		HideHelp:  true,
		Action: func(c *cli.Context) error {
			args := c.Args().Slice()
			if len(args) == 0 {
				return cli.ShowAppHelp(c)
			}
			if args[0] == "exit-codes" {
				fmt.Fprintf(c.App.Writer, "sextant exit codes:\n%s\n", exitCodesText)
				return nil
			}
			cmds, where := c.App.Commands, "sextant"
			var cmd *cli.Command
			for _, name := range args {
				if cmd = findCommand(cmds, name); cmd == nil || cmd.Name == "help" {
					return commandNotFound(where, name, cmds)
				}
				cmds, where = cmd.Subcommands, cmd.HelpName
			}
			tmpl := cli.CommandHelpTemplate
			if len(cmd.Subcommands) > 0 {
				tmpl = cli.SubcommandHelpTemplate
			}
			cli.HelpPrinter(c.App.Writer, tmpl, cmd)
			return nil
		},
	}
}

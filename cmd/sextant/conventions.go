package main

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"
)

// sextantApp is the urfave/cli app with the conventions every command
// shares: flags anywhere on the line, one-line errors with a hint instead
// of the whole help, suggestions for mistyped commands and flags.
type sextantApp struct {
	*cli.App
}

// Run runs the app on args (args[0] is the program name).
func (a *sextantApp) Run(args []string) error {
	return a.RunContext(context.Background(), args)
}

// RunContext runs the app on args with flags moved before positional
// arguments (see reorderArgs).
func (a *sextantApp) RunContext(ctx context.Context, args []string) error {
	return a.App.RunContext(ctx, reorderArgs(a.App, args))
}

// requiredFlags remembers the flags marked Required in their definitions:
// decorate clears the mark (urfave/cli prints the whole help when a
// required flag is missing) and checks them itself. Flags are shared by
// several commands and apps, so the set outlives one app.
var requiredFlags sync.Map // cli.Flag → true

// decorate applies the conventions to cmds and their subcommands; parent
// is the command path ("sextant", "sextant trace").
func decorate(parent string, cmds []*cli.Command) {
	for _, cmd := range cmds {
		path := parent + " " + cmd.Name
		if parent != "sextant" { // the app names its own commands, prefixing what is set
			cmd.HelpName = path
		}
		cmd.OnUsageError = flagError
		var required []cli.Flag
		for _, f := range cmd.Flags {
			if clearRequired(f) {
				requiredFlags.Store(f, true)
			}
			if _, ok := requiredFlags.Load(f); ok {
				required = append(required, f)
			}
		}
		if len(required) > 0 {
			before := cmd.Before
			cmd.Before = func(c *cli.Context) error {
				if err := checkRequired(c, required); err != nil {
					return err
				}
				if before != nil {
					return before(c)
				}
				return nil
			}
		}
		switch {
		case cmd.Action != nil:
			action := cmd.Action
			cmd.Action = func(c *cli.Context) error {
				err := action(c)
				if exitCode(err) == exitUsage {
					err = withHint(err, "run '"+c.Command.HelpName+" --help' for its usage")
				}
				return err
			}
		case len(cmd.Subcommands) > 0:
			cmd.Action = unknownSubcommand
		}
		decorate(path, cmd.Subcommands)
	}
}

// clearRequired clears a flag's Required mark and reports whether it was set.
func clearRequired(f cli.Flag) bool {
	mark := func(req *bool, usage *string) bool {
		if !*req {
			return false
		}
		*req = false
		if !strings.Contains(*usage, "(required)") {
			*usage += " (required)"
		}
		return true
	}
	switch f := f.(type) {
	case *cli.StringFlag:
		return mark(&f.Required, &f.Usage)
	case *cli.StringSliceFlag:
		return mark(&f.Required, &f.Usage)
	case *cli.IntFlag:
		return mark(&f.Required, &f.Usage)
	case *cli.Int64Flag:
		return mark(&f.Required, &f.Usage)
	case *cli.Float64Flag:
		return mark(&f.Required, &f.Usage)
	case *cli.BoolFlag:
		return mark(&f.Required, &f.Usage)
	case *cli.PathFlag:
		return mark(&f.Required, &f.Usage)
	case *cli.DurationFlag:
		return mark(&f.Required, &f.Usage)
	}
	return false
}

// checkRequired reports the first required flag not given, by name and
// by the environment variable that can stand for it.
func checkRequired(c *cli.Context, required []cli.Flag) error {
	for _, f := range required {
		name := f.Names()[0]
		if c.IsSet(name) {
			continue
		}
		what := flagSpelling(f)
		if u, ok := f.(interface{ GetUsage() string }); ok {
			what += ", the " + strings.TrimSuffix(u.GetUsage(), " (required)")
		}
		if env, ok := f.(interface{ GetEnvVars() []string }); ok && len(env.GetEnvVars()) > 0 {
			what += " (or set " + env.GetEnvVars()[0] + ")"
		}
		return withHint(usageError("%s needs %s", c.Command.HelpName, what),
			"run '"+c.Command.HelpName+" --help' for its usage")
	}
	return nil
}

// flagSpelling is "--bundle (-b)".
func flagSpelling(f cli.Flag) string {
	names := f.Names()
	s := dashes(names[0])
	if len(names) > 1 {
		s += " (" + dashes(names[1]) + ")"
	}
	return s
}

func dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// flagError turns the flag parser's error into one line naming the flag,
// with a suggestion when a defined flag is close.
func flagError(c *cli.Context, err error, _ bool) error {
	where := "sextant"
	var flags []cli.Flag
	if c.Command != nil && c.Command.Name != "" {
		where, flags = c.Command.HelpName, c.Command.Flags
	} else {
		flags = c.App.Flags
	}
	hint := "run '" + where + " --help' for its flags"
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		var names []string
		for _, f := range flags {
			for _, n := range f.Names() {
				names = append(names, dashes(n))
			}
		}
		line := fmt.Sprintf("unknown flag %s for %s", dashes(strings.TrimLeft(name, "-")), where)
		if s := didYouMean(nearest(dashes(strings.TrimLeft(name, "-")), names, 2)); s != "" {
			line += " (" + s + ")"
		}
		return withHint(usageError("%s", line), hint)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return withHint(usageError("%s needs a value", name), hint)
	}
	return withHint(usageError("%s", msg), hint)
}

// unknownCommand is the app's action: help without arguments, else the
// command is not one of ours.
func unknownCommand(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.ShowAppHelp(c)
	}
	return commandNotFound("sextant", c.Args().First(), c.App.Commands)
}

// unknownSubcommand is the action of a command that only groups others.
func unknownSubcommand(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.ShowSubcommandHelp(c)
	}
	return commandNotFound(c.Command.HelpName, c.Args().First(), c.Command.Subcommands)
}

func commandNotFound(where, name string, cmds []*cli.Command) error {
	var names []string
	for _, cmd := range cmds {
		if !cmd.Hidden {
			names = append(names, cmd.Names()...)
		}
	}
	line := fmt.Sprintf("unknown command %q for %s", name, where)
	if s := didYouMean(nearest(name, names, 3)); s != "" {
		line += " (" + s + ")"
	}
	return withHint(usageError("%s", line), "run '"+where+" --help' for the commands")
}

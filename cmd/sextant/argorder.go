package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// reorderArgs moves a command's flags before its positional arguments, so
// that flags may be written anywhere ("sextant search QUERY -b BUNDLE"):
// urfave/cli, like Go's flag package, stops reading flags at the first
// positional argument. The command (and subcommand) is found from args;
// its flag definitions tell which flags take a value. "--" ends the flags:
// everything after it stays positional. Unknown flags are kept among the
// flags, so the parser reports them.
func reorderArgs(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	i := 1
	for i < len(args) && isFlagArg(args[i]) { // the app's own flags (--help, --version)
		i++
	}
	if i == len(args) {
		return args
	}
	cmd := findCommand(app.Commands, args[i])
	if cmd == nil {
		return args
	}
	i++
	for len(cmd.Subcommands) > 0 {
		j := i
		for j < len(args) && isFlagArg(args[j]) {
			j++
		}
		if j == len(args) {
			return args
		}
		sub := findCommand(cmd.Subcommands, args[j])
		if sub == nil {
			return args
		}
		cmd, i = sub, j+1
	}
	out := append([]string{}, args[:i]...)
	return append(out, splitFlags(cmd.Flags, args[i:])...)
}

// splitFlags returns rest with its flags (and their values) first, then
// the positional arguments, behind "--" when one of them looks like a flag.
func splitFlags(flags []cli.Flag, rest []string) []string {
	var fl, pos []string
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		if a == "--" {
			pos = append(pos, rest[j+1:]...)
			break
		}
		if !isFlagArg(a) {
			pos = append(pos, a)
			continue
		}
		fl = append(fl, a)
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if f := lookupFlag(flags, name); f != nil && !hasValue && takesValue(f) && j+1 < len(rest) {
			j++
			fl = append(fl, rest[j])
		}
	}
	for _, p := range pos {
		if isFlagArg(p) {
			fl = append(fl, "--")
			break
		}
	}
	return append(fl, pos...)
}

// isFlagArg reports whether a looks like a flag: a dash and a name, not a
// lone "-" (standard input or output) and not a negative number.
func isFlagArg(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	c := a[1]
	return !(c >= '0' && c <= '9' || c == '.')
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// lookupFlag finds a flag by any of its names; the help flag is always
// there.
func lookupFlag(flags []cli.Flag, name string) cli.Flag {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	if name == "help" || name == "h" {
		return cli.HelpFlag
	}
	return nil
}

// takesValue reports whether a flag reads the next argument as its value.
func takesValue(f cli.Flag) bool {
	if v, ok := f.(cli.DocGenerationFlag); ok {
		return v.TakesValue()
	}
	_, isBool := f.(*cli.BoolFlag)
	return !isBool
}

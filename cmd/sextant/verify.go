package main

import (
	"fmt"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/urfave/cli/v2"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "check a bundle (directory or archive) against its manifest",
		UsageText: "sextant verify BUNDLE",
		Description: `Checks the manifest, every file's presence, size and SHA-256, files not in
the manifest, row counts and vector shapes. Prints every problem and exits 3
when there is any.`,
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError("verify takes one bundle path")
			}
			path := c.Args().First()
			resolved, err := bundlePath(path)
			if err != nil {
				return err
			}
			problems, err := bundle.Verify(resolved)
			if err != nil {
				return err
			}
			for _, p := range problems {
				fmt.Fprintln(c.App.Writer, p)
			}
			if len(problems) > 0 {
				return fmt.Errorf("%w: %s: %d problems; rebuild the bundle (sextant build) or copy it again", errBadData, path, len(problems))
			}
			fmt.Fprintf(c.App.Writer, "%s: ok\n", path)
			return nil
		},
	}
}

package main

import (
	"fmt"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/urfave/cli/v2"
)

func packCommand() *cli.Command {
	return &cli.Command{
		Name:      "pack",
		Usage:     "write a bundle as one archive file (plus FILE.sha256) to carry to an air-gapped machine",
		UsageText: "sextant pack -o FILE.sxb BUNDLE_DIR",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "archive to write", Required: true},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError("pack takes one bundle directory")
			}
			dir, err := bundlePath(c.Args().First())
			if err != nil {
				return err
			}
			if _, err := bundle.Open(dir, bundle.OpenOptions{}); err != nil {
				return fmt.Errorf("%w: %v", errBadData, err)
			}
			sum, err := bundle.Pack(dir, c.String("out"))
			if err != nil {
				return err
			}
			fmt.Fprintf(c.App.Writer, "%s  %s\n", sum, c.String("out"))
			return nil
		},
	}
}

package main

import (
	"fmt"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/urfave/cli/v2"
)

func packCommand() *cli.Command {
	return &cli.Command{
		Name:  "pack",
		Usage: "write a bundle as one archive file (plus FILE.sha256) to carry to an air-gapped machine",
		UsageText: `sextant pack -o FILE.sxb [--compress zstd [--level 1-4]] [--without-model] BUNDLE_DIR

The archive holds every file of the bundle, and the model it shares with
other bundles when it keeps its model outside (build --shared-model), so
it opens on its own; --without-model leaves that model out, for a machine
that has it (in models/ beside the archive, or from an archive opened
earlier). --compress zstd makes it smaller; every command opens
either kind, and an older sextant opens only uncompressed ones.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "archive to write", Required: true},
			&cli.StringFlag{Name: "compress", Value: "none", Usage: "none, or zstd"},
			&cli.BoolFlag{Name: "without-model", Usage: "leave out the shared model of a bundle built with --shared-model"},
			&cli.IntFlag{Name: "level", Usage: "with --compress zstd: 1 (fastest) to 4 (smallest)", DefaultText: "2"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError("pack takes one bundle directory")
			}
			dir, err := bundlePath(c.Args().First())
			if err != nil {
				return err
			}
			b, err := bundle.Open(dir, bundle.OpenOptions{})
			if err != nil {
				return fmt.Errorf("%w: %v", errBadData, err)
			}
			if c.Bool("without-model") && b.Manifest.SharedModel == nil {
				return withHint(usageError("--without-model: %s keeps its model inside it", dir), "build it with --shared-model to keep the model apart")
			}
			opts := bundle.PackOptions{Level: c.Int("level"), WithoutSharedModel: c.Bool("without-model")}
			switch c.String("compress") {
			case "none", "":
			case "zstd":
				opts.Compress = bundle.CompressZstd
			default:
				return usageError("--compress %q: want none or zstd", c.String("compress"))
			}
			if c.IsSet("level") && (opts.Compress == bundle.CompressNone || opts.Level < 1 || opts.Level > 4) {
				return usageError("--level %d: wants --compress zstd and a level from 1 to 4", opts.Level)
			}
			sum, err := bundle.PackWith(dir, c.String("out"), opts)
			if err != nil {
				return err
			}
			fmt.Fprintf(c.App.Writer, "%s  %s\n", sum, c.String("out"))
			return nil
		},
	}
}

package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/urfave/cli/v2"
)

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:      "version",
		Usage:     "print the version, the bundle format it writes and the Go toolchain",
		UsageText: "sextant version",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("version takes no arguments, got %q", c.Args().Slice())
			}
			commit := ""
			if info, ok := debug.ReadBuildInfo(); ok {
				for _, s := range info.Settings {
					if s.Key == "vcs.revision" && len(s.Value) >= 12 {
						commit = " (commit " + s.Value[:12] + ")"
					}
				}
			}
			fmt.Fprintf(c.App.Writer, "sextant %s%s\nbundle format v%d (readers from v%d on; v%d with a shared model, readers from v%d on)\nreads bundle formats v%d to v%d\n%s %s/%s\n",
				version, commit, bundle.MinReaderVersion, bundle.MinReaderVersion, bundle.SharedModelVersion, bundle.SharedModelVersion,
				bundle.OldestReadable, bundle.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return nil
		},
	}
}

package main

import (
	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/urfave/cli/v2"
)

// bundleFlag is the -b BUNDLE flag shared by runtime commands.
var bundleFlag = &cli.StringFlag{Name: "bundle", Aliases: []string{"b"}, Usage: "bundle directory or packed archive", Required: true, EnvVars: []string{"SEXTANT_BUNDLE"}}

// noVerifyFlag skips checksum verification when opening a bundle.
var noVerifyFlag = &cli.BoolFlag{Name: "no-verify", Usage: "check file sizes only, not checksums, when opening the bundle"}

// openCatalog opens the bundle named by -b.
func openCatalog(c *cli.Context) (*catalog.Catalog, error) {
	return catalog.Open(c.Context, c.String("bundle"), catalog.Options{Bundle: bundle.OpenOptions{SkipChecksums: c.Bool("no-verify")}})
}

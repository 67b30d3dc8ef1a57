package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/urfave/cli/v2"
)

// bundleFlag is the -b BUNDLE flag shared by runtime commands.
var bundleFlag = &cli.StringFlag{Name: "bundle", Aliases: []string{"b"}, Usage: "bundle directory or packed archive", Required: true, EnvVars: []string{"SEXTANT_BUNDLE"}}

// noVerifyFlag skips checksum verification when opening a bundle.
var noVerifyFlag = &cli.BoolFlag{Name: "no-verify", Usage: "check file sizes only, not checksums, when opening the bundle"}

// openCatalog opens the bundle named by -b: a path that does not exist is
// a usage error, a bundle that cannot be read is bad data.
func openCatalog(c *cli.Context) (*catalog.Catalog, error) {
	path, err := bundlePath(c.String("bundle"))
	if err != nil {
		return nil, err
	}
	cat, err := catalog.Open(c.Context, path, catalog.Options{Bundle: bundle.OpenOptions{SkipChecksums: c.Bool("no-verify")}})
	if err != nil {
		return nil, withHint(fmt.Errorf("%w: %v", errBadData, err), "check it with 'sextant verify "+path+"', rebuild or copy it again")
	}
	return cat, nil
}

// bundlePath checks that a bundle path is there (a usage error, with what
// to do, when not) and resolves symbolic links, so that a link such as
// bundles/current -> bundles/2026-12-01 opens as its target does.
func bundlePath(path string) (string, error) {
	if path == "" {
		return "", withHint(usageError("no bundle given"), "name one with -b BUNDLE or SEXTANT_BUNDLE")
	}
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", withHint(usageError("bundle %s does not exist", path), "build one with 'sextant build -c CONFIG.yaml -o DIR', or check the path")
		}
		return "", usageError("bundle %s: %v", path, err)
	}
	resolved, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", usageError("bundle %s: %v", path, err)
	}
	return resolved, nil
}

package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// Output files are created with these modes and the umask applied, as
// other tools' files are: os.CreateTemp's 0600 would hide a table from the
// colleagues the umask shares it with.
const (
	fileMode = 0o666
	dirMode  = 0o777
)

// createTemp creates a new file in dir named by pattern (its last "*"
// replaced by a random string), with fileMode less the umask.
func createTemp(dir, pattern string) (*os.File, error) {
	prefix, suffix := pattern, ""
	if i := strings.LastIndex(pattern, "*"); i >= 0 {
		prefix, suffix = pattern[:i], pattern[i+1:]
	}
	for range 10000 {
		name := filepath.Join(dir, fmt.Sprintf("%s%08x%s", prefix, rand.Uint32(), suffix))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("create a temporary file in %s: too many names taken", dir)
}

// writeAtomic writes path through a temporary file in the same directory,
// so a failed write leaves no partial file and an earlier file stays whole.
func writeAtomic(path string, write func(io.Writer) error) error {
	tmp, err := createTemp(filepath.Dir(path), ".sextant-*"+filepath.Ext(path))
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// writeOutput writes to stdout when path is "-", else atomically to path.
func writeOutput(stdout io.Writer, path string, write func(io.Writer) error) error {
	if path == "-" {
		return write(stdout)
	}
	return writeAtomic(path, write)
}

// refuseOverwrite is a usage error when path exists and force is not set.
func refuseOverwrite(path, flag string, force bool) error {
	if force {
		return nil
	}
	if _, err := os.Lstat(path); err == nil {
		return usageError("%s %s already exists; choose another file or add --force to overwrite it", flag, path)
	}
	return nil
}

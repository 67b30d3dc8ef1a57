//go:build !linux

package indexer

import (
	"errors"
	"os"
	"syscall"
)

// errExchangeUnsupported says the platform cannot swap two paths atomically.
var errExchangeUnsupported = errors.New("atomic exchange not supported")

// exchangeDirs is Linux-only; elsewhere publishing uses two renames.
func exchangeDirs(a, b string) error { return errExchangeUnsupported }

func renameNoReplace(a, b string) error { return os.Rename(a, b) }

// processAlive reports whether pid names a running process.
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return p.Signal(syscall.Signal(0)) == nil
}

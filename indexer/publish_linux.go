package indexer

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// errExchangeUnsupported says the filesystem cannot swap two paths atomically.
var errExchangeUnsupported = errors.New("atomic exchange not supported")

// exchangeDirs swaps a and b in one step (renameat2 RENAME_EXCHANGE, Linux
// 3.15+; ext4, xfs, btrfs, tmpfs and overlayfs have it). Filesystems that
// lack it (EINVAL; some network and FUSE filesystems) give
// errExchangeUnsupported, and the caller falls back to two renames.
func exchangeDirs(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.ENOTSUP) {
		return errExchangeUnsupported
	}
	if err != nil {
		return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
	}
	return nil
}

// renameNoReplace renames a to b, failing if b appeared meanwhile.
func renameNoReplace(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_NOREPLACE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.ENOTSUP) {
		return os.Rename(a, b)
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: a, New: b, Err: err}
	}
	return nil
}

// processAlive reports whether pid names a running process.
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := unix.Kill(pid, 0)
	return err == nil || errors.Is(err, unix.EPERM)
}

//go:build unix

package embed

import (
	"os"

	"golang.org/x/sys/unix"
)

// mappedFile is a file mapped read-only (read into memory where mapping is
// unavailable).
type mappedFile struct {
	data   []byte
	mapped bool
}

func mapFile(path string) (*mappedFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() == 0 {
		return &mappedFile{}, nil
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(st.Size()), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	return &mappedFile{data: data, mapped: true}, nil
}

func (m *mappedFile) close() error {
	if !m.mapped {
		return nil
	}
	m.mapped = false
	return unix.Munmap(m.data)
}

//go:build !unix

package embed

import "os"

// mappedFile is a file read into memory (mapping is not used here).
type mappedFile struct{ data []byte }

func mapFile(path string) (*mappedFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &mappedFile{data: data}, nil
}

func (m *mappedFile) close() error { return nil }

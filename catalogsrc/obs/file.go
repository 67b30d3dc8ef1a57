package obs

import (
	"fmt"
	"io"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// File is an observation reader's one input file (files.file) with the
// text encoding (options.encoding) and id namespace (options.namespace)
// its spec asks for. Readers embed it for Name, Files and ReadText.
type File struct {
	Path, Encoding, Namespace string
}

// NewFile reads files.file, options.encoding (defaultEncoding when unset)
// and options.namespace (defaultNamespace when unset) from spec. A
// missing file or an unknown encoding is an error wrapping
// catalogsrc.ErrBadSpec.
func NewFile(spec catalogsrc.Spec, defaultEncoding, defaultNamespace string) (File, error) {
	path, err := spec.RequireFile("file")
	if err != nil {
		return File{}, err
	}
	enc := spec.Options["encoding"]
	if enc == "" {
		enc = defaultEncoding
	}
	if _, err := NewDecoder(enc); err != nil {
		return File{}, fmt.Errorf("source %q: %w", spec.Name, err)
	}
	return File{Path: path, Encoding: enc, Namespace: Namespace(spec, defaultNamespace)}, nil
}

// Name implements catalogsrc.ObservationSource (and catalogsrc.Source).
func (f File) Name() string { return f.Namespace }

// Files implements catalogsrc.ObservationSource (and catalogsrc.Source).
func (f File) Files() []string { return []string{f.Path} }

// ReadText opens the file, decodes it to UTF-8 and calls read with the
// text and the file's path (for positions), closing the file after.
func (f File) ReadText(read func(text io.Reader, path string) error) error {
	in, err := Open(f.Path, f.Encoding)
	if err != nil {
		return err
	}
	defer in.Close()
	return read(in, f.Path)
}

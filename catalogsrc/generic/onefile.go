package generic

import "github.com/sextant-dev/sextant/catalogsrc"

// OneFile is the namespace and input file of a catalog source that reads
// one file. Readers embed it for Name and Files.
type OneFile struct {
	Namespace, Path string
}

// NewOneFile takes the namespace and the file of role from spec; a
// missing file is an error wrapping catalogsrc.ErrBadSpec.
func NewOneFile(spec catalogsrc.Spec, role string) (OneFile, error) {
	path, err := spec.RequireFile(role)
	if err != nil {
		return OneFile{}, err
	}
	return OneFile{Namespace: spec.Name, Path: path}, nil
}

// Name implements catalogsrc.Source.
func (o OneFile) Name() string { return o.Namespace }

// Files implements catalogsrc.Source.
func (o OneFile) Files() []string { return []string{o.Path} }

package catalogsrc

import (
	"fmt"
	"sort"
	"sync"
)

// Spec is one source entry of the build configuration, as written by a person.
type Spec struct {
	Kind    string            `yaml:"kind"`    // registered kind: evds, fred, weo, ifs, wdi, eurostat, bis, generic, ...
	Name    string            `yaml:"name"`    // namespace; defaults to Kind
	Files   map[string]string `yaml:"files"`   // role -> path (already resolved against the config's base directory)
	Options map[string]string `yaml:"options"` // kind-specific options
	Columns map[string]string `yaml:"columns"` // generic sources: record field -> input column
}

// Factory builds a Source from its spec.
type Factory func(spec Spec) (Source, error)

// ObservationFactory builds an ObservationSource from its spec.
type ObservationFactory func(spec Spec) (ObservationSource, error)

var (
	mu           sync.RWMutex
	factories    = map[string]Factory{}
	obsFactories = map[string]ObservationFactory{}
)

// Register makes a catalog source kind available to Open. Sub-packages call it from init.
func Register(kind string, f Factory) {
	mu.Lock()
	defer mu.Unlock()
	factories[kind] = f
}

// RegisterObservations makes an observation source kind available to OpenObservations.
func RegisterObservations(kind string, f ObservationFactory) {
	mu.Lock()
	defer mu.Unlock()
	obsFactories[kind] = f
}

// Open builds the catalog source a spec names. Every record it reads is
// checked for damage (a label too long, a wrong or invalid encoding) and
// rejected with its position when damaged.
func Open(spec Spec) (Source, error) {
	mu.RLock()
	f, ok := factories[spec.Kind]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("%w %q (known: %v)", ErrUnknownKind, spec.Kind, Kinds())
	}
	if spec.Name == "" {
		spec.Name = spec.Kind
	}
	src, err := f(spec)
	if err != nil {
		return nil, err
	}
	return checked{src}, nil
}

// OpenObservations builds the observation source a spec names.
func OpenObservations(spec Spec) (ObservationSource, error) {
	mu.RLock()
	f, ok := obsFactories[spec.Kind]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("%w %q for observations (known: %v)", ErrUnknownKind, spec.Kind, ObservationKinds())
	}
	if spec.Name == "" {
		spec.Name = spec.Kind
	}
	return f(spec)
}

// Kinds lists registered catalog source kinds.
func Kinds() []string {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]string, 0, len(factories))
	for k := range factories {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ObservationKinds lists registered observation source kinds.
func ObservationKinds() []string {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]string, 0, len(obsFactories))
	for k := range obsFactories {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// RequireFile returns spec.Files[role] or an ErrBadSpec error naming the role.
func (s Spec) RequireFile(role string) (string, error) {
	p := s.Files[role]
	if p == "" {
		return "", fmt.Errorf("%w: source %q (kind %s) needs files.%s", ErrBadSpec, s.Name, s.Kind, role)
	}
	return p, nil
}

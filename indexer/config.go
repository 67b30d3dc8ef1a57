// Package indexer is the offline build pipeline: it reads the sources a
// configuration names, normalises and de-duplicates their rows, derives the
// heading hierarchy, links observations, builds the text index and the
// embeddings, and writes a bundle (see package bundle) atomically.
package indexer

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/runtime/obsql"
	"gopkg.in/yaml.v3"
)

// Sentinel errors.
var (
	// ErrConfig is returned for an unreadable or invalid configuration.
	ErrConfig = errors.New("indexer: bad configuration")
	// ErrSource is returned when a source cannot be read at all.
	ErrSource = errors.New("indexer: source failed")
	// ErrQuarantine is returned by a --strict build that rejected rows.
	ErrQuarantine = errors.New("indexer: rows quarantined in strict mode")
	// ErrRowDrop is returned by a --strict build in which a source lost
	// more of its rows against the previous bundle than max_row_drop allows.
	ErrRowDrop = errors.New("indexer: source lost rows in strict mode")
)

// Config is the human-written build configuration (YAML).
type Config struct {
	// BaseDir is where relative paths resolve; a relative BaseDir is itself
	// relative to the config file's directory, an absolute one is used as is.
	BaseDir      string            `yaml:"base_dir"`
	Sources      []catalogsrc.Spec `yaml:"sources"`
	Observations []catalogsrc.Spec `yaml:"-"` // file sources, from the observations entries
	// SQL are the observations entries of kind sql: databases read at query
	// time, asked at build time which catalog rows they hold.
	SQL       []obsql.Config  `yaml:"-"`
	Embedding EmbeddingConfig `yaml:"embedding"`
	// MaxRowDrop is the share of a source's rows (0-1) it may lose against
	// the previous bundle before the build says so loudly (and a --strict
	// build fails); unset means DefaultMaxRowDrop, 1 turns the check off.
	MaxRowDrop *float64 `yaml:"max_row_drop"`

	path string // the file it came from
}

// DefaultMaxRowDrop is the share of its rows a source may lose between two
// builds unremarked. Real catalogs change by far less between releases
// (FRED's release list, 303,652 rows, moves by well under 1 % a month); a
// file cut short or a source gone header-only loses far more.
const DefaultMaxRowDrop = 0.10

// RowDropLimit is MaxRowDrop or its default.
func (c *Config) RowDropLimit() float64 {
	if c.MaxRowDrop == nil {
		return DefaultMaxRowDrop
	}
	return *c.MaxRowDrop
}

// EmbeddingConfig chooses the embedding model.
type EmbeddingConfig struct {
	// Model is a hugot feature-extraction model directory; "none" disables
	// embeddings; empty means the default model at .cache/model-default
	// under BaseDir (built by `make model`).
	Model string `yaml:"model"`
	// Shared keeps the model outside the bundle, once in models/<sha256>/
	// beside it, for every bundle built there with the same model
	// (bundle.Writer.ShareModel).
	Shared bool `yaml:"shared"`
}

// DefaultModelDir is where `make model` puts the default embedding model, relative to the base dir.
const DefaultModelDir = ".cache/model-default"

// LoadConfig reads a configuration file and resolves its paths.
func LoadConfig(path string) (*Config, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	var file struct {
		Config       `yaml:",inline"`
		Observations []ObservationEntry `yaml:"observations"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&file); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrConfig, path, err)
	}
	cfg := file.Config
	cfg.path = path
	base := cfg.BaseDir
	if !filepath.IsAbs(base) {
		base = filepath.Join(filepath.Dir(path), base)
	}
	cfg.BaseDir = base
	if d := cfg.MaxRowDrop; d != nil && (math.IsNaN(*d) || *d < 0 || *d > 1) {
		return nil, fmt.Errorf("%w: %s: max_row_drop %v: want a share between 0 and 1 (0.1 is 10 %%)", ErrConfig, path, *d)
	}
	if len(cfg.Sources) == 0 {
		return nil, fmt.Errorf("%w: %s: no sources", ErrConfig, path)
	}
	names := map[string]bool{}
	for i := range cfg.Sources {
		s := &cfg.Sources[i]
		if s.Kind == "" {
			return nil, fmt.Errorf("%w: %s: sources[%d] has no kind", ErrConfig, path, i)
		}
		if s.Name == "" {
			s.Name = s.Kind
		}
		if names[s.Name] {
			return nil, fmt.Errorf("%w: %s: sources[%d]: name %q used twice", ErrConfig, path, i, s.Name)
		}
		names[s.Name] = true
		resolveFiles(base, s)
	}
	for i, e := range file.Observations {
		if err := cfg.addObservations(i, e); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrConfig, path, err)
		}
	}
	for i := range cfg.Observations {
		resolveFiles(base, &cfg.Observations[i])
	}
	switch cfg.Embedding.Model {
	case "none":
	case "":
		cfg.Embedding.Model = filepath.Join(base, DefaultModelDir)
	default:
		if !filepath.IsAbs(cfg.Embedding.Model) {
			cfg.Embedding.Model = filepath.Join(base, cfg.Embedding.Model)
		}
	}
	return &cfg, nil
}

// Path is the file the configuration was read from.
func (c *Config) Path() string { return c.path }

func resolveFiles(base string, s *catalogsrc.Spec) {
	files := make(map[string]string, len(s.Files))
	for role, p := range s.Files {
		if p != "" && !filepath.IsAbs(p) {
			p = filepath.Join(base, p)
		}
		files[role] = p
	}
	s.Files = files
}

// Package obs holds what the observation readers under catalogsrc/obs share:
// period parsing and normalisation to period-start dates, frequency inference
// from date spacing, strict value parsing, a series builder that sorts points
// and rejects duplicate dates, file opening with text decoding, the one-file
// spec readers embed (File) and the record loop (CSV.Each, Row.Reject). Each
// sub-package reads one kind of file and registers itself with
// catalogsrc.RegisterObservations; package all imports them all.
package obs

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// Rejecter receives row-level problems (both catalogsrc sinks satisfy it).
type Rejecter interface {
	Reject(catalogsrc.Problem)
}

// MaxRaw is how many bytes of an offending row a Problem keeps.
const MaxRaw = 300

// Raw joins a record's fields with sep and truncates the text to MaxRaw bytes
// (on a rune boundary), for Problem.Raw.
func Raw(fields []string, sep string) string {
	return Truncate(strings.Join(fields, sep))
}

// Truncate cuts s to at most MaxRaw bytes without splitting a UTF-8 sequence.
func Truncate(s string) string {
	if len(s) <= MaxRaw {
		return s
	}
	cut := MaxRaw
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// Open opens path and decodes it with the named encoding (see NewDecoder).
// Failures wrap catalogsrc.ErrUnreadable and name the file.
func Open(path, encoding string) (io.ReadCloser, error) {
	dec, err := NewDecoder(encoding)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", catalogsrc.ErrUnreadable, path, err)
	}
	return readCloser{Reader: dec(f), Closer: f}, nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

// Unreadable wraps a whole-file failure (an I/O error, a missing column) so
// that it names the file and matches catalogsrc.ErrUnreadable.
func Unreadable(file string, err error) error {
	return fmt.Errorf("%w: %s: %w", catalogsrc.ErrUnreadable, file, err)
}

// Namespace returns the id prefix a spec asks for with option "namespace",
// or def.
func Namespace(spec catalogsrc.Spec, def string) string {
	if ns := strings.TrimSpace(spec.Options["namespace"]); ns != "" {
		return ns
	}
	return def
}

// CheckEvery is how many rows a reader processes between ctx checks.
const CheckEvery = 4096

// Canceled reports ctx's error every CheckEvery-th call count (and on 0).
func Canceled(ctx context.Context, count int) error {
	if count%CheckEvery != 0 {
		return nil
	}
	return ctx.Err()
}

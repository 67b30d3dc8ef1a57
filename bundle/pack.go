package bundle

import (
	"archive/tar"
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// An archive is a POSIX tar stream of the bundle directory with
// manifest.json as its first entry, followed by the other files in manifest
// order, then the files of a shared model as models/<sha256>/FILE (an
// archive is self-contained), optionally compressed as one zstd stream (PackOptions.Compress;
// readers tell by the stream's magic number). Beside it, ARCHIVE.sha256
// holds the SHA-256 of the archive as written, in sha256sum format; readers
// check it before unpacking.

// ChecksumSuffix names the checksum file written beside an archive.
const ChecksumSuffix = ".sha256"

// Compression choices for PackOptions.Compress.
const (
	CompressNone = ""
	CompressZstd = "zstd"
)

// zstdMagic starts every zstd frame (RFC 8878).
var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// PackOptions tune Pack.
type PackOptions struct {
	// Compress is CompressNone (a plain tar) or CompressZstd.
	Compress string
	// WithoutSharedModel leaves a shared model out of the archive: for
	// archives carried to a machine that has the model already, beside
	// the archive or from an earlier archive (see Unpack).
	WithoutSharedModel bool
	// Level is the zstd encoder level, 1 (fastest) to 4 (smallest); 0 is
	// the library's default, 2.
	Level int
}

// Pack writes the bundle at dir as a single uncompressed archive at out;
// see PackWith.
func Pack(dir, out string) (string, error) { return PackWith(dir, out, PackOptions{}) }

// PackWith writes the bundle at dir as a single archive file at out (via a
// temporary file and rename) plus out.sha256. It returns the archive's
// SHA-256.
func PackWith(dir, out string, opts PackOptions) (string, error) {
	var level zstd.EncoderLevel
	switch {
	case opts.Compress != CompressNone && opts.Compress != CompressZstd:
		return "", fmt.Errorf("bundle: pack: unknown compression %q (want zstd or none)", opts.Compress)
	case opts.Level < 0 || opts.Level > 4:
		return "", fmt.Errorf("bundle: pack: zstd level %d (want 1 to 4)", opts.Level)
	case opts.Level == 0:
		level = zstd.SpeedDefault
	default:
		level = zstd.EncoderLevel(opts.Level)
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real // a shared model is beside the bundle, not the link
	}
	m, err := ReadManifest(dir)
	if err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".tmp-")
	if err != nil {
		return "", fmt.Errorf("bundle: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o644); err != nil { // CreateTemp makes it 0600
		tmp.Close()
		return "", fmt.Errorf("bundle: %w", err)
	}
	h := sha256.New()
	bw := bufio.NewWriterSize(io.MultiWriter(tmp, h), 1<<20)
	var sink io.Writer = bw
	var zw *zstd.Encoder
	if opts.Compress == CompressZstd {
		if zw, err = zstd.NewWriter(bw, zstd.WithEncoderLevel(level)); err != nil {
			tmp.Close()
			return "", fmt.Errorf("bundle: pack: %w", err)
		}
		sink = zw
	}
	tw := tar.NewWriter(sink)
	names := append([]string{ManifestFile}, func() []string {
		var s []string
		for _, f := range m.Files {
			s = append(s, f.Path)
		}
		return s
	}()...)
	for _, name := range names {
		if err := addTarFile(tw, dir, name, name); err != nil {
			tmp.Close()
			return "", err
		}
	}
	if opts.WithoutSharedModel && m.SharedModel == nil {
		return "", fmt.Errorf("bundle: pack: %s keeps its model inside it; only a shared model can be left out", dir)
	}
	if sm := m.SharedModel; sm != nil && !opts.WithoutSharedModel {
		if problems := checkSharedModel(dir, sm, false); len(problems) > 0 {
			tmp.Close()
			return "", fmt.Errorf("bundle: pack: %s", problems[0])
		}
		modelDir := SharedModelDir(dir, sm.SHA256)
		for _, f := range sm.Files {
			if err := addTarFile(tw, modelDir, f.Path, sharedEntry(sm, f.Path)); err != nil {
				tmp.Close()
				return "", err
			}
		}
	}
	if err := tw.Close(); err != nil {
		tmp.Close()
		return "", fmt.Errorf("bundle: pack: %w", err)
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			tmp.Close()
			return "", fmt.Errorf("bundle: pack: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return "", fmt.Errorf("bundle: pack: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return "", fmt.Errorf("bundle: pack: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return "", fmt.Errorf("bundle: pack: %w", err)
	}
	sum := hex.EncodeToString(h.Sum(nil))
	if err := os.Rename(tmp.Name(), out); err != nil {
		return "", fmt.Errorf("bundle: pack: %w", err)
	}
	line := sum + "  " + filepath.Base(out) + "\n"
	if err := writeFileSync(out+ChecksumSuffix, []byte(line)); err != nil {
		return "", err
	}
	return sum, nil
}

// sharedEntry is the archive entry of a shared model's file.
func sharedEntry(sm *SharedModel, path string) string {
	return SharedModelsDir + "/" + sm.SHA256 + "/" + path
}

// addTarFile adds dir/name to the archive as entry.
func addTarFile(tw *tar.Writer, dir, name, entry string) error {
	p := filepath.Join(dir, filepath.FromSlash(name))
	f, err := os.Open(p)
	if err != nil {
		return fmt.Errorf("bundle: pack %s: %w", name, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("bundle: pack %s: %w", name, err)
	}
	hdr := &tar.Header{Name: entry, Mode: 0o644, Size: st.Size(), ModTime: st.ModTime().UTC(), Format: tar.FormatPAX}
	if err := tw.WriteHeader(hdr); err != nil {
		return fmt.Errorf("bundle: pack %s: %w", name, err)
	}
	if _, err := io.Copy(tw, f); err != nil {
		return fmt.Errorf("bundle: pack %s: %w", name, err)
	}
	return nil
}

// ArchiveChecksum checks archive against archive.sha256 when that file
// exists and returns the archive's SHA-256.
func ArchiveChecksum(archive string) (string, error) {
	got, err := HashFile(archive)
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(archive + ChecksumSuffix)
	if err != nil {
		if os.IsNotExist(err) {
			return got.SHA256, nil
		}
		return "", fmt.Errorf("bundle: %w", err)
	}
	want, _, _ := strings.Cut(strings.TrimSpace(string(b)), " ")
	if want != got.SHA256 {
		return "", fmt.Errorf("%w: %s has sha256 %s, %s says %s: the copy is damaged, copy it again", ErrArchiveChecksum, archive, got.SHA256[:12], archive+ChecksumSuffix, want[:min(12, len(want))])
	}
	return got.SHA256, nil
}

// Unpack extracts an archive into dir (which must be empty or absent),
// checking the archive checksum first. A shared model the archive carries
// goes where the bundle will look for it, SharedModelsDir/<sha256>/ beside
// dir, unless a copy is there already (Open checks that copy). One it
// does not carry (PackOptions.WithoutSharedModel) must be there already,
// or beside the archive, whence it is copied after its checksums are
// checked.
func Unpack(archive, dir string) error {
	if _, err := ArchiveChecksum(archive); err != nil {
		return err
	}
	f, err := os.Open(archive)
	if err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	var stream io.Reader = br
	if head, _ := br.Peek(len(zstdMagic)); bytes.Equal(head, zstdMagic) {
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true))
		if err != nil {
			return fmt.Errorf("bundle: unpack %s: %w", archive, err)
		}
		defer zr.Close()
		stream = zr
	}
	tr := tar.NewReader(stream)
	first := true
	var shared *SharedModel
	var modelTmp string
	defer func() {
		if modelTmp != "" {
			os.RemoveAll(modelTmp)
		}
	}()
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%w: %s: %v", ErrNotBundle, archive, err)
		}
		name := filepath.ToSlash(filepath.Clean(hdr.Name))
		if first && name != ManifestFile {
			return fmt.Errorf("%w: %s does not start with %s", ErrNotBundle, archive, ManifestFile)
		}
		first = false
		if strings.HasPrefix(name, "/") || strings.HasPrefix(name, "../") || name == ".." || hdr.Typeflag != tar.TypeReg {
			return fmt.Errorf("%w: %s: bad entry %q", ErrNotBundle, archive, hdr.Name)
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if shared != nil && strings.HasPrefix(name, sharedEntry(shared, "")) {
			if modelTmp == "" {
				models := filepath.Dir(SharedModelDir(dir, shared.SHA256))
				if err := os.MkdirAll(models, 0o755); err != nil {
					return fmt.Errorf("bundle: %w", err)
				}
				if modelTmp, err = os.MkdirTemp(models, ".tmp-"); err != nil {
					return fmt.Errorf("bundle: %w", err)
				}
				if err := os.Chmod(modelTmp, 0o755); err != nil {
					return fmt.Errorf("bundle: %w", err)
				}
			}
			dst = filepath.Join(modelTmp, filepath.FromSlash(strings.TrimPrefix(name, sharedEntry(shared, ""))))
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return fmt.Errorf("bundle: %w", err)
		}
		out, err := os.Create(dst)
		if err != nil {
			return fmt.Errorf("bundle: %w", err)
		}
		if _, err := io.Copy(out, tr); err != nil {
			out.Close()
			return fmt.Errorf("bundle: unpack %s: %w", name, err)
		}
		if err := out.Close(); err != nil {
			return fmt.Errorf("bundle: %w", err)
		}
		if name == ManifestFile {
			if m, err := ReadManifest(dir); err == nil {
				shared = m.SharedModel
			}
		}
	}
	if first {
		return fmt.Errorf("%w: %s is empty", ErrNotBundle, archive)
	}
	if shared == nil {
		return nil
	}
	target := SharedModelDir(dir, shared.SHA256)
	if _, err := os.Stat(target); err == nil {
		return nil // another bundle's copy; Open checks it
	}
	if modelTmp == "" {
		return installFromBeside(archive, target, shared)
	}
	if problems := check(modelTmp, shared.filesManifest(), true); len(problems) > 0 {
		return fmt.Errorf("%w: %s: the shared model it carries: %s", ErrNotBundle, archive, problems[0])
	}
	if err := os.Rename(modelTmp, target); err != nil {
		if _, serr := os.Stat(target); serr == nil {
			return nil // unpacked by another process meanwhile
		}
		return fmt.Errorf("bundle: %w", err)
	}
	modelTmp = ""
	return nil
}

// installFromBeside installs the shared model an archive does not carry
// from SharedModelsDir/<sha256>/ beside the archive.
func installFromBeside(archive, target string, sm *SharedModel) error {
	src := SharedModelDir(archive, sm.SHA256)
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("%w %s/%s: %s was packed without it, and it is neither in %s nor beside the archive; copy that directory beside the archive, or open an archive that carries it first", ErrSharedModel, SharedModelsDir, sm.SHA256, archive, filepath.Dir(target))
	}
	if problems := check(src, sm.filesManifest(), true); len(problems) > 0 {
		return fmt.Errorf("%w %s/%s: %w (%d problems): copy it again", ErrSharedModel, src, problems[0].Path, problems[0].Err, len(problems))
	}
	return installModel(src, target, sm.Files)
}

// unpackCached unpacks an archive once into a cache directory keyed by its
// checksum and returns that directory.
func unpackCached(archive, cacheDir string) (string, error) {
	sum, err := ArchiveChecksum(archive)
	if err != nil {
		return "", err
	}
	if cacheDir == "" {
		if cacheDir, err = os.UserCacheDir(); err != nil {
			cacheDir = os.TempDir()
		}
		cacheDir = filepath.Join(cacheDir, "sextant", "bundles")
	}
	dest := filepath.Join(cacheDir, sum[:32])
	if _, err := os.Stat(filepath.Join(dest, ManifestFile)); err == nil {
		return dest, nil
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", fmt.Errorf("bundle: %w", err)
	}
	tmp, err := os.MkdirTemp(cacheDir, ".unpack-")
	if err != nil {
		return "", fmt.Errorf("bundle: %w", err)
	}
	if err := Unpack(archive, tmp); err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	if err := os.Rename(tmp, dest); err != nil {
		os.RemoveAll(tmp)
		if _, serr := os.Stat(filepath.Join(dest, ManifestFile)); serr == nil {
			return dest, nil // another process won the race
		}
		return "", fmt.Errorf("bundle: %w", err)
	}
	return dest, nil
}

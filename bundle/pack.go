package bundle

import (
	"archive/tar"
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// An archive is a POSIX tar stream of the bundle directory with
// manifest.json as its first entry, followed by the other files in manifest
// order. Beside it, ARCHIVE.sha256 holds its SHA-256 in sha256sum format;
// readers check it before unpacking.

// ChecksumSuffix names the checksum file written beside an archive.
const ChecksumSuffix = ".sha256"

// Pack writes the bundle at dir as a single archive file at out (via a
// temporary file and rename) plus out.sha256. It returns the archive's SHA-256.
func Pack(dir, out string) (string, error) {
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
	tw := tar.NewWriter(bw)
	names := append([]string{ManifestFile}, func() []string {
		var s []string
		for _, f := range m.Files {
			s = append(s, f.Path)
		}
		return s
	}()...)
	for _, name := range names {
		if err := addTarFile(tw, dir, name); err != nil {
			tmp.Close()
			return "", err
		}
	}
	if err := tw.Close(); err != nil {
		tmp.Close()
		return "", fmt.Errorf("bundle: pack: %w", err)
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

func addTarFile(tw *tar.Writer, dir, name string) error {
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
	hdr := &tar.Header{Name: name, Mode: 0o644, Size: st.Size(), ModTime: st.ModTime().UTC(), Format: tar.FormatPAX}
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
// checking the archive checksum first.
func Unpack(archive, dir string) error {
	if _, err := ArchiveChecksum(archive); err != nil {
		return err
	}
	f, err := os.Open(archive)
	if err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	defer f.Close()
	tr := tar.NewReader(bufio.NewReaderSize(f, 1<<20))
	first := true
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
	}
	if first {
		return fmt.Errorf("%w: %s is empty", ErrNotBundle, archive)
	}
	return nil
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

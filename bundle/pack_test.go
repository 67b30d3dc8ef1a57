package bundle

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// sameTree fails unless the files under a and b are the same, byte for byte.
func sameTree(t *testing.T, a, b string) {
	t.Helper()
	fa, err := hashTree(a)
	if err != nil {
		t.Fatal(err)
	}
	fb, err := hashTree(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(fa) != len(fb) {
		t.Fatalf("%d files unpacked, %d packed", len(fb), len(fa))
	}
	for i := range fa {
		if fa[i] != fb[i] {
			t.Errorf("%s unpacked as %+v", fa[i].Path, fb[i])
		}
	}
}

func TestZstdPackUnpacksToTheSameFiles(t *testing.T) {
	tmp := t.TempDir()
	dest := filepath.Join(tmp, "b")
	buildSample(t, dest)
	plain, packed := filepath.Join(tmp, "plain.sxb"), filepath.Join(tmp, "z.sxb")
	if _, err := Pack(dest, plain); err != nil {
		t.Fatal(err)
	}
	sum, err := PackWith(dest, packed, PackOptions{Compress: CompressZstd})
	if err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 4)
	f, err := os.Open(packed)
	if err != nil {
		t.Fatal(err)
	}
	f.Read(head)
	f.Close()
	if !bytes.Equal(head, zstdMagic) {
		t.Fatalf("archive starts %x, not a zstd frame", head)
	}
	ps, _ := os.Stat(plain)
	zs, _ := os.Stat(packed)
	if zs.Size() >= ps.Size() {
		t.Errorf("zstd archive %d bytes, plain %d: nothing gained", zs.Size(), ps.Size())
	}
	if got, err := ArchiveChecksum(packed); err != nil || got != sum {
		t.Fatalf("checksum %s %v, pack said %s", got, err, sum)
	}
	out := filepath.Join(tmp, "unpacked")
	if err := Unpack(packed, out); err != nil {
		t.Fatal(err)
	}
	sameTree(t, dest, out)
	b, err := Open(packed, OpenOptions{CacheDir: filepath.Join(tmp, "cache")})
	if err != nil {
		t.Fatal(err)
	}
	if b.Manifest.Counts.Series != 2 {
		t.Fatalf("counts %+v", b.Manifest.Counts)
	}
	if problems, err := Verify(packed); err != nil || len(problems) != 0 {
		t.Fatalf("verify: %v %v", problems, err)
	}
}

// A zstd archive damaged after its checksum file was rewritten to match
// (a copy that was "repaired" by hand) is refused while unpacking, not
// unpacked into a half bundle.
func TestDamagedZstdArchiveIsRefused(t *testing.T) {
	tmp := t.TempDir()
	dest := filepath.Join(tmp, "b")
	buildSample(t, dest)
	packed := filepath.Join(tmp, "z.sxb")
	if _, err := PackWith(dest, packed, PackOptions{Compress: CompressZstd, Level: 1}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(packed)
	b = b[:len(b)*2/3] // cut short
	os.WriteFile(packed, b, 0o644)
	sum, err := HashFile(packed)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(packed+ChecksumSuffix, []byte(sum.SHA256+"  z.sxb\n"), 0o644)
	err = Unpack(packed, filepath.Join(tmp, "out"))
	if err == nil {
		t.Fatal("a truncated zstd archive unpacked")
	}
	if _, err := Open(packed, OpenOptions{CacheDir: filepath.Join(tmp, "cache")}); err == nil {
		t.Fatal("a truncated zstd archive opened")
	}
}

func TestPackRefusesUnknownCompression(t *testing.T) {
	tmp := t.TempDir()
	dest := filepath.Join(tmp, "b")
	buildSample(t, dest)
	for _, o := range []PackOptions{{Compress: "gzip"}, {Compress: CompressZstd, Level: 9}} {
		if _, err := PackWith(dest, filepath.Join(tmp, "x.sxb"), o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if _, err := os.Stat(filepath.Join(tmp, "x.sxb")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused pack left a file: %v", err)
	}
}

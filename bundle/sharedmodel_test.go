package bundle

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sampleModel writes a small stand-in for an embedding model directory
// (one file in a subdirectory, as tokenizers sometimes are) and returns it.
func sampleModel(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "model-default")
	files := map[string]string{"model.onnx": strings.Repeat("onnx weights ", 400), "config.json": `{"dim":2}`, "tok/tokenizer.json": `{"vocab":["a","b"]}`}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// buildShared builds the sample bundle at dest with src as its shared model.
func buildShared(t *testing.T, dest, src string) {
	t.Helper()
	buildSampleWith(t, dest, func(w *Writer) {
		if err := w.ShareModel(src); err != nil {
			t.Fatal(err)
		}
	})
}

// modelDirs lists the shared models beside bundles in parent.
func modelDirs(t *testing.T, parent string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(parent, SharedModelsDir))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestSharedModelIsKeptOnceBesideTheBundlesThatUseIt(t *testing.T) {
	parent := t.TempDir()
	src := sampleModel(t)
	for _, name := range []string{"2026-12-01", "2026-12-02"} {
		buildShared(t, filepath.Join(parent, name), src)
	}
	dirs := modelDirs(t, parent)
	if len(dirs) != 1 {
		t.Fatalf("models/ holds %v, want one model", dirs)
	}
	for _, name := range []string{"2026-12-01", "2026-12-02"} {
		b, err := Open(filepath.Join(parent, name), OpenOptions{VerifiedDir: "-"})
		if err != nil {
			t.Fatal(err)
		}
		m := b.Manifest
		if m.SharedModel == nil || m.SharedModel.SHA256 != dirs[0] || m.FormatVersion != SharedModelVersion || m.MinReaderVersion != SharedModelVersion {
			t.Fatalf("%s: manifest shared_model %+v, format %d/%d", name, m.SharedModel, m.FormatVersion, m.MinReaderVersion)
		}
		if b.Has(ModelDir) {
			t.Errorf("%s: the bundle lists model/ files too", name)
		}
		if got, want := b.ModelPath(), filepath.Join(parent, SharedModelsDir, dirs[0]); got != want {
			t.Errorf("%s: model path %s, want %s", name, got, want)
		}
		if _, err := os.Stat(filepath.Join(b.ModelPath(), "tok", "tokenizer.json")); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A bundle built with another model gets a model directory of its own.
	other := sampleModel(t)
	os.WriteFile(filepath.Join(other, "config.json"), []byte(`{"dim":3}`), 0o644)
	buildShared(t, filepath.Join(parent, "other"), other)
	if got := modelDirs(t, parent); len(got) != 2 {
		t.Errorf("models/ holds %v after a build with another model, want two", got)
	}
	// A bundle with its model inside is still written as format 2.
	plain := filepath.Join(parent, "plain")
	buildSample(t, plain)
	b, err := Open(plain, OpenOptions{VerifiedDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	if b.Manifest.FormatVersion != 2 || b.Manifest.SharedModel != nil || b.ModelPath() != filepath.Join(plain, ModelDir) {
		t.Errorf("plain bundle: format %d, shared %+v, model %s", b.Manifest.FormatVersion, b.Manifest.SharedModel, b.ModelPath())
	}
}

func TestDamagedOrMissingSharedModelIsRefusedAtOpen(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "b")
	buildShared(t, dest, sampleModel(t))
	records := t.TempDir()
	if _, err := Open(dest, OpenOptions{VerifiedDir: records}); err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(parent, SharedModelsDir, modelDirs(t, parent)[0])
	// Same size, other bytes: only the checksum (after the identity
	// recorded at the first open changed) can tell.
	if err := flipByte(filepath.Join(model, "model.onnx"), 100); err != nil {
		t.Fatal(err)
	}
	_, err := Open(dest, OpenOptions{VerifiedDir: records})
	if !errors.Is(err, ErrSharedModel) || !errors.Is(err, ErrChecksumMismatch) || !strings.Contains(err.Error(), "model.onnx") {
		t.Fatalf("damaged model file: %v", err)
	}
	problems, err := Verify(dest)
	if err != nil || len(problems) != 1 || !strings.HasPrefix(problems[0].Path, SharedModelsDir+"/") {
		t.Fatalf("verify: %v %v", problems, err)
	}
	if _, err := Open(dest, OpenOptions{SkipChecksums: true}); err != nil {
		t.Errorf("--no-verify checks sizes only, and they match: %v", err)
	}
	os.WriteFile(filepath.Join(model, "extra.bin"), []byte("x"), 0o644)
	if _, err := Open(dest, OpenOptions{SkipChecksums: true}); !errors.Is(err, ErrUnexpectedFile) {
		t.Errorf("a file the manifest does not list in the model: %v", err)
	}
	os.RemoveAll(model)
	if _, err := Open(dest, OpenOptions{VerifiedDir: "-"}); !errors.Is(err, ErrSharedModel) || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing model: %v", err)
	}
}

func TestShareModelRefusesADamagedCopyAlreadyThere(t *testing.T) {
	parent := t.TempDir()
	src := sampleModel(t)
	buildShared(t, filepath.Join(parent, "a"), src)
	model := filepath.Join(parent, SharedModelsDir, modelDirs(t, parent)[0])
	if err := os.Truncate(filepath.Join(model, "config.json"), 1); err != nil {
		t.Fatal(err)
	}
	w, err := Create(filepath.Join(parent, "b"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	if err := w.ShareModel(src); !errors.Is(err, ErrSharedModel) || !strings.Contains(err.Error(), "remove") {
		t.Fatalf("share over a damaged copy: %v", err)
	}
}

func TestPackCarriesTheSharedModel(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "bundles", "b")
	buildShared(t, dest, sampleModel(t))
	sum := modelDirs(t, filepath.Dir(dest))[0]
	for _, compress := range []string{CompressNone, CompressZstd} {
		archive := filepath.Join(parent, "b-"+compress+".sxb")
		if _, err := PackWith(dest, archive, PackOptions{Compress: compress}); err != nil {
			t.Fatal(err)
		}
		// On the other machine: the archive alone.
		there := t.TempDir()
		out := filepath.Join(there, "b")
		if err := Unpack(archive, out); err != nil {
			t.Fatal(err)
		}
		sameTree(t, filepath.Join(filepath.Dir(dest), SharedModelsDir, sum), filepath.Join(there, SharedModelsDir, sum))
		if _, err := os.Stat(filepath.Join(out, SharedModelsDir)); err == nil {
			t.Errorf("%s: the model was unpacked inside the bundle", compress)
		}
		cache := filepath.Join(there, "cache")
		b, err := Open(archive, OpenOptions{CacheDir: cache, VerifiedDir: "-"})
		if err != nil {
			t.Fatalf("%s: %v", compress, err)
		}
		if !strings.HasPrefix(b.ModelPath(), cache) {
			t.Errorf("%s: model at %s, not in the cache", compress, b.ModelPath())
		}
		if problems, err := Verify(archive); err != nil || len(problems) > 0 {
			t.Errorf("%s: verify: %v %v", compress, problems, err)
		}
		// A damaged cached model is unpacked again from the sound archive.
		if err := flipByte(filepath.Join(b.ModelPath(), "model.onnx"), 7); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(archive, OpenOptions{CacheDir: cache, VerifiedDir: "-"}); err != nil {
			t.Errorf("%s: reopen over a damaged cached model: %v", compress, err)
		}
	}
}

// A bundle reached through a link elsewhere finds its model beside the
// bundle itself, for open, verify and pack alike.
func TestSharedModelThroughALink(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "2026-12-01")
	buildShared(t, dest, sampleModel(t))
	link := filepath.Join(t.TempDir(), "current")
	if err := os.Symlink(dest, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if _, err := Open(link, OpenOptions{VerifiedDir: "-"}); err != nil {
		t.Errorf("open: %v", err)
	}
	if problems, err := Verify(link); err != nil || len(problems) > 0 {
		t.Errorf("verify: %v %v", problems, err)
	}
	if _, err := Pack(link, filepath.Join(t.TempDir(), "b.sxb")); err != nil {
		t.Errorf("pack: %v", err)
	}
}

func TestPackWithoutTheSharedModel(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "bundles", "b")
	buildShared(t, dest, sampleModel(t))
	sum := modelDirs(t, filepath.Dir(dest))[0]
	full, lean := filepath.Join(parent, "full.sxb"), filepath.Join(parent, "lean.sxb")
	if _, err := Pack(dest, full); err != nil {
		t.Fatal(err)
	}
	if _, err := PackWith(dest, lean, PackOptions{WithoutSharedModel: true, Compress: CompressZstd}); err != nil {
		t.Fatal(err)
	}
	fs, _ := os.Stat(full)
	ls, _ := os.Stat(lean)
	if ls.Size() >= fs.Size() {
		t.Errorf("without the model %d bytes, with it %d", ls.Size(), fs.Size())
	}
	// On a machine with nothing: refused, saying what is missing.
	there := t.TempDir()
	arch := filepath.Join(there, "lean.sxb")
	copyTestFile(t, lean, arch)
	copyTestFile(t, lean+ChecksumSuffix, arch+ChecksumSuffix)
	if _, err := Open(arch, OpenOptions{CacheDir: filepath.Join(there, "cache"), VerifiedDir: "-"}); !errors.Is(err, ErrSharedModel) || !strings.Contains(err.Error(), "without it") {
		t.Fatalf("lean archive alone: %v", err)
	}
	// With the model copied beside the archive: it opens, and the model
	// is installed in the cache.
	for _, f := range []string{"model.onnx", "config.json", "tok/tokenizer.json"} {
		dst := filepath.Join(there, SharedModelsDir, sum, filepath.FromSlash(f))
		os.MkdirAll(filepath.Dir(dst), 0o755)
		copyTestFile(t, filepath.Join(filepath.Dir(dest), SharedModelsDir, sum, filepath.FromSlash(f)), dst)
	}
	b, err := Open(arch, OpenOptions{CacheDir: filepath.Join(there, "cache"), VerifiedDir: "-"})
	if err != nil {
		t.Fatalf("lean archive with the model beside it: %v", err)
	}
	if !strings.HasPrefix(b.ModelPath(), filepath.Join(there, "cache")) {
		t.Errorf("model at %s", b.ModelPath())
	}
	// A bundle whose model is inside it has no model to leave out.
	plain := filepath.Join(parent, "plain")
	buildSample(t, plain)
	if _, err := PackWith(plain, filepath.Join(parent, "p.sxb"), PackOptions{WithoutSharedModel: true}); err == nil {
		t.Error("a model inside the bundle was left out")
	}
}

func copyTestFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

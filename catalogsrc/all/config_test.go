package all_test

import (
	"os"
	"path/filepath"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/sourcetest"
	"github.com/sextant-dev/sextant/internal/testenv"
)

// config is the shape of testdata/*.yaml (parsed for real by the indexer).
type config struct {
	BaseDir      string            `yaml:"base_dir"`
	Sources      []catalogsrc.Spec `yaml:"sources"`
	Observations []catalogsrc.Spec `yaml:"observations"`
}

// readConfig loads a config and every source it names, returning the
// record count per source.
func readConfig(t *testing.T, rel string) map[string]int {
	t.Helper()
	path := testenv.RepoPath(t, rel)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cfg config
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	base := filepath.Join(filepath.Dir(path), cfg.BaseDir)
	counts := map[string]int{}
	for _, spec := range cfg.Sources {
		for role, p := range spec.Files {
			spec.Files[role] = filepath.Join(base, p)
			if _, err := os.Stat(spec.Files[role]); err != nil {
				if rel != "testdata/demo.yaml" {
					t.Skipf("%s: %v", rel, err)
				}
				t.Fatalf("%s: source %s: %v", rel, spec.Name, err)
			}
		}
		src, err := catalogsrc.Open(spec)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		got := sourcetest.ReadAll(t, src)
		sourcetest.CheckRecords(t, src.Name(), got.Records, sourcetest.Expect{})
		counts[src.Name()] = len(got.Records)
	}
	return counts
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func TestDemoConfig(t *testing.T) {
	counts := readConfig(t, "testdata/demo.yaml")
	for _, s := range []string{"evds", "fred", "weo", "ifs", "wdi", "bis"} {
		if counts[s] == 0 {
			t.Errorf("demo: no %s records", s)
		}
	}
	if n := total(counts); n < 2000 || n > 5000 {
		t.Errorf("demo: %d records; want a few thousand", n)
	}
	t.Logf("demo: %v = %d", counts, total(counts))
}

func TestShared55kConfig(t *testing.T) {
	testenv.SharedDir(t)
	if testing.Short() {
		t.Skip("short")
	}
	counts := readConfig(t, "testdata/shared-55k.yaml")
	if n := total(counts); n < 55000 || n > 65000 {
		t.Errorf("shared-55k: %d records", n)
	}
	t.Logf("shared-55k: %v = %d", counts, total(counts))
}

func TestSharedAllConfig(t *testing.T) {
	testenv.SharedDir(t)
	if testing.Short() {
		t.Skip("short")
	}
	counts := readConfig(t, "testdata/shared-all.yaml")
	if n := total(counts); n < 350000 || n > 370000 {
		t.Errorf("shared-all: %d records", n)
	}
	t.Logf("shared-all: %v = %d", counts, total(counts))
}

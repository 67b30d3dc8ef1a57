package all_test

import (
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	_ "github.com/sextant-dev/sextant/catalogsrc/all"
)

func TestEveryKindRegistered(t *testing.T) {
	want := []string{"bis", "eurostat", "evds", "fred", "generic", "ifs", "wdi", "weo"}
	got := map[string]bool{}
	for _, k := range catalogsrc.Kinds() {
		got[k] = true
	}
	for _, k := range want {
		if !got[k] {
			t.Errorf("kind %q not registered (have %v)", k, catalogsrc.Kinds())
		}
	}
}

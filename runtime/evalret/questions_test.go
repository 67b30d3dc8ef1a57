package evalret

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const extraQuestions = "../../testdata/eval/questions-extra.jsonl"

// sharedDir is the read-only data directory next to the repository; tests
// that need it skip when it is absent.
func sharedDir(t *testing.T) string {
	dir := os.Getenv("SEXTANT_SHARED")
	if dir == "" {
		dir = "../../../shared"
	}
	if _, err := os.Stat(filepath.Join(dir, "catalogs")); err != nil {
		t.Skipf("shared data not found at %s (set SEXTANT_SHARED)", dir)
	}
	return dir
}

func TestExtraQuestionsWellFormed(t *testing.T) {
	qs, err := ReadQuestions(extraQuestions)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) < 40 {
		t.Errorf("%d extra questions; want at least 40", len(qs))
	}
	sources := map[string]int{}
	seen := map[string]bool{}
	for _, q := range qs {
		sources[q.Source]++
		if seen[q.Question] {
			t.Errorf("question repeated: %q", q.Question)
		}
		seen[q.Question] = true
		if !strings.HasPrefix(q.IDField, "catalogs/") {
			t.Errorf("%q: id_field %q should name a file under catalogs/", q.Question, q.IDField)
		}
	}
	if len(sources) < 5 {
		t.Errorf("questions cover sources %v; want at least 5", sources)
	}
}

// TestExtraQuestionsGoldExists checks every gold id against the catalog
// file its id_field names. WEO ids are composite: each part must appear on
// one line of the WEO file.
func TestExtraQuestionsGoldExists(t *testing.T) {
	dir := sharedDir(t)
	qs, err := ReadQuestions(extraQuestions)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, q := range qs {
		file := strings.Fields(q.IDField)[0]
		if files[file] == nil {
			b, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil {
				t.Fatalf("%q: %v", q.Question, err)
			}
			files[file] = b
		}
		for _, id := range q.GoldIDs {
			if !goldInFile(files[file], q.Source, id) {
				t.Errorf("%q: gold id %q not found in %s", q.Question, id, file)
			}
		}
	}
}

func goldInFile(data []byte, source, id string) bool {
	if source != "weo" {
		return bytes.Contains(data, []byte(id))
	}
	parts := strings.Split(id, "|") // WEOApr2024|Country|Subject|Units
	if len(parts) != 4 {
		return false
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if !bytes.HasPrefix(latin1ToUTF8(line), []byte(parts[1]+";")) {
			continue
		}
		l := latin1ToUTF8(line)
		if bytes.Contains(l, []byte(";"+parts[2]+";")) && bytes.Contains(l, []byte(";"+parts[3]+";")) {
			return true
		}
	}
	return false
}

// latin1ToUTF8 converts the WEO file's Latin-1 bytes.
func latin1ToUTF8(b []byte) []byte {
	out := make([]rune, len(b))
	for i, c := range b {
		out[i] = rune(c)
	}
	return []byte(string(out))
}

// TestSharedQuestionsDecode checks the reader against the shared set's
// real shape (it must not be special-cased anywhere else).
func TestSharedQuestionsDecode(t *testing.T) {
	dir := sharedDir(t)
	qs, err := ReadQuestions(filepath.Join(dir, "eval", "questions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) == 0 {
		t.Fatal("no questions read")
	}
	for _, q := range qs {
		if q.Source == "" || len(q.GoldIDs) == 0 {
			t.Errorf("incomplete question %+v", q)
		}
	}
}

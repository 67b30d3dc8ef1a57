package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/evalret"
	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

// TestEvalRetrievalPoolsQuestionFiles: several -q files are measured as
// one pool, with each file's figures under its name.
func TestEvalRetrievalPoolsQuestionFiles(t *testing.T) {
	b, dir := wiretest.Bundle(t), t.TempDir()
	write := func(name, lines string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(lines), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	labour := write("labour.jsonl", `{"question": "US unemployment rate", "source": "fred", "gold_ids": ["UNRATE"], "id_field": "series_id", "notes": ""}
`)
	rates := write("rates.jsonl", `{"question": "effective federal funds rate", "source": "fred", "gold_ids": ["FEDFUNDS"], "id_field": "series_id", "notes": ""}
{"question": "annual flow of the Nile", "source": "fred", "gold_ids": ["NOSUCHSERIES"], "id_field": "series_id", "notes": ""}
`)
	out, stderr, err := run(t, "", "eval", "retrieval", "-b", b, "-q", labour, "-q", rates, "--json")
	if err != nil {
		t.Fatalf("eval retrieval: %v\n%s", err, stderr)
	}
	var rep evalret.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.N != 3 || len(rep.BySet) != 2 || rep.BySet["labour"].N != 1 || rep.BySet["rates"].N != 2 {
		t.Fatalf("n=%d by set %+v; want 3 questions, labour 1 and rates 2", rep.N, rep.BySet)
	}
	if r := rep.BySet["rates"]; r.RecallAt20 != 0.5 {
		t.Errorf("rates R@20 %v; want 0.5 (the Nile question's gold is no series)", r.RecallAt20)
	}
	if rep.Questions[0].Set != "labour" || rep.Questions[2].Set != "rates" {
		t.Errorf("question sets %q, %q; want labour, rates", rep.Questions[0].Set, rep.Questions[2].Set)
	}
	// A bad file names itself and its line.
	bad := write("bad.jsonl", `{"question": "", "source": "fred", "gold_ids": ["X"], "id_field": "x", "notes": ""}
`)
	if _, _, err := run(t, "", "eval", "retrieval", "-b", b, "-q", labour, "-q", bad); err == nil || !strings.Contains(err.Error(), "bad.jsonl:1") {
		t.Errorf("bad question file: err %v; want an error naming bad.jsonl:1", err)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTraceReportBadInput(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.jsonl")
	if err := os.WriteFile(garbage, []byte("not json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		code int
	}{
		{[]string{filepath.Join(dir, "missing.jsonl")}, exitUsage},
		{nil, exitUsage},
		{[]string{garbage, garbage}, exitUsage},
		{[]string{garbage, "-o", garbage}, exitUsage},
		{[]string{garbage}, exitBadData},
	}
	for _, c := range cases {
		_, _, err := run(t, "", append([]string{"trace", "report"}, c.args...)...)
		if exitCode(err) != c.code {
			t.Errorf("trace report %v: exit %d (%v), want %d", c.args, exitCode(err), err, c.code)
		}
	}
	if _, err := os.Stat(strings.TrimSuffix(garbage, ".jsonl") + ".html"); !os.IsNotExist(err) {
		t.Errorf("a failed report left a file behind")
	}
}

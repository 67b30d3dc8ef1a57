package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

func TestChartWritesSVGAndPNG(t *testing.T) {
	b := wiretest.Bundle(t)
	dir := t.TempDir()
	svg := filepath.Join(dir, "nile.svg")
	out, _, err := run(t, "", "chart", "-b", b, "--breaks", "-o", svg, wiretest.Nile)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("<svg")) || !bytes.Contains(data, []byte("1899")) {
		t.Errorf("SVG (%d bytes) lacks the break label 1899", len(data))
	}
	if !strings.Contains(out, "1 break: 1899") || !strings.Contains(out, "wrote "+svg) {
		t.Errorf("output:\n%s", out)
	}

	png := filepath.Join(dir, "rates.png")
	if _, _, err := run(t, "", "chart", "-b", b, "--freq", "M", "--from", "2000", "-o", png, wiretest.Unrate, wiretest.Fedfunds, wiretest.Cpi); err != nil {
		t.Fatal(err)
	}
	data, err = os.ReadFile(png)
	if err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Errorf("PNG: %d bytes, %v", len(data), err)
	}
}

func TestChartBadInput(t *testing.T) {
	b := wiretest.Bundle(t)
	out := filepath.Join(t.TempDir(), "c.svg")
	cases := []struct {
		args []string
		code int
		says string
	}{
		{[]string{"-o", out, "fred:NOPE"}, exitUsage, "fred:NOPE"},
		{[]string{"-o", out, wiretest.Unratensa}, exitFailure, wiretest.Unratensa},
		{[]string{"-o", filepath.Join(t.TempDir(), "c.pdf"), wiretest.Nile}, exitUsage, ".pdf"},
		{[]string{"-o", out}, exitUsage, "at least one"},
	}
	for _, c := range cases {
		_, _, err := run(t, "", append([]string{"chart", "-b", b}, c.args...)...)
		if exitCode(err) != c.code || err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("chart %v: exit %d (%v), want %d naming %s", c.args, exitCode(err), err, c.code, c.says)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed chart left %s behind", out)
	}
	// A series too short for change points is drawn without them.
	_, stderr, err := run(t, "", "chart", "-b", b, "--breaks", "-o", out, wiretest.Short)
	if err != nil || !strings.Contains(stderr, "no breaks marked for "+wiretest.Short) {
		t.Errorf("short series with --breaks: %v, stderr %q", err, stderr)
	}
}

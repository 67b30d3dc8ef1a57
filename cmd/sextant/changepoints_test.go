package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

func TestChangepointsFindsTheNileBreak(t *testing.T) {
	b := wiretest.Bundle(t)
	out, _, err := run(t, "", "changepoints", "-b", b, "--json", wiretest.Nile)
	if err != nil {
		t.Fatal(err)
	}
	var res breaksJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(res.Breaks) != 1 || res.N != 100 || res.SeriesID != wiretest.Nile || res.Method != "PELT" {
		t.Fatalf("result: %+v", res)
	}
	br := res.Breaks[0]
	if br.Date < "1898" || br.Date > "1900" || br.MeanBefore <= br.MeanAfter || br.SegmentBefore != "1871.."+br.LastBefore {
		t.Errorf("break %+v: want 1899 ± 1 with a falling mean", br)
	}

	// The text form, with binary segmentation and a mean-and-variance cost.
	out, _, err = run(t, "", "changepoints", "-b", b, "--method", "binseg", "--cost", "meanvar", "--max-breaks", "1", "NILE")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "1 break") || !strings.Contains(out, "BinSeg, change in mean and variance") || !strings.Contains(out, "segment before") {
		t.Errorf("text output:\n%s", out)
	}

	// A manual penalty of zero splits wherever the cost falls: many breaks.
	out, _, err = run(t, "", "changepoints", "-b", b, "--penalty", "0", "--json", wiretest.Nile)
	if err != nil {
		t.Fatal(err)
	}
	var loose breaksJSON
	if err := json.Unmarshal([]byte(out), &loose); err != nil || len(loose.Breaks) <= 1 {
		t.Errorf("penalty 0: %d breaks (%v), want many", len(loose.Breaks), err)
	}
}

func TestChangepointsBadInput(t *testing.T) {
	b := wiretest.Bundle(t)
	cases := []struct {
		args []string
		code int
		says string
	}{
		{[]string{"fred:NOPE"}, exitUsage, "fred:NOPE"},
		{[]string{wiretest.Unratensa}, exitFailure, wiretest.Unratensa},
		{[]string{wiretest.Short}, exitFailure, "too short"},
		{[]string{"--from", "1990", wiretest.Nile}, exitFailure, wiretest.Nile},
		{[]string{"--penalty", "lots", wiretest.Nile}, exitUsage, "lots"},
		{[]string{"--method", "magic", wiretest.Nile}, exitUsage, "magic"},
		{[]string{"--cost", "median", wiretest.Nile}, exitUsage, "median"},
		{[]string{"--max-breaks", "2", wiretest.Nile}, exitUsage, "binseg"},
		{[]string{wiretest.Nile, wiretest.Unrate}, exitUsage, "one series"},
	}
	for _, c := range cases {
		_, _, err := run(t, "", append([]string{"changepoints", "-b", b}, c.args...)...)
		if exitCode(err) != c.code || err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("changepoints %v: exit %d (%v), want %d naming %s", c.args, exitCode(err), err, c.code, c.says)
		}
	}
}

package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/sextant-dev/sextant/runtime/wire/wiretest"
)

func TestTableWritesCSVAndParquet(t *testing.T) {
	b := wiretest.Bundle(t)
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "t.csv")
	// Flags after the ids are applied too.
	out, _, err := run(t, "", "table", "-b", b, "UNRATE", "fred:GDP", "--freq", "Q", "--from", "2010", "--to", "2019", "-o", csvPath)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Table: 2 columns, quarterly, 2010Q1 to 2019Q4 (40 rows).") || !strings.Contains(out, "wrote "+csvPath) {
		t.Errorf("output:\n%s", out)
	}
	f, err := os.Open(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 41 || strings.Join(recs[0], ",") != "date,fred:UNRATE,fred:GDP" || recs[1][0] != "2010-01-01" {
		t.Fatalf("csv: %d records, header %v, first %v", len(recs), recs[0], recs[1])
	}
	// 2019Q4 unemployment: the mean of October–December 2019 (3.6, 3.6, 3.6).
	if last := recs[40]; last[0] != "2019-10-01" || !strings.HasPrefix(last[1], "3.6") {
		t.Errorf("last row %v, want 2019-10-01 with UNRATE 3.6", last)
	}

	pq := filepath.Join(dir, "t.parquet")
	if _, _, err := run(t, "", "table", "-b", b, "--freq", "A", "-o", pq, wiretest.Nile); err != nil {
		t.Fatal(err)
	}
	pf, err := os.Open(pq)
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	st, _ := pf.Stat()
	file, err := parquet.OpenFile(pf, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	if file.NumRows() != 100 {
		t.Errorf("parquet has %d rows, want the Nile's 100 years", file.NumRows())
	}
}

func TestTableBadInput(t *testing.T) {
	b := wiretest.Bundle(t)
	cases := []struct {
		args []string
		code int
		says string
	}{
		{[]string{"fred:NOPE"}, exitUsage, "fred:NOPE"},
		{[]string{wiretest.Unratensa}, exitFailure, wiretest.Unratensa},
		{[]string{"--from", "1800", "--to", "1850", wiretest.Unrate}, exitFailure, wiretest.Unrate + " has values from 1966-01-01"},
		{[]string{"--from", "soon", wiretest.Unrate}, exitUsage, "soon"},
		{[]string{"--freq", "hourly", wiretest.Unrate}, exitUsage, "hourly"},
		{[]string{"-o", "t.xlsx", wiretest.Unrate}, exitUsage, ".xlsx"},
		{[]string{wiretest.Unrate, "--colour", "red"}, exitUsage, "--colour"},
		{nil, exitUsage, "at least one"},
	}
	for _, c := range cases {
		_, _, err := run(t, "", append([]string{"table", "-b", b}, c.args...)...)
		if exitCode(err) != c.code || err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("table %v: exit %d (%v), want %d naming %s", c.args, exitCode(err), err, c.code, c.says)
		}
	}
}

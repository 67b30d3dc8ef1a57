package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/urfave/cli/v2"
)

var (
	demoOnce sync.Once
	demoPath string
	demoErr  error
	demoTmp  string
)

// TestMain removes the demo bundle built for the tests, if one was.
func TestMain(m *testing.M) {
	code := m.Run()
	if demoTmp != "" {
		os.RemoveAll(demoTmp)
	}
	os.Exit(code)
}

// demo is the demo bundle: out/demo when `make demo` has built it, else
// the same catalog built once for this test run without embeddings.
func demo(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat("../../out/demo/manifest.json"); err == nil {
		return "../../out/demo"
	}
	demoOnce.Do(func() {
		if demoTmp, demoErr = os.MkdirTemp("", "sextant-cli-test-"); demoErr != nil {
			return
		}
		demoPath = filepath.Join(demoTmp, "demo")
		_, _, demoErr = run(t, "", "build", "-q", "-c", "../../testdata/demo.yaml", "-o", demoPath, "--model", "none")
	})
	if demoErr != nil {
		t.Fatalf("build the demo bundle: %v", demoErr)
	}
	return demoPath
}

// searchQuery runs search --json and returns the query and row count it reports.
func searchQuery(t *testing.T, args ...string) (string, int) {
	t.Helper()
	out, stderr, err := run(t, "", append([]string{"search", "--json", "--mode", "keyword"}, args...)...)
	if err != nil {
		t.Fatalf("search %v: %v\n%s", args, err, stderr)
	}
	var res struct {
		Query  string `json:"query"`
		Groups []struct {
			Hits []json.RawMessage `json:"hits"`
		} `json:"groups"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("search %v: %v\n%s", args, err, out)
	}
	n := 0
	for _, g := range res.Groups {
		n += len(g.Hits)
	}
	return res.Query, n
}

func TestFlagsAnywhere(t *testing.T) {
	b := demo(t)
	cases := [][]string{
		{"-b", b, "US", "unemployment", "--limit", "2"},
		{"US unemployment", "-b", b, "--limit=2"},
		{"US", "-b", b, "unemployment", "-n", "2"},
		{"--limit", "2", "US", "unemployment", "--bundle=" + b},
	}
	for _, args := range cases {
		q, n := searchQuery(t, args...)
		if q != "US unemployment" || n != 2 {
			t.Errorf("search %v: query %q with %d rows, want \"US unemployment\" with 2", args, q, n)
		}
	}
	// After "--" everything is the query, even what looks like a flag.
	if q, _ := searchQuery(t, "-b", b, "--", "--limit", "2"); q != "--limit 2" {
		t.Errorf("after --: query %q, want \"--limit 2\"", q)
	}
}

func TestReorderArgs(t *testing.T) {
	app := newApp().App
	cases := []struct{ in, want []string }{
		{[]string{"sextant", "search", "a", "b", "--limit", "2", "--json"}, []string{"sextant", "search", "--limit", "2", "--json", "a", "b"}},
		{[]string{"sextant", "table", "x", "-o", "-", "y"}, []string{"sextant", "table", "-o", "-", "x", "y"}},
		{[]string{"sextant", "search", "q", "--", "-x", "-y"}, []string{"sextant", "search", "--", "q", "-x", "-y"}},
		{[]string{"sextant", "trace", "report", "f.jsonl", "-o", "r.html"}, []string{"sextant", "trace", "report", "-o", "r.html", "f.jsonl"}},
		{[]string{"sextant", "changepoints", "ID", "--penalty", "-3"}, []string{"sextant", "changepoints", "--penalty", "-3", "ID"}},
		{[]string{"sextant", "serch", "x", "--limit", "2"}, []string{"sextant", "serch", "x", "--limit", "2"}},
		{[]string{"sextant", "search", "x", "--colour", "red"}, []string{"sextant", "search", "--colour", "x", "red"}},
	}
	for _, c := range cases {
		if got := reorderArgs(app, c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("reorderArgs(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSuggestionsAndOneLineErrors(t *testing.T) {
	b := demo(t)
	cases := []struct {
		args []string
		code int
		says []string
	}{
		{[]string{"serch", "x"}, exitUsage, []string{`unknown command "serch"`, "did you mean search?"}},
		{[]string{"help", "serch"}, exitUsage, []string{"did you mean search?"}},
		{[]string{"trace", "reprot"}, exitUsage, []string{"did you mean report?"}},
		{[]string{"search", "-b", b, "x", "--limt", "2"}, exitUsage, []string{"unknown flag --limt", "did you mean --limit?", "sextant search --help"}},
		{[]string{"search", "x"}, exitUsage, []string{"needs --bundle (-b)", "SEXTANT_BUNDLE"}},
		{[]string{"table", "-b", b, "fred:NOPE"}, exitUsage, []string{"unknown series fred:NOPE"}},
		{[]string{"table", "-b", b, "fred:UNRAT"}, exitUsage, []string{"unknown series fred:UNRAT (did you mean fred:UNRATE"}},
		{[]string{"describe", "-b", b, "wdi:UNRATE"}, exitUsage, []string{"did you mean fred:UNRATE?"}},
		{[]string{"search", "-b", filepath.Join(t.TempDir(), "nope"), "x"}, exitUsage, []string{"does not exist", "sextant build"}},
		{[]string{"verify", filepath.Join(t.TempDir(), "nope")}, exitUsage, []string{"does not exist"}},
		{[]string{"search", "-b", b, "--limit", "0", "x"}, exitUsage, []string{"--limit 0", "1 to 500"}},
		{[]string{"search", "-b", b, "--limit", "-1", "x"}, exitUsage, []string{"--limit -1"}},
		{[]string{"search", "-b", b, "--limit", "501", "x"}, exitUsage, []string{"--limit 501"}},
		{[]string{"search", "-b", b, "--from", "2020-13-45", "x"}, exitUsage, []string{"no month 13"}},
		{[]string{"search", "-b", b, "--to", "2021-02-30", "x"}, exitUsage, []string{"2021-02 has no day 30"}},
		{[]string{"search", "-b", b, "--from", "2021", "--to", "2020", "x"}, exitUsage, []string{"is after"}},
		{[]string{"table", "-b", b, "--from", "2020-13-45", "UNRATE"}, exitUsage, []string{"2020-13-45"}},
		{[]string{"completion", "tcsh"}, exitUsage, []string{"tcsh"}},
	}
	for _, c := range cases {
		stdout, stderr, err := run(t, "", c.args...)
		if got := exitCode(err); got != c.code || err == nil {
			t.Errorf("%v: exit %d (%v), want %d", c.args, got, err, c.code)
			continue
		}
		line := errorLine(err)
		for _, want := range c.says {
			if !strings.Contains(line, want) {
				t.Errorf("%v: error %q lacks %q", c.args, line, want)
			}
		}
		if strings.Contains(line, "\n") || strings.Contains(line, "usage:") || strings.Contains(line, "catalog:") || strings.Contains(line, "analysis:") {
			t.Errorf("%v: error is not one clean line: %q", c.args, line)
		}
		if strings.Contains(stdout+stderr, "USAGE:") || strings.Contains(stdout+stderr, "OPTIONS:") {
			t.Errorf("%v: printed the help as well as the error:\n%s%s", c.args, stdout, stderr)
		}
	}
}

func TestCleanMessage(t *testing.T) {
	got := cleanMessage("usage: table: series fred:NOPE: analysis: unknown series: catalog: unknown series id")
	if want := "table: series fred:NOPE: unknown series: unknown series id"; got != want {
		t.Errorf("cleanMessage = %q, want %q", got, want)
	}
}

func TestIDsAnyCase(t *testing.T) {
	b := demo(t)
	for _, id := range []string{"fred:unrate", "FRED:UNRATE", "unrate", "Unrate"} {
		out, _, err := run(t, "", "describe", "-b", b, "--json", id)
		if err != nil {
			t.Errorf("describe %s: %v", id, err)
			continue
		}
		var d []description
		if err := json.Unmarshal([]byte(out), &d); err != nil || len(d) != 1 || d[0].ID != "fred:UNRATE" {
			t.Errorf("describe %s: %v, %+v; want fred:UNRATE", id, err, d)
		}
	}
}

func TestDescribe(t *testing.T) {
	b := demo(t)
	out, _, err := run(t, "", "describe", "fred:UNRATE", "-b", b, "UNEMPLOY")
	if err != nil {
		t.Fatal(err)
	}
	first, second, ok := strings.Cut(out, "\n\nfred:UNEMPLOY")
	if !ok {
		t.Fatalf("two descriptions expected:\n%s", out)
	}
	for _, want := range []string{"fred:UNRATE  Unemployment Rate", "unit           Percent", "frequency      M", "seasonal adj.  SA", "country        USA",
		"heading        FRED", "observations: ", "last  ", "min  ", "max   2020-04-01  14.8"} {
		if !strings.Contains(first, want) {
			t.Errorf("describe lacks %q:\n%s", want, first)
		}
	}
	if !strings.Contains(second, "observations: none in this bundle") {
		t.Errorf("a series without data should say so:\n%s", second)
	}
	// The JSON carries every catalog field and the summary computed from the observations.
	out, _, err = run(t, "", "describe", "-b", b, "--json", "fred:UNRATE")
	if err != nil {
		t.Fatal(err)
	}
	var d []description
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	s := d[0].Observations
	if s == nil || s.Count < 600 || s.First != "1966-01-01" || s.Max != 14.8 || s.MaxDate != "2020-04-01" || s.Min > s.LastValue || d[0].ContentHash == "" || len(d[0].HeadingPath) == 0 {
		t.Errorf("describe --json: %+v %+v", d[0], s)
	}
	for _, field := range []string{`"native_id"`, `"unit"`, `"frequency_text"`, `"seasonal_adjustment"`, `"vintage"`, `"obs_count"`, `"heading_path"`} {
		if !strings.Contains(out, field) {
			t.Errorf("describe --json lacks %s", field)
		}
	}
}

func TestTableToStdout(t *testing.T) {
	b := demo(t)
	out, _, err := run(t, "", "table", "unrate", "-b", b, "--from", "2020-01", "--to", "2020-04", "-o", "-")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("stdout is not CSV alone: %v\n%s", err, out)
	}
	want := [][]string{{"date", "fred:UNRATE"}, {"2020-01-01", "3.6"}, {"2020-02-01", "3.5"}, {"2020-03-01", "4.4"}, {"2020-04-01", "14.8"}}
	if !reflect.DeepEqual(recs, want) {
		t.Errorf("table -o -: %q, want %q", recs, want)
	}

	out, _, err = run(t, "", "table", "-b", b, "UNRATE", "--from", "2020-03", "--to", "2020-04", "-o", "-", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var js struct {
		Frequency string           `json:"frequency"`
		Columns   []map[string]any `json:"columns"`
		Rows      []map[string]any `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatalf("--format json: %v\n%s", err, out)
	}
	if js.Frequency != "M" || len(js.Columns) != 1 || js.Columns[0]["unit"] != "Percent" || len(js.Rows) != 2 ||
		js.Rows[1]["date"] != "2020-04-01" || js.Rows[1]["fred:UNRATE"] != 14.8 {
		t.Errorf("--format json: %+v", js)
	}

	out, _, err = run(t, "", "table", "-b", b, "UNRATE", "--print", "--from", "2020-03", "--to", "2020-04")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Table: 1 columns") || !strings.Contains(out, "2020-04         14.8") {
		t.Errorf("table --print lacks the summary or the rows:\n%s", out)
	}
	if _, _, err := run(t, "", "table", "-b", b, "UNRATE", "--format", "xml", "-o", "-"); exitCode(err) != exitUsage {
		t.Errorf("--format xml: exit %d, want usage", exitCode(err))
	}
}

func TestOutputFilesHonourTheUmask(t *testing.T) {
	b := demo(t)
	old := syscall.Umask(0o002)
	defer syscall.Umask(old)
	dir := t.TempDir()
	path := filepath.Join(dir, "t.csv")
	if _, _, err := run(t, "", "table", "-b", b, "UNRATE", "-o", path); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o664 {
		t.Errorf("table -o wrote mode %v under umask 002, want -rw-rw-r--", st.Mode().Perm())
	}
}

func TestTraceIsNotOverwritten(t *testing.T) {
	b := demo(t)
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path, []byte("earlier session\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := run(t, "", "ask", "-b", b, "--llm", "sim", "--out", t.TempDir(), "--trace", path, "Show me the US unemployment rate.")
	if exitCode(err) != exitUsage || !strings.Contains(errorLine(err), "--force") {
		t.Errorf("ask --trace over a file: exit %d (%v), want a usage error naming --force", exitCode(err), err)
	}
	if data, _ := os.ReadFile(path); string(data) != "earlier session\n" {
		t.Errorf("the earlier trace was changed: %q", data)
	}
	if _, _, err := run(t, "", "ask", "-b", b, "--llm", "sim", "--out", t.TempDir(), "--trace", path, "--force", "Show me the US unemployment rate."); err != nil {
		t.Fatalf("ask --force: %v", err)
	}
	if data, _ := os.ReadFile(path); strings.Contains(string(data), "earlier session") {
		t.Error("--force did not overwrite the trace")
	}
}

func TestAskExportsTables(t *testing.T) {
	b := demo(t)
	dir := filepath.Join(t.TempDir(), "tables")
	out, _, err := run(t, "", "ask", "Show me the US unemployment rate in a monthly table since 2000.", "-b", b, "--llm", "sim", "--out", t.TempDir(), "--export", dir)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "main.csv"))
	if err != nil {
		t.Fatalf("no exported table: %v\n%s", err, out)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) < 250 || recs[0][0] != "date" || recs[1][0] != "2000-01-01" {
		t.Errorf("exported main.csv: %v, %d records, first %v", err, len(recs), recs[:min(2, len(recs))])
	}
	if !strings.Contains(out, "exported "+filepath.Join(dir, "main.csv")) {
		t.Errorf("ask did not say what it exported:\n%s", out)
	}
}

func TestVersionCompletionMan(t *testing.T) {
	out, _, err := run(t, "", "version")
	if err != nil || !strings.HasPrefix(out, "sextant "+version) || !strings.Contains(out, "bundle format v") {
		t.Errorf("version: %v\n%s", err, out)
	}
	out, _, err = run(t, "", "help", "exit-codes")
	if err != nil || !strings.Contains(out, "130") || !strings.Contains(out, "bad data") {
		t.Errorf("help exit-codes: %v\n%s", err, out)
	}

	man, _, err := run(t, "", "man")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{".TH", "EXIT STATUS", "SEXTANT_BUNDLE", "describe", "completion", "--limit, -n"} {
		if !strings.Contains(man, want) {
			t.Errorf("man page lacks %q", want)
		}
	}

	for _, shell := range []string{"bash", "zsh", "fish"} {
		out, _, err := run(t, "", "completion", shell)
		if err != nil {
			t.Fatalf("completion %s: %v", shell, err)
		}
		for _, want := range []string{"search", "describe", "report", "bundle"} {
			if !strings.Contains(out, want) {
				t.Errorf("completion %s lacks %q", shell, want)
			}
		}
		if _, err := exec.LookPath(shell); err != nil {
			continue
		}
		script := filepath.Join(t.TempDir(), "c."+shell)
		os.WriteFile(script, []byte(out), 0o644)
		check := []string{"-n", script}
		if shell == "fish" {
			check = []string{"--no-execute", script}
		}
		if msg, err := exec.Command(shell, check...).CombinedOutput(); err != nil {
			t.Errorf("%s rejects the script: %v\n%s", shell, err, msg)
		}
	}
}

// The bash script completes commands, subcommands and each command's flags.
func TestBashCompletionCompletes(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	script, _, err := run(t, "", "completion", "bash")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sextant.bash")
	os.WriteFile(path, []byte(script), 0o644)
	complete := func(words ...string) string {
		t.Helper()
		sh := `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _sextant_complete; echo "${COMPREPLY[*]}"`
		out, err := exec.Command("bash", append([]string{"-c", sh, "bash", path}, words...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("bash: %v\n%s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if got := complete("sextant", "sea"); got != "search" {
		t.Errorf("sextant sea<TAB> = %q, want search", got)
	}
	if got := complete("sextant", "se"); got != "search serve" {
		t.Errorf("sextant se<TAB> = %q, want search serve", got)
	}
	if got := complete("sextant", "trace", "r"); got != "report" {
		t.Errorf("sextant trace r<TAB> = %q, want report", got)
	}
	if got := complete("sextant", "search", "foo", "--li"); got != "--limit" {
		t.Errorf("sextant search foo --li<TAB> = %q, want --limit", got)
	}
	if got := complete("sextant", "describe", "--"); !strings.Contains(got, "--bundle") || strings.Contains(got, "--limit") {
		t.Errorf("sextant describe --<TAB> = %q, want describe's flags only", got)
	}
}

// Every command is decorated: no flag stays Required (urfave/cli would
// print the whole help when it is missing), and usage errors carry a hint.
func TestEveryCommandIsDecorated(t *testing.T) {
	var walk func(cmds []*cli.Command)
	walk = func(cmds []*cli.Command) {
		for _, c := range cmds {
			if c.OnUsageError == nil {
				t.Errorf("%s: no OnUsageError", c.Name)
			}
			for _, f := range c.Flags {
				if r, ok := f.(cli.RequiredFlag); ok && r.IsRequired() {
					t.Errorf("%s: flag %s still Required", c.Name, f.Names()[0])
				}
			}
			walk(c.Subcommands)
		}
	}
	walk(newApp().Commands)
}

func TestEditDistance(t *testing.T) {
	cases := []struct {
		a, b        string
		limit, want int
	}{
		{"serch", "search", 3, 1}, {"tabels", "tables", 3, 1}, {"kitten", "sitting", 5, 3},
		{"unrate", "unrate", 1, 0}, {"", "abc", 5, 3}, {"abcdef", "a", 2, 3}, {"fred:unratx", "fred:unrate", 2, 1},
		{strings.Repeat("x", 100), strings.Repeat("x", 99) + "y", 2, 1},
	}
	for _, c := range cases {
		if got := editDistance(c.a, c.b, c.limit); got != c.want {
			t.Errorf("editDistance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
	}
}

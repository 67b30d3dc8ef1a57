// Package pgtest starts a throwaway PostgreSQL server for tests: initdb in a
// temporary folder, listening only on a Unix socket there, run as the
// postgres user when the tests run as root, stopped and removed when the test
// ends. Without PostgreSQL binaries the test is skipped, except when CI=true
// (then it fails: CI installs them with .ci/postgres.sh). Load copies
// observation rows into a table with an index on (series, date).
package pgtest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is a running throwaway PostgreSQL.
type Server struct {
	DSN  string // key=value DSN over the Unix socket, trust authentication
	dir  string
	bin  string
	runs []string // command prefix that runs a program as the server's owner
}

// binDir finds the folder holding initdb and pg_ctl: PATH, then Debian's
// /usr/lib/postgresql/<version>/bin (newest first).
func binDir() string {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if _, err := exec.LookPath("initdb"); err == nil {
			return filepath.Dir(p)
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d
		}
	}
	return ""
}

func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// Start starts a server for the test and registers its stop.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := binDir()
	if bin == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("PostgreSQL binaries (initdb, pg_ctl) not found, and CI=true: .ci/postgres.sh should have installed them")
		}
		t.Skip("PostgreSQL binaries (initdb, pg_ctl) not found: install PostgreSQL (apt-get install -y postgresql) to run the SQL tests")
	}
	dir, err := os.MkdirTemp("", "sextant-pg-")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{dir: dir, bin: bin}
	t.Cleanup(func() { s.stop(t) })
	if os.Geteuid() == 0 {
		// PostgreSQL refuses to run as root.
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("running as root and no postgres user to run the server as: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		s.runs = []string{"runuser", "-u", "postgres", "--"}
	}
	data, sock := filepath.Join(dir, "data"), dir
	s.run(t, "initdb", "-D", data, "-U", "sextant", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync")
	opts := fmt.Sprintf("-k %s -c listen_addresses= -p 5432 -c fsync=off -c full_page_writes=off -c synchronous_commit=off", sock)
	s.run(t, "pg_ctl", "-D", data, "-l", filepath.Join(dir, "server.log"), "-w", "-t", "60", "-o", opts, "start")
	s.DSN = fmt.Sprintf("host=%s port=5432 user=sextant dbname=postgres sslmode=disable", sock)
	return s
}

func (s *Server) run(t testing.TB, prog string, args ...string) {
	t.Helper()
	argv := append(append(append([]string{}, s.runs...), filepath.Join(s.bin, prog)), args...)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = s.dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		log, _ := os.ReadFile(filepath.Join(s.dir, "server.log"))
		t.Fatalf("%s: %v\n%s\n%s", strings.Join(argv, " "), err, out.String(), log)
	}
}

func (s *Server) stop(t testing.TB) {
	if s.DSN != "" {
		argv := append(append(append([]string{}, s.runs...), filepath.Join(s.bin, "pg_ctl")), "-D", filepath.Join(s.dir, "data"), "-m", "immediate", "-w", "stop")
		if out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput(); err != nil {
			t.Logf("stop PostgreSQL: %v: %s", err, out)
		}
	}
	os.RemoveAll(s.dir)
}

// Conn opens a connection for setting the database up (not read-only).
func (s *Server) Conn(t testing.TB) *pgx.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, s.DSN)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(context.Background()) })
	return c
}

// Row is one observation to load.
type Row struct {
	Series string
	Date   time.Time
	Value  float64
}

// Load creates table (series_id text, obs_date date, value double
// precision), copies rows into it, indexes (series_id, obs_date) and
// analyses it.
func (s *Server) Load(t testing.TB, table string, rows []Row) {
	t.Helper()
	ctx := context.Background()
	c := s.Conn(t)
	name := pgx.Identifier(strings.Split(table, "."))
	if _, err := c.Exec(ctx, "CREATE TABLE "+name.Sanitize()+" (series_id text NOT NULL, obs_date date NOT NULL, value double precision)"); err != nil {
		t.Fatal(err)
	}
	n, err := c.CopyFrom(ctx, name, []string{"series_id", "obs_date", "value"}, pgx.CopyFromSlice(len(rows), func(i int) ([]any, error) {
		return []any{rows[i].Series, rows[i].Date, rows[i].Value}, nil
	}))
	if err != nil || int(n) != len(rows) {
		t.Fatalf("copy into %s: %d of %d rows: %v", table, n, len(rows), err)
	}
	idx := pgx.Identifier{strings.ReplaceAll(table, ".", "_") + "_series_date"}
	if _, err := c.Exec(ctx, "CREATE INDEX "+idx.Sanitize()+" ON "+name.Sanitize()+" (series_id, obs_date)"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Exec(ctx, "ANALYZE "+name.Sanitize()); err != nil {
		t.Fatal(err)
	}
}

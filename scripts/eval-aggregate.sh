#!/bin/sh
# eval-aggregate.sh BUNDLE QUESTIONS.jsonl [MODE]
# Prints only aggregate retrieval figures (n, R@1, R@3, R@5, R@20, MRR) for a
# question set, never a question or a rank: the way to measure a blind half.
set -eu
b=$1; q=$2; mode=${3:-hybrid}
${SEXTANT:-./bin/sextant} eval retrieval -b "$b" -q "$q" --mode "$mode" --json --no-verify |
jq -r '[.n, .recall_at_1, ([.questions[] | select(.rank >= 1 and .rank <= 3)] | length) / .n, .recall_at_5, .recall_at_20, .mrr] |
  "n=\(.[0]) R@1=\(.[1]*1000|round/1000) R@3=\(.[2]*1000|round/1000) R@5=\(.[3]*1000|round/1000) R@20=\(.[4]*1000|round/1000) MRR=\(.[5]*1000|round/1000)"'

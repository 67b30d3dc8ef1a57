#!/bin/sh
# measure.sh [OUT]
# The standard figures of docs/evaluation.md, aggregates only: retrieval on
# the never-tuned long-question pool (heldout, blind3–6) and on everyday1–6
# pooled, and end to end (--llm sim --runs 10) on every scenario half at
# 32768 and 8192 tokens. The printed lines hold no question, scenario or
# rank, so blind halves stay blind; only the development halves' end-to-end
# reports are kept, as JSON in OUT (default out/measure), since the others
# hold per-question lines of blind sets. SETS="blind16 blind15" limits the scenario sets. Needs
# out/shared-all (make scale-bundles) and jq.
set -eu
bin=${SEXTANT:-./bin/sextant}
b=${BUNDLE:-out/shared-all}
e=testdata/eval
out=${1:-out/measure}
mkdir -p "$out"

pool() { # NAME FILE...
	name=$1; shift
	args=""
	for f in "$@"; do args="$args -q $e/questions-$f.jsonl"; done
	# shellcheck disable=SC2086
	"$bin" eval retrieval -b "$b" --no-verify $args --json >"$out/ret-$name.json"
	jq -r --arg n "$name" '"\($n): n=\(.n) R@1=\(.recall_at_1*1000|round/1000) first3=\([.questions[] | select(.rank >= 1 and .rank <= 3)] | length)/\(.n) R@5=\(.recall_at_5*1000|round/1000) R@20=\(.recall_at_20*1000|round/1000) HR@5=\(.heading_recall_at_5*1000|round/1000) GH@5=\(.gold_heading_at_5*1000|round/1000)"' "$out/ret-$name.json"
	rm "$out/ret-$name.json"
}

pool never-tuned heldout blind3 blind4 blind5 blind6
pool everyday everyday1 everyday2 everyday3 everyday4 everyday5 everyday6
for s in tune blind2 blind7 extra; do pool "$s" "$s"; done

files=""
for s in ${SETS:-$(ls $e/scenarios-*-dev.jsonl | sed 's/.*scenarios-//; s/-dev.jsonl//')}; do
	files="$files $e/scenarios-$s-dev.jsonl $e/scenarios-$s-blind.jsonl"
done
for f in $files; do
	set=$(basename "$f" .jsonl | sed 's/^scenarios-//')
	for w in 32768 8192; do
		r="$out/e2e-$set-$w.json"
		"$bin" eval e2e -b "$b" --no-verify -s "$f" --llm sim --runs 10 --context-window "$w" --json >"$r"
		jq -r --arg n "$set" --arg w "$w" '"\($n) @\($w): runs \(.completed_runs)/\(.runs), turns \(.succeeded_turns)/\(.turns), tables \(.turns_with_table)/\(.turns_needing_table), aborted \(.aborted_runs), median discovery \(.median_discovery_calls_per_turn), repeat discoveries \(.repeat_discoveries), failed by stage \(.failed_turns_by_stage | tostring)"' "$r"
		case $set in *-blind) rm "$r" ;; esac
	done
done

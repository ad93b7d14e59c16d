#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run the libFuzzer harnesses of $O/tests/fuzz/ (mk/fuzz.mk): replay tests/fuzz/regress/<t>/,
# then fuzz each target for FUZZ_SECONDS on $O/fuzz/corpus-<t>, seeded from tests/fuzz/seeds/<t>/,
# tests/data/ and the stored logs under $srctree/out/results/ (and FUZZ_SEEDS, a list of more
# files). Exit 0 when nothing was found; 1 with the crashing input's path otherwise.
# Usage: O=... srctree=... FUZZ_SECONDS=N [FUZZ_JOBS=J] [FUZZ_MAX_LEN=B] tests/fuzz/run-fuzz.sh TARGET...
set -u
: "${O:?}" "${srctree:?}"
secs=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-1}
work="$O/fuzz"
art="$work/artifacts"
mkdir -p "$art"
rc=0
for t in "$@"; do
	bin="$O/tests/fuzz/fuzz-$t"
	[ -x "$bin" ] || { echo "run-fuzz: no $bin (make fuzz-build)"; exit 1; }
	corpus="$work/corpus-$t"
	mkdir -p "$corpus"
	# seeds: copied under a name of their content, so re-seeding adds nothing twice
	seed() {
		for f in "$@"; do
			[ -f "$f" ] && [ -r "$f" ] || continue
			cp "$f" "$corpus/seed-$(sha1sum < "$f" | cut -c1-16)"
		done
	}
	seed "$srctree"/tests/fuzz/seeds/"$t"/*
	case $t in
	logparse)
		seed "$srctree"/tests/data/*.log "$srctree"/out/results/*/*/console.log ;;
	import)
		seed "$srctree"/tests/data/lmbench/* "$srctree"/out/results/*/*/lmbench-summary.txt \
			"$srctree"/tests/data/small.log ;;
	csv)
		seed "$srctree"/tests/data/*/*/*/results.json "$srctree"/out/results/*/*/results.json ;;
	capture)
		seed "$srctree"/tests/data/*.log "$srctree"/tests/data/lmbench/* \
			"$srctree"/tests/data/lava/*.log ;;
	esac
	[ -n "${FUZZ_SEEDS:-}" ] && seed $FUZZ_SEEDS
	reg="$srctree/tests/fuzz/regress/$t"
	if ls "$reg"/* > /dev/null 2>&1; then
		echo "run-fuzz: $t: replaying $(ls "$reg" | wc -l) regression inputs"
		"$bin" -close_fd_mask=2 "$reg"/* > "$work/$t-regress.log" 2>&1 || {
			tail -n 30 "$work/$t-regress.log"
			echo "run-fuzz: $t: a regression input fails again (log $work/$t-regress.log)"
			rc=1
			continue
		}
	fi
	echo "run-fuzz: $t: fuzzing for ${secs}s, corpus $corpus ($(ls "$corpus" | wc -l) inputs)"
	# -close_fd_mask=2: the importer's refusals on stderr would drown the fuzzer's output
	# (libFuzzer keeps its own copy of stderr for its and the sanitizers' reports)
	dict=
	[ -f "$srctree/tests/fuzz/$t.dict" ] && dict="-dict=$srctree/tests/fuzz/$t.dict"
	par=
	[ "$jobs" -gt 1 ] && par="-jobs=$jobs -workers=$jobs"
	(cd "$work" && exec "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
		-max_len="${FUZZ_MAX_LEN:-65536}" -close_fd_mask=2 -print_final_stats=1 $dict $par \
		-artifact_prefix="$art/$t-" "$corpus") > "$work/$t.log" 2>&1
	r=$?
	if [ -n "$par" ]; then
		cat "$work"/fuzz-*.log >> "$work/$t.log" 2>/dev/null
		rm -f "$work"/fuzz-*.log
	fi
	grep -E '^(#[0-9]+ *DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$work/$t.log" | sed "s/^/run-fuzz: $t: /"
	if [ $r -ne 0 ]; then
		tail -n 40 "$work/$t.log"
		echo "run-fuzz: $t: FOUND a problem (exit $r): $(ls -t "$art"/"$t"-* 2>/dev/null | head -n 1)"
		rc=1
	else
		echo "run-fuzz: $t: nothing found in ${secs}s"
	fi
done
exit $rc

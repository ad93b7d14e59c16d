#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run the test programs and scripts, print a KTAP view and a closing "N passed, N failed".
# Usage: tests/run-tests.sh unit BIN...   (unit tests only)
#        tests/run-tests.sh all           (unit tests of $O/tests, then tests/integration/*/*.sh)
# Env: O (build dir of the tested tree), KERNELS, srctree; TESTS (all mode): a list of file
# names to run instead of every test. A script exiting 77 is a skip.
set -u
: "${O:?}" "${srctree:?}"
export O srctree KERNELS="${KERNELS:-$O/kernels}"
mode=$1; shift
if [ "$mode" = all ]; then
	# a script at the top of tests/integration/ would silently never run: refuse it
	for t in "$srctree"/tests/integration/*.sh; do
		[ -e "$t" ] || continue
		echo "run-tests.sh: $t: an integration test goes in a folder of tests/integration/ (docs/testing.md)" >&2
		exit 2
	done
	set -- $(ls "$O"/tests/test_* 2>/dev/null | grep -v "\.d$" | sort) $(ls "$srctree"/tests/integration/*/*.sh | sort)
	# TESTS="boot-fs.sh test_summary ...": only those, by file name; a name that is no test stops
	if [ -n "${TESTS:-}" ]; then
		picked=
		for want in $TESTS; do
			found=
			for t in "$@"; do
				[ "$(basename "$t")" = "$want" ] && found=$t
			done
			[ -n "$found" ] || { echo "run-tests.sh: TESTS: no test named $want" >&2; exit 2; }
			picked="$picked $found"
		done
		set -- $picked
	fi
fi
logdir="$O/test-logs"
mkdir -p "$logdir"
pass=0 fail=0 skip=0 n=0
echo "KTAP version 1"
echo "1..$#"
for t in "$@"; do
	n=$((n + 1))
	name=$(basename "$t")
	log="$logdir/$name.log"
	start=$(date +%s)
	echo "# running $name" >&2
	if [ "${t%.sh}" != "$t" ]; then
		sh "$t" > "$log" 2>&1 < /dev/null
	else
		"$t" > "$log" 2>&1 < /dev/null
	fi
	rc=$?
	secs=$(( $(date +%s) - start ))
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1)); echo "ok $n $name # ${secs}s"
	elif [ $rc -eq 77 ]; then
		skip=$((skip + 1)); echo "ok $n $name # SKIP $(tail -n 1 "$log")"
	else
		fail=$((fail + 1)); echo "not ok $n $name # exit $rc, ${secs}s, log $log"
		sed 's/^/# /' "$log" | tail -n 40
	fi
done
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
